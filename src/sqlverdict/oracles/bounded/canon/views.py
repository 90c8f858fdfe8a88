"""View merging and predicate pushdown: ``merge_derived``, ``merge_preserved_derived``,
``merge_padded_derived``, ``push_into_derived``, ``having_to_where``."""

from __future__ import annotations

import dataclasses
import re

from .. import ir
from ..ir.kinds import Affinity, AggFn, CmpOp, JoinKind, LogicOp, SetOpKind, Ty
from .terms import (
    _aliases_in,
    _and,
    _conjuncts,
    _deep,
    _has_agg,
    _has_sub,
    _key,
    _leaves,
    _local_cols,
    _map_children,
    _on_conjuncts,
    _plain,
    _plain_grouped,
    _replace_cols,
    _tree_aliases,
    _windowless,
)
from .windows import _collated


def merge_derived(q: ir.Select, leaves: list, conds: list, dup_free: bool = False):
    """Inner-joined derived tables whose query is ``_plain`` over inner joins are merged
    into the outer select: their sources join the outer ones, their WHERE and ON conjuncts
    join the outer conjuncts, and every reference to one of their columns reads the
    expression it names (view merging; filter and projection transposes). Under a consumer
    that ignores duplicates, a DISTINCT derived table merges too. Returns (q, leaves,
    conds), with leaves None when nothing merged."""
    merged = False
    while True:
        leaf = next((x for x in leaves if _mergeable(x, dup_free)), None)
        if leaf is None:
            return q, (leaves if merged else None), conds
        merged = True
        inner = leaf.query
        rep = {(leaf.alias, n): item for n, item in zip(leaf.names, inner.items, strict=True)}
        q = dataclasses.replace(q, items=_replace_cols(q.items, rep),
                                group_by=_replace_cols(q.group_by, rep),
                                having=_replace_cols(q.having, rep),
                                order=_replace_cols(q.order, rep))
        conds = ([_replace_cols(c, rep) for c in conds] + _on_conjuncts(inner.source)
                 + _conjuncts(inner.where))
        leaves = [x for x in leaves if x is not leaf] + _leaves(inner.source)


def _mergeable(x, dup_free: bool) -> bool:
    if not (isinstance(x, ir.Derived) and isinstance(x.query, ir.Select)
            and len(set(x.names)) == len(x.names)):
        return False
    q = dataclasses.replace(x.query, distinct=False) if dup_free else x.query
    return _plain(q) and _leaves(q.source) is not None


def merge_preserved_derived(q: ir.Select) -> ir.Select:
    """A ``_plain`` derived table that no outer join pads with NULLs (not on the right of a
    LEFT JOIN, the left of a RIGHT JOIN or either side of a FULL JOIN) is its own FROM clause, its WHERE conjuncts move to the outer WHERE (a filter
    of the preserved side commutes with the join), its columns read their expressions."""
    if not isinstance(q.source, ir.Join):
        return q
    found: list = []

    def walk(src, padded):
        if isinstance(src, ir.Join):
            # a LEFT JOIN pads its right side, a RIGHT JOIN its left, a FULL JOIN both
            left = walk(src.left, padded or src.kind in (JoinKind.RIGHT, JoinKind.FULL))
            right = walk(src.right, padded or src.kind in (JoinKind.LEFT, JoinKind.FULL))
            return dataclasses.replace(src, left=left, right=right)
        if (not found and not padded and _mergeable(src, False)
                and _inner_only(src.query.source)):
            found.append(src)
            return src.query.source
        return src

    source = walk(q.source, False)
    if not found:
        return q
    leaf = found[0]
    inner = leaf.query
    rep = {(leaf.alias, n): item for n, item in zip(leaf.names, inner.items, strict=True)}
    out = _replace_cols(dataclasses.replace(q, source=source), rep)
    return dataclasses.replace(out, where=_and(_conjuncts(out.where) + _conjuncts(inner.where)))


