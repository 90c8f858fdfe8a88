"""The row before (after) in a partition, in its join spellings, as LAG (LEAD) (class W1,
round 62): ``previous_row_joins``.

Over a view ``V`` whose rows no two share on never-NULL columns ``(p.., o..)`` (a grouped
or DISTINCT view whose keys lie among them: ``view_windows._order_keys``'s total order; a
table with a never-NULL unique key among them: ``running._total``), "the row of ``V``
before ``a`` in ``a``'s partition" is spelt three ways by a LEFT self-join, each brought to
``LAG(x) OVER (PARTITION BY p.. ORDER BY o..)`` computed in ``a``'s own derived table (then
``grouped_view_window_as_subquery`` / ``neighbour_as_subquery`` give the form the LAG
spelling meets):

- ``V a LEFT JOIN V b ON b.p = a.p .. AND b.o = (SELECT MAX(c.o) FROM V c WHERE c.p = a.p ..
  AND c.o < a.o)`` (``MIN`` and ``>``: LEAD; ``c.p`` may read ``b.p``, equal in the ON);
- ``V a LEFT JOIN V b ON b.p = a.p .. AND b.o < a.o AND NOT EXISTS (SELECT .. FROM V c
  WHERE c.p = a.p .. AND b.o < c.o AND c.o < a.o)`` (no row between; ``>``: LEAD);
- ``W a LEFT JOIN W b ON b.p = a.p .. AND b.rn = a.rn - 1`` (``a.rn = b.rn + 1``; ``+ 1``:
  LEAD), ``W`` numbering ``ROW_NUMBER() OVER (PARTITION BY p.. ORDER BY o..) AS rn`` over
  such a view or table (several order keys allowed).

Why: the order is total within a partition, so the ON matches at most one row of ``b`` per
row of ``a`` (the LEFT JOIN keeps ``a``'s row once), the row LAG reads: the greatest ``o``
below ``a.o`` in the partition, the one numbered one less. With none, the padded NULLs are
LAG's NULL. The partition columns are never NULL (PARTITION BY puts NULLs together, ``=``
matches none), and ``b`` is read only through its columns, anywhere in the select (each
becomes ``a``'s LAG column); the select's WHERE, grouping and ORDER BY stay outside the
derived table, after the numbering, as the join has them. ROW_NUMBER gives the integers
1..n in every domain: ``rn - 1`` never overflows. The MAX/MIN and NOT EXISTS spellings
are typed only (SQLite's ``b.o = MAX(..)`` may convert a TEXT maximum to meet an INTEGER
``o``, a row GROUP BY keeps apart). The three copies are one query up to aliases without
LIMIT, bare column or (but for ``rn``) window; no subquery of the select defines ``a`` or
``b`` again; the select does not read its row order. Near misses: ties (``o`` not
unique), a NULL-able ``o`` or ``p``, INNER against LEFT, a filter in the range,
``rn - 2``, ``o - 1`` (the integer-adjacent row: ``integer_neighbours``' law, apart), a
filter before the numbering against one after it.
"""

from __future__ import annotations

import dataclasses

from ....types import Schema
from .. import ir
from ..ir.affinity import _aff, _ty
from ..ir.kinds import AggFn, ArithOp, CmpOp, Conv, JoinKind, Ty, WindowFn
from ..ir.walk import defined_aliases
from .greatest_groups import _same_query, _stable
from .joins import rejects_null
from .running import _keys, _never_null, _plain_scan, _total
from .terms import _and, _conjuncts, _replace_cols
from .view_windows import _grouped_view, _order_keys

_ONE = ir.Lit(1, Ty.INT)


def _col(e, alias: str, name: str | None = None) -> bool:
    return isinstance(e, ir.Col) and e.alias == alias and (name is None or e.name == name)


def _cmp(e, op: CmpOp):
    """``(left, right)`` of ``e`` read as ``left op right`` (``>`` flipped to ``<``)."""
    if not isinstance(e, ir.Cmp) or e.conv != Conv.NONE:
        return None
    if e.op == op:
        return e.left, e.right
    flip = {CmpOp.LT: CmpOp.GT, CmpOp.GT: CmpOp.LT}.get(op)
    return (e.right, e.left) if flip is not None and e.op == flip else None


