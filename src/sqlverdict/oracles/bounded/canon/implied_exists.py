"""An ``EXISTS`` conjunct that a comparison with an aggregate over the same rows implies
(round 59, i59a): ``exists_implied_by_aggregate``.

``WHERE EXISTS (SELECT 1 FROM F WHERE w) AND x op (SELECT MAX(c) FROM F WHERE w)`` is ``WHERE
x op (SELECT MAX(c) FROM F WHERE w)`` ("interviews that have a scorecard and whose score
differs from the best rating", the guard people add before a correlated MAX): the comparison
(``= <> < <= > >=``, not IS) is TRUE only where the scalar subquery is not NULL, and MIN,
MAX, SUM and AVG over no row are NULL, so some row of ``F`` passes ``w``: the EXISTS is TRUE
wherever the comparison is, and a conjunct the others imply goes (``A AND E`` is TRUE
exactly where ``A`` is, when ``A`` TRUE makes ``E`` TRUE).

The EXISTS may be spelled as the IN ``joins.exists_to_in`` makes of it (it runs first): ``x
IN (SELECT s.f FROM S s WHERE w)`` beside ``(SELECT MAX(s.c) FROM S s WHERE s.f = x AND w)``:
a row the aggregate read has ``s.f = x`` TRUE without conversion (no ``conv`` on either
comparison), so the IN finds it; neither column collated (``=`` and IN could pick another
collation), ``x`` a column of this select's own tables, the IN's subquery not DISTINCT.

Conditions: the two subqueries have one FROM and one WHERE up to the aliases they define
(``greatest_groups._same_query``, which renames each one's own aliases in order: an outer
alias read in ``w`` keeps its name, so a correlated column moved to another outer row does
not match); the EXISTS's subquery is a plain select (no GROUP BY, HAVING, aggregate, LIMIT or
OFFSET: those can empty it or give a row anyway); the scalar one is one ungrouped MIN, MAX,
SUM or AVG (not DISTINCT-sensitive: any argument) with no HAVING, LIMIT or OFFSET. COUNT and
TOTAL are 0 over no row and imply nothing. No value, storage class or collation enters:
only whether a row exists.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import CmpOp, Conv
from .chain_counts import _STRICT
from .greatest_groups import _same_query
from .subquery_nulls import _NULL_OVER_NOTHING
from .terms import Flat, _and, _conjuncts, _leaves


def exists_implied_by_aggregate(conds: list, schema, leaves) -> list:
    """WHERE conjuncts without the ``EXISTS`` ones a comparison conjunct implies (module
    docstring); ``conds`` itself when none goes."""
    rows = [s for c in conds for s in _aggregated_rows(c)]
    kept = [c for c in conds if not any(_implied(c, r, schema, leaves) for r in rows)]
    return conds if len(kept) == len(conds) else kept


def _implied(c, rows: ir.Select, schema, leaves) -> bool:
    """Is conjunct ``c`` the EXISTS of ``rows`` (up to their own aliases), or ``x IN
    (SELECT f FROM F WHERE w)`` where ``rows`` is ``F WHERE w AND f = x``?"""
    if isinstance(c, ir.Exists):
        return _plain(c.query) and _same_query(_rows(c.query), rows)
    q = c.query if isinstance(c, ir.InSub) else None
    if not (_plain(q) and isinstance(c.arg, ir.Col) and c.conv == Conv.NONE and not c.convs
            and len(q.items) == 1 and isinstance(q.items[0], ir.Col) and not q.distinct):
        return False
    tables = {**_tables(leaves), **_tables(_sources(q.source))}
    if any(tables.get(y.alias) is None or y.name.lower() in
           {n.lower() for n in schema.table(tables[y.alias]).collated} for y in (c.arg, q.items[0])):
        return False  # (a collation could make IN and = match apart; an outer x: not checked)
    f, rest = q.items[0], _conjuncts(rows.where)
    for d in rest:
        if isinstance(d, ir.Cmp) and d.op == CmpOp.EQ and not d.conv and c.arg in (d.left, d.right):
            inner = d.right if d.left == c.arg else d.left
            mine = dataclasses.replace(rows, where=_and([e for e in rest if e is not d]))
            if isinstance(inner, ir.Col) and _same_query(
                    dataclasses.replace(mine, items=(inner,)), _rows(q, (f,))):
                return True
    return False


def _sources(src) -> list:
    return list(src.leaves) if isinstance(src, Flat) else (_leaves(src) or [])


def _tables(leaves) -> dict:
    return {x.alias: x.table for x in (leaves or ()) if isinstance(x, ir.Scan)}


def _aggregated_rows(c) -> list:
    """The row sources (``_rows``) of the scalar subqueries ``c`` compares (not IS), each
    one ungrouped aggregate that is NULL over no row."""
    if not (isinstance(c, ir.Cmp) and c.op in _STRICT):
        return []
    out = []
    for side in (c.left, c.right):
        q = side.query if isinstance(side, ir.ScalarSub) else None
        if (isinstance(q, ir.Select) and q.aggregate and not q.group_by and q.having is None
                and q.limit is None and not q.offset and q.bare_from is None and len(q.items) == 1
                and isinstance(q.items[0], ir.Agg) and q.items[0].fn in _NULL_OVER_NOTHING):
            out.append(_rows(q))
    return out


def _plain(q) -> bool:
    return (isinstance(q, ir.Select) and not q.aggregate and not q.group_by and q.having is None
            and q.limit is None and not q.offset and q.bare_from is None and q.source is not None)


def _rows(q: ir.Select, items: tuple = ()) -> ir.Select:
    """``q`` reduced to its FROM and WHERE (the rows it reads), with ``items``."""
    return dataclasses.replace(q, items=items, aggregate=False, distinct=False, order=(), names=())


# ---- the registry's entry (``subquery_nulls``'s site "facts", after it)

IMPLIED_EXISTS_RULE = (
    "exists_implied_by_aggregate", "a WHERE conjunct EXISTS (SELECT .. FROM F WHERE w) goes "
    "when another conjunct compares (not IS) with (SELECT MIN/MAX/SUM/AVG(..) FROM F WHERE w), "
    "the same rows: TRUE only where that aggregate saw a row", ("facts",),
    lambda canon, conds, ctx: exists_implied_by_aggregate(conds, canon.schema, ctx["leaves"]))
