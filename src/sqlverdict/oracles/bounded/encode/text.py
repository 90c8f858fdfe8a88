"""Text as codes: ``TextDomain`` (finite, sorted in SQLite's BINARY order), LIKE as match
sets, SQLite functions applied to the domain, numeric renderings of text."""

from __future__ import annotations

import re
import sqlite3
import threading
import time
from fractions import Fraction

import z3

from ....engine.execute import scratch_database
from ....errors import UnsupportedSQL
from .. import ir
from ..ir.kinds import Ty
from ..ir.likes import like_tokens
from .values import _or


def like_regex(pattern: str, escape: str = "") -> re.Pattern:
    """SQLite LIKE: ``%`` any run, ``_`` one character, ASCII case folded; ``escape``
    (``ir.likes``) makes the next character literal, and a pattern ending in it matches
    nothing."""
    tokens, dangling = like_tokens(pattern, escape or None)
    if dangling:
        return re.compile("(?!)")
    out = [".*" if k == "%" else "." if k == "_" else re.escape(ch) for k, ch in tokens]
    return re.compile("".join(out), re.ASCII | re.IGNORECASE | re.DOTALL)


def like_match(pattern: str, s: str, escape: str = "") -> bool:
    """
    >>> like_match("a%", "ABC"), like_match("_b", "ab"), like_match("%é%", "É")
    (True, True, False)
    >>> like_match("a!%", "A%", "!"), like_match("a!%", "ab", "!"), like_match("a!", "a!", "!")
    (True, False, False)
    """
    return like_regex(pattern, escape).fullmatch(s) is not None


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


_APPLY = threading.local()  # .conn, .deadline: one guarded connection per thread


def sqlite_apply(template: str, s: str):
    """SQLite's own value of a one-argument expression (``?`` is the argument), computed
    under the read-only guard (the template is the user's SQL) with a time budget per call.
    Called for every string of the domain, so the budget is a progress handler installed
    once per thread (``run_query`` installs one per call: 10x the cost of the call
    itself)."""
    key = (template, s)
    hit = _APPLIED.get(key, _APPLIED)
    if hit is not _APPLIED:
        return hit
    if not hasattr(_APPLY, "conn"):
        deadline = [0.0]
        _APPLY.conn, _APPLY.deadline = scratch_database(), deadline
        _APPLY.conn.set_progress_handler(lambda: 1 if time.monotonic() > deadline[0] else 0, 2000)
    conn, deadline = _APPLY.conn, _APPLY.deadline
    params = {ir.ARG: s} if f":{ir.ARG}" in template else (s,)
    deadline[0] = time.monotonic() + APPLY_TIMEOUT_S
    try:
        row = conn.execute(f"SELECT {template}", params).fetchone()
    except (sqlite3.Error, sqlite3.Warning, OverflowError, MemoryError, ValueError) as e:
        raise UnsupportedSQL(f"function {template}", str(e)) from None
    value = row[0] if row else None
    if len(_APPLIED) > 500_000:
        _APPLIED.clear()
    _APPLIED[key] = value
    return value


_PREIMAGE_BASES = ("2000-01-01 00:00:00", "xxxxxxxxxxxx", "000000000000", "")
MAX_PREIMAGES = 200
MAX_NUMBER_GOALS = 16  # numbers of the queries a numeric function of text is solved for
MAX_RUN = 400  # longest run of 'x' tried for LENGTH / INSTR goals


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
        if ty == Ty.TEXT:  # the literals, and the spellings of numbers a CAST compares
            # (a CAST reads a prefix: '3-' is 3 too)
            spelled = _spellings(numbers)
            spelled |= {f"{x}-" for x in spelled} | {f" {x}" for x in spelled}
            goals = [lit for lit in sorted(set(literals) | spelled) if 0 < len(lit) <= 12]
            cands = (b[:p] + lit + b[p + len(lit):] for lit in goals for b in _PREIMAGE_BASES
                     for p in range(len(b) + 1))
            wanted = set(goals)
        else:
            goals = sorted({int(n) for n in numbers if isinstance(n, (int, float))
                            and not isinstance(n, bool) and n == int(n) and abs(n) < 10 ** 9},
                           key=abs)[:MAX_NUMBER_GOALS]
            cands = _numeric_preimages(goals, literals)
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


