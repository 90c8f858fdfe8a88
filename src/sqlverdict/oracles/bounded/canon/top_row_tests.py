"""A test of a first row, or no row at all, as NOT EXISTS a first row failing it (round 56,
i56c): ``top_row_test_or_none``.

"The real state changes" keep a row when ``prev IS NULL OR prev <> state``, ``prev =
LAG(state)``: ``neighbour_as_subquery`` makes ``prev`` the scalar first row ``S = (SELECT
t.c FROM T t WHERE φ(t) ORDER BY k.. LIMIT 1)`` and ``first_value_as_exists`` its ``IS
NULL`` ``NOT EXISTS (SELECT .. FROM T t WHERE φ(t))``. By hand: ``NOT EXISTS`` the previous
row with the same state (``= (SELECT MAX(..))``, ``own_extremum_in_range``'s NOT EXISTS a
row between).

Law: a condition ``x op S OR NOT EXISTS (SELECT .. FROM T t WHERE φ(t))`` (either order;
``op`` a comparison; the EXISTS over ``S``'s own rows, ``scalar_top_rows._same_rows``), ``S``
a first row over a total order (``scalar_top_rows._top_row``: never-NULL keys holding a
unique key with the columns ``φ`` equates), is ``NOT EXISTS (SELECT 1 FROM T u WHERE φ(u)
AND NOT EXISTS (SELECT 1 FROM T u2 WHERE φ(u2) AND u2 <lex u) AND NOT (x op u.c))`` (the
negation written as the opposite comparison: ``x = u.c`` for ``<>``), when
``x op u.c`` is never NULL: ``op`` is IS / IS NOT, or ``c`` and every column ``x`` reads are
declared NOT NULL (scans of the select, or of ``T``) and ``x`` has no NULL literal.

Why it holds in SQLite, as three-valued truth values: without a row of ``φ`` both are TRUE.
Otherwise the order has one first row ``f`` (no ties), ``S`` is ``f.c``, the NOT EXISTS of the
condition is FALSE, and the condition is ``x op f.c``, TRUE or FALSE; the rewrite's rows are
``f`` alone (``u2 <lex u``: ``running._lex``, one table's columns, binary collation), kept
when ``x op f.c`` is FALSE: NOT EXISTS is TRUE exactly when ``x op f.c`` is. Near misses: a
NULL-able ``x`` (``x <> S`` is NULL, not TRUE, where NOT EXISTS of ``x = c`` is TRUE), ties
on the order, an EXISTS over other rows.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import CmpOp, LogicOp, Ty
from ..ir.walk import free_aliases
from .scalar_top_rows import _same_rows, _top_row, first_row_scan
from .terms import _and, _replace_cols

_ONE = ir.Lit(1, Ty.INT)
# NOT (a op b) as one comparison: the same truth value (SQLite orders any two non-NULL values)
_NEGATED = {CmpOp.EQ: CmpOp.NE, CmpOp.NE: CmpOp.EQ, CmpOp.LT: CmpOp.GE, CmpOp.GE: CmpOp.LT,
            CmpOp.GT: CmpOp.LE, CmpOp.LE: CmpOp.GT, CmpOp.IS: CmpOp.IS_NOT, CmpOp.IS_NOT: CmpOp.IS}


def _test_of(d):
    """``(x, S, rebuild)`` of a comparison ``x op S`` (either side), ``S`` a scalar subquery
    ``x`` does not read, ``rebuild(y)`` its negation with ``y`` in place of ``S``; else None."""
    if not (isinstance(d, ir.Cmp) and d.op in _NEGATED):
        return None
    if isinstance(d.right, ir.ScalarSub) and not any(isinstance(y, ir.ScalarSub) for y in ir.nodes(d.left)):
        return d.left, d.right, lambda y: dataclasses.replace(d, op=_NEGATED[d.op], right=y)
    if isinstance(d.left, ir.ScalarSub) and not any(isinstance(y, ir.ScalarSub) for y in ir.nodes(d.right)):
        return d.right, d.left, lambda y: dataclasses.replace(d, op=_NEGATED[d.op], left=y)
    return None


def _never_null(x, scans: dict, schema) -> bool:
    """Does ``x`` read only never-NULL declared columns of ``scans`` and non-NULL literals?"""
    for y in ir.nodes(x):
        if isinstance(y, ir.Lit) and y.value is None:
            return False
        if isinstance(y, ir.Col) and not (
                y.alias in scans and schema.table(scans[y.alias].table).never_null(y.name)):
            return False
    return all(isinstance(y, (ir.Col, ir.Lit, ir.Arith, ir.Neg)) for y in ir.nodes(x))


def _rewrite(c, q, scans: dict, schema):
    if not (isinstance(c, ir.Logic) and c.op == LogicOp.OR and len(c.args) == 2):
        return None
    for d, none in (c.args, c.args[::-1]):
        if not (isinstance(none, ir.Not) and (t := _test_of(d)) is not None):
            continue
        x, sub, rebuild = t
        found = _top_row(sub, schema)
        if found is None or not free_aliases(sub.query) or not _same_rows(none.arg, *found[:2]):
            continue
        scan, item = found[0], found[2]
        if d.op not in (CmpOp.IS, CmpOp.IS_NOT) and not (
                _never_null(x, scans, schema) and _never_null(item, {scan.alias: scan}, schema)):
            continue
        u, to_first, phi_first, earlier = first_row_scan(q, found, "first")
        fails = rebuild(_replace_cols(item, to_first))
        body = ir.Select(source=u,
                         where=_and([*phi_first, ir.Not(ir.Exists(earlier)), fails]),
                         group_by=(), having=None, items=(_ONE,), distinct=False, order=(),
                         limit=None, offset=0, aggregate=False)
        return ir.Not(ir.Exists(body))
    return None


def top_row_test_or_none(v, schema):
    """``(q, leaves, conds)`` with the first such condition rewritten, else ``v``."""
    q, leaves, conds = v
    scans = {s.alias: s for s in leaves if isinstance(s, ir.Scan)}
    for i, c in enumerate(conds):
        got = _rewrite(c, q, scans, schema)
        if got is not None:
            return q, leaves, [*conds[:i], got, *conds[i + 1:]]
    return v


# ---- the registry's entry (``rules.RULES`` adds it as ``Rule(*entry)``)

TOP_ROW_TEST_RULE = (
    "top_row_test_or_none", "x op (SELECT c FROM T t WHERE φ ORDER BY k.. LIMIT 1) OR NOT EXISTS "
    "(SELECT .. FROM T t WHERE φ), k.. a total order, x op c never NULL, is NOT EXISTS (SELECT 1 "
    "FROM T u WHERE φ(u) AND NOT EXISTS (.. u2 <lex u) AND NOT (x op u.c)): the first row passes, "
    "or there is none", ("sources",), lambda canon, v, ctx: top_row_test_or_none(v, canon.schema), True)
