"""Core records. All frozen dataclasses; they travel between processes and into JSON.

>>> Status.REFUTED < Status.UNKNOWN < Status.CONSISTENT < Status.VERIFIED
True
>>> Status.parse("verified").is_correct
True
>>> min(Status.VERIFIED, Status.UNKNOWN)
<Status.UNKNOWN: 1>
"""

from __future__ import annotations

import enum
import functools
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any


class Status(enum.IntEnum):
    """Verdict status, ordered worst to best so that combining verdicts takes the minimum."""

    REFUTED = 0
    UNKNOWN = 1
    CONSISTENT = 2
    VERIFIED = 3

    def __str__(self) -> str:
        return self.name.lower()

    @property
    def is_correct(self) -> bool:
        return self >= Status.CONSISTENT

    @classmethod
    def parse(cls, text: str) -> Status:
        try:
            return cls[text.strip().upper()]
        except KeyError:
            names = ", ".join(s.name.lower() for s in cls)
            raise ValueError(f"unknown status {text!r}; expected one of {names}") from None


# --------------------------------------------------------------------------- schema


@dataclass(frozen=True)
class Column:
    name: str
    type: str = ""  # declared type as written, e.g. "INTEGER", "varchar(20)", "" for none
    not_null: bool = False

    @cached_property  # (a frozen record: computed once; not a field, so not compared)
    def affinity(self) -> str:
        return affinity(self.type)


@dataclass(frozen=True)
class ForeignKey:
    columns: tuple[str, ...]
    ref_table: str
    ref_columns: tuple[str, ...]


@dataclass(frozen=True)
class Table:
    name: str
    columns: tuple[Column, ...]
    primary_key: tuple[str, ...] = ()
    foreign_keys: tuple[ForeignKey, ...] = ()
    uniques: tuple[tuple[str, ...], ...] = ()
    without_rowid: bool = False  # declared WITHOUT ROWID
    strict: bool = False  # declared STRICT
    collated: tuple[str, ...] = ()  # columns declared with a collation other than BINARY
    # (column, collation) of the collated columns whose collation is known ("NOCASE"): the
    # copies of the table a witness or a test database is built in declare it too
    collations: tuple[tuple[str, str], ...] = ()
    # the CHECK constraints' expressions (SQLite SQL), None when the CREATE TABLE declares
    # some this could not read: copies of the table enforce them, so no witness breaks one
    checks: tuple[str, ...] | None = ()
    # a column declared "INTEGER PRIMARY KEY DESC": SQLite makes it an ordinary key column
    # (NULL and text allowed), not the rowid, a quirk its documentation keeps for
    # compatibility
    key_desc: bool = False
    # generated columns (``g INT AS (a + 1)``): SELECT * shows them, no column list has them
    generated: tuple[str, ...] = ()
    # CREATE UNIQUE INDEX statements on expressions or partial (``lower(name)``, ``WHERE``):
    # no key of columns, but copies of the table create them, so no witness breaks one
    unique_indexes: tuple[str, ...] = ()

    @property
    def unknown_collations(self) -> tuple[str, ...]:
        """Collated columns whose collation this schema does not know: no copy of the table
        compares their text as the user's does."""
        known = {c.lower() for c, _ in self.collations}
        return tuple(c for c in self.collated if c.lower() not in known)

    def column(self, name: str) -> Column:
        low = name.lower()
        for c in self.columns:
            if c.name.lower() == low:
                return c
        raise KeyError(f"table {self.name!r} has no column {name!r}")

    @property
    def column_names(self) -> tuple[str, ...]:
        return tuple(c.name for c in self.columns)

    @cached_property  # (computed once per table: the data generator asks per value)
    def rowid_alias(self) -> str | None:
        """The column that is the rowid (a one-column primary key declared ``INTEGER`` of a
        rowid table, unless declared ``INTEGER PRIMARY KEY DESC``), if any.

        >>> Table("t", (Column("x", "INTEGER"),), ("x",), key_desc=True).rowid_alias is None
        True
        """
        if len(self.primary_key) == 1 and not self.without_rowid and not self.key_desc:
            name = self.primary_key[0]
            for c in self.columns:
                if c.name.lower() == name.lower() and c.type.strip().upper() == "INTEGER":
                    return c.name
        return None

    def never_null(self, name: str) -> bool:
        """Does SQLite reject NULL in column ``name``? A declared NOT NULL (``PRAGMA
        table_info`` also reports so the primary key of a WITHOUT ROWID or STRICT table) or
        the rowid alias. Other primary-key columns of a rowid table accept NULL, a legacy
        SQLite documents (its keys stay unique among non-NULL values only).

        >>> t = Table("t", (Column("id", "TEXT"), Column("n", "INT", True)), ("id",))
        >>> t.never_null("id"), t.never_null("n")
        (False, True)
        >>> Table("u", (Column("id", "INTEGER"),), ("id",)).never_null("id")
        True
        """
        low = name.lower()
        alias = self.rowid_alias
        if alias is not None and alias.lower() == low:
            return True
        return any(c.name.lower() == low and c.not_null for c in self.columns)

    @property
    def key_never_null(self) -> bool:
        """Is the primary key (if any) never NULL, so that it identifies a row?"""
        return bool(self.primary_key) and all(self.never_null(c) for c in self.primary_key)


