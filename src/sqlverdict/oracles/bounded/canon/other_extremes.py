"""Another value in a group, said with its MIN and MAX (round 63, i63a): ``extremes_as_other_value``.

TPC-H Q21 asks "another line of my order with another vendor" (``EXISTS .. v <> x``) and "no
other late line with another vendor" (``NOT EXISTS``); an engine that joins per-order
groupings says it with the extremes of the group. Once ``join_as_scalar_subquery`` and
``scalar_of_group`` read the joined groupings as correlated subqueries, a WHERE conjunct over
``m = (SELECT MIN(s.v) FROM F s WHERE w)`` and ``M = (SELECT MAX(s.v) FROM F s WHERE w)``
(one body ``F``/``w``, one column ``s.v``; no GROUP BY, HAVING, LIMIT) is rewritten:

- "some other value": ``m <> x OR M <> x`` (each disjunct also as ``x > m`` and ``x < M``,
  either side) is ``EXISTS (SELECT 1 FROM F s WHERE w AND x <> s.v)``;
- "no other value": ``m IS NULL OR (x = m AND x = M)`` (``M IS NULL`` too) is ``NOT EXISTS
  (SELECT 1 FROM F s WHERE w AND x <> s.v)``, when ``x`` is never NULL where the other
  conjuncts hold (declared NOT NULL, or another conjunct is never TRUE on a NULL ``x``:
  ``subquery_nulls._rejects``).

``x`` is an outer column (no alias of ``F``) of ``s.v``'s affinity and every comparison
converts nothing (``quantified.against_extremum``'s terms); no table read is collated.

Sound in SQLite (every database, any storage class): MIN, MAX and ``<>`` skip NULL ``v``, so
let ``G`` be the non-NULL values of ``v`` on the rows passing ``w``. SQLite orders the values
of one column without conversion totally (storage class, then value; BINARY collation), MIN
and MAX by that order, and ``=`` holds exactly between values the order ties. If ``G`` is
empty, ``m`` and ``M`` are NULL: the first form is NULL (not TRUE) and its EXISTS FALSE; the
second form TRUE (``IS NULL``) and its NOT EXISTS TRUE. If ``x`` is NULL, every comparison
with it is NULL: the first form is NULL and its EXISTS FALSE (the second form needs ``x`` not
NULL). Otherwise ``m <= g <= M`` for every ``g`` of ``G``, so some ``g <> x`` exists exactly
when ``m <> x`` or ``M <> x`` (``m < x`` or ``M > x``: if ``m > x`` then ``M > x``, and if
``M < x`` then ``m < x``), and none exists exactly when ``m = x = M``. The first form and its
EXISTS are then the same where a row is kept (TRUE), the second the same value. Only as a
WHERE conjunct of an inner-joined select (a NULL and a FALSE both drop the row).

Near misses (fixture): ``m <> x AND M <> x``, ``x >= m``, MIN and MAX of two columns or two
bodies, the second form without ``IS NULL`` (an empty group), a NULL-able ``x``.
"""

from __future__ import annotations

import dataclasses

from ....types import Schema
from .. import ir
from ..ir.kinds import AggFn, CmpOp, Conv, LogicOp, Ty
from .filtered_magic import _never_null_test
from .integer_neighbours import _aliases
from .own_witness import exists_tests
from .quantified import _extremum
from .setops import _renamed
from .subquery_nulls import _rejects
from .terms import Flat, _and, _conjuncts
from .windows import _collated

_MIRROR = {CmpOp.EQ: CmpOp.EQ, CmpOp.NE: CmpOp.NE, CmpOp.LT: CmpOp.GT, CmpOp.GT: CmpOp.LT}
# (op, the left side's aggregate) of ``MIN op MAX`` / ``MAX op MIN`` read as a spread
_SPREAD = {(CmpOp.NE, AggFn.MIN), (CmpOp.NE, AggFn.MAX), (CmpOp.LT, AggFn.MIN), (CmpOp.GT, AggFn.MAX),
           (CmpOp.EQ, AggFn.MIN), (CmpOp.EQ, AggFn.MAX)}
