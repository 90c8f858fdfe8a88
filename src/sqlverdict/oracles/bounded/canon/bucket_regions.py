"""Tests of one value against numeric literals, read as regions of SQLite's order (round 58):
the analysis behind ``canon/buckets.py``.

A *range test* of a value ``e`` is built with AND, OR, NOT from ``e op v`` (``op`` one of
``< <= > >= = <>``, ``v`` an integer or real literal, no conversion), ``e IN (v1, ..)`` of
such literals (``e = v1 OR ..``) and ``e IS NULL``. SQLite
orders every two non-NULL values totally (numbers by value below TEXT below BLOB) and
compares ``e`` with a number without converting ``e``'s value when ``e`` is arithmetic (a
number or NULL) or a column of INTEGER, REAL, NUMERIC or no affinity (TEXT affinity would turn
the literal into text: refused). So on a non-NULL ``e`` each comparison is TRUE or FALSE by
where ``e`` lies among the literals ``t1 < .. < tm`` (the regions ``(-inf, t1)``, ``{t1}``,
``(t1, t2)`` .. ``(tm, +inf)``; TEXT and BLOB lie in the last), and on a NULL ``e`` each is
NULL while ``e IS NULL`` is TRUE: a test's three-valued result is one per region, computed
on a representative (``Regions.values``). Where ``e`` is integral (the typed domain, ``e``
of INTEGER columns, ``+ - *``) the regions are those of the integers (``e BETWEEN 2 AND 7``
is ``e > 1 AND e <= 7``): a value ``e`` takes between two integers never shows there.

``c IS NULL`` of a column ``c`` of ``e`` stands for ``e IS NULL`` when ``e`` is ``+``/``-`` of
columns of INTEGER type, the others declared NOT NULL, in the typed domain (no infinity whose
difference is NULL, no text, no division by zero). A value never NULL (``never_null``: a
column declared NOT NULL, MIN/MAX per group of one, a COUNT; ``+ - *`` of such integers in
the typed domain) has no NULL region: the canonical CASE's NULL arm repeats the ELSE's
literal, and no branch need take it.
"""

from __future__ import annotations

import dataclasses
import math
from fractions import Fraction

from .. import ir
from ..ir.affinity import _join_ty
from ..ir.kinds import Affinity, AggFn, ArithOp, CmpOp, LogicOp, Ty
from ..ir.walk import nodes
from .terms import _declared_non_null, _leaves

_OPS = {CmpOp.LT: lambda a, b: a < b, CmpOp.LE: lambda a, b: a <= b,
        CmpOp.GT: lambda a, b: a > b, CmpOp.GE: lambda a, b: a >= b,
        CmpOp.EQ: lambda a, b: a == b, CmpOp.NE: lambda a, b: a != b}
_FLIP = {CmpOp.LT: CmpOp.GT, CmpOp.LE: CmpOp.GE, CmpOp.GT: CmpOp.LT, CmpOp.GE: CmpOp.LE,
         CmpOp.EQ: CmpOp.EQ, CmpOp.NE: CmpOp.NE}
NULL = "null"  # the region of a NULL ``e``


def _number(x) -> bool:
    return (isinstance(x, ir.Lit) and isinstance(x.value, int | float)
            and not isinstance(x.value, bool) and math.isfinite(x.value))


def _listed(c):
    """``e IN (v1, ..)`` of numbers as ``e = v1 OR ..`` (SQLite compares ``e`` with each as
    ``=`` does), else ``c``."""
    if isinstance(c, ir.InList) and c.items and all(_number(v) for v in c.items):
        return ir.Logic(LogicOp.OR, tuple(ir.Cmp(CmpOp.EQ, c.arg, v) for v in c.items))
    return c


def _compared(c):
    """``(e, op, v)`` of a comparison of ``e`` with a number (``e`` left), or None."""
    if not (isinstance(c, ir.Cmp) and c.op in _OPS and not c.conv):
        return None
    if _number(c.right) and not _number(c.left):
        return c.left, c.op, c.right.value
    if _number(c.left) and not _number(c.right):
        return c.right, _FLIP[c.op], c.left.value
    return None


