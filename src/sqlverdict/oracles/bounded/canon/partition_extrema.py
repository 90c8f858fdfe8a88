"""The greatest rows of each partition of a view, found by NOT EXISTS a greater row, as the
rows equal to the partition's MAX (issue 25, i54c): ``no_greater_in_partition_as_max``.

"The top borrower per branch, with ties" is said three ways over a grouped view ``V`` (``c
AS (SELECT branch_id, patron_id, COUNT(*) AS n FROM loan GROUP BY branch_id, patron_id)``):
``RANK() OVER (PARTITION BY branch_id ORDER BY COUNT(*) DESC) = 1`` (which
``rank_counts.rank_as_count`` reads as NOT EXISTS a row before it), ``WHERE NOT EXISTS
(SELECT 1 FROM c c2 WHERE c2.branch_id = c.branch_id AND c2.n > c.n)``, and ``WHERE n =
(SELECT MAX(c2.n) FROM c c2 WHERE c2.branch_id = c.branch_id)``. This law writes the second
as the third: ``SELECT .. FROM (V) d WHERE [d.x IS NOT NULL AND] NOT EXISTS (SELECT .. FROM
(V') v WHERE v.a > d.x AND v.b = d.y ..)`` (``<``: MIN) is ``.. WHERE d.x = (SELECT MAX(v.a)
FROM (V') v WHERE v.b = d.y ..)``, where

- any number of links (none: the whole view's top, round 63, i63c: ``RANK() OVER (ORDER BY
  total DESC) = 1`` over a grouped view, read by ``rank_over_view_as_count`` as ``1 +
  (SELECT COUNT(*) ..) = 1``, or a NOT EXISTS over a copy of the view that lost unread items,
  where ``no_greater_row_as_max``, which wants the one view twice and a NOT EXISTS, waits);
- ``V'`` is ``V`` with some of its items (the same FROM, WHERE, GROUP BY, HAVING up to the
  aliases it defines; neither DISTINCT, no LIMIT, OFFSET, window or subquery, no outer
  column): each row of ``V`` is one of ``V'`` with the items ``V'`` keeps;
- ``v.a`` and ``d.x`` are the same item of the two (``_projection``), so are ``v.b`` and
  ``d.y`` of each link ``v.b = d.y`` (or ``v.b IS d.y``), the subquery's other conjuncts;
- ``d.x`` is never NULL on a row of ``V`` (``rank_counts._never_null``: a COUNT, a SUM, MIN,
  MAX, AVG of a never-NULL value in a grouped view, a NOT NULL column) or the select's
  conjunct ``d.x IS NOT NULL`` says so (it goes: the equality rejects a NULL ``d.x``);
  likewise ``d.y`` of an ``=`` link (``IS`` needs nothing).

Why it holds in SQLite. The NULL guard: MAX skips NULLs, so ``d.x = MAX(..)`` is never TRUE
for a NULL ``d.x``, while NOT EXISTS a row with ``v.a > NULL`` is TRUE: the two agree only
where ``d.x`` is not NULL, which the guard makes sure of. The own row: the row of ``d``,
read through ``V'``, is a row ``v`` of the subquery's partition (``V'`` yields it: the same
groups, filters and values, computed from the same tables; its links are TRUE: ``d.y = d.y``
for a non-NULL ``d.y``, ``IS`` always). So the partition's set of values of ``a`` holds
``d.x`` (not NULL): MAX is not NULL and at least ``d.x``, and it equals ``d.x`` exactly when
no row's ``a`` exceeds it. ``>`` and MAX compare alike: two values of one item of one view,
one affinity on both sides (no conversion), no collated table (BINARY): SQLite's one order
of numbers, text, blobs (1 beside 1.0 are equal to both). Ties keep every tied row either
way (RANK, not ROW_NUMBER). A NULL ``d.y`` with an ``=`` link makes the partition empty
(NOT EXISTS TRUE, MAX NULL): hence ``d.y`` never NULL. A SUM or AVG computed in the copy
adds the same rows, possibly in another order (``proofs.REORDERING``, ``REGROUPING``).

``rank_over_view_as_count``, the same law for a rank read as an item: ``SELECT .., RANK() OVER
(PARTITION BY d.p.. ORDER BY d.k..) FROM (V) d`` (no WHERE, grouping or other window in the
select: the window runs over every row of ``V``) is ``.., 1 + (SELECT COUNT(*) FROM (a copy
of V) u WHERE u.p = d.p .. AND u.k <lex d.k)``, and ``DENSE_RANK() OVER (.. ORDER BY d.k)``
(one key) is ``(SELECT COUNT(DISTINCT u.k) FROM (the copy) u WHERE u.p = d.p .. AND u.k <=
d.k)`` (``>=`` for DESC): the distinct values of the partition up to the row's own, which
is among them. The keys as ``rank_counts.rank_as_count`` has them (whose law this is, for a
window inside the view): every ORDER BY key never NULL on a row of ``V`` (its NULLS
FIRST/LAST test then constant, dropped), so ``<`` and ``=`` order and tie the rows as ORDER
BY does; a partition key linked by ``=`` where never NULL, else ``IS``.

Without a link the argument is the same (the partition is the whole of ``V'``, which holds
the own row); an empty ``V`` has no row to keep either way. The count ``1 + (SELECT COUNT(*)
..) = 1`` is read as ``COUNT(*) = 0`` (``self_counts.count_offset_comparison``: a count is an
exact integer), which the conjunct rules would write later, after this select's rules ran.
RANK's NULLs (SQLite sorts them first ascending, last descending; over all-NULL values every
row ranks 1 while ``= MAX`` keeps none) never reach the law: ``rank_over_view_as_count`` wants
keys never NULL, and ``d.x`` is never NULL or guarded.

Near misses: a NULL-valued ``d.x`` without the guard (NOT EXISTS keeps the row, ``= MAX``
drops it), a nullable partition key linked by ``=``, a filter of ``v`` alone in the
subquery (the own row may fail it), ``V'`` over other rows than ``V``, ROW_NUMBER.
"""

