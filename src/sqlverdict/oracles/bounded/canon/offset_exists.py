"""EXISTS past an OFFSET as a count (issue 25, i44b): ``offset_exists_as_count``.

"Does this vessel have a second voyage" is written ``EXISTS (SELECT 1 FROM S WHERE w LIMIT 1
OFFSET m)`` (Neumann-Kemper's unnesting of a LIMIT/OFFSET under EXISTS, ORMs' ``exists()``
on a sliced query set) and ``(SELECT COUNT(*) FROM S WHERE w) > m``. A WHERE/ON conjunct
``EXISTS (S)`` whose ``S`` has an OFFSET ``m`` (an integer literal >= 1) and a LIMIT that is
absent or an integer literal >= 1 becomes ``m < (SELECT COUNT(*) FROM S')``, ``S'`` being
``S`` without ORDER BY, LIMIT and OFFSET; ``NOT EXISTS`` becomes ``NOT (m < ..)``.

Why it holds in SQLite: EXISTS runs its subquery with the LIMIT replaced by ``X <> 0``
(``1`` for any literal X >= 1; ``1`` without one) and the OFFSET kept, so it is TRUE exactly
when ``S'`` yields more than ``m`` rows; ORDER BY only picks which rows, not how many. ``S``
must be a plain select: no aggregate, GROUP BY or HAVING (its rows would be groups, or one
row), no DISTINCT (SQLite drops DISTINCT under EXISTS with an OFFSET: the count of distinct
rows and EXISTS disagree), no window (its count is the rows' count anyway, but it may read
the order), no compound. Both sides are two-valued (COUNT is never NULL), so the law holds
under NOT too. Near misses: LIMIT 0 (EXISTS over nothing is FALSE), DISTINCT, an
off-by-one threshold.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Ty
from .quantified import conditions


def _int(v, least: int) -> bool:
    return isinstance(v, int) and not isinstance(v, bool) and v >= least


def _count_past(e):
    """``m < (SELECT COUNT(*) FROM S')`` of ``EXISTS (S)`` as in the module, else None."""
    if not isinstance(e, ir.Exists) or not isinstance(s := e.query, ir.Select):
        return None
    if not _int(s.offset, 1) or not (s.limit is None or _int(s.limit, 1)):
        return None
    if (s.aggregate or s.group_by or s.having is not None or s.distinct or s.bare_from is not None
            or any(isinstance(y, ir.Window) for y in ir.local_nodes(s.items))):
        return None
    count = ir.Agg(AggFn.COUNT_STAR, None, False, Ty.INT)
    counted = dataclasses.replace(s, items=(count,), order=(), limit=None, offset=0, aggregate=True,
                                  names=())
    return ir.Cmp(CmpOp.LT, ir.Lit(s.offset, Ty.INT), ir.ScalarSub(counted, Ty.INT))


def offset_exists_as_count(c, leaves):
    """A conjunct ``[NOT] EXISTS (S .. LIMIT n OFFSET m)`` as ``[NOT] m < (SELECT COUNT(*) ..)``."""
    negated = isinstance(c, ir.Not)
    out = _count_past(c.arg if negated else c)
    if out is None:
        return c
    return ir.Not(out) if negated else out


# ---- the registry's entry (``rules.RULES`` adds it as ``Rule(*entry)``)

OFFSET_EXISTS_RULE = (
    "offset_exists_as_count", "a WHERE/ON conjunct [NOT] EXISTS (S LIMIT n OFFSET m), S plain (no "
    "aggregate, DISTINCT, window), n >= 1 or none, m >= 1, is [NOT] m < (SELECT COUNT(*) FROM S "
    "without ORDER BY/LIMIT/OFFSET): SQLite's EXISTS keeps the OFFSET", ("sources",),
    lambda canon, v, ctx: conditions(offset_exists_as_count, *v) or v, True)
