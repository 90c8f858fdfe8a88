"""An aggregate select over a sum of blocks: a LEFT, RIGHT or FULL JOIN (its inner join plus
the NULL-padded unmatched rows, ``normal._padded``) or a derived UNION ALL under GROUP BY
or an aggregate without GROUP BY (the U-semiring's reading of an aggregate over a sum,
for SQLite).

The rows an aggregate of the sum reads are the rows of each summand, so the aggregate is
a combination of the aggregates of the summands (each a term of its own bag, ``bags``):

- ``COUNT``: the sum of the counts (a summand without rows counts 0);
- ``SUM``: NULL where every summand's sum is NULL (no value in any), else the sum of the
  summands' sums that are not NULL, a REAL where one of them is; the rows are added in
  another order (the proof states ``exact_reals`` / ``integer_sums_exact``, as
  ``bags`` does for two plans); ``TOTAL``: the sum of the totals;
- any aggregate (MIN, MAX, AVG, a DISTINCT one) where every summand but one reads no row
  on any database (Z3: its bag's conditions never TRUE, as the padded half of a LEFT
  JOIN for ``COUNT(r.x)`` of a right column): that summand's aggregate. Otherwise no
  normal form.

GROUP BY over a sum: a group is the rows of every summand whose keys GROUP BY puts
together (NULL with NULL, 1 with 1.0); the select returns one row per group, its keys as
one of its rows holds them. Read as a set of rows (``bags.grouped_rows``, for a sum): each
summand's rows, outputs read at the row's keys (``GroupAt`` of each summand's bag,
combined as above), HAVING a condition on the row; a ``Squash`` of these blocks. That is
the select's rows only where every key is an output (one row per group, distinct), the
outputs read no column outside the keys and the aggregates, no table of the select has
a collation, and two rows of any two summands that GROUP BY puts together hold their keys
identically (Z3: ``ready``), so that whichever row SQLite shows a group by, its keys are the
same values.
"""

from __future__ import annotations

import z3

from .. import ir
from ..ir.kinds import AggFn, Ty
from ..ir.walk import field_names
from .bags import AggTerm, GroupAt, bag_of
from .counting import _reads_rows_outside
from .normal import Block, Group, NoNormalForm, Squash, free_aliases
from .outer import _merged
from .values import Scope, Val
from .walk import _aggs, _replace

_NULL = ir.Lit(None, Ty.NULL)


class SumOf:
    """Aggregate ``fn`` (``distinct``) of a sum of bags: ``parts`` (``AggTerm``, or
    ``GroupAt`` under GROUP BY), one per summand; a leaf of the IR the prover reads."""

    __slots__ = ("fn", "distinct", "parts", "ty")

    def __init__(self, fn: AggFn, distinct: bool, parts: tuple, ty):
        self.fn, self.distinct, self.parts, self.ty = fn, distinct, parts, ty

    def value(self, bags, scope) -> Val:
        return combine(bags, self, scope)


class SummedGroups(Squash):
    """A grouped select over a sum read as the set of its rows (``blocks``), valid once
    ``ready`` has checked the keys (on the rows kept: a row a group does not show needs
    none); ``shown``: None where the rows show every key, else the outputs outside aggregates,
    which must tell the groups apart (no two groups give one row)."""

    def __init__(self, blocks: tuple, keys: tuple, shown: tuple | None):
        super().__init__(blocks)
        self.keys, self.shown = keys, shown

    def view(self, src: ir.Derived, items: tuple, where: tuple, distinct: bool, substitute):
        """A select of ``items`` over this one as a derived table ``src``, ``where`` its
        WHERE conjuncts (view merging, as ``normal._grouped_view``): a condition on each
        group's row. Under DISTINCT a set of rows, whatever the groups."""
        cols = {(src.alias, n): e for n, e in zip(src.names, self.blocks[0].items, strict=True)}
        items = tuple(substitute(e, cols) for e in items)
        conds = tuple(substitute(c, cols) for c in where)
        blocks = tuple(Block(b.occs, b.conds + conds, items, b.env) for b in self.blocks)
        return SummedGroups(blocks, self.keys, None if distinct else _shown(items, self.keys))


