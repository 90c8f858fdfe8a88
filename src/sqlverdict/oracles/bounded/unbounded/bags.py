"""Aggregates as functions of the normalised bags they read (SQLSolver's and SPES's reading
of an aggregate, for SQLite): a select of aggregates without GROUP BY is one row of values,
each aggregate a term of the bag of rows it reads, and two terms of one function over bags
the decision proves equal (``Decider.equal``: the same rows, as many times) are one value.

The bag an aggregate reads is the block's rows where its argument is not NULL (every
aggregate skips NULL), as a block without GROUP BY whose one output is the argument
(none for a count: ``COUNT(x)`` is ``COUNT(*)`` of the rows where ``x`` is not NULL,
``COUNT(CASE WHEN p THEN 1 END)`` of the rows where ``p`` is TRUE). Equal bags give equal
COUNT, COUNT(DISTINCT), SUM, TOTAL, AVG, MIN and MAX, whatever the spelling of the
queries (joins, derived tables, filters inside or outside the aggregate).

What else is known of the terms, all true on every database (``facts``):
- a count is an integer from 0 to 2**63 - 1, 0 exactly when no row of its bag exists (the
  same ``EXISTS`` the decision reads elsewhere: ``Scope.some``); SUM, AVG, MIN and MAX are
  NULL exactly there, TOTAL never is; COUNT(DISTINCT x) is at most COUNT(x);
- counts of bags over the same tables (an occurrence bijection) whose rows are contained
  in each other are ordered, and two disjoint ones that cover a third add up to it
  (linearity of the sum over the bag: ``COUNT(*) - COUNT(x)`` counts the rows where ``x``
  is NULL);
- ``SUM(x)`` of an ``x`` that is NULL or the integer 0 or 1 on every row is the count of
  the rows where it is 1, NULL exactly when no row holds a value.

SQLite's semantics: a select of aggregates without GROUP BY returns its one row also over
no row, and HAVING filters that one row (``scalar_row``); a scalar subquery of one such
select is its value, NULL where HAVING drops the row. SQLite adds in row order, which two
plans need not share: a proof equating SUM, AVG or TOTAL of two different plans states
``exact_reals`` where the argument may be REAL (rounding depends on order) and
``integer_sums_exact`` for SUM where it may be an integer (an overflow of a partial sum
raises an error in one order, not in another). MIN, MAX and a DISTINCT aggregate other than
COUNT keep the first of values that compare equal (1 and 1.0): only where such values of
the bag are identical (Z3). Not with a column read outside the aggregates (which row SQLite
would pick), a correlated subquery, or a row value.
"""

from __future__ import annotations

import itertools

import z3

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Ty
from .aggalgebra import sum_facts
from .counting import _keys_of_any_row, _reads_rows_outside
from .distinct import distinct_rows
from .normal import Block, NoNormalForm, Squash, alpha, free_aliases, normalize
from .outer import merge_padded
from .values import BIG, Scope, Val
from .walk import _aggs, _replace, _values
from .z3walk import has_quantifier, subterm_ids

MAX_TERMS = 24  # aggregate terms of one proof attempt
MAX_COUNTS = 8  # counts related by containment (pairs and triples)
MAX_MAPS = 6  # occurrence bijections tried per pair of counts
_NULL = ir.Lit(None, Ty.NULL)
_SUMS = (AggFn.SUM, AggFn.AVG, AggFn.TOTAL)


class Unshared(NoNormalForm):
    """An aggregate whose value depends on the order of the rows (MIN of 1 and 1.0): no
    term of a bag; the caller reads the query as before."""


class AggTerm:
    """An aggregate ``fn`` (``distinct``) of the bag ``bag`` (a block without GROUP BY whose
    one output is the argument, none for a count): a leaf of the IR the prover reads."""

    __slots__ = ("fn", "distinct", "bag", "ty", "ready")

    def __init__(self, fn: AggFn, distinct: bool, bag: Block, ty):
        self.fn, self.distinct, self.bag, self.ty = fn, distinct, bag, ty
        self.ready = None  # the bag as the decision compares it (``Bags._same_bag``)


