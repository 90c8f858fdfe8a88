"""Set operations implemented with markers and counts, read back (issue 25, i38e):
``marked_union`` and ``count_distinct_as_intersect``.

``marked_union``: Trino's ImplementIntersectAsUnion / ImplementExceptAsUnion and Hive's
HiveIntersectRewriteRule / HiveExceptRewriteRule write ``A INTERSECT B`` and ``A EXCEPT B``
as a GROUP BY over a UNION ALL of the operands, each operand carrying marker columns:

    SELECT k FROM (SELECT a AS k, 1 AS m, 0 AS n FROM A UNION ALL SELECT b, 0, 1 FROM B) u
    GROUP BY k HAVING SUM(m) > 0 AND SUM(n) = 0                       -- A EXCEPT B

(Hive: each operand grouped by its keys first, the marker a ``COUNT(*)``). A group is one
distinct row of the keys (GROUP BY and the compound operators compare alike: NULLs as one
value, numbers by value, no affinity), and it holds ``r_i >= 1`` rows of each operand ``i``
that holds the row (exactly one of a DISTINCT operand or one grouped by its keys), none of
the others. Each marker column is, per operand, an integer literal ``0 <= v <= 2**31`` or
NULL, or the ``COUNT(*) = c_i >= 1`` of an operand grouped by its keys. So ``SUM``,
``COUNT``, ``MIN``, ``MAX`` of a marker and ``COUNT(*)`` over the group are functions of the
set ``s`` of operands holding it and of the ``r_i``, ``c_i``; a HAVING of comparisons of
them with integer literals keeps a family of sets when its truth does not depend on the
``r_i``, ``c_i``. Values at or above ``K`` (two past the largest literal compared) compare
as ``K`` does (markers are non-negative: a count or sum that reaches ``K`` stays above every
literal), so trying each of them in ``1..K`` decides it. A family "every operand of I, none
of E" is ``INTERSECT(I) EXCEPT UNION(E)`` (``counted._setop``). Sums stay far below
``2**63`` (under ``2**32`` rows a group). Two marker columns at least: one integer tag
column is ``setops.tagged_union``'s and ``counted.counted_union``'s. The keys are columns whose equal values are
identical (``_one_value``): which operand's copy GROUP BY shows is then no matter.

``count_distinct_as_intersect``: relational division by counting, the text-to-SQL way of
"accounts with both an OWNER and a DISPONENT":

    SELECT k FROM F WHERE w AND c IN (v1, .., vn) GROUP BY k HAVING COUNT(DISTINCT c) = n

is ``SELECT k FROM F WHERE w AND c = v1 INTERSECT .. INTERSECT SELECT k .. c = vn``. A
group's rows have ``c`` equal to one of the ``vi``; the values equal to one ``vi`` are one
value to COUNT(DISTINCT) and those of two ``vi`` differ (a TEXT column and text literals, or
an INTEGER/NUMERIC column and integer literals: no conversion, binary collation), so the
count is the number of ``vi`` some row of the group holds, ``n`` exactly when each does:
when the key row is in every operand of the INTERSECT. ``>= n`` and ``> n - 1`` alike (the
count never passes ``n``). GROUP BY and INTERSECT take NULL keys as one value; the keys are
columns whose equal values are identical (``_one_value``).
"""

from __future__ import annotations

import dataclasses
import itertools

from .. import ir
from ..ir.kinds import Affinity, AggFn, CmpOp, LogicOp, SetOpKind, Ty
from .counted import _MAX_OPERANDS, _compare, _setop
from .setops import _over_derived, _rename_source, _union_all_operands
from .terms import _and, _conjuncts, _deep, _key, _tree_aliases, _windowless
from .transfer import _exact

_FLIP = {CmpOp.LT: CmpOp.GT, CmpOp.GT: CmpOp.LT, CmpOp.LE: CmpOp.GE, CmpOp.GE: CmpOp.LE,
         CmpOp.EQ: CmpOp.EQ, CmpOp.NE: CmpOp.NE}
_MAX_MARK = 2 ** 31
_MAX_TRIALS = 20_000  # assignments of the free counts tried per set of operands
_COUNT = "count"  # a marker that is the operand's COUNT(*)


@dataclasses.dataclass(frozen=True)
class _Operand:
    """One UNION ALL operand as the groups see it: ``once`` when it gives one row per key
    row, ``marks`` per marker position an int, None (NULL) or ``_COUNT``."""

    query: ir.Select
    once: bool
    marks: dict