def _ordered_value(e) -> bool:
    """Does SQLite compare ``e`` with a number without converting ``e`` (module docstring)?"""
    if isinstance(e, ir.Arith):
        return not any(isinstance(n, ir.Query | ir.Window | ir.Agg) for n in nodes((e,)))
    return isinstance(e, ir.Col) and e.affinity != Affinity.TEXT


def _integral(e, source, schema, typed: bool) -> bool:
    """(Typed domain.) Is ``e`` an integer whenever it is not NULL: a column of INTEGER
    affinity, one of an inner-joined derived select whose item is (MIN/MAX of) such a value
    or a COUNT, ``+ - *`` of such values and integer literals?"""
    if not typed:
        return False
    if isinstance(e, ir.Col):
        if e.ty == Ty.INT and e.affinity == Affinity.INTEGER:
            return True
        found = _derived_item(e, source)
        if found is None:
            return False
        s, item = found
        if isinstance(item, ir.Agg):
            return item.fn in (AggFn.COUNT, AggFn.COUNT_STAR) or (
                item.fn in (AggFn.MIN, AggFn.MAX) and _integral(item.arg, s.source, schema, typed))
        return _integral(item, s.source, schema, typed)
    if isinstance(e, ir.Arith) and e.op in (ArithOp.ADD, ArithOp.SUB, ArithOp.MUL):
        return all(_integral(x, source, schema, typed) or (_number(x) and isinstance(x.value, int))
                   for x in (e.left, e.right))
    return False


def _derived_item(e: ir.Col, source):
    """``(select, item)`` of the column ``e`` of an inner-joined derived select of
    ``source``, or None."""
    d = next((x for x in (_leaves(source) or ()) if isinstance(x, ir.Derived)
              and x.alias == e.alias), None)
    if d is None or not isinstance(d.query, ir.Select) or e.name not in d.names:
        return None
    return d.query, d.query.items[d.names.index(e.name)]


def _null_stand_ins(e, source, schema, typed: bool) -> frozenset:
    """The columns whose ``IS NULL`` is ``e IS NULL`` (module docstring)."""
    if not (typed and isinstance(e, ir.Arith) and schema is not None):
        return frozenset()
    cols, stack = [], [e]
    while stack:
        x = stack.pop()
        if isinstance(x, ir.Arith) and x.op in (ArithOp.ADD, ArithOp.SUB):
            stack += [x.left, x.right]
        elif isinstance(x, ir.Col) and x.ty == Ty.INT:
            cols.append(x)
        elif not (_number(x) and isinstance(x.value, int)):
            return frozenset()
    nullable = [c for c in cols if not _declared_non_null(c, source, schema)]
    return frozenset(nullable) if len(nullable) == 1 else frozenset()


def never_null(e, source, schema, typed: bool) -> bool:
    """Is ``e`` never NULL on a row of ``source``: a column declared NOT NULL of an
    inner-joined table, a column of an inner-joined derived select whose item is never NULL
    there (MIN/MAX of such a value per group of a GROUP BY, a COUNT), or (typed domain)
    ``+ - *`` of such integers?"""
    if schema is None:
        return False
    if isinstance(e, ir.Col):
        if _declared_non_null(e, source, schema):
            return True
        found = _derived_item(e, source)
        return found is not None and _never_null_item(*found, schema, typed)
    if isinstance(e, ir.Arith) and e.op in (ArithOp.ADD, ArithOp.SUB, ArithOp.MUL):
        return typed and all(x.ty == Ty.INT and (_number(x) or never_null(x, source, schema, typed))
                             for x in (e.left, e.right))
    return False


def _never_null_item(s: ir.Select, item, schema, typed: bool) -> bool:
    if isinstance(item, ir.Agg):
        return item.fn in (AggFn.COUNT, AggFn.COUNT_STAR) or (
            item.fn in (AggFn.MIN, AggFn.MAX) and bool(s.group_by)
            and never_null(item.arg, s.source, schema, typed))
    return not isinstance(item, ir.Lit) and never_null(item, s.source, schema, typed)


