"""Set operations read off per-operand counts (issue 25, prover3): ``counted_union``,
``count_of_union``.

Calcite's IntersectToDistinctRule and MinusToDistinctRule write ``A INTERSECT B`` and ``A
EXCEPT B`` as a GROUP BY over ``A UNION ALL B`` (each operand tagged by an integer, maybe
made distinct first) whose HAVING counts the rows of each operand:
``COUNT(*) FILTER (WHERE t = 0) > 0 AND COUNT(*) FILTER (WHERE t = 1) = 0``, or
``COUNT(*) = 2`` over distinct operands; its printer spells the filtered count
``SUM(CASE WHEN t = 0 THEN 1 ELSE 0 END)`` too (round 63: ``w`` for 1, any integer
``1 <= w <= 2**31``: ``w`` times the operand's rows, never NULL on a group, which holds a
row; without ``ELSE 0`` the SUM is NULL where the operand holds none, and the conjunct then
drops the group as FALSE does, so ``= 0`` keeps no group of that set). A group is one distinct row of the key columns
(GROUP BY and the compound operators match values alike: NULL with NULL, no affinity), and
the operands holding it decide every such test: an operand that holds the row adds at least
one row to the group (exactly one when the operand is distinct on the keys), one that does
not adds none. The tests keep the groups whose set of operands is in a family; when that
family is "every operand of I, none of E" the query is ``INTERSECT(I) EXCEPT UNION(E)``
(``UNION(rest) EXCEPT UNION(E)`` when I is empty).
"""

from __future__ import annotations

import dataclasses
import itertools

from .. import ir
from ..ir.kinds import AggFn, ArithOp, CmpOp, SetOpKind, Ty
from .aggregates import group_by_as_distinct
from .setops import _drop_item, _int_lit, _over_derived, _union_all_operands
from .terms import _conjuncts

_MAX_OPERANDS = 4  # the families of operand sets are enumerated: 2 ** n - 1 sets
_MAX_WEIGHT = 2 ** 31  # a SUM of weights over fewer than 2 ** 32 rows stays below 2 ** 63
_FLIP = {CmpOp.LT: CmpOp.GT, CmpOp.GT: CmpOp.LT, CmpOp.LE: CmpOp.GE, CmpOp.GE: CmpOp.LE,
         CmpOp.EQ: CmpOp.EQ, CmpOp.NE: CmpOp.NE}


def counted_union(q):
    """``q`` as INTERSECT / EXCEPT / UNION of the operands of its derived UNION ALL when its
    HAVING only counts rows per operand (see the module), else ``q``."""
    if not _over_derived(q) or q.order:
        return q
    d = q.source
    parts = _union_all_operands(d.query)
    if not (parts and 2 <= len(parts) <= _MAX_OPERANDS
            and all(isinstance(p, ir.Select) for p in parts)):
        return q
    t = _tag(parts)
    keys = [n for j, n in enumerate(d.names) if j != t]
    if [(i.alias, i.name) if isinstance(i, ir.Col) else None for i in q.items] \
            != [(d.alias, n) for n in keys]:
        return q
    group = [(g.alias, g.name) if isinstance(g, ir.Col) else None for g in q.group_by]
    if len(group) != len(keys) or set(group) != {(d.alias, n) for n in keys}:
        return q
    tags = None if t is None else [p.items[t].value for p in parts]
    distinct = all(_distinct_on_keys(p, t) for p in parts)
    tests = [_test(c, d.alias, None if t is None else d.names[t], tags, distinct)
             for c in _conjuncts(q.having)]
    if not tests or any(x is None for x in tests):
        return q
    n = len(parts)
    sets = [frozenset(s) for k in range(1, n + 1) for s in itertools.combinations(range(n), k)]
    try:
        kept = {s for s in sets if all(x(s) for x in tests)}
    except _Undecided:
        return q
    operands = [p if t is None else _drop_item(p, t) for p in parts]
    return _setop(kept, sets, operands) or q


def _tag(parts) -> int | None:
    """The position where every operand has an integer literal, all different, or None."""
    for j in range(len(parts[0].items)):
        if all(_int_lit(p.items[j]) for p in parts) \
                and len({p.items[j].value for p in parts}) == len(parts):
            return j
    return None


def _distinct_on_keys(p: ir.Select, t: int | None) -> bool:
    """Does operand ``p`` return each row of its key items at most once (DISTINCT, or a
    GROUP BY of its items without aggregates; the tag is one constant)?"""
    p = group_by_as_distinct(p)
    return (p.distinct and not p.aggregate and p.limit is None and not p.offset
            and (t is None or _int_lit(p.items[t])))


def _test(c, alias, tag, tags, distinct):
    """The conjunct ``c`` as a predicate on the set of operands holding a group, or None:
    ``COUNT(*) op k`` (over distinct operands, or where ``op k`` holds for every count from
    the number of operands on), ``COUNT(CASE WHEN t = c THEN 1 END) op k`` likewise."""
    if not (isinstance(c, ir.Cmp) and not c.conv and c.op in _FLIP):
        return None
    agg, lit, op = c.left, c.right, c.op
    if not isinstance(agg, ir.Agg):
        agg, lit, op = c.right, c.left, _FLIP[c.op]
    if not (isinstance(agg, ir.Agg) and not agg.distinct and _int_lit(lit)):
        return None
    if agg.fn == AggFn.COUNT_STAR:
        return lambda s: _holds(op, lit.value, len(s), distinct)
    counted = _tag_count(agg, alias, tag, tags)
    if counted is None:
        return None
    j, w, null_if_none = counted

    def test(s):
        if j not in s:  # (NULL: HAVING drops the group)
            return not null_if_none and _compare(op, 0, lit.value)
        return _holds(op, lit.value, w, distinct)
    return test


