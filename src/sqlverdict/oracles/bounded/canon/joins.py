"""Join elimination and subquery unnesting: ``outer_join_on_foreign_key``,
``simplify_outer_joins``, ``self_join_on_key``, ``null_safe_eq``, ``exists_to_in``."""

from __future__ import annotations

import dataclasses

from ....types import Schema
from .. import ir
from ..ir.kinds import Affinity, AggFn, CmpOp, FuncName, JoinKind, LogicOp, Ty
from .parent_sums import padded_zero_sum
from .terms import (
    FALSE,
    _aliases_in,
    _aliases_list,
    _and,
    _conjuncts,
    _has_sub,
    _leaves,
    _map_children,
    _on_conjuncts,
    _replace_cols,
    _tree_aliases,
    _unique_keys,
    _windowless,
)

_EQ, _LEFT, _INNER = CmpOp.EQ, JoinKind.LEFT, JoinKind.INNER  # (module names: read per join)


def null_safe_eq(c, leaves: list, schema: Schema):
    """A conjunct ``x IS y`` of two columns one of which cannot be NULL (declared NOT NULL or
    primary key, of an inner-joined table) is ``x = y``: with ``x`` not NULL both are true
    exactly when ``y`` is ``x``, and where ``y`` is NULL one is false, the other NULL,
    which a conjunct drops alike."""
    if (isinstance(c, ir.Cmp) and c.op == CmpOp.IS and not c.conv
            and all(isinstance(x, ir.Col) for x in (c.left, c.right))
            and any(_not_null(x, leaves, schema) for x in (c.left, c.right))):
        return dataclasses.replace(c, op=CmpOp.EQ)
    return c


def self_join_on_key(q: ir.Select, leaves: list, conds: list, schema: Schema):
    """Two scans of one table joined on its whole primary key read the same row: the second
    is the first (its columns read the first's). Returns (q, leaves, conds), leaves None
    when no such pair."""
    scans = {x.alias: x for x in leaves if isinstance(x, ir.Scan)}
    pairs: dict = {}
    for c in conds:
        if (isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and not c.conv and isinstance(c.left, ir.Col)
                and isinstance(c.right, ir.Col) and c.left.name == c.right.name
                and c.left.alias in scans and c.right.alias in scans and c.left.alias != c.right.alias
                and scans[c.left.alias].table == scans[c.right.alias].table):
            a, b = sorted((c.left.alias, c.right.alias))
            pairs.setdefault((a, b), set()).add(c.left.name)
    for (a, b), cols in sorted(pairs.items()):
        pk = {k.lower() for k in schema.table(scans[a].table).primary_key}
        if pk and pk <= cols:
            rep = {(b, name): ir.Col(a, name, ty, aff) for name, ty, aff in scans[b].columns}
            q = dataclasses.replace(q, items=_replace_cols(q.items, rep),
                                    group_by=_replace_cols(q.group_by, rep),
                                    having=_replace_cols(q.having, rep), order=_replace_cols(q.order, rep))
            conds = [_replace_cols(c, rep) for c in conds]
            # (``a.k = a.k`` is NULL where ``a.k`` is: it stays for a key column that may hold
            # NULL, a rowid table's legacy, which the join on ``a.k = b.k`` never matched)
            t = schema.table(scans[a].table)
            conds = [c for c in conds if not (isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and c.left == c.right
                                              and isinstance(c.left, ir.Col) and c.left.name in pk
                                              and t.never_null(c.left.name))]
            return q, [x for x in leaves if x.alias != b], conds
    return q, None, conds


def _strict(e, aliases: set) -> bool:
    """Is ``e`` NULL whenever every column of ``aliases`` is NULL (a column of them, or
    arithmetic over one, or a SQLite built-in that is NULL on a NULL argument: ``||``,
    SQRT, ... ``ir.Opaque.strict``; never a function SQLite lacks or one such as TYPEOF)?"""
    if isinstance(e, ir.Col):
        return e.alias in aliases
    if isinstance(e, ir.Arith):
        return _strict(e.left, aliases) or _strict(e.right, aliases)
    if isinstance(e, ir.Neg):
        return _strict(e.arg, aliases)
    if isinstance(e, ir.Opaque) and e.strict:
        return any(_strict(a, aliases) for a in e.args)
    return False


