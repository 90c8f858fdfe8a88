"""Canonical forms of lowered queries: equal forms mean equal results on every database.

``canonical(q, schema, sem)`` rewrites a lowered query (``ir``) with rules that hold for
every database, not only up to the verifier's bound, so two queries with the same
canonical form are equivalent without a solver call. Real predictions differ from their
gold mostly in ways the solver finds expensive and this finds free: the same inner joins in
another order, a column read from the other side of a join condition, ``b = a`` for
``a = b``, GROUP BY keys that a primary key already determines.

Written by hand because no library does it on our IR: sqlglot's optimizer normalizes
predicates, but it neither reorders joins nor substitutes columns across join conditions.

Rewrites, in a select whose sources are inner or cross joins only:

- the joined sources become a set (joins flattened, ON and WHERE conjuncts merged);
- aliases are renamed by canonical position (sources sorted by table; among sources of one
  table every order is tried and the smallest form kept);
- a conjunct ``a = b`` of two columns of the same storage class and affinity (no
  conversion) puts them in one equality class: on every row that survives, they are equal
  and not NULL, so every other reference to ``b`` may read ``a`` instead;
- conjuncts of WHERE, ON and HAVING, and arguments of AND and OR, are sorted and
  deduplicated; ``x > y`` is written ``y < x``; operands of ``=`` are sorted;
- GROUP BY keys are a set, and a key that the others determine through a primary key is
  dropped (the partition into groups is the same);
- ``COUNT(c)`` of a column that cannot be NULL on a surviving row is ``COUNT(*)``;
- a joined table that is the parent of a declared foreign key ``x -> L.k`` (``k``
  unique), read only through ``L.k = x``, becomes ``x IS NOT NULL``; other joined tables
  that only filter become ``IN`` subqueries (see ``_semijoins``);
- ``HAVING COUNT(*) > 0`` under GROUP BY is dropped; ``SELECT x ... GROUP BY x`` without
  aggregates is ``SELECT DISTINCT x``;
- operands of INTERSECT and UNION are sorted; ``x IN (a, b)`` is ``x = a OR x = b``;
  ``SELECT d.x FROM (subquery) AS d`` is the subquery with that column.

Rules toward what unbounded provers (SPES, SQLSolver, Calcite's planner) handle; each is one
function below, with the near miss it must not equate beside it in
``tests/fixtures/verdicts/rewriting_rules.sql``, attacked with random databases in SQLite
(``tests/bounded/test_rewriting.py``, ``benchmarks/canon_soundness.py``):

- constants (``fold``): comparisons of two literals, AND/OR/NOT/CASE over TRUE and FALSE,
  ``x + 0``, ``x * 1``; ``NOT`` pushed through comparisons and AND/OR (three-valued logic
  keeps both); ``x IS NULL OR x IS NOT NULL`` is TRUE; ``CASE WHEN x IS NULL THEN y ELSE x``
  is ``COALESCE(x, y)``, ``CASE WHEN x = y THEN NULL ELSE x`` is ``NULLIF(x, y)``;
- WHERE facts (``filter_facts``, filters only): bounds of a column by literals keep the
  tightest; ``x = x`` is ``x IS NOT NULL``; contradictions (two values, exclusive bounds, IS
  NULL next to a comparison of the column) make the select return nothing (``Nothing``);
  a column a conjunct fixes to a literal reads as the literal in the select list, GROUP BY
  and ORDER BY (not in an aggregate without GROUP BY: over no rows it reads NULL);
  ``COALESCE(x, ...)`` of a column that cannot be NULL there is ``x``;
- view merging (``merge_derived``, ``merge_preserved_derived``): a derived table without
  aggregate, DISTINCT, LIMIT or window function joins the outer FROM (its WHERE joins the
  outer WHERE, its columns read their expressions), also under DISTINCT when the derived
  table is DISTINCT, and on the preserved side of a LEFT JOIN (not its padded side);
  ``ORDER BY`` without LIMIT is dropped where no consumer reads row order;
- predicate pushdown (``push_into_derived``, ``having_to_where``): a conjunct that reads
  one derived table moves into each operand of its compound, or into the HAVING of its
  grouped query when it reads group keys only; HAVING conjuncts on group keys are WHERE
  conjuncts;
- join elimination (``simplify_outer_joins``, ``self_join_on_key``): a LEFT JOIN that a
  WHERE conjunct null-rejects is an inner join; a LEFT JOIN whose right table nothing
  reads is its left side when the ON equates a unique key of it, or under a consumer that
  ignores duplicates; ``ON FALSE`` pads every row with NULLs; two scans of a table equated
  on its primary key are one;
- subquery unnesting (``exists_to_in``, ``null_safe_eq``): ``EXISTS (... WHERE s.y = x)`` is
  ``x IN (SELECT s.y ...)`` as a WHERE conjunct; ``NOT EXISTS`` is ``NOT IN`` only when
  neither side can be NULL; ``x IS y`` of non-NULL columns is ``x = y``; ``EXISTS`` of an
  aggregate without GROUP BY is TRUE, IN and EXISTS of a query that returns nothing FALSE;
- union and aggregate distribution: a projection of UNION ALL projects its operands,
  ``SELECT DISTINCT`` of all its columns is UNION (``distinct_union``); UNION [ALL] and
  INTERSECT operands are flattened and sorted (associative, commutative); ``A EXCEPT A``
  returns nothing and ``A INTERSECT A`` is ``SELECT DISTINCT A``; an operand that returns
  nothing disappears from UNION ALL; SUM of integer SUMs, MIN of MINs, MAX of MAXes and SUM
  of COUNTs over a grouped derived table are one aggregate (``merge_aggregates``); GROUP BY
  a key of the joined row makes each group one row (``single_row_groups``) and DISTINCT
  over such a key is a no-op.

"Every database" means every database that satisfies the schema's keys and foreign keys,
with NULL in a primary key where SQLite accepts it (``types.Table.never_null``): the
verifier's universe (docs/verify.md).

Join order decides the order of rows, so joins keep their order wherever a consumer reads
rows by position: a LIMIT without ORDER BY, a scalar subquery that may return several rows,
list semantics without ORDER BY, bare columns read beside MIN/MAX. (Ties under an ORDER BY
are broken by the selected values in the verifier's semantics, so order stays fixed there.)

>>> from sqlverdict.schema import from_ddl
>>> s = from_ddl("CREATE TABLE a(id INTEGER PRIMARY KEY, n TEXT); "
...              "CREATE TABLE b(id INT NOT NULL PRIMARY KEY, a_id INT REFERENCES a(id))")
>>> def form(sql):
...     return canonical(ir.lower(sql, s).query, s, "bag")
>>> form("SELECT a.n, count(*) FROM a JOIN b ON a.id = b.a_id GROUP BY a.id") == form(
...     "SELECT x.n, count(b.id) FROM b JOIN a AS x ON b.a_id = x.id GROUP BY b.a_id, x.n")
True
>>> form("SELECT n FROM a WHERE id > 1") == form("SELECT n FROM a WHERE id >= 1")
False
"""

from __future__ import annotations

import dataclasses
import itertools
from dataclasses import dataclass

from ....types import Schema
from .. import ir

MAX_ASSIGNMENTS = 24  # alias orders tried per select (self-joins); beyond it, keep the given order


@dataclass(frozen=True)
class Nothing:
    """The canonical form of a query that returns no row on any database (``width``
    columns)."""

    width: int

    @property
    def items(self):
        return (None,) * self.width


@dataclass(frozen=True)
class Flat:
    """Inner-joined sources as a set: the canonical form of a FROM clause."""

    leaves: tuple
    classes: tuple  # equality classes: sorted tuples of (alias, column)


def canonical(q: ir.Query, schema: Schema, sem: str = "bag") -> ir.Query:
    """The canonical form of ``q`` compared under ``sem`` (list semantics reads row order,
    set semantics ignores duplicates)."""
    return _Canon(schema).query(q, {}, 0, sensitive=(sem == "list"), dup_free=(sem == "set"))


def _key(x) -> str:
    return repr(x)


def _conjuncts(e) -> list:
    if e is None:
        return []
    if isinstance(e, ir.Logic) and e.op == "and":
        return [c for a in e.args for c in _conjuncts(a)]
    return [e]


