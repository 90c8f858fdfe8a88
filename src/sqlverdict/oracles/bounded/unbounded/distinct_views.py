"""A select over a DISTINCT derived table as the set of its rows (``distinct_view``).

``distinct_view``: ``SELECT f(d.c1, ..., d.cn) FROM (SELECT DISTINCT c1, ..., cn FROM ...)
AS d WHERE w(d...)`` whose outputs show every column of ``d`` as it is is the set (a
``Squash``) of ``f`` over the derived select's rows: DISTINCT keeps one row of each class
of rows not distinct, and the outer select maps each kept row to an output row that shows
its columns, so the outputs are pairwise distinct (a set) and each class gives one. That
the kept row of a class stands for every row of it (any of them gives the same output and
the same ``w``) needs the rows of one class to hold identical values: checked by Z3 (two
rows the derived select keeps whose outputs are not distinct hold identical outputs; 1 and
1.0 are not distinct, nor identical). ``f`` and ``w`` read only ``d``'s columns (its only
table), also inside correlated sub-queries, so they are functions of the kept row.
"""

from __future__ import annotations

import z3

from .. import ir
from .fk_parents import either_reading  # noqa: F401  (re-exported for ``decide``: its imports are at its size limit)
from .normal import Block, NoNormalForm, Squash, normalize
from .values import Scope


def distinct_view(d, b):
    """``b`` (a block over one DISTINCT derived table, showing each of its columns) as the
    ``Squash`` of the derived select's block with ``b``'s outputs and conditions; else ``b``.
    ``d``: the ``Decider``."""
    if (not isinstance(b, Block) or b.group is not None or len(b.occs) != 1 or b.env
            or b.occs[0].key[0] != "derived" or b.occs[0].query is None or d.t.schema is None):
        return b
    o = b.occs[0]
    if not all((o.alias, n) in _bare(b.items) for n in o.columns):
        return b
    try:
        terms = normalize(o.query, d.t.schema, d.t.keyer)
    except NoNormalForm:
        return b
    if len(terms) != 1 or not isinstance(terms[0], Squash) or len(terms[0].blocks) != 1:
        return b
    inner = terms[0].blocks[0]
    if inner.group is not None or len(inner.items) != len(o.columns) or not _one_class(d, inner):
        return b
    env = {**inner.env, **{(o.alias, n): e for n, e in zip(o.columns, inner.items, strict=True)}}
    return Squash((Block(inner.occs, inner.conds + b.conds, b.items, env),))


def _bare(items) -> set:
    """The outputs that are a column as it is (name and alias; its type aside)."""
    return {(e.alias, e.name) for e in items if isinstance(e, ir.Col)}


def _one_class(d, inner: Block) -> bool:
    """Do two rows ``inner`` keeps whose outputs are not distinct hold identical outputs?"""
    t = d.t
    r1, f1 = d.rows(inner.occs)
    r2, f2 = d.rows(inner.occs)
    s1, s2 = Scope(t, r1, inner.env), Scope(t, r2, inner.env)
    v1, v2 = [s1.val(e) for e in inner.items], [s2.val(e) for e in inner.items]
    premise = z3.And([d.keep(s1, inner), d.keep(s2, inner)]
                     + [t.same_row(x, y) for x, y in zip(v1, v2, strict=True)])
    claim = z3.And([t.same(x, y) for x, y in zip(v1, v2, strict=True)] + [t.T])
    return d.valid(z3.Implies(premise, claim), f1 + f2)
