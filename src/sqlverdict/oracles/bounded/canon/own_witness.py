"""The outer row as its own witness (issue 25, i52c): ``exists_tests``, the law of
``partition_joins.own_row_exists``.

The top row of each partition is said two ways: ``RANK() .. = 1`` (and ``ROW_NUMBER``'s
first row, order-free: NOT EXISTS a row before it) and ``x = (SELECT MAX(s.x) FROM .. WHERE
s.p = t.p)``, which ``extremes.quantified`` reads ``EXISTS (.. s.x = t.x) AND NOT EXISTS
(.. s.x > t.x)``. The EXISTS half holds whenever the current row is in its own partition:
the row itself is an ``s``, also when the partition is read through a join.

A WHERE (or inner-join ON) conjunct ``EXISTS (SELECT .. FROM S1 s1, .. WHERE φ)``, whose
subquery is a plain select of inner-joined scans (no aggregate, grouping, LIMIT or OFFSET;
DISTINCT allowed), is the conjunction of the tests ``e IS NOT NULL`` collected below, when
some assignment of its scans to scans of the outer select (same table; a scan may serve
several) makes every conjunct of ``φ`` one of:

- one of the other outer conjuncts (or that equality flipped);
- ``a = b`` (no conversion) whose sides become the same expression, a column, literal or
  arithmetic of them, one side ``e`` reading no column of the subquery's scans (nor of those
  nested in it): the test ``e IS NOT NULL`` is collected; ``a IS b`` so: no test;
- a conjunct that reads no column of the subquery's scans (nor of those nested in it) and
  holds no subquery: it is its own test (i62i: one value for every candidate row);
- a nested ``EXISTS`` or one-value ``IN`` (no conversion; ``x IN (SELECT y ..)`` read as
  EXISTS with ``x = y``) conjunct that holds the same way (its tests collected).

Sound in SQLite: the select keeps a row only when every conjunct is TRUE, so it is enough
that, where the other conjuncts are TRUE, the EXISTS is TRUE exactly when the tests are.
If the tests are TRUE, the assigned outer rows satisfy ``φ``: a copied conjunct is TRUE by
assumption, ``e = e`` is TRUE for a non-NULL ``e`` (one value of one storage class and
collation equals itself; SQLite stores no NaN, and arithmetic that would make one yields
NULL), ``e IS e`` always; so the EXISTS (and a nested IN) finds a row. If the EXISTS is
TRUE, some rows make each ``a = b`` TRUE, so its side ``e`` that reads no subquery column
(one value for every candidate row) is not NULL. One conjunct is rewritten at a time, each
in the conjunction as it then is. Not under OR or NOT, not for NOT EXISTS.
"""

from __future__ import annotations

import itertools

from .. import ir
from ..ir.kinds import CmpOp, Conv
from .terms import Flat, _conjuncts, _key, _leaves, _on_conjuncts, _replace_cols

MAX_ASSIGNMENTS = 16  # assignments of a subquery's scans to outer scans tried


def exists_tests(c, scans: list, conds: list) -> list | None:
    """The tests (a list, maybe empty) that replace the conjunct ``c``, an EXISTS, among the
    outer select's ``conds`` over its ``scans`` (module docstring), or None."""
    if not isinstance(c, ir.Exists) or not scans:
        return None
    others = [d for d in conds if d is not c]
    premises = {_key(d) for d in others} | {_key(f) for d in others if (f := _flip(d)) is not None}
    return _discharge(c, scans, premises, frozenset(), {})


def _flip(c):
    if isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and c.conv == Conv.NONE:
        return ir.Cmp(CmpOp.EQ, c.right, c.left)
    return None


def _body(c):
    """(the subquery, its extra conjunct) of an EXISTS or a one-value IN conjunct, else None."""
    if isinstance(c, ir.Exists) and isinstance(c.query, ir.Select):
        return c.query, []
    if (isinstance(c, ir.InSub) and c.conv == Conv.NONE and not c.convs
            and not isinstance(c.arg, ir.RowVal) and isinstance(c.query, ir.Select)
            and len(c.query.items) == 1):
        return c.query, [ir.Cmp(CmpOp.EQ, c.arg, c.query.items[0])]
    return None


