"""GROUP BY keys the decision may read as values of the group (``Decider.groups_equal``).

SQLite returns a group's key as one of its rows holds it, and GROUP BY puts together the
rows whose keys compare equal: 1 and 1.0 fall in one group. A key is a value of the group
only where the rows of one group hold it identically (one class), as a column of INTEGER,
NUMERIC, REAL or TEXT affinity does (read directly or through an inlined view), or as Z3
proves of any other key: two rows the block keeps whose keys GROUP BY puts together have
identical keys (a text function's result, ``textual``; a column of REAL affinity read
through ``CASE``...).
"""

from __future__ import annotations

import z3

from .. import ir
from ..ir.kinds import Affinity, AggFn, LogicOp
from ..ir.walk import field_names
from .normal import Block, Group, conjuncts
from .values import Scope

# affinities under which the values of a column that compare equal are of one class
CLASSED = (Affinity.INTEGER, Affinity.NUMERIC, Affinity.REAL, Affinity.TEXT)


def keys_identify(d, b: Block) -> bool:
    """Do two rows of one group of ``b`` (grouped) hold each GROUP BY key identically?
    ``d``: the ``Decider``."""
    classes = {(o.alias, c): f for o in b.occs for c, f in o.affinity}
    plain = Block(b.occs, b.conds, b.items, b.env)
    for k in b.group.keys:
        col = k
        while isinstance(col, ir.Col) and (col.alias, col.name) in b.env:
            col = b.env[(col.alias, col.name)]
        if isinstance(col, ir.Col) and classes.get((col.alias, col.name)) in CLASSED:
            continue
        rows1, f1 = d.rows(b.occs)
        rows2, f2 = d.rows(b.occs)
        s1, s2 = Scope(d.t, rows1, b.env), Scope(d.t, rows2, b.env)
        x, y = s1.val(k), s2.val(k)
        premise = z3.And(d.keep(s1, plain), d.keep(s2, plain), d.t.same_row(x, y))
        if not d.valid(z3.Implies(premise, d.t.same(x, y)), f1 + f2):
            return False
    return True


def having_to_where(d, b: Block) -> Block:
    """``b`` (grouped by some key) with each HAVING conjunct that reads only its GROUP BY
    keys (no aggregate, no subquery) moved into WHERE: where every row of a group holds
    each key identically (``keys_identify``), the conjunct is TRUE on all of the group's
    rows or on none, so WHERE keeps the whole group or none of it, with the same
    aggregates. Without GROUP BY the select returns its row also on no input: kept."""
    if b.group is None or not b.group.keys or b.group.having is None:
        return b
    moved, kept = [], []
    for c in conjuncts(b.group.having):
        (moved if _of_keys(c, b.group.keys) else kept).append(c)
    if not moved or not keys_identify(d, b):
        return b
    having = None if not kept else kept[0] if len(kept) == 1 else ir.Logic(LogicOp.AND, tuple(kept))
    return Block(b.occs, b.conds + tuple(moved), b.items, b.env, Group(b.group.keys, having))


def _of_keys(c, keys) -> bool:
    """Does ``c`` read columns only inside GROUP BY keys, and no aggregate or subquery?"""
    stack = [c]
    while stack:
        y = stack.pop()
        if any(y == k for k in keys):
            continue
        if isinstance(y, (ir.Col, ir.Agg, ir.Exists, ir.InSub, ir.ScalarSub, ir.Select, ir.SetOp)):
            return False
        if isinstance(y, (tuple, list)):
            stack += list(y)
        elif (names := field_names(y)) is not None:
            stack += [getattr(y, f) for f in names]
    return True


def sum_as_count(d, f, g, sa, sb, keep, facts) -> bool:
    """In a group that holds a row (GROUP BY some key), do aggregates ``f`` (of ``sa``'s
    block) and ``g`` agree: ``SUM(x)`` and ``COUNT(y)`` (either way round, no DISTINCT)
    where on every row kept ``x`` is the integer 0 or 1 and ``y`` is NULL exactly where
    ``x`` is 0 (``SUM(CASE WHEN p THEN 1 ELSE 0 END)`` as ``COUNT(*) FILTER (WHERE p)``).
    Over no row SUM is NULL and COUNT 0: not for a select without GROUP BY."""
    if f.fn == AggFn.COUNT and g.fn == AggFn.SUM:
        f, g, sa, sb = g, f, sb, sa
    if not (f.fn == AggFn.SUM and g.fn == AggFn.COUNT and not f.distinct and not g.distinct
            and isinstance(f.arg, ir.Expr) and isinstance(g.arg, ir.Expr)
            and not isinstance(f.arg, ir.RowVal) and not isinstance(g.arg, ir.RowVal)):
        return False
    x, y = sa.val(f.arg), sb.val(g.arg)
    bit = z3.And(z3.Not(x.null), x.k == 0, z3.Or(x.v == 0, x.v == 1), y.null == (x.v == 0))
    return d.valid(z3.Implies(keep, bit), facts)
