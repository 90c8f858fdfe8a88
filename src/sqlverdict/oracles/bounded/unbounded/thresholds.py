"""Counting thresholds read as quantifiers over distinct rows, for the normal form to meet.

A comparison of a count with a small constant says how many rows there are, which first-
order logic says with quantifiers: with ``E_m`` "there are ``m`` rows that are pairwise
different occurrences",

- ``COUNT(*) >= m`` is ``E_m``; ``> c`` is ``E_{c+1}``; ``<= c`` is ``NOT E_{c+1}``; ``< c``
  is ``NOT E_c``; ``= c`` is ``E_c AND NOT E_{c+1}``; ``<> c`` its negation (``m <= 3``);
- two rows of a join are different occurrences exactly when the primary key of one of its
  tables differs, provided every key column is never NULL (NOT NULL, the rowid alias; in the
  typed domain every primary-key column): SQLite then keeps those keys unique, and ``<>``
  of two non-NULL values of one column is TRUE or FALSE, with neither side converted (one
  affinity) and the collation the key is unique under (no collated column is read here).
  A table without such a key (duplicate rows) gives no reading of ``COUNT(*) >= 2``;
- ``COUNT(x)`` is ``COUNT(*)`` of the rows where ``x`` is not NULL; ``COUNT(DISTINCT x)``
  counts classes of non-NULL ``x`` under the equality of DISTINCT, which for one
  expression over two rows is ``=`` (same affinity on both sides: no conversion), so its
  rows are pairwise different when their ``x`` are pairwise ``<>`` (no key needed);
- ``MIN(x) = MAX(x)`` as a condition (a conjunct of HAVING) is TRUE exactly when some ``x``
  is not NULL and no two non-NULL ``x`` differ: MIN and MAX of a column order its values
  as ``=`` compares them (1 and 1.0 equal, storage classes ordered apart); when every ``x``
  is NULL it is NULL, which a conjunct of a filter reads as FALSE.

The rows counted are those of a scalar sub-query ``(SELECT COUNT(..) FROM S WHERE W)``
(never NULL: ``0`` over no row, so the comparison is TRUE or FALSE anywhere), or of one group
of a ``GROUP BY k`` whose HAVING is such comparisons and whose output is its keys only: the
group of a row ``s`` is the rows of ``S`` where ``W`` holds and each ``k IS s.k`` (NULL is
one group; GROUP BY compares as ``IS`` does within one column), and the groups, one row
each, are the DISTINCT keys of ``S`` where ``W`` holds and HAVING holds of the row's group.
DISTINCT may keep another member of a class than GROUP BY does (1 or 1.0, ``'a'`` or ``'A'``
under NOCASE): the reading is taken where the output cannot tell (an IN or EXISTS
sub-query, or keys that are columns of INTEGER, REAL, NUMERIC or TEXT affinity, or
``lower``/``upper`` of one) and never on a schema with a collated column.

``quantified(q, schema, typed)`` returns ``q`` with every threshold it can read replaced,
or ``q`` itself; the prover (``unbounded._attempt``) meets the two readings when the plain
normal forms did not meet.
"""

from __future__ import annotations

import dataclasses
import itertools

from ....types import Schema
from .. import ir
from ..ir.kinds import Affinity, AggFn, CmpOp, JoinKind, LogicOp, Ty
from ..ir.walk import field_names, nodes, realias
from ..lookups import join_leaves
from .extreme_quantifiers import compared as extreme_compared
from .extreme_quantifiers import determined, filter_conditions

MAX_M = 3  # the most rows a threshold names (E_3: three copies of the rows counted)
_COUNTS = (AggFn.COUNT, AggFn.COUNT_STAR)
_READ = _COUNTS + (AggFn.MIN, AggFn.MAX, AggFn.SUM)
_FLIP = {CmpOp.LT: CmpOp.GT, CmpOp.LE: CmpOp.GE, CmpOp.GT: CmpOp.LT, CmpOp.GE: CmpOp.LE,
         CmpOp.EQ: CmpOp.EQ, CmpOp.NE: CmpOp.NE}
_PLAIN = (Affinity.INTEGER, Affinity.REAL, Affinity.NUMERIC, Affinity.TEXT)


class _Skip(Exception):
    """No reading of this construct: it stays as it is."""


