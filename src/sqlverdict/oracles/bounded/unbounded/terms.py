"""SQLite values and three-valued predicates as Z3 terms, in the prover's own context.

A value is ``Val(null, k, v)``: ``k`` its storage class (0 integer, 1 real, 2 text,
3 blob), ``v`` a real: the number itself for integers and reals, a rank for text and
blobs. Any column may hold any class (a declared type is only an affinity), so the
encoding assumes none; in the typed domain (``Terms.typed``) a column holds the class
``typed.typed_class`` gives its declared type, and a primary-key column no NULL. SQLite
orders numbers before text before blobs, numbers by value, text by its bytes: text literals get ranks in byte order, and every other string a real
rank between them (a countable order embeds in the rationals), so comparisons are exact.
Identity (``same``), which outputs must satisfy, keeps the class: 1 and 1.0 compare equal
but are different outputs.

Predicates are ``Tv(null, true)`` (FALSE: neither); WHERE keeps a row iff ``true``. How a
block's expressions read these values is ``values.Scope``.
"""

from __future__ import annotations

from fractions import Fraction
from typing import NamedTuple

import z3

from .. import ir
from ..ir.kinds import Affinity, ArithOp, CmpOp, Ty
from .normal import NoNormalForm, plan_key
from .typed import class_fact, declared

ADD, DIV, MOD, MUL, SUB = ArithOp.ADD, ArithOp.DIV, ArithOp.MOD, ArithOp.MUL, ArithOp.SUB
(EQ, GE, GT, IS, IS_NOT, LE, LT, NE) = (
    CmpOp.EQ, CmpOp.GE, CmpOp.GT, CmpOp.IS, CmpOp.IS_NOT, CmpOp.LE, CmpOp.LT, CmpOp.NE)
BOOL, NULL = Ty.BOOL, Ty.NULL
BIG = 2**63  # SQLite's integers: -2**63 .. 2**63 - 1

class Val(NamedTuple):
    null: z3.BoolRef
    k: z3.ArithRef
    v: z3.ArithRef


class Tv(NamedTuple):
    null: z3.BoolRef
    true: z3.BoolRef


