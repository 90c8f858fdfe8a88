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

Round 61 (N): the operands may also be integer-valued terms: ``+ - *`` of such terms, a
scalar subquery of one, and ``SUM``/``MIN``/``MAX``/``COUNT`` of one (``SUM(amt)`` of a
grouped LEFT JOIN read as a correlated scalar). These compute on INTEGER columns, so the proof
also states ``integer_arithmetic_in_range`` (``staging._int_range``): past 64 bits SQLite
makes a REAL, and chained overflows could reach ``Inf``, where ``Inf - Inf`` is NULL. Not in
SQLite outside the declared class: an INTEGER column keeps ``9e999`` as the REAL ``Inf``, and
``IFNULL(a - b, a)`` then reads ``Inf`` where the CASE reads NULL. (The identity spelling
``a - COALESCE(b, 0)`` was tried and dropped: as COALESCE it hid the forms other laws read,
``COALESCE`` of a count or of a NOT NULL column.)
"""

from __future__ import annotations

from .. import ir
from ..ir.kinds import Affinity, AggFn, ArithOp, FuncName, Ty
from .terms import _deep

_OPS = (ArithOp.ADD, ArithOp.SUB, ArithOp.MUL)


def _integer(x) -> bool:
    """An INTEGER column or a non-NULL integer literal (not a boolean)."""
    if isinstance(x, ir.Col):
        return x.ty == Ty.INT and x.affinity == Affinity.INTEGER
    return (isinstance(x, ir.Lit) and x.ty == Ty.INT and isinstance(x.value, int)
            and not isinstance(x.value, bool))


_AGGS = (AggFn.SUM, AggFn.MIN, AggFn.MAX)


def _integral(x) -> bool:
    """An integer or NULL on typed databases (``_integer``, ``+ - *`` of such terms, a scalar
    subquery of one, COUNT, or SUM/MIN/MAX of one)."""
    if _integer(x):
        return True
    if getattr(x, "ty", None) != Ty.INT:
        return False
    if isinstance(x, ir.Arith):
        return x.op in _OPS and _integral(x.left) and _integral(x.right)
    if isinstance(x, ir.Agg):
        return x.fn in (AggFn.COUNT, AggFn.COUNT_STAR) or (x.fn in _AGGS and _integral(x.arg))
    if isinstance(x, ir.ScalarSub):
        q = x.query
        return (isinstance(q, ir.Select) and len(q.items) == 1 and q.limit is None
                and q.offset == 0 and _integral(_through(q, q.items[0])))
    return False


def _through(q, item):
    """``item`` of ``q``, or the derived table's own term when ``item`` reads a column of
    ``q``'s one source, a derived table (a grouped LEFT JOIN read as a scalar)."""
    src = q.source
    if (isinstance(item, ir.Col) and isinstance(src, ir.Derived) and item.alias == src.alias
            and isinstance(src.query, ir.Select) and item.name in src.names
            and src.names.count(item.name) == 1 and len(src.query.items) == len(src.names)):
        return src.query.items[src.names.index(item.name)]
    return item


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
            and _integral(a) and _integral(fallback)):
        return y
    return ir.Func(FuncName.COALESCE, (e, fallback), e.ty)


def strict_case_as_coalesce(x):
    """``x`` (a query or an expression) with each such CASE as COALESCE (module docstring)."""
    return _deep(x, _coalesce)