@dataclass(frozen=True)
class Schema:
    """Tables of one database. Names are matched case-insensitively, as SQLite does.
    ``engine``: the engine whose database the schema was read from (``"sqlite"`` for a
    SQLite file or a Spider/BIRD ``tables.json``); None for DDL, which names none."""

    name: str
    tables: tuple[Table, ...]
    engine: str | None = field(default=None, compare=False)
    # the user's views without a column list: (lower name, SELECT as SQLite text); queries
    # over them are verified as over the derived tables they stand for (``sql/views.py``)
    views: tuple[tuple[str, str], ...] = field(default=(), compare=False)

    def table(self, name: str) -> Table:
        low = name.lower()
        for t in self.tables:
            if t.name.lower() == low:
                return t
        raise KeyError(f"schema {self.name!r} has no table {name!r}")

    def has_table(self, name: str) -> bool:
        return any(t.name.lower() == name.lower() for t in self.tables)

    def mapping(self) -> dict[str, dict[str, str]]:
        """``{table: {column: type}}`` as sqlglot's ``MappingSchema`` takes it."""
        return {t.name: {c.name: (c.type or "TEXT") for c in t.columns} for t in self.tables}


@functools.lru_cache(maxsize=4096)
def affinity(declared: str) -> str:
    """SQLite's column affinity rules (section 3.1 of the datatype documentation).

    ``ANY`` as a STRICT table reads it (no affinity: values kept as given); the schema
    readers declare a column of another table written ``ANY`` as ``NUMERIC``, its affinity
    there (``schema.py``).

    >>> [affinity(t) for t in ["INT", "varchar(20)", "BLOB", "", "REAL", "DOUBLE", "NUMERIC", "DATE"]]
    ['INTEGER', 'TEXT', 'BLOB', 'BLOB', 'REAL', 'REAL', 'NUMERIC', 'NUMERIC']
    >>> affinity("any")
    'BLOB'
    """
    t = (declared or "").upper()
    if t.strip() == "ANY":
        return "BLOB"
    if "INT" in t:
        return "INTEGER"
    if "CHAR" in t or "CLOB" in t or "TEXT" in t:
        return "TEXT"
    if "BLOB" in t or not t:
        return "BLOB"
    if "REAL" in t or "FLOA" in t or "DOUB" in t:
        return "REAL"
    return "NUMERIC"


# --------------------------------------------------------------------------- benchmark


@dataclass(frozen=True)
class Example:
    """One benchmark question. ``db_path`` is None when no executable database exists."""

    id: str
    db_id: str
    question: str
    gold: str
    db_path: str | None = None
    evidence: str = ""
    index: int = 0  # position in the benchmark file
    extra: dict[str, Any] = field(default_factory=dict, compare=False, hash=False)


@dataclass(frozen=True)
class Prediction:
    """A system's answer to one example: ``sql`` or, when unusable, ``invalid`` (the reason)."""

    example_id: str
    sql: str | None
    invalid: str | None = None
    logprob: float | None = None

    @property
    def ok(self) -> bool:
        return self.invalid is None and self.sql is not None


# --------------------------------------------------------------------------- verdicts


@dataclass(frozen=True)
class Witness:
    """A concrete database on which gold and prediction differ, with both results.

    ``tables`` maps a table name to ``{"columns": [...], "rows": [[...], ...]}``.
    """

    tables: dict[str, dict[str, list]]
    gold_result: list[list]
    pred_result: list[list]
    signature: str | None = None
    # functions SQLite lacks, as registered for the replay: {name: {"table", "else"}}
    interpretations: dict | None = None

    def to_json(self) -> dict[str, Any]:
        """JSON-ready; a BLOB cell is ``{"blob": HEX}`` (text stays a string, so the two
        cannot be confused).

        >>> Witness({"t": {"columns": ["a"], "rows": [[b"a"], ["a"]]}}, [], [[b"a"]]).to_json()
        {'tables': {'t': {'columns': ['a'], 'rows': [[{'blob': '61'}], ['a']]}}, 'gold_result': [], 'pred_result': [[{'blob': '61'}]]}
        """
        d = {
            "tables": {t: {**v, "rows": _json_rows(v.get("rows", []))}
                       for t, v in self.tables.items()},
            "gold_result": _json_rows(self.gold_result),
            "pred_result": _json_rows(self.pred_result),
        }
        if self.signature:
            d["signature"] = self.signature
        if self.interpretations:
            d["interpretations"] = self.interpretations
        return d


def _json_rows(rows: list) -> list:
    """Rows with each BLOB cell as ``{"blob": HEX}``."""
    if not any(isinstance(v, bytes) for r in rows for v in r):
        return rows
    return [[{"blob": v.hex()} if isinstance(v, bytes) else v for v in r] for r in rows]


