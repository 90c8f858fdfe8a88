"""Functions NULL exactly when their argument is (issue 25, i35b): ``null_of_cast``."""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import FuncName
from .terms import _deep

_CASTS = (FuncName.CAST_INT, FuncName.CAST_REAL)


def _strict_of(e):
    """The argument of ``e`` when ``e`` is NULL exactly when it is, else None."""
    if not isinstance(e, ir.Func):
        return None
    if e.name in _CASTS and len(e.args) == 1:
        return e.args[0]
    if (e.name == FuncName.ROUND and len(e.args) == 2 and isinstance(e.args[1], ir.Lit)
            and e.args[1].value is not None):
        return e.args[0]
    return None


def null_of_cast(x):
    """``CAST(y AS INTEGER) IS NULL`` is ``y IS NULL``, and so for ``CAST(y AS REAL)`` and
    ``ROUND(y[, d])`` of literal digits ``d`` (Spark's NullDownPropagation through
    null-intolerant casts; what Calcite's ``CAST(x AS INTEGER)`` becomes,
    ``CAST(ROUND(x) AS INTEGER)``). In SQLite these are never NULL on a value: text and
    blobs that do not read as a number give 0 or 0.0, an infinity clamps to the largest
    integer; unlike FLOOR, CEIL and TRUNC, which are NULL on such text."""
    def f(e):
        if not isinstance(e, ir.IsNull):
            return e
        arg = e.arg
        while (inner := _strict_of(arg)) is not None:
            arg = inner
        return e if arg is e.arg else dataclasses.replace(e, arg=arg)
    if isinstance(x, list):  # (the WHERE conjuncts of the site ``facts``)
        out = [_deep(c, f) for c in x]
        return x if all(a is b for a, b in zip(out, x, strict=True)) else out
    return _deep(x, f)
