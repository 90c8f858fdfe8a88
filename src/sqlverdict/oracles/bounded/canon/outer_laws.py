"""Outer joins reassociated and reduced (issue 25): ``outer_join_associative``,
``full_join_on_foreign_key``.

Galindo-Legaria and Rosenthal's associativity of outer joins: ``A op (B LEFT JOIN C ON q)
ON p``, ``op`` an inner or LEFT join and ``p`` reading ``A`` and ``B`` only, is ``(A op B ON
p) LEFT JOIN C ON q``; for ``op`` a LEFT JOIN only when ``q`` rejects the NULLs of ``B`` (an
``A`` row without partner is padded once either way). And a FULL JOIN whose one side every
row of the other finds through a declared NOT NULL foreign key pads nothing on that side:
a LEFT JOIN.
"""

from __future__ import annotations

import dataclasses

from ....types import Schema
from .. import ir
from ..ir.kinds import CmpOp, JoinKind
from .terms import (
    _aliases_list,
    _and,
    _conjuncts,
    _deep,
    _leaves,
    _plain,
    _replace_cols,
    _tree_aliases,
)

_REJECTING = (CmpOp.EQ, CmpOp.NE, CmpOp.LT, CmpOp.LE, CmpOp.GT, CmpOp.GE)


def outer_join_associative(q: ir.Select) -> ir.Select:
    """``A op (SELECT cols FROM B LEFT JOIN C ON q) AS x ON p(x)`` (``op`` inner or cross), the derived table a plain
    projection of column references (no WHERE, aggregate, DISTINCT, LIMIT, ORDER BY or
    window), is ``(A op B ON p) LEFT JOIN C ON q`` with ``x``'s columns read as the columns
    they name, when ``p`` reads no column of ``C``: for ``op`` inner always; for ``op`` LEFT
    only when a conjunct of ``q`` compares a column of ``B`` with ``=``, ``<>``, ``<``...
    (NULL there, so an ``A`` row padded by ``p`` stays padded in ``C``). A padded ``x`` is
    all NULL and so are the columns it names (plain references keep NULL as NULL).
    Only where the row order is not read (the driver's ``unordered`` site)."""
    if not isinstance(q.source, ir.Join):
        return q
    rep: dict = {}

    def walk(src):
        if not isinstance(src, ir.Join):
            return src
        src = dataclasses.replace(src, left=walk(src.left), right=walk(src.right))
        return _reassociate(src, rep) or src

    source = walk(q.source)
    if source == q.source:
        return q
    out = _replace_cols(dataclasses.replace(q, source=source), rep)
    return _into_inner_on(out)


def _into_inner_on(q: ir.Select) -> ir.Select:
    """``(A x B) LEFT JOIN C .. WHERE w``, ``x`` inner, the conjuncts of ``w`` that read
    ``A`` or ``B`` and nothing else go into ``A x B``'s ON: a filter of the preserved side
    filters the same rows before the LEFT JOIN as after it."""
    j = q.source
    if not isinstance(j, ir.Join) or j.kind != JoinKind.LEFT or not isinstance(j.left, ir.Join):
        return q
    inner = j.left
    if inner.kind not in (JoinKind.INNER, JoinKind.CROSS):
        return q
    mine = set(_tree_aliases(inner))
    move, stay = [], []
    for c in _conjuncts(q.where):
        seen = set(_aliases_list(c))
        (move if seen and seen <= mine else stay).append(c)
    if not move:
        return q
    inner = ir.Join(JoinKind.INNER, inner.left, inner.right, _and(_conjuncts(inner.on) + move))
    return dataclasses.replace(q, source=dataclasses.replace(j, left=inner), where=_and(stay))


