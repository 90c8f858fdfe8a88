"""The first row of each partition, read only through its keys and its order key, as the
grouped extremum (issue 25, i41a): ``first_row_as_extremum``, ``no_earlier_as_extremum``.

``SELECT d.p.., d.k FROM (SELECT p.., k, ROW_NUMBER() OVER (PARTITION BY p.. ORDER BY k)
AS rn FROM t WHERE w) AS d WHERE d.rn = 1`` is ``SELECT p.., MIN(k) FROM t WHERE w GROUP
BY p..`` (``MAX`` for ``DESC``), the classic "first activity per user". Why it holds in
SQLite:

- PARTITION BY and GROUP BY split the kept rows alike: by ``=`` of the key values, NULL
  keys together (one group, one partition). Each partition is one group, never empty, so
  one row comes out of each either way.
- The row numbered 1 is a first row of its partition in the order: its ``k`` is the least
  ``k`` of the partition in ORDER BY's order, which is the order ``MIN`` compares in (one
  column, its collation: BINARY only, checked). Ties on ``k`` (any later ORDER BY keys
  only break them) pick one of the tied rows, which the items cannot tell apart: they read
  the partition keys and ``k`` only, and equal values of those columns are identical
  (``transfer._exact``: TEXT columns, or the typed domain's numbers; a column of no
  affinity could hold 1 beside 1.0, equal but shown apart).
- NULL ``k``: ``MIN`` skips NULLs and is NULL when every ``k`` is. A first row with the
  least ``k`` agrees exactly when NULLs sort last: ``ORDER BY k DESC`` in SQLite (``MAX``),
  ``ORDER BY k IS NULL, k`` (NULLS LAST, a PostgreSQL translation's ascending order);
  otherwise ``k`` must be never NULL on a kept row (declared, or a conjunct of ``w``
  rejecting a NULL), as SQLite's ascending NULLS FIRST would number a NULL row 1.

Not RANK or DENSE_RANK (ties give several rows), not an item reading another column (a tied
row's other columns differ), not a window partitioned by an expression, not a window (nor a
NOT EXISTS) without partition: over no rows ``MIN`` without GROUP BY is a row of NULL, while
no row is numbered 1 (each law needs a partition key, so the grouping has a key).

``no_earlier_as_extremum``: the first rows found by ``NOT EXISTS`` an earlier one, ``SELECT
DISTINCT a.p.., a.k FROM t a WHERE w(a) AND NOT EXISTS (SELECT .. FROM t b WHERE w(b) AND
b.p = a.p .. AND b.k < a.k)``, are the same groups' ``MIN(k)`` (``>``: MAX). A kept row
passes exactly when no kept row of its partition has a smaller ``k`` (``IS`` links: NULL
keys one partition, as GROUP BY's; ``=`` only where ``p`` is never NULL on a kept row, else
each NULL-keyed row would pass alone): its ``k`` is the partition's least, so DISTINCT
leaves one row per group, equal to ``(p.., MIN(k))`` (equal values identical, as above).
``k`` must be never NULL on a kept row (``b.k < NULL`` finds no earlier row, and MIN skips
NULLs); the subquery's filter is the outer one, conjunct for conjunct (``IS NOT NULL`` of
``k`` and of ``=``-linked keys aside: the links and ``<`` hold them), deterministic.

Without DISTINCT when the order is tie-broken (i43c): ``b.k < a.k OR (b.k = a.k AND T)``,
``T`` a comparison ``b.u < a.u`` (``>`` alike) or such an order itself, the columns ``u..``
never NULL on a kept row and a unique key of ``t`` among them, ``k`` and the ``=``-linked
keys (``running._total``). The lexicographic order is then strict and total on a
partition's kept rows (two rows differ on the unique key, and each column compares as
``<``, ``=`` or ``>``), so exactly one row of each partition has no earlier one: the first,
whose ``k`` is the least. One row per group with ``(p.., MIN(k))``, the form
``first_row_as_extremum`` gives ``ROW_NUMBER() .. ORDER BY k, u`` (QUALIFY ``rn = 1``), so
both spellings meet. A NULL ``u`` leaves tied rows without an earlier one (near miss).
Likewise without a tie break when ``k`` and the ``=``-linked keys hold a unique key of ``t``
(never NULL on a kept row, i54c): two kept rows of a partition never tie on ``k``, so one
row of each has no earlier one ("the first version per member" over ``PRIMARY KEY
(member_id, valid_from)``). The subquery may leave out an outer bound ``a.k < c`` (``<=``;
``>``, ``>=`` for MAX) by a literal: an earlier row meets it too (``b.k < a.k < c``).
"""

