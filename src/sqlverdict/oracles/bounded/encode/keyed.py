"""Joins to a table through one of its keys, encoded with one symbolic row per left row.

A join ``L JOIN t ON ...`` (inner or left) whose ON pins every column of a key of ``t``
(its primary key or a UNIQUE set) to a value of the left row (``t.k = l.c``, ``t.k = 3``)
finds, for each row of ``L``, at most one row of ``t``: two rows of ``t`` both matching
would hold the same non-NULL key (below), which the symbolic database forbids (``SymDB``:
its key constraints make rows with a key free of NULL pairwise different there). The
product of ``L`` and the K rows of ``t`` (``|L| * K`` candidate rows, all but at most one
per left row absent in every model) is then replaced by ``|L|`` rows, each holding the
left row and the matching row of ``t`` chosen by an ``If`` chain over the K rows (for a
LEFT JOIN: NULLs where none matches). A chain of foreign-key joins from a child table
(purchase_line to purchase, vendor, part, vendor to land) keeps as many symbolic rows as the
child has, not the product of the tables.

Exact, for every model of the database's constraints: the product's rows built from one
left row are ``(le and m_i, (l, t_i))`` for i < K (inner join), plus ``(le and not any m,
(l, NULL))`` for a LEFT JOIN, where ``m_i`` is the ON condition on row i of ``t`` (its
existence included), and at most one of the ``m_i`` holds. So at most one of those rows
exists and the one row ``(le and any m, (l, t_picked))`` (LEFT: ``(le, (l, picked or
NULL))``) stands for it, with the same values where it exists, at the same place in the
order (the product lists the rows of one left row together, the NULL-extended one after
them). Absent rows' values are never read (every operator gates on existence).

Why at most one ``m_i`` holds: each pinning conjunct is ``=`` without a conversion of
affinity (``conv`` none), between a column of ``t`` and a column of another alias or a
literal, so its value is the same term for every i. ``Encoder.cmp`` makes it true only when
neither side is NULL and the two values, brought to one class (an integer promoted to a
real, which is injective; texts compared by their code, which names one string), are equal;
values of a number and a text are never equal. Two rows i != j with ``m_i`` and ``m_j`` thus
hold equal, non-NULL values in every column of the key, and both exist: the ``SymDB``
constraint of that key forbids it (rows ordered strictly by a key that is never NULL;
otherwise no two existing rows agreeing on a key free of NULL). Nothing depends on a
foreign key: it only makes the match certain, not unique.

WHERE conjuncts join in too (``pushed``): a comma join ``FROM a, t WHERE t.k = a.c`` is a
CROSS join whose WHERE pins the key. A conjunct of the WHERE whose aliases are all bound at
an inner or cross join on the left spine of the FROM (every join above it reached through
its left input, inner, cross or LEFT) may be added to that join's ON: a row the join then
drops carries, up the spine, its left columns unchanged into every output row made from
it (an inner or cross join pairs it, a LEFT join pairs or NULL-extends it), and the WHERE,
which still applies the conjunct, drops them all; rows kept keep their order. The conjunct
stays in the WHERE, so the WHERE is evaluated as before on the rows that remain.
"""

from __future__ import annotations

from .. import ir
from ..ir.kinds import CmpOp, Conv, JoinKind

# A FROM whose product would hold more than this many candidate rows (K to the power of its
# inputs) has its key joins built one row per left row; a smaller one keeps the product,
# which the solver often decides faster (plain row variables, no ``If`` chains to split on:
# a 3-table chain's mutant at 2 rows per table took 23 s as a product and ran out of the
# solver's budget as ``If`` chains; at 3 rows the other way round). Either is exact.
KEYED_FROM_ROWS = 16

EQ = CmpOp.EQ
INNER, CROSS, LEFT = JoinKind.INNER, JoinKind.CROSS, JoinKind.LEFT


def table_keys(schema, table: str) -> list[set[str]]:
    """The keys of ``table`` that ``SymDB`` makes unique: the primary key and each UNIQUE."""
    t = schema.table(table)
    keys = [{c.lower() for c in t.primary_key}] if t.primary_key else []
    return keys + [{c.lower() for c in u} for u in t.uniques if u]


def _pinned(scan: ir.Scan, cond) -> str | None:
    """The column of ``scan`` that ``cond`` pins to a value the same for every row of the
    scan (see the module docstring), or None."""
    if not (isinstance(cond, ir.Cmp) and cond.op == EQ and cond.conv == Conv.NONE):
        return None
    for mine, other in ((cond.left, cond.right), (cond.right, cond.left)):
        if not (isinstance(mine, ir.Col) and mine.alias == scan.alias):
            continue
        if isinstance(other, ir.Lit) or (isinstance(other, ir.Col) and other.alias != scan.alias):
            return mine.name.lower()
    return None