@dataclasses.dataclass(frozen=True)
class Regions:
    """The regions of ``e`` (``NULL`` first, then in SQLite's order) and each one's
    representative; ``integral``: the regions of the integers."""

    e: ir.Expr
    integral: bool
    stand_ins: frozenset
    never_null: bool  # the NULL region holds no row
    points: tuple  # (NULL, then ascending representatives)
    bounds: tuple  # per non-NULL point: ("<", t) or ("<=", t), the test ending there

    def value(self, c, point):
        """The three-valued result (True, False, None) of the range test ``c`` at ``point``."""
        c = _listed(c)
        if isinstance(c, ir.Logic):
            vals = [self.value(a, point) for a in c.args]
            if c.op == LogicOp.AND:
                return False if False in vals else (None if None in vals else True)
            return True if True in vals else (None if None in vals else False)
        if isinstance(c, ir.Not):
            v = self.value(c.arg, point)
            return None if v is None else not v
        if isinstance(c, ir.IsNull):
            return point == NULL
        _, op, v = _compared(c)
        return None if point == NULL else _OPS[op](point, v)


def _tests_of(e, c, stand_ins) -> list | None:
    """The numbers ``c`` compares ``e`` with, or None when ``c`` is no range test of ``e``."""
    c = _listed(c)
    if isinstance(c, ir.Logic):
        out = []
        for a in c.args:
            got = _tests_of(e, a, stand_ins)
            if got is None:
                return None
            out += got
        return out
    if isinstance(c, ir.Not):
        return _tests_of(e, c.arg, stand_ins)
    if isinstance(c, ir.IsNull):
        return [] if c.arg == e or c.arg in stand_ins else None
    found = _compared(c)
    return [found[2]] if found is not None and found[0] == e else None


def regions(tests: list, source, schema, typed: bool) -> Regions | None:
    """The regions of the one value every test of ``tests`` compares with numbers (at
    least one comparison), or None when one of them is no range test of it."""
    first = next((f for c in tests for n in nodes((c,)) for m in nodes((_listed(n),))
                  if (f := _compared(m))), None)
    if first is None or not _ordered_value(first[0]):
        return None
    e = first[0]
    stand_ins = _null_stand_ins(e, source, schema, typed)
    cuts = set()
    for c in tests:
        got = _tests_of(e, c, stand_ins)
        if got is None:
            return None
        cuts |= {Fraction(v) for v in got}
    ts = sorted(cuts)
    integral = _integral(e, source, schema, typed)
    if integral:
        reps = sorted({k for t in ts for k in (math.floor(t) - 1, math.floor(t), math.ceil(t),
                                                 math.ceil(t) + 1)})
        bounds = tuple(("<=", k) for k in reps)
    else:
        reps = [ts[0] - 1]
        bounds = [("<", ts[0])]
        for i, t in enumerate(ts):
            nxt = ts[i + 1] if i + 1 < len(ts) else None
            reps += [t, (t + nxt) / 2 if nxt is not None else t + 1]
            bounds += [("<=", t), ("<", nxt)]
        bounds = tuple(bounds)
    return Regions(e, integral, stand_ins, never_null(e, source, schema, typed), (NULL, *reps),
                   bounds)


def _lit(v: Fraction) -> ir.Lit:
    if v.denominator == 1:
        return ir.Lit(int(v), Ty.INT)
    return ir.Lit(float(v), Ty.REAL)


def canonical_case(r: Regions, results: list) -> ir.Case:
    """The CASE giving ``results[i]`` (a literal) at ``r.points[i]``: ``WHEN e IS NULL``, then
    one ``WHEN e < t`` / ``e <= t`` per run of equal results in ascending order, the last
    run as ELSE; where ``e`` is never NULL, its NULL arm gives the ELSE's literal."""
    whens = [(ir.IsNull(r.e), results[-1] if r.never_null else results[0])]
    rest = results[1:]
    for i, res in enumerate(rest[:-1]):
        if rest[i + 1] != res:
            op, t = r.bounds[i]
            whens.append((ir.Cmp(CmpOp.LT if op == "<" else CmpOp.LE, r.e, _lit(t)), res))
    return ir.Case(tuple(whens), rest[-1], _join_ty([*results], "CASE"))
