"""Parents per outer row counted through a foreign key (round 59, i59a):
``correlated_parent_count``.

``join_counts.filtered_parent_count`` with the parent's filter ``p`` reading the outer query
too: ``(SELECT COUNT(*) FROM P WHERE p(P, o) AND P.k IN (SELECT c.f FROM F WHERE w))``, a
scalar subquery correlated to the outer row ``o`` ("members with an open contract per home
club": ``WHERE m.home_club_id = c.club_id AND EXISTS (contract ..)``), is ``(SELECT
COUNT(DISTINCT c.f) FROM F WHERE w AND c.f IN (SELECT P.k FROM P WHERE p(P, o)))``, the form
``chain_counts.chain_count_as_subquery`` gives ``COUNT(DISTINCT k.member_id)`` over
``club LEFT JOIN member LEFT JOIN contract``.

Sound in SQLite for each outer row: its columns are constants while the subquery runs, so
``p`` is a deterministic filter of ``P`` alone, which is the law of ``filtered_parent_count``
(``c.f`` a declared foreign key to ``P.k``, one storage class, binary collation; ``k`` alone
a never-NULL unique key of binary collation; ``F`` uncorrelated): each distinct non-NULL
``c.f`` that has a parent row kept by ``p`` has exactly one, a parent is counted once for its
one key value, and a NULL ``c.f`` counts on neither side. The moved ``p`` now sits one scope
deeper, under ``F``'s sources: it is refused when an outer alias it reads is also an alias of
``F`` (a name ``F`` would capture), and it must read columns and deterministic operators only
(no subquery, no aggregate: ``top_one._PURE``).
"""

from __future__ import annotations

from .. import ir
from .top_one import _scans


def correlated_parent_count(q, schema, filtered_parent_count):
    """See the module docstring: ``filtered_parent_count`` (passed in: ``join_counts`` holds
    it and imports this module) for a ``p`` reading outer columns."""
    outer = _outer_aliases(q)
    return filtered_parent_count(q, schema, outer) if outer else q


def _outer_aliases(q) -> frozenset:
    """The aliases other than ``q``'s one scan that ``q``'s WHERE reads outside subqueries
    (outer columns: ``q`` has no other source), empty when ``q`` is not a count of one scan
    or an IN's subquery names one of them in its sources (it would capture the name)."""
    if not (isinstance(q, ir.Select) and isinstance(q.source, ir.Scan)):
        return frozenset()
    outer = frozenset(y.alias for y in ir.local_nodes(q.where)
                      if isinstance(y, ir.Col) and y.alias != q.source.alias)
    for y in ir.local_nodes(q.where):
        if isinstance(y, (ir.InSub, ir.Exists)) and isinstance(y.query, ir.Select):
            inner = _scans(y.query.source) if y.query.source is not None else None
            if inner is None or outer & set(inner):
                return frozenset()
    return outer


# ---- the registry's entry (``join_counts.JOIN_COUNT_RULES`` holds it, after
# ``filtered_parent_count``, which it passes in)

def correlated_parent_rules(filtered_parent_count) -> tuple:
    return (
        ("correlated_parent_count", "SELECT COUNT(*) FROM P WHERE p(P, outer) AND P.k IN (SELECT "
         "c.f FROM F WHERE w), p reading outer columns (none an alias of F), c.f a foreign key to "
         "P.k (one storage class, binary collation), k alone a never-NULL unique key, is SELECT "
         "COUNT(DISTINCT c.f) FROM F WHERE w AND c.f IN (SELECT P.k FROM P WHERE p)", ("select",),
         lambda canon, q, ctx: correlated_parent_count(q, canon.schema, filtered_parent_count),
         True),
    )
