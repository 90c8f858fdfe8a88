"""A rank of the select's own rows as a count (i57c): ``rank_of_own_rows``.

``SELECT [DISTINCT] e.., RANK() OVER (PARTITION BY p ORDER BY k..) FROM F WHERE w GROUP BY g
HAVING h [ORDER BY o]`` ("attorneys ranked by billable hours": the window over the groups of
the select that holds it) is the same select written over itself as a view, ``SELECT
[DISTINCT] d.c0, .. FROM (SELECT e.. AS c0, RANK() .. AS ci .. FROM F ..) d [ORDER BY d.cj]``,
read by ``rank_counts.rank_as_count`` (the rank as ``1 + (SELECT COUNT(*) FROM (a copy) u
WHERE u.k <lex d.k)``, DENSE_RANK of one key ``COUNT(DISTINCT u.k)``; every condition of
that law: keys never NULL, inner joins, no subquery, no collation).

Why the wrapping holds in SQLite: a select computes its window functions over the rows its
FROM, WHERE, GROUP BY and HAVING produce, before DISTINCT, ORDER BY and LIMIT; the view
computes the same items on the same rows, and the outer select only passes each column on
(no comparison reads the view's affinity), then applies DISTINCT and ORDER BY to the same
values. An ORDER BY key must be one of the items (else not read); no LIMIT/OFFSET
(``rank_as_count`` reads no limited select), no ``bare_from``. The step is taken only when
``rank_as_count`` then removes the window (the wrapper alone would be undone by
``inline_projection``).
"""

from __future__ import annotations

import dataclasses

from ....types import Schema
from .. import ir
from ..ir.affinity import _aff, _ty
from ..ir.kinds import WindowFn
from .rank_counts import rank_as_count

_ALIAS = "ranked"


def _aliases(q) -> set:
    return {y.alias for y in ir.nodes(q) if isinstance(y, (ir.Scan, ir.Derived))}


def rank_of_own_rows(q, schema: Schema, typed: bool = False):
    """See the module."""
    if not (isinstance(q, ir.Select) and q.source is not None and q.limit is None
            and not q.offset and q.bare_from is None):
        return q
    if not any(isinstance(e, ir.Window) and e.fn in (WindowFn.RANK, WindowFn.DENSE_RANK)
               for e in q.items):
        return q
    if any(isinstance(y, ir.Window) for k, _ in q.order for y in ir.nodes(k)) or not all(
            k in q.items for k, _ in q.order):
        return q
    alias = _ALIAS
    while alias in _aliases(q):
        alias += "_"
    names = tuple(f"c{i}" for i in range(len(q.items)))
    cols = tuple(ir.Col(alias, n, _ty(e), _aff(e)) for n, e in zip(names, q.items, strict=True))
    view = dataclasses.replace(q, distinct=False, order=(), names=())
    wrapped = ir.Select(ir.Derived(view, alias, names), None, (), None, cols, q.distinct,
                        tuple((cols[q.items.index(k)], desc) for k, desc in q.order),
                        None, 0, False, q.names)
    counted = rank_as_count(wrapped, schema, typed)
    return q if counted is wrapped else counted


RANK_GROUP_RULES = (
    ("rank_of_own_rows", "SELECT e.., RANK() OVER (..) FROM F .. GROUP BY g (the window over the "
     "select's own rows) is SELECT d.* FROM (the same select) d, read by rank_as_count as 1 + "
     "the count of the rows before", ("select",),
     lambda canon, q, ctx: rank_of_own_rows(q, canon.schema, canon.typed), True),
)