from __future__ import annotations

import dataclasses

from ....types import Schema
from .. import ir
from ..ir.affinity import _aff, _ty
from ..ir.kinds import AggFn, ArithOp, CmpOp, Conv, Ty, WindowFn
from ..ir.walk import defined_aliases, realias
from .frame_predicates import below
from .greatest_groups import TOP_GROUP_RULE, TOP_ROW_RULE, _stable, no_greater_row_as_max
from .rank_counts import _copy, _inner, _lex, _never_null
from .self_counts import count_offset_comparison
from .terms import _and, _conjuncts, _has_sub, _key
from .top_one import _scans
from .windows import _collated, _null_test_of

_SWAP = {CmpOp.GT: CmpOp.LT, CmpOp.LT: CmpOp.GT}


def _plain(x):
    return realias(x, {n: f"v#{i}" for i, n in enumerate(defined_aliases(x))})


def _view_ok(v, schema: Schema) -> bool:
    """A select read twice alike: no DISTINCT, cut, window, subquery or outer column, inner
    joins of table scans without a collated column."""
    if not (isinstance(v, ir.Select) and _stable(v) and not v.distinct and not v.order
            and v.limit is None and not v.offset and v.bare_from is None):
        return False
    scans = _scans(v.source)
    if scans is None or not _inner(v.source) or _collated(v.source, schema):
        return False
    parts = [e for e in (v.where, v.having, *v.group_by, *v.items) if e is not None]
    return not any(_has_sub(e) for e in parts) and all(
        y.alias in scans for e in parts for y in ir.nodes(e) if isinstance(y, ir.Col))


def _projection(sub, view) -> list[int] | None:
    """For each item of ``sub``, the index of the same item of ``view``, when ``sub`` is
    ``view`` with some of its items (up to the aliases they define); else None."""
    def bare(x):
        return _key(_plain(dataclasses.replace(x, items=(), names=())))
    if bare(sub) != bare(view):
        return None
    mine = [_key(e) for e in _plain(dataclasses.replace(view, names=())).items]
    theirs = [_key(e) for e in _plain(dataclasses.replace(sub, names=())).items]
    if not all(k in mine for k in theirs):
        return None
    return [mine.index(k) for k in theirs]


def _column(c, d: ir.Derived) -> int | None:
    if isinstance(c, ir.Col) and c.alias == d.alias and c.name in d.names:
        return d.names.index(c.name)
    return None


def _none_of(c):
    """``(s, x, counted)``: the select ``s`` of ``NOT EXISTS (s)`` (``x`` None, ``counted``
    False), or of ``(SELECT COUNT(*) FROM .. WHERE ..) = 0`` (``rank_counts.rank_as_count``'s
    ``RANK() = 1``: as many rows as none; ``x`` None), or of ``COUNT([DISTINCT] x) = 0``
    (DENSE_RANK's; none when ``x`` is never NULL, checked by the caller); else None."""
    if isinstance(c, ir.Not) and isinstance(c.arg, ir.Exists):
        s = c.arg.query
        return (s, None, False) if isinstance(s, ir.Select) and not s.aggregate else None
    c = count_offset_comparison(c)  # ``1 + (SELECT COUNT(*) ..) = 1``: RANK() = 1 read as a count
    if not (isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and not c.conv):
        return None
    sub, zero = (c.left, c.right) if isinstance(c.left, ir.ScalarSub) else (c.right, c.left)
    if not (isinstance(sub, ir.ScalarSub) and isinstance(zero, ir.Lit) and type(zero.value) is int
            and zero.value == 0 and isinstance(s := sub.query, ir.Select) and s.aggregate
            and not s.group_by and s.having is None and len(s.items) == 1
            and isinstance(n := s.items[0], ir.Agg) and n.fn in (AggFn.COUNT_STAR, AggFn.COUNT)):
        return None
    return dataclasses.replace(s, items=(ir.Lit(1, Ty.INT),), aggregate=False), n.arg, True


