"""Correlated aggregates of a select's own groups (round 55, i55b):
``correlated_aggregates_of_own_groups``.

The law (site ``select``): in ``SELECT .. FROM T a WHERE w GROUP BY a.k..`` (or ``SELECT
DISTINCT a.k.., f(..) FROM T a WHERE w``, its items the keys and values of them), a scalar
subquery ``(SELECT A(x) FROM T b WHERE b.k = a.k .. AND w(b) AND p(b))`` that links every key
to the same column of its own scan of ``T``, repeats ``w`` and adds ``p`` is ``A(CASE WHEN p
THEN x END)`` of the group; the DISTINCT select becomes that grouping. ``A`` is COUNT, SUM,
AVG, MIN, MAX or TOTAL (DISTINCT or not; ``COUNT(*)`` reads ``COUNT(CASE WHEN p THEN 1
END)``), the subquery's item arithmetic of such aggregates of ``b``'s columns.

Sound in SQLite: GROUP BY puts two rows in one group exactly when ``=`` holds between their
keys, NULLs aside (one column with itself: one affinity, no conversion, one collation), so the
rows of ``T`` where the links and ``w`` hold are the group's rows; the subquery aggregates
those where ``p`` is TRUE, and the CASE gives NULL on the others, which each such aggregate
skips (over none: COUNT 0, TOTAL 0.0, the others NULL, as the subquery over no row). A key
linked by ``=`` must be never NULL (declared, or ``w`` holds ``a.k IS NOT NULL``, which the
link then implies for ``b`` and the subquery need not repeat): the NULL group's rows are found
by no ``=``; ``b.k IS a.k`` finds them. A DISTINCT select's rows are its groups when every
item reads the keys only (subqueries through the links): each shows a key's value, so equal
values must be identical (``transfer._exact``: TEXT, or numbers in the typed domain). The same
rows are added in another plan (``proofs.OTHER_PLAN``: SUM of reals states ``exact_reals``).
Near misses: a nullable key linked by ``=``, the subquery without ``w``, a key left unlinked,
another table, a DISTINCT without the key shown.

Round 62 (i62e): a DISTINCT select's WHERE conjuncts that hold such subqueries become its
HAVING: each reads the keys (equal values identical) and its groups' aggregates only, so it
has one value per group and keeps whole groups (a conjunct left with a subquery, or reading
another column, refuses the select; a grouping's WHERE stays per row, refused). A conjunct
``t.x IS NOT NULL`` of ``w`` need not be repeated when the subquery compares ``x`` with a
non-NULL literal (``= <> < <= > >=``: its rows then meet it). Near misses: an outer filter the
subquery does not imply, no DISTINCT, the inner alias shadowing the outer one.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import CmpOp
from .aggregates import _map_top
from .pivot_scalars import _conditional, _Refused
from .terms import _and, _conjuncts, _has_sub, _windowless
from .transfer import _exact


def _key_ops(q, t, keys, schema):
    """(name -> the links allowed for key ``name``, ``w`` without its ``k IS NOT NULL``)."""
    table, ops, rest = schema.table(t.table), {}, []
    tested = set()
    for c in _conjuncts(q.where):
        if (isinstance(c, ir.Not) and isinstance(n := c.arg, ir.IsNull) and isinstance(n.arg, ir.Col)
                and n.arg.alias == t.alias and n.arg.name in keys):
            tested.add(n.arg.name)
        else:
            rest.append(c)
    for name in keys:
        ops[name] = (CmpOp.EQ, CmpOp.IS) if name in tested or table.never_null(name) else (CmpOp.IS,)
    return ops, rest


def _reads_keys_only(e, alias, keys) -> bool:
    """Does ``e`` read ``alias`` only through the key columns (inside subqueries too)?"""
    return all(y.name in keys for y in ir.nodes(e) if isinstance(y, ir.Col) and y.alias == alias)


def _implied_present(c, s, t_alias: str) -> bool:
    """Is ``c`` a test ``t.x IS NOT NULL`` that a conjunct of the subquery ``s`` implies for
    its scan (``b.x op literal``, ``op`` one of ``= <> < <= > >=``: NULL makes it not TRUE)?"""
    if not (isinstance(c, ir.Not) and isinstance(n := c.arg, ir.IsNull) and isinstance(x := n.arg, ir.Col)
            and x.alias == t_alias):
        return False
    b = s.source.alias
    return any(isinstance(d, ir.Cmp) and d.op in _REJECTING and not d.conv
               and any(isinstance(y, ir.Col) and y.alias == b and y.name == x.name for y in (d.left, d.right))
               and any(isinstance(y, ir.Lit) and y.value is not None for y in (d.left, d.right))
               for d in _conjuncts(s.where))


_REJECTING = (CmpOp.EQ, CmpOp.NE, CmpOp.LT, CmpOp.LE, CmpOp.GT, CmpOp.GE)


def correlated_aggregates_of_own_groups(q, schema, typed: bool = False):
    """``q`` with its own-group subqueries as conditional aggregates (module docstring)."""
    if not (isinstance(q, ir.Select) and isinstance(t := q.source, ir.Scan) and schema is not None
            and q.limit is None and not q.offset and q.bare_from is None and _windowless(q)
            and not schema.table(t.table).collated):
        return q
    tests = [c for c in _conjuncts(q.where) if _has_sub(c)]
    if tests and not (q.distinct and not q.aggregate):
        return q  # (a DISTINCT select's own-group tests become its HAVING; a grouping's are per row)
    if q.group_by and not q.distinct:
        if not all(isinstance(g, ir.Col) and g.alias == t.alias for g in q.group_by):
            return q
        keys = {g.name: g for g in q.group_by}
    elif q.distinct and not q.aggregate and not q.group_by and q.having is None:
        keys = {i.name: i for i in q.items if isinstance(i, ir.Col) and i.alias == t.alias}
        if not keys or not all(_exact(k, k, typed) for k in keys.values()):
            return q
    else:
        return q
    plain = dataclasses.replace(q, where=_and([c for c in _conjuncts(q.where) if not _has_sub(c)]))
    ops, where = _key_ops(plain, t, keys, schema)
    done = []

    def sub(y):
        if (isinstance(y, ir.ScalarSub) and isinstance(s := y.query, ir.Select)
                and isinstance(s.source, ir.Scan) and s.source.alias != t.alias
                and t.alias in ir.free_aliases(s)):
            need = [c for c in where if not _implied_present(c, s, t.alias)]
            try:
                out = _conditional(y, t.alias, _and(need), t, keys, ops.get)
            except _Refused:
                return y
            done.append(y)
            return out
        return y

    items = tuple(_map_top(i, sub) for i in q.items)
    having = [_map_top(c, sub) for c in tests]
    if not done or any(_has_sub(c) for c in having):
        return q
    if q.distinct and not all(_reads_keys_only(e, t.alias, keys) for e in (*q.items, *tests)):
        return q
    if q.distinct:
        return dataclasses.replace(q, items=items, distinct=False, aggregate=True, where=plain.where,
                                   group_by=tuple(keys.values()), having=_and(having))
    return dataclasses.replace(q, items=items)


def own_groups_of_semijoin(canon, q, leaves: list, conds: list):
    """``q`` read as its own groups at the site ``semijoin``, which does not read the select
    anew (``twins.key_semijoin_as_distinct`` leaves a DISTINCT select there), when this rule
    is on."""
    if len(leaves) != 1 or not any(r.name == OWN_GROUP_RULE[0] for r in canon.sites["select"]):
        return q
    whole = dataclasses.replace(q, source=leaves[0], where=_and(conds))
    out = correlated_aggregates_of_own_groups(whole, canon.schema, canon.typed)
    return q if out is whole else dataclasses.replace(out, source=q.source, where=q.where)


OWN_GROUP_RULE = (
    "correlated_aggregates_of_own_groups", "in SELECT .. FROM T a WHERE w GROUP BY a.k.. (or "
    "SELECT DISTINCT a.k.., f(..)), (SELECT A(x) FROM T b WHERE b.k = a.k .. AND w AND p) is "
    "A(CASE WHEN p THEN x END) of the group (= for a never-NULL key, IS for any)", ("select",),
    lambda canon, q, ctx: correlated_aggregates_of_own_groups(q, canon.schema, canon.typed))
