"""Counts of distinct values (issue 25, i43b): ``count_distinct_of_group_key``,
``counted_groups_as_distinct`` and ``counted_distinct_values``.

- ``count_distinct_of_group_key`` (site ``aggregate``): under ``GROUP BY g, ..``,
  ``COUNT(DISTINCT g)`` is ``CASE WHEN g IS NULL THEN 0 ELSE 1 END`` (the IR's
  ``bool_int(NOT g IS NULL)``). Sound in SQLite: GROUP BY puts two rows in one group when
  their ``g`` values are equal as DISTINCT compares them (NULL with NULL, 1 with 1.0, by
  the expression's collation), and an aggregate's DISTINCT compares them alike; so the
  values of ``g`` in a group are one value to ``COUNT(DISTINCT g)``: NULL, which it skips
  (0), or one non-NULL value (1). A group has at least one row. Not for a key of a column
  declared with a collation (no copy of the claim is needed there, and SQLite's choice of
  collation for an aggregate's argument is the expression's, as for GROUP BY, but the
  rule stays out of it). The near miss ``COUNT(DISTINCT g)`` without ``g`` a key (a
  determined value is another law) and ``1`` for the NULL group stay apart.
- ``counted_groups_as_distinct`` (site ``select``): a select whose one source is a derived
  table ``d`` of ``SELECT e.. FROM F WHERE w GROUP BY g..`` (no HAVING, no aggregate in
  its items, no LIMIT, OFFSET or window) and which reads no column of ``d`` (``SELECT
  COUNT(*) FROM (..) d``: only how many rows ``d`` has) reads ``d`` as ``SELECT DISTINCT
  g.. FROM F WHERE w``: a grouping without HAVING has one row per distinct tuple of its
  keys (GROUP BY and DISTINCT compare alike), and no row on no input, as DISTINCT. EF
  Core's ``.Distinct().Count()`` against the GROUP BY spelling, whose unread keys the
  pruning took out of the items. A DISTINCT view read so has its items sorted and once
  each: how many distinct tuples there are depends on neither.
- ``counted_distinct_values`` (site ``select``): ``SELECT COUNT(*) FROM (SELECT DISTINCT x
  FROM T WHERE w) d`` (one table, no collated column) is ``SELECT COUNT(DISTINCT x) + CASE
  WHEN EXISTS (SELECT 1 FROM T WHERE w AND x IS NULL) THEN 1 ELSE 0 END FROM T WHERE w``:
  Django's ``values('x').distinct().count()`` against the hand-written count. Sound in
  SQLite: the rows of ``d`` are the distinct non-NULL values of ``x`` (compared as
  ``COUNT(DISTINCT x)`` compares them: 1 with 1.0, the same collation) and one NULL row
  when some row has a NULL ``x``; ``COUNT(DISTINCT x)`` skips NULL, the EXISTS adds it
  back. On no rows both are 0. Only where ``x`` may be NULL: a never-NULL ``x`` is
  ``count_of_distinct_view``'s and ``count_of_distinct_rows``', which the registry meets
  first. The near miss, ``COUNT(DISTINCT x)`` alone, misses the NULL row.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, ArithOp, FuncName, Ty
from .aggregates import _map_top
from .terms import _and, _conjuncts, _has_agg, _key, _replace_cols, _windowless


def count_distinct_of_group_key(e, group: tuple, leaves, schema, not_null=frozenset()):
    """``e`` with each ``COUNT(DISTINCT g)`` of a GROUP BY key ``g`` as ``bool_int(NOT g IS
    NULL)`` (module docstring); 1 where ``g`` is a column never NULL on a kept row."""
    if not group or schema is None:
        return e
    keys = {_key(g) for g in group}
    tables = {x.alias: x.table for x in leaves if isinstance(x, ir.Scan)}

    def plain(g) -> bool:  # reads columns of scanned tables without a declared collation only
        cols = [y for y in ir.nodes(g) if isinstance(y, ir.Col)]
        return all(c.alias in tables and not schema.table(tables[c.alias]).collated
                   for c in cols)

    def f(y):
        if (isinstance(y, ir.Agg) and y.fn == AggFn.COUNT and y.distinct and y.arg is not None
                and _key(y.arg) in keys and plain(y.arg)):
            if isinstance(y.arg, ir.Col) and (y.arg.alias, y.arg.name) in not_null:
                return ir.Lit(1, Ty.INT)
            return ir.Func(FuncName.BOOL_INT, (ir.Not(ir.IsNull(y.arg)),), Ty.INT)
        return y
    return _map_top(e, f)


def counted_groups_as_distinct(q):
    """``q`` reading its grouped derived table as the DISTINCT of the keys, when ``q``
    reads none of its columns (module docstring); such a DISTINCT view's items sorted, once
    each (the number of distinct tuples does not depend on their order or repeats)."""
    d = q.source if isinstance(q, ir.Select) else None
    if not (isinstance(d, ir.Derived) and isinstance(d.query, ir.Select)):
        return q
    inner = d.query
    if not (inner.bare_from is None and inner.limit is None and not inner.offset
            and inner.source is not None and _windowless(inner)):
        return q
    # (a DISTINCT over the groups' items counts the distinct items, not the groups)
    if inner.aggregate and inner.group_by and inner.having is None and not inner.distinct and not any(
            _has_agg(i) for i in (*inner.items, *(k for k, _ in inner.order))):
        keys = inner.group_by
    elif inner.distinct and not inner.aggregate:
        keys = inner.items
    else:
        return q
    reads = (q.items, q.where, q.group_by, q.having, tuple(k for k, _ in q.order))
    if any(isinstance(y, ir.Col) and y.alias == d.alias for y in ir.nodes(reads)):
        return q
    keys = tuple(sorted({_key(g): g for g in keys}.values(), key=_key))
    if inner.distinct and keys == inner.items:
        return q
    view = dataclasses.replace(inner, group_by=(), items=keys, distinct=True, aggregate=False,
                               order=(), names=())
    names = tuple(f"#{i}" for i in range(len(keys)))
    return dataclasses.replace(q, source=ir.Derived(view, d.alias, names))


def counted_distinct_values(q, schema):
    """``q``, ``COUNT(*)`` of a one-column DISTINCT view of one table, as the distinct
    count plus the NULL row (module docstring)."""
    if not (isinstance(q, ir.Select) and q.aggregate and q.where is None and not q.group_by
            and q.having is None and not q.order and q.limit is None and not q.offset
            and q.bare_from is None and len(q.items) == 1 and schema is not None
            and isinstance(q.items[0], ir.Agg) and q.items[0].fn == AggFn.COUNT_STAR
            and isinstance(d := q.source, ir.Derived) and isinstance(d.query, ir.Select)):
        return q
    v = d.query
    if not (v.distinct and not v.aggregate and not v.group_by and v.limit is None
            and not v.offset and v.bare_from is None and len(v.items) == 1
            and isinstance(v.source, ir.Scan) and _windowless(v)
            and not schema.table(v.source.table).collated
            and not any(isinstance(y, (ir.InSub, ir.Exists, ir.ScalarSub)) for y in ir.nodes(v.items))):
        return q
    x, t = v.items[0], v.source
    if isinstance(x, ir.Col) and schema.table(t.table).never_null(x.name):
        return q
    s = t.alias + "~null"
    rep = {(t.alias, n): ir.Col(s, n, ty, aff) for n, ty, aff in t.columns}
    probe = ir.Select(dataclasses.replace(t, alias=s),
                      _and([*_conjuncts(_replace_cols(v.where, rep)), ir.IsNull(_replace_cols(x, rep))]),
                      (), None, (ir.Lit(1, Ty.INT),), False, (), None, 0, False, ())
    null_row = ir.Case(((ir.Exists(probe), ir.Lit(1, Ty.INT)),), ir.Lit(0, Ty.INT), Ty.INT)
    count = ir.Arith(ArithOp.ADD, ir.Agg(AggFn.COUNT, x, True, Ty.INT), null_row, Ty.INT)
    return dataclasses.replace(q, source=t, where=v.where, items=(count,))


DISTINCT_COUNT_RULES = (
    ("count_distinct_of_group_key", "under GROUP BY g, COUNT(DISTINCT g) is CASE WHEN g IS "
     "NULL THEN 0 ELSE 1 END (a group's g values are one value to DISTINCT)", ("aggregate",),
     lambda canon, e, ctx: count_distinct_of_group_key(e, ctx["group"], ctx["leaves"],
                                                       canon.schema, ctx["not_null"])),
)
COUNTED_VALUES_RULE = (
    "counted_distinct_values", "COUNT(*) FROM (SELECT DISTINCT x FROM T WHERE w), x may be "
    "NULL, is COUNT(DISTINCT x) + CASE WHEN EXISTS (T WHERE w AND x IS NULL) THEN 1 ELSE 0 END",
    ("select",), lambda canon, q, ctx: counted_distinct_values(q, canon.schema), True)
COUNTED_GROUPS_RULE = (
    "counted_groups_as_distinct", "a derived GROUP BY g.. (no HAVING, no aggregate item) "
    "whose columns the select never reads (COUNT(*) of it) is SELECT DISTINCT g.. (sorted)",
    ("select",), lambda canon, q, ctx: counted_groups_as_distinct(q))
