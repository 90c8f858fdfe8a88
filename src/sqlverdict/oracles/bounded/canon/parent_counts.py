"""Parents counted through a foreign key (issue 25, i39d): ``parent_count_as_distinct``.

``SELECT COUNT(*) FROM P WHERE P.k IN (SELECT c.f FROM F WHERE w)``, where ``c.f`` is a
declared foreign key to ``P.k`` and ``k`` alone a never-NULL unique key of ``P``, counts the
distinct non-NULL values of ``c.f`` among the subquery's rows: on every database that keeps
the foreign key each such value has its parent row, and only one (``k`` unique); a NULL
matches none and is not counted. So it is ``SELECT COUNT(DISTINCT c.f) FROM F WHERE w``
(Spider's "how many X have a Y" both ways). Both sides of one storage class
(``ir.exact_foreign_keys``) and binary collation, so that the key's equality is the
DISTINCT's: under NOCASE ``'a'`` finds the parent ``'A'`` but counts apart.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, Conv, Ty
from .terms import _unique_keys
from .top_one import _scans


def _plain_count(q) -> bool:
    return (isinstance(q, ir.Select) and isinstance(q.source, ir.Scan) and q.aggregate
            and not q.group_by and q.having is None and not q.order and q.limit is None
            and not q.offset and not q.distinct and q.bare_from is None and len(q.items) == 1
            and isinstance(q.items[0], ir.Agg) and q.items[0].fn == AggFn.COUNT_STAR)


def _parent_key(q, schema):
    """(the subquery, P's key column) of ``COUNT(*) FROM P WHERE P.k IN (S)``, ``k`` alone a
    never-NULL unique key of binary collation, ``S`` uncorrelated; else None."""
    c = q.where
    if not (isinstance(c, ir.InSub) and c.conv == Conv.NONE and not c.convs
            and isinstance(c.arg, ir.Col) and c.arg.alias == q.source.alias
            and isinstance(c.query, ir.Select)):
        return None
    table = schema.table(q.source.table)
    k = c.arg.name.lower()
    if not (table.never_null(k) and [k] in _unique_keys(table)
            and k not in {x.lower() for x in table.collated}):
        return None
    return c.query, k


def _child_column(s, schema, parent: str, k: str):
    """The one item of ``s``, a column with a declared foreign key to ``parent(k)`` of one
    storage class and binary collation, when ``s`` is a plain select of a join of tables;
    else None."""
    if not (not s.aggregate and not s.group_by and s.having is None and s.limit is None
            and not s.offset and s.bare_from is None and len(s.items) == 1
            and isinstance(s.items[0], ir.Col)):
        return None
    scans = _scans(s.source) if s.source is not None else None
    f = s.items[0]
    if not scans or f.alias not in scans or ir.free_aliases(s):
        return None
    child = schema.table(scans[f.alias].table)
    if f.name.lower() in {x.lower() for x in child.collated}:
        return None
    for fk, ref in ir.exact_foreign_keys(schema, child):
        if (ref.name.lower() == parent and [n.lower() for n in fk.columns] == [f.name.lower()]
                and [n.lower() for n in fk.ref_columns] == [k]):
            return f
    return None


def parent_count_as_distinct(q, schema):
    """``SELECT COUNT(*) FROM P WHERE P.k IN (SELECT c.f FROM F WHERE w)`` as ``SELECT
    COUNT(DISTINCT c.f) FROM F WHERE w`` (see the module docstring)."""
    if not _plain_count(q):
        return q
    found = _parent_key(q, schema)
    if found is None:
        return q
    s, k = found
    f = _child_column(s, schema, q.source.table.lower(), k)
    if f is None:
        return q
    count = ir.Agg(AggFn.COUNT, f, True, Ty.INT)
    return dataclasses.replace(s, items=(count,), aggregate=True, distinct=False, order=(),
                               names=q.names)


# ---- the registry's entry (``rules.RULES`` adds it as ``Rule(*entry)``)

PARENT_COUNT_RULES = (
    ("parent_count_as_distinct", "SELECT COUNT(*) FROM P WHERE P.k IN (SELECT c.f FROM F WHERE "
     "w), c.f a foreign key to P.k (one storage class, binary collation), k alone a never-NULL "
     "unique key, is SELECT COUNT(DISTINCT c.f) FROM F WHERE w: one parent per distinct "
     "non-NULL value", ("select",),
     lambda canon, q, ctx: parent_count_as_distinct(q, canon.schema), True),
)
