"""Window functions over an order of never-NULL columns as correlated subqueries (issue 25,
round 4): the textbook definitions of the SQL standard's running frames and ranks, as
engines' manuals and Calcite-based tools print them, over several ORDER BY keys.

Over one table ``t`` (rows kept by WHERE ``w``), a window ``OVER (PARTITION BY p.. ORDER
BY k1.., kn..)`` whose keys are columns of ``t`` declared never NULL (a key ``k IS NULL`` of
such a column, a translation's NULLS FIRST/LAST, is constant and goes) orders rows as the
lexicographic comparison ``k1' < k1 OR (k1' = k1 AND (k2' < k2 OR ..))`` does (``>`` for
DESC): ``<`` and ``=`` of two values of one column compare as ORDER BY does (classes
apart, one collation: no collated table), and ORDER BY's peers are the rows ``=`` on every
key (1 beside 1.0, the REAL beside the INTEGER ``-2**63``: peers and equal alike). Then:

- ``running_window_as_subquery``: an order-blind aggregate (``partitions._order_blind``)
  over the default frame (RANGE UNBOUNDED PRECEDING .. CURRENT ROW: peers included) is
  ``(SELECT AGG(x) FROM t t2 WHERE w(t2) AND t2.p IS p .. AND t2.k <=lex k)``; with a ROWS
  frame only when the keys are a total order (a never-NULL unique key among them and the
  partition columns, which the rows of a partition share); ``x`` a column of the row, any
  expression of it under COUNT, a one-test CASE of integer literals under SUM/AVG; a count
  of a test, ``SUM(CASE WHEN c THEN 1 ELSE 0 END)`` or ``COUNT(CASE WHEN c THEN v END)``
  (``v`` a non-NULL literal), is ``COUNT(*)`` of those rows where ``c`` (round 60: the
  frame holds the current row, so the sum of ones and zeros is never NULL); RANK
  is ``1 + COUNT(*)`` of the rows ``<lex``; DENSE_RANK over one key ``1 + COUNT(DISTINCT
  k)`` of them; ROW_NUMBER under a total order the COUNT(*) of rows ``<=lex`` (one key:
  ``row_number_as_count``'s); a window in the select's ORDER BY alike (round 63, i63c:
  ``ORDER BY rk`` of an item ``RANK() .. AS rk`` is a copy of the window over the same rows,
  so the list "ranked with ties" and its correlated count order the rows alike);
- ``neighbour_as_subquery``: LAG(x) (LEAD) under a total order is ``(SELECT x FROM t t2
  WHERE .. AND t2.k <lex k ORDER BY k DESC.. LIMIT 1)`` (``>lex``, ascending);
- ``first_row_in_order``: ``WHERE rn = 1`` of ``ROW_NUMBER() OVER (PARTITION BY p ORDER BY
  k..)`` under a total order of several keys is ``NOT EXISTS`` (a kept row of the
  partition ``<lex``) (one key: ``first_row_per_partition``'s).
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
    LogicOp,
    Ty,
    WindowFn,
)
from .dense_counts import DENSE_COUNT_RULES
from .facts import _rejects_col
from .first_rows import _is_first
from .partitions import _AGG_OF, _order_blind
from .rank_counts import RANK_COUNT_RULES
from .rank_groups import RANK_GROUP_RULES
from .terms import _and, _conjuncts, _has_sub, _key, _replace_cols, _unique_keys
from .windows import _collated, _map_windows

_ONE = ir.Lit(1, Ty.INT)


def _keys(w: ir.Window, scan: ir.Scan, t, where=None) -> list | None:
    """The ORDER BY keys of ``w`` without constant NULL tests, when each is a column of
    ``scan`` never NULL on a row ``where`` keeps (and the partition keys columns of it);
    else None."""
    out = []
    for k, desc in w.order:
        if (isinstance(k, ir.Func) and k.name == FuncName.BOOL_INT and len(k.args) == 1
                and isinstance(k.args[0], ir.IsNull) and _never_null(k.args[0].arg, scan, t, where)):
            continue  # NULLS FIRST/LAST of a column never NULL: the same for every row
        if not _never_null(k, scan, t, where):
            return None
        out.append((k, desc))
    if not out or not all(isinstance(p, ir.Col) and p.alias == scan.alias for p in w.partition):
        return None
    return out


def _never_null(e, scan: ir.Scan, t, where=None) -> bool:
    """Is ``e`` a column of ``scan`` declared never NULL, or one that a conjunct of
    ``where`` rejects when NULL (``x IS NOT NULL``, ``x > 0``, ``x + 1 < y``: never TRUE on
    a NULL ``x``), so never NULL on a kept row? The copies ``t2`` of ``_sub`` keep the rows
    ``w(t2)`` keeps: the same rows."""
    if not (isinstance(e, ir.Col) and e.alias == scan.alias):
        return False
    return t.never_null(e.name) or any(_rejects_col(c, (e.alias, e.name)) for c in _conjuncts(where))


def _total(keys: list, t, where=None, partition=()) -> bool:
    """Is a unique key of ``t`` among the key columns (and the ``partition`` columns, equal
    on the rows a window compares), each never NULL on a kept row (UNIQUE lets several NULLs
    in, never two equal non-NULL values)?"""
    cols = {k.name.lower(): k for k in [*(k for k, _ in keys), *partition] if isinstance(k, ir.Col)}
    return any(key and set(key) <= set(cols) and all(
        t.never_null(c) or any(_rejects_col(d, (cols[c].alias, cols[c].name)) for d in _conjuncts(where))
        for c in key) for key in _unique_keys(t))


def _lex(keys: list, rep: dict, last: CmpOp):
    """``k1' < k1 OR (k1' = k1 AND (..))``, the last key compared by ``last`` (``<`` or
    ``<=``; reversed for DESC and for ``>``-readings by the caller through ``keys``)."""
    (k, desc), rest = keys[0], keys[1:]
    inner = _replace_cols(k, rep)
    if not rest:
        op = {CmpOp.LT: CmpOp.GT, CmpOp.LE: CmpOp.GE}[last] if desc else last
        return ir.Cmp(op, inner, k)
    before = ir.Cmp(CmpOp.GT if desc else CmpOp.LT, inner, k)
    tie = ir.Cmp(CmpOp.EQ, *sorted((k, inner), key=_key))
    return ir.Logic(LogicOp.OR, (before, ir.Logic(LogicOp.AND, (tie, _lex(rest, rep, last)))))


def _sub(w: ir.Window, scan: ir.Scan, where, keys: list, last: CmpOp, item, suffix: str,
         schema: Schema, aggregate: bool = True, order=(), limit=None) -> ir.ScalarSub:
    alias = f"{scan.alias}_{suffix}"  # sorts after the outer alias, as a name it extends
    rep = {(scan.alias, c): ir.Col(alias, c, ty, aff) for c, ty, aff in scan.columns}
    t = schema.table(scan.table)
    # IS: NULL partition keys are one partition; = where the column is never NULL (the same)
    conds = [ir.Cmp(CmpOp.EQ if _never_null(p, scan, t, where) else CmpOp.IS,
                    *sorted((p, _replace_cols(p, rep)), key=_key)) for p in w.partition]
    conds.append(_lex(keys, rep, last))
    sub = ir.Select(source=dataclasses.replace(scan, alias=alias),
                    where=_and(_conjuncts(_replace_cols(where, rep)) + conds), group_by=(),
                    having=None, items=(_replace_cols(item, rep),), distinct=False,
                    order=_replace_cols(order, rep), limit=limit, offset=0, aggregate=aggregate)
    return ir.ScalarSub(sub, item.ty)


def _plain_scan(q, schema: Schema) -> bool:
    return (isinstance(q, ir.Select) and isinstance(q.source, ir.Scan) and not q.aggregate
            and not q.group_by and q.bare_from is None and not _has_sub(q.where)
            and not _collated(q.source, schema))


_NOT_OWN = (ir.Window, ir.Agg, ir.ScalarSub, ir.Exists, ir.InSub)


def _pure(e, alias: str) -> bool:
    """Does ``e`` read the row of ``alias`` only (no subquery, window, aggregate)?"""
    return not any(isinstance(y, _NOT_OWN) or isinstance(y, ir.Col) and y.alias != alias
                   for y in ir.local_nodes(e))


def _one_test(e):
    """``c`` of ``CASE WHEN c THEN v [ELSE d] END`` (one test), with the values; else None."""
    if isinstance(e, ir.Case) and len(e.whens) == 1:
        (c, v), = e.whens
        return c, v, e.default
    return None


def _own_arg(fn: AggFn, a, alias: str) -> bool:
    """May the running aggregate ``fn(a)`` be copied into the subquery? A column of the row;
    any expression of it under COUNT; under SUM/AVG a one-test CASE of integer literals."""
    if isinstance(a, ir.Col):
        return a.alias == alias
    if not _pure(a, alias):
        return False
    if fn == AggFn.COUNT:
        return True
    parts = _one_test(a)
    return parts is not None and all(isinstance(v, ir.Lit) and (v.value is None or type(v.value) is int)
                                     for v in parts[1:])


def _counted_test(fn: AggFn, args: tuple):
    """The test ``c`` when ``fn(args)`` over a non-empty frame counts its rows where ``c`` is
    TRUE: ``SUM(CASE WHEN c THEN 1 ELSE 0 END)`` (a sum of ones and zeros, never NULL over
    rows), ``COUNT(CASE WHEN c THEN v END)`` with ``v`` a non-NULL literal; else None."""
    parts = _one_test(args[0]) if len(args) == 1 else None
    if parts is None:
        return None
    c, v, d = parts
    if fn == AggFn.SUM and v == _ONE and d == ir.Lit(0, Ty.INT):
        return c
    if (fn == AggFn.COUNT and isinstance(v, ir.Lit) and v.value is not None
            and isinstance(d, ir.Lit) and d.value is None):
        return c
    return None


def _running_frame(w: ir.Window) -> FrameUnit | None:
    """The unit of a frame UNBOUNDED PRECEDING .. CURRENT ROW excluding nothing, else None."""
    if not w.frame:
        return FrameUnit.RANGE
    unit, (start, _), (end, _), exclude = w.frame
    if (start, end, exclude) == (FrameBound.UNBOUNDED_PRECEDING, FrameBound.CURRENT,
                                 FrameExclude.NO_OTHERS):
        return unit
    return None


def running_window_as_subquery(q: ir.Select, schema: Schema) -> ir.Select:
    """See the module: running aggregates, RANK, DENSE_RANK of one key and ROW_NUMBER of
    several keys in a total order, over one table's kept rows, as correlated subqueries."""
    if not _plain_scan(q, schema):
        return q
    scan, t = q.source, schema.table(q.source.table)

    def sub(w: ir.Window):
        keys = _keys(w, scan, t, q.where)
        if keys is None:
            return w
        count = ir.Agg(AggFn.COUNT_STAR, None, False, Ty.INT)
        if w.fn == WindowFn.RANK and not w.args:
            return ir.Arith(ArithOp.ADD, _ONE, _sub(w, scan, q.where, keys, CmpOp.LT, count, "rank", schema), Ty.INT)
        if w.fn == WindowFn.DENSE_RANK and not w.args and len(keys) == 1:
            distinct = ir.Agg(AggFn.COUNT, keys[0][0], True, Ty.INT)
            return ir.Arith(ArithOp.ADD, _ONE, _sub(w, scan, q.where, keys, CmpOp.LT, distinct, "rank", schema), Ty.INT)
        total = _total(keys, t, q.where, w.partition)
        if w.fn == WindowFn.ROW_NUMBER and not w.args and len(keys) > 1 and total:
            return _sub(w, scan, q.where, keys, CmpOp.LE, count, "row_number", schema)
        fn = _AGG_OF.get(w.fn)
        unit = _running_frame(w)
        if (fn is None or unit is None or not w.order or not _order_blind(fn, w.args)
                or (unit == FrameUnit.ROWS and not total)
                or not all(_own_arg(fn, a, scan.alias) for a in w.args)):
            return w
        test = _counted_test(fn, w.args)
        if test is not None:  # the frame holds the current row: never empty
            c = _sub(w, scan, q.where, keys, CmpOp.LE, count, "running", schema)
            rep = {(scan.alias, n): ir.Col(c.query.source.alias, n, ty, aff) for n, ty, aff in scan.columns}
            where = _and(_conjuncts(c.query.where) + [_replace_cols(test, rep)])
            return dataclasses.replace(c, query=dataclasses.replace(c.query, where=where))
        agg = ir.Agg(fn, w.args[0] if w.args else None, False, w.ty)
        return _sub(w, scan, q.where, keys, CmpOp.LE, agg, "running", schema)

    return _mapped_windows(q, sub)