def merge_padded_derived(q: ir.Select) -> ir.Select:
    """``A LEFT JOIN (SELECT b.x.. FROM B AS b WHERE p) AS d ON c`` is ``A LEFT JOIN B AS b
    ON c AND p``: a row of B that fails ``p`` matches no row of A either way, and a row of A
    that matches none is padded with NULLs either way. Only a derived table of one table
    whose items are its plain columns (a computed item such as ``COALESCE(b.x, 0)`` is not
    NULL on a padded row), no aggregate, DISTINCT, LIMIT or window; its columns read B's."""
    if not isinstance(q.source, ir.Join):
        return q
    found: list = []

    def walk(src):
        if not isinstance(src, ir.Join):
            return src
        left, right = walk(src.left), src.right
        if not found and src.kind == JoinKind.LEFT and _padded_view(right):
            found.append(right)
            inner = right.query
            return dataclasses.replace(src, left=left, right=inner.source,
                                       on=_and(_conjuncts(src.on) + _conjuncts(inner.where)))
        return dataclasses.replace(src, left=left, right=walk(right))

    source = walk(q.source)
    if not found:
        return q
    leaf = found[0]
    rep = {(leaf.alias, n): item for n, item in zip(leaf.names, leaf.query.items, strict=True)}
    return _replace_cols(dataclasses.replace(q, source=source), rep)


def _padded_view(x) -> bool:
    if not (isinstance(x, ir.Derived) and isinstance(x.query, ir.Select)
            and len(set(x.names)) == len(x.names)):
        return False
    inner = x.query
    return (_plain(inner) and not inner.group_by and inner.having is None and not inner.order
            and isinstance(inner.source, ir.Scan)
            and all(isinstance(i, ir.Col) and i.alias == inner.source.alias for i in inner.items))


def _inner_only(src) -> bool:
    return _leaves(src) is not None and not isinstance(src, ir.Join)


_EXACT = (Affinity.INTEGER, Affinity.REAL, Affinity.NUMERIC, Affinity.TEXT)

def push_into_derived(leaves: list, conds: list):
    """Conjuncts that read only one derived table move into it: into every operand of a
    compound (UNION [ALL], INTERSECT, EXCEPT keep a row iff its operands' copies do, and
    the conjunct reads the row's values only), into the HAVING of a grouped query when
    they read group keys and aggregates (a filter on a group's output row; no bare
    column; without GROUP BY, aggregates only: the one row's HAVING), into
    the WHERE of a SELECT DISTINCT when they answer alike for rows it takes for one
    (``_congruent``: DISTINCT then keeps the same rows)."""
    for i, leaf in enumerate(leaves):
        if not isinstance(leaf, ir.Derived) or len(set(leaf.names)) != len(leaf.names):
            continue
        mine = [c for c in conds if _reads_only(c, leaf.alias)]
        moved = []
        query = leaf.query
        for c in mine:
            pushed = _push(query, c, leaf)
            if pushed is not None:
                query = pushed
                moved.append(c)
        if moved:
            leaves = leaves[:i] + [dataclasses.replace(leaf, query=query)] + leaves[i + 1:]
            conds = [c for c in conds if not any(c is m for m in moved)]
    return leaves, conds


def _reads_only(c, alias: str) -> bool:
    """Does ``c`` read the columns of ``alias`` only: its subqueries, if any, uncorrelated
    and without LIMIT/OFFSET (each one value, the same wherever it is evaluated)?"""
    if not _has_sub(c):
        return _aliases_in(c) == {alias}
    subs = [y for y in ir.local_nodes(c) if isinstance(y, (ir.InSub, ir.Exists, ir.ScalarSub))]
    return ({a for a, _ in _local_cols(c)} <= {alias}
            and all(ir.free_aliases(y.query) <= {alias} and not _cut(y.query) for y in subs)
            and _aliases_in(c) & {alias} != set())


def _cut(q) -> bool:
    """Might a LIMIT or an OFFSET cut some query in ``q`` (read conservatively from its
    printed plan)?"""
    return re.search(r"limit=\d|offset=[1-9]", repr(q)) is not None


