"""Rows whose aggregated column is NULL, under an aggregate without GROUP BY (issue 25,
i44d): ``non_null_filter_without_groups``, the ungrouped case of ``canon/null_groups.py``
(whose canonical form, without the filter, it keeps).

The law (site ``select``): ``SELECT .. FROM F WHERE w AND x IS NOT NULL`` without GROUP BY,
every aggregate of its items, HAVING and ORDER BY ``AGG(x)`` of one column ``x`` of a table
it scans (COUNT, SUM, AVG, MIN, MAX, TOTAL; DISTINCT or not) or ``COUNT(*)``, which reads
``COUNT(x)`` without the filter, no column read outside an aggregate, no subquery reading
``F``'s rows, no window, is the same without the conjunct ``x IS NOT NULL``. A correlated
AVG that ignores NULLs by hand (``(SELECT AVG(y.days) .. AND y.days IS NOT NULL)``) against
the plain AVG. Sound in SQLite: an aggregate without GROUP BY returns one row on any input;
each ``AGG(x)`` skips the rows with a NULL ``x`` the filter drops, so it sees the same
values (on no non-NULL value: COUNT 0, TOTAL 0.0, the others NULL, either way), and
``COUNT(*)`` of the filtered rows is ``COUNT(x)`` of them all. ORDER BY and LIMIT read that
one row's aggregates. Not under HAVING (``HAVING COUNT(*) > 0`` is ``count_positive_as_group``'s
GROUP BY 1, which a ``COUNT(x)`` would hide: prover8's ``superlative_offset_nested_min``). The
near misses: ``COUNT(*)`` left as it is, a bare column (SQLite's value of some row, which
the filter may change), an aggregate of another column.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn
from .null_groups import (
    _aliases,
    _bare_cols,
    _counted_x,
    _one_column,
    _reads,
    _scan_aliases,
    _unfiltered,
)
from .terms import _has_sub, _windowless


def non_null_filter_without_groups(q, schema=None):
    """``q`` without its WHERE conjunct ``x IS NOT NULL`` (module docstring), else ``q``."""
    if not (isinstance(q, ir.Select) and q.aggregate and not q.group_by and q.having is None
            and q.bare_from is None and _windowless(q)):
        return q
    aliases = _aliases(q.source)
    x = _one_column(q)
    if aliases is None or x is None or x.alias not in _scan_aliases(q.source):
        return q
    unfiltered = _unfiltered(q.where, x)
    if unfiltered is None:
        return q
    read = [e for e in (*q.items, q.having, *(k for k, _ in q.order)) if e is not None]
    if any(_bare_cols(e) for e in read):
        return q
    if any(_has_sub(e) and any(_reads(s, aliases) for s in ir.nodes(e)
                               if isinstance(s, (ir.ScalarSub, ir.Exists, ir.InSub)))
           for e in read):
        return q
    if not any(isinstance(y, ir.Agg) and y.fn != AggFn.COUNT_STAR for e in read for y in ir.local_nodes(e)):
        return q
    if _declared_never_null(q.source, x, schema):  # (COUNT(*) stays: count_positive_as_group reads it)
        return dataclasses.replace(q, where=unfiltered[0])
    return dataclasses.replace(q, where=unfiltered[0], items=tuple(_counted_x(i, x) for i in q.items),
                               having=_counted_x(q.having, x),
                               order=tuple((_counted_x(k, x), d) for k, d in q.order))


def _declared_never_null(src, x, schema) -> bool:
    """Is ``x`` a column its scanned table declares never NULL (the filter is then TRUE on
    every row, and ``COUNT(*)`` is ``COUNT(x)`` as it stands)?"""
    if isinstance(src, ir.Join):
        return _declared_never_null(src.left, x, schema) or _declared_never_null(src.right, x, schema)
    return (schema is not None and isinstance(src, ir.Scan) and src.alias == x.alias
            and schema.table(src.table).never_null(x.name))


UNGROUPED_NULL_RULE = (
    "non_null_filter_without_groups", "SELECT .. FROM F WHERE w AND x IS NOT NULL without "
    "GROUP BY, every aggregate AGG(x) of one column x that skips NULL (COUNT(*) reads "
    "COUNT(x)), no column outside an aggregate: the conjunct x IS NOT NULL goes", ("select",),
    lambda canon, q, ctx: non_null_filter_without_groups(q, canon.schema))
