"""A table of constants joined on a key: ``values_join_as_in``."""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import Affinity, CmpOp, Ty
from .terms import _replace_cols


def values_join_as_in(q: ir.Select, leaves: list, conds: list):
    """``SELECT .. FROM (VALUES (k1, ..), (k2, ..)) AS v (x, ..) JOIN .. ON v.x = e`` is
    ``SELECT .. FROM .. WHERE e IN (k1, k2, ..)`` with ``v.x`` read as ``e`` (Calcite's
    JoinToSemiJoinRule on a VALUES input), where ``e`` is a column of INTEGER affinity of a
    scanned table, the keys integer literals, pairwise distinct (or a TEXT column and text
    keys, ``_KEYED``), and no other column of ``v`` is read:
    each row of the other sources matches at most one row of ``v`` (distinct keys: no
    duplicate made), NULL ``e`` none (IN of NULL is NULL, as ``=`` is); and a value of an
    INTEGER column equal to an integer is that integer (SQLite stores an integral real
    there as an integer; a text or BLOB equals no number), so ``v.x`` and ``e`` read alike.
    Returns (q, leaves, conds), leaves None when nothing changed."""
    for leaf, col, e, keys, rest, reads in keyed_values(q, leaves, conds):
        if not reads - {(leaf.alias, col)}:
            return without_values(q, leaves, leaf, rest, {(leaf.alias, col): e}, e, keys)
    return q, None, conds


def keyed_values(q: ir.Select, leaves: list, conds: list, literal_cells: bool = False):
    """Each VALUES leaf joined by a conjunct ``v.x = e`` on distinct integer keys (see
    ``values_join_as_in``), as (leaf, ``x``, ``e``, the keys, the other conjuncts, the
    leaf's columns read by ``q`` and those conjuncts); ``literal_cells``: every cell a
    literal."""
    if len(leaves) < 2 or q.bare_from is not None:
        return
    scans = {x.alias for x in leaves if isinstance(x, ir.Scan)}
    for leaf in leaves:
        if not (isinstance(leaf, ir.Values) and leaf.rows) or (literal_cells and not all(
                isinstance(v, ir.Lit) for row in leaf.rows for v in row)):
            continue
        for i, c in enumerate(conds):
            got = _key_equation(c, leaf, scans)
            if got is None:
                continue
            col, e = got
            keys = [row[leaf.names.index(col)] for row in leaf.rows]
            if not _distinct_keys(keys, e.ty):
                continue
            rest = conds[:i] + conds[i + 1:]
            reads = {(y.alias, y.name) for y in ir.nodes((q.items, q.group_by, q.having, q.order, rest))
                     if isinstance(y, ir.Col) and y.alias == leaf.alias}
            yield leaf, col, e, keys, rest, reads


def without_values(q: ir.Select, leaves: list, leaf, rest: list, rep: dict, e, keys):
    """``q`` with ``leaf`` dropped, its columns read through ``rep``, and ``e IN (keys)``."""
    q = dataclasses.replace(
        q, items=_replace_cols(q.items, rep), group_by=_replace_cols(q.group_by, rep),
        having=_replace_cols(q.having, rep), order=_replace_cols(q.order, rep))
    new = [_replace_cols(x, rep) for x in rest] + [ir.InList(e, tuple(keys))]
    return q, [x for x in leaves if x is not leaf], new


def _key_equation(c, leaf, scans: set):
    """(column of ``leaf``, e) of a conjunct ``leaf.x = e`` (either side), ``e`` a column
    of INTEGER (or TEXT, ``_KEYED``) affinity of a table scanned beside it (a stored value: a derived table's
    column may carry a REAL 2.0 that no column stored, ``SELECT k .. UNION ALL SELECT
    2.0``); else None."""
    if not (isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and not c.conv):
        return None
    for a, b in ((c.left, c.right), (c.right, c.left)):
        if (isinstance(a, ir.Col) and a.alias == leaf.alias and isinstance(b, ir.Col)
                and b.alias in scans and (b.ty, b.affinity) in _KEYED):
            return a.name, b
    return None


# (type, affinity) of a keyed column: an INTEGER column's value equal to an integer is that
# integer; a TEXT column's value equal to a text (no conversion, BINARY: a collated table
# gets no proof) is that text (i44d: DB2's VALUES table of names joined to IN)
_KEYED = ((Ty.INT, Affinity.INTEGER), (Ty.TEXT, Affinity.TEXT))


def _distinct_keys(keys, ty) -> bool:
    """Are ``keys`` pairwise distinct literals of the column's type (integers for INTEGER,
    texts for TEXT)?"""
    kind = int if ty == Ty.INT else str
    return (all(isinstance(k, ir.Lit) and k.ty == ty and isinstance(k.value, kind)
                and not isinstance(k.value, bool) for k in keys)
            and len({k.value for k in keys}) == len(keys))
