"""Counts and sums over joins read as counts of distinct values or per-row subqueries (issue
25, i40c): ``declared_distinct_count``, ``filtered_parent_count``, ``summed_join_as_subquery``
and ``summed_subquery_as_inner_group``.

``declared_distinct_count``: ``SELECT COUNT(*) FROM (SELECT DISTINCT x FROM F WHERE w)``
(or ``GROUP BY x``) is ``SELECT COUNT(DISTINCT x) FROM F WHERE w`` when ``x`` is a column
declared never NULL (``types.Table.never_null``) of a table inner-joined in ``F``: as if ``w``
said ``x IS NOT NULL``, which is what ``aggregates.count_of_distinct_rows`` asks (DISTINCT and
COUNT(DISTINCT) compare alike, 1 with 1.0; a NULL would be a row of the derived table and no
value of the count). Also per group (the derived table's other items the outer GROUP BY keys).
Over one table without GROUP BY, ``view_counts.count_of_distinct_view`` says it already.

``filtered_parent_count``: ``SELECT COUNT(*) FROM P WHERE p(P) AND P.k IN (SELECT c.f FROM F
WHERE w)``, ``c.f`` a declared foreign key to ``P.k`` (one storage class, binary collation),
``k`` alone a never-NULL unique key of ``P``, is ``SELECT COUNT(DISTINCT c.f) FROM F WHERE w
AND c.f IN (SELECT P.k FROM P WHERE p(P))``: on a database that keeps the foreign key each
distinct non-NULL ``c.f`` has exactly one parent row, which ``p`` keeps or not; NULL counts on
neither side. ``p`` reads ``P`` alone (no subquery: it moves into one), deterministic. What
``parent_counts.parent_count_as_distinct`` does without ``p``, and the form its EXISTS spelling
(``exists_to_in``) and the join with ``COUNT(DISTINCT P.k)`` (the equality class reads
``c.f``, the parent a semijoin) take.

``summed_join_as_subquery``: ``joins.count_join_as_subquery`` (``X LEFT JOIN S`` grouped by
``X``'s key, each group one row of ``X``, an aggregate of ``S`` a correlated subquery) for
``SUM(S.c)`` or ``AVG(S.c)`` of an INTEGER column in the typed domain: the padded row's
SUM/AVG is NULL as over no row, and integers add to one value in any order while no partial
sum overflows or leaves 2**53 (AVG divides that sum, as a double, by the same count; the
proof states ``integer_sums_exact``: ``proofs.OTHER_GROUPS``, ``REGROUPING``). Never for
reals, nor in the sqlite domain (an INTEGER column there may hold reals, whose sum rounds
by the order of the rows).

``summed_subquery_as_inner_group``: ``magic.subquery_as_inner_group`` (``SELECT X.a..,
(SELECT AGG(S.c) FROM S WHERE p) FROM X WHERE EXISTS (SELECT 1 FROM S WHERE p)`` is ``X JOIN
S ON p`` grouped by ``X``'s key) for ``SUM(S.c)`` of an INTEGER column in the typed domain,
the same way (the textbook's "each project with its hours" as a join or as a correlated SUM
under ``EXISTS``).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, Conv, Ty
from .aggregates import count_of_distinct_rows, group_by_as_distinct
from .chained_left_sums import CHAINED_JOIN_RULES
from .correlated_parents import correlated_parent_rules
from .extremum_filters import EXTREMUM_FILTER_RULES
from .filtered_aggregates import FILTERED_AGGREGATE_RULES
from .grouped_left_counts import GROUPED_COUNT_RULES
from .joins import count_join_as_subquery, exists_to_in
from .keyed_having import KEYED_HAVING_RULES
from .magic import subquery_as_inner_group
from .parent_counts import _child_column
from .present_values import PRESENT_VALUE_RULES
from .terms import _and, _conjuncts, _declared_non_null, _unique_keys
from .top_one import _PURE


def declared_distinct_count(q, schema):
    """See the module docstring: ``count_of_distinct_rows`` with ``x IS NOT NULL`` said by
    the schema instead of the WHERE."""
    d = q.source if isinstance(q, ir.Select) else None
    if not (isinstance(d, ir.Derived) and q.aggregate and isinstance(d.query, ir.Select)
            and len(d.names) == len(d.query.items)):
        return q
    inner = group_by_as_distinct(d.query)
    if not (inner.distinct and not inner.aggregate and inner.source is not None):
        return q
    if isinstance(inner.source, ir.Scan) and not q.group_by:
        return q  # one table, one group: view_counts.count_of_distinct_view
    keys = {g.name for g in q.group_by if isinstance(g, ir.Col) and g.alias == d.alias}
    values = [i for n, i in zip(d.names, inner.items, strict=True) if n not in keys]
    added = [ir.Not(ir.IsNull(v)) for v in values if _declared_non_null(v, inner.source, schema)]
    if not added:
        return q
    where = _and(_conjuncts(inner.where) + added)
    out = count_of_distinct_rows(dataclasses.replace(
        q, source=dataclasses.replace(d, query=dataclasses.replace(inner, where=where))))
    return out if out.source is inner.source else q


def _parent_filter(q, schema, outer: frozenset = frozenset()):
    """(the subquery, P's key, P's own conjuncts) of ``COUNT(*) FROM P WHERE p AND P.k IN
    (S)`` (or ``EXISTS (.. WHERE c.f = P.k ..)``), ``p`` non-empty and reading ``P`` alone, ``k`` alone a never-NULL unique key of
    binary collation, ``S`` uncorrelated; else None. ``outer``: ``p`` reads exactly these
    outer aliases too, at least one (``correlated_parents``)."""
    if not (isinstance(q, ir.Select) and isinstance(q.source, ir.Scan) and q.aggregate
            and not q.group_by and q.having is None and not q.order and q.limit is None
            and not q.offset and not q.distinct and q.bare_from is None and len(q.items) == 1
            and isinstance(q.items[0], ir.Agg) and q.items[0].fn == AggFn.COUNT_STAR):
        return None
    alias, table = q.source.alias, schema.table(q.source.table)
    found, rest = None, []
    for c in _conjuncts(q.where):
        c = exists_to_in(c, schema, [q.source])  # EXISTS (.. WHERE c.f = P.k ..) as the IN
        if (found is None and isinstance(c, ir.InSub) and c.conv == Conv.NONE and not c.convs
                and isinstance(c.arg, ir.Col) and c.arg.alias == alias
                and isinstance(c.query, ir.Select) and not ir.free_aliases(c.query)):
            found = c
        else:
            rest.append(c)
    if found is None or not rest:
        return None
    k = found.arg.name.lower()
    if not (table.never_null(k) and [k] in _unique_keys(table)
            and k not in {x.lower() for x in table.collated}):
        return None
    read = {y.alias for c in rest for y in ir.local_nodes(c) if isinstance(y, ir.Col)} - {alias}
    if read != set(outer) or not all(isinstance(y, _PURE) for c in rest for y in ir.local_nodes(c)):
        return None
    return found.query, found.arg, rest


def filtered_parent_count(q, schema, outer: frozenset = frozenset()):
    """See the module docstring (``outer``: ``correlated_parents``)."""
    found = _parent_filter(q, schema, outer)
    if found is None:
        return q
    s, key, rest = found
    f = _child_column(s, schema, q.source.table.lower(), key.name.lower())
    if f is None:
        return q
    parents = ir.Select(q.source, _and(rest), (), None, (key,), False, (), None, 0, False)
    semi = ir.InSub(f, parents)
    count = ir.Agg(AggFn.COUNT, f, True, Ty.INT)
    return dataclasses.replace(s, items=(count,), aggregate=True, distinct=False, order=(),
                               where=_and(_conjuncts(s.where) + [semi]), names=q.names)


def summed_join_as_subquery(q, schema, typed: bool):
    """See the module docstring (after ``count_join_as_subquery``, which keeps SUM)."""
    if not (typed and isinstance(q, ir.Select)):
        return q
    return count_join_as_subquery(q, schema, sums=True)


def summed_subquery_as_inner_group(q, schema, typed: bool):
    """See the module docstring (after ``subquery_as_inner_group``, which keeps SUM)."""
    if not (typed and isinstance(q, ir.Select)):
        return q
    return subquery_as_inner_group(q, schema, sums=True)


# ---- the registry's entries (``rules.RULES`` adds each as ``Rule(*entry)``)

JOIN_COUNT_RULES = (
    ("declared_distinct_count", "COUNT(*) over SELECT DISTINCT x (or GROUP BY x) of F, x a column "
     "declared never NULL of a table inner-joined in F, is COUNT(DISTINCT x) over F (per group "
     "of the derived table's other items as outer GROUP BY keys)", ("select",),
     lambda canon, q, ctx: declared_distinct_count(q, canon.schema), True),
    ("filtered_parent_count", "SELECT COUNT(*) FROM P WHERE p(P) AND P.k IN (SELECT c.f FROM F "
     "WHERE w), c.f a foreign key to P.k (one storage class, binary collation), k alone a "
     "never-NULL unique key, p deterministic over P alone, is SELECT COUNT(DISTINCT c.f) FROM F "
     "WHERE w AND c.f IN (SELECT P.k FROM P WHERE p)", ("select",),
     lambda canon, q, ctx: filtered_parent_count(q, canon.schema), True),
    *correlated_parent_rules(filtered_parent_count),  # p reading the outer row (correlated_parents.py)
    *PRESENT_VALUE_RULES,  # values every aggregated row holds (canon/present_values.py)
    *FILTERED_AGGREGATE_RULES,  # CASE WHEN c of an ungrouped query (canon/filtered_aggregates.py)
    *EXTREMUM_FILTER_RULES,  # a bound on a group's MIN/MAX as a WHERE (canon/extremum_filters.py)
)

# at the site "unordered", after ``count_join_as_subquery``
GROUPED_JOIN_RULES = (
    ("summed_join_as_subquery", "typed domain: SUM(S.c) or AVG(S.c) of an INTEGER column of X LEFT JOIN S "
     "grouped by X's never-NULL one-column key is the correlated (SELECT SUM(S.c) FROM S WHERE "
     "p) (integer_sums_exact)", ("unordered",),
     lambda canon, q, ctx: summed_join_as_subquery(q, canon.schema, canon.typed), True),
    *GROUPED_COUNT_RULES,  # grouped by other columns of X (canon/grouped_left_counts.py)
    *KEYED_HAVING_RULES,  # an inner join's one-row groups under HAVING (canon/keyed_having.py)
    *CHAINED_JOIN_RULES,  # a chain of LEFT JOINs, sums of reals (canon/chained_left_sums.py)
)

# at the site "unordered", after ``subquery_as_inner_group``
INNER_GROUP_RULES = (
    ("summed_subquery_as_inner_group", "typed domain: SELECT X.a.., (SELECT SUM(S.c) FROM S "
     "WHERE p) FROM X WHERE EXISTS (SELECT 1 FROM S WHERE p), c an INTEGER column, X's key a "
     "never-NULL one-column primary key, is SELECT X.a.., SUM(S.c) FROM X JOIN S ON p GROUP BY "
     "X.k (integer_sums_exact)", ("unordered",),
     lambda canon, q, ctx: summed_subquery_as_inner_group(q, canon.schema, canon.typed), True),
)
