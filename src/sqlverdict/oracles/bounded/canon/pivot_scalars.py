"""Correlated aggregates over a table's distinct keys as one grouping (issue 25, i44d):
``scalar_aggregates_of_distinct_keys``.

The law (site ``select``): ``SELECT f(d.k.., (SELECT A(x) FROM T b WHERE b.k = d.k .. AND
w(b) AND p(b)) ..) FROM (SELECT DISTINCT k.. FROM T a WHERE w(a)) d`` is ``SELECT f(k..,
A(CASE WHEN p THEN x END) ..) FROM T WHERE w GROUP BY k..``: SQL Server's PIVOT, or a
report's per-key columns, written as one correlated subquery per column against the
conditional aggregates. Each subquery equates every key of ``d`` with the same column of
its own scan of ``T``, repeats ``d``'s WHERE ``w`` and adds its own filter ``p`` (none:
``A(x)``); ``COUNT(*)`` reads ``COUNT(CASE WHEN p THEN 1 END)``; ``A`` is COUNT, SUM, AVG,
MIN, MAX or TOTAL (DISTINCT or not), its items arithmetic of such aggregates; counts alone
are ``counts_per_distinct_key``'s, the same law for COUNT.

Sound in SQLite: the keys are declared never NULL, so each row of ``d`` is one group of
``T WHERE w`` by ``k..`` (GROUP BY and DISTINCT compare alike), and ``b.k = d.k`` on the same
column (one affinity, no conversion, BINARY collation) holds for exactly the rows of that
group (GROUP BY puts two values in one group when ``=`` holds between them: 1 and 1.0, a
text with itself). The subquery aggregates the group's rows where ``p`` is TRUE; the CASE
gives NULL on the others, which every such aggregate skips (over none of them: COUNT 0,
TOTAL 0.0, the others NULL, as the subquery over no row). A NULL key would be a group of
``T`` that no ``=`` finds (the subquery sees nothing): not proved. The same rows are added
in another plan (``proofs.OTHER_PLAN``: SUM of reals states ``exact_reals``). The near
misses: a subquery without ``w``, a key compared with another column, ``ELSE 0``.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Ty
from .aggregates import _map_top
from .terms import _and, _conjuncts, _has_sub, _replace_cols, _windowless

_CONDITIONAL = (AggFn.COUNT, AggFn.SUM, AggFn.AVG, AggFn.MIN, AggFn.MAX, AggFn.TOTAL)


class _Refused(Exception):
    pass


def _keys_view(q, schema):
    """(d, its scan of T, {d's column: T's key column}) of ``q``'s one source ``d = SELECT
    DISTINCT k.. FROM T a WHERE w`` (keys declared never NULL, no collation), else None."""
    d = q.source
    if not (isinstance(d, ir.Derived) and isinstance(s := d.query, ir.Select) and s.distinct
            and not s.aggregate and isinstance(t := s.source, ir.Scan) and not s.group_by
            and s.having is None and s.limit is None and not s.offset and not s.order
            and s.bare_from is None and (s.where is None or not _has_sub(s.where))
            and len(set(d.names)) == len(d.names)):
        return None
    table = schema.table(t.table)
    if table.collated or not all(isinstance(i, ir.Col) and i.alias == t.alias and table.never_null(i.name)
                                 for i in s.items):
        return None
    return d, t, {n: i for n, i in zip(d.names, s.items, strict=True)}


def _conditional(sub, alias: str, where, t, keys: dict, ops=lambda name: (CmpOp.EQ,)):
    """The items of scalar subquery ``sub`` as aggregates of ``t``'s rows (module
    docstring); raises ``_Refused``. ``alias``: the outer source whose columns ``keys`` name,
    ``where``: the filter the subquery repeats, ``ops(name)``: the comparisons that may link
    key ``name`` (``=`` here)."""
    s = sub.query
    if not (isinstance(s, ir.Select) and s.aggregate and isinstance(b := s.source, ir.Scan)
            and b.table == t.table and not s.group_by and s.having is None and s.limit is None
            and not s.offset and not s.distinct and s.bare_from is None and len(s.items) == 1
            and _windowless(s)):
        raise _Refused
    to_a = {(b.alias, n): ir.Col(t.alias, n, ty, aff) for n, ty, aff in t.columns}
    from_a = {(t.alias, n): ir.Col(b.alias, n, ty, aff) for n, ty, aff in t.columns}
    conds = _conjuncts(s.where)
    for c in _conjuncts(where):  # the view's filter, on the subquery's scan
        mine = _replace_cols(c, from_a)
        if mine not in conds:
            raise _Refused
        conds.remove(mine)
    for name, k in keys.items():
        eq = [c for c in conds if isinstance(c, ir.Cmp) and c.op in ops(name) and not c.conv
              and {(y.alias, y.name) for y in (c.left, c.right) if isinstance(y, ir.Col)}
              == {(b.alias, k.name), (alias, name)}]
        if not eq:
            raise _Refused
        conds.remove(eq[0])
    if any(_has_sub(c) or any(isinstance(y, ir.Col) and y.alias != b.alias for y in ir.nodes(c))
           for c in conds):
        raise _Refused
    p = _replace_cols(_and(conds), to_a)

    def agg(y):
        if isinstance(y, ir.Agg):
            if y.fn == AggFn.COUNT_STAR:
                return y if p is None else ir.Agg(
                    AggFn.COUNT, ir.Case(((p, ir.Lit(1, Ty.INT)),), ir.Lit(None, Ty.NULL), Ty.INT), False, y.ty)
            if (y.fn not in _CONDITIONAL or y.arg is None or _has_sub(y.arg)
                    or any(isinstance(c, ir.Col) and c.alias != b.alias for c in ir.nodes(y.arg))):
                raise _Refused
            x = _replace_cols(y.arg, to_a)
            return y if p is None and x == y.arg else ir.Agg(
                y.fn, x if p is None else ir.Case(((p, x),), ir.Lit(None, Ty.NULL), ir._ty(x)), y.distinct, y.ty)
        if isinstance(y, (ir.Col, ir.InSub, ir.Exists, ir.ScalarSub)):
            raise _Refused
        return y

    return _map_top(s.items[0], agg)


def scalar_aggregates_of_distinct_keys(q, schema):
    """``q`` as one grouping of ``T`` (module docstring), else ``q``."""
    if not (isinstance(q, ir.Select) and not q.aggregate and q.where is None and not q.group_by
            and q.having is None and q.limit is None and not q.offset and not q.order
            and q.bare_from is None and _windowless(q) and schema is not None):
        return q
    view = _keys_view(q, schema)
    if view is None:
        return q
    d, t, keys = view

    def item(y):
        if isinstance(y, ir.ScalarSub):
            return _conditional(y, d.alias, d.query.where, t, keys)
        if isinstance(y, ir.Col) and y.alias == d.alias:
            return keys[y.name]
        if isinstance(y, (ir.InSub, ir.Exists)):
            raise _Refused
        return y

    try:
        items = tuple(_map_top(i, item) for i in q.items)
    except _Refused:
        return q
    aggs = [y for i in items for y in ir.local_nodes(i) if isinstance(y, ir.Agg)]
    if all(a.fn in (AggFn.COUNT, AggFn.COUNT_STAR) for a in aggs):
        return q  # (none, or counts alone: counts_per_distinct_key's)
    return dataclasses.replace(q, source=t, where=d.query.where, group_by=tuple(keys.values()),
                               items=items, aggregate=True)


PIVOT_SCALAR_RULE = (
    "scalar_aggregates_of_distinct_keys", "SELECT d.k.., (SELECT A(x) FROM T WHERE T.k = d.k "
    ".. AND w AND p) .. FROM (SELECT DISTINCT k.. FROM T WHERE w) d, keys never NULL, is SELECT "
    "k.., A(CASE WHEN p THEN x END) .. FROM T WHERE w GROUP BY k..", ("select",),
    lambda canon, q, ctx: scalar_aggregates_of_distinct_keys(q, canon.schema))
