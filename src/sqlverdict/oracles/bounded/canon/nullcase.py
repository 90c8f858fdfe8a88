"""A CASE on a NULL test as COALESCE: ``strict_case_as_coalesce``.

``CASE WHEN a IS NULL THEN y ELSE a op y END`` (or ``y op a``; ``WHEN a IS NOT NULL THEN
a op y ELSE y``) is ``COALESCE(a op y, y)`` for ``op`` one of ``+ - *`` on integers: ``a``
NULL: both read ``y`` (``a op y`` is NULL); ``a`` not NULL: both read ``a op y``, unless it is
NULL, which on integers happens only when ``y`` is NULL, and then COALESCE reads ``y``,
NULL too. ``a`` and ``y`` are columns of INTEGER affinity or integer literals (their
declared class: integers or NULL; a rewriting proof that computes on columns states
``declared_storage_classes``): integer ``+ - *`` is never NULL on non-NULL integers (an
overflow gives a finite real), where reals give NULL for ``Inf - Inf`` and ``Inf * 0`` and
``/`` and ``%`` for a zero divisor. Calcite's ReduceExpressionsRule writes the CASE so.
"""

from __future__ import annotations

from .. import ir
from ..ir.kinds import Affinity, ArithOp, FuncName, Ty
from .terms import _deep

_OPS = (ArithOp.ADD, ArithOp.SUB, ArithOp.MUL)


def _integer(x) -> bool:
    """An INTEGER column or a non-NULL integer literal (not a boolean)."""
    if isinstance(x, ir.Col):
        return x.ty == Ty.INT and x.affinity == Affinity.INTEGER
    return (isinstance(x, ir.Lit) and x.ty == Ty.INT and isinstance(x.value, int)
            and not isinstance(x.value, bool))


def _tested(c):
    """(a, True) for ``a IS NULL``, (a, False) for ``a IS NOT NULL``, else None."""
    if isinstance(c, ir.IsNull):
        return c.arg, True
    if isinstance(c, ir.Not) and isinstance(c.arg, ir.IsNull):
        return c.arg.arg, False
    return None


def _coalesce(y):
    if not (isinstance(y, ir.Case) and len(y.whens) == 1):
        return y
    (cond, then), other = y.whens[0], y.default
    got = _tested(cond)
    if got is None:
        return y
    a, is_null = got
    fallback, e = (then, other) if is_null else (other, then)
    if not (isinstance(e, ir.Arith) and e.op in _OPS and e.ty == Ty.INT
            and {e.left, e.right} == {a, fallback} and e.left != e.right
            and isinstance(a, ir.Col) and _integer(a) and _integer(fallback)):
        return y
    return ir.Func(FuncName.COALESCE, (e, fallback), e.ty)


def strict_case_as_coalesce(x):
    """``x`` (a query or an expression) with each such CASE as COALESCE (module docstring)."""
    return _deep(x, _coalesce)
