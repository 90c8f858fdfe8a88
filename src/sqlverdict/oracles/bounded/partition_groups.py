"""DISTINCT over whole-partition windows as a grouping (issue 25, i49b): ``grouped``.

``SELECT DISTINCT p1 .. pk, AGG(x) OVER (PARTITION BY p1 .. pk) .. FROM F WHERE w`` is
``SELECT p1 .. pk, AGG(x) .. FROM F WHERE w GROUP BY p1 .. pk``: the textbook definition of
a window (a correlated aggregate over the rows of the current row's partition within its
frame), read where the frame is the whole partition.

Why this is an identity of SQLite's semantics:

- PARTITION BY and GROUP BY split the same rows (those of ``F`` that ``w`` keeps: the
  window runs after WHERE, as the grouping does) by the same equality of the key values:
  NULLs together, one collation (no table of a non-BINARY collation is read here), so each
  partition is exactly one group, never empty.
- A frame that holds the whole partition (``partitions._whole_partition``: without ORDER BY
  every row is a peer of every other, so the default frame is the whole partition too) gives
  every row of a partition the aggregate over the whole group, read in an order it is
  blind to (``partitions._order_blind``: SUM/AVG/TOTAL of reals add in another order, and a
  partial sum of integers may overflow in one order only: the proof states
  ``exact_reals`` and ``integer_sums_exact``, as ``order_free`` does). ``FIRST_VALUE(x)``
  (``LAST_VALUE`` over the whole partition, the order reversed) whose one sort key is
  ``x``, NULL sorting where the aggregate skips it, is the group's MIN or MAX of ``x``
  (``extreme_first``).
- Every shown column that is not a window is a partition key, whose equal values are one
  value (a column of a canonical affinity; in the typed domain an integer or text
  expression, stating that integer arithmetic stays within 64 bits): the rows of one
  partition are then the same row, which DISTINCT keeps once,
  as the grouping shows its group once; rows of two partitions differ on a key, and so do
  the groups' rows. With every key shown, DISTINCT after the grouping keeps every row
  (it stays otherwise). At least one key: an empty table has no partition, but a grouping
  without keys has one row.

Not read so: a select that groups, aggregates, cuts (LIMIT/OFFSET) or sorts by a window; a
window with ORDER BY and a frame other than the whole partition (peers, ROWS), ranking and
offset functions; windows over different partitions.
"""

from __future__ import annotations

import dataclasses

from ...types import Schema
from . import ir, lookups
from .canon.partitions import _AGG_OF, _order_blind, _whole_partition
from .canon.terms import _has_sub
from .canon.windows import _collated
from .ir.kinds import AggFn, FrameBound, FrameExclude, FuncName, Ty, WindowFn
from .outcome import Assumption


def grouped(q: ir.Select, schema: Schema, typed: bool = False
            ) -> tuple[ir.Select, tuple[Assumption, ...]] | None:
    """``q`` (a DISTINCT select of partition keys and whole-partition windows) as the
    grouping by the keys, and what that rests on; None when ``q`` is not one.

    >>> from sqlverdict.schema import from_ddl
    >>> s = from_ddl("CREATE TABLE t(k INT, v INT)")
    >>> q = ir.lower("SELECT DISTINCT k, MAX(v) OVER (PARTITION BY k) FROM t", s).query
    >>> out, rests = grouped(q, s)
    >>> out.distinct, [g.name for g in out.group_by], out.items[1].fn.name, rests
    (False, ['k'], 'MAX', ())
    >>> grouped(ir.lower("SELECT DISTINCT k, MAX(v) OVER (PARTITION BY k ORDER BY v) FROM t", s).query, s) is None
    True
    """
    if not (isinstance(q, ir.Select) and q.distinct and not q.aggregate and not q.group_by
            and q.having is None and q.bare_from is None and q.limit is None and not q.offset
            and q.source is not None and not _collated(q.source, schema)):
        return None
    windows = [y for i in q.items for y in ir.local_nodes(i) if isinstance(y, ir.Window)]
    if not windows or any(isinstance(y, ir.Window) for k, _ in q.order for y in ir.local_nodes(k)):
        return None
    keys = windows[0].partition
    if not keys or any(set(w.partition) != set(keys) for w in windows):
        return None
    if any(_has_sub(p) or any(isinstance(y, (ir.Agg, ir.Window)) for y in ir.local_nodes(p))
           or not any(isinstance(y, ir.Col) for y in ir.local_nodes(p)) or not _one_value(p, typed)
           for p in keys):
        return None
    # (an integer expression that overflows is a REAL: -2**63 twice, as INTEGER and REAL)
    rests: list[Assumption] = [Assumption.INT_RANGE] if any(
        not isinstance(p, ir.Col) and p.ty == Ty.INT for p in keys) else []
    items = []
    never_null = lambda x: isinstance(x, ir.Col) and lookups._never_null(x, q, schema)  # noqa: E731
    for i in q.items:
        if isinstance(i, ir.Window):
            agg = _aggregate(i, never_null, typed, rests)
            if agg is None:
                return None
            items.append(agg)
        elif i in keys or not any(isinstance(y, ir.Col) for y in ir.local_nodes(i)):
            if any(isinstance(y, (ir.Window, ir.Agg)) for y in ir.local_nodes(i)) or _has_sub(i):
                return None
            items.append(i)
        else:
            return None
    if any(k not in q.items or isinstance(k, ir.Window) for k, _ in q.order):
        return None  # (DISTINCT sorts by what it shows)
    out = dataclasses.replace(q, items=tuple(items), group_by=tuple(keys), aggregate=True,
                              distinct=not all(p in items for p in keys))
    return out, tuple(dict.fromkeys(rests))


