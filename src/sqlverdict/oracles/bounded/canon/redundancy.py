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
from ..ir.kinds import AggFn, SetOpKind
from .aggregates import _read_inner, group_by_as_distinct
from .terms import _key, _plain_grouped, constant
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
            and q.limit is None and not q.offset  # (which rows a cut keeps: no)
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


def _order_blind(q) -> bool:
    """Does every aggregate of ``q`` read its rows in any order alike (MIN, MAX, COUNT: not
    a SUM or AVG of reals, whose rounding follows the order the new plan reads them in)?"""
    reads = (q.items, q.having, tuple(k for k, _ in q.order))
    return all(y.fn in (AggFn.MIN, AggFn.MAX, AggFn.COUNT, AggFn.COUNT_STAR)
               for y in ir.local_nodes(reads) if isinstance(y, ir.Agg))


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
            and d.query.having is not None and q.bare_from is None and not _windowed(q)
            and _order_blind(q)):
        return q
    inner = group_by_as_distinct(having_to_where(d.query))
    if inner is d.query or not inner.distinct or inner.having is not None:
        return q
    return dataclasses.replace(q, source=dataclasses.replace(d, query=inner))


def rolled_up_keys(q):
    """``SELECT k, COUNT(g.z), MAX(g.m) FROM (SELECT k, z, MAX(y) AS m .. GROUP BY k, z) AS
    g GROUP BY g.k`` is ``SELECT k, COUNT(DISTINCT z), MAX(y) .. GROUP BY k`` (Spark's
    RewriteDistinctAggregates read back): the outer keys are inner keys and the inner query
    has no HAVING, so an outer group's inner groups are the distinct values of the other
    inner keys among its rows (GROUP BY and DISTINCT match values alike). Then MIN/MAX and
    COUNT(DISTINCT) of an inner key read its values, COUNT of it too when it is the one
    inner key beyond the outer ones, and MIN of MINs, MAX of MAXes read the rows. Other
    aggregates leave ``q`` to ``merge_aggregates``."""
    d = q.source if isinstance(q, ir.Select) else None
    if not (isinstance(d, ir.Derived) and q.aggregate and q.group_by and q.where is None
            and q.bare_from is None and len(set(d.names)) == len(d.names)):
        return q
    inner = d.query
    if not (_plain_grouped(inner) and any(isinstance(y, ir.Agg) for y in ir.local_nodes(inner.items))):
        return q  # (an inner grouping without aggregates is a DISTINCT: merge_distinct)
    item = dict(zip(d.names, inner.items, strict=True))
    inner_keys = {_key(g) for g in inner.group_by}
    keys = {n for n, e in item.items() if _key(e) in inner_keys}
    outer = {g.name for g in q.group_by if isinstance(g, ir.Col) and g.alias == d.alias}
    if len(outer) != len(q.group_by) or not outer <= keys:
        return q
    extra = {_key(item[n]) for n in keys - outer}
    failed = []

    def over(e):
        if isinstance(e, ir.Agg):
            out = _rolled(e, d.alias, item, keys, len(inner_keys - {_key(item[n]) for n in outer}) == 1
                          and len(extra) == 1)
            return failed.append(e) or e if out is None else out
        if isinstance(e, ir.Col) and e.alias == d.alias:
            return item[e.name] if e.name in outer else failed.append(e) or e
        return e

    out = _read_inner(q, inner, over)
    if failed or not any(isinstance(y, ir.Agg) and isinstance(y.arg, ir.Col) and y.arg.alias == d.alias
                         and y.arg.name in keys for y in ir.local_nodes((q.items, q.having))):
        return q  # (MIN of MINs, MAX of MAXes alone: merge_aggregates)
    return out


def _rolled(e, alias, item, keys, one_extra: bool):
    """The aggregate ``e`` of the outer query over the base rows, or None."""
    if not (isinstance(e.arg, ir.Col) and e.arg.alias == alias and e.arg.name in item):
        return None
    src = item[e.arg.name]
    if e.arg.name in keys:
        if e.fn in (AggFn.MIN, AggFn.MAX) or (e.fn == AggFn.COUNT and (e.distinct or one_extra)):
            return dataclasses.replace(e, arg=src, distinct=e.fn == AggFn.COUNT or e.distinct)
        return None
    if isinstance(src, ir.Agg) and e.fn in (AggFn.MIN, AggFn.MAX) and src.fn == e.fn:
        return src
    return None
