"""A first row read as a value: ``first_value_as_exists``, ``top_one_join_as_scalar``,
``key_of_extremum``.

Spark's RewriteNonCorrelatedExists writes ``EXISTS (S)`` as ``(SELECT 1 FROM S LIMIT 1) IS
NOT NULL``; Calcite's AggregateMinMaxToLimitRule pads a top-1 row to one row with ``(VALUES
(0)) LEFT JOIN (S ORDER BY x LIMIT 1) ON TRUE``. Both read the first row of ``S`` as a
scalar subquery does: its value, or NULL when ``S`` has no row.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, JoinKind, Ty
from .markers import truth_of_literal
from .terms import TRUE, Flat, _conjuncts, _deep, _replace_cols, _unique_keys
from .tie_breaks import top_one_tie_break


def _never_null_item(q: ir.Select, schema) -> bool:
    """Is the one item of ``q`` a non-NULL literal, or a never-NULL column of the one table
    ``q`` scans (NOT NULL, or a rowid alias)?"""
    if len(q.items) != 1:
        return False
    e = q.items[0]
    if isinstance(e, ir.Lit):
        return e.value is not None
    return (isinstance(e, ir.Col) and isinstance(q.source, ir.Scan) and e.alias == q.source.alias
            and schema.table(q.source.table).never_null(e.name))


def _row_query(e, schema):
    """The query of a scalar subquery whose value is NULL exactly when it returns no row:
    a select without aggregate, GROUP BY, HAVING, DISTINCT or OFFSET (SQLite 3.40 reads
    DISTINCT with an OFFSET its own way under EXISTS: ``empty.exists_items``) whose one item is never NULL,
    LIMIT absent or at least 1; else None."""
    if not isinstance(e, ir.ScalarSub):
        return None
    q = e.query
    if not (isinstance(q, ir.Select) and q.source is not None and not q.aggregate
            and not q.distinct and not q.group_by and q.having is None and not q.offset and q.bare_from is None
            and (q.limit is None or q.limit >= 1) and _never_null_item(q, schema)):
        return None
    return dataclasses.replace(q, order=(), limit=None)


def first_value_as_exists(q, schema):
    """``(SELECT e FROM F WHERE w [ORDER BY ..] [LIMIT n]) IS NULL``, ``e`` never NULL (a
    non-NULL literal, a NOT NULL column), ``n >= 1``, no aggregate, GROUP BY or OFFSET, is
    ``NOT EXISTS (SELECT e FROM F WHERE w)``, and ``IS NOT NULL`` is ``EXISTS``: the value
    is the first row's ``e``, NULL only when no row is kept. ``NOT NOT b`` is ``b``."""
    def f(e):
        if isinstance(e, ir.IsNull) and (s := _row_query(e.arg, schema)) is not None:
            return ir.Not(ir.Exists(s, Ty.BOOL), Ty.BOOL)
        if (isinstance(e, ir.Not) and isinstance(e.arg, ir.Not)
                and isinstance(e.arg.arg, ir.Exists)):
            return e.arg.arg
        return e
    return _deep(q, f)


def _top_one_derived(src) -> ir.Derived | None:
    """The right side of ``X LEFT JOIN D ON TRUE`` when ``D`` is a select of at most one
    row by LIMIT 1 (no OFFSET, DISTINCT or aggregate); else None."""
    if not (isinstance(src, ir.Join) and src.kind == JoinKind.LEFT
            and isinstance(src.right, ir.Derived)
            and all(truth_of_literal(c) == TRUE for c in _conjuncts(src.on))):
        return None
    d = src.right.query
    if not (isinstance(d, ir.Select) and d.limit == 1 and not d.offset and not d.distinct
            and not d.aggregate and not d.group_by and d.bare_from is None):
        return None
    return src.right


def top_one_join_as_scalar(q):
    """``SELECT f(t.c) FROM X LEFT JOIN (S LIMIT 1) AS t ON TRUE``, ``S`` a select without
    OFFSET, DISTINCT or aggregate and ``c`` the one column of ``t`` read, is ``SELECT
    f((SELECT c FROM S LIMIT 1)) FROM X``: ``S`` keeps at most one row, so every row of
    ``X`` is kept once, beside it or padded with NULL, as the scalar subquery reads it."""
    if not isinstance(q, ir.Select) or q.bare_from is not None:
        return q
    d = _top_one_derived(q.source)
    if d is None:
        return q
    rest = dataclasses.replace(q, source=q.source.left)
    read = {y.name for y in ir.nodes(rest) if isinstance(y, ir.Col) and y.alias == d.alias}
    if len(read) != 1:
        return q
    (name,) = read
    if name not in d.names:
        return q
    i = d.names.index(name)
    item = d.query.items[i]
    names = d.query.names[i:i + 1] if d.query.names else ()
    sub = ir.ScalarSub(dataclasses.replace(d.query, items=(item,), names=names), item.ty)
    return _replace_cols(rest, {(d.alias, name): sub})


def _own_extremum(e, scan: ir.Scan, key: str):
    """Is ``e`` ``(SELECT MIN|MAX(s.key) FROM T s ..)`` over ``scan``'s table, one group (a
    canonical one-table FROM too)?"""
    q = e.query if isinstance(e, ir.ScalarSub) else None
    src = q.source if isinstance(q, ir.Select) else None
    if isinstance(src, Flat) and len(src.leaves) == 1 and not src.classes:
        src = src.leaves[0]
    return (isinstance(src, ir.Scan) and src.table == scan.table
            and not q.group_by and q.having is None and q.aggregate and len(q.items) == 1
            and isinstance(a := q.items[0], ir.Agg) and a.fn in (AggFn.MIN, AggFn.MAX) and not a.distinct
            and isinstance(a.arg, ir.Col) and a.arg.alias == src.alias and a.arg.name.lower() == key
            and q.limit is None and not q.offset and q.bare_from is None)


def _key_lookup(e, schema):
    q = e.query if isinstance(e, ir.ScalarSub) else None
    q = top_one_tie_break(q, schema) if isinstance(q, ir.Select) else q  # its form, read here
    if not (isinstance(q, ir.Select) and isinstance(q.source, ir.Scan) and len(q.items) == 1
            and isinstance(k := q.items[0], ir.Col) and k.alias == q.source.alias
            and not q.aggregate and not q.group_by and q.having is None and not q.offset
            and q.bare_from is None and (q.limit is None or q.limit >= 1)
            and isinstance(c := q.where, ir.Cmp) and c.op == CmpOp.EQ and not c.conv):
        return e
    table = schema.table(q.source.table)
    key = k.name.lower()
    if not (table.never_null(k.name) and [key] in _unique_keys(table)
            and key not in {x.lower() for x in table.collated}):
        return e
    for x, v in ((c.left, c.right), (c.right, c.left)):
        if x == k and _own_extremum(v, q.source, key):
            return v
    return e


def key_of_extremum(q, schema):
    """``(SELECT t.k FROM T t WHERE t.k = (SELECT MIN(s.k) FROM T s WHERE w))`` (MAX too),
    ``k`` a never-NULL column of binary collation that alone is a unique key, is ``(SELECT
    MIN(s.k) FROM T s WHERE w)``: the extremum, when not NULL, is the ``k`` of a row of
    ``T``, the one row that ``t.k =`` finds, and NULL finds none (NULL either way). A
    scalar ``(SELECT t.k FROM T t WHERE p ORDER BY x, t.k LIMIT 1)`` is read in the form
    ``tie_breaks.top_one_tie_break`` gives it first."""
    return _deep(q, lambda e: _key_lookup(e, schema))
