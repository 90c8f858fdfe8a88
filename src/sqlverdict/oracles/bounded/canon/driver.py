"""The canonical form's driver: ``canonical`` and the walk over queries, set operations,
selects and expressions (``_Canon``); flattening and semijoins are its mixins.

A canonical form is computed within the pair's time (``deadline``): past it the walk raises
``OverBudget``, a ``RecursionError`` so that every caller that already gives up on a
canonicalisation too deep for Python (no rewriting proof, the law's assumption stated, no
plan) gives up on one too long alike, instead of running until a worker is killed."""

from __future__ import annotations

import contextlib
import contextvars
import dataclasses
import itertools
import math
import time

from ....types import Schema
from .. import ir
from .flatten import _FlatSelect
from .fresh_copies import fresh_copies
from .joins import _flat_source
from .rules import RULES, SITES, Rule
from .semijoins import _Semijoins
from .terms import (
    FALSE,
    Nothing,
    _and,
    _conjuncts,
    _factorial,
    _key,
    _leaf_sig,
    _leaves,
    _map_children,
    _normalize,
    _on_conjuncts,
    _row_number,
    _tree_aliases,
    _windowless,
)

_DEADLINE = contextvars.ContextVar("canon_deadline", default=math.inf)


class OverBudget(RecursionError):
    """The canonical form was not done by the deadline (``deadline``)."""


@contextlib.contextmanager
def deadline(at: float):
    """Canonical forms computed inside stop at ``at`` (``time.monotonic``): ``OverBudget``.

    >>> with deadline(time.monotonic() - 1):
    ...     _DEADLINE.get() < time.monotonic()
    True
    """
    token = _DEADLINE.set(at)
    try:
        yield
    finally:
        _DEADLINE.reset(token)


_COPYING_SITES = frozenset(("query", "compound", "select", "unordered", "conjunct"))  # (before renaming)
MAX_ASSIGNMENTS = 24  # alias orders tried per select (self-joins); beyond it, keep the given order

def canonical(q: ir.Query, schema: Schema, sem: str = "bag",
              rules: tuple[Rule, ...] = RULES, typed: bool = False) -> ir.Query:
    """The canonical form of ``q`` compared under ``sem`` (list semantics reads row order,
    set semantics ignores duplicates), rewritten by ``rules`` (``rules.RULES``; a subset
    switches rules off, e.g. ``rules.without("fold")``; ``typed``: for the typed domain)."""
    canon = _Canon(schema, rules, typed)
    canon.top = canon.top_select = q  # (the query's own top: its output columns' affinities are read by no one)
    return canon.query(q, {}, 0, sensitive=(sem == "list"), dup_free=(sem == "set"))


def _sites(rules: tuple[Rule, ...]) -> dict[str, tuple[Rule, ...]]:
    """The rules of each site (``rules.SITES``), in registry order."""
    return {site: tuple(r for r in rules if site in r.sites) for site in SITES}


_ALL_SITES = _sites(RULES)