def _mapped_windows(q: ir.Select, sub) -> ir.Select:
    """``q`` with ``sub`` applied to each window of its items and of its ORDER BY (round 63,
    i63c: ``ORDER BY rk`` of a ``RANK() .. AS rk`` item reads a copy of the window, computed
    over the same rows of the same select, so it is the same value as the item's; a key
    left a window would keep the two forms of one query apart), else ``q``."""
    items = tuple(_map_windows(i, sub) for i in q.items)
    order = tuple((_map_windows(k, sub), desc) for k, desc in q.order)
    if items == q.items and order == q.order:
        return q
    return dataclasses.replace(q, items=items, order=order)


def neighbour_as_subquery(q: ir.Select, schema: Schema) -> ir.Select:
    """LAG(x) / LAG(x, 1) / LAG(x, 1, NULL) under a total order (the partition columns
    may complete it: rows of one partition agree on them) is the correlated ``(SELECT
    x2 FROM t t2 WHERE w(t2) AND t2.p IS p .. AND t2.k <lex k ORDER BY k2 DESC.. LIMIT
    1)``: the row just before in the partition, NULL when there is none; LEAD the row just
    after (``>lex``, ORDER BY ascending). No tie: the LIMIT cuts one row."""
    if not _plain_scan(q, schema):
        return q
    scan, t = q.source, schema.table(q.source.table)

    def sub(w: ir.Window):
        if w.fn not in (WindowFn.LAG, WindowFn.LEAD) or not w.args:
            return w
        x, rest = w.args[0], w.args[1:]
        if rest and (rest[0] != _ONE or len(rest) > 2 or len(rest) == 2 and not (
                isinstance(rest[1], ir.Lit) and rest[1].value is None)):
            return w  # another offset, or a default that is not NULL
        keys = _keys(w, scan, t, q.where)
        if keys is None or not _total(keys, t, q.where, w.partition) or _has_sub(x) or any(
                isinstance(y, ir.Col) and y.alias != scan.alias for y in ir.local_nodes(x)):
            return w
        lag = w.fn == WindowFn.LAG
        flipped = keys if lag else [(k, not d) for k, d in keys]
        order = tuple((k, not d) for k, d in flipped)
        return _sub(w, scan, q.where, flipped, CmpOp.LT, x, "neighbour", schema, aggregate=False,
                    order=order, limit=1)

    return _mapped_windows(q, sub)


