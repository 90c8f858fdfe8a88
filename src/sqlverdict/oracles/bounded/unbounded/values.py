"""How one block's expressions read SQLite values (``Scope``), over the Z3 terms of
``terms`` (``Val``, ``Tv``, ``Terms``: storage classes, ranks, comparisons), and the
folding of number literals as SQLite computes them.

Predicates are ``Tv(null, true)`` (FALSE: neither); WHERE keeps a row iff ``true``.
What is not interpreted (arithmetic, functions, LIKE, subqueries of the block's rows)
becomes an uninterpreted function of the values it reads, keyed by its alpha-renamed
plan: deterministic, and the same function in both queries, which read one database.
Arithmetic and casts of NULL are NULL (``NULL_IN_NULL_OUT``).
"""

from __future__ import annotations

import dataclasses
import math

import z3

from .. import ir
from ..ir.kinds import AggFn, ArithOp, CmpOp, Conv, FuncName, LogicOp, Ty
from ..ir.walk import cut_or_windowed, field_names
from .keyed import group_match, key_match
from .normal import (
    Block,
    GroupValue,
    InRows,
    NoNormalForm,
    NoRows,
    SomeRows,
    Squash,
    alpha,
    column_reads,
    conjuncts,
    free_aliases,
    normalize,
    reads_and_defines,
)
from .realarith import real_arith
from .scalar_class import scalar_class
from .terms import BIG, Terms, Tv, Val, t_and, t_not, t_or
from .textual import text_out_opaque, text_out_template

# the members used here, bound once: on Python 3.11 an enum class's attribute lookup
# goes through EnumType.__getattr__, several times slower than a global name
COUNT, COUNT_STAR, TOTAL = AggFn.COUNT, AggFn.COUNT_STAR, AggFn.TOTAL
ADD, DIV, MOD, MUL, SUB = ArithOp.ADD, ArithOp.DIV, ArithOp.MOD, ArithOp.MUL, ArithOp.SUB
(EQ, GE, GT, IS, IS_NOT, LE, LT, NE) = (
    CmpOp.EQ, CmpOp.GE, CmpOp.GT, CmpOp.IS, CmpOp.IS_NOT, CmpOp.LE, CmpOp.LT, CmpOp.NE)
LEFT, NONE, RIGHT = Conv.LEFT, Conv.NONE, Conv.RIGHT
(ABS, BOOL_INT, CAST_INT, CAST_REAL, COALESCE, NULLIF, ROUND, TRUTH) = (
    FuncName.ABS, FuncName.BOOL_INT, FuncName.CAST_INT, FuncName.CAST_REAL, FuncName.COALESCE,
    FuncName.NULLIF, FuncName.ROUND, FuncName.TRUTH)
SCALAR_MIN, SCALAR_MAX = FuncName.SCALAR_MIN, FuncName.SCALAR_MAX
AND = LogicOp.AND
BOOL, INT, NULL, REAL = Ty.BOOL, Ty.INT, Ty.NULL, Ty.REAL

FLOOR, CEIL, TRUNC = FuncName.FLOOR, FuncName.CEIL, FuncName.TRUNC
NULL_IN_NULL_OUT = {ABS, CAST_INT, CAST_REAL, ROUND, FLOOR, CEIL, TRUNC}
# f(f(x)) is f(x) on every SQLite value (an integer or NULL out of CAST AS INTEGER, ...)
IDEMPOTENT = {CAST_INT, CAST_REAL}
# SQLite's upper and lower fold ASCII letters only, byte by byte: f(g(x)) is f(x) for any two
CASE_FOLDS = {"UPPER(?)", "LOWER(?)"}