def _pair_eq(e, x: str, ys: tuple) -> str | None:
    """The column name ``n`` of ``e`` read as ``x.n = y.n`` (``y`` among ``ys``), else None."""
    lr = _cmp(e, CmpOp.EQ)
    if lr is None:
        return None
    for left, right in (lr, lr[::-1]):
        if _col(left, x) and any(_col(right, y, left.name) for y in ys):
            return left.name
    return None


def _before(e, o: str):
    """``(lo, hi)`` aliases of ``e`` read as ``lo.o < hi.o``, else None."""
    lr = _cmp(e, CmpOp.LT)
    if lr is None or not all(isinstance(x, ir.Col) and x.name == o for x in lr):
        return None
    return lr[0].alias, lr[1].alias


def _copy(x, v: ir.Derived) -> bool:
    """Is ``x`` a derived table ``v`` read through some of its columns (an unread column
    dropped: ``unread_derived_columns``; not under DISTINCT, whose rows it would merge)?"""
    if not (isinstance(x, ir.Derived) and isinstance(v.query, ir.Select) and set(x.names) <= set(v.names)
            and len(x.names) == len(set(x.names)) and (x.names == v.names or not v.query.distinct)):
        return False
    items = tuple(v.query.items[v.names.index(n)] for n in x.names)
    return _same_query(dataclasses.replace(v.query, items=items), x.query)


def _range(s, a: str, b: str, v, parts: set, o: str, lo_hi: set) -> bool:
    """Is ``s`` a select over a copy ``c`` of ``v`` whose WHERE is ``c.p = a.p`` (or ``b.p``)
    for exactly the partition columns and the order conjuncts ``lo_hi`` (pairs with ``c``
    standing for the copy), nothing else?"""
    if not (isinstance(s, ir.Select) and not s.group_by and s.having is None and s.limit is None
            and not s.offset and s.bare_from is None and _copy(s.source, v)):
        return False
    c = s.source.alias
    eqs, order = set(), set()
    for e in _conjuncts(s.where):
        if (n := _pair_eq(e, c, (a, b))) is not None:
            eqs.add(n)
        elif (pair := _before(e, o)) is not None and c in pair:
            order.add(tuple("c" if x == c else x for x in pair))
        else:
            return False
    return eqs == parts and order == lo_hi


def _extremum_spelling(pool: list, a: str, b: str, v, parts: set):
    """(direction, order column, the conjuncts) of ``b.o = (SELECT MAX(c.o) FROM V c WHERE ..
    c.o < a.o)`` (MIN, ``>``: LEAD) or of ``b.o < a.o AND NOT EXISTS (.. b.o < c.o AND c.o <
    a.o)`` among the conjuncts ``pool``."""
    for e in pool:
        for col, sub in ((lr := _cmp(e, CmpOp.EQ)) and (lr, lr[::-1])) or ():
            if not (_col(col, b) and isinstance(sub, ir.ScalarSub)):
                continue
            s, o = sub.query, col.name
            if (isinstance(s, ir.Select) and s.aggregate and len(s.items) == 1
                    and isinstance(m := s.items[0], ir.Agg) and not m.distinct
                    and m.fn in (AggFn.MAX, AggFn.MIN) and isinstance(s.source, ir.Derived)
                    and _col(m.arg, s.source.alias, o)
                    and _range(s, a, b, v, parts, o, {("c", a)} if m.fn == AggFn.MAX else {(a, "c")})):
                return WindowFn.LAG if m.fn == AggFn.MAX else WindowFn.LEAD, o, [e]
    for nex in pool:
        if not (isinstance(nex, ir.Not) and isinstance(nex.arg, ir.Exists)
                and isinstance(nex.arg.query, ir.Select) and not nex.arg.query.aggregate):
            continue  # (an aggregate without GROUP BY has a row: EXISTS always)
        for e in pool:
            o = e.left.name if isinstance(e, ir.Cmp) and isinstance(e.left, ir.Col) else None
            pair = _before(e, o) if o is not None else None
            if pair in ((b, a), (a, b)) and _range(nex.arg.query, a, b, v, parts, o,
                                                   {(pair[0], "c"), ("c", pair[1])}):
                return WindowFn.LAG if pair == (b, a) else WindowFn.LEAD, o, [e, nex]
    return None