def _push(q, c, leaf):
    """``q`` with conjunct ``c`` (over ``leaf``'s columns) applied inside, or None."""
    if isinstance(q, ir.SetOp):
        if q.limit is not None or q.offset:
            return None
        items = q.left.items
        cols = _local_cols(c)
        for side in (q.left, q.right):  # the conjunct was typed against the left operand
            for n, (a, b) in enumerate(zip(items, side.items, strict=True)):
                if (leaf.alias, leaf.names[n]) in cols and (ir._ty(a), ir._aff(a)) != (ir._ty(b), ir._aff(b)):
                    return None
        if not (q.op == SetOpKind.UNION and q.all) and not _keeps_alike(q, c, leaf):
            return None
        left = _push_operand(q.left, c, leaf)
        right = _push_operand(q.right, c, leaf)
        return None if left is None or right is None else dataclasses.replace(q, left=left, right=right)
    if isinstance(q, ir.Select) and q.distinct and not q.aggregate and _congruent(c, leaf.alias):
        return _push_operand(q, c, leaf)
    return _push_operand(q, c, leaf) if isinstance(q, ir.Select) and q.aggregate else None


def _congruent(c, alias: str) -> bool:
    """Does ``c`` give one answer for rows that DISTINCT takes for one (``1`` and ``1.0``,
    strings equal under the column's collation)? Comparisons of a column with literals,
    IS NULL, IN of literals, and AND/OR/NOT of them do; ``typeof``, LIKE, ``||`` may not."""
    if isinstance(c, ir.Logic):
        return all(_congruent(a, alias) for a in c.args)
    if isinstance(c, ir.Not):
        return _congruent(c.arg, alias)
    if isinstance(c, ir.IsNull):
        return isinstance(c.arg, ir.Col) and c.arg.alias == alias
    if isinstance(c, ir.InList):
        return (isinstance(c.arg, ir.Col) and c.arg.alias == alias
                and all(isinstance(i, ir.Lit) for i in c.items))
    if isinstance(c, ir.Cmp):
        col, lit = (c.left, c.right) if isinstance(c.left, ir.Col) else (c.right, c.left)
        return isinstance(col, ir.Col) and col.alias == alias and isinstance(lit, ir.Lit)
    return False


def _keeps_alike(q: ir.SetOp, c, leaf) -> bool:
    """May ``c`` move below the duplicate removal of ``q`` (UNION, INTERSECT, EXCEPT)? It
    keeps one of equal rows (1 and 1.0 in a column without affinity: UNION shows the
    last), so ``c`` must answer alike for equal values (``_congruent``), or every operand
    column ``c`` reads must hold equal values only as identical ones (an affinity of
    ``_EXACT``). Without it ``typeof(a) = 'integer'`` or ``a LIKE '1'`` above a UNION of 1
    and 1.0 keeps no row, and below it keeps 1."""
    if _congruent(c, leaf.alias):
        return True
    read = {n for n, name in enumerate(leaf.names) if (leaf.alias, name) in _local_cols(c)}
    stack, selects = [q], []
    while stack:
        x = stack.pop()
        if isinstance(x, ir.SetOp):
            stack += [x.left, x.right]
        else:
            selects.append(x)
    return all(isinstance(x.items[n], ir.Col) and x.items[n].affinity in _EXACT
               for x in selects for n in read)


