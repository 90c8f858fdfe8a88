"""Correlated aggregate sub-queries as the aggregate of a group at a key, and a select over
a DISTINCT derived table as the set of its rows.

A scalar sub-query ``(SELECT agg(e) FROM T WHERE p AND k = o)`` (``o`` an outer value, ``k``
of T's rows alone, ``p`` of T's rows alone) is the aggregate of the group of ``SELECT ...
FROM T WHERE p GROUP BY k`` whose key equals ``o``, or of no row where none does: COUNT 0,
the others NULL (``values.Terms.group_value``, a ``GroupValue``). ``=`` never matches a NULL
``o``: the empty group. ``k IS o``, or ``k = o OR (k IS NULL AND o IS NULL)``, matches the
NULL group too (``nullsafe``): SQLite's ``IS`` is ``=`` (the same affinity conversions, none
where the comparison has none, the same collation) except that NULL is not distinct from
NULL, which is how GROUP BY puts NULL keys together. So both read the group whose key is not
distinct from ``o``, the group ``bags.Bags.at`` names (its aggregate is shared with a
GROUP BY's row, ``bags.GroupAt``, when the bags are equal).

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
from ..ir.kinds import CmpOp, Conv, LogicOp, Ty
from .normal import Block, NoNormalForm, Squash, normalize, reads_and_defines


def _reads(x) -> set[str]:
    return reads_and_defines(x)[0]


def _null_pair(c) -> tuple | None:
    """(x, y) of ``x IS NULL AND y IS NULL``, else None."""
    if (isinstance(c, ir.Logic) and c.op == LogicOp.AND and len(c.args) == 2
            and all(isinstance(a, ir.IsNull) for a in c.args)):
        return c.args[0].arg, c.args[1].arg
    return None


def _equality(c) -> tuple | None:
    """(x, y, nullsafe) of ``x = y``, ``x IS y`` or ``x = y OR (x IS NULL AND y IS NULL)``
    (either order inside), all without affinity conversion; else None."""
    if isinstance(c, ir.Cmp) and c.op in (CmpOp.EQ, CmpOp.IS) and c.conv == Conv.NONE:
        return c.left, c.right, c.op == CmpOp.IS
    if isinstance(c, ir.Logic) and c.op == LogicOp.OR and len(c.args) == 2:
        for eq, nulls in (c.args, c.args[::-1]):
            pair = _null_pair(nulls)
            if (pair is not None and isinstance(eq, ir.Cmp) and eq.op == CmpOp.EQ
                    and eq.conv == Conv.NONE and {repr(eq.left), repr(eq.right)}
                    == {repr(pair[0]), repr(pair[1])} and eq.left != eq.right):
                return eq.left, eq.right, True
    return None


def key_match(c, inner: set[str]) -> tuple | None:
    """(inner key, outer value, nullsafe) of a conjunct ``c`` of a correlated sub-query
    that fixes a key of its own rows (reading only ``inner`` aliases) to an outer value
    (reading none of them), else None."""
    found = _equality(c)
    if found is None:
        return None
    x, y, nullsafe = found
    for a, b in ((x, y), (y, x)):
        if _reads(a) and _reads(a) <= inner and not (_reads(b) & inner):
            return a, b, nullsafe
    return None


def group_match(keys: tuple, at: tuple, nullsafe: tuple) -> tuple:
    """The conditions on a group's rows that select the group at ``at``: ``key = at``, or
    for a ``nullsafe`` key ``key = at OR (key IS NULL AND at IS NULL)``."""
    out = []
    for i, (k, a) in enumerate(zip(keys, at, strict=True)):
        eq = ir.Cmp(CmpOp.EQ, k, a, Ty.BOOL, Conv.NONE)
        if i < len(nullsafe) and nullsafe[i]:
            eq = ir.Logic(LogicOp.OR, (eq, ir.Logic(LogicOp.AND, (ir.IsNull(k), ir.IsNull(a)))))
        out.append(eq)
    return tuple(out)


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
    from .values import Scope

    t = d.t
    r1, f1 = d.rows(inner.occs)
    r2, f2 = d.rows(inner.occs)
    s1, s2 = Scope(t, r1, inner.env), Scope(t, r2, inner.env)
    v1, v2 = [s1.val(e) for e in inner.items], [s2.val(e) for e in inner.items]
    premise = z3.And([d.keep(s1, inner), d.keep(s2, inner)]
                     + [t.same_row(x, y) for x, y in zip(v1, v2, strict=True)])
    claim = z3.And([t.same(x, y) for x, y in zip(v1, v2, strict=True)] + [t.T])
    return d.valid(z3.Implies(premise, claim), f1 + f2)