def _number_spelling(pool: list, a: str, b: str, w: ir.Select, names: tuple):
    """(direction, the ROW_NUMBER window, its column, the conjuncts) of ``b.rn = a.rn - 1``
    (``a.rn = b.rn + 1``; ``+ 1`` on ``a``'s side: LEAD) among the conjuncts ``pool``."""
    for e in pool:
        for col, r in ((lr := _cmp(e, CmpOp.EQ)) and (lr, lr[::-1])) or ():
            if not (isinstance(col, ir.Col) and isinstance(r, ir.Arith) and r.right == _ONE
                    and r.op in (ArithOp.SUB, ArithOp.ADD) and isinstance(r.left, ir.Col)
                    and r.left.name == col.name and {col.alias, r.left.alias} == {a, b} and col.name in names):
                continue
            rn = w.items[names.index(col.name)]
            if isinstance(rn, ir.Window) and rn.fn == WindowFn.ROW_NUMBER and not rn.args:
                lag = (col.alias == b) == (r.op == ArithOp.SUB)  # b = a - 1, a = b + 1: b before a
                return WindowFn.LAG if lag else WindowFn.LEAD, rn, col.name, [e]
    return None


def _total_order(w: ir.Select, win: ir.Window, schema: Schema, typed: bool) -> bool:
    """Is ``win``'s order total over ``w``'s rows, its partition columns never NULL?"""
    if not win.partition and not win.order:
        return False
    view = _grouped_view(w, schema, typed)
    if view is not None:
        return _order_keys(win, view) is not None and all(
            isinstance(p, ir.Col) and p.name in view.never_null for p in win.partition)
    if not _plain_scan(w, schema):
        return False
    scan, t = w.source, schema.table(w.source.table)
    keys = _keys(win, scan, t, w.where)
    return keys is not None and _total(keys, t, w.where, win.partition) and all(
        _never_null(p, scan, t, w.where) for p in win.partition)


def _plain(w) -> bool:
    return (isinstance(w, ir.Select) and not w.aggregate and not w.group_by and w.having is None
            and not w.distinct and w.limit is None and not w.offset and not w.order
            and w.bare_from is None)


def _view_select(v: ir.Derived, alias: str) -> ir.Select:
    """``SELECT c.. FROM (v) alias``: every column of ``v``."""
    items = tuple(ir.Col(alias, n, _ty(e), _aff(e)) for n, e in zip(v.names, v.query.items, strict=True))
    return ir.Select(source=dataclasses.replace(v, alias=alias), where=None, group_by=(), having=None,
                     items=items, distinct=False, order=(), limit=None, offset=0, aggregate=False)