def _push_operand(q, c, leaf):
    if isinstance(q, ir.SetOp):
        return _push(q, c, leaf)
    if q.limit is not None or q.offset or q.bare_from is not None or not _windowless(q):
        return None
    rep = {(leaf.alias, n): item for n, item in zip(leaf.names, q.items, strict=True)}
    if q.aggregate and any(_has_agg(rep[k]) for k in _sub_reads(c, {leaf.alias}) if k in rep):
        return None  # an aggregate moved into a sub-query would be read as the sub-query's own
    moved = _replace_cols(c, rep)
    if not q.aggregate:
        return dataclasses.replace(q, where=_and(_conjuncts(q.where) + [moved]))
    keys = {(g.alias, g.name) for g in q.group_by if isinstance(g, ir.Col)}
    if not _cols_outside_aggregates(moved) <= keys or not _subquery_cols(moved, q) <= keys:
        return None  # a column outside an aggregate reads a group's key, not a bare row
    # without GROUP BY the one row of the aggregates (Calcite's FilterAggregateTransposeRule,
    # "Planner rule that pushes a Filter past an Aggregate", on the empty key list: a
    # filter of the one output row is its HAVING, which SQLite reads since 3.39)
    return dataclasses.replace(q, having=_and(_conjuncts(q.having) + [moved]))


def _subquery_cols(e, q) -> set:
    """(alias, column) of ``q``'s sources that the subqueries of ``e`` read."""
    return _sub_reads(e, set(_tree_aliases(q.source)) if q.source is not None else set())


def _sub_reads(e, mine: set) -> set:
    """(alias, column) of the aliases ``mine`` that the subqueries of ``e`` read."""
    out: set = set()

    def read(c):
        if isinstance(c, ir.Col) and c.alias in mine:
            out.add((c.alias, c.name))
        return c

    for y in ir.local_nodes(e):
        if isinstance(y, (ir.InSub, ir.Exists, ir.ScalarSub)):
            _deep(y.query, read)
    return out


def _cols_outside_aggregates(e) -> set:
    out, stack = set(), [e]
    while stack:
        y = stack.pop()
        if isinstance(y, ir.Col):
            out.add((y.alias, y.name))
        elif isinstance(y, ir.Agg):
            continue
        elif isinstance(y, (ir.InSub, ir.Exists, ir.ScalarSub)):
            if isinstance(y, ir.InSub):
                stack.append(y.arg)
        elif isinstance(y, ir.Expr):
            _map_children(y, lambda ch: stack.append(ch) or ch)
    return out


# ---- grouping


def having_to_where(q: ir.Select) -> ir.Select:
    """HAVING conjuncts that read GROUP BY key columns only (no aggregate, no subquery)
    filter rows before grouping instead: a group's key is the key of each of its rows.
    Also a conjunct whose subqueries read such keys, of INTEGER, REAL, NUMERIC or TEXT
    affinity (equal values identical, so the rows of a group read one value)."""
    if not q.aggregate or not q.group_by or q.having is None:
        return q
    keys = {(g.alias, g.name) for g in q.group_by if isinstance(g, ir.Col)}
    exact = {(g.alias, g.name) for g in q.group_by
             if isinstance(g, ir.Col) and g.affinity in _EXACT}
    move = [c for c in _conjuncts(q.having)
            if not _has_agg(c) and not _has_sub(c) and _local_cols(c) and _local_cols(c) <= keys]
    # a conjunct with a subquery reading only keys of an affinity under which equal values
    # are identical (PushDownLeftSemiAntiJoin's EXISTS on a group key): each row of the
    # group reads the group's own key values
    move += [c for c in _conjuncts(q.having)
             if _has_sub(c) and not _has_agg(c) and not _cut(c)
             and _local_cols(c) | _subquery_cols(c, q) <= exact and _subquery_cols(c, q)]
    if not move:
        return q
    keep = [c for c in _conjuncts(q.having) if not any(c is m for m in move)]
    return dataclasses.replace(q, where=_and(_conjuncts(q.where) + move), having=_and(keep))




# ---- one-row derived tables