from __future__ import annotations

import dataclasses

from ....types import Schema
from .. import ir
from ..ir.kinds import AggFn, CmpOp, LogicOp, WindowFn
from .facts import _rejects_col as _rejects
from .first_rows import _is_first
from .min_as_top import _not_null
from .running import _never_null, _total
from .terms import _and, _conjuncts, _has_sub, _key, _replace_cols
from .top_one import _PURE
from .transfer import _exact
from .windows import _collated, _null_test_of


def first_row_as_extremum(q, schema: Schema, typed: bool):
    """``q`` as the grouped ``MIN``/``MAX`` of its first-row view (the module's law), else ``q``."""
    if (not isinstance(q, ir.Select) or not isinstance(d := q.source, ir.Derived) or q.aggregate
            or q.group_by or q.having is not None or q.bare_from is not None or q.order
            or q.limit is not None or q.offset):
        return q
    s = d.query
    if (not isinstance(s, ir.Select) or not isinstance(scan := s.source, ir.Scan) or s.aggregate
            or s.group_by or s.distinct or s.limit is not None or s.offset or s.order
            or s.bare_from is not None or _has_sub(s.where) or _collated(scan, schema)):
        return q
    conds = _conjuncts(q.where)
    if len(conds) != 1 or len(set(d.names)) != len(d.names):
        return q
    numbered = [i for i, n in enumerate(d.names) if _is_first(conds[0], d.alias, n)]
    if len(numbered) != 1 or not isinstance(w := s.items[numbered[0]], ir.Window):
        return q
    fn = _extremum(w, scan, schema.table(scan.table), s.where)
    if fn is None:
        return q
    k = _main_key(w)
    keys = {_col_key(p): p for p in w.partition}
    out = []
    for item in q.items:
        e = s.items[d.names.index(item.name)] if isinstance(item, ir.Col) and item.alias == d.alias else None
        if not isinstance(e, ir.Col) or not _exact(e, e, typed):
            return q
        if _col_key(e) in keys:
            out.append(e)
        elif e == k:
            out.append(ir.Agg(fn, k, False, k.ty))
        else:
            return q
    return dataclasses.replace(s, group_by=tuple(w.partition), items=tuple(out), aggregate=True,
                               distinct=q.distinct, names=q.names)


def _col_key(c: ir.Col):
    return (c.alias, c.name)


def _main_key(w: ir.Window):
    """The order key ``k``: the first key, after a leading NULLS LAST test of it."""
    first = w.order[0][0]
    if len(w.order) > 1 and _null_test_of(first, w.order[1][0]):
        return w.order[1][0]
    return first


def _extremum(w: ir.Window, scan: ir.Scan, t, where):
    """``MIN`` or ``MAX``: the aggregate whose value the first row's ``k`` is, or None when
    ``w`` is no ROW_NUMBER of that shape (module docstring: NULL order, plain columns)."""
    if w.fn != WindowFn.ROW_NUMBER or w.args or not w.order or not w.partition:
        return None  # (no partition: MIN over no rows is a row of NULL, no row is numbered 1)
    if not all(isinstance(p, ir.Col) and p.alias == scan.alias for p in w.partition):
        return None
    k = _main_key(w)
    if not (isinstance(k, ir.Col) and k.alias == scan.alias):
        return None
    tested = k is not w.order[0][0]  # a leading ``k IS NULL`` key
    (_, desc) = w.order[1 if tested else 0]
    if any(_has_sub(key) for key, _ in w.order):
        return None
    nulls_last = (not w.order[0][1]) if tested else desc
    if not nulls_last and not _never_null(k, scan, t, where):
        return None
    return AggFn.MAX if desc else AggFn.MIN


