"""A window aggregate whose frame is a predicate on the order key, as a correlated aggregate
(round 61, i61e, class W3): ``frame_window_as_subquery``.

A window aggregate over the rows ``S`` a select keeps is, per row ``r``, the aggregate of the
rows of ``S`` that a predicate on (partition, order) picks: PARTITION BY ``p`` is ``s.p IS
r.p`` (``=`` where ``p`` is never NULL on a kept row); over ONE order key ``k``, never NULL on
a kept row, a RANGE frame bound is a comparison of ``s.k`` with ``r.k``:

- ``UNBOUNDED PRECEDING`` / ``UNBOUNDED FOLLOWING``: no condition;
- ``CURRENT ROW``: ``s.k >= r.k`` as the start, ``s.k <= r.k`` as the end (peers included);
- ``n PRECEDING`` / ``n FOLLOWING`` (an integer literal ``n >= 0``): ``s.k >= r.k - n`` as the
  start, ``s.k <= r.k + n`` as the end (mirrored for DESC: ``s.k <= r.k + n``,
  ``s.k >= r.k - n``), only for a typed INTEGER key (``int_compare._integral``): then ``r.k -
  n`` is the integer the frame is measured from. Outside 64 bits SQLite computes a REAL,
  which still lies at or past the end of the integers; the proof states
  ``integer_arithmetic_in_range`` anyway (the subquery computes ``-`` on the column).

The law: in ``SELECT .. FROM F WHERE w`` (no GROUP BY, no aggregate: the window reads the
kept rows of ``F``), ``F`` inner joins of tables (no collated table, no subquery in ``w`` or
an ON), ``AGG(x) OVER (PARTITION BY p.. ORDER BY k RANGE BETWEEN b1 AND b2)`` (nothing
excluded), ``AGG`` order-blind (``partitions._order_blind``: COUNT, SUM/AVG of integers,
MIN/MAX of a column whose equal values are one value), ``x`` and ``p`` expressions of the
row, is ``(SELECT AGG(x') FROM F' WHERE w' AND p' IS p .. AND b1(k', k) AND b2(k', k))``,
``F'`` the FROM with every alias renamed (``rank_counts._copy``). An empty frame gives what
the aggregate gives over no rows on both sides (COUNT 0, the others NULL).

Not here: ROWS frames (equal to RANGE only for an order unique in the partition: over one
table, ``running_window_as_subquery``), running frames over one table
(``running_window_as_subquery``'s, which also takes several keys), frames with EXCLUDE, a
REAL sum (the order of addition), a NULL-able key (SQLite puts NULLs first and frames them
with each other only), a key of the sqlite domain (an INTEGER column may hold text: the
offset then means nothing).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, ArithOp, CmpOp, FrameBound, FrameExclude, FrameUnit, FuncName, Ty
from .int_compare import _integral
from .partitions import _AGG_OF, _order_blind
from .rank_counts import _copy, _inner, _never_null
from .terms import _and, _conjuncts, _has_sub, _key, _replace_cols
from .tie_breaks import _on_conds
from .top_one import _scans
from .windows import _collated, _map_windows

_SIGN = {FrameBound.PRECEDING: -1, FrameBound.CURRENT: 0, FrameBound.FOLLOWING: 1}


def _bound(b) -> int | None | bool:
    """The signed offset of a frame bound (``n PRECEDING`` is ``-n``), None when unbounded,
    False when not an integer literal offset."""
    kind, n = b
    if kind in (FrameBound.UNBOUNDED_PRECEDING, FrameBound.UNBOUNDED_FOLLOWING):
        return None
    if kind == FrameBound.CURRENT:
        return 0
    if type(n) is not int or n < 0:
        return False
    return _SIGN[kind] * n


def _null_test(e) -> bool:
    """Is ``e`` the ``k IS NULL`` key a NULLS FIRST/LAST translation adds?"""
    return (isinstance(e, ir.Func) and e.name == FuncName.BOOL_INT and len(e.args) == 1
            and isinstance(e.args[0], ir.IsNull))


def range_bounds(w: ir.Window):
    """(start, end) signed offsets of ``w``'s RANGE frame (None: unbounded), when the frame
    is RANGE, excludes nothing, starts at UNBOUNDED PRECEDING or an offset and ends at an
    offset or UNBOUNDED FOLLOWING, no later than it starts; else None. The default frame is
    (None, 0)."""
    if not w.frame:
        return None, 0
    unit, start, end, exclude = w.frame
    if unit != FrameUnit.RANGE or exclude != FrameExclude.NO_OTHERS:
        return None
    if start[0] == FrameBound.UNBOUNDED_FOLLOWING or end[0] == FrameBound.UNBOUNDED_PRECEDING:
        return None
    lo, hi = _bound(start), _bound(end)
    if lo is False or hi is False or (lo is not None and hi is not None and lo > hi):
        return None
    return lo, hi


def frame_conds(k: ir.Col, k2: ir.Col, desc: bool, bounds) -> list:
    """The conditions on the copy's key ``k2`` that put its row in the frame of the row with
    key ``k``, ``bounds`` as ``range_bounds`` gives them (ascending positions; DESC mirrors)."""
    out = []
    for d, op in zip(bounds, (CmpOp.GE, CmpOp.LE), strict=True):
        if d is None:
            continue
        if desc:
            d, op = -d, {CmpOp.GE: CmpOp.LE, CmpOp.LE: CmpOp.GE}[op]
        at = k if d == 0 else ir.Arith(ArithOp.ADD if d > 0 else ArithOp.SUB, k,
                                       ir.Lit(abs(d), Ty.INT), Ty.INT)
        out.append(ir.Cmp(op, k2, at))
    return out


def holds_row(bounds) -> bool:
    """Does a frame of these ``bounds`` hold the current row (so it is never empty)?"""
    lo, hi = bounds
    return (lo is None or lo <= 0) and (hi is None or hi >= 0)


def offset_key(bounds, k, typed: bool) -> bool:
    """May ``k`` carry the frame ``bounds``: no offset but 0, or a typed INTEGER column?"""
    return all(d in (None, 0) for d in bounds) or _integral(k, typed)


def below(src, f):
    """``src`` with ``f`` applied to the query of each derived table of its join tree (the
    driver merges views before it rewrites inside them: a window translated there lets the
    view merge; also ``view_windows``)."""
    if isinstance(src, ir.Derived):
        inner = f(src.query)
        return src if inner is src.query else dataclasses.replace(src, query=inner)
    if isinstance(src, ir.Join):
        left, right = below(src.left, f), below(src.right, f)
        return src if (left, right) == (src.left, src.right) else dataclasses.replace(src, left=left, right=right)
    return src


def frame_window_as_subquery(q, schema, typed: bool = False):
    """See the module: a RANGE-frame window aggregate over inner-joined tables as a correlated
    aggregate over a copy of the FROM (in ``q``, and in the derived tables it reads)."""
    if not isinstance(q, ir.Select):
        return q
    if q.source is not None and (src := below(q.source, lambda v: frame_window_as_subquery(v, schema, typed))) is not q.source:
        q = dataclasses.replace(q, source=src)
    rows = joined_rows(q, schema, "frame")
    if rows is None:
        return q
    scans, copy, rep, own = rows

    def sub(w: ir.Window):
        fn = _AGG_OF.get(w.fn)
        bounds = range_bounds(w)
        if fn is None or bounds is None or len(w.args) != (fn != AggFn.COUNT_STAR):
            return w
        keys = [(k, d) for k, d in w.order if not _null_test(k)]
        if len(keys) != 1:
            return w
        (k, desc), = keys
        if not (isinstance(k, ir.Col) and k.alias in scans and _never_null(k, q, scans, schema, typed)
                and offset_key(bounds, k, typed)
                and all(y.args[0].arg == k for y, _ in w.order if _null_test(y))):
            return w  # (NULLS FIRST/LAST of a key never NULL: the same for every row)
        if isinstance(q.source, ir.Scan) and bounds == (None, 0):
            return w  # (running_window_as_subquery's, over several keys too)
        if not (_order_blind(fn, w.args) and all(own(e) for e in (*w.args, *w.partition))):
            return w
        links = [ir.Cmp(CmpOp.EQ if _never_null(p, q, scans, schema, typed) else CmpOp.IS,
                        *sorted((p, _replace_cols(p, rep)), key=_key)) for p in w.partition]
        conds = links + frame_conds(k, _replace_cols(k, rep), desc, bounds)
        agg = ir.Agg(fn, _replace_cols(w.args[0], rep) if w.args else None, False, w.ty)
        s = dataclasses.replace(copy, where=_and(_conjuncts(copy.where) + conds), distinct=False,
                                items=(agg,), aggregate=True, limit=None, offset=0)
        return ir.ScalarSub(s, w.ty)

    return with_windows(q, sub)


def joined_rows(q, schema, tag: str):
    """``(scans, copy, rep, own)`` for a select ``q`` over inner-joined tables (no GROUP BY, no
    aggregate, no collated table, no subquery in WHERE or an ON): its scans by alias, a copy
    of it with every alias suffixed ``_tag`` (``rank_counts._copy``), the map of its columns
    to the copy's, and a test of an expression reading only the row (no subquery, window or
    aggregate); else None."""
    if q.aggregate or q.group_by or q.having is not None or q.bare_from is not None:
        return None
    scans = _scans(q.source)
    if (scans is None or not _inner(q.source) or _collated(q.source, schema)
            or any(f"{a}_{tag}" in scans for a in scans)):
        return None  # (a copy's alias must not be an alias of q)
    parts = [e for e in (q.where, *_on_conds(q.source)) if e is not None]
    if any(_has_sub(e) for e in parts) or not all(
            y.alias in scans for e in parts for y in ir.nodes(e) if isinstance(y, ir.Col)):
        return None
    copy = _copy(dataclasses.replace(q, items=(), order=()), scans, tag)
    rep = {(a, c): ir.Col(f"{a}_{tag}", c, ty, aff) for a, s in scans.items() for c, ty, aff in s.columns}

    def own(e) -> bool:
        return not _has_sub(e) and not any(
            isinstance(y, (ir.Window, ir.Agg)) or isinstance(y, ir.Col) and y.alias not in scans
            for y in ir.nodes(e))

    return scans, copy, rep, own


def with_windows(q, f):
    """``q`` with ``f`` applied to each window its items and ORDER BY read (``q`` itself when
    none changes)."""
    items = tuple(_map_windows(i, f) for i in q.items)
    order = tuple((_map_windows(e, f), d) for e, d in q.order)
    if items == q.items and order == q.order:
        return q
    return dataclasses.replace(q, items=items, order=order)


# ---- the registry's entry (``window_family.WINDOW_FAMILY`` adds it)

FRAME_PREDICATE_RULES = (
    ("frame_window_as_subquery", "over inner-joined tables (no GROUP BY), an order-blind "
     "AGG(x) OVER (PARTITION BY p ORDER BY k RANGE BETWEEN b1 AND b2), k one never-NULL key (a "
     "typed INTEGER column for an offset), is (SELECT AGG(x') FROM F' WHERE w' AND p' IS p AND "
     "k' >= k - n AND k' <= k + m): the frame as a predicate", ("select",),
     lambda canon, q, ctx: frame_window_as_subquery(q, canon.schema, canon.typed)),
)
