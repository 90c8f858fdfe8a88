"""A conditional aggregate of an ungrouped query as a WHERE filter (round 53):
``case_filter_as_where``; grouped, under a HAVING that tests the condition's count (round
55): ``grouped_case_filter_as_where``.

``SELECT f(AGG1(CASE WHEN c THEN v1 END), AGG2(CASE WHEN c THEN v2 END) ..) FROM F [WHERE
w]`` (no GROUP BY, no HAVING; every aggregate conditioned by the same ``c``; ``AGG`` one of
SUM, AVG, MIN, MAX, TOTAL, DISTINCT or not; ``v`` no literal: the conditional counts and
indicator sums, ``COUNT(CASE WHEN c THEN 1 END)``, are the count rules' canonical form,
``indicators``, ``conditional_counts``) is ``SELECT f(AGG1(v1), AGG2(v2) ..)
FROM F WHERE w AND c``: "the overtime of a department" as ``SUM(CASE WHEN hours > 40 THEN
hours - 40 END)`` or as ``SUM(hours - 40) .. WHERE hours > 40``.

Sound in SQLite: a query with aggregates and no GROUP BY returns one row whatever rows its
FROM and WHERE keep. The CASE is NULL on the rows where ``c`` is not TRUE (FALSE or NULL:
what WHERE drops), which every such aggregate skips; on the others it is ``v``, evaluated
on the same rows in both queries (a CASE evaluates ``v`` only where ``c`` is TRUE). So each
aggregate reads the same values; over none of them (every row dropped, or none
kept) TOTAL is 0.0 and the others NULL, in both. Nothing outside the aggregates
may read a column of ``F`` (a bare column shows one row's value, which the filter changes);
``COUNT(*)`` (it counts the rows ``c`` drops), any COUNT and an aggregate without the CASE
refuse the law.
The filter may change SQLite's plan (an index on ``c``'s column), so a SUM may add the same
values in another order: the proof states ``exact_reals`` for reals and
``integer_sums_exact`` for integers (``proofs.OTHER_PLAN``).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, ArithOp, CmpOp, Conv, FuncName, Ty
from .bucket_regions import never_null
from .joins import _deep_expr
from .terms import Flat, _aliases_in, _and, _conjuncts, _has_sub, _windowless
from .transfer import _exact

_SKIPPING = (AggFn.SUM, AggFn.AVG, AggFn.MIN, AggFn.MAX, AggFn.TOTAL)


def _bound(src) -> set | None:
    """The aliases ``src`` binds (scans and derived tables, joined or flat), or None."""
    if isinstance(src, (ir.Scan, ir.Derived)):
        return {src.alias}
    if isinstance(src, ir.Join):
        left, right = _bound(src.left), _bound(src.right)
        return None if left is None or right is None else left | right
    if isinstance(src, Flat):
        out = set()
        for leaf in src.leaves:
            got = _bound(leaf)
            if got is None:
                return None
            out |= got
        return out
    return None


def _filtered(y) -> tuple | None:
    """``(c, v)`` of ``AGG(CASE WHEN c THEN v END)``, ``v`` not a literal, else None."""
    a = y.arg
    if not (y.fn in _SKIPPING and isinstance(a, ir.Case) and len(a.whens) == 1
            and isinstance(a.default, ir.Lit) and a.default.value is None
            and not isinstance(a.whens[0][1], ir.Lit)):
        return None
    return a.whens[0]


def case_filter_as_where(q) -> ir.Select:
    """See the module docstring."""
    if not (isinstance(q, ir.Select) and q.aggregate and not q.group_by and q.having is None
            and not q.distinct and q.limit is None and not q.offset and q.bare_from is None
            and _windowless(q)):
        return q
    local = _bound(q.source)
    if not local:
        return q
    reads = (*q.items, *(k for k, _ in q.order))
    subs, cond = {}, None
    for y in ir.local_nodes(reads):
        if isinstance(y, ir.Agg) and y not in subs:
            got = _filtered(y)
            if got is None or (cond is not None and got[0] != cond):
                return q
            cond = got[0]
            subs[y] = ir.Agg(y.fn, got[1], y.distinct, y.ty)
    hole = ir.Lit(None, Ty.NULL)
    if not subs or local & _aliases_in(tuple(_deep_expr(e, lambda y: hole if y in subs else y)
                                            for e in reads)):
        return q  # a column of F read outside the aggregates

    def put(e):
        return _deep_expr(e, lambda y: subs.get(y, y))

    return dataclasses.replace(q, items=tuple(put(i) for i in q.items),
                               order=tuple((put(k), d) for k, d in q.order),
                               where=_and([*_conjuncts(q.where), *_conjuncts(cond)]))


def _guard(h):
    """``c`` of a HAVING conjunct that keeps the groups with a row where ``c`` holds:
    ``_count_test``'s, or ``COUNT(x) > 0`` (``0 < COUNT(x)``) read as ``c`` = ``x IS NOT NULL``
    (round 61, Z), else None."""
    got = _count_test(h)
    if got is not None or not (isinstance(h, ir.Cmp) and h.conv == Conv.NONE):
        return got
    zero, agg = {CmpOp.LT: (h.left, h.right), CmpOp.GT: (h.right, h.left)}.get(h.op, (None, None))
    if (isinstance(zero, ir.Lit) and type(zero.value) is int and zero.value == 0
            and isinstance(agg, ir.Agg) and agg.fn == AggFn.COUNT and not agg.distinct
            and agg.arg is not None and not isinstance(agg.arg, (ir.Lit, ir.Case))):
        return ir.Not(ir.IsNull(agg.arg, Ty.BOOL))
    return None


def _count_test(h):
    """``c`` of the HAVING conjunct ``0 < COUNT(CASE WHEN c THEN v END)`` (or ``.. > 0``), ``v``
    a literal not NULL (the group has a row where ``c`` holds), else None."""
    if not isinstance(h, ir.Cmp) or h.conv != Conv.NONE:
        return None
    zero, agg = {CmpOp.LT: (h.left, h.right), CmpOp.GT: (h.right, h.left)}.get(h.op, (None, None))
    if not (isinstance(zero, ir.Lit) and type(zero.value) is int and zero.value == 0
            and isinstance(agg, ir.Agg) and agg.fn == AggFn.COUNT and not agg.distinct
            and isinstance(a := agg.arg, ir.Case) and len(a.whens) == 1
            and isinstance(a.default, ir.Lit) and a.default.value is None
            and isinstance(v := a.whens[0][1], ir.Lit) and v.value is not None):
        return None
    return a.whens[0][0]


def grouped_case_filter_as_where(q, typed: bool = False, schema=None) -> ir.Select:
    """``SELECT k.., f(AGG(CASE WHEN c THEN v END) ..) FROM F WHERE w GROUP BY k.. HAVING 0 <
    COUNT(CASE WHEN c THEN 1 END) [AND h]`` is ``SELECT k.., f(AGG(v) ..) FROM F WHERE w AND c
    GROUP BY k.. [HAVING h]``: the HAVING keeps the groups with a row where ``c`` holds, which
    are the groups of the filtered rows, and each conditional aggregate reads the values of
    those rows (``COUNT(CASE WHEN c THEN v END)`` is ``COUNT(v)`` there, the test's own count
    ``COUNT(*)``). Every aggregate under the same ``c`` (no subquery), columns outside them
    group keys, whose equal values are identical (``transfer._exact``: the filtered group may
    show another row's key)."""
    if not (isinstance(q, ir.Select) and q.aggregate and q.group_by and q.having is not None
            and not q.distinct and q.limit is None and not q.offset and q.bare_from is None
            and _windowless(q) and _bound(q.source)):
        return q
    conds = _conjuncts(q.having)
    test = next((h for h in conds if _guard(h) is not None), None)
    if test is None or _has_sub(cond := _guard(test)):
        return q
    keys = set(q.group_by)
    if not all(isinstance(k, ir.Col) and _exact(k, k, typed) for k in keys):
        return q
    rest = [h for h in conds if h is not test]
    reads = (*q.items, *(k for k, _ in q.order), *rest)
    subs = {}
    for y in ir.local_nodes(reads):
        if isinstance(y, ir.Agg) and y not in subs:
            subs[y] = _unconditional(y, cond) or _unzeroed(y, cond, q.source, schema, typed)
            if subs[y] is None:
                return q
    hole = ir.Lit(None, Ty.NULL)
    if _has_sub(reads) or any(isinstance(y, ir.Col) and y not in keys for y in ir.local_nodes(
            tuple(_deep_expr(e, lambda y: hole if y in subs or y in keys else y) for e in reads))):
        return q

    def put(e):
        return _deep_expr(e, lambda y: subs.get(y, y))

    return dataclasses.replace(q, items=tuple(put(i) for i in q.items),
                               order=tuple((put(k), d) for k, d in q.order),
                               having=_and([put(h) for h in rest]),
                               where=_and([*_conjuncts(q.where), *_conjuncts(cond)]))


def _unconditional(y, cond):
    """``AGG(CASE WHEN cond THEN v END)`` as ``AGG(v)`` over the rows ``cond`` keeps (a
    COUNT of a literal: ``COUNT(*)``), else None."""
    a = y.arg
    if not (isinstance(a, ir.Case) and len(a.whens) == 1 and a.whens[0][0] == cond
            and isinstance(a.default, ir.Lit) and a.default.value is None):
        return None
    v = a.whens[0][1]
    if y.fn == AggFn.COUNT and not y.distinct and isinstance(v, ir.Lit) and v.value is not None:
        return ir.Agg(AggFn.COUNT_STAR, None, False, y.ty)
    if y.fn in (*_SKIPPING, AggFn.COUNT) and not isinstance(v, ir.Lit):
        return ir.Agg(y.fn, v, y.distinct, y.ty)
    return None


def _unzeroed(y, cond, source, schema, typed: bool):
    """``SUM(CASE WHEN cond THEN v ELSE 0 END)`` as ``SUM(v)`` over the rows ``cond`` keeps
    (round 61, Z), else None: the HAVING keeps groups with a row where ``cond`` holds, and
    ``v`` is an integer never NULL there (a NOT NULL column, one ``cond`` tests IS NOT NULL,
    a COALESCE ending in an integer literal, ``+ - *`` of such; typed or the proof's
    ``declared_storage_classes``), so the SUM of those values is an integer and the zeros
    change no partial sum. A NULL-able ``v`` refuses: a group whose ``cond`` rows all hold NULL
    sums 0 against NULL."""
    a, zero = y.arg, ir.Lit(0, Ty.INT)
    if not (y.fn == AggFn.SUM and not y.distinct and y.ty == Ty.INT and isinstance(a, ir.Case)
            and len(a.whens) == 1):
        return None
    (test, then), other = a.whens[0], a.default
    if (isinstance(cond, ir.Not) and isinstance(cond.arg, ir.IsNull) and test == cond.arg
            and then == zero):  # WHEN x IS NULL THEN 0 ELSE v (a two-valued test)
        test, then, other = cond, other, zero
    if not (test == cond and other == zero and _present(then, cond, source, schema, typed)):
        return None
    return ir.Agg(AggFn.SUM, then, False, y.ty)


def _present(v, cond, source, schema, typed: bool) -> bool:
    """Is the integer ``v`` never NULL on a row where ``cond`` holds (``_unzeroed``)?"""
    if v.ty != Ty.INT:
        return False
    if isinstance(v, ir.Lit):
        return type(v.value) is int
    if isinstance(v, ir.Func) and v.name == FuncName.COALESCE and v.args:
        return isinstance(last := v.args[-1], ir.Lit) and type(last.value) is int
    if isinstance(v, ir.Arith) and v.op in (ArithOp.ADD, ArithOp.SUB, ArithOp.MUL):
        return all(_present(x, cond, source, schema, typed) for x in (v.left, v.right))
    return isinstance(v, ir.Col) and (ir.Not(ir.IsNull(v, Ty.BOOL)) in _conjuncts(cond)
                                      or never_null(v, source, schema, typed))


# ---- the registry's entry (``join_counts.JOIN_COUNT_RULES`` holds it), at the site "select"

FILTERED_AGGREGATE_RULES = (
    ("case_filter_as_where", "without GROUP BY or HAVING, AGG(CASE WHEN c THEN v END) (SUM, AVG, "
     "MIN, MAX, TOTAL; v no literal), every aggregate under the same c and no column of the FROM "
     "read outside them, is AGG(v) with c added to the WHERE", ("select",),
     lambda canon, q, ctx: case_filter_as_where(q), True),
    ("grouped_case_filter_as_where", "SELECT k.., AGG(CASE WHEN c THEN v END) .. GROUP BY k.. "
     "HAVING COUNT(CASE WHEN c THEN 1 END) > 0, every aggregate under the same c and columns "
     "outside them exact group keys, is AGG(v) .. with c added to the WHERE and the test gone",
     ("select",), lambda canon, q, ctx: grouped_case_filter_as_where(q, canon.typed, canon.schema),
     True),
)
