"""DISTINCT and GROUP BY over at most one row: ``dedup_of_one_row``.

A select whose rows before its own LIMIT/OFFSET number at most one on every database
(``empty.uncut_rows``: no FROM, an aggregate without GROUP BY, a select over such a derived
table) has no two rows to tell apart: its DISTINCT is a no-op, and so is a GROUP BY without
aggregates or HAVING (each group is the one row, read as it is). Spark's OptimizeOneRowPlan
("the Aggregate over a one-row child is a Project"; "the Distinct of a one-row plan is its
child"). Not a GROUP BY with aggregates (over no row: no group, against the one row of an
aggregate without GROUP BY) or with HAVING.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.walk import field_names
from .empty import uncut_rows


def _reads_aggregate(x) -> bool:
    stack = [x]
    while stack:
        y = stack.pop()
        if isinstance(y, ir.Agg):
            return True
        if isinstance(y, (ir.Exists, ir.InSub, ir.ScalarSub, ir.Select, ir.SetOp)):
            continue  # a subquery's own aggregates
        if isinstance(y, (tuple, list)):
            stack += list(y)
        elif (names := field_names(y)) is not None:
            stack += [getattr(y, f) for f in names]
    return False


def dedup_of_one_row(q):
    """``q`` without its DISTINCT, or its GROUP BY without aggregates, when it holds at most
    one row (module docstring); ``q`` itself otherwise."""
    if not isinstance(q, ir.Select) or not (q.distinct or q.group_by):
        return q
    if q.group_by:
        if q.having is not None or q.bare_from is not None or _reads_aggregate(
                (q.items, tuple(k for k, _ in q.order))):
            return q
        plain = dataclasses.replace(q, group_by=(), aggregate=False, distinct=False)
    else:
        plain = dataclasses.replace(q, distinct=False)
    n = uncut_rows(plain)
    if n is None or n > 1:
        return q
    return plain


def _subqueries(x) -> list:
    """The scalar subqueries ``x`` reads outside other subqueries; None where it reads a
    column or another subquery there."""
    out, stack = [], [x]
    while stack:
        y = stack.pop()
        if isinstance(y, ir.ScalarSub):
            out.append(y)
        elif isinstance(y, (ir.Col, ir.Exists, ir.InSub, ir.Select, ir.SetOp, ir.Window)):
            return None
        elif isinstance(y, (tuple, list)):
            stack += list(y)
        elif (names := field_names(y)) is not None:
            stack += [getattr(y, f) for f in names]
    return out


def _aggregate_row(s) -> bool:
    """Does ``s`` return exactly one row on every database: an aggregate of one item without
    GROUP BY, HAVING, LIMIT, OFFSET, the bare-column rule or a window function?"""
    return (isinstance(s, ir.Select) and s.aggregate and not s.group_by and s.having is None
            and s.limit is None and not s.offset and s.bare_from is None and len(s.items) == 1
            and not any(isinstance(y, ir.Window) for y in ir.local_nodes(s.items[0])))


def scalar_aggregate_row(q):
    """``SELECT f((S))`` without FROM, one item reading one scalar subquery ``S`` (the same
    one wherever it reads it) and no column, ``S`` an aggregate of one item ``a`` that returns
    exactly one row (``_aggregate_row``), is ``S`` with the item ``f(a)``: both return one
    row, ``(S)`` is ``a`` over ``S``'s rows (over none too: COUNT 0, SUM NULL), and SQLite
    gives ``(S)`` the affinity of ``a``. Spark's OptimizeOneRowRelationSubquery read
    outwards; ``aggregate_row_as_subqueries`` writes two or more items the other way."""
    if not (isinstance(q, ir.Select) and q.source is None and q.where is None
            and not q.aggregate and not q.group_by and q.having is None and q.limit is None
            and not q.offset and not q.order and len(q.items) == 1):
        return q
    subs = _subqueries(q.items[0])
    if not subs or any(s != subs[0] for s in subs) or not _aggregate_row(s := subs[0].query):
        return q
    item = _replace_sub(q.items[0], subs[0], s.items[0])
    return dataclasses.replace(s, items=(item,), names=q.names, order=(), distinct=False)


def _replace_sub(x, old, new):
    if x == old:
        return new
    if isinstance(x, tuple):
        return tuple(_replace_sub(y, old, new) for y in x)
    if (names := field_names(x)) is not None and not isinstance(x, (ir.Select, ir.SetOp)):
        return dataclasses.replace(x, **{f: _replace_sub(getattr(x, f), old, new) for f in names})
    return x
