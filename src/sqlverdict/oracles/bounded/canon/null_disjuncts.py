"""A NULL test beside its own comparisons in a disjunction (issue 25, i43c):
``own_extremum_in_disjunct`` and ``null_absorbed_disjunct``. Together they make "no greater
value" written ``x IS NULL OR x = (SELECT MAX(c) FROM T)`` meet ``NOT EXISTS (SELECT 1 FROM
T t WHERE t.c > x)``, the anti-join spelling that keeps the rows whose ``x`` is NULL.

``own_extremum_in_disjunct``: ``quantified.own_extremum`` (``a.c = (SELECT MAX(c) FROM T
[WHERE t.k = a.k ..])`` as ``a.c IS NOT NULL [AND a.k IS NOT NULL ..] AND NOT EXISTS (..
a.c < t.c)``) inside a WHERE/ON conjunct, at each place reached through AND and OR only.
Why it holds: the rewrite keeps the set of rows where the comparison is TRUE (it may turn
NULL into FALSE), and a WHERE keeps a row when its conjunct is TRUE; AND and OR are monotone
in TRUE (``A OR B`` is TRUE exactly when one of them is TRUE; ``A AND B`` when both are), so
a conjunct built from the comparison by AND and OR is TRUE on the same rows. Not under NOT
(NOT NULL is NULL, NOT FALSE is TRUE), not in a select item.

``null_absorbed_disjunct``: in a disjunction ``A OR D ..`` (anywhere in a condition, through
AND, OR, NOT; never into a subquery) with ``A`` two-valued (IS NULL, EXISTS, or NOT of
them):

- a conjunct ``NOT A`` of another disjunct ``D = NOT A AND E ..`` goes: where ``A`` is TRUE
  both sides are TRUE; where ``A`` is FALSE, ``NOT A`` is TRUE and drops out of the AND
  (three-valued logic: TRUE AND v is v).
- ``A = x IS NULL`` goes when another disjunct is ``NOT EXISTS (S)`` with a conjunct of
  ``S``'s WHERE that compares ``x`` itself (``=``, ``!=``, ``<``, ``<=``, ``>``, ``>=``, any
  conversion; not IS), ``x`` a column of the outer query (no source of ``S`` binds its
  alias; ``S`` no aggregate, which gives a row over none): where ``x`` is NULL that conjunct
  is NULL on every row of ``S``, so EXISTS is FALSE and the disjunct is TRUE, as ``A`` is; elsewhere ``A`` is FALSE and ``v OR FALSE``
  is ``v``.

Both are equalities of three-valued truth values, so they hold under NOT and in any
condition. Near misses: ``x = (SELECT MAX(c) ..)`` alone (no NULL disjunct: a NULL ``x`` is
not kept, while NOT EXISTS keeps it), a subquery that compares ``x`` only inside an OR or
with IS (a NULL ``x`` can still find a row)."""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import CmpOp, LogicOp
from .quantified import _two_valued, conditions, own_extremum
from .terms import _conjuncts, _normalize


def own_extremum_in_disjunct(c, leaves):
    """``c`` with ``own_extremum`` applied wherever AND and OR reach, when ``c`` is an OR
    (a plain conjunct is ``own_extremum``'s own); else ``c``."""
    if not (isinstance(c, ir.Logic) and c.op == LogicOp.OR):
        return c
    return _positive(c, leaves)


def _positive(c, leaves):
    if isinstance(c, ir.Logic):
        args = tuple(_positive(a, leaves) for a in c.args)
        return c if args == c.args else dataclasses.replace(c, args=args)
    return own_extremum(c, leaves)


def null_absorbed_disjunct(c):
    """``c`` with the module's two absorptions done in each of its disjunctions; else ``c``."""
    if isinstance(c, ir.Not):
        arg = null_absorbed_disjunct(c.arg)
        return c if arg is c.arg else dataclasses.replace(c, arg=arg)
    if not isinstance(c, ir.Logic):
        return c
    args = tuple(null_absorbed_disjunct(a) for a in c.args)
    if c.op == LogicOp.OR:
        args = _absorbed(list(args))
    if len(args) == 1:
        return args[0]
    return c if args == c.args else _normalize(dataclasses.replace(c, args=tuple(args)))


def _absorbed(args: list) -> tuple:
    tests = [a for a in args if _two_valued(a)]
    out = []
    for d in args:
        if isinstance(d, ir.Logic) and d.op == LogicOp.AND:
            kept = [y for y in d.args if not any(_negates(y, a) for a in tests if a is not d)]
            if kept and len(kept) < len(d.args):
                d = kept[0] if len(kept) == 1 else _normalize(dataclasses.replace(d, args=tuple(kept)))
        out.append(d)
    return tuple(d for d in out if not (isinstance(d, ir.IsNull) and any(
        _null_blocks(e, d.arg) for e in out if e is not d)))


def _negates(y, a) -> bool:
    """Is ``y`` the negation of the two-valued ``a`` (``NOT a``, or ``a`` is ``NOT y``)?"""
    return (isinstance(y, ir.Not) and y.arg == a) or (isinstance(a, ir.Not) and a.arg == y)


_NULL_IN_NULL_OUT = (CmpOp.EQ, CmpOp.NE, CmpOp.LT, CmpOp.LE, CmpOp.GT, CmpOp.GE)


def _null_blocks(e, x) -> bool:
    """Is ``e`` ``NOT EXISTS (S)`` whose WHERE has a conjunct comparing the outer column
    ``x`` (NULL when ``x`` is NULL, so EXISTS is FALSE)?"""
    if not (isinstance(x, ir.Col) and isinstance(e, ir.Not) and isinstance(e.arg, ir.Exists)
            and isinstance(s := e.arg.query, ir.Select) and not s.aggregate and not s.group_by):
        return False  # (an aggregate without GROUP BY gives a row whatever WHERE keeps)
    bound = {y.alias for y in ir.nodes(s) if isinstance(y, ir.Scan | ir.Derived | ir.Values)}
    if x.alias in bound:
        return False
    return any(isinstance(d, ir.Cmp) and d.op in _NULL_IN_NULL_OUT and x in (d.left, d.right)
               for d in _conjuncts(s.where))


NULL_DISJUNCT_RULES = ((
    "own_extremum_in_disjunct", "own_extremum inside an OR of a WHERE/ON conjunct, through "
    "AND and OR only (the TRUE rows kept)", ("sources",),
    lambda canon, v, ctx: conditions(own_extremum_in_disjunct, *v) or v, True), (
    "null_absorbed_disjunct", "in A OR (NOT A AND E) .., A two-valued, NOT A goes; x IS NULL OR "
    "NOT EXISTS (S WHERE x op y ..), x an outer column compared by =, <, .. in a conjunct of "
    "S, is the NOT EXISTS alone", ("cond",), lambda canon, c, ctx: null_absorbed_disjunct(c)))