def quantified(q: ir.Query, schema: Schema, typed: bool, anchored: bool = False,
               int_min_free: bool = False) -> ir.Query:
    """``q`` with its counting thresholds read as quantifiers (``q`` itself if none);
    ``anchored``: a group's ``COUNT(*) >= m`` as its current row and ``m - 1`` other rows;
    ``int_min_free`` (or ``typed``): no INTEGER or NUMERIC column holds the REAL -2**63,
    which GROUP BY groups with the INTEGER and DISTINCT keeps apart (``unbounded.proof``).

    >>> from sqlverdict.schema import from_ddl
    >>> s = from_ddl("CREATE TABLE t(id INTEGER PRIMARY KEY, g INT)")
    >>> q = ir.lower("SELECT g FROM t GROUP BY g HAVING COUNT(*) >= 2", s).query
    >>> r = quantified(q, s, False, int_min_free=True)
    >>> r.distinct, r.group_by, type(r.where).__name__
    (True, (), 'Exists')
    >>> quantified(q, s, False) == q  # g may hold the REAL -2**63 beside the INTEGER
    True
    """
    if not any(isinstance(n, ir.Agg) and n.fn in _READ for n in nodes(q)):
        return q
    if any(t.collated for t in schema.tables):
        return q
    return _Reader(schema, typed, anchored, typed or int_min_free).node(q)


