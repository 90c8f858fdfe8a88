"""Window functions and LIMIT (issue 25, round 4): Spark's OptimizeWindowFunctions and
LimitPushDownThroughWindow, and the text-to-SQL top-N written with ROW_NUMBER.

- ``nth_value_first``: ``NTH_VALUE(x, 1) OVER w`` is ``FIRST_VALUE(x) OVER w`` (the first
  row of the frame, NULL when the frame is empty);
- ``row_numbers_cut_as_limit``: the rows numbered 1..N by ``ROW_NUMBER() OVER (ORDER BY
  k..)`` (RANK, DENSE_RANK) under a total order are ``ORDER BY k.. LIMIT N``;
- ``limit_through_window``: rank-like windows (ROW_NUMBER, RANK, DENSE_RANK) over the
  first N rows of a total order, read in that order, number them as
  over every row: the LIMIT leaves the derived table.

A total order: the ORDER BY keys of one table's select hold every column of a declared
unique key whose columns are never NULL (no two rows tie; ``rank_without_ties``)."""

from __future__ import annotations

import dataclasses

from ....types import Schema
from .. import ir
from ..ir.kinds import CmpOp, Ty, WindowFn
from .terms import _conjuncts, _replace_cols, _unique_keys
from .windows import _map_windows

_RANK_LIKE = (WindowFn.ROW_NUMBER, WindowFn.RANK, WindowFn.DENSE_RANK)


def nth_value_first(q: ir.Select) -> ir.Select:
    """Spark OptimizeWindowFunctions (``first(x)`` over a window as ``nth_value(x, 1)``), as
    SQLite defines both: ``NTH_VALUE(x, 1)`` is ``x`` at row 1 of the frame, NULL when the
    frame has no row; ``FIRST_VALUE(x)`` is ``x`` at the frame's first row, NULL likewise.
    Any frame, partition and order (both read the same row)."""
    if not isinstance(q, ir.Select):
        return q

    def first(w: ir.Window):
        if (w.fn == WindowFn.NTH_VALUE and len(w.args) == 2 and isinstance(n := w.args[1], ir.Lit)
                and n.ty == Ty.INT and n.value == 1 and not isinstance(n.value, bool)):
            return dataclasses.replace(w, fn=WindowFn.FIRST_VALUE, args=w.args[:1])
        return w

    items = tuple(_map_windows(i, first) for i in q.items)
    order = tuple((_map_windows(k, first), d) for k, d in q.order)
    if items == q.items and order == q.order:
        return q
    return dataclasses.replace(q, items=items, order=order)


def _total(order, scan, schema: Schema) -> bool:
    """Do the keys ``order`` (pairs) over ``scan`` hold every column of a non-empty declared
    unique key of its table whose columns are never NULL?"""
    if not isinstance(scan, ir.Scan):
        return False
    t = schema.table(scan.table)
    cols = {k.name.lower() for k, _ in order if isinstance(k, ir.Col) and k.alias == scan.alias}
    return any(key and set(key) <= cols and all(t.never_null(c) for c in key)
               for key in _unique_keys(t))


def _one_table(s) -> bool:
    """A plain select of one table (no aggregate, GROUP BY, DISTINCT, bare column)."""
    return (isinstance(s, ir.Select) and isinstance(s.source, ir.Scan) and not s.aggregate
            and not s.group_by and s.having is None and not s.distinct and s.bare_from is None)


def _outer_plain(q) -> bool:
    return (isinstance(q, ir.Select) and isinstance(q.source, ir.Derived) and not q.aggregate
            and not q.group_by and q.having is None and not q.distinct and q.limit is None
            and not q.offset and q.bare_from is None)


def _numbered_view(q):
    """``(d, s)``: the derived table of a plain outer select and its select, one table
    not cut or sorted (a view whose rows a window numbers), its names unique; else None."""
    if not _outer_plain(q):
        return None
    d = q.source
    s = d.query
    if (not _one_table(s) or s.order or s.limit is not None or s.offset
            or len(d.names) != len(s.items) or len(set(d.names)) != len(d.names)):
        return None
    return d, s


_FLIP = {CmpOp.LE: CmpOp.GE, CmpOp.GE: CmpOp.LE, CmpOp.LT: CmpOp.GT, CmpOp.GT: CmpOp.LT,
         CmpOp.EQ: CmpOp.EQ}


def _cut(c, alias: str, name: str) -> int | None:
    """N when ``c`` is ``alias.name <= N``, ``< N+1`` or ``= 1`` (N = 1; either side): true of
    a row number exactly when it is at most N; else None."""
    if not isinstance(c, ir.Cmp) or c.conv or c.op not in _FLIP:
        return None
    op, col, lit = c.op, c.left, c.right
    if isinstance(lit, ir.Col):
        op, col, lit = _FLIP[op], lit, col
    if not (_is_col(col, alias, name)
            and isinstance(lit, ir.Lit) and lit.ty == Ty.INT and not isinstance(lit.value, bool)):
        return None
    n = {CmpOp.LE: lit.value, CmpOp.LT: lit.value - 1, CmpOp.EQ: 1 if lit.value == 1 else None}.get(op)
    return n if n is not None and n >= 1 else None


