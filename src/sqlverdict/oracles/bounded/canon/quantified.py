"""Quantified comparisons as WHERE conditions (issue 25, item 1): ``case_as_condition`` (a
CASE over EXISTS tests with constant results, what ``x op ANY|ALL (S)`` becomes in SQLite,
read as a condition) and ``extremum_as_exists`` (``x > (SELECT MIN(c) ...)`` as an EXISTS).
``own_extremum`` (a row's column equal to its table's MAX as NOT EXISTS of a greater one)
and ``count_as_exists``. Each rewrites WHERE/ON conjuncts of an inner-joined select, where
only TRUE keeps a row: at the driver's site ``sources`` (``conditions``: the select restarts
with the conjuncts it returns, read apart) or ``conjunct``."""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Conv, FuncName, LogicOp, Ty
from .terms import _and, _conjuncts


def _truthy(v) -> bool | None:
    """Does the constant ``v`` keep a row as a condition (None: not a constant read here)?"""
    if isinstance(v, ir.Lit) and v.ty in (Ty.INT, Ty.NULL, Ty.BOOL):
        return bool(v.value)
    return None


def _two_valued(c) -> bool:
    """Is ``c`` never NULL: EXISTS, IS NULL, or NOT of one of them?"""
    while isinstance(c, ir.Not):
        c = c.arg
    return isinstance(c, ir.Exists | ir.IsNull)


def _negated(c):
    return c.arg if isinstance(c, ir.Not) else ir.Not(c)


def case_as_condition(c, leaves=()):
    """``CASE WHEN c1 THEN v1 WHEN c2 THEN v2 .. ELSE vd END`` as a condition, every ``ci``
    two-valued (EXISTS, IS NULL) and every ``vi`` a constant, is the OR over the branches
    whose value is true of "this test holds and no earlier one does" (a WHEN takes the
    first test that holds; NULL and 0 keep no row). SQLite has no ``ANY``/``ALL``: the
    dialect translation writes ``x > ANY (S)`` as ``CASE WHEN EXISTS (S WHERE x > c) THEN 1
    WHEN EXISTS (S WHERE (x > c) IS NULL) THEN NULL ELSE 0 END``, which keeps a row exactly
    when ``EXISTS (S WHERE x > c)``; ``x > ALL (S)`` (0, NULL, 1) when neither EXISTS holds."""
    case = c.args[0] if isinstance(c, ir.Func) and c.name == FuncName.TRUTH else c
    if not isinstance(case, ir.Case) or not all(_two_valued(t) for t, _ in case.whens):
        return c
    values = [_truthy(v) for _, v in case.whens] + [_truthy(case.default)]
    if any(v is None for v in values):
        return c
    tests = [_null_test_out(t) for t, _ in case.whens]
    branches = []
    for i, keep in enumerate(values):
        if keep:
            branches.append(_and([*(_negated(t) for t in tests[:i]),
                                  *([tests[i]] if i < len(tests) else [])]))
    if not branches:
        return ir.Lit(0, Ty.BOOL)
    if any(b is None for b in branches):  # the default of no WHEN: every row
        return ir.Lit(1, Ty.BOOL)
    return branches[0] if len(branches) == 1 else ir.Logic(LogicOp.OR, tuple(branches))


def _null_test_out(t):
    """``EXISTS (S WHERE (x op c) IS NULL AND r)``, ``c`` a column of S not NULL on S's kept
    rows (a conjunct ``c IS NOT NULL`` or a comparison reading ``c``) and ``x`` a column of
    the outer query, is ``x IS NULL AND EXISTS (S WHERE r)``: the comparison is NULL exactly
    when ``x`` is (what the ALL form's second test asks)."""
    if not (isinstance(t, ir.Exists) and isinstance(t.query, ir.Select)):
        return t
    q = t.query
    conds = _conjuncts(q.where)
    own = set(_aliases(q.source))
    for k, c in enumerate(conds):
        if not (isinstance(c, ir.IsNull) and isinstance(c.arg, ir.Cmp)
                and c.arg.op not in (CmpOp.IS, CmpOp.IS_NOT)):
            continue
        pair = (c.arg.left, c.arg.right)
        for x, y in (pair, pair[::-1]):
            rest = conds[:k] + conds[k + 1:]
            if (isinstance(x, ir.Col) and isinstance(y, ir.Col) and x.alias not in own
                    and y.alias in own and _not_null_in(y, rest, q.source)):
                inner = ir.Exists(dataclasses.replace(q, where=_and(rest)))
                return ir.Logic(LogicOp.AND, (ir.IsNull(x), inner))
    return t


def _derived(src, alias):
    if isinstance(src, ir.Join):
        return _derived(src.left, alias) or _derived(src.right, alias)
    return src if isinstance(src, ir.Derived) and src.alias == alias else None


def _aliases(src) -> list:
    if isinstance(src, ir.Join):
        return _aliases(src.left) + _aliases(src.right)
    return [src.alias] if src is not None else []


