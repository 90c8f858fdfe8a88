"""Ranking without ties: ``rank_without_ties``."""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import WindowFn
from .terms import _unique_keys
from .windows import _map_windows


def rank_without_ties(q: ir.Select, schema) -> ir.Select:
    """Over one table ``t``, ``RANK()`` and ``DENSE_RANK() OVER (PARTITION BY .. ORDER BY
    ..)`` whose ORDER BY keys hold a column ``k`` of ``t`` that is a unique key and never
    NULL are ``ROW_NUMBER()`` over the same window: two rows of ``t`` differ in ``k``
    (ORDER BY compares ``k`` as its UNIQUE index does: one collation, classes apart), so no
    two rows of a partition tie on the keys, and every rank counts one row more than the
    one before. Not over a join (a row of ``t`` may pair with several rows), an aggregate
    select (windows over groups) or a NULL-able or non-unique ``k`` (NULLs tie in ORDER BY,
    UNIQUE lets several in)."""
    if (not isinstance(q, ir.Select) or not isinstance(q.source, ir.Scan) or q.aggregate
            or q.group_by or q.bare_from is not None):
        return q
    scan, t = q.source, schema.table(q.source.table)
    keys = {k[0] for k in _unique_keys(t) if len(k) == 1 and t.never_null(k[0])}

    def numbered(w: ir.Window):
        if w.fn not in (WindowFn.RANK, WindowFn.DENSE_RANK) or w.args:
            return w
        if not any(isinstance(k, ir.Col) and k.alias == scan.alias and k.name.lower() in keys
                   for k, _ in w.order):
            return w
        return dataclasses.replace(w, fn=WindowFn.ROW_NUMBER)

    items = tuple(_map_windows(i, numbered) for i in q.items)
    order = tuple((_map_windows(k, numbered), d) for k, d in q.order)
    if items == q.items and order == q.order:
        return q
    return dataclasses.replace(q, items=items, order=order)
