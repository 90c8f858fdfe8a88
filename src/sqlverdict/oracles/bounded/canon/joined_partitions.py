"""A whole-partition window aggregate over inner-joined tables as the correlated aggregate
over the same rows (round 62, i62g, class W): ``whole_partition_join_window``.

A window aggregate over the rows ``S`` a select keeps is, per row ``r``, the aggregate of the
rows of ``S`` in ``r``'s partition; with a frame holding the whole partition
(``partitions._whole_partition``: no ORDER BY, or UNBOUNDED PRECEDING .. UNBOUNDED
FOLLOWING, nothing excluded) no order is read:

    AGG(x) OVER (PARTITION BY p..)  =  (SELECT AGG(x') FROM F' WHERE w' AND p' IS p ..)

in ``SELECT .. FROM F WHERE w`` (no GROUP BY, no aggregate), ``F`` inner joins of tables (no
collated table, no subquery in ``w`` or an ON), ``F'`` its copy with every alias renamed
(``frame_predicates.joined_rows``): the copy keeps the same bag of rows (the same joins and
filter, nothing nondeterministic), and ``IS`` is PARTITION BY's comparison (NULL keys form
one partition); ``=`` where ``p`` is never NULL on a kept row. ``OVER ()`` is the
uncorrelated aggregate. The partition holds ``r``, so it is never empty. A join through a
key to a parent whose columns the aggregate does not read then drops on the copy by the
existing key-join laws, so the correlated aggregate over the child alone meets it (Q17).

Conditions: COUNT / COUNT(*) anywhere; MIN / MAX of a column whose equal values are one value
(``partitions._order_blind``); SUM / AVG only of an INTEGER value in the typed domain (a
REAL, or in the sqlite domain a REAL stored in an INTEGER column, adds by order; an integer
partial sum may overflow in one order only: ``proofs.REORDERING`` and ``REGROUPING``). ``x``
and ``p`` read only the row. One table is ``window_aggregate_as_subquery``'s. It runs in the
select and in the derived tables it reads (``frame_predicates.below``).
Near misses: the filter applied above the window (it reads other rows), a NULL-able key
against ``=``, another partition key, a running frame, OVER () against PARTITION BY, a REAL
average.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Ty
from .frame_predicates import below, joined_rows, with_windows
from .partitions import _AGG_OF, _order_blind, _whole_partition
from .rank_counts import _never_null
from .terms import _and, _conjuncts, _key, _replace_cols

_ADDS = (AggFn.SUM, AggFn.AVG)


def whole_partition_join_window(q, schema, typed: bool = False):
    """See the module: a whole-partition window aggregate over inner-joined tables as a
    correlated aggregate over a copy of the FROM (in ``q``, and in the derived tables it reads)."""
    if not isinstance(q, ir.Select):
        return q
    if q.source is not None and (src := below(q.source, lambda v: whole_partition_join_window(v, schema, typed))) is not q.source:
        q = dataclasses.replace(q, source=src)
    if not isinstance(q.source, ir.Join) or (rows := joined_rows(q, schema, "partition")) is None:
        return q  # (one table: window_aggregate_as_subquery's)
    scans, copy, rep, own = rows

    def sub(w):
        fn = _AGG_OF.get(w.fn)
        if fn is None or not _whole_partition(w) or len(w.args) != (fn != AggFn.COUNT_STAR):
            return w
        if not all(own(e) for e in (*w.args, *w.partition)):
            return w
        if fn in _ADDS and not (typed and w.args[0].ty == Ty.INT) or not _order_blind(fn, w.args):
            return w  # (reals add by order; MIN/MAX of 1 beside 1.0)
        links = [ir.Cmp(CmpOp.EQ if _never_null(p, q, scans, schema, typed) else CmpOp.IS,
                        *sorted((p, _replace_cols(p, rep)), key=_key)) for p in w.partition]
        agg = ir.Agg(fn, _replace_cols(w.args[0], rep) if w.args else None, False, w.ty)
        s = dataclasses.replace(copy, where=_and(_conjuncts(copy.where) + links), distinct=False,
                                items=(agg,), aggregate=True, limit=None, offset=0)
        return ir.ScalarSub(s, w.ty)

    return with_windows(q, sub)


# ---- the registry's entry (``window_family.WINDOW_FAMILY`` adds it)

JOINED_PARTITION_RULES = (
    ("whole_partition_join_window", "over inner-joined tables (no GROUP BY), AGG(x) OVER "
     "(PARTITION BY p) over the whole partition is (SELECT AGG(x') FROM F' WHERE w' AND p' IS "
     "p): COUNT, MIN/MAX of a column, SUM/AVG (typed) of an INTEGER", ("select",),
     lambda canon, q, ctx: whole_partition_join_window(q, canon.schema, canon.typed)),
)