def _spellings(numbers) -> set[str]:
    """How the integers among ``numbers`` are written in text: ``3``, ``03``, ``0003``."""
    out: set[str] = set()
    for n in numbers:
        if isinstance(n, (int, float)) and not isinstance(n, bool) and n == int(n) and abs(n) < 10 ** 9:
            n = int(n)
            out |= {str(n)} | ({f"{n:02d}", f"{n:04d}"} if 0 <= n < 10000 else set())
    return out


def _numeric_preimages(goals: list[int], literals):
    """Candidates for a function of text with a numeric result: runs of 'x' (``LENGTH(x) =
    57``), a literal after a run (``INSTR(x, 'abc') = 45``), and the number's spellings
    (``12``, ``03``, ``0003``) written into the base strings at every position
    (``CAST(SUBSTR(d, 6, 2) AS INTEGER) = 3``)."""
    runs = [n for n in goals if 0 <= n <= MAX_RUN]
    yield from ("x" * n for n in runs)
    yield from ("x" * (n - 1) + lit for n in runs if n >= 1 for lit in [*sorted(literals), "x"])
    for n in goals:
        for lit in sorted(_spellings([n])):
            yield from (b[:p] + lit + b[p + len(lit):] for b in _PREIMAGE_BASES
                        for p in range(len(b) + 1))


def _day_spans(literals, spans) -> set[str]:
    """Dates ``n`` and ``n + 1`` days (and months) from each date literal, for differences
    of days (``julianday(d) - julianday('2020-01-01') > 400``)."""
    import datetime as dt

    out: set[str] = set()
    for m in sorted(literals):
        try:
            d = dt.date.fromisoformat(m[:10])
        except ValueError:
            continue
        for n in spans:
            for k in (n - 1, n, n + 1):
                for sign in (1, -1):
                    try:
                        out.add((d + dt.timedelta(days=sign * k)).isoformat())
                    except OverflowError:
                        continue
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
            # a year literal, as text or as a number (``CAST(strftime('%Y', d) AS INTEGER) =
            # 2021``: EXTRACT(YEAR FROM d) translated)
            year_lits = [lit for lit in literals if re.fullmatch(r"\d{4}", lit)]
            year_lits += [str(int(n)) for n in numbers if isinstance(n, (int, float))
                          and not isinstance(n, bool) and n == int(n) and 1000 <= n <= 2999]
            for lit in year_lits:
                base |= {f"{lit}-01-01", f"{lit}-07-15 10:00:00"}
            # ages and spans: a year literal (or the year of a date) plus or minus a number
            years = sorted({int(m[:4]) for m in literals if re.match(r"\d{4}(-\d\d-\d\d.*)?$", m)})
            spans = sorted({int(n) for n in numbers if isinstance(n, (int, float)) and n == int(n)
                            and 0 < n < 10000})
            for y in years[:6]:
                for n in spans[:6]:
                    for z in (y - n, y + n, y - n - 1):
                        if 0 < z < 10000:
                            base.add(f"{z:04d}-06-15")
            base |= _day_spans(literals, spans[:6])
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
                if ty == Ty.TEXT:
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

    def like_codes(self, pattern: str, escape: str = "") -> list[int]:
        rx = like_regex(pattern, escape)
        return [i for i, s in enumerate(self.strings) if rx.fullmatch(s)]


# --------------------------------------------------------------------------- values


def numeric_codes(s, dom: TextDomain, code) -> tuple:
    """(is the string of ``code`` a number, that number as a Real) over the domain, in the
    session ``s``."""
    nums = [(i, ir.numeric_text(x)) for i, x in enumerate(dom.strings)]
    nums = [(i, v) for i, v in nums if v is not None]
    isnum = _or(s, *[code == i for i, _ in nums])
    num = z3.RealVal(0, s.ctx)
    for i, v in nums:
        f = Fraction(v)
        num = z3.If(code == i, z3.RealVal(f"{f.numerator}/{f.denominator}", s.ctx), num)
    return isnum, num


def numeric_renderings(s, dom: TextDomain, ty: str) -> list[tuple[int, object]]:
    """(code, number) for the domain strings that are how SQLite renders a number of type
    ``ty`` as text ('2' for 2, '2.5' and '2.0' for reals); reals as terms of the session
    ``s``."""
    out = []
    for i, x in enumerate(dom.strings):
        v = ir.numeric_text(x)
        if v is None:
            continue
        if ty == Ty.INT and isinstance(v, int) and x == str(v):
            out.append((i, v))
        elif ty == Ty.REAL and x == ir.text_of_number(float(v)):
            f = Fraction(float(v))
            out.append((i, z3.RealVal(f"{f.numerator}/{f.denominator}", s.ctx)))
    return out