def one_row_derived(q: ir.Select, leaves: list, conds: list):
    """An inner-joined derived table that returns exactly one row, an aggregate select
    without GROUP BY, HAVING, LIMIT/OFFSET, window function or bare column, beside other
    sources: the join pairs each row of the others with that row once, so the derived table
    goes and each of its columns reads as the scalar subquery of its item (which returns
    that row's value; over an empty table too: ``COUNT`` 0, ``SUM`` NULL). TPC-H Q22's
    ``c_acctbal > (SELECT AVG(c_acctbal) ...)`` against ``customer, (SELECT AVG(..) AS
    avgbal ...) AS a WHERE c_acctbal > a.avgbal``. Returns (q, leaves, conds), leaves None
    when nothing changed."""
    if len(leaves) < 2:
        return q, None, conds
    leaf = next((x for x in leaves if _one_row(x)), None)
    if leaf is None:
        return q, None, conds
    inner = leaf.query
    rep = {}
    for name, item in zip(leaf.names, inner.items, strict=True):
        one = dataclasses.replace(inner, items=(item,), names=(name,), order=())
        rep[(leaf.alias, name)] = ir.ScalarSub(one, item.ty)
    q = dataclasses.replace(
        q, items=_replace_cols(q.items, rep), group_by=_replace_cols(q.group_by, rep),
        having=_replace_cols(q.having, rep), order=_replace_cols(q.order, rep))
    return q, [x for x in leaves if x is not leaf], [_replace_cols(c, rep) for c in conds]


def _one_row(x) -> bool:
    if not isinstance(x, ir.Derived) or not isinstance(x.query, ir.Select):
        return False
    s = x.query
    return (s.aggregate and not s.group_by and s.having is None and s.limit is None
            and not s.offset and s.bare_from is None and _windowless(s) and s.items
            and len(s.items) == len(x.names)
            and all(not _cols_outside_aggregates(i) for i in s.items))


# ---- a scalar subquery reading one group


_EMPTY_NULL = (AggFn.MIN, AggFn.MAX, AggFn.SUM, AggFn.AVG)  # aggregates that read NULL over no rows


def scalar_of_group(q: ir.Select) -> ir.Select:
    """``(SELECT d.a FROM (SELECT g, AGG(x) AS a FROM F WHERE w GROUP BY g) AS d WHERE d.g
    = o)`` is ``(SELECT AGG(x) FROM F WHERE w AND g = o)`` for AGG MIN, MAX, SUM or AVG (or
    arithmetic of one with literals, NULL over no rows too), every key ``g`` a column
    equated to a column ``o`` of its storage class and affinity (``=`` converts
    neither, so it tells values apart as GROUP BY does): at most one group has ``g = o``,
    its rows are those of ``F`` where ``w`` and ``g = o`` hold, and when none has (``o``
    NULL, or no such row) the subquery reads NULL, as AGG over no rows does. TPC-H Q2's
    minimum supply cost per part (Calcite's SubQueryRemoveRule)."""
    return _deep(q, lambda e: _one_group(e) if isinstance(e, ir.ScalarSub) else e)


def _one_group(e: ir.ScalarSub):
    sq = e.query
    if not (isinstance(sq, ir.Select) and isinstance(sq.source, ir.Derived) and not sq.aggregate
            and not sq.group_by and sq.having is None and not sq.distinct and sq.limit is None
            and not sq.offset and sq.bare_from is None and len(sq.items) == 1):
        return e
    d, inner = sq.source, sq.source.query
    if not (_plain_grouped(inner) and len(inner.items) == len(d.names)):
        return e
    item, links = sq.items[0], _conjuncts(sq.where)
    if not (isinstance(item, ir.Col) and item.alias == d.alias
            and len(links) == len(inner.group_by)):
        return e
    keys = []
    for c in links:
        pair = _key_link(c, d, inner, null_safe=True)
        if pair is None:
            return e
        keys.append((c.op, *pair))
    if sorted(_key(g) for _, g, _ in keys) != sorted(_key(g) for g in inner.group_by):
        return e  # every group key equated (or IS, i62i: NULLs one group): at most one group
    agg = inner.items[d.names.index(item.name)]
    if not _null_over_no_rows(agg):
        return e
    one = dataclasses.replace(inner, where=_and(_conjuncts(inner.where)
                                                + [ir.Cmp(op, g, o) for op, g, o in keys]),
                              group_by=(), items=(agg,), names=(item.name,), order=())
    return dataclasses.replace(e, query=one)


