"""The partial counts of a split, spelt alike (issue 25, i63d): ``counts_of_a_split``.

``SELECT g.., SUM(u.c) FROM (SELECT g.., COUNT(*) AS c FROM T WHERE x IS NOT NULL GROUP BY
g.. UNION ALL SELECT g.., 0 FROM T WHERE x IS NULL GROUP BY g..) AS u GROUP BY u.g..`` is
the count of a NULL-able column split by its NULL test (the literature's UNION ALL split of
``COUNT(x)``). Each operand's item at a summed position is rewritten to ``COUNT(x)`` for one
column ``x`` that every operand can count, when the operands spell it differently:

- ``COUNT(*)`` (or ``COUNT(y)``) in an operand whose WHERE has a conjunct ``x IS NOT NULL``
  (and ``y IS NOT NULL``) is ``COUNT(x)``: every row of every group has ``x`` (and ``y``)
  non-NULL, so each counts every row of its group;
- ``COUNT(y)`` or the integer literal ``0`` in an aggregate operand whose WHERE has a
  conjunct ``x IS NULL`` (and ``y IS NULL``) is ``COUNT(x)``: every row of every group has
  ``x`` NULL, so ``COUNT(x)`` is 0 there (a group has rows; an operand without GROUP BY
  counts its rows or none: 0 too);
- ``COUNT(x)`` itself.

Each rewrite is an identity of its operand on every database (the conjuncts hold on every
row the operand aggregates, whatever the storage classes), so the compound's rows do not
change; the outer ``SUM`` of the now uniform ``COUNT(x)`` then composes
(``aggregate_union``), and the operands' rows meet in the split they came from
(``split_union_all``). ``x`` is named by its table and column, a table scanned once in the
operand (inner joins only: ``_leaves``). Only positions the outer query reads as ``SUM``
and nowhere else, only where the operands' items differ (alike, ``aggregate_union`` needs no
help), and not when one spelling has no common ``x``: ``COUNT(*)`` under ``x IS NULL``
counts the NULL rows (the classic mistake: every row counted) and stays.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, Ty
from .aggregates import _map_top
from .setops import _over_derived, _union_all, _union_all_operands
from .terms import _conjuncts, _key, _leaves, _on_conjuncts, _subquery_aliases, _windowless


def counts_of_a_split(q):
    """``q`` with the summed counts of its UNION ALL operands spelt as one ``COUNT(x)``
    (the module's law), else ``q``."""
    if not _over_derived(q) or q.distinct or not q.group_by:
        return q
    d = q.source
    parts = _union_all_operands(d.query)
    if parts is None or not all(_plain_aggregate(p) for p in parts):
        return q
    if d.alias in _subquery_aliases((q.items, q.group_by, q.having, tuple(k for k, _ in q.order))):
        return q
    summed = _summed_positions(q, d)
    if not summed:
        return q
    new = list(parts)
    for j in sorted(summed):
        items = [p.items[j] for p in parts]
        if len({_key(e) for e in items}) == 1:
            continue
        spelt = [_countable(p, e) for p, e in zip(parts, items, strict=True)]
        common = set.intersection(*spelt)
        if not common:
            continue
        table, name = min(common)
        new = [_with_count(p, j, table, name) for p in new]
    if new == parts:
        return q
    return dataclasses.replace(q, source=dataclasses.replace(d, query=_union_all(new, d.query)))


def _plain_aggregate(p) -> bool:
    return (isinstance(p, ir.Select) and p.aggregate and p.having is None and not p.distinct
            and p.limit is None and not p.offset and not p.order and p.bare_from is None
            and _windowless(p) and _leaves(p.source) is not None)


def _summed_positions(q, d) -> set[int]:
    """The positions of ``d`` the outer query reads only as ``SUM(d.c)`` (not DISTINCT)."""
    summed, other = set(), set()

    def visit(e):
        if isinstance(e, ir.Agg):
            if (e.fn == AggFn.SUM and not e.distinct and isinstance(e.arg, ir.Col)
                    and e.arg.alias == d.alias and e.arg.name in d.names):
                summed.add(d.names.index(e.arg.name))
                return _STOP
            for x in ir.nodes(e):
                if isinstance(x, ir.Col) and x.alias == d.alias and x.name in d.names:
                    other.add(d.names.index(x.name))
            return _STOP
        if isinstance(e, ir.Col) and e.alias == d.alias and e.name in d.names:
            other.add(d.names.index(e.name))
        return e

    for x in (*q.items, *q.group_by, q.having, *(k for k, _ in q.order)):
        if x is not None:
            _map_top(x, visit)
    return summed - other


_STOP = ir.Lit(None, Ty.NULL)


def _scans(p) -> dict:
    """alias -> table of the operand's scans, for tables scanned once."""
    tables = [x.table.lower() for x in _leaves(p.source) if isinstance(x, ir.Scan)]
    return {x.alias: x.table.lower() for x in _leaves(p.source)
            if isinstance(x, ir.Scan) and tables.count(x.table.lower()) == 1}


def _tested(p, scans: dict) -> tuple[set, set]:
    """(columns the WHERE and ON conjuncts test IS NOT NULL, columns they test IS NULL), as
    (table, column) of the once-scanned tables."""
    not_null, null = set(), set()
    for c in _conjuncts(p.where) + _on_conjuncts(p.source):
        neg = isinstance(c, ir.Not)
        t = c.arg if neg else c
        if isinstance(t, ir.IsNull) and isinstance(t.arg, ir.Col) and t.arg.alias in scans:
            (not_null if neg else null).add((scans[t.arg.alias], t.arg.name.lower()))
    return not_null, null


def _countable(p, e) -> set:
    """The columns ``x`` (table, column) with ``e`` equal to ``COUNT(x)`` on every group of
    ``p`` (the module's three cases)."""
    scans = _scans(p)
    not_null, null = _tested(p, scans)
    if isinstance(e, ir.Agg) and not e.distinct and e.fn == AggFn.COUNT_STAR:
        return set(not_null)
    if isinstance(e, ir.Agg) and not e.distinct and e.fn == AggFn.COUNT:
        a = e.arg
        if not (isinstance(a, ir.Col) and a.alias in scans):
            return set()
        y = (scans[a.alias], a.name.lower())
        if y in not_null:
            return not_null | {y}
        if y in null:
            return null | {y}
        return {y}
    if isinstance(e, ir.Lit) and e.ty == Ty.INT and type(e.value) is int and e.value == 0:
        return set(null)
    return set()


def _with_count(p, j: int, table: str, name: str):
    """Operand ``p`` with its item ``j`` as ``COUNT(x)``, ``x`` column ``name`` of its scan of
    ``table``."""
    for leaf in _leaves(p.source):
        if isinstance(leaf, ir.Scan) and leaf.table.lower() == table:
            for col, ty, aff in leaf.columns:
                if col.lower() == name:
                    count = ir.Agg(AggFn.COUNT, ir.Col(leaf.alias, col, ty, aff), False, Ty.INT)
                    items = p.items[:j] + (count,) + p.items[j + 1:]
                    return dataclasses.replace(p, items=items)
    return p


COUNT_SPLIT_RULE = (
    "counts_of_a_split", "SUM over a UNION ALL of aggregates: an operand's COUNT(*) under "
    "x IS NOT NULL, its 0 or COUNT(y) under x IS NULL, is COUNT(x), spelt alike in every "
    "operand (canon/count_splits.py)",
    ("query",), lambda canon, q, ctx: q if ctx["sensitive"] else counts_of_a_split(q))
