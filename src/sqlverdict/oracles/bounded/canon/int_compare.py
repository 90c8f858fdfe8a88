"""Integers compared with integer literals, and strftime's integer fields (issue 25, i38b):
``strict_integer_comparison``, ``strftime_integer_text``.

- An expression that is an integer whenever it is not NULL: COUNT (never NULL), a scalar
  subquery of one COUNT without GROUP BY, HAVING, LIMIT or OFFSET (one row, never NULL)
  and, in the typed domain only, a column of INTEGER affinity read as an integer (integers
  or NULL; in the sqlite domain it may keep ``1.5`` or text, which breaks the law). For such ``e`` and an integer literal ``n`` (``n +- 1`` within 64
  bits), ``e <= n`` is ``e < n + 1`` and ``n <= e`` is ``n - 1 < e``: no integer lies
  strictly between ``n`` and ``n + 1``; NULL stays NULL. ``NOT (a op b)`` is read first
  as the negated comparison (SQLite orders all values totally: NULL stays NULL). The rule
  walks the select before its predicates are read and again each conjunct, item and HAVING
  conjunct once other rules wrote them (``NOT (c > 3)`` of a rule is ``c <= 3``): the
  same comparison gets the same form wherever it comes from.
- ``strftime(f, ..)`` of one field ``f`` among ``%Y %m %d %H %M %S %j %W %w %s`` is NULL
  or the text of an integer within 64 bits (a year may be ``-100``; leading zeros). As an
  operand of ``+ - *`` SQLite reads such a text as that integer, which is what
  ``CAST(.. AS INTEGER)`` returns (``'0012'`` is 12 both ways; NULL stays NULL); the
  arithmetic's class follows (integer), and the law fires only where the class of the
  arithmetic is read by a comparison, another ``+ - *`` or the select's items.
"""

from __future__ import annotations

import dataclasses
import re

from .. import ir
from ..ir.affinity import NUMERIC_TEXT
from ..ir.kinds import Affinity, AggFn, ArithOp, CmpOp, Conv, Ty
from ..ir.walk import field_names
from .terms import _NEGATE, _deep

_INT64 = (-(2 ** 63), 2 ** 63 - 1)
_STRICT = {CmpOp.LE: CmpOp.LT, CmpOp.GE: CmpOp.GT}
_FIELD = re.compile(r"STRFTIME\('%[YmdHMSjWws]'(, .*)?\)")
_AS_INTEGER = "CAST(? AS INTEGER)"
_INT_OPS = (ArithOp.ADD, ArithOp.SUB, ArithOp.MUL)


def _integral(e, typed: bool) -> bool:
    if isinstance(e, ir.Agg):
        return e.fn in (AggFn.COUNT, AggFn.COUNT_STAR)
    if isinstance(e, ir.Col):
        return typed and e.ty == Ty.INT and e.affinity == Affinity.INTEGER
    if isinstance(e, ir.ScalarSub) and isinstance(e.query, ir.Select):
        s = e.query
        return (s.aggregate and not s.group_by and s.having is None and s.limit is None
                and not s.offset and len(s.items) == 1 and isinstance(s.items[0], ir.Agg)
                and s.items[0].fn in (AggFn.COUNT, AggFn.COUNT_STAR))
    return False


def _int_lit(e) -> int | None:
    if (isinstance(e, ir.Lit) and e.ty == Ty.INT and isinstance(e.value, int)
            and not isinstance(e.value, bool)):
        return e.value
    return None


