"""A default outside its one-row subquery (round 61, i61f): ``coalesce_out_of_scalar``.

``(SELECT COALESCE(A, c..) FROM F WHERE w)`` is ``COALESCE((SELECT A FROM F WHERE w), c..)``
("what a customer was billed, or 0", written inside or outside the scalar subquery), ``A``
an aggregate (SUM, TOTAL, AVG, MIN, MAX) and each ``c`` a literal: the select is
ungrouped, without HAVING, DISTINCT, ORDER BY, LIMIT, OFFSET or window
(``scalar_counts._one_row``), so it returns exactly one row, also over no row of ``F``, and
the scalar is that row's ``COALESCE(A, c..)``: the same value, of the same class, as
``COALESCE`` of that row's ``A``. In conditions only (WHERE and HAVING conjuncts): there the
outer form is the normal one (``scalar_defaults``: ``extremum_bound_as_not_exists`` reads
it; ``summed_join_as_subquery`` writes it), while in a select's items
``default_into_scalar`` takes the other direction, the inner form. Sound in every domain (no
value is computed anew). Near misses: a HAVING (no row: NULL
against the default), a GROUP BY (no group: NULL), a default read from ``F``'s row.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, FuncName
from .scalar_counts import _anew, _map_local, _one_row

_VALUES = (AggFn.SUM, AggFn.TOTAL, AggFn.AVG, AggFn.MIN, AggFn.MAX)


def coalesce_out_of_scalar(canon, e):
    """``e`` with each scalar subquery of the module docstring's form written outside out."""
    def f(y):
        q = y.query if isinstance(y, ir.ScalarSub) else None
        if not _one_row(q):
            return y
        n = q.items[0]
        if not (isinstance(n, ir.Func) and n.name == FuncName.COALESCE and len(n.args) >= 2
                and isinstance(n.args[0], ir.Agg) and n.args[0].fn in _VALUES
                and all(isinstance(c, ir.Lit) for c in n.args[1:])):
            return y
        a = dataclasses.replace(q, items=(n.args[0],))
        raw_sub = ir.ScalarSub(a, n.args[0].ty)
        inner = _anew(canon, a, raw_sub)
        if inner is raw_sub:
            return y  # (its depth does not show: left as written)
        return ir.Func(FuncName.COALESCE, (inner, *n.args[1:]), n.ty)
    out = _map_local(e, f)
    return e if out == e else out


def _in_conditions(canon, value):
    """The rule on a WHERE conjunct (site ``cond``) or the HAVING conjuncts (a list)."""
    if isinstance(value, list):
        out = [coalesce_out_of_scalar(canon, c) for c in value]
        return value if all(a is b for a, b in zip(out, value, strict=True)) else out
    return coalesce_out_of_scalar(canon, value)


SCALAR_COALESCE_RULES = (
    ("coalesce_out_of_scalar", "(SELECT COALESCE(A, c) FROM F WHERE w), A a SUM/TOTAL/AVG/MIN/MAX "
     "and c literals, ungrouped without HAVING, DISTINCT, ORDER BY or LIMIT (one row always), is "
     "COALESCE((SELECT A FROM F WHERE w), c) in a WHERE or HAVING conjunct", ("cond", "having"),
     lambda canon, e, ctx: _in_conditions(canon, e)),
)