def first_row_in_order(q: ir.Select, schema: Schema) -> ir.Select:
    """``SELECT .. FROM (SELECT .., ROW_NUMBER() OVER (PARTITION BY p.. ORDER BY k1.., kn..)
    AS rn FROM t WHERE w) AS d WHERE d.rn = 1`` (``<= 1``, ``< 2``), the keys a total order
    of never-NULL columns (two or more after constant NULL tests go), no other window, is
    the derived table without the window, ``rn`` the literal 1, its WHERE ``w AND NOT
    EXISTS (SELECT 1 FROM t t2 WHERE w(t2) AND t2.p IS p .. AND t2.k <lex k)``: a row is
    numbered 1 exactly when no kept row of its partition comes before it."""
    if (not isinstance(q, ir.Select) or not isinstance(q.source, ir.Derived) or q.aggregate
            or q.group_by or q.bare_from is not None):
        return q
    d, s = q.source, q.source.query
    if (not _plain_scan(s, schema) or s.distinct or s.limit is not None or s.offset or s.order
            or len(d.names) != len(s.items)):
        return q
    wins = [i for i, e in enumerate(s.items) if any(isinstance(y, ir.Window) for y in ir.nodes(e))]
    if len(wins) != 1 or not isinstance(w := s.items[wins[0]], ir.Window):
        return q
    t = schema.table(s.source.table)
    keys = _keys(w, s.source, t, s.where)
    if (w.fn != WindowFn.ROW_NUMBER or w.args or keys is None
            or (len(keys) < 2 and _total(keys, t, s.where))  # (first_row_per_partition's)
            or not _total(keys, t, s.where, w.partition)):
        return q
    name = d.names[wins[0]]
    conds = _conjuncts(q.where)
    one = next((c for c in conds if _is_first(c, d.alias, name)), None)
    if one is None:
        return q
    before = _sub(w, s.source, s.where, keys, CmpOp.LT, _ONE, "first", schema,
                  aggregate=False).query
    items = tuple(_ONE if i == wins[0] else e for i, e in enumerate(s.items))
    inner = dataclasses.replace(s, items=items, where=_and(_conjuncts(s.where) + [ir.Not(ir.Exists(before))]))
    rep = {(d.alias, name): _ONE}
    rest = [_replace_cols(c, rep) for c in conds if c is not one]
    return dataclasses.replace(q, source=dataclasses.replace(d, query=inner), where=_and(rest),
                               items=_replace_cols(q.items, rep), order=_replace_cols(q.order, rep))