def no_earlier_as_extremum(q, schema: Schema, typed: bool):
    """``q`` as the grouped ``MIN``/``MAX`` of its rows with no earlier one (the module's
    law), else ``q``. ``GROUP BY`` its items, no aggregate or HAVING, reads as DISTINCT."""
    if (isinstance(q, ir.Select) and q.group_by and q.having is None and not q.distinct
            and not any(isinstance(y, ir.Agg) for y in ir.nodes(q.items))
            and {_key(g) for g in q.group_by} == {_key(i) for i in q.items}):
        got = no_earlier_as_extremum(dataclasses.replace(q, group_by=(), aggregate=False,
                                                         distinct=True), schema, typed)
        return q if not got.aggregate else got
    if (not isinstance(q, ir.Select) or not isinstance(a := q.source, ir.Scan)
            or q.aggregate or q.group_by or q.having is not None or q.bare_from is not None
            or q.order or q.limit is not None or q.offset or _collated(a, schema)
            or not all(isinstance(i, ir.Col) and i.alias == a.alias and _exact(i, i, typed)
                       for i in q.items)):
        return q
    conds = _conjuncts(q.where)
    t = schema.table(a.table)
    for i, c in enumerate(conds):
        rest = conds[:i] + conds[i + 1:]
        found = _earlier(c, a, rest, t)
        if found is None:
            continue
        keys, k, fn, tied = found
        if {(y.name) for y in q.items} != {p.name for p in keys} | {k.name} or not (q.distinct or tied):
            continue
        items = tuple(ir.Agg(fn, y, False, y.ty) if y.name == k.name else y for y in q.items)
        return dataclasses.replace(q, where=_and(rest), group_by=tuple(keys), items=items,
                                   aggregate=True, distinct=False)
    return q


def _earlier(c, a: ir.Scan, rest: list, t):
    """(partition columns of ``a``, ``k``, MIN or MAX) when ``c`` is ``NOT EXISTS (SELECT ..
    FROM t b WHERE w(b) AND b.p ~ a.p .. AND b.k < a.k)`` with ``w`` the outer ``rest``."""
    if not (isinstance(c, ir.Not) and isinstance(c.arg, ir.Exists)
            and isinstance(s := c.arg.query, ir.Select) and isinstance(b := s.source, ir.Scan)
            and b.table == a.table and not s.aggregate and not s.group_by and s.having is None
            and s.limit is None and not s.offset and s.bare_from is None):
        return None
    keys, order, filters, equal, ties = [], [], [], set(), []
    for d in _conjuncts(s.where):
        pair = _pair(d, b, a)
        lex = _tie_broken(d, b, a) if pair is None else None
        if lex is not None:
            order.append(lex[0])
            ties += lex[1]
        elif pair is None:
            filters.append(d)
        elif pair[0] in (CmpOp.IS, CmpOp.EQ):
            keys.append(pair[1])
            if pair[0] == CmpOp.EQ:
                equal.add(pair[1].name)
        else:
            order.append(pair)
    if len(order) != 1 or any(y.alias != b.alias for y in ir.nodes(filters) if isinstance(y, ir.Col)):
        return None
    op, k = order[0]
    if not keys or k.name in {p.name for p in keys} or (ties and not _total(
            [(y, False) for y in (k, *ties)], t, _and(rest), [p for p in keys if p.name in equal])):
        return None
    kept = [d for d in rest if not _has_sub(d)]
    if len(kept) != len(rest) or not all(isinstance(y, _PURE) for d in rest for y in ir.local_nodes(d)):
        return None
    must = {k.name, *equal, *(y.name for y in ties)}
    never_null = {n for n in must if t.never_null(n) or any(_rejects(d, (a.alias, n)) for d in rest)}
    if never_null != must:
        return None
    skip = {k.name, *equal}
    rep = {(b.alias, n): ir.Col(a.alias, n, ty, aff) for n, ty, aff in b.columns}
    inner = {_key(_replace_cols(d, rep)) for d in filters
             if not any(_not_null(d, ir.Col(b.alias, n, ty, aff)) for n, ty, aff in b.columns if n in skip)}
    outer = {_key(d) for d in rest
             if not any(_not_null(d, ir.Col(a.alias, n, ty, aff)) for n, ty, aff in a.columns if n in skip)}
    if not (inner <= outer and outer - inner <= {_key(d) for d in rest if _bound(d, a, k, op)}):
        return None
    one = bool(ties) or _total([(k, False)], t, _and(rest), [p for p in keys if p.name in equal])
    return keys, k, AggFn.MIN if op == CmpOp.LT else AggFn.MAX, one


