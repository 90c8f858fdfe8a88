"""Window functions in the canonical form (issue 25, round 2): laws of Calcite's window
rules and Spark's window and bag set-operation rewrites, each general over tables,
predicates, NULL-able columns and bags.

- ``constant_window_keys`` (WindowReduceExpressionsRule): a constant PARTITION BY or ORDER
  BY key of a window splits no partition and orders no peers apart: it goes;
- ``filter_window_transpose`` (FilterWindowTransposeRule, Spark PushPredicateThroughNonJoin):
  a filter on a windowed derived table that compares only PARTITION BY columns (of every
  window there) with constants keeps or drops whole partitions: it filters below the window;
- ``merge_windowed_derived`` (ProjectWindowTransposeRule, ProjectToWindowRule, Spark
  CollapseWindow, TransposeWindow): a projection of a derived table, one of the two
  computing window functions, is one select: the windows see the same rows;
- ``row_number_as_count`` (ProjectToWindowRule as Calcite-based tools print it): ROW_NUMBER
  over one table ordered by a never-NULL unique key is a correlated COUNT(*);
- ``numbered_setop`` (Spark RewriteExceptAll / RewriteIntersectAll, Calcite
  IntersectToDistinctRule / MinusToDistinctRule): copies of a row numbered by ROW_NUMBER()
  OVER (PARTITION BY every column), compared by a set operation, are the bag operation
  (``SetOp(all=True)``, a canonical form only: SQLite runs neither EXCEPT ALL nor INTERSECT
  ALL, and ``sql.standard`` writes them as numbered copies under NOT EXISTS / EXISTS).
"""

from __future__ import annotations

import dataclasses

from ....types import Schema
from .. import ir
from ..ir.kinds import AggFn, CmpOp, Conv, FuncName, LogicOp, SetOpKind, Ty, WindowFn
from .terms import (
    _and,
    _conjuncts,
    _has_sub,
    _key,
    _map_children,
    _replace_cols,
    _unique_keys,
    constant,
)


def _windows(x) -> list:
    return [y for y in ir.local_nodes(x) if isinstance(y, ir.Window)]


def _plain_rows(q) -> bool:
    """One output row per row of FROM and WHERE (windows allowed): no aggregate, DISTINCT,
    LIMIT/OFFSET, bare column or ORDER BY."""
    return (isinstance(q, ir.Select) and not q.aggregate and not q.group_by and q.having is None
            and not q.distinct and q.limit is None and not q.offset and q.bare_from is None
            and not q.order and q.source is not None)


def _derived_columns(q: ir.Select) -> dict | None:
    """``{(alias, name): inner item}`` when ``q`` reads one derived table with unique names."""
    d = q.source
    if not isinstance(d, ir.Derived) or not isinstance(d.query, ir.Select):
        return None
    if len(set(d.names)) != len(d.names) or len(d.names) != len(d.query.items):
        return None
    return {(d.alias, n): e for n, e in zip(d.names, d.query.items, strict=True)}


# ---- WindowReduceExpressionsRule


def constant_window_keys(q: ir.Select) -> ir.Select:
    """Calcite WindowReduceExpressionsRule ("reduces constants in a window's expressions"):
    a PARTITION BY key that reads no column (``PARTITION BY deptno, 1 + 1``) holds one value
    on every row, so the partitions are those of the other keys; a constant ORDER BY key
    ties every row, so peers and order are those of the other keys. Both go."""
    def reduce(e):
        if not isinstance(e, ir.Window):
            return e
        part = tuple(p for p in e.partition if not constant(p))
        order = tuple((k, d) for k, d in e.order if not constant(k))
        if part == e.partition and order == e.order:
            return e
        return dataclasses.replace(e, partition=part, order=order)

    if not isinstance(q, ir.Select) or not _windows((q.items, tuple(k for k, _ in q.order))):
        return q
    items = tuple(_map_windows(i, reduce) for i in q.items)
    order = tuple((_map_windows(k, reduce), d) for k, d in q.order)
    if items == q.items and order == q.order:
        return q
    return dataclasses.replace(q, items=items, order=order)


