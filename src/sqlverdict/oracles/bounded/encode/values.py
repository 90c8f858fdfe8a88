"""Symbolic values and their operations: ``V`` (storage class, NULL flag, Z3 term), ``Row``,
the Z3 constants and the context they live in (``fresh_context``), equality and order of
values and rows, integer ranges, the encoding's size budget."""

from __future__ import annotations

import contextlib
import sys
import threading
from dataclasses import dataclass
from fractions import Fraction

import z3

from ..solver import Budget

TRUE = z3.BoolVal(True)
FALSE = z3.BoolVal(False)
_CONTEXT_LOCK = threading.RLock()


@contextlib.contextmanager
def fresh_context():
    """Encode and solve one pair in a new Z3 context.

    Z3 numbers terms in the order a context creates them, and the solver's search (so the
    model, so the witness) depends on that numbering: in a context that already holds other
    pairs' terms, the same pair got another witness (31 of 80 refuted fixtures, run after
    the others in one process versus each in a new process). z3py's constructors use its
    main context; there is no public setter, so the block swaps the module's main context
    for a new one and rebuilds the constants bound to it (in every module of this package
    that imported them), under a lock (one encoding at a
    time per process), and restores both after."""
    with _CONTEXT_LOCK:
        mods = _holders()
        saved = (z3.z3._main_ctx, {c: globals()[c] for c in _CONSTANTS})
        z3.z3._main_ctx = z3.Context()
        true = z3.BoolVal(True)
        _bind(mods, {"TRUE": true, "FALSE": z3.BoolVal(False),
                     "NULLV": V("null", true, z3.IntVal(0))})
        _REAL.clear()  # the term caches hold terms of one context
        _VEQ.clear()
        try:
            yield
        finally:
            z3.z3._main_ctx = saved[0]
            _bind(mods, saved[1])
            _REAL.clear()
            _VEQ.clear()


_CONSTANTS = ("TRUE", "FALSE", "NULLV")


def _holders() -> list:
    """The modules of this package that hold the constants by name (``from .values import
    TRUE``): ``fresh_context`` rebinds the constants in each of them."""
    pkg = __name__.rpartition(".")[0]
    return [m for n, m in list(sys.modules.items())
            if m is not None and (n == pkg or n.startswith(pkg + "."))
            and any(c in vars(m) for c in _CONSTANTS)]


def _bind(mods: list, values: dict) -> None:
    for m in mods:
        for c, x in values.items():
            if c in vars(m):
                setattr(m, c, x)


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


NULLV = V("null", TRUE, z3.IntVal(0))


def _zero(ty: str):
    return z3.RealVal(0) if ty == "real" else (FALSE if ty == "bool" else z3.IntVal(0))


def _as(v: V, ty: str):
    """The value term of ``v`` as type ``ty`` (int promoted to real)."""
    if v.ty == "null":
        return _zero(ty)
    if ty == "real" and v.ty == "int":
        return _to_real(v.val)
    return v.val


_REAL: dict = {}


def _to_real(t):
    """``ToReal(t)`` pushed through numerals, If, + and * (exact: the integers embed in the
    reals), so that ``CAST(SUM(CASE .. THEN 1 ELSE 0 END) AS REAL)`` and ``SUM(CASE .. THEN
    1.0 ELSE 0 END)`` become the same term and the solver need not prove them equal.

    >>> c = z3.Bool("c")
    >>> _to_real(z3.Sum([z3.If(c, 1, 0), z3.IntVal(2)])).eq(z3.Sum([z3.If(c, z3.RealVal(1), z3.RealVal(0)), z3.RealVal(2)]))
    True
    """
    key = t.get_id()
    hit = _REAL.get(key)
    if hit is not None and hit[0].eq(t):
        return hit[1]
    if z3.is_int_value(t):
        out = z3.RealVal(t.as_long())
    elif z3.is_app_of(t, z3.Z3_OP_ITE):
        out = z3.If(t.arg(0), _to_real(t.arg(1)), _to_real(t.arg(2)))
    elif z3.is_add(t):
        out = z3.Sum([_to_real(t.arg(i)) for i in range(t.num_args())])
    elif z3.is_mul(t):
        out = z3.Product([_to_real(t.arg(i)) for i in range(t.num_args())])
    elif z3.is_sub(t) and t.num_args() == 2:
        out = _to_real(t.arg(0)) - _to_real(t.arg(1))
    elif z3.is_app_of(t, z3.Z3_OP_UMINUS):
        out = -_to_real(t.arg(0))
    else:
        out = z3.ToReal(t)
    if len(_REAL) > 200_000:
        _REAL.clear()
    _REAL[key] = (t, out)
    return out


def _num(t):
    return t in ("int", "real")


