"""The partitions of a window, read once each, as groups: ``distinct_partition_windows_as_groups``.

"The longest time to fill per department" is said ``SELECT dept, MAX(d) .. GROUP BY dept``
and ``SELECT DISTINCT dept, FIRST_VALUE(d) OVER (PARTITION BY dept ORDER BY d DESC) ..``
(or ``MAX(d) OVER (PARTITION BY dept)``, ``LAST_VALUE(d) OVER (.. ORDER BY d ROWS BETWEEN
UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)``). The law: ``SELECT DISTINCT i.. FROM F
WHERE w`` (no aggregate, GROUP BY, HAVING, ORDER BY, LIMIT or OFFSET; ``F`` table scans)
whose items are the partition keys ``p..`` of its windows (columns, each an item, every
item a key or a window) and windows over ``PARTITION BY p..`` whose value is the same on
every row of a partition, is ``SELECT i'.. FROM F WHERE w GROUP BY p..`` with each window
read as its aggregate:

- ``AGG(x) OVER (PARTITION BY p..)`` whose frame holds the whole partition: COUNT, COUNT(*);
  SUM, AVG of an INTEGER value in the typed domain (exact in any order); MIN, MAX of ``x``
  whose tied values are one value (below);
- ``FIRST_VALUE(x) OVER (PARTITION BY p.. ORDER BY [flag,] x DESC, ..)`` whose frame starts
  at UNBOUNDED PRECEDING and ends at or after CURRENT ROW (never empty) is ``MAX(x)``, ASC
  ``MIN(x)``; ``LAST_VALUE`` over the whole partition is the opposite extremum. The frame's
  first (last) row is the partition's, which the order puts at a greatest (least) ``x``.
  NULL: SQLite sorts NULL first ascending and last descending, so the row read holds a
  NULL ``x`` only when every row does (MAX is NULL then too), unless the NULLs come where
  the row is read (ASC for FIRST_VALUE, a NULLS FIRST/LAST key ``x IS NULL`` of a
  translation): then ``x`` must be never NULL (a NOT NULL column of an inner join, or a
  conjunct of ``w`` rejecting NULL), ``+ - *`` of such. Keys after ``x`` break ties among
  rows of one value, which they do not change.

Tied values are one value: ``x`` a column ``top_one._identity_key`` accepts (binary
collation; no 1 beside 1.0), or in the typed domain ``+ - *`` and negation of INTEGER
columns and integer literals (integers; the proof states ``integer_arithmetic_in_range``:
an overflow gives a REAL that can tie an integer). The partition keys likewise: DISTINCT
keeps one row of a partition and GROUP BY one of the group, whichever of tied keys each
meets. Both give one row per partition: the partitions are the groups (PARTITION BY and
GROUP BY compare alike, NULL keys form one), the items equal on every row of one, equal
keys mean one partition. A window counts every duplicate row, as the aggregate does (the
DISTINCT is above both). An empty ``F`` gives no row either way (GROUP BY, not ``OVER
()``). Near misses: no DISTINCT, a key not among the items, FIRST_VALUE ASC of a NULL-able
value, a frame that may be empty (``.. AND 1 PRECEDING``), ROW_NUMBER, a NUMERIC column.

``distinct_rows_at_partition_extremum``, the rank-1 spellings (``RANK() = 1``, ``DENSE_RANK()
= 1`` read back by ``rank_counts`` and ``no_greater_row_as_max``, or hand-written): ``SELECT
DISTINCT p.., x FROM T t WHERE c.. AND x = (SELECT MAX(x') FROM T t' WHERE t'.p = t.p ..
AND w'..)`` (``MIN``) is ``SELECT p.., MAX(x) FROM T t WHERE w.. GROUP BY p..``, where ``T``
is one table scanned by both (distinct aliases), ``x'`` and ``w'`` are ``x`` and ``w`` read
on ``t'``, every conjunct of ``c`` is one of ``w``, every ``p`` an item linked by ``=`` (never
NULL on a row ``w`` keeps) or ``IS``, and ``x`` is never NULL on such a row. Why: a kept row
holds its partition's extremum, not NULL, so its partition has a row that ``w`` keeps: it is
a group, of that extremum. Conversely a group's extremum is not NULL (``x`` never NULL) and
is held by a row ``w`` keeps, which ``c`` keeps too (its conjuncts are ``w``'s) and whose
partition's subquery reads its group (the link): so the DISTINCT row appears. Ties as above
(identity of ``x`` and the keys). Near misses: the subquery under the outer alias (its link
compares its own row), an outer filter that is not the inner one, a NULL-able ``x``.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, ArithOp, CmpOp, FrameBound, FrameExclude, FuncName, Ty, WindowFn
from ..ir.nodes import DEFAULT_FRAME
from .partitions import _AGG_OF, _whole_partition
from .terms import Flat, _and, _conjuncts, _has_sub, _key, _replace_cols
from .top_one import _identity_key, _scans
from .windows import _collated

_EXACT_OPS = (ArithOp.ADD, ArithOp.SUB, ArithOp.MUL)
_REJECTS_NULL = (CmpOp.EQ, CmpOp.NE, CmpOp.LT, CmpOp.LE, CmpOp.GT, CmpOp.GE)


class _Rows:
    """What the law reads of ``SELECT .. FROM F WHERE w``: the scans, the domain, and the
    columns ``w`` or the schema keep from NULL."""

    def __init__(self, q: ir.Select, schema, typed: bool):
        src = q.source
        self.scans = ({s.alias: s for s in src.leaves} if isinstance(src, Flat)
                      and all(isinstance(s, ir.Scan) for s in src.leaves) else _scans(src))
        self.schema, self.typed = schema, typed
        self.inner = isinstance(src, (ir.Scan, Flat))  # no NULL-padded side
        self.kept = set()
        for c in _conjuncts(q.where):
            if isinstance(c, ir.Not) and isinstance(c.arg, ir.IsNull) and isinstance(c.arg.arg, ir.Col):
                self.kept.add(_key(c.arg.arg))
            elif isinstance(c, ir.Cmp) and c.op in _REJECTS_NULL:
                self.kept.update(_key(s) for s in (c.left, c.right) if isinstance(s, ir.Col))

    def identity(self, x) -> bool:
        """Are tied values of ``x`` one value?"""
        if isinstance(x, ir.Col):
            return _identity_key(x, self.scans, self.schema, self.typed)
        return self.typed and x.ty == Ty.INT and self._integral(x)

    def _integral(self, x) -> bool:
        if isinstance(x, ir.Lit):
            return isinstance(x.value, int)
        if isinstance(x, ir.Col):
            return x.ty == Ty.INT and _identity_key(x, self.scans, self.schema, True)
        if isinstance(x, ir.Neg):
            return self._integral(x.arg)
        return (isinstance(x, ir.Arith) and x.op in _EXACT_OPS
                and self._integral(x.left) and self._integral(x.right))

    def never_null(self, x) -> bool:
        if isinstance(x, ir.Lit):
            return x.value is not None
        if isinstance(x, ir.Col):
            return _key(x) in self.kept or (self.inner and x.alias in self.scans and self.schema.table(
                self.scans[x.alias].table).never_null(x.name))
        if isinstance(x, ir.Neg):
            return self.never_null(x.arg)
        return (isinstance(x, ir.Arith) and x.op in _EXACT_OPS
                and self.never_null(x.left) and self.never_null(x.right))


def _frame_from_start(w: ir.Window, whole: bool) -> bool:
    """Does the frame start at the partition's first row and never come out empty (end at
    or after CURRENT ROW; ``whole``: end at UNBOUNDED FOLLOWING)? Nothing excluded."""
    unit, (start, _), (end, _), exclude = w.frame or DEFAULT_FRAME
    ends = (FrameBound.UNBOUNDED_FOLLOWING,) if whole else (
        FrameBound.CURRENT, FrameBound.FOLLOWING, FrameBound.UNBOUNDED_FOLLOWING)
    return exclude == FrameExclude.NO_OTHERS and start == FrameBound.UNBOUNDED_PRECEDING and end in ends


def _flag_of(key, x) -> bool:
    return (isinstance(key, ir.Func) and key.name == FuncName.BOOL_INT and len(key.args) == 1
            and isinstance(key.args[0], ir.IsNull) and key.args[0].arg == x)


def _extremum_of_value(w: ir.Window, rows: _Rows):
    """FIRST_VALUE/LAST_VALUE(x) ordered by ``x`` as MAX(x)/MIN(x), else None."""
    if len(w.args) != 1 or not w.order or not rows.identity(x := w.args[0]):
        return None
    order = list(w.order)
    flag = order.pop(0) if _flag_of(order[0][0], x) else None
    if not order or order[0][0] != x:
        return None
    desc = order[0][1]
    nulls_first = flag[1] if flag is not None else not desc
    first = w.fn == WindowFn.FIRST_VALUE
    if not _frame_from_start(w, whole=not first):
        return None
    if nulls_first == first and not rows.never_null(x):
        return None  # the row read may hold a NULL beside non-NULL values
    return ir.Agg(AggFn.MAX if desc == first else AggFn.MIN, x, False, w.ty)


def _aggregate_of(w: ir.Window, rows: _Rows):
    """The aggregate giving ``w``'s value on every row of its partition, else None."""
    if w.fn in (WindowFn.FIRST_VALUE, WindowFn.LAST_VALUE):
        return _extremum_of_value(w, rows)
    fn = _AGG_OF.get(w.fn)
    if fn is None or not _whole_partition(w):
        return None
    arg = w.args[0] if w.args else None
    if fn in (AggFn.SUM, AggFn.AVG) and not (rows.typed and rows._integral(arg)):
        return None
    if fn in (AggFn.MIN, AggFn.MAX) and not rows.identity(arg):
        return None
    if arg is not None and any(isinstance(y, (ir.Window, ir.Agg, ir.ScalarSub, ir.Exists, ir.InSub))
                               for y in ir.local_nodes(arg)):
        return None
    return ir.Agg(fn, arg, False, w.ty)