def _tie_broken(d, b: ir.Scan, a: ir.Scan):
    """((op, the column ``a.k``), the tie-breaking columns of ``a``) when ``d`` is ``b.k < a.k
    OR (b.k = a.k AND T)`` (either order of the disjuncts and conjuncts; ``<`` or ``>``), ``T``
    a comparison ``b.u < a.u`` or ``>`` (either direction) or such a lexicographic order itself;
    else None."""
    if not (isinstance(d, ir.Logic) and d.op == LogicOp.OR and len(d.args) == 2):
        return None
    for first, second in (d.args, d.args[::-1]):
        pair = _pair(first, b, a)
        if pair is None or pair[0] not in (CmpOp.LT, CmpOp.GT) or not isinstance(second, ir.Logic) \
                or second.op != LogicOp.AND or len(second.args) != 2:
            continue
        for eq, tie in (second.args, second.args[::-1]):
            if _pair(eq, b, a) != (CmpOp.EQ, pair[1]):
                continue
            inner = _pair(tie, b, a)
            if inner is not None and inner[0] in (CmpOp.LT, CmpOp.GT) and inner[1] != pair[1]:
                return pair, [inner[1]]
            deeper = _tie_broken(tie, b, a)
            if deeper is not None and pair[1] not in (deeper[0][1], *deeper[1]):
                return pair, [deeper[0][1], *deeper[1]]
    return None


def _bound(d, a: ir.Scan, k: ir.Col, op) -> bool:
    """Is the outer conjunct ``d`` a bound ``a.k < c`` / ``a.k <= c`` (``op`` ``<``: an earlier
    row is ``b.k < a.k``; ``>``, ``>=`` for ``>``) by a non-NULL literal, without conversion,
    that every earlier row meets too (``b.k < a.k < c``: SQLite orders values in one transitive
    order)? The subquery may leave it out (i54c)."""
    if not (isinstance(d, ir.Cmp) and not d.conv):
        return False
    left, right, dop = d.left, d.right, d.op
    if isinstance(left, ir.Lit):
        left, right, dop = right, left, _READ.get(dop, {CmpOp.LE: CmpOp.GE, CmpOp.GE: CmpOp.LE}.get(dop))
    ups = (CmpOp.LT, CmpOp.LE) if op == CmpOp.LT else (CmpOp.GT, CmpOp.GE)
    return (isinstance(left, ir.Col) and (left.alias, left.name) == (a.alias, k.name)
            and isinstance(right, ir.Lit) and right.value is not None and dop in ups)


def _pair(d, b: ir.Scan, a: ir.Scan):
    """(op, the column of ``a``) when ``d`` is ``b.c op a.c`` of one column ``c`` (either
    side, no conversion; op read with ``b`` first): IS, =, < or >; else None."""
    if not isinstance(d, ir.Cmp) or d.conv or d.op not in _READ:
        return None
    left, right, op = d.left, d.right, d.op
    if isinstance(left, ir.Col) and left.alias == a.alias:
        left, right, op = right, left, _READ[op]
    if (isinstance(left, ir.Col) and isinstance(right, ir.Col) and left.alias == b.alias
            and right.alias == a.alias and left.name == right.name):
        return op, right
    return None


_READ = {CmpOp.IS: CmpOp.IS, CmpOp.EQ: CmpOp.EQ, CmpOp.LT: CmpOp.GT, CmpOp.GT: CmpOp.LT}


FIRST_EXTREMUM_RULE = (
    "first_row_as_extremum", "SELECT d.p.., d.k FROM (SELECT p.., k, ROW_NUMBER() OVER "
    "(PARTITION BY p.. ORDER BY k [, ..]) AS rn FROM t WHERE w) d WHERE d.rn = 1, items only "
    "the partition columns and k (equal values identical, BINARY), is SELECT p.., MIN(k) FROM "
    "t WHERE w GROUP BY p.. (MAX for DESC); NULL k only where NULLs sort last",
    ("select",), lambda canon, q, ctx: first_row_as_extremum(q, canon.schema, canon.typed), True)


NO_EARLIER_RULE = (
    "no_earlier_as_extremum", "SELECT DISTINCT a.p.., a.k FROM t a WHERE w AND NOT EXISTS "
    "(SELECT .. FROM t b WHERE w(b) AND b.p IS a.p .. AND b.k < a.k), k never NULL on a kept "
    "row (= links: p too), equal values identical, BINARY, is SELECT p.., MIN(k) FROM t WHERE "
    "w GROUP BY p.. (>: MAX); without DISTINCT when b.k < a.k OR (b.k = a.k AND b.u < a.u ..) "
    "with a never-NULL unique key among u..", ("select",),
    lambda canon, q, ctx: no_earlier_as_extremum(q, canon.schema, canon.typed), True)
