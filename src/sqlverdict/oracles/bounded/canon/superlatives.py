"""Superlatives as a whole query, not a scalar subquery (issue 25, i40b).

``top_one_as_min`` and ``offset_as_below_extremum`` read a first value by ORDER BY, and the
n-th distinct one by OFFSET, as MIN/MAX where the value is a scalar subquery: there no row
and a NULL row are both NULL. As a query's own rows they are not, so the laws here keep the
row count apart with ``HAVING COUNT(*) > 0`` and ask ``x`` never NULL on a kept row:

- ``top_value_as_extremum_row``: ``SELECT [DISTINCT] x FROM F WHERE w ORDER BY x LIMIT 1``
  (DESC: MAX) is ``SELECT MIN(x) FROM F WHERE w HAVING COUNT(*) > 0``: no row on no kept
  row, else the least ``x``; MIN compares values (across storage classes too) as ORDER BY
  does under binary collation, and rows tied on ``x`` hold one value (``_identity_key``);
- ``distinct_offset_as_below_extremum``: ``SELECT DISTINCT x FROM T WHERE w ORDER BY x
  LIMIT 1 OFFSET m``, ``m >= 1``, is the same with ``OFFSET m - 1`` over the values above
  ``(SELECT MIN(x) FROM T WHERE w)`` (DESC: below MAX): skipping the first distinct value is
  keeping those past it (``next_values._below``'s step, here on a query's rows, so NULL,
  last descending, is no value to skip to: ``x`` never NULL on a kept row either way);
- ``subqueries_as_aggregates``: ``SELECT f((SELECT A1 FROM T WHERE w), .., (SELECT An FROM
  T WHERE w))`` without FROM, one item, each subquery one aggregate over the same table and
  filter, is ``SELECT f(A1, .., An) FROM T WHERE w``: one row either way, each aggregate over
  the same rows (over none: COUNT 0, the others NULL, alike); the range ``MAX(x) - MIN(x)``
  against the difference of two superlatives. (The merged form, not the split one: other
  rules read aggregates together, ``avg_of_sum_count``, ``guard_of_count``, ``share_of_count``;
  ``aggregate_row_as_subqueries`` splits a row of several items, this rule merges one item.)
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Ty
from .facts import _rejects_col
from .next_values import _below
from .terms import _and, _conjuncts, _map_children, _replace_cols, _windowless
from .top_one import _identity_key, _null_flag_of, _scans


def _plain_top(q) -> bool:
    return (isinstance(q, ir.Select) and q.source is not None and not q.aggregate
            and not q.group_by and q.having is None and q.bare_from is None
            and len(q.items) == 1 and isinstance(q.items[0], ir.Col) and _windowless(q))


def _only_key(q, x) -> tuple | None:
    """The one ORDER BY key ``(x, desc)`` once ``x``'s NULLS FIRST/LAST flags go, or None."""
    keys = [(k, d) for k, d in q.order if not _null_flag_of(k, x)]
    return keys[0] if len(keys) == 1 and keys[0][0] == x else None


def _kept_not_null(q, x, schema) -> bool:
    if any(_rejects_col(c, (x.alias, x.name)) for c in _conjuncts(q.where)):
        return True
    return isinstance(q.source, ir.Scan) and schema.table(q.source.table).never_null(x.name)


def top_value_as_extremum_row(q, schema, typed: bool = False):
    """``SELECT [DISTINCT] x FROM F WHERE w ORDER BY x LIMIT 1`` (no OFFSET; DESC: MAX),
    ``x`` a column never NULL on a kept row whose tied values are one value, is ``SELECT
    MIN(x) FROM F WHERE w HAVING COUNT(*) > 0``; see the module docstring."""
    if not (_plain_top(q) and q.limit == 1 and not q.offset):
        return q
    x, scans = q.items[0], _scans(q.source)
    key = _only_key(q, x)
    if (scans is None or key is None or not _identity_key(x, scans, schema, typed)
            or not _kept_not_null(q, x, schema)):
        return q
    agg = ir.Agg(AggFn.MAX if key[1] else AggFn.MIN, x, False, x.ty)
    some = ir.Cmp(CmpOp.GT, ir.Agg(AggFn.COUNT_STAR, None, False, Ty.INT), ir.Lit(0, Ty.INT))
    return ir.Select(q.source, q.where, (), some, (agg,), False, (), None, 0, True, q.names)