def row_numbers_cut_as_limit(q: ir.Select, schema: Schema) -> ir.Select:
    """``SELECT f(d..) FROM (SELECT c.., ROW_NUMBER() OVER (ORDER BY k..) AS rn FROM t WHERE
    w) AS d WHERE d.rn <= N [ORDER BY d.rn]`` (``< N+1``; ``= 1``), ``k..`` a total order of
    ``t``, is ``SELECT f(c.., ROW_NUMBER() ..) FROM t WHERE w ORDER BY k.. LIMIT N``: no two
    rows tie, so the rows numbered 1..N are the first N in ``k`` order, ``rn`` follows that
    order, and windows (computed before ORDER BY and LIMIT) read the same rows. RANK and
    DENSE_RANK are ROW_NUMBER in a total order. The outer
    select filters nothing else and orders by ``rn`` or not at all."""
    if (view := _numbered_view(q)) is None:
        return q
    d, s = view
    conds = _conjuncts(q.where)
    for i, w in enumerate(s.items):
        if not (isinstance(w, ir.Window) and w.fn in _RANK_LIKE and not w.partition
                and not w.args and w.order and _total(w.order, s.source, schema)):
            continue
        n = _cut(conds[0], d.alias, d.names[i]) if len(conds) == 1 else None
        if n is None or not (not q.order or len(q.order) == 1 and not q.order[0][1]
                             and _is_col(q.order[0][0], d.alias, d.names[i])):
            continue
        rep = {(d.alias, m): e for m, e in zip(d.names, s.items, strict=True)}
        return dataclasses.replace(s, items=_replace_cols(q.items, rep), names=q.names,
                                   order=w.order, limit=n, offset=0)
    return q


def limit_through_window(q: ir.Select, schema: Schema) -> ir.Select:
    """Spark LimitPushDownThroughWindow, read back: ``SELECT f(d.., W..) FROM (SELECT c..
    FROM t WHERE w ORDER BY k.. LIMIT N) AS d ORDER BY k..`` (the outer order the inner
    one), each window ``W`` ROW_NUMBER, RANK or DENSE_RANK ordered by ``k..`` (any
    PARTITION BY), ``k..`` a total order of ``t``, is ``SELECT f(c.., W..) FROM t WHERE w
    ORDER BY k.. LIMIT N``: the windows there number every row of ``t`` before the LIMIT,
    but a rank-like number in a total order counts the rows of its partition before it, all
    of them among the first N. No OFFSET (the rows before would be cut)."""
    if not _outer_plain(q) or q.where is not None or not q.order:
        return q
    d = q.source
    s = d.query
    if (not _one_table(s) or s.limit is None or s.offset or not s.order
            or not _windowless_select(s) or len(d.names) != len(s.items)
            or len(set(d.names)) != len(d.names) or not _total(s.order, s.source, schema)):
        return q
    rep = {(d.alias, m): e for m, e in zip(d.names, s.items, strict=True)}
    items, order = _replace_cols(q.items, rep), _replace_cols(q.order, rep)
    if order != s.order:
        return q
    wins = [y for y in ir.nodes(items) if isinstance(y, ir.Window)]
    if not wins or any(w.fn not in _RANK_LIKE or w.args or w.order != s.order
                       for w in wins):
        return q
    return dataclasses.replace(s, items=items, names=q.names)


def _is_col(e, alias: str, name: str) -> bool:
    return isinstance(e, ir.Col) and e.alias == alias and e.name == name


def _windowless_select(s: ir.Select) -> bool:
    return not any(isinstance(y, ir.Window) for y in ir.nodes((s.items, s.order)))


# ---- the registry's entries (``rules.RULES`` adds them as ``Rule(*entry)``)

WINDOW_LIMIT_RULES = (
    ("nth_value_first", "NTH_VALUE(x, 1) OVER w is FIRST_VALUE(x) OVER w (the frame's first "
     "row; NULL over an empty frame) (Spark OptimizeWindowFunctions)", ("select",),
     lambda canon, q, ctx: nth_value_first(q), True),
    ("row_numbers_cut_as_limit", "SELECT .. FROM (SELECT .., ROW_NUMBER() OVER (ORDER BY k) rn "
     "FROM t WHERE w) d WHERE d.rn <= N [ORDER BY rn] (RANK, DENSE_RANK), k a total order of t (a never-NULL "
     "unique key among its keys), is SELECT .. FROM t WHERE w ORDER BY k LIMIT N", ("select",),
     lambda canon, q, ctx: row_numbers_cut_as_limit(q, canon.schema), True),
    ("limit_through_window", "SELECT .., ROW_NUMBER()/RANK()/DENSE_RANK() OVER (ORDER BY k) "
     "FROM (SELECT .. FROM t WHERE w ORDER BY k LIMIT N) d ORDER BY k, k a total order of t, "
     "is SELECT .., the windows FROM t WHERE w ORDER BY k LIMIT N (Spark "
     "LimitPushDownThroughWindow)", ("select",),
     lambda canon, q, ctx: limit_through_window(q, canon.schema), True),
)
