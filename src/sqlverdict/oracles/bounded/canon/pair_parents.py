"""Pairs of parents related through their children, as the children's distinct pairs of
keys (round 57, i57b): ``parent_pair_semijoin_as_distinct``.

The law (site ``sources``): ``SELECT e(p.k, q.k) FROM P p, Q q WHERE t(p.k, q.k) AND EXISTS
(SELECT .. FROM C .. WHERE x = p.k AND y = q.k AND r)`` (``p.k``, ``q.k`` never-NULL
one-column unique keys, ``x -> P.k`` and ``y -> Q.k`` exact foreign keys of columns of the
subquery's tables, the items holding both keys and reading ``p``, ``q`` only through them,
``t`` likewise; ``(p.k, q.k) IN (SELECT x, y ..)`` alike) is ``SELECT DISTINCT e(x, y) FROM C .. WHERE r AND x IS NOT NULL AND y IS
NOT NULL AND t(x, y)``: "route pairs sharing a stop" as the pair of routes over the route
table, or as the DISTINCT pairs of the trips' routes.

Sound in SQLite: each row of the parents' join is one pair of keys (unique, never NULL) and
shows both keys, so the select has no duplicate; a pair is kept exactly when some row of the
children's join has ``x = p.k``, ``y = q.k`` and ``r``. The children's pairs of non-NULL
``(x, y)`` each have their parents (declared foreign keys, one storage class: equal is
identical, ``transfer._exact`` or a rowid), so DISTINCT over them lists the same pairs once
each; ``e`` and ``t`` read the keys only (no opaque function), the same values for identical
keys. Near misses: a key that is not unique (a parent listed twice), ``x`` not a foreign
key (a child naming no parent), one key not shown (the join's duplicates).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import CmpOp, Conv, Ty
from .joins import _not_null
from .terms import _aliases_list, _conjuncts, _deep, _leaves, _on_conjuncts, _windowless
from .transfer import _exact
from .twins import _col, _cols_of, _of_key, _one_key, _references


def _plain(s) -> bool:
    return (isinstance(s, ir.Select) and not s.aggregate and not s.group_by and s.having is None
            and s.limit is None and not s.offset and s.bare_from is None and _windowless(s))


def _link(conds: list, key, parent, inner: list, schema, typed: bool):
    """(index, x) of the one conjunct ``x = key`` with ``x -> parent.key`` a foreign key of
    one storage class, equal values identical; else None."""
    found = []
    for i, c in enumerate(conds):
        if not (isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and c.conv == Conv.NONE):
            continue
        x = c.right if c.left == key else c.left if c.right == key else None
        child = next((s for s in inner if isinstance(x, ir.Col) and s.alias == x.alias), None)
        if child is None or x.ty != key.ty or x.affinity != key.affinity:
            continue
        rowid = schema.table(parent.table).rowid_alias
        if ((_exact(key, x, typed) or (rowid and rowid.lower() == key.name))
                and _references(schema, child, x, parent, key)):
            found.append((i, x))
    return found[0] if len(found) == 1 else None


def _semijoin(c):
    """(the subquery, its conjuncts) of ``EXISTS (..)``, or of ``(a, b) IN (SELECT x, y ..)``
    read as ``EXISTS (.. AND x = a AND y = b)`` (no conversion; as a WHERE conjunct a NULL
    is as false as false); (None, []) otherwise."""
    s = c.query if isinstance(c, (ir.Exists, ir.InSub)) else None
    if not _plain(s):
        return None, []
    sub = _on_conjuncts(s.source) + _conjuncts(s.where)
    if isinstance(c, ir.Exists):
        return s, sub
    if not (isinstance(c.arg, ir.RowVal) and len(c.arg.items) == len(s.items) == 2
            and c.conv == Conv.NONE and all(v == Conv.NONE for v in c.convs)
            and all(isinstance(x, ir.Col) for x in s.items)):
        return None, []
    return s, [*sub, *(ir.Cmp(CmpOp.EQ, x, a, Ty.BOOL, Conv.NONE)
                       for x, a in zip(s.items, c.arg.items, strict=True))]


def parent_pair_semijoin_as_distinct(q, leaves: list, conds: list, schema, typed: bool = False):
    """(q, leaves, conds) of the module's law at the site ``sources``; None when it does not
    apply."""
    if not (schema is not None and _plain(q) and not q.order and len(leaves) == 2
            and all(isinstance(x, ir.Scan) and not schema.table(x.table).collated for x in leaves)):
        return None
    names = [_one_key(schema, x) for x in leaves]
    if None in names:
        return None
    keys = [_col(x, n, schema) for x, n in zip(leaves, names, strict=True)]
    if not all(k in q.items for k in keys) or not all(
            _of_key(i, k, x.alias) for i in q.items for k, x in zip(keys, leaves, strict=True)):
        return None
    for i, c in enumerate(conds):
        s, sub = _semijoin(c)
        inner = _leaves(s.source) if _plain(s) else None
        if inner is None or not all(isinstance(x, ir.Scan) and not schema.table(x.table).collated
                                    for x in inner):
            continue
        links = [_link(sub, k, x, inner, schema, typed) for k, x in zip(keys, leaves, strict=True)]
        if None in links or links[0][0] == links[1][0]:
            continue
        rest = [d for j, d in enumerate(sub) if j not in (links[0][0], links[1][0])]
        outer = conds[:i] + conds[i + 1:]
        mine = {x.alias for x in inner}
        if any(_cols_of(d, x.alias) for d in rest for x in leaves) or any(
                a in mine for a in _aliases_list((q.items, *outer))) or not all(
                _of_key(d, k, x.alias) for d in outer for k, x in zip(keys, leaves, strict=True)):
            continue
        to = {k: x for k, (_, x) in zip(keys, links, strict=True)}

        def moved(e, to=to):
            return _deep(e, lambda y: to.get(y, y))
        kept = [ir.Not(ir.IsNull(x)) for x in to.values() if not _not_null(x, inner, schema)]
        q2 = dataclasses.replace(q, items=moved(q.items), distinct=True)
        return q2, list(inner), [*rest, *kept, *(moved(d) for d in outer)]
    return None


def _rule(canon, value, ctx):
    out = parent_pair_semijoin_as_distinct(*value, canon.schema, canon.typed)
    return value if out is None else out


PAIR_PARENTS_RULE = (
    "parent_pair_semijoin_as_distinct", "SELECT p.k, q.k FROM P p, Q q WHERE t AND EXISTS (SELECT "
    ".. FROM C .. WHERE x = p.k AND y = q.k AND r), never-NULL unique keys, x -> P.k and y -> "
    "Q.k exact foreign keys, is SELECT DISTINCT x, y FROM C .. WHERE r AND x, y NOT NULL AND "
    "t(x, y)", ("sources",), _rule, True)
