"""A condition on the preserved side of a LEFT JOIN as a CASE: ``left_condition_as_case``.

``SELECT .. r.y .. FROM L LEFT JOIN R ON c AND p`` is ``SELECT .. CASE WHEN p THEN r.y END ..
FROM L LEFT JOIN R ON c`` when ``p`` reads only ``L``'s columns and ``c`` equates every column
of a unique key of the table ``R`` with values of ``L`` (``joins._unique_match``): each row of
``L`` has at most one partner under ``c``, so both joins return one row per row of ``L``; where
``p`` is TRUE they hold the same partner, and where it is FALSE or NULL the left pads ``R``
with NULLs and the right reads ``r.y`` under a CASE that is NULL (Calcite's
JoinProjectTransposeRule with ReduceExpressionsRule). Without the key a FALSE ``p`` gives one
padded row on the left and a row per partner on the right. ``R``'s columns only in the
items and ORDER BY (values read as they are), the join the select's only source, no
aggregate, window, subquery, LIMIT or OFFSET (the order of ties), no table with a declared
collation (a NOCASE comparison may match two keys).
"""

from __future__ import annotations

import dataclasses

from ....types import Schema
from .. import ir
from ..ir.kinds import JoinKind, Ty
from .joins import _unique_match
from .terms import _aliases_in, _and, _conjuncts, _has_sub, _replace_cols, _tree_aliases


def _scans(src) -> list:
    if isinstance(src, ir.Join):
        return _scans(src.left) + _scans(src.right)
    return [src]


def _reads(x, alias: str) -> bool:
    return any(isinstance(y, ir.Col) and y.alias == alias for y in ir.nodes(x))


def _eligible(q, schema: Schema) -> bool:
    j = q.source
    if not (isinstance(q, ir.Select) and isinstance(j, ir.Join) and j.kind == JoinKind.LEFT
            and isinstance(j.right, ir.Scan) and j.on is not None and not q.aggregate
            and q.bare_from is None and q.limit is None and not q.offset):
        return False
    scans = _scans(j)
    if not all(isinstance(s, ir.Scan) and not schema.table(s.table).collated for s in scans):
        return False
    a = j.right.alias
    rest = (q.where, q.group_by, q.having)
    shown = (q.items, tuple(k for k, _ in q.order))
    return (not any(_reads(x, a) for x in rest)
            and not any(isinstance(y, (ir.Window, ir.Agg, ir.InSub, ir.Exists, ir.ScalarSub))
                        for y in ir.nodes(shown)))


def left_condition_as_case(q, schema: Schema):
    """``q`` with the ON conjuncts on ``L`` alone as CASEs over ``R``'s columns (module
    docstring); ``q`` itself when they do not apply."""
    if not _eligible(q, schema):
        return q
    j = q.source
    left = set(_tree_aliases(j.left))
    own = [c for c in _conjuncts(j.on) if _aliases_in(c) and _aliases_in(c) <= left and not _has_sub(c)]
    rest = [c for c in _conjuncts(j.on) if c not in own]
    if not own or not rest:
        return q
    keyed = dataclasses.replace(j, on=_and(rest))
    if not _unique_match(keyed, schema):
        return q
    p, r = _and(own), j.right
    rep = {(r.alias, n): ir.Case(((p, ir.Col(r.alias, n, ty, aff)),), ir.Lit(None, Ty.NULL), ty)
           for n, ty, aff in r.columns}
    items = _replace_cols(q.items, rep)
    order = tuple((_replace_cols(k, rep), d) for k, d in q.order)
    return dataclasses.replace(q, source=keyed, items=items, order=order)
