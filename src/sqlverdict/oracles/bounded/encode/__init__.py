"""Symbolic SQLite semantics over a bounded symbolic database, in Z3.

A table has K candidate rows; row i carries a Boolean ``exists`` and one symbolic value
per column. "The first k rows exist" (``exists[i+1] -> exists[i]``) makes every table
size 0..K reachable independently, and assuming ``not exists[k]`` bounds a table to k rows
without a new solver. Rows of a table with a primary key are ordered by that key (symmetry
breaking that also enforces uniqueness).

A value is ``V(ty, null, val)``: a static storage class (``int``, ``real``, ``text``,
``null``, ``bool``), a Z3 Boolean "is NULL" and a Z3 term (Int, Real, Int code of a text,
Bool). Text values are codes into a finite ``TextDomain`` of concrete strings sorted in
SQLite's BINARY collation order, so ``=``/``<`` are integer comparisons and LIKE is a
precomputed match set; codes decode back to the same strings in every process.

Relations are lists of symbolic rows ``Row(exists, vals, pos)``. Each operator maps lists
to lists: a filter strengthens ``exists``; a join is the product; GROUP BY keeps a row as
the representative of its group when no earlier existing row has the same key; aggregates
are sums of ``If``s over the group's members; DISTINCT keeps a row when no earlier equal
row exists; ORDER BY ranks rows by pairwise comparison, breaking ties by the row's position
in its input (see docs/verify.md for what that assumes about SQLite).
"""

from __future__ import annotations

import contextlib
import itertools
import re
import sqlite3
import threading
import time
from dataclasses import dataclass
from fractions import Fraction

import z3

