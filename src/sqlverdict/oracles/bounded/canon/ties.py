"""Whether a rewriting proof rests on tied rows numbered alike: ``window_ties``."""

from __future__ import annotations

import dataclasses

from ....types import Schema
from .. import ir
from .driver import canonical


def window_ties(gq, pq, schema: Schema, sem: str) -> bool:
    """Does a rewriting proof of ``gq`` and ``pq`` rest on tied rows numbered alike: a
    window that reads the order of rows tied on its ORDER BY (``ir.order_dependent``)
    left in the canonical form (the forms are equal: the gold's is read)? A window the
    rules rewrote away (copies numbered for EXCEPT ALL) needs nothing."""
    if not (_tie_windows(gq) or _tie_windows(pq)):
        return False
    return _tie_windows(canonical(gq, schema, sem))


def _tie_windows(x) -> bool:
    stack = [x]
    while stack:
        y = stack.pop()
        if isinstance(y, ir.Window) and ir.order_dependent(y):
            return True
        if isinstance(y, tuple):
            stack += list(y)
        elif dataclasses.is_dataclass(y) and not isinstance(y, type):
            stack += [getattr(y, f.name) for f in dataclasses.fields(y)]
    return False