def _int_value(e) -> int | None | str:
    """A marker's value: an integer literal in range, NULL, or ``"bad"``."""
    if isinstance(e, ir.Lit) and e.value is None:
        return None
    if isinstance(e, ir.Lit) and e.ty == Ty.INT and type(e.value) is int and 0 <= e.value <= _MAX_MARK:
        return e.value
    return "bad"


def _operand(p, keys: list[int], marks: list[int]) -> _Operand | None:
    """``p`` read as an operand: a plain select (maybe DISTINCT) whose markers are literals,
    or one grouped by exactly its key items (no HAVING) whose markers are literals or
    ``COUNT(*)``."""
    if not (isinstance(p, ir.Select) and p.limit is None and not p.offset and not p.order
            and p.bare_from is None and not any(isinstance(x, ir.Window) for x in ir.nodes(p.items))):
        return None
    out = {}
    grouped = bool(p.group_by)
    for j in marks:
        e = p.items[j]
        v = _COUNT if (grouped and isinstance(e, ir.Agg) and e.fn == AggFn.COUNT_STAR) else _int_value(e)
        if v == "bad":
            return None
        out[j] = v
    key_items = [p.items[j] for j in keys]
    if any(isinstance(x, ir.Agg) for x in ir.nodes(key_items)):
        return None
    if grouped:
        if p.having is not None or p.distinct or {_key(g) for g in p.group_by} != {_key(k) for k in key_items}:
            return None
        plain = dataclasses.replace(p, group_by=(), aggregate=False)
        return _Operand(dataclasses.replace(plain, items=tuple(key_items), names=()), True, out)
    if p.aggregate or p.having is not None:
        return None
    return _Operand(dataclasses.replace(p, items=tuple(key_items), names=(), distinct=False),
                    p.distinct, out)


def _positions(q, d) -> tuple[list[int], list[int]] | None:
    """(key positions in item order, marker positions): the items are distinct columns of
    ``d`` and the GROUP BY keys the same set; every other column is a marker."""
    pos = {n: j for j, n in enumerate(d.names)}
    keys = []
    for i in q.items:
        if not (isinstance(i, ir.Col) and i.alias == d.alias and i.name in pos):
            return None
        keys.append(pos[i.name])
    group = [pos.get(g.name) if isinstance(g, ir.Col) and g.alias == d.alias else None
             for g in q.group_by]
    if len(set(keys)) != len(keys) or None in group or set(group) != set(keys) \
            or len(group) != len(keys):
        return None
    return keys, [j for j in range(len(d.names)) if j not in keys]


def _test(c, d, marks: list[int]):
    """A HAVING conjunct as (aggregate function, marker position or None, op, literal)."""
    if not (isinstance(c, ir.Cmp) and not c.conv and c.op in _FLIP):
        return None
    agg, lit, op = c.left, c.right, c.op
    if not isinstance(agg, ir.Agg):
        agg, lit, op = c.right, c.left, _FLIP[c.op]
    if not (isinstance(agg, ir.Agg) and not agg.distinct and isinstance(lit, ir.Lit)
            and lit.ty == Ty.INT and type(lit.value) is int):
        return None
    if agg.fn == AggFn.COUNT_STAR:
        return agg.fn, None, op, lit.value
    a = agg.arg
    if not (agg.fn in (AggFn.SUM, AggFn.COUNT, AggFn.MIN, AggFn.MAX) and isinstance(a, ir.Col)
            and a.alias == d.alias and a.name in d.names and d.names.index(a.name) in marks):
        return None
    return agg.fn, d.names.index(a.name), op, lit.value


def _value(fn, j, rows: list[tuple[int, dict]]):
    """The aggregate over a group of ``rows`` (``(count, {marker: value})`` per operand)."""
    if fn == AggFn.COUNT_STAR:
        return sum(r for r, _ in rows)
    vals = [(r, m[j]) for r, m in rows if m[j] is not None]
    if fn == AggFn.COUNT:
        return sum(r for r, _ in vals)
    if not vals:
        return None
    if fn == AggFn.SUM:
        return sum(r * v for r, v in vals)
    return (min if fn == AggFn.MIN else max)(v for _, v in vals)


