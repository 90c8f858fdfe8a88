"""A LEFT JOIN grouped by columns of its left table that are not a key, as the distinct
keys with each aggregate a correlated sub-query over the left rows of that key joined with
their matches (per department, the accounts "including none"; ``left_groups`` where the
keys single out one left row).

``SELECT f(l.k), agg(x) FROM L AS l LEFT JOIN R AS r ON c(l, r) WHERE w(l) GROUP BY l.k
HAVING h`` (``l.k`` one or more columns of the table ``L``; outside aggregates only the
grouped columns) is

``SELECT f(v.k), (SELECT agg(x) FROM L AS l JOIN R AS r ON c(l, r) WHERE w(l) AND l.k IS
v.k) FROM (SELECT DISTINCT l.k FROM L AS l WHERE w(l)) AS v WHERE h'``.

Why, in SQLite: WHERE reads ``l`` alone, so it keeps every joined row of a left row or
none; each left row it keeps gives the join one row at least (its matches, or one row
padded with NULL). So the groups are the classes of the kept left rows under GROUP BY's
comparison of ``l.k`` (NULL with NULL), which are DISTINCT's rows (the same comparison), and
``l.k IS v.k`` (no affinity conversion: ``v.k`` is ``l.k``'s column, its affinity and
collation) picks the left rows of one class. A group's rows are the pairs of a left row of
its class with a match (``c`` TRUE), and one padded row per left row without one:
``left_groups._lookup`` admits only aggregates that skip or add nothing for the padded
rows (COUNT of a value NULL there, ``SUM(CASE WHEN p THEN 1 ELSE 0 END)`` with ``p`` not
TRUE there, MIN and MAX of a right column of one class, SUM, AVG and TOTAL stating what
their order of addition rests on), so the group's aggregate is the sub-query's over those
pairs. GROUP BY shows a grouped column from some row of its group and DISTINCT from some
row of its class: the same value only where values equal as GROUP BY compares them are
identical, so only columns of REAL or TEXT affinity (an INTEGER or NUMERIC one where no
such column holds the REAL -2**63: ``int_min_free``); text compares as BINARY (the verifier
proves nothing under another collation, ``staging._collation``).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import CmpOp, JoinKind, LogicOp, Ty
from ..ir.normal import normalize as lowered_form
from ..ir.walk import realias
from .left_groups import CLASSED, ONE_CLASS, _defined, _lookup, _only, left_lookups
from .normal import conjuncts


def lookups(q: ir.Select, schema, terms=None) -> ir.Select | None:
    """``left_groups.left_lookups`` of ``q``, or where it does not apply, ``q`` grouped over
    a LEFT JOIN as its distinct keys with correlated aggregates; or None (see the module)."""
    found = left_lookups(q, schema, terms)
    src = q.source
    if (found is not None or not isinstance(src, ir.Join) or src.kind != JoinKind.LEFT
            or not q.group_by or q.distinct or q.bare_from is not None or q.order
            or q.limit is not None or q.offset or not _only(q.where, _defined(src.left))):
        return found
    return _by_class(q, terms)


def _by_class(q: ir.Select, terms) -> ir.Select | None:
    src = q.source
    left, keys = src.left, q.group_by
    if not isinstance(left, ir.Scan) or src.on is None or not _only(src.on, {left.alias} | _defined(src.right)):
        return None
    right, mine = _defined(src.right), left.alias
    free = terms is None or terms.int_min_free
    names = [k.name.lower() for k in keys if isinstance(k, ir.Col) and k.alias == mine and (
        k.affinity in ONE_CLASS or (k.affinity in CLASSED and free))]
    if mine in right or len(names) != len(keys) or len(set(names)) != len(names):
        return None
    v, copy = f"{mine}~classes", f"{mine}~keys"
    shown = {k.name.lower(): dataclasses.replace(k, alias=v) for k in keys}
    same = tuple(ir.Cmp(CmpOp.IS, k, shown[k.name.lower()]) for k in keys)
    both = conjuncts(q.where) + same
    on = both[0] if len(both) == 1 else ir.Logic(LogicOp.AND, both, Ty.BOOL)
    pairs = ir.Join(JoinKind.INNER, left, src.right, src.on)
    subs: dict = {}

    def outer(e):
        """``e`` over the distinct keys: aggregates as sub-queries, grouped columns of ``v``."""
        if isinstance(e, ir.Agg):
            if e not in subs:
                subs[e] = _lookup(e, pairs, on, right, {mine}, True, terms)
            if subs[e] is None:
                raise _NotByClass
            return subs[e]
        if isinstance(e, ir.Col):
            if e.alias != mine or e.name.lower() not in shown:
                raise _NotByClass
            return shown[e.name.lower()]
        if isinstance(e, (ir.Exists, ir.InSub, ir.ScalarSub)):
            raise _NotByClass
        if isinstance(e, tuple):
            return tuple(outer(y) for y in e)
        if not dataclasses.is_dataclass(e) or isinstance(e, type):
            return e
        return dataclasses.replace(e, **{f.name: outer(getattr(e, f.name))
                                         for f in dataclasses.fields(e) if f.init})

    try:
        items = outer(q.items)
        having = None if q.having is None else outer(q.having)
    except _NotByClass:
        return None
    cols = tuple(k.name for k in keys)
    rows = ir.Select(realias(left, {mine: copy}), realias(q.where, {mine: copy}), (), None,
                     realias(keys, {mine: copy}), True, (), None, 0, False, cols)
    return lowered_form(dataclasses.replace(
        q, source=ir.Derived(rows, v, cols), where=having, group_by=(), having=None,
        items=items, aggregate=False))


class _NotByClass(Exception):
    """A value the rewrite cannot read over the distinct keys."""
