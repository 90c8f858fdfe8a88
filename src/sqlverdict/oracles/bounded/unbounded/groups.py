"""GROUP BY keys the decision may read as values of the group (``Decider.groups_equal``),
and HAVING conjuncts of keys alone as WHERE conjuncts.

SQLite returns a group's key as one of its rows holds it, and GROUP BY puts together the
rows whose keys compare equal: 1 and 1.0 fall in one group. A key is a value of the group
only where the rows of one group hold it identically (one class): a table's column of
INTEGER, NUMERIC, REAL or TEXT affinity, as the decision has always read it (``CLASSED``),
a column of REAL or TEXT affinity read through an inlined view (``ONE_CLASS``), or any key
Z3 proves so of: two rows the block keeps whose keys GROUP BY puts together have identical
keys (a text function's result, ``textual``).
"""

from __future__ import annotations

import z3

from .. import ir
from ..ir.kinds import Affinity, AggFn, LogicOp
from ..ir.walk import field_names
from .normal import Block, Group, conjuncts
from .values import Scope

# affinities under which the values of a column that compare equal are of one class: REAL
# (numbers as reals) and TEXT (numbers as text); INTEGER and NUMERIC keep a real
# -9223372036854775808.0, equal to the integer -2**63 (``values.Terms.stored``), which the
# decision has read as one class for a table's own column (``CLASSED``: its proofs state
# ``no_real_int_min``, ``int_min``) but proves no more of
ONE_CLASS = (Affinity.REAL, Affinity.TEXT)
CLASSED = (Affinity.INTEGER, Affinity.NUMERIC) + ONE_CLASS


def keys_identify(d, b: Block) -> bool:
    """Do two rows of one group of ``b`` (grouped) hold each GROUP BY key identically?
    ``d``: the ``Decider``."""
    classes = {(o.alias, c): f for o in b.occs for c, f in o.affinity}
    for k in b.group.keys:
        if isinstance(k, ir.Col) and (k.alias, k.name) not in b.env and classes.get(
                (k.alias, k.name)) in CLASSED:
            continue  # the reading the decision has always made of a table's column
        col = k
        while isinstance(col, ir.Col) and (col.alias, col.name) in b.env:
            col = b.env[(col.alias, col.name)]
        if isinstance(col, ir.Col) and classes.get((col.alias, col.name)) in ONE_CLASS:
            continue
        if not _in_group(d, b, lambda sc, k=k: sc.val(k), lambda x, y: d.t.same(x, y)):
            return False
    return True


def _in_group(d, b: Block, value, alike) -> bool:
    """Do two rows ``b`` keeps that GROUP BY puts together (every key not distinct) give
    ``alike`` values ``value(scope)``?"""
    plain = Block(b.occs, b.conds, b.items, b.env)
    rows1, f1 = d.rows(b.occs)
    rows2, f2 = d.rows(b.occs)
    s1, s2 = Scope(d.t, rows1, b.env), Scope(d.t, rows2, b.env)
    premise = z3.And([d.keep(s1, plain), d.keep(s2, plain)]
                     + [d.t.same_row(s1.val(k), s2.val(k)) for k in b.group.keys])
    return d.valid(z3.Implies(premise, alike(value(s1), value(s2))), f1 + f2)


def having_to_where(d, b: Block) -> Block:
    """``b`` (grouped by some key) with each HAVING conjunct that reads only its GROUP BY
    keys (no aggregate, no subquery) and is TRUE on all the rows of a group or on none
    (Z3: on two rows whose keys GROUP BY puts together) moved into WHERE: WHERE keeps the
    whole group or none of it, with the same aggregates. Without GROUP BY the select
    returns its row also on no input: kept."""
    if b.group is None or not b.group.keys or b.group.having is None:
        return b
    moved, kept = [], []
    for c in conjuncts(b.group.having):
        same = _of_keys(c, b.group.keys) and _in_group(
            d, b, lambda sc, c=c: sc.cond(c).true, lambda x, y: x == y)
        (moved if same else kept).append(c)
    if not moved:
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