def _reassociate(j: ir.Join, rep: dict):
    """``j`` reassociated (recording the derived table's columns in ``rep``), or None."""
    if j.kind in (JoinKind.INNER, JoinKind.CROSS) and isinstance(j.left, ir.Derived):
        j = ir.Join(j.kind, j.right, j.left, j.on)  # inner joins commute
    d = j.right
    if j.kind not in (JoinKind.INNER, JoinKind.CROSS, JoinKind.LEFT) or not isinstance(
            d, ir.Derived):
        return None
    v = d.query
    if not (_plain(v) and v.where is None and not v.group_by and v.having is None
            and not v.order and isinstance(v.source, ir.Join) and v.source.kind == JoinKind.LEFT
            and len(set(d.names)) == len(d.names) == len(v.items)
            and all(isinstance(i, ir.Col) for i in v.items)):
        return None
    inner = v.source
    mine = {(d.alias, n): item for n, item in zip(d.names, v.items, strict=True)}
    on = _replace_cols(j.on, mine)
    b = set(_tree_aliases(inner.left))
    if any(a in _tree_aliases(inner.right) for a in _aliases_list(on)):
        return None
    if j.kind == JoinKind.LEFT and not _rejects_nulls_of(inner.on, b):
        return None
    rep.update(mine)
    top = ir.Join(j.kind, j.left, inner.left, on)
    return ir.Join(JoinKind.LEFT, top, inner.right, inner.on)


def _rejects_nulls_of(on, aliases: set) -> bool:
    """Is ``on`` NULL or false wherever every column of ``aliases`` is NULL (a conjunct
    comparing one of those columns with ``=``, ``<>``, ``<``, ``<=``, ``>``, ``>=``)?"""
    for c in _conjuncts(on):
        if isinstance(c, ir.Cmp) and c.op in _REJECTING and any(
                isinstance(s, ir.Col) and s.alias in aliases for s in (c.left, c.right)):
            return True
    return False


def full_join_on_foreign_key(q: ir.Select, schema: Schema) -> ir.Select:
    """``P FULL JOIN C ON C.f = P.k`` is ``P LEFT JOIN C ON C.f = P.k`` (and ``C FULL JOIN P``
    is ``C RIGHT JOIN P``) when ``C.f -> P.k`` is a declared foreign key whose two sides hold
    one storage class, ``C.f`` declared NOT NULL, ``P`` the whole table (a scan), ``C`` a
    scan or inner joins of scans (no padded row) and no collated column in either table:
    every ``C`` row then has a partner (on every database that satisfies its foreign keys),
    so no ``C`` row is padded. The ON clause must be those equalities and nothing else."""
    if not isinstance(q.source, ir.Join):
        return q

    def walk(src):
        if not isinstance(src, ir.Join):
            return src
        src = dataclasses.replace(src, left=walk(src.left), right=walk(src.right))
        if src.kind != JoinKind.FULL:
            return src
        if _every_row_found(src.left, src.right, src.on, schema):
            return dataclasses.replace(src, kind=JoinKind.LEFT)
        if _every_row_found(src.right, src.left, src.on, schema):
            return dataclasses.replace(src, kind=JoinKind.RIGHT)
        return src

    source = walk(q.source)
    return q if source == q.source else dataclasses.replace(q, source=source)


def _every_row_found(parent, child_side, on, schema: Schema) -> bool:
    """Does every row of ``child_side`` find a partner in ``parent`` through ``on``: the
    equalities of a NOT NULL foreign key of one scan of ``child_side`` to a unique key of
    the scan ``parent``?"""
    leaves = _leaves(child_side)
    if not isinstance(parent, ir.Scan) or not leaves or on is None:
        return False
    scans = {x.alias: x for x in leaves if isinstance(x, ir.Scan)}
    pairs = {}  # child alias -> {child column: parent column}
    for c in _conjuncts(on):
        if not (isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and not c.conv
                and isinstance(c.left, ir.Col) and isinstance(c.right, ir.Col)):
            return False
        mine, other = (c.left, c.right) if c.left.alias == parent.alias else (c.right, c.left)
        if mine.alias != parent.alias or other.alias not in scans:
            return False
        pairs.setdefault(other.alias, {})[other.name] = mine.name
    if len(pairs) != 1:
        return False
    (alias, cols), = pairs.items()
    child, ptable = schema.table(scans[alias].table), schema.table(parent.table)
    if child.collated or ptable.collated:
        return False
    for fk, ref in ir.exact_foreign_keys(schema, child):
        fcols = [c.lower() for c in fk.columns]
        if (ref.name.lower() == parent.table and len(fcols) == len(cols)
                and all(cols.get(f) == k.lower() for f, k in zip(fcols, fk.ref_columns,
                                                                  strict=True))
                and all(child.never_null(f) for f in fcols)):
            return True
    return False


