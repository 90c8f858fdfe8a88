"""Joined tables that only filter, as ``IN`` subqueries or ``IS NOT NULL`` through a foreign key."""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import CmpOp, Ty
from .facts import _constants
from .terms import (
    _aliases_in,
    _and,
    _class_eq,
    _direct_cols,
    _replace_cols,
    _subquery_aliases,
    _subst,
    _unique_keys,
    _windowless,
)


class _Semijoins:
    def _semijoins(self, q: ir.Select, leaves: list, conds: list, dup_free: bool):
        """Joined tables that only filter become ``IN`` subqueries.

        A source ``L`` none of whose columns the select reads (items, GROUP BY, HAVING,
        ORDER BY), joined by ``L.c = x`` (one column of ``L``; same storage class and
        affinity), whose other conjuncts read only ``L``: ``x IN (SELECT L.c FROM L WHERE
        ...)`` keeps the same rows. The join repeats a row once per match, the ``IN``
        keeps it once: equal when ``c`` is ``L``'s one-column primary key (at most one
        match) or when the consumer ignores duplicates (DISTINCT without aggregates, IN,
        set semantics). ``L`` may be a derived table whose column ``c`` is its one GROUP
        BY key or its DISTINCT row (``derived_key``): Calcite's SemiJoinRule over an
        aggregate. As the parent of a foreign key (one link), other conjuncts may read ``L.c``
        beside other sources (``p.k < q.k`` of two parents): ``L.c`` is read as ``x`` there
        too, equal on every kept row (round 57). Columns of ``L`` that one of its own
        conjuncts fixes to a literal (``facts._constants``) are read as that literal first,
        as ``constant_columns`` would read them later (round 63: else a select reading
        ``p.brand`` under ``p.brand = 'X'`` kept ``p`` a join leaf that the same select
        spelling the literal turned into an ``IN``)."""
        while True:
            direct, nested = _read_outside(q)
            done = True
            local = {x.alias for x in leaves}
            for leaf in leaves:
                if (not isinstance(leaf, ir.Scan | ir.Derived) or leaf.alias in nested
                        or len(leaves) < 2):
                    continue
                links, own, mixed = _classified(conds, leaf.alias, local)
                if not links or (mixed and (len(links) != 1 or not isinstance(leaf, ir.Scan))):
                    continue
                mine = {(side.alias, side.name): side for c in links for side in (c.left, c.right)
                        if side.alias == leaf.alias}
                if len(mine) > 1 and isinstance(leaf, ir.Scan):
                    got = self._composite_parent(q, leaf, links, own, leaves, direct)
                    if got is not None:
                        q, new = got
                        conds = [c for c in conds if c not in links and c not in own] + new
                        leaves = [x for x in leaves if x is not leaf]
                        done = False
                        break
                if len(mine) != 1:
                    continue
                col = next(iter(mine.values()))
                if not all(_reads_only(c, col) for c in mixed):
                    continue
                q, direct, read = _fixed_read_as_literals(q, own, direct, col)
                if read - {(col.alias, col.name)}:
                    continue  # the select reads another column of L
                partners = sorted({(side.alias, side.name): side for c in links for side in (c.left, c.right)
                                   if side.alias != leaf.alias}.items())
                first = partners[0][1]
                parent = (self._fk_parent(leaf, col, [p for _, p in partners], leaves)
                          if isinstance(leaf, ir.Scan) else None)
                if parent is not None and all(_direct_cols(c) <= {(col.alias, col.name)}
                                              and leaf.alias not in _subquery_aliases(c) for c in own):
                    # L is the parent of a foreign key x -> L.c (c unique): every row with
                    # x not NULL has exactly one match, so the join only says "x IS NOT
                    # NULL"; L's own conjuncts read only L.c = x and move out
                    rep = {(col.alias, col.name): (parent.alias, parent.name)}
                    q = _read_as(q, rep)
                    new = [ir.Not(ir.IsNull(parent))] + [_subst(c, rep) for c in own + mixed]
                    new += [ir.Cmp(CmpOp.EQ, parent, p) for _, p in partners if p is not parent]
                    conds = [c for c in conds if c not in links and c not in own + mixed] + new
                    leaves = [x for x in leaves if x is not leaf]
                    done = False
                    break
                if mixed or (not dup_free and not self._unique_column(leaf, col)):
                    continue
                if read:  # the select reads L.c: read its partner, equal on every kept row
                    rep = {(col.alias, col.name): (first.alias, first.name)}
                    q = _read_as(q, rep)
                sub = ir.Select(leaf, _and(own), (), None, (col,), False, (), None, 0, False, (col.name,))
                new = [ir.InSub(first, sub)] + [ir.Cmp(CmpOp.EQ, first, p) for _, p in partners[1:]]
                conds = [c for c in conds if c not in links and c not in own] + new
                leaves = [x for x in leaves if x is not leaf]
                done = False
                break
            if done:
                return q, leaves, conds

    def _composite_parent(self, q: ir.Select, leaf: ir.Scan, links: list, own: list, leaves: list,
                          direct):
        """``L`` joined to one child ``X`` on every column of a composite foreign key
        ``(x1, .., xn) -> L(c1, .., cn)`` (a unique key of ``L``; both sides of one storage
        class): on every database that satisfies the key, a row of ``X`` whose ``xi`` are
        all non-NULL has exactly one partner in ``L`` and one with a NULL ``xi`` none (MATCH
        SIMPLE). So the join is ``x1 IS NOT NULL AND .. AND xn IS NOT NULL``, with ``ci``
        read as ``xi`` (in the select and in ``L``'s own conjuncts, which may read only the
        ``ci``). ``(q, new conjuncts)``, or None."""
        partners: dict = {}  # L's column -> its partner columns
        for c in links:
            mine, other = (c.left, c.right) if c.left.alias == leaf.alias else (c.right, c.left)
            partners.setdefault(mine.name, {})[(other.alias, other.name)] = other
        t = self.schema.table(leaf.table)
        tables = {x.alias: x.table for x in leaves if isinstance(x, ir.Scan)}
        for alias in sorted({a for ps in partners.values() for a, _ in ps}):
            if alias not in tables:
                continue
            for fk, ref in ir.exact_foreign_keys(self.schema, self.schema.table(tables[alias])):
                refs = [c.lower() for c in fk.ref_columns]
                cols = [c.lower() for c in fk.columns]
                if (ref.name.lower() != leaf.table or sorted(refs) != sorted(partners)
                        or not any(sorted(k) == sorted(refs) for k in _unique_keys(t))
                        or any((alias, x) not in partners[r] for r, x in zip(refs, cols, strict=True))):
                    continue
                rep = {(leaf.alias, r): (alias, x) for r, x in zip(refs, cols, strict=True)}
                if {c for c in direct if c[0] == leaf.alias} - set(rep) or any(
                        _direct_cols(c) - set(rep) or leaf.alias in _subquery_aliases(c) for c in own):
                    continue  # the select or a filter reads another column of L
                q = _read_as(q, rep)
                new = [_subst(c, rep) for c in own]
                for r, x in zip(refs, cols, strict=True):
                    xcol = partners[r][(alias, x)]
                    new.append(ir.Not(ir.IsNull(xcol)))
                    new += [ir.Cmp(CmpOp.EQ, xcol, p) for k, p in sorted(partners[r].items())
                            if k != (alias, x)]
                return q, new
        return None

    def _unique_column(self, leaf, col: ir.Col) -> bool:
        """Does ``col`` hold no value twice in ``leaf``: a scanned table's one-column
        primary key, or the one GROUP BY key of a grouped derived table (one row per
        group), or the one column of a SELECT DISTINCT, read as it is."""
        if isinstance(leaf, ir.Scan):
            return [k.lower() for k in self.schema.table(leaf.table).primary_key] == [col.name]
        return derived_key(leaf) == col.name

    def _fk_parent(self, leaf: ir.Scan, col: ir.Col, partners: list, leaves: list):
        """A partner column ``x`` of another scanned table with a declared foreign key
        ``x -> leaf.col`` where ``leaf.col`` is unique (one-column primary key or UNIQUE)."""
        t = self.schema.table(leaf.table)
        unique = _unique_keys(t)
        if [col.name] not in unique:
            return None
        tables = {x.alias: x.table for x in leaves if isinstance(x, ir.Scan)}
        for p in partners:
            if p.alias not in tables:
                continue
            child = self.schema.table(tables[p.alias])
            for fk, ref in ir.exact_foreign_keys(self.schema, child):
                if (ref.name.lower() == leaf.table and [c.lower() for c in fk.columns] == [p.name]
                        and [c.lower() for c in fk.ref_columns] == [col.name]):
                    return p
        return None