def _strict(e, typed: bool):
    if isinstance(e, ir.Not) and isinstance(e.arg, ir.Cmp) and e.arg.op in _STRICT.keys() | {CmpOp.LT, CmpOp.GT}:
        negated = dataclasses.replace(e.arg, op=_NEGATE[e.arg.op])
        out = _strict(negated, typed)
        return out if out is not negated else e
    if not (isinstance(e, ir.Cmp) and e.op in _STRICT and e.conv == Conv.NONE):
        return e
    up = 1 if e.op == CmpOp.LE else -1  # x <= n: x < n + 1; x >= n: x > n - 1
    for x, lit, step in ((e.left, e.right, up), (e.right, e.left, -up)):
        n = _int_lit(lit)
        if n is None or not _integral(x, typed) or not _INT64[0] <= n + step <= _INT64[1]:
            continue
        bound = ir.Lit(n + step, Ty.INT)
        op = _STRICT[e.op]
        return dataclasses.replace(e, op=op, left=x, right=bound) if x is e.left else \
            dataclasses.replace(e, op=op, left=bound, right=x)
    return e


def strict_integer_comparison(x, typed: bool):
    """``x`` (a query or an expression) with ``e <= n`` read as ``e < n + 1`` for an
    integral ``e`` (module docstring)."""
    return _deep(x, lambda e: _strict(e, typed))


def _field_cast(e):
    if (isinstance(e, ir.Lookup) and e.template == NUMERIC_TEXT and isinstance(e.arg, ir.Lookup)
            and _FIELD.fullmatch(e.arg.template)):
        return ir.Lookup(_AS_INTEGER, e.arg, Ty.INT)
    return e


def _retyped(e):
    """An arithmetic of integers that the lowering typed REAL (a text read as a number)
    once its text operands are integer fields."""
    if not isinstance(e, ir.Arith) or e.op not in _INT_OPS:
        return e
    left, right = _field_cast(e.left), _field_cast(e.right)
    if left is e.left and right is e.right and e.ty != Ty.REAL:
        return e
    ty = Ty.INT if left.ty == right.ty == Ty.INT else e.ty
    if ty != e.ty and not any(isinstance(y, ir.Lookup) and y.template == _AS_INTEGER
                              for y in ir.nodes((left, right))):
        return e
    return dataclasses.replace(e, left=left, right=right, ty=ty)


def _class_read_safely(x, changed: set[int], parent_ok: bool = True) -> bool:
    """Is every arithmetic whose class changed (ids in ``changed``) an item, an ORDER BY
    key, an operand of a comparison or of another such arithmetic?"""
    if isinstance(x, tuple):
        return all(_class_read_safely(y, changed, parent_ok) for y in x)
    if id(x) in changed and not parent_ok:
        return False
    names = field_names(x)
    if names is None:
        return True
    ok = isinstance(x, (ir.Cmp, ir.Arith, ir.Neg))
    for name in names:
        child_ok = ok or (isinstance(x, ir.Select) and name in ("items", "order"))
        if not _class_read_safely(getattr(x, name), changed, child_ok):
            return False
    return True


def strftime_integer_text(q):
    """``q`` with strftime's integer fields read as integers in ``+ - *`` (module docstring)."""
    out = _deep(q, _retyped)
    if out is q:
        return q
    before = {id(y) for y in ir.nodes(q)}
    changed = {id(y) for y in ir.nodes(out) if isinstance(y, ir.Arith) and y.ty == Ty.INT
               and id(y) not in before}
    return out if _class_read_safely(out, changed) else q


# the registry's entries (``int_differences.INTEGER_FAMILY`` puts the differences first)
INTEGER_RULES = (
    ("strftime_integer_text", "strftime of one integer field (%Y %m %d %H %M %S %j %W %w %s) read "
     "as a number in + - * is CAST(.. AS INTEGER) of it (NULL or an integer's text)", ("select",),
     lambda canon, q, ctx: strftime_integer_text(q)),
    ("strict_integer_comparison", "e <= n is e < n + 1 (n <= e: n - 1 < e) for an integer literal "
     "n and e a COUNT, a one-COUNT scalar subquery or (typed) an INTEGER column; NOT of a "
     "comparison negated first", ("select", "cond", "value", "aggregate"),
     lambda canon, x, ctx: strict_integer_comparison(x, canon.typed)),
)
