"""Canonical forms of lowered queries: equal forms mean equal results on every database.

``canonical(q, schema, sem)`` rewrites a lowered query (``ir``) with rules that hold for
every database, not only up to the verifier's bound, so two queries with the same
canonical form are equivalent without a solver call. Real predictions differ from their
gold mostly in ways the solver finds expensive and this finds free: the same inner joins in
another order, a column read from the other side of a join condition, ``b = a`` for
``a = b``, GROUP BY keys that a primary key already determines.

Written by hand because no library does it on our IR: sqlglot's optimizer normalizes
predicates, but it neither reorders joins nor substitutes columns across join conditions.

Rewrites, in a select whose sources are inner or cross joins only:

- the joined sources become a set (joins flattened, ON and WHERE conjuncts merged);
- aliases are renamed by canonical position (sources sorted by table; among sources of one
  table every order is tried and the smallest form kept);
- a conjunct ``a = b`` of two columns of the same storage class and affinity (no
  conversion) puts them in one equality class: on every row that survives, they are equal
  and not NULL, so every other reference to ``b`` may read ``a`` instead;
- conjuncts of WHERE, ON and HAVING, and arguments of AND and OR, are sorted and
  deduplicated; ``x > y`` is written ``y < x``; operands of ``=`` are sorted;
- GROUP BY keys are a set, and a key that the others determine through a primary key is
  dropped (the partition into groups is the same);
- ``COUNT(c)`` of a column that cannot be NULL on a surviving row is ``COUNT(*)``;
- ``COUNT(*) - SUM(CASE WHEN c THEN 1 ELSE 0 END)`` is ``SUM(CASE WHEN NOT c THEN 1 ELSE 0
  END)`` when ``c`` reads only columns that cannot be NULL there (``count_minus_indicator_sum``);
- a joined table that is the parent of a declared foreign key ``x -> L.k`` (``k``
  unique), read only through ``L.k = x``, becomes ``x IS NOT NULL``; other joined tables
  that only filter become ``IN`` subqueries (see ``_semijoins``);
- ``HAVING COUNT(*) > 0`` under GROUP BY is dropped; ``SELECT x ... GROUP BY x`` without
  aggregates is ``SELECT DISTINCT x``;
- operands of INTERSECT and UNION are sorted; ``x IN (a, b)`` is ``x = a OR x = b``;
  ``SELECT d.x FROM (subquery) AS d`` is the subquery with that column.

Rules toward what unbounded provers (SPES, SQLSolver, Calcite's planner) handle; each is a
named rule of the registry ``rules.RULES`` (its law, its site in the driver, its function),
with pairs where it fires and near misses it must not equate in
``tests/fixtures/rules/<rule>.sql``, attacked with random databases in SQLite
(``tests/oracles/bounded/canon/test_rules.py``, ``benchmarks/canon_soundness.py``); list
them with ``python -m sqlverdict.oracles.bounded.canon``:

- constants (``fold``): comparisons of two literals, AND/OR/NOT/CASE over TRUE and FALSE,
  ``x + 0``, ``x * 1``; ``NOT`` pushed through comparisons and AND/OR (three-valued logic
  keeps both); ``x IS NULL OR x IS NOT NULL`` is TRUE; ``CASE WHEN x IS NULL THEN y ELSE x``
  is ``COALESCE(x, y)``, ``CASE WHEN x = y THEN NULL ELSE x`` is ``NULLIF(x, y)``;
- WHERE facts (``filter_facts``, filters only): bounds of a column by literals keep the
  tightest; ``x = x`` is ``x IS NOT NULL``; contradictions (two values, exclusive bounds, IS
  NULL next to a comparison of the column) make the select return nothing (``Nothing``);
  a column a conjunct fixes to a literal reads as the literal in the select list, GROUP BY
  and ORDER BY (not in an aggregate without GROUP BY: over no rows it reads NULL);
  ``COALESCE(x, ...)`` of a column that cannot be NULL there is ``x``; a conjunct that
  another conjunct implies (``implied_conjunct``: each disjunct of the other holds one of
  its disjuncts) goes;
- view merging (``merge_derived``, ``merge_preserved_derived``): a derived table without
  aggregate, DISTINCT, LIMIT or window function joins the outer FROM (its WHERE joins the
  outer WHERE, its columns read their expressions), also under DISTINCT when the derived
  table is DISTINCT, and on the preserved side of a LEFT JOIN (not its padded side);
  ``ORDER BY`` without LIMIT is dropped where no consumer reads row order; an inner-joined
  aggregate derived table that returns exactly one row (``one_row_derived``) is scalar
  subqueries;
- predicate pushdown (``push_into_derived``, ``having_to_where``): a conjunct that reads
  one derived table moves into each operand of its compound, or into the HAVING of its
  grouped query when it reads group keys only; HAVING conjuncts on group keys are WHERE
  conjuncts;
- join elimination (``simplify_outer_joins``, ``self_join_on_key``): a LEFT JOIN that a
  WHERE conjunct null-rejects is an inner join; a LEFT JOIN whose right table nothing
  reads is its left side when the ON equates a unique key of it, or under a consumer that
  ignores duplicates; ``ON FALSE`` pads every row with NULLs; two scans of a table equated
  on its primary key are one; ``A RIGHT JOIN B`` is ``B LEFT JOIN A`` where row order is
  not read (``right_join_as_left``); ``X LEFT JOIN S ON S.k = e ... WHERE S.k IS NULL`` with
  ``S`` read nowhere else is ``NOT EXISTS`` (``anti_join``); ``COUNT(S.c)`` of ``X LEFT JOIN
  S`` grouped by ``X``'s key is a correlated ``COUNT(*)`` subquery (``count_join_as_subquery``);
- subquery unnesting (``exists_to_in``, ``null_safe_eq``): ``EXISTS (... WHERE s.y = x)`` is
  ``x IN (SELECT s.y ...)`` as a WHERE conjunct; ``NOT EXISTS`` is ``NOT IN`` only when
  neither side can be NULL; ``x IS y`` of non-NULL columns is ``x = y``; ``EXISTS`` of an
  aggregate without GROUP BY is TRUE, IN and EXISTS of a query that returns nothing FALSE;
  a scalar subquery reading the one group of a grouped derived table whose key equals an
  outer column is that group's MIN/MAX/SUM/AVG (``scalar_of_group``);
- union and aggregate distribution: a projection of UNION ALL projects its operands,
  ``SELECT DISTINCT`` of all its columns is UNION (``distinct_union``); UNION [ALL] and
  INTERSECT operands are flattened and sorted (associative, commutative); ``A EXCEPT A``
  returns nothing and ``A INTERSECT A`` is ``SELECT DISTINCT A``; an operand that returns
  nothing disappears from UNION ALL; SUM of integer SUMs, MIN of MINs, MAX of MAXes and SUM
  of COUNTs over a grouped derived table are one aggregate (``merge_aggregates``); GROUP BY
  a key of the joined row makes each group one row (``single_row_groups``) and DISTINCT
  over such a key is a no-op;
- aggregates and LIMIT (``aggregates``, ``limits``): LIMIT over LIMIT is one cut
  (``combine_limits``); a sorted, cut UNION ALL ignores an operand's cut at or above its
  own (``union_top_n``); a LIMIT at or above the most rows a query holds goes, ORDER BY of
  one row too (``redundant_cut``); a projection moves into a sorted, cut derived table
  (``project_through_limit``); a top-n of the preserved side of a LEFT JOIN sorted and cut
  as the join is loses its cut (``limit_into_outer_join``); a query that returns nothing
  (LIMIT 0, OFFSET past its rows, an empty inner-joined source) is the empty form
  (``empty.empty_result``), a LEFT JOIN of one pads NULLs (``pad_empty_outer``);
  ``(S) IS NOT NULL`` of a literal item is EXISTS (``exists_first_row``), whose items
  nobody reads (``exists_items``); a grouped derived table joined on a group key to a unique column
  is one grouped query (``merge_grouped_join``); aggregates of values distinct already are DISTINCT aggregates
  (``distinct_rows_aggregate``); aggregates over UNION ALL compose
  (``setops.aggregate_union``); ``HAVING COUNT(*) > 0`` without GROUP BY is one group;
  ``SUM(CASE WHEN x IS NULL THEN 0 ELSE 1 END)`` under GROUP BY is ``COUNT(x)``; ``SUM(x) /
  COUNT(x)`` as ``AVG(x)`` (the proof states ``integer_sums_exact``);
- groupings and casts (issue 30): two groupings of the same rows joined by ``IS`` on every
  key are one (``join_of_groupings``), a DISTINCT key list LEFT JOINed to a filtered
  grouping is an aggregate of a CASE (``padded_grouping``), a grouped derived table joined
  on every key and read only in WHERE comparisons is a correlated scalar subquery
  (``join_as_scalar_subquery``), an aggregate row of several items is a row of scalar
  subqueries (``aggregate_row_as_subqueries``), a grouped derived table joined on its one
  key only to filter is an ``IN`` subquery (``semijoins``); ``COUNT(*)`` over rows DISTINCT
  on the keys and one ``y`` counts ``y``'s values, NULL once (``merge_distinct``); ``x /
  2**k`` of a real is ``x * 2**-k`` (``power_of_two_division``); the rounding integer cast
  of other dialects is idempotent (``nested_casts``); ``CAST(x AS REAL) op c`` of an
  INTEGER column is ``x op'`` an integer (``unwrap_real_cast``: declared classes, below
  2**53); ``ORDER BY x * c`` (``x + c``, ``x - c``; ``c`` a positive integer for ``*``)
  of an INTEGER column is ``ORDER BY x`` (``monotone_order_key``, ``orders``); a VALUES
  table of distinct integer keys joined on an INTEGER column is an IN list
  (``values_join_as_in``, ``values_join``); over one table, RANK and DENSE_RANK ordered by
  a never-NULL unique key are ROW_NUMBER (``rank_without_ties``, ``ranks``); the row
  numbered 1 by such a key per partition is the row with no earlier kept row of its
  partition, NOT EXISTS (``first_row_per_partition``, ``first_rows``); under GROUP BY ``SUM(CASE WHEN c THEN v
  ELSE 0 END)`` of a never-NULL ``v`` is ``COALESCE(SUM(CASE WHEN c THEN v END), 0)``
  (``sum_else_zero``). A proof that moves a SUM of reals into another query shape, or reads
  real arithmetic of non-NULL values as non-NULL, states ``exact_reals``
  (``prover.REORDERING``, ``prover.FINITE``);
- a filter on a grouped subquery as HAVING (issue 25, ``transpose``): ``x IN (SELECT t.k
  FROM t GROUP BY t.k HAVING h)`` in a query grouped by keys that fix ``l.k = x`` (``l`` a
  scan of ``t``, every other source unique given it through declared keys, the WHERE
  reading ``l`` only as ``l.k``) is ``x IS NOT NULL`` and ``HAVING h`` on ``l``: each group
  holds all of ``t``'s rows with that key, once (``in_group_as_having``, TPC-H Q18; also
  after ``exists_to_in`` reads ``EXISTS (... WHERE t.k = x GROUP BY t.k HAVING h)`` as the
  IN); its proofs state ``exact_reals`` for sums of reals, ``integer_sums_exact`` for other
  sums (``prover.OTHER_GROUPS``: the subquery adds groups the outer query never reads).
- window functions (issue 25 round 2, ``windows``): constant PARTITION BY / ORDER BY keys
  go (``constant_window_keys``); a filter comparing columns in every window's PARTITION BY
  with constants filters below the windows (``filter_window_transpose``); a projection of a
  derived table, either computing windows, is one select (``merge_windowed_derived``);
  over one table, ``ROW_NUMBER()`` ordered by a never-NULL unique key is the correlated
  ``COUNT(*)`` of the partition's rows up to it (``row_number_as_count``);
  ``SELECT`` the columns of numbered copies (``ROW_NUMBER() OVER (PARTITION BY`` every
  column``)``) under EXCEPT / INTERSECT, or ``sql.standard``'s NOT EXISTS / EXISTS text of
  them, is ``SetOp(all=True)`` (``numbered_setop``, a form only). A proof that keeps a
  window reading the order of tied rows states ``ties_broken_alike`` (``ties``); one that
  moves a window SUM of reals, ``exact_reals``.
- issue 25, round 2 (``scalars``, ``duplicates``, ``reduce``, ``lookups``, ``setops``,
  ``views``): ``(SELECT e)`` over no FROM is ``e``, a one-row VALUES as the only source is
  no FROM, ``AGG(NULL)`` (a FILTER (WHERE FALSE)) is its value over no rows; the operands of
  UNION/INTERSECT/EXCEPT ignore duplicates; a LEFT JOIN read only by its ON goes under
  MIN/MAX/DISTINCT aggregates; ``(A EXCEPT B) EXCEPT C`` is ``A EXCEPT (B UNION C)``; an
  INTERSECT operand holding another's rows goes; EXCEPT of two filters of one relation is
  one filter with ``NOT COALESCE(c, FALSE)`` when equal items give one ``c``; expressions
  over a grouped view read its items; a scalar subquery looking a row up by a unique key
  is a LEFT JOIN; ``(y + c) IS NULL`` is ``y IS NULL``; a text function of a literal is
  SQLite's value; ``||`` chains are flat.

The package, one job per module: ``rules`` (the registry ``RULES``), ``driver``
(``canonical``, the walk over queries and expressions, handing each site's value to the
rules of that site in registry order), ``flatten`` (inner-joined sources as a set, equality classes, GROUP BY keys),
``semijoins``, ``terms`` (the forms ``Nothing``/``Flat`` and the helpers the rules share), and
one module per family of rules: ``facts``, ``views``, ``joins``, ``aggregates``, ``limits``, ``empty``,
``unions``, ``setops``, ``casts``, ``groupings`` (with ``raw``: a canonical form read back
as a lowered query), ``transpose``.

"Every database" means every database that satisfies the schema's keys and foreign keys,
with NULL in a primary key where SQLite accepts it (``types.Table.never_null``): the
verifier's universe (docs/verify.md).

Join order decides the order of rows, so joins keep their order wherever a consumer reads
rows by position: a LIMIT without ORDER BY, a scalar subquery that may return several rows,
list semantics without ORDER BY, bare columns read beside MIN/MAX. (Ties under an ORDER BY
are broken by the selected values in the verifier's semantics, so order stays fixed there.)

>>> from sqlverdict.oracles.bounded import ir
>>> from sqlverdict.schema import from_ddl
>>> s = from_ddl("CREATE TABLE a(id INTEGER PRIMARY KEY, n TEXT); "
...              "CREATE TABLE b(id INT NOT NULL PRIMARY KEY, a_id INT REFERENCES a(id))")
>>> def form(sql):
...     return canonical(ir.lower(sql, s).query, s, "bag")
>>> form("SELECT a.n, count(*) FROM a JOIN b ON a.id = b.a_id GROUP BY a.id") == form(
...     "SELECT x.n, count(b.id) FROM b JOIN a AS x ON b.a_id = x.id GROUP BY b.a_id, x.n")
True
>>> form("SELECT n FROM a WHERE id > 1") == form("SELECT n FROM a WHERE id >= 1")
False
"""


from __future__ import annotations

from .aggregates import merge_aggregates, single_row_groups
from .driver import MAX_ASSIGNMENTS, canonical
from .facts import filter_facts, fold
from .joins import exists_to_in, null_safe_eq, rejects_null, self_join_on_key, simplify_outer_joins
from .rules import RULES, Rule, rule, without
from .terms import FALSE, TRUE, Flat, Nothing
from .unions import distinct_union, inline_projection, unordered
from .views import having_to_where, merge_derived, merge_preserved_derived, push_into_derived

__all__ = [
    "FALSE", "MAX_ASSIGNMENTS", "RULES", "TRUE", "Flat", "Nothing", "Rule", "canonical", "distinct_union",
    "exists_to_in", "filter_facts", "fold", "having_to_where", "inline_projection",
    "merge_aggregates", "merge_derived", "merge_preserved_derived", "null_safe_eq",
    "push_into_derived", "rejects_null", "self_join_on_key", "simplify_outer_joins",
    "rule", "single_row_groups", "unordered", "without",
]