class _Reader:
    def __init__(self, schema: Schema, typed: bool, anchored: bool, int_min_free: bool):
        self.schema, self.typed, self.fresh = schema, typed, itertools.count()
        self.anchored, self.int_min_free = anchored, int_min_free

    def node(self, x, hidden: bool | None = False):
        """``x`` rewritten bottom-up; ``hidden``: ``x`` is the query of an IN or EXISTS,
        whose output's representatives nobody reads; None: of a scalar sub-query, which
        reads its first row (GROUP BY gives the groups in another order than DISTINCT)."""
        if isinstance(x, tuple):
            return tuple(self.node(y) for y in x)
        names = field_names(x)
        if names is None or isinstance(x, ir.Scan):
            return x
        inner = True if isinstance(x, (ir.InSub, ir.Exists)) else (
            None if isinstance(x, ir.ScalarSub) else False)
        changes = {f: self.node(getattr(x, f), inner if f == "query" else False) for f in names}
        if any(v is not getattr(x, f) for f, v in changes.items()):
            x = dataclasses.replace(x, **changes)
        if isinstance(x, ir.Select) and x.where is not None:  # MIN/MAX sub-queries
            where = filter_conditions(self, x.where)
            x = x if where is x.where else dataclasses.replace(x, where=where)
        try:
            if isinstance(x, ir.Cmp):
                return self.compared(x)
            if isinstance(x, ir.Select) and x.group_by and x.having is not None and (
                    hidden is not None):
                return self.groups(x, hidden)
        except _Skip:
            pass
        return x

    # ------------------------------------------------------------------ scalar counts

    def compared(self, c: ir.Cmp) -> ir.Expr:
        """``(SELECT COUNT(..) FROM S WHERE W) op n`` as quantifiers, or ``_Skip``."""
        if c.conv or c.op not in _FLIP:
            raise _Skip
        op, sub, n = c.op, c.left, c.right
        if isinstance(n, ir.ScalarSub):
            op, sub, n = _FLIP[op], n, sub
        if not isinstance(sub, ir.ScalarSub):
            raise _Skip
        s = sub.query
        if not (isinstance(s, ir.Select) and not s.group_by and s.having is None
                and len(s.items) == 1 and isinstance(s.items[0], ir.Agg)
                and s.items[0].fn in _COUNTS and not s.distinct and not s.order
                and s.limit is None and not s.offset and s.bare_from is None):
            raise _Skip
        return self.threshold(s.items[0], op, n, s.source, s.where)

    def threshold(self, agg: ir.Agg, op: CmpOp, n, source, where, anchor=None) -> ir.Expr:
        """``agg op n`` over the rows of ``source`` where ``where`` holds; ``anchor``: the
        renaming of ``source`` to a row known to be one of them (``COUNT(*)`` only)."""
        if not (isinstance(n, ir.Lit) and type(n.value) is int) or join_leaves(source) is None:
            raise _Skip
        c = n.value
        ms = {CmpOp.GE: (c,), CmpOp.GT: (c + 1,), CmpOp.LE: (c + 1,), CmpOp.LT: (c,),
              CmpOp.EQ: (c, c + 1), CmpOp.NE: (c, c + 1)}[op]
        if min(ms) < 1 or max(ms) > MAX_M:
            raise _Skip
        e = {m: self.exists(agg, m, source, where, anchor) for m in ms}
        if op in (CmpOp.GE, CmpOp.GT, CmpOp.LE, CmpOp.LT):
            if e[ms[0]] is None:  # TRUE (the anchor): nothing to read
                raise _Skip
            return e[ms[0]] if op in (CmpOp.GE, CmpOp.GT) else ir.Not(e[ms[0]])
        both = ir.Not(e[c + 1]) if e[c] is None else ir.Logic(LogicOp.AND, (e[c], ir.Not(e[c + 1])))
        return both if op == CmpOp.EQ else ir.Not(both)

    def exists(self, agg: ir.Agg, m: int, source, where, anchor=None) -> ir.Exists | None:
        """``E_m``: ``m`` copies of the rows, pairwise different as ``agg`` counts them;
        with an ``anchor``, it and ``m - 1`` copies (None: ``m`` is 1, TRUE)."""
        if agg.distinct and (agg.fn != AggFn.COUNT or isinstance(agg.arg, ir.RowVal)):
            raise _Skip
        if agg.fn != AggFn.COUNT_STAR:
            anchor = None  # (the current row may hold a NULL ``x``)
        if anchor is not None and m == 1:
            return None
        copies = [self.copy(source, where) for _ in range(m - (anchor is not None))]
        conds = [w for _, w, _ in copies if w is not None]
        if anchor is not None:
            copies.insert(0, (None, None, anchor))
        if agg.fn == AggFn.COUNT:
            conds += [ir.Not(ir.IsNull(_at(agg.arg, r))) for _, _, r in copies]
        for (_, _, r1), (_, _, r2) in itertools.combinations(copies, 2):
            if agg.distinct:
                conds.append(ir.Cmp(CmpOp.NE, _at(agg.arg, r1), _at(agg.arg, r2)))
            else:
                conds.append(self.different(source, r1, r2))
        src = copies[0][0] if anchor is None else copies[1][0]
        for s, _, _ in copies[1 + (anchor is not None):]:
            src = ir.Join(JoinKind.CROSS, src, s, None)
        return ir.Exists(ir.Select(src, _and(conds), (), None, (ir.Lit(1, Ty.INT),), False,
                                   (), None, 0, False, ("_col_0",)))

    def copy(self, source, where):
        """``source`` and ``where`` with fresh aliases for the aliases ``source`` defines,
        and the renaming."""
        rename = {a: f"{a}~{next(self.fresh)}" for a in _defined(source)}
        return realias(source, rename), realias(where, rename), rename

    def different(self, source, r1: dict, r2: dict) -> ir.Expr:
        """Two copies' rows are different occurrences: some table's primary key differs."""
        parts = []
        for scan in join_leaves(source):
            t = self.schema.table(scan.table)
            key = t.primary_key
            cols = {n.lower(): (n, ty, a) for n, ty, a in scan.columns}
            if not key or any(not isinstance(k, str) or k.lower() not in cols for k in key) or not all(
                    t.never_null(k) or self.typed for k in key):
                raise _Skip
            for k in key:
                name, ty, aff = cols[k.lower()]
                parts.append(ir.Cmp(CmpOp.NE, ir.Col(r1[scan.alias], name, ty, aff),
                                    ir.Col(r2[scan.alias], name, ty, aff)))
        return parts[0] if len(parts) == 1 else ir.Logic(LogicOp.OR, tuple(parts))

    # ------------------------------------------------------------------ groups

    def groups(self, q: ir.Select, hidden: bool) -> ir.Select:
        """A grouped select of its keys whose HAVING reads counts, as DISTINCT keys of the
        rows whose group the quantifiers describe."""
        if (q.order or q.limit is not None or q.offset or q.bare_from is not None
                or not all(i in q.group_by for i in q.items) or join_leaves(q.source) is None):
            raise _Skip
        if not hidden and not (all(_one_member(k, self.int_min_free) for k in q.items)
                               and all(k in q.items or determined(
                                   k, q.items, q.source, self.schema, self.typed)
                                   for k in q.group_by)):
            raise _Skip  # (a key not shown: its groups repeat the keys shown)
        having = self.having(q.having, q, True)
        where = having if q.where is None else ir.Logic(LogicOp.AND, (q.where, having))
        return dataclasses.replace(q, where=where, group_by=(), having=None, distinct=True,
                                   aggregate=False)

    def having(self, h, q: ir.Select, conjunct: bool) -> ir.Expr:
        if isinstance(h, ir.Logic):
            # (AND and OR are TRUE by their TRUE arguments alone: where the filter reads
            # the result, outside any NOT, NULL and FALSE may stand for each other)
            return ir.Logic(h.op, tuple(self.having(a, q, conjunct) for a in h.args))
        if isinstance(h, ir.Not):
            return ir.Not(self.having(h.arg, q, False))
        if not isinstance(h, ir.Cmp) or h.conv:
            raise _Skip
        a, b = h.left, h.right
        if (conjunct and h.op == CmpOp.EQ and isinstance(a, ir.Agg) and isinstance(b, ir.Agg)
                and {a.fn, b.fn} == {AggFn.MIN, AggFn.MAX} and a.arg == b.arg):
            one = ir.Agg(AggFn.COUNT, a.arg, True, Ty.INT)  # COUNT(DISTINCT x) = 1
            return self.at_group(one, CmpOp.EQ, ir.Lit(1, Ty.INT), q)
        op = h.op
        if isinstance(b, ir.Agg):
            op, a, b = _FLIP.get(op), b, a
        if conjunct and not isinstance(a, ir.Agg):
            return self.quantifiers(h, q)
        if op is None or not isinstance(a, ir.Agg):
            raise _Skip
        if conjunct and a.fn in (AggFn.MIN, AggFn.MAX) and not a.distinct:
            try:
                return self.extreme(a, op, b, q)
            except _Skip:
                return self.quantifiers(h, q)
        if a.fn == AggFn.SUM and not a.distinct:
            a = _summed_count(a, op, b, conjunct)
        if a.fn not in _COUNTS:
            raise _Skip
        return self.at_group(a, op, b, q)

    def extreme(self, agg: ir.Agg, op: CmpOp, n, q: ir.Select) -> ir.Expr:
        """``MIN(x) op n`` or ``MAX(x) op n`` where a filter reads it (NULL as FALSE): some
        row's ``x op n`` (MIN and ``<``, ``<=``; MAX and ``>``, ``>=``), or some non-NULL ``x``
        and none where ``x op n`` is FALSE. MIN and MAX order a column's values as its
        comparisons do; ``x`` of numeric affinity against a number, or of TEXT affinity
        against a text, is compared with no conversion on either side."""
        x = agg.arg
        numeric = (Affinity.INTEGER, Affinity.REAL, Affinity.NUMERIC)
        levels = _levels(x)
        if not (isinstance(n, ir.Lit) and (
                (isinstance(x, ir.Col) and x.affinity in numeric and type(n.value) in (int, float))
                or (isinstance(x, ir.Col) and x.affinity == Affinity.TEXT and type(n.value) is str)
                or (levels and type(n.value) is int))):  # (a CASE has no affinity)
            raise _Skip
        if levels and op == CmpOp.EQ and n.value in (min(levels), max(levels)):
            # a CASE of integer constants: its top value is its MAX where it is >= it
            op = CmpOp.GE if n.value == max(levels) else CmpOp.LE
        if op not in (CmpOp.LT, CmpOp.LE, CmpOp.GT, CmpOp.GE):
            raise _Skip
        src, cond, rename = self.group_rows(q)
        at = realias(ir.Cmp(op, x, n), rename)
        if (agg.fn == AggFn.MIN) == (op in (CmpOp.LT, CmpOp.LE)):
            return self.some(src, cond, at)
        value = ir.Not(ir.IsNull(realias(x, rename)))
        return ir.Logic(LogicOp.AND, (self.some(src, cond, value), ir.Not(
            self.some(src, cond, ir.Logic(LogicOp.AND, (value, ir.Not(at)))))))

    def quantifiers(self, h: ir.Cmp, q: ir.Select) -> ir.Expr:
        """A HAVING conjunct comparing MIN/MAX of the group or of a sub-query as
        quantifiers (``extreme_quantifiers``), or ``_Skip``."""
        read = extreme_compared(self, h, q)
        if read is None:
            raise _Skip
        return read

    def some(self, source, where, cond) -> ir.Exists:
        """EXISTS a row of ``source`` where ``where`` and ``cond`` hold (a fresh copy)."""
        src, conds, _ = self.copy(source, _and(((where,) if where is not None else ()) + (cond,)))
        return ir.Exists(ir.Select(src, conds, (), None, (ir.Lit(1, Ty.INT),), False,
                                   (), None, 0, False, ("_col_0",)))

    def at_group(self, agg: ir.Agg, op: CmpOp, n, q: ir.Select) -> ir.Expr:
        """``agg op n`` over the group of the current row of ``q``: the rows of a copy of
        its FROM and WHERE whose keys are each ``IS`` the row's."""
        src, conds, rename = self.group_rows(q)
        anchor = {v: a for a, v in rename.items()} if self.anchored else None
        return self.threshold(realias(agg, rename), op, n, src, conds, anchor)

    def group_rows(self, q: ir.Select):
        """A copy of ``q``'s FROM, the condition its rows are in the group of the current
        row (WHERE, and each key ``IS`` the row's), and the renaming."""
        src, where, rename = self.copy(q.source, q.where)
        conds = ((where,) if where is not None else ()) + tuple(
            ir.Cmp(CmpOp.IS, realias(k, rename), k) for k in q.group_by)
        return src, _and(conds), rename