def no_greater_in_partition_as_max(q, schema: Schema, typed: bool):
    """``q`` with a conjunct NOT EXISTS a greater row of its view's partition as the equality
    with the partition's MAX (module docstring), else ``q``. Where ``no_greater_row_as_max``
    fires (one view twice, no link), this waits for it; without a link it takes the whole
    view's top that one leaves (a projected copy, ``RANK() = 1``'s count)."""
    d = q.source
    if no_greater_row_as_max(q, schema, typed) is not q:
        return q
    if not (isinstance(q, ir.Select) and isinstance(d, ir.Derived) and _view_ok(d.query, schema)
            and len(d.names) == len(d.query.items)):
        return q
    view = d.query
    scans = _scans(view.source)
    conds = _conjuncts(q.where)
    for c in conds:
        if (found := _none_of(c)) is None:
            continue
        s, counted, ranked = found
        if not (isinstance(v := s.source, ir.Derived)
                and not s.group_by and s.having is None and s.limit is None and not s.offset
                and _view_ok(v.query, schema) and len(v.names) == len(v.query.items)):
            continue
        cols = _projection(v.query, view)
        if cols is None or not (counted is None or (
                (j := _column(counted, v)) is not None
                and _never_null(view.items[cols[j]], view, scans, schema, typed))):
            continue
        got = _partition(s.where, d, v, cols, view, scans, schema, typed)
        if got is None:
            continue
        (mine, other, op), links = got
        known = ir.Not(ir.IsNull(mine))
        i = _column(mine, d)
        guarded = any(_key(x) == _key(known) for x in conds)
        if not (guarded or _never_null(view.items[i], view, scans, schema, typed)):
            continue
        fn = AggFn.MAX if op == CmpOp.GT else AggFn.MIN  # v.a > d.x: MAX
        most = ir.Select(v, _and(links), (), None, (ir.Agg(fn, other, False, other.ty),),
                         False, (), None, 0, True)
        rest = [x for x in conds if x is not c and _key(x) != _key(known)]
        eq = ir.Cmp(CmpOp.EQ, mine, ir.ScalarSub(most, other.ty), Ty.BOOL, Conv.NONE)
        return dataclasses.replace(q, where=_and([*rest, eq]))
    return q


def _partition(w, d, v, cols: list[int], view, scans, schema: Schema, typed: bool):
    """``((d.x, v.a, op), links)`` of the subquery's WHERE ``w``: one ``v.a op d.x`` (op
    ``>`` or ``<``, as ``v`` reads it) of one item, every other conjunct a link ``v.b = d.y``
    (``d.y`` never NULL) or ``v.b IS d.y`` of one item; else None."""
    order, links = None, []
    for x in _conjuncts(w):
        if not (isinstance(x, ir.Cmp) and not x.conv and x.op in (CmpOp.GT, CmpOp.LT, CmpOp.EQ, CmpOp.IS)):
            return None
        if (j := _column(x.left, v)) is not None and (i := _column(x.right, d)) is not None:
            theirs, mine, op = x.left, x.right, x.op
        elif (j := _column(x.right, v)) is not None and (i := _column(x.left, d)) is not None:
            theirs, mine, op = x.right, x.left, _SWAP.get(x.op, x.op)
        else:
            return None
        if cols[j] != i:
            return None
        if op in _SWAP:
            if order is not None:
                return None
            order = (mine, theirs, op)
        elif op == CmpOp.IS or _never_null(view.items[i], view, scans, schema, typed):
            links.append(x)
        else:
            return None
    return None if order is None else (order, links)


def _ranked_item(w, d: ir.Derived, view, scans, schema: Schema, typed: bool):
    """``(partition links, keys)`` of a window item ``w`` of a select over ``d``: RANK or
    DENSE_RANK (one key) whose keys are columns of ``d`` never NULL on a row of ``view``
    (NULLS FIRST/LAST tests of them dropped); each key ``(view item index, descending)``,
    each link ``(index, never NULL)``; else None."""
    if not (isinstance(w, ir.Window) and w.fn in (WindowFn.RANK, WindowFn.DENSE_RANK) and not w.args
            and not w.frame):
        return None
    keys = [(k, desc) for k, desc in w.order if not any(_null_test_of(k, x) for x, _ in w.order)]
    cols = [_column(k, d) for k, _ in keys] + [_column(p, d) for p in w.partition]
    if not keys or None in cols or (w.fn == WindowFn.DENSE_RANK and len(keys) != 1):
        return None
    order = [(_column(k, d), desc) for k, desc in keys]
    if not all(_never_null(view.items[i], view, scans, schema, typed) for i, _ in order):
        return None
    links = [(i, _never_null(view.items[i], view, scans, schema, typed))
             for i in (_column(p, d) for p in w.partition)]
    return links, order