class GroupAt:
    """Aggregate ``term`` of the group whose keys are ``keys`` read on the current row (a
    grouped select read as its rows: ``grouped_rows``)."""

    __slots__ = ("term", "keys", "ty")

    def __init__(self, term: AggTerm, keys: tuple):
        self.term, self.keys, self.ty = term, keys, term.ty


def bag_of(g: ir.Agg, b: Block) -> AggTerm | None:
    """Aggregate ``g`` of block ``b``'s rows as a term of the bag it reads."""
    if isinstance(g.arg, ir.RowVal):
        return None
    keys = b.group.keys if b.group is not None else ()  # a group's bag: its keys lead
    if g.fn == AggFn.COUNT_STAR:
        return AggTerm(AggFn.COUNT_STAR, False, Block(b.occs, b.conds, keys, b.env), Ty.INT)
    present = ir.Not(ir.IsNull(g.arg))
    if g.fn == AggFn.COUNT and not g.distinct:
        return AggTerm(AggFn.COUNT_STAR, False, Block(b.occs, b.conds + (present,), keys, b.env), Ty.INT)
    return AggTerm(g.fn, g.distinct, Block(b.occs, b.conds + (present,), keys + (g.arg,), b.env), g.ty)


def scalar_row(b: Block) -> Block | None:
    """A select of aggregates without GROUP BY as its one row: a block without tables whose
    outputs and condition (its HAVING) read aggregate terms; None if it reads a column
    outside its aggregates or a subquery of its rows."""
    if b.group is None or b.group.keys:
        return None
    own = {o.alias for o in b.occs} | {a for a, _ in b.env}
    having = b.group.having
    for e in b.items + ((having,) if having is not None else ()):
        for y in _values(e, dicts=False, into=lambda y: not isinstance(y, ir.Agg)):
            if isinstance(y, ir.Col) and y.alias in own:
                return None
            if isinstance(y, (ir.Exists, ir.InSub, ir.ScalarSub)) and free_aliases(y) & own:
                return None
    items = b.items
    for g in _aggs(b):
        term = bag_of(g, b)
        if term is None:
            return None
        items = _replace(items, g, term)
        having = _replace(having, g, term) if having is not None else None
    return Block((), (having,) if having is not None else (), items, {})


