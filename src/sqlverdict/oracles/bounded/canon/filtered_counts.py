"""Conditional counts of one aggregate row read as a filter (issue 25, i43d):
``conditional_count_as_filter``.

``SELECT COUNT(CASE WHEN p THEN v END) FROM F WHERE w`` (no GROUP BY) is ``SELECT COUNT(v)
FROM F WHERE w AND p`` when every aggregate of the select counts the CASE of the one test
``p``: the CASE is ``v`` on a row where ``p`` is TRUE and NULL where ``p`` is FALSE or NULL,
which COUNT skips, and the WHERE keeps exactly the rows where ``p`` is TRUE; so each COUNT
counts the same values (DISTINCT ones alike). Without GROUP BY both selects return one row,
also over no kept row (0 either way); a literal item reads the same. With the filter in
the WHERE, the other forms of a conditional count meet: the scalar ``(SELECT COUNT(*) FROM
t WHERE p)`` and SlabCity's "several scalar subqueries in one scan" (``COUNT(CASE WHEN a
..), COUNT(CASE WHEN b ..) FROM t``, a row that ``aggregate_row_as_subqueries`` splits into
one select per item).

Only COUNT: a SUM, MIN or MAX visits the kept rows in another order (an index of ``p``),
which a sum of reals and a choice between equal values of two storage classes may read.
Not under GROUP BY (a group without a row where ``p`` holds shows a 0 the filter drops),
HAVING, LIMIT, DISTINCT, a window or a bare column; nor when ``p`` reads a subquery.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn
from .aggregates import _map_top
from .terms import _and, _conjuncts, _has_sub, _key, _windowless


def _test_of(a: ir.Agg):
    """(``p``, ``v``) of ``COUNT([DISTINCT] CASE WHEN p THEN v END)``, else None."""
    c = a.arg
    if not (a.fn == AggFn.COUNT and isinstance(c, ir.Case) and len(c.whens) == 1
            and isinstance(c.default, ir.Lit) and c.default.value is None):
        return None
    return c.whens[0]


def conditional_count_as_filter(q):
    """``q`` with the one test of all its conditional COUNTs moved to its WHERE (see the
    module), else ``q``."""
    if not (isinstance(q, ir.Select) and q.aggregate and not q.group_by and q.having is None
            and not q.distinct and q.limit is None and not q.offset and q.bare_from is None
            and q.source is not None and not q.order and _windowless(q)
            and not _has_sub(q.items)):
        return q
    tests, failed = {}, []

    def over(e):
        if isinstance(e, ir.Agg):
            found = _test_of(e)
            if found is None:
                failed.append(e)
                return e
            tests[_key(found[0])] = found[0]
            return dataclasses.replace(e, arg=found[1])
        if isinstance(e, ir.Col):
            failed.append(e)  # a bare column
        return e

    items = tuple(_map_top(i, over) for i in q.items)
    if failed or len(tests) != 1:
        return q
    (p,) = tests.values()
    if _has_sub(p):
        return q
    return dataclasses.replace(q, items=items, where=_and([*_conjuncts(q.where), *_conjuncts(p)]))


FILTERED_COUNT_RULE = (
    "conditional_count_as_filter", "without GROUP BY, COUNT(CASE WHEN p THEN v END) (DISTINCT "
    "too), every aggregate of the select of the one test p, is COUNT(v) of the rows WHERE p "
    "(0 over no rows either way)", ("select",),
    lambda canon, q, ctx: conditional_count_as_filter(q), True)