def keyed(schema, scan, conds) -> bool:
    """Do the conjuncts ``conds`` of a join's condition pin a whole key of ``scan``?"""
    if not isinstance(scan, ir.Scan):
        return False
    pinned = {c for c in (_pinned(scan, x) for x in conds) if c is not None}
    return any(k and k <= pinned for k in table_keys(schema, scan.table))


def pushed(q: ir.Select) -> dict[int, list]:
    """WHERE conjuncts to add to the ON of the inner and cross joins of ``q``'s left spine
    (by ``id`` of the join), the ones that pin a column of the join's right scan, where
    every alias they read is bound there (module docstring)."""
    conds = [c for c in ir._conjuncts(q.where) if isinstance(c, ir.Cmp) and c.op == EQ
             and c.conv == Conv.NONE]
    out: dict[int, list] = {}
    src = q.source
    while conds and isinstance(src, ir.Join) and src.kind in (INNER, CROSS, LEFT):
        if src.kind != LEFT and isinstance(src.right, ir.Scan):
            bound = _from_aliases(src)
            mine = [c for c in conds if _pinned(src.right, c) is not None
                    and all(isinstance(x, ir.Lit) or (isinstance(x, ir.Col) and x.alias in bound)
                            for x in (c.left, c.right))]
            if mine:
                out[id(src)] = mine
        src = src.left
    return out


def _from_aliases(src) -> set[str]:
    """The aliases a FROM item binds in its own scope (not those inside its subqueries)."""
    if isinstance(src, ir.Join):
        return _from_aliases(src.left) | _from_aliases(src.right)
    return {src.alias}



def child_first(schema, q: ir.Select):
    """``q``'s FROM, a product of cross joins (the normal form: ``ir.normal``), with its
    inputs reordered so that each scan whose key the WHERE pins to inputs before it comes
    after them (a child table first, its parents after it), or None when that keys no more
    scans than the order as written. The caller uses it only where the order of the FROM's
    rows is not read (``Encoder.select``): the product's rows are the same bag in any order,
    and the WHERE, applied after, the same filter."""
    leaves = _cross_leaves(q.source)
    if leaves is None or len(leaves) < 2:
        return None
    conds = [c for c in ir._conjuncts(q.where) if _pinned_any(c)]

    def pinned(leaf, placed: set[str]) -> bool:
        if not isinstance(leaf, ir.Scan):
            return False
        mine = [c for c in conds if _pinned(leaf, c) is not None
                and all(isinstance(x, ir.Lit) or x.alias in placed or x.alias == leaf.alias
                        for x in (c.left, c.right))]
        return keyed(schema, leaf, mine)

    def count(order) -> int:
        return sum(pinned(x, {y.alias for y in order[:i]}) for i, x in enumerate(order))

    everyone = {x.alias for x in leaves}
    rest, order = list(leaves), []
    while rest:
        placed = {x.alias for x in order}
        nxt = next((x for x in rest if pinned(x, placed)), None)
        if nxt is None:  # a root: an input the others do not pin (else the first)
            nxt = next((x for x in rest if not pinned(x, everyone - {x.alias})), rest[0])
        order.append(nxt)
        rest.remove(nxt)
    if count(order) <= count(leaves):
        return None
    src = order[0]
    for leaf in order[1:]:
        src = ir.Join(CROSS, src, leaf, None)
    return src


def _pinned_any(c) -> bool:
    """Is ``c`` an ``=`` without conversion between columns and literals (``_pinned``'s
    form, for some scan)?"""
    return (isinstance(c, ir.Cmp) and c.op == EQ and c.conv == Conv.NONE
            and all(isinstance(x, ir.Lit | ir.Col) for x in (c.left, c.right)))


def _cross_leaves(src):
    if isinstance(src, ir.Join):
        if src.kind not in (INNER, CROSS) or src.on is not None:
            return None
        left, right = _cross_leaves(src.left), _cross_leaves(src.right)
        return None if left is None or right is None else left + right
    return [src] if src is not None else None


def from_leaves(src) -> list:
    """The inputs of a FROM (the leaves of its join tree, of any kind)."""
    if isinstance(src, ir.Join):
        return from_leaves(src.left) + from_leaves(src.right)
    return [] if src is None else [src]