# (x op extremum) that says "some value of the group is not x" once either holds
_OTHER = {(CmpOp.NE, AggFn.MIN), (CmpOp.GT, AggFn.MIN), (CmpOp.NE, AggFn.MAX), (CmpOp.LT, AggFn.MAX)}


def _against(c):
    """(op, x, fn, column, body) of ``x op (SELECT MIN|MAX(s.v) FROM F s WHERE w)`` (either
    side; ``=``, ``<>``, ``<``, ``>``; no conversion; ``x`` a column of ``v``'s affinity, no
    alias of ``F``), the body the subquery without its item; else None."""
    if not (isinstance(c, ir.Cmp) and c.op in _MIRROR and c.conv == Conv.NONE):
        return None
    op, x, sub = c.op, c.left, c.right
    if isinstance(x, ir.ScalarSub):
        op, x, sub = _MIRROR[op], sub, x
    if not (isinstance(sub, ir.ScalarSub) and isinstance(x, ir.Col)):
        return None
    found = _extremum(sub.query)
    if found is None:
        return None
    fn, col = found
    q = sub.query
    if (col.affinity is None or col.affinity != x.affinity or x.alias in _aliases(q.source)
            or q.distinct):
        return None
    return op, x, fn, col, dataclasses.replace(q, items=(), names=())


def _null_test(c):
    """(fn, column, body) of ``(SELECT MIN|MAX(s.v) ..) IS NULL``, else None."""
    if not (isinstance(c, ir.IsNull) and isinstance(c.arg, ir.ScalarSub)):
        return None
    q = c.arg.query
    found = _extremum(q)
    if found is None or q.distinct:
        return None
    return *found, dataclasses.replace(q, items=(), names=())


def _pair(a, b, ops: set):
    """(x, column, body) when ``a`` and ``b`` compare one ``x`` with the MIN and the MAX of one
    column over one body, each (op, fn) in ``ops``; else None."""
    fa, fb = _against(a), _against(b)
    if fa is None or fb is None or (fa[0], fa[2]) not in ops or (fb[0], fb[2]) not in ops:
        return None
    if {fa[2], fb[2]} != {AggFn.MIN, AggFn.MAX} or fa[1] != fb[1] or not _same(fa, fb):
        return None
    return fa[1], fa[3], fa[4]


def _same(fa, fb) -> bool:
    """Do (.., column, body) ``fa`` and ``fb`` read one column of one body, up to the names of
    the body's scans (a fresh copy renames them)?"""
    (ca, a), (cb, b) = fa[-2:], fb[-2:]
    if (ca, a) == (cb, b):
        return True
    if not all(isinstance(x.source, ir.Scan | ir.Join) for x in (a, b)):
        return False
    both = _renamed(dataclasses.replace(b, items=(cb,)), dataclasses.replace(a, items=(ca,)))
    return both is not None and both == dataclasses.replace(a, items=(ca,))


def _some_other(c):
    """(x, column, body) of the first form, else None."""
    if isinstance(c, ir.Logic) and c.op == LogicOp.OR and len(c.args) == 2:
        return _pair(*c.args, _OTHER)
    return None


def _no_other(c):
    """(x, column, body) of the second form, else None."""
    if not (isinstance(c, ir.Logic) and c.op == LogicOp.OR and len(c.args) == 2):
        return None
    for t, both in (c.args, c.args[::-1]):
        found = _null_test(t)
        if (found is None or not isinstance(both, ir.Logic) or both.op != LogicOp.AND
                or len(both.args) != 2):
            continue
        pair = _pair(*both.args, {(CmpOp.EQ, AggFn.MIN), (CmpOp.EQ, AggFn.MAX)})
        if pair is not None and _same(pair, found):
            return pair
    return None


