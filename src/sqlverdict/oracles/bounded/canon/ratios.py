"""Ratios of counts: ``division_by_nullif_zero`` and ``average_group_size``.

- ``division_by_nullif_zero``: ``x / NULLIF(d, 0)`` is ``x / d``. SQLite's division by a
  zero (0, 0.0, -0.0, or a text or BLOB whose numeric value is 0) is NULL; NULLIF gives NULL
  where ``d = 0`` (0, 0.0, -0.0: the comparison converts no class) and ``d`` itself
  otherwise, so both quotients are NULL on a zero divisor and ``x / d`` elsewhere (also
  ``NULLIF(d, 0.0)``). The guard text-to-SQL writes against a division by zero.
- ``average_group_size``: ``SELECT AVG(t.n) FROM (SELECT .., COUNT(*) AS n FROM F WHERE w
  GROUP BY k) AS t`` is ``SELECT CAST(COUNT(k) AS REAL) / COUNT(DISTINCT k) FROM F WHERE
  w'`` for one key ``k`` never NULL on a kept row (a conjunct ``k IS NOT NULL`` of ``w``,
  which ``w'`` drops, or a NOT NULL column): the groups are the distinct values of ``k``
  (DISTINCT tells values apart as GROUP BY does), their sizes add up to the rows with a
  ``k``, and SQLite's AVG adds the sizes as doubles (exact: fewer than 2**53 rows) and
  divides by the number of groups as a double, as the quotient does; no group: AVG is NULL
  and the division by 0 too. ``COUNT(k)`` and ``COUNT(DISTINCT k)`` skip the rows whose
  ``k`` is NULL, so the conjunct goes. The average number of rows per key.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, ArithOp, FuncName, Ty
from .joins import _not_null
from .terms import _and, _conjuncts, _deep, _windowless


def _nullif_zero(d):
    """``x`` of ``NULLIF(x, 0)`` (or ``0.0``), else None."""
    if (isinstance(d, ir.Func) and d.name == FuncName.NULLIF and len(d.args) == 2
            and isinstance(z := d.args[1], ir.Lit) and z.ty in (Ty.INT, Ty.REAL)
            and not isinstance(z.value, bool) and z.value == 0):
        return d.args[0]
    return None


def division_by_nullif_zero(x):
    """``x`` (a query or an expression) with each ``e / NULLIF(d, 0)`` as ``e / d``."""
    def f(y):
        if isinstance(y, ir.Arith) and y.op == ArithOp.DIV and (d := _nullif_zero(y.right)) is not None:
            return ir.Arith(y.op, y.left, d, y.ty)
        return y
    return _deep(x, f)


def _plain(q, grouped: bool) -> bool:
    return (isinstance(q, ir.Select) and q.aggregate and bool(q.group_by) == grouped
            and q.having is None and not q.distinct and q.limit is None and not q.offset
            and q.bare_from is None and _windowless(q))


def _key_never_null(k, inner, schema) -> tuple[bool, list]:
    """(``k`` never NULL on a kept row of ``inner``, the conjuncts of its WHERE without
    ``k IS NOT NULL``)."""
    conds = _conjuncts(inner.where)
    kept = [c for c in conds if not (isinstance(c, ir.Not) and isinstance(c.arg, ir.IsNull)
                                     and c.arg.arg == k)]
    if len(kept) < len(conds):
        return True, kept
    declared = (schema is not None and isinstance(k, ir.Col) and isinstance(inner.source, ir.Scan)
                and _not_null(k, [inner.source], schema))
    return declared, conds


def average_group_size(q, schema=None):
    """``q`` with the average of its derived table's group sizes as a ratio of counts (module
    docstring); ``q`` itself when it is no such select."""
    if not (_plain(q, False) and q.where is None and not q.order and len(q.items) == 1
            and isinstance(d := q.source, ir.Derived) and isinstance(avg := q.items[0], ir.Agg)
            and avg.fn == AggFn.AVG and not avg.distinct and isinstance(n := avg.arg, ir.Col)
            and n.alias == d.alias):
        return q
    inner = d.query
    if not (_plain(inner, True) and len(inner.group_by) == 1 and n.name in d.names):
        return q
    size = inner.items[d.names.index(n.name)]
    if size != ir.Agg(AggFn.COUNT_STAR, None, False, Ty.INT):
        return q
    k = inner.group_by[0]
    never_null, kept = _key_never_null(k, inner, schema)
    if not never_null:
        return q
    ratio = ir.Arith(ArithOp.DIV, ir.Func(FuncName.CAST_REAL, (ir.Agg(AggFn.COUNT, k, False, Ty.INT),),
                                          Ty.REAL),
                     ir.Agg(AggFn.COUNT, k, True, Ty.INT), Ty.REAL)
    return dataclasses.replace(inner, where=_and(kept), group_by=(), items=(ratio,), names=q.names,
                               order=())


RATIO_RULES = (
    ("division_by_nullif_zero", "x / NULLIF(d, 0) is x / d (a division by zero is NULL)",
     ("select", "cond"), lambda canon, e, ctx: division_by_nullif_zero(e)),
    ("average_group_size", "AVG(t.n) over (SELECT COUNT(*) AS n .. WHERE w GROUP BY k) AS t, k "
     "never NULL, is CAST(COUNT(k) AS REAL) / COUNT(DISTINCT k) .. WHERE w (k IS NOT NULL "
     "dropped)", ("select",), lambda canon, q, ctx: average_group_size(q, canon.schema)),
)
