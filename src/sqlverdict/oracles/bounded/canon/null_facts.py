"""A null-safe comparison of a value its WHERE holds non-NULL (issue 25, round 3):
``is_of_non_null``."""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import CmpOp
from .facts import _rejects_col


def _not_null_col(c):
    """``(alias, name)`` of a conjunct ``x IS NOT NULL`` of a column ``x``, else None."""
    if isinstance(c, ir.Not) and isinstance(c.arg, ir.IsNull) and isinstance(x := c.arg.arg, ir.Col):
        return (x.alias, x.name)
    return None


def is_of_non_null(q, leaves: list, conds: list):
    """WHERE conjuncts ``x IS NOT NULL AND x IS y`` are ``x = y`` (Calcite's
    ReduceExpressionsRule on IS NOT DISTINCT FROM): where ``x`` is not NULL, ``x IS y`` is
    TRUE exactly when ``x = y`` is and FALSE where that is FALSE or NULL (``y`` NULL), which
    a WHERE drops alike; then ``x = y`` rejects a NULL ``x`` itself, so the ``IS NOT NULL``
    conjunct goes. Not ``IS NOT`` (TRUE on a NULL ``y``). Returns (q, leaves, conds),
    leaves None when nothing changed."""
    known = {k for c in conds if (k := _not_null_col(c)) is not None}
    if not known:
        return q, None, conds
    out = []
    for c in conds:
        if (isinstance(c, ir.Cmp) and c.op == CmpOp.IS
                and any(isinstance(x, ir.Col) and (x.alias, x.name) in known
                        for x in (c.left, c.right))):
            c = dataclasses.replace(c, op=CmpOp.EQ)
        out.append(c)
    kept = [c for c in out if (k := _not_null_col(c)) is None
            or not any(d is not c and _not_null_col(d) is None and _rejects_col(d, k) for d in out)]
    if kept == conds:
        return q, None, conds
    return q, leaves, kept
