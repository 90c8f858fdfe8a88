"""How realistic a witness is: ``mined`` > ``typed`` > ``sqlite``.

- ``sqlite``: SQLite accepts the database under the schema (keys, NOT NULL, UNIQUE, the
  foreign keys of ``engine.integrity``). Every witness is at least this.
- ``typed``: besides, values match the declared column types and formats: DATE columns hold
  valid ISO dates, DATETIME/TIMESTAMP columns ISO dates with an optional time, TIME columns
  times; INTEGER columns integers, REAL and NUMERIC columns numbers, TEXT columns text;
  primary-key columns are not NULL (SQLite accepts NULL in most of them, the verifier
  models it, but such a witness is graded ``sqlite``); foreign-key columns that an inner
  join of the queries equates with another column (under OR too) are not NULL; and no table
  the queries read is empty (a witness with an empty read table is still ``typed`` when
  the solver has shown that none without one exists up to the bound; its ``empty`` field
  says so, ``EmptyRead.ONLY``, and its notes ``EMPTY_NOTE``; elsewhere it is ``sqlite``:
  ``staging._empty_claim``).
- ``mined``: besides, the database satisfies the enabled constraints mined from the example
  database (when some are given).

The verifier searches in that order and reports the most realistic level at which it
found a witness; ``level(...)`` is the check it applies to every witness it reports.

>>> from sqlverdict.schema import from_ddl
>>> s = from_ddl("CREATE TABLE p(id INT PRIMARY KEY, d DATE); "
...              "CREATE TABLE c(pid INT REFERENCES p(id), n TEXT)")
>>> facts = ReadFacts({"p", "c"}, {("c", "pid")})
>>> w = {"p": {"columns": ["id", "d"], "rows": [[1, "2020-02-30"]]},
...      "c": {"columns": ["pid", "n"], "rows": [[None, "x"]]}}
>>> typed_problems(w, s, facts)
["p.d holds '2020-02-30', not a valid DATE", 'c.pid (read by an inner join) is NULL']
>>> str(level(w, s, facts))
'sqlite'
"""

from __future__ import annotations

import datetime
import enum
import math
import re
from dataclasses import dataclass, field

from ...engine.integrity import declared_foreign_keys
from ...types import Schema, affinity
from .ir.kinds import Affinity


class Realism(enum.IntEnum):
    SQLITE = 0
    TYPED = 1
    MINED = 2

    def __str__(self) -> str:
        return self.name.lower()


@dataclass(frozen=True)
class ReadFacts:
    """What the two queries read: tables, and the foreign-key columns of inner joins."""

    tables: set[str] = field(default_factory=set)  # lower case
    join_keys: set[tuple[str, str]] = field(default_factory=set)  # (table, column), lower


def temporal_kind(declared: str) -> str | None:
    """``date``, ``datetime``, ``time`` or None, from a declared column type.

    >>> [temporal_kind(t) for t in ["DATE", "datetime", "TIMESTAMP", "time", "INT", "TEXT"]]
    ['date', 'datetime', 'datetime', 'time', None, None]
    """
    t = (declared or "").upper()
    if "DATETIME" in t or "TIMESTAMP" in t:
        return "datetime"
    if "DATE" in t:
        return "date"
    if "TIME" in t and "INT" not in t:
        return "time"
    return None


_DATE = re.compile(r"\d{4}-\d\d-\d\d")
_TIME = re.compile(r"\d\d:\d\d(:\d\d(\.\d{1,6})?)?")


def valid_temporal(kind: str, v) -> bool:
    """Is ``v`` a well-formed ISO value of the kind?

    >>> valid_temporal("date", "2020-02-29"), valid_temporal("date", "2019-02-29")
    (True, False)
    >>> valid_temporal("datetime", "2020-01-01 10:00:00"), valid_temporal("date", "1993  ")
    (True, False)
    >>> valid_temporal("datetime", "2000-01-01 "), valid_temporal("datetime", "2000-01-01")
    (False, True)
    """
    if not isinstance(v, str):
        return False
    if kind == "time":
        return _valid_time(v)
    date, sep, rest = v.partition(" ") if " " in v else v.partition("T")
    if sep and not rest:  # a separator and nothing after it: '2000-01-01 '
        return False
    if not _DATE.fullmatch(date):
        return False
    try:
        datetime.date.fromisoformat(date)
    except ValueError:
        return False
    if kind == "date":
        return not rest
    return not rest or _valid_time(rest)


def _valid_time(v: str) -> bool:
    if not _TIME.fullmatch(v):
        return False
    h, m = int(v[:2]), int(v[3:5])
    s = float(v[6:]) if len(v) > 5 else 0.0
    return h < 24 and m < 60 and s < 60


