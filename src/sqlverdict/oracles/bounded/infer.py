"""The dialect of a pair given without one: read in the dialects published pairs are written in.

A pair given without a dialect is SQLite's. When SQLite rejects one of its queries as
written (on the schema's empty tables: a syntax error, no such function, a wrong number of
arguments), ``infer`` reads both queries in each dialect of ``READINGS`` in turn and takes
the first reading under which both translate (``engine.translation``) and SQLite runs both
translations; ``staging.verify`` then judges the pair as it judges ``dialect=NAME`` and says
the reading was inferred. Both queries are read in one dialect: a published pair is written
for one engine (a gold and a prediction for two engines take ``--dialect GOLD:PRED``).

The order, and why: ``postgres`` first (the standard's constructs as published rewrite sets
print them: ROLLUP, GROUPING SETS, FETCH FIRST, ``::`` casts, ILIKE, the variances; and the
reading whose meaning of text SQLite also reads stays closest to SQLite's: ``||`` is
concatenation, ``"x"`` a name, ``/`` of integers an integer); ``calcite`` second (PostgreSQL
plus Calcite's own spellings, ``$f0``, which PostgreSQL reads as a parameter); ``mysql`` last
(backquotes, DATE_FORMAT, ``WITH ROLLUP``), because its reading changes the meaning of text
SQLite reads too (``||`` is OR, ``"x"`` a string, ``/`` real division, VARIANCE the
population's). Other readings that also run but translate otherwise are reported with the
verdict, whose reading may then matter.

When no reading runs, one may still *recognize* the pair: both queries parse in it, and what
stops it is a construct that dialect has and SQLite lacks (BIT_AND, SPLIT_PART), not a
function it does not know either. The pair is then ``unknown`` with that construct, as
``--dialect NAME`` would answer. Otherwise the verdict stays SQLite's, with a note that says
what each reading met; where every reading stops at SQLite's own error of the query as
written (``no such column: nope``), nothing is said and the result is as before.

A schema read from a SQLite database (a file, or a benchmark's ``tables.json``) names its
engine: its queries are SQLite's and nothing is inferred (a prediction SQLite rejects stays
invalid, as in ``eval``); where a reading would run, the note says so (``--dialect NAME``),
and otherwise the result is as before.

>>> from sqlverdict.schema import from_ddl
>>> s = from_ddl("CREATE TABLE t (id INTEGER PRIMARY KEY, a INT, b INT)")
>>> got = infer("SELECT a, b, SUM(id) FROM t GROUP BY ROLLUP(a, b)", "SELECT a FROM t", s,
...             {"gold": "no such function: ROLLUP"})
>>> got.dialect, got.why
('postgres', "SQLite rejects the gold's ROLLUP")
>>> got = infer("SELECT BIT_AND(a) FROM t", "SELECT MIN(a) FROM t", s,
...             {"gold": "no such function: BIT_AND"})
>>> got.dialect, got.translation, got.unsupported
('postgres', None, 'gold: BITWISE_AND aggregation is not supported in SQLite (postgres has no SQLite counterpart)')
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from sqlglot import exp

from ...engine.scratch import ScratchDatabase
from ...engine.translation import translate
from ...errors import ExecutionError, InputError
from ...sql.calcite import dollar_names
from ...sql.dialect import Untranslatable
from ...sql.parse import parse_statement
from ...types import Schema

READINGS = ("postgres", "calcite", "mysql")
SIDES = ("gold", "prediction")
# SQLite's errors that say nothing about the dialect: a budget, a guard, two statements
_NOT_REJECTIONS = ("timeout", "memory", "too_many_rows", "forbidden", "multiple_statements")
RUNS = "runs"


@dataclass(frozen=True)
class Inference:
    """What SQLite rejected as written, what each reading met, and the reading taken.

    ``rejected``: {side: SQLite's message} for the sides SQLite rejects. ``readings``:
    {dialect: ``RUNS`` or why not}, in the order tried. ``dialect``: the reading taken (its
    ``translation`` when both run; None with ``unsupported`` when it only recognizes the
    pair), None when none is (``database``: the schema names SQLite as its engine)."""

    rejected: dict
    readings: dict
    dialect: str | None = None
    translation: tuple[str, str] | None = None
    unsupported: str = ""  # the construct that stops the recognizing reading
    others: tuple[str, ...] = ()  # readings that run too, with another translation
    database: bool = False

    @property
    def why(self) -> str:
        """Why a reading was tried: what SQLite rejects ("SQLite rejects the gold's ROLLUP")."""
        parts = []
        for side, msg in self.rejected.items():
            m = re.fullmatch(r"no such function: (\w+)", msg)
            parts.append(f"the {side}'s {m.group(1).upper()}" if m else f"the {side} ({msg})")
        return "SQLite rejects " + " and ".join(parts)

    @property
    def label(self) -> str:
        """The verdict line's words for a reading taken: ``inferred: ...``."""
        text = f"inferred: {self.why}"
        if self.others:
            text += f"; {', '.join(self.others)} reads it otherwise"
        return text

    @property
    def note(self) -> str:
        """The reason's note when no reading was taken ('' when there is nothing to say)."""
        running = [d for d, why in self.readings.items() if why == RUNS]
        if self.database:
            if not running:
                return ""
            return (f"{self.why}; the schema is a SQLite database, so the queries are read "
                    f"as SQLite (read as {running[0]}, both run: --dialect {running[0]})")
        groups: dict[str, list[str]] = {}
        for d, why in self.readings.items():
            groups.setdefault(why, []).append(d)
        met = "; ".join(f"{', '.join(ds)}: {why}" for why, ds in groups.items())
        return (f"{self.why}, and no dialect reads the pair into SQLite ({met}); "
                "--dialect NAME chooses a reading")

    def to_json(self) -> dict:
        d = {"dialect_inferred": self.dialect is not None,
             "sqlite_rejects": {("pred" if k == "prediction" else k): v
                                for k, v in self.rejected.items()},
             "readings": dict(self.readings)}
        if self.others:  # readings that also run, translated otherwise
            d["readings_translated_otherwise"] = list(self.others)
        return d


def rejected_sides(gold: str, pred: str, db: ScratchDatabase) -> dict[str, str]:
    """{side: SQLite's message} for each query SQLite rejects on ``db`` (empty tables)."""
    out = {}
    for side, sql in zip(SIDES, (gold, pred), strict=True):
        try:
            db.run(sql)
        except ExecutionError as e:
            if e.kind not in _NOT_REJECTIONS:
                out[side] = e.message
    return out


def _order(gold: str, pred: str) -> tuple[str, ...]:
    """``READINGS``, with ``calcite`` first where a query holds a name Calcite generates
    (``$f0``, ``$SUM0``): PostgreSQL reads those too (``sql.calcite.dollar_names``), but
    the text is Calcite's, and its GROUP BY 2 is a constant, not an ordinal.

    >>> _order("SELECT COUNT(*) AS $f1 FROM t", "SELECT 1")
    ('calcite', 'postgres', 'mysql')
    """
    if any(dollar_names(q) != q for q in (gold, pred)):
        return ("calcite",) + tuple(d for d in READINGS if d != "calcite")
    return READINGS


def infer(gold: str, pred: str, schema: Schema, rejected: dict[str, str], *,
          db: ScratchDatabase | None = None) -> Inference | None:
    """The reading of a pair SQLite rejects (``rejected``: ``rejected_sides``); ``db``: a
    scratch database of ``schema`` with empty tables, reused for the checks. None when
    every reading stops where SQLite stops as written (a misspelt name): nothing to say."""
    readings: dict[str, str] = {}
    texts: dict[str, tuple[str, str]] = {}
    stops: dict[str, str] = {}  # a recognizing reading's construct
    order = _order(gold, pred)
    for d in order:
        got = _read(gold, pred, schema, d, db)
        if isinstance(got, tuple):
            readings[d], texts[d] = RUNS, got
        else:
            readings[d] = got.text
            if got.recognized:
                stops[d] = got.unsupported
    same = {f"{side}: a translation SQLite rejects ({msg})" for side, msg in rejected.items()}
    if not texts and not stops and all(why in same for why in readings.values()):
        return None
    database = schema.engine == "sqlite"
    base = Inference(rejected, readings, database=database)
    if database:  # its queries are SQLite's: only a reading that runs is worth a word
        return base if texts else None
    for d in order:
        if d in texts:
            others = tuple(o for o in order if o != d and o in texts and texts[o] != texts[d])
            return Inference(rejected, readings, d, texts[d], others=others)
    for d in order:
        if d in stops:
            return Inference(rejected, readings, d, unsupported=stops[d])
    return base


@dataclass(frozen=True)
class _Failed:
    text: str  # what the reading met, in words alike for every reading
    recognized: bool  # both parse, and what stops it is a construct the dialect has
    unsupported: str = ""  # then: the construct, as ``--dialect NAME`` names it


def _read(gold: str, pred: str, schema: Schema, dialect: str,
          db: ScratchDatabase | None) -> tuple[str, str] | _Failed:
    out, stop = [], None
    for side, sql in zip(SIDES, (gold, pred), strict=True):
        try:
            out.append(translate(sql, dialect, schema, db=db))
        except InputError as e:
            return _Failed(f"{side} does not parse ({e})", False)
        except Untranslatable as e:
            detail = e.detail.replace(f"{dialect} has no", "no")  # alike across readings
            text = f"{side}: {e.construct}" + (f" ({detail})" if detail else "")
            known = e.construct != "a translation SQLite rejects" and not _anonymous(
                e.construct, sql, dialect)
            if not known:
                return _Failed(text, False)
            full = f"{side}: {e.construct}" + (f" ({e.detail})" if e.detail else "")
            stop = stop or _Failed(text, True, full)
    return stop if stop is not None else (out[0], out[1])


def _anonymous(construct: str, sql: str, dialect: str) -> bool:
    """Whether ``construct`` is a function ``dialect`` does not know either (sqlglot parses
    it as an anonymous function): no sign that the query is written in ``dialect``."""
    if not construct.startswith("function "):
        return False
    name = construct.removeprefix("function ").upper()
    try:
        tree = parse_statement(sql, dialect=dialect)
    except InputError:
        return True
    return any(str(f.name).upper() == name for f in tree.find_all(exp.Anonymous))
