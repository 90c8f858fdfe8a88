"""A DISTINCT self-join of a key-joined row on another row of its group, as ``HAVING COUNT(*)
> 1`` (round 59, i59c): ``pair_in_joined_group_as_having``.

The law (site ``select``): ``SELECT DISTINCT f(k..) FROM J1, J2 WHERE w1 AND w2 AND k = k' ..
AND u op u'`` (or ``FROM J1 WHERE w1 AND EXISTS (SELECT .. FROM J2 WHERE w2 AND ..)``), where
``J2``, ``w2`` are a renamed copy of the inner join ``J1``, ``w1`` of two scans or more, the
links ``k = k'`` (or ``IS``) pair a key of ``J1`` with its copy, ``op`` is ``<>``, ``<`` or
``>`` on a column ``u`` of a scan ``s`` of ``J1`` that with ``s``'s linked columns covers a
declared unique key of never-NULL columns, and every other scan of ``J1`` is joined by ``=``
on a whole declared unique key to columns of scans already reached from ``s`` (one type, one
affinity, no conversion), is ``SELECT f(k..) FROM J1 WHERE w1 [AND k IS NOT NULL] GROUP BY
k.. HAVING 1 < COUNT(*)``: "candidates with two offers" as the offers joined to their
applications grouped by candidate, against the same join taken twice.

Sound in SQLite: each row of ``s`` meets at most one row of each other scan (a unique key
equated to one value finds one row at most; no collated table, one affinity: the index
and ``=`` agree), so the rows of ``J1`` are rows of ``s`` and two of them in one group
differ in ``u`` (they share the linked columns, and the unique key holds no NULL). A kept
row has a partner in its group with another ``u`` exactly when its group holds two rows
(under ``<`` the row of least ``u`` has one above it). GROUP BY puts two rows together
exactly when ``=`` (``IS`` for NULL) holds between their keys; a key linked by ``=`` is
never NULL on a partnered row, hence the filter. The shown keys are exact
(``transfer._exact``), so DISTINCT and GROUP BY show identical values; the items read the
row only through the keys. Near misses: a non-unique ``u``, a NULL-able key linked by ``=``
without the filter, a scan joined off its key (a row counted twice), the copy with another
filter, ``<=`` (a row pairs with itself), a LEFT JOIN.
"""

from __future__ import annotations

import dataclasses
import itertools

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Conv, Ty
from .group_pairs import _FLIP, _exact_key, _key_column
from .grouped_tests import _renamed
from .joins import _flat_source
from .terms import (
    _aliases_in,
    _and,
    _conjuncts,
    _deep,
    _has_sub,
    _key,
    _leaves,
    _normalize,
    _on_conjuncts,
    _unique_keys,
    _windowless,
)

_ROW_TESTS = (CmpOp.NE, CmpOp.LT, CmpOp.GT)


def _plain(q) -> bool:
    return (isinstance(q, ir.Select) and not q.aggregate and not q.group_by and q.having is None
            and q.limit is None and not q.offset and not q.order and q.bare_from is None
            and _windowless(q))


def _rows(q):
    """(scans, conjuncts) of the DISTINCT select with its one EXISTS unfolded, else None."""
    leaves, conds = _leaves(q.source), _on_conjuncts(q.source) + _conjuncts(q.where)
    subs = [c for c in conds if isinstance(c, ir.Exists)]
    if len(subs) == 1 and _plain(s := subs[0].query) and (inner := _leaves(s.source)) is not None:
        leaves = None if leaves is None else leaves + inner
        conds = [c for c in conds if c is not subs[0]] + _on_conjuncts(s.source) + _conjuncts(s.where)
    if (leaves is None or not all(isinstance(x, ir.Scan) for x in leaves) or any(map(_has_sub, conds))
            or len({x.alias for x in leaves}) != len(leaves)):
        return None  # (an inner alias shadowing an outer one is refused)
    return leaves, conds


def _halves(leaves):
    """Each (J1 scans, {J1 alias: J2 alias}) splitting ``leaves`` into two copies."""
    by_table = {}
    for x in leaves:
        by_table.setdefault(x.table, []).append(x)
    if any(len(v) != 2 for v in by_table.values()) or len(by_table) < 2 or len(by_table) > 4:
        return
    for pick in itertools.product((0, 1), repeat=len(by_table)):
        pairs = [(v[i], v[1 - i]) for i, v in zip(pick, by_table.values(), strict=True)]
        yield [a for a, _ in pairs], {a.alias: b.alias for a, b in pairs}


def _to_first(x, sigma: dict):
    for a, b in sigma.items():
        x = _renamed(x, b, a)
    return x


