"""An algebra of sums over bags: SUM, TOTAL and AVG as linear terms of the sums and counts
of the bags their argument's parts read, decided by Z3 with the bag terms (``bags``).

A sum-like aggregate of argument ``e`` over the rows of a bag ``B`` is three numbers:
``S`` the sum of the values of ``e`` that are not NULL (0 if none), ``N`` how many rows of
``B`` give ``e`` a value that is not NULL, and ``R`` whether one of those values is not an
integer. SQLite's aggregates are functions of them: ``SUM`` is NULL where ``N = 0``, else
``S``, an integer exactly where no value is a non-integer (its documentation: "if any
input to sum() is neither an integer nor a NULL, sum() returns a floating point value");
``TOTAL`` is ``S`` as a real; ``AVG`` is NULL where ``N = 0``, else the real ``S / N``.

``(S, N, R)`` of an argument is computed by the laws of sums over a bag, each the split of
the bag's rows into disjoint parts (a row's value is counted in exactly one part):
- ``CASE WHEN p1 THEN r1 WHEN p2 THEN r2 ... ELSE d END``: the rows where ``p1`` is TRUE
  give ``r1``, those where it is not TRUE (FALSE or NULL) and ``p2`` is TRUE give ``r2``,
  ...; the rest give ``d`` (``IIF`` and ``COALESCE(x, ...)`` are such CASEs; a condition
  used as a value is 1 where TRUE, 0 where FALSE, NULL where NULL);
- a number literal ``c`` over rows ``B'``: ``S = c * COUNT(B')``, ``N = COUNT(B')``; NULL:
  nothing;
- ``x * c`` and ``c * x`` with a number literal ``c``, in the typed domain where ``x`` is an
  INTEGER or REAL (a text value would be a real in SUM, not in ``x * c``): ``c`` times ``x``'s
  sum, its count;
- anything else ``x`` over rows ``B'``: a leaf, the bag term ``SUM(x)`` of ``B'`` (one value
  per class of equal bags, as ``bags`` names them) and the count of its rows.
Each part is a bag term of the prover, so two queries that split one bag differently
(``SUM(CASE WHEN p THEN x ELSE 0 END)`` against ``SUM(x) ... WHERE p``) meet in Z3's linear
arithmetic over the same leaves, with ``bags``' facts on counts (containment, covers).

In this mode (``Terms.algebra``) real arithmetic on numbers is read exactly as well
(``real_arith``): ``a op b`` with one operand a REAL and the other an INTEGER or REAL is the
real ``a op b``, NULL where a divisor is 0. Sound in SQLite under the assumptions the proof
then states: ``exact_reals`` (doubles add, multiply and divide without rounding, in any
order) and ``integer_sums_exact`` (no partial integer sum overflows). Integer division is
never read as real division. Tried only on pairs with sums that the bounded solver verified
(``sums_stage``): refuted pairs never pay for it, and other proofs keep their assumptions.
"""

from __future__ import annotations

import itertools
from fractions import Fraction

import z3

from .. import ir
from ..ir.kinds import Affinity, AggFn, ArithOp, FuncName, Ty
from .normal import Block, alpha
from .values import Scope

_SUMS = (AggFn.SUM, AggFn.TOTAL, AggFn.AVG)
MAX_PARTS = 8  # leaves and literal parts of one argument
MAX_LEAVES = 8  # SUM leaves related by covers (triples)


class _TooMany(Exception):
    pass


def not_true(p) -> ir.Expr:
    """``p`` is FALSE or NULL, as a condition that is TRUE or FALSE."""
    return ir.Not(ir.Func(FuncName.COALESCE, (p, ir.Lit(0, Ty.INT)), Ty.INT))


def _is_present(c, arg) -> bool:
    return isinstance(c, ir.Not) and isinstance(c.arg, ir.IsNull) and c.arg.arg == arg