def _and(parts: list):
    parts = sorted({_key(p): p for p in parts}.items())
    if not parts:
        return None
    return parts[0][1] if len(parts) == 1 else ir.Logic("and", tuple(p for _, p in parts))


def _leaves(src) -> list | None:
    """Sources of a tree of inner/cross joins, or None if it has another kind of join (or
    no FROM clause)."""
    if src is None:
        return None
    if isinstance(src, ir.Join):
        if src.kind not in ("inner", "cross"):
            return None
        left, right = _leaves(src.left), _leaves(src.right)
        return None if left is None or right is None else left + right
    return [src]


def _on_conjuncts(src) -> list:
    if isinstance(src, ir.Join):
        return _conjuncts(src.on) + _on_conjuncts(src.left) + _on_conjuncts(src.right)
    return []


def _tree_aliases(src) -> list[str]:
    if isinstance(src, ir.Join):
        return _tree_aliases(src.left) + _tree_aliases(src.right)
    return [src.alias] if src is not None else []


_FLIP = {">": "<", ">=": "<="}


class _Canon:
    def __init__(self, schema: Schema):
        self.schema = schema

    # ---- queries

    def query(self, q, mapping: dict, depth: int, sensitive: bool, dup_free: bool = False):
        """``dup_free``: the consumer ignores how often a row occurs (IN, EXISTS, set
        semantics)."""
        if isinstance(q, ir.SetOp):
            return self.setop(q, mapping, depth, sensitive)
        inner = inline_projection(q) if sensitive else distinct_union(q)
        if inner is q and not sensitive:
            inner = unordered(inline_projection(q))
        if inner is not q:
            return self.query(inner, mapping, depth, sensitive, dup_free)
        return self.select(q, mapping, depth, sensitive, dup_free)

    def setop(self, q: ir.SetOp, mapping, depth, sensitive):
        positional = ((q.limit is not None or q.offset) and not q.order) or (sensitive and not q.order)
        left = self.query(q.left, mapping, depth, positional)
        right = self.query(q.right, mapping, depth, positional)
        if q.limit is None and not q.offset and not q.order:  # an operand without rows
            if isinstance(left, Nothing) and q.op in ("intersect", "except"):
                return left
            if isinstance(right, Nothing) and q.op == "intersect":
                return right
            if q.op == "union" and q.all and (isinstance(left, Nothing) or isinstance(right, Nothing)):
                return right if isinstance(left, Nothing) else left
        if not positional and _key(left) == _key(right) and q.op in ("intersect", "except"):
            if q.op == "except":  # A EXCEPT A
                return Nothing(len(q.items))
            if isinstance(q.left, ir.Select):  # A INTERSECT A: the distinct rows of A
                return self.query(dataclasses.replace(q.left, distinct=True), mapping, depth, False)
        if not positional and q.op in ("union", "intersect"):
            # the output columns of a compound are named by its left operand: names are
            # not compared, so the operands of UNION and INTERSECT commute, and associate
            # (with one operator and one ALL flag throughout)
            parts = sorted(_operands(left, q) + _operands(right, q), key=_key)
            out = parts[0]
            for part in parts[1:]:
                out = dataclasses.replace(q, left=out, right=part)
            return out
        return dataclasses.replace(q, left=left, right=right)

    def select(self, q: ir.Select, mapping, depth, sensitive, dup_free=False):
        q = having_to_where(fold(q))
        merged = merge_aggregates(q)
        if merged is not None:
            return self.select(merged, mapping, depth, sensitive, dup_free)
        if (q.aggregate and q.group_by and q.having is None and q.bare_from is None
                and not any(_has_agg(e) for e in (*q.items, *(k for k, _ in q.order)))
                and {_key(i) for i in q.items} == {_key(g) for g in q.group_by}):
            # SELECT x, y ... GROUP BY x, y: one row per distinct (x, y), i.e. DISTINCT
            q = dataclasses.replace(q, aggregate=False, group_by=(), distinct=True)
        single_row = q.aggregate and not q.group_by
        if dup_free and q.distinct and q.limit is None and not q.offset and not q.aggregate:
            q = dataclasses.replace(q, distinct=False)  # DISTINCT under IN or EXISTS: no-op
        positional = (q.bare_from is not None or _row_number(q)
                      or ((q.limit is not None or q.offset) and not q.order)
                      or (sensitive and not q.order and not single_row))
        if not positional:
            simpler = simplify_outer_joins(q, self.schema, (dup_free or q.distinct) and not q.aggregate)
            if simpler.source != q.source:
                return self.select(simpler, mapping, depth, sensitive, dup_free)
            merged_q = merge_preserved_derived(q)
            if merged_q is not q:
                return self.select(merged_q, mapping, depth, sensitive, dup_free)
        leaves = None if positional else _leaves(q.source)
        if leaves is None:
            return self._select_tree(q, mapping, depth, positional)
        conds = _on_conjuncts(q.source) + _conjuncts(q.where)
        if FALSE in conds and (not q.aggregate or q.group_by):
            return Nothing(len(q.items))  # no row passes: no row out
        ignores_dups = (dup_free or q.distinct) and not q.aggregate
        merged_q, merged_leaves, merged_conds = merge_derived(q, leaves, conds, ignores_dups)
        if merged_leaves is None:
            merged_q, merged_leaves, merged_conds = self_join_on_key(q, leaves, conds, self.schema)
        if merged_leaves is not None:
            return self.select(dataclasses.replace(merged_q, source=_flat_source(merged_leaves),
                                                   where=_and(merged_conds)),
                               mapping, depth, sensitive, dup_free)
        pushed_leaves, pushed_conds = push_into_derived(leaves, conds)
        if pushed_leaves is not leaves:  # (the outer select may now be a plain projection)
            return self.query(dataclasses.replace(q, source=_flat_source(pushed_leaves),
                                                  where=_and(pushed_conds)),
                              mapping, depth, sensitive, dup_free)
        conds = [exists_to_in(null_safe_eq(c, leaves, self.schema), self.schema, leaves)
                 for c in conds]
        q, leaves, conds = self._semijoins(q, leaves, conds, ignores_dups)
        canon_leaves = [self._leaf(x, depth) for x in leaves]
        sigs = [_leaf_sig(c) for c in canon_leaves]
        order = sorted(range(len(leaves)), key=lambda i: sigs[i])
        groups = [list(g) for _, g in itertools.groupby(order, key=lambda i: sigs[i])]
        n_assign = 1
        for g in groups:
            n_assign *= _factorial(len(g))
        assignments = (itertools.product(*[itertools.permutations(g) for g in groups])
                       if n_assign <= MAX_ASSIGNMENTS else [tuple(tuple(g) for g in groups)])
        best, best_key = None, None
        for assign in assignments:
            seq = [i for g in assign for i in g]
            form = self._flat_select(q, leaves, canon_leaves, seq, conds, mapping, depth)
            k = _key(form)
            if best_key is None or k < best_key:
                best, best_key = form, k
        return best

    def _semijoins(self, q: ir.Select, leaves: list, conds: list, dup_free: bool):
        """Joined tables that only filter become ``IN`` subqueries.

        A source ``L`` none of whose columns the select reads (items, GROUP BY, HAVING,
        ORDER BY), joined by ``L.c = x`` (one column of ``L``; same storage class and
        affinity), whose other conjuncts read only ``L``: ``x IN (SELECT L.c FROM L WHERE
        ...)`` keeps the same rows. The join repeats a row once per match, the ``IN``
        keeps it once: equal when ``c`` is ``L``'s one-column primary key (at most one
        match) or when the consumer ignores duplicates (DISTINCT without aggregates, IN,
        set semantics)."""
        while True:
            outside = (*q.items, *q.group_by, q.having, *(k for k, _ in q.order))
            direct: set = set()
            nested: set = set()
            for e in outside:
                direct |= _direct_cols(e)
                nested |= _subquery_aliases(e)
            done = True
            local = {x.alias for x in leaves}
            for leaf in leaves:
                if not isinstance(leaf, ir.Scan) or leaf.alias in nested or len(leaves) < 2:
                    continue
                links, own, ok = [], [], True
                for c in conds:
                    touched = _aliases_in(c) & local
                    if leaf.alias not in touched:
                        continue
                    if touched == {leaf.alias}:
                        own.append(c)
                    elif _class_eq(c, local) and len(touched) == 2:
                        links.append(c)
                    else:
                        ok = False
                if not ok or not links:
                    continue
                mine = {(side.alias, side.name): side for c in links for side in (c.left, c.right)
                        if side.alias == leaf.alias}
                if len(mine) != 1:
                    continue
                col = next(iter(mine.values()))
                read = {c for c in direct if c[0] == leaf.alias}
                if read - {(col.alias, col.name)}:
                    continue  # the select reads another column of L
                partners = sorted({(side.alias, side.name): side for c in links for side in (c.left, c.right)
                                   if side.alias != leaf.alias}.items())
                first = partners[0][1]
                parent = self._fk_parent(leaf, col, [p for _, p in partners], leaves)
                if parent is not None and all(_direct_cols(c) <= {(col.alias, col.name)}
                                              and leaf.alias not in _subquery_aliases(c) for c in own):
                    # L is the parent of a foreign key x -> L.c (c unique): every row with
                    # x not NULL has exactly one match, so the join only says "x IS NOT
                    # NULL"; L's own conjuncts read only L.c = x and move out
                    rep = {(col.alias, col.name): (parent.alias, parent.name)}
                    q = dataclasses.replace(
                        q, items=tuple(_subst(i, rep) for i in q.items),
                        group_by=tuple(_subst(g, rep) for g in q.group_by), having=_subst(q.having, rep),
                        order=tuple((_subst(k, rep), d) for k, d in q.order))
                    new = [ir.Not(ir.IsNull(parent))] + [_subst(c, rep) for c in own]
                    new += [ir.Cmp("=", parent, p) for _, p in partners if p is not parent]
                    conds = [c for c in conds if c not in links and c not in own] + new
                    leaves = [x for x in leaves if x is not leaf]
                    done = False
                    break
                if not dup_free:
                    pk = [k.lower() for k in self.schema.table(leaf.table).primary_key]
                    if pk != [col.name]:
                        continue
                if read:  # the select reads L.c: read its partner, equal on every kept row
                    rep = {(col.alias, col.name): (first.alias, first.name)}
                    q = dataclasses.replace(
                        q, items=tuple(_subst(i, rep) for i in q.items),
                        group_by=tuple(_subst(g, rep) for g in q.group_by), having=_subst(q.having, rep),
                        order=tuple((_subst(k, rep), d) for k, d in q.order))
                sub = ir.Select(leaf, _and(own), (), None, (col,), False, (), None, 0, False, (col.name,))
                new = [ir.InSub(first, sub)] + [ir.Cmp("=", first, p) for _, p in partners[1:]]
                conds = [c for c in conds if c not in links and c not in own] + new
                leaves = [x for x in leaves if x is not leaf]
                done = False
                break
            if done:
                return q, leaves, conds

    def _fk_parent(self, leaf: ir.Scan, col: ir.Col, partners: list, leaves: list):
        """A partner column ``x`` of another scanned table with a declared foreign key
        ``x -> leaf.col`` where ``leaf.col`` is unique (one-column primary key or UNIQUE)."""
        t = self.schema.table(leaf.table)
        unique = [[c.lower() for c in t.primary_key]] + [[c.lower() for c in u] for u in t.uniques]
        if [col.name] not in unique:
            return None
        tables = {x.alias: x.table for x in leaves if isinstance(x, ir.Scan)}
        for p in partners:
            if p.alias not in tables:
                continue
            child = self.schema.table(tables[p.alias])
            for fk, ref in ir.exact_foreign_keys(self.schema, child):
                if (ref.name.lower() == leaf.table and [c.lower() for c in fk.columns] == [p.name]
                        and [c.lower() for c in fk.ref_columns] == [col.name]):
                    return p
        return None

    def _leaf(self, leaf, depth):
        if isinstance(leaf, ir.Derived):  # uncorrelated (ir refuses correlated ones)
            return dataclasses.replace(leaf, query=self.query(leaf.query, {}, depth + 1, False))
        return leaf

    def _flat_select(self, q, leaves, canon_leaves, seq, conds, mapping, depth):
        m = dict(mapping)
        new_leaves = []
        for pos, i in enumerate(seq):
            name = f"t{depth}_{pos}"
            m[leaves[i].alias] = name
            new_leaves.append(dataclasses.replace(canon_leaves[i], alias=name))
        new_leaves = [self._values_rows(x, m, depth) for x in new_leaves]
        local = {x.alias for x in new_leaves}
        conds = [c for c in (fold(self.expr(c, m, depth)) for c in conds) if c != TRUE]
        # equality classes from column = column conjuncts
        parent: dict = {}

        def find(x):
            while parent.get(x, x) != x:
                x = parent[x]
            return x

        rest = []
        for c in conds:
            if _class_eq(c, local) and c.left != c.right:  # (x = x means x IS NOT NULL)
                a, b = find((c.left.alias, c.left.name)), find((c.right.alias, c.right.name))
                if a != b:
                    parent[max(a, b)] = min(a, b)
            else:
                rest.append(c)
        members: dict = {}
        for x in list(parent):
            members.setdefault(find(x), set()).add(x)
        for r, ms in members.items():
            ms.add(r)
        rep = {x: find(x) for x in parent}
        classes = tuple(sorted(tuple(sorted(ms)) for ms in members.values()))

        def sub(e):
            return _subst(e, rep)

        not_null = {x for ms in members.values() for x in ms}
        rest = filter_facts([sub(c) for c in rest])
        if FALSE in rest and (not q.aggregate or q.group_by):
            return Nothing(len(q.items))
        for c in rest:  # a comparison or IN that is true on a surviving row: non-NULL columns
            if (isinstance(c, ir.Cmp) and c.op not in ("is", "is not")) or isinstance(c, ir.InSub):
                for side in ((c.left, c.right) if isinstance(c, ir.Cmp) else (c.arg,)):
                    if isinstance(side, ir.Col) and side.alias in local:
                        not_null.add((side.alias, side.name))
        for leaf in new_leaves:
            if isinstance(leaf, ir.Scan):
                t = self.schema.table(leaf.table)
                for c in t.columns:
                    if t.never_null(c.name):  # a key of a rowid table may hold NULL
                        not_null.add((leaf.alias, c.name.lower()))
        # "x IS NOT NULL" is implied when another conjunct or the schema rejects NULL x
        nn = [c for c in rest if isinstance(c, ir.Not) and isinstance(c.arg, ir.IsNull)
              and isinstance(c.arg.arg, ir.Col)]
        rest = [c for c in rest if c not in nn or (c.arg.arg.alias, c.arg.arg.name) not in not_null]
        not_null |= {(c.arg.arg.alias, c.arg.arg.name) for c in nn}
        consts = {} if q.aggregate and not q.group_by else _constants(rest)

        def val(e):  # a column every surviving row holds one value of, as that value
            return _known(_replace_cols(sub(e), consts), not_null)

        group = [sub(self.expr(g, m, depth)) for g in q.group_by]
        varying = [g for g in group if not (isinstance(g, ir.Col) and (g.alias, g.name) in consts)]
        if varying:  # (a GROUP BY of constants only still returns no row on no input)
            group = varying
        group = self._reduce_group(group, new_leaves, rep)
        key_sets = self._row_key_sets(new_leaves, rest, members)
        row_keys = {next(iter(k)) for k in key_sets if len(k) == 1}
        agg = (lambda e: _count_star(e, not_null, row_keys)) if q.aggregate else (lambda e: e)
        items = tuple(agg(val(self.expr(i, m, depth))) for i in q.items)
        having = [h for h in (agg(val(c)) for c in _conjuncts(self.expr(q.having, m, depth)))
                  if not (group and _nonempty_group(h))]
        order = tuple((agg(val(self.expr(k, m, depth))), d) for k, d in q.order
                      if not (isinstance(sub(self.expr(k, m, depth)), ir.Col)
                              and (lambda c: (c.alias, c.name) in consts)(sub(self.expr(k, m, depth)))))
        aggregate, distinct = q.aggregate, q.distinct
        if aggregate and group:
            one = single_row_groups(items, _and(having), order, group, key_sets)
            if one is not None:  # each group is one joined row
                items, one_having, order = one
                rest = rest + _conjuncts(one_having)
                having, group, aggregate = [], [], False
        if distinct and not aggregate and any(isinstance(i, ir.Col) and (i.alias, i.name) in row_keys
                                              for i in items):
            distinct = False  # the rows are distinct already: each has its own key
        source = Flat(tuple(sorted(new_leaves, key=_key)), classes)
        return dataclasses.replace(q, source=source, where=_and(rest), group_by=tuple(group),
                                   having=_and(having), items=items, order=order, names=(),
                                   aggregate=aggregate, distinct=distinct)

    def _select_tree(self, q: ir.Select, mapping, depth, positional):
        """A select whose sources keep their order: aliases renamed in order of appearance."""
        m = dict(mapping)
        for pos, a in enumerate(_tree_aliases(q.source)):
            m[a] = f"t{depth}_{pos}"
        source = self._tree(q.source, m, depth, positional)
        where = _and([self.expr(c, m, depth) for c in _conjuncts(q.where)])
        having = _and([self.expr(c, m, depth) for c in _conjuncts(q.having)])
        group = tuple(self.expr(g, m, depth) for g in q.group_by)
        if not positional:
            group = tuple(sorted({_key(g): g for g in group}.values(), key=_key))
        items = tuple(self.expr(i, m, depth) for i in q.items)
        order = tuple((self.expr(k, m, depth), d) for k, d in q.order)
        bare = self.expr(q.bare_from, m, depth) if q.bare_from is not None else None
        return dataclasses.replace(q, source=source, where=where, group_by=group, having=having,
                                   items=items, order=order, names=(), bare_from=bare)

    def _tree(self, src, m, depth, positional):
        if src is None:
            return None
        if isinstance(src, ir.Join):
            on = _and([self.expr(c, m, depth) for c in _conjuncts(src.on)])
            return dataclasses.replace(src, left=self._tree(src.left, m, depth, positional),
                                       right=self._tree(src.right, m, depth, positional), on=on)
        if isinstance(src, ir.Derived):
            return dataclasses.replace(src, alias=m[src.alias],
                                       query=self.query(src.query, {}, depth + 1, positional))
        return self._values_rows(dataclasses.replace(src, alias=m[src.alias]), m, depth)

    def _values_rows(self, src, m, depth):
        """The rows of a VALUES source read outer columns under their new names."""
        if not isinstance(src, ir.Values):
            return src
        return dataclasses.replace(src, rows=tuple(tuple(self.expr(e, m, depth) for e in r)
                                                   for r in src.rows))

    def _row_keys(self, leaves, rest, members) -> set:
        """Columns whose value identifies the joined row: the one-column primary key of a
        source that determines every other source (each other source is joined on its own
        one-column primary key to a determined one, so it matches at most once)."""
        return {next(iter(k)) for k in self._row_key_sets(leaves, rest, members) if len(k) == 1}

    def _row_key_sets(self, leaves, rest, members) -> list[frozenset]:
        """Sets of columns whose values identify the joined row: the primary key (of one or
        more columns) of a source that determines every other source, as ``_row_keys``."""
        pk, whole = {}, {}
        for leaf in leaves:
            if not isinstance(leaf, ir.Scan):
                return []
            t = self.schema.table(leaf.table)
            # a key that may hold NULL identifies no row: two rows may share its NULL
            k = [c.lower() for c in t.primary_key] if t.key_never_null else []
            pk[leaf.alias] = k[0] if len(k) == 1 else None
            whole[leaf.alias] = frozenset((leaf.alias, c) for c in k)
        links = []  # (a, b): a's primary key equals a column of b
        eqs = [(x, y) for ms in members.values() for x in ms for y in ms if x != y]
        for c in rest:  # a key that gets NUMERIC affinity may match several ways ('1', '01')
            if (isinstance(c, ir.Cmp) and c.op == "=" and isinstance(c.left, ir.Col)
                    and isinstance(c.right, ir.Col)):
                left, right = (c.left.alias, c.left.name), (c.right.alias, c.right.name)
                if c.conv != "left":
                    eqs.append((left, right))
                if c.conv != "right":
                    eqs.append((right, left))
        for (a, ca), (b, _) in eqs:
            if a in pk and b in pk and a != b and pk[a] == ca:
                links.append((a, b))
        out = []
        for root in pk:
            if not whole[root]:
                continue
            known = {root}
            changed = True
            while changed:
                changed = False
                for a, b in links:
                    if b in known and a not in known:
                        known.add(a)
                        changed = True
            if known == set(pk):
                out.append(whole[root])
        return out

    def _reduce_group(self, group, leaves, rep) -> tuple:
        """GROUP BY as a set, without keys determined by the others through primary keys."""
        keys = sorted({_key(g): g for g in group}.values(), key=_key)
        pks = {}
        cols = {}
        for leaf in leaves:
            if isinstance(leaf, ir.Scan):
                t = self.schema.table(leaf.table)
                pks[leaf.alias] = [(leaf.alias, rep.get((leaf.alias, c.lower()), (leaf.alias, c.lower())))
                                   for c in (t.primary_key if t.key_never_null else ())]
                cols[leaf.alias] = [c[0] for c in leaf.columns]

        def closure(known: set) -> set:
            known = set(known)
            changed = True
            while changed:
                changed = False
                for alias, pk in pks.items():
                    if pk and all(r in known for _, r in pk):
                        for c in cols[alias]:
                            r = rep.get((alias, c), (alias, c))
                            if r not in known:
                                known.add(r)
                                changed = True
            return known

        def col_of(g):
            return (g.alias, g.name) if isinstance(g, ir.Col) else None

        out = list(keys)
        for g in reversed(keys):
            c = col_of(g)
            if c is None:
                continue
            others = {col_of(h) for h in out if h is not g and col_of(h) is not None}
            if c in closure(others):
                out.remove(g)
        return tuple(out)

    # ---- expressions

    def expr(self, e, m: dict, depth: int):
        """Rename aliases, canonicalize subqueries, normalize commutative operators."""
        if e is None:
            return None
        if isinstance(e, ir.Col):
            return dataclasses.replace(e, alias=m.get(e.alias, e.alias))
        if isinstance(e, (ir.InSub, ir.Exists)):
            arg = self.expr(e.arg, m, depth) if isinstance(e, ir.InSub) else None
            q = self.query(e.query, m, depth + 1, False, dup_free=True)
            if isinstance(q, Nothing):  # x IN (no rows) and EXISTS (no rows) are false
                return FALSE
            if isinstance(e, ir.Exists) and isinstance(q, ir.Select) and q.aggregate \
                    and not q.group_by and q.having is None and not q.offset \
                    and (q.limit is None or q.limit > 0):
                return TRUE  # an aggregate without GROUP BY returns one row
            return dataclasses.replace(e, arg=arg, query=q) if arg is not None else dataclasses.replace(e, query=q)
        if isinstance(e, ir.ScalarSub):
            return dataclasses.replace(e, query=self.query(e.query, m, depth + 1, True))
        return _normalize(_map_children(e, lambda c: self.expr(c, m, depth)))


