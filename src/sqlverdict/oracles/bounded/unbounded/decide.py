"""The decision: are two normal forms (``normal``) equal on every database?

Bags: the sums match term by term up to permutation. Two blocks are equal if some
bijection between their occurrences (same table to same table) makes the two WHERE
conditions TRUE on exactly the same joined rows and the outputs identical wherever they
are: both then range over the same product of table instances, row for row. Two grouped
blocks also need the same GROUP BY partition (each key identical to a key of the other on
every kept row) and HAVING and outputs equal as functions of the keys and of aggregates
over identical arguments.

Sets (``Squash``, or set semantics): each block of one side is contained in the union of
the other's blocks: for every joined row it keeps, some block of the other side, reading
the same rows through a map of its occurrences onto these (a homomorphism, not only a
bijection: a redundant self-join folds), keeps a row with identical outputs. Grouped
blocks are only compared as bags.

Each question is one Z3 query for a row where the claim fails; ``unsat`` is a proof,
anything else (``sat``, ``unknown``, the budget) gives no answer. Nothing here refutes.
"""

from __future__ import annotations

import dataclasses
import itertools
import time

import z3

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Conv, LogicOp, Ty
from .bags import grouped_equal, scalar_equal
from .counting import count_facts, filtered_equal, same_count
from .distinct import distinct_rows
from .distinct_views import distinct_view, either_reading  # (either_reading: ``fk_parents``)
from .groups import having_to_where, keys_identify, sum_as_count
from .many_parts import split_many, split_terms
from .normal import (
    Block,
    Group,
    GroupValue,
    NoNormalForm,
    NoRows,
    Occ,
    SomeRows,
    Squash,
    free_aliases,
    normalize,
)
from .sums import ready
from .values import Scope, Terms, Val
from .walk import _agg_aliases, _aggs, _aliases, _equates, _reads_col, _replace, _scalar_subs

MAX_MAPS = 120  # occurrence bijections or homomorphisms tried per pair of blocks


WORK = 6_000_000  # Z3 resource units (``rlimit``) per proof attempt


class OutOfBudget(NoNormalForm):
    """The proof attempt spent its work (or, on a stalled machine, its time)."""


class Budget:
    """A proof attempt's work, counted in Z3 resource units over all its solver calls (one
    context per attempt, so one counter), so that the answer does not depend on the
    machine's load; the wall clock is only a safety net. Every proof of the prover corpus
    spends at most about 1.5M (``benchmarks/results/prover_speed_*``)."""

    def __init__(self, seconds: float, work: int = WORK):
        self.end = time.monotonic() + seconds
        self.work, self.used = work, 0

    def left_ms(self) -> int:
        left = self.end - time.monotonic()
        if left <= 0:
            raise OutOfBudget("time budget")
        return max(1, int(left * 1000))

    def left_work(self) -> int:
        if self.used >= self.work:
            raise OutOfBudget("work budget")
        return self.work - self.used

    def spent(self, solver) -> None:
        """Read the context's counter after a check."""
        st = solver.statistics()
        if "rlimit count" in st.keys():
            self.used = max(self.used, int(st.get_key_value("rlimit count")))


