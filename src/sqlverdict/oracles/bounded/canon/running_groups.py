"""Running totals over a grouped select as a correlated aggregate of the rows (issue 25, i54b):
``grouped_running_window``.

A report's running total of a grouping (Metabase's cumulative count, Looker's running total,
a ledger's running balance, "submissions so far by day") is written with a window over the
groups, ``SUM(COUNT(*)) OVER (ORDER BY day)``, or by hand as the correlated count of the rows
up to the group's key, ``(SELECT COUNT(*) FROM T b WHERE b.day <= d.day)``. The rule brings
the window to the hand-written form:

In ``SELECT .. FROM F WHERE w GROUP BY g..`` (``F`` inner joins of table scans, no HAVING, no
subquery in ``w`` or an ON, no collated table), a window ``SUM(COUNT(*))``, ``SUM(COUNT(x))``,
``SUM(SUM(x))``, ``MIN(MIN(x))`` or ``MAX(MAX(x))`` ``OVER (PARTITION BY p.. ORDER BY k..)``
whose keys are GROUP BY columns, each ORDER BY key never NULL on a kept row, over the running
frame (RANGE UNBOUNDED PRECEDING .. CURRENT ROW, the default; ROWS only when every group key
is among the window's keys) is ``(SELECT AGG(x') FROM F' WHERE w' AND p' IS p .. AND
k' <=lex k)``, ``F'`` a copy of ``F`` under fresh aliases.

Why it holds in SQLite: the window runs over the groups; its frame at a group holds the
groups of its partition whose keys are ``<=lex`` its own (RANGE: peers included; ROWS: no two
groups of a partition are peers when every group key is a window key, so ROWS is RANGE).
Each group is the kept rows whose key columns equal its keys (GROUP BY ties values as ``=``
does, BINARY collation), and ``<``, ``=`` on the values of one column compare as ORDER BY
does, so the rows of the groups in the frame are exactly the kept rows of the copy with
``p' IS p`` (PARTITION BY puts NULLs together; ``=`` where never NULL) and ``k' <=lex k``.
The group of the current row is in its frame, so the frame is never empty: the sum of the
groups' counts is the count of those rows (an integer, never the NULL of no groups), the sum
of the groups' sums their sum (NULL exactly when every ``x`` is NULL, as a group's SUM is;
REAL once a REAL is summed, both ways), an extremum of extrema the extremum (of a column
whose equal values are one value, ``partitions._order_blind``: which of two equal values
of two classes a MIN keeps follows the order it reads them in). A SUM adds the
same values in another grouping: for REAL values the proof states ``exact_reals``, for typed
INTEGER ones ``integer_sums_exact`` (``proofs.REORDERING``, ``REGROUPING``); other SUMs are
left alone. Near misses: HAVING (the frame reads only kept groups), an ORDER BY key that may
be NULL (``<=`` never holds on NULL, the NULL group sorts first), a ROWS frame over a key that
is not every group key (peers cut anyhow), ``COUNT(*) OVER (..)`` (it counts groups).

Round 61 (i61e): a RANGE frame over one ORDER BY key that holds the current row (``n PRECEDING``
.. ``m FOLLOWING``, offsets over a typed INTEGER key) is read alike with
``frame_predicates.frame_conds`` in place of ``<=lex``: the groups in the frame are those whose
key lies in the range, their rows the kept rows whose key does, and the frame is never empty.

The hand-written side shows the running value once per key, as a grouping without aggregates
or as a DISTINCT view; two laws bring both to ``SELECT DISTINCT k.., (subquery of k..) FROM F
WHERE w``, each with every key ``k`` a column whose equal values are identical
(``top_one._identity_key``: TEXT, REAL, typed INTEGER; BINARY), so that whichever row
stands for a key, the subquery reads the same value and shows the same row:

- ``keyed_subquery_group_as_distinct``: ``SELECT k.., s.. FROM F WHERE w GROUP BY k..``
  without aggregates or HAVING (inner joins), every key an item, every other item a scalar
  subquery reading of the outer rows only keys, is ``SELECT DISTINCT k.., s..`` (one row
  per group either way; ``group_by_as_distinct`` for items of keys only);
- ``distinct_view_with_keyed_subqueries``: ``SELECT d.k.., s(d.k..).. FROM (SELECT DISTINCT
  k.. FROM F WHERE w) d`` (nothing else outside), every view column an item, every other
  item a scalar subquery reading of ``d`` only its columns, one comparing a column of ``d``
  by an order (the rows up to a key; A/B-measured: a subquery linked by ``=`` only, read per
  row of ``F``, keeps the bounded solver past its budget on Materialize's top-1, and the
  existing rules read such a view as a grouping), is ``SELECT DISTINCT k.., s(k..).. FROM F
  WHERE w``: the rows of ``F`` that share their keys share their subqueries,
  so DISTINCT keeps one row per view row (no alias of ``F`` read inside the subqueries).
"""

