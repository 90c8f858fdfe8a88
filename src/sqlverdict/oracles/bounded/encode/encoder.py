"""The relational operators: ``Encoder`` maps a lowered query to a list of symbolic rows
(sources and joins, filters, GROUP BY, set operations); expressions and windows are its mixins."""

from __future__ import annotations

import dataclasses

import z3

from ....errors import BudgetExceeded, UnsupportedSQL
from .. import ir
from ..ir.kinds import AggFn, JoinKind, SetOpKind, Ty
from ..solver import Budget
from .expressions import _Expressions
from .keyed import KEYED_FROM_ROWS, child_first, from_leaves, keyed, pushed
from .relations import _distinct, _distinct_flags, _null_env, _order_limit, _pick_scope
from .symdb import SymDB
from .text import _TIMESTAMP
from .values import (
    MAX_ROWS,
    Row,
    V,
    _and,
    _count,
    _ite,
    _not,
    _num,
    _or,
    _spend,
    _zero,
    rows_eq,
    veq,
    vless,
)
from .windows import _Windows, _windows_of

# the members used here, bound once: on Python 3.11 an enum class's attribute lookup
# goes through EnumType.__getattr__, several times slower than a global name
MIN = AggFn.MIN
CROSS, FULL, INNER, LEFT, RIGHT = (
    JoinKind.CROSS, JoinKind.FULL, JoinKind.INNER, JoinKind.LEFT, JoinKind.RIGHT)
INTERSECT, UNION = SetOpKind.INTERSECT, SetOpKind.UNION
NULL, TEXT = Ty.NULL, Ty.TEXT


