"""Comparisons with an extreme as quantifiers (issue 25, i47a): ``quantified``.

``x = (SELECT MAX(e) FROM F WHERE c)`` says "``x`` is a value of ``e`` and no value is
above it"; hand-written SQL says it with EXISTS and NOT EXISTS, and a window or a cut read
order-free (``order_free``: ``ROW_NUMBER() = 1`` is "no row before", ``ORDER BY k DESC
LIMIT 1`` keeps the row with no row above) says it the same way. This module writes each
WHERE conjunct that compares a value with the MAX or MIN of a subquery as those
quantifiers, so that the every-database methods meet the spellings (``order_free.translate``
applies it; ``proofs`` then proves the translated pair).

With ``S`` the rows of ``F WHERE c`` and ``f(e)`` either ``e`` or ``e + d`` / ``e - d``
(``d`` an integer literal), for MAX (MIN mirrored: ``<`` for ``>``):

- ``x = MAX(e)`` <=> ``EXISTS (S: e = x) AND NOT EXISTS (S: e > x)``;
- ``x >= f(MAX(e))`` (``>``) <=> ``x IS NOT NULL AND EXISTS (S: e IS NOT NULL) AND NOT
  EXISTS (S: e IS NOT NULL AND NOT x >= f(e))``;
- ``x <= f(MAX(e))`` (``<``) <=> ``EXISTS (S: x <= f(e))``;
- ``x IN (SELECT MAX(e) ..)`` is ``x = MAX(e)``: the subquery has one row, NULL or not.

Why these hold in SQLite. MAX is the largest non-NULL ``e`` of ``S`` in the order that
``<`` and ``=`` of two values of ``e``'s affinity read (NULL ignored; numbers, then text,
then blobs; 1 and 1.0 equal) and NULL when ``S`` holds no non-NULL ``e``: then the left side is
NULL, and so is a comparison with a NULL ``x``; every right side is then false (no row of
``S`` qualifies, or ``x IS NOT NULL`` fails). Otherwise, with ``m`` the maximum and ``x``
not NULL: ``x = m`` iff some ``e`` equals ``x`` and none is above it (``m`` is such a value,
and a value equal to ``x`` with none above is a maximum, equal to ``m``); ``x >= f(m)``
iff ``x >= f(e)`` for every non-NULL ``e``, and ``x <= f(m)`` iff for some, because ``f``
is monotone (``f(m)`` is the largest ``f(e)``). Each rewritten comparison is reached from a
WHERE through AND and OR alone, where NULL and false decide alike whether the row is kept
(Kleene's AND and OR are monotone, and TRUE with a NULL argument is TRUE with any), so the
two- and three-valued readings agree. Conditions: the comparison converts no operand (``conv``), ``x`` and ``e`` are of
one class (in the ``sqlite`` domain, columns of one affinity, ``f`` the identity: then no
comparison converts a value, in the subquery or out of it, and every storage class is
ordered as MAX orders it); an offset only on typed integers (the proof states that integer
arithmetic stays within 64 bits); no table of either side has a non-BINARY collation; the
subquery is one aggregate row (no GROUP BY, HAVING, LIMIT; its copies read its tables under
fresh aliases); ``x`` and ``e`` read base tables' columns only (a derived table's column
may be an aggregate, which the canonical rules, merging the derived table, would carry into
the new subqueries and read there as the subquery's own: the mutation fuzz met it).
"""

from __future__ import annotations

import dataclasses
import itertools

from ...types import Schema
from . import ir
from .canon.terms import _and, _conjuncts, _deep, _has_sub
from .canon.windows import _collated
from .ir.kinds import AggFn, ArithOp, CmpOp, Conv, Ty
from .outcome import Assumption

_FLIP = {CmpOp.EQ: CmpOp.EQ, CmpOp.LT: CmpOp.GT, CmpOp.LE: CmpOp.GE, CmpOp.GT: CmpOp.LT,
         CmpOp.GE: CmpOp.LE}
