"""Windows over a grouped view as correlated subqueries (issue 25, i44b):
``grouped_view_window_as_subquery``.

BI tools compute a table calculation (Looker's offset and running total, Superset's rolling
sum, Metabase's cumulative count) over the rows of a grouped query: ``SELECT .., W FROM
(SELECT g.., AGG.. FROM T WHERE w GROUP BY g.. [HAVING h]) AS d [WHERE v]``; hand-written
SQL reads the neighbouring group with a correlated subquery over the same grouping. This
rule brings the window to that correlated form, the normal form ``canon/running.py`` gives
windows over one table, so every spelling meets there:

- ``LAG(x)`` / ``LAG(x, 1)`` / ``LAG(x, 1, NULL)`` (LEAD) is ``(SELECT x2 FROM (view) d2
  WHERE v(d2) AND d2.p IS d.p .. AND d2.k <lex d.k ORDER BY k2 DESC.. LIMIT 1)`` (``>lex``,
  ascending): the row just before in the partition, NULL when there is none;
- an aggregate over RANGE/ROWS UNBOUNDED PRECEDING .. CURRENT ROW (COUNT, COUNT(*), or
  SUM/MIN/MAX of a view column that is a COUNT) is ``(SELECT AGG(x2) FROM (view) d2 WHERE
  v(d2) AND d2.p IS d.p .. AND d2.k <=lex d.k)``;
- ``SUM(x) OVER (.. ROWS BETWEEN 1 PRECEDING AND CURRENT ROW)`` of such a count ``x`` is
  ``x + COALESCE(LAG(x), 0)`` (then the first law): the frame holds the row before (none
  at the first row of a partition) and the current row, and a count is never NULL;
- ``ROW_NUMBER()`` is ``COUNT(*)`` of the rows ``<=lex``, ``RANK()`` ``1 + COUNT(*)`` of the
  rows ``<lex``;
- (round 61) such an aggregate over a RANGE frame with offsets (``6 PRECEDING .. CURRENT
  ROW``) on one typed INTEGER key is the aggregate of the rows whose key lies in the range
  (``frame_predicates.frame_conds``); a SUM of a count over a frame holding the row is
  ``COALESCE(SUM, 0)`` of them (never empty, so never NULL: the form a count meets).

Why it holds in SQLite: the window's ORDER BY keys are view columns never NULL (a GROUP BY
key declared NOT NULL in a table the view reads (inner joins only: i51c, ``rank_counts._never_null``),
or rejected when NULL by its WHERE or an ON; a COUNT), and the view's GROUP BY keys, all of them plain columns shown as view columns,
are among the window's ORDER BY and PARTITION BY keys. Two rows of the view are two
groups, which GROUP BY keeps apart by the comparison ORDER BY uses (no collated table: one
collation for both), so no two rows of a partition are peers: the order is total, a ROWS
frame is its RANGE frame, LAG's previous row is the one row ``<lex`` that no other row
separates, and ``<``, ``=`` on never-NULL values decide ``<lex``. The copy ``d2`` is the
same view (no LIMIT, window or subquery in it: the same rows on every evaluation; its
inner aliases made fresh by the driver, ``fresh_copies``, so that no later merge captures
``d``'s columns), filtered
by the same outer WHERE ``v`` (no subquery), so the subquery reads exactly the rows the
window reads. PARTITION BY puts NULL keys together: ``IS`` (``=`` where never NULL).
Near misses: LAG with a default (0 where the subquery gives NULL), an ORDER BY key that is
not a group key (peers), a view with a GROUP BY key not among the window's keys (ties), a
ROWS frame of 2 PRECEDING.

Widened (i57e): an order key may be any aggregate item never NULL on a group (a COUNT; MIN,
MAX, SUM, AVG of a never-NULL column: a group has a row), so a key completing the order
(``ORDER BY MIN(departure), trip_id``) leaves no peers; and the view may be ``SELECT DISTINCT
c.. FROM ..`` without GROUP BY, every item a column whose equal values are identical
(``top_one._identity_key``: the copy's DISTINCT must keep the same one of 1 and 1.0), all of
them among the window's keys: two rows of a DISTINCT view are apart by DISTINCT's comparison,
which is ORDER BY's on never-NULL values and PARTITION BY's (NULLs together) on the others.

Round 62 (i62f): the running aggregates take SUM/MIN/MAX of any INTEGER view column in the
typed domain (a SUM of a SUM: integers add up exactly in any order, the proof states
``integer_sums_exact``), and ``AGG(x) OVER (.. ROWS BETWEEN n PRECEDING AND CURRENT ROW)`` in
the total order is the aggregate of the rows ``b <=lex`` the row with at most ``n`` rows of the
partition in ``(b, row]`` (``_rows_frame``: a correlated COUNT(*) over a third copy); the frame
holds the row, so it is never empty. ``x + COALESCE(LAG(x), 0)`` stays for a count (never
NULL) over ROWS 1 PRECEDING. Near misses: a SUM that may be NULL against that form, an order
by a non-key (peers), a NULL group key, a count of rows between off by one.

Round 61 (i61i), ``whole_partition_view_window``: a window whose frame is the whole partition
(``partitions._whole_partition``: no ORDER BY, or UNBOUNDED PRECEDING .. UNBOUNDED FOLLOWING)
needs no order, so no total order: ``AGG(x) OVER (PARTITION BY p..)`` is ``(SELECT AGG(x2)
FROM (view) d2 WHERE v(d2) AND d2.p IS d.p ..)`` (``=`` where ``p`` is never NULL; ``OVER
()`` uncorrelated), for COUNT, and for SUM/AVG/MIN/MAX of a COUNT column or, in the typed
domain, of an INTEGER (a REAL adds by order; the sqlite domain may hold a REAL in an INTEGER
column; an integer partial sum may overflow in one order only: ``proofs.REGROUPING``). It
runs at the sites ``query`` and ``select`` and in the derived tables a select reads
(``frame_predicates.below``): the driver merges a view before it rewrites inside it, and a
join to ``γ_p AGG(x)`` of the same view meets the window there (``joined_group_as_subquery``,
``scalar_of_group``). Near misses: a NULL-able partition key against a join by ``=``, a
running frame, the select's filter missing in the subquery, OVER () against PARTITION BY.
"""

