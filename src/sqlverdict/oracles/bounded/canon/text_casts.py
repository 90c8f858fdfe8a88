"""CAST of an integer to text: ``integer_text_cast``.

SQLite writes ``CAST(n AS TEXT)`` of an integer ``n`` as its decimal digits (printf's
``%lld``: a ``-`` for negatives, no ``+``, no leading zeros). So ``CAST(10 AS TEXT)`` is
``'10'``, and ``CAST(x AS TEXT) = s`` (or ``<>``) for ``x`` a column of INTEGER affinity is
``x = n`` (``<>``) when ``s`` is the text of an integer ``n`` so written: the cast is one-to-one
on integers, NULL stays NULL, and the comparison of two texts without a collation is
BINARY. ``x`` holds integers or NULL by its declared class (a rewriting proof that casts a
column states ``declared_storage_classes``: a REAL ``10.0`` casts to ``'10.0'``). A text that
no integer casts to (``'010'``, ``'+1'``, ``'1.0'``) is left as it is.
"""

from __future__ import annotations

import re

from .. import ir
from ..ir.kinds import Affinity, CmpOp, Ty
from .terms import _deep

_CAST = "CAST AS TEXT"
_DIGITS = re.compile(r"-?(0|[1-9][0-9]*)")
_INT64 = (-(2 ** 63), 2 ** 63 - 1)


def _cast_of(x):
    """The argument of ``CAST(a AS TEXT)``, else None."""
    if isinstance(x, ir.Opaque) and x.name == _CAST and len(x.args) == 1:
        return x.args[0]
    return None


def _integer_of(s):
    """The integer ``n`` whose text ``s`` is (as SQLite casts it), else None."""
    if not (isinstance(s, ir.Lit) and s.ty == Ty.TEXT and isinstance(s.value, str)):
        return None
    if not _DIGITS.fullmatch(s.value) or s.value == "-0":
        return None
    n = int(s.value)
    return n if _INT64[0] <= n <= _INT64[1] else None


def _rewrite(y):
    a = _cast_of(y)
    if (a is not None and isinstance(a, ir.Lit) and a.ty == Ty.INT and isinstance(a.value, int)
            and not isinstance(a.value, bool)):
        return ir.Lit(str(a.value), Ty.TEXT)
    if isinstance(y, ir.Cmp) and y.op in (CmpOp.EQ, CmpOp.NE):
        for c, s in ((y.left, y.right), (y.right, y.left)):
            x, n = _cast_of(c), _integer_of(s)
            if (x is not None and n is not None and isinstance(x, ir.Col) and x.ty == Ty.INT
                    and x.affinity == Affinity.INTEGER):
                return ir.Cmp(y.op, x, ir.Lit(n, Ty.INT))
    return y


def integer_text_cast(x):
    """``x`` (a query or an expression) with such casts read (module docstring)."""
    return _deep(x, _rewrite)
