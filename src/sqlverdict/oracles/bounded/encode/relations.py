"""Operations on lists of symbolic rows: outer-join padding, DISTINCT, ORDER BY/LIMIT, and
the difference of two results under a semantics. Each takes the pair's session ``s`` first
(``encode.values``)."""

from __future__ import annotations

import z3

from .. import ir
from ..ir.kinds import Ty
from ..solver import Budget
from .values import (
    Row,
    V,
    _and,
    _count,
    _ite,
    _lex_less,
    _lex_less_desc,
    _not,
    _or,
    _spend,
    _zero,
    rows_eq,
)

# the members used here, bound once: on Python 3.11 an enum class's attribute lookup
# goes through EnumType.__getattr__, several times slower than a global name
NULL = Ty.NULL


def _null_env(s, src) -> dict:
    """The columns of a source as NULLs (the missing side of an outer join)."""
    def null(ty):
        return s.null if ty == NULL else V(ty, s.true, _zero(s, ty))

    if isinstance(src, ir.Scan):
        return {src.alias: {c: null(ty) for c, ty, _ in src.columns}}
    if isinstance(src, ir.Derived):
        return {src.alias: {n: null(ir._ty(i)) for n, i in zip(src.names, src.query.items, strict=True)}}
    if isinstance(src, ir.Values):
        return {src.alias: {n: null(ty) for n, ty in zip(src.names, src.types, strict=True)}}
    return {**_null_env(s, src.left), **_null_env(s, src.right)}


def _pick_scope(s, scope, members, pick, outer):
    """Every column of the members' own tables, read from member row ``pick``."""
    out = dict(scope)
    first_env = members[0][1] if members else scope
    for alias, cols in first_env.items():
        if alias in outer:
            continue  # a column of an outer query: the same in every member
        picked = {}
        for col, v0 in cols.items():
            val = V(v0.ty, s.true, _zero(s, v0.ty)) if v0.ty != NULL else s.null
            for j, (_, env) in enumerate(members):
                val = _ite(s, pick == j, env[alias][col], val, v0.ty) if v0.ty != NULL else s.null
            picked[col] = val
        out[alias] = picked
    return out


def _distinct_flags(s, rows: list[Row], budget: Budget | None = None):
    _spend(budget, len(rows) * len(rows) // 2 + 1)
    return [z3.And(r.exists, z3.Not(z3.Or([z3.And(rows[j].exists, rows_eq(s, rows[j].vals, r.vals)) for j in range(i)])))
            if i else r.exists for i, r in enumerate(rows)]


def _distinct(s, rows: list[Row], budget: Budget | None = None) -> list[Row]:
    return [Row(k, r.vals) for k, r in zip(_distinct_flags(s, rows, budget), rows, strict=True)]


def _order_limit(s, rows: list[Row], keys, desc, limit, offset, ordered: bool, amb: list | None = None,
                 tie_perm=None, budget: Budget | None = None) -> list[Row]:
    """Rank rows, then cut LIMIT/OFFSET. Ties on the ORDER BY keys are broken by the
    selected values, then by input position, the same rule for every query; ``amb``
    collects, per LIMIT, the condition under which a tie straddles the cut (SQLite may
    then pick other rows)."""
    if not ordered and limit is None and not offset:
        return rows
    n = len(rows)
    ranks, ties = [], {}
    tv = [list(r.vals) if tie_perm is None else [r.vals[j] for j in tie_perm] for r in rows]
    for i in range(n):
        _spend(budget, n)
        before = []
        for j in range(n):
            if j == i:
                continue
            if ordered:
                same_keys = rows_eq(s, keys[j], keys[i])
                ties[(j, i)] = z3.And(rows[j].exists, rows[i].exists, same_keys,
                                      z3.Not(rows_eq(s, rows[j].vals, rows[i].vals)))
                by_vals = _lex_less(s, tv[j], tv[i])
                if j < i:
                    by_vals = z3.Or(by_vals, rows_eq(s, rows[j].vals, rows[i].vals))
                prec = z3.Or(_lex_less_desc(s, keys[j], keys[i], desc), z3.And(same_keys, by_vals))
            else:
                prec = s.true if j < i else s.false
            if not z3.is_false(prec):
                before.append(z3.And(rows[j].exists, prec))
        ranks.append(_count(s, before))
    out = []
    keep = []
    for r, rank in zip(rows, ranks, strict=True):
        ex = r.exists
        k = s.true
        if offset:
            k = z3.And(k, rank >= offset)
        if limit is not None:
            k = z3.And(k, rank < offset + limit)
        keep.append(k)
        out.append(Row(z3.And(ex, k), r.vals, rank - offset if offset else rank))
    if amb is not None and (limit is not None or offset):
        if ordered:
            amb.append(z3.Or([z3.And(t, keep[i], z3.Not(keep[j])) for (j, i), t in ties.items()] or [s.false]))
        else:
            amb.append(_count(s, [r.exists for r in rows]) > offset + (limit if limit is not None else 0))
    return out


def difference(s, gold: list[Row], pred: list[Row], semantics: str, ncols: tuple[int, int],
               budget: Budget | None = None, *, empty_equal: bool = False):
    """A formula true exactly when the two results differ under ``semantics``
    (``empty_equal``: two empty results are equal whatever their columns, as the official
    evaluators compare)."""
    if ncols[0] != ncols[1]:
        return _or(s, *[r.exists for r in gold + pred]) if empty_equal else s.true
    if semantics == "set":
        return z3.Or(_missing(s, gold, pred, budget), _missing(s, pred, gold, budget))
    if semantics == "bag":
        parts = []
        for r in gold + pred:
            _spend(budget, len(gold) + len(pred))
            cg = _count(s, [z3.And(o.exists, rows_eq(s, o.vals, r.vals)) for o in gold])
            cp = _count(s, [z3.And(o.exists, rows_eq(s, o.vals, r.vals)) for o in pred])
            parts.append(z3.And(r.exists, cg != cp))
        return z3.Or(parts) if parts else s.false
    # list: sizes differ, or some position holds different rows
    size = _count(s, [r.exists for r in gold]) != _count(s, [r.exists for r in pred])
    parts = [size]
    for g in gold:
        for p in pred:
            parts.append(z3.And(g.exists, p.exists, _pos(s, g, gold) == _pos(s, p, pred), z3.Not(rows_eq(s, g.vals, p.vals))))
    return z3.Or(parts)


def _pos(s, r: Row, rows: list[Row]):
    if r.pos is not None:
        return r.pos
    i = next(k for k, o in enumerate(rows) if o is r)
    return _count(s, [o.exists for o in rows[:i]])


def _missing(s, a: list[Row], b: list[Row], budget: Budget | None = None):
    parts = []
    for r in a:
        _spend(budget, len(b) + 1)
        parts.append(_and(s, r.exists, _not(s, _or(s, *[_and(s, o.exists, rows_eq(s, r.vals, o.vals)) for o in b]))))
    return _or(s, *parts)