def _kept(ops: list[_Operand], s: tuple[int, ...], tests: list, k: int) -> bool | None:
    """Do the tests keep a group held by the operands ``s``, whatever the free counts (None
    when that depends on them)?"""
    free = [(i, "r") for i in s if not ops[i].once]
    free += [(i, "c") for i in s if _COUNT in ops[i].marks.values()]
    if k ** len(free) > _MAX_TRIALS:
        return None
    seen = set()
    for values in itertools.product(range(1, k + 1), repeat=len(free)):
        got = dict(zip(free, values, strict=True))
        rows = [(got.get((i, "r"), 1),
                 {j: got[(i, "c")] if v == _COUNT else v for j, v in ops[i].marks.items()})
                for i in s]
        out = []
        for fn, j, op, lit in tests:
            v = _value(fn, j, rows)
            out.append(v is not None and _compare(op, v, lit))
        seen.add(all(out))
        if len(seen) > 1:
            return None
    return seen.pop()


def marked_union(q, typed: bool):
    """``q`` as INTERSECT / EXCEPT / UNION of its derived UNION ALL's operands when its HAVING
    reads only markers (the module's note), else ``q``."""
    if not _over_derived(q) or q.order or q.distinct:
        return q
    d = q.source
    parts = _union_all_operands(d.query)
    if not (parts and 2 <= len(parts) <= _MAX_OPERANDS):
        return q
    found = _positions(q, d)
    if found is None or len(found[1]) < 2:  # one tag column: tagged_union, counted_union
        return q
    keys, marks = found
    ops = [_operand(p, keys, marks) for p in parts]
    if any(o is None for o in ops) or not _identical(ops, typed):
        return q
    tests = [_test(c, d, marks) for c in _conjuncts(q.having)]
    if not tests or any(t is None for t in tests):
        return q
    k = max(abs(t[3]) for t in tests) + 2
    n = len(ops)
    sets = [frozenset(s) for m in range(1, n + 1) for s in itertools.combinations(range(n), m)]
    kept = set()
    for s in sets:
        x = _kept(ops, tuple(sorted(s)), tests, k)
        if x is None:
            return q
        if x:
            kept.add(s)
    return _setop(kept, sets, [o.query for o in ops]) or q


def _one_value(a: ir.Col, b: ir.Col, typed: bool) -> bool:
    """Are equal values of columns ``a`` and ``b`` identical: ``transfer._exact``, or both
    integer columns of INTEGER (NUMERIC) affinity, whose equal values differ only at the REAL
    -2**63 that a proof over a grouping states away (``int_min``: ``no_real_int_min``)? (A
    derived column of an INTEGER arm and a REAL one is typed REAL: 1 beside 1.0.)"""
    return _exact(a, b, typed) or (a.ty == b.ty == Ty.INT and a.affinity == b.affinity
                                   and a.affinity in (Affinity.INTEGER, Affinity.NUMERIC))


def _identical(ops: list[_Operand], typed: bool) -> bool:
    """Are the key items columns whose equal values are identical, one kind per position?"""
    first = ops[0].query.items
    return all(isinstance(x, ir.Col) and isinstance(f, ir.Col) and _one_value(x, f, typed)
               for o in ops for x, f in zip(o.query.items, first, strict=True))



# ---- count_distinct_as_intersect


def _literal_set(c) -> tuple[ir.Col, list] | None:
    """(column, distinct literal values) of a conjunct ``c IN (v..)`` or ``c = v OR ..``."""
    if isinstance(c, ir.InList) and isinstance(c.arg, ir.Col):
        col, lits = c.arg, list(c.items)
    elif isinstance(c, ir.Logic) and c.op == LogicOp.OR:
        pairs = [_eq_literal(x) for x in c.args]
        if any(p is None for p in pairs) or len({p[0] for p in pairs}) != 1:
            return None
        col, lits = pairs[0][0], [p[1] for p in pairs]
    else:
        return None
    if not all(isinstance(v, ir.Lit) and _same_class(col, v) for v in lits):
        return None
    return col, list(dict.fromkeys(v.value for v in lits))


def _eq_literal(x):
    if isinstance(x, ir.Cmp) and x.op == CmpOp.EQ and not x.conv:
        if isinstance(x.left, ir.Col) and isinstance(x.right, ir.Lit):
            return x.left, x.right
        if isinstance(x.right, ir.Col) and isinstance(x.left, ir.Lit):
            return x.right, x.left
    return None


