"""A filter that asks for a parent row a foreign key already guarantees: ``in_parent_key``."""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import Conv
from .terms import Flat


def in_parent_key(c, schema, outer: list):
    """A WHERE conjunct ``x IN (SELECT P.k FROM P)``, ``x`` a column of an outer scanned
    table with a declared foreign key ``x -> P.k`` (both sides of one storage class) and a
    subquery that reads ``P`` whole (no WHERE, GROUP BY, LIMIT), is ``x IS NOT NULL``: on
    every database that satisfies the foreign key a non-NULL ``x`` has a parent row (true);
    a NULL ``x`` gives NULL or, with ``P`` empty, false, and a conjunct drops both. Only a
    positive conjunct: ``NOT IN`` keeps a NULL ``x`` when ``P`` is empty. It meets what
    ``semijoins`` makes of the join ``JOIN P ON P.k = x`` and ``exists_to_in`` of ``EXISTS
    (SELECT .. FROM P WHERE P.k = x)``; at the site ``cond`` also the canonical subquery
    (one scan in a ``Flat``), which a chain of joins leaves once the inner semijoin is gone
    (``payment JOIN trip JOIN rider`` over two foreign keys)."""
    if not (isinstance(c, ir.InSub) and c.conv == Conv.NONE and isinstance(c.arg, ir.Col)
            and isinstance(c.query, ir.Select)):
        return c
    q, x = c.query, c.arg
    if isinstance(q.source, Flat) and len(q.source.leaves) == 1 and not q.source.classes:
        q = dataclasses.replace(q, source=q.source.leaves[0])  # a canonical subquery (site cond)
    if not (isinstance(q.source, ir.Scan) and q.where is None and not q.group_by
            and q.having is None and not q.aggregate and q.limit is None and not q.offset
            and q.bare_from is None and len(q.items) == 1 and isinstance(q.items[0], ir.Col)
            and q.items[0].alias == q.source.alias):
        return c
    child = next((s for s in outer if isinstance(s, ir.Scan) and s.alias == x.alias), None)
    if child is None:
        return c
    k = q.items[0].name
    for fk, ref in ir.exact_foreign_keys(schema, schema.table(child.table)):
        if (ref.name.lower() == q.source.table and [n.lower() for n in fk.columns] == [x.name]
                and [n.lower() for n in fk.ref_columns] == [k]):
            return ir.Not(ir.IsNull(x))
    return c