def distinct_partition_windows_as_groups(q, schema, typed: bool = False):
    """``SELECT DISTINCT p.., W.. FROM F WHERE w`` (each ``W`` constant on a partition of
    ``PARTITION BY p..``) is ``SELECT p.., AGG.. FROM F WHERE w GROUP BY p..``."""
    if not (isinstance(q, ir.Select) and q.distinct and not q.aggregate and not q.group_by
            and q.having is None and not q.order and q.limit is None and not q.offset
            and q.bare_from is None and q.source is not None and not _collated(q.source, schema)):
        return q
    rows = _Rows(q, schema, typed)
    wins = [i for i in q.items if isinstance(i, ir.Window)]
    if rows.scans is None or not wins:
        return q
    keys = {_key(p): p for p in wins[0].partition}
    if not keys or any({_key(p) for p in w.partition} != set(keys) or len(w.partition) != len(keys)
                       for w in wins):
        return q
    cols = [i for i in q.items if not isinstance(i, ir.Window)]
    if {_key(c) for c in cols} != set(keys) or not all(
            isinstance(p, ir.Col) and rows.identity(p) for p in keys.values()):
        return q
    aggs = {}
    for w in wins:
        if (agg := _aggregate_of(w, rows)) is None:
            return q
        aggs[_key(w)] = agg
    items = tuple(aggs.get(_key(i), i) for i in q.items)
    return dataclasses.replace(q, distinct=False, aggregate=True, items=items,
                               group_by=tuple(sorted(keys.values(), key=_key)))


