"""A LEFT JOIN to a parent through a NULL-able foreign key, written as the inner join UNION
ALL the children without a parent (round 60, class U): ``left_join_null_branch``.

``SELECT e(L, P) FROM L JOIN P ON P.k = C.f WHERE w UNION ALL SELECT e(L, NULL) FROM L WHERE
w AND C.f IS NULL`` is ``SELECT e(L, P) FROM L LEFT JOIN P ON P.k = C.f WHERE w`` ("long
trips per plan with the casual riders", "tickets per section including general admission"):
``C.f -> P.k`` a declared single-column foreign key of one storage class, no collated
column (``outer_laws._foreign_key_partner``), ``C`` a scan of ``L``. On every database that
satisfies its foreign keys a row of ``L`` with a non-NULL ``C.f`` has its partners in ``P``
(the inner join's rows), and one with a NULL ``C.f`` matches none and is padded: its ``P``
columns are NULL, which is what the second operand writes for them (its items are the
first's with every ``P`` column a NULL literal; ``w`` reads no ``P`` column). The inner
join's ON may hold conjuncts of ``L`` besides the key equality (moved to ``w``), and ``w`` a
``C.f IS NOT NULL`` the equality implies (dropped).

Grouped operands (the second as ``GROUP BY`` or a bare aggregate under ``HAVING COUNT(*) >
0``): the first's items and HAVING read columns outside aggregates only as GROUP BY keys
(``null_branches._keyed_reads``), the HAVINGs alike but for ``COUNT(*) > 0``, and the keys
group the padded rows alike: each key of either operand (a ``P`` column read as NULL) a key
of the other or one value on the second's rows (a literal, a column tested ``IS NULL`` or
``= literal``: ``null_branches._constant_keys``); and one GROUP BY key is a ``P`` column
declared NOT NULL, so no group of padded rows meets a group of joined rows (a NULL-able
``P.plan`` would merge the NULL plan's group with the padded one: a near miss). The inner
join on the left: a compound's columns take the left operand's affinity, a NULL literal
has none. Not under DISTINCT, LIMIT, ORDER BY or a window; the compound's row order unread.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import JoinKind, SetOpKind, Ty
from ..ir.walk import nodes
from .aggregates import _count_positive, count_positive_as_group
from .null_branches import _constant_keys, _keyed_reads
from .outer_laws import _foreign_key_partner
from .setops import _renamed
from .splits import _operand, _unordered
from .terms import _and, _conjuncts, _key, _replace_cols, _tree_aliases


def _without(src, alias: str):
    """``(src without its scan ``alias``, the ON conjuncts of the joins above that scan)``
    when every join above it is inner (their ON moved out, they become cross joins), else
    None."""
    if isinstance(src, ir.Scan):
        return None
    if not (isinstance(src, ir.Join) and src.kind in (JoinKind.INNER, JoinKind.CROSS)):
        return None
    for mine, other, put in ((src.left, src.right, "left"), (src.right, src.left, "right")):
        if isinstance(mine, ir.Scan) and mine.alias == alias:
            return other, _conjuncts(src.on)
        if alias in _tree_aliases(mine):
            inner = _without(mine, alias)
            if inner is None:
                return None
            rest = dataclasses.replace(src, kind=JoinKind.CROSS, on=None, **{put: inner[0]})
            return rest, [*inner[1], *_conjuncts(src.on)]
    return None


def _parent_joins(a: ir.Select, schema):
    """Each ``(L, L LEFT JOIN P ON P.k = C.f, the other conjuncts, C.f, P's table)`` where
    ``a`` reads ``P`` joined to ``L`` by inner joins and a conjunct ``P.k = C.f`` (WHERE or
    ON)."""
    for p in _leaves(a.source):
        found = _without(a.source, p.alias) if isinstance(p, ir.Scan) else None
        if found is None:
            continue
        rest, ons = found
        conj = [*ons, *_conjuncts(a.where)]
        for eq in conj:
            join = ir.Join(JoinKind.LEFT, rest, p, eq)
            partner = _foreign_key_partner(join, schema)
            if partner is not None:
                yield rest, join, [c for c in conj if c is not eq], *partner


def _leaves(src) -> list:
    if isinstance(src, ir.Join):
        return _leaves(src.left) + _leaves(src.right)
    return [src]


def _reads(x, alias: str) -> bool:
    return any(isinstance(y, ir.Col) and y.alias == alias for y in nodes(x))


def _no_count_positive(h) -> tuple:
    return tuple(_key(c) for c in _conjuncts(h) if not _count_positive(c))


def _grouped_alike(a: ir.Select, b: ir.Select, nulled, parent, p_alias: str, schema) -> bool:
    if not (_keyed_reads(a) and a.group_by and b.group_by):
        return False
    if _no_count_positive(nulled(a.having)) != _no_count_positive(b.having):
        return False
    _, constants = _constant_keys(b, schema)
    constant = lambda g: isinstance(g, ir.Lit) or g in constants  # noqa: E731
    ga = nulled(a.group_by)
    if not (all(g in b.group_by or constant(g) for g in ga)
            and all(g in ga or constant(g) for g in b.group_by)):
        return False
    return any(isinstance(g, ir.Col) and g.alias == p_alias and parent.never_null(g.name)
               for g in a.group_by)


def left_join_null_branch(q, same, schema):
    """``A UNION ALL B``, ``B`` the children of ``A``'s inner join without a parent (module
    docstring), as ``A`` over the LEFT JOIN; else ``q``."""
    if not (isinstance(q, ir.SetOp) and q.op == SetOpKind.UNION and q.all and not q.order
            and q.limit is None and not q.offset and schema is not None):
        return q
    a, b = q.left, q.right
    if isinstance(b, ir.Select) and b.aggregate and not b.group_by:
        b = count_positive_as_group(b)
    if not (_operand(a) and _operand(b) and a.aggregate == b.aggregate):
        return q
    for found in _parent_joins(a, schema):
        out = _merged(a, b, *found, schema, same)
        if out is not None:
            return out
    return q


def _same_conjuncts(xs: list, ys: list, same) -> bool:
    """Is each conjunct of either list one of the other (by key, else by ``same``, which
    reads two subqueries over other aliases alike)?"""
    def inside(x, zs):
        return any(_key(x) == _key(z) for z in zs) or any(same(x, z) for z in zs)
    return all(inside(x, ys) for x in xs) and all(inside(y, xs) for y in ys)


def _merged(a, b, rest, left_join, where, fk, parent, schema, same):
    """``a`` over ``left_join`` when ``b`` is its padded branch, else None."""
    p_alias = left_join.right.alias
    null_test = ir.IsNull(fk)
    where = [c for c in where if c != ir.Not(null_test)]  # (implied by P.k = C.f)
    if any(_reads(c, p_alias) for c in where):
        return None
    b = _renamed(b, dataclasses.replace(a, source=rest))
    if b is None or len(b.items) != len(a.items):
        return None
    if not _same_conjuncts(_conjuncts(b.where), [*where, null_test], same) or any(
            _key(c) == _key(null_test) for c in where):
        return None
    rep = {(p_alias, c[0]): ir.Lit(None, Ty.NULL) for c in left_join.right.columns}
    nulled = lambda x: _replace_cols(x, rep)  # noqa: E731
    if nulled(a.items) != b.items:
        return None
    if a.aggregate and not _grouped_alike(a, b, nulled, parent, p_alias, schema):
        return None
    if not a.aggregate and (b.group_by or b.having is not None):
        return None
    return dataclasses.replace(a, source=left_join, where=_and(where))


PARENT_NULL_BRANCH_RULE = (
    "left_join_null_branch", "SELECT e(L, P) FROM L JOIN P ON P.k = C.f WHERE w UNION ALL SELECT "
    "e(L, NULL) FROM L WHERE w AND C.f IS NULL is SELECT e(L, P) FROM L LEFT JOIN P ON P.k = C.f "
    "WHERE w, C.f -> P.k a declared foreign key; grouped: keys alike on the padded rows and a "
    "NOT NULL P column among them (order not read)", ("compound",),
    _unordered(left_join_null_branch), False)
