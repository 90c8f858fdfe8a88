"""Symbolic values and their operations: ``V`` (storage class, NULL flag, Z3 term), ``Row``,
equality and order of values and rows, integer ranges, the encoding's size budget.

Every function that makes a Z3 term takes the pair's ``Session`` first (``s``: its context
``s.ctx``, its constants ``s.true``, ``s.false``, ``s.null`` and its term caches; see
``oracles/bounded/session.py``): the terms of one pair live in one context of their own."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

import z3

from ..ir.kinds import Ty
from ..solver import Budget

# the members used here, bound once: on Python 3.11 an enum class's attribute lookup
# goes through EnumType.__getattr__, several times slower than a global name
BOOL, INT, NULL, REAL = Ty.BOOL, Ty.INT, Ty.NULL, Ty.REAL

MAX_ROWS = 4000  # symbolic rows in one relation before we give up ("encoding too large")



def _spend(budget: Budget | None, n: int = 1) -> None:
    """Called inside the quadratic loops: building terms is where big queries spend time."""
    if budget is not None:
        budget.tick(n)


# --------------------------------------------------------------------------- text domain


@dataclass(frozen=True)
class V:
    ty: str
    null: z3.BoolRef
    val: z3.ExprRef

    @property
    def is_true(self):
        return z3.And(z3.Not(self.null), self.val)

    @property
    def is_false(self):
        return z3.And(z3.Not(self.null), z3.Not(self.val))


def _zero(s, ty: str):
    return z3.RealVal(0, s.ctx) if ty == REAL else (
        s.false if ty == BOOL else z3.IntVal(0, s.ctx))


def _as(s, v: V, ty: str):
    """The value term of ``v`` as type ``ty`` (int promoted to real)."""
    if v.ty == NULL:
        return _zero(s, ty)
    if ty == REAL and v.ty == INT:
        return _to_real(s, v.val)
    return v.val


def _to_real(s, t):
    """``ToReal(t)`` pushed through numerals, If, + and * (exact: the integers embed in the
    reals), so that ``CAST(SUM(CASE .. THEN 1 ELSE 0 END) AS REAL)`` and ``SUM(CASE .. THEN
    1.0 ELSE 0 END)`` become the same term and the solver need not prove them equal.

    >>> from sqlverdict.oracles.bounded.session import Session
    >>> s = Session()
    >>> c = z3.Bool("c", s.ctx)
    >>> two, one, zero = (z3.RealVal(n, s.ctx) for n in (2, 1, 0))
    >>> _to_real(s, z3.Sum([z3.If(c, 1, 0), z3.IntVal(2, s.ctx)])).eq(z3.Sum([z3.If(c, one, zero), two]))
    True
    """
    key = t.get_id()
    hit = s.reals.get(key)
    if hit is not None and hit[0].eq(t):
        return hit[1]
    if z3.is_int_value(t):
        out = z3.RealVal(t.as_long(), s.ctx)
    elif z3.is_app_of(t, z3.Z3_OP_ITE):
        out = z3.If(t.arg(0), _to_real(s, t.arg(1)), _to_real(s, t.arg(2)))
    elif z3.is_add(t):
        out = z3.Sum([_to_real(s, t.arg(i)) for i in range(t.num_args())])
    elif z3.is_mul(t):
        out = z3.Product([_to_real(s, t.arg(i)) for i in range(t.num_args())])
    elif z3.is_sub(t) and t.num_args() == 2:
        out = _to_real(s, t.arg(0)) - _to_real(s, t.arg(1))
    elif z3.is_app_of(t, z3.Z3_OP_UMINUS):
        out = -_to_real(s, t.arg(0))
    else:
        out = z3.ToReal(t)
    if len(s.reals) > 200_000:
        s.reals.clear()
    s.reals[key] = (t, out)
    return out


_NUMBERS = frozenset({INT, REAL})


def _num(t):
    return t in _NUMBERS


def _connective(ys: list, make, slow):
    """``ys`` (two or more) joined by the C API's ``make`` (``Z3_mk_and``/``Z3_mk_or``)
    when they are Boolean terms of one context: ``z3.And``/``z3.Or`` check and coerce
    every argument's sort in Python first, most of the encoding's time on joins that fan
    out (the DISTINCT aggregates' pairwise terms); else ``slow`` as before."""
    ctx = ys[0].ctx
    if not all(type(y) is z3.BoolRef and y.ctx is ctx for y in ys):
        return slow(ys)
    arr = (z3.Ast * len(ys))()
    for i, y in enumerate(ys):
        arr[i] = y.as_ast()
    return z3.BoolRef(make(ctx.ref(), len(ys), arr), ctx)


def _and(s, *xs):
    """``z3.And`` that folds the session's true/false constants (building terms is the
    cost)."""
    ys = []
    for x in xs:
        if x is s.false:
            return s.false
        if x is not s.true:
            ys.append(x)
    return s.true if not ys else ys[0] if len(ys) == 1 else _connective(ys, z3.Z3_mk_and, z3.And)


def _or(s, *xs):
    ys = []
    for x in xs:
        if x is s.true:
            return s.true
        if x is not s.false:
            ys.append(x)
    return s.false if not ys else ys[0] if len(ys) == 1 else _connective(ys, z3.Z3_mk_or, z3.Or)


def _not(s, x):
    if x is s.true or x is s.false:
        return s.false if x is s.true else s.true
    if type(x) is z3.BoolRef:
        return z3.BoolRef(z3.Z3_mk_not(x.ctx.ref(), x.as_ast()), x.ctx)
    return z3.Not(x)


def veq(s, a: V, b: V):
    """Null-safe equality as DISTINCT, GROUP BY, set operations and the comparator use it."""
    key = (id(a), id(b))
    hit = s.equal.get(key)
    if hit is not None and hit[0] is a and hit[1] is b:
        return hit[2]
    both_null = _and(s, a.null, b.null)
    if a.ty == NULL or b.ty == NULL:
        out = both_null
    elif a.ty != b.ty and not (_num(a.ty) and _num(b.ty)):
        out = both_null
    else:
        ty = REAL if REAL in (a.ty, b.ty) else a.ty
        out = _or(s, both_null, _and(s, _not(s, a.null), _not(s, b.null),
                                     _as(s, a, ty) == _as(s, b, ty)))
    if len(s.equal) > 200_000:
        s.equal.clear()
    s.equal[key] = (a, b, out)
    s.equal[(id(b), id(a))] = (b, a, out)
    return out


def rows_eq(s, a, b):
    return _and(s, *[veq(s, x, y) for x, y in zip(a, b, strict=True)]) if a else s.true


def vless(s, a: V, b: V):
    """SQLite's sort order: NULL first, numbers, then text."""
    if a.ty == NULL or b.ty == NULL:
        return _and(s, a.null, _not(s, b.null))
    nn = _and(s, _not(s, a.null), _not(s, b.null))
    if _num(a.ty) and _num(b.ty) or a.ty == b.ty:
        ty = REAL if REAL in (a.ty, b.ty) else a.ty
        return _or(s, _and(s, a.null, _not(s, b.null)), _and(s, nn, _as(s, a, ty) < _as(s, b, ty)))
    lt = s.true if _num(a.ty) else s.false  # number < text
    return _or(s, _and(s, a.null, _not(s, b.null)), _and(s, nn, lt))


def _ite(s, c, a: V, b: V, ty: str) -> V:
    return V(ty, z3.If(c, a.null, b.null), z3.If(c, _as(s, a, ty), _as(s, b, ty)))


@dataclass(frozen=True)
class Row:
    exists: z3.BoolRef
    vals: tuple[V, ...]
    pos: z3.ArithRef | None = None  # rank among existing rows, when the query orders


# --------------------------------------------------------------------------- database


def _lex_less(s, a: list[V], b: list[V]):
    out = s.false
    for x, y in reversed(list(zip(a, b, strict=True))):
        out = _or(s, vless(s, x, y), _and(s, veq(s, x, y), out))
    return out


# --------------------------------------------------------------------------- encoder


MAX_CASES = 64  # a divisor with at most this many possible values is split into cases


def _int_range(t, depth: int = 0):
    """Integer bounds ``(lo, hi)`` of a term built from numerals, If, +, ToReal and products
    with a numeral (a COUNT is a sum of If(c, 1, 0)); None when unknown.

    >>> ctx = z3.Context()
    >>> c = z3.Bool("c", ctx)
    >>> _int_range(z3.ToReal(z3.Sum([z3.If(c, 1, 0), z3.If(z3.Not(c), 1, 0), z3.IntVal(2, ctx)])))
    (2, 4)
    >>> _int_range(z3.Int("n", ctx)) is None
    True
    """
    if depth > 40:
        return None
    if z3.is_int_value(t):
        v = t.as_long()
        return v, v
    if z3.is_rational_value(t):
        f = Fraction(t.numerator_as_long(), t.denominator_as_long())
        return (int(f), int(f)) if f.denominator == 1 else None
    if z3.is_app_of(t, z3.Z3_OP_TO_REAL):
        return _int_range(t.arg(0), depth + 1)
    if z3.is_app_of(t, z3.Z3_OP_ITE):
        a, b = _int_range(t.arg(1), depth + 1), _int_range(t.arg(2), depth + 1)
        return None if a is None or b is None else (min(a[0], b[0]), max(a[1], b[1]))
    if z3.is_add(t):
        lo = hi = 0
        for i in range(t.num_args()):
            r = _int_range(t.arg(i), depth + 1)
            if r is None:
                return None
            lo, hi = lo + r[0], hi + r[1]
        return lo, hi
    if z3.is_mul(t) and t.num_args() == 2:
        a, b = _int_range(t.arg(0), depth + 1), _int_range(t.arg(1), depth + 1)
        if a is None or b is None or (a[0] != a[1] and b[0] != b[1]):
            return None
        ends = [a[0] * b[0], a[0] * b[1], a[1] * b[0], a[1] * b[1]]
        return min(ends), max(ends)
    return None


def _count(s, conds):
    if not conds:
        return z3.IntVal(0, s.ctx)
    return z3.Sum([z3.If(c, z3.IntVal(1, s.ctx), z3.IntVal(0, s.ctx)) for c in conds])


def _tdiv(x, y):
    """Integer division truncating toward zero, as SQLite does."""
    ax, ay = z3.If(x >= 0, x, -x), z3.If(y >= 0, y, -y)
    q = ax / ay
    return z3.If((x >= 0) == (y >= 0), q, -q)


def _in(s, x: V, items) -> V:
    """``x IN (...)``: true if some present item equals x; NULL if none does but some
    comparison is NULL; false otherwise (also when there are no items)."""
    t = z3.Or([z3.And(ex, q.is_true) for ex, q in items]) if items else s.false
    some_null = z3.Or([z3.And(ex, q.null) for ex, q in items]) if items else s.false
    return V(BOOL, z3.And(z3.Not(t), some_null), t)


def _lex_less_desc(s, a: list[V], b: list[V], desc: list[bool]):
    out = s.false
    for x, y, d in reversed(list(zip(a, b, desc, strict=True))):
        less = vless(s, y, x) if d else vless(s, x, y)
        out = z3.Or(less, z3.And(veq(s, x, y), out))
    return out


# --------------------------------------------------------------------------- differences


