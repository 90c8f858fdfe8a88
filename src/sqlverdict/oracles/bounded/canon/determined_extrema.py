"""MIN and MAX of a value the GROUP BY keys determine (issue 25, i41c):
``extremum_of_determined``; the same over outer joins (round 63, i63h): ``outer_join_extremum``.

Chaudhuri and Shim's group-by with a dependent column (RisingWave's AggGroupBySimplifyRule):
``SELECT p.k, p.c, AGG(..) .. GROUP BY p.k, p.c`` with ``k`` the never-NULL primary key of
``p`` is ``SELECT p.k, MAX(p.c), AGG(..) .. GROUP BY p.k``. The key ``p.c`` goes already
(``group_by_determined``: same groups) and its item reads it bare; this law writes
``MIN(e)`` and ``MAX(e)`` of such a value as the bare value, so both meet.

Sound in SQLite: in a group of ``GROUP BY g`` the rows agree on ``g`` (GROUP BY's own
equality, the one a UNIQUE index keeps apart), and when a primary key of a scan ``p`` is
among the keys or determined by them (``_drop_determined``: through never-NULL primary
keys and the select's equality classes), every row of the group holds the one row of ``p``
with that key, so one stored value of each of its columns: the same storage class, the
same bytes. (A group key that is no such primary key is not enough: ``GROUP BY k`` puts
``1`` and ``1.0`` of a column without affinity, or ``'a'`` and ``'A'`` under NOCASE, in one
group; ``group_key_extremum`` has the affinities where it is.) An expression ``e`` of such columns, literals and arithmetic (deterministic, no
subquery, no aggregate) is then one value on every row of the group; ``MIN`` and ``MAX``
of one value repeated are that value (NULL when it is NULL: MIN/MAX skip NULLs and give
NULL over none), which is what the bare ``e`` reads on any row of the group. A group is
never empty, so only under GROUP BY (without it, no rows give one row of NULL either way,
but the law is not needed there). Not where bare columns read the row where a MIN/MAX is
reached (``bare_from``): the rewrite would remove that MIN/MAX. Nothing about the typed
domain: the values are the stored ones.

``outer_join_extremum``: Hyrise's DependentGroupByReductionRule with ColumnPruningRule (also PostgreSQL's
remove_useless_groupby_columns, CockroachDB's ANY_VALUE): ``SELECT d.k, d.z, COUNT(b.c)
FROM d LEFT JOIN b ON .. GROUP BY d.k, d.z`` with ``k`` the primary key of ``d`` is
``SELECT d.k, MIN(d.z), COUNT(b.c) .. GROUP BY d.k``. ``extremum_of_determined`` writes
such a ``MIN`` as the bare value over inner joins (its flattened select); this is the same
law where the FROM holds an outer join, so that the laws of a grouped outer join
(``count_join_as_subquery``) read both spellings alike.

Conditions: a grouped select (no bare-column MIN/MAX, ``bare_from``; no window: a window
over the groups would read the extremum of other groups), a FROM that is a tree of joins of
any kind with an outer join in it (inner joins only: ``extremum_of_determined``). ``MIN(e)``
or ``MAX(e)`` (not DISTINCT) in an item, HAVING or ORDER BY, outside subqueries, where
``e`` is columns, literals and arithmetic, reading at least one column, and every column
one scan ``X`` of the tree (not a derived table), whose declared primary key is never NULL
(``key_never_null``) and each of whose columns is a GROUP BY key as the plain column.

Why it holds, for every SQLite database: each row of a join tree holds, for the scan
``X``, the columns of one row of ``X`` or NULL in all of them (padded by an outer join).
In a group whose ``X`` key is not NULL, every row holds a row of ``X`` with a key GROUP BY
puts in that group; the key's unique index tells values apart by the same equality
(collation, 1 = 1.0), so that is one row of ``X``, repeated however often the join fans
out: ``e`` is one stored value there. A padded row has a NULL key, and no row of ``X``
has one (never NULL), so a group with a NULL key holds padded rows only, where ``e`` (NULL
in a column, arithmetic of NULL) is NULL. ``MIN``/``MAX`` of one value repeated is that
value, and NULL over NULLs: the bare ``e`` on any row of the group. A group is never empty
(GROUP BY). SUM, COUNT and AVG count the repetitions: they stay. Both domains: the values
are the stored ones.
"""

from __future__ import annotations

from .. import ir
from ..ir.kinds import AggFn, JoinKind, Ty
from .aggregates import _map_sites, _map_top
from .terms import _windowless

_PLAIN = (ir.Col, ir.Lit, ir.Arith, ir.Neg)


