"""A row value IN a subquery keyed on a row the query already joined (round 59, S1):
``(b.f, b.v) IN (SELECT k, w FROM T WHERE p)`` beside ``JOIN T c ON c.k = b.f`` is ``b.v =
c.w AND p(c)``.

The row-value IN is TRUE exactly when some row of the subquery equals the value on every
component, so as a conjunct (FALSE and NULL both drop the row) it is ``b.f IN (SELECT k FROM
T WHERE p AND w = b.v)``; with ``k`` a one-column unique key of ``T`` that ``b.f`` equals
on ``c``, ``key_filters.in_own_row`` reads that as ``p AND w = b.v`` of ``c``. Every
component is a column of the subquery's column's affinity and type, compared without
conversion (the IN then compares as ``=`` does), each a column of an uncollated table
inner-joined in the select; the subquery reads one table, no GROUP BY, aggregate, LIMIT or
window."""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import CmpOp, Conv
from .key_filters import in_own_row
from .terms import _and, _conjuncts


def row_in_own_row(c, leaves: list, conds: list, schema):
    """``c`` read as the module says, else ``c``."""
    if not (isinstance(c, ir.InSub) and isinstance(c.arg, ir.RowVal) and c.conv == Conv.NONE
            and all(v == Conv.NONE for v in c.convs) and isinstance(c.query, ir.Select)):
        return c
    q, values = c.query, c.arg.items
    if not (isinstance(q.source, ir.Scan) and len(q.items) == len(values)
            and all(isinstance(i, ir.Col) and i.alias == q.source.alias for i in q.items)
            and all(isinstance(v, ir.Col) and v.ty == i.ty and v.affinity == i.affinity
                    for v, i in zip(values, q.items, strict=True))):
        return c
    scans = {x.alias: x for x in leaves if isinstance(x, ir.Scan)}
    if not all(v.alias in scans and not schema.table(scans[v.alias].table).collated for v in values):
        return c  # (IN compares by the value's collation, the = built here by the column's)
    for j, key in enumerate(q.items):
        tests = [ir.Cmp(CmpOp.EQ, i, v) for n, (i, v) in enumerate(zip(q.items, values, strict=True))
                 if n != j]
        sub = dataclasses.replace(q, items=(key,), names=(key.name,),
                                  where=_and([*_conjuncts(q.where), *tests]))
        one = ir.InSub(values[j], sub)
        out = in_own_row(one, leaves, conds, schema)
        if out is not one:
            return out
    return c