class Scope:
    """How one block's expressions read values: ``rows`` (alias -> column -> Val) for its
    occurrences, ``env`` for the columns of inlined views, and for a grouped block at
    group level ``keys`` (expression -> Val) and ``aggs`` (Agg -> Val)."""

    def __init__(self, terms: Terms, rows: dict, env: dict, keys=None, aggs=None):
        self.t, self.rows, self.env = terms, rows, env
        self.keys, self.aggs = keys, aggs

    # ---- values

    def val(self, e) -> Val:
        t = self.t
        if type(e).__name__ in ("AggTerm", "GroupAt", "SumOf"):  # an aggregate of a bag (``bags``)
            return t.bags.value(e, self)
        if self.keys is not None:
            for k, v in self.keys:
                if k == e:
                    return v
        if isinstance(e, ir.Lit):
            return t.lit(e)
        if isinstance(e, ir.Col):
            if self.keys is not None:
                raise NoNormalForm("a column outside GROUP BY and aggregates")
            if (e.alias, e.name) in self.env:
                return self.val(self.env[(e.alias, e.name)])
            if e.alias in self.rows and e.name in self.rows[e.alias]:
                return self.rows[e.alias][e.name]
            raise NoNormalForm(f"column {e.alias}.{e.name}")
        if isinstance(e, ir.Agg):
            if self.aggs is None or e not in self.aggs:
                raise NoNormalForm("aggregate outside a grouped select")
            return self.aggs[e]
        if isinstance(e, (ir.Cmp, ir.Logic, ir.Not, ir.IsNull, ir.InList, ir.InSub, ir.Exists,
                          ir.Like)) or getattr(e, "ty", None) == BOOL:
            c = self.cond(e)
            return Val(c.null, z3.IntVal(0, t.ctx), z3.If(c.true, z3.RealVal(1, t.ctx),
                                                          z3.RealVal(0, t.ctx)))
        if isinstance(e, ir.Case):
            out = self.val(e.default)
            for w, r in reversed(e.whens):
                out = t.ite(self.cond(w).true, self.val(r), out)
            return out
        if isinstance(e, ir.Func):
            return self._func_val(e)
        if isinstance(e, (ir.Arith, ir.Neg)):
            return self._arith_val(e)
        if isinstance(e, ir.Lookup):
            while isinstance(e.arg, ir.Lookup) and {e.template.upper(), e.arg.template.upper()} \
                    <= CASE_FOLDS:  # upper(lower(x)) is upper(x): ASCII folding, per byte
                e = dataclasses.replace(e, arg=e.arg.arg)
            out = self._uf(f"lookup:{e.template}", [self.val(e.arg)], False)
            return _textual(out) if text_out_template(e.template) else out
        if isinstance(e, ir.Opaque):  # deterministic and nothing more; NULL-in-NULL-out if strict
            key = f"opaque:{e.name}:{','.join(a.ty for a in e.args)}:{e.ty}"
            out = self._uf(key, [self.val(a) for a in e.args], e.strict)
            return _textual(out) if text_out_opaque(e.name, e.builtin) else out
        if isinstance(e, GroupValue):
            return self.group_value(e)
        if isinstance(e, ir.ScalarSub):
            q = e.query
            grouped = self.correlated_aggregate(q)
            if grouped is not None:
                return self.group_value(grouped)
            if not (isinstance(q, ir.Select) and q.aggregate and not q.group_by):
                raise NoNormalForm("a scalar subquery that may return several rows")
            if getattr(t, "bags", None) is not None and not free_aliases(q):
                v = t.bags.scalar(q)  # its one row of aggregates of bags (``bags``)
                if v is not None:
                    return v
            key, args = self._opaque(e)
            if not args:  # uncorrelated: one value, named by its plan
                key = "scalar:" + t.keyer(q)
            return scalar_class(t, q, self._uf(key, args, False))  # of its item's class
        raise NoNormalForm(type(e).__name__)

    def _func_val(self, e) -> Val:
        t = self.t
        while e.name in IDEMPOTENT and len(e.args) == 1 and isinstance(e.args[0], ir.Func) \
                and e.args[0].name == e.name:  # CAST(CAST(x AS INTEGER) AS INTEGER)
            e = e.args[0]
        if e.name == ABS and len(e.args) == 1:
            folded = fold_neg_abs(ABS, e.args[0])
            if folded is not None:
                return t.lit(folded)
        args = [self.val(a) for a in e.args]
        if e.name == COALESCE:
            out = args[-1]
            for a in reversed(args[:-1]):
                out = t.ite(z3.Not(a.null), a, out)
            return out
        if e.name == NULLIF:
            eq = t.compare(EQ, args[0], args[1]).true
            return t.ite(eq, t.lit(ir.Lit(None, NULL)), args[0])
        if e.name == BOOL_INT:
            return self.val(e.args[0])
        if e.name in (SCALAR_MIN, SCALAR_MAX):
            return self._min_max(e.name == SCALAR_MAX, args)
        out = self._uf(f"func:{e.name}", args, propagate=e.name in NULL_IN_NULL_OUT)
        if e.name in (FLOOR, CEIL, TRUNC) and len(args) == 1:
            # an integer as it is, a real to an integral real; text and BLOBs uninterpreted
            x, up = args[0], e.name == CEIL
            down = z3.ToReal(z3.ToInt(x.v))
            ceil = -z3.ToReal(z3.ToInt(-x.v))
            v = ceil if up else down if e.name == FLOOR else z3.If(x.v >= 0, down, ceil)
            real = Val(t.F, x.k, v)
            out = t.ite(z3.And(z3.Not(x.null), x.k == 0), x, out)
            return t.ite(z3.And(z3.Not(x.null), x.k == 1), real, out)
        if e.name == ABS and len(args) == 1:  # of a number: its magnitude, same class
            x = args[0]
            number = z3.And(z3.Not(x.null), z3.Or(x.k == 1, z3.And(x.k == 0, x.v > -BIG)))
            out = t.ite(number, Val(t.F, x.k, z3.If(x.v < 0, -x.v, x.v)), out)
        return out

    def _min_max(self, greatest: bool, args: list[Val]) -> Val:
        """SQLite's ``MAX(a, b, ...)`` (``greatest``) and ``MIN``: NULL when any argument
        is NULL; else, left to right, MAX takes an argument greater than the best so far,
        MIN one not greater (on a tie, 1 against 1.0, MAX keeps the first, MIN the last)."""
        t = self.t
        best = args[0]
        for a in args[1:]:
            less = t.compare(LT, best, a).true
            best = t.ite(less if greatest else z3.Not(less), a, best)
        return Val(z3.Or([a.null for a in args]), best.k, best.v)

    def _arith_val(self, e) -> Val:
        """Arithmetic and negation: folded on literals, exact on integers that fit in 64
        bits, else uninterpreted."""
        t = self.t
        if isinstance(e, ir.Arith):
            folded = fold_arith(e.op, e.left, e.right)
            if folded is not None:
                return t.lit(folded)
            a, b = self.val(e.left), self.val(e.right)
            out = real_arith(t, e.op, a, b, self._uf(f"arith:{e.op}", [a, b], True))
            cl, cr = constant(e.left), constant(e.right)
            if t.typed and not all(x is None or _integer(x.value) for x in (cl, cr)):
                return out  # a real, text or NULL literal: never two integers (no int_range)
            exact = t.integer_arith(e.op, a, b, None if cr is None else cr.value,
                                    cl is not None or cr is not None)
            return out if exact is None else t.ite(exact[0], exact[1], out)
        folded = fold_neg_abs("neg", e.arg)
        if folded is not None:
            return t.lit(folded)
        x = self.val(e.arg)
        out = self._uf("neg", [x], True)
        number = z3.And(z3.Not(x.null), z3.Or(x.k == 1, z3.And(x.k == 0, x.v > -BIG)))
        return t.ite(number, Val(t.F, x.k, -x.v), out)

    def correlated_aggregate(self, q):
        """A scalar subquery of aggregates whose only outer references are conjuncts
        ``inner = outer`` (no affinity conversion) as a ``GroupValue``: the group of its
        rows, grouped by the inner sides, at the outer values. None otherwise."""
        if not (isinstance(q, ir.Select) and q.aggregate and not q.group_by and q.having is None
                and len(q.items) == 1 and self.keys is None and self.t.schema is not None):
            return None
        inner_aliases = _defined(q)
        keys, at, safe, rest = [], [], [], []
        for c in conjuncts(q.where):
            if _reads(c) <= inner_aliases:
                rest.append(c)
            elif (found := key_match(c, inner_aliases)) is None:
                return None
            else:  # ``inner = outer``, or ``IS`` (``keyed``)
                keys, at, safe = keys + [found[0]], at + [found[1]], safe + [found[2]]
        if not keys or free_aliases(q.items) - inner_aliases:
            return None
        where = None if not rest else rest[0] if len(rest) == 1 else ir.Logic(AND, tuple(rest))
        grouped = dataclasses.replace(q, where=where, group_by=tuple(keys))
        try:
            terms = normalize(grouped, self.t.schema, self.t.keyer)
        except NoNormalForm:
            return None
        if len(terms) != 1 or not isinstance(terms[0], Block):
            return None
        b = terms[0]
        if not _reads((b.conds, list(b.env.values()))) <= {o.alias for o in b.occs} | {a for a, _ in b.env}:
            return None
        return GroupValue(terms[0], q.items[0], tuple(at), grouped, tuple(safe))

    def group_value(self, e) -> Val:
        t, b = self.t, e.block
        xs = [self.val(a) for a in e.at]
        if len(xs) != len(b.group.keys) or b.group.having is not None:
            raise NoNormalForm("a group read at other keys")
        match = group_match(b.group.keys, e.at, e.nullsafe)
        exists = self.some(b.occs, b.conds + match, b.env)
        found, empty = {}, {}
        at = [Val(t.F, t.cls(x), x.v) for x in xs]  # a group holds 1 and 1.0 alike
        for g in _group_aggs(e.item):
            name = "group:" + group_plan(e.query, g, t.keyer)
            # the group's aggregate as a function of the bag it reads (``bags``), or its plan
            found[g] = t.func(name, at) if getattr(t, "bags", None) is None else t.bags.found(
                g, b, xs, name, lambda name=name: t.func(name, at))
            if g.fn in (COUNT, COUNT_STAR):
                found[g] = Val(t.F, z3.IntVal(0, t.ctx), found[g].v)
                empty[g] = t.lit(ir.Lit(0, INT))
            else:
                empty[g] = t.lit(ir.Lit(0.0, REAL) if g.fn == TOTAL else ir.Lit(None, NULL))
        v_found = Scope(t, {}, {}, [], found).val(e.item)
        v_empty = Scope(t, {}, {}, [], empty).val(e.item)
        return t.ite(exists, v_found, v_empty)

    def _uf(self, name: str, args: list[Val], propagate: bool) -> Val:
        r = self.t.func(name, args)
        if propagate and args:
            return Val(z3.Or([a.null for a in args] + [r.null]), r.k, r.v)
        return r

    def _opaque(self, e) -> tuple[str, list[Val]]:
        """A subquery as a function of the outer values it reads."""
        if self.keys is not None:
            raise NoNormalForm("a subquery at group level")
        if cut_or_windowed(e):
            raise NoNormalForm("LIMIT or window function in a subquery")
        q = getattr(e, "query", None)  # (its own output names change no value it reads)
        text = repr(dataclasses.replace(e, query=dataclasses.replace(q, names=())) if isinstance(q, ir.Select) else e)
        if not free_aliases(e) <= set(self.rows):
            raise NoNormalForm("a subquery reading columns of an outer query")
        outer: dict[str, str] = {}
        args: list[Val] = []
        for a, n in column_reads(text):
            if (a, n) in self.env:
                raise NoNormalForm("a subquery reading an inlined view")
            if a in self.rows:
                if a not in outer:
                    outer[a] = f"@{len(outer)}"
                if n not in self.rows[a]:
                    raise NoNormalForm(f"column {a}.{n}")
                args.append(self.rows[a][n])
        return alpha(text, outer), args

    # ---- predicates

    def cond(self, e) -> Tv:
        t = self.t
        if isinstance(e, ir.Cmp):
            a, b = self.val(e.left), self.val(e.right)
            if e.conv == LEFT:
                a = self.numeric(a)
            elif e.conv == RIGHT:
                b = self.numeric(b)
            return t.compare(e.op, a, b)
        if isinstance(e, ir.Logic):
            parts = [self.cond(a) for a in e.args]
            return t_and(parts, t.T) if e.op == AND else t_or(parts, t.T)
        if isinstance(e, ir.Not):
            return t_not(self.cond(e.arg))
        if isinstance(e, ir.IsNull):
            return Tv(t.F, self.val(e.arg).null)
        if isinstance(e, ir.InList):
            x = self.val(e.arg)
            return t_or([t.compare(EQ, x, self.val(i)) for i in e.items], t.T)
        if isinstance(e, ir.Like):
            x = self.val(e.arg)
            # SQLite's LIKE ignores the case of ASCII letters
            pattern = "".join(ch.lower() if ch.isascii() else ch for ch in e.pattern)
            r = t.pred(f"like:{pattern}" if not e.escape else f"like_escape:{pattern}", [x])
            return Tv(x.null, z3.And(z3.Not(x.null), r.true))
        if isinstance(e, InRows):
            xs = [self.val(i) for i in e.items]

            def match(sc, b):
                return z3.And([t.same_row(x, sc.val(y)) for x, y in zip(xs, b.items, strict=True)]
                              + [t.T])

            found = z3.Or([self.some(b.occs, b.conds, b.env, lambda sc, b=b: match(sc, b))
                           for b in e.blocks] + [t.F])
            return Tv(t.F, z3.Not(found) if e.negated else found)
        if isinstance(e, NoRows):
            return Tv(t.F, z3.Not(self.some(e.occs, e.conds, e.env)))
        if isinstance(e, SomeRows):
            return Tv(t.F, self.some(e.occs, e.conds, e.env))
        if isinstance(e, ir.Exists):
            blocks = self._blocks(e.query)
            if blocks is not None:
                return Tv(t.F, z3.Or([self.some(b.occs, b.conds, b.env) for b in blocks]))
            key, args = self._opaque(e)
            return Tv(t.F, t.pred(key, args).true)
        if isinstance(e, ir.InSub):
            return self._in_sub(e)
        if isinstance(e, ir.Func) and e.name == TRUTH:
            return self.truth(self.val(e.args[0]))
        if isinstance(e, (ir.Lit, ir.Col, ir.Agg, ir.Case, ir.Func, ir.Arith, ir.Lookup, ir.Opaque)) \
                or type(e).__name__ in ("AggTerm", "GroupAt", "SumOf"):
            return self.truth(self.val(e))
        raise NoNormalForm(type(e).__name__)

    def _in_sub(self, e) -> Tv:
        """``x IN (SELECT ...)`` and a row value IN, in three-valued logic."""
        t = self.t
        blocks = self._blocks(e.query)
        if blocks is not None and not e.conv and not isinstance(e.arg, ir.RowVal):
            x = self.val(e.arg)

            def eq(sc, b, part):
                return getattr(t.compare(EQ, x, sc.val(b.items[0])), part)

            true = z3.Or([self.some(b.occs, b.conds, b.env, lambda sc, b=b: eq(sc, b, "true"))
                          for b in blocks])
            maybe = z3.Or([self.some(b.occs, b.conds, b.env, lambda sc, b=b: eq(sc, b, "null"))
                           for b in blocks])
            return Tv(z3.And(z3.Not(true), maybe), true)
        if (blocks is not None and isinstance(e.arg, ir.RowVal) and not any(e.convs)
                and all(len(b.items) == len(e.arg.items) for b in blocks)):
            # a row value: TRUE where some row equals it on every component, NULL where
            # none does but some row has no component FALSE (a NULL compared)
            xs = [self.val(a) for a in e.arg.items]

            def row(sc, b, part):
                tv = t_and([t.compare(EQ, x, sc.val(y)) for x, y in zip(xs, b.items, strict=True)],
                           t.T)
                return getattr(tv, part)

            true = z3.Or([self.some(b.occs, b.conds, b.env, lambda sc, b=b: row(sc, b, "true"))
                          for b in blocks])
            maybe = z3.Or([self.some(b.occs, b.conds, b.env, lambda sc, b=b: row(sc, b, "null"))
                           for b in blocks])
            return Tv(z3.And(z3.Not(true), maybe), true)
        key, args = self._opaque(e)
        return t.pred(key, args)

    def _blocks(self, q):
        """The blocks of a subquery whose rows only matter by existence, or None."""
        if self.keys is not None or self.t.schema is None:
            return None
        try:
            terms = normalize(q, self.t.schema, self.t.keyer)
        except NoNormalForm:
            return None
        blocks = [b for x in terms for b in (x.blocks if isinstance(x, Squash) else [x])]
        return None if any(b.group is not None for b in blocks) else blocks

    def some(self, occs, conds, env, extra=None) -> z3.BoolRef:
        """Some rows of ``occs`` (rows of their tables) make ``conds`` (and ``extra``) TRUE."""
        rows, facts, bound = dict(self.rows), [], []
        for o in occs:
            r, f = self.t.row(o)
            rows[o.alias] = r
            facts += f + [self.t.member(o, r)]
            bound += [v for x in r.values() for v in x]
        # the bound rows are read as rows here, not as the padding the enclosing block
        # may give their columns
        mine = {o.alias for o in occs}
        outer = {k: v for k, v in self.env.items() if k[0] not in mine}
        sc = Scope(self.t, rows, {**outer, **env})
        body = facts + [sc.cond(c).true for c in conds]
        if extra is not None:
            body.append(extra(sc))
        body = z3.And(body + [self.t.T])
        return z3.Exists(bound, body) if bound else body

    def numeric(self, x: Val) -> Val:
        """``x`` under NUMERIC affinity (a comparison's conversion): text that looks like a
        number becomes that number (functions of the text), anything else stays."""
        t = self.t
        looks = t.pred("numeric?", [x]).true
        num = t.func("numeric", [x])
        return t.ite(z3.And(x.k == 2, looks), Val(x.null, z3.IntVal(1, t.ctx), num.v), x)

    def truth(self, x: Val) -> Tv:
        """A value as a condition: a number is TRUE unless 0; text and blobs are read as
        numbers first (an uninterpreted function of the value)."""
        num = z3.And(x.k <= 1, x.v != 0)
        other = z3.And(x.k > 1, self.t.pred(TRUTH, [x]).true)
        return Tv(x.null, z3.And(z3.Not(x.null), z3.Or(num, other)))


