"""DISTINCT and GROUP BY that remove nothing, and UNION as a grouping (issue 25, prover3).

- ``grouped_union``: ``SELECT d.x.. FROM (A UNION ALL B) AS d GROUP BY d.x..`` (every
  column, no aggregate, no HAVING) is ``A UNION B`` (Calcite's UnionToDistinctRule read
  backwards): a GROUP BY without aggregates is a DISTINCT (``group_by_as_distinct``), and
  DISTINCT over UNION ALL is UNION (``distinct_union``); GROUP BY, DISTINCT and UNION match
  values alike (NULL with NULL, 1 with 1.0, the column's collation).
- ``distinct_of_groups``: ``SELECT DISTINCT .. d.k .. FROM (SELECT k, .. GROUP BY k) AS d``
  where the items read every group key of ``d``: the groups have distinct keys, so the rows
  are distinct already and DISTINCT is a no-op (Calcite's AggregateRemoveRule on a DISTINCT
  over a grouped input that keeps its key).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import SetOpKind
from .aggregates import group_by_as_distinct
from .terms import _key, constant
from .unions import distinct_union
from .views import having_to_where


def grouped_union(q):
    """``q`` as ``A UNION B`` when it groups every column of a derived ``A UNION ALL B``
    (no aggregate, HAVING, WHERE, LIMIT), else ``q``."""
    src = q.source if isinstance(q, ir.Select) else None
    if not (isinstance(src, ir.Derived) and isinstance(src.query, ir.SetOp)
            and src.query.op == SetOpKind.UNION and src.query.all and not q.distinct):
        return q
    out = group_by_as_distinct(q)
    if out is q:
        return q
    union = distinct_union(out)
    return q if union is out else union


def distinct_of_groups(q):
    """``q`` without its DISTINCT when its one source is a grouped derived table whose
    every GROUP BY key is an item of it that ``q`` reads as a plain column, else ``q``."""
    if not (isinstance(q, ir.Select) and q.distinct and isinstance(q.source, ir.Derived)
            and not q.aggregate and not q.group_by and q.having is None
            and q.bare_from is None and not _windowed(q)):
        return q
    d = q.source
    inner = d.query
    if not (isinstance(inner, ir.Select) and inner.aggregate and inner.group_by
            and len(set(d.names)) == len(d.names) == len(inner.items)):
        return q
    read = {i.name for i in q.items if isinstance(i, ir.Col) and i.alias == d.alias}
    for g in inner.group_by:
        if constant(g):
            continue  # one value in every group: splits nothing
        names = {n for n, e in zip(d.names, inner.items, strict=True) if _key(e) == _key(g)}
        if not names & read:
            return q
    return dataclasses.replace(q, distinct=False)


def _windowed(q) -> bool:
    return any(isinstance(y, ir.Window) for y in ir.local_nodes(q.items))


_DEDUPLICATING = (SetOpKind.UNION, SetOpKind.INTERSECT, SetOpKind.EXCEPT)


def deduplicated_operands(q):
    """An operand ``A UNION ALL B`` of a UNION, INTERSECT or EXCEPT (not ALL, no LIMIT or
    OFFSET) is ``A UNION B``: the compound keeps one row of each distinct value and asks of
    a row only whether an operand holds it, so how often an operand repeats a row is never
    read (Calcite's UnionMergeRule merges ``(A UNION ALL B) UNION C`` into one UNION)."""
    if not (isinstance(q, ir.SetOp) and not q.all and q.op in _DEDUPLICATING
            and q.limit is None and not q.offset):
        return q
    left, right = _as_union(q.left), _as_union(q.right)
    if left is q.left and right is q.right:
        return q
    return dataclasses.replace(q, left=left, right=right)


def _as_union(x):
    if (isinstance(x, ir.SetOp) and x.op == SetOpKind.UNION and x.all and x.limit is None
            and not x.offset and not x.order):
        return dataclasses.replace(x, all=False)
    return x


def derived_grouping_as_distinct(q):
    """In an aggregate select over one derived table ``SELECT x, y FROM R WHERE p GROUP BY
    x, y HAVING h`` (no aggregate; ``h`` on the keys only): that table is ``SELECT DISTINCT
    x, y FROM R WHERE p AND h`` (``having_to_where``, then ``group_by_as_distinct``), the
    form ``merge_distinct`` reads through (Spark's RemoveRedundantAggregates after
    PushDownPredicates put a filter into the inner grouping's HAVING)."""
    d = q.source if isinstance(q, ir.Select) and q.aggregate else None
    if not (isinstance(d, ir.Derived) and isinstance(d.query, ir.Select) and d.query.group_by
            and d.query.having is not None):
        return q
    inner = group_by_as_distinct(having_to_where(d.query))
    if inner is d.query or not inner.distinct or inner.having is not None:
        return q
    return dataclasses.replace(q, source=dataclasses.replace(d, query=inner))
