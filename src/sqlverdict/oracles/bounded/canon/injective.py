"""Injective functions under DISTINCT and GROUP BY (issue 25, i39d):
``injective_distinct_count``, ``injective_group_key``.

ClickHouse's optimize_injective_functions_inside_uniq and optimize_injective_functions_in_
group_by: ``COUNT(DISTINCT f(x))`` is ``COUNT(DISTINCT x)`` and ``GROUP BY f(x)`` is ``GROUP
BY x`` when ``f`` is injective on the column's values, NULL exactly on NULL. In the typed
domain (a column holds values of its declared class) these are, built from one column and
literals:

- on an INTEGER column: ``e + c``, ``c + e``, ``e - c``, ``c - e``, ``c * e``, ``e * c`` (``c``
  a non-zero integer literal) and ``-e``, ``e`` itself of that kind: injective on integers
  without overflow (typed proofs over integer arithmetic state
  ``integer_arithmetic_in_range``: SQLite makes an overflowing result a REAL, which may
  tie two keys);
- on a REAL column: ``-e`` (IEEE negation is exact; ``+ c`` and ``* c`` round, so two reals
  may meet);
- on a TEXT column: ``e || 's'`` and ``'s' || e`` for a string literal ``s`` (a prefix or
  suffix of text is cut off one way).

Not ``ABS``, ``LOWER``, ``SUBSTR`` or a CAST (two values meet); not in the sqlite domain,
where text in an INTEGER column computes as 0 (``'a' + 1`` is ``'b' + 1``) and a BLOB in a
TEXT column concatenates as its bytes.

The key under those maps may be an integer expression rather than a column (i54d): ``GROUP
BY ts / 10 * 10 + 10`` is ``GROUP BY ts / 10`` (a tumbling window's end against its number),
where the expression is built of INTEGER columns, integer literals and ``+ - * / %`` (``/``
and ``%`` by a literal other than 0 and -1): in the typed domain it holds an integer or NULL.
On such an integer expression ``e`` (``integer_identities``, typed domain): ``CAST(e AS
INTEGER)`` is ``e`` (SQLite's cast of an integer is that integer), and ``(e - e % c) / c``
is ``e / c`` for a literal ``c`` other than 0 and -1 (SQLite's ``%`` takes the sign of the
dividend and ``/`` truncates toward zero, so ``e - e % c`` is ``c * (e / c)`` exactly, no
larger than ``e`` in magnitude).
"""

from __future__ import annotations

import dataclasses
import re

from .. import ir
from ..ir.kinds import Affinity, AggFn, ArithOp, FuncName, Ty
from .terms import _deep

_CONCAT = re.compile(r"^(\? \|\| '(?:[^']|'')*'|'(?:[^']|'')*' \|\| \?)$")


def _int_lit(e, zero: bool) -> bool:
    return (isinstance(e, ir.Lit) and e.ty == Ty.INT and isinstance(e.value, int)
            and not isinstance(e.value, bool) and (zero or e.value != 0))


def _column(e, kind: Ty):
    """The column ``e`` is an injective function of, ``e`` of class ``kind`` (INT, REAL or
    TEXT), or None."""
    if isinstance(e, ir.Col):
        aff = {Ty.INT: Affinity.INTEGER, Ty.REAL: Affinity.REAL, Ty.TEXT: Affinity.TEXT}[kind]
        return e if e.ty == kind and e.affinity == aff else None
    if isinstance(e, ir.Neg) and kind in (Ty.INT, Ty.REAL) and e.ty == kind:
        return _column(e.arg, kind)
    if isinstance(e, ir.Arith) and kind == Ty.INT and e.ty == Ty.INT:
        if e.op in (ArithOp.ADD, ArithOp.SUB, ArithOp.MUL):
            zero = e.op != ArithOp.MUL  # (x * 0 is 0 for every x)
            if _int_lit(e.right, zero):
                return _column(e.left, kind)
            if _int_lit(e.left, zero):
                return _column(e.right, kind)
        # the key itself an integer expression (module docstring)
        return e if e.op in (ArithOp.DIV, ArithOp.MOD) and integer_valued(e) else None
    if (isinstance(e, ir.Lookup) and kind == Ty.TEXT and e.ty == Ty.TEXT
            and _CONCAT.match(e.template)):
        return _column(e.arg, kind)
    return None


