"""Set operations of filters read as one filter (issue 25, item 1): ``union_as_filter``
(UNION of two filters of one relation is the filter of their disjunction),
``intersect_as_in`` (INTERSECT of one column as an IN subquery) and
``except_as_anti_join`` (EXCEPT of one column as NOT EXISTS). Both rewrite a compound
before its operands are canonicalized (the driver's site ``compound``)."""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import CmpOp, LogicOp, SetOpKind, Ty
from .setops import _EXACT, _plain_filter, _renamed, items_hold_key
from .terms import _and, _conjuncts, _key, _leaves


def _bare(q) -> bool:
    """A compound without ALL, ORDER BY, LIMIT or OFFSET."""
    return not q.all and q.limit is None and not q.offset and not q.order


def _union_operands(q) -> list:
    """The operands of a chain of UNION (no ALL, ORDER BY or LIMIT), left to right."""
    if isinstance(q, ir.SetOp) and q.op == SetOpKind.UNION and _bare(q):
        return _union_operands(q.left) + _union_operands(q.right)
    return [q]


def _identical_when_equal(a: ir.Select, schema) -> bool:
    """Do two rows of ``a``'s FROM whose items compare equal (as UNION and DISTINCT compare
    them: NULLs alike, no affinity) give identical items, so that which of them a
    duplicate-removing operator keeps does not show? Yes when every item is a column of an
    affinity under which equal values are identical (INTEGER, REAL, NUMERIC, TEXT: no 1
    beside 1.0), or when the items hold a unique key, never NULL, of the one table ``a``
    scans (one row gives them)."""
    if all(isinstance(i, ir.Col) and i.affinity in _EXACT for i in a.items):
        return True
    return items_hold_key(a, schema)


def _merge_filters(a: ir.Select, b: ir.Select, schema):
    """``a`` UNION ``b`` as one DISTINCT filter, or None."""
    if not (_plain_filter(a) and _plain_filter(b)):
        return None
    b = _renamed(b, a)
    if b is None or b.items != a.items or not _identical_when_equal(a, schema):
        return None
    return dataclasses.replace(a, where=_either(a.where, b.where), distinct=True)


def _disjuncts(e) -> list:
    if isinstance(e, ir.Logic) and e.op == LogicOp.OR:
        return [d for x in e.args for d in _disjuncts(x)]
    return [e]


def _either(p, q):
    """``p OR q`` with their common conjuncts outside: ``(c AND x) OR (c AND y)`` is ``c AND
    (x OR y)`` in three-valued logic too (the inner joins' ON conditions are WHERE
    conjuncts of both operands); TRUE (None) when one side keeps every row."""
    mine, theirs = _conjuncts(p), _conjuncts(q)
    keys = {_key(c) for c in theirs}
    common = [c for c in mine if _key(c) in keys]
    shared = {_key(c) for c in common}
    rest_p = [c for c in mine if _key(c) not in shared]
    rest_q = [c for c in theirs if _key(c) not in shared]
    if not rest_p or not rest_q:  # one operand keeps every row the other's filter reads
        return _and(common)
    args = _disjuncts(_and(rest_p)) + _disjuncts(_and(rest_q))
    return _and([*common, ir.Logic(LogicOp.OR, tuple(args))])


def union_as_filter(q, schema):
    """``SELECT e FROM F WHERE p UNION SELECT e FROM F WHERE q`` is ``SELECT DISTINCT e FROM
    F WHERE p OR q`` (Calcite's and Spark's union-of-filters laws; a row of ``F`` is in
    the union's input when ``p`` or ``q`` is TRUE, which is when ``p OR q`` is TRUE in
    three-valued logic). Both remove duplicates by one equality (NULLs alike, no
    affinity); the rows kept are identical when equal items are identical values
    (``_identical_when_equal``). ``F`` is one tree of the same tables and joins on both
    sides, the operands have no aggregate, window, LIMIT or ORDER BY; in a chain of
    UNIONs the first two operands that merge do, and the driver comes back for more."""
    if not (isinstance(q, ir.SetOp) and q.op == SetOpKind.UNION and _bare(q)):
        return q
    parts = _union_operands(q)
    for i, a in enumerate(parts):
        for j in range(i + 1, len(parts)):
            merged = _merge_filters(a, parts[j], schema)
            if merged is None:
                continue
            rest = [merged] + [p for k, p in enumerate(parts) if k not in (i, j)]
            out = rest[0]
            for p in rest[1:]:
                out = ir.SetOp(SetOpKind.UNION, False, out, p)
            return out
    return q