from __future__ import annotations

import dataclasses

from ....types import Schema
from .. import ir
from ..ir.kinds import (
    AggFn,
    ArithOp,
    CmpOp,
    FrameBound,
    FrameExclude,
    FrameUnit,
    FuncName,
    Ty,
    WindowFn,
)
from .frame_predicates import below, frame_conds, holds_row, offset_key, range_bounds
from .partitions import _AGG_OF, _whole_partition
from .rank_counts import _inner, _never_null
from .running import _lex, _running_frame
from .terms import _and, _conjuncts, _has_sub, _key, _replace_cols
from .top_one import _identity_key, _scans
from .windows import _collated, _map_windows

_ONE = ir.Lit(1, Ty.INT)
_ZERO = ir.Lit(0, Ty.INT)
_COUNTS = (AggFn.COUNT, AggFn.COUNT_STAR)
_RUNNING = {WindowFn.COUNT_STAR: AggFn.COUNT_STAR, WindowFn.COUNT: AggFn.COUNT,
            WindowFn.SUM: AggFn.SUM, WindowFn.MIN: AggFn.MIN, WindowFn.MAX: AggFn.MAX}


@dataclasses.dataclass(frozen=True)
class _View:
    """The grouped view ``d`` of a select: its never-NULL columns, its group-key columns and
    its COUNT columns (by name)."""

    d: ir.Derived
    never_null: frozenset
    keys: frozenset
    counts: frozenset


def _grouped_view(q: ir.Select, schema: Schema, typed: bool = False) -> _View | None:
    """The module's grouped (or DISTINCT) view under ``q``, else None."""
    if not (isinstance(q, ir.Select) and not q.aggregate and not q.group_by and q.bare_from is None
            and isinstance(q.source, ir.Derived) and not _has_sub(q.where)):
        return None
    d, v = q.source, q.source.query
    if not (isinstance(v, ir.Select) and (v.aggregate and v.group_by and not v.distinct
                                          or v.distinct and not v.aggregate and not v.group_by)
            and (scans := _scans(v.source)) is not None and _inner(v.source) and v.limit is None and not v.offset and v.bare_from is None
            and len(d.names) == len(v.items) and not _collated(v, schema)
            and not any(isinstance(y, (ir.Window, ir.ScalarSub, ir.InSub, ir.Exists)) for y in ir.nodes(v))):
        return None
    keys, never, counts = set(), set(), set()
    for g in v.group_by or v.items:  # a DISTINCT view: its rows are unique on all its items
        if not (isinstance(g, ir.Col) and g.alias in scans and g in v.items):
            return None
        if v.distinct and not _identity_key(g, scans, schema, typed):
            return None  # (the copy's DISTINCT may keep another of 1 and 1.0 than the view's)
        name = d.names[v.items.index(g)]
        keys.add(name)
        if _never_null(g, v, scans, schema, False):
            never.add(name)
    for name, e in zip(d.names, v.items, strict=True):
        if isinstance(e, ir.Agg) and e.fn in _COUNTS and not e.distinct:
            counts.add(name)
        if isinstance(e, ir.Agg) and _never_null(e, v, scans, schema, False):
            never.add(name)  # a COUNT; MIN/MAX/SUM of a never-NULL column over a group
    return _View(d, frozenset(never), frozenset(keys), frozenset(counts))


