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
"""

from __future__ import annotations

import dataclasses
import re

from .. import ir
from ..ir.kinds import Affinity, AggFn, ArithOp, Ty

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
        return None
    if (isinstance(e, ir.Lookup) and kind == Ty.TEXT and e.ty == Ty.TEXT
            and _CONCAT.match(e.template)):
        return _column(e.arg, kind)
    return None


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
)

INJECTIVE_AGGREGATE_RULES = (
    ("injective_distinct_count", "COUNT(DISTINCT f(x)) is COUNT(DISTINCT x) for f injective "
     "on x's declared class, NULL only on NULL (as injective_group_key; ClickHouse's "
     "optimize_injective_functions_inside_uniq)", ("aggregate",),
     lambda canon, e, ctx: injective_distinct_count(e, canon.typed)),
)
