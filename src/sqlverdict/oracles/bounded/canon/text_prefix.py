"""Text prefixes as ranges (issue 25, i38b): ``substr_prefix_as_range``,
``folded_prefix_as_like``, ``like_prefix_as_range``, ``glob_prefix_as_range``.

``x`` is a column of a base table with TEXT affinity: SQLite stores a number there as text,
so it holds text, a BLOB or NULL. ``p`` is a text literal of ASCII characters (no NUL), of
``m`` characters; ``q`` is ``p`` with its last character incremented (below 0x7f). BINARY
collation compares the bytes (memcmp, then length), and an ASCII character is one byte, so
a text ``x`` starts with ``p`` exactly when ``p <= x AND x < q``; SUBSTR counts characters,
but its first ``m`` characters are ``p`` exactly when the first ``m`` bytes are (also on
text that is not valid UTF-8: a character SQLite reads as ASCII is that byte). On text:

- ``SUBSTR(x, 1, n) op p`` (either side): for ``m <= n``, ``<`` and ``>=`` keep ``p`` (both
  sides compare the same leading bytes; ``SUBSTR`` reads text up to a NUL, and ``x`` equal
  to ``p``, a NUL and more is greater than ``p`` where its ``SUBSTR`` equals ``p``: so ``<=``,
  ``>``, ``=`` and ``<>`` need ``m = n``); for ``m = n``: ``=`` is ``p <= x AND x < q``,
  ``<>`` its negation, ``<=`` is ``x < q`` and ``>`` is ``x >= q``. No affinity converts
  either side (``SUBSTR`` has none; ``x``'s TEXT affinity leaves the text ``p`` as it is).
  NULL stays NULL.
- ``LOWER(SUBSTR(x, 1, n)) = p`` (``p`` in lower case, ``n`` characters, no ``%``, ``_``,
  ``\\``; ``UPPER`` and upper case alike) is ``x LIKE 'p%'``: LOWER and LIKE fold ASCII only.
  In the typed domain only: on a BLOB, LOWER reads its bytes as text where LIKE matches
  nothing, and a rewriting proof's attack finds such a BLOB at once.
- ``x LIKE 'p%'`` (``p`` without ``%``, ``_``, the escape character or an ASCII letter) is
  ``p <= x AND x < q``: LIKE compares ASCII characters byte for byte (a letter would fold
  case), ``%`` at the end matches any rest; every pattern's ASCII letters are read in lower
  case (LIKE folds them). ``x GLOB 'p*'`` (``p`` without ``* ? [ ]``) alike, case and all.

BLOBs break these laws: ``SUBSTR`` of the empty BLOB is NULL where the BLOB itself compares
above every text, and LOWER reads a BLOB's bytes as text where this SQLite's LIKE and GLOB
never match a BLOB. Each law reads ``x`` through a text function, LIKE or GLOB, so a
rewriting proof that uses one states ``text_columns_hold_text`` (``prover._blobs``; none in
the typed domain, where TEXT columns hold text), and the attack puts BLOBs there.
"""

from __future__ import annotations

import dataclasses
import re

from .. import ir
from ..ir.kinds import Affinity, CmpOp, Conv, FuncName, LogicOp, Ty
from .terms import _deep

_SUBSTR = re.compile(r"SUBSTR(?:ING)?\(\?, 1, ([1-9][0-9]*)\)")
_GLOB = re.compile(r":sqlverdict_arg GLOB '((?:[^']|'')*)'")
_FOLD = {"LOWER(?)": str.lower, "UPPER(?)": str.upper}
_MIRROR = {CmpOp.LT: CmpOp.GT, CmpOp.GT: CmpOp.LT, CmpOp.LE: CmpOp.GE, CmpOp.GE: CmpOp.LE,
           CmpOp.EQ: CmpOp.EQ, CmpOp.NE: CmpOp.NE}


