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

"Every database" means every database that satisfies the schema's keys and foreign keys,
with non-NULL primary keys: the verifier's universe (docs/verify.md).

Join order decides the order of rows, so joins keep their order wherever a consumer reads
rows by position: a LIMIT without ORDER BY, a scalar subquery that may return several rows,
list semantics without ORDER BY, bare columns read beside MIN/MAX. (Ties under an ORDER BY
are broken by the selected values in the verifier's semantics, so order stays fixed there.)

>>> from sqlverdict.schema import from_ddl
>>> s = from_ddl("CREATE TABLE a(id INT PRIMARY KEY, n TEXT); "
...              "CREATE TABLE b(id INT PRIMARY KEY, a_id INT REFERENCES a(id))")
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

from ...types import Schema
from . import ir

MAX_ASSIGNMENTS = 24  # alias orders tried per select (self-joins); beyond it, keep the given order


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
        inner = inline_projection(q)
        if inner is not q:
            return self.query(inner, mapping, depth, sensitive, dup_free)
        return self.select(q, mapping, depth, sensitive, dup_free)

    def setop(self, q: ir.SetOp, mapping, depth, sensitive):
        positional = ((q.limit is not None or q.offset) and not q.order) or (sensitive and not q.order)
        left = self.query(q.left, mapping, depth, positional)
        right = self.query(q.right, mapping, depth, positional)
        if not positional and q.op in ("union", "intersect") and _key(right) < _key(left):
            # the output columns of a compound are named by its left operand: names are
            # not compared, so the operands of UNION and INTERSECT commute
            left, right = right, left
        return dataclasses.replace(q, left=left, right=right)

    def select(self, q: ir.Select, mapping, depth, sensitive, dup_free=False):
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
        leaves = None if positional else _leaves(q.source)
        if leaves is None:
            return self._select_tree(q, mapping, depth, positional)
        conds = _on_conjuncts(q.source) + _conjuncts(q.where)
        q, leaves, conds = self._semijoins(q, leaves, conds, (dup_free or q.distinct) and not q.aggregate)
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
        conds = [self.expr(c, m, depth) for c in conds]
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
        rest = [sub(c) for c in rest]
        for c in rest:  # a comparison or IN that is true on a surviving row: non-NULL columns
            if (isinstance(c, ir.Cmp) and c.op not in ("is", "is not")) or isinstance(c, ir.InSub):
                for side in ((c.left, c.right) if isinstance(c, ir.Cmp) else (c.arg,)):
                    if isinstance(side, ir.Col) and side.alias in local:
                        not_null.add((side.alias, side.name))
        for leaf in new_leaves:
            if isinstance(leaf, ir.Scan):
                t = self.schema.table(leaf.table)
                pk = {c.lower() for c in t.primary_key}
                for c in t.columns:
                    if c.not_null or c.name.lower() in pk:
                        not_null.add((leaf.alias, c.name.lower()))
        # "x IS NOT NULL" is implied when another conjunct or the schema rejects NULL x
        nn = [c for c in rest if isinstance(c, ir.Not) and isinstance(c.arg, ir.IsNull)
              and isinstance(c.arg.arg, ir.Col)]
        rest = [c for c in rest if c not in nn or (c.arg.arg.alias, c.arg.arg.name) not in not_null]
        not_null |= {(c.arg.arg.alias, c.arg.arg.name) for c in nn}
        group = [sub(self.expr(g, m, depth)) for g in q.group_by]
        group = self._reduce_group(group, new_leaves, rep)
        row_keys = self._row_keys(new_leaves, rest, members)
        agg = (lambda e: _count_star(e, not_null, row_keys)) if q.aggregate else (lambda e: e)
        items = tuple(agg(sub(self.expr(i, m, depth))) for i in q.items)
        having = _and([h for h in (agg(sub(c)) for c in _conjuncts(self.expr(q.having, m, depth)))
                       if not (group and _nonempty_group(h))])
        order = tuple((agg(sub(self.expr(k, m, depth))), d) for k, d in q.order)
        source = Flat(tuple(sorted(new_leaves, key=_key)), classes)
        return dataclasses.replace(q, source=source, where=_and(rest), group_by=group, having=having,
                                   items=items, order=order, names=())

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
        pk = {}
        for leaf in leaves:
            if not isinstance(leaf, ir.Scan):
                return set()
            k = [c.lower() for c in self.schema.table(leaf.table).primary_key]
            pk[leaf.alias] = k[0] if len(k) == 1 else None
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
        out = set()
        for root in pk:
            if pk[root] is None:
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
                out.add((root, pk[root]))
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
                                   for c in t.primary_key]
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
    if isinstance(inner, ir.SetOp) or inner.distinct:
        return q  # projecting some columns of a compound or DISTINCT changes duplicates
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
    if isinstance(e, ir.Logic):
        flat = []
        for a in e.args:
            flat += list(a.args) if isinstance(a, ir.Logic) and a.op == e.op else [a]
        args = tuple(v for _, v in sorted({_key(a): a for a in flat}.items()))
        return args[0] if len(args) == 1 else dataclasses.replace(e, args=args)
    return e


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
    out: set = set()
    stack = [x]
    while stack:
        y = stack.pop()
        if isinstance(y, ir.Col):
            out.add(y.alias)
        elif isinstance(y, tuple):
            stack += list(y)
        elif dataclasses.is_dataclass(y) and not isinstance(y, type):
            stack += [getattr(y, f.name) for f in dataclasses.fields(y)]
    return out


def _leaf_sig(leaf) -> str:
    if isinstance(leaf, ir.Scan):
        return "scan:" + leaf.table
    return "derived:" + _key(dataclasses.replace(leaf, alias=""))


def _factorial(n: int) -> int:
    out = 1
    for k in range(2, n + 1):
        out *= k
    return out