def _map_windows(e, f):
    """``e`` with ``f`` applied to each window function of this select (not in subqueries)."""
    if isinstance(e, (ir.InSub, ir.Exists, ir.ScalarSub)):
        return e
    if isinstance(e, ir.Window):
        return f(e)
    return _map_children(e, lambda c: _map_windows(c, f))


# ---- FilterWindowTransposeRule


def filter_window_transpose(q: ir.Select) -> ir.Select:
    """Calcite FilterWindowTransposeRule ("pushes a filter past a window when the filter's
    columns are all in the window's PARTITION BY"), Spark PushPredicateThroughNonJoin
    ("push down predicates through a window when they reference only partition keys"):
    a WHERE conjunct over ``FROM (SELECT .., w OVER (PARTITION BY k ..) ..) AS d`` that
    compares only columns ``d.k`` with constants (``=``, ``<``, IS NULL, AND/OR/NOT), ``k`` a
    column in the PARTITION BY of every window of ``d``, is the same on all rows of a
    partition (rows of one partition hold values of ``k`` that compare equal, as a
    comparison with a constant sees them): it keeps or drops whole partitions, so it may
    filter the rows before the windows are computed."""
    cols = _derived_columns(q) if isinstance(q, ir.Select) else None
    if cols is None or q.where is None:
        return q
    inner = q.source.query
    wins = _windows(inner.items)
    if not _plain_rows(inner) or not wins:
        return q
    keys = set.intersection(*({_key(p) for p in w.partition} for w in wins))
    safe = {c for c, e in cols.items() if isinstance(e, ir.Col) and _key(e) in keys}
    moved, kept = [], []
    for c in _conjuncts(q.where):
        (moved if _partition_filter(c, safe, cols) else kept).append(c)
    if not moved:
        return q
    pushed = _and(_conjuncts(inner.where) + [_replace_cols(c, cols) for c in moved])
    source = dataclasses.replace(q.source, query=dataclasses.replace(inner, where=pushed))
    return dataclasses.replace(q, source=source, where=_and(kept))


def _partition_filter(c, safe: set, cols: dict) -> bool:
    """Is ``c`` built from comparisons of one column of ``safe`` with a constant (of the
    same affinity as the column it reads through the derived table)?"""
    if isinstance(c, ir.Logic) and c.op in (LogicOp.AND, LogicOp.OR):
        return all(_partition_filter(a, safe, cols) for a in c.args)
    if isinstance(c, ir.Not):
        return _partition_filter(c.arg, safe, cols)
    if isinstance(c, ir.IsNull):
        return _safe_col(c.arg, safe, cols)
    if isinstance(c, ir.Cmp):
        return ((_safe_col(c.left, safe, cols) and isinstance(c.right, ir.Lit))
                or (_safe_col(c.right, safe, cols) and isinstance(c.left, ir.Lit)))
    return False


def _safe_col(e, safe: set, cols: dict) -> bool:
    return (isinstance(e, ir.Col) and (e.alias, e.name) in safe
            and e.affinity == cols[(e.alias, e.name)].affinity and e.ty == cols[(e.alias, e.name)].ty)


# ---- ProjectWindowTransposeRule, CollapseWindow, TransposeWindow