def rejects_null(c, aliases: set) -> bool:
    """Is conjunct ``c`` never true on a row whose ``aliases`` columns are all NULL (the row
    an outer join adds)?"""
    if isinstance(c, ir.Cmp):
        return c.op not in (CmpOp.IS, CmpOp.IS_NOT) and (_strict(c.left, aliases) or _strict(c.right, aliases))
    if isinstance(c, (ir.Like, ir.InList, ir.InSub)):
        return _strict(c.arg, aliases)
    if isinstance(c, ir.Not):
        a = c.arg
        if isinstance(a, ir.IsNull):
            return _strict(a.arg, aliases)
        # ``NULL IN (empty)`` is FALSE, so ``NOT NULL IN (..)`` is TRUE over a sub-query
        # without rows (or an empty list): a NOT IN rejects nothing unless its list has items
        if isinstance(a, ir.InList):
            return bool(a.items) and rejects_null(a, aliases)
        return isinstance(a, (ir.Cmp, ir.Like)) and rejects_null(a, aliases)
    if isinstance(c, ir.Logic):
        parts = [rejects_null(a, aliases) for a in c.args]
        return any(parts) if c.op == LogicOp.AND else all(parts)
    return False


def _alias_counts(x) -> dict:
    out: dict = {}
    for a in _aliases_list(x):
        out[a] = out.get(a, 0) + 1
    return out


def simplify_outer_joins(q: ir.Select, schema: Schema, dup_free: bool) -> ir.Select:
    """LEFT JOINs that change nothing go: one whose added rows a WHERE conjunct rejects is
    an inner join; one whose right side no other part of the select reads is its left side
    when the ON clause equates a unique key of the right table (each left row has at most
    one match, so exactly one output row) or when the consumer ignores duplicates."""
    if not isinstance(q.source, ir.Join):
        return q
    where = _conjuncts(q.where)
    refs = _alias_counts(q)
    nulls: list = []

    def walk(j):
        if not isinstance(j, ir.Join):
            return j
        j = dataclasses.replace(j, left=walk(j.left), right=walk(j.right))
        if j.kind != JoinKind.LEFT:
            return j
        right = set(_tree_aliases(j.right))
        if any(rejects_null(c, right) for c in where):
            return dataclasses.replace(j, kind=JoinKind.INNER if j.on is not None else JoinKind.CROSS)
        if j.on == FALSE and isinstance(j.right, (ir.Scan, ir.Derived)):
            nulls.append(j.right)  # nothing matches: every left row, padded with NULLs
            return j.left
        own = _alias_counts(j.on)
        if isinstance(j.right, (ir.Scan, ir.Derived)) and all(
                refs.get(a, 0) == own.get(a, 0) for a in right):
            if dup_free or (isinstance(j.right, ir.Scan) and _unique_match(j, schema)):
                return j.left
        return j

    out = dataclasses.replace(q, source=walk(q.source))
    rep = {}
    for leaf in nulls:
        cols = leaf.columns if isinstance(leaf, ir.Scan) else [(n, None, None) for n in leaf.names]
        rep.update({(leaf.alias, c[0]): ir.Lit(None, Ty.NULL) for c in cols})
    return _replace_cols(out, rep)


def outer_join_on_foreign_key(q: ir.Select, schema: Schema) -> ir.Select:
    """``X LEFT JOIN P ON X.f = P.k`` is an inner join when ``X.f -> P.k`` is a declared
    foreign key (both sides of one storage class), ``P.k`` a unique key of ``P``, ``X.f``
    never NULL in ``X`` and ``X`` not padded by an outer join below: every row of ``X``
    then has exactly one partner (on every database that satisfies its keys and foreign
    keys), so no row is padded. The ON clause must be those equalities and nothing else.
    A join whose parent nothing but its ON clause reads, on a unique key, stays for
    ``simplify_outer_joins`` to drop (an inner join would leave a semijoin on ``P``)."""
    if not isinstance(q.source, ir.Join):
        return q
    refs = _alias_counts(q)

    def walk(j):
        if not isinstance(j, ir.Join):
            return j
        j = dataclasses.replace(j, left=walk(j.left), right=walk(j.right))
        if j.kind == _LEFT and _foreign_key_match(j, schema) and not (
                refs.get(j.right.alias, 0) == _alias_counts(j.on).get(j.right.alias, 0)
                and _unique_match(j, schema)):
            return dataclasses.replace(j, kind=_INNER)
        return j

    source = walk(q.source)
    return q if source == q.source else dataclasses.replace(q, source=source)