def _not_null_in(y, conds, src=None) -> bool:
    """Is column ``y`` not NULL where ``conds`` hold: a conjunct ``y IS NOT NULL`` or a
    comparison reading ``y``; a column of a derived table in ``src`` whose item is a column
    its own WHERE says so of."""
    d = _derived(src, y.alias)
    if d is not None and y.name in d.names:
        inner = d.query
        if (isinstance(inner, ir.Select) and not inner.aggregate and not inner.group_by
                and inner.limit is None and not inner.offset and len(inner.items) == len(d.names)):
            z = inner.items[d.names.index(y.name)]
            if isinstance(z, ir.Col) and _not_null_in(z, _conjuncts(inner.where), inner.source):
                return True
    for c in conds:
        if isinstance(c, ir.Not) and isinstance(c.arg, ir.IsNull) and c.arg.arg == y:
            return True
        if isinstance(c, ir.Cmp) and c.op not in (CmpOp.IS, CmpOp.IS_NOT) and y in (c.left, c.right):
            return True
    return False


def conditions(law, q, leaves, conds, *args):
    """``(q, leaves, conds)`` with ``law`` applied to each conjunct and the conjuncts of
    what it returns read apart (the site ``sources``); the same tuple when it fires nowhere."""
    out, fired = [], False
    for c in conds:
        new = law(c, leaves, *args)
        fired |= new is not c
        out += _conjuncts(new) if new is not c else [c]
    return (q, leaves, out) if fired else None


# x op extremum: the op for which "x op MIN|MAX(c)" is "x op c for some c"
_SOME = {(CmpOp.GT, AggFn.MIN), (CmpOp.GE, AggFn.MIN), (CmpOp.LT, AggFn.MAX),
         (CmpOp.LE, AggFn.MAX)}
_FLIP = {CmpOp.GT: CmpOp.LT, CmpOp.GE: CmpOp.LE, CmpOp.LT: CmpOp.GT, CmpOp.LE: CmpOp.GE}


def _extremum(q):
    """(fn, column) of ``SELECT MIN|MAX(c) FROM F [WHERE p]`` (no GROUP BY, HAVING, LIMIT,
    OFFSET, DISTINCT items), else None."""
    if not (isinstance(q, ir.Select) and q.aggregate and not q.group_by and q.having is None
            and q.limit is None and not q.offset and q.bare_from is None
            and q.source is not None and len(q.items) == 1):
        return None
    a = q.items[0]
    if isinstance(a, ir.Agg) and a.fn in (AggFn.MIN, AggFn.MAX) and isinstance(a.arg, ir.Col):
        return a.fn, a.arg
    return None


def against_extremum(c, allowed):
    """``(op, x, query, (MIN or MAX, c))`` of a condition ``x op (SELECT MIN/MAX(c) ..)``
    (either side; ``(op, fn)`` in ``allowed``; ``x`` and ``c`` columns of one affinity, the
    comparison converting nothing), else None."""
    if not (isinstance(c, ir.Cmp) and c.op in _FLIP and c.conv == Conv.NONE):
        return None
    op, x, sub = c.op, c.left, c.right
    if isinstance(x, ir.ScalarSub):
        op, x, sub = _FLIP[op], sub, x
    if not isinstance(sub, ir.ScalarSub) or not isinstance(x, ir.Col):
        return None
    found = _extremum(sub.query)
    if found is None or (op, found[0]) not in allowed:
        return None
    if found[1].affinity != x.affinity or found[1].affinity is None:
        return None
    return op, x, sub.query, found


def extremum_as_exists(c):
    """``x > (SELECT MIN(c) FROM F WHERE p)`` as a condition is ``EXISTS (SELECT 1 FROM F
    WHERE p AND x > c)`` (``>=`` too, and ``<``/``<=`` of MAX; Calcite's SubQueryRemoveRule
    prints ``> SOME`` as such a MIN). MIN and MAX skip NULLs and are NULL over no value, so
    the comparison keeps a row exactly when some non-NULL ``c`` satisfies it. Only when
    ``x`` and ``c`` are columns of one affinity and the comparison converts nothing: MIN
    orders the values as stored, the comparison then compares them as stored too (with a
    conversion, ``'10' < '9'`` as text but 10 > 9 as numbers)."""
    found = against_extremum(c, _SOME)
    if found is None:
        return c
    op, x, q, (_, col) = found
    test = ir.Cmp(op, x, col)
    body = dataclasses.replace(q, where=_and([*_conjuncts(q.where), test]), aggregate=False,
                               items=(ir.Lit(1, Ty.INT),), names=())
    return ir.Exists(body)


# count op n, n an integer: EXISTS (True) or NOT EXISTS (False) when that is its meaning
_COUNTS = {(CmpOp.GT, 0): True, (CmpOp.GE, 1): True, (CmpOp.NE, 0): True,
           (CmpOp.EQ, 0): False, (CmpOp.LT, 1): False, (CmpOp.LE, 0): False}
_MIRROR = {**_FLIP, CmpOp.EQ: CmpOp.EQ, CmpOp.NE: CmpOp.NE}