def _one_value(p, typed: bool) -> bool:
    """Are equal values of key ``p`` one value (DISTINCT and GROUP BY show the same)?"""
    if isinstance(p, ir.Col):
        return _order_blind(AggFn.MIN, (p,))
    return typed and p.ty in (Ty.INT, Ty.TEXT)


def _aggregate(w: ir.Window, never_null, typed: bool, rests: list):
    """The aggregate window ``w`` is over its whole partition, else None."""
    if any(_has_sub(a) or any(isinstance(y, (ir.Agg, ir.Window)) for y in ir.local_nodes(a))
           for a in w.args):
        return None
    fn = _AGG_OF.get(w.fn)
    if fn is not None:
        if not _whole_partition(w) or not _order_blind(fn, w.args, reals=True):
            return None
        if fn in (AggFn.SUM, AggFn.AVG):
            rests.append(Assumption.SUMS_EXACT)
            if not (typed and w.args and w.args[0].ty == Ty.INT):
                rests.append(Assumption.EXACT_REALS)
        return ir.Agg(fn, w.args[0] if w.args else None, False, w.ty)
    if w.fn not in (WindowFn.FIRST_VALUE, WindowFn.LAST_VALUE) or len(w.args) != 1 or not w.order:
        return None
    first = w.fn == WindowFn.FIRST_VALUE  # (LAST_VALUE: over the whole partition, reversed)
    if not (_whole_partition(w) or first and _from_start(w)):
        return None
    x = w.args[0]
    side = list(w.order) if first else [(k, not d) for k, d in w.order]
    fn = extreme_first(side, x, never_null(x))
    if fn is None or not _order_blind(AggFn.MIN, (x,)):
        return None
    return ir.Agg(fn, x, False, w.ty)


def _from_start(w: ir.Window) -> bool:
    """Does the frame of ``w`` start at its partition's first row and hold the current
    row (never empty), nothing excluded?"""
    if not w.frame:
        return True
    _, (start, _), (end, _), exclude = w.frame
    return (start == FrameBound.UNBOUNDED_PRECEDING and exclude == FrameExclude.NO_OTHERS
            and end in (FrameBound.CURRENT, FrameBound.UNBOUNDED_FOLLOWING))


def extreme_first(side, x, never_null: bool):
    """The aggregate the first row's ``x`` is, in the order ``side`` whose one sort key is
    ``x``: ascending MIN when NULL never sorts first (``x`` never NULL, or NULLS LAST: a
    leading key ``x IS NULL`` ascending), descending MAX (SQLite sorts NULL last
    descending, and MAX skips it: NULL either way only when every ``x`` is NULL) unless
    NULLS FIRST (``x IS NULL`` descending) and ``x`` may be NULL; else None. The rows tied
    first hold values equal to it (one value, where ``_order_blind``)."""
    nulls = None
    if len(side) == 2 and null_test(side[0][0], x):
        nulls, side = side[0][1], side[1:]  # descending: NULL (1) first
    if len(side) != 1 or side[0][0] != x:
        return None
    desc = side[0][1]
    if nulls is None:
        nulls = not desc  # SQLite's default: NULL first ascending, last descending
    if nulls and not never_null:
        return None
    return AggFn.MAX if desc else AggFn.MIN


def null_test(k, x) -> bool:
    """Is sort key ``k`` the NULL test ``x IS NULL`` (NULLS FIRST/LAST as lowered)?"""
    return (isinstance(k, ir.Func) and k.name == FuncName.BOOL_INT and len(k.args) == 1
            and isinstance(k.args[0], ir.IsNull) and k.args[0].arg == x)