def _key_link(c, d, inner, null_safe: bool = False):
    """(g, o) of a conjunct ``d.k = o`` (``null_safe``: or ``d.k IS o``, i62i: GROUP BY keeps
    the NULLs one group, so one group at most matches either way), ``k`` the item of the GROUP
    BY key ``g`` (a column) and ``o`` an outer column of its storage class and affinity; else
    None."""
    if not (isinstance(c, ir.Cmp) and c.op in ((CmpOp.EQ, CmpOp.IS) if null_safe else (CmpOp.EQ,))
            and not c.conv):
        return None
    key, o = (c.left, c.right) if isinstance(c.left, ir.Col) and c.left.alias == d.alias else (c.right, c.left)
    if not (isinstance(key, ir.Col) and key.alias == d.alias and isinstance(o, ir.Col)
            and key.name in d.names):
        return None
    g = inner.items[d.names.index(key.name)]
    if not (isinstance(g, ir.Col) and g in inner.group_by and d.alias not in _aliases_in(o)
            and o.ty == g.ty == key.ty and o.ty in (Ty.INT, Ty.REAL, Ty.TEXT)
            and o.affinity == g.affinity == key.affinity):
        return None
    return g, o


def _null_over_no_rows(x) -> bool:
    """Is ``x`` NULL when its aggregates read no row: MIN, MAX, SUM or AVG, or arithmetic
    of such an aggregate with a literal number (NULL in, NULL out)."""
    if isinstance(x, ir.Agg):
        return x.fn in _EMPTY_NULL
    if isinstance(x, ir.Arith):
        sides = (x.left, x.right)
        return any(_null_over_no_rows(a) for a in sides) and all(
            _null_over_no_rows(a) or (isinstance(a, ir.Lit) and a.ty in (Ty.INT, Ty.REAL))
            for a in sides)
    return False


# ---- a join with a grouped derived table as a correlated scalar subquery

_STRICT = (CmpOp.EQ, CmpOp.NE, CmpOp.LT, CmpOp.LE, CmpOp.GT, CmpOp.GE)


def join_as_scalar_subquery(q: ir.Select, leaves: list, conds: list, schema=None):
    """An inner-joined grouped derived table ``d`` (each GROUP BY key a column and an item)
    equated on every key to columns of the other sources (``d.k = o``, one storage class
    and affinity: at most one row of ``d`` matches), whose other columns are read only as
    an operand of a WHERE comparison (``e > d.a``, NULL when ``d.a`` is), goes: each
    ``d.a`` reads ``(SELECT d.a FROM d WHERE d.k = o)``; an operand may compute on ``d.a``
    with arithmetic (``e > d.a - 1``: NULL with it, issue 25 i41c). A row without a matching group is
    dropped by the join, and by the comparison with the subquery's NULL (Spark's
    RewriteCorrelatedScalarSubquery read backwards; TPC-H Q20). Then ``scalar_of_group``.
    A key equated to two outer columns (``d.k = o1 AND d.k = o2``: the parent and the child
    both joined on it, i60f) keeps ``o1 = o2``: ``d.k = o1`` TRUE makes ``d.k = o2`` and ``o1 =
    o2`` agree, all three of one class and affinity (no conversion), given ``schema`` to see
    that no table is collated (BINARY equality is transitive). Returns (q, leaves, conds),
    leaves None when nothing changed."""
    if len(leaves) < 2:
        return q, None, conds
    outside = (*q.items, *q.group_by, q.having, *(k for k, _ in q.order), q.bare_from)
    for d in leaves:
        if not (isinstance(d, ir.Derived) and d.alias not in _aliases_in(outside)):
            continue
        found = _scalar_links(d, conds, schema is not None and not _collated(tuple(leaves), schema))
        if found is None:
            continue
        links, rest, twins = found
        sub = {}
        for name in d.names:
            col = next((x for x in ir.local_nodes(tuple(rest))
                        if isinstance(x, ir.Col) and x.alias == d.alias and x.name == name), None)
            if col is not None:
                one = ir.Select(d, _and(links), (), None, (col,), False, (), None, 0, False, (name,))
                sub[(d.alias, name)] = ir.ScalarSub(one, col.ty)
        others = [c for c in conds if c not in links and c not in rest and c not in twins]
        return (q, [x for x in leaves if x is not d],
                others + list(twins.values()) + [_replace_cols(c, sub) for c in rest])
    return q, None, conds