def _foreign_key_match(j: ir.Join, schema: Schema) -> bool:
    r, leaves = j.right, _leaves(j.left)
    if not isinstance(r, ir.Scan) or not leaves or j.on is None:
        return False
    pairs = {}  # (child alias, child column) -> parent column
    for c in _conjuncts(j.on):
        if not (isinstance(c, ir.Cmp) and c.op == _EQ and not c.conv
                and isinstance(c.left, ir.Col) and isinstance(c.right, ir.Col)):
            return False
        mine, other = (c.left, c.right) if c.left.alias == r.alias else (c.right, c.left)
        if mine.alias != r.alias or other.alias == r.alias:
            return False
        pairs[(other.alias, other.name)] = mine.name
    scans = {x.alias: x for x in leaves if isinstance(x, ir.Scan)}
    children = {a for a, _ in pairs}
    if len(children) != 1 or next(iter(children)) not in scans:
        return False
    child = schema.table(scans[next(iter(children))].table)
    parent = schema.table(r.table)
    unique = _unique_keys(parent)
    for fk, ref in ir.exact_foreign_keys(schema, child):
        cols = [c.lower() for c in fk.columns]
        refs = [c.lower() for c in fk.ref_columns]
        if (ref.name.lower() == r.table and refs in unique and len(cols) == len(pairs)
                and all(pairs.get((a, c)) == k for c, k in zip(cols, refs, strict=True)
                        for a in children)
                and all(child.never_null(c) for c in cols)):
            return True
    return False


def _unique_match(j: ir.Join, schema: Schema) -> bool:
    """Does the ON clause of ``j`` equate every column of a unique key of its right table
    (a Scan) with values of the left side, without conversions?"""
    r = j.right
    left = set(_tree_aliases(j.left))
    equated = set()
    for c in _conjuncts(j.on):
        if isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and not c.conv:
            for mine, other in ((c.left, c.right), (c.right, c.left)):
                if (isinstance(mine, ir.Col) and mine.alias == r.alias and ir._ty(other) == mine.ty
                        and _aliases_in(other) and _aliases_in(other) <= left and not _has_sub(other)):
                    equated.add(mine.name)
    t = schema.table(r.table)
    keys = _unique_keys(t)
    return any(k and set(k) <= equated for k in keys)


# ---- subqueries