def inline_projection(q: ir.Select):
    """``SELECT d.x, d.y FROM (subquery) AS d``, nothing else: the subquery with those
    columns (the same rows, in the same order)."""
    src = q.source
    if not (isinstance(src, ir.Derived) and q.where is None and not q.aggregate and not q.group_by
            and q.having is None and not q.order and q.limit is None and not q.offset
            and not q.distinct and q.bare_from is None
            and all(isinstance(i, ir.Col) and i.alias == src.alias and i.name in src.names
                    for i in q.items)):
        return q
    picks = [src.names.index(i.name) for i in q.items]
    if len(set(src.names)) != len(src.names):
        return q  # duplicate output names: which column a name means is ambiguous
    inner = src.query
    if picks == list(range(len(inner.items))):
        return inner
    if isinstance(inner, ir.SetOp):
        # projecting some columns of UNION ALL projects each operand (bag union); of
        # another compound it changes duplicates
        return _project_union_all(inner, picks) or q
    if inner.distinct:
        return q  # projecting some columns of DISTINCT changes duplicates
    return dataclasses.replace(inner, items=tuple(inner.items[j] for j in picks),
                               names=tuple(inner.names[j] for j in picks) if inner.names else ())


def _normalize(e):
    if isinstance(e, ir.InList) and e.items:
        # x IN (a, b): x = a OR x = b, NULLs included (the items are already converted as
        # "=" converts them)
        e = ir.Logic("or", tuple(ir.Cmp("=", e.arg, it) for it in e.items))
        e = dataclasses.replace(e, args=tuple(_normalize(a) for a in e.args))
    if isinstance(e, ir.Cmp):
        if e.op in _FLIP:
            conv = {"left": "right", "right": "left"}.get(e.conv, e.conv)
            return _normalize(dataclasses.replace(e, op=_FLIP[e.op], left=e.right, right=e.left, conv=conv))
        if e.op in ("=", "!=") and _key(e.right) < _key(e.left):
            conv = {"left": "right", "right": "left"}.get(e.conv, e.conv)
            return dataclasses.replace(e, left=e.right, right=e.left, conv=conv)
        return e
    if isinstance(e, ir.Not):
        a = e.arg
        if isinstance(a, ir.Not):  # NOT NOT x: x (NULL stays NULL)
            return a.arg
        if isinstance(a, ir.Cmp) and a.op in _NEGATE:  # NOT (x < y): x >= y, NULL alike
            return _normalize(dataclasses.replace(a, op=_NEGATE[a.op]))
        if isinstance(a, ir.Logic):  # De Morgan holds in three-valued logic
            return _normalize(ir.Logic("or" if a.op == "and" else "and",
                                       tuple(_normalize(ir.Not(x)) for x in a.args)))
        return e
    if isinstance(e, ir.Logic):
        flat = []
        for a in e.args:
            flat += list(a.args) if isinstance(a, ir.Logic) and a.op == e.op else [a]
        args = tuple(v for _, v in sorted({_key(a): a for a in flat}.items()))
        if e.op == "or" and any(isinstance(a, ir.IsNull) and _key(ir.Not(a)) in {_key(b) for b in args}
                                for a in args):
            return TRUE  # x IS NULL OR x IS NOT NULL: two-valued, always true
        return args[0] if len(args) == 1 else dataclasses.replace(e, args=args)
    if isinstance(e, ir.Case) and len(e.whens) == 1:
        (cond, val), other = e.whens[0], e.default
        if isinstance(cond, ir.IsNull) and cond.arg == other and val.ty == other.ty:
            return ir.Func("coalesce", (other, val), e.ty)  # CASE WHEN x IS NULL THEN y ELSE x
        if (isinstance(cond, ir.Cmp) and cond.op == "=" and not cond.conv and other in (cond.left, cond.right)
                and isinstance(val, ir.Lit) and val.value is None and cond.left.ty == cond.right.ty):
            y = cond.right if cond.left == other else cond.left
            return ir.Func("nullif", (other, y), e.ty)  # CASE WHEN x = y THEN NULL ELSE x
    return e