def _levels(x) -> frozenset:
    """The values of a CASE whose results are all integer constants (an indicator
    ``CASE WHEN p THEN 1 ELSE 0 END``), never NULL; else empty."""
    if not isinstance(x, ir.Case):
        return frozenset()
    out = [v for _, v in x.whens] + [x.default]
    if all(isinstance(v, ir.Lit) and type(v.value) is int for v in out):
        return frozenset(v.value for v in out)
    return frozenset()


def _summed_count(agg: ir.Agg, op: CmpOp, n, conjunct: bool) -> ir.Agg:
    """``SUM`` of an indicator over a group as the ``COUNT`` of the rows it is 1 on:
    ``CASE WHEN p THEN 1 ELSE 0 END`` sums to that count over any non-empty group;
    ``CASE WHEN p THEN 1 END`` or a comparison (1, 0 or NULL) sums to it or to NULL (no
    1 nor 0), the same where a filter reads ``>= c`` or ``> c`` (c >= 1, resp. >= 0).
    ``agg`` unchanged otherwise."""
    x = agg.arg
    if isinstance(x, ir.Case) and len(x.whens) == 1 and x.whens[0][1] == ir.Lit(1, Ty.INT):
        p, zero = x.whens[0][0], x.default
        if zero == ir.Lit(0, Ty.INT) or (
                conjunct and zero == ir.Lit(None, Ty.NULL) and _positive(op, n)):
            return ir.Agg(AggFn.COUNT, ir.Case(((p, ir.Lit(1, Ty.INT)),), ir.Lit(None, Ty.NULL),
                                               Ty.INT), False, Ty.INT)
    if isinstance(x, (ir.Cmp, ir.IsNull)) and conjunct and _positive(op, n):
        return ir.Agg(AggFn.COUNT, ir.Case(((x, ir.Lit(1, Ty.INT)),), ir.Lit(None, Ty.NULL),
                                           Ty.INT), False, Ty.INT)
    return agg