def exists_to_in(c, schema: Schema, outer: list, prefer: bool = False):
    """A WHERE conjunct ``EXISTS (SELECT ... WHERE s.y = x AND rest)`` (one inner column equal
    to a value ``x`` of the outer row, same type, no conversion) is ``x IN (SELECT s.y ...
    WHERE rest)``: where a conjunct only keeps rows, true is true and NULL is as false as
    false. ``NOT EXISTS`` is ``NOT IN`` only when neither ``x`` nor ``s.y`` can be NULL (a
    declared NOT NULL or primary-key column of an inner-joined table): NOT IN is NULL, not
    true, next to a NULL. ``outer``: the outer select's inner-joined sources. A subquery
    grouped by ``s.y`` alone (``GROUP BY s.y HAVING h``) has one group, the rows with ``s.y =
    x``: the IN subquery keeps the GROUP BY and HAVING, and its group of ``x`` holds the
    same rows (values equal to ``x`` are equal to each other: one group). Grouped by other
    keys ``g`` (Neumann and Kemper's dependent grouping), the IN subquery groups by ``g,
    s.y``: the groups of the rows with ``s.y = x`` by ``g`` are the groups by ``g, s.y``
    whose ``s.y`` is ``x``. Grouped either way, no collation on ``s.y`` or ``x``: NOCASE
    equates values a binary comparison or GROUP BY keeps apart. ``prefer``: of several
    such equalities the one whose ``x`` reads only ``outer`` (the others, correlated to an
    enclosing select, stay in the subquery)."""
    neg = isinstance(c, ir.Not) and isinstance(c.arg, ir.Exists)
    ex = c.arg if neg else c
    if not isinstance(ex, ir.Exists) or not isinstance(ex.query, ir.Select):
        return c
    sq = ex.query
    if (sq.aggregate and not sq.group_by) or sq.offset or (sq.limit is not None and sq.limit < 1) \
            or sq.bare_from is not None or not _windowless(sq):
        return c
    leaves = _leaves(sq.source)
    if leaves is None:
        return c
    local = set(_tree_aliases(sq.source))
    conj = _on_conjuncts(sq.source) + _conjuncts(sq.where)
    picks = []
    for i, k in enumerate(conj):
        if not (isinstance(k, ir.Cmp) and k.op == CmpOp.EQ and not k.conv):
            continue
        for mine, other in ((k.left, k.right), (k.right, k.left)):
            if (isinstance(mine, ir.Col) and mine.alias in local and ir._ty(other) == mine.ty
                    and mine.ty in (Ty.INT, Ty.REAL, Ty.TEXT) and _aliases_in(other)
                    and not (_aliases_in(other) & local) and not _has_sub(other)):
                picks.append((i, mine, other))
                break
    if prefer and len(picks) > 1:  # (the one equality with the select's own row, if one)
        own = {x.alias for x in outer}
        picks = [pk for pk in picks if _aliases_in(pk[2]) <= own] or picks
    if len(picks) != 1:
        return c
    i, mine, other = picks[0]
    if neg and not (_not_null(mine, leaves, schema) and isinstance(other, ir.Col)
                    and _not_null(other, outer, schema)):
        return c
    keys = sq.group_by
    if keys and (_has_sub(sq.having) or _has_sub(keys)):
        return c
    if keys and (_collated_col(mine, leaves, schema) or _collated_col(other, outer, schema)):
        return c
    if keys and mine not in keys:
        keys = (*keys, mine)
    rest = conj[:i] + conj[i + 1:]
    flat = _flat_source(leaves)
    sub = ir.Select(flat, _and(rest), keys, sq.having if keys else None, (mine,),
                    False, (), None, 0, bool(sq.group_by), (mine.name,))
    insub = ir.InSub(other, sub)
    return ir.Not(insub) if neg else insub


def _collated_col(col, leaves, schema: Schema) -> bool:
    """Is ``col`` a column declared with a collation (or not a column of a scan among
    ``leaves``): there ``y = x`` may hold for values GROUP BY keeps apart."""
    scans = [x for x in leaves if isinstance(x, ir.Scan) and x.alias == getattr(col, "alias", None)]
    if not isinstance(col, ir.Col) or not scans:
        return True
    return col.name in {n.lower() for n in schema.table(scans[0].table).collated}


def _flat_source(leaves):
    src = leaves[0]
    for leaf in leaves[1:]:
        src = ir.Join(JoinKind.CROSS, src, leaf, None)
    return src


def _not_null(col: ir.Col, leaves, schema: Schema) -> bool:
    """Is ``col`` a NOT NULL or primary-key column of a table scanned among ``leaves``
    (inner-joined sources)?"""
    scans = [x for x in leaves if isinstance(x, ir.Scan) and x.alias == col.alias]
    if not scans:
        return False
    t = schema.table(scans[0].table)
    return any(c.name.lower() == col.name and t.never_null(c.name) for c in t.columns)




def right_join_as_left(q: ir.Select) -> ir.Select:
    """``A RIGHT JOIN B ON c`` is ``B LEFT JOIN A ON c``: the same pairs where ``c`` is TRUE
    and each unmatched ``B`` row padded with NULLs for ``A`` (the rows come in another order,
    so only where no consumer reads it; columns are read by alias, not by position)."""
    def swap(src):
        if not isinstance(src, ir.Join):
            return src
        left, right = swap(src.left), swap(src.right)
        if src.kind == JoinKind.RIGHT:
            return dataclasses.replace(src, kind=JoinKind.LEFT, left=right, right=left)
        if left is src.left and right is src.right:
            return src
        return dataclasses.replace(src, left=left, right=right)
    source = swap(q.source)
    return q if source is q.source else dataclasses.replace(q, source=source)


