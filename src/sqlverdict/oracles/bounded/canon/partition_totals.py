"""A window total of a grouped select's own aggregate as the aggregate of the partition's rows
(round 60, i60b, class W3): ``partition_total_as_subquery``.

"Each instrument's share of its lab's results" is said ``COUNT(*) * 1.0 / SUM(COUNT(*)) OVER
(PARTITION BY lab)`` over ``.. GROUP BY lab, instrument``, and as a join of that grouping to
the count grouped by lab alone (``partition_joins.joined_group_as_subquery`` reads the join as
the correlated count). The law: in ``SELECT .. FROM F WHERE w GROUP BY g..`` (no HAVING), a
window ``A2(A1(x)) OVER (PARTITION BY p..)`` whose frame is the whole partition, every ``p`` a
column among the GROUP BY keys, is ``(SELECT A(x') FROM F' WHERE w' AND p' IS p ..)`` (``=``
where ``p`` is never NULL on a kept row), ``F'`` the FROM with every alias renamed, for

- ``SUM(COUNT(*))``, ``SUM(COUNT(x))``: the COUNT of the partition's rows;
- ``SUM(SUM(x))`` of integers, typed domain only: their SUM (the law is in
  ``proofs.REGROUPING``: a partial sum may overflow in one order only). Not of reals: they
  round by the order they are added in, and the correlated copy over a join made the solver
  lose prover24's real refutation of ``energy_share_per_site`` to its time budget;
- ``MAX(MAX(x))``, ``MIN(MIN(x))``, tied values one value: the partition's MAX (MIN).

Why it holds in SQLite: a partition is the set of groups whose ``p`` values compare equal (NULL
with NULL, as PARTITION BY and GROUP BY compare: no collated table), the groups split the kept
rows of ``F`` (inner joins only: no NULL-padded row), and the rows of those groups are the
kept rows whose ``p`` IS the group's ``p`` (the same column, no conversion). Counting (adding,
taking the extremum) per group and then over the groups is counting over their union; a
group's SUM is NULL only when all its ``x`` are, which both skip. No HAVING (it would drop
groups from the window but not from the subquery), no DISTINCT aggregate, no subquery or
outer column in ``F``, ``w``, ``x``.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, WindowFn
from .frame_predicates import with_windows
from .partition_groups import _Rows
from .partitions import _whole_partition
from .rank_counts import _copy, _inner, _never_null
from .terms import _and, _conjuncts, _has_sub, _key, _replace_cols
from .tie_breaks import _on_conds
from .top_one import _scans
from .windows import _collated

_OUTER_OF = {WindowFn.SUM: (AggFn.COUNT_STAR, AggFn.COUNT, AggFn.SUM), WindowFn.MAX: (AggFn.MAX,),
             WindowFn.MIN: (AggFn.MIN,)}


def _inner_agg(w: ir.Window, rows: _Rows):
    """The aggregate ``A1`` of ``w = A2(A1(x)) OVER (..)`` when the two compose as the module
    says, else None."""
    if len(w.args) != 1 or not isinstance(a := w.args[0], ir.Agg) or a.distinct:
        return None
    if a.fn not in _OUTER_OF.get(w.fn, ()) or not _whole_partition(w):
        return None
    if a.fn == AggFn.SUM and not (rows.typed and rows._integral(a.arg)):
        return None
    if a.fn in (AggFn.MIN, AggFn.MAX) and not rows.identity(a.arg):
        return None
    return a


def partition_total_as_subquery(q, schema, typed: bool = False):
    """See the module: a window total of the select's own aggregate as a correlated subquery."""
    if not (isinstance(q, ir.Select) and q.aggregate and q.group_by and q.having is None
            and q.bare_from is None):
        return q
    scans = _scans(q.source)
    if scans is None or not _inner(q.source) or _collated(q.source, schema):
        return q
    parts = [e for e in (q.where, *q.group_by, *_on_conds(q.source)) if e is not None]
    if any(_has_sub(e) for e in parts) or not all(
            y.alias in scans for e in parts for y in ir.nodes(e) if isinstance(y, ir.Col)):
        return q
    rows = _Rows(q, schema, typed)
    keys = {_key(g) for g in q.group_by}
    copy = _copy(dataclasses.replace(q, items=(), having=None, group_by=(), order=()), scans, "total")
    rep = {(a, c): ir.Col(f"{a}_total", c, ty, aff) for a, s in scans.items() for c, ty, aff in s.columns}

    def total(w: ir.Window):
        a = _inner_agg(w, rows)
        if a is None or not all(isinstance(p, ir.Col) and _key(p) in keys for p in w.partition):
            return w
        if a.arg is not None and (_has_sub(a.arg) or not all(
                y.alias in scans for y in ir.nodes(a.arg) if isinstance(y, ir.Col))):
            return w
        links = [ir.Cmp(CmpOp.EQ if _never_null(p, q, scans, schema, typed) else CmpOp.IS,
                        *sorted((p, _replace_cols(p, rep)), key=_key)) for p in w.partition]
        sub = dataclasses.replace(copy, where=_and(_conjuncts(copy.where) + links), distinct=False,
                                  items=(_replace_cols(a, rep),), aggregate=True, limit=None, offset=0)
        return ir.ScalarSub(sub, w.ty)

    return with_windows(q, total)


# ---- the registry's entry (``window_family.WINDOW_FAMILY`` adds it)

PARTITION_TOTAL_RULES = (
    ("partition_total_as_subquery", "in SELECT .. FROM F WHERE w GROUP BY g.. (inner joins, no "
     "HAVING), SUM(COUNT(x)) / SUM(SUM(x)) (typed integers) / MAX(MAX(x)) OVER (PARTITION BY p..), "
     "p among g, the whole partition, is (SELECT COUNT(x) FROM F' WHERE w' AND p' IS p ..)",
     ("select",), lambda canon, q, ctx: partition_total_as_subquery(q, canon.schema, canon.typed)),
)
