"""A group's aggregate at least the greatest of its own grouping's, as equal to it (round 62,
i62g, class W2): ``own_grouping_bound_as_extremum``.

"The groups with the greatest total" is written ``HAVING SUM(x) = (SELECT MAX(t.n) FROM
(SELECT SUM(x) AS n FROM F WHERE w GROUP BY g) t)`` and, by a textbook, ``HAVING SUM(x) >=
(..the same MAX..)``. Law: in ``SELECT .. FROM F WHERE w GROUP BY g HAVING .. A op (SELECT
MAX(t.n) FROM (S) t)``, ``S`` the select's own grouping with ``A`` its one item (the same
FROM, WHERE and GROUP BY up to the aliases it defines; no HAVING, DISTINCT, LIMIT, window or
bare column: ``greatest_groups._stable``), ``A op MAX`` with ``op`` ``>=`` (``MAX <= A``) is
``A = MAX``; ``A <= MIN`` is ``A = MIN``.

Why it holds in SQLite, as three-valued truth values: the group is one of ``S``'s groups (the
same rows, keys and filter; the outer HAVING's other conjuncts filter the outer groups only),
so ``A`` is one of the values MAX reads. A NULL ``A`` makes both comparisons NULL. A non-NULL
``A`` makes MAX non-NULL and ``A <= MAX`` TRUE (MAX orders by the comparison ``>=`` uses: the
same expression's values, BINARY collation only: no collated table, no conversion, neither side
has an affinity), so ``A >= MAX`` is TRUE exactly when ``A = MAX``. Ties keep every tied group
on both sides. A SUM computed twice adds the same rows, maybe in another order
(``proofs.REORDERING``, ``REGROUPING``). Near misses: ``>`` (never TRUE), the subquery's
grouping filtered otherwise, another aggregate in the subquery.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Conv, Ty
from .greatest_groups import _same_query, _stable
from .terms import _and, _conjuncts, _has_sub
from .windows import _collated

_BOUND = {(CmpOp.GE, AggFn.MAX), (CmpOp.LE, AggFn.MIN)}
_FLIP = {CmpOp.GE: CmpOp.LE, CmpOp.LE: CmpOp.GE}


def _extremum(sub) -> tuple | None:
    """``(fn, S)`` of ``(SELECT MAX(t.n) FROM (S) t)`` (MIN), ``S`` of one item, else None."""
    if not isinstance(sub, ir.ScalarSub):
        return None
    s = sub.query
    if not (isinstance(s, ir.Select) and isinstance(d := s.source, ir.Derived) and s.where is None
            and not s.group_by and s.having is None and len(s.items) == 1 and s.limit is None
            and not s.offset and isinstance(a := s.items[0], ir.Agg) and not a.distinct
            and a.fn in (AggFn.MAX, AggFn.MIN) and isinstance(a.arg, ir.Col)
            and a.arg.alias == d.alias and len(d.names) == 1 and isinstance(d.query, ir.Select)
            and len(d.query.items) == 1):
        return None
    return a.fn, d.query


def own_grouping_bound_as_extremum(q, schema):
    """``q`` with each HAVING ``A >= MAX`` of its own grouping's ``A`` as ``A = MAX`` (the
    module), else ``q``."""
    if not (isinstance(q, ir.Select) and q.aggregate and q.group_by and q.having is not None
            and q.bare_from is None and _stable(q) and not _collated(q.source, schema)
            and not _has_sub(q.where)):
        return q
    out, fired = [], False
    for c in _conjuncts(q.having):
        new = _bound(c, q)
        fired |= new is not c
        out.append(new)
    return dataclasses.replace(q, having=_and(out)) if fired else q


def _bound(c, q):
    if not (isinstance(c, ir.Cmp) and c.op in _FLIP and not c.conv):
        return c
    for a, sub, op in ((c.left, c.right, c.op), (c.right, c.left, _FLIP[c.op])):
        got = _extremum(sub)
        if got is None or (op, got[0]) not in _BOUND or not isinstance(a, ir.Agg) or _has_sub(a):
            continue
        own = dataclasses.replace(q, having=None, items=(a,), names=(), order=(), distinct=False,
                                  limit=None, offset=0)
        if _stable(got[1]) and not got[1].distinct and _same_query(own, got[1]):
            return ir.Cmp(CmpOp.EQ, a, sub, Ty.BOOL, Conv.NONE)
    return c


OWN_GROUPING_BOUND_RULE = (
    "own_grouping_bound_as_extremum", "GROUP BY g HAVING A >= (SELECT MAX(t.n) FROM (SELECT A "
    "AS n FROM F WHERE w GROUP BY g) t), the select's own grouping, is HAVING A = (..): the "
    "group's A is one of the values MAX reads (<= MIN alike)", ("select",),
    lambda canon, q, ctx: own_grouping_bound_as_extremum(q, canon.schema))