def count_as_exists(c):
    """``(SELECT COUNT(*) FROM F WHERE p) > 0`` as a condition is ``EXISTS (SELECT 1 FROM F
    WHERE p)`` (also ``>= 1``, ``<> 0``), and ``= 0`` (``< 1``, ``<= 0``) is NOT EXISTS: a
    count is never NULL and at least 0 (the count bug's other side: an empty group counts
    0, where a grouped join has no row). ``COUNT(c)`` counts the rows where ``c`` is not
    NULL, ``COUNT(DISTINCT c)`` is positive exactly then too. No GROUP BY, HAVING, LIMIT."""
    if not (isinstance(c, ir.Cmp) and c.op in _MIRROR):
        return c
    op, sub, n = c.op, c.left, c.right
    if isinstance(n, ir.ScalarSub):
        op, sub, n = _MIRROR[op], n, sub
    if not (isinstance(sub, ir.ScalarSub) and isinstance(n, ir.Lit) and n.ty == Ty.INT
            and isinstance(n.value, int) and (op, n.value) in _COUNTS):
        return c
    q = sub.query
    if not (isinstance(q, ir.Select) and q.aggregate and not q.group_by and q.having is None
            and q.limit is None and not q.offset and q.bare_from is None
            and q.source is not None and len(q.items) == 1 and isinstance(q.items[0], ir.Agg)):
        return c
    count = q.items[0]
    if count.fn == AggFn.COUNT_STAR:
        kept = []
    elif count.fn == AggFn.COUNT and count.arg is not None and not isinstance(count.arg, ir.RowVal):
        kept = [ir.Not(ir.IsNull(count.arg))]
    else:
        return c
    body = dataclasses.replace(q, where=_and([*_conjuncts(q.where), *kept]), aggregate=False,
                               items=(ir.Lit(1, Ty.INT),), names=())
    e = ir.Exists(body)
    return e if _COUNTS[(op, n.value)] else ir.Not(e)


def own_extremum(c, leaves):
    """``a.c = (SELECT MAX(t.c) FROM T t)``, ``a`` a row of ``T`` itself (an inner-joined scan
    of the select), is ``a.c IS NOT NULL AND NOT EXISTS (SELECT 1 FROM T t WHERE a.c <
    t.c)`` (MIN: ``t.c < a.c``): a row's value is at most its table's maximum, so it is the
    maximum exactly when no row holds a greater one; a NULL ``a.c`` compares to nothing.
    The subquery reads all of ``T``, or the rows of ``a``'s own partition: a WHERE of
    conjuncts ``t.k = a.k`` (each a column with itself, no conversion), where ``a``'s row
    is one it reads exactly when each ``a.k`` is not NULL (Dayal's MIN as an anti join:
    ``a.c IS NOT NULL AND a.k IS NOT NULL AND NOT EXISTS (.. WHERE t.k = a.k AND t.c <
    a.c)``); the comparison converts nothing (one column on both sides)."""
    if not (isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and c.conv == Conv.NONE):
        return c
    x, sub = (c.left, c.right) if isinstance(c.right, ir.ScalarSub) else (c.right, c.left)
    if not (isinstance(x, ir.Col) and isinstance(sub, ir.ScalarSub)):
        return c
    found = _extremum(sub.query)
    q = sub.query
    if found is None or not isinstance(q.source, ir.Scan):
        return c
    fn, col = found
    scan = next((s for s in leaves if isinstance(s, ir.Scan) and s.alias == x.alias), None)
    if scan is None or scan.table != q.source.table or col.name != x.name \
            or col.alias != q.source.alias:
        return c
    keys = _own_partition(_conjuncts(q.where), q.source.alias, x.alias)
    if keys is None:
        return c
    greater = ir.Cmp(CmpOp.LT, x, col) if fn == AggFn.MAX else ir.Cmp(CmpOp.LT, col, x)
    body = dataclasses.replace(q, where=_and([*_conjuncts(q.where), greater]), aggregate=False,
                               items=(ir.Lit(1, Ty.INT),), names=())
    kept = [ir.Not(ir.IsNull(k)) for k in (x, *keys)]
    return ir.Logic(LogicOp.AND, (*kept, ir.Not(ir.Exists(body))))


def _own_partition(conds: list, inner: str, outer: str):
    """The outer columns ``a.k`` of conjuncts ``t.k = a.k`` (``t`` the ``inner`` alias, ``a``
    the ``outer`` one, one column on both sides, no conversion), or None when another
    conjunct is there."""
    keys = []
    for d in conds:
        if not (isinstance(d, ir.Cmp) and d.op == CmpOp.EQ and d.conv == Conv.NONE
                and isinstance(d.left, ir.Col) and isinstance(d.right, ir.Col)
                and d.left.name == d.right.name):
            return None
        pair = {d.left.alias, d.right.alias}
        if pair != {inner, outer}:
            return None
        keys.append(d.left if d.left.alias == outer else d.right)
    return keys