def _tag_count(agg, alias, tag, tags) -> tuple[int, int, bool] | None:
    """(operand, weight ``w``, NULL when the operand holds no row) of ``agg``, which counts
    ``w`` per row of one operand: ``COUNT(CASE WHEN u.t = c THEN 1 END)`` (the lowering of
    ``COUNT(*) FILTER (WHERE u.t = c)``; weight 1), ``SUM(CASE WHEN u.t = c THEN w ELSE 0
    END)``, ``SUM(CASE WHEN u.t = c THEN w END)`` (NULL without a row of the operand), ``c``
    one operand's tag."""
    arg = agg.arg
    if not (agg.fn in (AggFn.COUNT, AggFn.SUM) and tag is not None and isinstance(arg, ir.Case)
            and len(arg.whens) == 1 and isinstance(arg.default, ir.Lit)):
        return None
    (cond, then), = arg.whens
    if not (isinstance(then, ir.Lit) and then.value is not None and isinstance(cond, ir.Cmp)
            and cond.op == CmpOp.EQ and not cond.conv):
        return None
    col, lit = (cond.left, cond.right) if isinstance(cond.left, ir.Col) else (cond.right, cond.left)
    if not (isinstance(col, ir.Col) and (col.alias, col.name) == (alias, tag) and _int_lit(lit)
            and lit.value in tags):
        return None
    j, other = tags.index(lit.value), arg.default.value
    if agg.fn == AggFn.COUNT:
        return (j, 1, False) if other is None else None
    if not (_int_lit(then) and 1 <= then.value <= _MAX_WEIGHT and (other is None or (
            _int_lit(arg.default) and other == 0))):
        return None
    return j, then.value, other is None


def _holds(op, k: int, low: int, exact: bool) -> bool:
    """``v op k`` for the count ``v``: ``low`` itself when ``exact`` (or 0), else any count
    from ``low`` on (past ``k + 1`` the comparison no longer changes); ``_Undecided`` when
    those counts disagree (the test then reads how often an operand repeats a row)."""
    values = [low] if exact or low == 0 else range(low, max(low, k) + 2)
    out = {_compare(op, v, k) for v in values}
    if len(out) != 1:
        raise _Undecided
    return out.pop()


class _Undecided(Exception):
    """A test whose value depends on how often an operand repeats a row."""


def _compare(op, v: int, k: int) -> bool:
    return {CmpOp.EQ: v == k, CmpOp.NE: v != k, CmpOp.LT: v < k, CmpOp.LE: v <= k,
            CmpOp.GT: v > k, CmpOp.GE: v >= k}[op]


def _setop(kept, sets, operands):
    """The compound keeping the rows whose set of holding operands is in ``kept``, or None
    when ``kept`` is no family "all of I, none of E"."""
    if not kept:
        return None
    n = len(operands)
    inside = frozenset.intersection(*kept)
    outside = frozenset(range(n)) - frozenset.union(*kept)
    if kept != {s for s in sets if inside <= s and not s & outside}:
        return None
    if inside:
        base = _chain(SetOpKind.INTERSECT, [operands[j] for j in sorted(inside)])
    else:
        base = _chain(SetOpKind.UNION, [operands[j] for j in range(n) if j not in outside])
    if not outside:
        return base
    return ir.SetOp(SetOpKind.EXCEPT, False, base,
                    _chain(SetOpKind.UNION, [operands[j] for j in sorted(outside)]))


def _chain(op, operands):
    out = operands[0]
    for x in operands[1:]:
        out = ir.SetOp(op, False, out, x)
    if len(operands) == 1 and isinstance(out, ir.Select):
        out = dataclasses.replace(out, distinct=True)  # one operand: its distinct rows
    return out


def count_of_union(q):
    """``SELECT COUNT(*) FROM (A UNION ALL B ..) AS u`` (no WHERE, GROUP BY, HAVING) is
    ``SELECT (SELECT COUNT(*) FROM (A) AS u) + (SELECT COUNT(*) FROM (B) AS u) ..``: UNION
    ALL keeps every row of every operand, and each count is one row, never NULL (a sum of
    integers far below 2**63: no overflow). Spark's LimitPushDown + CombineUnions and
    Calcite's AggregateUnionTransposeRule write the count so."""
    if not (isinstance(q, ir.Select) and q.aggregate and not q.group_by and q.having is None
            and q.where is None and not q.distinct and not q.order and q.limit is None
            and not q.offset and q.bare_from is None and isinstance(q.source, ir.Derived)
            and len(q.items) == 1 and isinstance(q.items[0], ir.Agg)
            and q.items[0].fn == AggFn.COUNT_STAR):
        return q
    d = q.source
    parts = _union_all_operands(d.query)
    if not parts:
        return q
    counts = [ir.ScalarSub(dataclasses.replace(q, source=dataclasses.replace(d, query=p)), Ty.INT)
              for p in parts]
    total = counts[0]
    for c in counts[1:]:
        total = ir.Arith(ArithOp.ADD, total, c, Ty.INT)
    return dataclasses.replace(q, source=None, aggregate=False, items=(total,))
