"""Another value in my own group (TPC-H Q21's quantifiers as counts): ``distinct_count_as_other_value``.

A WHERE conjunct ``(SELECT COUNT(DISTINCT s.v) FROM T s WHERE w) > 1`` (or ``>= 2``) is
``EXISTS (SELECT 1 FROM T s WHERE w AND s.v <> o.v)``, and ``= 1`` is its NOT EXISTS
(never ``<= 1``: an empty group passes it), when ``o`` is a scan of ``T`` in the select whose own row witnesses
``EXISTS (SELECT 1 FROM T s WHERE w)`` (``own_witness.exists_tests``, the tests it needs
kept beside) and ``o.v`` cannot be NULL (declared, or an operand of another conjunct's
comparison ``=``, ``<``, ..).

Sound in SQLite: where the other conjuncts hold and the tests hold, ``o`` is in the group
``G`` of rows where ``w`` holds, so the non-NULL ``o.v`` is one of ``G``'s distinct values:
there are two or more exactly when some row of ``G`` has a non-NULL ``v`` other than ``o.v``
(``<>`` TRUE; one column, no declared collation, equal values identical under
``_EXACT_AFFINITY``), one exactly when none has. Where a test fails, EXISTS over ``G`` does
not hold (the tests hold whenever it does), so ``G`` is empty, the count 0, and the conjunct
and its rewriting (the tests beside it) both not TRUE. COUNT(v) or COUNT(*) (duplicates of
one value counted) and a NULL-able ``o.v`` stay.
"""

from __future__ import annotations

import dataclasses

from ....types import Schema
from .. import ir
from ..ir.kinds import AggFn, CmpOp
from .filtered_magic import _never_null_test
from .joins import _EXACT_AFFINITY
from .own_witness import exists_tests
from .terms import Flat, _and, _conjuncts

_ONE = ir.Lit(1, ir.kinds.Ty.INT)
_STRICT = (CmpOp.EQ, CmpOp.NE, CmpOp.LT, CmpOp.LE, CmpOp.GT, CmpOp.GE)
# (op, k) of ``COUNT(DISTINCT v) op k`` -> "more" (two values or more) or "one"
# (not ``<= 1`` nor ``< 2``: an empty group's count 0 passes them, and NOT EXISTS beside the
# tests does not)
_READS = {(CmpOp.GT, 1): "more", (CmpOp.GE, 2): "more", (CmpOp.EQ, 1): "one"}
_FLIP = {CmpOp.GT: CmpOp.LT, CmpOp.LT: CmpOp.GT, CmpOp.GE: CmpOp.LE, CmpOp.LE: CmpOp.GE,
         CmpOp.EQ: CmpOp.EQ}


def distinct_count_as_other_value(q: ir.Select, leaves: list, conds: list, schema: Schema):
    """(q, leaves, conds) with one conjunct rewritten as the module docstring says; leaves
    None when nothing changed."""
    scans = [x for x in leaves if isinstance(x, ir.Scan)]
    for i, c in enumerate(conds):
        found = _count_test(c)
        if found is None:
            continue
        s, u, v, kind = found
        others = conds[:i] + conds[i + 1:]
        for o in scans:
            ov = ir.Col(o.alias, v.name, v.ty, v.affinity)
            if not (o.table == u.table and o.columns == u.columns and _not_null(ov, others, o, schema)):
                continue
            tests = exists_tests(ir.Exists(_body(s, [])), [o], others)
            if tests is None:
                continue
            new = ir.Exists(_body(s, [ir.Cmp(CmpOp.NE, v, ov)]))
            new = new if kind == "more" else ir.Not(new)
            keep = [t for t in tests if not _never_null_test(t, {o.alias: o}, schema)]
            return q, leaves, conds[:i] + [new, *keep] + conds[i + 1:]
    return q, None, conds


def _count_test(c):
    """(the subquery, its scan, the counted column, "more" or "one") of a conjunct
    ``(SELECT COUNT(DISTINCT s.v) FROM T s WHERE w) op k``, else None."""
    if not (isinstance(c, ir.Cmp) and not c.conv):
        return None
    sub, op, k = (c.left, c.op, c.right) if isinstance(c.left, ir.ScalarSub) else (c.right, _FLIP.get(c.op), c.left)
    if not (isinstance(sub, ir.ScalarSub) and isinstance(k, ir.Lit) and type(k.value) is int):
        return None
    kind, s = _READS.get((op, k.value)), sub.query
    if kind is None or not isinstance(s, ir.Select):
        return None
    src = s.source.leaves[0] if isinstance(s.source, Flat) and len(s.source.leaves) == 1 \
        and not s.source.classes else s.source
    agg = s.items[0] if len(s.items) == 1 else None
    if not (isinstance(src, ir.Scan) and s.aggregate and not s.group_by and s.having is None
            and s.limit is None and not s.offset and not s.distinct and s.bare_from is None
            and isinstance(agg, ir.Agg) and agg.fn == AggFn.COUNT and agg.distinct
            and isinstance(agg.arg, ir.Col) and agg.arg.alias == src.alias
            and agg.arg.affinity in _EXACT_AFFINITY):
        return None
    return dataclasses.replace(s, source=src), src, agg.arg, kind


def _body(s: ir.Select, extra: list) -> ir.Select:
    return dataclasses.replace(s, aggregate=False, items=(_ONE,), names=(),
                               where=_and(_conjuncts(s.where) + extra))


def _not_null(col: ir.Col, others: list, o: ir.Scan, schema: Schema) -> bool:
    """Is ``col`` (of the scan ``o``) declared NOT NULL, or a direct operand of a strict
    comparison among the other conjuncts, with no declared collation on it?"""
    table = schema.table(o.table)
    if col.name in {n.lower() for n in table.collated}:
        return False
    if table.never_null(col.name):
        return True
    return any(isinstance(d, ir.Cmp) and d.op in _STRICT and col in (d.left, d.right)
               for d in others)


OTHER_VALUE_RULES = (
    ("distinct_count_as_other_value", "(SELECT COUNT(DISTINCT s.v) FROM T s WHERE w) > 1 is "
     "EXISTS (T s WHERE w AND s.v <> o.v) (= 1: NOT EXISTS), o a scan of T whose own row "
     "is in the group and o.v never NULL: another value in my own group",
     ("sources",), lambda canon, v, ctx: (lambda r: v if r[1] is None else r)(
         distinct_count_as_other_value(*v, canon.schema)), True),
)
