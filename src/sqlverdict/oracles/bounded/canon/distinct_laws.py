"""DISTINCT over products and selections (issue 25): ``distinct_product``.

Garcia-Molina, Ullman and Widom's laws for duplicate elimination: ``delta(R x S) =
delta(R) x delta(S)`` and ``delta(sigma_p(R)) = sigma_p(delta(R))``. Read from right to
left: a select over DISTINCT derived tables that reads every column of each already has
distinct rows, so it is its own DISTINCT, which ``merge_derived`` then merges (DISTINCT
under DISTINCT).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import CmpOp, JoinKind, Ty
from .joins import _EXACT_AFFINITY
from .terms import (
    Flat,
    _aliases_list,
    _and,
    _class_eq,
    _conjuncts,
    _key,
    _leaves,
    _on_conjuncts,
    _plain,
    _windowless,
)


def distinct_product(q: ir.Select) -> ir.Select:
    """``SELECT e FROM (SELECT DISTINCT ..) a, (SELECT DISTINCT ..) b .. WHERE w`` (inner or
    cross joins of DISTINCT derived tables only; any ON and WHERE), ``e`` reading as a plain
    column every item of each derived table that is not a literal nor a repeat of a read
    one, is ``SELECT DISTINCT e ..``: two rows of the product differ in some derived table's
    row, so in one of its columns (by DISTINCT's own comparison), and ``e`` shows that
    column; a filter keeps distinct rows distinct. A column that a WHERE conjunct ``d.c =
    n`` fixes (``n`` a number, no affinity conversion) counts as shown: values equal to one
    number are equal to each other, as DISTINCT compares them. Only without aggregate, GROUP BY,
    LIMIT or window, where row order is not read. The WHERE and ON conditions read the
    derived tables' columns only as operands of comparisons, blind to which of two equal
    values (1 and 1.0) DISTINCT kept: ``merge_derived`` then moves them below it."""
    if not (_plain(q) and not q.group_by and q.having is None):
        return q
    src = q.source
    leaves = [src] if isinstance(src, ir.Derived) else _leaves(src)
    if isinstance(src, Flat):
        leaves = list(src.leaves)
    if not leaves or not all(_distinct_rows(x) for x in leaves):
        return q
    if len(leaves) == 1 and q.where is None:
        return q  # a projection of one view: inline_projection's
    if not _blind(q, {x.alias for x in leaves}):
        return q
    read = {(i.alias, i.name) for i in q.items if isinstance(i, ir.Col)} | _fixed(q.where)
    for d in leaves:
        shown = [_key(e) for n, e in zip(d.names, d.query.items, strict=True)
                 if (d.alias, n) in read]
        for n, e in zip(d.names, d.query.items, strict=True):
            if (d.alias, n) not in read and not isinstance(e, ir.Lit) and _key(e) not in shown:
                return q
    return dataclasses.replace(q, distinct=True)


def _distinct_rows(x) -> bool:
    """A derived table of a DISTINCT select (its output names one per item)."""
    return (isinstance(x, ir.Derived) and isinstance(x.query, ir.Select) and x.query.distinct
            and len(set(x.names)) == len(x.names) == len(x.query.items))


def _fixed(where) -> set:
    """Columns that a conjunct ``col = number`` (no affinity conversion) of ``where`` fixes."""
    out = set()
    for c in _conjuncts(where):
        if isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and not c.conv:
            for a, b in ((c.left, c.right), (c.right, c.left)):
                if (isinstance(a, ir.Col) and isinstance(b, ir.Lit)
                        and type(b.value) in (int, float)):
                    out.add((a.alias, a.name))
    return out


def distinct_semijoin(q: ir.Select) -> ir.Select:
    """``SELECT DISTINCT e FROM A, S WHERE w AND p(S)``, ``S`` an inner-joined table that
    neither ``e`` nor anything but the conjuncts ``p`` reads, is ``SELECT DISTINCT e FROM A
    WHERE w AND EXISTS (SELECT 1 FROM S WHERE p)``: each row of ``A`` came out once per
    partner in ``S`` and now once if it has one, which DISTINCT cannot tell apart (the
    textbook's SOME as a self-join). Not where every conjunct of ``S`` is its own or equates
    a column of ``S`` with a value of ``A`` (the IN form of ``semijoins`` takes those); a
    link beside a comparison of another kind (``e.day = date(f.d0, '+1 day')``) is this
    law's (i41c). No aggregate, GROUP BY, LIMIT or window."""
    if not (q.distinct and not q.aggregate and not q.group_by and q.having is None
            and q.limit is None and not q.offset and q.bare_from is None and _windowless(q)):
        return q
    leaves = _leaves(q.source)
    if not leaves or len(leaves) < 2:
        return q
    conds = _on_conjuncts(q.source) + _conjuncts(q.where)
    shown = set(_aliases_list((q.items, q.order)))
    local = {x.alias for x in leaves}
    for s in leaves:
        if not isinstance(s, ir.Scan) or s.alias in shown:
            continue
        mine = [c for c in conds if s.alias in _aliases_list(c)]
        if not mine or all(_class_eq(c, local) or set(_aliases_list(c)) == {s.alias} for c in mine):
            continue  # (S's own conjuncts and equalities only: the IN form of ``semijoins``)
        sub = ir.Select(source=s, where=_and(mine), group_by=(), having=None,
                        items=(ir.Lit(1, Ty.INT),), distinct=False, order=(), limit=None,
                        offset=0, aggregate=False)
        rest = [c for c in conds if s.alias not in _aliases_list(c)]
        others = [x for x in leaves if x is not s]
        source = others[0]
        for x in others[1:]:
            source = ir.Join(JoinKind.CROSS, source, x, None)
        return dataclasses.replace(q, source=source, where=_and([*rest, ir.Exists(sub)]))
    return q


def _equates(c, alias: str) -> bool:
    """Is ``c`` ``x = y``, one side reading ``alias`` only, the other not reading it?"""
    if not (isinstance(c, ir.Cmp) and c.op in (CmpOp.EQ, CmpOp.IS)):
        return False
    sides = [set(_aliases_list(x)) for x in (c.left, c.right)]
    return any(a == {alias} and b and alias not in b for a, b in (sides, sides[::-1]))


_COMPARE = (CmpOp.EQ, CmpOp.NE, CmpOp.LT, CmpOp.LE, CmpOp.GT, CmpOp.GE)


def _blind(q: ir.Select, aliases: set) -> bool:
    """Do ``q``'s WHERE and ON conditions read columns of ``aliases`` only as operands of
    comparisons without affinity conversion (``=``, ``<``, ..: equal values compare
    alike; a TEXT conversion would show 1.0 as another text than 1), of an affinity under
    which equal values are identical (a column without one holds both)?"""
    conds = [q.where, *_on_conjuncts(q.source)]
    reads = [n for n in ir.nodes(conds) if isinstance(n, ir.Col) and n.alias in aliases]
    compared = [x for n in ir.nodes(conds) if isinstance(n, ir.Cmp) and n.op in _COMPARE
                and not n.conv
                for x in (n.left, n.right) if isinstance(x, ir.Col) and x.alias in aliases]
    return len(reads) == len(compared) and all(n.affinity in _EXACT_AFFINITY for n in reads)
