"""Casts: ``nested_casts``."""

from __future__ import annotations

from .. import ir
from .terms import _deep

_IDEMPOTENT = frozenset({"cast_int", "cast_real"})


def nested_casts(e):
    """``CAST(CAST(x AS T) AS T)`` is ``CAST(x AS T)`` for INTEGER and REAL (Spark's
    SimplifyCasts): the inner cast already gives an integer (or a real) or NULL, which the
    outer cast keeps as it is. A cast to another class is no such pair."""
    def f(y):
        if (isinstance(y, ir.Func) and y.name in _IDEMPOTENT and len(y.args) == 1
                and isinstance(y.args[0], ir.Func) and y.args[0].name == y.name):
            return y.args[0]
        return y
    return _deep(e, f)