def distinct_offset_as_below_extremum(q, schema):
    """``SELECT DISTINCT x FROM T WHERE w ORDER BY x LIMIT 1 OFFSET m``, ``m >= 1``, one
    table, ``x`` never NULL on a kept row, is the same with ``OFFSET m - 1`` and ``x >
    (SELECT MIN(x) FROM T WHERE w)`` (DESC: ``<`` MAX); see the module docstring."""
    if not (_plain_top(q) and q.distinct and q.limit == 1 and q.offset and q.offset >= 1
            and isinstance(q.source, ir.Scan)):
        return q
    x = q.items[0]
    if _only_key(q, x) is None or not _kept_not_null(q, x, schema):
        return q
    # (``_below`` reads NULL as excluded only from an explicit ``x IS NOT NULL``)
    where = _and([c for c in _conjuncts(q.where)
                  if not (isinstance(c, ir.Not) and isinstance(c.arg, ir.IsNull) and c.arg.arg == x)]
                 + [ir.Not(ir.IsNull(x))])
    sub = ir.ScalarSub(dataclasses.replace(q, where=where), x.ty)
    out = _below(sub, schema)
    return q if out is sub else out.query


def _one_aggregate(e):
    """``(scan, where, agg)`` when ``e`` is ``(SELECT AGG(..) FROM T WHERE w)``: one table,
    no GROUP BY, HAVING, ORDER BY, LIMIT/OFFSET, DISTINCT, window or bare column."""
    q = e.query if isinstance(e, ir.ScalarSub) else None
    if not (isinstance(q, ir.Select) and isinstance(q.source, ir.Scan) and q.aggregate
            and not q.group_by and q.having is None and not q.order and q.limit is None
            and not q.offset and not q.distinct and q.bare_from is None and len(q.items) == 1
            and isinstance(q.items[0], ir.Agg) and _windowless(q)):
        return None
    return q.source, q.where, q.items[0]


def subqueries_as_aggregates(q):
    """``SELECT f((SELECT A1 FROM T WHERE w), (SELECT A2 FROM T WHERE w)..)`` without FROM,
    one item, every subquery one aggregate of the same table and filter (aliases aside),
    nothing else read, is ``SELECT f(A1, A2..) FROM T WHERE w``; see the module docstring."""
    if not (isinstance(q, ir.Select) and q.source is None and q.where is None and not q.group_by
            and q.having is None and q.limit is None and not q.offset and not q.aggregate
            and not q.order and q.bare_from is None and len(q.items) == 1):
        return q
    item = q.items[0]
    nodes = list(ir.local_nodes(item))
    subs = [y for y in nodes if isinstance(y, ir.ScalarSub)]
    if (len(subs) < 2 or any(isinstance(y, (ir.Col, ir.InSub, ir.Exists, ir.Window, ir.Agg))
                             for y in nodes)):
        return q
    parts = [_one_aggregate(y) for y in subs]
    if any(p is None for p in parts):
        return q
    scan, where = parts[0][0], parts[0][1]
    aggs = {}
    for y, (other, w, agg) in zip(subs, parts, strict=True):
        rep = {(other.alias, c): ir.Col(scan.alias, c, ty, aff) for c, ty, aff in other.columns}
        if other.table != scan.table or _replace_cols(w, rep) != where:
            return q
        aggs[y] = _replace_cols(agg, rep)

    def merge(e):
        return aggs[e] if isinstance(e, ir.ScalarSub) else _map_children(e, merge)

    return ir.Select(scan, where, (), None, (merge(item),), False, (), None, 0, True, q.names)


# ---- the registry's entries (``rules.RULES`` adds them as ``Rule(*entry)``)

SUPERLATIVE_RULES = (
    ("top_value_as_extremum_row", "SELECT [DISTINCT] x FROM F WHERE w ORDER BY x LIMIT 1 "
     "(DESC: MAX), x never NULL on a kept row, rows tied on x of one value, is SELECT MIN(x) "
     "FROM F WHERE w HAVING COUNT(*) > 0: no row on no kept row, else the least x",
     ("select",), lambda canon, q, ctx: top_value_as_extremum_row(q, canon.schema, canon.typed),
     True),
    ("distinct_offset_as_below_extremum", "SELECT DISTINCT x FROM T WHERE w ORDER BY x LIMIT 1 "
     "OFFSET m, m >= 1, x never NULL on a kept row, rows tied on x of one value, is the same "
     "with OFFSET m - 1 over w AND x > (SELECT MIN(x) FROM T WHERE w) (DESC: < MAX)",
     ("select",), lambda canon, q, ctx: distinct_offset_as_below_extremum(q, canon.schema), True),
    ("subqueries_as_aggregates", "SELECT f((SELECT A1 FROM T WHERE w), (SELECT A2 FROM T "
     "WHERE w)..) without FROM, each subquery one aggregate of one table under one filter, is "
     "SELECT f(A1, A2..) FROM T WHERE w: one row either way, each aggregate over the same rows",
     ("select",), lambda canon, q, ctx: subqueries_as_aggregates(q), True),
)
