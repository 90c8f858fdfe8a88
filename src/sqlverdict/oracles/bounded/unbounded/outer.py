"""A LEFT JOIN that matches each row at most once, its columns read nowhere, as its left
side: in the normal form (``normal._padded``) the join is two blocks, the matched rows
(the left side's conditions, the right side's and the ON conjuncts) and the unmatched ones
padded with NULL (the left side's conditions and ``NoRows``). Where the right side matches
a left row at most once (a declared key of its one table, non-NULL, is fixed by the ON
conjuncts: ``Decider.at_most_one``) and neither the outputs nor the other conditions read
its columns, each left row the rest keeps appears exactly once in the two blocks together,
with the same outputs: they are the left block alone. As sets of rows (an aggregate that
reads its rows as a set: MIN, MAX, DISTINCT), they are the left block's set however many
times the right side matches a row."""

from __future__ import annotations

from collections import Counter

from .. import ir
from .normal import Block, GroupValue, InRows, NoRows, SomeRows
from .walk import _aliases, _values


def merge_padded(d, xs: list) -> list:
    """``xs`` (terms of a sum) with each such pair of blocks replaced by the left block.
    ``d``: the ``Decider``."""
    changed = True
    while changed:
        changed = False
        for i, b2 in enumerate(xs):
            for j, b1 in enumerate(xs):
                merged = None if i == j else _merged(d, b1, b2)
                if merged is not None:
                    xs = [x for k, x in enumerate(xs) if k not in (i, j)] + [merged]
                    changed = True
                    break
            if changed:
                break
    return xs


def _merged(d, b1, b2, sets: bool = False) -> Block | None:
    """The left block, if ``b1`` is the matched half of a LEFT JOIN and ``b2`` its padded
    half, matching at most once and not read; else None. ``sets``: as sets of rows, where
    a left row matched many times is still one row (``sums``: MIN, MAX, DISTINCT)."""
    if not (isinstance(b1, Block) and isinstance(b2, Block)) or b1.group or b2.group:
        return None
    for n in b2.conds:
        if not (isinstance(n, NoRows) and len(n.occs) == 1):
            continue
        rest = [c for c in b2.conds if c is not n]
        if (Counter(b1.occs) != Counter(b2.occs + n.occs) or b1.items != b2.items
                or Counter(map(repr, b1.conds)) != Counter(map(repr, rest + list(n.conds)))):
            continue
        right = _padded_aliases(n.occs[0].alias, b1.env, b2.env)
        if right & (_reads(b1.items, b1.env) | _reads(rest, b1.env)):
            continue
        if not sets and not d.at_most_one(Block(b2.occs, tuple(rest), b2.items, b1.env),
                             Block(n.occs, n.conds, (), n.env)):
            continue
        return Block(b2.occs, tuple(rest), b2.items, b2.env)
    return None


def _padded_aliases(right: str, matched: dict, padded: dict) -> set[str]:
    """The right side's alias and those of the views inlined over it: a view's column
    may be a constant (``SELECT id, 1 AS f``) that reads no table, yet is NULL on a
    padded row (``padded`` maps it to NULL, ``matched`` to its expression)."""
    return {right} | {a for (a, c), v in padded.items()
                      if isinstance(v, ir.Lit) and v.value is None and matched.get((a, c)) != v}


def _reads(x, env: dict) -> set[str]:
    """The aliases ``x`` reads, through the columns of inlined views (``env``)."""
    out, todo, seen = set(), [x], set()
    while todo:
        for y in _values(todo.pop()):
            if isinstance(y, ir.Col):
                out.add(y.alias)
                if (y.alias, y.name) in env and (y.alias, y.name) not in seen:
                    seen.add((y.alias, y.name))
                    todo.append(env[(y.alias, y.name)])
            elif isinstance(y, (NoRows, SomeRows, InRows, GroupValue)):
                out |= _aliases(y)  # conservative: every alias inside
    return out
