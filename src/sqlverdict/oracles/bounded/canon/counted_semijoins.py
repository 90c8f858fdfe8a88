"""A count of parents that have a child, as a count of the children's distinct keys
(issue 25, i43b): ``counted_key_semijoin``.

``SELECT COUNT(*) FROM P p WHERE p.k IN (SELECT c.f FROM C ..) AND r(p.k)`` (``k`` a
never-NULL one-column unique key of ``P``, ``c.f -> P.k`` a foreign key; ``EXISTS (..
WHERE c.f = p.k)`` read as that IN) is ``SELECT COUNT(*) FROM (SELECT DISTINCT c.f FROM C
.. WHERE c.f IS NOT NULL AND r(c.f)) d``, which the laws of DISTINCT views read as
``COUNT(DISTINCT c.f)``: Hibernate's ``count(distinct p.id)`` over a join to the children
against the parents counted with EXISTS.

Sound in SQLite: ``COUNT(*)`` of a select is the number of its rows, whatever it shows; so
it is the count of ``SELECT p.k FROM P p WHERE ..``, which ``twins.key_semijoin_as_distinct``
proves equal (as a bag) to ``SELECT DISTINCT c.f ..`` under the same preconditions (the
key's rows are distinct values, every non-NULL ``f`` has its parent, the foreign key of
one storage class). Only for the EXISTS spelling (``parent_count_as_distinct`` reads the IN
one before the EXISTS becomes an IN), a select whose items are ``COUNT(*)`` and literals, without
GROUP BY, HAVING, ORDER BY, LIMIT or window; the near miss ``count(p.id)`` of the joined
rows (each parent once per child) stays a join.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn
from .joins import _flat_source
from .terms import _and, _key, _windowless
from .twins import _col, _one_key, key_semijoin_as_distinct


def counted_key_semijoin(q, leaves: list, conds: list, schema, typed: bool, rank=None):
    """(q, [d], []) with ``d`` the DISTINCT view of the children's keys, when ``q`` counts
    the parents that have a child (module docstring); None when it does not fire."""
    if not (q.aggregate and not q.group_by and q.having is None and not q.order
            and q.limit is None and not q.offset and q.bare_from is None and _windowless(q)
            and len(leaves) == 1 and isinstance(leaves[0], ir.Scan)):
        return None
    if not any(isinstance(i, ir.Agg) and i.fn == AggFn.COUNT_STAR for i in q.items) or not all(
            isinstance(i, ir.Lit) or (isinstance(i, ir.Agg) and i.fn == AggFn.COUNT_STAR)
            for i in q.items):
        return None
    k = _one_key(schema, leaves[0])
    if k is None or not any(isinstance(c, ir.Exists) for c in conds):
        return None  # (the IN spelling is parent_counts.parent_count_as_distinct's)
    keys = dataclasses.replace(q, items=(_col(leaves[0], k, schema),), aggregate=False, names=())
    out = key_semijoin_as_distinct(keys, leaves, conds, schema, typed, rank)
    if out is None:
        return None
    view, inner, inner_conds = out
    view = dataclasses.replace(view, source=_flat_source(inner), where=_and(inner_conds),
                               names=())
    d = ir.Derived(view, "(counted)#0", ("#0",))
    return dataclasses.replace(q, source=d, where=None), [d], []


def _counted(canon, value, ctx):
    out = counted_key_semijoin(*value, canon.schema, canon.typed,
                               lambda sub: _key(canon.query(sub, {}, 0, False)))
    return value if out is None else out


COUNTED_SEMIJOIN_RULE = (
    "counted_key_semijoin", "SELECT COUNT(*) FROM P WHERE P.k IN (SELECT c.f FROM C ..) AND "
    "r(P.k), k a never-NULL unique key, c.f -> P.k an exact foreign key, is COUNT(*) of "
    "SELECT DISTINCT c.f FROM C .. WHERE c.f IS NOT NULL AND r(c.f)", ("sources",), _counted,
    True)