def value_problem(declared: str, v) -> str:
    """'' when ``v`` (not NULL) fits the declared type, else what is wrong."""
    kind = temporal_kind(declared)
    if kind is not None:
        return "" if valid_temporal(kind, v) else f"not a valid {kind.upper()}"
    aff = affinity(declared)
    number = isinstance(v, int | float) and not isinstance(v, bool)
    if aff == Affinity.INTEGER and not (isinstance(v, int) and not isinstance(v, bool)):
        return "not an integer"
    if aff in (Affinity.REAL, Affinity.NUMERIC) and not (number and math.isfinite(v)):
        return "not a number"
    if aff == Affinity.TEXT and not isinstance(v, str):
        return "not text"
    return ""


def typed_problems(tables: dict[str, dict], schema: Schema, facts: ReadFacts, *,
                   allow_empty: bool = False) -> list[str]:
    """Why ``tables`` is not ``typed`` (empty when it is); ``allow_empty``: tables the
    queries read may be empty."""
    out: list[str] = []
    rows = {k.lower(): v for k, v in tables.items()}
    join_fks = set()
    for t in schema.tables:
        for fk, _ in declared_foreign_keys(schema, t):
            join_fks |= {(t.name.lower(), c.lower()) for c in fk.columns} & facts.join_keys
    for t in schema.tables:
        name = t.name.lower()
        data = rows.get(name, {"rows": []})["rows"]
        if name in facts.tables and not data and not allow_empty:
            out.append(f"{t.name} (read by the queries) is empty")
        key = {k.lower() for k in t.primary_key}
        for r in data:
            for c, v in zip(t.columns, r, strict=False):
                if v is None:
                    if c.name.lower() in key:  # SQLite accepts it (types.Table.never_null)
                        out.append(f"{t.name}.{c.name} (a primary-key column) is NULL")
                    elif (name, c.name.lower()) in join_fks:
                        out.append(f"{t.name}.{c.name} (read by an inner join) is NULL")
                    continue
                why = value_problem(c.type, v)
                if why:
                    out.append(f"{t.name}.{c.name} holds {v!r}, {why}")
    return out


def level(tables: dict[str, dict], schema: Schema, facts: ReadFacts, cset=None, *,
          allow_empty: bool = False) -> Realism:
    """The most realistic level ``tables`` reaches."""
    if typed_problems(tables, schema, facts, allow_empty=allow_empty):
        return Realism.SQLITE
    if cset is not None:
        from ...constraints.realism import satisfies

        if satisfies(tables, cset):
            return Realism.MINED
    return Realism.TYPED


# what the verifier can say: its solver searched every bound up to K for a witness with every
# read table filled (the soundness benchmark attacks the claim)
EMPTY_NOTE = "no witness found in which every table the queries read has a row"
# a witness with an empty read table where no such search was complete: graded sqlite
EMPTY_SEEN = "a table the queries read is empty (no witness without one was found)"


class EmptyRead(enum.StrEnum):
    """What a refutation says of an empty table the queries read (``VerifyResult.empty``,
    read by ``staging``; the member is the note the result's ``notes`` show for people):
    ``NONE`` (every read table has a row, or no witness), ``ONLY`` (``EMPTY_NOTE``) or
    ``SEEN`` (``EMPTY_SEEN``)."""

    NONE = ""
    ONLY = EMPTY_NOTE
    SEEN = EMPTY_SEEN

    def notes(self) -> tuple[str, ...]:
        return (self.value,) if self.value else ()


@dataclass(frozen=True, order=True)
class Grade:
    """A witness's level for the search order: mined, typed, typed with an empty table the
    queries read (``empty``), sqlite."""

    rank: int  # 3 mined, 2 typed, 1 typed with an empty read table, 0 sqlite
    realism: Realism = field(compare=False)
    empty: EmptyRead = field(default=EmptyRead.NONE, compare=False)


def grade(tables: dict[str, dict], schema: Schema, facts: ReadFacts, cset=None) -> Grade:
    lvl = level(tables, schema, facts, cset)
    if lvl > Realism.SQLITE:
        return Grade(3 if lvl is Realism.MINED else 2, lvl)
    lvl = level(tables, schema, facts, cset, allow_empty=True)
    if lvl > Realism.SQLITE:
        return Grade(1, lvl, EmptyRead.ONLY)
    return Grade(0, Realism.SQLITE)


def top_grade(cset) -> int:
    """The best rank a witness can reach: mined with constraints, else typed."""
    return 3 if cset is not None else 2