class Bags:
    """The aggregate terms of one proof attempt (``Terms.bags``): one value per function and
    class of equal bags, and what is known of them (``facts``, read by every check)."""

    def __init__(self, terms, decider):
        self.t, self.decider = terms, decider  # decider(): a fresh ``Decider`` of the attempt
        self.known: list[tuple[AggTerm, Val]] = []
        self.counts: list[tuple[AggTerm, Val]] = []
        self.groups: list[tuple[AggTerm, str | None, str]] = []
        self.named: dict = {}  # (function, DISTINCT, plan of the bag[, name]) -> value or function
        self.ready: dict = {}  # plan of a bag -> its normal form as the decision compares it
        self.facts: list = []  # (the term's value it speaks of, fact, quantified?)
        self.busy = False
        self.quiet = 0

    def fact_sets(self, claim, facts):
        """The facts a check of ``claim`` under ``facts`` reads, first without quantifiers,
        then with them where some apply: those of the aggregate terms it reads (and of
        the terms those facts read); none while comparing rows of bags (``quiet``). Facts
        of other terms would only slow Z3 down."""
        if self.quiet or not self.facts:
            yield ()
            return
        seen: set[int] = set()
        subterm_ids([claim], seen)
        light, heavy, left = [], [], list(self.facts)
        while True:
            now = [x for x in left if x[0].get_id() in seen]
            if not now:
                break
            left = [x for x in left if x[0].get_id() not in seen]
            for _, f, quantified in now:
                (heavy if quantified else light).append(f)
                subterm_ids([f], seen)
        yield light
        if heavy:
            yield light + heavy

    def scalar(self, q) -> Val | None:
        """The value of the uncorrelated scalar subquery ``q`` (one select of aggregates
        without GROUP BY, one output): NULL where its HAVING drops the row."""
        if self.t.schema is None or self.busy:
            return None
        try:
            terms = normalize(q, self.t.schema, self.t.keyer)
            if len(terms) != 1 or not isinstance(terms[0], Block) or len(terms[0].items) != 1:
                return None
            row = scalar_row(terms[0])
            if row is None:
                return None
            sc = Scope(self.t, {}, {})
            v = sc.val(row.items[0])
            if not row.conds:
                return v
            return self.t.ite(sc.cond(row.conds[0]).true, v, self.t.lit(_NULL))
        except Unshared:
            return None

    def value(self, term, scope=None) -> Val:
        if isinstance(term, GroupAt):
            return self.at(term.term, [scope.val(k) for k in term.keys])
        if type(term).__name__ == "SumOf":  # an aggregate of a sum of bags (``sums``)
            return term.value(self, scope)
        key = (term.fn, term.distinct, _text(term.bag))
        if key not in self.named:
            self.named[key] = self._one_row(term) if not term.bag.occs else self._value(term)
        return self.named[key]

    def _one_row(self, term: AggTerm) -> Val:
        """An aggregate of a bag without tables: of its one row where its conditions are
        TRUE, else of no row. SUM, TOTAL and AVG of a number are that number (a REAL for
        TOTAL and AVG); of a text or a blob, a value not named here."""
        t, bag, c = self.t, term.bag, self.t.ctx
        sc = Scope(t, {}, bag.env)
        keep = z3.And([sc.cond(x).true for x in bag.conds] + [t.T])
        if term.fn == AggFn.COUNT_STAR or (term.fn == AggFn.COUNT and term.distinct):
            return Val(t.F, z3.IntVal(0, c), z3.If(keep, z3.RealVal(1, c), z3.RealVal(0, c)))
        x = sc.val(bag.items[-1])
        none = Val(t.F, z3.IntVal(1, c), z3.RealVal(0, c)) if term.fn == AggFn.TOTAL else t.lit(_NULL)
        if term.fn in (AggFn.MIN, AggFn.MAX):
            return t.ite(keep, x, none)
        if term.fn not in _SUMS:
            raise NoNormalForm(f"{term.fn} of one row")
        number = z3.And(z3.Not(x.null), x.k <= 1)
        if term.fn != AggFn.SUM:
            x = Val(t.F, z3.IntVal(1, c), x.v)
        return t.ite(z3.And(keep, number), x, t.ite(keep, t.fresh("agg"), none))

    def _value(self, term: AggTerm) -> Val:
        for other, v in self.known:
            if (other.fn, other.distinct) == (term.fn, term.distinct) and self._same_bag(other, term):
                if _text(other.bag) != _text(term.bag):
                    self._order(term)  # two plans: their rows in two orders
                return v
        if len(self.known) >= MAX_TERMS:
            raise NoNormalForm("too many aggregate terms")
        if (term.fn in (AggFn.MIN, AggFn.MAX) or (term.distinct and term.fn != AggFn.COUNT)) \
                and not self._one_class(term.bag):
            raise Unshared("MIN, MAX or DISTINCT of values equal but not identical")
        v = self.t.fresh("agg")
        self.known.append((term, v))
        self.quiet += 1  # what is known of it is proved of its rows
        try:
            self.facts += [(v.v, f, has_quantifier(f))
                           for f in self._facts(term, v) + sum_facts(self, term, v)]
        finally:
            self.quiet -= 1
        return v

    def found(self, g: ir.Agg, b: Block, at: list, name: str, plan) -> Val:
        """Aggregate ``g`` of the group of grouped block ``b`` at keys ``at`` (a correlated
        scalar subquery, a grouped derived table joined on its keys), or ``plan()``: the
        value named by its plan alone."""
        term = bag_of(g, b)
        if term is None:
            return plan()
        try:
            return self.at(term, at, name)
        except Unshared:
            return plan()

    def at(self, term: AggTerm, at: list, name: str | None = None) -> Val:
        """Aggregate ``term`` (its bag's outputs: the GROUP BY keys, then the argument) of the
        group whose keys are not distinct from ``at``: a function of the keys, one per class
        of equal bags (or of equal plans ``name``); where no key is NULL, one per class of
        bags equal on the rows whose keys are not NULL (the rows of such a group). What is
        known of it at ``at`` joins the facts."""
        if name is None:
            reduced = self._constant_key(term, at)
            if reduced is not None:
                return reduced
        t, n = self.t, len(at)
        bag = term.bag
        some_null = z3.Or([x.null for x in at])
        inner = AggTerm(term.fn, term.distinct, Block(
            bag.occs, bag.conds + tuple(ir.Not(ir.IsNull(k)) for k in bag.items[:n]), bag.items,
            bag.env), term.ty)
        fns = [self._group_fn(term, name), self._group_fn(inner, None if name is None else name + ":inner")]
        # a group holds 1 and 1.0 alike, and every NULL
        keys = [Val(x.null, z3.If(x.null, 0, t.cls(x)), z3.If(x.null, 0, x.v)) for x in at]
        v = t.ite(some_null, t.func(fns[0], keys), t.func(fns[1], keys))
        if term.fn in (AggFn.COUNT_STAR, AggFn.COUNT):
            v = Val(t.F, z3.IntVal(0, t.ctx), v.v)
        bag = term.bag
        none = z3.Not(Scope(t, {}, {}).some(bag.occs, bag.conds, bag.env, lambda sc: z3.And(
            [t.same_row(sc.val(k), x) for k, x in zip(bag.items[:n], at, strict=True)])))
        if term.fn in (AggFn.COUNT_STAR, AggFn.COUNT):
            out = [z3.IsInt(v.v), v.v >= 0, v.v < BIG, (v.v == 0) == none]
            if term.fn == AggFn.COUNT_STAR:
                out += self._two_rows(bag, at, v)
        elif term.fn == AggFn.TOTAL:
            out = [z3.Not(v.null), v.k == 1]
        else:
            out = [v.null == none]
        self.facts += [(v.v, f, has_quantifier(f)) for f in out + sum_facts(self, term, v, at)]
        return v

    def _constant_key(self, term: AggTerm, at: list) -> Val | None:
        """A GROUP BY key of ``term``'s bag that is one constant on every row it keeps (a
        literal, or NULL by Z3: ``CASE WHEN g = 1 THEN x END`` where ``g`` is 0): the group
        at ``at`` is every row where that key of ``at`` is not distinct from the constant,
        else no row. The aggregate of the bag without that key, or of no row."""
        bag, t = term.bag, self.t
        for i, k in enumerate(bag.items[:len(at)]):
            c = self._constant(bag, k)
            if c is None:
                continue
            sub = AggTerm(term.fn, term.distinct, Block(
                bag.occs, bag.conds, bag.items[:i] + bag.items[i + 1:], bag.env), term.ty)
            rest = at[:i] + at[i + 1:]
            v = self.at(sub, rest) if rest else self.value(sub)
            c0 = t.ctx
            if term.fn == AggFn.COUNT_STAR or (term.fn == AggFn.COUNT and term.distinct):
                none = Val(t.F, z3.IntVal(0, c0), z3.RealVal(0, c0))
            elif term.fn == AggFn.TOTAL:
                none = Val(t.F, z3.IntVal(1, c0), z3.RealVal(0, c0))
            else:
                none = t.lit(_NULL)
            return t.ite(t.same_row(at[i], t.lit(c)), v, none)
        return None

    def _constant(self, bag: Block, k) -> ir.Lit | None:
        """The constant key ``k`` of ``bag`` is on every row it keeps, or None."""
        while isinstance(k, ir.Col) and (k.alias, k.name) in bag.env:
            k = bag.env[(k.alias, k.name)]
        if isinstance(k, ir.Lit):
            return k
        cache = self.__dict__.setdefault("constants", {})
        key = (id(bag), repr(k))
        if key not in cache:
            d = self.decider()
            rows, facts = d.rows(bag.occs)
            sc = Scope(self.t, rows, bag.env)
            self.quiet += 1
            try:
                null = d.valid(z3.Implies(d.keep(sc, bag), sc.val(k).null), facts)
            finally:
                self.quiet -= 1
            cache[key] = (bag, _NULL if null else None)
        return cache[key][1]

    def _group_fn(self, term: AggTerm, name: str | None) -> str:
        """The function naming ``term`` at each group: shared with an equal bag's (the same
        plan: looked up)."""
        key = (term.fn, term.distinct, _text(term.bag), name)
        if key not in self.named:
            self.named[key] = self._new_group_fn(term, name)
        return self.named[key]

    def _new_group_fn(self, term: AggTerm, name: str | None) -> str:
        for other, other_name, f in self.groups:
            if (other.fn, other.distinct, len(other.bag.items)) == (term.fn, term.distinct, len(term.bag.items)) \
                    and ((name is not None and name == other_name) or self._same_bag(other, term)):
                if _text(other.bag) != _text(term.bag):
                    self._order(term)
                return f
        if len(self.groups) >= MAX_TERMS:
            raise NoNormalForm("too many aggregate terms")
        if (term.fn in (AggFn.MIN, AggFn.MAX) or (term.distinct and term.fn != AggFn.COUNT)) \
                and not self._one_class(term.bag):
            raise Unshared("MIN, MAX or DISTINCT of values equal but not identical")
        f = f"group-aggregate{len(self.groups)}"
        self.groups.append((term, name, f))
        return f

    def _two_rows(self, bag: Block, at: list, v: Val) -> list:
        """Count ``v`` of the rows of ``bag`` (of its group at keys ``at``) is 2 or more where
        two of them differ; exactly there when each table's rows are told apart by a primary
        key that holds no NULL (two rows of the bag are then different rows of some table,
        different on its key)."""
        t, d = self.t, self.decider()
        keyed = all(o.key[0] == "table" and any(
            primary and all(c in o.not_null or t.typed for c in cols) for cols, primary in o.keys)
            for o in bag.occs)

        def two(differ):
            r1, f1 = d.rows(bag.occs)
            r2, f2 = d.rows(bag.occs)
            s1, s2 = Scope(t, r1, bag.env), Scope(t, r2, bag.env)
            inside = [d.keep(s1, bag), d.keep(s2, bag)] + [
                t.same_row(s.val(k), x) for s in (s1, s2) for k, x in zip(bag.items[:len(at)], at, strict=True)]
            bound = [z for r in (r1, r2) for row in r.values() for x in row.values() for z in x]
            return z3.Exists(bound, z3.And(f1 + f2 + inside + [z3.Or(differ(r1, r2))]))

        if not bag.occs:
            return []
        out = [z3.Implies(two(lambda r1, r2: [z3.Not(t.same(r1[o.alias][c], r2[o.alias][c]))
                                               for o in bag.occs for c in o.columns]), v.v >= 2)]
        if keyed:
            key = {o.alias: next(cols for cols, primary in o.keys if primary) for o in bag.occs}
            out.append(z3.Implies(v.v >= 2, two(lambda r1, r2: [
                z3.Not(t.same(r1[a][c], r2[a][c])) for a, cols in key.items() for c in cols])))
        return out

    def _same_bag(self, a: AggTerm, b: AggTerm) -> bool:
        if a.bag is b.bag:
            return True
        if len(a.bag.items) != len(b.bag.items):
            return False
        self.busy = True  # a bag's own scalar subqueries keep their plan names
        self.quiet += 1
        try:
            d = self.decider()
            for x in (a, b):
                if x.ready is None:  # once per bag: ``Decider.equal``'s rewrites and pruning
                    text = _text(x.bag)
                    if text not in self.ready:
                        self.ready[text] = d.prune(merge_padded(d, d.unnest_all([x.bag])))
                    x.ready = self.ready[text]
            if d.terms_equal(a.ready, b.ready):
                return True
            # MIN, MAX and a DISTINCT aggregate read the set of the values: equal sets
            # (identical values, each side's rows contained in the other's) suffice
            return (_of_set(a) and _of_set(b) and bool(a.ready) and bool(b.ready)
                    and all(isinstance(x, Block) and x.group is None for x in a.ready + b.ready)
                    and d.set_equal(a.ready, b.ready))
        finally:
            self.busy = False
            self.quiet -= 1

    def _order(self, term: AggTerm) -> None:
        """What adding in row order asks of a proof that reads a sum as a term."""
        if term.fn not in _SUMS:
            return
        ty = term.bag.items[-1].ty
        if not self.t.typed or ty not in (Ty.INT, Ty.BOOL):
            self.t.real_sums = True
        if term.fn == AggFn.SUM and (not self.t.typed or ty != Ty.REAL):
            self.t.int_sums = True

    def _one_class(self, bag: Block) -> bool:
        """Are two values of ``bag`` that compare equal identical (1 and 1.0 never both)?"""
        self.quiet += 1
        try:
            return self._one_class_of(bag)
        finally:
            self.quiet -= 1

    def _one_class_of(self, bag: Block) -> bool:
        d, t = self.decider(), self.t
        r1, f1 = d.rows(bag.occs)
        r2, f2 = d.rows(bag.occs)
        s1, s2 = Scope(t, r1, bag.env), Scope(t, r2, bag.env)
        x1, x2 = s1.val(bag.items[-1]), s2.val(bag.items[-1])
        premise = z3.And(d.keep(s1, bag), d.keep(s2, bag), t.same_row(x1, x2))
        return d.valid(z3.Implies(premise, t.same(x1, x2)), f1 + f2)

    def _some(self, bag: Block):
        return Scope(self.t, {}, {}).some(bag.occs, bag.conds, bag.env)

    def _facts(self, term: AggTerm, v: Val) -> list:
        fn = term.fn
        none = z3.Not(self._some(term.bag))
        if fn == AggFn.COUNT_STAR or (fn == AggFn.COUNT and term.distinct):
            out = [z3.Not(v.null), v.k == 0, z3.IsInt(v.v), v.v >= 0, v.v < BIG, (v.v == 0) == none]
            if fn == AggFn.COUNT_STAR:
                out += self._relate(term, v) + self._two_rows(term.bag, [], v)
            else:
                plain = self.value(AggTerm(AggFn.COUNT_STAR, False, Block(
                    term.bag.occs, term.bag.conds, (), term.bag.env), Ty.INT))
                out.append(v.v <= plain.v)
            return out
        if fn == AggFn.TOTAL:
            return [z3.Not(v.null), v.k == 1]
        out = [v.null == none]
        if fn == AggFn.SUM and not term.distinct:
            out += self._sum_of_test(term, v)
        return out

    def _sum_of_test(self, term: AggTerm, v: Val) -> list:
        bag, d = term.bag, self.decider()
        rows, facts = d.rows(bag.occs)
        x = Scope(self.t, rows, bag.env).val(bag.items[0])
        bit = z3.And(z3.Not(x.null), x.k == 0, z3.Or(x.v == 0, x.v == 1))
        if not d.valid(z3.Implies(d.keep(Scope(self.t, rows, bag.env), bag), bit), facts):
            return []
        ones = Block(bag.occs, bag.conds + (ir.Cmp(CmpOp.EQ, bag.items[0], ir.Lit(1, Ty.INT)),),
                     (), bag.env)
        c = self.value(AggTerm(AggFn.COUNT_STAR, False, ones, Ty.INT))
        return [z3.Implies(z3.Not(v.null), z3.And(v.k == 0, v.v == c.v))]

    def _relate(self, term: AggTerm, v: Val) -> list:
        """Containment and disjoint covers between ``term`` and the counts known so far."""
        if len(self.counts) >= MAX_COUNTS:
            return []
        d = self.decider()
        out = []
        self.counts.append((term, v))
        for other, w in self.counts[:-1]:
            for pairs in itertools.islice(d.bijections(term.bag, other.bag), MAX_MAPS):
                rows, facts = d.rows(term.bag.occs)
                rows_b = {y.alias: d.read_as(rows, x, y) for x, y in pairs}
                ka = d.keep(Scope(self.t, rows, term.bag.env), term.bag)
                kb = d.keep(Scope(self.t, rows_b, other.bag.env), other.bag)
                # a bijection of the occurrences maps the rows of one product onto the
                # other's, one for one: a count of contained rows is no larger
                less = d.valid(z3.Implies(ka, kb), facts)
                more = d.valid(z3.Implies(kb, ka), facts)
                out += ([v.v <= w.v] if less else []) + ([w.v <= v.v] if more else [])
                if less or more:
                    break
        # two disjoint bags that cover a third, each through its own bijection: their
        # counts add up (``Decider.split``)
        for (a, x), (b, y) in itertools.combinations(self.counts[:-1], 2):
            for (k, vk), p1, p2 in (((term, v), (a, x), (b, y)), ((a, x), (term, v), (b, y)),
                                    ((b, y), (term, v), (a, x))):
                if d.split(k.bag, p1[0].bag, p2[0].bag):
                    out.append(p1[1].v + p2[1].v == vk.v)
        return out


