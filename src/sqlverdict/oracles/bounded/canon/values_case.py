"""A table of constants joined on a key, its other columns read: ``values_join_as_case``."""

from __future__ import annotations

from .. import ir
from ..ir.kinds import CmpOp
from .values_join import keyed_values, without_values


def values_join_as_case(q: ir.Select, leaves: list, conds: list):
    """``SELECT v.y .. FROM T JOIN (VALUES (k1, y1), (k2, y2)) AS v (x, y) ON v.x = e`` is
    ``SELECT CASE WHEN e = k1 THEN y1 ELSE y2 END .. FROM T WHERE e IN (k1, k2)`` (Calcite's
    ValuesReduceRule after a join with VALUES: each row of the other sources meets at most
    one VALUES row, the one whose key equals ``e``) under ``values_join_as_in``'s
    conditions: ``e`` a column of INTEGER affinity of a scanned table, the keys pairwise
    distinct integer literals (a value of that column equal to one is that integer); every
    cell of ``v`` a literal; a column besides the key read (else that rule's). Where the
    filter holds, ``e`` is one of the keys, so the last row's cells are the ELSE.
    Returns (q, leaves, conds), leaves None when nothing changed."""
    for leaf, col, e, keys, rest, reads in keyed_values(q, leaves, conds, literal_cells=True):
        if not reads - {(leaf.alias, col)}:  # (only the key read: values_join_as_in)
            continue
        pos = leaf.names.index(col)
        rep = {(leaf.alias, n): _cell(leaf, j, pos, e) for j, n in enumerate(leaf.names)}
        return without_values(q, leaves, leaf, rest, rep, e, keys)
    return q, None, conds


def _cell(leaf: ir.Values, j: int, pos: int, e: ir.Col):
    """Column ``j`` of the VALUES row whose key equals ``e``: ``e`` for the key column, else
    the CASE over the keys, the last row's cell as its ELSE."""
    if j == pos:
        return e
    rows = leaf.rows
    whens = tuple((ir.Cmp(CmpOp.EQ, e, row[pos]), row[j]) for row in rows[:-1])
    last = rows[-1][j]
    return ir.Case(whens, last, leaf.types[j]) if whens else last
