"""A DISTINCT select of group keys kept by a pair of rows of its own group, as a HAVING test
(round 56, i56b): ``pair_in_group_as_having``.

The law (site ``select``): ``SELECT DISTINCT f(k..) FROM T a WHERE w(a) AND EXISTS (SELECT ..
FROM T b WHERE b.k = a.k .. AND t(a, b) AND v(b))`` (links ``=`` or ``IS``, each key an exact
column or LOWER/UPPER of one, the items reading ``a`` only through the keys, each key shown)
is ``SELECT f(k..) FROM T a WHERE c GROUP BY k.. HAVING h``, by the pair test ``t``:

- ``a.u <> b.u`` (or ``<``, ``>``), ``u`` with the linked key columns covering a declared
  unique key of never-NULL columns, ``v`` = ``w``: ``c`` = ``w``, ``h`` = ``1 < COUNT(*)``
  (the group holds another row; under ``<`` the row of least ``u`` has one above it);
- ``a.x <> b.x`` (with that ``u`` test beside it or not), ``v`` = ``w``: ``h`` = ``1 <
  COUNT(DISTINCT x)`` (two values of ``x`` in the group; two rows with different ``x``
  differ in ``u``, and one of them is below the other); ``a.x < b.x`` alone or beside ``a.u
  <> b.u`` too, but not beside ``a.u < b.u``: two rows may order ``u`` and ``x`` oppositely
  (round 59 found the rule taking that pair: a near miss now);
- ``a.x op b.y`` (``<``, ``<=``, ``>``, ``>=``; one affinity, no conversion), ``w`` = ``c AND
  p``, ``v`` = ``c AND q``: ``h`` = ``MIN(CASE WHEN p THEN x END) op MAX(CASE WHEN q THEN y
  END)`` (``MAX .. op MIN ..`` for ``>``, ``>=``): some ``x`` of a row with ``p`` is below
  some ``y`` of a row with ``q`` exactly when the least such ``x`` is below the greatest
  such ``y``.

Sound in SQLite: GROUP BY puts two rows in one group exactly when ``=`` holds between their
keys, NULLs aside (one expression with itself: one affinity, no conversion, no collation), so
``b`` ranges over the rows of ``a``'s group that pass ``v``; a key linked by ``=`` finds no
partner when NULL, so the grouping keeps it non-NULL (``k IS NOT NULL`` added unless
declared). A unique key of never-NULL columns makes two rows of a group differ in ``u`` (the
index compares as ``=`` does); ``<>`` is TRUE on two non-NULL values exactly when COUNT
DISTINCT counts them apart. SQLite orders values totally (NULL aside: storage class, then
value), MIN and MAX by the same order, skipping NULL (a NULL comparison is not TRUE, a group
without such a value has a NULL bound: not TRUE either). The DISTINCT select's rows are its
groups when each key is shown and its equal values are identical (``transfer._exact``: TEXT,
numbers in the typed domain; LOWER and UPPER give TEXT). ``w``, ``v`` and ``p``, ``q``
deterministic and reading their own row only. Near misses: ``=`` on a NULL-able key without
the filter, a test on a non-unique column, ``<=`` as the row test (a row pairs with
itself), the subquery without ``w``, a key not shown.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Conv, Ty
from .grouped_tests import _renamed
from .terms import _aliases_in, _and, _conjuncts, _deep, _has_sub, _unique_keys, _windowless
from .transfer import _exact

_TEXT_CASES = ("LOWER(?)", "UPPER(?)")
_FLIP = {CmpOp.LT: CmpOp.GT, CmpOp.GT: CmpOp.LT, CmpOp.LE: CmpOp.GE, CmpOp.GE: CmpOp.LE,
         CmpOp.NE: CmpOp.NE, CmpOp.EQ: CmpOp.EQ, CmpOp.IS: CmpOp.IS}


def _key_column(k, alias: str):
    """The column a key reads (a column of ``alias``, or LOWER/UPPER of one), else None."""
    if isinstance(k, ir.Lookup) and k.template in _TEXT_CASES and k.ty == Ty.TEXT:
        k = k.arg
    return k if isinstance(k, ir.Col) and k.alias == alias else None


def _exact_key(k, col, typed: bool) -> bool:
    """Are equal values of key ``k`` identical (LOWER and UPPER give TEXT)?"""
    return k is not col or _exact(col, col, typed)


def _own(c, alias: str) -> bool:
    """Does conjunct ``c`` read only ``alias``, deterministically?"""
    return not _has_sub(c) and _aliases_in(c) <= {alias}


def _split(sub_where, a: str, b: str):
    """(links {key: op}, pair tests [(op, a column, b column)], b's own filter renamed to
    ``a``) of the subquery's conjuncts, else None."""
    links, tests, own = {}, [], []
    for c in _conjuncts(sub_where):
        if _own(c, b):
            own.append(_renamed(c, b, a))
            continue
        if not (isinstance(c, ir.Cmp) and c.conv == Conv.NONE and not _has_sub(c)):
            return None
        sides = next(((x, y, o) for x, y, o in ((c.left, c.right, c.op), (c.right, c.left, _FLIP.get(c.op)))
                      if _aliases_in(x) == {a} and _aliases_in(y) == {b}), None)
        if sides is None:
            return None
        left, right, op = sides
        if op in (CmpOp.EQ, CmpOp.IS) and right == _renamed(left, a, b):
            if left in links:
                return None
            links[left] = op
        elif (op in (CmpOp.NE, CmpOp.LT, CmpOp.GT, CmpOp.LE, CmpOp.GE) and isinstance(left, ir.Col)
              and isinstance(right, ir.Col)):
            tests.append((op, left, dataclasses.replace(right, alias=a)))
        else:
            return None
    return links, tests, own


