"""A LEFT JOIN to the first row of each partition read as the correlated ``ORDER BY ..
LIMIT 1`` subquery (issue 25, i43c): ``first_row_join_as_subquery``, the shapes
``top_keys.top_row_join_as_scalar`` leaves (that rule's registry entry tries this law after
its own): a nullable leading ORDER BY key before the tie-breaker, ``rn = 1`` inside the
derived table, the join below inner joins or another LEFT JOIN's left side.

``SELECT .. d.c .. FROM X LEFT JOIN (SELECT p.., c.., ROW_NUMBER() OVER (PARTITION BY p..
ORDER BY k..) AS rn FROM t WHERE w) AS d ON d.p = o .. AND d.rn = 1`` (the ``rn = 1`` filter
in ON, or in the derived table's own WHERE over the numbered rows, as EF Core and Django
write "the first related row in a projection") is ``SELECT .. (SELECT t.c FROM t WHERE w
AND t.p = o .. ORDER BY k.. LIMIT 1) ..  FROM X``. Why it holds in SQLite:

- Every partition column is linked to an outer column by ``=`` with no conversion, both of
  one class and affinity (``views._key_link``'s condition), and nothing else is in ON but
  the row-number filter: the rows of ``t`` that ``=`` matches to an outer value are exactly
  one partition (PARTITION BY and ``=`` tell values apart alike; a NULL matches nothing,
  so the NULL partition never joins, and the subquery finds no row for a NULL ``o``).
- The order is total on a partition: a unique key of ``t`` among the ORDER BY columns (and
  the linked partition columns), never NULL on a kept row (``running._total``); the keys
  are deterministic expressions of the row. So exactly one row of a non-empty partition is
  numbered 1, the first in that order, which is the row ``ORDER BY k.. LIMIT 1`` picks from
  the same rows (window and query ORDER BY sort alike, NULLs first ascending).
- The join matches at most that one row: each ``X`` row is kept once, with ``d.c`` its
  ``c``, or padded with NULL when its partition is empty, where the subquery is NULL.

Every table read has BINARY columns only (PARTITION BY, ``=`` and ORDER BY compare alike).
The items of ``d`` read must be columns of ``t`` (never the row number). Near misses: a
tie-prone order (several rows first: ROW_NUMBER and LIMIT 1 may pick different ones), the
``rn = 1`` filter in the outer WHERE (drops the rows without a partition), ``rn <= 2``, a
link over a column that is not a partition key, a link with a conversion.
"""

from __future__ import annotations

import dataclasses

from ....types import Schema
from .. import ir
from ..ir.kinds import Affinity, CmpOp, FuncName, Ty, WindowFn
from .first_rows import _is_first
from .joins import _inner_path_left_joins, _replace_join
from .running import _total
from .terms import _aliases_in, _and, _conjuncts, _has_sub, _replace_cols
from .top_one import _PURE
from .windows import _collated


def first_row_join_as_subquery(q, schema: Schema):
    """``q`` with its first LEFT JOIN to a first-row view read as subqueries (the module's
    law), else ``q``."""
    if not isinstance(q, ir.Select) or _collated(q, schema):
        return q  # (BINARY only: PARTITION BY and = compare by one collation)
    for j in _inner_path_left_joins(q.source):
        d = j.right
        if not isinstance(d, ir.Derived) or d.alias in _aliases_in(j.left):
            continue
        view = _first_row_view(d, _conjuncts(j.on), schema)
        if view is None:
            continue
        w_select, cols, links = view
        rep = {}
        for name, col in cols.items():
            one = ir.Select(w_select.source, _and(_conjuncts(w_select.where) + links), (), None,
                            (col,), False, w_select_order(w_select), 1, 0, False, (name,))
            rep[(d.alias, name)] = ir.ScalarSub(one, col.ty)
        rest = (q.items, q.where, q.group_by, q.having, q.order, q.bare_from)
        read = {(y.alias, y.name) for y in ir.nodes(rest) if isinstance(y, ir.Col) and y.alias == d.alias}
        src = _replace_join(q.source, j)
        read |= {(y.alias, y.name) for y in ir.nodes(src) if isinstance(y, ir.Col) and y.alias == d.alias}
        if not read <= set(rep):
            continue
        return dataclasses.replace(
            q, source=_replace_cols(src, rep), items=_replace_cols(q.items, rep),
            where=_replace_cols(q.where, rep), group_by=_replace_cols(q.group_by, rep),
            having=_replace_cols(q.having, rep), order=_replace_cols(q.order, rep))
    return q


def w_select_order(s: ir.Select):
    """The window's ORDER BY keys as the subquery's."""
    return tuple(next(e for e in s.items if isinstance(e, ir.Window)).order)