def _source(s: ir.Select):
    """(scans, conjuncts) of a plain select over inner-joined scans, else None."""
    if (s.aggregate or s.group_by or s.having is not None or s.limit is not None or s.offset
            or s.bare_from is not None):
        return None
    src = s.source
    if isinstance(src, Flat):
        leaves, conds = list(src.leaves), [_class_eq(src, cl) for cl in src.classes]
        if any(x is None for x in conds):
            return None
        conds = [e for eqs in conds for e in eqs]
    else:
        leaves, conds = _leaves(src), _on_conjuncts(src)
    if not leaves or not all(isinstance(x, ir.Scan) for x in leaves):
        return None
    return leaves, conds + _conjuncts(s.where)


def _class_eq(flat: Flat, cl) -> list | None:
    """The equalities of a class of a canonical FROM (each member equal to the first)."""
    cols = {(x.alias, n): ir.Col(x.alias, n, ty, aff)
            for x in flat.leaves if isinstance(x, ir.Scan) for n, ty, aff in x.columns}
    if any(m not in cols for m in cl):
        return None
    return [ir.Cmp(CmpOp.EQ, cols[cl[0]], cols[m]) for m in cl[1:]]


def _discharge(c, scans: list, premises: set, bound: frozenset, rep: dict) -> list | None:
    """The tests that replace the conjunct ``c`` (a list, maybe empty), or None; ``bound``:
    the aliases of the subqueries around ``c`` (their columns are no witness of a test),
    ``rep``: their columns as the outer columns assigned to them."""
    body = _body(c)
    found = None if body is None else _source(body[0])
    if found is None:
        return None
    inner, conds = found
    conds = conds + body[1]
    outer = {o.alias for o in scans}
    if any(x.alias in outer or x.alias in bound for x in inner):
        return None  # (aliases of a canonical form repeat across depths)
    bound = bound | {x.alias for x in inner}
    choices = [[o for o in scans if o.table == x.table and o.columns == x.columns] for x in inner]
    for n, assign in enumerate(itertools.product(*choices)):
        if n >= MAX_ASSIGNMENTS:
            return None
        here = dict(rep)
        here.update({(x.alias, name): ir.Col(o.alias, name, ty, aff)
                     for x, o in zip(inner, assign, strict=True) for name, ty, aff in o.columns})
        tests = _tests(conds, here, scans, premises, bound)
        if tests is not None:
            return tests
    return None


def _tests(conds: list, rep: dict, scans: list, premises: set, bound: frozenset) -> list | None:
    """The tests under which every conjunct of ``conds``, its subquery columns read as
    ``rep`` says, holds."""
    tests = []
    for d in conds:
        if _key(_replace_cols(d, rep)) in premises:
            continue
        if _free(d, bound) and not _has_subquery(d):
            tests.append(d)  # (i62i: a test of the outer row alone is its own test)
            continue
        if isinstance(d, ir.Cmp) and d.op in (CmpOp.EQ, CmpOp.IS) and d.conv == Conv.NONE:
            side = next((x for x in (d.left, d.right) if _free(x, bound)), None)
            moved = _replace_cols(d, rep)
            if not (side is not None and moved.left == moved.right and _pure(side)):
                return None
            tests += [ir.Not(ir.IsNull(side))] if d.op == CmpOp.EQ else []
            continue
        nested = _discharge(d, scans, premises, bound, rep)
        if nested is None:
            return None
        tests += nested
    return tests


def _has_subquery(e) -> bool:
    return any(isinstance(y, (ir.Exists, ir.InSub, ir.ScalarSub)) for y in ir.nodes(e))


def _free(e, bound: frozenset) -> bool:
    """``e`` reads no column of the ``bound`` aliases."""
    return not any(isinstance(y, ir.Col) and y.alias in bound for y in ir.nodes(e))


def _pure(e) -> bool:
    """A column, a literal, or arithmetic of them."""
    if isinstance(e, ir.Arith):
        return _pure(e.left) and _pure(e.right)
    if isinstance(e, ir.Neg):
        return _pure(e.arg)
    return isinstance(e, (ir.Col, ir.Lit))
