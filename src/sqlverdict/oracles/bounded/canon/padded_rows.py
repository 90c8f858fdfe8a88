"""Rows an outer join pads, as aggregates read them (issue 25, i44d): ``count_of_unpadded_column``
and ``outer_join_under_skipping_aggregates``.

- ``count_of_unpadded_column`` (site ``select``): in an aggregate select over a tree of
  joins, ``COUNT(b.c)`` is ``COUNT(*)`` when ``c`` is declared never NULL (NOT NULL, the
  rowid alias) and ``b`` is never NULL-padded: no LEFT JOIN has it on its right side, no
  RIGHT JOIN on its left, no FULL JOIN at all above it. Every joined row then holds a row of
  ``b``, whose ``c`` is a value; COUNT of a value on every row is the number of rows. What
  ``count_star`` does for inner joins, over the preserved side of outer ones (Tableau's
  COUNTD over a relationship, once ``distinct_of_unrepeated_key`` took its DISTINCT).
- ``outer_join_under_skipping_aggregates`` (site ``select``): an aggregate select without
  GROUP BY whose items, HAVING and ORDER BY read columns only inside aggregates other than
  ``COUNT(*)``, every aggregate's argument NULL on a row where the right side ``R`` of a
  ``LEFT JOIN`` is padded (a column of ``R``, or a CASE with columns of ``R`` or NULL in
  every arm), reads that LEFT JOIN as an inner join. Sound in SQLite: the left join's rows
  are the inner join's plus padded rows (``R`` all NULL) for unmatched left rows, and the
  WHERE keeps or drops the added rows without touching the others; COUNT, SUM, AVG,
  TOTAL, MIN and MAX skip a NULL argument (DISTINCT too), so the padded rows change no
  aggregate, and an aggregate without GROUP BY returns its one row on no rows either way
  (COUNT 0, SUM NULL, TOTAL 0.0). The near misses: ``COUNT(*)`` (it counts the padded
  rows), a GROUP BY (a padded row alone makes a group), a column of the left side. The
  left side is a join of tables (a derived view there is ``magic_set``'s, which reads it).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, JoinKind, Ty
from .aggregates import _map_sites
from .terms import _map_children, _tree_aliases, _windowless

_SKIPPING = (AggFn.COUNT, AggFn.SUM, AggFn.AVG, AggFn.TOTAL, AggFn.MIN, AggFn.MAX)


def _unpadded(src, padded: bool = False) -> dict:
    """alias -> scan of the scans of ``src`` no outer join pads."""
    if isinstance(src, ir.Scan):
        return {} if padded else {src.alias: src}
    if not isinstance(src, ir.Join):
        return {}
    full = src.kind == JoinKind.FULL
    return {**_unpadded(src.left, padded or full or src.kind == JoinKind.RIGHT),
            **_unpadded(src.right, padded or full or src.kind == JoinKind.LEFT)}


def _joined(q) -> bool:
    return (isinstance(q, ir.Select) and q.aggregate and isinstance(q.source, ir.Join)
            and q.bare_from is None and _windowless(q))


def _reads(q) -> tuple:
    return (*q.items, *(k for k, _ in q.order), *((q.having,) if q.having is not None else ()))


def count_of_unpadded_column(q, schema):
    """``q`` with each ``COUNT(b.c)`` of a never-NULL column of a never-padded scan as
    ``COUNT(*)`` (module docstring); ``q`` itself when none is."""
    if not _joined(q) or schema is None:
        return q
    scans = _unpadded(q.source)

    def f(y):
        if (isinstance(y, ir.Agg) and y.fn == AggFn.COUNT and not y.distinct and isinstance(y.arg, ir.Col)
                and y.arg.alias in scans
                and schema.table(scans[y.arg.alias].table).never_null(y.arg.name)):
            return ir.Agg(AggFn.COUNT_STAR, None, False, Ty.INT)
        return y

    return _map_sites(q, f)


def _null_when_padded(e, side: set) -> bool:
    """Is ``e`` NULL whenever the aliases ``side`` are padded: a column of one, or a CASE
    with such columns or NULL in every arm?"""
    if isinstance(e, ir.Col):
        return e.alias in side
    if isinstance(e, ir.Case):
        arms = [v for _, v in e.whens] + [e.default]
        return all((isinstance(v, ir.Col) and v.alias in side)
                   or (isinstance(v, ir.Lit) and v.value is None) for v in arms)
    return False


def _aggregates_only(q) -> list | None:
    """The aggregates ``q`` reads when it reads columns only inside aggregates, none a
    COUNT(*); else None."""
    found = []

    def visit(e) -> bool:  # (no subquery: it may read the joined row's columns)
        if isinstance(e, ir.Agg):
            found.append(e)
            return e.fn != AggFn.COUNT_STAR and not any(
                isinstance(y, (ir.InSub, ir.Exists, ir.ScalarSub)) for y in ir.local_nodes(e))
        if isinstance(e, (ir.Col, ir.InSub, ir.Exists, ir.ScalarSub)):
            return False
        ok = [True]
        _map_children(e, lambda c: ok.__setitem__(0, ok[0] and visit(c)) or c)
        return ok[0]

    return found if all(visit(e) for e in _reads(q)) else None


def _scans_only(src) -> bool:
    if isinstance(src, ir.Join):
        return _scans_only(src.left) and _scans_only(src.right)
    return isinstance(src, ir.Scan)


def outer_join_under_skipping_aggregates(q, schema=None):
    """``q`` with the first LEFT JOIN whose padded rows no aggregate reads as an inner join
    (module docstring); ``q`` itself when there is none."""
    if not _joined(q) or q.group_by:
        return q
    aggs = _aggregates_only(q)
    if not aggs or any(a.fn not in _SKIPPING or a.arg is None for a in aggs):
        return q

    def inner(src):
        if not isinstance(src, ir.Join):
            return src
        if src.kind == JoinKind.LEFT and _scans_only(src.left):  # (a view there: magic_set's)
            side = set(_tree_aliases(src.right))
            if all(_null_when_padded(a.arg, side) for a in aggs):
                return dataclasses.replace(src, kind=JoinKind.INNER)
        if src.kind == JoinKind.FULL:
            return src
        left = inner(src.left) if src.kind != JoinKind.RIGHT else src.left
        if left is not src.left:
            return dataclasses.replace(src, left=left)
        right = inner(src.right) if src.kind in (JoinKind.INNER, JoinKind.CROSS) else src.right
        return dataclasses.replace(src, right=right) if right is not src.right else src

    source = inner(q.source)
    return q if source is q.source else dataclasses.replace(q, source=source)


PADDED_ROW_RULES = (
    ("count_of_unpadded_column", "COUNT(b.c) over joins, c declared never NULL and b on no "
     "outer join's padded side, is COUNT(*)", ("select",),
     lambda canon, q, ctx: count_of_unpadded_column(q, canon.schema)),
    ("outer_join_under_skipping_aggregates", "an aggregate without GROUP BY reading columns "
     "only in COUNT/SUM/AVG/TOTAL/MIN/MAX of values NULL on a LEFT JOIN's padded rows reads "
     "it as an inner join", ("select",),
     lambda canon, q, ctx: outer_join_under_skipping_aggregates(q)),
)