def sum_facts(bags, term, v, at=None) -> list:
    """What the algebra knows of ``v``, the value of sum-like ``term`` (``bags.AggTerm``),
    or of its group at keys ``at`` (``Bags.at``: the bag's first outputs are the keys)."""
    if term.fn not in _SUMS or term.distinct:
        return []
    if not getattr(bags.t, "algebra", False):
        return []
    bags.__dict__["algebra_term"] = type(term)  # ``bags.AggTerm``, without importing it
    bag = term.bag
    arg, keys = bag.items[-1], bag.items[:-1]
    if (at is not None and len(at) != len(keys)) or (at is None and keys):
        return []
    conds = bag.conds[:-1] if bag.conds and _is_present(bag.conds[-1], arg) else bag.conds
    t = bags.t
    if at is not None:  # what is known of a group's sum is known once for its keys
        seen = bags.__dict__.setdefault("algebra_seen", set())
        key = (term.fn, _text(bag), _at_key(at))
        if key in seen:
            return []
        seen.add(key)
    try:
        covers: list = []
        parts = _split(bags, conds, arg, [0], covers)
    except _TooMany:
        return []
    if len(parts) == 1 and parts[0][0] == "leaf" and term.fn == AggFn.SUM:
        return _leaf_facts(bags, bag, conds, arg, v, at) + (_covers(bags, term, v) if at is None else [])
    t.real_sums = True
    if term.fn == AggFn.SUM and not (t.typed and arg.ty == Ty.REAL):
        t.int_sums = True
    s, n, r = _combine(bags, bag, parts, at)
    # the rows of a CASE's branches partition the rows it reads: their counts add up (of
    # one value, ``Bags._relate`` finds it; of groups, said here)
    out = [] if at is None else [
        _count(bags, bag, whole, at) == z3.Sum([_count(bags, bag, c, at) for c in branches])
        for whole, branches in covers]
    some = n > 0
    if term.fn == AggFn.TOTAL:
        return out + [v.v == s]
    if term.fn == AggFn.AVG:
        return out + [v.null == z3.Not(some), z3.Implies(some, z3.And(v.v * n == s, v.k == 1))]
    return out + [v.null == z3.Not(some),
            z3.Implies(some, z3.And(v.v == s, v.k == z3.If(r, 1, 0)))]


def _split(bags, conds, e, count, covers) -> list:
    """The parts of ``e`` over the rows of ``bag``'s tables where ``conds`` are TRUE:
    ("leaf", conds, x), ("lit", conds, value) or ("scaled", c, parts)."""
    count[0] += 1
    if count[0] > MAX_PARTS:
        raise _TooMany
    if isinstance(e, ir.Lit) and e.ty != Ty.BOOL:
        if e.value is None:
            return []
        if isinstance(e.value, (int, float)) and not isinstance(e.value, bool):
            return [("lit", conds, e.value)]
        return [("leaf", conds, e)]
    if isinstance(e, ir.Case):
        out, rest, branches = [], conds, []
        for p, r in e.whens:
            out += _split(bags, rest + (p,), r, count, covers)
            branches.append(rest + (p,))
            rest = rest + (not_true(p),)
        covers.append((conds, branches + [rest]))
        return out + _split(bags, rest, e.default, count, covers)
    if isinstance(e, ir.Func) and e.name == FuncName.COALESCE and len(e.args) >= 2:
        whens = tuple((ir.Not(ir.IsNull(a)), a) for a in e.args[:-1])
        return _split(bags, conds, ir.Case(whens, e.args[-1], e.ty), count, covers)
    if isinstance(e, (ir.Cmp, ir.Logic, ir.Not, ir.IsNull, ir.InList, ir.Like)):
        one, zero = ir.Lit(1, Ty.INT), ir.Lit(0, Ty.INT)
        return _split(bags, conds, ir.Case(((e, one), (ir.Not(e), zero)), ir.Lit(None, Ty.NULL),
                                           Ty.INT), count, covers)
    if isinstance(e, ir.Arith) and e.op == ArithOp.MUL and bags.t.typed:
        for x, c in ((e.left, e.right), (e.right, e.left)):
            if isinstance(c, ir.Lit) and isinstance(c.value, (int, float)) \
                    and not isinstance(c.value, bool) and x.ty in (Ty.INT, Ty.REAL):
                if isinstance(c.value, int) or x.ty == Ty.INT:
                    bags.t.int_range = True  # an integer product within 64 bits
                return [("scaled", c.value, _split(bags, conds, x, count, covers))]
    return [("leaf", conds, e)]


def _combine(bags, bag, parts, at):
    """``(S, N, R)`` of ``parts`` (``_split``) as Z3 terms."""
    t = bags.t
    zero = z3.RealVal(0, t.ctx)
    s, n, r = zero, z3.IntVal(0, t.ctx), t.F
    for part in parts:
        if part[0] == "scaled":
            s1, n1, r1 = _combine(bags, bag, part[2], at)
            c = part[1]
            s1 = z3.RealVal(c, t.ctx) * s1 if isinstance(c, int) else _real(c, t) * s1
            r1 = z3.Or(r1, z3.And(n1 > 0, t.T if isinstance(c, float) else t.F))
        elif part[0] == "lit":
            _, conds, c = part
            n1 = _count(bags, bag, conds, at)
            s1 = (_real(c, t) if isinstance(c, float) else z3.RealVal(c, t.ctx)) * z3.ToReal(n1)
            r1 = z3.And(n1 > 0, t.T if isinstance(c, float) else t.F)
        else:
            _, conds, x = part
            u, n1 = _leaf(bags, bag, conds, x, at)
            s1 = z3.If(u.null, zero, u.v)
            r1 = z3.And(z3.Not(u.null), u.k == 1)
        s, n, r = s + s1, n + n1, z3.Or(r, r1)
    return s, n, r