def _never_null(col: ir.Col, a: ir.Select, schema) -> bool:
    """Is column ``col`` of ``a``'s inner-joined FROM never NULL on a row ``a`` keeps: SQLite
    rejects NULL there, or a WHERE conjunct is ``col IS NOT NULL`` or a comparison that
    reads ``col`` itself (TRUE only on a value), or it is a derived table's column that
    reads such a column (as another rule may have written ``SELECT c FROM (SELECT k AS c
    FROM T) AS x``)?"""
    leaves = _leaves(a.source)
    if leaves is None:
        return False
    scan = next((x for x in leaves if x.alias == col.alias), None)
    if isinstance(scan, ir.Scan) and schema.table(scan.table).never_null(col.name):
        return True
    if isinstance(scan, ir.Derived) and col.name in scan.names:  # a column of a projection
        inner = scan.query
        if (_plain_filter(inner) and not inner.distinct
                and len(inner.items) == len(scan.names)):
            z = inner.items[scan.names.index(col.name)]
            if isinstance(z, ir.Col) and _never_null(z, inner, schema):
                return True
    for c in _conjuncts(a.where):
        if isinstance(c, ir.Not) and isinstance(c.arg, ir.IsNull) and c.arg.arg == col:
            return True
        if (isinstance(c, ir.Cmp) and c.op not in (CmpOp.IS, CmpOp.IS_NOT)
                and col in (c.left, c.right)):
            return True
    return False


def intersect_as_in(q, schema):
    """``SELECT a FROM F WHERE p INTERSECT SELECT b FROM G ...`` is ``SELECT DISTINCT a FROM F
    WHERE p AND a IN (SELECT b FROM G ...)`` (Calcite's IntersectToSemiJoin, textbook
    INTERSECT as a semijoin) when ``a`` is never NULL on a kept row (INTERSECT finds a NULL
    in the right operand, IN does not) and ``a`` and ``b`` are columns of one affinity under
    which equal values are identical (INTERSECT compares without affinity conversion, IN
    converts when the affinities differ; the row kept is then the same value). One column;
    the right operand any select (its rows are read as a set by both)."""
    if not (isinstance(q, ir.SetOp) and q.op == SetOpKind.INTERSECT and _bare(q)):
        return q
    a, b = q.left, q.right
    if not (_plain_filter(a) and isinstance(b, ir.Select) and len(a.items) == 1
            and len(b.items) == 1):
        return q
    x, y = a.items[0], b.items[0]
    if not (isinstance(x, ir.Col) and isinstance(y, ir.Col) and x.affinity in _EXACT
            and x.affinity == y.affinity and _never_null(x, a, schema)):
        return q
    semi = ir.InSub(x, dataclasses.replace(b, distinct=False, order=())
                    if b.limit is None and not b.offset else b)
    return dataclasses.replace(a, where=_and([*_conjuncts(a.where), semi]), distinct=True)


def except_as_anti_join(q, schema):
    """``SELECT a FROM F WHERE p EXCEPT SELECT b FROM G WHERE r`` is ``SELECT DISTINCT a FROM
    F WHERE p AND NOT EXISTS (SELECT 1 FROM G WHERE r AND b = a)`` (Calcite's
    MinusToAntiJoinRule; Spark's ReplaceExceptWithAntiJoin) under ``intersect_as_in``'s
    conditions: ``a`` never NULL on a kept row (EXCEPT removes a NULL that the right
    operand holds; ``b = NULL`` matches nothing), ``a`` and ``b`` columns of one exact
    affinity (EXCEPT converts nothing; ``=`` then converts nothing either). The right
    operand a plain filter (no aggregate, window, LIMIT), its DISTINCT no matter."""
    if not (isinstance(q, ir.SetOp) and q.op == SetOpKind.EXCEPT and _bare(q)):
        return q
    a, b = q.left, q.right
    if not (_plain_filter(a) and _plain_filter(b) and len(a.items) == 1 and len(b.items) == 1):
        return q
    x, y = a.items[0], b.items[0]
    if not (isinstance(x, ir.Col) and isinstance(y, ir.Col) and x.affinity in _EXACT
            and x.affinity == y.affinity and _never_null(x, a, schema)):
        return q
    match = ir.Cmp(CmpOp.EQ, y, x)
    body = dataclasses.replace(b, where=_and([*_conjuncts(b.where), match]), distinct=False,
                               items=(ir.Lit(1, Ty.INT),), names=())
    anti = ir.Not(ir.Exists(body))
    return dataclasses.replace(a, where=_and([*_conjuncts(a.where), anti]), distinct=True)