from __future__ import annotations

import dataclasses

from ....types import Schema
from .. import ir
from ..ir.kinds import Affinity, AggFn, CmpOp, FrameUnit, FuncName, Ty, WindowFn
from .frame_predicates import frame_conds, holds_row, offset_key, range_bounds
from .partitions import _order_blind
from .rank_counts import _inner, _never_null
from .running import _lex, _running_frame
from .terms import (
    _aliases_in,
    _and,
    _conjuncts,
    _deep,
    _has_agg,
    _has_sub,
    _key,
    _leaves,
    _replace_cols,
)
from .tie_breaks import _on_conds, _renamed_source
from .top_one import _identity_key, _scans
from .windows import _collated, _map_windows


def _summed(c, typed: bool) -> bool:
    """Is ``c`` a SUM or AVG (not DISTINCT) of a REAL column (the proof states
    ``exact_reals``: the copy adds a group's reals apart, ``proofs.REORDERING``) or, typed,
    of an INTEGER one (``integer_sums_exact``, ``proofs.REGROUPING``)? Then each group's
    value is one number whichever query computes it, and MAX/MIN over the groups pick equal
    values alike (a NULL sum of a group skipped by both)."""
    return (isinstance(c, ir.Agg) and c.fn in (AggFn.SUM, AggFn.AVG) and not c.distinct
            and isinstance(x := c.arg, ir.Col)
            and (x.ty == Ty.REAL or (typed and x.ty == Ty.INT and x.affinity == Affinity.INTEGER)))


def _summed_expression(c, typed: bool) -> bool:
    """Typed only: is ``c`` a SUM (not DISTINCT) of INTEGER arithmetic (``+ - * / %``,
    negation) of integer literals and INTEGER columns of INTEGER affinity? Each row's value is
    one integer in both queries (declared classes hold), added in another grouping: exact
    while no partial sum overflows (``integer_sums_exact``, as for a column). Never REAL: a
    REAL expression's values (``salary * 1.5 - age``) are not the group sums of a column the
    proof's ``exact_reals`` names, and SQLite rounds the two groupings apart on small values
    (17.4 + -5 against 10 + 2.4: i58f's attack)."""
    if not (typed and isinstance(c, ir.Agg) and c.fn == AggFn.SUM and not c.distinct
            and c.arg is not None and c.arg.ty == Ty.INT):
        return False
    for y in ir.nodes(c.arg):
        if isinstance(y, ir.Col):
            if not (y.ty == Ty.INT and y.affinity == Affinity.INTEGER):
                return False
        elif isinstance(y, ir.Lit):
            if not (isinstance(y.value, int) and not isinstance(y.value, bool) and y.ty == Ty.INT):
                return False
        elif not (isinstance(y, (ir.Arith, ir.Neg)) and y.ty == Ty.INT):
            return False
    return True


# the window's function -> the group aggregates it composes with (into the aggregate of the rows)
_COMPOSED = {WindowFn.SUM: (AggFn.COUNT_STAR, AggFn.COUNT, AggFn.SUM),
             WindowFn.MIN: (AggFn.MIN,), WindowFn.MAX: (AggFn.MAX,)}


def _order_keys(w: ir.Window, q: ir.Select, scans: dict, schema: Schema) -> list | None:
    """The window's ORDER BY keys (constant NULL tests of never-NULL keys left out) when each
    is a GROUP BY column never NULL on a kept row and the partition keys are GROUP BY columns
    too, else None."""
    groups = set(q.group_by)
    out = []
    for k, desc in w.order:
        if (isinstance(k, ir.Func) and k.name == FuncName.BOOL_INT and len(k.args) == 1
                and isinstance(k.args[0], ir.IsNull) and k.args[0].arg in groups
                and _never_null(k.args[0].arg, q, scans, schema, False)):
            continue  # NULLS FIRST/LAST of a key never NULL: the same for every group
        if k not in groups or not _never_null(k, q, scans, schema, False):
            return None
        out.append((k, desc))
    if not out or not all(p in groups for p in w.partition):
        return None
    return out