def text_columns(q) -> frozenset[tuple[str, str]]:
    """(alias, column) of every base-table column of TEXT affinity in ``q``, its
    subqueries and derived tables; an alias two sources share is left out."""
    seen: dict[str, object] = {}
    shared: set[str] = set()
    for y in ir.nodes(q):
        if isinstance(y, (ir.Scan, ir.Derived, ir.Values)):
            if y.alias in seen and seen[y.alias] != y:
                shared.add(y.alias)
            seen[y.alias] = y
    return frozenset((a, name) for a, y in seen.items() if a not in shared and isinstance(y, ir.Scan)
                     for name, _, aff in y.columns if aff == Affinity.TEXT)


def _is_text_col(e, cols) -> bool:
    return (isinstance(e, ir.Col) and e.affinity == Affinity.TEXT and e.ty == Ty.TEXT
            and (e.alias, e.name) in cols)


def _ascii(e) -> str | None:
    """The value of a text literal of ASCII characters without NUL, else None."""
    if (isinstance(e, ir.Lit) and e.ty == Ty.TEXT and isinstance(e.value, str) and e.value
            and all(0 < ord(c) < 0x80 for c in e.value)):
        return e.value
    return None


def _successor(p: str) -> str | None:
    return p[:-1] + chr(ord(p[-1]) + 1) if ord(p[-1]) < 0x7F else None


def _cmp(op, x, s: str):
    return ir.Cmp(op, x, ir.Lit(s, Ty.TEXT))


def _range(x, p: str, q: str):
    return ir.Logic(LogicOp.AND, (_cmp(CmpOp.GE, x, p), _cmp(CmpOp.LT, x, q)))


def _substr_of(e, cols):
    """(x, n) of ``SUBSTR(x, 1, n)`` of a TEXT column, else None."""
    if isinstance(e, ir.Lookup) and _is_text_col(e.arg, cols):
        m = _SUBSTR.fullmatch(e.template)
        if m:
            return e.arg, int(m.group(1))
    return None


def _oriented(e):
    """(op, left, right) of a comparison without conversion, and mirrored."""
    if isinstance(e, ir.Cmp) and e.op in _MIRROR and e.conv == Conv.NONE:
        return ((e.op, e.left, e.right), (_MIRROR[e.op], e.right, e.left))
    return ()


def _substr_range(e, cols):
    if isinstance(e, ir.InList) and e.items and _substr_of(e.arg, cols) is not None:
        # x IN (a, b) is x = a OR x = b (as ``terms._normalize`` reads it), each then read
        return ir.Logic(LogicOp.OR, tuple(_substr_range(ir.Cmp(CmpOp.EQ, e.arg, it), cols)
                                          for it in e.items))
    for op, s, lit in _oriented(e):
        sub, p = _substr_of(s, cols), _ascii(lit)
        if sub is None or p is None:
            continue
        (x, n), m = sub, len(p)
        if m <= n and op in (CmpOp.LT, CmpOp.GE):
            return _cmp(op, x, p)
        q = _successor(p)
        if m != n or q is None:
            return e
        if op == CmpOp.EQ:
            return _range(x, p, q)
        if op == CmpOp.NE:
            return ir.Logic(LogicOp.OR, (_cmp(CmpOp.LT, x, p), _cmp(CmpOp.GE, x, q)))
        return _cmp(CmpOp.LT if op == CmpOp.LE else CmpOp.GE, x, q)
    return e


def _lower_ascii(s: str) -> str:
    return "".join(c.lower() if c.isascii() else c for c in s)


def _like_range(e, cols):
    if not (isinstance(e, ir.Like) and e.escape in ("", "\\")):
        return e
    pattern = _lower_ascii(e.pattern)
    p = pattern.rstrip("%")
    if (_is_text_col(e.arg, cols) and p and p != pattern and "_" not in p and "%" not in p
            and "\\" not in p and _ascii(ir.Lit(p, Ty.TEXT)) and not re.search("[a-z]", p)):
        q = _successor(p)
        if q is not None:
            return _range(e.arg, p, q)
    return e if pattern == e.pattern else dataclasses.replace(e, pattern=pattern)


def _folded_like(e, cols):
    for op, f, lit in _oriented(e):
        p = _ascii(lit)
        if op != CmpOp.EQ or p is None or not isinstance(f, ir.Lookup) or f.template not in _FOLD:
            continue
        sub = _substr_of(f.arg, cols)
        if (sub is not None and sub[1] == len(p) and _FOLD[f.template](p) == p
                and not set(p) & set("%_\\")):
            return ir.Like(sub[0], _lower_ascii(p) + "%")
    return e


