"""Comparisons with MIN and MAX read as quantifiers (issue 25: aggregates in predicates).

The classical reading of an aggregate in a predicate (Dayal; Ganski-Wong; Calcite's
``SubQueryRemoveRule``): over a bag ``S`` of values of one column,

- ``MIN(S) < b`` (``<=``) holds iff some non-NULL ``s`` of ``S`` has ``s < b``; dually
  ``MAX(S) > b``: the extremum on the small side of ``<`` is *existential*;
- ``MAX(S) < b`` holds iff ``S`` has a non-NULL value and every non-NULL ``s`` has
  ``s < b``; dually ``b < MIN(S)``: the extremum on the large side is *universal*;
- ``MAX(S) = b`` holds iff some ``s = b`` and no non-NULL ``s > b`` (``MIN`` dually); ``a =
  b`` of two extrema is ``a <= b AND b <= a``; ``<>`` is not read.

Both sides may be extrema (``MIN(c.day) < (SELECT MAX(d.day) ..)`` is "some ``c`` before
some ``d``"), or one a plain value of the row (a column, a literal, arithmetic). The
extrema are those of a scalar sub-query ``(SELECT MIN|MAX(c) FROM F WHERE W)`` (no GROUP
BY, HAVING, DISTINCT, LIMIT) or, in a HAVING the ``thresholds`` reader turns into
quantifiers, ``MIN|MAX(x)`` over the current group.

Why it holds in SQLite. MIN and MAX skip NULLs and are NULL over no non-NULL value, and a
comparison with NULL is NULL; the reading is taken only where a filter reads the result
(a conjunct or disjunct of WHERE or HAVING outside any NOT), where NULL and FALSE both drop
the row. Every quantified value is required non-NULL, and so is a plain value compared
under a universal quantifier (else ``NOT EXISTS`` of a NULL comparison would hold
vacuously). MIN and MAX order a column's values as a comparison without conversion does
(storage classes ordered apart, 1 and 1.0 equal, BINARY collation: a schema with a
collated column is not read by the caller). A scalar sub-query's MIN/MAX has no affinity,
so ``x < (SELECT MAX(c) ..)`` converts the values as ``x < c`` does only when nothing
converts in either: every column compared has one affinity (INTEGER, REAL, NUMERIC or
TEXT) and every other operand is a literal or arithmetic of that kind (a number against
numeric affinity, a text literal against TEXT); the original comparison converts nothing.
"""

from __future__ import annotations

from .. import ir
from ..ir.kinds import Affinity, AggFn, ArithOp, CmpOp, LogicOp, Ty
from ..ir.walk import nodes, realias
from ..lookups import join_leaves

_NUMERIC = (Affinity.INTEGER, Affinity.REAL, Affinity.NUMERIC)
_SWAP = {CmpOp.GT: CmpOp.LT, CmpOp.GE: CmpOp.LE}
_EXTREMA = (AggFn.MIN, AggFn.MAX)
_OPPOSITE = {CmpOp.LT: CmpOp.GE, CmpOp.LE: CmpOp.GT, CmpOp.GT: CmpOp.LE, CmpOp.GE: CmpOp.LT}


class _Side:
    """One operand: a plain value (``value``) or an extremum ``fn`` of column ``col`` over
    fresh copies of its rows (``rows()`` gives ``(source, condition, renaming)``)."""

    def __init__(self, value=None, fn=None, col=None, rows=None, valued=False):
        self.value, self.fn, self.col, self.rows = value, fn, col, rows
        self.valued = valued  # some value is not NULL: a group's never-NULL column


def filter_conditions(reader, where):
    """``where`` (a WHERE read as a filter) with each comparison against a scalar MIN/MAX
    sub-query at a positive position read as quantifiers; ``where`` itself if none."""
    return _positive(where, lambda c: compared(reader, c, None)
                     if _has_scalar_extremum(c) else None)