def merge_windowed_derived(q: ir.Select) -> ir.Select:
    """Calcite ProjectWindowTransposeRule ("pushes a projection past a window"),
    ProjectToWindowRule (a window in a projection), Spark CollapseWindow ("collapse
    adjacent window expressions") and TransposeWindow ("transpose adjacent windows"):
    ``SELECT f(d.c ..) FROM (SELECT e .. FROM s WHERE p) AS d [WHERE c']`` where either
    select computes window functions is ``SELECT f(e ..) FROM s WHERE p [AND c'(e)]``: the
    inner select keeps one row per row of ``s`` passing ``p`` (no aggregate, DISTINCT,
    LIMIT, ORDER BY), so an outer window sees the rows an inner one sees; an outer window
    must not read an inner window's value (no nested windows), and an outer WHERE only
    beside a windowless inner select (it would cut the rows an inner window reads)."""
    cols = _derived_columns(q) if isinstance(q, ir.Select) else None
    if cols is None:
        return q
    inner = q.source.query
    outer_reads = (q.items, tuple(k for k, _ in q.order), q.where)
    inner_windows, outer_windows = _windows(inner.items), _windows(outer_reads)
    if (not (inner_windows or outer_windows) or not _plain_rows(inner) or q.aggregate
            or q.group_by or q.having is not None or q.limit is not None or q.offset
            or q.bare_from is not None or _has_sub(outer_reads) or _has_sub(inner.items)):
        return q
    if q.where is not None and inner_windows:
        return q
    windowed = {c for c, e in cols.items() if _windows(e)}
    if any((y.alias, y.name) in windowed for w in outer_windows for y in ir.local_nodes(w)
           if isinstance(y, ir.Col)):
        return q
    items = tuple(_replace_cols(i, cols) for i in q.items)
    order = tuple((_replace_cols(k, cols), d) for k, d in q.order)
    where = _and(_conjuncts(inner.where) + [_replace_cols(c, cols) for c in _conjuncts(q.where)])
    return dataclasses.replace(inner, items=items, order=order, where=where, distinct=q.distinct,
                               names=q.names)


# ---- RewriteExceptAll, RewriteIntersectAll


def numbered_setop(q, schema: Schema):
    """Spark RewriteExceptAll / RewriteIntersectAll, Calcite MinusToDistinctRule /
    IntersectToDistinctRule ("EXCEPT ALL / INTERSECT ALL through numbered copies"): a row
    ``v`` that ``A`` holds ``m`` times and ``B`` ``n`` times is, numbered by ``ROW_NUMBER()
    OVER (PARTITION BY`` every column ``)``, the rows ``(v, 1..m)`` and ``(v, 1..n)``:
    ``SELECT v FROM (numbered A EXCEPT numbered B)`` keeps ``(v, n+1..m)``, ``max(0, m - n)``
    copies, as ``A EXCEPT ALL B``; INTERSECT keeps ``min(m, n)``, as ``A INTERSECT ALL B``;
    the same with the numbered left copies that have no (NOT EXISTS) or have (EXISTS) a
    right copy equal by ``IS`` on every column and on the number (``sql.standard``'s text
    of EXCEPT ALL / INTERSECT ALL). A copy number may be the constant 1 where the operand's
    rows are distinct (a column of its one table's unique key that is never NULL). Columns
    of a non-BINARY collation are refused (a partition and a compound could compare them
    differently); compared by IS without affinity conversion only."""
    if not isinstance(q, ir.Select) or not _projection(q):
        return q
    d = q.source
    found = _compound_form(q, d, schema) or _exists_form(q, d, schema)
    if found is None:
        return q
    op, left, right = found
    return ir.SetOp(op, True, left, right)


def _projection(q: ir.Select) -> bool:
    return (isinstance(q.source, ir.Derived) and not q.aggregate and not q.group_by
            and q.having is None and not q.distinct and not q.order and q.limit is None
            and not q.offset and q.bare_from is None)


def _first_columns(q: ir.Select, d: ir.Derived, k: int) -> bool:
    """Does ``q`` select ``d``'s first ``k`` columns, in order?"""
    return len(q.items) == k and all(isinstance(i, ir.Col) and i.alias == d.alias
                                     and i.name == d.names[j] for j, i in enumerate(q.items))


def _compound_form(q, d, schema):
    sq = d.query
    if (q.where is not None or not isinstance(sq, ir.SetOp) or sq.all or sq.order
            or sq.limit is not None or sq.offset
            or sq.op not in (SetOpKind.EXCEPT, SetOpKind.INTERSECT)):
        return None
    left, right = _unnumbered(sq.left, schema), _unnumbered(sq.right, schema)
    if left is None or right is None or len(left.items) != len(right.items):
        return None
    if not _first_columns(q, d, len(left.items)):
        return None
    return sq.op, left, right