_UP = {AggFn.MAX: (CmpOp.GE, CmpOp.GT), AggFn.MIN: (CmpOp.LE, CmpOp.LT)}  # "x beyond all"
_SOURCES = (ir.Scan, ir.Derived, ir.Values)
_ABOVE = {AggFn.MAX: CmpOp.GT, AggFn.MIN: CmpOp.LT}


@dataclasses.dataclass
class Run:
    """One translation (this module's, ``order_free``'s): the schema, fresh aliases, what
    the result rests on, the aliases of base tables read."""
    schema: Schema
    typed: bool
    names: itertools.count = dataclasses.field(default_factory=itertools.count)
    assumptions: list = dataclasses.field(default_factory=list)
    scans: set = dataclasses.field(default_factory=set)  # aliases of base tables
    lookup: bool = False  # ``order_free``'s second reading (lookups, counts up to the row)
    read: list = dataclasses.field(default_factory=list)  # what that reading read otherwise


def quantified(q: ir.Query, schema: Schema, typed: bool = False
               ) -> tuple[ir.Query, tuple[Assumption, ...]] | None:
    """``q`` with each WHERE conjunct comparing a value with a subquery's MAX or MIN
    written with EXISTS / NOT EXISTS, and what that rests on; None when none was.

    >>> from sqlverdict.schema import from_ddl
    >>> s = from_ddl("CREATE TABLE t(k INT, v INT)")
    >>> q = ir.lower("SELECT k FROM t AS a WHERE v = (SELECT MAX(v) FROM t AS b WHERE b.k = a.k)", s).query
    >>> out, rests = quantified(q, s)
    >>> sum(isinstance(y, ir.Exists) for y in ir.local_nodes(out.where)), rests
    (2, ())
    """
    run = Run(schema, typed)
    _deep(q, lambda y: run.scans.add(y.alias) or y, ir.Scan)
    out = _deep(q, lambda s: _select(s, run), ir.Select)
    if out is q:
        return None
    return out, tuple(dict.fromkeys(run.assumptions))


def _select(q: ir.Select, run: Run) -> ir.Select:
    if q.where is None or not _has_sub(q.where):
        return q
    where = _positive(q.where, run)
    return q if where is q.where else dataclasses.replace(q, where=where)


def _positive(c, run: Run):
    """``c`` with each comparison reached through AND and OR alone rewritten (there NULL
    and false decide alike whether the WHERE holds: Kleene's AND and OR are monotone, and
    a result TRUE with a NULL argument is TRUE whatever the argument)."""
    if isinstance(c, ir.Logic):
        args = tuple(_positive(a, run) for a in c.args)
        return c if all(a is b for a, b in zip(args, c.args, strict=True)) else dataclasses.replace(c, args=args)
    return _conjunct(c, run) or c


def _extreme(e):
    """(subquery, f, offset) when ``e`` is ``f(ScalarSub)``: ``f`` rebuilds ``e`` around a
    value, ``offset``: ``f`` adds or subtracts an integer literal."""
    if isinstance(e, ir.ScalarSub):
        return e.query, lambda v: v, False
    if (isinstance(e, ir.Arith) and e.op in (ArithOp.ADD, ArithOp.SUB) and isinstance(e.right, ir.Lit)
            and type(e.right.value) is int and isinstance(e.left, ir.ScalarSub)):
        return e.left.query, lambda v: dataclasses.replace(e, left=v), True
    if (isinstance(e, ir.Arith) and e.op == ArithOp.ADD and isinstance(e.left, ir.Lit)
            and type(e.left.value) is int and isinstance(e.right, ir.ScalarSub)):
        return e.right.query, lambda v: dataclasses.replace(e, right=v), True
    return None


def _one_row(s) -> bool:
    return (isinstance(s, ir.Select) and s.aggregate and not s.group_by and s.having is None
            and s.limit is None and not s.offset and s.bare_from is None and len(s.items) == 1
            and isinstance(s.items[0], ir.Agg) and s.items[0].fn in _UP and s.items[0].arg is not None
            and s.source is not None)


def _defined(s) -> set:
    """The aliases of the tables and derived tables read in ``s``, at any depth."""
    out = set()
    _deep(s, lambda y: out.add(y.alias) or y, _SOURCES)
    return out