def _shown(items: tuple, keys: tuple) -> tuple | None:
    if all(k in items for k in keys):
        return None
    return tuple(e for e in items if not any(isinstance(y, SumOf) for y in _leaves(e)))


def _leaves(e):
    stack = [e]
    while stack:
        y = stack.pop()
        yield y
        if isinstance(y, tuple):
            stack += list(y)
        elif (names := field_names(y)) is not None:
            stack += [getattr(y, f) for f in names]


def over_sum(q: ir.Select, alts: list, where: tuple, keys: tuple, schema):
    """The aggregate select ``q`` over the alternatives ``alts`` (occurrences, conjuncts,
    env) of its FROM, ``where`` its WHERE conjuncts, ``keys`` its GROUP BY keys: a
    ``Block`` of one row (no GROUP BY) or ``SummedGroups``."""
    if free_aliases(q):  # an aggregate term is one value: of an uncorrelated bag only
        raise NoNormalForm("a correlated aggregate over a sum")
    having = q.having
    summands = [Block(o, c + where, (), env, Group(keys, having)) for o, c, env in alts]
    stand = Block(summands[0].occs, summands[0].conds, q.items, summands[0].env, Group(keys, having))
    # the largest keys first: a key inside another (``g``, ``CASE WHEN g = 1 THEN x END``)
    # is replaced after it
    widest = tuple(sorted(keys, key=lambda k: -len(repr(k))))
    if _reads_rows_outside(Block((), (), q.items, {}, Group(widest, having))):
        raise NoNormalForm("a column outside the aggregates and keys over a sum")
    if any(o.key[0] == "table" and schema.table(o.key[1]).collated for b in summands for o in b.occs):
        raise NoNormalForm("a collation under GROUP BY over a sum")
    items = q.items
    for g in _aggs(stand):
        parts = []
        for b in summands:
            term = bag_of(g, b)
            if term is None:
                raise NoNormalForm("an aggregate of a row value over a sum")
            parts.append(GroupAt(term, keys) if keys else term)
        first = parts[0].term if keys else parts[0]
        s = SumOf(first.fn, first.distinct, tuple(parts), g.ty)
        items = _replace(items, g, s)
        having = _replace(having, g, s) if having is not None else None
    cond = (having,) if having is not None else ()
    if not keys:
        return Block((), cond, items, {})
    return SummedGroups(tuple(Block(b.occs, b.conds + cond, items, b.env) for b in summands),
                        keys, _shown(items, keys))


def ready(d, xs: list) -> list | None:
    """``xs`` with each ``SummedGroups`` as its ``Squash`` of rows, or None where two rows
    of one group may hold its keys differently (or a table has a collation).
    ``d``: the ``Decider``."""
    out = []
    for x in xs:
        if isinstance(x, SummedGroups):
            if not _keys_agree(d, x):
                return None
            x = Squash(x.blocks)
        out.append(x)
    return out


def _keys_agree(d, x: SummedGroups) -> bool:
    """Two rows of any two summands that GROUP BY puts together hold identical keys; two
    that show the same outputs (``shown``) are of one group."""
    t = d.t
    # the conditions without aggregates (HAVING): a weaker premise, a cheaper check
    light = [Block(b.occs, tuple(c for c in b.conds if not any(isinstance(y, SumOf) for y in _leaves(c))),
                   b.items, b.env) for b in x.blocks]
    for i, a in enumerate(light):
        for b in light[i:]:
            r1, f1 = d.rows(a.occs)
            r2, f2 = d.rows(b.occs)
            s1, s2 = Scope(t, r1, a.env), Scope(t, r2, b.env)
            v1, v2 = [s1.val(k) for k in x.keys], [s2.val(k) for k in x.keys]
            premise = z3.And([d.keep(s1, a), d.keep(s2, b)]
                             + [t.same_row(p, q) for p, q in zip(v1, v2, strict=True)])
            claim = z3.And([t.same(p, q) for p, q in zip(v1, v2, strict=True)])
            if not d.valid(z3.Implies(premise, claim), f1 + f2):
                return False
            if x.shown is None:
                continue
            seen = z3.And([d.keep(s1, a), d.keep(s2, b)] + [
                t.same_row(s1.val(e), s2.val(e)) for e in x.shown])
            if not d.valid(z3.Implies(seen, z3.And([t.same_row(p, q) for p, q in zip(v1, v2, strict=True)])),
                           f1 + f2):
                return False
    return True