def _reached(first, own: list, scans: dict, schema) -> bool:
    """Is every scan of ``J1`` reached from ``first`` through ``=`` on a whole unique key?"""
    reached, grew = {first}, True
    while grew:
        grew = False
        for alias, scan in scans.items():
            if alias in reached:
                continue
            equated = set()
            for c in own:
                if isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and c.conv == Conv.NONE:
                    for mine, other in ((c.left, c.right), (c.right, c.left)):
                        if (isinstance(mine, ir.Col) and mine.alias == alias and isinstance(other, ir.Col)
                                and other.alias in reached and other.ty == mine.ty
                                and other.affinity == mine.affinity):
                            equated.add(mine.name.lower())
            if any(k and set(k) <= equated for k in _unique_keys(schema.table(scan.table))):
                reached.add(alias)
                grew = True
    return reached == set(scans)


def _split(conds, sigma: dict):
    """(J1's conjuncts, links {key: op}, the row test (op, column)) of one split, else None."""
    first, second = set(sigma), set(sigma.values())
    own1, own2, links, tests = [], [], {}, []
    for c in conds:
        seen = _aliases_in(c)
        if seen <= first:
            own1.append(c)
            continue
        if seen <= second:
            own2.append(c)
            continue
        if not (isinstance(c, ir.Cmp) and c.conv == Conv.NONE):
            return None
        sides = next(((x, y, o) for x, y, o in ((c.left, c.right, c.op), (c.right, c.left, _FLIP.get(c.op)))
                      if _aliases_in(x) and _aliases_in(x) <= first and _aliases_in(y) <= second), None)
        if sides is None or _to_first(sides[1], sigma) != sides[0]:
            return None
        left, _, op = sides
        if op in (CmpOp.EQ, CmpOp.IS) and left not in links:
            links[left] = op
        elif op in _ROW_TESTS and isinstance(left, ir.Col):
            tests.append((op, left))
        else:
            return None
    mine = {_key(_normalize(c)) for c in own1}
    theirs = {_key(_normalize(_to_first(c, sigma))) for c in own2}
    if mine != theirs or len(tests) != 1 or not links:
        return None
    return own1, links, tests[0]


def pair_in_joined_group_as_having(q, schema, typed: bool = False):
    """The module's law on a select; ``q`` itself when it does not apply."""
    if not (schema is not None and _plain(q) and q.distinct):
        return q
    got = _rows(q)
    if got is None:
        return q
    leaves, conds = got
    if any(schema.table(x.table).collated for x in leaves):
        return q
    for scans, sigma in _halves(leaves):
        out = _grouping(q, scans, sigma, conds, schema, typed)
        if out is not None:
            return out
    return q


def _grouping(q, scans: list, sigma: dict, conds, schema, typed: bool):
    """The GROUP BY of one split of the self-join, else None."""
    split = _split(conds, sigma)
    if split is None:
        return None
    own, links, (_, u) = split
    by_alias = {x.alias: x for x in scans}
    table = schema.table(by_alias[u.alias].table)
    names, not_null = {u.name.lower()}, []
    for k, op in links.items():
        col = _link_column(k)
        if col is None or not _exact_key(k, col, typed):
            return None
        if k is col and col.alias == u.alias:
            names.add(col.name.lower())
        if op == CmpOp.EQ and not schema.table(by_alias[col.alias].table).never_null(col.name):
            not_null.append(ir.Not(ir.IsNull(k)))
    if not (any(k and set(k) <= names and all(table.never_null(c) for c in k) for k in _unique_keys(table))
            and _reached(u.alias, own, by_alias, schema)):
        return None
    hole = ir.Lit(None, Ty.NULL)
    rest = ir.nodes(tuple(_deep(i, lambda e: hole if e in links else e) for i in q.items))
    if any(isinstance(y, ir.Col) for y in rest):
        return None  # (an item reads a column besides the keys, or reads J2)
    having = ir.Cmp(CmpOp.LT, ir.Lit(1, Ty.INT), ir.Agg(AggFn.COUNT_STAR, None, False, Ty.INT))
    return dataclasses.replace(q, source=_flat_source(scans), where=_and([*own, *not_null]),
                               aggregate=True, distinct=not all(k in q.items for k in links),
                               group_by=tuple(links), having=having)


def _link_column(k):
    """The column a link reads (a column, or LOWER/UPPER of one), else None."""
    aliases = _aliases_in(k)
    return _key_column(k, next(iter(aliases))) if len(aliases) == 1 else None


JOINED_PAIR_RULE = (
    "pair_in_joined_group_as_having", "SELECT DISTINCT k.. FROM J1, J2 WHERE w1 AND w2 AND k = "
    "k' .. AND u <> u' (or EXISTS (J2 ..)), J2 a copy of the key-joined row J1, u unique given "
    "the links, is SELECT k.. FROM J1 WHERE w1 GROUP BY k.. HAVING 1 < COUNT(*)",
    ("select",), lambda canon, q, ctx: pair_in_joined_group_as_having(q, canon.schema, canon.typed), True)