def _read_as(q: ir.Select, rep: dict) -> ir.Select:
    """``q`` reading the columns ``rep`` maps as their replacements (items, GROUP BY,
    HAVING, ORDER BY)."""
    return dataclasses.replace(
        q, items=tuple(_subst(i, rep) for i in q.items),
        group_by=tuple(_subst(g, rep) for g in q.group_by), having=_subst(q.having, rep),
        order=tuple((_subst(k, rep), d) for k, d in q.order))


def _fixed_read_as_literals(q: ir.Select, own: list, direct: set, col: ir.Col):
    """(``q``, the columns it reads, those of ``col``'s source) with the columns of that
    source other than ``col`` that ``own`` fixes read as their literals (``_fixed_reads``)."""
    read = {c for c in direct if c[0] == col.alias}
    fixed = _fixed_reads(q, own, read - {(col.alias, col.name)})
    if not fixed:
        return q, direct, read
    q = _read_constants(q, fixed)
    return q, _read_outside(q)[0], read - set(fixed)


def _fixed_reads(q: ir.Select, own: list, others: set) -> dict:
    """The literal of each column of ``others`` when a conjunct of ``own`` fixes every one
    of them (``facts._constants``: ``L.c = literal``, one type, no conversion), {} else or
    under an aggregate without GROUP BY (its one row on no input reads NULL, not the
    literal)."""
    if not others or (q.aggregate and not q.group_by):
        return {}
    consts = _constants(own)
    return {c: consts[c] for c in others} if others <= set(consts) else {}


