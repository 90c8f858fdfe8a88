"""A test of a joined row inside OR, as a semijoin (issue 25, i43b): ``key_row_atoms_as_in``
and ``or_across_left_join``.

``SELECT .. FROM P p JOIN L a ON a.k = p.x WHERE a.name = 'ann' OR p.views > 50`` (``k`` a
one-column unique key of ``L``) is ``.. WHERE p.x IN (SELECT k FROM L WHERE name = 'ann')
OR p.views > 50`` with ``a`` still joined: Hibernate's implicit join of a path inside an
OR against the IN that a person writes per branch. Once no conjunct but the link reads
``a``, ``semijoins`` drops the join (``p.x IS NOT NULL`` through a foreign key, an IN on
the key otherwise).

The law, at the site ``sources`` (inner-joined conjuncts; only where the select shows no
column of ``a``, so that the join can go): a conjunct that reads ``a``
only inside atoms, each reading ``a`` alone (no subquery), that AND and OR combine up to
the conjunct (no NOT, CASE or comparison above them), has each atom ``A(a)`` replaced by
``p.x IN (SELECT s.k FROM L s WHERE A(s))``, given a conjunct ``a.k = p.x`` (no conversion,
one affinity, no collated table).

Sound in SQLite: a kept row satisfies ``a.k = p.x``, so ``a`` is the one row of ``L``
whose key equals ``p.x`` (a unique key: the index compares as ``=`` does here). If ``A(a)``
is TRUE the subquery holds ``a.k`` and the IN is TRUE; if not, no row of the subquery has
the key ``p.x`` (only ``a`` has it), so the IN is FALSE or NULL (a NULL key in the
subquery): the atom and the IN are TRUE together. AND and OR are monotone in Kleene's
logic (FALSE < NULL < TRUE), and a formula TRUE with an atom NULL is TRUE with it FALSE or
TRUE; so the conjunct is TRUE exactly when it was, and a conjunct keeps the rows where it
is TRUE. The near miss, the atom under NOT (``NOT (a.name = 'ann')``: NULL against FALSE),
is left alone.

``or_across_left_join`` (site ``select``): ``SELECT DISTINCT e(P) FROM P LEFT JOIN R r ON
o WHERE k AND (w0 OR w1)`` (Django's ``Q(..) | Q(rel__..)``, which promotes the join to
LEFT OUTER), ``R`` a table read only by ``o`` and by the disjuncts ``w1`` (each rejecting
``r``'s padded row: not TRUE when ``r``'s columns are NULL), ``e``, ``k`` and ``w0`` reading
no column of ``r``, is ``SELECT DISTINCT e(P) FROM P WHERE k AND (w0 OR EXISTS (SELECT 1
FROM R r WHERE o AND w1))``; also where the consumer ignores duplicates. Sound in SQLite:
a row ``p`` of ``P`` gives rows ``(p, r)`` for each ``r`` with ``o`` TRUE, or one padded
row when there is none; all show ``e(p)``, so DISTINCT keeps ``e(p)`` once exactly when
one of them passes the WHERE. A padded row passes when ``k(p)`` and ``w0(p)`` are TRUE
(``w1`` is not TRUE on it, and ``x OR NULL`` is TRUE only when ``x`` is); a joined row
when ``k(p)`` and ``w0(p)`` or ``w1(p, r)`` are TRUE. So ``e(p)`` is shown when ``k(p)`` is
TRUE and ``w0(p)`` is TRUE (some row of ``p`` exists, padded or joined) or some ``r``
with ``o`` has ``w1`` TRUE: the EXISTS. The near miss, the INNER JOIN (a post without
comments is dropped), is another query; a ``w1`` that holds on NULLs (``r.c IS NULL``) is
left alone.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import CmpOp, JoinKind, LogicOp, Ty
from .joins import exists_to_in, rejects_null
from .semijoins import _read_outside
from .terms import _aliases_in, _and, _conjuncts, _replace_cols, _tree_aliases, _unique_keys

_SUBQUERIES = (ir.InSub, ir.Exists, ir.ScalarSub)


def _links(leaf: ir.Scan, conds: list, local: set, schema) -> list:
    """(conjunct, key column, partner column) of the conjuncts ``leaf.k = x``."""
    t = schema.table(leaf.table)
    if t.collated:
        return []
    keys = {k[0] for k in _unique_keys(t) if len(k) == 1}
    out = []
    for c in conds:
        if not (isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and not c.conv):
            continue
        for a, b in ((c.left, c.right), (c.right, c.left)):
            if (isinstance(a, ir.Col) and isinstance(b, ir.Col) and a.alias == leaf.alias
                    and a.name in keys and b.alias in local and b.alias != leaf.alias
                    and a.affinity == b.affinity and a.ty == b.ty):
                out.append((c, a, b))
    return out


def _atoms_as_in(e, leaf: ir.Scan, key: ir.Col, x: ir.Col):
    """``e`` with its atoms on ``leaf`` as IN subqueries, None where ``leaf`` is read
    outside such an atom."""
    aliases = _aliases_in(e)
    if leaf.alias not in aliases:
        return e
    if aliases == {leaf.alias} and not any(isinstance(y, _SUBQUERIES) for y in ir.nodes(e)):
        s = leaf.alias + "~in"
        rep = {(leaf.alias, n): ir.Col(s, n, ty, aff) for n, ty, aff in leaf.columns}
        col = ir.Col(s, key.name, key.ty, key.affinity)
        sub = ir.Select(dataclasses.replace(leaf, alias=s), _replace_cols(e, rep), (), None,
                        (col,), False, (), None, 0, False, (key.name,))
        return ir.InSub(x, sub)
    if isinstance(e, ir.Logic) and e.op in (LogicOp.AND, LogicOp.OR):
        args = [_atoms_as_in(a, leaf, key, x) for a in e.args]
        return None if None in args else dataclasses.replace(e, args=tuple(args))
    return None


def key_row_atoms_as_in(q, leaves: list, conds: list, schema):
    """(q, leaves, conds) with the mixed conjuncts' atoms on a key-joined row as IN
    subqueries (module docstring); None when nothing changes."""
    local = {x.alias for x in leaves}
    direct, nested = _read_outside(q)
    for leaf in leaves:
        if (not isinstance(leaf, ir.Scan) or len(leaves) < 2 or leaf.alias in nested
                or any(a == leaf.alias for a, _ in direct)):
            continue  # (a row the select shows stays joined: its tests stay as written)
        links = _links(leaf, conds, local, schema)
        if not links:
            continue
        link, key, x = links[0]
        out, fired = [], False
        for c in conds:
            touched = _aliases_in(c) & local
            if c is link or leaf.alias not in touched or touched == {leaf.alias}:
                out.append(c)
                continue
            new = _atoms_as_in(c, leaf, key, x)
            if new is None or leaf.alias in _aliases_in(new):
                out.append(c)
                continue
            out.append(new)
            fired = True
        if fired:
            return q, leaves, out
    return None


def _disjuncts(e) -> list:
    if isinstance(e, ir.Logic) and e.op == LogicOp.OR:
        return [d for a in e.args for d in _disjuncts(a)]
    return [e]


def or_across_left_join(q, dup_free: bool):
    """``q`` with its LEFT JOINs read only inside an OR of the WHERE as an EXISTS there
    (module docstring)."""
    if not (isinstance(q, ir.Select) and (q.distinct or dup_free) and not q.aggregate
            and not q.group_by and q.having is None and q.limit is None and not q.offset
            and q.bare_from is None and isinstance(q.source, ir.Join)):
        return q
    chain, src = [], q.source  # P LEFT JOIN R1 ON o1 LEFT JOIN R2 ON o2 ..: [(R1, o1), ..]
    while isinstance(src, ir.Join) and src.kind == JoinKind.LEFT and isinstance(src.right, ir.Scan):
        chain.insert(0, (src.right, src.on))
        src = src.left
    for m in range(len(chain), 0, -1):
        base = src
        for r, o in chain[:len(chain) - m]:
            base = ir.Join(JoinKind.LEFT, base, r, o)
        out = _or_across(q, base, chain[len(chain) - m:])
        if out is not q:
            return out
    return q


def _or_across(q, base, chain: list):
    """``q`` over ``base`` with the LEFT JOINs ``chain`` (``(R, on)`` pairs) read in the
    EXISTS of an OR, or ``q`` itself when a condition fails."""
    r = {x.alias for x, _ in chain}
    if r & set(_tree_aliases(base)) or r & _aliases_in((q.items, tuple(k for k, _ in q.order))):
        return q
    for i, (_, o) in enumerate(chain[1:], 1):  # a padded R1 pads the rest (o2 rejects it)
        if not rejects_null(o, {x.alias for x, _ in chain[:i]}):
            return q
    conds = _conjuncts(q.where)
    mixed = [c for c in conds if r & _aliases_in(c)]
    if len(mixed) != 1:
        return q
    parts = _disjuncts(mixed[0])
    w0 = [d for d in parts if not r & _aliases_in(d)]
    w1 = [d for d in parts if r & _aliases_in(d)]
    if not w0 or not all(rejects_null(d, r) for d in w1):
        return q
    w1_or = w1[0] if len(w1) == 1 else ir.Logic(LogicOp.OR, tuple(w1))
    inner = chain[0][0]
    for x, o in chain[1:]:  # a padding that w1 rejects is no row of the EXISTS: inner join
        kind = JoinKind.INNER if rejects_null(w1_or, {x.alias}) else JoinKind.LEFT
        inner = ir.Join(kind, inner, x, o)
    sub = ir.Select(inner, _and([*_conjuncts(chain[0][1]), w1_or]), (), None,
                    (ir.Lit(1, Ty.INT),), False, (), None, 0, False, ())
    test = ir.Logic(LogicOp.OR, (*w0, ir.Exists(sub)))
    where = _and([c for c in conds if c is not mixed[0]] + [test])
    return dataclasses.replace(q, source=base, where=where)


def exists_to_in_under_or(c, schema, leaves):
    """A conjunct AND/OR of atoms with each (NOT) EXISTS atom as ``joins.exists_to_in``
    reads a conjunct: TRUE together (module docstring), so the conjunct keeps its rows."""
    if not (isinstance(c, ir.Logic) and c.op in (LogicOp.AND, LogicOp.OR)):
        return c

    def walk(e):
        if isinstance(e, ir.Logic) and e.op in (LogicOp.AND, LogicOp.OR):
            args = tuple(walk(a) for a in e.args)
            return e if args == e.args else dataclasses.replace(e, args=args)
        if isinstance(e, ir.Exists) or (isinstance(e, ir.Not) and isinstance(e.arg, ir.Exists)):
            return exists_to_in(e, schema, leaves)
        return e
    return walk(c)


EXISTS_UNDER_OR_RULE = (
    "exists_to_in_under_or", "EXISTS atoms under AND/OR of a conjunct as exists_to_in reads a "
    "conjunct's EXISTS: the IN is TRUE exactly when the EXISTS is, AND/OR keep TRUE",
    ("conjunct",), lambda canon, c, ctx: exists_to_in_under_or(c, canon.schema, ctx["leaves"]))
OR_ACROSS_RULE = (
    "or_across_left_join", "SELECT DISTINCT e(P) FROM P LEFT JOIN R r ON o WHERE k AND (w0 OR "
    "w1), r read only by o and w1 (rejecting r's padding), is SELECT DISTINCT e(P) FROM P "
    "WHERE k AND (w0 OR EXISTS (SELECT 1 FROM R r WHERE o AND w1))", ("select",),
    lambda canon, q, ctx: or_across_left_join(q, bool(ctx.get("dup_free"))), True)


KEY_ROW_ATOM_RULE = (
    "key_row_atoms_as_in", "a conjunct reading a row a joined by a.k = x (k unique) only in "
    "atoms under AND/OR has each atom A(a) as x IN (SELECT k FROM L WHERE A): TRUE together",
    ("sources",), lambda canon, v, ctx: key_row_atoms_as_in(*v, canon.schema) or v, True)