def rank_over_view_as_count(q, schema: Schema, typed: bool):
    """``q`` with each RANK/DENSE_RANK item over its view as the count of the view's rows
    before it (module docstring), else ``q``; in the derived tables ``q`` reads too
    (``frame_predicates.below``: the driver merges a view before it rewrites inside it)."""
    if not isinstance(q, ir.Select):
        return q  # (a compound, read in a derived table by ``below``)
    if q.source is not None and (src := below(
            q.source, lambda v: rank_over_view_as_count(v, schema, typed))) is not q.source:
        q = dataclasses.replace(q, source=src)
    d = q.source
    if not (isinstance(q, ir.Select) and isinstance(d, ir.Derived) and q.where is None
            and not q.aggregate and not q.group_by and q.having is None and q.bare_from is None
            and _view_ok(d.query, schema) and len(d.names) == len(d.query.items)
            and not any(isinstance(y, ir.Window) for k, _ in q.order for y in ir.nodes(k))):
        return q
    view, scans = d.query, _scans(d.query.source)
    items = list(q.items)
    for n, w in enumerate(q.items):
        if not any(isinstance(y, ir.Window) for y in ir.nodes(w)):
            continue
        got = _ranked_item(w, d, view, scans, schema, typed)
        if got is None:
            return q
        links, order = got
        u = f"{d.alias}_rank{n}"

        def cols(i, u=u):
            e = view.items[i]
            return ir.Col(u, d.names[i], _ty(e), _aff(e)), ir.Col(d.alias, d.names[i], _ty(e), _aff(e))
        conds = [ir.Cmp(CmpOp.EQ if nn else CmpOp.IS, *sorted(cols(i), key=_key)) for i, nn in links]
        if w.fn == WindowFn.RANK:
            conds.append(_lex([(*cols(i), desc) for i, desc in order]))
            count = ir.Agg(AggFn.COUNT_STAR, None, False, Ty.INT)
        else:
            (i, desc), = order
            mine, theirs = cols(i)[1], cols(i)[0]
            conds.append(ir.Cmp(CmpOp.LE, *((mine, theirs) if desc else (theirs, mine))))
            count = ir.Agg(AggFn.COUNT, cols(i)[0], True, Ty.INT)
        copy = ir.Derived(_copy(view, scans, f"rank{n}"), u, d.names)
        sub = ir.ScalarSub(ir.Select(copy, _and(conds), (), None, (count,), False, (), None, 0, True),
                           Ty.INT)
        items[n] = ir.Arith(ArithOp.ADD, ir.Lit(1, Ty.INT), sub, Ty.INT) if w.fn == WindowFn.RANK else sub
    return q if items == list(q.items) else dataclasses.replace(q, items=tuple(items))


RANK_RULE = (
    "rank_over_view_as_count", "SELECT .., RANK() OVER (PARTITION BY d.p ORDER BY d.k..) FROM "
    "(V) d, no WHERE or grouping, k never NULL on a row of V, is .., 1 + (SELECT COUNT(*) FROM "
    "(copy of V) u WHERE u.p = d.p AND u.k <lex d.k); DENSE_RANK of one key is (SELECT "
    "COUNT(DISTINCT u.k) .. WHERE u.p = d.p AND u.k <= d.k) (>= for DESC): the row is its own "
    "partition's", ("select",), lambda canon, q, ctx: rank_over_view_as_count(q, canon.schema, canon.typed))

RULE = (
    "no_greater_in_partition_as_max", "SELECT .. FROM (V) d WHERE [d.x IS NOT NULL AND] NOT "
    "EXISTS (SELECT .. FROM (V') v WHERE v.a > d.x AND v.b = d.y ..) (<: MIN; or COUNT(*) = 0, "
    "1 + COUNT(*) = 1), V' V with some "
    "of its items (no DISTINCT, window, subquery), a and x one item, links none or each one item "
    "never NULL (or IS), x never NULL or guarded, is WHERE d.x = (SELECT MAX(v.a) FROM (V') v "
    "WHERE v.b = d.y ..): the row of d is its own partition's witness",
    ("select",), lambda canon, q, ctx: no_greater_in_partition_as_max(q, canon.schema, canon.typed))

GREATEST_RULES = (TOP_GROUP_RULE, TOP_ROW_RULE, RULE, RANK_RULE)  # in this order (rules.py registers them)