def _plain_cols(x):
    """The columns of ``x`` when it is columns, literals and arithmetic only; else None."""
    cols = []
    for y in ir.local_nodes(x):
        if not isinstance(y, _PLAIN):
            return None
        if isinstance(y, ir.Col):
            cols.append(y)
    return cols


def extremum_of_determined(canon, e, group, leaves, rep, bare: bool):
    """``e`` with each ``MIN(x)``/``MAX(x)`` whose ``x`` the GROUP BY keys ``group``
    determine (module docstring) written ``x``; else ``e`` itself."""
    if not group or bare:
        return e

    def determined(x) -> bool:
        cols = _plain_cols(x)
        if not cols:
            return False  # a constant: other laws' business
        return all(_row_fixed(c.alias) for c in dict.fromkeys(cols))

    keys = {(g.alias, g.name) for g in group if isinstance(g, ir.Col)}

    def _row_fixed(alias) -> bool:
        # the scan's never-NULL primary key is a key or determined by the keys: one row of
        # it per group (a key of another column alone may group 1 with 1.0, 'a' with 'A')
        scan = next((x for x in leaves if isinstance(x, ir.Scan) and x.alias == alias), None)
        if scan is None:
            return False
        t = canon.schema.table(scan.table)
        if not (t.primary_key and t.key_never_null):
            return False
        for n in t.primary_key:
            a, name = rep.get((alias, n.lower()), (alias, n.lower()))
            if (a, name) in keys:
                continue
            pk = ir.Col(a, name, Ty.INT, None)  # (``_drop_determined`` reads alias and name)
            if pk in canon._drop_determined((*group, pk), leaves, rep):
                return False
        return True

    def f(y):
        if (isinstance(y, ir.Agg) and y.fn in (AggFn.MIN, AggFn.MAX) and not y.distinct
                and y.arg is not None and determined(y.arg)):
            return y.arg
        return y

    out = _map_top(e, f)
    return e if out == e else out


DETERMINED_EXTREMUM_RULES = (
    ("extremum_of_determined", "under GROUP BY, MIN(e) and MAX(e) of an expression of columns "
     "the keys determine through never-NULL primary keys are e (one stored value per group; "
     "Chaudhuri-Shim, RisingWave AggGroupBySimplifyRule)", ("aggregate",),
     lambda canon, e, ctx: extremum_of_determined(canon, e, ctx["group"], ctx["leaves"],
                                                  ctx["rep"], ctx["bare"]), False),
)


def _scans(src) -> dict | None:
    """The scans of a join tree by alias, and whether an outer join is in it; None when a
    source is not a join tree."""
    if isinstance(src, ir.Join):
        left, right = _scans(src.left), _scans(src.right)
        if left is None or right is None:
            return None
        outer = left[1] or right[1] or src.kind not in (JoinKind.INNER, JoinKind.CROSS)
        return {**left[0], **right[0]}, outer
    if isinstance(src, ir.Scan):
        return {src.alias: src}, False
    return ({}, False) if isinstance(src, ir.Derived | ir.Values) else None


def outer_join_extremum(q, schema):
    """``q`` with each ``MIN(e)``/``MAX(e)`` of a scan's columns whose primary key the GROUP
    BY holds written ``e`` (module docstring); else ``q`` itself."""
    if (not isinstance(q, ir.Select) or not q.aggregate or not q.group_by
            or q.bare_from is not None or not _windowless(q)):
        return q
    found = _scans(q.source)
    if found is None or not found[1]:
        return q
    scans = found[0]
    keys = {(g.alias, g.name) for g in q.group_by if isinstance(g, ir.Col)}

    def fixed(alias) -> bool:
        scan = scans.get(alias)
        if scan is None:
            return False
        t = schema.table(scan.table)
        return bool(t.primary_key) and t.key_never_null and all(
            (alias, n.lower()) in keys for n in t.primary_key)

    def determined(x) -> bool:
        cols = _plain_cols(x)
        return bool(cols) and len({c.alias for c in cols}) == 1 and fixed(cols[0].alias)

    def f(y):
        if (isinstance(y, ir.Agg) and y.fn in (AggFn.MIN, AggFn.MAX) and not y.distinct
                and y.arg is not None and determined(y.arg)):
            return y.arg
        return y

    return _map_sites(q, f)


OUTER_EXTREMUM_RULE = (
    "outer_join_extremum", "under GROUP BY over outer joins, MIN(e) and MAX(e) of an expression "
    "of one scan's columns whose never-NULL primary key the keys hold are e (one stored row or "
    "its NULL padding per group; Hyrise DependentGroupByReductionRule, ANY_VALUE)", ("select",),
    lambda canon, q, ctx: outer_join_extremum(q, canon.schema), True)