def _real(c: float, t):
    return z3.RealVal(str(Fraction(c)), t.ctx)


def _text(bag) -> str:
    """A bag's plan, aliases renamed (as ``bags`` names it)."""
    return alpha(repr((bag.occs, bag.conds, bag.items, sorted(bag.env.items(), key=repr))))


def _value(bags, fn, bag, conds, items, ty, at):
    """The bag term ``fn`` of ``bag``'s tables where ``conds`` hold, outputs ``items`` (the
    keys first): its one value, or its group's at keys ``at``."""
    term = bags.__dict__["algebra_term"](fn, False, Block(bag.occs, conds, items, bag.env), ty)
    if at is None:
        return bags.value(term)
    cache = bags.__dict__.setdefault("algebra_at", {})  # a group's value once per keys
    key = (fn, _text(term.bag), _at_key(at))
    if key not in cache:
        cache[key] = bags.at(term, at)
    return cache[key]


def _at_key(at) -> tuple:
    return tuple((x.null.get_id(), x.k.get_id(), x.v.get_id()) for x in at)


def _count(bags, bag, conds, at):
    keys = bag.items[:-1]
    return z3.ToInt(_value(bags, AggFn.COUNT_STAR, bag, conds, keys, Ty.INT, at).v)


def _leaf(bags, bag, conds, x, at):
    present = conds + (ir.Not(ir.IsNull(x)),)
    u = _value(bags, AggFn.SUM, bag, present, bag.items[:-1] + (x,), x.ty, at)
    return u, _count(bags, bag, present, at)


def _leaf_facts(bags, bag, conds, x, v, at) -> list:
    """A SUM that is a leaf: NULL exactly where its count is 0, else a number."""
    present = conds + (ir.Not(ir.IsNull(x)),)
    n = _count(bags, bag, present, at)
    # a real makes the sum a real, integers alone an integer; text and BLOBs are read as
    # numbers first ('5' as the integer 5): either
    sc, t, keys = Scope(bags.t, {}, {}), bags.t, bag.items[:-1]

    def some(test):
        def inside(s):  # a row of the group at ``at`` (keys not distinct from it)
            return z3.And([test(s.val(x))] + [t.same_row(s.val(k), y) for k, y in zip(keys, at or (), strict=True)])
        return sc.some(bag.occs, present, bag.env, inside)

    # a column of REAL affinity holds no text that reads as an integer (SQLite stores such
    # text as a REAL): any value there makes the sum a real
    stored_real = isinstance(x, ir.Col) and any(
        o.alias == x.alias and o.key[0] == "table" and dict(o.affinity).get(x.name) == Affinity.REAL for o in bag.occs)
    real = some(lambda y: y.k != 0 if stored_real else y.k == 1)
    other = some(lambda y: y.k != 0)
    # (the quantified facts apart: the decision tries without them first)
    return [v.null == (n == 0), z3.Implies(z3.Not(v.null), z3.Or(v.k == 0, v.k == 1)),
            z3.Implies(z3.And(z3.Not(v.null), real), v.k == 1),
            z3.Implies(z3.And(z3.Not(v.null), z3.Not(other)), v.k == 0)]


def _covers(bags, term, v) -> list:
    """Two SUM leaves whose bags split a third's rows (``Decider.split``: each row of it
    in exactly one, with the same value): its sum is theirs added, NULL where both are,
    a real where one is."""
    leaves = bags.__dict__.setdefault("sum_leaves", [])
    if len(leaves) >= MAX_LEAVES:
        return []
    d, out = bags.decider(), []
    for (a, x), (b, y) in itertools.combinations(leaves, 2):
        for (c, w), (p, u), (q, z) in (((term, v), (a, x), (b, y)), ((a, x), (term, v), (b, y)),
                                       ((b, y), (term, v), (a, x))):
            if d.split(c.bag, p.bag, q.bag):
                out.append(_sum_of_two(bags.t, w, u, z))
    leaves.append((term, v))
    return out


def _sum_of_two(t, w, u, z):
    zero = z3.RealVal(0, t.ctx)
    real = z3.Or(z3.And(z3.Not(u.null), u.k == 1), z3.And(z3.Not(z.null), z.k == 1))
    return z3.And(w.null == z3.And(u.null, z.null),
                  z3.If(w.null, zero, w.v) == z3.If(u.null, zero, u.v) + z3.If(z.null, zero, z.v),
                  z3.Implies(z3.Not(w.null), (w.k == 1) == real))
