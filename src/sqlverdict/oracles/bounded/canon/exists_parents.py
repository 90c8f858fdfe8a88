"""A foreign key's one parent joined to the outer query and read only inside one conjunct's
[NOT] EXISTS, joined inside it instead (round 61, T and S2): ``exists_parent_in``.

An inner-joined select ``.. FROM C c, P p .. WHERE p.k = c.f AND [NOT] EXISTS (SELECT .. FROM
S.. WHERE w(p)) AND r``, where ``c``'s columns ``f`` are declared NOT NULL and carry a declared
foreign key ``c.f -> P.k`` onto a unique key of ``P`` (one storage class:
``ir.exact_foreign_keys``; the link conjuncts ``one_parent._link``) and ``p`` is read nowhere
but the links and that one conjunct, is ``.. FROM C c .. WHERE [NOT] EXISTS (SELECT .. FROM
P p, S.. WHERE p.k = c.f AND w(p)) AND r``. On every database that satisfies the foreign key
each row of the rest has exactly one such parent (``f`` never NULL, the key kept, unique, ``=``
never matching NULL): the join neither dropped nor repeated a row, and inside the subquery
``p`` ranges over that one row. The to-one chain written as joins of the outer query and the
chain written inside the anti-join (``NOT EXISTS`` after ``except_as_anti_join`` and
``own_key_row``) meet; a chain moves in a parent at a time, the last hop first.

Conditions: the subquery plain (no aggregate, grouping, LIMIT/OFFSET, window or bare-column
rule); no table with a declared collation among the outer sources; ``p``'s alias defined once
in the whole select; only where the select's row order is not read (the driver's ``sources``
site); not under DISTINCT (``distinct_semijoin`` reads a filtering join there, and DISTINCT
over one row per row is kept until ``distinct_over_key``); not when the subquery scans ``P``
itself (rows of ``P`` compared with the outer one, "no later order of the same customer"):
that NOT EXISTS is also what ``own_extremum`` and its kin write at the ``conjunct`` site,
after this site, from ``= (SELECT MAX ..)``, where the parent would stay outside.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import CmpOp, Conv, JoinKind
from ..ir.walk import defined_aliases
from .joins import _flat_source
from .one_parent import IN_EXISTS_JOIN_RULES, _entry, _link
from .own_key_rows import own_key_rows
from .parent_tests import PARENT_LOOKUP_RULE, PARENT_TEST_RULE
from .terms import (
    _aliases_in,
    _and,
    _conjuncts,
    _has_sub,
    _leaves,
    _on_conjuncts,
    _tree_aliases,
    _unique_keys,
)


def _plain(s) -> bool:
    return (isinstance(s, ir.Select) and not s.aggregate and not s.group_by and s.having is None
            and s.limit is None and not s.offset and s.bare_from is None
            and not any(isinstance(y, ir.Window) for y in ir.nodes(s)))


def exists_parent_in(q: ir.Select, leaves: list, conds: list, schema):
    """(q, leaves, conds) with the first parent moved into the conjunct that alone reads it
    (the module's law); leaves None when nothing changed."""
    if q.distinct or any(isinstance(x, ir.Scan) and schema.table(x.table).collated for x in leaves):
        return q, None, conds
    everywhere = defined_aliases((q.items, q.group_by, q.having, q.order, leaves, conds))
    shown = _aliases_in((q.items, q.group_by, q.having, q.order))
    for p in leaves:
        if not isinstance(p, ir.Scan) or everywhere.count(p.alias) != 1 or p.alias in shown:
            continue
        rest = [x for x in leaves if x is not p]
        link = _link(conds, p, rest, schema)
        if not link:
            continue
        others = [c for c in conds if not any(c is k for k in link)]
        readers = [i for i, c in enumerate(others) if p.alias in _aliases_in(c)]
        if len(readers) != 1:
            continue
        c = others[readers[0]]
        if not (isinstance(c, ir.Not) and isinstance(c.arg, ir.Exists) and _plain(c.arg.query)
                and c.arg.query.source is not None):
            continue
        s = c.arg.query
        if any(isinstance(x, ir.Scan) and x.table == p.table for x in ir.nodes(s)):
            continue  # (rows of P compared with the outer one: see the module's note)
        sub = dataclasses.replace(s, source=ir.Join(JoinKind.CROSS, p, s.source, None),
                                  where=_and([*link, *_conjuncts(s.where)]))
        others[readers[0]] = ir.Not(ir.Exists(sub))
        return q, rest, others
    return q, None, conds


def _key_equated(conds: list, p: ir.Scan, outer: set, schema) -> bool:
    """Do ``conds`` equate every column of a unique key of ``p`` with an outer column of its
    type and affinity, without conversion (so ``=`` converts neither side: one row at most)?"""
    equated = set()
    for c in conds:
        if isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and c.conv == Conv.NONE:
            for mine, other in ((c.left, c.right), (c.right, c.left)):
                if (isinstance(mine, ir.Col) and isinstance(other, ir.Col) and mine.alias == p.alias
                        and other.alias in outer and (other.ty, other.affinity) == (mine.ty, mine.affinity)):
                    equated.add(mine.name.lower())
    return any(k and set(k) <= equated for k in _unique_keys(schema.table(p.table)))


def exists_key_out(q: ir.Select, leaves: list, conds: list, schema):
    """(q, leaves, conds) with the first source of a conjunct's EXISTS whose unique key the
    subquery equates with outer values joined outside (the module's second law); leaves None
    when nothing changed."""
    if any(isinstance(x, ir.Scan) and schema.table(x.table).collated for x in leaves):
        return q, None, conds
    everywhere = defined_aliases((q.items, q.group_by, q.having, q.order, leaves, conds))
    outer = {a for x in leaves for a in _tree_aliases(x)}
    for i, c in enumerate(conds):
        if not (isinstance(c, ir.Exists) and _plain(c.query)):
            continue
        s = c.query
        inner = _leaves(s.source)
        if not inner or len(inner) < 2 or any(
                isinstance(x, ir.Scan) and schema.table(x.table).collated for x in inner):
            continue
        body = _on_conjuncts(s.source) + _conjuncts(s.where)
        for p in inner:
            if not (isinstance(p, ir.Scan) and everywhere.count(p.alias) == 1
                    and _key_equated(body, p, outer, schema)):
                continue
            mine = outer | {p.alias}
            moved = [d for d in body if not _has_sub(d) and _aliases_in(d) <= mine]
            rest = [d for d in body if not any(d is m for m in moved)]
            sub = dataclasses.replace(s, source=_flat_source([x for x in inner if x is not p]),
                                      where=_and(rest))
            return q, [*leaves, p], [*conds[:i], *conds[i + 1:], *moved, ir.Exists(sub)]
    return q, None, conds


EXISTS_PARENT_RULE = _entry(
    "exists_parent_in", "FROM C c, P p WHERE p.k = c.f AND NOT EXISTS (SELECT .. FROM S.. WHERE "
    "w(p)), c.f NOT NULL with a foreign key onto the unique key P.k, p read nowhere else, is FROM "
    "C c WHERE NOT EXISTS (SELECT .. FROM P p, S.. WHERE p.k = c.f AND w(p)): one parent",
    exists_parent_in)
EXISTS_KEY_RULE = _entry(
    "exists_key_out", "a conjunct EXISTS (SELECT .. FROM P p, S.. WHERE p.u = x AND w), u a unique "
    "key of P equated with outer values, is the join with P p on p.u = x and EXISTS (SELECT .. "
    "FROM S.. WHERE w): at most one row of P", exists_key_out)

OWN_KEY_ROW_RULE = _entry(
    "own_key_row", "a conjunct's [NOT] EXISTS (SELECT .. FROM T q, S.. WHERE q.k = x.k AND w(q)), "
    "x an inner-joined scan of T, k a declared never-NULL unique key of T, is [NOT] EXISTS "
    "(SELECT .. FROM S.. WHERE w(x)): q is x (also x.k [NOT] IN (SELECT q.k ..))", own_key_rows)

# the registry's entries (``rules.RULES`` adds each as ``Rule(*entry)``), in this order: the
# lone parent's laws (one_parent.py) first, the outer row's own scan (own_key_rows.py) last
EXISTS_PARENT_FAMILY = (*IN_EXISTS_JOIN_RULES, EXISTS_PARENT_RULE, EXISTS_KEY_RULE, OWN_KEY_ROW_RULE,
                        PARENT_TEST_RULE, PARENT_LOOKUP_RULE)
