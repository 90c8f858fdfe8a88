"""A for-all over a possibly empty set bounded by the outer row's own column (issue 25,
i44a): ``extremum_bound_by_own_column``.

Elhemali's ALL over a possibly empty set: "no other vessel of the port is as old" written
``v.built < COALESCE((SELECT MIN(w.built) FROM vessel w WHERE p), v.built + 1)`` against
``NOT EXISTS (SELECT 1 FROM vessel w WHERE p AND w.built <= v.built)``. The law is
``scalar_bounds.extremum_bound_as_not_exists``'s with the bound ``v`` a column of the outer
row instead of a literal: ``COALESCE((SELECT MIN(x) FROM F WHERE p), d) > v`` (``>=``; MAX
with ``<``, ``<=``; either operand order), as a WHERE/ON conjunct, is ``NOT EXISTS (SELECT 1
FROM F WHERE p AND x <= v)`` (``<``; MAX ``>=``, ``>``) when

- ``d op v`` is TRUE whatever value ``v`` holds, so that no row (MIN NULL, the COALESCE
  ``d``) passes as the empty NOT EXISTS does: ``v`` a column of an inner-joined table
  declared NOT NULL (a NULL ``v`` makes the comparison NULL but the NOT EXISTS TRUE), and
  ``d`` either ``v`` itself under ``>=``/``<=`` (every non-NULL value equals itself), or, in
  the typed domain where an INTEGER column holds integers, ``v + k`` under ``>``/``>=`` and
  ``v - k`` under ``<``/``<=`` for an integer literal ``k >= 1`` (SQLite turns an integer
  sum past 2**63 into a REAL, which it still compares exactly with the integer ``v``:
  ``9223372036854775807 < 9.223372036854775807e18`` holds);
- otherwise the least (greatest) value meets the bound exactly when no value breaks it:
  ``x`` and ``v`` both columns of one numeric affinity (INTEGER, REAL or NUMERIC), so that
  ``x <= v`` per row and the MIN compared with ``v`` convert nothing (a value stored in such
  a column is already what the affinity makes of it) and order values of every class the
  way MIN does; MIN skips NULL ``x`` as the per-row test does (NULL is not TRUE).

Not for a nullable ``v``, nor ``d = v`` under a strict ``>``, nor ``v + k`` outside the
typed domain (a REAL ``1e17`` equals ``1e17 + 1``; a text ``v + 1`` is 1).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import Affinity, ArithOp, CmpOp, Conv, FuncName, Ty
from .scalar_bounds import _COUNTER, _FLIP, _extremum
from .terms import _and, _conjuncts

_NUMERIC = (Affinity.INTEGER, Affinity.REAL, Affinity.NUMERIC)


def _coalesce(e) -> bool:
    return isinstance(e, ir.Func) and e.name == FuncName.COALESCE and len(e.args) == 2


def _positive(e) -> bool:
    return (isinstance(e, ir.Lit) and isinstance(e.value, int) and not isinstance(e.value, bool)
            and e.value >= 1)


def _beyond(d, v: ir.Col, op: CmpOp, typed: bool) -> bool:
    """Is ``d op v`` TRUE for every non-NULL value of ``v`` (``op`` as ``d op v``)?"""
    if d == v:
        return op in (CmpOp.GE, CmpOp.LE)
    if not (typed and v.affinity == Affinity.INTEGER and isinstance(d, ir.Arith)):
        return False
    if op in (CmpOp.GT, CmpOp.GE) and d.op == ArithOp.ADD:
        return (d.left == v and _positive(d.right)) or (d.right == v and _positive(d.left))
    return op in (CmpOp.LT, CmpOp.LE) and d.op == ArithOp.SUB and d.left == v and _positive(d.right)


def extremum_bound_by_own_column(c, leaves, schema, typed: bool):
    """``COALESCE((SELECT MIN(x) ..), d) > v`` of an outer column ``v`` as ``NOT EXISTS`` a
    row breaking the bound (the module's law); else ``c``."""
    if not (isinstance(c, ir.Cmp) and c.conv == Conv.NONE and c.op in _FLIP):
        return c
    op, left, v = c.op, c.left, c.right
    if _coalesce(v) and not _coalesce(left):
        op, left, v = _FLIP[op], v, left
    if not (_coalesce(left) and isinstance(v, ir.Col) and v.affinity in _NUMERIC):
        return c
    got = _extremum(left.args[0])
    if got is None or (got[0], op) not in _COUNTER:
        return c
    fn, x, s = got
    if not (isinstance(x, ir.Col) and x.affinity == v.affinity and x.ty == v.ty):
        return c
    scans = [y for y in leaves if isinstance(y, ir.Scan) and y.alias == v.alias]
    if len(scans) != 1 or not schema.table(scans[0].table).never_null(v.name):
        return c
    if not _beyond(left.args[1], v, op, typed):
        return c
    test = ir.Cmp(_COUNTER[(fn, op)], x, v, Ty.BOOL, Conv.NONE)
    body = dataclasses.replace(s, where=_and([*_conjuncts(s.where), test]), aggregate=False,
                               items=(ir.Lit(1, Ty.INT),), names=())
    return ir.Not(ir.Exists(body))


OWN_BOUND_RULE = (
    "extremum_bound_by_own_column", "COALESCE((SELECT MIN(x) FROM F WHERE p), d) > v (>=; MAX "
    "<, <=), v a NOT NULL column of the outer row, d = v under >= (typed INTEGER: v + k, k >= "
    "1), x and v of one numeric affinity, as a condition is NOT EXISTS (SELECT 1 FROM F WHERE "
    "p AND x <= v)", ("conjunct",),
    lambda canon, c, ctx: extremum_bound_by_own_column(c, ctx.get("leaves", ()), canon.schema,
                                                       canon.typed), False)