def integer_valued(e) -> bool:
    """Is ``e`` an integer or NULL on every row of the typed domain: an INTEGER column, an
    integer literal, or ``+ - *`` and unary minus of such (within 64 bits, as typed proofs
    over integer arithmetic state), ``/ %`` by an integer literal other than 0 and -1?"""
    if isinstance(e, ir.Col):
        return e.ty == Ty.INT and e.affinity == Affinity.INTEGER
    if isinstance(e, ir.Lit):
        return _int_lit(e, True)
    if isinstance(e, ir.Neg):
        return e.ty == Ty.INT and integer_valued(e.arg)
    if not (isinstance(e, ir.Arith) and e.ty == Ty.INT and integer_valued(e.left)):
        return False
    if e.op in (ArithOp.DIV, ArithOp.MOD):
        return _int_lit(e.right, False) and e.right.value != -1
    return e.op in (ArithOp.ADD, ArithOp.SUB, ArithOp.MUL) and integer_valued(e.right)


def _integer_identity(e):
    """``CAST(e AS INTEGER)`` and ``(e - e % c) / c`` of an integer expression ``e`` as
    ``e`` and ``e / c`` (module docstring); else ``e``."""
    if (isinstance(e, ir.Func) and e.name == FuncName.CAST_INT and len(e.args) == 1
            and integer_valued(e.args[0])):
        return e.args[0]
    if (isinstance(e, ir.Arith) and e.op == ArithOp.DIV and _int_lit(e.right, False)
            and e.right.value != -1 and isinstance(e.left, ir.Arith)
            and e.left.op == ArithOp.SUB and isinstance(e.left.right, ir.Arith)
            and e.left.right.op == ArithOp.MOD and e.left.right.left == e.left.left
            and e.left.right.right == e.right and integer_valued(e.left.left)):
        return dataclasses.replace(e, left=e.left.left)
    return e


def integer_identities(q, typed: bool):
    """``q`` with ``integer_identity``'s rewrites everywhere (typed domain)."""
    return _deep(q, _integer_identity) if typed else q


def injective_column(e):
    """The column ``e`` is an injective function of in the typed domain (``e`` not the
    column itself), or None."""
    if isinstance(e, ir.Col):
        return None
    for kind in (Ty.INT, Ty.REAL, Ty.TEXT):
        x = _column(e, kind)
        if x is not None:
            return x
    return None


def injective_distinct_count(e, typed: bool):
    """``COUNT(DISTINCT f(x))`` as ``COUNT(DISTINCT x)``, ``f`` injective (typed domain)."""
    if not (typed and isinstance(e, ir.Agg) and e.fn == AggFn.COUNT and e.distinct):
        return e
    x = injective_column(e.arg)
    return e if x is None else dataclasses.replace(e, arg=x)


def injective_group_key(q, typed: bool):
    """``GROUP BY .., f(x), ..`` as ``GROUP BY .., x, ..``, ``f`` injective (typed domain):
    the same rows meet, and the items computing ``f(x)`` compute it of the key."""
    if not (typed and isinstance(q, ir.Select) and q.group_by):
        return q
    keys = tuple(injective_column(g) or g for g in q.group_by)
    return q if keys == q.group_by else dataclasses.replace(q, group_by=keys)


# ---- the registry's entries (``rules.RULES`` adds them as ``Rule(*entry)``)

INJECTIVE_RULES = (
    ("injective_group_key", "GROUP BY f(x) is GROUP BY x for f injective on x's declared class "
     "(typed domain: x + c, c * x, -x on INTEGER, c a non-zero integer; -x on REAL; x || 's' on "
     "TEXT; ClickHouse's optimize_injective_functions_in_group_by)", ("select",),
     lambda canon, q, ctx: injective_group_key(q, canon.typed), True),
    ("integer_identities", "CAST(e AS INTEGER) is e and (e - e % c) / c is e / c for an "
     "integer expression e (INTEGER columns, integer literals, + - *, / and % by a literal "
     "other than 0 and -1) in the typed domain", ("select",),
     lambda canon, q, ctx: integer_identities(q, canon.typed), True),
)

INJECTIVE_AGGREGATE_RULES = (
    ("injective_distinct_count", "COUNT(DISTINCT f(x)) is COUNT(DISTINCT x) for f injective "
     "on x's declared class, NULL only on NULL (as injective_group_key; ClickHouse's "
     "optimize_injective_functions_inside_uniq)", ("aggregate",),
     lambda canon, e, ctx: injective_distinct_count(e, canon.typed)),
)