def combine(bags, s: SumOf, scope) -> Val:
    """The value of ``s`` (``bags``: the ``Bags`` of the attempt) on ``scope``'s row."""
    t = bags.t
    live = [p for p in s.parts if not _empty(bags, p.term.bag if isinstance(p, GroupAt) else p.bag)]
    live = _merge(bags, live, s.distinct or s.fn in (AggFn.MIN, AggFn.MAX))
    if len(live) == 1:
        return bags.value(live[0], scope)
    fn = s.fn
    c = t.ctx
    if not live:
        if fn == AggFn.COUNT_STAR or (fn == AggFn.COUNT and s.distinct):
            return Val(t.F, z3.IntVal(0, c), z3.RealVal(0, c))
        if fn == AggFn.TOTAL:
            return Val(t.F, z3.IntVal(1, c), z3.RealVal(0, c))
        return t.lit(_NULL)
    if s.distinct or fn not in (AggFn.COUNT_STAR, AggFn.SUM, AggFn.TOTAL):
        raise NoNormalForm(f"{fn} over a sum of bags")
    vals = [bags.value(p, scope) for p in live]
    total = z3.Sum([z3.If(v.null, z3.RealVal(0, c), v.v) for v in vals])
    if fn == AggFn.COUNT_STAR:
        return Val(t.F, z3.IntVal(0, c), total)
    for p in live:  # added in another order than one scan's
        bags._order(p.term if isinstance(p, GroupAt) else p)
    if fn == AggFn.TOTAL:
        return Val(t.F, z3.IntVal(1, c), total)
    real = z3.Or([z3.And(z3.Not(v.null), v.k == 1) for v in vals])
    return Val(z3.And([v.null for v in vals]), z3.If(real, z3.IntVal(1, c), z3.IntVal(0, c)), total)


def _merge(bags, parts: list, sets: bool) -> list:
    """``parts`` with the two halves of a LEFT JOIN (the matched rows and the padded ones)
    read as the left side alone where that is the same bag (``outer._merged``), or, for an
    aggregate of the set of values (``sets``), the same set."""
    cache = bags.__dict__.setdefault("merged_parts", {})
    done = False
    while not done and len(parts) > 1:
        done = True
        for i, a in enumerate(parts):
            for j, b in enumerate(parts):
                ta, tb = (a.term, b.term) if isinstance(a, GroupAt) else (a, b)
                key = (id(ta.bag), id(tb.bag), sets)
                if i == j:
                    continue
                if key not in cache:
                    bags.quiet += 1
                    try:
                        cache[key] = (ta, tb, _merged(bags.decider(), ta.bag, tb.bag, sets))
                    finally:
                        bags.quiet -= 1
                left = cache[key][2]
                if left is None:
                    continue
                term = AggTerm(ta.fn, ta.distinct, left, ta.ty)
                one = GroupAt(term, a.keys) if isinstance(a, GroupAt) else term
                parts = [p for k, p in enumerate(parts) if k not in (i, j)] + [one]
                done = False
                break
            if not done:
                break
    return parts


def _empty(bags, bag: Block) -> bool:
    """Does ``bag`` hold no row on every database (cached per attempt)?"""
    cache = bags.__dict__.setdefault("empty_bags", {})
    if id(bag) not in cache:
        bags.quiet += 1
        try:
            cache[id(bag)] = (bag, bags.decider().empty(Block(bag.occs, bag.conds, bag.items, bag.env)))
        finally:
            bags.quiet -= 1
    return cache[id(bag)][1]


__all__ = ["AggTerm", "SumOf", "SummedGroups", "combine", "over_sum", "ready"]