def _one_scan(src):
    if isinstance(src, Flat) and len(src.leaves) == 1:
        src = src.leaves[0]
    return src if isinstance(src, ir.Scan) else None


def _view_inlined(s):
    """``SELECT .. FROM (SELECT e.. FROM T WHERE v) d WHERE ..`` read as ``SELECT .. FROM T
    WHERE v AND ..`` with ``d``'s columns as their items, for a plain view (one scan; no
    aggregate, DISTINCT, cut, window or subquery): the copy rank laws leave; else ``s``."""
    if not (isinstance(s, ir.Select) and isinstance(d := s.source, ir.Derived)
            and isinstance(v := d.query, ir.Select) and _one_scan(v.source) is not None
            and not v.aggregate and not v.group_by and v.having is None and not v.distinct
            and not v.order and v.limit is None and not v.offset and v.bare_from is None
            and not any(isinstance(y, (ir.Window, ir.Agg, ir.ScalarSub, ir.Exists, ir.InSub))
                        for y in ir.nodes((v.items, v.where)))
            and len(d.names) == len(v.items)):
        return s
    rep = {(d.alias, n): i for n, i in zip(d.names, v.items, strict=True)}
    return dataclasses.replace(s, source=v.source, items=_replace_cols(s.items, rep),
                               where=_and(_conjuncts(_replace_cols(s.where, rep)) + _conjuncts(v.where)))