class Encoder(_Expressions, _Windows):
    """Evaluates lowered queries on a ``SymDB``; results are lists of ``Row``. Every term is
    made in the database's session (``db.session``, as ``self.s``)."""

    def __init__(self, db: SymDB, budget: Budget | None = None):
        self.db = db
        self.s = db.session
        self.dom = db.domain
        self.budget = budget
        self._uncorrelated: dict[int, list[Row]] = {}
        self.ambiguous: list = []  # conditions under which a LIMIT cuts through a tie
        self._lookups: dict = {}
        self._tables: dict = {}  # (template, type) -> the functions of its table
        self._opaque: dict = {}  # (name, argument classes, type) -> (value, NULL) functions
        self._rowkey: dict | None = None
        self._from_unordered = False  # while a FROM is encoded: nothing reads its rows' order
        self._keyed = False  # while a FROM is encoded: its key joins are built as ``keyed`` says
        self._picked: dict[int, dict] = {}  # the rows a keyed join picks (``_keyed_join``), by id
        self._clock: V | None = None
        self._window = None  # (window table, row index) while a select's rows are encoded
        self._agg_cache: dict = {}  # (agg, id(members)) -> (agg, members, V)
        self._member_cache: dict = {}  # (id(arg), id(row scope)) -> (arg, scope, V)

    def _tick(self, n: int = 0):
        if n > MAX_ROWS:
            raise BudgetExceeded("size", f"encoding too large ({n} symbolic rows)")
        _spend(self.budget, 0)

    # ---- queries

    def query(self, q: ir.Query, env: dict, tie_perm=None, *, unordered: bool = False) -> list[Row]:
        """Rows of ``q``. ``tie_perm`` orders the selected columns for breaking ORDER BY
        ties at the top level (so that a prediction with permuted columns breaks ties as
        the gold does). ``unordered``: the caller reads the rows as a bag, never their
        order (a select may then build its FROM in another order: ``_from``)."""
        if isinstance(q, ir.SetOp):
            return self.setop(q, env, tie_perm)
        return self.select(q, env, tie_perm, unordered=unordered)

    def setop(self, q: ir.SetOp, env, tie_perm=None) -> list[Row]:
        left, right = self.query(q.left, env), self.query(q.right, env)
        for a, b in zip(q.left.items, q.right.items, strict=True):
            ta, tb = ir._ty(a), ir._ty(b)
            if ta != tb and not (NULL in (ta, tb) or (_num(ta) and _num(tb))):
                raise UnsupportedSQL("set operation mixing text and numbers")
        left = [Row(r.exists, r.vals) for r in left]
        right = [Row(r.exists, r.vals) for r in right]
        if q.op == UNION:
            rows = left + right
            if not q.all:
                rows = _distinct(self.s, rows, self.budget)
        elif q.op == INTERSECT:
            rows = [Row(z3.And(r.exists, z3.Or([z3.And(s.exists, rows_eq(self.s, r.vals, s.vals)) for s in right])), r.vals)
                    for r in _distinct(self.s, left, self.budget)]
        else:
            rows = [Row(z3.And(r.exists, z3.Not(z3.Or([z3.And(s.exists, rows_eq(self.s, r.vals, s.vals)) for s in right]))), r.vals)
                    for r in _distinct(self.s, left, self.budget)]
        keys = [[r.vals[p] for p, _ in q.order] for r in rows]
        return _order_limit(self.s, rows, keys, [d for _, d in q.order], q.limit, q.offset, bool(q.order),
                            self.ambiguous, tie_perm, self.budget)

    def source(self, src, env, pushed: dict | None = None) -> list[tuple[z3.BoolRef, dict]]:
        """The rows of a FROM item; ``pushed``: WHERE conjuncts added to the ON of joins of
        its left spine (``keyed.pushed``)."""
        if src is None:
            return [(self.s.true, {})]
        if isinstance(src, ir.Scan):
            return [(ex, {src.alias: vals}) for ex, vals in self.db.rows[src.table]]
        if isinstance(src, ir.Derived):
            rows = self.query(src.query, env, unordered=self._from_unordered)
            return [(r.exists, {src.alias: dict(zip(src.names, r.vals, strict=True))}) for r in rows]
        if isinstance(src, ir.Values):
            out = []
            for row in src.rows:
                vals = [self.expr(e, env) for e in row]
                vals = [V(ty, self.s.true, _zero(self.s, ty)) if v.ty == NULL and ty != NULL else v
                        for v, ty in zip(vals, src.types, strict=True)]
                out.append((self.s.true, {src.alias: dict(zip(src.names, vals, strict=True))}))
            return out
        left = self.source(src.left, env, pushed)
        conds = ir._conjuncts(src.on) + (pushed or {}).get(id(src), [])
        if self._keyed and src.kind in (INNER, CROSS, LEFT) and keyed(self.db.schema, src.right, conds):
            return self._keyed_join(src, left, conds, env)
        right = self.source(src.right, env)
        self._tick(len(left) * len(right))
        out = []
        matched = [[] for _ in right]  # per right row: its matches
        for le, lenv in left:
            _spend(self.budget, len(right))
            matches = []
            for k, (re_, renv) in enumerate(right):
                scope = {**env, **lenv, **renv}
                cond = z3.And(le, re_)
                if src.on is not None:
                    cond = z3.And(cond, self.expr(src.on, scope).is_true)
                matches.append(cond)
                matched[k].append(cond)
                out.append((cond, {**lenv, **renv}))
            if src.kind in (LEFT, FULL):
                out.append((z3.And(le, z3.Not(z3.Or(matches))), {**lenv, **_null_env(self.s, src.right)}))
        if src.kind in (RIGHT, FULL):
            # SQLite emits the right rows without a match after the others
            for (re_, renv), ms in zip(right, matched, strict=True):
                out.append((_and(self.s, re_, _not(self.s, _or(self.s, *ms))), {**_null_env(self.s, src.left), **renv}))
        return out

    def _keyed_join(self, src: ir.Join, left, conds, env) -> list[tuple[z3.BoolRef, dict]]:
        """A join through a key of its right table: one row per left row, the matching
        right row picked by an ``If`` chain (exact: ``keyed``'s docstring)."""
        right = self.source(src.right, env)
        self._tick(len(left))
        alias = src.right.alias
        out = []
        for le, lenv in left:
            _spend(self.budget, len(right))
            matches = []
            for re_, renv in right:
                scope = {**env, **lenv, **renv}
                matches.append(_and(self.s, re_, *[self.expr(c, scope).is_true for c in conds]))
            picked = {}
            for col, v in right[-1][1][alias].items():
                if v.ty == NULL:
                    picked[col] = v
                    continue
                for m, (_, renv) in zip(matches[-2::-1], right[-2::-1], strict=True):
                    v = _ite(self.s, m, renv[alias][col], v, v.ty)
                picked[col] = v
            found = _or(self.s, *matches)
            if src.kind == LEFT:
                picked = {c: v if v.ty == NULL else V(v.ty, _or(self.s, _not(self.s, found), v.null), v.val)
                          for c, v in picked.items()}
                out.append((le, {**lenv, alias: picked}))
            else:
                out.append((_and(self.s, le, found), {**lenv, alias: picked}))
            self._picked[id(picked)] = picked  # (kept: no id reused)
        return out

    def _from(self, q: ir.Select, env, unordered: bool):
        """The rows of ``q``'s FROM. Where nothing reads their order (``unordered``: the
        caller reads ``q``'s rows as a bag, or ``q`` orders them by its ORDER BY, whose
        ties break by the selected values (equal rows are interchangeable), or returns one
        aggregate row; and ``q`` has no LIMIT, OFFSET, window function or bare column),
        a product of joins is built child first (``keyed.child_first``) and its derived
        tables are read as bags too."""
        free = (q.limit is None and not q.offset and q.bare_from is None
                and (unordered or bool(q.order) or (q.aggregate and not q.group_by))
                and not _windows_of(list(q.items) + [k for k, _ in q.order] + [q.having]))
        wide = self.db.k ** len(from_leaves(q.source)) > KEYED_FROM_ROWS
        source = (child_first(self.db.schema, q) if wide and free and q.where is not None else None) or q.source
        saved = self._from_unordered, self._keyed
        self._from_unordered, self._keyed = free, wide
        try:
            return self.source(source, env, pushed(dataclasses.replace(q, source=source))
                               if wide and q.where is not None else None)
        finally:
            self._from_unordered, self._keyed = saved

    def select(self, q: ir.Select, env, tie_perm=None, *, unordered: bool = False) -> list[Row]:
        src = self._from(q, env, unordered)
        if q.where is not None:
            src = [(z3.And(ex, self.expr(q.where, {**env, **e}).is_true), e) for ex, e in src]
        self._tick(len(src))
        if q.aggregate and not q.group_by and q.bare_from is None:
            src = self._canonical_order(src)
        if q.aggregate:
            groups = self._groups(q, src, env)
        else:
            groups = [(ex, {**env, **e}, None) for ex, e in src]
        if q.aggregate and q.bare_from is not None:
            groups = [(ex, self._bare_scope(q.bare_from, ex, scope, members, env), members)
                      for ex, scope, members in groups]
        elif q.aggregate and not q.group_by and q.source is not None:
            groups = [(ex, self._last_row_scope(scope, members, env), members)
                      for ex, scope, members in groups]
        if q.having is not None:  # (before the window functions, which see what it keeps)
            groups = [(z3.And(ex, self.expr(q.having, scope, members).is_true), scope, members)
                      for ex, scope, members in groups]
        windows = _windows_of(list(q.items) + [k for k, _ in q.order])
        saved_window = self._window
        table = self._window_table(windows, groups) if windows else None
        rows, keys = [], []
        for row_index, (ex, scope, members) in enumerate(groups):
            self._window = (table, row_index) if table is not None else saved_window
            vals = tuple(self.expr(i, scope, members) for i in q.items)
            rows.append(Row(ex, vals))
            if q.distinct:
                if not all(k in q.items or _of_items(k, q.items) for k, _ in q.order):
                    raise UnsupportedSQL("ORDER BY a column that DISTINCT removes")
                keys.append([vals[q.items.index(k)] if k in q.items else self.expr(k, scope, members)
                             for k, _ in q.order])
            else:
                keys.append([self.expr(k, scope, members) for k, _ in q.order])
        self._window = saved_window
        if q.distinct:
            keep = _distinct_flags(self.s, rows, self.budget)
            rows = [Row(k, r.vals) for k, r in zip(keep, rows, strict=True)]
        return _order_limit(self.s, rows, keys, [d for _, d in q.order], q.limit, q.offset, bool(q.order),
                            self.ambiguous, tie_perm, self.budget)

    def clock(self) -> V:
        """The symbolic clock: one text value for the whole pair, any timestamp
        (``YYYY-MM-DD HH:MM:SS``) of the domain."""
        if self._clock is None:
            v = z3.Int("!clock", self.s.ctx)
            codes = [i for i, s in enumerate(self.dom.strings) if _TIMESTAMP.fullmatch(s)]
            self.db.constraints.append(_or(self.s, *[v == i for i in codes]))
            self._clock = V(TEXT, self.s.false, v)
        return self._clock

    def _canonical_order(self, src):
        """The rows of a FROM in an order that does not depend on how the joins are
        written (by table and row index of every joined row). Only where order cannot
        matter: the aggregates of a query without GROUP BY and bare columns (sums and
        counts are the same in any order). Two queries joining the same tables in another
        order then build the same terms, which the solver compares far faster."""
        if self._rowkey is None:
            self._rowkey = {id(vals): (name, i) for name, i, _, vals in self.db.variables()}
        keys = []
        for _, e in src:
            k = [self._rowkey.get(id(v)) for v in e.values() if id(v) not in self._picked]
            if None in k:
                return src
            keys.append(tuple(sorted(k)))
        return [r for _, r in sorted(zip(keys, src, strict=True), key=lambda p: p[0])]

    def _bare_scope(self, agg: ir.Agg, exists, scope, members, outer):
        """Bare columns under one MIN/MAX: the values of the first member row reaching the
        extreme (the last member row when every argument is NULL; NULL when there is
        none). Ties on the extreme make SQLite's choice plan-dependent: recorded as
        ambiguous."""
        vals = [(c, self.expr(agg.arg, env)) for c, env in members]
        best = V(agg.ty, self.s.true, _zero(self.s, agg.ty))
        chosen = z3.IntVal(-1, self.s.ctx)
        last = z3.IntVal(-1, self.s.ctx)
        for j, (c, v) in enumerate(vals):
            live = _and(self.s, c, _not(self.s, v.null))
            better = vless(self.s, v, best) if agg.fn == MIN else vless(self.s, best, v)
            take = _and(self.s, live, _or(self.s, best.null, better))
            best = _ite(self.s, take, v, best, agg.ty)
            chosen = z3.If(take, j, chosen)
            last = z3.If(c, j, last)
        pick = z3.If(chosen >= 0, chosen, last)
        ties = _count(self.s, [_and(self.s, c, _not(self.s, v.null), veq(self.s, v, best)) for c, v in vals])
        nulls_only = _and(self.s, chosen < 0, _count(self.s, [c for c, _ in members]) > 1)
        self.ambiguous.append(_and(self.s, exists, _or(self.s, ties > 1, nulls_only)))
        return _pick_scope(self.s, scope, members, pick, outer)

    def _last_row_scope(self, scope, members, outer):
        """Columns of an aggregate without GROUP BY that the WHERE clause fixes: the
        values of the last existing row (all rows agree), NULL when there is none."""
        last = z3.IntVal(-1, self.s.ctx)
        for j, (c, _) in enumerate(members):
            last = z3.If(c, j, last)
        return _pick_scope(self.s, scope, members, last, outer)

    def _groups(self, q: ir.Select, src, env):
        if not q.group_by:
            return [(self.s.true, dict(env), [(ex, {**env, **e}) for ex, e in src])]
        scopes = [{**env, **e} for _, e in src]
        keys = [[self.expr(g, s) for g in q.group_by] for s in scopes]
        views = _keyed_views(q)
        block = [tuple(id(e[a]) for a in views) for _, e in src]
        peers: dict = {}
        for i, b in enumerate(block):
            peers.setdefault(b, []).append(i)
        self._tick(sum(len(p) * len(p) for p in peers.values()) // 8)
        out = []
        for i, (ex, _) in enumerate(src):
            near = peers[block[i]]  # (rows of other view rows are never in this group)
            _spend(self.budget, len(near))
            same = {j: rows_eq(self.s, keys[j], keys[i]) if j != i else self.s.true for j in near}
            earlier = [z3.And(src[j][0], same[j]) for j in near if j < i]
            earlier = z3.Or(earlier) if earlier else self.s.false
            members = [(z3.And(src[j][0], same[j]), scopes[j]) for j in near]
            out.append((z3.And(ex, z3.Not(earlier)), scopes[i], members))
        return out

    # ---- expressions

    def sub(self, q: ir.Query, env) -> list[Row]:
        if not ir.free_aliases(q):
            key = id(q)
            if key not in self._uncorrelated:
                self._uncorrelated[key] = self.query(q, {})
            return self._uncorrelated[key]
        return self.query(q, env)


def _keyed_views(q: ir.Select) -> list[str]:
    """The aliases of the grouped views ``q`` inner-joins and groups by all the group keys of
    (i62f): two rows of such a view never share their keys (a group is one row), so two rows
    of ``q``'s FROM built from two rows of the view are never in one group of ``q``, and
    ``_groups`` compares only the rows of one view row. The view is a plain grouping (no
    DISTINCT, ORDER BY, LIMIT or OFFSET: its rows are its groups), each group key a column it
    shows."""
    out, stack = [], [q.source]
    while stack:
        src = stack.pop()
        if isinstance(src, ir.Join):
            if src.kind not in (JoinKind.INNER, JoinKind.CROSS):
                return []
            stack += [src.left, src.right]
        elif isinstance(src, ir.Derived) and _grouped_by(src, q.group_by):
            out.append(src.alias)
    return sorted(out)


def _grouped_by(d: ir.Derived, group_by) -> bool:
    v = d.query
    if not (isinstance(v, ir.Select) and v.aggregate and v.group_by and not v.distinct
            and not v.order and v.limit is None and not v.offset and len(d.names) == len(v.items)):
        return False
    shown = {(g.alias, g.name) for g in group_by if isinstance(g, ir.Col)}
    for g in v.group_by:
        if not (isinstance(g, ir.Col) and g in v.items):
            return False
        if (d.alias, d.names[v.items.index(g)]) not in shown:
            return False
    return True


def _of_items(key, items) -> bool:
    """Is ``key`` a function of the DISTINCT items alone (``salary IS NULL`` beside the item
    ``salary``, as PostgreSQL's NULLS FIRST of a descending key translates): its columns are
    items, no aggregate, window or subquery? Then the row DISTINCT keeps for a class of equal
    items gives the key of every row of the class."""
    nodes = list(ir.local_nodes(key))
    if any(isinstance(y, ir.Agg | ir.Window | ir.ScalarSub | ir.Exists | ir.InSub) for y in nodes):
        return False
    cols = [y for y in nodes if isinstance(y, ir.Col)]
    return bool(cols) and all(c in items for c in cols)

