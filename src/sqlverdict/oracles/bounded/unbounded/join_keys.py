"""GROUP BY keys that single out one row of an inner join (``left_groups``: a LEFT JOIN
whose left side is a join of tables, grouped by keys that single out one of its rows, read
as those rows with correlated aggregates, as for a left table grouped by its primary key).

A group holds the rows whose GROUP BY keys are equal as GROUP BY compares them. A FROM item
``t`` of the join is singled out when each column ``c`` of its row key (``left_groups.
_row_key``: a primary key never NULL, or pairwise distinct constant rows) is a GROUP BY key
``t.c``, or, for a table, is equated by a conjunct ``t.c = u.d`` of the join's ON
conditions or of the WHERE (TRUE on every row of every group) with a column of an item
``u`` singled out already, a comparison without affinity conversion (``Conv.NONE``).

Why, in SQLite: on two rows of one group, an item ``u`` singled out is the same row of
``u``, so ``u.d`` is one value ``v``, and each row's ``t.c`` is ``= v`` without
conversion: numbers compare exactly and text compares as BINARY text (the verifier proves
nothing where a column declares another collation, ``staging._collation``), so the two
values of ``t.c`` are equal, and not NULL. A grouped key column of a table is never NULL
(``_row_key``), and GROUP BY compares non-NULL values as ``=`` does without conversion. A
primary key is unique among values equal as ``=`` compares them: the two rows of ``t``
are one. When every item is singled out, every row of a group is the same row of the join.
"""

from __future__ import annotations

from .. import ir
from ..ir.kinds import CmpOp, Conv


def singled_out(items: list, conds: tuple, group_by: tuple, row_key) -> bool:
    """Do the ``group_by`` keys single out one row of the inner join of ``items`` whose
    rows meet every conjunct of ``conds``? ``row_key(item)``: the columns (lower case) that
    tell its rows apart, or None."""
    grouped = {(k.alias, k.name.lower()) for k in group_by if isinstance(k, ir.Col)}
    pairs = [(c.left, c.right) for c in conds
             if isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and c.conv == Conv.NONE
             and isinstance(c.left, ir.Col) and isinstance(c.right, ir.Col)]
    keys, tables = {}, set()
    for item in items:
        key = row_key(item)
        if key is None or item.alias in keys:
            return False  # (an alias twice: not a join of distinct items)
        keys[item.alias] = key
        if isinstance(item, ir.Scan):
            tables.add(item.alias)
    done: set[str] = set()
    while True:
        more = {a for a, key in keys.items() if a not in done and all(
            (a, c) in grouped or (a in tables and _equated(a, c, pairs, done)) for c in key)}
        if not more:
            return len(done) == len(keys)
        done |= more


def _equated(alias: str, col: str, pairs: list, done: set[str]) -> bool:
    """Is column ``alias.col`` equated with a column of an item singled out already?"""
    for a, b in pairs:
        for x, y in ((a, b), (b, a)):
            if (x.alias, x.name.lower()) == (alias, col) and y.alias in done and y.alias != alias:
                return True
    return False
