"""The NULL group's branch beside the other groups spelt any way, at the query's top
(round 61, class U): ``null_group_partner``.

``null_group_branch`` (``canon/null_branches.py``) merges ``A UNION ALL B``, ``B`` the NULL
group of ``A``'s key ``k`` (``SELECT NULL, g.., X FROM F WHERE w AND k IS NULL ..``), when
``A`` is spelt ``SELECT k, g.., X FROM F WHERE w AND k IS NOT NULL GROUP BY k, g..`` and
sits on the left. At the query's own top compound (``canon.top``: no reader sees the
output columns' affinities, and row order is not read) this law takes the operands in
either order, and ``A`` in any spelling whose canonical form is that partner's, built from
``B``: its NULL literals as ``k``, ``k IS NOT NULL`` for ``k IS NULL``, grouped by ``k`` and
``B``'s column keys (``HAVING COUNT(*) > 0`` of a bare ``B`` dropped: a group has a row).
Equal canonical forms are the same bag on every database, so ``A`` may be replaced by the
partner, and ``null_group_branch`` checks the rest (its near misses hold here too, e.g. a
bare ``B`` without ``HAVING COUNT(*) > 0``). ``k`` is the one column ``B`` tests ``IS NULL``.
Near misses in ``tests/fixtures/rules/null_group_partner.sql``.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import SetOpKind
from .aggregates import count_positive_as_group
from .null_branches import null_group_branch
from .terms import _and, _conjuncts


def _partner(b):
    """The non-NULL groups' select that ``b``, the NULL group's branch, was split from;
    else None."""
    if not (isinstance(b, ir.Select) and b.aggregate):
        return None
    b = count_positive_as_group(b) if not b.group_by else b
    if not b.group_by:
        return None
    nulls = [c for c in _conjuncts(b.where) if isinstance(c, ir.IsNull) and isinstance(c.arg, ir.Col)]
    if len(nulls) != 1:
        return None
    k = nulls[0].arg
    if not any(isinstance(i, ir.Lit) and i.value is None for i in b.items):
        return None
    items = tuple(k if isinstance(i, ir.Lit) and i.value is None else i for i in b.items)
    where = _and([c for c in _conjuncts(b.where) if c is not nulls[0]] + [ir.Not(nulls[0])])
    keys = tuple(g for g in b.group_by if not isinstance(g, ir.Lit) and g != k) + (k,)
    return dataclasses.replace(b, items=items, where=where, group_by=keys, names=())


def null_group_partner(q, canon, same):
    """``A UNION ALL B`` (either order), ``B`` a NULL group's branch and ``A`` any spelling
    of its partner (module docstring), merged by ``null_group_branch``; else ``q``."""
    if not (isinstance(q, ir.SetOp) and q.op == SetOpKind.UNION and q.all and not q.order
            and q.limit is None and not q.offset):
        return q
    if null_group_branch(q, same, canon.schema) is not q:
        return q  # (null_group_branch's own order and spelling)
    for a, b in ((q.left, q.right), (q.right, q.left)):
        if not isinstance(a, ir.Select):
            continue
        tries = [a] if a is q.right else []
        partner = _partner(b)
        if partner is not None and partner != a:
            tries.append(partner)
        for x in tries:
            if x is not a and canon.query(x, {}, 0, False) != canon.query(a, {}, 0, False):
                continue
            merged = null_group_branch(dataclasses.replace(q, left=x, right=b), same, canon.schema)
            if not isinstance(merged, ir.SetOp):
                return merged
    return q


NULL_PARTNER_RULE = (
    "null_group_partner", "null_group_branch at the query's top compound with the operands in "
    "either order and the non-NULL groups in any spelling of the same canonical form as "
    "SELECT k, g.., X FROM F WHERE w AND k IS NOT NULL GROUP BY k, g.. (order not read)",
    ("compound",),
    lambda canon, q, ctx: q if ctx.get("sensitive", True) or not ctx.get("top") else null_group_partner(
        q, canon, lambda x, y: canon.expr(x, {}, 0) == canon.expr(y, {}, 0)), False)