def _and(*xs):
    """``z3.And`` that folds the shared TRUE/FALSE constants (building terms is the cost)."""
    ys = []
    for x in xs:
        if x is FALSE:
            return FALSE
        if x is not TRUE:
            ys.append(x)
    return TRUE if not ys else ys[0] if len(ys) == 1 else z3.And(ys)


def _or(*xs):
    ys = []
    for x in xs:
        if x is TRUE:
            return TRUE
        if x is not FALSE:
            ys.append(x)
    return FALSE if not ys else ys[0] if len(ys) == 1 else z3.Or(ys)


def _not(x):
    return FALSE if x is TRUE else TRUE if x is FALSE else z3.Not(x)


_VEQ: dict = {}


def veq(a: V, b: V):
    """Null-safe equality as DISTINCT, GROUP BY, set operations and the comparator use it."""
    key = (id(a), id(b))
    hit = _VEQ.get(key)
    if hit is not None and hit[0] is a and hit[1] is b:
        return hit[2]
    both_null = _and(a.null, b.null)
    if a.ty == "null" or b.ty == "null":
        out = both_null
    elif a.ty != b.ty and not (_num(a.ty) and _num(b.ty)):
        out = both_null
    else:
        ty = "real" if "real" in (a.ty, b.ty) else a.ty
        out = _or(both_null, _and(_not(a.null), _not(b.null), _as(a, ty) == _as(b, ty)))
    if len(_VEQ) > 200_000:
        _VEQ.clear()
    _VEQ[key] = (a, b, out)
    _VEQ[(id(b), id(a))] = (b, a, out)
    return out


def rows_eq(a, b):
    return _and(*[veq(x, y) for x, y in zip(a, b, strict=True)]) if a else TRUE


def vless(a: V, b: V):
    """SQLite's sort order: NULL first, numbers, then text."""
    if a.ty == "null" or b.ty == "null":
        return _and(a.null, _not(b.null))
    nn = _and(_not(a.null), _not(b.null))
    if _num(a.ty) and _num(b.ty) or a.ty == b.ty:
        ty = "real" if "real" in (a.ty, b.ty) else a.ty
        return _or(_and(a.null, _not(b.null)), _and(nn, _as(a, ty) < _as(b, ty)))
    lt = TRUE if _num(a.ty) else FALSE  # number < text
    return _or(_and(a.null, _not(b.null)), _and(nn, lt))


def _ite(c, a: V, b: V, ty: str) -> V:
    return V(ty, z3.If(c, a.null, b.null), z3.If(c, _as(a, ty), _as(b, ty)))


@dataclass(frozen=True)
class Row:
    exists: z3.BoolRef
    vals: tuple[V, ...]
    pos: z3.ArithRef | None = None  # rank among existing rows, when the query orders


# --------------------------------------------------------------------------- database


def _lex_less(a: list[V], b: list[V]):
    out = FALSE
    for x, y in reversed(list(zip(a, b, strict=True))):
        out = _or(vless(x, y), _and(veq(x, y), out))
    return out


# --------------------------------------------------------------------------- encoder


MAX_CASES = 64  # a divisor with at most this many possible values is split into cases


def _int_range(t, depth: int = 0):
    """Integer bounds ``(lo, hi)`` of a term built from numerals, If, +, ToReal and products
    with a numeral (a COUNT is a sum of If(c, 1, 0)); None when unknown.

    >>> c = z3.Bool("c")
    >>> _int_range(z3.ToReal(z3.Sum([z3.If(c, 1, 0), z3.If(z3.Not(c), 1, 0), z3.IntVal(2)])))
    (2, 4)
    >>> _int_range(z3.Int("n")) is None
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


def _count(conds):
    return z3.Sum([z3.If(c, z3.IntVal(1), z3.IntVal(0)) for c in conds]) if conds else z3.IntVal(0)


def _tdiv(x, y):
    """Integer division truncating toward zero, as SQLite does."""
    ax, ay = z3.If(x >= 0, x, -x), z3.If(y >= 0, y, -y)
    q = ax / ay
    return z3.If((x >= 0) == (y >= 0), q, -q)


def _in(x: V, items) -> V:
    """``x IN (...)``: true if some present item equals x; NULL if none does but some
    comparison is NULL; false otherwise (also when there are no items)."""
    t = z3.Or([z3.And(ex, q.is_true) for ex, q in items]) if items else FALSE
    some_null = z3.Or([z3.And(ex, q.null) for ex, q in items]) if items else FALSE
    return V("bool", z3.And(z3.Not(t), some_null), t)


def _lex_less_desc(a: list[V], b: list[V], desc: list[bool]):
    out = FALSE
    for x, y, d in reversed(list(zip(a, b, desc, strict=True))):
        less = vless(y, x) if d else vless(x, y)
        out = z3.Or(less, z3.And(veq(x, y), out))
    return out


# --------------------------------------------------------------------------- differences