def previous_row_joins(q, schema: Schema, typed: bool = False, sensitive: bool = True):
    """See the module: a LEFT self-join to the previous (next) row as LAG (LEAD) in the
    left copy's derived table (an inner join where a WHERE conjunct rejects ``b``'s NULLs:
    the LEFT JOIN's padded row, which it drops)."""
    if not (isinstance(q, ir.Select) and isinstance(j := q.source, ir.Join)
            and j.kind in (JoinKind.LEFT, JoinKind.INNER, JoinKind.CROSS) and isinstance(a := j.left, ir.Derived) and isinstance(b := j.right, ir.Derived)
            and a.alias != b.alias and q.bare_from is None
            and len(set(a.names)) == len(a.names) == len(a.query.items) and _copy(b, a)):
        return q
    if (sensitive or q.limit is not None or q.offset) and not q.order:
        return q  # (the rows' order is the join's)
    rest_of_q = (q.items, q.where, q.group_by, q.having, q.order)
    if {a.alias, b.alias} & set(defined_aliases(rest_of_q)):
        return q
    left = j.kind == JoinKind.LEFT
    pool = _conjuncts(j.on) + ([] if left else _conjuncts(q.where))
    parts = [n for e in pool if (n := _pair_eq(e, b.alias, (a.alias,))) is not None]
    others = [e for e in pool if _pair_eq(e, b.alias, (a.alias,)) is None]
    if len(set(parts)) != len(parts):
        return q
    names = a.names
    number = _number_spelling(others, a.alias, b.alias, a.query, names)
    if number is not None:
        fn, win, rn, used = number
        w = a.query
        if not (_plain(w) and (isinstance(w.source, ir.Scan) or isinstance(w.source, ir.Derived)
                                and _stable(w.source.query))):
            return q
        shown = {names[i] for i, e in enumerate(w.items) if e in win.partition}
        if set(parts) != shown or not all(p in w.items for p in win.partition):
            return q
        order = win.order
    else:
        ext = _extremum_spelling(others, a.alias, b.alias, a, set(parts)) if typed and _stable(a.query) else None
        if ext is None:
            return q
        fn, o, used = ext
        rn = None
        w = _view_select(a, f"{a.alias}#v")
        pos = {n: w.items[i] for i, n in enumerate(names)}
        win = ir.Window(WindowFn.ROW_NUMBER, tuple(pos[p] for p in parts), ((pos[o], False),))
        order = win.order
    unused = [e for e in others if not any(e is u for u in used)]
    where = _conjuncts(q.where) if left else unused
    if left and unused or not left and not any(rejects_null(c, {b.alias}) for c in where):
        return q  # (another ON conjunct; an inner join keeping the padded row: the first row dropped)
    if len(used) == 2 and any(_col(y, b.alias) for y in ir.nodes((where, q.having))):
        return q  # (the form view_top_row_as_left_join gives a LAG that a filter reads)
    rest_of_q = (q.items, _and(where), q.group_by, q.having, q.order)
    if not _total_order(w, win, schema, typed):
        return q
    read = sorted({y.name for y in ir.nodes(rest_of_q) if _col(y, b.alias)})
    if rn in read:
        return q
    extra, rep = [], {}
    for n in read:
        e = w.items[names.index(n)]
        if any(isinstance(y, (ir.Window, ir.Agg, ir.ScalarSub, ir.Exists, ir.InSub)) for y in ir.nodes(e)):
            return q
        new = f"{n}#{fn.name.lower()}"
        if new in names:
            return q
        extra.append((new, ir.Window(fn, win.partition, order, _ty(e), (e,))))
        rep[(b.alias, n)] = ir.Col(a.alias, new, _ty(e), None)
    keep = [i for i, n in enumerate(names)
            if n != rn or any(_col(y, a.alias, rn) for y in ir.nodes(rest_of_q))]  # (a number nobody reads goes)
    inner = dataclasses.replace(w, items=tuple(w.items[i] for i in keep) + tuple(e for _, e in extra))
    src = ir.Derived(inner, a.alias, tuple(names[i] for i in keep) + tuple(n for n, _ in extra))
    return dataclasses.replace(q, source=src, items=_replace_cols(q.items, rep),
                               where=_replace_cols(rest_of_q[1], rep), group_by=_replace_cols(q.group_by, rep),
                               having=_replace_cols(q.having, rep), order=_replace_cols(q.order, rep))


# ---- the registry's entry (``window_family.WINDOW_FAMILY``)

PREVIOUS_ROW_RULES = ((
    "previous_row_joins", "V a LEFT JOIN V b to the row before a in its partition, under an "
    "order total on never-NULL columns (b.o = MAX(c.o) below a.o; no row between; ROW_NUMBER "
    "b.rn = a.rn - 1), is LAG(x) OVER (PARTITION BY p ORDER BY o) in a's derived table (LEAD: "
    "the row after); the MAX and NOT EXISTS spellings typed only", ("select",),
    lambda canon, q, ctx: previous_row_joins(q, canon.schema, canon.typed, ctx.get("sensitive", True)),
    True),)
