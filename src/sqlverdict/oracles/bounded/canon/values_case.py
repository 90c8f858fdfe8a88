"""A table of constants joined on a key, its other columns read: ``values_join_as_case``."""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import CmpOp
from .terms import _replace_cols
from .values_join import _distinct_integers, _key_equation


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
    if len(leaves) < 2 or q.bare_from is not None:
        return q, None, conds
    scans = {x.alias for x in leaves if isinstance(x, ir.Scan)}
    for leaf in leaves:
        if not (isinstance(leaf, ir.Values) and leaf.rows
                and all(isinstance(v, ir.Lit) for row in leaf.rows for v in row)):
            continue
        for i, c in enumerate(conds):
            got = _key_equation(c, leaf, scans)
            if got is None:
                continue
            col, e = got
            pos = leaf.names.index(col)
            keys = [row[pos] for row in leaf.rows]
            if not _distinct_integers(keys):
                continue
            rest = conds[:i] + conds[i + 1:]
            reads = {(y.alias, y.name) for y in ir.nodes((q.items, q.group_by, q.having,
                                                          q.order, rest))
                     if isinstance(y, ir.Col) and y.alias == leaf.alias}
            if not reads - {(leaf.alias, col)}:  # (only the key read: values_join_as_in)
                continue
            rep = {(leaf.alias, n): _cell(leaf, j, pos, e) for j, n in enumerate(leaf.names)}
            q = dataclasses.replace(
                q, items=_replace_cols(q.items, rep), group_by=_replace_cols(q.group_by, rep),
                having=_replace_cols(q.having, rep), order=_replace_cols(q.order, rep))
            new = [_replace_cols(x, rep) for x in rest] + [ir.InList(e, tuple(keys))]
            return q, [x for x in leaves if x is not leaf], new
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