def _read_constants(q: ir.Select, fixed: dict) -> ir.Select:
    """``q`` reading the columns ``fixed`` holds on every row it keeps as their literals,
    as ``constant_columns`` writes them: in items and HAVING the literal, GROUP BY and ORDER
    BY keys without them (GROUP BY 1 when no other key stays)."""
    def varying(e) -> bool:
        return not (isinstance(e, ir.Col) and (e.alias, e.name) in fixed)
    group = tuple(g for g in q.group_by if varying(g)) or (
        (ir.Lit(1, Ty.INT),) if q.group_by else ())
    return dataclasses.replace(
        q, items=tuple(_replace_cols(i, fixed) for i in q.items), group_by=group,
        having=_replace_cols(q.having, fixed),
        order=tuple((k, d) for k, d in q.order if varying(k)))


def derived_key(leaf) -> str | None:
    """The name of the column that is a key of the derived table ``leaf``: its query's one
    GROUP BY key read as an item (no bare column, window or compound), or the one item of a
    SELECT DISTINCT; None otherwise."""
    q = leaf.query
    if not isinstance(q, ir.Select) or q.bare_from is not None or not _windowless(q):
        return None
    if q.aggregate and len(q.group_by) == 1 and q.group_by[0] in q.items:
        return leaf.names[q.items.index(q.group_by[0])]
    if q.distinct and not q.aggregate and len(q.items) == 1:
        return leaf.names[0]
    return None


def _read_outside(q: ir.Select) -> tuple[set, set]:
    """The columns the select reads directly (items, GROUP BY, HAVING, ORDER BY), and the
    aliases its subqueries there read."""
    outside = (*q.items, *q.group_by, q.having, *(k for k, _ in q.order))
    direct: set = set()
    nested: set = set()
    for e in outside:
        direct |= _direct_cols(e)
        nested |= _subquery_aliases(e)
    return direct, nested


def _classified(conds: list, alias: str, local: set):
    """(links, own, mixed) of the conjuncts reading ``alias``: a class equality with one
    other source, ``alias`` alone, anything else."""
    links, own, mixed = [], [], []
    for c in conds:
        touched = _aliases_in(c) & local
        if alias not in touched:
            continue
        if touched == {alias}:
            own.append(c)
        elif _class_eq(c, local) and len(touched) == 2:
            links.append(c)
        else:
            mixed.append(c)
    return links, own, mixed


def _reads_only(c, col) -> bool:
    """Does ``c`` read ``col``'s source only as ``col``, outside subqueries?"""
    return col.alias not in _subquery_aliases(c) and not (
        {d for d in _direct_cols(c) if d[0] == col.alias} - {(col.alias, col.name)})
