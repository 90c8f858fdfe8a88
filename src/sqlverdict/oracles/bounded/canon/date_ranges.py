"""Year and month filters of well-formed date text as half-open ranges (issue 25, i43d):
``date_ranges``.

A WHERE that holds ``d = date(d)`` keeps only rows whose ``d`` is a well-formed date: SQLite's
``date()`` returns ``'YYYY-MM-DD'`` text of a valid day (NULL for what it cannot read), so
``d = date(d)`` is TRUE exactly when ``d`` is that text (a number or a BLOB never equals
text; ``'2022-02-30'`` reads as March 2nd and ``'2022-01-01 10:00'`` as a day, both unequal).
On such values text order is the order of days, so beside that guard, on the same column
of a table declared without a collation:

- ``strftime('%Y', d) = 'YYYY'`` and ``date(d, 'start of year') = 'YYYY-01-01'`` are ``'YYYY-01-01' <= d AND d < 'YYYY+1-01-01'`` (MariaDB's sargable YEAR,
  Django's ``__year`` lookup);
- ``strftime('%Y-%m', d) = 'YYYY-MM'`` and ``date(d, 'start of month') = 'YYYY-MM-01'`` are
  the month's range (QueryBooster's date truncation to a range);
- ``d <= 'D'`` is ``d < 'D+1'`` and ``d > 'D'`` is ``d >= 'D+1'`` for a valid day ``D``:
  no well-formed day lies between a day and the next (BETWEEN's closed end meets the
  half-open one);
- a comparison with a year ``'YYYY'`` or month ``'YYYY-MM'`` (``text_prefix`` reads ``d LIKE
  'YYYY-MM%'`` as ``'YYYY-MM' <= d AND d < 'YYYY-NN'``) compares with its first day: a day
  is never the prefix itself, and no day lies between the prefix and its first day, so
  ``<``, ``<=`` are ``< first`` and ``>``, ``>=`` are ``>= first``.

Where the guard is not TRUE the row goes either way; where it is, ``d`` is non-NULL text
and each rewritten conjunct has the same truth. Only years 0001..9998 (a next year of five
digits would sort wrongly) and literal values of the exact form; anything else stays.
Without the guard nothing changes: ``'2022x' LIKE '2022%'`` while ``strftime`` reads NULL.
"""

from __future__ import annotations

import datetime
import re

from .. import ir
from ..ir.kinds import CmpOp, Conv, Ty

_YEAR = re.compile(r"\d{4}")
_MONTH = re.compile(r"\d{4}-\d{2}")
_DAY = re.compile(r"\d{4}-\d{2}-\d{2}")
# the Lookup templates (spaces dropped, function name upper-cased) of a year or month bucket
_BUCKETS = {"STRFTIME('%Y',?)": "year", "DATE(?,'startofyear')": "year-start",
            "STRFTIME('%Y-%m',?)": "month", "DATE(?,'startofmonth')": "month-start"}
_ORDERS = (CmpOp.LT, CmpOp.LE, CmpOp.GT, CmpOp.GE)  # (not <>: a day is never its prefix)
_FLIP = {CmpOp.LT: CmpOp.GT, CmpOp.GT: CmpOp.LT, CmpOp.LE: CmpOp.GE, CmpOp.GE: CmpOp.LE,
         CmpOp.EQ: CmpOp.EQ}


def _day(text):
    """The ``datetime.date`` of well-formed day text of year 1..9999, else None."""
    if not (isinstance(text, str) and _DAY.fullmatch(text)):
        return None
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        return None


def _range(kind: str, v) -> tuple[str, str] | None:
    """(first day, first day after) of the bucket ``v`` names, else None."""
    if not isinstance(v, str):
        return None
    if kind == "year-start":
        kind, v = "year", (v[:4] if v[4:] == "-01-01" else "")
    if kind == "month-start":
        kind, v = "month", (v[:7] if v[7:] == "-01" else "")
    if kind == "year":
        if not _YEAR.fullmatch(v) or not 1 <= int(v) <= 9998:
            return None
        return f"{v}-01-01", f"{int(v) + 1:04d}-01-01"
    m = v
    if not _MONTH.fullmatch(m) or _day(m + "-01") is None or int(m[:4]) == 9999:
        return None
    y, mo = int(m[:4]), int(m[5:])
    after = f"{y + 1:04d}-01-01" if mo == 12 else f"{y:04d}-{mo + 1:02d}-01"
    return m + "-01", after