def _is_col(e, view: _View, names=None) -> bool:
    return isinstance(e, ir.Col) and e.alias == view.d.alias and (names is None or e.name in names)


def _order_keys(w: ir.Window, view: _View) -> list | None:
    """The window's ORDER BY keys (constant NULL tests of never-NULL columns left out) when a
    total order of never-NULL view columns (the module docstring), else None."""
    out = []
    for k, desc in w.order:
        if (isinstance(k, ir.Func) and k.name == FuncName.BOOL_INT and len(k.args) == 1
                and isinstance(k.args[0], ir.IsNull) and _is_col(k.args[0].arg, view, view.never_null)):
            continue
        if not _is_col(k, view, view.never_null):
            return None
        out.append((k, desc))
    if not out or not all(_is_col(p, view) for p in w.partition):
        return None
    seen = {k.name for k, _ in out} | {p.name for p in w.partition}
    return out if view.keys <= seen else None


def _sub(q: ir.Select, view: _View, w: ir.Window, keys: list, last: CmpOp, item, suffix: str,
         aggregate: bool = True, order=(), limit=None, bounds=None) -> ir.ScalarSub:
    """The correlated subquery over the copy ``d2`` of the view (``running._sub``'s, over a view;
    ``bounds``: a RANGE frame's, ``frame_predicates.range_bounds``, in place of ``<=lex``)."""
    d = view.d
    alias = f"{d.alias}_{suffix}"
    cols = {y for y in ir.nodes((q.where, w, item)) if isinstance(y, ir.Col) and y.alias == d.alias}
    rep = {(c.alias, c.name): dataclasses.replace(c, alias=alias) for c in cols}
    conds = [ir.Cmp(CmpOp.EQ if p.name in view.never_null else CmpOp.IS,
                    *sorted((p, _replace_cols(p, rep)), key=_key)) for p in w.partition]
    if keys is None:
        pass  # the whole partition (i61i)
    elif bounds is None:
        conds.append(_lex(keys, rep, last))
    else:
        (k, desc), = keys
        conds.extend(frame_conds(k, _replace_cols(k, rep), desc, bounds))
    sub = ir.Select(source=dataclasses.replace(d, alias=alias),
                    where=_and(_conjuncts(_replace_cols(q.where, rep)) + conds), group_by=(),
                    having=None, items=(_replace_cols(item, rep),), distinct=False,
                    order=_replace_cols(order, rep), limit=limit, offset=0, aggregate=aggregate)
    return ir.ScalarSub(sub, item.ty)


def _lag(q, view, w, keys):
    x, rest = w.args[0], w.args[1:]
    if rest and (rest[0] != _ONE or len(rest) > 2 or len(rest) == 2 and not (
            isinstance(rest[1], ir.Lit) and rest[1].value is None)):
        return w  # another offset, or a default that is not NULL
    if _has_sub(x) or any(isinstance(y, ir.Col) and y.alias != view.d.alias for y in ir.local_nodes(x)):
        return w
    flipped = keys if w.fn == WindowFn.LAG else [(k, not d) for k, d in keys]
    order = tuple((k, not d) for k, d in flipped)
    return _sub(q, view, w, flipped, CmpOp.LT, x, "neighbour", aggregate=False, order=order, limit=1)


def _previous_row_frame(w: ir.Window) -> bool:
    return bool(w.frame) and w.frame == (FrameUnit.ROWS, (FrameBound.PRECEDING, 1), (FrameBound.CURRENT, 0),
                                         FrameExclude.NO_OTHERS)