def _positive(op: CmpOp, n) -> bool:
    """Is ``s op n`` FALSE at ``s = 0`` and ``op`` monotone upward (``>= 1``, ``> 0``)?"""
    return isinstance(n, ir.Lit) and type(n.value) is int and (
        (op == CmpOp.GE and n.value >= 1) or (op == CmpOp.GT and n.value >= 0))


def _one_member(k, int_min_free: bool) -> bool:
    """Do values of ``k`` that ``=`` (under BINARY) equates never differ? A column of INTEGER,
    REAL, NUMERIC or TEXT affinity (SQLite stores 1.0 as 1 under INTEGER and NUMERIC, 1 as
    1.0 under REAL, numbers as text under TEXT; INTEGER and NUMERIC only ``int_min_free``:
    the REAL -2**63 stays a REAL there), or ``lower``/``upper`` (text or NULL)."""
    if isinstance(k, ir.Col):
        return k.affinity in _PLAIN and (
            int_min_free or k.affinity not in (Affinity.INTEGER, Affinity.NUMERIC))
    return isinstance(k, ir.Lookup) and k.template in ("LOWER(?)", "UPPER(?)")


def _defined(source) -> list[str]:
    return [s.alias for s in join_leaves(source) or ()]


def _at(x, rename: dict):
    return realias(x, rename)


def _and(conds):
    conds = tuple(conds)
    if not conds:
        return None
    return conds[0] if len(conds) == 1 else ir.Logic(LogicOp.AND, conds)