def _spread(c):
    """(kind, column, body) of ``m <> M`` (``m < M``, ``M > m``: kind "some") or ``m = M``
    (kind "none"), ``m``/``M`` the MIN and MAX of one column over one body, no conversion;
    else None."""
    if not (isinstance(c, ir.Cmp) and c.op in _MIRROR and c.conv == Conv.NONE
            and isinstance(c.left, ir.ScalarSub) and isinstance(c.right, ir.ScalarSub)):
        return None
    sides = [(_extremum(x.query), x.query) for x in (c.left, c.right)]
    if any(f is None or q.distinct for f, q in sides):
        return None
    (fl, cl), (fr, cr) = (f for f, _ in sides)
    if fl == fr or (c.op, fl) not in _SPREAD:
        return None
    a, b = ((x, dataclasses.replace(q, items=(), names=())) for x, (_, q) in zip((cl, cr), sides, strict=True))
    if not _same(a, b):
        return None
    return ("none" if c.op == CmpOp.EQ else "some"), cl, a[1]


def _own_spread(c, leaves: list, others: list, schema: Schema):
    """The conjuncts replacing ``c``, a spread (``_spread``) of a group that holds the row of
    an outer scan ``o`` of the body's one table (``own_witness.exists_tests`` over ``o``, the
    tests kept beside) whose ``o.v`` is never NULL; else None."""
    found = _spread(c)
    src = found[2].source if found is not None else None
    if isinstance(src, Flat) and len(src.leaves) == 1 and not src.classes:
        src = src.leaves[0]
    if not isinstance(src, ir.Scan):
        return None
    kind, col, body = found
    one = dataclasses.replace(body, aggregate=False, items=(ir.Lit(1, Ty.INT),))
    for o in leaves:
        ov = ir.Col(o.alias, col.name, col.ty, col.affinity)
        if not (isinstance(o, ir.Scan) and o.table == src.table and o.columns == src.columns
                and _never_null(ov, leaves, others, schema)):
            continue
        tests = exists_tests(ir.Exists(one), [o], others)
        if tests is None:
            continue
        e = ir.Exists(dataclasses.replace(one, where=_and([*_conjuncts(body.where), ir.Cmp(CmpOp.NE, ov, col)])))
        keep = [t for t in tests if not _never_null_test(t, {o.alias: o}, schema)]
        return [e if kind == "some" else ir.Not(e), *keep]
    return None


def _never_null(x: ir.Col, leaves: list, others: list, schema: Schema) -> bool:
    scan = next((s for s in leaves if isinstance(s, ir.Scan) and s.alias == x.alias), None)
    if scan is not None and schema.table(scan.table).never_null(x.name):
        return True
    return any(_rejects(d, (x.alias, x.name)) for d in others)


def extremes_as_other_value(q: ir.Select, leaves: list, conds: list, schema: Schema):
    """(q, leaves, conds) with one conjunct rewritten as the module docstring says; leaves
    None when nothing changed."""
    for i, c in enumerate(conds):
        others = conds[:i] + conds[i + 1:]
        own = None if _collated((tuple(leaves), c), schema) else _own_spread(c, leaves, others, schema)
        if own is not None:
            return q, leaves, conds[:i] + own + conds[i + 1:]
        found, negated = _some_other(c), False
        if found is None:
            found, negated = _no_other(c), True
        if found is None:
            continue
        x, col, body = found
        if (negated and not _never_null(x, leaves, others, schema)) or _collated((tuple(leaves), c), schema):
            continue
        test = ir.Cmp(CmpOp.NE, x, col)
        e = ir.Exists(dataclasses.replace(body, aggregate=False, items=(ir.Lit(1, Ty.INT),),
                                          where=_and([*_conjuncts(body.where), test])))
        return q, leaves, conds[:i] + [ir.Not(e) if negated else e] + conds[i + 1:]
    return q, None, conds


OTHER_EXTREME_RULES = (
    ("extremes_as_other_value", "(SELECT MIN(s.v) FROM F s WHERE w) <> x OR (SELECT MAX(s.v) "
     "..) <> x is EXISTS (F s WHERE w AND x <> s.v); m IS NULL OR (x = m AND x = M), x never "
     "NULL, is its NOT EXISTS: another value in the group, said with its extremes",
     ("sources",), lambda canon, v, ctx: (lambda r: v if r[1] is None else r)(
         extremes_as_other_value(*v, canon.schema)), True),
)
