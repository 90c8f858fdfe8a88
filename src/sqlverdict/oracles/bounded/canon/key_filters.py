"""A semijoin back to a row the query already joined (issue 25): ``in_own_row``.

Oracle's star transformation adds ``f.k IN (SELECT d.k FROM D d WHERE p)`` for a dimension
``D`` that the query may also join on its key; where it does, the subquery can only find
that joined row, and the filter is ``p`` of it.
"""

from __future__ import annotations

from ....types import Schema
from .. import ir
from ..ir.kinds import CmpOp, Conv
from .terms import TRUE, _and, _conjuncts, _replace_cols, _unique_keys


def in_own_row(c, leaves: list, conds: list, schema: Schema):
    """A conjunct ``x IN (SELECT k FROM T WHERE p)``, ``x`` the column ``i.k`` of an
    inner-joined scan ``i`` of ``T`` in the same select or equated with it by another
    conjunct ``x = i.k`` (no conversion), ``k`` a one-column unique key of ``T`` (no collated
    column), the subquery plain (no GROUP BY, aggregate, LIMIT, window), is ``p`` read on
    ``i`` (with ``i.k IS NOT NULL`` where ``k`` may be NULL and no equality implies it): the
    one row of ``T`` whose key equals ``x`` is ``i``; a NULL ``x`` finds none. A false and
    a NULL conjunct both drop the row, so only as a conjunct (the site ``sources``)."""
    if not (isinstance(c, ir.InSub) and c.conv == Conv.NONE and isinstance(c.arg, ir.Col)
            and isinstance(c.query, ir.Select)):
        return c
    q, x = c.query, c.arg
    if not (isinstance(q.source, ir.Scan) and not q.group_by and q.having is None
            and not q.aggregate and q.limit is None and not q.offset and q.bare_from is None
            and len(q.items) == 1 and isinstance(q.items[0], ir.Col)
            and q.items[0].alias == q.source.alias):
        return c
    t, k = schema.table(q.source.table), q.items[0].name
    if ([k] not in _unique_keys(t) or t.collated
            or any(isinstance(n, ir.Window) for n in ir.nodes(q))):
        return c
    scans = {s.alias: s for s in leaves
             if isinstance(s, ir.Scan) and s.table == q.source.table}
    own, implied = (scans.get(x.alias), False) if x.name == k else (None, False)
    if own is None:
        own, implied = _equated(x, k, scans, conds), True
    if own is None:
        return c
    rep = {(q.source.alias, name): ir.Col(own.alias, name, ty, aff)
           for name, ty, aff in q.source.columns}
    out = _conjuncts(_replace_cols(q.where, rep))
    if not implied and not t.never_null(k):
        out.append(ir.Not(ir.IsNull(x)))
    return _and(out) or TRUE


def _equated(x, k: str, scans: dict, conds: list):
    """The scan ``i`` of ``scans`` that a conjunct ``x = i.k`` (no conversion) equates."""
    for c in conds:
        if isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and not c.conv:
            for a, b in ((c.left, c.right), (c.right, c.left)):
                if (a == x and isinstance(b, ir.Col) and b.name == k and b.alias in scans
                        and b.alias != x.alias):
                    return scans[b.alias]
    return None