class Decider:
    def __init__(self, terms: Terms, budget: Budget):
        self.t, self.budget = terms, budget
        self.calls = 0

    @property
    def uniques_used(self) -> bool:
        """Did a step rest on a UNIQUE key (not a primary key)? Kept on the terms: deciders
        of subqueries share them."""
        return getattr(self.t, "uniques_used", False)

    @uniques_used.setter
    def uniques_used(self, value: bool) -> None:
        self.t.uniques_used = value

    # ---- Z3

    def valid(self, claim, facts) -> bool:
        """Does ``claim`` hold wherever ``facts`` do (and the facts of the aggregate terms
        it reads, the quantified ones only if needed: ``bags.Bags.fact_sets``)?"""
        bags = getattr(self.t, "bags", None)
        for n, extra in enumerate(bags.fact_sets(claim, facts) if bags is not None else [()]):
            s = z3.Solver(ctx=self.t.ctx)
            s.set("rlimit", self.budget.left_work() if not n else min(self.budget.left_work(), WORK // 12))
            s.set("timeout", min(self.budget.left_ms(), 5000))
            s.add(*facts, *extra)
            s.add(z3.Not(claim))
            self.calls += 1
            answer = s.check()
            self.budget.spent(s)
            if answer == z3.unsat:
                return True
        return False

    def rows(self, occs: tuple[Occ, ...]) -> tuple[dict, list]:
        """Fresh rows for ``occs``: alias -> column -> Val, and what SQLite guarantees."""
        rows, facts = {}, []
        for o in occs:
            r, f = self.t.row(o)
            rows[o.alias] = r
            facts += f + [self.t.member(o, r)]
        return rows, facts

    def one_row(self, occs, rows1: dict, rows2: dict, uniques: bool) -> list:
        """Keys (``Occ.keys``): two rows of one table (``rows1`` and ``rows2`` of ``occs``)
        whose key columns are all non-NULL and equal, as SQLite's index compares them, are
        one row: every column identical. ``uniques``: UNIQUE keys too, not only primary."""
        t, out = self.t, []
        for x in occs:
            for y in occs:
                if x.key != y.key or x.key[0] != "table":
                    continue
                a, b = rows1[x.alias], rows2[y.alias]
                for cols, primary in x.keys:
                    if not (primary or uniques):
                        continue
                    equal = z3.And([z3.And(z3.Not(a[c].null), z3.Not(b[c].null),
                                           t.cls(a[c]) == t.cls(b[c]), a[c].v == b[c].v)
                                    for c in cols])
                    out.append(z3.Implies(equal, z3.And([t.same(a[c], b[c]) for c in x.columns])))
        return out

    def determined(self, b: Block, prefix: list, e) -> bool:
        """Do two rows ``b`` keeps that agree on ``prefix`` (NULL with NULL, 1 with 1.0, as
        ORDER BY ties them) agree on ``e`` too? A constant, or a column of a row a key of
        the prefix identifies: a sort key that never breaks a tie."""
        if b.group is not None:
            return False
        t = self.t
        rows1, f1 = self.rows(b.occs)
        rows2, f2 = self.rows(b.occs)
        s1, s2 = Scope(t, rows1, b.env), Scope(t, rows2, b.env)
        premise = z3.And([self.keep(s1, b), self.keep(s2, b)]
                         + [t.same_row(s1.val(p), s2.val(p)) for p in prefix])
        claim = z3.Implies(premise, t.same_row(s1.val(e), s2.val(e)))
        facts = f1 + f2
        if self.valid(claim, facts + self.one_row(b.occs, rows1, rows2, False)):
            return True
        if any(not primary for o in b.occs for _, primary in o.keys) and self.valid(
                claim, facts + self.one_row(b.occs, rows1, rows2, True)):
            self.uniques_used = True
            return True
        return False

    @staticmethod
    def read_as(rows: dict, src: Occ, dst: Occ) -> dict:
        """``dst`` (of the other block) reading ``src``'s row: columns by position."""
        return dict(zip(dst.columns, (rows[src.alias][c] for c in src.columns), strict=True))

    def keep(self, scope: Scope, b: Block):
        return z3.And([scope.cond(c).true for c in b.conds] + [self.t.T])

    # ---- bags

    def bijections(self, a: Block, b: Block):
        keys = sorted({o.key for o in a.occs}, key=repr)
        if sorted((o.key for o in a.occs), key=repr) != sorted((o.key for o in b.occs), key=repr):
            return
        groups = [([o for o in a.occs if o.key == k], [o for o in b.occs if o.key == k]) for k in keys]
        for n, choice in enumerate(itertools.product(*[itertools.permutations(bo) for _, bo in groups])):
            if n >= MAX_MAPS:
                return
            yield [(x, y) for (ao, _), perm in zip(groups, choice, strict=True)
                   for x, y in zip(ao, perm, strict=True)]

    def block_equal(self, a: Block, b: Block) -> bool:
        if len(a.items) != len(b.items):
            return False
        if (a.group is None) != (b.group is None) or (
                a.group is not None and (not a.group.keys) != (not b.group.keys)):
            return scalar_equal(self, a, b)  # one row on an empty input: of aggregate terms
        for pairs in self.bijections(a, b):
            rows, facts = self.rows(a.occs)
            rows_b = {y.alias: self.read_as(rows, x, y) for x, y in pairs}
            sa, sb = Scope(self.t, rows, a.env), Scope(self.t, rows_b, b.env)
            ka, kb = self.keep(sa, a), self.keep(sb, b)
            if not self.valid(ka == kb, facts):
                continue
            if a.group is None:
                same = z3.And([self.t.same(sa.val(x), sb.val(y))
                               for x, y in zip(a.items, b.items, strict=True)] + [self.t.T])
                if self.valid(z3.Implies(ka, same), facts):
                    return True
            elif self.groups_equal(a, b, sa, sb, ka, facts):
                return True
        return filtered_equal(self, a, b) or scalar_equal(self, a, b)

    def groups_equal(self, a: Block, b: Block, sa: Scope, sb: Scope, keep, facts) -> bool:
        t = self.t

        def match(x, ys, scope_x, scope_y):
            for y in ys:
                if self.valid(z3.Implies(keep, t.same(scope_x.val(x), scope_y.val(y))), facts):
                    return y
            return None

        if not (keys_identify(self, a) and keys_identify(self, b)):
            return False
        keys_a: list[tuple] = []
        keys_b: list[tuple] = []
        for x in a.group.keys:
            v = t.fresh("g")
            keys_a.append((x, v))
        for y in b.group.keys:
            x = match(y, a.group.keys, sb, sa)
            if x is None:
                return False
            keys_b.append((y, dict(keys_a)[x]))
        for x in a.group.keys:
            if match(x, b.group.keys, sa, sb) is None:
                return False
        aggs_a = {g: t.fresh("a") for g in _aggs(a)}
        aggs_b: dict = {}
        for g in _aggs(b):
            for f, v in aggs_a.items():
                if self.same_aggregate(f, g, sa, sb, keep, facts) or (
                        a.group.keys and sum_as_count(self, f, g, sa, sb, keep, facts)) or (
                        same_count(self, f, g, sa, sb, keep, facts)):
                    aggs_b[g] = v
                    break
            else:
                aggs_b[g] = t.fresh("a")
        ga = Scope(t, {}, {}, keys_a, aggs_a)
        gb = Scope(t, {}, {}, keys_b, aggs_b)
        ha = ga.cond(a.group.having).true if a.group.having is not None else t.T
        hb = gb.cond(b.group.having).true if b.group.having is not None else t.T
        same = z3.And([t.same(ga.val(x), gb.val(y)) for x, y in zip(a.items, b.items, strict=True)]
                      + [t.T])
        # counts are integers, and a group of GROUP BY holds a row
        counts = [z3.And(z3.Not(v.null), v.k == 0, v.v >= (1 if g.fn == AggFn.COUNT_STAR and
                                                            a.group.keys else 0))
                  for aggs in (aggs_a, aggs_b) for g, v in aggs.items()
                  if g.fn in (AggFn.COUNT, AggFn.COUNT_STAR)]
        facts = (counts + _related(aggs_a) + _related(aggs_b)
                 + count_facts(self, aggs_a, aggs_b, sa, sb, keep, facts))
        return self.valid(z3.And(ha == hb, z3.Implies(ha, same)), facts)

    def empty(self, b: Block) -> bool:
        """Does ``b`` return no row on every database (its conditions never TRUE)?"""
        if b.group is not None and not b.group.keys:
            return False  # one row, whatever the input
        rows, facts = self.rows(b.occs)
        return self.valid(z3.Not(self.keep(Scope(self.t, rows, b.env), b)), facts)

    def prune(self, xs: list) -> list:
        out = []
        for x in xs:
            if isinstance(x, Squash):
                x = Squash(tuple(b for b in x.blocks if not self.empty(b)))
                if x.blocks:
                    out.append(x)
            elif not self.empty(x):
                out.append(x)
        return out

    def equal(self, xs: list, ys: list) -> bool:
        """Bag equality of two sums, after dropping the blocks that never return a row."""
        xs, ys = ready(self, xs), ready(self, ys)  # grouped selects over sums, as sets
        if xs is None or ys is None:
            return False
        return either_reading(self, self.unnest_all(xs), self.unnest_all(ys))  # (and chased: ``fk_parents``)

    def grouped_derived(self, d: Occ) -> Block | None:
        """The one grouped block of the derived table ``d``, or None."""
        if d.key[0] != "derived" or d.query is None or self.t.schema is None:
            return None
        try:
            terms = normalize(d.query, self.t.schema, self.t.keyer)
        except NoNormalForm:
            return None
        if len(terms) != 1 or not isinstance(terms[0], Block) or terms[0].group is None:
            return None
        return terms[0]

    def group_lookup(self, b: Block, d: Occ):
        """``b`` without its grouped derived table ``d`` where every GROUP BY column of ``d``
        is equated (``=``, no affinity conversion) to an expression of the rest and read
        nowhere else: at most one group matches (groups have distinct keys); the join keeps
        a row of the rest where some row of the group's tables matches, and ``d``'s other
        columns read that group's aggregates (``GroupValue``). None if not so."""
        g = self.grouped_derived(d)
        if g is None:
            return None
        own = {o.alias for o in g.occs} | {a for a, _ in g.env}
        if not g.group.keys or g.group.having is not None or not _aliases((g.conds, g.env)) <= own:
            return None  # HAVING, or a correlated derived table
        key_col = {}
        for n, item in zip(d.columns, g.items, strict=True):
            if item in g.group.keys and item not in key_col.values():
                key_col[n] = item
        at, others = {}, []
        for c in b.conds:
            side = _equates(c, d.alias)
            if side in key_col and key_col[side] not in at:
                other = c.right if isinstance(c.left, ir.Col) and c.left.alias == d.alias \
                    and c.left.name == side else c.left
                at[key_col[side]] = other
            else:
                others.append(c)
        if set(at) != set(g.group.keys):
            return None
        # the key columns are read nowhere else; the others only through GroupValue
        reads = [b.items, others, list(b.env.values())]
        if b.group is not None:
            reads += [b.group.keys, b.group.having]
        if any(_reads_col(reads, d.alias, n) for n in key_col):
            return None
        if any(set(_aliases(item)) & {o.alias for o in g.occs} - _agg_aliases(item)
               for n, item in zip(d.columns, g.items, strict=True) if n not in key_col):
            return None  # an output reading a column outside an aggregate
        keys = tuple(at[k] for k in g.group.keys)
        env = dict(b.env)
        env.update({(d.alias, n): GroupValue(g, item, keys, d.query)
                    for n, item in zip(d.columns, g.items, strict=True) if n not in key_col})
        match = tuple(ir.Cmp(CmpOp.EQ, k, at[k], Ty.BOOL, Conv.NONE) for k in g.group.keys)
        semi = SomeRows(g.occs, g.conds + match, g.env)
        return Block(tuple(o for o in b.occs if o is not d), tuple(others) + (semi,), b.items, env,
                     b.group)

    def group_rows(self, c, d: Occ):
        """``NoRows``/``SomeRows`` ``c`` over a grouped derived table ``d`` (no HAVING) whose
        conditions read ``d`` only by equating its GROUP BY columns (``=``, no affinity
        conversion): some group matches exactly where some row of its tables does."""
        g = self.grouped_derived(d)
        if g is None:
            return None
        if not g.group.keys or g.group.having is not None:
            return None
        key_col = {n: item for n, item in zip(d.columns, g.items, strict=True) if item in g.group.keys}
        reads = [x for x in c.conds if _equates(x, d.alias) not in key_col]
        if d.alias in _aliases(reads):
            return None
        env = {**c.env, **g.env}
        env.update({(d.alias, n): e for n, e in key_col.items()})
        occs = tuple(o for o in c.occs if o is not d) + g.occs
        return type(c)(occs, g.conds + tuple(c.conds), env)

    def derived_block(self, d: Occ):
        """(block, DISTINCT?) of an opaque derived table of one select without GROUP BY."""
        if d.key[0] != "derived" or d.query is None or self.t.schema is None:
            return None, False
        try:
            terms = normalize(d.query, self.t.schema, self.t.keyer)
        except NoNormalForm:
            return None, False
        if len(terms) != 1:
            return None, False
        distinct = isinstance(terms[0], Squash)
        blocks = terms[0].blocks if distinct else (terms[0],)
        if len(blocks) != 1 or blocks[0].group is not None:
            return None, False
        return blocks[0], distinct

    def unnest_rows(self, c):
        """``NoRows`` or ``SomeRows`` over a derived table of one select: over its tables.
        Whether a row exists does not change when DISTINCT keeps one of rows not distinct
        (1 and 1.0), as long as the conditions read its columns only through ``=`` without
        affinity conversion, which holds for both or neither."""
        for d in c.occs:
            grouped = self.group_rows(c, d)
            if grouped is not None:
                return self.unnest_rows(grouped)
            inner, distinct = self.derived_block(d)
            if inner is None:
                continue
            if distinct:
                reads = [x for x in c.conds if _equates(x, d.alias) is None]
                if d.alias in _aliases(reads):
                    continue
            env = {**c.env, **inner.env}
            env.update({(d.alias, n): e for n, e in zip(d.columns, inner.items, strict=True)})
            occs = tuple(o for o in c.occs if o is not d) + inner.occs
            return self.unnest_rows(type(c)(occs, inner.conds + tuple(c.conds), env))
        return c

    def unnest_all(self, xs: list) -> list:
        out = []
        for x in (distinct_view(self, x) for x in xs):  # a select over a DISTINCT view (``keyed``)
            if isinstance(x, Squash):
                out.append(Squash(tuple(c for b in x.blocks for c in self.lookups(self.unnest(b)))))
            else:
                b = having_to_where(self, self.filtered_aggregates(self.unnest(x)))
                out += self.lookups(self.keyed_groups(self.constant_aggregates(b)))
        return out

    def constant_aggregates(self, b: Block) -> Block:
        """A select of aggregates without GROUP BY whose aggregates are constants as one row
        without tables: over no row (its conditions never TRUE) COUNT is 0, TOTAL 0.0 and
        the others NULL; COUNT of an argument NULL on every row kept is 0."""
        if b.group is None or b.group.keys:
            return b
        empty = self.empty_rows(b)
        null = ir.Lit(None, Ty.NULL)
        values = {}
        for g in _aggs(b):
            if g.fn in (AggFn.COUNT, AggFn.COUNT_STAR):
                if not (empty or (g.arg is not None and self.always_null(b, _null_arg(g.arg)))):
                    return b
                values[g] = ir.Lit(0, Ty.INT)
            elif not empty:
                return b
            else:
                values[g] = ir.Lit(0.0, Ty.REAL) if g.fn == AggFn.TOTAL else null
        items, having = b.items, b.group.having
        for g, v in values.items():
            items = _replace(items, g, v)
            having = _replace(having, g, v) if having is not None else None
        if free_aliases((items, having)) & ({o.alias for o in b.occs} | {a for a, _ in b.env}):
            return b
        return Block((), (having,) if having is not None else (), items, {})

    def keyed_groups(self, b: Block) -> Block:
        """A grouped select whose groups hold one row each (two rows it keeps with the same
        GROUP BY values agree on a declared key, non-NULL, of every table) as the rows
        themselves: COUNT(*) is 1, COUNT(x) 0 or 1, MIN(x) and MAX(x) are x."""
        if b.group is None or not b.group.keys or not b.occs:
            return b
        values = {}
        for g in _aggs(b):
            if g.fn == AggFn.COUNT_STAR:
                values[g] = ir.Lit(1, Ty.INT)
            elif g.fn == AggFn.COUNT:
                values[g] = ir.Case(((_null_arg(g.arg), ir.Lit(0, Ty.INT)),), ir.Lit(1, Ty.INT), Ty.INT)
            elif g.fn in (AggFn.MIN, AggFn.MAX):
                values[g] = g.arg
            else:
                return b
        if not self.one_row_per_group(b):
            return b
        items, having = b.items, b.group.having
        for g, v in values.items():
            items = _replace(items, g, v)
            having = _replace(having, g, v) if having is not None else None
        return Block(b.occs, b.conds + ((having,) if having is not None else ()), items, b.env)

    def one_row_per_group(self, b: Block) -> bool:
        t = self.t
        if any(o.key[0] != "table" or not o.keys for o in b.occs):
            return False
        rows1, f1 = self.rows(b.occs)
        rows2, f2 = self.rows(b.occs)
        plain = Block(b.occs, b.conds, b.items, b.env)
        s1, s2 = Scope(t, rows1, b.env), Scope(t, rows2, b.env)
        premise = z3.And([self.keep(s1, plain), self.keep(s2, plain)]
                         + [t.same_row(s1.val(k), s2.val(k)) for k in b.group.keys])
        unique = False
        for o in b.occs:
            r1, r2 = rows1[o.alias], rows2[o.alias]
            for cols, primary in sorted(o.keys, key=lambda k: not k[1]):
                same = z3.And([z3.And(z3.Not(r1[c].null), z3.Not(r2[c].null),
                                      t.cls(r1[c]) == t.cls(r2[c]), r1[c].v == r2[c].v) for c in cols])
                if self.valid(z3.Implies(premise, same),
                              f1 + f2 + self.one_row(b.occs, rows1, rows2, False)):
                    unique |= not primary
                    break
            else:
                return False
        self.uniques_used |= unique
        return True

    def filtered_aggregates(self, b: Block) -> Block:
        """A select of aggregates without GROUP BY, each of ``CASE WHEN c THEN x END`` with
        one condition ``c``, as the aggregates of ``x`` over the rows ``c`` keeps: COUNT,
        SUM, AVG, MIN, MAX and TOTAL skip the NULL the CASE gives elsewhere, and the select
        returns its one row either way."""
        if b.group is None or b.group.keys:
            return b
        aggs, cond = _aggs(b), None
        for g in aggs:
            a = g.arg
            if not (g.fn in (AggFn.COUNT, AggFn.SUM, AggFn.AVG, AggFn.MIN, AggFn.MAX, AggFn.TOTAL) and isinstance(a, ir.Case)
                    and len(a.whens) == 1 and isinstance(a.default, ir.Lit) and a.default.value is None
                    and cond in (None, a.whens[0][0])):
                return b
            cond = a.whens[0][0]
        if cond is None:
            return b
        items, having = b.items, b.group.having
        for g in aggs:
            new = dataclasses.replace(g, arg=g.arg.whens[0][1])
            items = _replace(items, g, new)
            having = _replace(having, g, new) if having is not None else None
        return Block(b.occs, b.conds + (cond,), items, b.env, Group((), having))

    def empty_rows(self, b: Block) -> bool:
        """Does ``b`` keep no row of its tables on every database (GROUP BY aside)?"""
        rows, facts = self.rows(b.occs)
        plain = Block(b.occs, b.conds, b.items, b.env)
        return self.valid(z3.Not(self.keep(Scope(self.t, rows, b.env), plain)), facts)

    def always_null(self, b: Block, e) -> bool:
        """Is ``e`` NULL on every row ``b`` keeps (``e`` a condition: TRUE there)?"""
        rows, facts = self.rows(b.occs)
        sc = Scope(self.t, rows, b.env)
        plain = Block(b.occs, b.conds, b.items, b.env)
        null = sc.cond(e).true if e.ty == Ty.BOOL else sc.val(e).null
        return self.valid(z3.Implies(self.keep(sc, plain), null), facts)

    def lookups(self, b: Block, depth: int = 3) -> list:
        """``b`` as a sum of blocks without its scalar subqueries that read one row of a
        keyed table: where the row exists, its table joins the block and the subquery is
        its value; where none does, the subquery is NULL (a LEFT JOIN). One row at most:
        two rows it keeps for one outer row have equal, non-NULL keys (``at_most_one``)."""
        if b.group is not None or depth == 0 or self.t.schema is None:
            return [b]
        outer = {o.alias for o in b.occs} | {a for a, _ in b.env}
        for e in _scalar_subs((b.items, b.conds)):
            q = e.query
            if not (isinstance(q, ir.Select) and not q.aggregate and not q.group_by and not q.distinct
                    and q.limit is None and not q.offset and len(q.items) == 1
                    and free_aliases(q) <= outer):
                continue
            try:
                terms = normalize(q, self.t.schema, self.t.keyer)
            except NoNormalForm:
                continue
            if len(terms) != 1 or not isinstance(terms[0], Block) or len(terms[0].occs) != 1:
                continue
            sb = terms[0]
            if not self.at_most_one(b, sb):
                continue
            null = ir.Lit(None, Ty.NULL)
            found = Block(b.occs + sb.occs, _replace(b.conds, e, sb.items[0]) + sb.conds,
                          _replace(b.items, e, sb.items[0]), {**b.env, **sb.env})
            none = Block(b.occs, _replace(b.conds, e, null) + (NoRows(sb.occs, sb.conds, sb.env),),
                         _replace(b.items, e, null), b.env)
            return self.lookups(found, depth - 1) + self.lookups(none, depth - 1)
        return [b]

    def at_most_one(self, b: Block, sb: Block) -> bool:
        """Does ``sb`` (one table occurrence, reading ``b``'s columns) keep at most one row
        for each row ``b`` keeps: any two such rows agree on a declared key, non-NULL?"""
        (o,) = sb.occs
        if o.key[0] != "table" or not o.keys:
            return False
        t = self.t
        rows, facts = self.rows(b.occs)
        r1, f1 = t.row(o)
        r2, f2 = t.row(o)
        env = {**b.env, **sb.env}
        s1, s2 = Scope(t, {**rows, o.alias: r1}, env), Scope(t, {**rows, o.alias: r2}, env)
        plain = Block(b.occs, tuple(c for c in b.conds if not _scalar_subs(c)), b.items, b.env)
        premise = z3.And(self.keep(Scope(t, rows, b.env), plain), self.keep(s1, sb),
                         self.keep(s2, sb), t.member(o, r1), t.member(o, r2))
        for cols, primary in sorted(o.keys, key=lambda k: not k[1]):
            same = z3.And([z3.And(z3.Not(r1[c].null), z3.Not(r2[c].null), t.cls(r1[c]) == t.cls(r2[c]),
                                  r1[c].v == r2[c].v) for c in cols])
            if self.valid(z3.Implies(premise, same), facts + f1 + f2):
                self.uniques_used |= not primary
                return True
        return False

    def unnest(self, b: Block) -> Block:
        """``b`` with each join to a DISTINCT derived table that matches a row of the rest at
        most once read as a semi-join (``SomeRows``): the same rows, once each. At most once:
        every column of the derived table is equated (``=``, no affinity conversion) to an
        expression of the rest, and its rows are pairwise distinct, so two matches would be
        equal on every column. Its columns must be read nowhere else."""
        if self.t.schema is None:
            return b
        conds = tuple(self.unnest_rows(c) if isinstance(c, (NoRows, SomeRows)) else c
                      for c in b.conds)
        b = Block(b.occs, conds, b.items, b.env, b.group)
        for d in b.occs:
            out = self.group_lookup(b, d)
            if out is not None:
                return self.unnest(out)
        for d in b.occs:
            inner, distinct = self.derived_block(d)
            if inner is None or not distinct:
                continue
            matched, rest = set(), []
            for c in b.conds:
                side = _equates(c, d.alias)
                if side is None:
                    rest.append(c)
                else:
                    matched.add(side)
                    rest.append(None)  # placeholder: moves into the semi-join
            if matched != set(d.columns):
                continue
            others = [c for c in rest if c is not None]
            reads = [b.items, others, list(b.env.values())]
            if b.group is not None:
                reads += [b.group.keys, b.group.having]
            if d.alias in _aliases(reads):
                continue
            moved = tuple(c for c in b.conds if _equates(c, d.alias) is not None)
            env = dict(inner.env)
            env.update({(d.alias, n): e for n, e in zip(d.columns, inner.items, strict=True)})
            semi = SomeRows(inner.occs, inner.conds + moved, env)
            out = Block(tuple(o for o in b.occs if o is not d), tuple(others) + (semi,), b.items,
                        b.env, b.group)
            return self.unnest(out)
        return b

    def same_aggregate(self, f, g, sa: Scope, sb: Scope, keep, facts) -> bool:
        """Do aggregates ``f`` (of ``sa``'s block) and ``g`` agree on every group: the same
        function of identical arguments, or COUNT(*) and COUNT(x) of an x never NULL."""
        t = self.t
        counts = {f.fn, g.fn} == {AggFn.COUNT, AggFn.COUNT_STAR} and not f.distinct and not g.distinct
        if counts:
            x, sc = (f.arg, sa) if f.fn == AggFn.COUNT else (g.arg, sb)
            return self.valid(z3.Implies(keep, z3.Not(sc.val(x).null)), facts)
        if (f.fn, f.distinct) != (g.fn, g.distinct) or (f.arg is None) != (g.arg is None):
            return False
        if f.arg is None:
            return True
        xs, ys = _values_of(f.arg), _values_of(g.arg)
        if len(xs) != len(ys):
            return False
        # distinct rows (a, b) are as many as distinct rows (b, a): the values in any order
        orders = itertools.permutations(ys) if f.distinct and len(ys) <= 4 else [ys]
        return any(self.valid(z3.Implies(keep, z3.And([t.same(sa.val(x), sb.val(y))
                                                        for x, y in zip(xs, zs, strict=True)])), facts)
                   for zs in orders)

    def terms_equal(self, xs: list, ys: list, merges: int = 2) -> bool:
        """Bag equality of two sums: a perfect matching of equal terms, where two blocks of
        one side may match one block of the other (``split``)."""
        if merges and len(xs) != len(ys) and split_terms(self, xs, ys, merges):
            return True
        if len(xs) != len(ys):
            return False
        if not xs:
            return True
        x = xs[0]
        for i, y in enumerate(ys):
            if type(x) is not type(y):
                # a block whose rows are distinct is its own set (``distinct``)
                b, sq = (x, y) if isinstance(x, Block) else (y, x)
                ok = distinct_rows(self, b) and self.set_equal((b,), sq.blocks)
            else:
                ok = self.block_equal(x, y) if isinstance(x, Block) else self.set_equal(x.blocks, y.blocks)
            if (ok or grouped_equal(self, x, y)) and self.terms_equal(xs[1:], ys[:i] + ys[i + 1:]):
                return True
        return False

    def split(self, c: Block, b1: Block, b2: Block) -> bool:
        """Is ``c`` the sum of ``b1`` and ``b2`` (``many_parts.split_many``): a join on a
        disjunction as a UNION ALL, a LEFT JOIN's halves alike, a grouping of parts."""
        return split_many(self, c, (b1, b2))

    # ---- sets

    def set_equal(self, xs, ys) -> bool:
        return self.contained(xs, ys) and self.contained(ys, xs)

    def contained(self, xs, ys) -> bool:
        """Every block of ``xs`` in the union of ``ys``: with EXISTS and IN read as joins
        (``semijoins``), or else as they are (conditions that quantify over their rows)."""
        joined = [self.semijoins(y) for y in ys]
        return all(self.block_in(self.semijoins(x), joined) or self.block_in(x, ys) for x in xs)

    def semijoins(self, b: Block, depth: int = 3) -> Block:
        """Under set semantics, a conjunct ``EXISTS (block)`` or ``x IN (SELECT y ...)``
        joins its block (and ``x = y``): the rows the outer block keeps are the same set."""
        if b.group is not None or depth == 0 or self.t.schema is None:
            return b
        occs, conds, env, changed = list(b.occs), [], dict(b.env), False
        for c in b.conds:
            sub = None
            if isinstance(c, ir.Exists) or (isinstance(c, ir.InSub) and not c.conv
                                             and not isinstance(c.arg, ir.RowVal)):
                try:
                    terms = normalize(c.query, self.t.schema, self.t.keyer)
                    blocks = [x for t in terms for x in (t.blocks if isinstance(t, Squash) else [t])]
                    if len(blocks) == 1 and blocks[0].group is None:
                        sub = blocks[0]
                except NoNormalForm:
                    sub = None
            if sub is None:
                conds.append(c)
                continue
            changed = True
            occs += sub.occs
            conds += sub.conds
            env.update(sub.env)
            if isinstance(c, ir.InSub):
                conds.append(ir.Cmp(CmpOp.EQ, c.arg, sub.items[0]))
        if not changed:
            return b
        return self.semijoins(Block(tuple(occs), tuple(conds), b.items, env), depth - 1)

    def block_in(self, a: Block, bs) -> bool:
        if a.group is not None or any(b.group is not None for b in bs):
            return any(self.block_equal(a, b) for b in bs)
        rows, facts = self.rows(a.occs)
        sa = Scope(self.t, rows, a.env)
        keep = self.keep(sa, a)
        alts = []
        for b in bs:
            if len(b.items) != len(a.items):
                continue
            cands = [[x for x in a.occs if x.key == y.key] for y in b.occs]
            for n, image in enumerate(itertools.product(*cands)):
                if n >= MAX_MAPS:
                    break
                rows_b = {y.alias: self.read_as(rows, x, y) for x, y in zip(image, b.occs, strict=True)}
                sb = Scope(self.t, rows_b, b.env)
                same = [self.t.same(sa.val(x), sb.val(y)) for x, y in zip(a.items, b.items, strict=True)]
                alts.append(z3.And([self.keep(sb, b)] + same))
        return bool(alts) and self.valid(z3.Implies(keep, z3.Or(alts)), facts)


def _values_of(arg) -> tuple:
    """The values an aggregate reads on a row: the row value's, or its one argument."""
    return arg.items if isinstance(arg, ir.RowVal) else (arg,)


def _null_arg(arg) -> ir.Expr:
    """The condition under which an aggregate skips a row: its argument is NULL (for a
    row value, one of its values is)."""
    if isinstance(arg, ir.RowVal):
        return ir.Logic(LogicOp.OR, tuple(ir.IsNull(x) for x in arg.items))
    return ir.IsNull(arg)


def _related(aggs: dict) -> list:
    """What SQLite's aggregates of one argument over one group tell of each other: COUNT
    of it is 0 exactly where SUM, AVG, MIN and MAX of it are NULL (no non-NULL value, with
    or without DISTINCT); TOTAL is never NULL; COUNT(*) counts at least as many rows."""
    out, by_arg = [], {}
    for g, v in aggs.items():
        by_arg.setdefault(g.arg, []).append((g, v))
    stars = [v for g, v in aggs.items() if g.fn == AggFn.COUNT_STAR]
    for arg, gs in by_arg.items():
        if arg is None:
            continue
        counts = [v for g, v in gs if g.fn == AggFn.COUNT]
        for g, v in gs:
            if g.fn == AggFn.TOTAL:
                out.append(z3.Not(v.null))
            if g.fn in (AggFn.SUM, AggFn.AVG, AggFn.MIN, AggFn.MAX):
                out += [(c.v == 0) == v.null for c in counts]
        out += [(c.v == 0) == (d.v == 0) for c, d in itertools.combinations(counts, 2)]
        out += [s.v >= c.v for s in stars for c in counts]
    return out



__all__ = ["Decider", "Budget", "Squash", "Val"]