def rows_from_json(rows: list) -> list[list]:
    """The inverse of a witness's JSON rows: ``{"blob": HEX}`` back to bytes.

    >>> rows_from_json([[{"blob": "61"}, "a", None]])
    [[b'a', 'a', None]]
    """
    return [[bytes.fromhex(v["blob"]) if isinstance(v, dict) and "blob" in v else v
             for v in r] for r in rows]


def tables_from_json(tables: dict[str, dict]) -> dict[str, dict]:
    """A witness's JSON ``tables`` with BLOB cells back as bytes."""
    return {t: {**v, "rows": rows_from_json(v.get("rows", []))} for t, v in tables.items()}


class Judged(enum.StrEnum):
    """Whether a verdict judged the prediction, and if not why: the gold (or its database)
    is unusable, another oracle's verdict stands in (the bounded oracle keeps execution's
    rejection), or the example was skipped. Accuracy counts ``judged`` and ``not_run``."""

    JUDGED = "judged"
    GOLD_ERROR = "gold_error"
    NOT_RUN = "not_run"
    SKIPPED = "skipped"

    @property
    def counts(self) -> bool:
        return self in (Judged.JUDGED, Judged.NOT_RUN)


GOLD_ERROR = "gold error"  # how the reason of a gold-error verdict starts


@dataclass(frozen=True)
class Verdict:
    """An oracle's judgement of one prediction.

    ``evidence`` is JSON-ready: for execution-style oracles the difference signature and
    truncated results; for ``refuted`` by the bounded oracle, a witness.
    """

    oracle: str
    status: Status
    reason: str = ""
    elapsed_s: float = 0.0
    evidence: dict[str, Any] | None = None
    signature: str | None = None
    judged: Judged = Judged.JUDGED

    def to_json(self) -> dict[str, Any]:
        # not dataclasses.asdict: it deep-copies the evidence, which dominated eval time
        return {"oracle": self.oracle, "status": str(self.status), "reason": self.reason,
                "elapsed_s": self.elapsed_s, "evidence": self.evidence,
                "signature": self.signature, "judged": str(self.judged)}

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> Verdict:
        reason = d.get("reason", "") or ""
        return cls(
            oracle=d["oracle"],
            status=Status.parse(d["status"]),
            reason=reason,
            elapsed_s=float(d.get("elapsed_s", 0.0) or 0.0),
            evidence=d.get("evidence"),
            signature=d.get("signature"),
            judged=Judged(d["judged"]) if d.get("judged") else judged_from_reason(reason),
        )


def judged_from_reason(reason: str) -> Judged:
    """For verdicts written before ``judged`` existed (journals of older runs)."""
    if reason.startswith(GOLD_ERROR):
        return Judged.GOLD_ERROR
    if reason.startswith("not run"):
        return Judged.NOT_RUN
    if reason.startswith("skipped"):
        return Judged.SKIPPED
    return Judged.JUDGED


# --------------------------------------------------------------------------- labels


def status_label(status: str, *, evidence: str | None = None, scope: str | None = None) -> str:
    """A status as every output shows it, with what it rests on: a refutation says whether a
    database separates the queries (``witness``) or only SQLite's rejection of the
    prediction does (``invalid_sql``); a verification says its scope.

    >>> status_label("refuted", evidence="invalid_sql"), status_label("refuted", evidence="witness")
    ('refuted (invalid SQL)', 'refuted (witness)')
    >>> status_label("verified", scope="every database"), status_label("unknown")
    ('verified (every database)', 'unknown')
    """
    status = str(status)
    if status == "refuted" and evidence in EVIDENCE_TEXT:
        return f"refuted ({EVIDENCE_TEXT[evidence]})"
    if status == "verified" and scope:
        return f"verified ({scope})"
    return status


EVIDENCE_TEXT = {"invalid_sql": "invalid SQL", "witness": "witness"}


def refutation_evidence(row: dict) -> str | None:
    """What a refuted verdict row (``verdicts.jsonl``, ``verify --json``) rests on:
    ``invalid_sql`` when SQLite rejects the prediction (or it is no SQL at all),
    ``witness`` when a database (a witness, or the shipped one) separates the results.

    >>> refutation_evidence({"status": "refuted", "signature": "execution_error"})
    'invalid_sql'
    >>> refutation_evidence({"status": "refuted", "evidence": {"evidence": "witness"}})
    'witness'
    """
    if str(row.get("status")) != "refuted":
        return None
    ev = row.get("evidence")
    if isinstance(ev, str):  # verify --json: the key itself
        return ev if ev in EVIDENCE_TEXT else None
    if isinstance(ev, dict) and ev.get("evidence") in EVIDENCE_TEXT:
        return ev["evidence"]
    if row.get("signature") == "execution_error" or str(row.get("reason", "")).startswith(
            ("invalid prediction", "prediction failed")):
        return "invalid_sql"
    return "witness"