_NEGATE = {"=": "!=", "!=": "=", "<": ">=", "<=": ">", ">": "<=", ">=": "<", "is": "is not",
           "is not": "is"}


def _subst(e, rep: dict):
    """Replace columns by their equality class representative (not inside subqueries:
    their own conjuncts decide there; an outer column keeps its name)."""
    if not rep or e is None:
        return e
    if isinstance(e, ir.Col):
        r = rep.get((e.alias, e.name))
        return e if r is None else dataclasses.replace(e, alias=r[0], name=r[1])
    if isinstance(e, (ir.InSub, ir.Exists, ir.ScalarSub)):
        if isinstance(e, ir.InSub):
            return dataclasses.replace(e, arg=_subst(e.arg, rep))
        return e
    out = _map_children(e, lambda c: _subst(c, rep))
    return e if out is e else _normalize(out)


def _count_star(e, not_null: set, row_keys: set = frozenset()):
    """``COUNT(c)`` -> ``COUNT(*)`` for a column that is not NULL on any surviving row, and
    ``COUNT(DISTINCT k)`` -> ``COUNT(*)`` for a key that identifies the joined row."""
    if isinstance(e, ir.Agg):
        if e.fn == "count" and isinstance(e.arg, ir.Col):
            c = (e.arg.alias, e.arg.name)
            if (not e.distinct and c in not_null) or (e.distinct and c in row_keys):
                return ir.Agg("count_star", None, False, e.ty)
        return e
    if isinstance(e, (ir.InSub, ir.Exists, ir.ScalarSub)):
        return e
    return _map_children(e, lambda c: _count_star(c, not_null, row_keys))


