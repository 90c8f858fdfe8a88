"""Null-safe equality spelled out (issue 25, i44b): ``spelled_null_safe_eq``.

Engines without ``IS NOT DISTINCT FROM`` (and BI tools joining a level-of-detail table back
on a NULL-able dimension, and people matching windows' NULL partitions) write it as
``a = b OR (a IS NULL AND b IS NULL)``. In a WHERE or inner-join ON conjunct this is ``a
IS b``, the form ``IS NOT DISTINCT FROM`` and a window's PARTITION BY (which puts NULLs in
one partition) already take, so every spelling meets one form.

Why it holds in SQLite: both non-NULL, ``a = b`` and ``a IS b`` are the same comparison
(the same affinity conversions, the same collation) and ``a IS NULL AND b IS NULL`` is
FALSE; both NULL, the disjunction is TRUE and so is ``a IS b``; one NULL, the disjunction
is NULL OR FALSE = NULL and ``a IS b`` is FALSE. So the two are TRUE on the same rows,
differing only NULL against FALSE; a WHERE or ON keeps a row when its conjunct is TRUE, and
AND and OR are monotone in TRUE (``A OR B`` is TRUE exactly when one of them is, ``A AND
B`` when both are), so the rewrite may go anywhere AND and OR reach from the conjunct, never
under NOT (NOT NULL is NULL, NOT FALSE is TRUE) nor in a select item or a LEFT JOIN's
result columns. Near misses: ``a = b OR a IS NULL`` (one side only), ``a = b OR (a IS NULL
AND c IS NULL)`` (another column), the same under NOT.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import CmpOp, LogicOp
from .quantified import conditions


def _both_null(d):
    """``{a, b}`` of ``a IS NULL AND b IS NULL``, else None."""
    if not (isinstance(d, ir.Logic) and d.op == LogicOp.AND and len(d.args) == 2
            and all(isinstance(x, ir.IsNull) for x in d.args)):
        return None
    a, b = (x.arg for x in d.args)
    return None if a == b else (a, b)


def _merged(args: list) -> list:
    """The disjuncts ``args`` with each pair ``a = b``, ``a IS NULL AND b IS NULL`` as ``a IS b``."""
    for i, e in enumerate(args):
        if not (isinstance(e, ir.Cmp) and e.op == CmpOp.EQ):
            continue
        for j, d in enumerate(args):
            pair = _both_null(d)
            if pair is not None and {pair, pair[::-1]} & {(e.left, e.right)}:
                same = dataclasses.replace(e, op=CmpOp.IS)
                return [same if k == i else x for k, x in enumerate(args) if k != j]
    return args


def _positive(c):
    """``c`` rewritten wherever AND and OR reach (the module docstring), else ``c``."""
    if not isinstance(c, ir.Logic):
        return c
    args = [_positive(a) for a in c.args]
    if c.op == LogicOp.OR:
        while (merged := _merged(args)) is not args:
            args = merged
    if len(args) == 1:
        return args[0]
    return c if tuple(args) == c.args else dataclasses.replace(c, args=tuple(args))


def spelled_null_safe_eq(c, leaves):
    """A WHERE/ON conjunct with ``a = b OR (a IS NULL AND b IS NULL)`` as ``a IS b``."""
    return _positive(c)


# ---- the registry's entry (``rules.RULES`` adds it as ``Rule(*entry)``)

SPELLED_NULL_SAFE_RULE = (
    "spelled_null_safe_eq", "a = b OR (a IS NULL AND b IS NULL) reached from a WHERE/ON conjunct "
    "through AND and OR is a IS b (TRUE on the same rows; NULL only where a IS b is FALSE)",
    ("sources",), lambda canon, v, ctx: conditions(spelled_null_safe_eq, *v) or v, True)