def compared(reader, c: ir.Cmp, group: ir.Select | None):
    """``c`` as quantifiers, or None; ``group``: the grouped select whose HAVING holds
    ``c`` (its MIN/MAX read over the current group), None in a WHERE."""
    if c.conv or c.op not in (CmpOp.LT, CmpOp.LE, CmpOp.GT, CmpOp.GE, CmpOp.EQ):
        return None
    a, b = (_side(reader, x, group) for x in (c.left, c.right))
    if a is None or b is None or (a.fn is None and b.fn is None):
        return None
    if not _one_kind([s.col if s.fn else s.value for s in (a, b)]):
        return None
    if c.op == CmpOp.EQ:
        if a.fn is None or b.fn is None:  # the extremum is reached and nothing passes it
            e, v = (a, b.value) if b.fn is None else (b, a.value)
            past = CmpOp.GT if e.fn == AggFn.MAX else CmpOp.LT
            return _and((_some(e, lambda y: ir.Cmp(CmpOp.EQ, y, v)),
                         ir.Not(_some(e, lambda y: ir.Cmp(past, y, v)))))
        return _and((_less(CmpOp.LE, a, b), _less(CmpOp.LE, b, a)))
    if c.op in _SWAP:
        return _less(_SWAP[c.op], b, a)
    return _less(c.op, a, b)


def _less(op: CmpOp, a: _Side, b: _Side):
    """``a op b``, ``op`` ``<`` or ``<=``: MIN on the left and MAX on the right existential,
    the others universal; a plain value compared under a universal is required non-NULL."""
    universal = _universal(a, True) or _universal(b, False)
    guards = [ir.Not(ir.IsNull(s.value)) for s in (a, b)
              if universal and s.fn is None and not isinstance(s.value, ir.Lit)]

    def inner(x):  # a's value fixed to x: the condition on b
        return _expand(b, _universal(b, False), lambda y: ir.Cmp(op, x, y))

    return _and((*guards, _expand(a, _universal(a, True), inner)))


def _universal(s: _Side, left: bool) -> bool:
    return s.fn is not None and (s.fn == AggFn.MAX) == left


def _expand(s: _Side, universal: bool, body):
    """``body`` of the side's value: itself for a plain value; for an extremum, some
    non-NULL value has it (existential) or one exists and none fails it (universal)."""
    if s.fn is None:
        return body(s.value)
    if not universal:
        return _some(s, lambda v: _valued(v, body(v)))
    none_fails = ir.Not(_some(s, lambda v: _valued(v, _negated(body(v)))))
    if s.valued:
        return none_fails
    return _and((_some(s, lambda v: ir.Not(ir.IsNull(v))), none_fails))


def _valued(v, cond):
    """``v IS NOT NULL AND cond``; ``cond`` alone when it compares ``v`` (NULL then)."""
    c = cond.arg if isinstance(cond, ir.Not) else cond
    if isinstance(c, ir.Cmp) and c.op in _OPPOSITE and v in (c.left, c.right):
        return cond
    return _and((ir.Not(ir.IsNull(v)), cond))


def _negated(cond):
    """NOT ``cond``, a comparison of non-NULL values turned around (one total order:
    ``NOT a < b`` is ``a >= b``; NULL either way where a value is NULL)."""
    if isinstance(cond, ir.Cmp) and cond.op in _OPPOSITE:
        return ir.Cmp(_OPPOSITE[cond.op], cond.left, cond.right)
    return ir.Not(cond)


def _some(s: _Side, cond) -> ir.Exists:
    src, where, rename = s.rows()
    test = cond(realias(s.col, rename))
    return ir.Exists(ir.Select(src, _and((*((where,) if where is not None else ()), test)),
                               (), None, (ir.Lit(1, Ty.INT),), False, (), None, 0, False,
                               ("_col_0",)))


def _side(reader, x, group: ir.Select | None) -> _Side | None:
    if isinstance(x, ir.ScalarSub):
        q = x.query
        if not (isinstance(q, ir.Select) and q.aggregate and not q.group_by
                and q.having is None and not q.distinct and not q.order and q.limit is None
                and not q.offset and q.bare_from is None and q.source is not None
                and len(q.items) == 1 and join_leaves(q.source)):
            return None
        a = q.items[0]
        if not (isinstance(a, ir.Agg) and a.fn in _EXTREMA and not a.distinct
                and isinstance(a.arg, ir.Col)):
            return None
        if group is not None and not _keys_only(q, group):
            return None
        return _Side(fn=a.fn, col=a.arg, rows=lambda: reader.copy(q.source, q.where))
    if isinstance(x, ir.Agg):
        if group is None or x.fn not in _EXTREMA or x.distinct or not isinstance(x.arg, ir.Col):
            return None
        return _Side(fn=x.fn, col=x.arg, rows=lambda: reader.group_rows(group),
                     valued=_never_null(x.arg, group.source, reader.schema))
    if not _plain(x) or (group is not None and not _keys_only(x, group)):
        return None
    return _Side(value=x)


