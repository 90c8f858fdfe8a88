"""The groups no other group outcounts, as the groups whose count is the greatest (issue 25,
i41b): ``no_greater_group_as_max``.

``SELECT .. FROM T o WHERE w GROUP BY g.. HAVING NOT EXISTS (SELECT .. FROM T p WHERE w(p)
GROUP BY p.g.. HAVING A(p) > (SELECT A FROM T x WHERE w(x) AND x.g IS o.g ..))`` is ``..
HAVING A = (SELECT MAX(n) FROM (SELECT A AS n FROM T WHERE w GROUP BY g..) AS t)``, ``A`` a
COUNT (``COUNT(*)``, ``COUNT(c)``, DISTINCT or not): the "top with ties" answers by an anti
join and by the greatest count.

Why it holds in SQLite: the correlated ``(SELECT A FROM T x ..)`` reads exactly the rows of
``o``'s group (``own_group._own_aggregate``: the same table and filter, linked on every key;
``=`` only for keys never NULL on a kept row), so it is the group's count ``A``. The inner
grouping has the same rows and keys as the outer one, so the outer group is one of its
groups, and ``MAX`` over their counts is at least ``A``: ``A`` equals it exactly when no
group's count exceeds ``A``. A count is never NULL, and the derived table is never empty
where a group exists, so neither side is NULL. One uncollated table, keys whose equal values
are identical (``twins._grouped_scan``).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Conv, Ty
from ..ir.walk import defined_aliases, realias
from .own_group import _own_aggregate, _renamed
from .rank_counts import _inner, _never_null
from .terms import _and, _conjuncts, _key, _windowless
from .top_one import _scans
from .twins import _grouped_scan

_COUNTS = (AggFn.COUNT_STAR, AggFn.COUNT)


def _outcounted(e, scan, w: list, schema, typed: bool):
    """The count ``A`` (over ``scan``'s alias) of ``NOT EXISTS (.. GROUP BY p.g HAVING A(p) >
    (own group's A))`` as the module reads it, else None."""
    if not (isinstance(e, ir.Not) and isinstance(e.arg, ir.Exists)):
        return None
    s = e.arg.query
    inner = _grouped_scan(s, schema, typed)
    if inner is None or inner.table != scan.table or s.distinct or len(_conjuncts(s.having)) != 1:
        return None
    h = s.having
    if not (isinstance(h, ir.Cmp) and h.op in (CmpOp.GT, CmpOp.LT) and not h.conv):
        return None
    a, sub = (h.left, h.right) if h.op == CmpOp.GT else (h.right, h.left)
    if not (isinstance(a, ir.Agg) and a.fn in _COUNTS and isinstance(sub, ir.ScalarSub)):
        return None
    mine = _renamed(a, inner.alias, scan.alias)
    keys = [_renamed(g, inner.alias, scan.alias) for g in s.group_by]
    inner_w = {_key(_renamed(c, inner.alias, scan.alias)) for c in _conjuncts(s.where)}
    if inner_w != {_key(c) for c in w}:
        return None
    return keys, mine, _own_aggregate(sub.query, scan, set(keys), w, schema), s


def no_greater_group_as_max(q, schema, typed: bool):
    """``q`` with its HAVING ``NOT EXISTS`` a group of greater count as its count equal to the
    greatest (module docstring), else ``q``."""
    scan = _grouped_scan(q, schema, typed)
    if scan is None or q.having is None:
        return q
    w = _conjuncts(q.where)
    out, fired = [], False
    for c in _conjuncts(q.having):
        got = _outcounted(c, scan, w, schema, typed)
        if got is None or set(got[0]) != set(q.group_by) or got[2] is None or got[2] != got[1]:
            out.append(c)
            continue
        keys, a, _, s = got
        view = dataclasses.replace(s, items=(s.having.left if s.having.op == CmpOp.GT
                                             else s.having.right,), having=None, names=("n",))
        t = f"{scan.alias}_top"
        most = ir.Select(ir.Derived(view, t, ("n",)), None, (), None,
                         (ir.Agg(AggFn.MAX, ir.Col(t, "n", Ty.INT, None), False, Ty.INT),),
                         False, (), None, 0, True)
        out.append(ir.Cmp(CmpOp.EQ, a, ir.ScalarSub(most, Ty.INT), Ty.BOOL, Conv.NONE))
        fired = True
    return dataclasses.replace(q, having=_and(out)) if fired else q


TOP_GROUP_RULE = (
    "no_greater_group_as_max", "GROUP BY g HAVING NOT EXISTS (the same grouping HAVING A(p) > "
    "(SELECT A FROM T x WHERE w AND x.g IS o.g)), A a COUNT, is GROUP BY g HAVING A = (SELECT "
    "MAX(n) FROM (SELECT A AS n FROM T WHERE w GROUP BY g) t) (one table; g: equal values "
    "identical)", ("select",), lambda canon, q, ctx: no_greater_group_as_max(q, canon.schema, canon.typed),
    True)


def _same_query(a, b) -> bool:
    """Are ``a`` and ``b`` one query up to the aliases they define (two copies of a view)?"""
    def plain(x):
        x = dataclasses.replace(x, names=()) if isinstance(x, ir.Select) else x
        return _key(realias(x, {n: f"v#{i}" for i, n in enumerate(defined_aliases(x))}))
    return plain(a) == plain(b)


def _stable(v) -> bool:
    """A view whose rows do not depend on a tie SQLite breaks: no LIMIT/OFFSET, window or
    bare column beside MIN/MAX anywhere in it (two readings of it may take another plan)."""
    return isinstance(v, ir.Select) and _windowless(v) and not any(
        isinstance(y, ir.Window) or (isinstance(y, ir.Select) and (
            y.limit is not None or y.offset or y.bare_from is not None)) for y in ir.nodes(v))


def no_greater_row_as_max(q, schema=None, typed: bool = False, joined: bool = False):
    """``SELECT .. FROM V r WHERE r.a IS NOT NULL AND NOT EXISTS (SELECT .. FROM V s WHERE
    s.a > r.a)`` (``<``: MIN), ``V`` one query twice, as ``WHERE r.a = (SELECT MAX(s.a) FROM
    V s)``: ``r``'s own row is one of ``V``'s, so the greatest ``a`` is at least ``r.a`` (not
    NULL), and equals it exactly when no row exceeds it; a NULL ``r.a`` is dropped either
    way. ``V`` without LIMIT, OFFSET or window (its rows the same each time SQLite reads it);
    an average or sum of reals read twice may round otherwise: ``proofs.REORDERING``. The
    guard may be missing where ``a`` is never NULL on a row of ``V`` (inner joins of tables,
    ``rank_counts._never_null``: a COUNT, a SUM of a NOT NULL column per group, ..), as
    ``RANK() = 1`` of such a value and its hand-written NOT EXISTS say it. ``joined``
    (``no_greater_joined_row_as_max``, i62g): ``V r`` one of inner-joined sources, each kept
    row still one row of ``V`` with its value; not under an outer join (a padded ``r.a`` is
    NULL: NOT EXISTS keeps it)."""
    if not isinstance(q, ir.Select):
        return q
    views = [d for d in (_inner_leaves(q.source) if joined else [q.source])
             if isinstance(d, ir.Derived) and _stable(d.query)]
    conds = _conjuncts(q.where)
    for c in conds:
        if not (isinstance(c, ir.Not) and isinstance(c.arg, ir.Exists)):
            continue
        s = c.arg.query
        if not (isinstance(s, ir.Select) and isinstance(s.source, ir.Derived) and not s.aggregate
                and not s.group_by and s.having is None and s.limit is None and not s.offset):
            continue
        d = next((v for v in views if _same_query(s.source.query, v.query)
                  and len(s.source.names) == len(v.names)), None)
        if d is None:
            continue
        t = s.source.alias
        w = s.where
        if not (isinstance(w, ir.Cmp) and w.op in (CmpOp.GT, CmpOp.LT) and not w.conv
                and isinstance(w.left, ir.Col) and isinstance(w.right, ir.Col)):
            continue
        mine, other, op = (w.right, w.left, w.op) if w.left.alias == t else (w.left, w.right, _SWAP[w.op])
        if not (other.alias == t and mine.alias == d.alias and mine.name in d.names
                and other.name in s.source.names
                and d.names.index(mine.name) == s.source.names.index(other.name)):
            continue
        known = ir.Not(ir.IsNull(mine))
        if not (any(_key(x) == _key(known) for x in conds)
                or _never_null_item(d, d.names.index(mine.name), schema, typed)):
            continue
        fn = AggFn.MAX if op == CmpOp.GT else AggFn.MIN  # s.a > r.a: MAX
        most = ir.Select(s.source, None, (), None, (ir.Agg(fn, other, False, other.ty),),
                         False, (), None, 0, True)
        rest = [x for x in conds if x is not c and _key(x) != _key(known)]
        eq = ir.Cmp(CmpOp.EQ, mine, ir.ScalarSub(most, other.ty), Ty.BOOL, Conv.NONE)
        return dataclasses.replace(q, where=_and([*rest, eq]))
    return q


def _inner_leaves(src) -> list:
    """The sources of an inner-joined ``src`` (none under an outer join: it pads)."""
    if not isinstance(src, ir.Join) or not _inner(src):
        return []  # (one source: no_greater_row_as_max's)
    return [x for y in (src.left, src.right) for x in (_inner_leaves(y) if isinstance(y, ir.Join) else [y])]


def _never_null_item(d, i: int, schema, typed: bool) -> bool:
    """Is item ``i`` of the derived table ``d`` never NULL on a row (a select of inner-joined
    tables, ``rank_counts._never_null``)?"""
    v = d.query
    if schema is None or not isinstance(v, ir.Select) or (scans := _scans(v.source)) is None:
        return False
    return _inner(v.source) and _never_null(v.items[i], v, scans, schema, typed)


_SWAP = {CmpOp.GT: CmpOp.LT, CmpOp.LT: CmpOp.GT}

TOP_ROW_RULE = (
    "no_greater_row_as_max", "SELECT .. FROM V r WHERE r.a IS NOT NULL AND NOT EXISTS (SELECT "
    "1 FROM V s WHERE s.a > r.a) (<: MIN; the guard aside where a is never NULL on a row of V), "
    "V one query twice (no LIMIT, OFFSET, window), is "
    "WHERE r.a = (SELECT MAX(s.a) FROM V s)", ("select",),
    lambda canon, q, ctx: no_greater_row_as_max(q, canon.schema, canon.typed), True)

JOINED_TOP_ROW_RULE = (
    "no_greater_joined_row_as_max", "SELECT .. FROM V r JOIN .. WHERE [r.a IS NOT NULL AND] NOT "
    "EXISTS (SELECT 1 FROM V s WHERE s.a > r.a) (<: MIN), inner joins only, V one query twice, "
    "is WHERE r.a = (SELECT MAX(s.a) FROM V s): before a join to the view merges it",
    ("query",), lambda canon, q, ctx: no_greater_row_as_max(q, canon.schema, canon.typed, True))
