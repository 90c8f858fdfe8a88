"""A parent LEFT-joined to its children and grouped by a column of the parent, as one
correlated aggregate per group (round 62, i62e): ``left_join_by_parent_column_as_scalar``.

    SELECT p.g, A(c.x).. FROM P p LEFT JOIN C c ON c.f = p.k [AND s(c)] GROUP BY p.g
    ==  SELECT DISTINCT p.g, (SELECT A(c.x) FROM C c WHERE c.f IN (SELECT q.k FROM P q
        WHERE q.g = p.g) [AND s(c)]).. FROM P p

"The distinct service kinds per customer over its premises, none counted as 0": per value of
``p.g`` the children of the group's parents, each once. Why it holds in SQLite:

- ``k`` is a never-NULL one-column unique key of P: a child row matches at most one parent,
  so the join's matched rows of a group are exactly the children whose ``f`` is among the
  group's keys, each once; ``c.f = p.k`` and ``c.f IN (.. q.k ..)`` compare alike (one type
  and affinity, no conversion, no collated table, equal values identical:
  ``transfer._exact``).
- A parent without a match adds one padded row whose C columns are NULL: every ``A`` skips
  NULL (no ``COUNT(*)``), and over only padded rows or over no row ``A`` is alike (COUNT 0,
  the others NULL).
- ``g`` is never NULL (declared) and its equal values are identical: DISTINCT shows one row
  per group, and ``q.g = p.g`` reads that group's parents.
- Every item is ``p.g`` or an aggregate of C's columns only, blind to duplicates (DISTINCT,
  MIN, MAX: a COUNT or SUM of the children per parent, added up per group, is the form that
  other laws write, ``grouped_count_join``); an ON conjunct ``s`` reading C
  alone only narrows the matches, so it filters the subquery; no WHERE, HAVING, window,
  ORDER BY or LIMIT. The rows are added in another order (``proofs.OTHER_PLAN``).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, JoinKind
from ..ir.walk import realias
from .terms import _and, _conjuncts, _has_sub, _unique_keys, _windowless
from .transfer import _exact


def left_join_by_parent_column_as_scalar(q, schema, typed: bool):
    """``q`` as the DISTINCT select of correlated aggregates (module docstring), else ``q``."""
    if not (isinstance(q, ir.Select) and q.aggregate and len(q.group_by) == 1 and q.having is None
            and q.where is None and not q.distinct and q.limit is None and not q.offset and not q.order
            and q.bare_from is None and _windowless(q) and schema is not None
            and isinstance(j := q.source, ir.Join) and j.kind == JoinKind.LEFT
            and isinstance(p := j.left, ir.Scan) and isinstance(c := j.right, ir.Scan)
            and not schema.table(p.table).collated and not schema.table(c.table).collated):
        return q
    g = q.group_by[0]
    table = schema.table(p.table)
    if not (isinstance(g, ir.Col) and g.alias == p.alias and table.never_null(g.name) and _exact(g, g, typed)):
        return q
    link, rest = None, []
    for e in _conjuncts(j.on):
        cols = {(y.alias, y.name) for y in ir.nodes(e) if isinstance(y, ir.Col)}
        if (link is None and isinstance(e, ir.Cmp) and e.op == CmpOp.EQ and not e.conv
                and all(isinstance(y, ir.Col) for y in (e.left, e.right))
                and {y.alias for y in (e.left, e.right)} == {p.alias, c.alias}):
            link = e
        elif _has_sub(e) or any(a != c.alias for a, _ in cols):
            return q
        else:
            rest.append(e)
    if link is None:
        return q
    k, f = (link.left, link.right) if link.left.alias == p.alias else (link.right, link.left)
    if not ((k.name,) in {tuple(u) for u in _unique_keys(table)} and table.never_null(k.name)
            and _exact(k, f, typed) and k.name != g.name):
        return q
    if not all(i == g or (isinstance(i, ir.Agg) and (i.distinct or i.fn in (AggFn.MIN, AggFn.MAX))
                          and not _has_sub(i)
                          and all(y.alias == c.alias for y in ir.nodes(i) if isinstance(y, ir.Col)))
               for i in q.items) or all(i == g for i in q.items):
        return q
    taken = {getattr(y, "alias", None) for y in ir.nodes(q)}
    q2 = next(f"{p.alias}_q{n}" for n in range(len(taken) + 1) if f"{p.alias}_q{n}" not in taken)
    keys = ir.Select(dataclasses.replace(p, alias=q2), ir.Cmp(CmpOp.EQ, realias(g, {p.alias: q2}), g),
                     (), None, (realias(k, {p.alias: q2}),), False, (), None, 0, False)
    where = _and([ir.InSub(f, keys), *rest])

    def item(i):
        if i == g:
            return g
        return ir.ScalarSub(ir.Select(c, where, (), None, (i,), False, (), None, 0, True), i.ty)

    return dataclasses.replace(q, source=p, group_by=(), items=tuple(item(i) for i in q.items),
                               distinct=True, aggregate=False)


LEFT_GROUP_SCALAR_RULE = (
    "left_join_by_parent_column_as_scalar", "SELECT p.g, A(c.x) FROM P p LEFT JOIN C c ON c.f = "
    "p.k [AND s(c)] GROUP BY p.g is SELECT DISTINCT p.g, (SELECT A(c.x) FROM C c WHERE c.f IN "
    "(SELECT q.k FROM P q WHERE q.g = p.g) [AND s(c)]) FROM P p (k a never-NULL unique key, g "
    "declared NOT NULL, A DISTINCT, MIN or MAX, equal values identical)", ("select",),
    lambda canon, q, ctx: left_join_by_parent_column_as_scalar(q, canon.schema, canon.typed))