class _Canon(_FlatSelect, _Semijoins):
    def __init__(self, schema: Schema, rules: tuple[Rule, ...] = RULES, typed: bool = False):
        self.schema = schema
        self.typed = typed  # the typed domain: an INTEGER column holds integers only
        self.sites = _ALL_SITES if rules is RULES else _sites(rules)
        self.deadline = _DEADLINE.get()
        self.top = None
        self.top_select = None  # the top query as the "query" rules rewrote it (``query``)

    def walk(self, site: str, value, **context):
        """``value`` through the rules of ``site`` in order: (value, True) when a rule marked
        ``stops`` fired, (value, False) after the last rule."""
        if time.monotonic() > self.deadline:
            raise OverBudget(f"canonical form not done by the deadline (at the {site} rules)")
        for r in self.sites[site]:
            new = r.apply(self, value, context)
            if new is not value:
                value = fresh_copies(value, new) if site in _COPYING_SITES else new
                if r.stops:
                    return value, True
        return value, False

    # ---- queries

    def query(self, q, mapping: dict, depth: int, sensitive: bool, dup_free: bool = False):
        """``dup_free``: the consumer ignores how often a row occurs (IN, EXISTS, set
        semantics)."""
        if isinstance(q, ir.SetOp):
            return self.setop(q, mapping, depth, sensitive)
        top = q is self.top_select
        inner, _ = self.walk("query", q, sensitive=sensitive, top=top)
        if inner is not q:
            if top:
                self.top_select = inner
            return self.query(inner, mapping, depth, sensitive, dup_free)
        return self.select(q, mapping, depth, sensitive, dup_free)

    def setop(self, q: ir.SetOp, mapping, depth, sensitive):
        changed, _ = self.walk("compound", q, sensitive=sensitive, top=q is self.top)
        if changed is not q:
            return self.query(changed, mapping, depth, sensitive)
        positional = ((q.limit is not None or q.offset) and not q.order) or (sensitive and not q.order)
        left = self.query(q.left, mapping, depth, positional)
        right = self.query(q.right, mapping, depth, positional)
        form, _ = self.walk("setop", dataclasses.replace(q, left=left, right=right), q=q, left=left,
                            right=right, positional=positional, mapping=mapping, depth=depth)
        return form

    def select(self, q: ir.Select, mapping, depth, sensitive, dup_free=False, seen=()):
        """``seen``: the forms this select was rewritten through; a rule that leads back
        to one closes a cycle (two rules each undoing the other, e.g. DISTINCT over a join
        as a semi-join and the semi-join merged back), which ends at its least form."""
        seen = seen + (q,)
        entry = q  # (``q`` is rebound below: the cycle is closed by this select's own form)

        def again_with(new):
            if new not in seen:
                return self.select(new, mapping, depth, sensitive, dup_free, seen)
            least = min(seen[seen.index(new):], key=_key)
            return None if least is entry else self.select(least, mapping, depth, sensitive, dup_free, seen)
        new, again = self.walk("select", q, dup_free=dup_free, sensitive=sensitive)
        if again and (out := again_with(new)) is not None:
            return out
        q = q if again else new
        single_row = q.aggregate and not q.group_by
        positional = (q.bare_from is not None or _row_number(q)
                      or ((q.limit is not None or q.offset) and not q.order)
                      or (sensitive and not q.order and not single_row))
        if not positional:
            simpler, again = self.walk("unordered", q, dup_free=dup_free)
            if again and (out := again_with(simpler)) is not None:
                return out
        leaves = None if positional else _leaves(q.source)
        if leaves is None:
            return self._select_tree(q, mapping, depth, positional)
        conds = _on_conjuncts(q.source) + _conjuncts(q.where)
        if FALSE in conds and (not q.aggregate or q.group_by):
            return Nothing(len(q.items))  # no row passes: no row out
        # (a window counts the rows it runs over: duplicates matter to it under DISTINCT too)
        ignores_dups = (dup_free or q.distinct) and not q.aggregate and _windowless(q)
        (merged_q, merged_leaves, merged_conds), again = self.walk(
            "sources", (q, leaves, conds), ignores_dups=ignores_dups)
        if again and (out := again_with(fresh_copies(q, dataclasses.replace(
                merged_q, source=_flat_source(merged_leaves), where=_and(merged_conds))))) is not None:
            return out
        (_, pushed_leaves, pushed_conds), again = self.walk("pushdown", (q, leaves, conds))
        if again:  # (the outer select may now be a plain projection)
            return self.query(fresh_copies(q, dataclasses.replace(q, source=_flat_source(pushed_leaves),
                                                                  where=_and(pushed_conds))),
                              mapping, depth, sensitive, dup_free)
        conds = [self.walk("conjunct", c, leaves=leaves)[0] for c in conds]
        (q, leaves, conds), _ = self.walk("semijoin", (q, leaves, conds), ignores_dups=ignores_dups)
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
            e = dataclasses.replace(e, arg=arg, query=q) if arg is not None else dataclasses.replace(e, query=q)
            return self.walk("subquery", e)[0]
        if isinstance(e, ir.ScalarSub):
            return dataclasses.replace(e, query=self.query(e.query, m, depth + 1, True))
        return _normalize(_map_children(e, lambda c: self.expr(c, m, depth)))