def padded_by_foreign_key(q: ir.Select, schema: Schema) -> ir.Select:
    """In ``L LEFT JOIN P ON P.k = C.f``, ``C.f -> P.k`` a declared single-column foreign key
    whose sides hold one storage class (no collated column), ``C`` a scan in ``L`` (padded
    or not), a column ``P.c`` declared NOT NULL (or ``P.k``) is NULL exactly when ``C.f``
    is: a NULL ``C.f`` matches nothing, a non-NULL one its parent row (on every database
    that satisfies its foreign keys), and a join above pads ``C`` with ``P``. So ``P.c IS
    NULL`` reads ``C.f IS NULL`` and ``COALESCE(P.c, e)`` is ``CASE WHEN C.f IS NULL THEN e
    ELSE P.c END``. Rows only: not in a select with aggregates or GROUP BY."""
    if not isinstance(q.source, ir.Join) or q.aggregate or q.group_by:
        return q
    tests = {}  # (P alias, P column) -> C.f
    for j in _left_joins_to_scans(q.source):
        found = _foreign_key_partner(j, schema)
        if found is not None:
            child_col, table = found
            for c in table.columns:
                name = c.name.lower()
                if table.never_null(name) or name == _col_of(j.on, j.right.alias).name:
                    tests[(j.right.alias, name)] = child_col
    if not tests:
        return q

    def rewrite(e):
        if isinstance(e, ir.IsNull) and isinstance(e.arg, ir.Col):
            f = tests.get((e.arg.alias, e.arg.name))
            return ir.IsNull(f) if f is not None else e
        if (isinstance(e, ir.Func) and e.name == "coalesce" and len(e.args) == 2
                and isinstance(e.args[0], ir.Col)):
            f = tests.get((e.args[0].alias, e.args[0].name))
            if f is not None:
                return ir.Case(((ir.IsNull(f), e.args[1]),), e.args[0], e.ty)
        return e

    return _deep(q, rewrite)


def _left_joins_to_scans(src) -> list:
    if not isinstance(src, ir.Join):
        return []
    here = [src] if src.kind == JoinKind.LEFT and isinstance(src.right, ir.Scan) else []
    return here + _left_joins_to_scans(src.left) + _left_joins_to_scans(src.right)


def _col_of(on, alias):
    return on.left if on.left.alias == alias else on.right


def _foreign_key_partner(j: ir.Join, schema: Schema):
    """``(C.f, P's table)`` when ``j``'s ON is ``P.k = C.f`` alone, ``C.f -> P.k`` a
    single-column foreign key of one storage class and no collated column; else None."""
    c, p = j.on, j.right
    if not (isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and not c.conv
            and isinstance(c.left, ir.Col) and isinstance(c.right, ir.Col)):
        return None
    mine, other = (c.left, c.right) if c.left.alias == p.alias else (c.right, c.left)
    scans = {x.alias: x for x in _scans(j.left)}
    if mine.alias != p.alias or other.alias not in scans:
        return None
    child, parent = schema.table(scans[other.alias].table), schema.table(p.table)
    if child.collated or parent.collated:
        return None
    for fk, ref in ir.exact_foreign_keys(schema, child):
        if (ref.name.lower() == p.table and len(fk.columns) == 1
                and fk.columns[0].lower() == other.name
                and fk.ref_columns[0].lower() == mine.name):
            return other, parent
    return None


def _scans(src) -> list:
    if isinstance(src, ir.Join):
        return _scans(src.left) + _scans(src.right)
    return [src] if isinstance(src, ir.Scan) else []