from ....engine.execute import scratch_database
from ....errors import BudgetExceeded, UnsupportedSQL
from ....types import Schema
from .. import ir
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
    for a new one and rebuilds the constants bound to it, under a lock (one encoding at a
    time per process), and restores both after."""
    global TRUE, FALSE, NULLV
    with _CONTEXT_LOCK:
        saved = (z3.z3._main_ctx, TRUE, FALSE, NULLV)
        z3.z3._main_ctx = z3.Context()
        TRUE, FALSE = z3.BoolVal(True), z3.BoolVal(False)
        NULLV = V("null", TRUE, z3.IntVal(0))
        _REAL.clear()  # the term caches hold terms of one context
        _VEQ.clear()
        try:
            yield
        finally:
            z3.z3._main_ctx, TRUE, FALSE, NULLV = saved
            _REAL.clear()
            _VEQ.clear()
MAX_ROWS = 4000  # symbolic rows in one relation before we give up ("encoding too large")


def _spend(budget: Budget | None, n: int = 1) -> None:
    """Called inside the quadratic loops: building terms is where big queries spend time."""
    if budget is not None:
        budget.tick(n)


# --------------------------------------------------------------------------- text domain


def like_regex(pattern: str) -> re.Pattern:
    """SQLite LIKE without ESCAPE: ``%`` any run, ``_`` one character, ASCII case folded."""
    out = []
    for ch in pattern:
        out.append(".*" if ch == "%" else "." if ch == "_" else re.escape(ch))
    return re.compile("".join(out), re.ASCII | re.IGNORECASE | re.DOTALL)


def like_match(pattern: str, s: str) -> bool:
    """
    >>> like_match("a%", "ABC"), like_match("_b", "ab"), like_match("%é%", "É")
    (True, True, False)
    """
    return like_regex(pattern).fullmatch(s) is not None


_FILLERS = ["", "a", "b", "c", "x", "y", "z", "A", "B", "Z", "0", "1", "9", " ", "aa", "zz", "~"]


def _fresh_between(lo: str | None, hi: str | None, taken: set[str], n: int) -> list[str]:
    """Up to ``n`` readable strings strictly between ``lo`` and ``hi`` (None = unbounded)."""
    cands = []
    base = [lo] if lo is not None else [""]
    for b in base:
        for f in _FILLERS[1:]:
            cands.append(b + f)
            cands.append(b + " " + f)
    cands += _FILLERS
    if hi:
        cands += [hi[:-1], hi[:-1] + " "]
    out = []
    for c in sorted(set(cands), key=lambda s: (len(s), s)):
        if c in taken or (lo is not None and not c > lo) or (hi is not None and not c < hi):
            continue
        out.append(c)
        if len(out) >= n:
            break
    return sorted(out)


MAX_DOMAIN = 600
_TIMESTAMP = re.compile(r"\d{4}-\d\d-\d\d \d\d:\d\d:\d\d")
_APPLIED: dict[tuple[str, str], object] = {}
APPLY_TIMEOUT_S = 2.0  # one function on one string of the domain


_APPLY: list = []  # (guarded connection, its deadline): one per process


def sqlite_apply(template: str, s: str):
    """SQLite's own value of a one-argument expression (``?`` is the argument), computed
    under the read-only guard (the template is the user's SQL) with a time budget per call.
    Called for every string of the domain, so the budget is a progress handler installed
    once (``run_query`` installs one per call: 10x the cost of the call itself)."""
    key = (template, s)
    if key not in _APPLIED:
        if not _APPLY:
            conn, deadline = scratch_database(check_same_thread=False), [0.0]
            conn.set_progress_handler(lambda: 1 if time.monotonic() > deadline[0] else 0, 2000)
            _APPLY.append((conn, deadline))
        conn, deadline = _APPLY[0]
        params = {ir.ARG: s} if f":{ir.ARG}" in template else (s,)
        deadline[0] = time.monotonic() + APPLY_TIMEOUT_S
        try:
            row = conn.execute(f"SELECT {template}", params).fetchone()
        except (sqlite3.Error, sqlite3.Warning, OverflowError, MemoryError, ValueError) as e:
            raise UnsupportedSQL(f"function {template}", str(e)) from None
        _APPLIED[key] = row[0] if row else None
        if len(_APPLIED) > 500_000:
            _APPLIED.clear()
    return _APPLIED[key]


_PREIMAGE_BASES = ("2000-01-01 00:00:00", "xxxxxxxxxxxx", "000000000000", "")
MAX_PREIMAGES = 200


def preimages(templates, literals, numbers) -> set[str]:
    """Strings on which a function of the queries gives one of their literals: the literal
    written into a few base strings at every position (``SUBSTR(d, 6, 2) = '09'`` needs a
    string with '09' at position 6), and runs of 'x' for numeric results (``LENGTH(x) = 5``).
    Without them a comparison through a function could never hold in the model, and both
    queries would look empty. Each candidate is checked with SQLite itself.

    >>> sorted(preimages({("SUBSTR(?, 6, 2)", "text")}, {"09"}, set()))
    ['000000900000', '2000-09-01 00:00:00', 'xxxxx09xxxxx']
    >>> "xxxxx" in preimages({("LENGTH(?)", "int")}, set(), {5})
    True
    """
    out: set[str] = set()
    for t, ty in sorted(templates):
        if ty == "text":
            goals = [lit for lit in sorted(literals) if 0 < len(lit) <= 12]
            cands = (b[:p] + lit + b[p + len(lit):] for lit in goals for b in _PREIMAGE_BASES
                     for p in range(len(b) + 1))
            wanted = set(goals)
        else:
            goals = sorted({int(n) for n in numbers if isinstance(n, (int, float))
                            and n == int(n) and 0 <= n <= 40})
            cands = (("x" * (n - 1) + lit) for n in goals for lit in [*sorted(literals), "x"]
                     if n >= 1)
            cands = itertools.chain(("x" * n for n in goals), cands)
            wanted = set(goals)
        found = 0
        for c in cands:
            try:
                v = sqlite_apply(t, c)
            except UnsupportedSQL:
                break
            if v in wanted and c not in out:
                out.add(c)
                found += 1
                if found >= MAX_PREIMAGES // max(1, len(templates)):
                    break
    return out


class TextDomain:
    """A finite, sorted set of strings; a text value is the index (code) of its string.

    >>> d = TextDomain({"b"}, set(), fresh=1)
    >>> d.strings
    ['', 'B', 'Z', 'b', 'c']
    >>> d.code("b"), d.decode(3)
    (3, 'b')
    """

    def __init__(self, literals: set[str], patterns: set[str], extra=(), fresh: int = 2,
                 templates=(), numbers=()):
        base = set(literals) | set(extra)
        templates = sorted(set(templates))
        if templates:  # functions of text: seed strings that tell them apart
            for lit in literals:
                base |= {lit + " ", " " + lit, lit + "x", "x" + lit}
            for n in numbers:
                base |= {str(n), f"{n}.0", f"{n}.5", f"{n}x", f" {n}", f"-{n}"}
            base |= {"0.5", "1", "1.5", "2"}
            for sep in literals:  # separators that SUBSTR/INSTR split on: numbers around them
                if 0 < len(sep) <= 2 and not any(ch.isalnum() for ch in sep):
                    base |= {a + sep + b for a in ("", "1", "1.5", "12") for b in ("", "2", "2.5", "05")}
        if any(f in t.lower() for t, _ in templates for f in ir.DATE_FUNCTIONS):
            # date functions need date strings to say anything: a few, and one per year literal
            base |= {"2000-01-01", "2012-06-15 12:30:00", "1999-12-31 23:59:59"}
            for lit in literals:
                if re.fullmatch(r"\d{4}", lit):
                    base |= {f"{lit}-01-01", f"{lit}-07-15 10:00:00"}
            # ages and spans: a year literal (or the year of a date) plus or minus a number
            years = sorted({int(m[:4]) for m in literals if re.match(r"\d{4}(-\d\d-\d\d.*)?$", m)})
            spans = sorted({int(n) for n in numbers if isinstance(n, (int, float)) and n == int(n)
                            and 0 < n < 200})
            for y in years[:6]:
                for n in spans[:6]:
                    for z in (y - n, y + n, y - n - 1):
                        if 0 < z < 10000:
                            base.add(f"{z:04d}-06-15")
        base |= preimages(templates, literals, numbers)
        for s in list(literals):
            base |= {s.upper(), s.lower()}
        for p in patterns:
            for fill in ("", "x"):
                ex = p.replace("%", fill).replace("_", "a")
                base |= {ex, ex.upper()}
        srt = sorted(base)
        fresh_strings: list[str] = []
        bounds = [None] + srt + [None]
        taken = set(base)
        for lo, hi in zip(bounds[:-1], bounds[1:], strict=True):
            got = _fresh_between(lo, hi, taken, fresh)
            fresh_strings += got
            taken |= set(got)
        strings = base | set(fresh_strings)
        # close the domain under the text -> text functions of the queries (bounded)
        for _ in range(3):
            new = set()
            for t, ty in templates:
                if ty == "text":
                    new |= {v for s in strings if isinstance(v := sqlite_apply(t, s), str)}
            new -= strings
            if not new or len(strings) > MAX_DOMAIN:
                break
            strings |= set(sorted(new)[: MAX_DOMAIN])
        self.strings = sorted(strings)
        self._codes = {s: i for i, s in enumerate(self.strings)}
        self._tables: dict[str, list] = {}

    def __len__(self) -> int:
        return len(self.strings)

    def code(self, s: str) -> int:
        return self._codes[s]

    def decode(self, c: int) -> str:
        return self.strings[c]

    def __contains__(self, s) -> bool:
        return s in self._codes

    def table(self, template: str) -> list:
        """SQLite's value of ``template`` for every string of the domain, by code."""
        if template not in self._tables:
            self._tables[template] = [sqlite_apply(template, s) for s in self.strings]
        return self._tables[template]

    def like_codes(self, pattern: str) -> list[int]:
        rx = like_regex(pattern)
        return [i for i, s in enumerate(self.strings) if rx.fullmatch(s)]


# --------------------------------------------------------------------------- values


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


class SymDB:
    """K symbolic rows for each table that a query can touch."""

    def __init__(self, schema: Schema, tables: set[str], k: int, domain: TextDomain):
        self.schema, self.k, self.domain = schema, k, domain
        self.rows: dict[str, list[tuple[z3.BoolRef, dict[str, V]]]] = {}
        self.constraints: list = []
        self.affinity_text_columns: set[tuple[str, str]] = set()  # see _table
        need = set(tables)
        frontier = list(need)
        while frontier:  # tables referenced through foreign keys join the formula
            t = self.schema.table(frontier.pop())
            for fk in t.foreign_keys:
                if self.schema.has_table(fk.ref_table):
                    rn = self.schema.table(fk.ref_table).name.lower()
                    if rn not in need:
                        need.add(rn)
                        frontier.append(rn)
        for name in sorted(need):
            self._table(name)
        for name in sorted(need):
            self._foreign_keys(name)

    def _table(self, name: str):
        t = self.schema.table(name)
        pk = {c.lower() for c in t.primary_key}
        rows = []
        for i in range(self.k):
            ex = z3.Bool(f"{name}!{i}!exists")
            vals = {}
            for c in t.columns:
                ty, aff = ir.column_type(c.type)
                cn = c.name.lower()
                base = f"{name}!{i}!{cn}"
                val = z3.Real(base) if ty == "real" else z3.Int(base)
                if ty == "text":
                    self.constraints.append(z3.And(val >= 0, val < len(self.domain)))
                if ty == "text" and aff == "NUMERIC":
                    # a DATE/TIME column: SQLite stores a numeric string as a number there,
                    # which the model does not represent; such columns hold other strings
                    self.constraints.append(z3.Not(numeric_codes(self.domain, val)[0]))
                    self.affinity_text_columns.add((name, cn))
                nullable = not t.never_null(c.name)  # SQLite's NULL in a key (types.Table)
                null = z3.Bool(base + "!null") if nullable else FALSE
                vals[cn] = V(ty, null, val)
            rows.append((ex, vals))
        for i in range(self.k - 1):
            self.constraints.append(z3.Implies(rows[i + 1][0], rows[i][0]))
        if pk and not t.key_never_null:  # unique among rows whose key holds no NULL
            key = [c.lower() for c in t.primary_key]
            for i in range(self.k):
                for j in range(i + 1, self.k):
                    a, b = rows[i][1], rows[j][1]
                    clash = z3.And([z3.And(z3.Not(a[c].null), z3.Not(b[c].null), a[c].val == b[c].val)
                                    for c in key])
                    self.constraints.append(z3.Not(z3.And(rows[i][0], rows[j][0], clash)))
        elif pk:
            key = [c.lower() for c in t.primary_key]
            for i in range(self.k - 1):
                a, b = rows[i][1], rows[i + 1][1]
                self.constraints.append(z3.Implies(rows[i + 1][0], _lex_less([a[c] for c in key], [b[c] for c in key])))
        for u in t.uniques:
            cols = [c.lower() for c in u]
            for i in range(self.k):
                for j in range(i + 1, self.k):
                    a, b = rows[i][1], rows[j][1]
                    clash = z3.And([z3.And(z3.Not(a[c].null), z3.Not(b[c].null), a[c].val == b[c].val) for c in cols])
                    self.constraints.append(z3.Not(z3.And(rows[i][0], rows[j][0], clash)))
        self.rows[name] = rows

    def _foreign_keys(self, name: str):
        """Every declared foreign key (``engine.integrity``), matched as SQLite's check looks
        it up: the parent column's affinity applied to the child's value."""
        from ....engine.integrity import declared_foreign_keys

        t = self.schema.table(name)
        for fk, ref in declared_foreign_keys(self.schema, t):
            cols = [c.lower() for c in fk.columns]
            rcols = [c.lower() for c in fk.ref_columns]
            raff = [ir.column_type(ref.column(r).type)[1] for r in fk.ref_columns]
            for ex, vals in self.rows[name]:
                refs = []
                for rex, rvals in self.rows[ref.name.lower()]:
                    refs.append(z3.And(rex, *[z3.And(z3.Not(rvals[r].null),
                                                     self._key_match(vals[c], rvals[r], aff))
                                              for c, r, aff in zip(cols, rcols, raff, strict=True)]))
                some_null = z3.Or([vals[c].null for c in cols])
                self.constraints.append(z3.Implies(z3.And(ex, z3.Not(some_null)), z3.Or(refs)))

    def _key_match(self, child: V, parent: V, parent_affinity: str):
        """Does the (non-NULL) child value find the parent value in SQLite's lookup?"""
        if child.ty == parent.ty:
            return child.val == parent.val
        if _num(child.ty) and _num(parent.ty):  # 2 finds 2.0 and 2.0 finds 2
            return _to_real(child.val) == _to_real(parent.val)
        if child.ty == "text" and _num(parent.ty):  # '02' finds 2: numeric text converts
            isnum, num = numeric_codes(self.domain, child.val)
            return z3.And(isnum, num == _to_real(parent.val))
        if _num(child.ty) and parent.ty == "text" and parent_affinity == "TEXT":
            # 2 finds '2' (TEXT affinity renders the number), over the numeric strings of
            # the text domain: other numbers find no parent
            return _or(*[z3.And(child.val == v, parent.val == i)
                         for i, v in numeric_renderings(self.domain, child.ty)])
        return FALSE  # a number never equals a text the model stores without affinity

    def bound_assumptions(self, k: int) -> list:
        """Assume every table holds at most ``k`` rows."""
        return [z3.Not(rows[k][0]) for rows in self.rows.values() if k < len(rows)]

    def variables(self):
        for name, rows in self.rows.items():
            for i, (ex, vals) in enumerate(rows):
                yield name, i, ex, vals


def numeric_codes(dom: TextDomain, code) -> tuple:
    """(is the string of ``code`` a number, that number as a Real) over the domain."""
    nums = [(i, ir.numeric_text(s)) for i, s in enumerate(dom.strings)]
    nums = [(i, v) for i, v in nums if v is not None]
    isnum = _or(*[code == i for i, _ in nums])
    num = z3.RealVal(0)
    for i, v in nums:
        f = Fraction(v)
        num = z3.If(code == i, z3.RealVal(f"{f.numerator}/{f.denominator}"), num)
    return isnum, num


def numeric_renderings(dom: TextDomain, ty: str) -> list[tuple[int, object]]:
    """(code, number) for the domain strings that are how SQLite renders a number of type
    ``ty`` as text ('2' for 2, '2.5' and '2.0' for reals)."""
    out = []
    for i, s in enumerate(dom.strings):
        v = ir.numeric_text(s)
        if v is None:
            continue
        if ty == "int" and isinstance(v, int) and s == str(v):
            out.append((i, v))
        elif ty == "real" and s == ir.text_of_number(float(v)):
            f = Fraction(float(v))
            out.append((i, z3.RealVal(f"{f.numerator}/{f.denominator}")))
    return out


def _lex_less(a: list[V], b: list[V]):
    out = FALSE
    for x, y in reversed(list(zip(a, b, strict=True))):
        out = _or(vless(x, y), _and(veq(x, y), out))
    return out


# --------------------------------------------------------------------------- encoder


class Encoder:
    """Evaluates lowered queries on a ``SymDB``; results are lists of ``Row``."""

    def __init__(self, db: SymDB, budget: Budget | None = None):
        self.db = db
        self.dom = db.domain
        self.budget = budget
        self._uncorrelated: dict[int, list[Row]] = {}
        self.ambiguous: list = []  # conditions under which a LIMIT cuts through a tie
        self._lookups: dict = {}
        self._tables: dict = {}  # (template, type) -> the functions of its table
        self._rowkey: dict | None = None
        self._clock: V | None = None
        self._window = None  # (window table, row index) while a select's rows are encoded

    def _tick(self, n: int = 0):
        if n > MAX_ROWS:
            raise BudgetExceeded("size", f"encoding too large ({n} symbolic rows)")
        _spend(self.budget, 0)

    # ---- queries

    def query(self, q: ir.Query, env: dict, tie_perm=None) -> list[Row]:
        """Rows of ``q``. ``tie_perm`` orders the selected columns for breaking ORDER BY
        ties at the top level (so that a prediction with permuted columns breaks ties as
        the gold does)."""
        if isinstance(q, ir.SetOp):
            return self.setop(q, env, tie_perm)
        return self.select(q, env, tie_perm)

    def setop(self, q: ir.SetOp, env, tie_perm=None) -> list[Row]:
        left, right = self.query(q.left, env), self.query(q.right, env)
        for a, b in zip(q.left.items, q.right.items, strict=True):
            ta, tb = ir._ty(a), ir._ty(b)
            if ta != tb and not ("null" in (ta, tb) or (_num(ta) and _num(tb))):
                raise UnsupportedSQL("set operation mixing text and numbers")
        left = [Row(r.exists, r.vals) for r in left]
        right = [Row(r.exists, r.vals) for r in right]
        if q.op == "union":
            rows = left + right
            if not q.all:
                rows = _distinct(rows, self.budget)
        elif q.op == "intersect":
            rows = [Row(z3.And(r.exists, z3.Or([z3.And(s.exists, rows_eq(r.vals, s.vals)) for s in right])), r.vals)
                    for r in _distinct(left, self.budget)]
        else:
            rows = [Row(z3.And(r.exists, z3.Not(z3.Or([z3.And(s.exists, rows_eq(r.vals, s.vals)) for s in right]))), r.vals)
                    for r in _distinct(left, self.budget)]
        keys = [[r.vals[p] for p, _ in q.order] for r in rows]
        return _order_limit(rows, keys, [d for _, d in q.order], q.limit, q.offset, bool(q.order),
                            self.ambiguous, tie_perm, self.budget)

    def source(self, src, env) -> list[tuple[z3.BoolRef, dict]]:
        if src is None:
            return [(TRUE, {})]
        if isinstance(src, ir.Scan):
            return [(ex, {src.alias: vals}) for ex, vals in self.db.rows[src.table]]
        if isinstance(src, ir.Derived):
            rows = self.query(src.query, env)
            return [(r.exists, {src.alias: dict(zip(src.names, r.vals, strict=True))}) for r in rows]
        if isinstance(src, ir.Values):
            out = []
            for row in src.rows:
                vals = [self.expr(e, env) for e in row]
                vals = [V(ty, TRUE, _zero(ty)) if v.ty == "null" and ty != "null" else v
                        for v, ty in zip(vals, src.types, strict=True)]
                out.append((TRUE, {src.alias: dict(zip(src.names, vals, strict=True))}))
            return out
        left = self.source(src.left, env)
        right = self.source(src.right, env)
        self._tick(len(left) * len(right))
        out = []
        matched = [[] for _ in right]  # per right row: its matches
        for le, lenv in left:
            _spend(self.budget, len(right))
            matches = []
            for k, (re_, renv) in enumerate(right):
                scope = {**env, **lenv, **renv}
                cond = z3.And(le, re_)
                if src.on is not None:
                    cond = z3.And(cond, self.expr(src.on, scope).is_true)
                matches.append(cond)
                matched[k].append(cond)
                out.append((cond, {**lenv, **renv}))
            if src.kind in ("left", "full"):
                out.append((z3.And(le, z3.Not(z3.Or(matches))), {**lenv, **_null_env(src.right)}))
        if src.kind in ("right", "full"):
            # SQLite emits the right rows without a match after the others
            for (re_, renv), ms in zip(right, matched, strict=True):
                out.append((_and(re_, _not(_or(*ms))), {**_null_env(src.left), **renv}))
        return out

    def select(self, q: ir.Select, env, tie_perm=None) -> list[Row]:
        src = self.source(q.source, env)
        if q.where is not None:
            src = [(z3.And(ex, self.expr(q.where, {**env, **e}).is_true), e) for ex, e in src]
        self._tick(len(src))
        if q.aggregate and not q.group_by and q.bare_from is None:
            src = self._canonical_order(src)
        if q.aggregate:
            groups = self._groups(q, src, env)
        else:
            groups = [(ex, {**env, **e}, None) for ex, e in src]
        if q.aggregate and q.bare_from is not None:
            groups = [(ex, self._bare_scope(q.bare_from, ex, scope, members, env), members)
                      for ex, scope, members in groups]
        elif q.aggregate and not q.group_by and q.source is not None:
            groups = [(ex, self._last_row_scope(scope, members, env), members)
                      for ex, scope, members in groups]
        if q.having is not None:  # (before the window functions, which see what it keeps)
            groups = [(z3.And(ex, self.expr(q.having, scope, members).is_true), scope, members)
                      for ex, scope, members in groups]
        windows = _windows_of(list(q.items) + [k for k, _ in q.order])
        saved_window = self._window
        table = self._window_table(windows, groups) if windows else None
        rows, keys = [], []
        for row_index, (ex, scope, members) in enumerate(groups):
            self._window = (table, row_index) if table is not None else saved_window
            vals = tuple(self.expr(i, scope, members) for i in q.items)
            rows.append(Row(ex, vals))
            if q.distinct:
                if any(k not in q.items for k, _ in q.order):
                    raise UnsupportedSQL("ORDER BY a column that DISTINCT removes")
                keys.append([vals[q.items.index(k)] for k, _ in q.order])
            else:
                keys.append([self.expr(k, scope, members) for k, _ in q.order])
        self._window = saved_window
        if q.distinct:
            keep = _distinct_flags(rows, self.budget)
            rows = [Row(k, r.vals) for k, r in zip(keep, rows, strict=True)]
        return _order_limit(rows, keys, [d for _, d in q.order], q.limit, q.offset, bool(q.order),
                            self.ambiguous, tie_perm, self.budget)

    def _window_table(self, windows, groups) -> dict:
        """The value of every window function on every row: ``{(id(w), i): V}``, over the
        rows ``groups`` (exists, scope, members) of a select (``_WindowRows``). A tie that
        an order-dependent function reads (``ir.order_dependent``) is recorded as
        ambiguous, like a tie cut by a LIMIT: rows are ordered by input position there,
        SQLite's order is unspecified."""
        out = {}
        n = len(groups)
        self._tick(n * n)
        spans: dict = {}
        for w in windows:
            key = repr((w.partition, w.order))
            if key not in spans:
                spans[key] = _WindowRows(self, w, groups)
            wr = spans[key]
            if ir.order_dependent(w):
                self.ambiguous.append(wr.tied())
            args = [[self.expr(a, scope, members) for a in w.args] for _, scope, members in groups]
            for i in range(n):
                _spend(self.budget, n)
                out[(id(w), i)] = self._window_value(w, wr, args, i)
        return out

    def _window_value(self, w: ir.Window, wr: _WindowRows, args, i: int) -> V:
        n, fn = wr.n, w.fn
        if fn == "row_number":
            return V("int", FALSE, wr.pos[i] + 1)
        if fn == "rank":
            return V("int", FALSE, wr.rank(i))
        if fn == "dense_rank":
            return V("int", FALSE, wr.dense_rank(i))
        if fn in ("percent_rank", "cume_dist"):
            num = wr.rank(i) - 1 if fn == "percent_rank" else _count(
                [_and(wr.live[j], _or(wr.less[j][i], wr.peer[j][i])) for j in range(n) if j != i]) + 1
            out = z3.RealVal(0)
            for size in range(n, 1 if fn == "percent_rank" else 0, -1):
                den = size - 1 if fn == "percent_rank" else size
                out = z3.If(wr.size[i] == size, _to_real(num) / den, out)
            return V("real", FALSE, out)
        if fn == "ntile":
            buckets = w.args[0].value
            out = z3.IntVal(1)
            pos = wr.pos[i]
            for size in range(n, 0, -1):
                q, r = divmod(size, buckets)
                if q == 0:
                    b = pos + 1
                else:
                    cut = r * (q + 1)
                    b = z3.If(pos < cut, pos / (q + 1) + 1, r + (pos - cut) / q + 1)
                out = z3.If(wr.size[i] == size, b, out)
            return V("int", FALSE, out)
        if fn in ("lag", "lead"):
            x, off, dflt = args[i]
            target = wr.pos[i] - w.args[1].value if fn == "lag" else wr.pos[i] + w.args[1].value
            out = dflt
            for j in reversed(range(n)):
                hit = _and(wr.live[j], wr.part[j][i], wr.pos[j] == target)
                out = _ite(hit, args[j][0], out, w.ty) if w.ty != "null" else NULLV
            return out
        frame = [_and(wr.live[j], wr.part[j][i], wr.in_frame(w.frame, j, i)) for j in range(n)]
        if fn in ("first_value", "last_value", "nth_value"):
            out = V(w.ty, TRUE, _zero(w.ty)) if w.ty != "null" else NULLV
            for j in reversed(range(n)):
                if fn == "first_value":
                    hit = _and(frame[j], _not(_or(*[_and(frame[k], wr.before[k][j]) for k in range(n) if k != j])))
                elif fn == "last_value":
                    hit = _and(frame[j], _not(_or(*[_and(frame[k], wr.before[j][k]) for k in range(n) if k != j])))
                else:
                    earlier = _count([_and(frame[k], wr.before[k][j]) for k in range(n) if k != j])
                    hit = _and(frame[j], earlier == w.args[1].value - 1)
                out = _ite(hit, args[j][0], out, w.ty) if w.ty != "null" else NULLV
            return out
        if fn == "count_star":
            return V("int", FALSE, _count(frame))
        return self._aggregate(fn, False, w.ty, w.args[0].ty,
                               [(frame[j], args[j][0]) for j in range(n)])

    def clock(self) -> V:
        """The symbolic clock: one text value for the whole pair, any timestamp
        (``YYYY-MM-DD HH:MM:SS``) of the domain."""
        if self._clock is None:
            v = z3.Int("!clock")
            codes = [i for i, s in enumerate(self.dom.strings) if _TIMESTAMP.fullmatch(s)]
            self.db.constraints.append(_or(*[v == i for i in codes]))
            self._clock = V("text", FALSE, v)
        return self._clock

    def _canonical_order(self, src):
        """The rows of a FROM in an order that does not depend on how the joins are
        written (by table and row index of every joined row). Only where order cannot
        matter: the aggregates of a query without GROUP BY and bare columns (sums and
        counts are the same in any order). Two queries joining the same tables in another
        order then build the same terms, which the solver compares far faster."""
        if self._rowkey is None:
            self._rowkey = {id(vals): (name, i) for name, i, _, vals in self.db.variables()}
        keys = []
        for _, e in src:
            k = [self._rowkey.get(id(v)) for v in e.values()]
            if None in k:
                return src
            keys.append(tuple(sorted(k)))
        return [r for _, r in sorted(zip(keys, src, strict=True), key=lambda p: p[0])]

    def _bare_scope(self, agg: ir.Agg, exists, scope, members, outer):
        """Bare columns under one MIN/MAX: the values of the first member row reaching the
        extreme (the last member row when every argument is NULL; NULL when there is
        none). Ties on the extreme make SQLite's choice plan-dependent: recorded as
        ambiguous."""
        vals = [(c, self.expr(agg.arg, env)) for c, env in members]
        best = V(agg.ty, TRUE, _zero(agg.ty))
        chosen = z3.IntVal(-1)
        last = z3.IntVal(-1)
        for j, (c, v) in enumerate(vals):
            live = _and(c, _not(v.null))
            better = vless(v, best) if agg.fn == "min" else vless(best, v)
            take = _and(live, _or(best.null, better))
            best = _ite(take, v, best, agg.ty)
            chosen = z3.If(take, j, chosen)
            last = z3.If(c, j, last)
        pick = z3.If(chosen >= 0, chosen, last)
        ties = _count([_and(c, _not(v.null), veq(v, best)) for c, v in vals])
        nulls_only = _and(chosen < 0, _count([c for c, _ in members]) > 1)
        self.ambiguous.append(_and(exists, _or(ties > 1, nulls_only)))
        return _pick_scope(scope, members, pick, outer)

    def _last_row_scope(self, scope, members, outer):
        """Columns of an aggregate without GROUP BY that the WHERE clause fixes: the
        values of the last existing row (all rows agree), NULL when there is none."""
        last = z3.IntVal(-1)
        for j, (c, _) in enumerate(members):
            last = z3.If(c, j, last)
        return _pick_scope(scope, members, last, outer)

    def _groups(self, q: ir.Select, src, env):
        if not q.group_by:
            return [(TRUE, dict(env), [(ex, {**env, **e}) for ex, e in src])]
        scopes = [{**env, **e} for _, e in src]
        keys = [[self.expr(g, s) for g in q.group_by] for s in scopes]
        self._tick(len(src) * len(src) // 8)
        out = []
        for i, (ex, _) in enumerate(src):
            _spend(self.budget, len(src))
            same = [rows_eq(keys[j], keys[i]) if j != i else TRUE for j in range(len(src))]
            earlier = z3.Or([z3.And(src[j][0], same[j]) for j in range(i)]) if i else FALSE
            members = [(z3.And(src[j][0], same[j]), scopes[j]) for j in range(len(src))]
            out.append((z3.And(ex, z3.Not(earlier)), scopes[i], members))
        return out

    # ---- expressions

    def expr(self, e: ir.Expr, env: dict, members=None) -> V:  # noqa: C901
        if isinstance(e, ir.Lit):
            return self.lit(e)
        if isinstance(e, ir.Col):
            if e.alias == ir.CLOCK_ALIAS:
                return self.clock()
            return env[e.alias][e.name]
        if isinstance(e, ir.Arith):
            return self.arith(e.op, self.expr(e.left, env, members), self.expr(e.right, env, members), e.ty)
        if isinstance(e, ir.Neg):
            a = self.expr(e.arg, env, members)
            return NULLV if a.ty == "null" else V(a.ty, a.null, -a.val)
        if isinstance(e, ir.Cmp) and e.op in ("is", "is not"):
            same = veq(self.expr(e.left, env, members), self.expr(e.right, env, members))
            return V("bool", FALSE, same if e.op == "is" else _not(same))
        if isinstance(e, ir.Cmp):
            a, b = self.expr(e.left, env, members), self.expr(e.right, env, members)
            if e.conv == "left":
                a = self.numeric_affinity(a)
            elif e.conv == "right":
                b = self.numeric_affinity(b)
            return self.cmp(e.op, a, b)
        if isinstance(e, ir.Logic):
            args = [self.expr(a, env, members) for a in e.args]
            if e.op == "and":
                t, f = z3.And([a.is_true for a in args]), z3.Or([a.is_false for a in args])
            else:
                t, f = z3.Or([a.is_true for a in args]), z3.And([a.is_false for a in args])
            return V("bool", z3.And(z3.Not(t), z3.Not(f)), t)
        if isinstance(e, ir.Not):
            a = self.expr(e.arg, env, members)
            return V("bool", a.null, z3.Not(a.val))
        if isinstance(e, ir.IsNull):
            return V("bool", FALSE, self.expr(e.arg, env, members).null)
        if isinstance(e, ir.InList):
            x = self.expr(e.arg, env, members)
            eqs = [self.cmp("=", x, self.expr(i, env, members)) for i in e.items]
            return _in(x, [(TRUE, q) for q in eqs])
        if isinstance(e, ir.InSub) and isinstance(e.arg, ir.RowVal):
            xs = [self.expr(a, env, members) for a in e.arg.items]
            xs = [self.numeric_affinity(x) if c == "left" else x for x, c in zip(xs, e.convs, strict=True)]
            items = []
            for r in self.sub(e.query, env):
                eqs = [self.cmp("=", x, self.numeric_affinity(v) if c == "right" else v)
                       for x, v, c in zip(xs, r.vals, e.convs, strict=True)]
                t, f = _and(*[q.is_true for q in eqs]), _or(*[q.is_false for q in eqs])
                items.append((r.exists, V("bool", _and(_not(t), _not(f)), t)))
            return _in(NULLV, items)
        if isinstance(e, ir.InSub):
            x = self.expr(e.arg, env, members)
            rows = self.sub(e.query, env)
            if e.conv == "left":
                x = self.numeric_affinity(x)
            conv = self.numeric_affinity if e.conv == "right" else (lambda v: v)
            return _in(x, [(r.exists, self.cmp("=", x, conv(r.vals[0]))) for r in rows])
        if isinstance(e, ir.Exists):
            rows = self.sub(e.query, env)
            return V("bool", FALSE, z3.Or([r.exists for r in rows]) if rows else FALSE)
        if isinstance(e, ir.ScalarSub):
            rows = self.sub(e.query, env)
            out = V(e.ty, TRUE, _zero(e.ty))
            for r in reversed(rows):
                first = r.exists if r.pos is None else z3.And(r.exists, r.pos == 0)
                out = _ite(first, r.vals[0], out, e.ty)
            return out
        if isinstance(e, ir.Like):
            x = self.expr(e.arg, env, members)
            codes = self.dom.like_codes(e.pattern)
            return V("bool", x.null, z3.Or([x.val == c for c in codes]) if codes else FALSE)
        if isinstance(e, ir.Case):
            out = self.expr(e.default, env, members)
            for cond, val in reversed(e.whens):
                c = self.expr(cond, env, members)
                out = _ite(c.is_true, self.expr(val, env, members), out, e.ty if e.ty != "null" else "int")
            return out if e.ty != "null" else NULLV
        if isinstance(e, ir.Func):
            return self.func(e, [self.expr(a, env, members) for a in e.args])
        if isinstance(e, ir.Lookup):
            x = self.expr(e.arg, env, members)
            return NULLV if x.ty == "null" else self.lookup(e.template, x, e.ty)
        if isinstance(e, ir.Window):
            if self._window is None or self._window[0] is None:
                raise UnsupportedSQL("window function here")
            table, i = self._window
            return table[(id(e), i)]
        if isinstance(e, ir.Agg):
            if members is None:
                raise UnsupportedSQL("aggregate outside an aggregate query")
            return self.agg(e, members)
        raise UnsupportedSQL(type(e).__name__)

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
        out = V(ty, _or(x.null, fnull(code)) if fnull is not None else x.null, fval(code))
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
        sort = z3.RealSort() if ty == "real" else z3.IntSort()
        fval = z3.Function(name + "!val", z3.IntSort(), sort)
        fnull = z3.Function(name + "!null", z3.IntSort(), z3.BoolSort())
        fout = z3.Function(name + "!out", z3.IntSort(), z3.BoolSort())
        axioms, any_null, any_out = [], False, False
        for i, v in enumerate(res):
            is_null, is_out, val = False, False, _zero(ty)
            if v is None:
                is_null = True
            elif ty == "text":
                if isinstance(v, str) and v in self.dom:
                    val = z3.IntVal(self.dom.code(v))
                else:
                    is_out = True
            elif ty == "int" and isinstance(v, int):
                val = z3.IntVal(v)
            elif ty == "real" and isinstance(v, (int, float)):
                f = Fraction(v)
                val = z3.RealVal(f"{f.numerator}/{f.denominator}")
            else:
                raise UnsupportedSQL(f"function {template} with values of several types")
            any_null |= is_null
            any_out |= is_out
            axioms.append((i, is_null, is_out, val))
        for i, is_null, is_out, val in axioms:
            self.db.constraints.append(fval(i) == val)
            if any_null:
                self.db.constraints.append(fnull(i) == z3.BoolVal(is_null))
            if any_out:
                self.db.constraints.append(fout(i) == z3.BoolVal(is_out))
        out = (fval, fnull if any_null else None, fout if any_out else None)
        self._tables[key] = out
        return out

    def sub(self, q: ir.Query, env) -> list[Row]:
        if not ir.free_aliases(q):
            key = id(q)
            if key not in self._uncorrelated:
                self._uncorrelated[key] = self.query(q, {})
            return self._uncorrelated[key]
        return self.query(q, env)

    def lit(self, e: ir.Lit) -> V:
        if e.ty == "null":
            return NULLV
        if e.ty == "int":
            return V("int", FALSE, z3.IntVal(int(e.value)))
        if e.ty == "real":
            f = Fraction(e.value)
            return V("real", FALSE, z3.RealVal(f"{f.numerator}/{f.denominator}"))
        return V("text", FALSE, z3.IntVal(self.dom.code(e.value)))

    def arith(self, op: str, a: V, b: V, ty: str) -> V:
        if a.ty == "null" or b.ty == "null":
            return NULLV
        x, y = _as(a, ty), _as(b, ty)
        null = z3.Or(a.null, b.null)
        if op == "+":
            return V(ty, null, x + y)
        if op == "-":
            return V(ty, null, x - y)
        if op == "*":
            return V(ty, null, x * y)
        if op == "/":
            rng = _int_range(y)
            if rng is not None and not z3.is_rational_value(y) and rng[1] - rng[0] <= MAX_CASES:
                # a divisor with few possible values (a COUNT): one case per value keeps
                # the arithmetic linear (x / 3 instead of x / y)
                out = _zero(ty)
                for v in range(rng[1], rng[0] - 1, -1):
                    if v != 0:
                        q = x / z3.RealVal(v) if ty == "real" else _tdiv(x, z3.IntVal(v))
                        out = z3.If(y == v, q, out)
                return V(ty, z3.Or(null, y == 0), out)
            if ty == "real":
                return V(ty, z3.Or(null, y == 0), x / y)
            return V(ty, z3.Or(null, y == 0), _tdiv(x, y))
        # % on integers: the sign follows the dividend
        return V(ty, z3.Or(null, y == 0), x - y * _tdiv(x, y))

    def numeric_affinity(self, t: V) -> V:
        """A text value under NUMERIC affinity: a ``num`` value (Real) when its string looks
        like a number, else it stays text (``val`` keeps the code for the text order)."""
        isnum, num = numeric_codes(self.dom, t.val)
        return V("textnum", t.null, (isnum, num, t.val))

    def cmp(self, op: str, a: V, b: V) -> V:
        if a.ty == "null" or b.ty == "null":
            return V("bool", TRUE, FALSE)
        if a.ty == "textnum" or b.ty == "textnum":
            flip = b.ty == "textnum"
            t, x = (b, a) if flip else (a, b)
            isnum, num, code = t.val
            as_num = self.cmp(op, V("real", t.null, num), x) if flip is False else self.cmp(op, x, V("real", t.null, num))
            # not a number: text sorts after every number
            lt = z3.BoolVal(op in ("!=", ">", ">=")) if not flip else z3.BoolVal(op in ("!=", "<", "<="))
            return V("bool", z3.Or(t.null, x.null), z3.If(isnum, as_num.val, lt))
        null = z3.Or(a.null, b.null)
        if a.ty == "bool" or b.ty == "bool":
            raise UnsupportedSQL("comparison of a condition")
        if a.ty == b.ty or (_num(a.ty) and _num(b.ty)):
            ty = "real" if "real" in (a.ty, b.ty) else a.ty
            x, y = _as(a, ty), _as(b, ty)
        else:  # a number and a text without conversion: numbers sort first
            x, y = (z3.IntVal(0), z3.IntVal(1)) if _num(a.ty) else (z3.IntVal(1), z3.IntVal(0))
        r = {"=": lambda: x == y, "!=": lambda: x != y, "<": lambda: x < y, "<=": lambda: x <= y,
             ">": lambda: x > y, ">=": lambda: x >= y}[op]()
        return V("bool", null, r)

    def func(self, e: ir.Func, args: list[V]) -> V:
        n = e.name
        if n == "truth":
            a = args[0]
            return V("bool", a.null, a.val != _zero(a.ty)) if a.ty != "null" else V("bool", TRUE, FALSE)
        if n == "bool_int":
            a = args[0]
            return V("int", a.null, z3.If(a.val, z3.IntVal(1), z3.IntVal(0)))
        if n == "coalesce":
            if e.ty == "null":
                return NULLV
            out = args[-1]
            for a in reversed(args[:-1]):
                out = _ite(z3.Not(a.null), a, out, e.ty)
            return out
        if n == "nullif":
            a, b = args
            same = self.cmp("=", a, b).is_true
            return V(a.ty, z3.Or(a.null, same), a.val) if a.ty != "null" else NULLV
        if n == "abs":
            a = args[0]
            return NULLV if a.ty == "null" else V(a.ty, a.null, z3.If(a.val < 0, -a.val, a.val))
        if n == "cast_int":
            a = args[0]
            if a.ty == "int":
                return a
            return V("int", a.null, z3.If(a.val >= 0, z3.ToInt(a.val), -z3.ToInt(-a.val)))
        if n == "cast_real":
            a = args[0]
            return V("real", a.null, _as(a, "real"))
        if n == "round":  # exact on rationals: halves away from zero, as SQLite rounds
            a = args[0]
            if a.ty == "null":
                return NULLV
            if a.ty == "int":
                return V("real", a.null, _to_real(a.val))
            scale = z3.RealVal(10 ** e.args[1].value)
            y = a.val * scale
            half = z3.RealVal(Fraction(1, 2))
            r = z3.If(y >= 0, z3.ToInt(y + half), -z3.ToInt(half - y))
            return V("real", a.null, z3.ToReal(r) / scale)
        raise UnsupportedSQL(f"function {n}")

    def agg(self, e: ir.Agg, members) -> V:
        if e.fn == "count_star":
            return V("int", FALSE, _count([c for c, _ in members]))
        vals = [(c, self.expr(e.arg, env)) for c, env in members]
        return self._aggregate(e.fn, e.distinct, e.ty, e.arg.ty, vals)

    def _aggregate(self, fn: str, distinct: bool, ty: str, arg_ty: str, vals) -> V:
        """``fn`` (count sum total avg min max) over the values ``(present, V)``."""
        e = _AggSpec(fn, distinct, ty, arg_ty)
        live = [(z3.And(c, z3.Not(v.null)), v) for c, v in vals]
        if e.distinct:
            live = [(z3.And(c, z3.Not(z3.Or([z3.And(live[k][0], veq(live[k][1], v)) for k in range(j)]))) if j else c, v)
                    for j, (c, v) in enumerate(live)]
        cnt = _count([c for c, _ in live])
        if e.fn == "count":
            return V("int", FALSE, cnt)
        if e.arg_ty == "null" and e.fn != "total":
            return NULLV
        if e.fn in ("sum", "total", "avg"):
            ty = "real" if e.fn != "sum" else e.ty
            total = z3.Sum([z3.If(c, _as(v, ty if ty != "null" else "int"), _zero(ty)) for c, v in live]) if live else _zero(ty)
            if e.fn == "total":
                return V("real", FALSE, total)
            if e.fn == "sum":
                return V(ty, cnt == 0, total)
            avg = z3.RealVal(0)
            for k in range(len(live), 0, -1):
                avg = z3.If(cnt == k, total / k, avg)
            return V("real", cnt == 0, avg)
        # min / max
        out = V(e.ty, TRUE, _zero(e.ty))
        for c, v in live:
            better = vless(v, out) if e.fn == "min" else vless(out, v)
            out = _ite(z3.And(c, z3.Or(out.null, better)), v, out, e.ty)
        return out


def _null_env(src) -> dict:
    """The columns of a source as NULLs (the missing side of an outer join)."""
    def null(ty):
        return NULLV if ty == "null" else V(ty, TRUE, _zero(ty))

    if isinstance(src, ir.Scan):
        return {src.alias: {c: null(ty) for c, ty, _ in src.columns}}
    if isinstance(src, ir.Derived):
        return {src.alias: {n: null(ir._ty(i)) for n, i in zip(src.names, src.query.items, strict=True)}}
    if isinstance(src, ir.Values):
        return {src.alias: {n: null(ty) for n, ty in zip(src.names, src.types, strict=True)}}
    return {**_null_env(src.left), **_null_env(src.right)}


@dataclass(frozen=True)
class _AggSpec:
    fn: str
    distinct: bool
    ty: str
    arg_ty: str


class _WindowRows:
    """The rows of a select as one window (PARTITION BY, ORDER BY) sees them: for rows j
    and i, ``part`` (same partition), ``less`` (j sorts strictly before i's peers), ``peer``
    (same ORDER BY values; every row of the partition without ORDER BY), ``before`` (j
    comes before i: ``less``, or a peer at an earlier input position), and per row ``pos``
    (0-based position in its partition), ``size`` (rows of its partition)."""

    def __init__(self, enc: Encoder, w: ir.Window, groups):
        self.n = n = len(groups)
        self.live = [g[0] for g in groups]
        parts = [[enc.expr(p, scope, members) for p in w.partition] for _, scope, members in groups]
        self.keys = [[enc.expr(k, scope, members) for k, _ in w.order] for _, scope, members in groups]
        self.desc = [d for _, d in w.order]
        self.part = [[TRUE if i == j else rows_eq(parts[j], parts[i]) for i in range(n)] for j in range(n)]
        self.less = [[_and(self.part[j][i], _lex_less_desc(self.keys[j], self.keys[i], self.desc))
                      if w.order and i != j else FALSE for i in range(n)] for j in range(n)]
        self.peer = [[TRUE if i == j else _and(self.part[j][i], rows_eq(self.keys[j], self.keys[i]))
                      for i in range(n)] for j in range(n)]
        self.before = [[_or(self.less[j][i], self.peer[j][i]) if j < i else self.less[j][i]
                        for i in range(n)] for j in range(n)]
        for j in range(n):
            self.before[j][j] = FALSE
        self.pos = [_count([_and(self.live[j], self.before[j][i]) for j in range(n) if j != i])
                    for i in range(n)]
        self.size = [_count([_and(self.live[j], self.part[j][i]) for j in range(n)]) for i in range(n)]
        self._group: list | None = None

    def tied(self):
        """Two present rows of one partition with the same ORDER BY values."""
        return _or(*[_and(self.live[i], self.live[j], self.peer[j][i])
                     for i in range(self.n) for j in range(i)])

    def rank(self, i):
        return _count([_and(self.live[j], self.less[j][i]) for j in range(self.n) if j != i]) + 1

    def dense_rank(self, i):
        return self.group(i) + 1

    def group(self, i):
        """The 0-based index of i's peer group in its partition (GROUPS frames)."""
        if self._group is None:
            first = [_and(self.live[j], _not(_or(*[_and(self.live[k], self.peer[k][j]) for k in range(j)])))
                     for j in range(self.n)]
            self._group = [_count([_and(first[j], self.less[j][i]) for j in range(self.n) if j != i])
                           for i in range(self.n)]
        return self._group[i]

    def in_frame(self, frame, j: int, i: int):
        """Is row j (of i's partition) in the frame of row i?"""
        unit, start, end, exclude = frame
        cond = _and(self._bound(unit, start, j, i, True), self._bound(unit, end, j, i, False))
        if exclude == "current row":
            cond = _and(cond, TRUE if j != i else FALSE)
        elif exclude == "group":
            cond = _and(cond, _not(self.peer[j][i]))
        elif exclude == "ties":
            cond = _and(cond, TRUE if j == i else _not(self.peer[j][i]))
        return cond

    def _bound(self, unit, bound, j, i, is_start: bool):
        kind, off = bound
        if kind.startswith("unbounded"):
            return TRUE
        if unit in ("range", "groups") and kind == "current":
            # the frame starts at i's first peer and ends at its last
            return _not(self.less[j][i]) if is_start else _not(self.less[i][j])
        if unit == "rows":
            a, b = self.pos[j], self.pos[i]
        elif unit == "groups":
            a, b = self.group(j), self.group(i)
        else:
            return self._range_offset(kind, off, j, i, is_start)
        delta = 0 if kind == "current" else (-off if kind == "preceding" else off)
        return a >= b + delta if is_start else a <= b + delta

    def _range_offset(self, kind, off, j, i, is_start: bool):
        """RANGE ``off`` PRECEDING/FOLLOWING over one numeric key, as SQLite reads it: the
        bound compares the key in sort order (negated when descending), where a NULL key
        sorts first ascending and last descending; on a row whose key is NULL the bound is
        the edge of its peer group of NULLs."""
        x, y = self.keys[j][0], self.keys[i][0]
        desc = self.desc[0]
        peers_edge = _not(self.less[j][i]) if is_start else _not(self.less[i][j])
        if y.ty == "null":
            return peers_edge
        # j NULL, i not: before every bound ascending, after every bound descending
        x_null = (TRUE if desc else FALSE) if is_start else (FALSE if desc else TRUE)
        if x.ty == "null":
            return z3.If(y.null, peers_edge, x_null)
        delta = Fraction(-off if kind == "preceding" else off)
        ty = "real" if "real" in (x.ty, y.ty) or delta.denominator != 1 else "int"
        xv, yv = _as(x, ty), _as(y, ty)
        d = z3.RealVal(f"{delta.numerator}/{delta.denominator}") if ty == "real" else z3.IntVal(int(delta))
        if not desc:  # x >= y + delta at the start, x <= y + delta at the end
            num = xv >= yv + d if is_start else xv <= yv + d
        else:  # the sort key is -x: -x >= -y + delta, i.e. x <= y - delta
            num = xv <= yv - d if is_start else xv >= yv - d
        return z3.If(y.null, peers_edge, z3.If(x.null, x_null, num))


def _windows_of(exprs) -> list:
    """The window functions of a select's items and ORDER BY keys (not in subqueries)."""
    out = []
    for y in ir.local_nodes(tuple(exprs)):
        if isinstance(y, ir.Window) and all(y is not w for w in out):
            out.append(y)
    return out


def _pick_scope(scope, members, pick, outer):
    """Every column of the members' own tables, read from member row ``pick``."""
    out = dict(scope)
    first_env = members[0][1] if members else scope
    for alias, cols in first_env.items():
        if alias in outer:
            continue  # a column of an outer query: the same in every member
        picked = {}
        for col, v0 in cols.items():
            val = V(v0.ty, TRUE, _zero(v0.ty)) if v0.ty != "null" else NULLV
            for j, (_, env) in enumerate(members):
                val = _ite(pick == j, env[alias][col], val, v0.ty) if v0.ty != "null" else NULLV
            picked[col] = val
        out[alias] = picked
    return out


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


def _distinct_flags(rows: list[Row], budget: Budget | None = None):
    _spend(budget, len(rows) * len(rows) // 2 + 1)
    return [z3.And(r.exists, z3.Not(z3.Or([z3.And(rows[j].exists, rows_eq(rows[j].vals, r.vals)) for j in range(i)])))
            if i else r.exists for i, r in enumerate(rows)]


def _distinct(rows: list[Row], budget: Budget | None = None) -> list[Row]:
    return [Row(k, r.vals) for k, r in zip(_distinct_flags(rows, budget), rows, strict=True)]


def _order_limit(rows: list[Row], keys, desc, limit, offset, ordered: bool, amb: list | None = None,
                 tie_perm=None, budget: Budget | None = None) -> list[Row]:
    """Rank rows, then cut LIMIT/OFFSET. Ties on the ORDER BY keys are broken by the
    selected values, then by input position, the same rule for every query; ``amb``
    collects, per LIMIT, the condition under which a tie straddles the cut (SQLite may
    then pick other rows)."""
    if not ordered and limit is None and not offset:
        return rows
    n = len(rows)
    ranks, ties = [], {}
    tv = [list(r.vals) if tie_perm is None else [r.vals[j] for j in tie_perm] for r in rows]
    for i in range(n):
        _spend(budget, n)
        before = []
        for j in range(n):
            if j == i:
                continue
            if ordered:
                same_keys = rows_eq(keys[j], keys[i])
                ties[(j, i)] = z3.And(rows[j].exists, rows[i].exists, same_keys,
                                      z3.Not(rows_eq(rows[j].vals, rows[i].vals)))
                by_vals = _lex_less(tv[j], tv[i])
                if j < i:
                    by_vals = z3.Or(by_vals, rows_eq(rows[j].vals, rows[i].vals))
                prec = z3.Or(_lex_less_desc(keys[j], keys[i], desc), z3.And(same_keys, by_vals))
            else:
                prec = TRUE if j < i else FALSE
            if not z3.is_false(prec):
                before.append(z3.And(rows[j].exists, prec))
        ranks.append(_count(before))
    out = []
    keep = []
    for r, rank in zip(rows, ranks, strict=True):
        ex = r.exists
        k = TRUE
        if offset:
            k = z3.And(k, rank >= offset)
        if limit is not None:
            k = z3.And(k, rank < offset + limit)
        keep.append(k)
        out.append(Row(z3.And(ex, k), r.vals, rank - offset if offset else rank))
    if amb is not None and (limit is not None or offset):
        if ordered:
            amb.append(z3.Or([z3.And(t, keep[i], z3.Not(keep[j])) for (j, i), t in ties.items()] or [FALSE]))
        else:
            amb.append(_count([r.exists for r in rows]) > offset + (limit if limit is not None else 0))
    return out


def _lex_less_desc(a: list[V], b: list[V], desc: list[bool]):
    out = FALSE
    for x, y, d in reversed(list(zip(a, b, desc, strict=True))):
        less = vless(y, x) if d else vless(x, y)
        out = z3.Or(less, z3.And(veq(x, y), out))
    return out


# --------------------------------------------------------------------------- differences


def difference(gold: list[Row], pred: list[Row], semantics: str, ncols: tuple[int, int],
               budget: Budget | None = None, *, empty_equal: bool = False):
    """A formula true exactly when the two results differ under ``semantics``
    (``empty_equal``: two empty results are equal whatever their columns, as the official
    evaluators compare)."""
    if ncols[0] != ncols[1]:
        return _or(*[r.exists for r in gold + pred]) if empty_equal else TRUE
    if semantics == "set":
        return z3.Or(_missing(gold, pred, budget), _missing(pred, gold, budget))
    if semantics == "bag":
        parts = []
        for r in gold + pred:
            _spend(budget, len(gold) + len(pred))
            cg = _count([z3.And(s.exists, rows_eq(s.vals, r.vals)) for s in gold])
            cp = _count([z3.And(s.exists, rows_eq(s.vals, r.vals)) for s in pred])
            parts.append(z3.And(r.exists, cg != cp))
        return z3.Or(parts) if parts else FALSE
    # list: sizes differ, or some position holds different rows
    size = _count([r.exists for r in gold]) != _count([r.exists for r in pred])
    parts = [size]
    for g in gold:
        for p in pred:
            parts.append(z3.And(g.exists, p.exists, _pos(g, gold) == _pos(p, pred), z3.Not(rows_eq(g.vals, p.vals))))
    return z3.Or(parts)


def _pos(r: Row, rows: list[Row]):
    if r.pos is not None:
        return r.pos
    i = next(k for k, s in enumerate(rows) if s is r)
    return _count([s.exists for s in rows[:i]])


def _missing(a: list[Row], b: list[Row], budget: Budget | None = None):
    parts = []
    for r in a:
        _spend(budget, len(b) + 1)
        parts.append(_and(r.exists, _not(_or(*[_and(s.exists, rows_eq(r.vals, s.vals)) for s in b]))))
    return _or(*parts)