def _glob_range(e, cols):
    """GLOB as a value (0, 1 or NULL) is the range as a value; its truth the range."""
    if isinstance(e, ir.Func) and e.name == FuncName.TRUTH and len(e.args) == 1:
        a = e.args[0]
        if isinstance(a, ir.Func) and a.name == FuncName.BOOL_INT and a.ty == Ty.INT and _ranged(a.args[0]):
            return a.args[0]
        return e
    if not (isinstance(e, ir.Lookup) and _is_text_col(e.arg, cols)):
        return e
    m = _GLOB.fullmatch(e.template)
    pattern = m.group(1).replace("''", "'") if m else ""
    p = pattern.rstrip("*")
    if p and p != pattern and not set(p) & set("*?[]") and _ascii(ir.Lit(p, Ty.TEXT)):
        q = _successor(p)
        if q is not None:
            return ir.Func(FuncName.BOOL_INT, (_range(e.arg, p, q),), Ty.INT)
    return e


def _ranged(c) -> bool:
    """Is ``c`` a range this module writes (two comparisons of a column with text)?"""
    return (isinstance(c, ir.Logic) and c.op == LogicOp.AND and len(c.args) == 2
            and all(isinstance(a, ir.Cmp) and isinstance(a.left, ir.Col) and isinstance(a.right, ir.Lit)
                    for a in c.args))


def substr_prefix_as_range(q):
    """``q`` with ``SUBSTR(x, 1, n) op p`` read as comparisons of ``x`` (module docstring)."""
    cols = text_columns(q)
    return q if not cols else _deep(q, lambda e: _substr_range(e, cols))


def like_prefix_as_range(q):
    """``q`` with ``x LIKE 'p%'`` read as ``p <= x AND x < q`` (module docstring)."""
    cols = text_columns(q)
    return _deep(q, lambda e: _like_range(e, cols))


def glob_prefix_as_range(q):
    """``q`` with the condition ``x GLOB 'p*'`` read as ``p <= x AND x < q`` (module docstring)."""
    cols = text_columns(q)
    return q if not cols else _deep(q, lambda e: _glob_range(e, cols))


def folded_prefix_as_like(q, typed: bool):
    """``q`` with ``LOWER(SUBSTR(x, 1, n)) = p`` read as ``x LIKE 'p%'`` in the typed domain
    (module docstring: a BLOB breaks it in SQLite, and the attack finds one)."""
    cols = text_columns(q) if typed else frozenset()
    return q if not cols else _deep(q, lambda e: _folded_like(e, cols))


# the registry's entries (spliced into ``rules.RULES`` after ``integer_text_cast``)
PREFIX_RULES = (
    ("substr_prefix_as_range", "SUBSTR(x, 1, n) op p of a TEXT column x and an ASCII literal p of "
     "m <= n chars is x op p for < and >=; when m = n, = is p <= x < q (q: p's last char + 1), "
     "<= is x < q, > is x >= q (on text: text_columns_hold_text)", ("select",),
     lambda canon, q, ctx: substr_prefix_as_range(q)),
    ("folded_prefix_as_like", "LOWER(SUBSTR(x, 1, n)) = p (UPPER alike) of a TEXT column, p of n "
     "ASCII chars without % _ \\ in that case, is x LIKE 'p%' (typed domain: a BLOB breaks it)",
     ("select",), lambda canon, q, ctx: folded_prefix_as_like(q, canon.typed)),
    ("like_prefix_as_range", "x LIKE 'p%' of a TEXT column, p ASCII without letters, % _ or the "
     "escape, is p <= x AND x < q (q: p's last char + 1); LIKE patterns read in lower case",
     ("select",), lambda canon, q, ctx: like_prefix_as_range(q)),
    ("glob_prefix_as_range", "the condition x GLOB 'p*' of a TEXT column, p ASCII without * ? [ ], "
     "is p <= x AND x < q (q: p's last char + 1; GLOB is case-sensitive)", ("select",),
     lambda canon, q, ctx: glob_prefix_as_range(q)),
)
