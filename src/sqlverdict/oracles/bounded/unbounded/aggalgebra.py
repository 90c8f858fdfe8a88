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
never read as real division. Only tried when the prover's first attempt fails on queries
with sums (``unbounded.attempt``), so other proofs keep the assumptions they had.
"""

from __future__ import annotations

import z3

from .. import ir
from ..ir.kinds import AggFn, ArithOp, FuncName, Ty

_SUMS = (AggFn.SUM, AggFn.TOTAL, AggFn.AVG)
MAX_PARTS = 8  # leaves and literal parts of one argument


class _TooMany(Exception):
    pass


def not_true(p) -> ir.Expr:
    """``p`` is FALSE or NULL, as a condition that is TRUE or FALSE."""
    return ir.Not(ir.Func(FuncName.COALESCE, (p, ir.Lit(0, Ty.INT)), Ty.INT))


def _is_present(c, arg) -> bool:
    return isinstance(c, ir.Not) and isinstance(c.arg, ir.IsNull) and c.arg.arg == arg


def sum_facts(bags, term, v) -> list:
    """What the algebra knows of ``v``, the value of sum-like ``term`` (``bags.AggTerm``)."""
    if term.fn not in _SUMS or term.distinct:
        return []
    bags.t.sums_seen = True  # the first attempt saw a sum: the algebra may help
    if not getattr(bags.t, "algebra", False):
        return []
    bag = term.bag
    arg, keys = bag.items[-1], bag.items[:-1]
    conds = bag.conds[:-1] if bag.conds and _is_present(bag.conds[-1], arg) else bag.conds
    t = bags.t
    try:
        parts = _split(bags, bag, conds, keys, arg, [0])
    except _TooMany:
        return []
    if len(parts) == 1 and parts[0][0] == "leaf" and term.fn == AggFn.SUM:
        return _leaf_facts(bags, bag, conds, keys, arg, v)
    t.real_sums = True
    if term.fn == AggFn.SUM and not (t.typed and arg.ty == Ty.REAL):
        t.int_sums = True
    s, n, r = _combine(bags, bag, keys, parts)
    some = n > 0
    if term.fn == AggFn.TOTAL:
        return [v.v == s]
    if term.fn == AggFn.AVG:
        return [v.null == z3.Not(some), z3.Implies(some, z3.And(v.v * n == s, v.k == 1))]
    return [v.null == z3.Not(some),
            z3.Implies(some, z3.And(v.v == s, v.k == z3.If(r, 1, 0)))]


def _split(bags, bag, conds, keys, e, count) -> list:
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
        out, rest = [], conds
        for p, r in e.whens:
            out += _split(bags, bag, rest + (p,), keys, r, count)
            rest = rest + (not_true(p),)
        return out + _split(bags, bag, rest, keys, e.default, count)
    if isinstance(e, ir.Func) and e.name == FuncName.COALESCE and len(e.args) >= 2:
        whens = tuple((ir.Not(ir.IsNull(a)), a) for a in e.args[:-1])
        return _split(bags, bag, conds, keys, ir.Case(whens, e.args[-1], e.ty), count)
    if isinstance(e, (ir.Cmp, ir.Logic, ir.Not, ir.IsNull, ir.InList, ir.Like)):
        one, zero = ir.Lit(1, Ty.INT), ir.Lit(0, Ty.INT)
        return _split(bags, bag, conds, keys, ir.Case(((e, one), (ir.Not(e), zero)),
                                                      ir.Lit(None, Ty.NULL), Ty.INT), count)
    if isinstance(e, ir.Arith) and e.op == ArithOp.MUL and bags.t.typed:
        for x, c in ((e.left, e.right), (e.right, e.left)):
            if isinstance(c, ir.Lit) and isinstance(c.value, (int, float)) \
                    and not isinstance(c.value, bool) and x.ty in (Ty.INT, Ty.REAL):
                if isinstance(c.value, int) or x.ty == Ty.INT:
                    bags.t.int_range = True  # an integer product within 64 bits
                return [("scaled", c.value, _split(bags, bag, conds, keys, x, count))]
    return [("leaf", conds, e)]


def _combine(bags, bag, keys, parts):
    """``(S, N, R)`` of ``parts`` (``_split``) as Z3 terms."""
    t = bags.t
    zero = z3.RealVal(0, t.ctx)
    s, n, r = zero, z3.IntVal(0, t.ctx), t.F
    for part in parts:
        if part[0] == "scaled":
            s1, n1, r1 = _combine(bags, bag, keys, part[2])
            c = part[1]
            s1 = z3.RealVal(c, t.ctx) * s1 if isinstance(c, int) else _real(c, t) * s1
            r1 = z3.Or(r1, z3.And(n1 > 0, t.T if isinstance(c, float) else t.F))
        elif part[0] == "lit":
            _, conds, c = part
            n1 = _count(bags, bag, conds, keys)
            s1 = (_real(c, t) if isinstance(c, float) else z3.RealVal(c, t.ctx)) * z3.ToReal(n1)
            r1 = z3.And(n1 > 0, t.T if isinstance(c, float) else t.F)
        else:
            _, conds, x = part
            u, n1 = _leaf(bags, bag, conds, keys, x)
            s1 = z3.If(u.null, zero, u.v)
            r1 = z3.And(z3.Not(u.null), u.k == 1)
        s, n, r = s + s1, n + n1, z3.Or(r, r1)
    return s, n, r


def _real(c: float, t):
    from fractions import Fraction
    return z3.RealVal(str(Fraction(c)), t.ctx)


def _count(bags, bag, conds, keys):
    from .bags import AggTerm
    from .normal import Block
    c = bags.value(AggTerm(AggFn.COUNT_STAR, False, Block(bag.occs, conds, keys, bag.env), Ty.INT))
    return z3.ToInt(c.v)


def _leaf(bags, bag, conds, keys, x):
    from .bags import AggTerm
    from .normal import Block
    present = conds + (ir.Not(ir.IsNull(x)),)
    u = bags.value(AggTerm(AggFn.SUM, False, Block(bag.occs, present, keys + (x,), bag.env), x.ty))
    return u, _count(bags, bag, present, keys)


def _leaf_facts(bags, bag, conds, keys, x, v) -> list:
    """A SUM that is a leaf: NULL exactly where its count is 0, else a number."""
    from .values import Scope
    present = conds + (ir.Not(ir.IsNull(x)),)
    n = _count(bags, bag, present, keys)
    real = Scope(bags.t, {}, {}).some(bag.occs, present, bag.env, lambda sc: sc.val(x).k != 0)
    return [v.null == (n == 0), z3.Implies(z3.Not(v.null), z3.And(
        z3.Or(v.k == 0, v.k == 1), (v.k == 1) == real))]


def real_arith(t, op, a, b, out):
    """``a op b`` read as exact real arithmetic where one operand is a REAL and the other
    a number (``Terms.algebra`` only; the proof then states ``exact_reals``), else ``out``."""
    if not getattr(t, "algebra", False) or op not in (ArithOp.ADD, ArithOp.SUB, ArithOp.MUL,
                                                       ArithOp.DIV):
        return out
    t.real_sums = True
    from .values import Val
    real = z3.And(z3.Not(a.null), z3.Not(b.null), a.k <= 1, b.k <= 1, z3.Or(a.k == 1, b.k == 1))
    if op == ArithOp.DIV:
        null = t.lit(ir.Lit(None, Ty.NULL))
        exact = t.ite(b.v == 0, null, Val(t.F, z3.IntVal(1, t.ctx), a.v / b.v))
    else:
        r = a.v + b.v if op == ArithOp.ADD else a.v - b.v if op == ArithOp.SUB else a.v * b.v
        exact = Val(t.F, z3.IntVal(1, t.ctx), r)
    return t.ite(real, exact, out)
