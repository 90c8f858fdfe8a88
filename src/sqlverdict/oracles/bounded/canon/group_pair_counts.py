"""A count per group of the sub-groups holding a pair of rows, as a count of the HAVING
grouping's rows (round 57, i57b): ``pair_in_group_under_distinct_count``.

The law (site ``select``): ``SELECT g.., COUNT(DISTINCT a.k) FROM T a JOIN T b ON p(a, b)
WHERE w GROUP BY g..`` (or ``FROM T a WHERE w(a) AND EXISTS (SELECT .. FROM T b WHERE ..)``;
the items the GROUP BY columns of ``a`` and that count) is ``SELECT d.g.., COUNT(*) FROM
(SELECT g.., k FROM T WHERE c GROUP BY g.., k HAVING h) d GROUP BY d.g..`` when
``pair_in_group_as_having`` reads ``SELECT DISTINCT g.., k FROM T a WHERE w(a) AND EXISTS
(..)`` as that grouping (its conditions: each of ``g.., k`` linked between ``a`` and ``b``,
exact, a pair test ``t``; see ``canon/group_pairs.py``) and ``k`` is never NULL on a kept row
(declared, or linked by ``=``): "repeat customers per store" as a self-join of orders
counted DISTINCT against the stores' count of (store, customer) groups with two orders.

Sound in SQLite: the joined rows' items read ``a`` only, and COUNT(DISTINCT) and the GROUP BY
keys do not see how often a row of ``a`` repeats, so the join is the semijoin ``EXISTS``; per
value of ``g``, ``COUNT(DISTINCT k)`` counts the distinct non-NULL ``k`` of the kept rows,
which are the rows of ``SELECT DISTINCT g, k`` with that ``g`` (one equality for DISTINCT,
GROUP BY and COUNT DISTINCT; the keys exact, so the values shown are identical); every ``g``
kept has a row with a non-NULL ``k``, so no group counts 0 on one side only. Near misses: a
``k`` that may be NULL linked by ``IS`` (a group of NULL ``k`` kept, counted 0), ``COUNT(a.k)``
(each row counted), a pair test that pairs a row with itself.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, JoinKind, Ty
from .group_pairs import pair_in_group_as_having
from .terms import _aliases_in, _and, _conjuncts, _has_sub, _on_conjuncts, _windowless


def _semijoined(q, a, b):
    """``SELECT DISTINCT .. FROM T a WHERE mine AND EXISTS (SELECT 1 FROM T b WHERE ..)`` of
    the join's conjuncts (``a``'s own conjuncts outside), else None."""
    conds = _on_conjuncts(q.source) + _conjuncts(q.where)
    mine = [c for c in conds if _aliases_in(c) <= {a.alias}]
    if any(_has_sub(c) for c in conds):
        return None
    rest = [c for c in conds if c not in mine]
    sub = ir.Select(b, _and(rest), (), None, (ir.Lit(1, Ty.INT),), False, (), None, 0, False, ())
    return a, [*mine, ir.Exists(sub)]


def _distinct_pairs(q):
    """(a's scan, the conjuncts of the DISTINCT select reading it with the EXISTS), else None."""
    src = q.source
    if isinstance(src, ir.Scan):
        return src, _conjuncts(q.where)
    if not (isinstance(src, ir.Join) and src.kind in (JoinKind.INNER, JoinKind.CROSS)
            and isinstance(src.left, ir.Scan) and isinstance(src.right, ir.Scan)
            and src.left.table == src.right.table):
        return None
    read = _aliases_in((q.items, q.group_by))
    sides = [x for x in (src.left, src.right) if {x.alias} == read]
    if len(sides) != 1:
        return None
    a = sides[0]
    return _semijoined(q, a, src.right if a is src.left else src.left)


def pair_in_group_under_distinct_count(q, schema, typed: bool = False):
    """The module's law on a select; ``q`` itself when it does not apply."""
    if not (isinstance(q, ir.Select) and schema is not None and q.aggregate and q.group_by
            and q.having is None and not q.distinct and not q.order and q.limit is None
            and not q.offset and q.bare_from is None and _windowless(q)
            and all(isinstance(g, ir.Col) for g in q.group_by)):
        return q
    counts = {i.arg for i in q.items if isinstance(i, ir.Agg)}
    if not (len(counts) == 1 and isinstance(k := next(iter(counts)), ir.Col)
            and k not in q.group_by and all(
                i in q.group_by or (isinstance(i, ir.Agg) and i.fn == AggFn.COUNT and i.distinct)
                for i in q.items)):
        return q
    found = _distinct_pairs(q)
    if found is None or found[0].alias != k.alias:
        return q
    a, conds = found
    keys = (*q.group_by, k)
    d = ir.Select(a, _and(conds), (), None, keys, True, (), None, 0, False, ())
    g = pair_in_group_as_having(d, schema, typed)
    if g is d or g.distinct or set(g.group_by) != set(keys) or not (
            schema.table(a.table).never_null(k.name) or ir.Not(ir.IsNull(k)) in _conjuncts(g.where)):
        return q
    names = tuple(f"#{i}" for i in range(len(keys)))
    view = ir.Derived(dataclasses.replace(g, names=names), "(pairs)#0", names)
    col = {e: ir.Col(view.alias, n, e.ty, e.affinity) for e, n in zip(keys, names, strict=True)}
    items = tuple(col[i] if i in col else ir.Agg(AggFn.COUNT_STAR, None, False, Ty.INT)
                  for i in q.items)
    return dataclasses.replace(q, source=view, where=None, group_by=tuple(col[x] for x in q.group_by),
                               items=items)


GROUP_PAIR_COUNT_RULE = (
    "pair_in_group_under_distinct_count", "SELECT g.., COUNT(DISTINCT a.k) FROM T a JOIN T b ON "
    "p(a, b) WHERE w GROUP BY g.. (or a's rows with EXISTS of b) is COUNT(*) per g of the "
    "grouping SELECT g.., k FROM T WHERE c GROUP BY g.., k HAVING h that pair_in_group_as_having "
    "reads SELECT DISTINCT g.., k .. as (k never NULL on a kept row)", ("select",),
    lambda canon, q, ctx: pair_in_group_under_distinct_count(q, canon.schema, canon.typed), True)