def _exists_form(q, d, schema):
    """``SELECT l.c.. FROM (numbered A) AS l WHERE [NOT] EXISTS (SELECT .. FROM (numbered B)
    AS r WHERE r.c IS l.c AND .. AND r.n = l.n)``."""
    cond = q.where
    op = SetOpKind.INTERSECT
    if isinstance(cond, ir.Not):
        cond, op = cond.arg, SetOpKind.EXCEPT
    if not isinstance(cond, ir.Exists) or not isinstance(d.query, ir.Select):
        return None
    sub = cond.query
    if (not isinstance(sub, ir.Select) or not isinstance(sub.source, ir.Derived) or sub.aggregate
            or sub.group_by or sub.having is not None or sub.limit is not None or sub.offset):
        return None
    r = sub.source
    left, right = _unnumbered(d.query, schema), _unnumbered(r.query, schema)
    if left is None or right is None or len(left.items) != len(right.items):
        return None
    k = len(left.items)
    if not _first_columns(q, d, k) or len(set(d.names)) != k + 1 or len(set(r.names)) != k + 1:
        return None
    want = {_pair(CmpOp.IS, (r.alias, r.names[j]), (d.alias, d.names[j])) for j in range(k)}
    want.add(_pair(CmpOp.EQ, (r.alias, r.names[k]), (d.alias, d.names[k])))
    got = set()
    for c in _conjuncts(sub.where):
        if not (isinstance(c, ir.Cmp) and c.conv == Conv.NONE and isinstance(c.left, ir.Col)
                and isinstance(c.right, ir.Col)):
            return None
        got.add(_pair(c.op, (c.left.alias, c.left.name), (c.right.alias, c.right.name)))
    return (op, left, right) if got == want else None


def _pair(op, a, b):
    return (op, frozenset((a, b)))


def _unnumbered(sel, schema: Schema):
    """``sel`` without its last item when that item numbers the copies of the other items'
    rows (ROW_NUMBER() OVER (PARTITION BY exactly those items), or 1 where the rows are
    distinct through a key); None otherwise."""
    if not (_plain_rows(sel) and len(sel.items) >= 2) or _collated(sel, schema):
        return None
    *rest, number = sel.items
    if _windows(tuple(rest)) or _has_sub(tuple(rest)):
        return None
    if isinstance(number, ir.Window):
        if (number.fn != WindowFn.ROW_NUMBER or number.order or number.args
                or {_key(p) for p in number.partition} != {_key(e) for e in rest}):
            return None
    elif not (isinstance(number, ir.Lit) and number.value == 1 and _distinct_by_key(sel, rest, schema)):
        return None
    return dataclasses.replace(sel, items=tuple(rest), names=sel.names[:-1] if sel.names else ())


def _distinct_by_key(sel: ir.Select, items, schema: Schema) -> bool:
    """Are the rows of ``sel`` (one scan) distinct on ``items``: a unique key never NULL among them?"""
    src = sel.source
    if not isinstance(src, ir.Scan):
        return False
    t = schema.table(src.table)
    read = {i.name.lower() for i in items if isinstance(i, ir.Col) and i.alias == src.alias}
    return any(key and set(key) <= read and all(t.never_null(c) for c in key)
               for key in _unique_keys(t))


def _collated(x, schema: Schema) -> bool:
    """Does ``x`` read a table with a column of a non-BINARY collation?"""
    stack = [x]
    while stack:
        y = stack.pop()
        if isinstance(y, ir.Scan):
            if schema.table(y.table).collated:
                return True
        elif isinstance(y, tuple):
            stack += list(y)
        elif dataclasses.is_dataclass(y) and not isinstance(y, type):
            stack += [getattr(y, f.name) for f in dataclasses.fields(y)]
    return False


# ---- ProjectToWindowRule: ROW_NUMBER over a key order as a count


def row_number_as_count(q: ir.Select, schema: Schema) -> ir.Select:
    """Calcite ProjectToWindowRule ("a window function in a projection", printed by
    Calcite-based tools also as a correlated count): over one table ``t`` (rows kept by
    WHERE ``w``), ``ROW_NUMBER() OVER (PARTITION BY p.. ORDER BY k)`` with ``k`` a unique key
    column of ``t`` that is never NULL is ``(SELECT COUNT(*) FROM t AS t2 WHERE t2.p IS p ..
    AND t2.k <= k AND w(t2))`` (``>=`` for DESC): the order is total, so a row's number is the
    count of the kept rows of its partition (``IS``: NULL keys share one, as in PARTITION BY)
    up to it; ``<=`` orders the values of one column as ORDER BY does. A leading ``k IS NULL``
    key (NULLS LAST) ties every row and is read as absent."""
    if (not isinstance(q, ir.Select) or not isinstance(q.source, ir.Scan) or q.aggregate
            or q.group_by or q.bare_from is not None or _has_sub(q.where)):
        return q
    scan = q.source
    items = tuple(_map_windows(i, lambda w: _count_of(w, scan, q.where, schema)) for i in q.items)
    return q if items == q.items else dataclasses.replace(q, items=items)