def _never_null(col: ir.Col, source, schema) -> bool:
    """Is ``col`` a NOT NULL column (the rowid alias) of a table of ``source``? A group
    has a row (GROUP BY makes no empty group), so its MIN and MAX of it are not NULL."""
    for scan in join_leaves(source) or ():
        if scan.alias == col.alias:
            return schema.table(scan.table).never_null(col.name)
    return False


def _positive(cond, read):
    """``cond`` with each comparison at a positive position (under AND and OR only)
    replaced by ``read(c)`` where that is not None."""
    if isinstance(cond, ir.Logic):
        args = tuple(_positive(a, read) for a in cond.args)
        if all(a is b for a, b in zip(args, cond.args, strict=True)):
            return cond
        return ir.Logic(cond.op, args)
    if isinstance(cond, ir.Cmp):
        out = read(cond)
        return cond if out is None else out
    return cond


def _plain(x) -> bool:
    """A value of the row that is a column, a literal or arithmetic of them."""
    if isinstance(x, ir.Col):
        return True
    if isinstance(x, ir.Lit):
        return x.value is not None and type(x.value) in (int, float, str)
    if isinstance(x, ir.Arith):
        return _plain(x.left) and _plain(x.right) and x.op in tuple(ArithOp)
    return isinstance(x, ir.Neg) and _plain(x.arg)


def _keys_only(x, group: ir.Select) -> bool:
    """Does ``x`` read the grouped select's own rows only through its GROUP BY keys (a
    column of the group's FROM that is not a key is some row's, SQLite's bare column)?"""
    own = {s.alias for s in join_leaves(group.source) or ()}
    for n in nodes(x):
        if isinstance(n, ir.Col) and n.alias in own and n not in group.group_by:
            return False
        if isinstance(n, ir.Scan | ir.Derived) and n.alias in own:
            return False  # (a sub-query reusing an alias: not read)
    return True


def _kind(x):
    """The comparison class of an operand: a column's affinity, ``"number"`` or ``"text"``."""
    if isinstance(x, ir.Col):
        return x.affinity
    if isinstance(x, ir.Lit):
        return "text" if type(x.value) is str else "number"
    return "number"  # (arithmetic: a number or NULL)


def _one_kind(xs) -> bool:
    """Does no comparison among ``xs`` convert anything, here or in the quantifiers?"""
    kinds = {_kind(x) for x in xs}
    cols = kinds - {"number", "text"}
    if len(cols) != 1:
        return False
    (aff,) = cols
    if aff in _NUMERIC:
        return "text" not in kinds
    return aff == Affinity.TEXT and "number" not in kinds


def _has_scalar_extremum(c: ir.Cmp) -> bool:
    return any(isinstance(x, ir.ScalarSub) for x in (c.left, c.right))


def _and(conds):
    conds = tuple(conds)
    return conds[0] if len(conds) == 1 else ir.Logic(LogicOp.AND, conds)


def determined(k, items, source, schema, typed: bool) -> bool:
    """Is the GROUP BY key ``k`` (a column of a table of ``source``) fixed by the columns
    ``items`` shown beside it, which hold that table's whole primary key, every key column
    never NULL (NOT NULL, the rowid alias; typed: any key column)? SQLite keeps such a key
    unique under ``=``, so the rows agreeing on it are one row's copies in the join, and
    grouping by ``k`` too splits no group of the shown keys."""
    if not isinstance(k, ir.Col):
        return False
    for scan in join_leaves(source) or ():
        if scan.alias != k.alias:
            continue
        t = schema.table(scan.table)
        shown = {i.name.lower() for i in items if isinstance(i, ir.Col) and i.alias == k.alias}
        return bool(t.primary_key) and all(
            isinstance(c, str) and c.lower() in shown and (typed or t.never_null(c))
            for c in t.primary_key)
    return False
