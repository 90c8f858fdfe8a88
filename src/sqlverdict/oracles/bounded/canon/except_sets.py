"""An EXCEPT of a set read as its anti-join (round 59, S4): ``except_of_set``.

``SELECT a1, .. FROM F WHERE p EXCEPT SELECT b1, .. FROM G WHERE r`` is ``SELECT a1, .. FROM
F WHERE p AND NOT EXISTS (SELECT 1 FROM G WHERE r AND b1 = a1 AND ..)`` without DISTINCT
when the left operand's rows are already distinct: each inner-joined source of ``F`` is a
scan whose never-NULL unique key the items show as columns, or a DISTINCT derived table
whose every column the items show (a product of distinct rows, each told apart by its
columns, "every farm times every day" ``farm, (SELECT DISTINCT day ..) d``). EXCEPT keeps
the distinct left rows that no right row equals, NULLs equal; ``b = a`` matches the same
rows where ``a`` or ``b`` is never NULL on a kept row (declared NOT NULL, or a conjunct of
its operand rejects NULL): a NULL on one side only matches nothing either way. Items
pairwise columns of one exact affinity (EXCEPT and ``=`` convert nothing), no collated
table anywhere in either operand (a derived table's column keeps its collation); both operands plain filters. Only where the left operand reads a derived table (a
FROM of scans only is ``except_as_anti_join``'s and ``except_as_null_safe_anti_join``'s); a
compound whose row order nobody reads.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import CmpOp, SetOpKind, Ty
from .setfilters import _bare
from .setops import _EXACT, _plain_filter
from .splits import _never_null
from .terms import _aliases_in, _and, _conjuncts, _leaves, _tree_aliases, _unique_keys


def _distinct_leaf(x, shown: set, schema) -> bool:
    """Are the rows of source ``x`` told apart by the columns ``shown`` ((alias, name))?"""
    if isinstance(x, ir.Scan):
        t = schema.table(x.table)
        return not t.collated and any(
            k and all((x.alias, c) in shown and t.never_null(c) for c in k) for k in _unique_keys(t))
    return (isinstance(x, ir.Derived) and isinstance(x.query, ir.Select) and x.query.distinct
            and not x.query.aggregate and x.query.limit is None and not x.query.offset
            and all((x.alias, n) in shown for n in x.names))


def except_of_set(q, schema):
    """``A EXCEPT B`` as the module says, else ``q``."""
    if not (isinstance(q, ir.SetOp) and q.op == SetOpKind.EXCEPT and _bare(q)):
        return q
    a, b = q.left, q.right
    if not (_plain_filter(a) and _plain_filter(b) and len(a.items) == len(b.items)):
        return q
    left, right = _leaves(a.source), _leaves(b.source)
    if not left or not right or not any(isinstance(x, ir.Derived) for x in left):
        return q
    if any(isinstance(x, ir.Scan) and schema.table(x.table).collated for x in ir.nodes((a, b))):
        return q  # (a collated column under a derived table compares EXCEPT apart from =)
    shown = {(i.alias, i.name) for i in a.items if isinstance(i, ir.Col)}
    if not all(_distinct_leaf(x, shown, schema) for x in left):
        return q
    mine = set(_tree_aliases(a.source))
    if not mine.isdisjoint(set(_tree_aliases(b.source)) | _aliases_in(b)):
        return q
    wa, wb = _conjuncts(a.where), _conjuncts(b.where)
    matches = []
    for x, y in zip(a.items, b.items, strict=True):
        if not (isinstance(x, ir.Col) and isinstance(y, ir.Col) and x.affinity in _EXACT
                and x.affinity == y.affinity and x.ty == y.ty):
            return q
        if not (_never_null(x, a, wa, schema) or _never_null(y, b, wb, schema)):
            return q
        matches.append(ir.Cmp(CmpOp.EQ, y, x))
    body = dataclasses.replace(b, where=_and([*wb, *matches]), distinct=False,
                               items=(ir.Lit(1, Ty.INT),), names=())
    return dataclasses.replace(a, where=_and([*wa, ir.Not(ir.Exists(body))]), distinct=False)


EXCEPT_SET_RULE = (
    "except_of_set", "A EXCEPT B, A's rows distinct (each source a scan whose never-NULL key "
    "A shows, or a DISTINCT derived table A shows whole; one derived at least), is A WHERE "
    "NOT EXISTS (B WHERE b = a ..), a or b never NULL, columns of one exact affinity "
    "(order not read)", ("compound",),
    lambda canon, q, ctx: q if ctx.get("sensitive", True) else except_of_set(q, canon.schema), False)
