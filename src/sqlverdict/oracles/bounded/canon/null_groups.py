"""Rows whose aggregated column is NULL, where no result reads them (issue 25, i41d): an
answer filters ``WHERE x IS NOT NULL`` before grouping, another leaves the filter out, and
both are right when every aggregate skips a NULL ``x`` and no group of NULLs alone shows.
The canonical form is the one without the filter (the laws drop it; adding it instead
would hide the plain groupings other laws read, ``in_group_as_having``'s, ``tagged_union``'s).

- ``non_null_filter_of_groups``: ``SELECT .. FROM F WHERE w GROUP BY g HAVING h``, every
  aggregate of it ``AGG(x)`` of one column ``x`` (COUNT, SUM, AVG, MIN, MAX, TOTAL; DISTINCT
  or not) or ``COUNT(*)``, which reads ``COUNT(x)`` without the filter, every other column read a GROUP BY key whose equal values are
  identical (``twins._identical``), and a HAVING conjunct that is never TRUE when an
  ``AGG(x)`` of SUM/AVG/MIN/MAX is NULL (a comparison other than IS, or ``IS NOT NULL``),
  is the same with ``WHERE w AND x IS NOT NULL`` (``x`` a column of a table it scans): the
  filter goes. A group holding a non-NULL ``x`` keeps
  it, so it stays a group, with the same aggregates (each skips the NULL rows the filter
  drops) and the same keys; a group of NULL ``x`` only has SUM/AVG/MIN/MAX NULL, so HAVING
  drops it either way (a count of ``x`` above a literal ``v >= 0``: 0 there, not above ``v``;
  round 57). No LIMIT, window or subquery reading the select's own rows.
- ``non_null_filter_under_aggregate``: ``SELECT A1(d.a1).. FROM (SELECT .., AGG(x) AS a1..
  FROM F WHERE w GROUP BY g) d``, the outer select one aggregate row (no WHERE, GROUP BY,
  HAVING), each item an aggregate that skips NULL (COUNT, SUM, AVG, MIN, MAX, TOTAL; not
  ``COUNT(*)``) of a column of ``d`` that is SUM/AVG/MIN/MAX of one column ``x``, is the same
  with ``x IS NOT NULL`` in ``d``'s WHERE, which goes: a group of NULL ``x`` only gives a row whose read
  columns are NULL, which each outer aggregate skips; the other groups keep their values.
  Over no row left the outer aggregates read nothing either way (MAX of nothing and of
  NULLs alike are NULL, COUNT 0, TOTAL 0.0). Not under ``COUNT(*)`` (it counts that row),
  not a ``COUNT(x)`` column of ``d`` (0 on such a group, not NULL).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Ty
from ..small_model import never_null
from .terms import Flat, _and, _conjuncts, _deep, _map_children, _unique_keys
from .twins import _identical

_BLIND = (AggFn.COUNT, AggFn.SUM, AggFn.AVG, AggFn.MIN, AggFn.MAX, AggFn.TOTAL)  # skip NULL
_SWAP = {CmpOp.GT: CmpOp.LT, CmpOp.GE: CmpOp.LE}
_NULL_ON_NONE = (AggFn.SUM, AggFn.AVG, AggFn.MIN, AggFn.MAX)  # NULL over no non-NULL value


def _is_filter(c, x) -> bool:
    """Is conjunct ``c`` ``x IS NOT NULL``?"""
    return isinstance(c, ir.Not) and isinstance(c.arg, ir.IsNull) and c.arg.arg == x


def _unfiltered(where, x):
    """``where`` without its conjuncts ``x IS NOT NULL``, or None when it has none."""
    conds = _conjuncts(where)
    kept = [c for c in conds if not _is_filter(c, x)]
    return None if len(kept) == len(conds) else (_and(kept),)


def _aliases(src) -> set | None:
    """The aliases of a FROM of scans, derived tables and joins (flat too); None for another source."""
    if isinstance(src, (ir.Scan, ir.Derived)):
        return {src.alias}
    if isinstance(src, Flat):
        parts = [_aliases(leaf) for leaf in src.leaves]
        return None if None in parts else set().union(*parts)
    if isinstance(src, ir.Join):
        left, right = _aliases(src.left), _aliases(src.right)
        return None if left is None or right is None else left | right
    return None


def _scan_aliases(src) -> dict:
    """alias -> table of the table scans of a FROM (not of its derived tables)."""
    if isinstance(src, ir.Scan):
        return {src.alias: src.table}
    if isinstance(src, ir.Join):
        return _scan_aliases(src.left) | _scan_aliases(src.right)
    if isinstance(src, Flat):
        return {a: t for leaf in src.leaves for a, t in _scan_aliases(leaf).items()}
    return {}


def _reads(e, aliases: set) -> bool:
    """Does ``e`` (deep, subqueries too) read a column of ``aliases``?"""
    return any(isinstance(y, ir.Col) and y.alias in aliases for y in ir.nodes(e))


def _one_column(q: ir.Select):
    """The column ``x`` every aggregate of ``q`` (items, HAVING, ORDER BY) but ``COUNT(*)``
    skips NULL of, when there is one and each is ``AGG(x)`` of ``_BLIND``; else None."""
    aggs = [y for e in (*q.items, q.having, *(k for k, _ in q.order)) if e is not None
            for y in ir.local_nodes(e) if isinstance(y, ir.Agg) and y.fn != AggFn.COUNT_STAR]
    cols = {a.arg for a in aggs}
    if not aggs or len(cols) != 1 or not all(a.fn in _BLIND for a in aggs):
        return None
    x = next(iter(cols))
    return x if isinstance(x, ir.Col) else None


def _counted_x(e, x):
    """``e`` with ``COUNT(*)`` (of this select, not a subquery's) read as ``COUNT(x)``."""
    if isinstance(e, ir.Agg) and e.fn == AggFn.COUNT_STAR:
        return ir.Agg(AggFn.COUNT, x, False, e.ty)
    if isinstance(e, (ir.ScalarSub, ir.Exists, ir.InSub)) or not isinstance(e, ir.Expr):
        return e
    return _map_children(e, lambda ch: _counted_x(ch, x))


def _rejects_null_aggregate(c, x) -> bool:
    """Is HAVING conjunct ``c`` never TRUE when some SUM/AVG/MIN/MAX of ``x`` is NULL? (A
    comparison side NULL with it: the aggregate, or arithmetic on it, NULL on a NULL operand.)"""
    def null_agg(e):
        if isinstance(e, ir.Arith):
            return null_agg(e.left) or null_agg(e.right)
        if isinstance(e, ir.Neg):
            return null_agg(e.arg)
        return isinstance(e, ir.Agg) and e.fn in _NULL_ON_NONE and e.arg == x
    if isinstance(c, ir.Cmp) and _count_above(c, x):
        return True
    if isinstance(c, ir.Cmp):
        return c.op not in (CmpOp.IS, CmpOp.IS_NOT) and (null_agg(c.left) or null_agg(c.right))
    return isinstance(c, ir.Not) and isinstance(c.arg, ir.IsNull) and null_agg(c.arg.arg)


def _count_above(c, x) -> bool:
    """Is ``c`` ``v < COUNT([DISTINCT] x)`` (``COUNT(..) > v``; ``<=``, ``>=`` with ``v``
    at least 1), ``v`` an integer literal at least 0: FALSE on a group of NULL ``x`` only,
    whose count is 0 (round 57)?"""
    low = {CmpOp.LT: 0, CmpOp.LE: 1}
    lit, agg, least = ((c.left, c.right, low[c.op]) if c.op in low else
                       (c.right, c.left, low[_SWAP[c.op]]) if c.op in _SWAP else (None, None, 0))
    return (isinstance(lit, ir.Lit) and type(lit.value) is int and lit.value >= least
            and isinstance(agg, ir.Agg) and agg.fn == AggFn.COUNT and agg.arg == x)


def _bare_cols(e) -> list:
    """The columns ``e`` reads outside its aggregates (this select's, not a subquery's)."""
    stripped = _deep(e, lambda y: ir.Lit(None, Ty.NULL) if isinstance(y, ir.Agg) else y)
    return [y for y in ir.local_nodes(stripped) if isinstance(y, ir.Col)]


def _determined(c: ir.Col, q: ir.Select, scans: dict, schema, typed: bool) -> bool:
    """Is column ``c`` of a table scan one value on every row of a group of ``q``: a unique
    key of its table, never NULL (``small_model.never_null``), is among the GROUP BY keys
    of its alias, so that a group holds one row of that scan (repeated by the join, or
    padded with NULLs alike)?"""
    if schema is None or c.alias not in scans:
        return False
    table = scans[c.alias]
    keys = {g.name.lower() for g in q.group_by if isinstance(g, ir.Col) and g.alias == c.alias}
    return any(key and set(key) <= keys and all(never_null(schema, table, k, typed) for k in key)
               for key in _unique_keys(schema.table(table)))


def non_null_filter_of_groups(q, typed: bool = False, schema=None):
    """The first law of the module."""
    if not (isinstance(q, ir.Select) and q.aggregate and q.group_by and q.having is not None
            and q.limit is None and not q.offset and q.bare_from is None):
        return q
    aliases, scans = _aliases(q.source), _scan_aliases(q.source)
    if aliases is None or any(isinstance(y, ir.Window) for e in (*q.items, *(k for k, _ in q.order))
                              for y in ir.local_nodes(e)):
        return q
    x = _one_column(q)
    if x is None or x.alias not in scans:
        return q
    unfiltered = _unfiltered(q.where, x)
    if unfiltered is None:
        return q
    if not any(_rejects_null_aggregate(c, x) for c in _conjuncts(q.having)):
        return q
    read = (*q.items, q.having, *(k for k, _ in q.order))
    fixed = lambda g: (g in q.group_by and _identical(g, typed)) or _determined(g, q, scans, schema, typed)  # noqa: E731
    for e in read:
        for s in (s for s in ir.nodes(e) if isinstance(s, (ir.ScalarSub, ir.Exists, ir.InSub))):
            outer = [y for y in ir.nodes(s) if isinstance(y, ir.Col) and y.alias in aliases]
            if outer and (schema is None or any(isinstance(a, ir.Agg) and _reads(a, aliases)
                                                for a in ir.nodes(s)) or not all(map(fixed, outer))):
                return q  # a subquery correlated with the group's rows, not only its fixed values
    if not all(fixed(g) for e in read for g in _bare_cols(e)):
        return q
    # (COUNT(*) of the filtered rows is COUNT(x) of them all)
    return dataclasses.replace(q, where=unfiltered[0], items=tuple(_counted_x(i, x) for i in q.items),
                               having=_counted_x(q.having, x),
                               order=tuple((_counted_x(k, x), d) for k, d in q.order))


def non_null_filter_under_aggregate(q):
    """The second law of the module."""
    if not (isinstance(q, ir.Select) and isinstance(q.source, ir.Derived) and q.aggregate
            and not q.group_by and q.having is None and q.where is None and q.limit is None
            and not q.offset and q.bare_from is None and not q.distinct):
        return q
    d, s = q.source, q.source.query
    if not (isinstance(s, ir.Select) and s.aggregate and s.group_by and s.having is None
            and s.limit is None and not s.offset and not s.distinct and s.bare_from is None
            and _aliases(s.source) is not None):
        return q
    if not all(isinstance(e, (ir.Col, ir.Lit)) or (isinstance(e, ir.Agg) and isinstance(e.arg, ir.Col))
               for e in s.items):
        return q  # (an unread item of another shape might fail on the rows the filter drops)
    cols = dict(zip(d.names, s.items, strict=True))
    read = [y for i in q.items for y in ir.local_nodes(i) if isinstance(y, ir.Col)]
    aggs = [y for i in q.items for y in ir.local_nodes(i) if isinstance(y, ir.Agg)]
    if not read or not all(a.fn in _BLIND and isinstance(a.arg, ir.Col) for a in aggs):
        return q
    if {a.arg for a in aggs} != set(read) or not all(y.alias == d.alias for y in read):
        return q  # every column read inside an aggregate that skips NULL
    inner = [cols[y.name] for y in read]
    if not all(isinstance(e, ir.Agg) and e.fn in _NULL_ON_NONE for e in inner):
        return q
    xs = {e.arg for e in inner}
    if len(xs) != 1 or not isinstance(x := next(iter(xs)), ir.Col) or any(
            isinstance(e, ir.Agg) and e.arg != x for e in s.items):
        return q
    unfiltered = _unfiltered(s.where, x)
    if unfiltered is None or x.alias not in _scan_aliases(s.source):
        return q
    if any(isinstance(y, ir.Window) for e in s.items for y in ir.local_nodes(e)):
        return q
    inner_q = dataclasses.replace(s, where=unfiltered[0])
    return dataclasses.replace(q, source=dataclasses.replace(d, query=inner_q))


# ---- the registry's entries (``rules.RULES`` adds them as ``Rule(*entry)``)

NULL_GROUP_RULES = (
    ("non_null_filter_of_groups", "SELECT .. FROM F WHERE w GROUP BY g HAVING h, every aggregate "
     "AGG(x) of one column x that skips NULL (COUNT(*) reads COUNT(x)), other columns GROUP BY keys, "
     "h never TRUE where a SUM/AVG/MIN/MAX of x is NULL: a conjunct x IS NOT NULL of w goes",
     ("select",), lambda canon, q, ctx: non_null_filter_of_groups(q, canon.typed, canon.schema)),
    ("non_null_filter_under_aggregate", "SELECT A(d.a).. FROM (SELECT .., SUM/AVG/MIN/MAX(x) AS "
     "a .. FROM F WHERE w GROUP BY g) d, each item an aggregate skipping NULL of such a column, "
     "no WHERE or GROUP BY: a conjunct x IS NOT NULL of d's WHERE goes (NULL rows skipped)",
     ("select",), lambda canon, q, ctx: non_null_filter_under_aggregate(q)),
)
