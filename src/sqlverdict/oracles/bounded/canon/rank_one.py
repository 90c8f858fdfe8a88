"""Rank one as "no earlier row" (issue 25, i44b): ``top_rank_as_no_earlier``.

Oracle's ``KEEP (DENSE_RANK FIRST ORDER BY k)``, the "rows of the earliest day per
customer" of every migration guide, is written ``WHERE dr = 1`` over ``RANK()`` or
``DENSE_RANK() OVER (PARTITION BY p ORDER BY k..)``, and by hand as ``k = (SELECT MIN(k) ..
WHERE p = p)`` or ``NOT EXISTS (.. WHERE p = p AND k' < k)``. ``canon/running.py``'s
``first_row_in_order`` reads ROW_NUMBER's first row this way when the order is total; a
rank needs no total order:

``SELECT .. FROM (SELECT .., RANK() OVER (PARTITION BY p.. ORDER BY k..) AS r FROM t WHERE
w) AS d WHERE d.r = 1`` (``<= 1``, ``< 2``; DENSE_RANK alike), the keys columns of ``t``
never NULL on a kept row, no other window, is the derived table with ``r`` the literal 1
and WHERE ``w AND NOT EXISTS (SELECT 1 FROM t t2 WHERE w(t2) AND t2.p IS p .. AND t2.k
<lex k)``.

Why it holds in SQLite: RANK is 1 + the number of rows of the partition before the row's
peer group, DENSE_RANK 1 + the number of distinct key tuples before it; both are 1 exactly
when no row of the partition sorts strictly before the row, whatever the ties (peers share
a rank). The partition is the rows ``w`` keeps with the same PARTITION BY values (``IS``:
NULLs are one partition; ``=`` where never NULL), and "strictly before" on never-NULL keys
is ``<lex`` (``<`` and ``=`` of one column compare as ORDER BY does: no collated table; a
NULL key would sort first and compare with nothing, so keys that may be NULL are refused).
The rows kept all have rank 1, so the column reads 1 (in items, GROUP BY, HAVING, ORDER BY:
the outer WHERE filters before any grouping). Near misses: ``r = 2``, ROW_NUMBER
over a non-total order (ties broken arbitrarily), a key that may be NULL.
"""

from __future__ import annotations

import dataclasses

from ....types import Schema
from .. import ir
from ..ir.kinds import CmpOp, WindowFn
from .first_rows import _is_first
from .running import _keys, _plain_scan, _sub
from .terms import _and, _conjuncts, _replace_cols


def top_rank_as_no_earlier(q: ir.Select, schema: Schema) -> ir.Select:
    """See the module: a cut ``r = 1`` of RANK or DENSE_RANK as NOT EXISTS an earlier row."""
    if not isinstance(q, ir.Select) or not isinstance(q.source, ir.Derived) or q.bare_from is not None:
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
    if w.fn not in (WindowFn.RANK, WindowFn.DENSE_RANK) or w.args or keys is None:
        return q
    name = d.names[wins[0]]
    conds = _conjuncts(q.where)
    one = next((c for c in conds if _is_first(c, d.alias, name)), None)
    if one is None:
        return q
    lit = ir.Lit(1, w.ty)
    before = _sub(w, s.source, s.where, keys, CmpOp.LT, lit, "first", schema, aggregate=False).query
    items = tuple(lit if i == wins[0] else e for i, e in enumerate(s.items))
    inner = dataclasses.replace(s, items=items, where=_and(_conjuncts(s.where) + [ir.Not(ir.Exists(before))]))
    rep = {(d.alias, name): lit}
    rest = [_replace_cols(c, rep) for c in conds if c is not one]
    return dataclasses.replace(q, source=dataclasses.replace(d, query=inner), where=_and(rest),
                               items=_replace_cols(q.items, rep), order=_replace_cols(q.order, rep),
                               group_by=_replace_cols(q.group_by, rep), having=_replace_cols(q.having, rep))


# ---- the registry's entry (``rules.RULES`` adds it as ``Rule(*entry)``)

RANK_ONE_RULE = (
    "top_rank_as_no_earlier", "WHERE r = 1 of RANK() or DENSE_RANK() OVER (PARTITION BY p ORDER "
    "BY k..) over one table, never-NULL keys (any ties), is NOT EXISTS (a kept row of the "
    "partition <lex), r the literal 1", ("select",),
    lambda canon, q, ctx: top_rank_as_no_earlier(q, canon.schema), True)
