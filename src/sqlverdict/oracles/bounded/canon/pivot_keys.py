"""A pivot of filtered aggregates as per-key correlated aggregates over the key domain
(round 63, i63i): ``pivot_as_key_scalars``.

The law (site ``select``): ``SELECT f(k.., A1(CASE WHEN p1 THEN x1 END) ..) FROM F WHERE w
GROUP BY k..`` (no HAVING, DISTINCT, ORDER BY, LIMIT, window or subquery; every aggregate
``A(CASE WHEN p THEN x END)``, one arm, no ELSE, ``A`` SUM, MIN or MAX, not DISTINCT, ``x``
not a literal: a count pivot stays a grouping)
is ``SELECT DISTINCT f(k.., (SELECT A1(x1') FROM F' WHERE w' AND p1' AND k'.. = k..) ..)
FROM F WHERE w``, ``F'`` a copy of ``F`` under fresh aliases. This is the CASE-sum pivot
read as the engines' other spelling of it, "the key domain LEFT JOIN one grouping per
filter" (SSB's and TPC-H Q8's market share written as ``(SELECT DISTINCT k ..) y LEFT JOIN
(SELECT k, SUM(x) .. WHERE p GROUP BY k) a ON a.k = y.k``), which ``grouped_left_join`` and
``scalar_of_group`` read as the same correlated aggregates over the same domain. Unlike
``pivot_joins.filters_as_joined_groupings`` (an inner join of groupings: every filter's
rows present), a key with no row of a filter keeps its row here, its aggregate NULL, as
the LEFT JOIN pads it.

Why it holds in SQLite: the rows of ``F WHERE w`` whose keys equal the group's keys are
exactly the group's rows, so each correlated aggregate reads the group's rows where ``p``
is TRUE; ``A(CASE WHEN p THEN x END)`` over the group reads ``x`` on those rows and NULL on
the others, which A skips (SUM, MIN, MAX NULL over none alike). Each key is a column of
a table of inner joins (``_leaves``), never NULL there (declared NOT NULL), of no collation, and its equal values
are one value (``top_one._identity_key``: TEXT or REAL affinity, or an INTEGER column in
the typed domain), so GROUP BY and ``=`` (no conversion between one column and its copy)
put the same rows together, and DISTINCT outputs the same key value the group does. The
items are functions of the keys (deterministic subqueries over the same database), so the
rows of one key are one row under DISTINCT, one per group, as GROUP BY gives (every key is
an item, so rows of two groups never merge); over no row both are empty. Every column
outside an aggregate is a key (no bare column).

The law takes a join of two or more tables only: over one table the canon goes the other
way (``pivot_scalars.scalar_aggregates_of_distinct_keys`` reads the correlated aggregates
over ``(SELECT DISTINCT k FROM T)`` as this grouping), and the two forms meet there.

``SUM(CASE WHEN p THEN x ELSE 0 END)`` is read first as ``aggregates.sum_else_zero`` reads
it (``COALESCE(SUM(CASE WHEN p THEN x END), 0)``, ``x`` never NULL on a kept row), with the
columns it would know never NULL (declared, or rejected by a comparison or ``IS NOT NULL`` of
the WHERE or an ON), so that the ELSE 0 and FILTER spellings of one pivot fire alike.

Near misses (fixture): a key not among the items (two groups of equal sums are one row
under DISTINCT), a nullable key (``=`` drops the NULL group's rows: its aggregate would
read NULL), ELSE 0 over a NULL-able value (a group whose filtered values are all NULL sums
to NULL, the COALESCE to 0), a grouping without the common filter, an inner join for the
LEFT JOIN. Not taken: COUNT and SUM of a literal (count pivots meet their other spellings
as groupings), AVG (floating point), DISTINCT aggregates, a HAVING (``filters_as_joined_
groupings`` where every filter is present).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Ty
from ..ir.walk import defined_aliases, realias
from .aggregates import _map_top, _tested_present, sum_else_zero
from .terms import _and, _conjuncts, _has_sub, _leaves, _windowless
from .tie_breaks import _on_conds
from .top_one import _identity_key, _scans
from .windows import _collated

_FILTERED = (AggFn.SUM, AggFn.MIN, AggFn.MAX)


def _filtered(agg):
    """(p, x) of ``A(CASE WHEN p THEN x END)`` as the module takes it, else None. Not a
    count (COUNT, or SUM of a literal): counts per filter have other grouped spellings
    (``COUNT(*) - COUNT(x)``, a join to the parent of the key) whose laws read the grouping,
    so a count pivot stays one."""
    if not (isinstance(agg, ir.Agg) and agg.fn in _FILTERED and not agg.distinct
            and isinstance(c := agg.arg, ir.Case) and len(c.whens) == 1
            and isinstance(c.default, ir.Lit) and c.default.value is None
            and not isinstance(c.whens[0][1], ir.Lit)):
        return None
    return c.whens[0]


def _keys_exact(q, schema, typed: bool) -> bool:
    """Is ``q``'s FROM a join of two or more tables, inner or cross, and every GROUP BY key a
    never-NULL column of one of them whose equal values are one value (module docstring)?"""
    leaves = _leaves(q.source)
    scans = _scans(q.source)
    if leaves is None or scans is None or len(leaves) < 2 or _collated(q.source, schema):
        return False  # (one table: pivot_scalars reads the scalars as this grouping instead)
    for g in q.group_by:
        if not (isinstance(g, ir.Col) and g.alias in scans and _identity_key(g, scans, schema, typed)
                and schema.table(scans[g.alias].table).never_null(g.name)):
            return False
    return True


def pivot_as_key_scalars(q, schema, typed: bool):
    """``q``, a grouping whose aggregates are all filtered by CASE, as the DISTINCT keys with
    one correlated aggregate per filter (module docstring), else ``q``."""
    if not (isinstance(q, ir.Select) and q.source is not None and q.aggregate and q.group_by
            and q.having is None and not q.distinct and not q.order and q.limit is None
            and not q.offset and q.bare_from is None and _windowless(q)
            and not _has_sub((q.where, q.items, q.group_by)) and not ir.free_aliases(q)):
        return q
    if not _keys_exact(q, schema, typed):
        return q
    leaves = _leaves(q.source)
    not_null = {(x.alias, c) for x in leaves if isinstance(x, ir.Scan)
                for c, _, _ in x.columns if schema.table(x.table).never_null(c)}
    for c in (q.where, *_on_conds(q.source)):  # (= and IS NOT NULL reject NULL: the classes')
        not_null |= _tested_present(c) if c is not None else set()
    # SUM(CASE WHEN p THEN x ELSE 0 END), x never NULL: COALESCE(SUM(CASE WHEN p THEN x END),
    # 0), as aggregates.sum_else_zero writes it later (here: before that site's rules run,
    # with the columns it would know never NULL, so that both spellings fire alike)
    items = tuple(sum_else_zero(i, not_null, True) for i in q.items)
    aggs = [y for y in ir.nodes(items) if isinstance(y, ir.Agg)]
    if not aggs or any(_filtered(a) is None for a in aggs):
        return q
    keys = set(q.group_by)
    if not keys <= set(items):
        return q  # (a key not output: DISTINCT would merge groups that GROUP BY keeps apart)
    if any(isinstance(y, ir.Col) and y not in keys for i in items
           for y in ir.nodes(_map_top(i, lambda e: ir.Lit(None, Ty.NULL) if isinstance(e, ir.Agg) else e))):
        return q  # (a column outside the keys and aggregates)
    taken = set(defined_aliases(q))
    rename = {a: f"{a}_pk" for a in _scans(q.source)}
    if taken & set(rename.values()):
        return q

    def scalar(e):
        if not isinstance(e, ir.Agg):
            return e
        p, x = _filtered(e)
        links = [ir.Cmp(CmpOp.EQ, realias(g, rename), g, Ty.BOOL) for g in q.group_by]
        where = _and([*_conjuncts(realias(q.where, rename)), *_conjuncts(realias(p, rename)), *links])
        inner = ir.Select(realias(q.source, rename), where, (), None,
                          (dataclasses.replace(e, arg=realias(x, rename)),), False, (), None, 0, True, ())
        return ir.ScalarSub(inner, e.ty)

    items = tuple(_map_top(i, scalar) for i in items)
    return dataclasses.replace(q, items=items, group_by=(), aggregate=False, distinct=True)


KEY_SCALAR_RULE = (
    "pivot_as_key_scalars", "SELECT f(k, A(CASE WHEN p THEN x END) ..) FROM F WHERE w GROUP BY "
    "k (no HAVING, ORDER BY; every aggregate so filtered, A SUM/MIN/MAX of a non-literal), F a join, k items, never-NULL "
    "columns whose equal values are one value, is SELECT DISTINCT f(k, (SELECT A(x) FROM F' "
    "WHERE w AND p AND k' = k) ..) FROM F WHERE w: the key domain LEFT JOIN a grouping per "
    "filter", ("select",),
    lambda canon, q, ctx: pivot_as_key_scalars(q, canon.schema, canon.typed), True)
