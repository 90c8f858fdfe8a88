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
from .normal import Block, NoNormalForm, alpha, free_aliases, normalize
from .values import BIG, Scope, Val
from .walk import _aggs, _replace, _values

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

    __slots__ = ("fn", "distinct", "bag", "ty")

    def __init__(self, fn: AggFn, distinct: bool, bag: Block, ty):
        self.fn, self.distinct, self.bag, self.ty = fn, distinct, bag, ty


def bag_of(g: ir.Agg, b: Block) -> AggTerm | None:
    """Aggregate ``g`` of block ``b``'s rows as a term of the bag it reads."""
    if isinstance(g.arg, ir.RowVal):
        return None
    if g.fn == AggFn.COUNT_STAR:
        return AggTerm(AggFn.COUNT_STAR, False, Block(b.occs, b.conds, (), b.env), Ty.INT)
    present = ir.Not(ir.IsNull(g.arg))
    if g.fn == AggFn.COUNT and not g.distinct:
        return AggTerm(AggFn.COUNT_STAR, False, Block(b.occs, b.conds + (present,), (), b.env), Ty.INT)
    return AggTerm(g.fn, g.distinct, Block(b.occs, b.conds + (present,), (g.arg,), b.env), g.ty)


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
        self.facts: list = []
        self.busy = False

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

    def value(self, term: AggTerm) -> Val:
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
        self.facts += self._facts(term, v)
        return v

    def _same_bag(self, a: AggTerm, b: AggTerm) -> bool:
        if a.bag is b.bag:
            return True
        if len(a.bag.items) != len(b.bag.items):
            return False
        self.busy = True  # a bag's own scalar subqueries keep their plan names
        try:
            return self.decider().equal([a.bag], [b.bag])
        finally:
            self.busy = False

    def _order(self, term: AggTerm) -> None:
        """What adding in row order asks of a proof that reads a sum as a term."""
        if term.fn not in _SUMS:
            return
        ty = term.bag.items[0].ty if term.bag.items else Ty.INT
        if not self.t.typed or ty not in (Ty.INT, Ty.BOOL):
            self.t.real_sums = True
        if term.fn == AggFn.SUM and (not self.t.typed or ty != Ty.REAL):
            self.t.int_sums = True

    def _one_class(self, bag: Block) -> bool:
        """Are two values of ``bag`` that compare equal identical (1 and 1.0 never both)?"""
        d, t = self.decider(), self.t
        r1, f1 = d.rows(bag.occs)
        r2, f2 = d.rows(bag.occs)
        s1, s2 = Scope(t, r1, bag.env), Scope(t, r2, bag.env)
        x1, x2 = s1.val(bag.items[0]), s2.val(bag.items[0])
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
                out += self._relate(term, v)
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
