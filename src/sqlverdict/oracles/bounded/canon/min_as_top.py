"""A first value by ORDER BY as the extremum it is: ``top_one_as_min``.

Calcite's AggregateMinMaxToLimitRule writes ``SELECT MIN(x) FROM F WHERE w`` as ``SELECT
(SELECT x FROM F WHERE w AND x IS NOT NULL ORDER BY x LIMIT 1)`` (MAX: DESC). Read back:
as a scalar subquery, no row and a NULL row are both NULL, so the two agree when the
kept rows' ``x`` is never NULL and rows tied on ``x`` hold one value (``_identity_key``:
``1`` beside ``1.0``, or ``'a'`` beside ``'A'`` under NOCASE, would let MIN and ORDER BY
pick different ones).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn
from .terms import _and, _conjuncts, _deep, _windowless
from .top_one import _identity_key, _null_flag_of, _scans


def _not_null(c, x) -> bool:
    return isinstance(c, ir.Not) and isinstance(c.arg, ir.IsNull) and c.arg.arg == x


def _as_min(e, schema, typed: bool):
    if not (isinstance(e, ir.ScalarSub) and isinstance(e.query, ir.Select)):
        return e
    q = e.query
    if not (q.limit == 1 and not q.offset and not q.aggregate and not q.group_by
            and q.having is None and q.bare_from is None and len(q.items) == 1
            and isinstance(q.items[0], ir.Col) and _windowless(q)):
        return e
    x, scans = q.items[0], _scans(q.source)
    keys = [(k, d) for k, d in q.order if not _null_flag_of(k, x)]
    if scans is None or len(keys) != 1 or keys[0][0] != x or not _identity_key(x, scans, schema, typed):
        return e
    conds = _conjuncts(q.where)
    kept = [c for c in conds if not _not_null(c, x)]
    never = isinstance(q.source, ir.Scan) and schema.table(q.source.table).never_null(x.name)
    if len(kept) == len(conds) and not never and not _nulls_last(q.order, x):
        return e
    agg = ir.Agg(AggFn.MAX if keys[0][1] else AggFn.MIN, x, False, x.ty)
    one = ir.Select(q.source, _and(kept), (), None, (agg,), False, (), None, 0, True, q.names)
    return ir.ScalarSub(one, e.ty)


def _nulls_last(order: tuple, x) -> bool:
    """Does ``order`` (one key ``x`` and NULLS FIRST/LAST flags of it) put NULL ``x`` last:
    DESC in SQLite's own placement, or a flag ``x IS NULL`` ascending before ``x``?"""
    first = order[0]
    if _null_flag_of(first[0], x):
        return not first[1]
    return first[1]


def top_one_as_min(q, schema, typed: bool = False):
    """``(SELECT x FROM F WHERE w AND x IS NOT NULL ORDER BY x LIMIT 1)`` (no OFFSET,
    aggregate or window; the filter absent where ``x`` is a never-NULL column of the one
    table, or where the order puts NULL last: ``x DESC``, SQLite's NULLS LAST for DESC, or
    a flag ``x IS NULL`` ascending first, so the first row holds a NULL only when every
    kept row does, where MIN/MAX is NULL too; NULLS FIRST/LAST flags of ``x`` aside) is ``(SELECT MIN(x) FROM F WHERE w)``
    (DESC: MAX) when rows tied on ``x`` hold one value (``top_one._identity_key``; an
    INTEGER column only in the ``typed`` domain): both are NULL on no kept row, else the
    least ``x``, which MIN finds as ORDER BY does (binary collation)."""
    out = _deep(q, lambda e: _as_min(e, schema, typed))
    return q if out is q else _unwrapped(out)


def _unwrapped(q):
    """``SELECT (SELECT AGG(..) FROM F WHERE w)``, no FROM, is ``SELECT AGG(..) FROM F WHERE
    w`` (no GROUP BY, HAVING, ORDER BY or LIMIT): one row either way, the same value."""
    if not (isinstance(q, ir.Select) and q.source is None and q.where is None and not q.group_by
            and q.having is None and not q.order and q.limit is None and not q.offset
            and not q.distinct and not q.aggregate and len(q.items) == 1
            and isinstance(q.items[0], ir.ScalarSub) and isinstance(q.items[0].query, ir.Select)):
        return q
    s = q.items[0].query
    if not (s.aggregate and not s.group_by and s.having is None and not s.order and s.limit is None
            and not s.offset and len(s.items) == 1 and s.bare_from is None and _windowless(s)):
        return q
    return dataclasses.replace(s, names=q.names)