def _same_class(col: ir.Col, v: ir.Lit) -> bool:
    """Are the values of ``col`` equal to literal ``v`` one value, apart from every other
    literal's: text literals of a TEXT column, integer literals (not -2**63, which a REAL
    beside the INTEGER one equals) of an INTEGER or NUMERIC column."""
    if col.affinity == Affinity.TEXT:
        return v.ty == Ty.TEXT and isinstance(v.value, str)
    return (col.affinity in (Affinity.INTEGER, Affinity.NUMERIC) and v.ty == Ty.INT
            and type(v.value) is int and v.value > -2 ** 63)


def _counts_all(h, col: ir.Col, n: int) -> bool:
    """Is HAVING ``h`` ``COUNT(DISTINCT col) = n`` (``>= n``, ``> n - 1``; either side)?"""
    if not (isinstance(h, ir.Cmp) and not h.conv and h.op in _FLIP):
        return False
    agg, lit, op = h.left, h.right, h.op
    if not isinstance(agg, ir.Agg):
        agg, lit, op = h.right, h.left, _FLIP[h.op]
    if not (isinstance(agg, ir.Agg) and agg.fn == AggFn.COUNT and agg.distinct and agg.arg == col
            and isinstance(lit, ir.Lit) and lit.ty == Ty.INT and type(lit.value) is int):
        return False
    return (op, lit.value) in ((CmpOp.EQ, n), (CmpOp.GE, n), (CmpOp.GT, n - 1))


def _copy(q: ir.Select, i: int) -> ir.Select:
    """``q`` with the aliases of its FROM renamed apart (``~i``)."""
    rename = {a: f"{a}~{i}" for a in _tree_aliases(q.source)}
    out = _deep(q, lambda e: dataclasses.replace(e, alias=rename[e.alias])
                if isinstance(e, ir.Col) and e.alias in rename else e)
    return dataclasses.replace(out, source=_rename_source(out.source, rename))


def count_distinct_as_intersect(q, typed: bool):
    """``q`` as the INTERSECT of one filter per literal (the module's note), else ``q``."""
    if not (isinstance(q, ir.Select) and q.aggregate and q.group_by and q.having is not None
            and not q.distinct and not q.order and q.limit is None and not q.offset
            and q.bare_from is None and q.source is not None and _windowless(q)):
        return q
    keys = {_key(g) for g in q.group_by}
    if not (all(isinstance(i, ir.Col) and _one_value(i, i, typed) for i in q.items)
            and {_key(i) for i in q.items} == keys and len(q.items) == len(keys)
            and all(isinstance(g, ir.Col) for g in q.group_by)):
        return q
    conds = _conjuncts(q.where)
    for j, c in enumerate(conds):
        found = _literal_set(c)
        if found is None:
            continue
        col, values = found
        if len(values) < 2 or not _counts_all(q.having, col, len(values)):
            continue
        rest = conds[:j] + conds[j + 1:]
        plain = dataclasses.replace(q, aggregate=False, group_by=(), having=None, names=())
        parts = [_copy(dataclasses.replace(plain, where=_and(
            [*rest, ir.Cmp(CmpOp.EQ, col, ir.Lit(v, Ty.TEXT if isinstance(v, str) else Ty.INT))])), i)
            for i, v in enumerate(values)]
        out = parts[0]
        for p in parts[1:]:
            out = ir.SetOp(SetOpKind.INTERSECT, False, out, p)
        return out
    return q


SET_COUNT_RULES = (
    ("marked_union", "GROUP BY the keys of a UNION ALL whose other columns are per-operand "
     "markers (integer literals >= 0, NULL, COUNT(*) of an operand grouped by its keys), HAVING "
     "comparing SUM/COUNT/MIN/MAX of markers and COUNT(*) with literals, decided by which "
     "operands hold a group, is INTERSECT(I) EXCEPT UNION(E) (keys identical when equal; "
     "order not read)", ("query",),
     lambda canon, q, ctx: q if ctx["sensitive"] else marked_union(q, canon.typed), True),
    ("count_distinct_as_intersect", "SELECT k FROM F WHERE w AND c IN (v1..vn) GROUP BY k "
     "HAVING COUNT(DISTINCT c) = n is the INTERSECT of SELECT k FROM F WHERE w AND c = vi (a "
     "TEXT column of text literals, an INTEGER one of integers; keys identical when equal; "
     "order not read)", ("query",),
     lambda canon, q, ctx: q if ctx["sensitive"] else count_distinct_as_intersect(q, canon.typed),
     True),
)
