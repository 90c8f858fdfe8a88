"""A grouping joined to itself by ``=`` (issue 25, i40c; any key since i62b):
``equal_keys_of_groupings``.

``SELECT .. FROM (SELECT k, a .. GROUP BY k) AS d1 JOIN (SELECT k, b .. GROUP BY k) AS d2 ON
d1.k = d2.k`` joins by ``=`` what ``groupings.join_of_groupings`` joins by ``IS``: ``x = y``
compared without conversion is ``x IS y AND x IS NOT NULL`` (both NULL: ``=`` is NULL, ``IS``
TRUE; one NULL: both not TRUE). So each conjunct is read as ``IS``, the two groupings are one
(Polars' common sub-plan elimination: the same grouped sub-plan computed twice and joined on
its key, against one), and the merged grouping's key is tested ``IS NOT NULL``: the join
drops the NULL group that GROUP BY keeps. Where the key is a column declared never NULL
(``types.Table.never_null``) of a table inner-joined in its grouping the test is left out.
Only when ``join_of_groupings`` then fires on exactly the groupings whose ``=`` was read:
else the query is left as it was (its ``=`` read by other laws).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import CmpOp
from .groupings import _grouping, join_of_groupings
from .joins import _flat_source
from .terms import _and, _conjuncts, _leaves, _on_conjuncts


def _never_null_keys(d, schema) -> set:
    """The names of ``d``'s columns that read a GROUP BY key declared never NULL in a table
    inner-joined in ``d``'s query (all of them, or none when a key is not such a column)."""
    s = d.query
    scans = {x.alias: x for x in (_leaves(s.source) or ()) if isinstance(x, ir.Scan)}
    names = set()
    for g in s.group_by:
        if not (isinstance(g, ir.Col) and g.alias in scans and g in s.items
                and schema.table(scans[g.alias].table).never_null(g.name)):
            return set()
        names.add(d.names[s.items.index(g)])
    return names


def equal_keys_of_groupings(q, canon):
    """See the module docstring."""
    leaves = _leaves(q.source) if isinstance(q, ir.Select) else None
    if leaves is None or len(leaves) < 2 or q.bare_from is not None:
        return q
    grouped = [x for x in leaves if _grouping(x)]
    keys = {x.alias: _key_columns(x) for x in grouped}
    sure = {x.alias: _never_null_keys(x, canon.schema) for x in grouped}
    conds, tested = [], []  # (tested: the links read as IS whose NULL the join dropped)
    for c in _on_conjuncts(q.source) + _conjuncts(q.where):
        if (isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and not c.conv
                and isinstance(c.left, ir.Col) and isinstance(c.right, ir.Col)
                and c.left.alias != c.right.alias
                and c.left.name in keys.get(c.left.alias, ()) and c.right.name in keys.get(c.right.alias, ())):
            if not (c.left.name in sure[c.left.alias] and c.right.name in sure[c.right.alias]):
                tested.append(c)
            c = dataclasses.replace(c, op=CmpOp.IS)
        conds.append(c)
    if conds == _on_conjuncts(q.source) + _conjuncts(q.where):
        return q
    read = dataclasses.replace(q, source=_flat_source(leaves), where=_and(conds))
    out = join_of_groupings(read, canon)
    if out is read:
        return q
    kept = {x.alias for x in _leaves(out.source) or ()}
    tests = []
    for c in tested:  # the key as the merged grouping (in the survivor's place) reads it
        side = [x for x in (c.left, c.right) if x.alias in kept]
        if len(side) != 1:
            return q  # another pair merged: this link's NULL test has no home
        tests.append(ir.Not(ir.IsNull(side[0])))
    return dataclasses.replace(out, where=_and(_conjuncts(out.where) + tests))


def _key_columns(d) -> set:
    """The names of ``d``'s columns that read a GROUP BY key column."""
    s = d.query
    return {d.names[s.items.index(g)] for g in s.group_by if isinstance(g, ir.Col) and g in s.items}


# ---- the registry's entry (``rules.RULES`` adds it as ``Rule(*entry)``)

KEYED_GROUPING_RULES = (
    ("equal_keys_of_groupings", "two groupings of the same rows joined by = on every key are "
     "joined by IS with the key IS NOT NULL (left out for a column declared never NULL): one "
     "grouping with both item lists (join_of_groupings)", ("query",),
     lambda canon, q, ctx: equal_keys_of_groupings(q, canon) if isinstance(q, ir.Select) and (
         bool(q.order) or not (ctx["sensitive"] or q.limit is not None or q.offset)) else q),
)