def _map_children(e, f):
    """``e`` with ``f`` applied to each child expression (also in tuples and tuples of
    pairs such as CASE arms and window ORDER BY keys); ``e`` itself when it has none."""
    if not isinstance(e, ir.Expr):
        return e
    changes = {}
    for fld in dataclasses.fields(e):
        v = getattr(e, fld.name)
        if isinstance(v, ir.Expr):
            changes[fld.name] = f(v)
        elif isinstance(v, tuple):
            changes[fld.name] = tuple(tuple(f(y) if isinstance(y, ir.Expr) else y for y in x)
                                      if isinstance(x, tuple) else (f(x) if isinstance(x, ir.Expr) else x)
                                      for x in v)
    return dataclasses.replace(e, **changes) if changes else e


def _row_number(q: ir.Select) -> bool:
    """ROW_NUMBER (and every window function that reads the order of tied rows) numbers
    tied rows by input position: the join order matters."""
    return any(isinstance(y, ir.Window) and ir.order_dependent(y)
               for y in ir.local_nodes((q.items, tuple(k for k, _ in q.order))))


def _has_agg(e) -> bool:
    """Does ``e`` contain an aggregate of this select (not one inside a subquery)?"""
    return any(isinstance(y, ir.Agg) for y in ir.local_nodes(e))


def _nonempty_group(h) -> bool:
    """``COUNT(*) > 0`` / ``COUNT(*) >= 1``: true for every group of a GROUP BY."""
    return (isinstance(h, ir.Cmp) and not h.conv and isinstance(h.left, ir.Lit)
            and isinstance(h.right, ir.Agg) and h.right.fn == "count_star"
            and h.left.ty == "int" and ((h.op == "<" and h.left.value == 0)
                                        or (h.op == "<=" and h.left.value == 1)))


def _class_eq(c, local: set) -> bool:
    """``a = b`` of two local columns that are equal values whenever it is true."""
    return (isinstance(c, ir.Cmp) and c.op == "=" and not c.conv
            and isinstance(c.left, ir.Col) and isinstance(c.right, ir.Col)
            and c.left.alias in local and c.right.alias in local
            and c.left.ty == c.right.ty and c.left.ty in ("int", "real", "text")
            and c.left.affinity == c.right.affinity)


def _direct_cols(x) -> set:
    """(alias, column) of the columns ``x`` reads outside its subqueries."""
    return {(y.alias, y.name) for y in ir.local_nodes(x) if isinstance(y, ir.Col)}


def _subquery_aliases(x) -> set:
    """Aliases read inside the subqueries of ``x``."""
    out: set = set()
    for y in ir.local_nodes(x):
        if isinstance(y, (ir.Exists, ir.ScalarSub, ir.InSub)):
            out |= _aliases_in(y.query)
    return out


def _aliases_in(x) -> set:
    """Aliases of every column ``x`` reads, inside subqueries too."""
    return set(_aliases_list(x))


def _leaf_sig(leaf) -> str:
    if isinstance(leaf, ir.Scan):
        return "scan:" + leaf.table
    return "derived:" + _key(dataclasses.replace(leaf, alias=""))


def _factorial(n: int) -> int:
    out = 1
    for k in range(2, n + 1):
        out *= k
    return out


# --------------------------------------------------------------------------- rules on plans
# Each rule below rewrites a lowered select into one that returns the same rows on every
# database of the schema (the module docstring lists them); the random-database attack
# (tests/bounded/test_rewriting.py, benchmarks/canon_soundness.py) checks each in SQLite.

TRUE, FALSE = ir.Lit(1, "bool"), ir.Lit(0, "bool")