def _plain(e, aliases=None) -> bool:
    """No subquery, aggregate or window in ``e`` (and, given ``aliases``, only their columns)."""
    return not any(isinstance(y, (ir.ScalarSub, ir.Exists, ir.InSub, ir.Agg, ir.Window))
                   or (aliases is not None and isinstance(y, ir.Col) and y.alias not in aliases)
                   for y in ir.local_nodes(e))


def _conjunct(c, run: Run):
    if (isinstance(c, ir.InSub) and c.conv == Conv.NONE and not c.convs
            and not isinstance(c.arg, ir.RowVal)):  # IN a one-row subquery: = its value
        c = ir.Cmp(CmpOp.EQ, c.arg, ir.ScalarSub(c.query, c.arg.ty))
    if not (isinstance(c, ir.Cmp) and c.op in _FLIP and c.conv == Conv.NONE):
        return None
    op, x, side = c.op, c.left, _extreme(c.right)
    if side is None:
        op, x, side = _FLIP[c.op], c.right, _extreme(c.left)
    if side is None:
        return None
    s, f, offset = side
    if not _one_row(s) or not _plain(x) or _collated(s.source, run.schema) or _collated_cols(x, run.schema):
        return None
    agg = s.items[0]
    e = agg.arg
    aliases = _defined(s)
    if not all(y.alias in run.scans for v in (x, e) for y in ir.local_nodes(v) if isinstance(y, ir.Col)):
        return None  # (a derived table's column may be an aggregate the rules would move)
    if not _plain(e, aliases) or e.ty != x.ty or any(
            isinstance(y, ir.Col) and y.alias in aliases for y in ir.local_nodes(x)):
        return None
    if run.typed:
        if offset and e.ty != Ty.INT:
            return None
        if e.ty not in (Ty.INT, Ty.REAL) and not _same_column_class(x, e):
            return None
    elif offset or not _same_column_class(x, e):
        return None
    if offset:
        run.assumptions.append(Assumption.INT_RANGE)
    copy = lambda conds: _copy(s, conds, run)  # noqa: E731
    not_null = ir.Not(ir.IsNull(e))
    if op == CmpOp.EQ:
        if offset:
            return None
        return _and([ir.Exists(copy([ir.Cmp(CmpOp.EQ, e, x)])),
                     ir.Not(ir.Exists(copy([ir.Cmp(_ABOVE[agg.fn], e, x)])))])
    if op in _UP[agg.fn]:  # x beyond every value
        return _and([ir.Not(ir.IsNull(x)), ir.Exists(copy([not_null])),
                     ir.Not(ir.Exists(copy([not_null, ir.Not(ir.Cmp(op, x, f(e)))])))])
    return ir.Exists(copy([ir.Cmp(op, x, f(e))]))  # x short of some value


def _same_column_class(x, e) -> bool:
    return (isinstance(x, ir.Col) and isinstance(e, ir.Col) and x.affinity == e.affinity
            and x.ty == e.ty)


def _collated_cols(x, schema: Schema) -> bool:
    """Might ``x`` read a column of a non-BINARY collation (its table is not known here:
    any collated column of its name)?"""
    names = {y.name.lower() for y in ir.local_nodes(x) if isinstance(y, ir.Col)}
    return any(names & {c.lower() for c in t.collated} for t in schema.tables)


def _copy(s: ir.Select, conds: list, run: Run) -> ir.Select:
    """``SELECT 1 FROM F WHERE c AND conds`` with fresh aliases for every table it reads."""
    n = next(run.names)
    fresh = {a: f"{a}_ex{n}" for a in _defined(s)}
    q = ir.Select(source=s.source, where=_and(_conjuncts(s.where) + list(conds)), group_by=(),
                  having=None, items=(ir.Lit(1, Ty.INT),), distinct=False, order=(), limit=None,
                  offset=0, aggregate=False)
    return _deep(q, lambda y: dataclasses.replace(y, alias=fresh[y.alias]) if y.alias in fresh else y,
                 (*_SOURCES, ir.Col))