def _count_of(w: ir.Window, scan: ir.Scan, where, schema: Schema):
    order = [(k, d) for k, d in w.order if not _null_test_of(k, w.order[-1][0])]
    if w.fn != WindowFn.ROW_NUMBER or len(order) != 1 or w.args:
        return w
    (k, desc), t = order[0], schema.table(scan.table)
    mine = [e for e in (k, *w.partition) if isinstance(e, ir.Col) and e.alias == scan.alias]
    if (len(mine) != 1 + len(w.partition) or [k.name.lower()] not in _unique_keys(t)
            or not t.never_null(k.name) or len(w.order) - len(order) > 1):
        return w
    alias = f"{scan.alias}_row_number"  # sorts after the outer alias, as a name it extends
    rep = {(scan.alias, c): ir.Col(alias, c, ty, aff) for c, ty, aff in scan.columns}
    inner = lambda e: _replace_cols(e, rep)  # noqa: E731
    conds = [ir.Cmp(CmpOp.IS, *sorted((p, inner(p)), key=_key)) for p in w.partition]  # as lowered
    conds.append(ir.Cmp(CmpOp.GE if desc else CmpOp.LE, inner(k), k))
    sub = ir.Select(source=dataclasses.replace(scan, alias=alias),
                    where=_and(_conjuncts(inner(where)) + conds), group_by=(), having=None,
                    items=(ir.Agg(AggFn.COUNT_STAR, None, False, Ty.INT),), distinct=False,
                    order=(), limit=None, offset=0, aggregate=True)
    return ir.ScalarSub(sub, Ty.INT)


def _null_test_of(key, col) -> bool:
    """Is ``key`` the NULLS LAST key ``col IS NULL`` (as 0/1) of the last order key ``col``?"""
    return (isinstance(key, ir.Func) and key.name == FuncName.BOOL_INT and len(key.args) == 1
            and isinstance(key.args[0], ir.IsNull) and key.args[0].arg == col)


# ---- the registry's entries (``rules.RULES`` adds them as ``Rule(*entry)``)

WINDOW_RULES = (
    ("numbered_setop", "SELECT the columns of (A, ROW_NUMBER() OVER (PARTITION BY every column)) "
     "EXCEPT/INTERSECT the same of B (or its NOT EXISTS/EXISTS form) is A EXCEPT/INTERSECT "
     "ALL B (order not read; BINARY collation)", ("query",),
     lambda canon, q, ctx: q if ctx["sensitive"] else numbered_setop(q, canon.schema)),
    ("constant_window_keys", "a constant PARTITION BY or ORDER BY key of a window goes",
     ("select",), lambda canon, q, ctx: constant_window_keys(q), True),
    ("filter_window_transpose", "a WHERE conjunct over a windowed derived table comparing "
     "only columns in every window's PARTITION BY with constants filters below the windows",
     ("select",), lambda canon, q, ctx: filter_window_transpose(q), True),
    ("row_number_as_count", "over one table, ROW_NUMBER() OVER (PARTITION BY p ORDER BY k), k a "
     "never-NULL unique key column, is the correlated COUNT(*) of the kept rows with p IS p and "
     "k <= k (>= for DESC)", ("select",),
     lambda canon, q, ctx: row_number_as_count(q, canon.schema), True),
    ("merge_windowed_derived", "a projection (no aggregate, LIMIT) of a derived table (no "
     "aggregate, DISTINCT, LIMIT, ORDER BY), either computing windows, is one select (no "
     "nested window; outer WHERE only over a windowless one)", ("select",),
     lambda canon, q, ctx: merge_windowed_derived(q), True),
)

