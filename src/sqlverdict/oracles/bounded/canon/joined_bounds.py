"""For-all tests of a group over an inner join (i56d): ``joined_bounds_as_no_counterexample``.

"The stores rated four stars or more on every rating", "the campaigns whose clicks were all
on mobile":

    SELECT g.. FROM A a JOIN B b ON c .. WHERE w GROUP BY g.. HAVING every-row bounds

is ``twins.bounds_as_no_counterexample`` with the one scan ``T`` widened to a tree of inner
(or cross) joins of uncollated tables: the join is a bag of rows like a table, its groups
never empty, so ``SELECT DISTINCT g.. FROM J t WHERE w AND NOT EXISTS (SELECT 1 FROM J' h
WHERE w(h) AND h.g IS t.g .. AND test(h))``, ``J'`` the join with every alias renamed (its
ON conditions too). Conditions, each as the one-table law's: the items are the GROUP BY
keys, each a column whose equal values are identical (``twins._identical``); no outer join,
derived table or subquery (WHERE, ON); every aggregate of the HAVING reads one table of the
join, whose declared NOT NULL columns stay never NULL in an inner join row (the test of
``twins._counterexamples``: ``MIN(c) >= v``, ``COUNT(*) = COUNT(CASE WHEN p THEN 1 END)``,
``SUM(CASE WHEN p THEN 1 ELSE 0 END) = 0`` ..). A nullable bounded column keeps its ``IS NOT
NULL`` (a group of NULLs only has a NULL extremum), as in the one-table law.

Beside the bounds, one conjunct that some row meets, ``SUM(CASE WHEN p THEN n ELSE 0 END) >
0`` (``n`` a positive integer; ELSE NULL too) or ``COUNT(CASE WHEN p THEN 1 END) > 0`` (``>=
1``), ``p`` without subqueries over the join ("customers with a failed payment and no
successful one"), is ``p`` on the listed row ``t``: a group is kept when one of its rows has
``p`` TRUE and none breaks a bound. Only one such conjunct (two may be met by two rows), and
then no nullable bounded column (its ``IS NOT NULL`` on ``t`` would ask one row for both).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Conv, Ty
from .division import _exists
from .grouped_tests import group_test_as_exists
from .joins import _not_null
from .terms import (
    _aliases_list,
    _and,
    _conjuncts,
    _deep,
    _has_sub,
    _leaves,
    _on_conjuncts,
    _windowless,
)
from .twins import _counterexamples, _identical
from .universal import _int, _null, _one_when, any_of, null_tested


def _join_scans(q, schema, typed: bool):
    """The scans of ``q``'s FROM when it is a grouped select over two or more inner-joined
    uncollated tables, no subquery in WHERE or ON, GROUP BY keys columns of them whose
    equal values are identical; else None."""
    if not (isinstance(q, ir.Select) and q.aggregate and q.group_by and isinstance(q.source, ir.Join)
            and not q.distinct and q.limit is None and not q.offset and not q.order
            and q.bare_from is None and _windowless(q) and not _has_sub(q.where)):
        return None
    leaves = _leaves(q.source)
    if not leaves or not all(isinstance(x, ir.Scan) and not schema.table(x.table).collated for x in leaves):
        return None
    if any(_has_sub(c) for c in _on_conjuncts(q.source)):
        return None
    aliases = {x.alias for x in leaves}
    if len(aliases) != len(leaves) or not all(
            isinstance(g, ir.Col) and g.alias in aliases and _identical(g, typed) for g in q.group_by):
        return None
    return leaves


def _renaming(q, leaves):
    """A function renaming every alias of the join to a fresh one, and the renamed FROM."""
    taken = set(_aliases_list(q)) | {x.alias for x in leaves}
    fresh = {}
    for x in leaves:
        h = f"{x.alias}_twin"
        while h in taken:
            h += "_"
        taken.add(h)
        fresh[x.alias] = h
    def renamed(e):
        return _deep(e, lambda y: dataclasses.replace(y, alias=fresh[y.alias])
                     if isinstance(y, ir.Col) and y.alias in fresh else y)
    def source(s):
        if isinstance(s, ir.Join):
            on = renamed(s.on) if s.on is not None else None
            return dataclasses.replace(s, left=source(s.left), right=source(s.right), on=on)
        return dataclasses.replace(s, alias=fresh[s.alias])
    return renamed, source(q.source)


def _bounded_scan(having, leaves):
    """The one scan every aggregate of ``having`` reads, else None."""
    read = set(_aliases_list(having))
    found = [x for x in leaves if x.alias in read]
    return found[0] if len(found) == 1 and read == {found[0].alias} else None


def _some_row(h):
    """``p`` of ``SUM(CASE WHEN p THEN n ELSE 0 END) > 0`` or ``COUNT(CASE WHEN p THEN 1 END)
    > 0`` (``>= 1``; the aggregate on the left), ``p`` without subqueries; else None."""
    if not (isinstance(h, ir.Cmp) and h.conv == Conv.NONE and isinstance(h.right, ir.Lit)
            and h.right.ty == Ty.INT and (h.op, h.right.value) in ((CmpOp.GT, 0), (CmpOp.GE, 1))):
        return None
    case = _one_when(h.left)
    if case is None or _has_sub(case[0]):
        return None
    p, then, other = case
    if h.left.fn == AggFn.SUM:
        ok = _int(then, True) and (_null(other) or _int(other, False))
    else:
        ok = h.left.fn == AggFn.COUNT and isinstance(then, ir.Lit) and then.value is not None and _null(other)
    return p if ok else None


def _met_after_semijoins(canon, q, leaves) -> bool:
    """``semijoins`` leaves one table of the join (a key-joined parent dropped, Kim's JA
    grouping) whose grouping ``group_test_after_semijoins`` reads: that law gives it the form
    a spelling without the parent gets, so this one waits for it."""
    q2, left, conds = canon._semijoins(q, list(leaves), _on_conjuncts(q.source) + _conjuncts(q.where), False)
    if len(left) != 1 or not isinstance(left[0], ir.Scan):
        return False
    one = dataclasses.replace(q2, source=left[0], where=_and(conds))
    return group_test_as_exists(one, canon.schema) is not one


def joined_bounds_as_no_counterexample(q, canon):
    """The module's law, else ``q``."""
    schema = canon.schema
    leaves = _join_scans(q, schema, canon.typed)
    if leaves is None or q.having is None or set(q.items) != set(q.group_by) or _met_after_semijoins(canon, q, leaves):
        return q
    some = [p for p in map(_some_row, _conjuncts(q.having)) if p is not None]
    every = [h for h in _conjuncts(q.having) if _some_row(h) is None]
    scan = _bounded_scan(_and(every), leaves) if every else None
    if scan is None or len(some) > 1:
        return q
    tests = _counterexamples(_and(every), scan, schema)
    if tests is None:
        return q
    cols = list(dict.fromkeys(c for _, c in tests if c is not None))
    seen = null_tested([t for t, _ in tests])
    nullable = [c for c in cols if not _not_null(c, leaves, schema) and c not in seen]
    if nullable and (len(cols) > 1 or some):
        return q
    renamed, source = _renaming(q, leaves)
    links = [ir.Cmp(CmpOp.EQ if _not_null(g, leaves, schema) else CmpOp.IS, renamed(g), g,
                    Ty.BOOL, Conv.NONE) for g in dict.fromkeys(q.group_by)]
    where = _and([*(renamed(c) for c in _conjuncts(q.where)), *links, renamed(any_of([t for t, _ in tests]))])
    found = [*some, *(ir.Not(ir.IsNull(c)) for c in nullable), ir.Not(_exists(source, where))]
    return dataclasses.replace(q, where=_and([*_conjuncts(q.where), *found]), group_by=(),
                               having=None, aggregate=False, distinct=True)


JOINED_BOUNDS_RULE = (
    "joined_bounds_as_no_counterexample", "SELECT g FROM A JOIN B .. WHERE w GROUP BY g HAVING "
    "MIN(c) >= v (every-row bounds of one table of an inner join of uncollated tables) is SELECT "
    "DISTINCT g FROM A JOIN B .. t WHERE w AND NOT EXISTS (a row h of the join with w, h.g IS t.g "
    "and h.c < v)", ("select",),
    lambda canon, q, ctx: joined_bounds_as_no_counterexample(q, canon), True)
