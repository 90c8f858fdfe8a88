"""Adapters of the registry (``rules.RULES``) for the site ``compound``, which passes a set
operation with its canonical operands (moved out of ``rules`` to keep each verifier file
under 800 lines)."""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import SetOpKind
from .terms import Nothing, _key
from .unions import _operands


def _empty_operand(canon, value, ctx):
    q, left, right = ctx["q"], ctx["left"], ctx["right"]
    if q.limit is None and not q.offset and not q.order:  # an operand without rows
        if isinstance(left, Nothing) and q.op in (SetOpKind.INTERSECT, SetOpKind.EXCEPT):
            return left
        if isinstance(right, Nothing) and q.op == SetOpKind.INTERSECT:
            return right
        if q.op == SetOpKind.UNION and q.all and (isinstance(left, Nothing) or isinstance(right, Nothing)):
            return right if isinstance(left, Nothing) else left
    return value


def _self_compound(canon, value, ctx):
    q, left, right, positional = ctx["q"], ctx["left"], ctx["right"], ctx["positional"]
    if (not positional and _key(left) == _key(right) and q.op in (SetOpKind.INTERSECT, SetOpKind.EXCEPT)
            and not (q.all and q.op == SetOpKind.INTERSECT)):  # A INTERSECT ALL A is A
        if q.op == SetOpKind.EXCEPT:  # A EXCEPT A
            return Nothing(len(q.items))
        if isinstance(q.left, ir.Select):  # A INTERSECT A: the distinct rows of A
            return canon.query(dataclasses.replace(q.left, distinct=True), ctx["mapping"],
                               ctx["depth"], False)
    return value


def _commute_operands(canon, value, ctx):
    q, left, right, positional = ctx["q"], ctx["left"], ctx["right"], ctx["positional"]
    if not positional and q.op in (SetOpKind.UNION, SetOpKind.INTERSECT):
        # the output columns of a compound are named by its left operand: names are
        # not compared, so the operands of UNION and INTERSECT commute, and associate
        # (with one operator and one ALL flag throughout)
        parts = sorted(_operands(left, q) + _operands(right, q), key=_key)
        out = parts[0]
        for part in parts[1:]:
            out = dataclasses.replace(q, left=out, right=part)
        return out
    return value
