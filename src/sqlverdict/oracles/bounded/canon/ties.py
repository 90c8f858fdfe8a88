"""Whether a rewriting proof rests on tied rows numbered alike: ``window_ties``."""

from __future__ import annotations

import dataclasses

from ....types import Schema
from .. import ir
from .driver import canonical
from .running import _keys, _total


def window_ties(gq, pq, schema: Schema, sem: str) -> bool:
    """Does a rewriting proof of ``gq`` and ``pq`` rest on tied rows numbered alike: a
    window that reads the order of rows tied on its ORDER BY (``ir.order_dependent``)
    left in the canonical form (the forms are equal: the gold's is read)? A window the
    rules rewrote away (copies numbered for EXCEPT ALL) needs nothing."""
    if not (tie_windows(gq, schema) or tie_windows(pq, schema)):
        return False
    try:
        return tie_windows(canonical(gq, schema, sem), schema)
    except RecursionError:  # (too deep, or past the deadline: the proof states the ties)
        return True


def tie_windows(x, schema: Schema | None = None) -> bool:
    """Is a window that reads the order of tied rows (``ir.order_dependent``) in ``x``,
    other than one in a total order (``total_order``: with ``schema``)?"""
    stack = [(x, None)]
    while stack:
        y, sel = stack.pop()
        if (isinstance(y, ir.Window) and ir.order_dependent(y)
                and not (schema is not None and total_order(sel, y, schema))):
            return True
        sel = y if isinstance(y, ir.Select) else sel
        if isinstance(y, tuple):
            stack += [(z, sel) for z in y]
        elif dataclasses.is_dataclass(y) and not isinstance(y, type):
            stack += [(getattr(y, f.name), sel) for f in dataclasses.fields(y)]
    return False


def total_order(sel, w: ir.Window, schema: Schema) -> bool:
    """Does ``w``, a window of ``sel`` over one table, order the rows of each partition
    totally: its ORDER BY columns never NULL on a kept row, with its PARTITION BY columns a
    unique key (``running._total``), so no two rows tie and numbering them needs no tie
    broken alike (issue 25, i40b)?"""
    src = sel.source if isinstance(sel, ir.Select) else None
    leaves = getattr(src, "leaves", None)
    if leaves is not None and len(leaves) == 1:
        src = leaves[0]
    if not isinstance(src, ir.Scan):
        return False
    t = schema.table(src.table)
    keys = _keys(w, src, t, sel.where)
    return keys is not None and _total(keys, t, sel.where, w.partition)
