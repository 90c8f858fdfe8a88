"""A magic set that holds the row's own value (issue 25, i41c): ``own_row_in``.

HyPer's unnesting with a magic domain (Neumann and Kemper) restricts the inner table to the
outer values: ``SELECT .. FROM (SELECT DISTINCT c FROM T) d JOIN T u ON u.c = d.c``, which
the semijoin laws write ``u.c IN (SELECT c FROM T)`` over the scan ``u`` of ``T`` itself.
A WHERE conjunct ``o.c IN (SELECT s.c FROM T s)``, ``o`` a scan of ``T`` in the select and
the subquery all of ``T`` (no WHERE, GROUP BY, DISTINCT or LIMIT), the same column ``c``,
no conversion, is ``o.c IS NOT NULL``.

Sound in SQLite: the row ``o`` is itself a row of ``T``, so the subquery's values hold
``o.c``; a non-NULL value equals itself (the same storage class and bytes, under any
collation; SQLite stores no NaN), so the IN is TRUE. A NULL ``o.c`` makes the IN NULL (or
FALSE), and ``IS NOT NULL`` FALSE: a conjunct drops the row either way (the site ``cond``
reads conjuncts only). Not for ``NOT IN`` nor inside OR.
"""

from __future__ import annotations

from .. import ir
from ..ir.kinds import Conv
from .terms import Flat


def own_row_in(c, leaves):
    """``o.c IS NOT NULL`` for the conjunct ``o.c IN (SELECT s.c FROM T s)``, ``o`` a scan of
    ``T`` among ``leaves`` (module docstring); else ``c``."""
    if not (isinstance(c, ir.InSub) and c.conv == Conv.NONE and not c.convs
            and isinstance(c.arg, ir.Col) and isinstance(q := c.query, ir.Select)):
        return c
    src = q.source
    if isinstance(src, Flat) and len(src.leaves) == 1 and not src.classes:
        src = src.leaves[0]
    if not (isinstance(src, ir.Scan) and q.where is None and not q.group_by and q.having is None
            and not q.aggregate and not q.distinct and q.limit is None and not q.offset
            and q.bare_from is None and len(q.items) == 1 and isinstance(q.items[0], ir.Col)
            and q.items[0].alias == src.alias and q.items[0].name == c.arg.name):
        return c
    if any(isinstance(o, ir.Scan) and o.alias == c.arg.alias and o.table == src.table for o in leaves):
        return ir.Not(ir.IsNull(c.arg))
    return c


OWN_ROW_IN_RULES = (
    ("own_row_in", "a conjunct o.c IN (SELECT c FROM T), o a scan of T in the select, is o.c "
     "IS NOT NULL (o's own row is in the set; HyPer's magic domain)", ("cond",),
     lambda canon, c, ctx: own_row_in(c, ctx["leaves"]), False),
)
