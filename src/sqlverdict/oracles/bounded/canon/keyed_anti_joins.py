"""A LEFT JOIN that looks one row up by a unique key, filtered by a WHERE that its padded
row passes, as ``NOT EXISTS`` of a partner that fails it: ``keyed_anti_join``.

``X LEFT JOIN S ON c WHERE p(S) AND w``, ``c`` equating every column of a unique key of
``S`` with values of ``X`` (``_key_match``: as ``joins._unique_match``, literals too),
``S`` read nowhere but ``c`` and ``p``, and ``p`` TRUE on the padded row whatever ``X``
holds (``S.a IS NULL``, an OR with such a disjunct, an AND of such conjuncts), is ``X WHERE
w AND NOT EXISTS (SELECT 1 FROM S WHERE c AND p')``, ``p'`` TRUE exactly where ``p`` is
not TRUE (FALSE or NULL). Sound in three-valued logic: each row of ``X`` meets at most one
row of ``S`` (the key is unique and ``=`` never matches NULL), so the join keeps every row
of ``X`` at most once, never repeats it; a row without a partner is padded with NULLs and
kept (``p`` is TRUE there), so is a row whose one partner makes ``p`` TRUE; a row whose
partner makes ``p`` FALSE or NULL goes. The ``NOT EXISTS`` keeps exactly the rows with no
partner making ``p`` not TRUE: the same rows, each once. The existing ``anti_join`` is the
case ``p = S.k IS NULL`` for an equated column (that one needs no key: a matched row has
``S.k`` equal to a value, every partner fails). ``p'`` is built by the laws of three-valued
logic: ``NOT (a IS NULL)`` for ``a IS NULL`` (two-valued), ``p1' AND p2'`` for ``p1 OR
p2``, ``p1' OR p2'`` for ``p1 AND p2``, ``a IS NULL OR b IS NULL OR NOT (a op b)`` for a
comparison ``a op b`` (NULL exactly when an operand is), ``NOT (a IS b)`` for ``IS``;
anything else: no rewrite. Only through inner joins from the top, so the WHERE filters the
join's rows; not where row order is read (the driver's ``unordered`` site)."""

from __future__ import annotations

import dataclasses

from ....types import Schema
from .. import ir
from ..ir.kinds import CmpOp, JoinKind, LogicOp, Ty
from .joins import _inner_path_left_joins, _replace_join, anti_join
from .terms import _aliases_in, _and, _conjuncts, _has_sub, _tree_aliases, _unique_keys

_VALUED = (CmpOp.EQ, CmpOp.NE, CmpOp.LT, CmpOp.LE, CmpOp.GT, CmpOp.GE)


def keyed_anti_join(q: ir.Select, schema: Schema) -> ir.Select:
    """``X LEFT JOIN S ON c WHERE p AND w`` as ``X WHERE w AND NOT EXISTS (SELECT 1 FROM S
    WHERE c AND p')`` (the module's law), or ``q`` itself."""
    if not isinstance(q, ir.Select) or q.source is None or q.where is None or anti_join(q) is not q:
        return q  # (``anti_join``'s case, an equated column IS NULL, is its own)
    conds = _conjuncts(q.where)
    for j in _inner_path_left_joins(q.source):
        s = j.right
        if not (isinstance(s, ir.Scan) and j.kind == JoinKind.LEFT and _key_match(j, schema)):
            continue
        tests = [c for c in conds if s.alias in _aliases_in(c)]
        rest = [c for c in conds if s.alias not in _aliases_in(c)]
        if not tests or any(_has_sub(c) for c in tests):
            continue
        source = _replace_join(q.source, j)
        if s.alias in _aliases_in((q.items, q.group_by, q.having, q.order, rest, source)):
            continue
        test = _and(tests)
        if not _true_when_padded(test, s.alias):
            continue
        fails = _not_true(test)
        if fails is None:
            continue
        sub = ir.Select(s, _and(_conjuncts(j.on) + [fails]), (), None, (ir.Lit(1, Ty.INT),),
                        False, (), None, 0, False, ("1",))
        return dataclasses.replace(q, source=source, where=_and(rest + [ir.Not(ir.Exists(sub))]))
    return q