def anti_join(q: ir.Select) -> ir.Select:
    """``X LEFT JOIN S ON S.k = e AND p ... WHERE S.k IS NULL``, nothing else reading ``S``
    (a table), is ``X ... WHERE NOT EXISTS (SELECT 1 FROM S WHERE S.k = e AND p)``: a row
    of ``X`` with a partner has ``S.k`` equal to a value, so not NULL, and goes; one without
    is padded once and stays. (``exists_to_in`` then writes ``NOT IN`` where neither side
    can be NULL.) Only through inner joins from the top, so the WHERE filters the join."""
    conds = _conjuncts(q.where)
    for j in _inner_path_left_joins(q.source):
        s = j.right
        if not isinstance(s, ir.Scan):
            continue
        keys = {(x.alias, x.name) for c in _conjuncts(j.on)
                if isinstance(c, ir.Cmp) and c.op == CmpOp.EQ
                for x in (c.left, c.right) if isinstance(x, ir.Col) and x.alias == s.alias}
        test = next((c for c in conds if isinstance(c, ir.IsNull) and isinstance(c.arg, ir.Col)
                     and (c.arg.alias, c.arg.name) in keys), None)
        if test is None:
            continue
        rest = [c for c in conds if c is not test]
        source = _replace_join(q.source, j)
        outside = (q.items, q.group_by, q.having, q.order, rest, source)
        if s.alias in _aliases_in(outside):
            continue
        sub = ir.Select(s, j.on, (), None, (ir.Lit(1, Ty.INT),), False, (), None, 0, False, ("1",))
        return dataclasses.replace(q, source=source, where=_and(rest + [ir.Not(ir.Exists(sub))]))
    return q


def _inner_path_left_joins(src) -> list:
    """The LEFT joins reached from the top of ``src`` through inner and cross joins only."""
    if not isinstance(src, ir.Join):
        return []
    if src.kind == JoinKind.LEFT:
        return [src] + _inner_path_left_joins(src.left)
    if src.kind in (JoinKind.INNER, JoinKind.CROSS):
        return _inner_path_left_joins(src.left) + _inner_path_left_joins(src.right)
    return []


def _replace_join(src, j):
    """``src`` with the join ``j`` replaced by its left side."""
    if src is j:
        return j.left
    if not isinstance(src, ir.Join):
        return src
    left, right = _replace_join(src.left, j), _replace_join(src.right, j)
    return src if (left is src.left and right is src.right) else dataclasses.replace(src, left=left, right=right)


_EXACT_AFFINITY = (Affinity.INTEGER, Affinity.REAL, Affinity.NUMERIC, Affinity.TEXT)


def _per_row_aggregate(y, s, st, sums: bool = False):
    """The aggregate ``y`` over one X row's partners in ``S`` as a scalar subquery's item, or
    None: COUNT(S.c) (COUNT(*) when ``c`` cannot be NULL), COUNT(DISTINCT S.c), MIN/MAX of a
    column of an affinity under which equal values are identical (which of two tied rows
    gives the value does not show), or of a ranking CASE (``_ranking``). The padded row of an unmatched X row holds NULLs, which
    these skip: 0 or NULL, as over no row. Not SUM/AVG/TOTAL: they add in the join's order,
    which need not be S's (real sums depend on it); ``sums``: SUM or AVG of an INTEGER value
    too (``join_counts.summed_join_as_subquery``: the typed domain, integers add exactly, AVG
    dividing the same exact sum by the same count; the proof states ``integer_sums_exact``,
    ``proofs.REGROUPING``)."""
    if y.fn in (AggFn.MIN, AggFn.MAX) and not y.distinct and _ranking(y.arg, s):
        return y
    if not (isinstance(y.arg, ir.Col) and y.arg.alias == s.alias):
        return None
    if y.fn == AggFn.COUNT:
        if not y.distinct and st.never_null(y.arg.name):
            return ir.Agg(AggFn.COUNT_STAR, None, False, Ty.INT)
        return y
    if y.fn in (AggFn.MIN, AggFn.MAX) and y.arg.affinity in _EXACT_AFFINITY:
        return y
    if sums and y.fn in (AggFn.SUM, AggFn.AVG) and not y.distinct and y.arg.ty == Ty.INT:
        return y
    return None