def _strict_arith(x) -> bool:
    """Is ``x`` a column, or arithmetic of columns and literals (``d.a - 1``: NULL whenever
    a column in it is NULL, as SQLite's ``+ - * / %`` are)?"""
    return all(isinstance(y, (ir.Col, ir.Lit, ir.Arith, ir.Neg)) for y in ir.local_nodes(x))


def _drops_groupless(c, d, inner) -> bool:
    """Is ``c`` a comparison reading ``d``'s columns (not its keys) as operands, NULL when
    they are; or (i63a) an OR of such conditions (NULL when each is), an AND of conditions
    one of which is such and the others such or not reading ``d`` (FALSE or NULL when it is)?
    Either way ``c`` is not TRUE on a row that no group matched, whose ``d`` reads NULL."""
    if isinstance(c, ir.Logic) and c.op in (LogicOp.OR, LogicOp.AND) and c.args:
        found = [_drops_groupless(a, d, inner) for a in c.args]
        if c.op == LogicOp.OR:
            return all(found)
        return any(found) and all(f or d.alias not in _aliases_in(a) for f, a in zip(found, c.args, strict=True))
    return (isinstance(c, ir.Cmp) and c.op in _STRICT and not (c.left == c.right)
            and any(d.alias in _aliases_in(x) for x in (c.left, c.right))
            and all(_strict_arith(x) or d.alias not in _aliases_in(x) for x in (c.left, c.right))
            and not any(isinstance(x, ir.Col) and x.alias == d.alias
                        and inner.items[d.names.index(x.name)] in inner.group_by
                        for x in ir.local_nodes((c.left, c.right))))


def _comparisons(conds) -> list:
    """The comparisons of ``conds``, each AND or OR read through."""
    out = []
    for c in conds:
        out += _comparisons(c.args) if isinstance(c, ir.Logic) else [c] if isinstance(c, ir.Cmp) else []
    return out


def _scalar_links(d, conds: list, twins_ok: bool = False):
    """(the conjuncts ``d.k = o`` on every key of ``d``, the comparisons reading its other
    columns, {a second ``d.k = o2``: ``o1 = o2``} when ``twins_ok``), or None when ``d`` is
    no such table or is read otherwise."""
    inner = d.query
    if not (isinstance(inner, ir.Select) and inner.aggregate and inner.group_by
            and inner.bare_from is None and _windowless(inner) and len(inner.items) == len(d.names)
            and all(isinstance(g, ir.Col) and g in inner.items for g in inner.group_by)):
        return None
    rest, linked = [], {}
    for c in conds:
        if d.alias not in _aliases_in(c):
            continue
        pair = _key_link(c, d, inner, null_safe=True)
        if pair is not None and (_key(pair[0]) not in linked or twins_ok):
            linked.setdefault(_key(pair[0]), []).append((c, pair[1]))
        elif _drops_groupless(c, d, inner):
            rest.append(c)
        else:
            return None
    if set(linked) != {_key(g) for g in inner.group_by} or not rest:
        return None
    near = _aliases_in(tuple(x for c in _comparisons(rest) for x in (c.left, c.right)
                             if d.alias not in _aliases_in(x)))
    links, twins = [], {}
    for found in linked.values():  # the link to a column of the compared row's source first
        if len(found) > 1 and any(c.op == CmpOp.IS for c, _ in found):
            return None  # (the twin law is stated for = links)
        (c, o), *more = sorted(found, key=lambda f: f[1].alias not in near)
        links.append(c)
        twins.update({t: ir.Cmp(CmpOp.EQ, *sorted((o, o2), key=_key)) for t, o2 in more})
    return links, rest, twins


