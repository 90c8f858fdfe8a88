"""Expressions, one function per IR node kind through a dispatch table (``Encoder.expr``);
literals, arithmetic, comparisons, functions, lookups, aggregates."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import z3

from ....errors import UnsupportedSQL
from .. import ir
from ..ir.kinds import AggFn, ArithOp, CmpOp, Conv, FuncName, LogicOp, Ty
from .text import numeric_codes
from .values import (
    MAX_CASES,
    V,
    _and,
    _as,
    _count,
    _in,
    _int_range,
    _ite,
    _not,
    _num,
    _or,
    _spend,
    _tdiv,
    _to_real,
    _zero,
    rows_eq,
    veq,
    vless,
)

# An aggregate's member costs about 0.7 ms of term building (its value, If, Sum, the
# DISTINCT and MIN/MAX chains): some 300 encoding steps (``solver.STEPS_PER_SECOND``). Counted,
# so that a small bound's share of the work ends when a wide join's groups outgrow it.
MEMBER_STEPS = 300

# the members used here, bound once: on Python 3.11 an enum class's attribute lookup
# goes through EnumType.__getattr__, several times slower than a global name
(AVG, COUNT, COUNT_STAR, MIN, SUM, TOTAL) = (
    AggFn.AVG, AggFn.COUNT, AggFn.COUNT_STAR, AggFn.MIN, AggFn.SUM, AggFn.TOTAL)
ADD, DIV, MUL, SUB = ArithOp.ADD, ArithOp.DIV, ArithOp.MUL, ArithOp.SUB
(EQ, GE, GT, IS, IS_NOT, LE, LT, NE) = (
    CmpOp.EQ, CmpOp.GE, CmpOp.GT, CmpOp.IS, CmpOp.IS_NOT, CmpOp.LE, CmpOp.LT, CmpOp.NE)
LEFT, RIGHT = Conv.LEFT, Conv.RIGHT
(ABS, BOOL_INT, CAST_INT, CAST_REAL, COALESCE, NULLIF, ROUND, TRUTH) = (
    FuncName.ABS, FuncName.BOOL_INT, FuncName.CAST_INT, FuncName.CAST_REAL, FuncName.COALESCE,
    FuncName.NULLIF, FuncName.ROUND, FuncName.TRUTH)
SCALAR_MIN, SCALAR_MAX = FuncName.SCALAR_MIN, FuncName.SCALAR_MAX
INTEGRAL = (FuncName.FLOOR, FuncName.CEIL, FuncName.TRUNC)
AND = LogicOp.AND
BOOL, INT, NULL, REAL, TEXT = Ty.BOOL, Ty.INT, Ty.NULL, Ty.REAL, Ty.TEXT


class _Expressions:
    def expr(self, e: ir.Expr, env: dict, members=None) -> V:
        """The symbolic value of ``e``: the function of its node kind in ``_EXPR``."""
        fn = _EXPR.get(type(e))
        if fn is None:
            raise UnsupportedSQL(type(e).__name__)
        return fn(self, e, env, members)

    def lookup(self, template: str, x: V, ty: str) -> V:
        """A function of a text value, tabulated by SQLite over the finite domain.

        The table is stated once per template, as axioms on uninterpreted functions of the
        code (``f(i) = SQLite's value on string i`` for every i of the domain); each use is
        then the term ``f(code)``, of constant size. Two queries that apply the same
        function to the same column get the same term (congruence, no case split over the
        domain), and a query with many uses no longer repeats a chain over the domain."""
        key = (template, x.val.get_id(), x.null.get_id())
        if key in self._lookups:
            return self._lookups[key][1]
        fval, fnull, fout = self._lookup_functions(template, ty)
        code = x.val
        if fout is not None:  # outside the (capped) domain: do not search such inputs
            self.db.constraints.append(z3.Implies(z3.Not(x.null), z3.Not(fout(code))))
        out = V(ty, _or(self.s, x.null, fnull(code)) if fnull is not None else x.null, fval(code))
        self._lookups[key] = (x, out)
        return out

    def _lookup_functions(self, template: str, ty: str):
        """(value, is-NULL or None, outside-the-domain or None) functions of ``template``."""
        key = (template, ty)
        if key in self._tables:
            return self._tables[key]
        res = self.dom.table(template)
        n = len(self._tables)
        name = f"lookup!{n}!{ty}!{len(self.dom)}"
        ctx = self.s.ctx
        sort = z3.RealSort(ctx) if ty == REAL else z3.IntSort(ctx)
        fval = z3.Function(name + "!val", z3.IntSort(ctx), sort)
        fnull = z3.Function(name + "!null", z3.IntSort(ctx), z3.BoolSort(ctx))
        fout = z3.Function(name + "!out", z3.IntSort(ctx), z3.BoolSort(ctx))
        axioms, any_null, any_out = [], False, False
        for i, v in enumerate(res):
            is_null, is_out, val = False, False, _zero(self.s, ty)
            if v is None:
                is_null = True
            elif ty == TEXT:
                if isinstance(v, str) and v in self.dom:
                    val = z3.IntVal(self.dom.code(v), ctx)
                else:
                    is_out = True
            elif ty == INT and isinstance(v, int):
                val = z3.IntVal(v, self.s.ctx)
            elif ty == REAL and isinstance(v, (int, float)):
                f = Fraction(v)
                val = z3.RealVal(f"{f.numerator}/{f.denominator}", self.s.ctx)
            else:
                raise UnsupportedSQL(f"function {template} with values of several types")
            any_null |= is_null
            any_out |= is_out
            axioms.append((i, is_null, is_out, val))
        for i, is_null, is_out, val in axioms:
            self.db.constraints.append(fval(i) == val)
            if any_null:
                self.db.constraints.append(fnull(i) == z3.BoolVal(is_null, self.s.ctx))
            if any_out:
                self.db.constraints.append(fout(i) == z3.BoolVal(is_out, self.s.ctx))
        out = (fval, fnull if any_null else None, fout if any_out else None)
        self._tables[key] = out
        return out

    def opaque(self, e: ir.Opaque, args: list[V]) -> V:
        """An uninterpreted function (``ir.Opaque``): one Z3 function per name, argument
        classes and result class, of each argument's NULL flag and value (the value 0
        when NULL, so that equal SQLite values are equal arguments); its NULL flag is a
        second function, or'ed with the arguments' for a strict built-in. A text result
        is a code of the domain. A proof holds for every interpretation."""
        s = self.s
        key = (e.name, tuple(str(a.ty) for a in args), str(e.ty))
        fns = self._opaque.get(key)
        if fns is None:
            sorts = []
            for a in args:
                sorts += [z3.BoolSort(s.ctx), z3.RealSort(s.ctx) if a.ty == REAL else z3.IntSort(s.ctx)]
            name = f"opaque!{len(self._opaque)}!{e.name}"
            out = z3.RealSort(s.ctx) if e.ty == REAL else z3.IntSort(s.ctx)
            fns = (z3.Function(name + "!val", *sorts, out),
                   z3.Function(name + "!null", *sorts, z3.BoolSort(s.ctx)))
            self._opaque[key] = fns
        flat = []
        for a in args:
            zero = _zero(s, REAL if a.ty == REAL else INT)
            flat += [a.null, z3.If(a.null, zero, a.val) if a.ty != NULL else zero]
        fval, fnull = fns
        val, null = (fval(*flat), fnull(*flat)) if args else (fval(), fnull())
        if e.ty == TEXT:
            self.db.constraints.append(z3.And(val >= 0, val < len(self.dom)))
        if e.strict and args:
            null = _or(s, *[a.null for a in args], null)
        return V(e.ty, null, val)

    def lit(self, e: ir.Lit) -> V:
        if e.ty == NULL:
            return self.s.null
        if e.ty == INT:
            return V(INT, self.s.false, z3.IntVal(int(e.value), self.s.ctx))
        if e.ty == REAL:
            f = Fraction(e.value)
            return V(REAL, self.s.false, z3.RealVal(f"{f.numerator}/{f.denominator}", self.s.ctx))
        return V(TEXT, self.s.false, z3.IntVal(self.dom.code(e.value), self.s.ctx))

    def arith(self, op: str, a: V, b: V, ty: str) -> V:
        if a.ty == NULL or b.ty == NULL:
            return self.s.null
        x, y = _as(self.s, a, ty), _as(self.s, b, ty)
        null = z3.Or(a.null, b.null)
        if op == ADD:
            return V(ty, null, x + y)
        if op == SUB:
            return V(ty, null, x - y)
        if op == MUL:
            return V(ty, null, x * y)
        if op == DIV:
            rng = _int_range(y)
            if rng is not None and not z3.is_rational_value(y) and rng[1] - rng[0] <= MAX_CASES:
                # a divisor with few possible values (a COUNT): one case per value keeps
                # the arithmetic linear (x / 3 instead of x / y)
                out = _zero(self.s, ty)
                for v in range(rng[1], rng[0] - 1, -1):
                    if v != 0:
                        q = x / z3.RealVal(v, self.s.ctx) if ty == REAL else _tdiv(x, z3.IntVal(v, self.s.ctx))
                        out = z3.If(y == v, q, out)
                return V(ty, z3.Or(null, y == 0), out)
            if ty == REAL:
                return V(ty, z3.Or(null, y == 0), x / y)
            return V(ty, z3.Or(null, y == 0), _tdiv(x, y))
        # % on integers: the sign follows the dividend
        return V(ty, z3.Or(null, y == 0), x - y * _tdiv(x, y))

    def numeric_affinity(self, t: V) -> V:
        """A text value under NUMERIC affinity: a ``num`` value (Real) when its string looks
        like a number, else it stays text (``val`` keeps the code for the text order)."""
        isnum, num = numeric_codes(self.s, self.dom, t.val)
        return V("textnum", t.null, (isnum, num, t.val))

    def cmp(self, op: str, a: V, b: V) -> V:
        if a.ty == NULL or b.ty == NULL:
            return V(BOOL, self.s.true, self.s.false)
        if a.ty == "textnum" or b.ty == "textnum":
            flip = b.ty == "textnum"
            t, x = (b, a) if flip else (a, b)
            isnum, num, code = t.val
            as_num = self.cmp(op, V(REAL, t.null, num), x) if flip is False else self.cmp(op, x, V(REAL, t.null, num))
            # not a number: text sorts after every number
            lt = z3.BoolVal(op in ((NE, GT, GE) if not flip else (NE, LT, LE)), self.s.ctx)
            return V(BOOL, z3.Or(t.null, x.null), z3.If(isnum, as_num.val, lt))
        null = z3.Or(a.null, b.null)
        if a.ty == BOOL or b.ty == BOOL:
            raise UnsupportedSQL("comparison of a condition")
        if a.ty == b.ty or (_num(a.ty) and _num(b.ty)):
            ty = REAL if REAL in (a.ty, b.ty) else a.ty
            x, y = _as(self.s, a, ty), _as(self.s, b, ty)
        else:  # a number and a text without conversion: numbers sort first
            x, y = (z3.IntVal(0, self.s.ctx), z3.IntVal(1, self.s.ctx)) if _num(a.ty) else (z3.IntVal(1, self.s.ctx), z3.IntVal(0, self.s.ctx))
        r = {EQ: lambda: x == y, NE: lambda: x != y, LT: lambda: x < y, LE: lambda: x <= y,
             GT: lambda: x > y, GE: lambda: x >= y}[op]()
        return V(BOOL, null, r)

    def func(self, e: ir.Func, args: list[V]) -> V:
        n = e.name
        if n == TRUTH:
            a = args[0]
            return V(BOOL, a.null, a.val != _zero(self.s, a.ty)) if a.ty != NULL else V(BOOL, self.s.true, self.s.false)
        if n == BOOL_INT:
            a = args[0]
            return V(INT, a.null, z3.If(a.val, z3.IntVal(1, self.s.ctx), z3.IntVal(0, self.s.ctx)))
        if n == COALESCE:
            if e.ty == NULL:
                return self.s.null
            out = args[-1]
            for a in reversed(args[:-1]):
                out = _ite(self.s, z3.Not(a.null), a, out, e.ty)
            return out
        if n == NULLIF:
            a, b = args
            same = self.cmp(EQ, a, b).is_true
            return V(a.ty, z3.Or(a.null, same), a.val) if a.ty != NULL else self.s.null
        if n == ABS:
            a = args[0]
            return self.s.null if a.ty == NULL else V(a.ty, a.null, z3.If(a.val < 0, -a.val, a.val))
        if n == CAST_INT:
            a = args[0]
            if a.ty == INT:
                return a
            return V(INT, a.null, _int_of_real(self.s, a.val))
        if n == CAST_REAL:
            a = args[0]
            return V(REAL, a.null, _as(self.s, a, REAL))
        if n in INTEGRAL:  # of an integer: itself; of a real: exact on rationals
            a = args[0]
            if a.ty != REAL:
                return a
            down, up = z3.ToReal(z3.ToInt(a.val)), -z3.ToReal(z3.ToInt(-a.val))
            val = down if n == FuncName.FLOOR else up if n == FuncName.CEIL else z3.If(
                a.val >= 0, down, up)
            return V(REAL, a.null, val)
        if n in (SCALAR_MIN, SCALAR_MAX):
            return self.scalar_min_max(n == SCALAR_MAX, args, e.ty)
        if n == ROUND:  # exact on rationals: halves away from zero, as SQLite rounds
            a = args[0]
            if a.ty == NULL:
                return self.s.null
            if a.ty == INT:
                return V(REAL, a.null, _to_real(self.s, a.val))
            scale = z3.RealVal(10 ** e.args[1].value, self.s.ctx)
            y = a.val * scale
            half = z3.RealVal(Fraction(1, 2), self.s.ctx)
            r = z3.If(y >= 0, z3.ToInt(y + half), -z3.ToInt(half - y))
            return V(REAL, a.null, z3.ToReal(r) / scale)
        raise UnsupportedSQL(f"function {n}")

    def scalar_min_max(self, greatest: bool, args: list[V], ty: str) -> V:
        """SQLite's ``MAX(a, b, ...)`` (``greatest``) or ``MIN``: NULL when any argument is
        NULL, else the greatest (least) argument in SQLite's sort order (``vless``; the
        arguments are of one class, or integers and reals, both read as reals here)."""
        s = self.s
        if any(a.ty == NULL for a in args):
            return s.null
        best = args[0]
        for a in args[1:]:
            better = vless(s, best, a) if greatest else vless(s, a, best)
            best = _ite(s, better, a, best, ty)
        return V(ty, _or(s, *[a.null for a in args]), best.val)

    def agg(self, e: ir.Agg, members) -> V:
        """``e`` over a group's ``members``, encoded once per group (the ORDER BY key
        ``revenue IS NULL, revenue`` reads the SUM of the select list again)."""
        cache = self._agg_cache
        got = cache.get((e, id(members)))  # e by value: the ORDER BY's copy is the same
        if got is not None and got[1] is members:
            return got[2]
        if e.fn == COUNT_STAR:
            out = V(INT, self.s.false, _count(self.s, [c for c, _ in members]))
        elif isinstance(e.arg, ir.RowVal):
            out = self._count_rows(e, members)
        else:
            _spend(self.budget, MEMBER_STEPS * len(members))
            vals = [(c, self._member_value(e.arg, env)) for c, env in members]
            out = self._aggregate(e.fn, e.distinct, e.ty, e.arg.ty, vals)
        cache[(e, id(members))] = (e, members, out)  # members kept: no id reused
        return out

    def _member_value(self, arg, env) -> V:
        """An aggregate's argument on one member row, encoded once per row: every group
        lists the same row scopes as members (n groups of n rows: n times fewer terms)."""
        cache = self._member_cache
        got = cache.get((id(arg), id(env)))
        if got is None or got[0] is not arg or got[1] is not env:
            got = (arg, env, self.expr(arg, env))
            cache[(id(arg), id(env))] = got
        return got[2]

    def _count_rows(self, e: ir.Agg, members) -> V:
        """``COUNT([DISTINCT] (a, b, ...))``: the member rows where no value is NULL,
        distinct ones as DISTINCT compares rows (1 and 1.0 alike, text and numbers not)."""
        if e.fn != COUNT:
            raise UnsupportedSQL(f"{e.fn.upper()} of a row value")
        s = self.s
        rows = [(c, [self.expr(x, env) for x in e.arg.items]) for c, env in members]
        live = [(_and(s, c, *[_not(s, v.null) for v in vals]), vals) for c, vals in rows]
        if e.distinct:
            live = [(_and(s, c, _not(s, _or(s, *[_and(s, live[k][0], rows_eq(s, live[k][1], vals))
                                                    for k in range(j)]))), vals)
                    for j, (c, vals) in enumerate(live)]
        return V(INT, s.false, _count(s, [c for c, _ in live]))

    def _aggregate(self, fn: str, distinct: bool, ty: str, arg_ty: str, vals) -> V:
        """``fn`` (count sum total avg min max) over the values ``(present, V)``."""
        e = _AggSpec(fn, distinct, ty, arg_ty)
        s = self.s
        live = [(_and(s, c, _not(s, v.null)), v) for c, v in vals]
        if e.distinct:
            live = [(_and(s, c, _not(s, _or(s, *[_and(s, live[k][0], veq(s, live[k][1], v))
                                                for k in range(j)]))) if j else c, v)
                    for j, (c, v) in enumerate(live)]
        cnt = _count(self.s, [c for c, _ in live])
        if e.fn == COUNT:
            return V(INT, self.s.false, cnt)
        if e.arg_ty == NULL and e.fn != TOTAL:
            return self.s.null
        if e.fn in (SUM, TOTAL, AVG):
            ty = REAL if e.fn != SUM else e.ty
            total = z3.Sum([z3.If(c, _as(self.s, v, ty if ty != NULL else INT), _zero(self.s, ty)) for c, v in live]) if live else _zero(self.s, ty)
            if e.fn == TOTAL:
                return V(REAL, self.s.false, total)
            if e.fn == SUM:
                return V(ty, cnt == 0, total)
            avg = z3.RealVal(0, self.s.ctx)
            for k in range(len(live), 0, -1):
                avg = z3.If(cnt == k, total / k, avg)
            return V(REAL, cnt == 0, avg)
        # min / max
        out = V(e.ty, self.s.true, _zero(self.s, e.ty))
        for c, v in live:
            better = vless(self.s, v, out) if e.fn == MIN else vless(self.s, out, v)
            out = _ite(self.s, z3.And(c, z3.Or(out.null, better)), v, out, e.ty)
        return out


@dataclass(frozen=True)
class _AggSpec:
    fn: str
    distinct: bool
    ty: str
    arg_ty: str


# ---- one function per IR node kind: (encoder, node, env, members) -> V

def _node_lit(enc, e: ir.Lit, env: dict, members) -> V:
    return enc.lit(e)


def _node_col(enc, e: ir.Col, env: dict, members) -> V:
    if e.alias == ir.CLOCK_ALIAS:
        return enc.clock()
    return env[e.alias][e.name]


def _node_arith(enc, e: ir.Arith, env: dict, members) -> V:
    return enc.arith(e.op, enc.expr(e.left, env, members), enc.expr(e.right, env, members), e.ty)


def _node_neg(enc, e: ir.Neg, env: dict, members) -> V:
    a = enc.expr(e.arg, env, members)
    return enc.s.null if a.ty == NULL else V(a.ty, a.null, -a.val)


def _node_cmp(enc, e: ir.Cmp, env: dict, members) -> V:
    if e.op in (IS, IS_NOT):
        same = veq(enc.s, enc.expr(e.left, env, members), enc.expr(e.right, env, members))
        return V(BOOL, enc.s.false, same if e.op == IS else _not(enc.s, same))
    a, b = enc.expr(e.left, env, members), enc.expr(e.right, env, members)
    if e.conv == LEFT:
        a = enc.numeric_affinity(a)
    elif e.conv == RIGHT:
        b = enc.numeric_affinity(b)
    return enc.cmp(e.op, a, b)


def _node_logic(enc, e: ir.Logic, env: dict, members) -> V:
    args = [enc.expr(a, env, members) for a in e.args]
    if e.op == AND:
        t, f = z3.And([a.is_true for a in args]), z3.Or([a.is_false for a in args])
    else:
        t, f = z3.Or([a.is_true for a in args]), z3.And([a.is_false for a in args])
    return V(BOOL, z3.And(z3.Not(t), z3.Not(f)), t)


def _node_not(enc, e: ir.Not, env: dict, members) -> V:
    a = enc.expr(e.arg, env, members)
    return V(BOOL, a.null, z3.Not(a.val))


def _node_is_null(enc, e: ir.IsNull, env: dict, members) -> V:
    return V(BOOL, enc.s.false, enc.expr(e.arg, env, members).null)


def _node_in_list(enc, e: ir.InList, env: dict, members) -> V:
    x = enc.expr(e.arg, env, members)
    eqs = [enc.cmp(EQ, x, enc.expr(i, env, members)) for i in e.items]
    return _in(enc.s, x, [(enc.s.true, q) for q in eqs])


def _node_in_sub(enc, e: ir.InSub, env: dict, members) -> V:
    if isinstance(e.arg, ir.RowVal):
        xs = [enc.expr(a, env, members) for a in e.arg.items]
        xs = [enc.numeric_affinity(x) if c == LEFT else x for x, c in zip(xs, e.convs, strict=True)]
        items = []
        for r in enc.sub(e.query, env):
            eqs = [enc.cmp(EQ, x, enc.numeric_affinity(v) if c == RIGHT else v)
                   for x, v, c in zip(xs, r.vals, e.convs, strict=True)]
            t, f = _and(enc.s, *[q.is_true for q in eqs]), _or(enc.s, *[q.is_false for q in eqs])
            items.append((r.exists, V(BOOL, _and(enc.s, _not(enc.s, t), _not(enc.s, f)), t)))
        return _in(enc.s, enc.s.null, items)
    x = enc.expr(e.arg, env, members)
    rows = enc.sub(e.query, env)
    if e.conv == LEFT:
        x = enc.numeric_affinity(x)
    conv = enc.numeric_affinity if e.conv == RIGHT else (lambda v: v)
    return _in(enc.s, x, [(r.exists, enc.cmp(EQ, x, conv(r.vals[0]))) for r in rows])


def _node_exists(enc, e: ir.Exists, env: dict, members) -> V:
    rows = enc.sub(e.query, env)
    return V(BOOL, enc.s.false, z3.Or([r.exists for r in rows]) if rows else enc.s.false)


def _node_scalar_sub(enc, e: ir.ScalarSub, env: dict, members) -> V:
    rows = enc.sub(e.query, env)
    out = V(e.ty, enc.s.true, _zero(enc.s, e.ty))
    for r in reversed(rows):
        first = r.exists if r.pos is None else z3.And(r.exists, r.pos == 0)
        out = _ite(enc.s, first, r.vals[0], out, e.ty)
    return out


def _node_like(enc, e: ir.Like, env: dict, members) -> V:
    x = enc.expr(e.arg, env, members)
    codes = enc.dom.like_codes(e.pattern, e.escape)
    return V(BOOL, x.null, z3.Or([x.val == c for c in codes]) if codes else enc.s.false)


def _node_case(enc, e: ir.Case, env: dict, members) -> V:
    out = enc.expr(e.default, env, members)
    for cond, val in reversed(e.whens):
        c = enc.expr(cond, env, members)
        out = _ite(enc.s, c.is_true, enc.expr(val, env, members), out, e.ty if e.ty != NULL else INT)
    return out if e.ty != NULL else enc.s.null


def _node_func(enc, e: ir.Func, env: dict, members) -> V:
    return enc.func(e, [enc.expr(a, env, members) for a in e.args])


def _node_lookup(enc, e: ir.Lookup, env: dict, members) -> V:
    x = enc.expr(e.arg, env, members)
    return enc.s.null if x.ty == NULL else enc.lookup(e.template, x, e.ty)


def _node_opaque(enc, e: ir.Opaque, env: dict, members) -> V:
    return enc.opaque(e, [enc.expr(a, env, members) for a in e.args])


def _node_window(enc, e: ir.Window, env: dict, members) -> V:
    if enc._window is None or enc._window[0] is None:
        raise UnsupportedSQL("window function here")
    table, i = enc._window
    return table[(id(e), i)]


def _node_agg(enc, e: ir.Agg, env: dict, members) -> V:
    if members is None:
        raise UnsupportedSQL("aggregate outside an aggregate query")
    return enc.agg(e, members)


_EXPR = {
    ir.Lit: _node_lit,
    ir.Col: _node_col,
    ir.Arith: _node_arith,
    ir.Neg: _node_neg,
    ir.Cmp: _node_cmp,
    ir.Logic: _node_logic,
    ir.Not: _node_not,
    ir.IsNull: _node_is_null,
    ir.InList: _node_in_list,
    ir.InSub: _node_in_sub,
    ir.Exists: _node_exists,
    ir.ScalarSub: _node_scalar_sub,
    ir.Like: _node_like,
    ir.Case: _node_case,
    ir.Func: _node_func,
    ir.Lookup: _node_lookup,
    ir.Opaque: _node_opaque,
    ir.Window: _node_window,
    ir.Agg: _node_agg,
}


def _int_of_real(s, v):
    """``CAST(v AS INTEGER)`` of a REAL as SQLite computes it: toward zero, and past the
    64-bit range the nearest end of it (``sqlite3RealToI64``: 1e19 gives 2**63 - 1)."""
    top = z3.RealVal(2**63, s.ctx)
    low, high = z3.IntVal(-(2**63), s.ctx), z3.IntVal(2**63 - 1, s.ctx)
    return z3.If(v >= top, high, z3.If(v <= -top, low,
                                        z3.If(v >= 0, z3.ToInt(v), -z3.ToInt(-v))))