def _padding_blind_count(y, alias: str):
    """``y`` when it is ``COUNT(CASE WHEN c1 THEN v1 .. END)`` (no ELSE, not DISTINCT) reading
    only ``alias``'s columns, each ``ci`` never TRUE where they are all NULL (``rejects_null``,
    no subquery): NULL on the padded row, so it counts the partners only (i60c); else None."""
    a = y.arg
    if (y.fn == AggFn.COUNT and not y.distinct and isinstance(a, ir.Case) and a.whens
            and isinstance(a.default, ir.Lit) and a.default.value is None
            and _aliases_in(a) == {alias} and not _has_sub(a)
            and all(rejects_null(c, {alias}) for c, _ in a.whens)):
        return y
    return None


_RANK_TESTS = (CmpOp.EQ, CmpOp.NE, CmpOp.LT, CmpOp.LE, CmpOp.GT, CmpOp.GE)


def _ranking(e, s) -> bool:
    """Is ``e`` ``CASE WHEN t THEN n .. END`` (no ELSE), each ``n`` an integer literal and
    each ``t`` a comparison of a column of ``s`` with a literal? Tied rows then give one
    identical value, and a NULL-padded row NULL (every test NULL), as a column's would."""
    return (isinstance(e, ir.Case) and isinstance(e.default, ir.Lit) and e.default.value is None
            and all(isinstance(n, ir.Lit) and n.ty == Ty.INT and n.value is not None
                    and isinstance(t, ir.Cmp) and t.op in _RANK_TESTS
                    and {type(t.left), type(t.right)} == {ir.Col, ir.Lit}
                    and all(x.alias == s.alias for x in (t.left, t.right) if isinstance(x, ir.Col))
                    and all(x.value is not None for x in (t.left, t.right) if isinstance(x, ir.Lit))
                    for t, n in e.whens))


def _one_row_groups(x, keys: set, schema: Schema) -> bool:
    """Do GROUP BY ``keys`` (columns of ``x``) make each row of ``x`` a group of its own: a
    one-column never-NULL primary key of a table among them, or every column of a DISTINCT
    derived table (whose rows GROUP BY tells apart as DISTINCT does)?"""
    if isinstance(x, ir.Derived):
        d = x.query
        return (isinstance(d, ir.Select) and d.distinct and d.limit is None and not d.offset
                and set(x.names) <= keys and len(set(x.names)) == len(x.names))
    t = schema.table(x.table)
    pk = [k.lower() for k in t.primary_key]
    return len(pk) == 1 and t.never_null(pk[0]) and pk[0] in keys


def _product_one_row_groups(x, group_by, schema: Schema, distinct_keys: bool) -> bool:
    """Does GROUP BY ``group_by`` make each row of ``x`` a group of its own, ``x`` a scan (or
    a DISTINCT derived table: ``distinct_keys``) or an inner/cross join of such leaves with
    distinct aliases, each leaf's own grouped columns (matched by alias AND name) one-row
    keys of it (``_one_row_groups``): the keys of every leaf pick one row of each, so one row
    of their product, of which the join's rows are a subset?"""
    leaves, stack = [], [x]
    while stack:
        y = stack.pop()
        if isinstance(y, ir.Join):
            if y.kind not in (JoinKind.INNER, JoinKind.CROSS):
                return False
            stack += [y.left, y.right]
        elif isinstance(y, ir.Scan) or (distinct_keys and isinstance(y, ir.Derived)):
            leaves.append(y)
        else:
            return False
    aliases = [y.alias for y in leaves]
    if len(set(aliases)) != len(aliases) or not all(
            isinstance(g, ir.Col) and g.alias in aliases for g in group_by):
        return False
    return all(_one_row_groups(y, {g.name for g in group_by if g.alias == y.alias}, schema)
               for y in leaves)


