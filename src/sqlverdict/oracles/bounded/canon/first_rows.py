"""The first row of each partition: ``first_row_per_partition``."""

from __future__ import annotations

import dataclasses

from ....types import Schema
from .. import ir
from ..ir.kinds import CmpOp, Ty, WindowFn
from .terms import _and, _conjuncts, _has_sub, _key, _replace_cols, _unique_keys
from .windows import _null_test_of

_ONE = ir.Lit(1, Ty.INT)


def first_row_per_partition(q: ir.Select, schema: Schema) -> ir.Select:
    """``SELECT .. FROM (SELECT .., ROW_NUMBER() OVER (PARTITION BY p.. ORDER BY k) AS rn
    FROM t WHERE w) AS d WHERE d.rn = 1`` (the top row per group), ``k`` a unique key
    column of ``t`` that is never NULL, the derived table one table's plain select with no
    other window: is the derived table without the window, ``rn`` the literal 1, its WHERE
    ``w AND NOT EXISTS (SELECT 1 FROM t AS t2 WHERE w(t2) AND t2.p IS p .. AND t2.k < k)``
    (``>`` for DESC). The order is total (no two rows tie on ``k``), so a row is numbered 1
    exactly when no kept row of its partition (``IS``: NULL keys share one, as in PARTITION
    BY) comes before it; ``<`` compares one column's values as ORDER BY does. A leading
    ``k IS NULL`` key (NULLS LAST of a translation) ties every row and is read as absent."""
    if (not isinstance(q, ir.Select) or not isinstance(q.source, ir.Derived) or q.aggregate
            or q.group_by or q.bare_from is not None):
        return q
    d = q.source
    s = d.query
    if (not isinstance(s, ir.Select) or not isinstance(s.source, ir.Scan) or s.aggregate
            or s.group_by or s.distinct or s.limit is not None or s.offset or s.order
            or s.bare_from is not None or _has_sub(s.where)):
        return q
    windows = [i for i, e in enumerate(s.items) if any(isinstance(y, ir.Window) for y in ir.nodes(e))]
    if len(windows) != 1 or not isinstance(w := s.items[windows[0]], ir.Window):
        return q
    name = d.names[windows[0]]
    conds = _conjuncts(q.where)
    one = next((c for c in conds if _is_first(c, d.alias, name)), None)
    exists = _earlier_rows(w, s, schema) if one is not None else None
    if exists is None:
        return q
    items = tuple(_ONE if i == windows[0] else e for i, e in enumerate(s.items))
    inner = dataclasses.replace(s, items=items, where=_and(_conjuncts(s.where) + [ir.Not(exists)]))
    rep = {(d.alias, name): _ONE}
    rest = [_replace_cols(c, rep) for c in conds if c is not one]
    return dataclasses.replace(q, source=dataclasses.replace(d, query=inner), where=_and(rest),
                               items=_replace_cols(q.items, rep), order=_replace_cols(q.order, rep))


_FLIP = {CmpOp.EQ: CmpOp.EQ, CmpOp.LE: CmpOp.GE, CmpOp.GE: CmpOp.LE, CmpOp.LT: CmpOp.GT,
         CmpOp.GT: CmpOp.LT}


def _is_first(c, alias: str, name: str) -> bool:
    """Is ``c`` ``alias.name = 1``, ``<= 1`` or ``< 2`` (either side): true of a row
    number exactly when it is 1?"""
    if not isinstance(c, ir.Cmp) or c.conv or c.op not in _FLIP:
        return False
    op, col, lit = c.op, c.left, c.right
    if isinstance(lit, ir.Col):
        op, col, lit = _FLIP[op], lit, col
    if not (isinstance(col, ir.Col) and col.alias == alias and col.name == name
            and isinstance(lit, ir.Lit) and lit.ty == Ty.INT and not isinstance(lit.value, bool)):
        return False
    return (op, lit.value) in ((CmpOp.EQ, 1), (CmpOp.LE, 1), (CmpOp.LT, 2))


def _earlier_rows(w: ir.Window, s: ir.Select, schema: Schema):
    """``EXISTS`` (a kept row of the partition before this one), or None when ``w`` is no
    ROW_NUMBER over a never-NULL unique key column of the scanned table."""
    scan = s.source
    order = [(k, desc) for k, desc in w.order if not _null_test_of(k, w.order[-1][0])]
    if w.fn != WindowFn.ROW_NUMBER or w.args or len(order) != 1 or len(w.order) - len(order) > 1:
        return None
    (k, desc), t = order[0], schema.table(scan.table)
    if not all(isinstance(e, ir.Col) and e.alias == scan.alias for e in (k, *w.partition)):
        return None
    if [k.name.lower()] not in _unique_keys(t) or not t.never_null(k.name):
        return None
    alias = f"{scan.alias}_first"
    rep = {(scan.alias, c): ir.Col(alias, c, ty, aff) for c, ty, aff in scan.columns}
    conds = [ir.Cmp(CmpOp.IS, *sorted((p, _replace_cols(p, rep)), key=_key)) for p in w.partition]
    conds.append(ir.Cmp(CmpOp.GT if desc else CmpOp.LT, _replace_cols(k, rep), k))
    sub = ir.Select(source=dataclasses.replace(scan, alias=alias),
                    where=_and(_conjuncts(_replace_cols(s.where, rep)) + conds), group_by=(),
                    having=None, items=(_ONE,), distinct=False, order=(), limit=None, offset=0,
                    aggregate=False)
    return ir.Exists(sub)
