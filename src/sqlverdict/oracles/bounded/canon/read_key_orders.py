"""Sort keys after the one key a select reads break ties nothing sees: ``order_after_read_key``.

"The previous visit's day" is written ``LAG(day) OVER (PARTITION BY pet ORDER BY day, id)``
(its subquery: ``ORDER BY w.day DESC, w.id DESC LIMIT 1`` over the rows before), as
``(SELECT w.day .. ORDER BY w.day DESC LIMIT 1)`` or as ``(SELECT MAX(w.day) ..)`` over the
same rows: the tie-break picks among rows of one ``day``, and only ``day`` is read. The law:
rows sorted by ``(x, rest)`` and by ``x`` alone list the same ``x`` values in the same order
(both sort one bag of values by ``x``), so a select whose items read the row only through
``x`` gives the same rows, under any LIMIT and OFFSET, when rows tied on ``x`` under ORDER
BY hold one value (``top_one._identity_key``: binary collation; ``1`` beside ``1.0`` would
let the tie-break pick which one is shown; NULLs tie with NULLs only, one value).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from .terms import _deep, _windowless
from .top_one import _PURE, _identity_key, _null_flag_of, _scans


def _reads_only(e, x) -> bool:
    """Is ``e`` deterministic (no subquery, function or aggregate) with ``x`` its only column?"""
    return all(isinstance(y, _PURE) and (not isinstance(y, ir.Col) or y == x) for y in ir.local_nodes(e))


def _cut(q, schema, typed: bool):
    """``SELECT e.. FROM F WHERE w ORDER BY [flags of x,] x [DESC], rest.. [LIMIT n [OFFSET
    m]]`` (no aggregate, GROUP BY, DISTINCT or window; ``F`` a join of tables; the leading
    keys NULLS FIRST/LAST flags ``x IS NULL`` of ``x``), each ``e`` reading the row only
    through the column ``x`` (deterministic: columns ``x``, literals, arithmetic,
    comparisons, CASE), rows tied on ``x`` of one value (``top_one._identity_key``; an
    INTEGER column only in the ``typed`` domain), is the same without ``rest``."""
    if not (isinstance(q, ir.Select) and q.order and not q.aggregate and not q.group_by
            and q.having is None and not q.distinct and q.bare_from is None and _windowless(q)):
        return q
    scans = _scans(q.source)
    cut = next((j for j, (k, _) in enumerate(q.order) if isinstance(k, ir.Col)), None)
    if scans is None or cut is None or cut + 1 == len(q.order):
        return q
    x = q.order[cut][0]
    if not (all(_null_flag_of(k, x) for k, _ in q.order[:cut]) and _identity_key(x, scans, schema, typed)
            and all(_reads_only(e, x) for e in q.items)):
        return q
    return dataclasses.replace(q, order=q.order[:cut + 1])


def order_after_read_key(q, schema, typed: bool = False):
    """``q`` with ``_cut`` applied to it and to every select inside it (the scalar
    subqueries a window became are read by ``top_one_as_min`` at the outer select, before
    they are canonicalized themselves)."""
    return _deep(q, lambda s: _cut(s, schema, typed), ir.Select)


# ---- the registry's entry (``rules.RULES`` adds it as ``Rule(*entry)``)

READ_KEY_ORDER_RULE = (
    "order_after_read_key", "SELECT e FROM F WHERE w ORDER BY x [DESC], rest [LIMIT n], each "
    "e reading only the column x, rows tied on x of one value (binary collation, no 1 beside "
    "1.0), no aggregate, DISTINCT or window, is the same without rest: the tie-break picks "
    "among rows nothing tells apart", ("select",),
    lambda canon, q, ctx: order_after_read_key(q, canon.schema, canon.typed), True)
