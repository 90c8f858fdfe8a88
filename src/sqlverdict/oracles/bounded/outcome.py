"""What the bounded verifier answers: a status plus *how* it was decided, in fields.

Control flow and counts read the fields (``method``, ``cause``, ``assumptions``); the human
``reason`` is built from them by ``describe`` and nothing parses it.

- ``method``: how a decided verdict was reached: ``same_text`` (the same statement up to
  spelling), ``same_ir`` (the same relational plan after qualification), ``rewriting``
  (equal canonical forms), ``normal_form`` (the unbounded prover, ``unbounded``),
  ``rewriting_normal_form`` (the unbounded prover on the canonical forms), ``congruence``
  (one skeleton, the parts that differ proved per row: ``congruence``), ``solver`` (Z3 on the bounded encoding), ``search`` (a randomized
  search of small databases), ``replay`` (SQLite itself: the empty database, or an invalid
  prediction).
- ``cause``: why the prover (the encoding and the solver) gave no answer: ``unsupported``
  (``detail`` names the construct), ``budget`` (``detail``: time, rlimit, size, memory),
  ``gold_invalid``, ``pred_not_understood``, ``unconfirmed`` (candidate witnesses failed to
  replay), ``input_error``. An ``unknown`` always has one; a verdict the search decided
  keeps the cause that sent the pair to the search.
- ``assumptions``: what a verdict rests on beyond the schema and the bound (``ASSUMPTIONS``).
- ``scope`` of a ``verified``: ``every database`` for same text, same IR, rewriting,
  normal_form, rewriting_normal_form, congruence and small_model (the solver at a bound
  the small-model theorem makes enough: ``small_model``), ``up to K rows per table`` for
  the solver.
- ``evidence`` of a ``refuted``: ``witness`` (a database replayed in SQLite) or
  ``invalid_sql`` (SQLite rejects the prediction where the gold runs).
- ``dialect``: the dialect the queries were written in; other than SQLite, the verdict is
  SQLite's on their translations (``translation``, see ``translate``). ``inferred``: given
  without a dialect, SQLite rejected a query as written and other readings were tried
  (``infer``): the JSON says ``dialect_inferred``, what SQLite rejected, what each reading met.

>>> from sqlverdict.types import Status
>>> r = VerifyResult(Status.UNKNOWN, 3, "set", cause=Cause.UNSUPPORTED, detail="function X")
>>> r.reason
'unsupported: function X'
>>> r = VerifyResult(Status.VERIFIED, 5, "bag", method=Method.SOLVER)
>>> r.reason, r.scope
('no witness with at most 5 rows per table (bag semantics)', 'up to 5 rows per table')
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, replace
from typing import Any

from ...types import Status, Witness
from .interpret import describe_interpretations
from .realism import EmptyRead, Realism


class Method(enum.StrEnum):
    SAME_TEXT = "same_text"
    SAME_IR = "same_ir"
    REWRITING = "rewriting"
    NORMAL_FORM = "normal_form"
    REWRITING_NORMAL_FORM = "rewriting_normal_form"  # normal forms of the canonical forms
    CONGRUENCE = "congruence"  # one skeleton, the parts that differ proved per row (congruence.py)
    SOLVER = "solver"
    SEARCH = "search"
    REPLAY = "replay"
    NO_TABLE = "no_table"  # neither query reads a table: SQLite's results on one database
    SMALL_MODEL = "small_model"  # the solver at a bound the small-model theorem makes enough


class Cause(enum.StrEnum):
    UNSUPPORTED = "unsupported"
    BUDGET = "budget"
    GOLD_INVALID = "gold_invalid"
    PRED_NOT_UNDERSTOOD = "pred_not_understood"
    UNCONFIRMED = "unconfirmed"
    INPUT_ERROR = "input_error"
    CRASHED = "crashed"  # the worker process running the pair died


class Assumption(enum.StrEnum):
    TIES = "ties_broken_alike"  # a LIMIT cuts through tied rows the same way in both queries
    CLOCK = "clock_in_text_domain"  # every timestamp of the text domain, SQLite's now included
    CLOCK_NOW = "clock_read_now"  # a witness replayed with SQLite's clock at that moment
    TEXT_DOMAIN = "finite_text_domain"  # text functions and LIKE read on a finite set of strings
    EXACT_REALS = "exact_reals"  # arithmetic on reals computed exactly, not in floating point
    DATE_TEXT = "date_columns_hold_text"  # DATE/TIME columns (NUMERIC affinity) hold text only
    STORAGE = "declared_storage_classes"  # INTEGER columns hold integers, REAL/NUMERIC numbers
    TEXT_BLOB = "text_columns_hold_text"  # TEXT columns a query computes on hold no BLOB
    PARENT_KEYS = "foreign_key_parents_unique"  # a foreign key's parent columns hold no repeats
    SUMS_EXACT = "integer_sums_exact"  # SUM of integers exact in floating point, no overflow
    DETERMINISTIC = "undefined_functions_deterministic"  # functions SQLite lacks: see notes
    INT_RANGE = "integer_arithmetic_in_range"  # + - * and SUM on integers within 64 bits
    INT_MIN = "no_real_int_min"  # no INTEGER/NUMERIC column holds the REAL -2**63 (int_min.py)
    UNTYPED_TEXT = "untyped_columns_hold_text"  # columns of BLOB affinity hold text (untyped.py)


# How an assumption reads in a reason.
ASSUMPTION_TEXT = {
    Assumption.TIES: "ties cut by a LIMIT broken alike",
    Assumption.TEXT_DOMAIN: "text functions read on the verifier's finite set of strings",
    Assumption.EXACT_REALS: "real arithmetic computed exactly",
    Assumption.DATE_TEXT: "DATE/TIME columns hold text, not numbers or BLOBs",
    Assumption.STORAGE: "numeric columns hold values of their declared class",
    Assumption.TEXT_BLOB: "TEXT columns hold text, not BLOBs",
    Assumption.PARENT_KEYS: "foreign-key parent columns hold unique values",
    Assumption.SUMS_EXACT: "sums of integers exact in floating point (below 2**53), no overflow",
    Assumption.DETERMINISTIC: "the functions SQLite lacks are deterministic (as the notes say)",
    Assumption.INT_RANGE: ("integer arithmetic stays within 64 bits (SQLite makes an overflow a "
                           "REAL, and SUM raises an error)"),
    Assumption.INT_MIN: ("no INTEGER or NUMERIC column holds the REAL -9223372036854775808.0 "
                         "(equal to the INTEGER -2**63, grouped with it, shown apart)"),
    Assumption.UNTYPED_TEXT: ("columns declared without a type or as BLOB hold text, not numbers "
                              "or BLOBs (SQLite keeps 1 beside 1.0 there: equal, shown apart)"),
}


EVERY_DATABASE = (Method.SAME_TEXT, Method.SAME_IR, Method.REWRITING, Method.NORMAL_FORM,
                  Method.REWRITING_NORMAL_FORM, Method.CONGRUENCE, Method.NO_TABLE,
                  Method.SMALL_MODEL)


@dataclass(frozen=True)
class VerifyResult:
    status: Status
    bound: int
    semantics: str
    method: Method | None = None
    cause: Cause | None = None
    detail: str = ""  # the construct, the budget's message, the error
    assumptions: tuple[Assumption, ...] = ()
    witness: Witness | None = None
    evidence: str | None = None  # refuted: "witness" or "invalid_sql"
    witness_rows: int | None = None  # the bound at which the solver found the witness
    notes: tuple[str, ...] = ()  # column matching, constraints in force (text for people)
    # what the notes say in fields: a refutation's empty read table (``realism.EmptyRead``)
    # and whether the note of the mined constraints in force is among them
    empty: EmptyRead = EmptyRead.NONE
    constrained: bool = False
    search: dict | None = None  # the randomized search: {"trials", "found_at_trial"}
    # (the targeted one, ``assumption_witness``, adds "aimed_at": the stated assumptions it aimed at)
    realism: Realism | None = None  # refuted: the most realistic level of the witness
    dialect: str | None = None  # the queries' dialect when not SQLite (translated first)
    translation: tuple[str, str] | None = None  # (gold, pred) as SQLite text, if translated
    # no dialect given and SQLite rejects a query as written: the readings tried
    # (``infer.Inference``; its ``dialect`` is the one taken, if any)
    inferred: Any = None
    domain: str = "sqlite"  # the databases the verdict speaks of (``domain.Domain``)
    elapsed_s: float = 0.0
    unconfirmed: list = field(default_factory=list, compare=False)  # for debugging
    # unsupported because a query reads the clock (``errors.ClockUnsupported``): staging
    # tries the other clock modes
    reads_clock: bool = field(default=False, compare=False)

    @property
    def scope(self) -> str | None:
        if self.status is not Status.VERIFIED:
            return None
        if self.method in EVERY_DATABASE:
            return "every database"
        return f"up to {self.bound} rows per table"

    @property
    def reason(self) -> str:
        return describe(self)

    def but(self, **changes) -> VerifyResult:
        return replace(self, **changes)

    def to_json(self) -> dict[str, Any]:
        d = {
            "status": str(self.status),
            "bound": self.bound,
            "semantics": self.semantics,
            "reason": self.reason,
            "elapsed_s": round(self.elapsed_s, 4),
            "witness": self.witness.to_json() if self.witness is not None else None,
            "method": str(self.method) if self.method else None,
            "cause": str(self.cause) if self.cause else None,
            "detail": self.detail or None,
            "assumptions": [str(a) for a in self.assumptions],
            "dialect": self.dialect or "sqlite",
            "domain": str(self.domain),
        }
        if self.translation is not None:
            d["translation"] = {"gold": self.translation[0], "pred": self.translation[1]}
        if self.inferred is not None:
            d.update(self.inferred.to_json())
        if self.status is Status.VERIFIED:
            d["scope"] = self.scope
        if self.status is Status.REFUTED:
            d["evidence"] = self.evidence
            d["realism"] = str(self.realism) if self.realism is not None else None
            # no witness found in which every table the queries read has a row
            d["empty_table_only"] = self.empty is EmptyRead.ONLY
            spec = self.witness.interpretations if self.witness is not None else None
            if spec:  # functions SQLite lacks, as registered for the replay
                d["interpretations"] = spec
        return d


_CAUSE_TEXT = {
    Cause.GOLD_INVALID: "gold query is invalid: {}",
    Cause.PRED_NOT_UNDERSTOOD: "prediction not understood: {}",
    Cause.UNSUPPORTED: "unsupported: {}",
    Cause.BUDGET: "budget: {}",
    Cause.INPUT_ERROR: "input error: {}",
}


def _cause_text(r: VerifyResult) -> str:
    if r.cause is Cause.UNCONFIRMED:
        return f"unconfirmed witness: {r.detail}" if r.detail else "unconfirmed witness"
    if r.cause is Cause.CRASHED:
        return r.detail
    return _CAUSE_TEXT[r.cause].format(r.detail) if r.cause else ""


def describe(r: VerifyResult) -> str:
    """The reason, for people."""
    notes = "".join(f"; {n}" for n in r.notes if not n.startswith(","))
    cols = "".join(n for n in r.notes if n.startswith(","))  # ", pred columns matched as [...]"
    sem = f"{r.semantics} semantics"
    if r.status is Status.VERIFIED:
        if r.method is Method.SAME_TEXT:
            text = (f"the same query up to case, quoting and layout (every database, so also at "
                    f"bound {r.bound}; {sem})")
        elif r.method is Method.SAME_IR:
            text = (f"identical after normalization (every database, so also at bound "
                    f"{r.bound}; {sem})")
        elif r.method is Method.REWRITING:
            text = (f"equivalent by rewriting{cols} (every database that satisfies the keys and "
                    f"foreign keys, so also at bound {r.bound}; {sem})")
        elif r.method is Method.NORMAL_FORM:
            text = (f"equal normal forms, proved with Z3 for every value of every column "
                    f"(every database that satisfies the keys and foreign keys, so also at "
                    f"bound {r.bound}; {sem})")
        elif r.method is Method.REWRITING_NORMAL_FORM:
            text = (f"equal normal forms of the canonical forms (rewriting, then Z3 for every "
                    f"value of every column; every database that satisfies the keys and foreign "
                    f"keys, so also at bound {r.bound}; {sem})")
        elif r.method is Method.SMALL_MODEL:
            text = (f"no witness with at most {r.bound} rows per table{cols}, enough for every "
                    f"database that satisfies the keys and foreign keys by the small-model "
                    f"theorem ({sem})")
        elif r.method is Method.CONGRUENCE:
            text = (f"the same query but for parts proved equal as functions of the row they read "
                    f"(each for every database; congruence), so on every database that satisfies "
                    f"the keys and foreign keys, so also at bound {r.bound}; {sem})")
        elif r.method is Method.NO_TABLE:
            text = (f"neither query reads a table: SQLite returns the same on the empty database, "
                    f"so on every database (so also at bound {r.bound}; {sem})")
        else:
            text = f"no witness with at most {r.bound} rows per table ({sem}{cols})"
        if Assumption.CLOCK in r.assumptions:
            text += ("; the queries read the clock: for every timestamp of the text domain, "
                     "SQLite's now included")
        rests = [ASSUMPTION_TEXT[a] for a in r.assumptions if a in ASSUMPTION_TEXT]
        if rests:
            text += "; assuming " + ", ".join(rests)
        return text + notes
    if r.status is Status.REFUTED:
        if r.method is Method.SEARCH:
            s = r.search or {}
            past = (f"past the LIMIT, {s['past_limit_rows']}+ rows per table, "
                    if s.get("past_limit_rows") else "")
            kind = "a search aimed at the proof's assumptions" if s.get("aimed_at") else "randomized search"
            text = (f"witness found by {kind} ({past}trial "
                    f"{s.get('found_at_trial', '?')}, replayed in SQLite)")
            if r.cause is not None:
                text = f"{_cause_text(r)}; {text}"
        elif r.evidence == "invalid_sql":
            text = r.detail or "prediction is invalid"
        elif r.method is Method.REPLAY:
            sig = r.witness.signature if r.witness is not None else None
            text = f"witness with empty tables replayed in SQLite ({sig})"
        else:
            text = f"witness with at most {r.witness_rows or r.bound} rows per table replayed in SQLite"
            if r.witness is not None and r.witness.signature:
                text += f" ({r.witness.signature})"
        if Assumption.CLOCK_NOW in r.assumptions:
            text += "; the queries read the clock, the witness replayed with SQLite's clock"
        spec = r.witness.interpretations if r.witness is not None else None
        if spec:
            names = ", ".join(sorted(spec))
            text = (f"refuted for an interpretation of {names} (SQLite lacks "
                    f"{'it' if len(spec) == 1 else 'them'}): {describe_interpretations(spec)}; "
                    f"{text} with {names} registered as that table")
        return text + notes
    parts = [_cause_text(r)] if r.cause else []
    if r.search is not None:
        parts.append("search found no witness")
    return "; ".join(parts or ["no decision"]) + notes