_NUMBER = (int, float)


def _textual(x: Val) -> Val:
    """``x`` of class text or BLOB (``textual``)."""
    return Val(x.null, z3.If(x.k == 3, 3, 2), x.v)


def _integer(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _number(e) -> int | float | None:
    if isinstance(e, ir.Lit) and isinstance(e.value, _NUMBER) and not isinstance(e.value, bool) \
            and e.ty in (INT, REAL):
        return e.value
    return None


def _lit(v) -> ir.Lit | None:
    """A computed number as SQLite holds it: an integer within 64 bits, a finite real."""
    if v is None:
        return ir.Lit(None, NULL)
    if isinstance(v, int):
        return ir.Lit(v, INT) if -BIG <= v < BIG else None
    return ir.Lit(v, REAL) if math.isfinite(v) else None


def fold_arith(op: str, left, right) -> ir.Lit | None:
    """``left op right`` of two number literals as SQLite computes it, or None (not
    literals, or a case not folded: an integer overflow, ``%`` of reals, a non-finite
    result). Integers: exact, ``/`` truncates; reals: IEEE doubles, as SQLite's; a zero
    divisor gives NULL.

    >>> L = lambda v: ir.Lit(v, "int" if isinstance(v, int) else "real")
    >>> [fold_arith(o, L(a), L(b)).value for o, a, b in
    ...  [("/", -7, 2), ("%", -7, 2), ("-", 0.0625, 0.0625), ("/", 1, 0), ("+", 1, 0.5)]]
    [-3, -1, 0.0, None, 1.5]
    """
    a, b = _number(constant(left)), _number(constant(right))
    if a is None or b is None:
        return None
    if isinstance(a, int) and isinstance(b, int):
        if op in (DIV, MOD):
            if b == 0:
                return _lit(None)
            q = abs(a) // abs(b) * (1 if (a < 0) == (b < 0) else -1)
            return _lit(q) if op == DIV else _lit(a - b * q)
        r = {ADD: a + b, SUB: a - b, MUL: a * b}.get(op)
        return _lit(r) if r is not None else None
    if op == MOD:
        return None
    x, y = float(a), float(b)
    if op == DIV:
        return _lit(None) if y == 0 else _lit(x / y)
    r = {ADD: x + y, SUB: x - y, MUL: x * y}.get(op)
    return _lit(r) if r is not None else None


def constant(e) -> ir.Lit | None:
    """``e`` folded to a literal (``fold_arith``, ``fold_neg_abs``), or None."""
    if isinstance(e, ir.Lit):
        return e
    if isinstance(e, ir.Arith):
        return fold_arith(e.op, e.left, e.right)
    if isinstance(e, ir.Neg):
        return fold_neg_abs("neg", e.arg)
    if isinstance(e, ir.Func) and e.name == ABS and len(e.args) == 1:
        return fold_neg_abs(ABS, e.args[0])
    return None


def fold_neg_abs(fn: str, arg) -> ir.Lit | None:
    """``-arg`` or ``abs(arg)`` of a number literal (not of the smallest integer)."""
    v = _number(constant(arg))
    if v is None or v == -BIG:
        return None
    return _lit(-v if fn == "neg" else abs(v))


def group_plan(q, g, keyer) -> str:
    """The name of aggregate ``g`` over the groups of the grouped select ``q``: the name
    ``keyer`` gives ``SELECT <GROUP BY columns>, g ... GROUP BY ...`` (a select proved equal
    as a bag, row for row one group's keys and value, shares it)."""
    return keyer(dataclasses.replace(q, items=q.group_by + (g,), names=(), distinct=False))


def _group_aggs(x) -> list:
    out, stack = [], [x]
    while stack:
        y = stack.pop()
        if isinstance(y, ir.Agg):
            if y not in out:
                out.append(y)
        elif isinstance(y, (tuple, list)):
            stack += list(y)
        elif (names := field_names(y)) is not None and not isinstance(
                y, (ir.Exists, ir.InSub, ir.ScalarSub)):
            stack += [getattr(y, f) for f in names]
    return out


def _defined(q) -> set[str]:
    """The aliases a query defines (its tables and derived tables, nested ones too)."""
    return reads_and_defines(q)[1]


def _reads(x) -> set[str]:
    return reads_and_defines(x)[0]


def texts(x) -> set[str]:
    """The text literals of a lowered query (or of any part of one)."""
    out: set[str] = set()
    stack = [x]
    while stack:
        y = stack.pop()
        if isinstance(y, ir.Lit):
            if isinstance(y.value, str):
                out.add(y.value)
        elif isinstance(y, (tuple, list)):
            stack += list(y)
        elif (names := field_names(y)) is not None:
            stack += [getattr(y, f) for f in names]
    return out
