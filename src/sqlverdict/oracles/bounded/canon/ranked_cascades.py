"""A cascade of EXISTS tests, highest rank first, as the MAX of a ranking (round 59):
``exists_cascade_as_max``, ``count_cascade_as_max`` and ``exclusive_whens_sorted``.

"The furthest stage each application reached": ``CASE WHEN EXISTS (SELECT 1 FROM S s WHERE
φ AND s.v = 'hired') THEN 4 WHEN EXISTS (.. s.v = 'offer') THEN 3 .. END`` is ``(SELECT
MAX(CASE WHEN s.v = 'screen' THEN 1 .. WHEN s.v = 'hired' THEN 4 END) FROM S s WHERE φ)``,
the spelling that ranks each row and keeps the highest (``magic.subquery_as_inner_group``
then meets ``MAX(CASE v WHEN ..) .. GROUP BY``). Conditions:

- every branch an ``EXISTS`` over the same FROM (one table, its alias renamed) whose WHERE is
  one conjunct ``e = a_i`` beside the same conjuncts ``φ`` in every branch, ``e`` the same
  expression, the ``a_i`` literals of one type, pairwise different values, not NULL, each
  ``=`` without conversion and no collated column in the subqueries: a row meets at
  most one test, so the rank CASE is well defined whatever its order;
- each THEN an integer literal, strictly decreasing along the cascade, no ELSE (NULL);
- the subqueries select rows only (no aggregate, GROUP BY, HAVING, LIMIT, OFFSET, window).

Why it holds in SQLite: the cascade gives ``n_j`` for the first (so highest) ``n_j`` whose
test some row passes with ``φ``, NULL when none does; the MAX over the rows passing ``φ`` of
their rank (NULL for a row that matches no ``a_i``, skipped by MAX) is that same highest
``n_j``, and NULL over no rank. Near misses: ranks out of order, an ELSE, a branch with
another filter, a text and a number tested.

``count_cascade_as_max``: the same cascade over a group, each test "some row of the group
passes ``e = a_i``" written ``COUNT(CASE WHEN e = a_i THEN v END) > 0`` (``>= 1``, ``v`` a
literal not NULL) or ``SUM(CASE WHEN e = a_i THEN 1 ELSE 0 END) > 0``, is ``MAX(CASE WHEN e
= a_i THEN n_i .. END)`` over the group, ``e`` an uncollated column of the select's own FROM:
the same argument over the group's rows (a group is never empty; without GROUP BY, over no
rows both are NULL). Near misses: ranks out of order, an ELSE, a count above one.

``exclusive_whens_sorted``: ``CASE WHEN e = a1 THEN r1 WHEN e = a2 THEN r2 .. [ELSE d] END``
with the tests of ``_exclusive`` on an uncollated column of the select's own FROM lists its
whens in one order (by their tests' keys): no value passes two of the tests (no
conversion, literals of one type and different values: ``=`` is then equality of one kind),
so a row takes the THEN of the only test it passes, or the ELSE, whatever the order. The
rank CASE the cascades build is in that order too. Near misses: two columns tested, a text
and a number tested (a TEXT column's '1' passes both), two texts converted to one number
(``code = '7'`` and ``code = '07'`` on an INTEGER column).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Conv, Ty
from .joins import _deep_expr
from .terms import Flat, _and, _conjuncts, _key, _leaves, _replace_cols, _windowless
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


def _exclusive(tests: list) -> bool:
    """Are ``tests`` ``e = a_i`` of one ``e``, without conversion, the ``a_i`` literals of one
    type, pairwise different, not NULL (no row passes two: no collation is the caller's)? A
    text literal converted to a number (``code = '7'`` on an INTEGER column) is refused:
    '7' and '07' are two literals and one number."""
    pairs = [_equality(c) for c in tests]
    if None in pairs:
        return False
    values = [lit for _, lit in pairs]
    return (len({_key(e) for e, _ in pairs}) == 1 and all(c.conv == Conv.NONE for c in tests)
            and len({v.ty for v in values}) == 1 and all(v.value is not None for v in values)
            and len({v.value for v in values}) == len(values))


def _rank(tests: list, ranks: list):
    """``CASE WHEN t_i THEN n_i .. END`` (whens in ``_sorted`` order) for a cascade testing
    ``tests`` with the THENs ``ranks``, highest first, else None."""
    if not (all(isinstance(n, ir.Lit) and n.ty == Ty.INT and n.value is not None for n in ranks)
            and all(a.value > b.value for a, b in zip(ranks, ranks[1:], strict=False))
            and _exclusive(tests)):
        return None
    return ir.Case(_sorted(tuple(zip(tests, ranks, strict=True))), ir.Lit(None, Ty.NULL), Ty.INT)


def _sorted(whens: tuple) -> tuple:
    return tuple(sorted(whens, key=lambda w: _key(w[0])))


def _ranks(case: ir.Case, schema):
    """The ranking subquery the cascade ``case`` is (the module's law), else None."""
    if len(case.whens) < 2 or not (isinstance(case.default, ir.Lit) and case.default.value is None):
        return None
    first = _exists_branch(case.whens[0][0])
    if first is None or _collated(first[0], schema):
        return None
    scan, tests, common = first[0], [], None
    for test, _ in case.whens:
        b = _exists_branch(test)
        if b is None or b[0].table != scan.table:
            return None
        rep = {(b[0].alias, c): ir.Col(scan.alias, c, ty, aff) for c, ty, aff in scan.columns}
        got = _split([_replace_cols(c, rep) for c in b[1]], common)
        if got is None:
            return None
        c, rest = got
        common = sorted(map(_key, rest)) if common is None else common
        tests.append(c)
    rank = _rank(tests, [n for _, n in case.whens])
    if rank is None:
        return None
    query = case.whens[0][0].query
    where = _and([c for c in _conjuncts(query.where) if _key(c) != _key(tests[0])])
    sub = dataclasses.replace(query, where=where, items=(ir.Agg(AggFn.MAX, rank, False, Ty.INT),),
                              aggregate=True, distinct=False, order=(), names=())
    return ir.ScalarSub(sub, Ty.INT)


def _some_row(test):
    """``t`` of a test that some row of the group passes ``t``: ``COUNT(CASE WHEN t THEN v
    END) > 0`` (``>= 1``; v a literal, not NULL) or ``SUM(CASE WHEN t THEN 1 ELSE 0 END) >
    0``, either way round; else None."""
    if not isinstance(test, ir.Cmp):
        return None
    flip = {CmpOp.LT: CmpOp.GT, CmpOp.LE: CmpOp.GE}
    agg, op, lit = ((test.left, test.op, test.right) if isinstance(test.right, ir.Lit)
                    else (test.right, flip.get(test.op), test.left))
    if not (isinstance(agg, ir.Agg) and isinstance(lit, ir.Lit) and lit.ty == Ty.INT
            and (op, lit.value) in ((CmpOp.GT, 0), (CmpOp.GE, 1))):
        return None
    c = agg.arg
    if not (isinstance(c, ir.Case) and len(c.whens) == 1 and isinstance(c.whens[0][1], ir.Lit)):
        return None
    t, then = c.whens[0]
    if agg.fn == AggFn.COUNT and then.value is not None and _null(c.default):
        return t
    if (agg.fn == AggFn.SUM and not agg.distinct and then.ty == Ty.INT and then.value == 1
            and isinstance(c.default, ir.Lit) and c.default.ty == Ty.INT and c.default.value == 0):
        return t
    return None


def _null(e) -> bool:
    return isinstance(e, ir.Lit) and e.value is None


def _own_column(e, q, schema) -> bool:
    """Is ``e`` a column of a scan of ``q``'s own FROM, declared without a collation?"""
    leaves = q.source.leaves if isinstance(q.source, Flat) else _leaves(q.source) or []
    scans = [x for x in leaves if isinstance(x, ir.Scan) and isinstance(e, ir.Col) and x.alias == e.alias]
    return len(scans) == 1 and e.name not in {c.lower() for c in schema.table(scans[0].table).collated}


def _tested(case: ir.Case, q, schema):
    """The tests ``e = a_i`` of ``case``'s whens when they exclude each other on a column
    of ``q``'s own FROM, else None."""
    tests = [t for t, _ in case.whens]
    if len(tests) < 2 or not _exclusive(tests):
        return None
    return tests if _own_column(_equality(tests[0])[0], q, schema) else None


def _count_ranks(case: ir.Case, q, schema):
    """``CASE WHEN (some row passes e = a1) THEN n1 .. END`` over a group as ``MAX(CASE WHEN
    e = a_i THEN n_i .. END)``, else None."""
    if not (q.aggregate and len(case.whens) >= 2 and _null(case.default)):
        return None
    tests = [_some_row(t) for t, _ in case.whens]
    if None in tests or not _own_column(_equality(tests[0])[0] if _equality(tests[0]) else None, q, schema):
        return None
    rank = _rank(tests, [n for _, n in case.whens])
    return None if rank is None else ir.Agg(AggFn.MAX, rank, False, Ty.INT)


def _items(q, one):
    items = tuple(_deep_expr(i, one) for i in q.items)
    return q if items == q.items else dataclasses.replace(q, items=items)


def exists_cascade_as_max(q, schema):
    """``q`` with each cascade among its items as its ranking subquery (the module's law)."""
    if not isinstance(q, ir.Select) or schema is None:
        return q
    return _items(q, lambda e: (_ranks(e, schema) or e) if isinstance(e, ir.Case) else e)


def count_cascade_as_max(q, schema):
    """``q`` with each cascade of some-row tests among its items as the MAX of its ranking."""
    if not isinstance(q, ir.Select) or schema is None:
        return q
    return _items(q, lambda e: (_count_ranks(e, q, schema) or e) if isinstance(e, ir.Case) else e)


def exclusive_whens_sorted(q, schema):
    """``q`` with the whens of each CASE among its items whose tests exclude each other
    (``e = a_i``, ``_exclusive``, ``e`` an uncollated column of its own FROM) in one order:
    no row passes two tests, so the first it passes is the only one."""
    if not isinstance(q, ir.Select) or schema is None:
        return q

    def one(e):
        if isinstance(e, ir.Case) and _tested(e, q, schema) is not None:
            whens = _sorted(e.whens)
            return e if whens == e.whens else dataclasses.replace(e, whens=whens)
        return e
    return _items(q, one)


CASCADE_RULES = (
    ("exists_cascade_as_max", "CASE WHEN EXISTS (S WHERE φ AND e = a1) THEN n1 WHEN EXISTS (S "
     "WHERE φ AND e = a2) THEN n2 .. END, n1 > n2 > .. integers, a_i distinct literals of one "
     "type, no ELSE, is (SELECT MAX(CASE WHEN e = a_i THEN n_i .. END) FROM S WHERE φ)",
     ("select",), lambda canon, q, ctx: exists_cascade_as_max(q, canon.schema), True),
    ("count_cascade_as_max", "over a group, CASE WHEN COUNT(CASE WHEN e = a1 THEN 1 END) > 0 "
     "THEN n1 WHEN .. END (SUM(CASE .. THEN 1 ELSE 0 END) > 0 too), n1 > n2 > .., a_i distinct "
     "literals of one type, no ELSE, is MAX(CASE WHEN e = a_i THEN n_i .. END)",
     ("select",), lambda canon, q, ctx: count_cascade_as_max(q, canon.schema), True),
    ("exclusive_whens_sorted", "CASE WHEN e = a1 THEN .. WHEN e = a2 THEN .. (one uncollated "
     "column e, no conversion, distinct literals of one type: no row passes two tests) lists its whens in "
     "one order", ("select",), lambda canon, q, ctx: exclusive_whens_sorted(q, canon.schema), True),
)