def _first_row_view(d: ir.Derived, on: list, schema: Schema):
    """(the numbered select, {d's column name: the column of ``t`` it is}, the links as
    conditions on ``t``) when ``d`` joined ON ``on`` is a first-row view of the law; else
    None."""
    s = d.query
    if not isinstance(s, ir.Select):
        return None
    filters = [c for c in on]
    if isinstance(s.source, ir.Derived):  # SELECT cols FROM (numbered) d2 WHERE d2.rn = 1
        d2 = s.source
        if (not _plain(s) or not _numbered(d2.query) or len(_conjuncts(s.where)) != 1
                or not all(isinstance(e, ir.Col) and e.alias == d2.alias for e in s.items)):
            return None
        w_select, rn = d2.query, _window_name(d2)
        if not _is_first(_conjuncts(s.where)[0], d2.alias, rn):
            return None
        cols = {n: d2.query.items[d2.names.index(e.name)] for n, e in zip(d.names, s.items, strict=True)}
    elif _numbered(s):
        w_select, rn = s, _window_name(d)
        first = [c for c in filters if _is_first(c, d.alias, rn)]
        if len(first) != 1:
            return None
        filters.remove(first[0])
        cols = {n: e for n, e in zip(d.names, s.items, strict=True)}
    else:
        return None
    if any(isinstance(e, ir.Window) for e in cols.values()):
        cols = {n: e for n, e in cols.items() if not isinstance(e, ir.Window)}
    if not all(isinstance(e, ir.Col) for e in cols.values()):
        return None
    w = next(e for e in w_select.items if isinstance(e, ir.Window))
    scan, t = w_select.source, schema.table(w_select.source.table)
    links, linked = [], set()
    for c in filters:
        link = _link(c, d.alias, cols, w.partition)
        if link is None or (link[0].alias, link[0].name) in linked:
            return None
        linked.add((link[0].alias, link[0].name))
        links.append(ir.Cmp(CmpOp.EQ, link[0], link[1]))
    if linked != {(p.alias, p.name) for p in w.partition} or not links:
        return None
    keys = [(k, desc) for k, desc in w.order]
    if not _total(keys, t, w_select.where, [p for p in w.partition if t.never_null(p.name)]):
        return None
    if not all(_pure(k) and all(not isinstance(y, ir.Col) or y.alias == scan.alias for y in ir.nodes(k))
               for k, _ in keys):
        return None
    return w_select, cols, links


def _plain(s: ir.Select) -> bool:
    return not (s.aggregate or s.group_by or s.having is not None or s.distinct or s.order
                or s.limit is not None or s.offset or s.bare_from is not None)


def _numbered(s) -> bool:
    """Is ``s`` a plain select of one table (no subquery in WHERE) whose items are columns
    of it and one ROW_NUMBER() partitioned by columns of it?"""
    if not (isinstance(s, ir.Select) and isinstance(scan := s.source, ir.Scan) and _plain(s)
            and not _has_sub(s.where)):
        return False
    windows = [e for e in s.items if isinstance(e, ir.Window)]
    if len(windows) != 1 or any(isinstance(y, ir.Window) for e in s.items if not isinstance(e, ir.Window)
                                for y in ir.nodes(e)):
        return False
    w = windows[0]
    return (w.fn == WindowFn.ROW_NUMBER and not w.args and bool(w.order)
            and all(isinstance(p, ir.Col) and p.alias == scan.alias for p in w.partition)
            and all(isinstance(e, ir.Window) or (isinstance(e, ir.Col) and e.alias == scan.alias)
                    for e in s.items))


def _window_name(d: ir.Derived) -> str:
    return d.names[next(i for i, e in enumerate(d.query.items) if isinstance(e, ir.Window))]


def _link(c, alias: str, cols: dict, partition):
    """(the partition column of ``t``, the outer column) of ``d.x = o``: ``x`` a partition
    column, ``o`` a column outside ``d`` of its storage class and affinity, no conversion."""
    if not (isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and not c.conv):
        return None
    for mine, o in ((c.left, c.right), (c.right, c.left)):
        if not (isinstance(mine, ir.Col) and mine.alias == alias and mine.name in cols
                and isinstance(o, ir.Col) and o.alias != alias):
            continue
        p = cols[mine.name]
        if (p in partition and o.ty == p.ty and o.ty in (Ty.INT, Ty.REAL, Ty.TEXT)
                and o.affinity == p.affinity and o.affinity in _EXACT):
            return p, o
    return None


_EXACT = (Affinity.INTEGER, Affinity.REAL, Affinity.NUMERIC, Affinity.TEXT)  # (as top_keys')


def _pure(k) -> bool:
    return all(isinstance(y, _PURE) or (isinstance(y, ir.Func) and y.name == FuncName.BOOL_INT)
               for y in ir.nodes(k))
