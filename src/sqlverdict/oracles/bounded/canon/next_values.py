"""The n-th greatest distinct value by OFFSET as the greatest below the greatest (issue 25,
i39d): ``offset_as_below_extremum``.

The cookbook's "second highest salary" is written both as ``(SELECT DISTINCT x FROM T WHERE
w ORDER BY x DESC LIMIT 1 OFFSET 1)`` and as ``(SELECT MAX(x) FROM T WHERE w AND x <
(SELECT MAX(x) FROM T WHERE w))``. Read one step at a time: skipping the first distinct value
of a descending list is keeping the values below the greatest, one OFFSET fewer; the last
step (OFFSET 0) is ``min_as_top``'s. As a scalar subquery no row and a NULL row are both
NULL, so NULLs (last descending in SQLite) change nothing: with ``n`` distinct values the
OFFSET ``m`` reaches NULL or nothing exactly when ``m >= n``, and so does OFFSET ``m - 1``
of the ``n - 1`` values below the greatest. Ascending, NULL sorts first: only where ``x`` is
never NULL on a kept row (declared or filtered), ``x > (SELECT MIN(x) ..)``. Rows tied on
``x`` hold one value (``top_one._identity_key``; an INTEGER column in the sqlite domain too,
whose DISTINCT states ``no_real_int_min``).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp
from .min_as_top import _not_null, _unwrapped
from .terms import _and, _conjuncts, _deep, _windowless
from .top_one import _PURE, _identity_key, _null_flag_of


def _below(e, schema):
    """One step of the law on a scalar subquery ``e``, or ``e``."""
    if not (isinstance(e, ir.ScalarSub) and isinstance(e.query, ir.Select)):
        return e
    q = e.query
    if not (q.distinct and q.limit == 1 and q.offset and q.offset >= 1 and not q.aggregate
            and not q.group_by and q.having is None and q.bare_from is None
            and isinstance(q.source, ir.Scan) and len(q.items) == 1
            and isinstance(q.items[0], ir.Col) and _windowless(q)):
        return e
    x, scan = q.items[0], q.source
    conds = _conjuncts(q.where)
    if not (_identity_key(x, {scan.alias: scan}, schema, True)
            and all(isinstance(y, _PURE) for c in conds for y in ir.local_nodes(c))):
        return e
    non_null = (any(_not_null(c, x) for c in conds)
                or schema.table(scan.table).never_null(x.name))
    keys = tuple((k, d) for k, d in q.order if not (non_null and _null_flag_of(k, x)))
    if len(keys) != 1 or keys[0][0] != x or not (keys[0][1] or non_null):
        return e
    desc = keys[0][1]
    other = scan.alias + "_next"

    def rename(y):
        return dataclasses.replace(y, alias=other) if isinstance(y, ir.Col) and y.alias == scan.alias else y

    rest = [c for c in conds if not _not_null(c, x)]
    top = ir.Select(dataclasses.replace(scan, alias=other), _deep(_and(rest), rename), (), None,
                    (ir.Agg(AggFn.MAX if desc else AggFn.MIN, rename(x), False, x.ty),), False,
                    (), None, 0, True, ())
    cut = ir.Cmp(CmpOp.LT if desc else CmpOp.GT, x, ir.ScalarSub(top, x.ty))
    where = _and([*rest, ir.Not(ir.IsNull(x)), cut])
    return dataclasses.replace(e, query=dataclasses.replace(q, where=where, order=keys,
                                                            offset=q.offset - 1))


def offset_as_below_extremum(q, schema):
    """``(SELECT DISTINCT x FROM T WHERE w ORDER BY x DESC LIMIT 1 OFFSET m)``, ``m >= 1``,
    one table, ``w`` deterministic without subqueries, as ``(SELECT DISTINCT x FROM T WHERE w
    AND x IS NOT NULL AND x < (SELECT MAX(x) FROM T WHERE w) ORDER BY x DESC LIMIT 1 OFFSET
    m - 1)`` (ASC: ``x > MIN``, ``x`` never NULL on a kept row); see the module docstring."""
    out = _deep(q, lambda e: _below(e, schema))
    return q if out is q else _unwrapped(out)


# ---- the registry's entry (``rules.RULES`` adds it as ``Rule(*entry)``)

NEXT_VALUE_RULES = (
    ("offset_as_below_extremum", "(SELECT DISTINCT x FROM T WHERE w ORDER BY x DESC LIMIT 1 "
     "OFFSET m), m >= 1, rows tied on x of one value, is the same with OFFSET m - 1 over WHERE w "
     "AND x < (SELECT MAX(x) FROM T WHERE w) (ASC: x > MIN, x never NULL): the second highest "
     "as the greatest below the greatest", ("select",),
     lambda canon, q, ctx: offset_as_below_extremum(q, canon.schema), True),
)
