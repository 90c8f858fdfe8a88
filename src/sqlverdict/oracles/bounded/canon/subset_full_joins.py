"""A FULL JOIN of a grouping and a grouping of a filtered subset of its rows, on their keys,
as a LEFT JOIN (round 62, i62j; Galindo-Legaria and Rosenthal 1997): ``subset_full_join``.

The algebra: for ``F = γ_K σ_w R`` and ``S = γ_K σ_{w ∧ p} R`` (the same rows ``R``, the
same keys), every key tuple of ``S`` is a key tuple of ``F``, so in ``F ⟗_{F.k = S.k} S`` no
row of ``S`` is padded: it is ``F ⟕ S``. The law (site ``query``, before
``full_join_as_union``): a join ``x FULL JOIN y ON c`` (any depth of the FROM tree) is ``x
LEFT JOIN y ON c`` (``y FULL JOIN x``: RIGHT JOIN) when

- ``x`` and ``y`` are derived tables whose FROM clauses are one tree of the same tables and
  joins (aliases renamed by position, a derived table alike in canonical form), and every
  WHERE conjunct of ``x`` is one of ``y`` (``y``'s rows are a subset of ``x``'s input rows);
- ``c`` is a conjunction of ``x.a = y.b`` (no conversion), each ``a`` an item of ``x`` and
  ``b`` an item of ``y`` that are one column ``g`` of that FROM tree; ``g`` is a GROUP BY key
  of ``x`` (or ``x`` has no aggregate) and of ``y`` (or ``y`` has no aggregate): an output row
  of ``y`` shows ``g`` of one of its input rows ``r``, which passes ``x``'s WHERE, and ``x``'s
  group (or row) of ``r`` shows a value that groups with it, so ``=`` holds unless it is NULL;
- ``g`` is never NULL on ``y``'s rows: declared NOT NULL in an inner-joined scan, or ``g IS
  NOT NULL`` a conjunct of ``y``'s WHERE (a NULL key matches nothing: that row is padded);
- ``x`` has no HAVING (it would drop groups ``y`` keeps), no LIMIT/OFFSET, no window, no bare
  column of an aggregate without GROUP BY; ``y`` no LIMIT/OFFSET, window or ungrouped
  aggregate (its HAVING and DISTINCT only drop rows); no collated table (``=`` and GROUP BY
  would compare under a collation the derived columns may not keep).

And in the items of the query's top select, ``COALESCE(x.a, y.b)`` of an ON equality is
``x.a`` (``_first``): the same value on every row, but not the same affinity (a column's
against none), which a consumer of a derived table, scalar or IN subquery compares under
(``t.k = '5'`` converts '5' for an INTEGER column only). The lowering fixes every
comparison's conversion from the affinities as written, and references keep theirs, so the
rewrite is sound in a subquery too; it is kept to the top, whose output columns' affinities
no one reads, so that no subquery shows an item whose affinity its readers were not lowered
with (round 63, i63e: at the base, a lowering that dropped a literal's conversion under IN
made such a subquery rewrite equate ``'5' IN (SELECT COALESCE(a.k, b.k) ..)`` with
``'5' IN (SELECT a.k ..)``, which SQLite separates; near miss in the fixtures).

Near misses (``tests/fixtures/rules/subset_full_join.sql``): a NULL-able key, a filter on
``x`` that ``y`` lacks, ``x`` with a HAVING, another table on one side, an extra ON
conjunct, a key of ``y`` compared with a non-key item of ``x``.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import CmpOp, Conv, FuncName, JoinKind
from .buckets import _aligned
from .outer_laws import _scans
from .terms import _conjuncts, _declared_non_null, _deep, _windowless


def _shape(q, full: bool) -> bool:
    """Is ``q`` a select the law reads on the ``full`` (``x``) or subset (``y``) side?"""
    if not (isinstance(q, ir.Select) and q.limit is None and not q.offset
            and q.bare_from is None and _windowless(q)):
        return False
    if q.aggregate and not q.group_by:
        return False
    return not (full and q.having is not None)


def _key_item(q, d: ir.Derived, col) -> ir.Col | None:
    """The column of ``q``'s FROM that ``d``'s column ``col`` shows, when it is a group key
    (or ``q`` has no aggregate); else None."""
    if not (isinstance(col, ir.Col) and col.alias == d.alias and d.names.count(col.name) == 1):
        return None
    item = q.items[d.names.index(col.name)]
    if not isinstance(item, ir.Col) or (q.aggregate and item not in q.group_by):
        return None
    return item


def _subset(x: ir.Derived, y: ir.Derived, on, canon) -> bool:
    """Does every row of ``y`` meet a row of ``x`` through ``on`` (module docstring)?"""
    fq, sq = x.query, y.query
    if not (_shape(fq, True) and _shape(sq, False)) or on is None:
        return False
    scans = _scans(fq.source)
    if not scans or any(canon.schema.table(s.table).collated for s in scans):
        return False
    sq2 = _aligned(sq, fq, canon)
    if sq2 is None or not set(_conjuncts(fq.where)) <= set(_conjuncts(sq2.where)):
        return False
    y2 = dataclasses.replace(y, query=sq2)
    pairs = 0
    for c in _conjuncts(on):
        if not (isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and c.conv == Conv.NONE):
            return False
        if not (isinstance(c.left, ir.Col) and isinstance(c.right, ir.Col)):
            return False
        a, b = _oriented(c, x.alias)
        g, h = _key_item(fq, x, a), _key_item(sq2, y2, b)
        if g is None or g != h or g.alias not in {s.alias for s in scans}:
            return False
        if not (_declared_non_null(g, sq2.source, canon.schema)
                or ir.Not(ir.IsNull(g)) in _conjuncts(sq2.where)):
            return False
        pairs += 1
    return pairs > 0


def _oriented(c: ir.Cmp, alias: str) -> tuple:
    return (c.left, c.right) if c.left.alias == alias else (c.right, c.left)


def subset_full_join(q, canon, top: bool = False):
    """``q`` with each FULL JOIN of a grouping and its filtered subset read as the module
    says (its items' COALESCEs too when ``q`` is the query's ``top`` select); else ``q``."""
    if not isinstance(q, ir.Select) or not isinstance(q.source, ir.Join):
        return q

    def walk(src):
        if not isinstance(src, ir.Join):
            return src
        src = dataclasses.replace(src, left=walk(src.left), right=walk(src.right))
        if src.kind != JoinKind.FULL or not (isinstance(src.left, ir.Derived)
                                             and isinstance(src.right, ir.Derived)):
            return src
        for x, y, kind in ((src.left, src.right, JoinKind.LEFT), (src.right, src.left, JoinKind.RIGHT)):
            if _subset(x, y, src.on, canon):
                pairs.extend(_oriented(c, x.alias) for c in _conjuncts(src.on))
                return dataclasses.replace(src, kind=kind)
        return src

    pairs = []  # the ON equalities (preserved column, padded column) of each join made LEFT
    source = walk(q.source)
    if source == q.source:
        return q
    if not top:
        return dataclasses.replace(q, source=source)
    return dataclasses.replace(q, source=source, items=tuple(_deep(i, _first(pairs)) for i in q.items))


def _first(pairs):
    """``COALESCE(x.a, y.b)`` of an ON equality ``x.a = y.b`` of a LEFT JOIN is ``x.a``: where
    ``y`` is matched ``x.a`` equals ``y.b``, so it is not NULL; where padded ``y.b`` is NULL
    (as ``coalesce_not_null`` reads a column never NULL)."""
    def f(e):
        if (isinstance(e, ir.Func) and e.name == FuncName.COALESCE and len(e.args) == 2
                and tuple(e.args) in pairs and e.args[0].ty == e.ty):
            return e.args[0]
        return e
    return f


SUBSET_FULL_JOIN_RULE = (
    "subset_full_join", "x FULL JOIN y ON x.g = y.g .., y a grouping (or select) of the same "
    "FROM as x with every WHERE conjunct of x, g keys of both never NULL on y's rows, x "
    "without HAVING: no y row is padded, a LEFT JOIN (canon/subset_full_joins.py)",
    ("query",), lambda canon, q, ctx: subset_full_join(q, canon, ctx.get("top", False)), True)
