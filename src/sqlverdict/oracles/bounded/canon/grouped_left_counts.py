"""A LEFT JOIN grouped by columns of its preserved side other than a key (round 52):
``grouped_count_join``.

``SELECT g(X).., AGG(S.c) FROM X LEFT JOIN S ON p [WHERE w(X)] GROUP BY g(X).. [HAVING h]``
("lines per posting day including days without lines", "programs per funder kind including
funders without programs") is ``SELECT g(X).., OUTER((SELECT AGG(S.c) FROM S WHERE p)) FROM
X [WHERE w] GROUP BY g(X).. [HAVING h]``: each row of ``X`` meets its partners in ``S``
(the rows where ``p`` is TRUE), or, without any, one padded row of NULLs; a group of the
join is the rows of a group of ``X``'s rows with their partners. So an aggregate of ``S``'s
column over the group is the combination, over the group's ``X`` rows, of the aggregate
over each row's partners (the padded row holds NULL, which the aggregates below skip, as
the subquery over no row does):

- ``COUNT(S.c)``: the sum of the counts, ``SUM((SELECT COUNT(S.c) ..))``; a group of ``X``
  has a row, so the SUM of its counts is a number, never NULL (``COUNT(*)`` of the join is
  not such an aggregate: it counts the padded row; it is refused);
- ``MIN``/``MAX`` of a column of an affinity under which equal values are identical:
  ``MIN((SELECT MIN(S.c) ..))``, NULL exactly where every row's partners hold none.

- ``COUNT(DISTINCT S.f)`` with ``S.f = X.k`` in ``p``, ``k`` alone a unique key of ``X``
  (no conversion, no collation): ``COUNT(CASE WHEN EXISTS (SELECT 1 FROM S WHERE p) THEN 1
  END)``, the group's ``X`` rows with a partner, one distinct ``f`` each (round 54:
  "share of vehicles used per depot", "first-pass yield per work order": ``_partner_count``).
An aggregate of ``X``'s columns alone is kept where duplicates do not change it:
``COUNT(DISTINCT ..)``, or MIN/MAX of a column of such an affinity (the join repeats an
``X`` row once per partner, or keeps it once: the set of values is the same). Anything else (COUNT(*),
SUM of ``X``, an aggregate reading both, ``S`` read outside its aggregates, in WHERE or in
the keys) leaves the query as it is. Grouped by ``X``'s one-column key,
``count_join_as_subquery`` writes one subquery per row instead (it runs first).

``grouped_sum_join`` (the typed domain only): ``SUM(S.c)`` of an INTEGER column too, as
``SUM((SELECT SUM(S.c) ..))``: NULL exactly where no row of the group has a partner with a
value (the per-row sums skip NULL, the outer SUM skips the rows without), else the same
integers added in another order: exact while no partial sum overflows, which the proof
states (``integer_sums_exact``: ``proofs.REGROUPING``, ``OTHER_GROUPS``), as
``join_counts.summed_join_as_subquery`` does per row. Never for reals (their sum rounds by
the order of the rows) nor in the sqlite domain (an INTEGER column there may hold reals).

Sound in SQLite's reading: the groups are formed by the same keys over the same ``X`` rows
(GROUP BY compares with IS, 1 and 1.0 one group) and the join never drops an ``X`` row; the
keys are columns of ``X`` of an affinity under which equal values are identical, and no
column of ``X`` has a collation other than BINARY, so whichever row of a group SQLite shows
its keys by (the two plans visit the rows in other orders), they are the same values;
COUNT, MIN and MAX give one value whatever order they read the rows in (MIN/MAX only of an
exact affinity: no ``1`` beside ``1.0`` to pick between), so no assumption is stated.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, JoinKind, Ty
from ..ir.walk import _bare_cols
from .joins import _EXACT_AFFINITY, _deep_expr, _per_row_aggregate
from .shares import _count_of
from .terms import _aliases_in, _conjuncts, _unique_keys, _windowless
from .windows import _collated

_OUTER = {AggFn.COUNT: AggFn.SUM, AggFn.COUNT_STAR: AggFn.SUM, AggFn.MIN: AggFn.MIN,
          AggFn.MAX: AggFn.MAX, AggFn.SUM: AggFn.SUM}


def _duplicate_blind(y: ir.Agg, x: ir.Scan, s: ir.Scan) -> bool:
    """Does ``y`` read ``X`` alone and give the same value whatever number of copies of each
    row it reads, in whatever order (COUNT(DISTINCT), MIN/MAX of a column of an exact
    affinity; not SUM(DISTINCT): which of 1 and 1.0 it keeps, and the order reals add in,
    follow the plan)?"""
    reads = _aliases_in(y.arg) if y.arg is not None else set()
    if s.alias in reads or reads - {x.alias} or y.arg is None:
        return False
    if y.distinct and y.fn == AggFn.COUNT:
        return True
    return (y.fn in (AggFn.MIN, AggFn.MAX) and isinstance(y.arg, ir.Col)
            and y.arg.affinity in _EXACT_AFFINITY)


def _keyed_only(e, keys) -> bool:
    """Does ``e`` read columns only inside aggregates or GROUP BY keys (no bare column, whose
    row SQLite picks by the plan's order; no subquery outside an aggregate)?"""
    return e is None or not (any(_bare_cols(e, keys)) or any(
        isinstance(y, (ir.InSub, ir.Exists, ir.ScalarSub)) for y in ir.local_nodes(e)))


def _combined(y: ir.Agg, j: ir.Join, st, sums: bool) -> ir.Expr | None:
    """``y`` (an aggregate of ``S``) as the aggregate, over the group's ``X`` rows, of the
    per-row subquery; None when it is no such aggregate (``sums``: SUM of an INTEGER column
    too, ``grouped_sum_join``)."""
    s = j.right
    inner = _per_row_aggregate(y, s, st, sums)
    if inner is None or inner.distinct or inner.fn not in _OUTER:
        return None
    sub = ir.ScalarSub(ir.Select(s, j.on, (), None, (inner,), False, (), None, 0, True, ("n",)),
                       inner.ty)
    return ir.Agg(_OUTER[inner.fn], sub, False, y.ty)


def _partner_count(y: ir.Agg, j: ir.Join, schema) -> ir.Expr | None:
    """``COUNT(DISTINCT S.f)`` where the ON holds ``S.f = X.k`` (no conversion, one type,
    neither column of a declared collation), ``k`` alone a unique key of ``X``, as
    ``COUNT(CASE WHEN EXISTS (SELECT 1 FROM S WHERE p) THEN 1 END)``: every partner of an
    ``X`` row holds in ``f`` a value equal to that row's key, and ``=`` without conversion
    is an equivalence that DISTINCT reads alike, so the distinct values of ``f`` in a group
    are its ``X`` rows with a partner, one each (two rows of ``X`` never share a key value,
    the padded rows add NULL, which COUNT skips). None for anything else."""
    x, s = j.left, j.right
    if not (y.fn == AggFn.COUNT and y.distinct and isinstance(f := y.arg, ir.Col)
            and f.alias == s.alias):
        return None
    keys = _unique_keys(schema.table(x.table))
    collated = {(x.alias, c.lower()) for c in schema.table(x.table).collated} | {
        (s.alias, c.lower()) for c in schema.table(s.table).collated}
    for c in _conjuncts(j.on):
        if not (isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and not c.conv):
            continue
        for mine, other in ((c.left, c.right), (c.right, c.left)):
            if (mine == f and isinstance(other, ir.Col) and other.alias == x.alias
                    and other.ty == f.ty and [other.name.lower()] in keys
                    and not {(f.alias, f.name.lower()), (x.alias, other.name.lower())} & collated):
                sub = ir.Select(s, j.on, (), None, (ir.Lit(1, Ty.INT),), False, (), None, 0, False, ("1",))
                return _count_of(ir.Exists(sub))
    return None


def grouped_count_join(q: ir.Select, schema, sums: bool = False) -> ir.Select:
    """See the module docstring (``sums``: ``grouped_sum_join``'s SUM too)."""
    j = q.source if isinstance(q, ir.Select) else None
    if not (isinstance(j, ir.Join) and q.aggregate and q.group_by and q.limit is None
            and not q.offset and not q.distinct and q.bare_from is None
            and j.kind == JoinKind.LEFT and isinstance(j.left, ir.Scan)
            and isinstance(j.right, ir.Scan) and j.on is not None and _windowless(q)):
        return q
    x, s = j.left, j.right
    if s.alias in _aliases_in((q.where, q.group_by)) or _aliases_in(j.on) - {x.alias, s.alias}:
        return q
    if not all(isinstance(g, ir.Col) and g.alias == x.alias and g.affinity in _EXACT_AFFINITY
               for g in q.group_by) or _collated(x, schema):
        return q  # a group's shown keys must be one value whichever of its rows shows them
    t = schema.table(x.table)
    pk = [k.lower() for k in t.primary_key]
    if len(pk) == 1 and pk[0] in {g.name for g in q.group_by if isinstance(g, ir.Col)}:
        return q  # one group per X row: count_join_as_subquery's
    st = schema.table(s.table)
    subs = {}
    reads = (*q.items, *(k for k, _ in q.order), q.having)
    if not all(_keyed_only(e, set(q.group_by)) for e in reads):
        return q
    for y in ir.local_nodes(reads):
        if isinstance(y, ir.Agg) and y not in subs:
            if _duplicate_blind(y, x, s):
                subs[y] = y
                continue
            new = _combined(y, j, st, sums) or _partner_count(y, j, schema)
            if new is None:
                return q
            subs[y] = new
    if all(v is k for k, v in subs.items()) or (
            sums and not any(k.fn == AggFn.SUM and v is not k for k, v in subs.items())):
        return q
    hole = ir.Lit(None, Ty.NULL)
    if s.alias in _aliases_in(tuple(_deep_expr(e, lambda y: hole if y in subs else y)
                                    for e in reads)):
        return q  # S read outside its aggregates

    def put(e):
        return _deep_expr(e, lambda y: subs.get(y, y)) if e is not None else None

    return dataclasses.replace(q, source=x, items=tuple(put(i) for i in q.items),
                               order=tuple((put(k), d) for k, d in q.order), having=put(q.having))


# ---- the registry's entries (``join_counts.GROUPED_JOIN_RULES`` holds them; ``rules.RULES``
# adds each as ``Rule(*entry)``), at the site "unordered", after ``count_join_as_subquery``

GROUPED_COUNT_RULES = (
    ("grouped_count_join", "X LEFT JOIN S ON p GROUP BY columns of X (not X's one-column key): "
     "COUNT(S.c) is SUM((SELECT COUNT(S.c) FROM S WHERE p)), MIN/MAX(S.c) of an exact affinity "
     "MIN/MAX of the per-row MIN/MAX; COUNT(DISTINCT S.f), S.f = X.k in p, k alone a unique "
     "key of X, is COUNT(CASE WHEN EXISTS (SELECT 1 FROM S WHERE p) THEN 1 END); aggregates "
     "of X kept only where blind to duplicates (COUNT(DISTINCT), MIN/MAX)", ("unordered",),
     lambda canon, q, ctx: grouped_count_join(q, canon.schema), True),
    ("grouped_sum_join", "typed domain: grouped_count_join with SUM(S.c) of an INTEGER column "
     "too, as SUM((SELECT SUM(S.c) FROM S WHERE p)) (integer_sums_exact)", ("unordered",),
     lambda canon, q, ctx: grouped_count_join(q, canon.schema, True) if canon.typed else q, True),
)