# ---- the registry's entries (``rules.RULES`` adds them as ``Rule(*entry)``)

RUNNING_RULES = (
    ("running_window_as_subquery", "over one table ordered by never-NULL columns k.., an "
     "order-blind AGG over RANGE UNBOUNDED PRECEDING..CURRENT ROW (ROWS: total order) is "
     "(SELECT AGG FROM t2 WHERE p IS p AND k2 <=lex k), SUM(CASE WHEN c THEN 1 ELSE 0 END) "
     "COUNT(*) of those where c; RANK 1 + COUNT(*) of <lex; "
     "DENSE_RANK of one key 1 + COUNT(DISTINCT k) of <lex; ROW_NUMBER of a total order of "
     "several keys COUNT(*) of <=lex (in the items and the ORDER BY)", ("select",),
     lambda canon, q, ctx: running_window_as_subquery(q, canon.schema), True),
    ("neighbour_as_subquery", "LAG(x) (LEAD) over one table in a total order of never-NULL "
     "columns is (SELECT x FROM t2 WHERE p IS p AND k2 <lex k ORDER BY k DESC LIMIT 1) "
     "(>lex, ascending)", ("select",),
     lambda canon, q, ctx: neighbour_as_subquery(q, canon.schema), True),
    ("first_row_in_order", "WHERE rn = 1 of ROW_NUMBER() OVER (PARTITION BY p ORDER BY k1, k2..) "
     "over one table, a total order of never-NULL columns, is NOT EXISTS (a kept row of the "
     "partition <lex)", ("select",),
     lambda canon, q, ctx: first_row_in_order(q, canon.schema), True),
    *RANK_COUNT_RULES,  # RANK over a view as a count of the rows before (canon/rank_counts.py)
    *RANK_GROUP_RULES,  # RANK of the select's own rows, as a view (canon/rank_groups.py)
    *DENSE_COUNT_RULES,  # COUNT(DISTINCT) at or above as 1 + above (canon/dense_counts.py)
)
