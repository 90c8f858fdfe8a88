"""Window ORDER BY keys in the sort-key normal form (issue 25, i44b): ``window_sort_keys``.

A translation from another dialect writes NULLS FIRST/LAST as an ``x IS NULL`` key before
``x`` in every ORDER BY, a window's too (``ROW_NUMBER() OVER (ORDER BY k IS NULL, k)``),
and a ranking CASE or a negative boolean key may order a window as well as a select. The
select's own ORDER BY gets the normal form of ``canon/boolean_sort_keys.py`` and
``canon/sort_keys.py`` at the site ``order``, late; the rules that read windows (a
ROW_NUMBER cut as LIMIT, a window as a correlated subquery) look at the keys earlier, from
the select above. So here, before them, each window's ORDER BY keys, in the select and in
the selects of its derived tables, get that normal form: constant NULL flags of never-NULL
keys and repeated keys go, negative never-NULL boolean keys turn positive, ranking CASE
keys become boolean keys; and the select's own ORDER BY loses the NULL flags of its derived
tables' never-NULL columns (``ORDER BY rn IS NULL, rn`` of a ROW_NUMBER), which the site
``order`` cannot see, and those of an expression its HAVING rejects when NULL (the same
group's value: the grouped spelling of a view filtered by a WHERE), and its derived table's ORDER BY the flags of every never-NULL column
(so the cut below, the windows and the order above keep one spelling of one order, as the
rules that move a LIMIT through a window compare them).

Why it holds in SQLite: each of these rewrites keeps the lexicographic preorder of the
rows (``canon/boolean_sort_keys.py``, ``canon/sort_keys.py``), and a window function reads
its ORDER BY only through that preorder: the order of the partition's rows and which rows
are peers. Not for a RANGE frame with an offset (``RANGE 1 PRECEDING``), which computes on
the one key's value: such a window is left alone. Never NULL here: a column declared so
of an inner-joined table, one a WHERE conjunct rejects when NULL, and a derived table's
column that is a COUNT, a rank-like window (ROW_NUMBER, RANK, DENSE_RANK, NTILE,
PERCENT_RANK, CUME_DIST, COUNT), a non-NULL literal or such a column of its own.
"""

from __future__ import annotations

import dataclasses

from ....types import Schema
from .. import ir
from ..ir.kinds import AggFn, CmpOp, FrameBound, FrameUnit, FuncName, LogicOp, WindowFn
from .boolean_sort_keys import boolean_sort_keys
from .facts import _rejects_col
from .sort_keys import redundant_sort_keys
from .terms import _conjuncts, _leaves
from .windows import _map_windows

_NEVER_NULL_WINDOWS = (WindowFn.ROW_NUMBER, WindowFn.RANK, WindowFn.DENSE_RANK, WindowFn.NTILE,
                       WindowFn.PERCENT_RANK, WindowFn.CUME_DIST, WindowFn.COUNT, WindowFn.COUNT_STAR)
_OFFSETS = (FrameBound.PRECEDING, FrameBound.FOLLOWING)


def _never_null_item(e, inner: set) -> bool:
    if isinstance(e, ir.Window):
        return e.fn in _NEVER_NULL_WINDOWS
    if isinstance(e, ir.Agg):
        return e.fn in (AggFn.COUNT, AggFn.COUNT_STAR)
    if isinstance(e, ir.Lit):
        return e.value is not None
    return isinstance(e, ir.Col) and ((e.alias, e.name) in inner or (e.alias, e.name.lower()) in inner)


def _not_null(s: ir.Select, schema: Schema, depth: int = 0) -> set:
    """The (alias, column) pairs of ``s``'s inner-joined sources never NULL on a kept row."""
    leaves = _leaves(s.source) if s.source is not None else None
    out: set = set()
    for leaf in leaves or []:
        if isinstance(leaf, ir.Scan):
            t = schema.table(leaf.table)
            out |= {(leaf.alias, c.name.lower()) for c in t.columns if t.never_null(c.name)}
        elif (isinstance(leaf, ir.Derived) and isinstance(v := leaf.query, ir.Select)
              and len(leaf.names) == len(v.items) and depth < 3):
            inner = _not_null(v, schema, depth + 1)
            out |= {(leaf.alias, n) for n, e in zip(leaf.names, v.items, strict=True)
                    if _never_null_item(e, inner) and not (isinstance(e, ir.Agg) and not v.aggregate)}
    if leaves:
        cols = {y for y in ir.local_nodes(s.where) if isinstance(y, ir.Col)} if s.where is not None else set()
        out |= {(c.alias, c.name) for c in cols for d in _conjuncts(s.where) if _rejects_col(d, (c.alias, c.name))}
    return out