def _extremum_sub(e):
    """``(SELECT MAX(x') FROM T t' WHERE ..)`` (MIN): (fn, x', the select), else None."""
    if not isinstance(e, ir.ScalarSub):
        return None
    s = _view_inlined(e.query)
    if not (isinstance(s, ir.Select) and s.aggregate and not s.group_by and s.having is None
            and not s.distinct and not s.order and s.limit is None and not s.offset
            and s.bare_from is None and len(s.items) == 1 and _one_scan(s.source) is not None):
        return None
    a = s.items[0]
    if not (isinstance(a, ir.Agg) and a.fn in (AggFn.MAX, AggFn.MIN) and not a.distinct):
        return None
    return a.fn, a.arg, s


def distinct_rows_at_partition_extremum(q, schema, typed: bool = False):
    """``SELECT DISTINCT p.., x FROM T t WHERE c AND x = (SELECT MAX(x') FROM T t' WHERE
    links AND w')`` (or ``AND NOT EXISTS (SELECT .. FROM T t' WHERE links AND w' AND x' >
    x)``) is ``SELECT p.., MAX(x) FROM T t WHERE w GROUP BY p..``."""
    if not (isinstance(q, ir.Select) and q.distinct and not q.aggregate and not q.group_by
            and q.having is None and not q.order and q.limit is None and not q.offset
            and q.bare_from is None and (scan := _one_scan(q.source)) is not None
            and not _collated(scan, schema)):
        return q
    for c in _conjuncts(q.where):
        if isinstance(c, ir.Not) and isinstance(c.arg, ir.Exists):
            out = _no_beyond(q, scan, c, _view_inlined(c.arg.query), schema, typed)
            if out is not None:
                return out
        if not (isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and not c.conv):
            continue
        for x, sub in ((c.left, c.right), (c.right, c.left)):
            if (found := _extremum_sub(sub)) is not None:
                out = _at_extremum(q, scan, c, x, *found, schema, typed)
                if out is not None:
                    return out
    return q


def _copy_parts(q, scan, s):
    """The copy ``s`` of ``q``'s table split: (its renaming maps there and back, the links
    ``{outer key: op}``, the other conjuncts that read ``q``'s row, the rest ``w'``); None
    unless ``s`` scans the same table under another alias."""
    inner = _one_scan(s.source)
    if inner is None or inner.table != scan.table or inner.alias == scan.alias:
        return None
    there = {(scan.alias, n): ir.Col(inner.alias, n, ty, aff) for n, ty, aff in scan.columns}
    back = {(inner.alias, n): ir.Col(scan.alias, n, ty, aff) for n, ty, aff in scan.columns}
    links, other, rest = {}, [], []
    for c in _conjuncts(s.where):
        pair = (c.left, c.right) if isinstance(c, ir.Cmp) else ()
        out = [y for y in pair if isinstance(y, ir.Col) and y.alias == scan.alias]
        if (isinstance(c, ir.Cmp) and c.op in (CmpOp.EQ, CmpOp.IS) and not c.conv and len(out) == 1
                and _replace_cols(out[0], there) in pair):
            links[_key(out[0])] = c.op
        elif any(isinstance(y, ir.Col) and y.alias == scan.alias for y in ir.nodes(c)):
            other.append(c)
        elif _has_sub(c):
            return None  # (renamed back, a nested select reusing the copy's alias would be captured)
        else:
            rest.append(c)
    return there, back, links, other, [_replace_cols(c, back) for c in rest]


