"""The first (last) row's values of each partition, read once per partition, as that row (round
60, i60b, class W2): ``distinct_first_value_as_first_row``.

"Where each bike is now" is said ``SELECT DISTINCT bike, LAST_VALUE(station) OVER (PARTITION
BY bike ORDER BY start, trip_id ROWS BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED FOLLOWING)``,
``FIRST_VALUE(station) OVER (PARTITION BY bike ORDER BY start DESC, trip_id DESC)``, ``WHERE
rn = 1`` of a ROW_NUMBER (``running.first_row_in_order``) and ``WHERE NOT EXISTS (SELECT 1 ..
u.bike = t.bike AND (u.start > t.start OR u.start = t.start AND u.trip_id > t.trip_id))``.
The law: ``SELECT DISTINCT p.., V.. FROM t WHERE w``, every item a PARTITION BY key or a
window ``FIRST_VALUE(x) OVER (PARTITION BY p.. ORDER BY k..)`` whose frame starts at
UNBOUNDED PRECEDING and holds the current row, or ``LAST_VALUE(x)`` over the whole partition
(read as FIRST_VALUE in the reversed order), all windows of one partition and one order, is
``SELECT p.., x.. FROM t WHERE w AND NOT EXISTS (SELECT 1 FROM t t2 WHERE w(t2) AND t2.p IS p
.. AND t2.k <lex k)``, when

- the keys ``k..`` are columns of ``t`` never NULL on a kept row and, with the partition
  columns, hold a unique key of ``t`` never NULL there (``running._total``): no two rows of a
  partition tie, so the partition has one first row, and ``<lex`` (``<`` and ``=`` of one
  column's values, no collated table) orders rows as ORDER BY does (``running._lex``);
- the items besides the windows are exactly the partition keys, columns whose equal values
  are one value (``partition_groups._Rows.identity``: no ``1`` beside ``1.0``);
- ``x`` reads ``t``'s own row only (no subquery, window or aggregate).

Why it holds in SQLite: each window's value on every row of a partition is ``x`` of the
partition's first row (the frame starts at it and is never empty). So the DISTINCT rows are
one per partition (PARTITION BY and DISTINCT compare keys alike, NULLs together), holding the
keys and the first row's ``x``. The NOT EXISTS keeps exactly the first row of each partition
(``IS`` links: NULL keys one partition; ``=`` where never NULL), one row, with the same
values: the keys are one value per partition. Not RANK or a default-frame LAST_VALUE (peers),
not an item that is not a partition key (several rows per partition), not a partial order (a
tie picks either row). Refused under list semantics, as the DISTINCT goes.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import CmpOp, Ty, WindowFn
from .partition_groups import _frame_from_start, _Rows
from .running import _keys, _plain_scan, _sub, _total
from .terms import _and, _conjuncts, _key

_ONE = ir.Lit(1, Ty.INT)
_NOT_OWN = (ir.Window, ir.Agg, ir.ScalarSub, ir.Exists, ir.InSub)


def _first_order(w: ir.Window, scan, t, where):
    """The order whose first row ``w`` reads on every row of its partition (LAST_VALUE over
    the whole partition: the reversed order), when total and never NULL; else None."""
    if w.fn == WindowFn.FIRST_VALUE and _frame_from_start(w, whole=False):
        flip = False
    elif w.fn == WindowFn.LAST_VALUE and _frame_from_start(w, whole=True):
        flip = True
    else:
        return None
    keys = _keys(w, scan, t, where)
    if keys is None or not _total(keys, t, where, w.partition):
        return None
    return [(k, d != flip) for k, d in keys]


def distinct_first_value_as_first_row(q, schema, typed: bool = False):
    """See the module: the DISTINCT first values of each partition as its first row."""
    if not (_plain_scan(q, schema) and q.distinct and q.having is None and not q.order
            and q.limit is None and not q.offset):
        return q
    wins = [i for i in q.items if isinstance(i, ir.Window)]
    if not wins:
        return q
    scan, t = q.source, schema.table(q.source.table)
    part = {_key(p): p for p in wins[0].partition}
    cols = [i for i in q.items if not isinstance(i, ir.Window)]
    rows = _Rows(q, schema, typed)
    if (not part or {_key(c) for c in cols} != set(part)
            or not all(isinstance(p, ir.Col) and rows.identity(p) for p in part.values())):
        return q
    order = _first_order(wins[0], scan, t, q.where)
    if order is None:
        return q
    for w in wins:
        if (len(w.args) != 1 or w.partition != wins[0].partition
                or _first_order(w, scan, t, q.where) != order
                or any(isinstance(y, _NOT_OWN) for y in ir.local_nodes(w.args[0]))
                or any(isinstance(y, ir.Col) and y.alias != scan.alias for y in ir.local_nodes(w.args[0]))):
            return q
    probe = dataclasses.replace(wins[0], order=tuple(order))
    before = _sub(probe, scan, q.where, order, CmpOp.LT, _ONE, "first", schema, aggregate=False).query
    items = tuple(i.args[0] if isinstance(i, ir.Window) else i for i in q.items)
    return dataclasses.replace(q, distinct=False, items=items,
                               where=_and(_conjuncts(q.where) + [ir.Not(ir.Exists(before))]))


# ---- the registry's entry (``window_family.WINDOW_FAMILY`` adds it)

FIRST_ROW_VALUE_RULES = (
    ("distinct_first_value_as_first_row", "SELECT DISTINCT p.., FIRST_VALUE(x) OVER (PARTITION BY "
     "p.. ORDER BY k..) (frame from UNBOUNDED PRECEDING; LAST_VALUE over the whole partition, "
     "reversed) over one table, k never NULL and with p a unique key, p exactly the other items, "
     "is SELECT p.., x WHERE NOT EXISTS (a kept row of the partition <lex)", ("select",),
     lambda canon, q, ctx: q if ctx.get("sensitive", True)
     else distinct_first_value_as_first_row(q, canon.schema, canon.typed), True),
)
