"""A cascade of EXISTS tests, highest rank first, as the MAX of a ranking (round 59):
``exists_cascade_as_max``.

"The furthest stage each application reached": ``CASE WHEN EXISTS (SELECT 1 FROM S s WHERE
φ AND s.v = 'hired') THEN 4 WHEN EXISTS (.. s.v = 'offer') THEN 3 .. END`` is ``(SELECT
MAX(CASE WHEN s.v = 'screen' THEN 1 .. WHEN s.v = 'hired' THEN 4 END) FROM S s WHERE φ)``,
the spelling that ranks each row and keeps the highest (``magic.subquery_as_inner_group``
then meets ``MAX(CASE v WHEN ..) .. GROUP BY``). Conditions:

- every branch an ``EXISTS`` over the same FROM (one table, its alias renamed) whose WHERE is
  one conjunct ``e = a_i`` beside the same conjuncts ``φ`` in every branch, ``e`` the same
  expression, the ``a_i`` literals of one type, pairwise different values, not NULL, each
  ``=`` with the same conversion and no collated column in the subqueries: a row meets at
  most one test, so the rank CASE is well defined whatever its order;
- each THEN an integer literal, strictly decreasing along the cascade, no ELSE (NULL);
- the subqueries select rows only (no aggregate, GROUP BY, HAVING, LIMIT, OFFSET, window).

Why it holds in SQLite: the cascade gives ``n_j`` for the first (so highest) ``n_j`` whose
test some row passes with ``φ``, NULL when none does; the MAX over the rows passing ``φ`` of
their rank (NULL for a row that matches no ``a_i``, skipped by MAX) is that same highest
``n_j``, and NULL over no rank. Near misses: ranks out of order, two equal values, an ELSE.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Ty
from .joins import _deep_expr
from .terms import _and, _conjuncts, _key, _replace_cols, _windowless
from .windows import _collated


def _exists_branch(test, scan_table=None):
    """``(scan, conjuncts)`` of ``EXISTS (SELECT .. FROM T t WHERE ..)``, else None."""
    if not isinstance(test, ir.Exists) or not isinstance(s := test.query, ir.Select):
        return None
    if not (isinstance(s.source, ir.Scan) and not s.aggregate and not s.group_by
            and s.having is None and s.limit is None and not s.offset and s.bare_from is None
            and _windowless(s)):
        return None
    return s.source, _conjuncts(s.where)


def _equality(c):
    """``(e, literal)`` of ``e = literal`` (either side), else None."""
    if isinstance(c, ir.Cmp) and c.op == CmpOp.EQ:
        if isinstance(c.right, ir.Lit) and not isinstance(c.left, ir.Lit):
            return c.left, c.right
        if isinstance(c.left, ir.Lit) and not isinstance(c.right, ir.Lit):
            return c.right, c.left
    return None


def _split(conds: list, others: list):
    """The one conjunct of ``conds`` that is ``e = a`` with the rest the same (by key) as
    ``others``' (None: any such conjunct), as ``(conjunct, rest)``; else None."""
    found = []
    for c in conds:
        if _equality(c) is None:
            continue
        rest = [x for x in conds if x is not c]
        if others is None or sorted(map(_key, rest)) == others:
            found.append((c, rest))
    return found[0] if len(found) == 1 else None


def _ranks(case: ir.Case, schema):
    """The ranking subquery the cascade ``case`` is (the module's law), else None."""
    if len(case.whens) < 2 or not (isinstance(case.default, ir.Lit) and case.default.value is None):
        return None
    first = _exists_branch(case.whens[0][0])
    if first is None or _collated(first[0], schema):
        return None
    scan, tests, common, ranks = first[0], [], None, []
    for test, n in case.whens:
        b = _exists_branch(test)
        if b is None or b[0].table != scan.table or not (isinstance(n, ir.Lit) and n.ty == Ty.INT
                                                            and n.value is not None):
            return None
        rep = {(b[0].alias, c): ir.Col(scan.alias, c, ty, aff) for c, ty, aff in scan.columns}
        conds = [_replace_cols(c, rep) for c in b[1]]
        got = _split(conds, common)
        if got is None:
            return None
        c, rest = got
        common = sorted(map(_key, rest)) if common is None else common
        tests.append(c)
        ranks.append(n.value)
    if not all(a > b for a, b in zip(ranks, ranks[1:], strict=False)):
        return None
    pairs = [_equality(c) for c in tests]
    values = [lit for _, lit in pairs]
    if (len({_key(e) for e, _ in pairs}) != 1 or len({c.conv for c in tests}) != 1
            or len({v.ty for v in values}) != 1 or any(v.value is None for v in values)
            or len({v.value for v in values}) != len(values)):
        return None
    whens = tuple(sorted(((c, n) for c, (_, n) in zip(tests, case.whens, strict=True)), key=lambda w: w[1].value))
    rank = ir.Case(whens, ir.Lit(None, Ty.NULL), Ty.INT)
    query = case.whens[0][0].query
    where = _and([c for c in _conjuncts(query.where) if _key(c) != _key(tests[0])])
    sub = dataclasses.replace(query, where=where, items=(ir.Agg(AggFn.MAX, rank, False, Ty.INT),),
                              aggregate=True, distinct=False, order=(), names=())
    return ir.ScalarSub(sub, Ty.INT)


def exists_cascade_as_max(q, schema):
    """``q`` with each cascade among its items as its ranking subquery (the module's law)."""
    if not isinstance(q, ir.Select) or schema is None:
        return q

    def one(e):
        if isinstance(e, ir.Case):
            sub = _ranks(e, schema)
            if sub is not None:
                return sub
        return e

    items = tuple(_deep_expr(i, one) for i in q.items)
    return q if items == q.items else dataclasses.replace(q, items=items)


CASCADE_RULE = (
    "exists_cascade_as_max", "CASE WHEN EXISTS (S WHERE φ AND e = a1) THEN n1 WHEN EXISTS (S "
    "WHERE φ AND e = a2) THEN n2 .. END, n1 > n2 > .. integers, a_i distinct literals of one "
    "type, no ELSE, is (SELECT MAX(CASE WHEN e = a_i THEN n_i .. END) FROM S WHERE φ)",
    ("select",), lambda canon, q, ctx: exists_cascade_as_max(q, canon.schema), True)