def _normal(order: tuple, nn: set) -> tuple:
    out = redundant_sort_keys(boolean_sort_keys(order, nn), nn)
    return order if out == order else out


def _rejects(c, e) -> bool:
    """Is conjunct ``c`` never TRUE when the expression ``e`` is NULL (it compares ``e``
    itself; ``facts._rejects_col`` for a column)?"""
    if isinstance(c, ir.Cmp):
        return c.op not in (CmpOp.IS, CmpOp.IS_NOT) and e in (c.left, c.right)
    if isinstance(c, (ir.Like, ir.InList, ir.InSub)):
        return c.arg == e
    if isinstance(c, ir.Logic):
        found = [_rejects(a, e) for a in c.args]
        return any(found) if c.op == LogicOp.AND else all(found)
    return isinstance(c, ir.Not) and isinstance(c.arg, ir.IsNull) and c.arg.arg == e


def _having_flags_dropped(s: ir.Select, order: tuple) -> tuple:
    """``order`` without NULL flags ``e IS NULL`` of an expression ``e`` that a HAVING
    conjunct rejects when NULL: every group kept has ``e`` non-NULL, the flag is 0 on every
    row (``HAVING SUM(x) > v .. ORDER BY SUM(x) IS NULL, SUM(x)`` as the grouped view's
    ``WHERE value > v .. ORDER BY value`` reads, where a WHERE conjunct rejects the column)."""
    if s.having is None or not s.group_by and not s.aggregate:
        return order
    conds = _conjuncts(s.having)

    def flag(k) -> bool:
        return (isinstance(k, ir.Func) and k.name == FuncName.BOOL_INT and len(k.args) == 1
                and isinstance(c := k.args[0], ir.IsNull) and any(_rejects(d, c.arg) for d in conds))

    out = tuple((k, d) for k, d in order if not flag(k))
    return order if len(out) == len(order) else out


def _derived_flags_dropped(s: ir.Select, nn: set, derived_only: bool = True) -> tuple:
    """``s``'s ORDER BY without NULL flags ``d.c IS NULL`` of its derived tables' never-NULL
    columns (the site ``order`` knows the tables' columns only); with ``derived_only`` off,
    of every never-NULL column (a derived table's own ORDER BY, kept alike with the select's
    and its windows' keys above it)."""
    derived = {x.alias for x in (_leaves(s.source) or []) if isinstance(x, ir.Derived)} if s.source else set()

    def flag(k) -> bool:
        return (isinstance(k, ir.Func) and k.name == FuncName.BOOL_INT and len(k.args) == 1
                and isinstance(c := k.args[0], ir.IsNull) and isinstance(c.arg, ir.Col)
                and (c.arg.alias in derived or not derived_only) and (c.arg.alias, c.arg.name) in nn)

    out = tuple((k, d) for k, d in s.order if not flag(k))
    return s.order if len(out) == len(s.order) else out


def _windows(items: tuple, nn: set) -> tuple:
    def keyed(w: ir.Window):
        if w.frame and w.frame[0] == FrameUnit.RANGE and (w.frame[1][0] in _OFFSETS or w.frame[2][0] in _OFFSETS):
            return w
        order = _normal(w.order, nn)
        return w if order is w.order else dataclasses.replace(w, order=order)

    out = tuple(_map_windows(i, keyed) for i in items)
    return items if out == items else out


def _select(s: ir.Select, schema: Schema, own_order: bool) -> ir.Select:
    nn = _not_null(s, schema)
    items = _windows(s.items, nn)
    order = _derived_flags_dropped(s, nn, derived_only=own_order)
    order = _having_flags_dropped(s, order) if own_order else order
    if items is s.items and order is s.order:
        return s
    return dataclasses.replace(s, items=items, order=order)


def window_sort_keys(q, schema: Schema):
    """``q`` with its windows' ORDER BY keys, its derived tables' windows' and its own ORDER
    BY in the sort-key normal form (the module docstring)."""
    if not isinstance(q, ir.Select):
        return q
    out = _select(q, schema, own_order=True)
    src = out.source
    if isinstance(src, ir.Derived) and isinstance(src.query, ir.Select):
        inner = _select(src.query, schema, own_order=False)
        if inner is not src.query:
            out = dataclasses.replace(out, source=dataclasses.replace(src, query=inner))
    return q if out == q else out


# ---- the registry's entry (``rules.RULES`` adds it as ``Rule(*entry)``)

WINDOW_SORT_KEY_RULE = (
    "window_sort_keys", "the ORDER BY keys of a window (of the select and of its derived table) "
    "and of the select in the sort-key normal form (boolean_sort_keys, redundant_sort_keys): the "
    "same preorder, so the same order and peers; not a RANGE frame with an offset", ("select",),
    lambda canon, q, ctx: window_sort_keys(q, canon.schema))
