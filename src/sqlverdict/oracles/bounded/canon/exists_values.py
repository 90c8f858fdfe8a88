"""EXISTS as a value (issue 25, i43a): ``count_test_as_exists``, ``count_row_as_exists``,
``constant_row_as_exists``.

- ``count_test_as_exists``: ``(SELECT COUNT(*) FROM F WHERE p) > 0`` (``>= 1``, ``<> 0``;
  ``= 0``, ``< 1``, ``<= 0`` negated; ``COUNT(c)`` adds ``c IS NOT NULL``) is ``EXISTS (SELECT
  1 FROM F WHERE p)`` as a value too, not only as a WHERE conjunct (``count_as_exists``): the
  subquery, an aggregate without GROUP BY, HAVING, LIMIT or OFFSET, returns one row on every
  database, its count is an integer, never NULL and at least 0, so the comparison is TRUE
  exactly when some row of F passes p and FALSE otherwise, never NULL, as EXISTS is. So the
  law holds under any operator (NOT, OR, CASE, a select item read as 1/0): EF Core's
  ``Any()`` in a projection, ``(SELECT COUNT(*) ..) > 0`` against ``CASE WHEN EXISTS .. THEN 1
  ELSE 0 END``. Applied to the select's items and ORDER BY keys, not inside a CASE, nor in
  WHERE (a conjunct is ``count_as_exists``'s): ``in_by_counts`` and ``not_in_by_counts`` read
  IN's three-valued form from the counts there.
- ``count_row_as_exists``: ``SELECT f(COUNT(*) > 0) FROM F WHERE p``, an aggregate without
  GROUP BY, HAVING, LIMIT, OFFSET, bare column or window, whose items read the rows of F only
  through such count tests, is ``SELECT f(EXISTS (SELECT 1 FROM F WHERE p))`` without FROM:
  both return exactly one row (an aggregate without GROUP BY returns one row over no rows
  too), and each test is the one above over the same rows (SQLAlchemy's ``exists()`` as a
  scalar against ``SELECT COUNT(*) > 0``). DISTINCT and ORDER BY of one row do nothing.
- ``constant_row_as_exists``: ``SELECT c1, .., cn FROM F WHERE p LIMIT 1`` of literals ``ci``
  (no aggregate, GROUP BY, window, OFFSET; any ORDER BY) is ``SELECT c1, .., cn WHERE EXISTS
  (SELECT 1 FROM F WHERE p)``: either returns the row of literals once when some row of F
  passes p (whichever one the LIMIT keeps, the items read none of it), nothing otherwise.
  ``SELECT DISTINCT`` of literals with any LIMIT n >= 1 (or none) is the same. Django's
  ``exists()`` and ActiveRecord's ``exists?`` (``SELECT 1 AS one .. LIMIT 1``). Not LIMIT 2
  without DISTINCT (two rows), nor an OFFSET (the second row may be missing).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import Ty
from .quantified import count_as_exists
from .terms import _map_children, _tree_aliases, _windowless


def _tests_as_exists(e):
    """``e`` with every count test outside its subqueries and CASE as EXISTS (top-down)."""
    if isinstance(e, (ir.InSub, ir.Exists, ir.ScalarSub, ir.Case)) or not isinstance(e, ir.Expr):
        return e
    out = count_as_exists(e)
    if out is not e:
        return out
    return _map_children(e, _tests_as_exists)


def count_test_as_exists(q):
    if not isinstance(q, ir.Select):
        return q
    items = tuple(_tests_as_exists(i) for i in q.items)
    order = tuple((_tests_as_exists(k), d) for k, d in q.order)
    if items == q.items and order == q.order:
        return q
    return dataclasses.replace(q, items=items, order=order)


def count_row_as_exists(q):
    if not (isinstance(q, ir.Select) and q.aggregate and q.source is not None and not q.group_by
            and q.having is None and q.limit is None and not q.offset and q.bare_from is None
            and _windowless(q)):
        return q
    body = dataclasses.replace(q, order=(), distinct=False, names=())
    local = set(_tree_aliases(q.source))  # (an aggregate of outer columns is the outer query's)

    def test(e):
        if isinstance(e, (ir.InSub, ir.Exists, ir.ScalarSub)) or not isinstance(e, ir.Expr):
            return e
        if isinstance(e, ir.Cmp):
            for agg, other in ((e.left, e.right), (e.right, e.left)):
                if isinstance(agg, ir.Agg) and isinstance(other, ir.Lit) and all(
                        y.alias in local for y in ir.local_nodes(agg) if isinstance(y, ir.Col)):
                    sub = ir.ScalarSub(dataclasses.replace(body, items=(agg,)), agg.ty)
                    cmp = dataclasses.replace(e, left=sub, right=other) if agg is e.left \
                        else dataclasses.replace(e, left=other, right=sub)
                    out = count_as_exists(cmp)
                    if out is not cmp:
                        return out
        return _map_children(e, test)

    items = tuple(test(i) for i in q.items)
    for i in items:
        for y in ir.local_nodes(i):
            if isinstance(y, (ir.Agg, ir.Window)) or (isinstance(y, ir.Col) and y.alias in local):
                return q  # (an aggregate or column read otherwise)
    if items == q.items:
        return q
    return ir.Select(None, None, (), None, items, False, (), None, 0, False, q.names)


def constant_row_as_exists(q):
    if not (isinstance(q, ir.Select) and q.source is not None and not q.aggregate
            and not q.group_by and q.having is None and q.bare_from is None and not q.offset
            and q.items and all(isinstance(i, ir.Lit) for i in q.items)
            and (q.limit == 1 or (q.distinct and (q.limit is None or q.limit >= 1)))):
        return q
    body = dataclasses.replace(q, items=(ir.Lit(1, Ty.INT),), distinct=False, order=(),
                               limit=None, names=())
    return ir.Select(None, ir.Exists(body), (), None, q.items, False, (), None, 0, False, q.names)


EXISTS_VALUE_RULES = (
    ("count_test_as_exists", "(SELECT COUNT(*) FROM F WHERE p) > 0 (>= 1, <> 0; = 0 negated) "
     "is EXISTS (SELECT 1 FROM F WHERE p) as a value too (a count is never NULL): items and "
     "ORDER BY, not inside CASE", ("select",),
     lambda canon, q, ctx: count_test_as_exists(q), True),
    ("count_row_as_exists", "SELECT f(COUNT(*) > 0) FROM F WHERE p (no GROUP BY, HAVING, LIMIT; "
     "items read F only through count tests) is SELECT f(EXISTS (SELECT 1 FROM F WHERE p)) "
     "without FROM (one row either way)", ("select",),
     lambda canon, q, ctx: count_row_as_exists(q), True),
    ("constant_row_as_exists", "SELECT literals FROM F WHERE p LIMIT 1 (DISTINCT: any LIMIT "
     ">= 1 or none; no OFFSET, aggregate) is SELECT literals WHERE EXISTS (SELECT 1 FROM F "
     "WHERE p)", ("select",), lambda canon, q, ctx: constant_row_as_exists(q), True),
)