def _rows_preceding(w: ir.Window) -> int | None:
    """``n`` of a frame ROWS BETWEEN n PRECEDING AND CURRENT ROW (an integer literal, nothing
    excluded), else None."""
    if not w.frame:
        return None
    unit, (start, n), (end, _), exclude = w.frame
    if (unit, end, exclude) != (FrameUnit.ROWS, FrameBound.CURRENT, FrameExclude.NO_OTHERS):
        return None
    if start == FrameBound.CURRENT:
        return 0
    return n if start == FrameBound.PRECEDING and type(n) is int and n >= 0 else None


def _rows_frame(q, view, w, keys, agg, n: int) -> ir.ScalarSub:
    """(i62f) ``AGG(x) OVER (.. ROWS BETWEEN n PRECEDING AND CURRENT ROW)`` in a total order:
    the aggregate over the rows ``b <=lex`` the row with at most ``n`` rows of the partition
    in ``(b, row]``, ``(SELECT AGG(x2) FROM d2 WHERE .. d2.k <=lex d.k AND (SELECT COUNT(*)
    FROM d3 WHERE .. d3.p IS d.p AND d3.k >lex d2.k AND d3.k <=lex d.k) <= n)``."""
    count = ir.Agg(AggFn.COUNT_STAR, None, False, Ty.INT)
    sub = _sub(q, view, w, keys, CmpOp.LE, agg, "rows")
    middle = sub.query.source.alias
    between = _sub(q, view, w, keys, CmpOp.LE, count, "between")
    inner = between.query.source.alias
    after = [(dataclasses.replace(k, alias=middle), not d) for k, d in keys]
    rep = {(middle, k.name): dataclasses.replace(k, alias=inner) for k, _ in after}
    between = ir.ScalarSub(dataclasses.replace(between.query, where=_and(
        _conjuncts(between.query.where) + [_lex(after, rep, CmpOp.LT)])), Ty.INT)
    cut = ir.Cmp(CmpOp.LE, between, ir.Lit(n, Ty.INT))
    return ir.ScalarSub(dataclasses.replace(sub.query, where=_and(_conjuncts(sub.query.where) + [cut])), sub.ty)


def _integers(x, view: _View, typed: bool, column: bool = True) -> bool:
    """Does ``x`` add up exactly in any order: a COUNT column of the view, or in the typed
    domain an INTEGER (``column``: a view column; a REAL adds by order, and the sqlite
    domain may store a REAL in an INTEGER column)?"""
    return _is_col(x, view, view.counts) or typed and x.ty == Ty.INT and (not column or _is_col(x, view))


def _whole(q, view, w, typed: bool):
    """An aggregate over the whole partition (i61i): ``(SELECT AGG(x2) FROM d2 WHERE v(d2) AND
    d2.p IS d.p ..)``, no order needed; COUNT, or SUM/AVG/MIN/MAX of a count or (typed) of
    an INTEGER."""
    fn = _AGG_OF.get(w.fn)
    if fn is None or len(w.args) != (fn != AggFn.COUNT_STAR) or not all(_is_col(p, view) for p in w.partition):
        return w
    if w.args and (_has_sub(w.args[0]) or any(isinstance(y, ir.Col) and y.alias != view.d.alias
                                              for y in ir.local_nodes(w.args[0]))):
        return w
    if fn not in _COUNTS and not _integers(w.args[0], view, typed, False):
        return w  # (a REAL adds by order; the sqlite domain may store a REAL in an INTEGER)
    return _sub(q, view, w, None, CmpOp.LE, ir.Agg(fn, w.args[0] if w.args else None, False, w.ty), "partition")