def _unique_given(u, keys: set, table) -> bool:
    """Do column ``u`` and the key columns cover a declared unique key of never-NULL columns?"""
    return any(k and set(k) <= keys | {u.name.lower()} and all(table.never_null(c) for c in k)
               for k in _unique_keys(table))


def _having(tests, mine: list, theirs: list, keys: set, table):
    """(the grouping's WHERE conjuncts, its HAVING test) for the pair tests, else None."""
    one = ir.Lit(1, Ty.INT)
    rows = [t for t in tests if t[1] == t[2] and t[0] in (CmpOp.NE, CmpOp.LT, CmpOp.GT)
            and _unique_given(t[1], keys, table)]
    values = [t for t in tests if t[1] == t[2] and t[0] in (CmpOp.NE, CmpOp.LT, CmpOp.GT)]
    if set(mine) == set(theirs):
        if len(tests) == 1 and rows:
            return mine, ir.Cmp(CmpOp.LT, one, ir.Agg(AggFn.COUNT_STAR, None, False, Ty.INT))
        for v in values:
            if len(tests) == 1 or (len(tests) == 2 and any(
                    r is not v and CmpOp.NE in (r[0], v[0]) for r in rows)):  # (one test <>)
                return mine, ir.Cmp(CmpOp.LT, one, ir.Agg(AggFn.COUNT, v[1], True, Ty.INT))
    if len(tests) != 1 or tests[0][0] == CmpOp.NE:
        return None
    op, x, y = tests[0]
    if x.affinity != y.affinity or x.ty != y.ty:
        return None
    common = [c for c in mine if c in theirs]
    p = [c for c in mine if c not in common]
    q = [c for c in theirs if c not in common]
    low, high = (AggFn.MIN, AggFn.MAX) if op in (CmpOp.LT, CmpOp.LE) else (AggFn.MAX, AggFn.MIN)

    def bound(fn, cond, col):
        arg = col if not cond else ir.Case(((_and(cond), col),), ir.Lit(None, Ty.NULL), col.ty)
        return ir.Agg(fn, arg, False, col.ty)

    return common, ir.Cmp(op, bound(low, p, x), bound(high, q, y))


def _distinct_only(q) -> bool:
    return q.distinct and not q.aggregate and not q.group_by


def _grouped_only(q) -> bool:
    """``SELECT k.. FROM .. GROUP BY k..``: the items exactly the grouping keys, no aggregate
    (DISTINCT of them: one equality, the keys exact)."""
    return (bool(q.group_by) and set(q.group_by) == set(q.items)
            and not any(isinstance(y, ir.Agg) for y in ir.nodes(q.items)))


def pair_in_group_as_having(q, schema, typed: bool = False):
    """The module's law on a select; ``q`` itself when it does not apply."""
    if not (isinstance(q, ir.Select) and isinstance(t := q.source, ir.Scan) and schema is not None
            and (_distinct_only(q) or _grouped_only(q)) and q.having is None
            and q.limit is None and not q.offset and not q.order and q.bare_from is None
            and _windowless(q) and not schema.table(t.table).collated):
        return q
    conds = _conjuncts(q.where)
    found = [c for c in conds if isinstance(c, ir.Exists)]
    mine = [c for c in conds if not isinstance(c, ir.Exists)]
    if len(found) != 1 or not all(_own(c, t.alias) for c in mine):
        return q
    s = found[0].query
    if not (isinstance(s, ir.Select) and isinstance(b := s.source, ir.Scan) and b.table == t.table
            and b.alias != t.alias and not s.aggregate and not s.group_by and s.having is None
            and s.limit is None and not s.offset and s.bare_from is None and _windowless(s)):
        return q
    split = _split(s.where, t.alias, b.alias)
    if split is None or not split[0] or not split[1]:
        return q
    links, tests, theirs = split
    table, names, not_null = schema.table(t.table), set(), []
    for k, op in links.items():
        col = _key_column(k, t.alias)
        if col is None or not _exact_key(k, col, typed):
            return q
        if k is col:
            names.add(col.name.lower())
        if op == CmpOp.EQ and not table.never_null(col.name):
            not_null.append(ir.Not(ir.IsNull(k)))
    hole = ir.Lit(None, Ty.NULL)
    if any(isinstance(y, ir.Col) and y.alias == t.alias for y in ir.nodes(
            tuple(_deep(i, lambda e: hole if e in links else e) for i in q.items))):
        return q  # (an item reads a column of the row besides its keys)
    nulls = set(not_null)
    got = _having(tests, [c for c in mine if c not in nulls], [c for c in theirs if c not in nulls],
                  names, table)
    if got is None:
        return q
    where, having = got
    return dataclasses.replace(q, where=_and([*where, *not_null]), aggregate=True,
                               distinct=not all(k in q.items for k in links),
                               group_by=tuple(links), having=having)


PAIR_IN_GROUP_RULE = (
    "pair_in_group_as_having", "SELECT DISTINCT k.. FROM T a WHERE w AND EXISTS (SELECT .. FROM "
    "T b WHERE b.k = a.k .. AND t(a, b) AND w(b)) is GROUP BY k.. HAVING 1 < COUNT(*) (t: a.u "
    "<> b.u, u unique given the keys), 1 < COUNT(DISTINCT x) (t: a.x <> b.x), or MIN(CASE "
    "WHEN p THEN x END) < MAX(CASE WHEN q THEN y END) (t: a.x < b.y, filters p of a, q of b)",
    ("select",), lambda canon, q, ctx: pair_in_group_as_having(q, canon.schema, canon.typed), True)