def count_join_as_subquery(q: ir.Select, schema: Schema, sums: bool = False,
                           distinct_keys: bool = False) -> ir.Select:
    """``SELECT X.a.., AGG(S.c) FROM X LEFT JOIN S ON p [WHERE w(X)] GROUP BY X.k, X.b..
    [HAVING h]`` with ``X.k`` a one-column primary key of ``X`` that cannot be NULL (or X a
    DISTINCT derived table grouped by all its columns: ``distinct_keys``) is
    ``SELECT X.a.., (SELECT AGG(S.c) FROM S WHERE p) FROM X [WHERE w AND h]`` for COUNT,
    COUNT DISTINCT, MIN and MAX (``_per_row_aggregate``; a CASE counted that the padded row
    makes NULL, ``_padding_blind_count``): each row of ``X`` is one group,
    its matched rows are the subquery's rows, its padded row (no partner) counts 0 and
    has no MIN (the count bug: COUNT(*) of the join counts the padded row, it stays).
    HAVING of a one-row group is a WHERE on that row. (Calcite's SubQueryRemoveRule;
    Kim's unnesting; TPC-H Q13.) Row order not read. ``sums``: SUM of an INTEGER column
    too (``_per_row_aggregate``). ``distinct_keys``: ``X`` may be a DISTINCT derived table
    grouped by all its columns (``_one_row_groups``; in the select's own walk, where the pivot
    laws read the subqueries back, not from an outer select's sources, where the magic-set
    laws want the view kept). ``X`` may be an inner/cross join of such leaves, each keyed by
    its own grouped columns (``_product_one_row_groups``: one group per row of ``X``)."""
    j = q.source
    if not (q.aggregate and q.group_by and q.limit is None and not q.offset
            and not q.distinct and q.bare_from is None and isinstance(j, ir.Join)
            and j.kind == JoinKind.LEFT
            and isinstance(j.right, ir.Scan) and j.on is not None and _windowless(q)):
        return q
    x, s = j.left, j.right
    if not _product_one_row_groups(x, q.group_by, schema, distinct_keys):
        return q
    st = schema.table(s.table)
    subs = {}
    for e in (*q.items, *(k for k, _ in q.order), q.having):
        for y in ir.local_nodes(e):
            if isinstance(y, ir.Agg):
                agg = _per_row_aggregate(y, s, st, sums) or _padding_blind_count(y, s.alias)
                zero = agg is None and sums and padded_zero_sum(y, s.alias, st, rejects_null)  # (i60h)
                if agg is None and not zero:
                    return q
                subs[y] = ir.ScalarSub(ir.Select(s, j.on, (), None, (y if zero else agg,), False, (),
                                                 None, 0, True, ("n",)), y.ty)
                if zero:
                    subs[y] = ir.Func(FuncName.COALESCE, (subs[y], ir.Lit(0, Ty.INT)), Ty.INT)
    return per_row_subqueries(q, x, s.alias, subs)


def per_row_subqueries(q: ir.Select, x, alias: str, subs: dict) -> ir.Select:
    """``q`` over ``x`` alone, each aggregate of ``subs`` its row's scalar subquery and the
    HAVING a WHERE; ``q`` itself when none, or ``alias`` is read outside them."""
    if not subs or alias in _aliases_in((q.where, q.group_by)):
        return q
    hole = ir.Lit(None, Ty.NULL)
    if alias in _aliases_in(tuple(_deep_expr(e, lambda y: hole if y in subs else y)
                                  for e in (*q.items, *(k for k, _ in q.order), q.having))):
        return q  # S read outside its aggregates

    def put(e):
        return _deep_expr(e, lambda y: subs.get(y, y)) if e is not None else None

    items = tuple(put(i) for i in q.items)
    order = tuple((put(k), d) for k, d in q.order)
    where = _and([*_conjuncts(q.where), *_conjuncts(put(q.having))])
    return dataclasses.replace(q, source=x, group_by=(), having=None, items=items, order=order,
                               where=where, aggregate=False)


def _deep_expr(e, f):
    """``e`` with ``f`` applied top-down, not inside subqueries."""
    out = f(e)
    if out is not e or isinstance(e, (ir.InSub, ir.Exists, ir.ScalarSub)):
        return out
    return _map_children(e, lambda c: _deep_expr(c, f))
