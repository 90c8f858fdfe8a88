"""A term that is the sum of several terms of the other side (``split_terms``): a UNION ALL
of n >= 2 parts that partition one block's rows, grouped or not (issue 25, set operations).

``SELECT e FROM F WHERE w`` is ``SELECT e FROM F WHERE w1 UNION ALL .. UNION ALL SELECT e
FROM F WHERE wn`` when every row of ``F`` that ``w`` keeps is kept by exactly one ``wi`` and
no ``wi`` keeps another row, each part with the same outputs (Elasticsearch's ids query as
one filtered select per id; a join on a disjunction as one select per disjunct). Under
GROUP BY (``group_parts.grouped_split``, n parts) the parts must also hold each group whole
(two rows of one group fall in one part) and group alike there; a part without GROUP BY
whose rows all hold one key and whose HAVING has ``COUNT(*) > 0`` is the group of that key,
or none: a report bucketed by ``CASE WHEN x < 100 THEN 'old' WHEN x < 200 THEN 'mid' ELSE
'new' END`` against one filtered count per bucket, ``HAVING COUNT(*) > 0``.

Why, in SQLite: the parts read the same tables (an occurrence bijection onto the block's
occurrences), so they range over the same product of table instances row for row; on each
joined row Z3 proves that the block keeps it exactly when one part does, never two (the
pairwise exclusion is what makes the sum a bag union without repeats; the three-valued
WHERE of each part is read as SQLite reads it, so a row whose bucket test is NULL is kept by
no part, and the claim fails where the block keeps it), and the outputs equal on it. The
sum of the parts then holds each kept row exactly once with the block's outputs. Two parts
are the former ``Decider.split``; a sum of n terms for one is matched only when the other
side has at least n - 1 more terms, at most ``MAX_PARTS`` parts.
"""

from __future__ import annotations

import itertools

import z3

from .group_parts import grouped_split
from .normal import Block
from .values import Scope

MAX_PARTS = 5  # parts tried for one term
MAX_CHOICES = 120  # occurrence bijections (one per part) tried together


def split_terms(d, xs: list, ys: list, merges: int) -> bool:
    """Do the sums ``xs`` and ``ys`` match when one block of the shorter side may be the sum of
    2 .. ``MAX_PARTS`` blocks of the longer (``merges`` such sums at most)?"""
    big, small = (xs, ys) if len(xs) > len(ys) else (ys, xs)
    most = min(len(big) - len(small) + 1, MAX_PARTS)
    for c in small:
        if not isinstance(c, Block):
            continue
        fits = [i for i, x in enumerate(big) if isinstance(x, Block) and _fits(c, x)]
        for k in range(2, min(most, len(fits)) + 1):
            for chosen in itertools.combinations(fits, k):
                if split_many(d, c, tuple(big[i] for i in chosen)):
                    rest = [x for i, x in enumerate(big) if i not in chosen]
                    others = [x for x in small if x is not c]
                    if d.terms_equal(rest, others, merges - 1):
                        return True
    return False


def _fits(c: Block, p: Block) -> bool:
    """May ``p`` be a part of ``c``: as many outputs, the same tables as often?"""
    return len(p.items) == len(c.items) and sorted((o.key for o in p.occs), key=repr) == sorted(
        (o.key for o in c.occs), key=repr)


def split_many(d, c: Block, parts: tuple) -> bool:
    """Is ``c`` the sum of ``parts``: the same tables, each row ``c`` keeps kept by exactly one
    part and no other row by any, the same outputs (grouped: ``group_parts``)?"""
    if c.group is not None or any(p.group is not None for p in parts):
        return grouped_split(d, c, *parts)
    if any(len(p.items) != len(c.items) for p in parts):
        return False
    maps = [list(d.bijections(c, p)) for p in parts]
    t = d.t
    for choice in itertools.islice(itertools.product(*maps), MAX_CHOICES):
        rows, facts = d.rows(c.occs)
        sc = Scope(t, rows, c.env)
        scopes = [Scope(t, {y.alias: d.read_as(rows, x, y) for x, y in m}, p.env)
                  for p, m in zip(parts, choice, strict=True)]
        kc = d.keep(sc, c)
        ks = [d.keep(s, p) for s, p in zip(scopes, parts, strict=True)]
        same = [z3.Implies(k, z3.And([t.same(sc.val(x), s.val(y))
                                      for x, y in zip(c.items, p.items, strict=True)] + [t.T]))
                for k, s, p in zip(ks, scopes, parts, strict=True)]
        apart = [z3.Not(z3.And(a, b)) for a, b in itertools.combinations(ks, 2)]
        if d.valid(z3.And([kc == z3.Or(ks), *apart, *same]), facts):
            return True
    return False
