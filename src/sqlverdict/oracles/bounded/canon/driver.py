"""The canonical form's driver: ``canonical`` and the walk over queries, set operations,
selects and expressions (``_Canon``); flattening and semijoins are its mixins."""

from __future__ import annotations

import dataclasses
import itertools

from ....types import Schema
from .. import ir
from .aggregates import merge_aggregates
from .facts import fold
from .flatten import _FlatSelect
from .joins import _flat_source, exists_to_in, null_safe_eq, self_join_on_key, simplify_outer_joins
from .semijoins import _Semijoins
from .terms import (
    FALSE,
    TRUE,
    Nothing,
    _and,
    _conjuncts,
    _factorial,
    _has_agg,
    _key,
    _leaf_sig,
    _leaves,
    _map_children,
    _normalize,
    _on_conjuncts,
    _row_number,
    _tree_aliases,
)
from .unions import _operands, distinct_union, inline_projection, unordered
from .views import having_to_where, merge_derived, merge_preserved_derived, push_into_derived

MAX_ASSIGNMENTS = 24  # alias orders tried per select (self-joins); beyond it, keep the given order

def canonical(q: ir.Query, schema: Schema, sem: str = "bag") -> ir.Query:
    """The canonical form of ``q`` compared under ``sem`` (list semantics reads row order,
    set semantics ignores duplicates)."""
    return _Canon(schema).query(q, {}, 0, sensitive=(sem == "list"), dup_free=(sem == "set"))


class _Canon(_FlatSelect, _Semijoins):
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

    def _leaf(self, leaf, depth):
        if isinstance(leaf, ir.Derived):  # uncorrelated (ir refuses correlated ones)
            return dataclasses.replace(leaf, query=self.query(leaf.query, {}, depth + 1, False))
        return leaf

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