def _key_match(j: ir.Join, schema: Schema) -> bool:
    """Does the ON clause of ``j`` equate every column of a unique key of its right table
    (a Scan) with values of the left side or non-NULL literals, of the column's type and
    without conversions (``joins._unique_match``, literals too)? Then at most one row of
    the table matches a row of the left side: ``=`` never matches NULL, and the values a
    key column equals under ``=`` are the ones its unique index takes for one."""
    r, left, equated = j.right, set(_tree_aliases(j.left)), set()
    for c in _conjuncts(j.on):
        if not (isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and not c.conv):
            continue
        for mine, other in ((c.left, c.right), (c.right, c.left)):
            if (isinstance(mine, ir.Col) and mine.alias == r.alias and ir._ty(other) == mine.ty
                    and not _has_sub(other) and _aliases_in(other) <= left
                    and (_aliases_in(other) or _never_null_literal(other))):
                equated.add(mine.name)
    return any(k and set(k) <= equated for k in _unique_keys(schema.table(r.table)))


def _true_when_padded(e, alias: str) -> bool:
    """Is ``e`` TRUE on every row whose ``alias`` columns are all NULL, whatever the other
    columns hold? (Read conservatively: ``alias.c IS NULL``, ORs with such a disjunct, ANDs
    of such conjuncts.)"""
    if isinstance(e, ir.IsNull):
        return isinstance(e.arg, ir.Col) and e.arg.alias == alias
    if isinstance(e, ir.Logic) and e.op == LogicOp.OR:
        return any(_true_when_padded(a, alias) for a in e.args)
    if isinstance(e, ir.Logic) and e.op == LogicOp.AND:
        return all(_true_when_padded(a, alias) for a in e.args)
    return False


def _not_true(e):
    """A condition TRUE exactly where ``e`` is FALSE or NULL, never NULL itself, or None
    when ``e`` is outside the forms read here."""
    if isinstance(e, ir.IsNull):
        return ir.Not(e)
    if isinstance(e, ir.Not) and isinstance(e.arg, ir.IsNull):
        return e.arg
    if isinstance(e, ir.Logic) and e.op in (LogicOp.AND, LogicOp.OR):
        parts = [_not_true(a) for a in e.args]
        if any(p is None for p in parts):
            return None
        return ir.Logic(LogicOp.OR if e.op == LogicOp.AND else LogicOp.AND, tuple(parts))
    if isinstance(e, ir.Cmp) and e.op in (CmpOp.IS, CmpOp.IS_NOT):
        return ir.Not(e)
    if (isinstance(e, ir.InList) and not isinstance(e.arg, ir.RowVal)
            and all(_never_null_literal(x) for x in e.items)):
        return ir.Logic(LogicOp.OR, (ir.IsNull(e.arg), ir.Not(e)))  # NULL only for a NULL x
    if isinstance(e, ir.Cmp) and e.op in _VALUED:
        nulls = [ir.IsNull(x) for x in (e.left, e.right) if not _never_null_literal(x)]
        return ir.Logic(LogicOp.OR, (*nulls, ir.Not(e))) if nulls else ir.Not(e)
    return None


def _never_null_literal(x) -> bool:
    return isinstance(x, ir.Lit) and x.value is not None


# ---- the registry's entries (``rules.RULES`` adds them as ``Rule(*entry)``, in this order)

ANTI_JOIN_RULES = (
    ("anti_join", "X LEFT JOIN S ON S.k = e AND p WHERE S.k IS NULL, S read nowhere else, is X "
     "WHERE NOT EXISTS (SELECT 1 FROM S WHERE S.k = e AND p)", ("unordered",),
     lambda canon, q, ctx: anti_join(q), True),
    ("keyed_anti_join", "X LEFT JOIN S ON c WHERE p AND w, c on a unique key of S, p TRUE on the "
     "padded row, S read nowhere else, is X WHERE w AND NOT EXISTS (SELECT 1 FROM S WHERE c AND "
     "p is not TRUE)", ("unordered",),
     lambda canon, q, ctx: keyed_anti_join(q, canon.schema), True),
)
