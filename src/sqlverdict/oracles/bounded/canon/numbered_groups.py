"""Row numbers and ranks read back as groups (issue 25, i41d): the interview answers "the
rows that occur twice" and "the groups tied for the top count" written with a window.

- ``numbered_row_as_group``: ``SELECT [DISTINCT] f(d.p..) FROM (SELECT p.., ROW_NUMBER()
  OVER (PARTITION BY p.. ORDER BY o..) AS rn FROM F WHERE w) d WHERE d.rn = k`` (``k >= 1``
  an integer literal; under DISTINCT also ``d.rn >= k``, ``d.rn > k - 1``) is ``SELECT
  [DISTINCT] f(p..) FROM F WHERE w GROUP BY p.. HAVING COUNT(*) > k - 1``. ROW_NUMBER
  numbers the rows of each partition 1..n whatever the ORDER BY (ties are broken some
  way, but each number is given once), so exactly one row
  of a partition is numbered ``k``, when the partition holds at least ``k`` rows; PARTITION
  BY and GROUP BY put rows together alike (``IS`` on each key, NULLs in one, the column's
  collation), so the rows kept are one per group of at least ``k`` rows. The items read
  only partition keys, each a column whose equal values are identical
  (``top_one._identity_key``: TEXT, REAL; INTEGER where no REAL ``-2**63`` can sit beside
  the INTEGER one; binary collation), so the numbered row and the group show the same
  values. Under bag semantics the law holds row for row: one row per group either way;
  DISTINCT over items holding every key goes (two groups differ on a key as DISTINCT
  compares it).
  ``rn >= k`` keeps the ``n - k + 1`` rows numbered ``k..n`` of a partition of ``n``: one
  row after DISTINCT (items of partition keys only), so only under DISTINCT (without it
  the bag counts them: the near miss). Not an item of another column (the
  ``k``-th row's value, which the ORDER BY picks).
- ``top_rank_of_groups``: ``SELECT f(d..) FROM (SELECT .., RANK() OVER (ORDER BY c DESC)
  AS r FROM F WHERE w GROUP BY g HAVING h) d WHERE d.r = 1`` (DENSE_RANK too; ``<= 1``,
  ``< 2``), ``c`` a COUNT (or SUM/AVG of a column WHERE keeps non-NULL, or, typed, of a
  never-NULL INTEGER expression over inner joins: ``_ranked_value``), is ``SELECT f(..) FROM F WHERE w GROUP BY g HAVING h AND c =
  (SELECT MAX(n) FROM (SELECT c AS n FROM F WHERE w GROUP BY g HAVING h))`` (ASC: MIN),
  the form ``tie_breaks.top_group_as_having`` writes. The window runs over the groups
  HAVING keeps; a count is an integer, never NULL, so rank 1 holds exactly the groups
  whose count equals the greatest (ORDER BY and ``=`` tie integers alike), and no group
  means no row either way. Not a value that may be NULL (SQLite sorts NULL last
  descending: over all-NULL values every group ranks 1, while ``= MAX`` keeps none), not
  ROW_NUMBER (one of the tied groups), not a partitioned window (a maximum per partition).
- ``group_window_as_subquery``: an aggregate of counts over every group, ``MAX(COUNT(*))
  OVER ()``, as the aggregate of a copy of the grouping (its docstring).
- ``partition_count_as_group``: a DISTINCT projection of partition keys and whole-partition
  counts, filtered on them, is the grouping with HAVING (``partition_count_as_group``'s
  docstring): "the values that occur more than once" by ``COUNT(*) OVER (PARTITION BY ..)``.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import Affinity, AggFn, CmpOp, Ty, WindowFn
from .facts import _rejects_col
from .first_rows import _is_first
from .partitions import _whole_partition
from .rank_counts import _inner, _never_null
from .running_groups import RUNNING_GROUP_RULES, _summed
from .telescoping import TELESCOPING_RULE
from .terms import _and, _conjuncts, _deep, _has_sub, _replace_cols
from .tie_breaks import _counted, _on_conds, _renamed_source, extremum_of_groups
from .top_one import _identity_key, _scans
from .windows import _map_windows, _null_test_of

_COUNT = ir.Agg(AggFn.COUNT_STAR, None, False, Ty.INT)


def _windowed_view(q):
    """(derived table, its select, index of its one window item) of ``SELECT .. FROM (SELECT
    .. FROM F ..) d WHERE ..``: the outer select plain (no aggregate, GROUP BY, LIMIT or
    OFFSET), the inner one a select of table scans without DISTINCT, ORDER BY, LIMIT or
    subquery, one item a window and no other window; else None."""
    if not (isinstance(q, ir.Select) and isinstance(q.source, ir.Derived) and not q.aggregate
            and not q.group_by and q.having is None and q.limit is None and not q.offset
            and q.bare_from is None):
        return None
    d, s = q.source, q.source.query
    if not (isinstance(s, ir.Select) and not s.distinct and not s.order and s.limit is None
            and not s.offset and s.bare_from is None and _scans(s.source) is not None):
        return None
    parts = [s.where, s.having, *s.group_by, *_on_conds(s.source)]
    if any(e is not None and _has_sub(e) for e in parts):
        return None
    windows = [i for i, e in enumerate(s.items) if any(isinstance(y, ir.Window) for y in ir.nodes(e))]
    if len(windows) != 1 or not isinstance(s.items[windows[0]], ir.Window):
        return None
    return d, s, windows[0]


def _mapped(q, d, s, i, value):
    """The outer items, ORDER BY and WHERE conjuncts other than the window's filter, the
    derived table's columns read as its items (the window's as ``value``); None when the
    filter is missing or a conjunct holds a subquery. Returns (items, order, rest)."""
    name = d.names[i]
    conds = _conjuncts(q.where)
    picks = [c for c in conds if value(c, d.alias, name)]
    if len(picks) != 1:
        return None
    rest = [c for c in conds if c is not picks[0]]
    if any(_has_sub(c) for c in (*rest, *q.items, *(k for k, _ in q.order))):
        return None
    rep = {(d.alias, n): e for n, e in zip(d.names, s.items, strict=True)}
    rep[(d.alias, name)] = ir.Lit(_literal(picks[0]), Ty.INT)
    return (_replace_cols(q.items, rep), tuple((_replace_cols(k, rep), x) for k, x in q.order),
            [_replace_cols(c, rep) for c in rest])


def _literal(c) -> int:
    """The row number ``c`` keeps (``rn = k``, ``rn <= 1``, ``rn < 2``: the literal, 1 for
    the latter two)."""
    lit = c.right if isinstance(c.right, ir.Lit) else c.left
    return lit.value if c.op == CmpOp.EQ else 1


def _threshold(c, alias: str, name: str, distinct: bool) -> int | None:
    """The least row number ``k`` a filter ``c`` on ``alias.name`` keeps, when a partition
    shows in the result exactly when it holds ``k`` rows: ``rn = k`` (``k >= 1``, one row);
    under DISTINCT also ``rn >= k`` and ``rn > k - 1`` (rows k.. of the partition, one row
    after DISTINCT); else None."""
    if not isinstance(c, ir.Cmp) or c.conv:
        return None
    op, col, lit = c.op, c.left, c.right
    if isinstance(col, ir.Lit):
        op, col, lit = {CmpOp.GE: CmpOp.LE, CmpOp.GT: CmpOp.LT, CmpOp.LE: CmpOp.GE,
                        CmpOp.LT: CmpOp.GT}.get(op, op), lit, col
    if not (isinstance(col, ir.Col) and col.alias == alias and col.name == name
            and isinstance(lit, ir.Lit) and lit.ty == Ty.INT and isinstance(lit.value, int)
            and not isinstance(lit.value, bool)):
        return None
    k = {CmpOp.EQ: lit.value, CmpOp.GE: lit.value, CmpOp.GT: lit.value + 1}.get(op)
    if k is None or k < 1 or (op != CmpOp.EQ and not distinct):
        return None
    return k


def _column_or_flag(k) -> bool:
    """A column, or the NULLS FIRST/LAST flag ``bool_int(c IS NULL)`` of one."""
    return isinstance(k, ir.Col) or (isinstance(k, ir.Func) and len(k.args) == 1
                                     and isinstance(k.args[0], ir.IsNull)
                                     and _null_test_of(k, k.args[0].arg))


def numbered_row_as_group(q, schema, typed: bool = False):
    """The rows numbered ``k`` per partition as the groups of at least ``k`` rows (the
    module's first law)."""
    found = _windowed_view(q)
    if found is None:
        return q
    d, s, i = found
    w = s.items[i]
    scans = _scans(s.source)
    if (w.fn != WindowFn.ROW_NUMBER or w.args or not w.partition or s.aggregate or s.group_by
            or s.having is not None
            or not all(isinstance(p, ir.Col) and p.alias in scans for p in w.partition)):
        return q
    if not all(isinstance(e, (ir.Col, ir.Lit)) for j, e in enumerate(s.items) if j != i):
        return q  # (an unread item SQLite may still compute, and fail on, goes with the view)
    if not all(_column_or_flag(k) for k, _ in w.order):
        return q  # (ORDER BY keys that go: columns and their NULLS flags, which cannot fail)
    name = d.names[i]
    picks = [c for c in _conjuncts(q.where) if _threshold(c, d.alias, name, q.distinct)]
    if len(picks) != 1:
        return q
    k = _threshold(picks[0], d.alias, name, q.distinct)
    others = (*q.items, *(o for o, _ in q.order), *(c for c in _conjuncts(q.where) if c is not picks[0]))
    if picks[0].op != CmpOp.EQ and any(isinstance(y, ir.Col) and (y.alias, y.name) == (d.alias, name)
                                       for e in others for y in ir.nodes(e)):
        return q  # (the number read elsewhere varies over the rows kept)
    got = _mapped(q, d, s, i, lambda c, a, n: c is picks[0])
    if got is None:
        return q
    items, order, rest = got
    keys = set(w.partition)
    shown = [y for e in (*items, *(o for o, _ in order), *rest) for y in ir.local_nodes(e)
             if isinstance(y, ir.Col)]
    if not all(y in keys and _identity_key(y, scans, schema, typed) for y in shown):
        return q
    having = _and([ir.Cmp(CmpOp.GT, _COUNT, ir.Lit(k - 1, Ty.INT)), *rest])
    # (DISTINCT over items holding every key is a no-op: two groups differ on a key as
    # DISTINCT compares it, so they show different rows)
    distinct = q.distinct and not keys <= set(items)
    return ir.Select(s.source, s.where, w.partition, having, items, distinct, order, None, 0,
                     True, q.names)


def _ranked_value(c, s, typed: bool, schema=None) -> bool:
    """Is ``c`` never NULL on a group of ``s`` and tied under ORDER BY exactly where ``=``
    holds: a COUNT; SUM or AVG of a column ``x`` that ``s``'s WHERE rejects when NULL (a
    group holds a row, so a value), of a REAL column (the proof states ``exact_reals``:
    the two queries add a group's reals apart, ``proofs.REORDERING``) or, typed, an
    INTEGER one (the proof states ``integer_sums_exact``, ``proofs._sums``: without
    overflow a sum of integers is exact, so the two queries agree on each group's value);
    typed, also SUM or AVG of an INTEGER expression (``+``, ``-``, ``*`` of columns and
    literals) never NULL on a row of ``s``'s inner joins (``rank_counts._never_null``: NOT
    NULL columns, or columns WHERE rejects when NULL): "the top earner by SUM(qty * price)".
    Not MIN/MAX (any class and collation), not TOTAL of integers (rounded past 2**53)."""
    if _counted(c):
        return True
    if not (isinstance(c, ir.Agg) and c.fn in (AggFn.SUM, AggFn.AVG) and c.arg is not None):
        return False
    x = c.arg
    if not isinstance(x, ir.Col):
        return (typed and schema is not None and x.ty == Ty.INT and _inner(s.source)
                and all(y.ty == Ty.INT and y.affinity == Affinity.INTEGER
                        for y in ir.local_nodes(x) if isinstance(y, ir.Col))
                and _never_null(x, s, _scans(s.source), schema, typed))
    if not (x.ty == Ty.REAL or (typed and x.ty == Ty.INT and x.affinity == Affinity.INTEGER)):
        return False
    return any(_rejects_col(w, (x.alias, x.name)) for w in _conjuncts(s.where))


def top_rank_of_groups(q, typed: bool = False, schema=None):
    """The groups ranked first by a count as those whose count is the extremum (the
    module's second law)."""
    found = _windowed_view(q)
    if found is None:
        return q
    d, s, i = found
    w = s.items[i]
    if (w.fn not in (WindowFn.RANK, WindowFn.DENSE_RANK) or w.args or w.partition
            or not s.aggregate or not s.group_by):
        return q
    order = [(k, desc) for k, desc in w.order if not any(_null_test_of(k, x) for x, _ in w.order)]
    if len(order) != 1 or not _ranked_value(order[0][0], s, typed, schema):
        return q
    if isinstance(order[0][0], ir.Agg) and order[0][0].fn in (AggFn.COUNT, AggFn.COUNT_STAR):
        return q  # a count: i41a's top_groups.top_ranked_groups_as_max (the same law)
    (c, desc) = order[0]
    got = _mapped(q, d, s, i, _is_first)
    if got is None:
        return q
    read = {y.name for e in (*q.items, q.where, *(k for k, _ in q.order)) if e is not None
            for y in ir.local_nodes(e) if isinstance(y, ir.Col) and y.alias == d.alias}
    if not all(n in read or isinstance(e, (ir.Col, ir.Lit)) or _counted(e)
               for n, e in zip(d.names, s.items, strict=True) if n != d.names[i]):
        return q  # (an unread SUM may fail on overflow in the view and goes with it)
    items, order_by, rest = got
    top = extremum_of_groups(s, c, desc, "tr")
    having = _and([*_conjuncts(s.having), ir.Cmp(CmpOp.EQ, c, top), *rest])
    return dataclasses.replace(s, having=having, items=items, distinct=q.distinct, order=order_by,
                               names=q.names)


def partition_count_as_group(q, schema, typed: bool = False):
    """``SELECT DISTINCT f(d.p.., d.c..) FROM (SELECT p.., COUNT(*) OVER (PARTITION BY p..)
    AS c.. FROM F WHERE w) d WHERE g(d.p.., d.c..)`` (COUNT(x) too; the frame the whole
    partition) is ``SELECT DISTINCT f(p.., COUNT(*)..) FROM F WHERE w GROUP BY p.. HAVING
    g(p.., COUNT(*)..)``: every row of a partition holds its keys and its count, the count
    of the group alike, so the rows ``g`` keeps of a partition are all or none, and show
    one row after DISTINCT, as its group does (keys read columns whose equal values are
    identical, ``top_one._identity_key``). Not without DISTINCT (a partition of ``n`` rows
    shows ``n`` times)."""
    if not (isinstance(q, ir.Select) and q.distinct and isinstance(q.source, ir.Derived)
            and not q.aggregate and not q.group_by and q.having is None and q.limit is None
            and not q.offset and q.bare_from is None):
        return q
    d, s = q.source, q.source.query
    if not (isinstance(s, ir.Select) and not s.aggregate and not s.group_by and not s.distinct
            and not s.order and s.limit is None and not s.offset and s.bare_from is None
            and (scans := _scans(s.source)) is not None):
        return q
    if any(e is not None and _has_sub(e) for e in (s.where, *_on_conds(s.source))):
        return q
    windows = [e for e in s.items if any(isinstance(y, ir.Window) for y in ir.local_nodes(e))]
    if not windows or not all(
            isinstance(w, ir.Window) and w.fn in (WindowFn.COUNT_STAR, WindowFn.COUNT)
            and w.partition == windows[0].partition and _whole_partition(w) for w in windows):
        return q
    part = windows[0].partition
    if not part or not all(isinstance(p, ir.Col) and p.alias in scans for p in part):
        return q
    if not all(isinstance(e, (ir.Col, ir.Lit, ir.Window)) for e in s.items):
        return q
    if any(isinstance(w, ir.Window) and w.fn == WindowFn.COUNT and not isinstance(w.args[0], ir.Col)
           for w in windows):
        return q
    if any(_has_sub(e) for e in (*q.items, q.where, *(k for k, _ in q.order)) if e is not None):
        return q

    def group_value(e):
        if isinstance(e, ir.Window):
            return _COUNT if e.fn == WindowFn.COUNT_STAR else ir.Agg(AggFn.COUNT, e.args[0], False, Ty.INT)
        return e
    rep = {(d.alias, n): group_value(e) for n, e in zip(d.names, s.items, strict=True)}
    items = _replace_cols(q.items, rep)
    order = tuple((_replace_cols(k, rep), x) for k, x in q.order)
    having = [_replace_cols(c, rep) for c in _conjuncts(q.where)]
    keys = set(part)
    shown = [y for e in (*items, *(o for o, _ in order), *having)
             for y in ir.local_nodes(_deep(e, lambda z: _COUNT if isinstance(z, ir.Agg) else z))
             if isinstance(y, ir.Col)]
    if not all(y in keys and _identity_key(y, scans, schema, typed) for y in shown):
        return q
    # (DISTINCT over items holding every key is a no-op, as in numbered_row_as_group)
    return ir.Select(s.source, s.where, part, _and(having), items, not keys <= set(items), order,
                     None, 0, True, q.names)


_GROUP_WINDOWS = {WindowFn.MAX: AggFn.MAX, WindowFn.MIN: AggFn.MIN, WindowFn.SUM: AggFn.SUM,
                  WindowFn.COUNT: AggFn.COUNT, WindowFn.COUNT_STAR: AggFn.COUNT_STAR}


def group_window_as_subquery(q, typed: bool = False):
    """``AGG(c) OVER ()`` in an item (or inside one) of a grouped select ``SELECT .. FROM F WHERE w GROUP BY g HAVING h``
    (MAX, MIN, SUM or COUNT of a count ``c``, or ``COUNT(*) OVER ()``; no PARTITION BY or
    ORDER BY, the frame the whole partition) is ``(SELECT AGG(d.n) FROM (SELECT c AS n FROM F
    WHERE w GROUP BY g HAVING h) d)``: the window runs over the groups HAVING keeps, one
    partition of them all, the same rows the copy groups (``F`` table scans, no subquery:
    the copy reads nothing outside). A count is an integer, so its extremum and sum are one
    value whatever the order. "The groups of the most rows" as ``COUNT(*) = MAX(COUNT(*))
    OVER ()`` meets ``HAVING COUNT(*) = (SELECT MAX(n) ..)``. ``SUM(COUNT(..)) OVER ()``
    without HAVING is ``(SELECT COUNT(..) FROM F WHERE w)``: the window is read on a group's
    row, so a row is kept, and the groups' counts add up to the count of the kept rows
    (the share of each group, ``COUNT(*) * 100.0 / SUM(COUNT(*)) OVER ()``). ``MAX`` or
    ``MIN`` of a group's SUM/AVG of a column (``_summed``: reals, or typed integers) too,
    "the groups of the greatest total" reusing the aggregate in a window (SlabCity): the
    copy computes each group's value anew, equal under ``exact_reals`` /
    ``integer_sums_exact``, which the proof states (``proofs.REORDERING``, ``REGROUPING``)."""
    if not (isinstance(q, ir.Select) and q.aggregate and q.group_by and q.bare_from is None):
        return q
    scans = _scans(q.source)
    if scans is None or any(e is not None and _has_sub(e) for e in
                            (q.where, q.having, *q.group_by, *_on_conds(q.source))):
        return q
    if not any(isinstance(y, ir.Window) and _group_window(y, typed) for e in q.items for y in ir.local_nodes(e)):
        return q
    rename = {a: f"{a}_gw" for a in scans}

    def copy(e):
        return _deep(e, lambda y: dataclasses.replace(y, alias=rename[y.alias])
                     if isinstance(y, ir.Col) and y.alias in rename else y)

    def subquery(w):
        c = w.args[0] if w.args else None
        if (w.fn == WindowFn.SUM and q.having is None and isinstance(c, ir.Agg) and not c.distinct):
            # (the window is read on a group's row only, so some row is kept: the sum of
            # the groups' counts is the count of the kept rows, never the NULL of none)
            total = ir.Select(_renamed_source(q.source, rename), copy(q.where), (), None,
                              (copy(c),), False, (), None, 0, True, ())
            return ir.ScalarSub(total, w.ty)
        value = ir.Lit(1, Ty.INT) if w.fn == WindowFn.COUNT_STAR else copy(w.args[0])
        inner = ir.Select(_renamed_source(q.source, rename), copy(q.where), copy(q.group_by),
                          copy(q.having), (value,), False, (), None, 0, True, ())
        alias = "_".join(sorted(scans)) + "_gwd"
        n = None if w.fn == WindowFn.COUNT_STAR else ir.Col(alias, "#0", value.ty, None)
        top = ir.Select(ir.Derived(inner, alias, ("#0",)), None, (), None,
                        (ir.Agg(_GROUP_WINDOWS[w.fn], n, False, w.ty),), False, (), None, 0, True, ())
        return ir.ScalarSub(top, w.ty)

    items = tuple(_map_windows(e, lambda w: subquery(w) if _group_window(w, typed) else w) for e in q.items)
    return dataclasses.replace(q, items=items)


def filtered_group_window_view(q, typed: bool = False):
    """``SELECT f(d..) FROM (SELECT .. , AGG(c) OVER () AS m .. GROUP BY g ..) d WHERE p(d..)``,
    the view's windows all ``group_window_as_subquery``'s, the outer select a plain
    projection (no aggregate, DISTINCT, LIMIT; no subquery), is the view's grouping with
    ``p`` in HAVING and ``f`` as its items, each window its subquery: each row of the view is
    one group, ``p`` and ``f`` read its keys and aggregates as HAVING and the items do."""
    if not (isinstance(q, ir.Select) and isinstance(q.source, ir.Derived) and not q.aggregate
            and not q.group_by and q.having is None and q.limit is None and not q.offset
            and not q.distinct and q.bare_from is None):
        return q
    d, s = q.source, q.source.query
    if not (isinstance(s, ir.Select) and s.aggregate and s.group_by and not s.distinct
            and s.limit is None and not s.offset and not s.order):
        return q
    windows = [y for e in s.items for y in ir.local_nodes(e) if isinstance(y, ir.Window)]
    if not windows or not all(_group_window(w, typed) for w in windows):
        return q
    grouped = group_window_as_subquery(s, typed)
    if grouped is s or any(_has_sub(e) for e in (*q.items, q.where, *(k for k, _ in q.order))
                           if e is not None):
        return q
    rep = {(d.alias, n): e for n, e in zip(d.names, grouped.items, strict=True)}
    having = [*_conjuncts(grouped.having), *(_replace_cols(c, rep) for c in _conjuncts(q.where))]
    return dataclasses.replace(grouped, items=_replace_cols(q.items, rep), having=_and(having),
                               order=tuple((_replace_cols(k, rep), x) for k, x in q.order),
                               names=q.names)


def _group_window(w: ir.Window, typed: bool = False) -> bool:
    if w.fn not in _GROUP_WINDOWS or w.partition or w.order or not _whole_partition(w):
        return False
    if w.fn == WindowFn.COUNT_STAR:
        return not w.args
    return len(w.args) == 1 and (_counted(w.args[0]) or (
        w.fn in (WindowFn.MAX, WindowFn.MIN) and _summed(w.args[0], typed)))




# ---- the registry's entries (``rules.RULES`` adds them as ``Rule(*entry)``)

NUMBERED_GROUP_RULES = (
    TELESCOPING_RULE,  # the average gap between consecutive values as the span (canon/telescoping.py)
    ("numbered_row_as_group", "SELECT [DISTINCT] f(d.p..) FROM (SELECT p.., ROW_NUMBER() OVER "
     "(PARTITION BY p.. ORDER BY any) AS rn FROM F WHERE w) d WHERE d.rn = k (k >= 1), items "
     "reading only partition columns whose equal values are identical, is SELECT [DISTINCT] "
     "f(p..) FROM F WHERE w GROUP BY p.. HAVING COUNT(*) > k - 1: one row per partition of "
     "at least k rows", ("select",),
     lambda canon, q, ctx: numbered_row_as_group(q, canon.schema, canon.typed), True),
    ("top_rank_of_groups", "SELECT f(d..) FROM (SELECT .., RANK() OVER (ORDER BY c DESC) r FROM "
     "F WHERE w GROUP BY g HAVING h) d WHERE d.r = 1 (DENSE_RANK; ASC: MIN), c a COUNT (SUM/AVG "
     "of x WHERE keeps non-NULL: REAL, exact_reals stated; typed INTEGER, or of an INTEGER "
     "expression never NULL over inner joins), no partition, is SELECT f(..) FROM F WHERE w "
     "GROUP BY g HAVING h AND c = (SELECT MAX(n) "
     "FROM (SELECT c AS n FROM F WHERE w GROUP BY g HAVING h))", ("select",),
     lambda canon, q, ctx: top_rank_of_groups(q, canon.typed, canon.schema), True),
    ("partition_count_as_group", "SELECT DISTINCT f(d.p.., d.c..) FROM (SELECT p.., COUNT(*) "
     "OVER (PARTITION BY p..) AS c FROM F WHERE w) d WHERE g(d.p.., d.c..), keys read columns "
     "whose equal values are identical, is SELECT DISTINCT f(p.., COUNT(*)) FROM F WHERE w "
     "GROUP BY p.. HAVING g(p.., COUNT(*)): a partition's rows hold its keys and count alike",
     ("select",), lambda canon, q, ctx: partition_count_as_group(q, canon.schema, canon.typed), True),
    ("group_window_as_subquery", "MAX/MIN/SUM/COUNT(c) OVER () of a count c (or COUNT(*) OVER "
     "(); MAX/MIN of a SUM/AVG of a REAL or typed INTEGER column, exact sums stated) in SELECT .. FROM F WHERE w GROUP BY g HAVING h is (SELECT AGG(d.n) FROM (SELECT c AS "
     "n FROM F WHERE w GROUP BY g HAVING h) d): one partition of the groups HAVING keeps",
     ("select",), lambda canon, q, ctx: group_window_as_subquery(q, canon.typed), True),
    ("filtered_group_window_view", "SELECT f(d..) FROM (grouping with AGG(c) OVER () windows) d "
     "WHERE p(d..), a plain projection, is the grouping with p in HAVING, f its items, each "
     "window group_window_as_subquery's subquery", ("select",),
     lambda canon, q, ctx: filtered_group_window_view(q, canon.typed), True),
    *RUNNING_GROUP_RULES,  # running totals of groups (canon/running_groups.py)
)