def _template(t: str) -> str:
    name, _, rest = t.partition("(")
    return name.upper() + "(" + rest.replace(" ", "")


def _guarded(conds: list, leaves, schema) -> set:
    """(alias, name) of each column ``d`` of an uncollated TEXT column with ``d = date(d)``
    among ``conds``."""
    out = set()
    for c in conds:
        if not (isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and c.conv == Conv.NONE):
            continue
        for a, b in ((c.left, c.right), (c.right, c.left)):
            if (isinstance(a, ir.Col) and isinstance(b, ir.Lookup) and b.arg == a
                    and _template(b.template) == "DATE(?)" and _plain_column(a, leaves, schema)):
                out.add((a.alias, a.name))
    return out


def _plain_column(a: ir.Col, leaves, schema) -> bool:
    """Is ``a`` a TEXT column, declared without a collation, of one scan among ``leaves``?"""
    scans = [x for x in leaves or () if isinstance(x, ir.Scan) and x.alias == a.alias]
    return (len(scans) == 1 and a.ty == Ty.TEXT
            and a.name not in {n.lower() for n in schema.table(scans[0].table).collated})


def _between(d: ir.Col, lo: str, after: str) -> list:
    return [ir.Cmp(CmpOp.LE, ir.Lit(lo, Ty.TEXT), d), ir.Cmp(CmpOp.LT, d, ir.Lit(after, Ty.TEXT))]


def _rewrite(c, guarded: set) -> list | None:
    """The conjuncts ``c`` is beside a guard of its column (see the module), else None."""
    if not (isinstance(c, ir.Cmp) and c.conv == Conv.NONE and c.op in _FLIP):
        return None
    for a, b, op in ((c.left, c.right, c.op), (c.right, c.left, _FLIP[c.op])):
        if not isinstance(b, ir.Lit):
            continue
        if (op == CmpOp.EQ and isinstance(a, ir.Lookup) and isinstance(d := a.arg, ir.Col)
                and (d.alias, d.name) in guarded and _template(a.template) in _BUCKETS):
            got = _range(_BUCKETS[_template(a.template)], b.value)
            return None if got is None else _between(d, *got)
        if (op in (CmpOp.LE, CmpOp.GT) and isinstance(a, ir.Col) and (a.alias, a.name) in guarded
                and (day := _day(b.value)) is not None and day.year < 9999):
            following = ir.Lit((day + datetime.timedelta(days=1)).isoformat(), Ty.TEXT)
            return [ir.Cmp(CmpOp.LT, a, following) if op == CmpOp.LE
                    else ir.Cmp(CmpOp.LE, following, a)]
        if (op in _ORDERS and isinstance(a, ir.Col) and (a.alias, a.name) in guarded
                and (first := _first_day(b.value)) is not None):
            first = ir.Lit(first, Ty.TEXT)
            return [ir.Cmp(CmpOp.LT, a, first) if op in (CmpOp.LT, CmpOp.LE)
                    else ir.Cmp(CmpOp.LE, first, a)]
    return None


def _first_day(v) -> str | None:
    """The first day of the year ``'YYYY'`` or month ``'YYYY-MM'`` ``v``, else None."""
    if isinstance(v, str) and _YEAR.fullmatch(v) and int(v) >= 1:
        return v + "-01-01"
    if isinstance(v, str) and _MONTH.fullmatch(v) and _day(v + "-01") is not None:
        return v + "-01"
    return None


def date_ranges(conds: list, leaves, schema) -> list:
    """``conds`` with year and month filters of guarded date columns as ranges (module)."""
    guarded = _guarded(conds, leaves, schema)
    if not guarded:
        return conds
    out, changed = [], False
    for c in conds:
        new = _rewrite(c, guarded)
        if new is None:
            out.append(c)
        else:
            out.extend(new)
            changed = True
    return out if changed else conds


DATE_RANGE_RULE = (
    "date_ranges", "beside d = date(d) (well-formed day text, no collation): strftime('%Y', d) "
    "= 'YYYY', date(d, 'start of year'/'start of month'), strftime('%Y-%m', d) are half-open "
    "ranges of d; d <= 'D' is d < 'D+1', d > 'D' is d >= 'D+1'; 'YYYY[-MM]' bounds: first days", ("facts",),
    lambda canon, conds, ctx: date_ranges(conds, ctx.get("leaves"), canon.schema))
