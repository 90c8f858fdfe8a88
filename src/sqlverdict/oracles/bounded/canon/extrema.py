"""Extrema read off keys (issue 25, i39d): ``integer_top_one_as_min``, ``group_key_extremum``.

- TiDB's MaxMinEliminate and Calcite's AggregateMinMaxToLimitRule write ``MAX(x)`` as
  ``(SELECT x .. WHERE x IS NOT NULL ORDER BY x DESC LIMIT 1)``; ``min_as_top`` reads that
  back where rows tied on ``x`` hold one value. An INTEGER column of the sqlite domain holds
  one value per equal class except the REAL ``-2**63`` beside the INTEGER one (integral
  reals inside 64 bits become integers, text and blobs are equal byte for byte):
  ``integer_top_one_as_min`` reads it there too, and a proof that needs it states
  ``no_real_int_min`` (``proofs``).
- ClickHouse's optimize_aggregators_of_group_by_keys: under ``GROUP BY k``, ``MIN(k)``,
  ``MAX(k)`` are ``k`` where equal values of ``k`` are one value (``top_one._identity_key``:
  TEXT and REAL columns of binary collation, rowid aliases; INTEGER columns as well, whose
  queries grouping by them state ``no_real_int_min`` already, ``int_min``); the NULL group
  gives NULL either way.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn
from .aggregates import _map_deep_local
from .min_as_top import top_one_as_min
from .top_one import _identity_key, _scans


def integer_top_one_as_min(q, schema, typed: bool):
    """``top_one_as_min`` for an INTEGER column in the sqlite domain (the typed domain has
    it already): the proof states ``no_real_int_min``. Where ``top_one_as_min`` itself
    fires (a TEXT or REAL column beside), this waits for it."""
    if typed or top_one_as_min(q, schema, False) is not q:
        return q
    return top_one_as_min(q, schema, True)


def group_key_extremum(q, schema):
    """``MIN(k)``/``MAX(k)`` (DISTINCT or not) in the items, HAVING and ORDER BY of a select
    grouped by the column ``k`` of one of its tables, equal values of ``k`` one value, as
    ``k``."""
    if not (isinstance(q, ir.Select) and q.aggregate and q.group_by):
        return q
    scans = _scans(q.source) if q.source is not None else None
    if not scans:
        return q
    keys = {g for g in q.group_by if isinstance(g, ir.Col) and _identity_key(g, scans, schema, True)}
    if not keys:
        return q

    def f(y):
        if isinstance(y, ir.Agg) and y.fn in (AggFn.MIN, AggFn.MAX) and y.arg in keys:
            return y.arg
        return y

    items = tuple(_map_deep_local(i, f) for i in q.items)
    having = _map_deep_local(q.having, f)
    order = tuple((_map_deep_local(k, f), d) for k, d in q.order)
    if (items, having, order) == (q.items, q.having, q.order):
        return q
    return dataclasses.replace(q, items=items, having=having, order=order)


# ---- the registry's entries (``rules.RULES`` adds them as ``Rule(*entry)``)

EXTREMA_RULES = (
    ("integer_top_one_as_min", "top_one_as_min for an INTEGER column in the sqlite domain: "
     "equal values one value but the REAL -2**63 beside the INTEGER one (the proof states "
     "no_real_int_min)", ("select",),
     lambda canon, q, ctx: integer_top_one_as_min(q, canon.schema, canon.typed), True),
    ("group_key_extremum", "under GROUP BY k, MIN(k) and MAX(k) are k, k a column of the "
     "select's tables whose equal values are one value (TEXT or REAL of binary collation, "
     "INTEGER; ClickHouse's optimize_aggregators_of_group_by_keys)", ("select",),
     lambda canon, q, ctx: group_key_extremum(q, canon.schema), True),
)
