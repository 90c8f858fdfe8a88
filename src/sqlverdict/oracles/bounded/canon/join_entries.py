"""The registry's entries for issue 25's joins (``rules.RULES`` adds them as ``Rule(*entry)``,
each list where the driver meets it): outer-join associativity and foreign-key facts
(``outer_laws``), DISTINCT over products, selections and semijoins (``distinct_laws``),
magic sets and inner-joined groupings as subqueries (``magic``), unread derived columns and
group keys read off keys (``pruning``), a semijoin to a joined row (``key_filters``)."""

from __future__ import annotations

from .coalesced_self import coalesce_of_self
from .distinct_laws import distinct_product, distinct_semijoin
from .domain_joins import DOMAIN_JOIN_RULES
from .key_filters import in_own_row
from .magic import magic_set, subquery_as_inner_group
from .outer_laws import full_join_on_foreign_key, outer_join_associative, padded_by_foreign_key
from .own_row_values import row_in_own_row
from .pruning import group_key_of_keys, unread_derived_columns
from .quantified import conditions
from .symmetric_pairs import symmetric_pair

JOIN_RULES = (
    ("coalesce_of_self", "y op COALESCE(x, y), y a NOT NULL column, x and y of one numeric "
     "affinity, is x IS NULL OR y op x (=, <=, >=), x IS NOT NULL AND y op x (<, >, <>) "
     "(canon/coalesced_self.py)", ("select",),
     lambda canon, q, ctx: coalesce_of_self(q, canon.schema), True),
    ("symmetric_pair", "SELECT DISTINCT e FROM T a, T b .. WHERE a.k < b.k AND w is .. a.k <> "
     "b.k AND w when a permutation of the scans swapping a and b maps w onto itself and e "
     "onto equal identical values (canon/symmetric_pairs.py)", ("unordered",),
     lambda canon, q, ctx: symmetric_pair(q, canon.schema, canon.typed), True),
    ("full_join_on_foreign_key", "P FULL JOIN C ON C.f = P.k, C.f -> P.k a foreign key "
     "declared NOT NULL, P a whole table, C unpadded: every C row has a partner, a LEFT "
     "JOIN (C FULL JOIN P: a RIGHT JOIN)", ("unordered",),
     lambda canon, q, ctx: full_join_on_foreign_key(q, canon.schema), True),
    ("magic_set", "in a subquery correlated to o, a scan of T, a joined (SELECT DISTINCT c "
     "FROM T) d with d.c = o.c goes, d.c read as o.c (only compared): o.c is in d once; "
     "d LEFT JOIN R ON p under NULL-blind aggregates is R WHERE p", ("select",),
     lambda canon, q, ctx: magic_set(q, canon.schema), True),
    ("unread_derived_columns", "a column of a derived table (no DISTINCT, no bare-column "
     "rule) that the outer query reads nowhere goes: one row per input row or group "
     "whatever the items", ("select",),
     lambda canon, q, ctx: unread_derived_columns(q), True),
    ("distinct_semijoin", "SELECT DISTINCT e FROM A, S WHERE w AND p(S), S read only by p "
     "(not only its own conjuncts and equalities with A's columns: those are IN), is "
     "SELECT DISTINCT e FROM A WHERE w "
     "AND EXISTS (SELECT 1 FROM S WHERE p)", ("unordered",),
     lambda canon, q, ctx: distinct_semijoin(q), True),
    ("padded_by_foreign_key", "in L LEFT JOIN P ON P.k = C.f, C.f -> P.k a foreign key, "
     "P.c declared NOT NULL is NULL exactly when C.f is: P.c IS NULL is C.f IS NULL, "
     "COALESCE(P.c, e) is CASE WHEN C.f IS NULL THEN e ELSE P.c END", ("unordered",),
     lambda canon, q, ctx: padded_by_foreign_key(q, canon.schema), True),
    ("distinct_product", "SELECT e FROM (SELECT DISTINCT ..) a, (SELECT DISTINCT ..) b WHERE "
     "w, e reading every non-literal column of each, has distinct rows: SELECT DISTINCT e "
     "(delta(R x S) = delta R x delta S, delta commutes with sigma)", ("unordered",),
     lambda canon, q, ctx: q if ctx.get("dup_free") else distinct_product(q), True),
    # (where duplicates are not read, distinct_ignored drops the DISTINCT again: no loop)
    ("outer_join_associative", "A op (SELECT cols FROM B LEFT JOIN C ON q) x ON p, op inner "
     "or LEFT, p reading no column of C, is (A op B ON p) LEFT JOIN C ON q; for LEFT only "
     "when q rejects B's NULLs (Galindo-Legaria/Rosenthal)", ("unordered",),
     lambda canon, q, ctx: outer_join_associative(q), True),
    ("subquery_as_inner_group", "SELECT X.a.., (SELECT AGG(S.c) FROM S WHERE p) FROM X WHERE "
     "EXISTS (SELECT 1 FROM S WHERE p) (or X.x IN (SELECT S.y FROM S WHERE w), p w AND S.y = "
     "X.x), X.k a never-NULL primary key, is SELECT X.a.., AGG(S.c) FROM X JOIN S ON p GROUP "
     "BY X.k", ("unordered",),
     lambda canon, q, ctx: subquery_as_inner_group(q, canon.schema), True),
    *DOMAIN_JOIN_RULES,  # the domain of the outer columns joined back (canon/domain_joins.py)
)

OWN_ROW_RULES = (
    ("in_own_row", "a conjunct x IN (SELECT k FROM T WHERE p), x = i.k of an inner-joined "
     "scan i of T, k a unique key of T, is p read on i: the subquery finds i only",
     ("sources",), lambda canon, v, ctx: conditions(
         lambda c, leaves: in_own_row(c, leaves, v[2], canon.schema), *v) or v, True),
    ("row_in_own_row", "a conjunct (x, v..) IN (SELECT k, w.. FROM T WHERE p), x = i.k of an "
     "inner-joined scan i of T, k a unique key of T, is v = i.w AND p on i (columns of one "
     "affinity, no conversion; canon/own_row_values.py)", ("sources",),
     lambda canon, v, ctx: conditions(
         lambda c, leaves: row_in_own_row(c, leaves, v[2], canon.schema), *v) or v, True),
)

GROUP_KEY_RULES = (
    ("group_key_of_keys", "a GROUP BY expression reading only other keys that are plain "
     "columns (a scalar subquery correlated on them) goes (same groups)", ("group",),
     lambda canon, keys, ctx: group_key_of_keys(keys), False),
)
