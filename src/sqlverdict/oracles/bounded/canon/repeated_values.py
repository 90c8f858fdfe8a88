"""The groups holding a repeated value, as a count against a distinct count (round 59, i59c):
``repeated_value_as_count_gap``.

The law (site ``select``): ``SELECT DISTINCT g.. FROM S WHERE w GROUP BY g.., x HAVING
COUNT(*) > 1`` (``>= 2``, either way round; the items exactly the columns ``g..``) is
``SELECT g.. FROM S WHERE w GROUP BY g.. HAVING COUNT(*) > COUNT(DISTINCT x)`` when ``x`` is
a column never NULL on a kept row (declared NOT NULL in an inner-joined scan, or ``x IS NOT
NULL`` a conjunct of ``w``): "applications that logged one transition twice".

Sound in SQLite: in a group of ``g``, COUNT(*) counts its rows and COUNT(DISTINCT x) the
values of ``x`` among them, none NULL; more rows than values exactly when two rows share a
value (pigeonhole), that is when a subgroup of ``(g, x)`` holds two rows. GROUP BY and
COUNT(DISTINCT) tell values apart by one comparison (no collated table). The DISTINCT
lists each ``g`` of such a subgroup once, as the grouping by ``g`` does; the shown values
are exact (``transfer._exact``), so both show identical ones. Near misses: a NULL-able
``x`` (two NULL rows make a subgroup, COUNT(DISTINCT) skips them; one NULL row counts
against no value), ``x`` shown in the items, ``COUNT(*) > 2``.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Ty
from .terms import _conjuncts, _declared_non_null, _leaves, _windowless
from .transfer import _exact

_TWICE = {(CmpOp.GT, 1), (CmpOp.GE, 2)}
_FLIPPED = {CmpOp.LT: CmpOp.GT, CmpOp.LE: CmpOp.GE}


def _at_least_two(h) -> bool:
    """Is ``h`` ``COUNT(*) > 1`` (``>= 2``, either way round)?"""
    if not (isinstance(h, ir.Cmp) and not h.conv):
        return False
    agg, lit, op = h.left, h.right, h.op
    if isinstance(lit, ir.Agg):
        agg, lit, op = lit, agg, _FLIPPED.get(op)
    return (isinstance(agg, ir.Agg) and agg.fn == AggFn.COUNT_STAR and isinstance(lit, ir.Lit)
            and lit.ty == Ty.INT and (op, lit.value) in _TWICE)


def repeated_value_as_count_gap(q, schema, typed: bool = False):
    """The module's law on a select; ``q`` itself when it does not apply."""
    if not (isinstance(q, ir.Select) and schema is not None and q.distinct and q.aggregate
            and q.limit is None and not q.offset and not q.order and q.bare_from is None
            and _windowless(q) and _at_least_two(q.having) and (leaves := _leaves(q.source))
            and all(isinstance(y, ir.Scan) and not schema.table(y.table).collated for y in leaves)):
        return q
    rest = [k for k in q.group_by if k not in q.items]
    if not (len(rest) == 1 and isinstance(x := rest[0], ir.Col) and set(q.items) == set(q.group_by) - {x}
            and all(isinstance(g, ir.Col) and _exact(g, g, typed) for g in q.items)):
        return q
    if not (_declared_non_null(x, q.source, schema) or ir.Not(ir.IsNull(x)) in _conjuncts(q.where)):
        return q
    gap = ir.Cmp(CmpOp.GT, ir.Agg(AggFn.COUNT_STAR, None, False, Ty.INT), ir.Agg(AggFn.COUNT, x, True, Ty.INT))
    return dataclasses.replace(q, distinct=False, group_by=tuple(k for k in q.group_by if k != x), having=gap)


REPEATED_VALUE_RULE = (
    "repeated_value_as_count_gap", "SELECT DISTINCT g.. FROM S WHERE w GROUP BY g.., x HAVING "
    "COUNT(*) > 1, x never NULL on a kept row, is SELECT g.. FROM S WHERE w GROUP BY g.. HAVING "
    "COUNT(*) > COUNT(DISTINCT x): more rows than values exactly when a value repeats",
    ("select",), lambda canon, q, ctx: repeated_value_as_count_gap(q, canon.schema, canon.typed), True)
