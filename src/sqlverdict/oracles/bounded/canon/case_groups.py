"""GROUP BY a CASE of distinct literals as one branch per arm (issue 25, i44d):
``case_buckets_as_union``.

The law (site ``query``): ``SELECT .. FROM F WHERE w GROUP BY c, g.. HAVING h``, ``c = CASE
WHEN w1 THEN l1 .. WHEN wn THEN ln [ELSE l0] END`` whose results are pairwise distinct
literals (a missing ELSE is NULL, distinct from them too) and whose conditions are never
NULL (EXISTS, IS [NOT] NULL and NOT/AND/OR of them), the select reading ``c`` only as a
whole and other columns only inside aggregates or as keys ``g``, its row order not read,
is the UNION ALL over the arms of ``SELECT .. (c read as li) FROM F WHERE w AND NOT w1 ..
AND NOT w(i-1) AND wi GROUP BY g.. HAVING h`` (the ELSE arm: none of the wi), with ``HAVING
COUNT(*) > 0`` where no ``g`` is left: Looker's yesno dimension grouped by its CASE
against one filtered aggregate per answer, the bucket dimensions of BI tools (ROLLUP's and
GROUPING SETS' UNION ALL spelling per grouping).

Sound in SQLite: a kept row's ``c`` is the result of the first arm whose condition is TRUE
(never NULL: each condition is TRUE or FALSE, so ``NOT wj`` holds exactly when the arm is
passed over), so the arms partition the kept rows; the results are distinct, so a group
of ``c, g..`` holds the rows of one arm with one tuple ``g..``, the same rows that arm's
branch groups by ``g..`` with the same aggregates, HAVING and items (``c`` is ``li`` on all
of them). An arm no row takes has no group, and the branch no row: without ``g`` an
aggregate would return its one row on no input, which ``HAVING COUNT(*) > 0`` drops.
Distinct literals: ``1`` and ``1.0`` are one group (equal), so they are refused. The near
misses: the branches without ``HAVING COUNT(*) > 0`` (a zero count for an empty arm), a
condition that may be NULL (``ended > '2024'`` sends a NULL to the ELSE arm, ``NOT`` of it
drops it).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, SetOpKind, Ty
from .aggregates import _map_top
from .markers import _two_valued
from .null_groups import _bare_cols
from .terms import _and, _conjuncts, _has_sub, _windowless


def _bucket(c) -> bool:
    """Is ``c`` a CASE of never-NULL conditions and pairwise distinct literal results?"""
    if not (isinstance(c, ir.Case) and c.whens):
        return False
    results = [v for _, v in c.whens] + [c.default]
    if not all(isinstance(v, ir.Lit) for v in results):
        return False
    values = [v.value for v in results]
    keys = {(type(x) is str, x) for x in values}  # (1 and 1.0 are one value: refused)
    return (len(keys) == len(values) and not any(isinstance(x, bool) for x in values)
            and all(_two_valued(w) and not _has_sub(w) for w, _ in c.whens))


def case_buckets_as_union(q, sensitive: bool):
    """``q`` as the UNION ALL of one grouping per arm of its CASE key (module docstring),
    else ``q``."""
    if sensitive or not (isinstance(q, ir.Select) and q.aggregate and q.group_by and q.limit is None
                         and not q.offset and not q.order and not q.distinct
                         and q.bare_from is None and _windowless(q)):
        return q
    buckets = [g for g in q.group_by if _bucket(g)]
    if len(buckets) != 1:
        return q
    c = buckets[0]
    other = tuple(g for g in q.group_by if g != c)
    if not all(isinstance(g, ir.Col) for g in other):
        return q
    reads = [e for e in (*q.items, q.having) if e is not None]
    hidden = [_map_top(e, lambda y: ir.Lit(None, Ty.NULL) if y == c else y) for e in reads]
    if any(b not in other for e in hidden for b in _bare_cols(e)):
        return q
    arms = [*c.whens, (None, c.default)]
    branches = []
    for i, (w, lit) in enumerate(arms):
        cond = [ir.Not(p) for p, _ in arms[:i]] + ([w] if w is not None else [])

        def read(e, lit=lit):
            return _map_top(e, lambda y: lit if y == c else y)

        having = _conjuncts(read(q.having)) if q.having is not None else []
        if not other:
            having = [ir.Cmp(CmpOp.GT, ir.Agg(AggFn.COUNT_STAR, None, False, Ty.INT), ir.Lit(0, Ty.INT)),
                      *having]
        branches.append(dataclasses.replace(
            q, where=_and([*_conjuncts(q.where), *cond]), group_by=other, having=_and(having),
            items=tuple(read(e) for e in q.items)))
    out = branches[0]
    for b in branches[1:]:
        out = ir.SetOp(SetOpKind.UNION, True, out, b)
    return out


CASE_GROUP_RULE = (
    "case_buckets_as_union", "GROUP BY a CASE of never-NULL conditions and distinct literal "
    "results (order not read) is the UNION ALL of one grouping per arm, its rows filtered to "
    "the arm, HAVING COUNT(*) > 0 where no other key is left", ("query",),
    lambda canon, q, ctx: case_buckets_as_union(q, ctx["sensitive"]))
