"""The presence counts of a FULL JOIN of two sets on all their columns, as counts of EXCEPT,
INTERSECT and UNION (round 62, i62d): ``full_join_presence_counts``; "pairs sold in store
only, on the web only, and in both".

The algebra: a FULL JOIN of two sets ``A`` and ``B`` on all their columns, whose ``=`` is
the compound operators' comparison, is matched ⊎ A-only ⊎ B-only, of ``|A ∩ B|``, ``|A −
B|`` and ``|B − A|`` rows. The law (site ``select``): ``SELECT n1, .. FROM (A) a FULL JOIN
(B) b ON a.x1 = b.x1 AND .. AND a.xn = b.xn`` (every column of both, position by position;
no WHERE, GROUP BY, HAVING, DISTINCT, window or LIMIT) is ``SELECT (SELECT COUNT(*) FROM
(A EXCEPT B)), ..`` (no FROM) when every item ``n`` counts a presence pattern of the two
sides: ``COUNT(CASE WHEN t THEN c END)`` (``c`` a non-NULL literal, ELSE NULL), ``t`` a
conjunction of ``a.x IS [NOT] NULL`` / ``b.y IS [NOT] NULL`` for columns never NULL in their
set, or ``COUNT(a.x)`` of such a column, or ``COUNT(*)``. Per pattern: a present and b present
``|A INTERSECT B|``, a present and b absent (b absent alone) ``|A EXCEPT B|``, the mirror
``|B EXCEPT A|``, a present alone ``|A|``, b present alone ``|B|``, neither tested ``|A UNION
B|``, both absent ``0``.

Conditions, each what makes ``=`` the compounds' comparison and the pattern a presence test:
``A`` and ``B`` are sets (DISTINCT selects, or groupings showing every key), of one width; per
column the two items are columns of scanned tables of one affinity and type (``=`` converts
nothing; no collated table in either side), and one of the two is never NULL on a row of
its set (declared NOT NULL in an inner-joined scan, or ``IS NOT NULL`` a conjunct of its WHERE):
a NULL on the other side then matches nothing, under ``=`` and under the compounds alike.
Each row of ``A`` then meets at most one row of ``B`` (a set under that comparison), so the
matched rows are ``A ∩ B``, and an unmatched row of one side is padded once. A column never
NULL in its set is NULL exactly on the padded rows. Near misses: a NULL-able pair of columns
(``=`` leaves two NULL rows unmatched, INTERSECT pairs them), a side that is not a set (a
duplicate matches twice), a presence test on a NULL-able column, EXCEPT ALL, a partial ON.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Conv, JoinKind, SetOpKind, Ty
from .terms import _aliases_in, _conjuncts, _declared_non_null, _has_sub, _leaves, _windowless

_ANY, _IN, _OUT = None, True, False


def _set_query(q) -> bool:
    """Is ``q`` a set: a DISTINCT select or a grouping showing every key (no LIMIT, window)?"""
    return (isinstance(q, ir.Select) and q.limit is None and not q.offset and q.bare_from is None
            and _windowless(q) and ((q.distinct and not q.aggregate)
                                    or (bool(q.group_by) and set(q.group_by) <= set(q.items))))


def _never_null(q, i: int, schema) -> bool:
    """Is item ``i`` of ``q`` a column never NULL on a row of ``q``?"""
    x = q.items[i]
    return isinstance(x, ir.Col) and (_declared_non_null(x, q.source, schema)
                                      or ir.Not(ir.IsNull(x)) in _conjuncts(q.where))


def _plain_columns(q, schema) -> bool:
    """Are ``q``'s scans uncollated tables, its items their columns, and does it read no outer
    query (it moves into a scalar subquery's FROM)?"""
    leaves = _leaves(q.source)
    return bool(leaves) and all(isinstance(y, ir.Scan) and not schema.table(y.table).collated
                                for y in leaves) and all(isinstance(x, ir.Col) for x in q.items) and (
        _aliases_in(q) <= {y.alias for y in leaves} and not _has_sub(q.where))


def _on_positions(on, a, b) -> set | None:
    """The positions ``i`` with ``a.xi = b.xi`` of the ON (each conjunct one), else None."""
    got = set()
    for c in _conjuncts(on):
        if not (isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and c.conv == Conv.NONE
                and isinstance(c.left, ir.Col) and isinstance(c.right, ir.Col)):
            return None
        x, y = (c.left, c.right) if c.left.alias == a.alias else (c.right, c.left)
        if not (x.alias == a.alias and y.alias == b.alias and x.name in a.names
                and y.name in b.names and a.names.index(x.name) == b.names.index(y.name)):
            return None
        got.add(a.names.index(x.name))
    return got


def _side_test(t, sides: dict):
    """(alias, True: present / False: absent) of ``x IS [NOT] NULL``, ``x`` never NULL in its
    set (``sides``: alias -> the names never NULL), else None."""
    present = isinstance(t, ir.Not)
    x = t.arg.arg if present and isinstance(t.arg, ir.IsNull) else t.arg if isinstance(t, ir.IsNull) else None
    if not (isinstance(x, ir.Col) and x.name in sides.get(x.alias, ())):
        return None
    return x.alias, present


def _pattern(item, a: str, b: str, sides: dict):
    """(a's presence, b's presence) an item counts (None: not tested), else ``"no"``."""
    if not (isinstance(item, ir.Agg) and not item.distinct):
        return "no"
    if item.fn == AggFn.COUNT_STAR:
        return _ANY, _ANY
    if item.fn != AggFn.COUNT:
        return "no"
    arg, tests = item.arg, []
    if isinstance(arg, ir.Col):
        tests = [ir.Not(ir.IsNull(arg))]
    elif (isinstance(arg, ir.Case) and len(arg.whens) == 1 and isinstance(arg.default, ir.Lit)
          and arg.default.value is None and isinstance(arg.whens[0][1], ir.Lit)
          and arg.whens[0][1].value is not None):
        tests = _conjuncts(arg.whens[0][0])
    if not tests:
        return "no"
    seen = {a: _ANY, b: _ANY}
    for t in tests:
        got = _side_test(t, sides)
        if got is None or seen[got[0]] not in (_ANY, got[1]):
            return "no"
        seen[got[0]] = got[1]
    return seen[a], seen[b]


def _count(q) -> ir.Expr:
    view = ir.Derived(q, "(presence)#0", tuple(f"#{i}" for i in range(len(q.items))))
    star = ir.Agg(AggFn.COUNT_STAR, None, False, Ty.INT)
    return ir.ScalarSub(ir.Select(view, None, (), None, (star,), False, (), None, 0, True, ()), Ty.INT)


def _cell(pattern, left, right):
    """The count of the rows of a presence pattern, as a count of a compound of the sets."""
    pa, pb = pattern
    if pa is _OUT and pb is _OUT:
        return ir.Lit(0, Ty.INT)
    if pa is _IN and pb is _IN:
        return _count(ir.SetOp(SetOpKind.INTERSECT, False, left, right))
    if pb is _OUT:
        return _count(ir.SetOp(SetOpKind.EXCEPT, False, left, right))
    if pa is _OUT:
        return _count(ir.SetOp(SetOpKind.EXCEPT, False, right, left))
    if pa is _IN or pb is _IN:
        return _count(left if pa is _IN else right)
    return _count(ir.SetOp(SetOpKind.UNION, False, left, right))


def _as_distinct(q):
    """A grouping of its shown keys without aggregates or HAVING is their DISTINCT (the same
    set of rows up to which equal value is shown: only counted here), else ``q``."""
    if (q.group_by and q.having is None and set(q.items) == set(q.group_by)
            and not any(isinstance(y, ir.Agg) for y in ir.nodes(q.items))):
        return dataclasses.replace(q, group_by=(), aggregate=False, distinct=True)
    return q


def full_join_presence_counts(q, schema):
    """The module's law on a select; ``q`` itself when it does not apply."""
    if not (isinstance(q, ir.Select) and schema is not None and q.aggregate and not q.group_by
            and q.where is None and q.having is None and not q.distinct and not q.order
            and q.limit is None and not q.offset and q.bare_from is None and _windowless(q)
            and isinstance(j := q.source, ir.Join) and j.kind == JoinKind.FULL
            and isinstance(a := j.left, ir.Derived) and isinstance(b := j.right, ir.Derived)):
        return q
    left, right = a.query, b.query
    n = len(a.names)
    if not (_set_query(left) and _set_query(right) and len(b.names) == n == len(left.items) == len(right.items)
            and _plain_columns(left, schema) and _plain_columns(right, schema)
            and _on_positions(j.on, a, b) == set(range(n))):
        return q
    for x, y in zip(left.items, right.items, strict=True):
        if x.affinity != y.affinity or x.ty != y.ty:
            return q
    sides = {a.alias: {a.names[i] for i in range(n) if _never_null(left, i, schema)},
             b.alias: {b.names[i] for i in range(n) if _never_null(right, i, schema)}}
    if not all(a.names[i] in sides[a.alias] or b.names[i] in sides[b.alias] for i in range(n)):
        return q  # (a NULL on both sides: = leaves it unmatched, the compounds pair it)
    patterns = [_pattern(i, a.alias, b.alias, sides) for i in q.items]
    if "no" in patterns:
        return q
    left, right = _as_distinct(left), _as_distinct(right)
    items = tuple(_cell(p, left, right) for p in patterns)
    return ir.Select(None, None, (), None, items, False, (), None, 0, False, q.names)


FULL_JOIN_COUNT_RULE = (
    "full_join_presence_counts", "SELECT COUNT(CASE WHEN a.x IS NOT NULL AND b.y IS NULL THEN 1 "
    "END), .. FROM (A) a FULL JOIN (B) b ON a.x1 = b.x1 AND .. (A, B sets; every column; = the "
    "compounds' comparison) is SELECT (SELECT COUNT(*) FROM (A EXCEPT B)), .. (INTERSECT for "
    "both present, the mirror EXCEPT, |A|, |B|, UNION)", ("select",),
    lambda canon, q, ctx: full_join_presence_counts(q, canon.schema), True)

FULL_JOIN_COUNT_FAMILY = (FULL_JOIN_COUNT_RULE,)