def _running(q: ir.Select, w: ir.Window, scans: dict, schema: Schema, typed: bool):
    """``w`` as the correlated aggregate of the rows (the module), else ``w``."""
    if w.fn not in _COMPOSED or len(w.args) != 1:
        return w
    agg = w.args[0]
    if not (isinstance(agg, ir.Agg) and agg.fn in _COMPOSED[w.fn] and not agg.distinct):
        return w
    if agg.fn == AggFn.SUM and not (_summed(agg, typed) or _summed_expression(agg, typed)):
        return w
    if agg.fn in (AggFn.MIN, AggFn.MAX) and not _order_blind(agg.fn, (agg.arg,)):
        return w  # (equal values of another class: which one a MIN keeps follows the order)
    if agg.arg is not None and (_has_sub(agg.arg) or any(
            isinstance(y, ir.Window) for y in ir.nodes(agg.arg))):
        return w
    unit, keys, bounds = _running_frame(w), _order_keys(w, q, scans, schema), None
    if unit is None and keys is not None and len(keys) == 1:
        bounds = range_bounds(w)  # a RANGE frame holding the row, offsets on a typed INTEGER key
        if bounds is None or not holds_row(bounds) or not offset_key(bounds, keys[0][0], typed):
            return w
    elif unit is None or keys is None:
        return w
    if unit == FrameUnit.ROWS and not set(q.group_by) <= {k for k, _ in keys} | set(w.partition):
        return w  # groups tied on every window key: ROWS cuts between them anyhow
    rename = {a: f"{a}_run" for a in scans}

    def copy(e):
        return _deep(e, lambda y: dataclasses.replace(y, alias=rename[y.alias])
                     if isinstance(y, ir.Col) and y.alias in rename else y)
    rep = {(k.alias, k.name): copy(k) for k, _ in keys}
    conds = [ir.Cmp(CmpOp.EQ if _never_null(p, q, scans, schema, False) else CmpOp.IS,
                    *sorted((p, copy(p)), key=_key)) for p in w.partition]
    conds += [_lex(keys, rep, CmpOp.LE)] if bounds is None else frame_conds(
        keys[0][0], copy(keys[0][0]), keys[0][1], bounds)
    sub = ir.Select(_renamed_source(q.source, rename), _and(_conjuncts(copy(q.where)) + conds), (),
                    None, (copy(agg),), False, (), None, 0, True, ())
    return ir.ScalarSub(sub, w.ty)


def grouped_running_window(q, schema: Schema, typed: bool = False):
    """See the module: running aggregates of group aggregates over the group keys as the
    correlated aggregate of the rows up to the group."""
    if not (isinstance(q, ir.Select) and q.aggregate and q.group_by and q.having is None
            and q.bare_from is None):
        return q
    if not any(isinstance(y, ir.Window) for e in q.items for y in ir.local_nodes(e)):
        return q
    scans = _scans(q.source)
    if (scans is None or not _inner(q.source) or _collated(q.source, schema)
            or not all(isinstance(g, ir.Col) and g.alias in scans for g in q.group_by)
            or any(e is not None and _has_sub(e) for e in (q.where, *_on_conds(q.source)))):
        return q
    items = tuple(_map_windows(e, lambda w: _running(q, w, scans, schema, typed)) for e in q.items)
    return q if items == q.items else dataclasses.replace(q, items=items)


def _keyed_subquery(e, keys: set, aliases: set) -> bool:
    """Is ``e`` a scalar subquery (no window) reading of the ``aliases`` only the ``keys``?"""
    names = {(k.alias, k.name) for k in keys}
    return isinstance(e, ir.ScalarSub) and all(
        (y.alias, y.name) in names for y in ir.nodes(e) if isinstance(y, ir.Col) and y.alias in aliases) and not any(
        isinstance(y, ir.Window) for y in ir.nodes(e))


def _ordered_link(e: ir.ScalarSub, alias: str) -> bool:
    """Does ``e`` compare a column of ``alias`` by an order (``<``, ``<=``, ``>``, ``>=``):
    the rows up to the key of a running total?"""
    return any(isinstance(y, ir.Cmp) and y.op in (CmpOp.LT, CmpOp.LE, CmpOp.GT, CmpOp.GE)
               and any(isinstance(z, ir.Col) and z.alias == alias for z in (y.left, y.right))
               for y in ir.nodes(e.query))


def _plain_scans(src) -> dict | None:
    """alias -> Scan of inner-joined table scans, else None."""
    leaves = _leaves(src)
    if leaves is None or not all(isinstance(x, ir.Scan) for x in leaves):
        return None
    return {x.alias: x for x in leaves}