def _grouped(q, x, fn, links, where, schema, typed):
    """``SELECT p.., FN(x) FROM T WHERE where GROUP BY p..`` when the keys ``p`` (the other
    items) are the links' and the conditions on keys and ``x`` hold; else None."""
    keys = [i for i in q.items if i != x]
    if (len(keys) != len(q.items) - 1 or not keys or not all(isinstance(k, ir.Col) for k in keys)
            or set(links) != {_key(k) for k in keys}):
        return None
    rows = _Rows(dataclasses.replace(q, where=where), schema, typed)
    if not (rows.identity(x) and rows.never_null(x) and all(
            rows.identity(k) and (links[_key(k)] == CmpOp.IS or rows.never_null(k)) for k in keys)):
        return None
    items = tuple(ir.Agg(fn, x, False, x.ty) if i == x else i for i in q.items)
    return dataclasses.replace(q, where=where, distinct=False, aggregate=True, items=items,
                               group_by=tuple(sorted(keys, key=_key)))


def _at_extremum(q, scan, eq, x, fn, x2, s, schema, typed):
    parts = _copy_parts(q, scan, s)
    if parts is None or parts[3] or _replace_cols(x, parts[0]) != x2:
        return None
    _, _, links, _, w = parts
    if not {_key(c) for c in _conjuncts(q.where) if c is not eq} <= {_key(c) for c in w}:
        return None
    return _grouped(q, x, fn, links, _and(w), schema, typed)


def _no_beyond(q, scan, cond, s, schema, typed):
    """NOT EXISTS a row of the partition beyond ``x``: every conjunct of the copy's ``w'``
    is one of the outer ``c``, whose others are ``col IS NOT NULL`` of a column of ``x``
    (``x`` not NULL implies them); ``c`` keeps ``x`` from NULL."""
    if not (isinstance(s, ir.Select) and not s.aggregate and not s.group_by and s.having is None
            and not s.distinct and s.limit is None and not s.offset and s.bare_from is None):
        return None
    parts = _copy_parts(q, scan, s)
    if parts is None or len(parts[3]) != 1:
        return None
    there, _, links, (beyond,), w = parts
    if not (isinstance(beyond, ir.Cmp) and beyond.op in (CmpOp.LT, CmpOp.GT) and not beyond.conv):
        return None
    left_outer = _replace_cols(beyond.left, there) == beyond.right
    x = beyond.left if left_outer else beyond.right
    if _replace_cols(x, there) != (beyond.right if left_outer else beyond.left):
        return None
    fn = AggFn.MAX if (beyond.op == CmpOp.LT) == left_outer else AggFn.MIN
    c = [d for d in _conjuncts(q.where) if d is not cond]
    xcols = {_key(y) for y in ir.nodes(x) if isinstance(y, ir.Col)}
    wkeys = {_key(d) for d in w}
    if not wkeys <= {_key(d) for d in c} or not all(
            _key(d) in wkeys or (isinstance(d, ir.Not) and isinstance(d.arg, ir.IsNull)
                                 and _key(d.arg.arg) in xcols) for d in c):
        return None
    return _grouped(q, x, fn, links, _and(c), schema, typed)


# ---- the registry's entries (``rules.RULES`` adds them as ``Rule(*entry)``)

PARTITION_GROUP_RULES = (
    ("distinct_partition_windows_as_groups", "SELECT DISTINCT p.., W.. FROM F WHERE w, every "
     "PARTITION BY key p an item (binary, tied values one value), each W constant on a "
     "partition (an aggregate over the whole partition; FIRST_VALUE(x) ORDER BY x DESC as "
     "MAX(x), NULL placed away from the row read), is SELECT p.., AGG.. GROUP BY p..",
     ("select",), lambda canon, q, ctx: q if ctx.get("sensitive", True) else
     distinct_partition_windows_as_groups(q, canon.schema, canon.typed), True),
    ("distinct_rows_at_partition_extremum", "SELECT DISTINCT p.., x FROM T t WHERE c AND x = "
     "(SELECT MAX(x') FROM T t' WHERE t'.p = t.p .. AND w'), c among w, x never NULL there, p "
     "linked by IS (= never NULL), tied values one value, is SELECT p.., MAX(x) FROM T WHERE w "
     "GROUP BY p.. (MIN alike)", ("select",), lambda canon, q, ctx: q if ctx.get("sensitive", True)
     else distinct_rows_at_partition_extremum(q, canon.schema, canon.typed), True),
)