class Terms:
    """Z3 terms of one proof attempt: fresh variables, text ranks, uninterpreted functions."""

    def __init__(self, ctx: z3.Context, texts: set[str], schema=None, typed: bool = False):
        self.ctx, self.schema = ctx, schema
        # the typed domain (``domain.Domain.TYPED``): each column holds its declared class,
        # primary keys no NULL, and integer arithmetic stays within 64 bits (``int_range``:
        # a proof that read it so states ``integer_arithmetic_in_range``)
        self.typed, self.int_range = typed, False
        self.int_min_free = False  # (``unbounded.proof``'s ``int_min_free``)
        # comparisons with the integer cut (``cut_order``), and whether a scalar sub-query
        # read as an integer (``scalar_class``) makes a second attempt with it worth it
        self.int_cut = self.int_scalars = False
        self.declared: dict[str, dict[str, tuple[str, bool]]] = {}
        self.relations: dict[tuple, z3.FuncDeclRef] = {}
        # uncorrelated subqueries by plan: a plan proved equal to an earlier one shares its
        # name (one table, one value); ``prove_equal`` is set by the prover
        self.plan_names: dict[str, str] = {}
        self.plans: list[tuple[str, object]] = []
        self.prove_equal = None
        self.depth = 0
        self.ranks = {s: i + 1 for i, s in enumerate(sorted(texts, key=lambda s: s.encode()))}
        self.funcs: dict[tuple, z3.FuncDeclRef] = {}
        self.n = 0
        self.F, self.T = z3.BoolVal(False, ctx), z3.BoolVal(True, ctx)

    def fresh(self, hint: str = "x") -> Val:
        self.n += 1
        c = self.ctx
        return Val(z3.Bool(f"{hint}{self.n}.n", c), z3.Int(f"{hint}{self.n}.k", c),
                   z3.Real(f"{hint}{self.n}.v", c))

    def domain(self, x: Val) -> z3.BoolRef:
        # SQLite's integers have 64 bits
        return z3.And(x.k >= 0, x.k <= 3, z3.Implies(x.k == 0, z3.And(
            z3.IsInt(x.v), x.v >= -BIG, x.v < BIG)))

    def keyer(self, q) -> str:
        """The name of an uncorrelated subquery's result."""
        k = plan_key(q)
        if k in self.plan_names:
            return self.plan_names[k]
        self.plan_names[k] = k
        if self.prove_equal is not None and self.depth < 2:
            self.depth += 1
            try:
                for other_k, other_q in list(self.plans):
                    if len(other_q.items) == len(q.items) and self.prove_equal(q, other_q):
                        self.plan_names[k] = self.plan_names[other_k]
                        break
            finally:
                self.depth -= 1
        self.plans.append((k, q))
        return self.plan_names[k]

    def member(self, occ, row: dict) -> z3.BoolRef:
        """``row`` is a row of ``occ``'s table (an uninterpreted relation per table)."""
        c = self.ctx
        if occ.key not in self.relations:
            sorts = [s for _ in occ.columns for s in (z3.BoolSort(c), z3.IntSort(c), z3.RealSort(c))]
            self.relations[occ.key] = z3.Function(f"rel{len(self.relations)}", *sorts,
                                                  z3.BoolSort(c))
        if not occ.columns:
            return self.T
        return self.relations[occ.key](*[t for col in occ.columns for t in row[col]])

    def row(self, occ) -> tuple[dict, list]:
        """Fresh values for a row of ``occ`` and what SQLite guarantees of them."""
        r, facts = {}, []
        affinity = dict(occ.affinity)
        for col in occ.columns:
            x = self.fresh("r")
            facts.append(self.domain(x))
            facts += self.stored(x, affinity.get(col))
            if col in occ.not_null:
                facts.append(z3.Not(x.null))
            if col in occ.integer:
                facts.append(x.k == 0)
            if self.typed:
                facts += self.typed_facts(x, occ, col)
            r[col] = x
        return r, facts

    def typed_facts(self, x: Val, occ, col: str) -> list:
        """What a typed database guarantees of ``occ``'s column ``col`` (``typed``)."""
        if occ.key[0] != "table" or self.schema is None:
            return []
        name = occ.key[1]
        if name not in self.declared:
            self.declared[name] = declared(self.schema.table(name))
        cls, key = self.declared[name].get(col.lower(), ("", False))
        return ([z3.Not(x.null)] if key else []) + (
            [z3.Or(x.null, class_fact(cls, x.k))] if cls else [])

    def stored(self, x: Val, affinity: str | None) -> list:
        """What a column's affinity does to the values SQLite stores: TEXT turns numbers
        into text, REAL integers into reals, INTEGER and NUMERIC integral reals (within
        64 bits) into integers. Values of every class stay possible otherwise."""
        c = self.ctx
        if affinity == Affinity.TEXT:
            return [z3.Or(x.null, x.k >= 2)]
        if affinity == Affinity.REAL:
            return [z3.Or(x.null, x.k != 0)]
        if affinity in (Affinity.INTEGER, Affinity.NUMERIC):
            big = z3.RealVal(2**63, c)  # (and no REAL -2**63 where the proof states ``no_real_int_min``)
            return [z3.Implies(z3.And(z3.Not(x.null), x.k == 1), z3.Or(
                z3.Not(z3.IsInt(x.v)), x.v >= big, x.v < -big if self.int_min_free else x.v <= -big))]
        return []

    def lit(self, e: ir.Lit) -> Val:
        c, v = self.ctx, e.value
        if v is None or e.ty == NULL:
            return Val(self.T, z3.IntVal(0, c), z3.RealVal(0, c))
        if isinstance(v, bool) or e.ty == BOOL:
            return Val(self.F, z3.IntVal(0, c), z3.RealVal(int(bool(v)), c))
        if isinstance(v, int):
            return Val(self.F, z3.IntVal(0, c), z3.RealVal(v, c))
        if isinstance(v, float):
            return Val(self.F, z3.IntVal(1, c), z3.RealVal(str(Fraction(v)), c))
        if isinstance(v, str):
            if v not in self.ranks:
                raise NoNormalForm(f"text literal {v!r} without a rank")
            return Val(self.F, z3.IntVal(2, c), z3.RealVal(self.ranks[v], c))
        raise NoNormalForm(f"literal {v!r}")

    def func(self, name: str, args: list[Val]) -> Val:
        c = self.ctx
        sorts = []
        for _ in args:
            sorts += [z3.BoolSort(c), z3.IntSort(c), z3.RealSort(c)]
        flat = [t for a in args for t in a]
        out = []
        for part, rs in (("n", z3.BoolSort(c)), ("k", z3.IntSort(c)), ("v", z3.RealSort(c))):
            key = (name, part, len(args))
            if key not in self.funcs:
                self.funcs[key] = z3.Function(f"f{len(self.funcs)}", *sorts, rs)
            out.append(self.funcs[key](*flat) if args else z3.Const(f"c{key}", rs))
        return Val(*out)

    def pred(self, name: str, args: list[Val]) -> Tv:
        r = self.func(name, args)
        return Tv(r.null, z3.And(z3.Not(r.null), r.v > 0))

    @staticmethod
    def cls(x: Val):
        return z3.If(x.k <= 1, 0, x.k - 1)

    def compare(self, op: str, a: Val, b: Val) -> Tv:
        null = z3.Or(a.null, b.null)
        ca, cb = self.cls(a), self.cls(b)
        eq = z3.And(ca == cb, a.v == b.v)
        if op in (IS, IS_NOT):  # null-safe: never NULL
            same = z3.Or(z3.And(a.null, b.null), z3.And(z3.Not(null), eq))
            return Tv(self.F, same if op == IS else z3.Not(same))
        if self.int_cut and op in (LT, LE, GT, GE):
            return Tv(null, z3.And(z3.Not(null), self.cut_order(op, a, b)))
        lt = z3.Or(ca < cb, z3.And(ca == cb, a.v < b.v))
        rel = {EQ: eq, NE: z3.Not(eq), LT: lt, LE: z3.Or(lt, eq),
               GT: z3.Not(z3.Or(lt, eq)), GE: z3.Not(lt)}.get(op)
        if rel is None:
            raise NoNormalForm(f"comparison {op}")
        return Tv(null, z3.And(z3.Not(null), rel))

    def cut_order(self, op: str, a: Val, b: Val):
        """``a op b`` of two non-NULL values with the integer cut (``int_cut``): ``a > b``
        is ``b < a``, and ``a < b`` of two integers ``a + 1 <= b``, which Z3 does not find
        itself over reals; the same relation wherever integers are integral, as every
        INTEGER value of a database is (``scalar_class``)."""
        if op in (GT, GE):
            a, b, op = b, a, LT if op == GT else LE
        ca, cb = self.cls(a), self.cls(b)
        if op == LE:
            return z3.Or(ca < cb, z3.And(ca == cb, a.v <= b.v))
        ints = z3.And(a.k == 0, b.k == 0)
        return z3.Or(ca < cb, z3.And(ca == cb, z3.If(ints, a.v + 1 <= b.v, a.v < b.v)))

    def same(self, a: Val, b: Val):
        """Identical outputs: both NULL, or the same class and value."""
        return z3.Or(z3.And(a.null, b.null),
                     z3.And(z3.Not(a.null), z3.Not(b.null), a.k == b.k, a.v == b.v))

    def same_row(self, a: Val, b: Val):
        """Not distinct, as DISTINCT, UNION, INTERSECT and EXCEPT compare: both NULL, or
        equal (1 and 1.0 too)."""
        return z3.Or(z3.And(a.null, b.null),
                     z3.And(z3.Not(a.null), z3.Not(b.null), self.cls(a) == self.cls(b), a.v == b.v))

    def integer_arith(self, op: str, a: Val, b: Val, divisor, linear: bool):
        """(condition, value): where both operands are integers and SQLite's integer
        result fits in 64 bits, the exact result (else None: the operation stays
        uninterpreted). ``*`` only when one operand is a literal (linear arithmetic); ``/``
        and ``%`` only by a nonzero integer literal ``divisor`` (truncating, as SQLite)."""
        c = self.ctx
        ints = z3.And(z3.Not(a.null), z3.Not(b.null), a.k == 0, b.k == 0)
        if op in (ADD, SUB) or (op == MUL and linear):
            r = a.v + b.v if op == ADD else a.v - b.v if op == SUB else a.v * b.v
        elif op in (DIV, MOD) and isinstance(divisor, int) and not isinstance(divisor, bool) \
                and divisor != 0:
            x = a.v / divisor
            q = z3.If(x >= 0, z3.ToReal(z3.ToInt(x)), -z3.ToReal(z3.ToInt(-x)))
            r = q if op == DIV else a.v - divisor * q
        else:
            return None
        if self.typed:  # assumed in range: the proof states ``integer_arithmetic_in_range``
            self.int_range = True
            return ints, Val(self.F, z3.IntVal(0, c), r)
        fits = z3.And(r >= -BIG, r < BIG)
        return z3.And(ints, fits), Val(self.F, z3.IntVal(0, c), r)

    def ite(self, c, a: Val, b: Val) -> Val:
        return Val(z3.If(c, a.null, b.null), z3.If(c, a.k, b.k), z3.If(c, a.v, b.v))


def t_and(ts: list[Tv], T) -> Tv:
    if not ts:
        return Tv(z3.Not(T), T)
    false = z3.Or([z3.And(z3.Not(t.null), z3.Not(t.true)) for t in ts])
    true = z3.And([t.true for t in ts])
    return Tv(z3.And(z3.Not(false), z3.Not(true)), true)


def t_or(ts: list[Tv], T) -> Tv:
    if not ts:
        return Tv(z3.Not(T), z3.Not(T))
    true = z3.Or([t.true for t in ts])
    false = z3.And([z3.And(z3.Not(t.null), z3.Not(t.true)) for t in ts])
    return Tv(z3.And(z3.Not(true), z3.Not(false)), true)


def t_not(t: Tv) -> Tv:
    return Tv(t.null, z3.And(z3.Not(t.null), z3.Not(t.true)))