def keyed_subquery_group_as_distinct(q, schema: Schema, typed: bool = False):
    """See the module: a grouping without aggregates whose items are its keys and scalar
    subqueries of its keys is a DISTINCT select."""
    if not (isinstance(q, ir.Select) and q.aggregate and q.group_by and q.having is None
            and q.bare_from is None and not q.distinct
            and not any(_has_agg(e) for e in (*q.items, *(k for k, _ in q.order)))):
        return q
    scans = _plain_scans(q.source)
    keys = set(q.group_by)
    if (scans is None or not all(_identity_key(k, scans, schema, typed) for k in keys)
            or not keys <= set(q.items) or any(_has_sub(k) for k, _ in q.order)):
        return q
    extra = [e for e in q.items if e not in keys]
    if not extra or not all(_keyed_subquery(e, keys, set(scans)) for e in extra):
        return q
    return dataclasses.replace(q, aggregate=False, group_by=(), distinct=True)


def distinct_view_with_keyed_subqueries(q, schema: Schema, typed: bool = False):
    """See the module: a projection of a DISTINCT view and scalar subqueries of its
    columns is the DISTINCT select of the view's rows with the subqueries."""
    if not (isinstance(q, ir.Select) and isinstance(q.source, ir.Derived) and not q.aggregate
            and not q.group_by and q.having is None and q.where is None and not q.distinct
            and not q.order and q.limit is None and not q.offset and q.bare_from is None):
        return q
    d, v = q.source, q.source.query
    if not (isinstance(v, ir.Select) and v.distinct and not v.aggregate and not v.group_by
            and v.having is None and not v.order and v.limit is None and not v.offset
            and v.bare_from is None and len(d.names) == len(v.items)):
        return q
    scans = _plain_scans(v.source)
    if scans is None or not all(_identity_key(k, scans, schema, typed) for k in v.items):
        return q
    cols = {ir.Col(d.alias, n, e.ty, e.affinity) for n, e in zip(d.names, v.items, strict=True)}
    if not {(c.alias, c.name) for c in cols} <= {(e.alias, e.name) for e in q.items
                                                   if isinstance(e, ir.Col)}:
        return q
    extra = [e for e in q.items if not (isinstance(e, ir.Col) and e.alias == d.alias)]
    if not extra or not all(_keyed_subquery(e, cols, {d.alias}) and _ordered_link(e, d.alias)
                            for e in extra):
        return q  # (a subquery linked by = only stays per view row: solved faster so)
    if any(_aliases_in(e.query) & set(scans) for e in extra):
        return q  # a subquery reading an alias of F: the merged columns would meet it
    rep = {(d.alias, n): e for n, e in zip(d.names, v.items, strict=True)}
    return ir.Select(v.source, v.where, (), None, _replace_cols(q.items, rep), True, (), None, 0,
                     False, q.names)


# ---- the registry's entries (``numbered_groups.NUMBERED_GROUP_RULES`` ends with them, so
# ``rules.RULES`` adds them as ``Rule(*entry)`` right after its own)

RUNNING_GROUP_RULES = (
    ("grouped_running_window", "in SELECT .. FROM F WHERE w GROUP BY g.. (inner joins, no "
     "HAVING), SUM(COUNT(*)/COUNT(x)/SUM(x)), MIN(MIN(x)), MAX(MAX(x)) OVER (PARTITION BY p "
     "ORDER BY k) over the running frame, keys GROUP BY columns, k never NULL (ROWS: every group "
     "key a window key; SUM(x): REAL, exact_reals stated, or typed INTEGER) is (SELECT AGG(x) "
     "FROM F' WHERE w' AND p' IS p AND k' <=lex k): the rows of the groups up to the group",
     ("select",), lambda canon, q, ctx: grouped_running_window(q, canon.schema, canon.typed), True),
    ("keyed_subquery_group_as_distinct", "SELECT k.., s.. FROM F WHERE w GROUP BY k.. without "
     "aggregates or HAVING (inner joins), every key an item whose equal values are identical, "
     "every other item a scalar subquery reading only keys of the outer rows, is SELECT "
     "DISTINCT k.., s..", ("select",),
     lambda canon, q, ctx: keyed_subquery_group_as_distinct(q, canon.schema, canon.typed), True),
    ("distinct_view_with_keyed_subqueries", "SELECT d.k.., s(d.k..) FROM (SELECT DISTINCT k.. "
     "FROM F WHERE w) d, every view column an item (equal values identical), every other a "
     "scalar subquery reading only d's columns, one by an order (<, <=: the rows up to a key), "
     "is SELECT DISTINCT k.., s(k..) FROM F WHERE w",
     ("select",),
     lambda canon, q, ctx: distinct_view_with_keyed_subqueries(q, canon.schema, canon.typed), True),
)
