"""Blocks whose rows are pairwise distinct, so DISTINCT keeps each of them: a bag equal to
its own set (``Decider.terms_equal`` then compares a block with a ``Squash`` as sets).

Distinct: two rows the block keeps whose outputs are not distinct (NULL with NULL, 1 with
1.0) read, in every table occurrence, rows equal on a declared key, non-NULL (the same row
of the table: ``Decider.one_row_per_group`` with the outputs as the GROUP BY keys). A
table's rows are then each read once, and the block keeps each output row once. Derived
tables and keyless tables: no answer. A grouped block keeps one row per group: distinct
where its outputs include every GROUP BY key (as GROUP BY and DISTINCT compare alike).
"""

from __future__ import annotations

from .normal import Block, Group


def distinct_rows(d, b: Block) -> bool:
    """Are the rows ``b`` keeps pairwise distinct on every database?
    ``d``: the ``Decider``."""
    if b.group is not None:
        # one row without GROUP BY; else one row per group, and the groups' keys are
        # distinct as DISTINCT compares rows: distinct rows where every key is an output
        return not b.group.keys or all(k in b.items for k in b.group.keys)
    if not b.occs or not b.items:
        return False
    cache = d.t.__dict__.setdefault("distinct_rows", {})
    if id(b) not in cache:
        cache[id(b)] = (b, d.one_row_per_group(Block(b.occs, b.conds, b.items, b.env,
                                                     Group(b.items, None))))
    return cache[id(b)][1]