def _window(q, view, w, typed: bool = False, whole: bool = False):
    """``w`` as the module's correlated form, else ``w`` (``whole``: the whole-partition law's
    windows only, ``whole_partition_view_window``; without it, no whole partition)."""
    if whole or _whole_partition(w):
        return _whole(q, view, w, typed) if whole and _whole_partition(w) else w
    keys = _order_keys(w, view)
    if keys is None:
        return w
    count = ir.Agg(AggFn.COUNT_STAR, None, False, Ty.INT)
    if w.fn in (WindowFn.LAG, WindowFn.LEAD) and w.args:
        return _lag(q, view, w, keys)
    if w.fn == WindowFn.ROW_NUMBER and not w.args:
        return _sub(q, view, w, keys, CmpOp.LE, count, "row_number")
    if w.fn == WindowFn.RANK and not w.args:
        return ir.Arith(ArithOp.ADD, _ONE, _sub(q, view, w, keys, CmpOp.LT, count, "rank"), Ty.INT)
    fn = _RUNNING.get(w.fn)
    if fn is None or len(w.args) != (fn != AggFn.COUNT_STAR):
        return w
    if fn not in _COUNTS and not _integers(w.args[0], view, typed):
        return w  # SUM/MIN/MAX of a count or (typed) of a view column of integers (i62f)
    if w.fn == WindowFn.SUM and _previous_row_frame(w) and _is_col(w.args[0], view, view.counts):
        x = w.args[0]
        lag = ir.Window(WindowFn.LAG, w.partition, w.order, w.ty, (x,))
        prev = ir.Func(FuncName.COALESCE, (_lag(q, view, lag, keys), _ZERO), w.ty)
        return ir.Arith(ArithOp.ADD, x, prev, w.ty)
    agg = ir.Agg(fn, w.args[0] if w.args else None, False, w.ty)
    if (n := _rows_preceding(w)) is not None:
        return _rows_frame(q, view, w, keys, agg, n)
    if _running_frame(w) is None:  # a RANGE frame with offsets over one typed INTEGER key (i61e)
        bounds = range_bounds(w)
        if bounds is None or len(keys) != 1 or not offset_key(bounds, keys[0][0], typed):
            return w
        if fn == AggFn.SUM and holds_row(bounds) and _is_col(w.args[0], view, view.counts):
            agg = ir.Func(FuncName.COALESCE, (agg, _ZERO), w.ty)  # (the frame holds the row: never NULL)
        return _sub(q, view, w, keys, CmpOp.LE, agg, "frame", bounds=bounds)
    return _sub(q, view, w, keys, CmpOp.LE, agg, "running")


def grouped_view_window_as_subquery(q: ir.Select, schema: Schema, typed: bool = False,
                                    whole: bool = False) -> ir.Select:
    """See the module: windows over a grouped view, in a total order of its group keys, as
    correlated subqueries over a copy of the view (``whole``: the windows over a whole
    partition instead, in ``q`` and in the derived tables it reads, ``frame_predicates.below``,
    so that the view merges before the driver rewrites inside it)."""
    if whole and isinstance(q, ir.Select) and q.source is not None and (src := below(
            q.source, lambda v: grouped_view_window_as_subquery(v, schema, typed, True))) is not q.source:
        q = dataclasses.replace(q, source=src)
    view = _grouped_view(q, schema, typed)
    if view is None:
        return q
    items = tuple(_map_windows(i, lambda w: _window(q, view, w, typed, whole)) for i in q.items)
    return q if items == q.items else dataclasses.replace(q, items=items)


# ---- the registry's entry (``rules.RULES`` adds it as ``Rule(*entry)``)

VIEW_WINDOW_RULE = (
    "grouped_view_window_as_subquery", "over a grouped view d ordered by never-NULL columns "
    "holding its group keys (a total order), LAG(x) (LEAD) is (SELECT x FROM d2 WHERE p IS p AND "
    "k2 <lex k ORDER BY k DESC LIMIT 1), a running COUNT or SUM/MIN/MAX of a count (SELECT AGG "
    "FROM d2 WHERE .. k2 <=lex k; RANGE n PRECEDING: k2 >= k - n), SUM of a count over ROWS 1 "
    "PRECEDING x + COALESCE(LAG(x), 0), "
    "ROW_NUMBER COUNT(*) of <=lex, RANK 1 + COUNT(*) of <lex", ("select",),
    lambda canon, q, ctx: grouped_view_window_as_subquery(q, canon.schema, canon.typed), True)

WHOLE_PARTITION_VIEW_RULE = (
    "whole_partition_view_window", "over a grouped view d (in the select or a derived table "
    "it reads), AGG(x) OVER (PARTITION BY p) over the whole partition is (SELECT AGG(x2) FROM "
    "d2 WHERE v(d2) AND d2.p IS d.p): COUNT, or SUM/AVG/MIN/MAX of a count or (typed) of an "
    "INTEGER", ("query", "select"),
    lambda canon, q, ctx: grouped_view_window_as_subquery(q, canon.schema, canon.typed, True), True)