def _of_set(term: AggTerm) -> bool:
    """Does ``term`` read only the set of its bag's rows (keys, argument)?"""
    return term.distinct or term.fn in (AggFn.MIN, AggFn.MAX)


def scalar_equal(d, a: Block, b: Block) -> bool:
    """Are ``a`` and ``b`` equal with each select of aggregates without GROUP BY read as its
    one row of aggregate terms (``scalar_row``)? ``d``: the ``Decider``."""
    if getattr(d.t, "bags", None) is None:
        return False
    ra = scalar_row(a) if a.group is not None else a
    rb = scalar_row(b) if b.group is not None else b
    if ra is None or rb is None or (ra is a and rb is b):
        return False
    if ra.group is not None or rb.group is not None:
        return False
    try:
        return d.block_equal(ra, rb)
    except Unshared:
        return False


def _text(bag: Block) -> str:
    """A bag's plan, aliases renamed: the same text is the same scan, in the same order."""
    return alpha(repr((bag.occs, bag.conds, bag.items, sorted(bag.env.items(), key=repr))))


def grouped_rows(d, b: Block) -> Block | None:
    """A grouped select whose outputs hold every GROUP BY key, and whose rows of one group
    hold the keys identically, as the set of its kept rows with each aggregate read as the
    aggregate of the row's group (``GroupAt``), HAVING a condition on the row: one output
    row per group, the same on every row of the group, distinct between groups (each row
    shows its own keys: only where rows of one group hold them identically, not an INTEGER
    or NUMERIC key in the sqlite domain: ``counting._keys_of_any_row``). None if not so, or
    where a key column has a collation (GROUP BY would compare by it)."""
    if b.group is None or not b.group.keys or not all(k in b.items for k in b.group.keys):
        return None
    if _reads_rows_outside(b) or not _keys_of_any_row(d, b):
        return None
    schema = d.t.schema
    if schema is None or any(o.key[0] == "table" and schema.table(o.key[1]).collated for o in b.occs):
        return None
    items, having = b.items, b.group.having
    for g in _aggs(b):
        term = bag_of(g, b)
        if term is None:
            return None
        items = _replace(items, g, GroupAt(term, b.group.keys))
        having = _replace(having, g, GroupAt(term, b.group.keys)) if having is not None else None
    return Block(b.occs, b.conds + ((having,) if having is not None else ()), items, b.env)


def grouped_equal(d, x, y) -> bool:
    """Are terms ``x`` and ``y`` (``Block`` or ``Squash``) equal with each grouped select
    read as the set of its rows (``grouped_rows``), compared as sets? A block left as it
    is counts only where its rows are distinct (``distinct.distinct_rows``)."""
    if getattr(d.t, "bags", None) is None:
        return False
    if d.t.bags.quiet:
        return False  # rows of bags: no grouped select among them
    sides, kept, changed = [], [], False
    for z in (x, y):
        blocks = z.blocks if isinstance(z, Squash) else (z,)
        out = []
        for b in blocks:
            r = grouped_rows(d, b) if b.group is not None and b.group.keys else None
            changed |= r is not None
            if r is None and not isinstance(z, Squash):
                kept.append(b)
            out.append(b if r is None else r)
        sides.append(tuple(out))
    if not changed:
        return False
    if not all(distinct_rows(d, b) for b in kept):
        return False
    try:
        return d.set_equal(*sides)
    except Unshared:
        return False


