"""A VALUES table of literal rows joined to the rest of a FROM, one branch per row (issue 25,
i44d): ``values_rows_as_union``.

The law (site ``query``): ``SELECT e(t, v) FROM T.. CROSS/INNER JOIN (VALUES (a1..), ..,
(an..)) v WHERE w(t, v)``, a plain select (no aggregate, DISTINCT, LIMIT, OFFSET, ORDER BY,
window) whose row order no consumer reads, ``v``'s rows literals, is ``SELECT e(t, a1..)
FROM T.. WHERE w(t, a1..) UNION ALL .. UNION ALL SELECT e(t, an..) ..``: SQL Server's
UNPIVOT spelled as a cross join with a list of column names (``CASE k.name WHEN 'amount'
THEN c.amount ELSE c.paid END``) against one branch per column. Sound in SQLite: the rows
of an inner join with ``v`` are, for each row of ``v``, the rows of the rest joined with it,
and the WHERE and items read that row's values; a column of a VALUES table has no affinity
and no collation, as a literal has none, so a comparison, a function or a CASE reads the
literal as it reads the column (storage class included: ``1`` and ``'1'`` stay apart, as
the row holds them). A bag union keeps every row as often (row order aside: not where a
consumer reads it). Also with no other source (``SELECT .. FROM (VALUES ..) v``: the
branches have no FROM). Not over an aggregate (one group over all rows, not one per row)
nor under DISTINCT (that is a UNION), not for a row reading a column of an enclosing query,
at most eight rows. A VALUES table joined on distinct integer keys stays
``values_join_as_in``'s and ``values_join_as_case``'s (a filter and a CASE, one select).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import SetOpKind
from .joins import _flat_source
from .terms import _and, _conjuncts, _leaves, _on_conjuncts, _replace_cols, _windowless
from .values_join import keyed_values

_MOST_ROWS = 8


def _literal_rows(leaf):
    """The rows of a VALUES leaf of literal rows (also a derived projection of one, a
    ``WITH k(name) AS (VALUES ..)``), each as {column: literal}; else None."""
    if isinstance(leaf, ir.Derived) and isinstance(s := leaf.query, ir.Select):
        if not (isinstance(s.source, ir.Values) and s.where is None and not s.aggregate
                and not s.distinct and not s.group_by and s.having is None and s.limit is None
                and not s.offset and s.bare_from is None
                and all(isinstance(i, ir.Lit) or (isinstance(i, ir.Col) and i.alias == s.source.alias)
                        for i in s.items) and len(set(leaf.names)) == len(leaf.names)):
            return None
        rows = _literal_rows(s.source)
        if rows is None:
            return None
        return [{n: (row[i.name] if isinstance(i, ir.Col) else i)
                 for n, i in zip(leaf.names, s.items, strict=True)} for row in rows]
    if not (isinstance(leaf, ir.Values) and 2 <= len(leaf.rows) <= _MOST_ROWS
            and all(isinstance(x, ir.Lit) for row in leaf.rows for x in row)):
        return None
    return [dict(zip(leaf.names, row, strict=True)) for row in leaf.rows]


def values_rows_as_union(q, sensitive: bool):
    """``q`` as the UNION ALL of one select per row of its VALUES table (module docstring),
    else ``q``."""
    if sensitive or not (isinstance(q, ir.Select) and not q.aggregate and not q.distinct
                         and q.limit is None and not q.offset and not q.order
                         and q.bare_from is None and not q.group_by and q.having is None
                         and _windowless(q)):
        return q
    leaves = _leaves(q.source)
    if leaves is None:
        return q
    values = [(x, rows) for x in leaves if (rows := _literal_rows(x)) is not None]
    if len(values) != 1:
        return q
    v, rows = values[0]
    rest = [x for x in leaves if x is not v]
    conds = _on_conjuncts(q.source) + _conjuncts(q.where)
    if isinstance(v, ir.Derived):  # (as the VALUES table it merges into)
        s = v.query
        types = tuple(s.source.types[s.source.names.index(i.name)] if isinstance(i, ir.Col) else i.ty
                      for i in s.items)
        flat = ir.Values(v.alias, v.names, tuple(tuple(r[n] for n in v.names) for r in rows), types)
        leaves = [flat if x is v else x for x in leaves]
    if any(True for _ in keyed_values(q, leaves, conds)):
        return q  # (joined on distinct integer keys: values_join_as_in's and .._as_case's)
    branches = []
    for row in rows:
        rep = {(v.alias, n): lit for n, lit in row.items()}
        branches.append(dataclasses.replace(
            q, source=_flat_source(rest) if rest else None,
            where=_and([_replace_cols(c, rep) for c in conds]),
            items=tuple(_replace_cols(i, rep) for i in q.items)))
    out = branches[0]
    for b in branches[1:]:
        out = ir.SetOp(SetOpKind.UNION, True, out, b)
    return out


VALUES_ROWS_RULE = (
    "values_rows_as_union", "a plain select joining a VALUES table of 2..8 literal rows, its "
    "order not read, is the UNION ALL of one select per row, the row's literals read for its "
    "columns", ("query",), lambda canon, q, ctx: values_rows_as_union(q, ctx["sensitive"]))