def _deep(x, f):
    """``x`` (an IR node, query or tuple) with ``f`` applied bottom-up to every expression,
    inside subqueries and derived tables too (aliases are unique within a lowered query)."""
    if isinstance(x, tuple):
        out = tuple(_deep(y, f) for y in x)
        return x if all(a is b for a, b in zip(out, x, strict=True)) else out
    if dataclasses.is_dataclass(x) and not isinstance(x, type) and not isinstance(x, Flat):
        changes = {}
        for fld in dataclasses.fields(x):
            v = getattr(x, fld.name)
            nv = _deep(v, f)
            if nv is not v:
                changes[fld.name] = nv
        y = dataclasses.replace(x, **changes) if changes else x
        return f(y) if isinstance(y, ir.Expr) else y
    return x


def _replace_cols(x, rep: dict):
    """``x`` with every column ``(alias, name)`` of ``rep`` replaced by its expression."""
    if not rep:
        return x
    return _deep(x, lambda e: rep.get((e.alias, e.name), e) if isinstance(e, ir.Col) else e)


def _local_cols(e) -> set:
    return {(y.alias, y.name) for y in ir.local_nodes(e) if isinstance(y, ir.Col)}


def _has_sub(e) -> bool:
    return any(isinstance(y, (ir.InSub, ir.Exists, ir.ScalarSub)) for y in ir.local_nodes(e))


def _windowless(q: ir.Select) -> bool:
    return not any(isinstance(y, ir.Window) for i in (*q.items, *(k for k, _ in q.order))
                   for y in ir.local_nodes(i))


def _plain(q) -> bool:
    """A select whose rows are those of its FROM and WHERE, one output row per input row:
    no aggregate, DISTINCT, LIMIT/OFFSET, window function or bare-column rule."""
    return (isinstance(q, ir.Select) and not q.aggregate and not q.distinct and q.limit is None
            and not q.offset and q.bare_from is None and q.source is not None and _windowless(q))


# ---- constants


def fold(e):
    """Comparisons of two literals of one type, and AND/OR/NOT/CASE over TRUE and FALSE,
    evaluated; ``x + 0``, ``x - 0`` and ``x * 1`` of a number are ``x``."""
    def f(y):
        if isinstance(y, ir.Cmp) and not y.conv and isinstance(y.left, ir.Lit) \
                and isinstance(y.right, ir.Lit) and y.left.ty == y.right.ty \
                and y.left.ty in ("int", "text") and y.op in _CMP:
            return TRUE if _CMP[y.op](y.left.value, y.right.value) else FALSE
        if isinstance(y, ir.Logic):
            args = [a for a in y.args if a != (TRUE if y.op == "and" else FALSE)]
            if (FALSE if y.op == "and" else TRUE) in args:
                return FALSE if y.op == "and" else TRUE
            if not args:
                return TRUE if y.op == "and" else FALSE
            return args[0] if len(args) == 1 else dataclasses.replace(y, args=tuple(args))
        if isinstance(y, ir.Not) and y.arg in (TRUE, FALSE):
            return FALSE if y.arg == TRUE else TRUE
        if isinstance(y, ir.Arith) and y.ty in ("int", "real") and y.left.ty == y.ty \
                and isinstance(y.right, ir.Lit) and y.right.ty == "int" \
                and ((y.op in ("+", "-") and y.right.value == 0) or (y.op == "*" and y.right.value == 1)):
            return y.left
        if isinstance(y, ir.Case):
            whens, seen = [], set()
            for cond, val in y.whens:
                if cond == FALSE or _key(cond) in seen:
                    continue  # never taken, or taken by an earlier arm
                if cond == TRUE:
                    return val if not whens else dataclasses.replace(y, whens=tuple(whens), default=val)
                seen.add(_key(cond))
                whens.append((cond, val))
            if not whens:
                return y.default
            return dataclasses.replace(y, whens=tuple(whens)) if len(whens) != len(y.whens) else y
        return y
    return _deep(e, f)


_CMP = {"=": lambda a, b: a == b, "!=": lambda a, b: a != b, "<": lambda a, b: a < b,
        "<=": lambda a, b: a <= b, ">": lambda a, b: a > b, ">=": lambda a, b: a >= b}