# ---- one aggregate row as a row of scalar subqueries


def aggregate_row_as_subqueries(q: ir.Select) -> ir.Select:
    """``SELECT a1, .., an FROM s WHERE p`` (aggregates without GROUP BY, HAVING, LIMIT/OFFSET,
    window function or bare column, n >= 2) is ``SELECT (SELECT a1 FROM s WHERE p), ..,
    (SELECT an FROM s WHERE p)``: both return exactly one row, each value the aggregate
    over the same rows (over none too: ``COUNT`` 0, ``SUM`` NULL). Calcite's
    AggregateExpandDistinctAggregatesRule computes each DISTINCT aggregate apart and joins
    the one-row results; in this form the items' queries canonicalize one by one."""
    if not (isinstance(q, ir.Select) and q.source is not None and _one_row(
            ir.Derived(q, "", tuple(f"#{i}" for i in range(len(q.items))))) and len(q.items) >= 2):
        return q
    subs = tuple(ir.ScalarSub(dataclasses.replace(q, items=(i,), names=(), order=(), distinct=False),
                              i.ty) for i in q.items)
    return ir.Select(None, None, (), None, subs, False, (), None, 0, False, q.names)


_ONE_FORM = (Affinity.INTEGER, Affinity.REAL, Affinity.NUMERIC, Affinity.TEXT)


def _keys_in_subqueries(q, d, v) -> bool:
    """Do the subqueries of ``q``'s items read ``d`` only through GROUP BY keys of ``v``
    that are columns of one form per group (i44d: a correlated count per group, Tableau's
    blend)? Such a key reads, in the merged grouping, the value every row of the group holds
    (an affinity that stores 1 and 1.0 alike); an aggregate column would become an
    aggregate inside the subquery."""
    for y in ir.local_nodes(q.items):
        if isinstance(y, (ir.InSub, ir.Exists, ir.ScalarSub)):
            for c in ir.nodes(y.query):
                if isinstance(c, ir.Col) and c.alias == d.alias:
                    key = v.items[d.names.index(c.name)] if c.name in d.names else None
                    if not (isinstance(key, ir.Col) and key in v.group_by and key.affinity in _ONE_FORM):
                        return False
    return True


def project_grouped_view(q):
    """``SELECT f(d.m, d.k) FROM (SELECT k, AGG(x) AS m .. GROUP BY k) AS d``, nothing else,
    is ``SELECT f(AGG(x), k) .. GROUP BY k`` (Calcite's ProjectAggregateMergeRule: "Planner
    rule that matches a Project on an Aggregate, projects away aggregate calls that are not
    used, and converts SUM0 to SUM"; a projection of a grouped view reads each group's one
    output row, so its expressions read the view's items). The view: an aggregate without
    DISTINCT, ORDER BY, LIMIT, OFFSET, bare-column rule or window function; the outer
    select: items only (no WHERE, GROUP BY, DISTINCT, ORDER BY, LIMIT, window), reading
    the view's columns outside subqueries, and inside them only its keys of one form per
    group (``_keys_in_subqueries``)."""
    if not (isinstance(q, ir.Select) and isinstance(d := q.source, ir.Derived)
            and q.where is None and not q.aggregate and not q.group_by and q.having is None
            and not q.distinct and q.limit is None and not q.offset and not q.order
            and q.bare_from is None and _windowless(q)):
        return q
    v = d.query
    if not (isinstance(v, ir.Select) and v.aggregate and not v.distinct and v.limit is None
            and not v.offset and not v.order and v.bare_from is None and _windowless(v)
            and len(set(d.names)) == len(d.names)):
        return q
    if not _keys_in_subqueries(q, d, v):
        return q
    if all(isinstance(i, ir.Col) for i in q.items):
        return q  # (columns only: inline_projection's)
    rep = {(d.alias, n): item for n, item in zip(d.names, v.items, strict=True)}
    return dataclasses.replace(v, items=tuple(_replace_cols(i, rep) for i in q.items),
                               names=q.names)