# ---- derived tables


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
    LEFT JOIN) is its own FROM clause, its WHERE conjuncts move to the outer WHERE (a filter
    of the preserved side commutes with the join), its columns read their expressions."""
    if not isinstance(q.source, ir.Join):
        return q
    found: list = []

    def walk(src, padded):
        if isinstance(src, ir.Join):
            left = walk(src.left, padded)
            right = walk(src.right, padded or src.kind == "left")
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


def _inner_only(src) -> bool:
    return _leaves(src) is not None and not isinstance(src, ir.Join)


def null_safe_eq(c, leaves: list, schema: Schema):
    """``x IS y`` of two columns that cannot be NULL (declared NOT NULL or primary key, of
    inner-joined tables) is ``x = y``."""
    if (isinstance(c, ir.Cmp) and c.op == "is" and not c.conv
            and all(isinstance(x, ir.Col) and _not_null(x, leaves, schema) for x in (c.left, c.right))):
        return dataclasses.replace(c, op="=")
    return c


def self_join_on_key(q: ir.Select, leaves: list, conds: list, schema: Schema):
    """Two scans of one table joined on its whole primary key read the same row: the second
    is the first (its columns read the first's). Returns (q, leaves, conds), leaves None
    when no such pair."""
    scans = {x.alias: x for x in leaves if isinstance(x, ir.Scan)}
    pairs: dict = {}
    for c in conds:
        if (isinstance(c, ir.Cmp) and c.op == "=" and not c.conv and isinstance(c.left, ir.Col)
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
            conds = [c for c in conds if not (isinstance(c, ir.Cmp) and c.op == "=" and c.left == c.right
                                              and isinstance(c.left, ir.Col) and c.left.name in pk)]
            return q, [x for x in leaves if x.alias != b], conds
    return q, None, conds


def push_into_derived(leaves: list, conds: list):
    """Conjuncts that read only one derived table move into it: into every operand of a
    compound (UNION [ALL], INTERSECT, EXCEPT keep a row iff its operands' copies do, and
    the conjunct reads the row's values only), into the HAVING of a grouped query when
    they read group keys only (a filter on a group's key is a filter on its rows)."""
    for i, leaf in enumerate(leaves):
        if not isinstance(leaf, ir.Derived) or len(set(leaf.names)) != len(leaf.names):
            continue
        mine = [c for c in conds if not _has_sub(c) and _aliases_in(c) == {leaf.alias}]
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
        left = _push_operand(q.left, c, leaf)
        right = _push_operand(q.right, c, leaf)
        return None if left is None or right is None else dataclasses.replace(q, left=left, right=right)
    return _push_operand(q, c, leaf) if isinstance(q, ir.Select) and q.aggregate else None


def _push_operand(q, c, leaf):
    if isinstance(q, ir.SetOp):
        return _push(q, c, leaf)
    if q.limit is not None or q.offset or q.bare_from is not None or not _windowless(q):
        return None
    rep = {(leaf.alias, n): item for n, item in zip(leaf.names, q.items, strict=True)}
    moved = _replace_cols(c, rep)
    if not q.aggregate:
        return dataclasses.replace(q, where=_and(_conjuncts(q.where) + [moved]))
    keys = {(g.alias, g.name) for g in q.group_by if isinstance(g, ir.Col)}
    if not q.group_by or _has_agg(moved) or not _local_cols(moved) <= keys:
        return None
    return dataclasses.replace(q, having=_and(_conjuncts(q.having) + [moved]))


# ---- grouping


def having_to_where(q: ir.Select) -> ir.Select:
    """HAVING conjuncts that read GROUP BY key columns only (no aggregate, no subquery)
    filter rows before grouping instead: a group's key is the key of each of its rows."""
    if not q.aggregate or not q.group_by or q.having is None:
        return q
    keys = {(g.alias, g.name) for g in q.group_by if isinstance(g, ir.Col)}
    move = [c for c in _conjuncts(q.having)
            if not _has_agg(c) and not _has_sub(c) and _local_cols(c) and _local_cols(c) <= keys]
    if not move:
        return q
    keep = [c for c in _conjuncts(q.having) if not any(c is m for m in move)]
    return dataclasses.replace(q, where=_and(_conjuncts(q.where) + move), having=_and(keep))


_MERGED = {("sum", "sum"), ("min", "min"), ("max", "max"), ("sum", "count"), ("sum", "count_star")}


def merge_aggregates(q: ir.Select):
    """``SELECT k, SUM(s) FROM (SELECT k, j, SUM(x) AS s ... GROUP BY k, j) GROUP BY k`` is
    ``SELECT k, SUM(x) ... GROUP BY k``: SUM of integer SUMs, MIN of MINs, MAX of MAXes and
    SUM of COUNTs aggregate the same rows, when the outer keys are inner keys and the inner
    query has no HAVING (an outer group exists iff one of its inner groups does). None when
    the shape differs."""
    d = q.source
    if not (q.aggregate and q.group_by and q.where is None and q.bare_from is None
            and isinstance(d, ir.Derived) and len(set(d.names)) == len(d.names)):
        return None
    inner = d.query
    if not (isinstance(inner, ir.Select) and inner.aggregate and inner.group_by
            and inner.having is None and not inner.distinct and inner.limit is None
            and not inner.offset and inner.bare_from is None and _windowless(inner)):
        return None
    item = dict(zip(d.names, inner.items, strict=True))
    inner_keys = {_key(g) for g in inner.group_by}
    rep = {}
    for n, e in item.items():
        if _key(e) in inner_keys:
            rep[(d.alias, n)] = e
    failed = []

    def over(e):
        if isinstance(e, ir.Agg):  # an aggregate of the inner groups: only the merged kinds
            src = item.get(e.arg.name) if isinstance(e.arg, ir.Col) and e.arg.alias == d.alias else None
            if (isinstance(src, ir.Agg) and not e.distinct and (e.fn, src.fn) in _MERGED
                    and (e.fn != "sum" or src.fn != "sum" or src.ty == "int")):
                return src
            failed.append(e)
        elif isinstance(e, ir.Col) and e.alias == d.alias:
            if (d.alias, e.name) in rep:
                return rep[(d.alias, e.name)]
            failed.append(e)
        return e

    def merged(x):
        return _map_top(x, over)

    out = dataclasses.replace(q, source=inner.source, where=inner.where,
                              group_by=tuple(merged(g) for g in q.group_by),
                              having=merged(q.having), items=tuple(merged(i) for i in q.items),
                              order=tuple((merged(k), desc) for k, desc in q.order), names=())
    return None if failed else out


def _map_top(e, f):
    """``e`` with ``f`` applied top-down, not below an aggregate ``f`` replaced."""
    if e is None or not isinstance(e, ir.Expr):
        return e
    y = f(e)
    if y is not e:
        return y
    if isinstance(e, (ir.InSub, ir.Exists, ir.ScalarSub)):
        return e
    return _map_children(e, lambda c: _map_top(c, f))


def single_row_groups(items, having, order, group, key_sets):
    """GROUP BY columns that identify the joined row (``key_sets``: sets of columns) makes
    each group one row: MIN, MAX and SUM of a value are the value, COUNT(*) is 1. Returns
    (items, having, order) without aggregates, or None when another aggregate is read."""
    cols = {(g.alias, g.name) for g in group if isinstance(g, ir.Col)}
    if not any(k <= cols for k in key_sets):
        return None
    failed = []

    def one(e):
        if isinstance(e, ir.Agg):
            if e.fn in ("min", "max", "sum") and e.arg is not None:
                return e.arg
            if e.fn == "count_star":
                return ir.Lit(1, "int")
            failed.append(e)
        return e

    out = (tuple(_map_top(i, one) for i in items), _map_top(having, one),
           tuple((_map_top(k, one), d) for k, d in order))
    return None if failed else out


# ---- outer joins


def _strict(e, aliases: set) -> bool:
    """Is ``e`` NULL whenever every column of ``aliases`` is NULL (a column of them, or
    arithmetic over one)?"""
    if isinstance(e, ir.Col):
        return e.alias in aliases
    if isinstance(e, ir.Arith):
        return _strict(e.left, aliases) or _strict(e.right, aliases)
    if isinstance(e, ir.Neg):
        return _strict(e.arg, aliases)
    return False


def rejects_null(c, aliases: set) -> bool:
    """Is conjunct ``c`` never true on a row whose ``aliases`` columns are all NULL (the row
    an outer join adds)?"""
    if isinstance(c, ir.Cmp):
        return c.op not in ("is", "is not") and (_strict(c.left, aliases) or _strict(c.right, aliases))
    if isinstance(c, (ir.Like, ir.InList, ir.InSub)):
        return _strict(c.arg, aliases)
    if isinstance(c, ir.Not):
        a = c.arg
        if isinstance(a, ir.IsNull):
            return _strict(a.arg, aliases)
        return isinstance(a, (ir.Cmp, ir.Like, ir.InList, ir.InSub)) and rejects_null(a, aliases)
    if isinstance(c, ir.Logic):
        parts = [rejects_null(a, aliases) for a in c.args]
        return any(parts) if c.op == "and" else all(parts)
    return False


def _alias_counts(x) -> dict:
    out: dict = {}
    for a in _aliases_list(x):
        out[a] = out.get(a, 0) + 1
    return out


def _aliases_list(x) -> list:
    """The alias of every column read in ``x`` (subqueries included), once per reading."""
    out = []
    stack = [x]
    while stack:
        y = stack.pop()
        if isinstance(y, ir.Col):
            out.append(y.alias)
        elif isinstance(y, tuple):
            stack += list(y)
        elif dataclasses.is_dataclass(y) and not isinstance(y, type):
            stack += [getattr(y, f.name) for f in dataclasses.fields(y)]
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
        if j.kind != "left":
            return j
        right = set(_tree_aliases(j.right))
        if any(rejects_null(c, right) for c in where):
            return dataclasses.replace(j, kind="inner" if j.on is not None else "cross")
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
        rep.update({(leaf.alias, c[0]): ir.Lit(None, "null") for c in cols})
    return _replace_cols(out, rep)


def _unique_match(j: ir.Join, schema: Schema) -> bool:
    """Does the ON clause of ``j`` equate every column of a unique key of its right table
    (a Scan) with values of the left side, without conversions?"""
    r = j.right
    left = set(_tree_aliases(j.left))
    equated = set()
    for c in _conjuncts(j.on):
        if isinstance(c, ir.Cmp) and c.op == "=" and not c.conv:
            for mine, other in ((c.left, c.right), (c.right, c.left)):
                if (isinstance(mine, ir.Col) and mine.alias == r.alias and ir._ty(other) == mine.ty
                        and _aliases_in(other) and _aliases_in(other) <= left and not _has_sub(other)):
                    equated.add(mine.name)
    t = schema.table(r.table)
    keys = [[c.lower() for c in t.primary_key]] + [[c.lower() for c in u] for u in t.uniques]
    return any(k and set(k) <= equated for k in keys)


# ---- subqueries


def exists_to_in(c, schema: Schema, outer: list):
    """A WHERE conjunct ``EXISTS (SELECT ... WHERE s.y = x AND rest)`` (one inner column equal
    to a value ``x`` of the outer row, same type, no conversion) is ``x IN (SELECT s.y ...
    WHERE rest)``: where a conjunct only keeps rows, true is true and NULL is as false as
    false. ``NOT EXISTS`` is ``NOT IN`` only when neither ``x`` nor ``s.y`` can be NULL (a
    declared NOT NULL or primary-key column of an inner-joined table): NOT IN is NULL, not
    true, next to a NULL. ``outer``: the outer select's inner-joined sources."""
    neg = isinstance(c, ir.Not) and isinstance(c.arg, ir.Exists)
    ex = c.arg if neg else c
    if not isinstance(ex, ir.Exists) or not isinstance(ex.query, ir.Select):
        return c
    sq = ex.query
    if sq.aggregate or sq.group_by or sq.offset or (sq.limit is not None and sq.limit < 1) \
            or sq.bare_from is not None or not _windowless(sq):
        return c
    leaves = _leaves(sq.source)
    if leaves is None:
        return c
    local = set(_tree_aliases(sq.source))
    conj = _on_conjuncts(sq.source) + _conjuncts(sq.where)
    picks = []
    for i, k in enumerate(conj):
        if not (isinstance(k, ir.Cmp) and k.op == "=" and not k.conv):
            continue
        for mine, other in ((k.left, k.right), (k.right, k.left)):
            if (isinstance(mine, ir.Col) and mine.alias in local and ir._ty(other) == mine.ty
                    and mine.ty in ("int", "real", "text") and _aliases_in(other)
                    and not (_aliases_in(other) & local) and not _has_sub(other)):
                picks.append((i, mine, other))
                break
    if len(picks) != 1:
        return c
    i, mine, other = picks[0]
    if neg and not (_not_null(mine, leaves, schema) and isinstance(other, ir.Col)
                    and _not_null(other, outer, schema)):
        return c
    rest = conj[:i] + conj[i + 1:]
    flat = _flat_source(leaves)
    sub = ir.Select(flat, _and(rest), (), None, (mine,), False, (), None, 0, False, (mine.name,))
    insub = ir.InSub(other, sub)
    return ir.Not(insub) if neg else insub


def _flat_source(leaves):
    src = leaves[0]
    for leaf in leaves[1:]:
        src = ir.Join("cross", src, leaf, None)
    return src


def _not_null(col: ir.Col, leaves, schema: Schema) -> bool:
    """Is ``col`` a NOT NULL or primary-key column of a table scanned among ``leaves``
    (inner-joined sources)?"""
    scans = [x for x in leaves if isinstance(x, ir.Scan) and x.alias == col.alias]
    if not scans:
        return False
    t = schema.table(scans[0].table)
    return any(c.name.lower() == col.name and t.never_null(c.name) for c in t.columns)


def _project_union_all(q, picks):
    """``q`` (UNION ALL, no ORDER BY/LIMIT) with only the columns ``picks`` of each operand."""
    if isinstance(q, ir.SetOp):
        if not (q.op == "union" and q.all and q.limit is None and not q.offset and not q.order):
            return None
        left, right = _project_union_all(q.left, picks), _project_union_all(q.right, picks)
        return None if left is None or right is None else dataclasses.replace(q, left=left, right=right)
    if q.distinct or q.bare_from is not None or not _windowless(q) or (q.aggregate and q.order):
        return None
    return dataclasses.replace(q, items=tuple(q.items[j] for j in picks),
                               names=tuple(q.names[j] for j in picks) if q.names else ())


def unordered(q):
    """A query whose consumer does not read row order: an ORDER BY without LIMIT goes."""
    if isinstance(q, ir.Select) and q.order and q.limit is None and not q.offset:
        return dataclasses.replace(q, order=())
    if isinstance(q, ir.SetOp) and q.order and q.limit is None and not q.offset:
        return dataclasses.replace(q, order=())
    return q


def distinct_union(q):
    """``SELECT DISTINCT d.x, d.y FROM (A UNION ALL B) AS d`` (every column, in order) is
    ``A UNION B``."""
    src = q.source
    if not (isinstance(q, ir.Select) and q.distinct and isinstance(src, ir.Derived)
            and isinstance(src.query, ir.SetOp) and src.query.op == "union" and src.query.all
            and src.query.limit is None and not src.query.offset and q.where is None
            and not q.aggregate and q.limit is None and not q.offset and q.bare_from is None
            and len(set(src.names)) == len(src.names)
            and [(i.alias, i.name) if isinstance(i, ir.Col) else None for i in q.items]
            == [(src.alias, n) for n in src.names]):
        return q
    return dataclasses.replace(src.query, all=False)


def _operands(x, q: ir.SetOp) -> list:
    """The operands of the canonical compound ``x`` under ``q``'s operator (``x`` itself
    when it is not such a compound)."""
    if (isinstance(x, ir.SetOp) and x.op == q.op and x.all == q.all and x.limit is None
            and not x.offset and not x.order):
        return _operands(x.left, q) + _operands(x.right, q)
    return [x]


def filter_facts(conds: list) -> list:
    """WHERE conjuncts (a row passes when each is true) with what they say taken at face
    value: ``x = x`` is ``x IS NOT NULL``; bounds of one column by literals keep the
    tightest (``x > 10 AND x > 5``: ``x > 10``); a column equal to two different literals,
    bounds that exclude each other, or ``x IS NULL`` next to a conjunct that rejects a NULL
    ``x`` make the conjunction FALSE."""
    out = []
    lower: dict = {}
    upper: dict = {}
    equal: dict = {}
    for c in conds:
        if isinstance(c, ir.Cmp) and c.op == "=" and not c.conv and c.left == c.right:
            c = ir.Not(ir.IsNull(c.left))
        b = _bound(c)
        if b is not None:
            col, op, v = b
            if op == "=":
                if col in equal and equal[col] != v:
                    return [FALSE]
                equal[col] = v
            elif op in (">", ">="):
                if col not in lower or (v, op == ">") > lower[col]:
                    lower[col] = (v, op == ">")
                continue
            else:
                if col not in upper or (v, op == "<=") < upper[col]:
                    upper[col] = (v, op == "<=")
                continue
        out.append(c)
    for col, (v, strict) in lower.items():
        out.append(ir.Cmp("<" if strict else "<=", ir.Lit(v, col[2]), ir.Col(*col[:2], col[2], col[3])))
        if col in upper and (upper[col][0] < v or (upper[col][0] == v and (strict or not upper[col][1]))):
            return [FALSE]
        if col in equal and (equal[col] < v or (equal[col] == v and strict)):
            return [FALSE]
    for col, (v, inclusive) in upper.items():
        out.append(ir.Cmp("<=" if inclusive else "<", ir.Col(*col[:2], col[2], col[3]), ir.Lit(v, col[2])))
        if col in equal and (equal[col] > v or (equal[col] == v and not inclusive)):
            return [FALSE]
    nulls = {(c.arg.alias, c.arg.name) for c in out if isinstance(c, ir.IsNull) and isinstance(c.arg, ir.Col)}
    for c in out:
        if not isinstance(c, ir.IsNull) and any(_rejects_col(c, n) for n in nulls):
            return [FALSE]
    return out


def _bound(c):
    """(column, op, value) for ``col op literal`` (or ``literal op col``) of one numeric
    type without conversion; None otherwise."""
    if not (isinstance(c, ir.Cmp) and not c.conv and c.op in ("=", "<", "<=", ">", ">=")):
        return None
    left, right, op = c.left, c.right, c.op
    if isinstance(left, ir.Lit) and isinstance(right, ir.Col):
        left, right, op = right, left, {"<": ">", "<=": ">=", ">": "<", ">=": "<="}.get(op, op)
    if not (isinstance(left, ir.Col) and isinstance(right, ir.Lit) and left.ty == right.ty
            and left.ty in ("int", "real") and right.value is not None):
        return None
    return (left.alias, left.name, left.ty, left.affinity), op, right.value


def _rejects_col(c, col) -> bool:
    """Is conjunct ``c`` never true when column ``col`` is NULL (it compares the column)?"""
    def strict(e):
        if isinstance(e, ir.Col):
            return (e.alias, e.name) == col
        if isinstance(e, ir.Arith):
            return strict(e.left) or strict(e.right)
        return isinstance(e, ir.Neg) and strict(e.arg)
    if isinstance(c, ir.Cmp):
        return c.op not in ("is", "is not") and (strict(c.left) or strict(c.right))
    if isinstance(c, (ir.Like, ir.InList, ir.InSub)):
        return strict(c.arg)
    return isinstance(c, ir.Not) and isinstance(c.arg, ir.IsNull) and strict(c.arg.arg)


def _constants(conds: list) -> dict:
    """Columns that a conjunct ``col = literal`` (one type, no conversion) fixes, as that
    literal."""
    out = {}
    for c in conds:
        if (isinstance(c, ir.Cmp) and c.op == "=" and not c.conv and isinstance(c.left, ir.Col)
                and isinstance(c.right, ir.Lit) and c.right.ty == c.left.ty and c.right.value is not None):
            out[(c.left.alias, c.left.name)] = c.right
    return out


def _known(e, not_null: set):
    """``COALESCE(x, ...)`` of a column ``x`` that is never NULL here is ``x``."""
    def f(y):
        if (isinstance(y, ir.Func) and y.name == "coalesce" and isinstance(y.args[0], ir.Col)
                and (y.args[0].alias, y.args[0].name) in not_null and y.args[0].ty == y.ty):
            return y.args[0]
        return y
    return _map_children(f(e), lambda c: _known(c, not_null)) if isinstance(e, ir.Expr) else e
