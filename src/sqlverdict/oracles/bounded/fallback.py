"""A concrete randomized search for a separating small database (the fallback).

When the encoder rejects a pair (``UnsupportedSQL``), no proof is possible, but a witness
may still be easy to find: draw small databases (at most ``bound`` rows per table, each
table independently, empty tables included) that respect the schema, with values taken
from the two queries' literals and their neighbours, and run both queries in SQLite.

The outcome is never ``verified``: either ``refuted`` with a witness that was minimized (rows
dropped, values simplified) and then replayed from a fresh SQLite file through ``engine.execute.run_query`` and
``engine.compare.results_equal``, or ``unknown`` with the reason
``unsupported: <construct>; search found no witness``.

Instances come from ``oracles.suite.fuzz.generate_database`` (keys, foreign keys, NOT NULL
and UNIQUE hold) with the value pool of ``oracles.suite.fuzz.value_pool``. Everything is a
function of the pair and the seed, so a search is reproducible.

>>> from sqlverdict.schema import from_ddl
>>> s = from_ddl("CREATE TABLE t(id INT PRIMARY KEY, a INT)")
>>> r = search_witness("SELECT id FROM t WHERE a > 3", "SELECT id FROM t WHERE a >= 3", s,
...                    bound=3, construct="example")
>>> str(r.status), r.witness.tables["t"]["rows"]
('refuted', [[..., 3]])
>>> r = search_witness("SELECT id FROM t WHERE a > 3", "SELECT id FROM t WHERE 3 < a", s,
...                    bound=2, max_trials=50, construct="example")
>>> str(r.status), r.reason
('unknown', 'unsupported: example; search found no witness')
"""

from __future__ import annotations

import dataclasses
import hashlib
import random
import re
import sqlite3
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

import sqlglot
from sqlglot import exp

from ...engine.compare import Semantics, results_equal, signature
from ...engine.execute import _authorizer, run_query
from ...engine.materialize import create_table_sql
from ...errors import ExecutionError
from ...types import Schema, Status, Witness
from ..suite.fuzz import generate_database, value_pool
from . import ir
from .replay import _write_file

DEFAULT_TRIALS = 2000
DEFAULT_TIME_S = 5.0


@dataclass(frozen=True)
class SearchResult:
    """What the search found. ``status`` is ``REFUTED`` or ``UNKNOWN``, never better."""

    status: Status
    reason: str
    witness: Witness | None = None
    trials: int = 0
    elapsed_s: float = 0.0
    details: dict = field(default_factory=dict)

    def to_json(self) -> dict:
        return {"status": str(self.status), "reason": self.reason,
                "witness": self.witness.to_json() if self.witness else None,
                "search": {"trials": self.trials, **self.details},
                "elapsed_s": round(self.elapsed_s, 6)}


# --------------------------------------------------------------------------- query facts


def _parse(sql: str):
    try:
        return sqlglot.parse_one(sql, read="sqlite")
    except Exception:  # sqlglot raises several error types; any failure means "no facts"
        return None


def query_facts(sql: str, schema: Schema) -> tuple[set[str], list]:
    """Tables of ``schema`` that ``sql`` mentions, and its literal values.

    >>> from sqlverdict.schema import from_ddl
    >>> s = from_ddl("CREATE TABLE t(a INT); CREATE TABLE u(b TEXT)")
    >>> query_facts("SELECT a FROM t WHERE a = 3 AND a < 2.5 OR 'x' = 'x'", s)
    ({'t'}, [3, 2.5, 'x'])
    """
    tree = _parse(sql)
    names = {t.name.lower() for t in schema.tables}
    if tree is None:  # be generous: every table, literals from nothing
        return names, []
    tables = {t.name.lower() for t in tree.find_all(exp.Table)} & names
    lits: list = []
    for lit in tree.find_all(exp.Literal, bfs=False):
        v = lit.this
        if lit.is_string:
            val = v
        else:
            try:
                val = int(v)
            except ValueError:
                try:
                    val = float(v)
                except ValueError:
                    continue
        if isinstance(lit.parent, exp.Neg) and not isinstance(val, str):
            val = -val
        if (type(val), val) not in {(type(x), x) for x in lits}:
            lits.append(val)
    return tables, lits


def date_values(literals: list) -> list:
    """Dates and datetimes around year / year-month literals, for ``strftime`` filters.

    >>> date_values(["1995", "2011-07", "x"])
    ['1995-01-01', '1995-06-15 12:00:00', '1995-12-31', '1994-12-31', '1996-01-01', '2011-07-01', '2011-07-15 12:00:00', '2011-07-31']
    """
    out: list = []
    for v in literals:
        if not isinstance(v, str):
            continue
        if re.fullmatch(r"(1[89]|20)\d\d", v):
            y = int(v)
            out += [f"{y}-01-01", f"{y}-06-15 12:00:00", f"{y}-12-31", f"{y - 1}-12-31",
                    f"{y + 1}-01-01"]
        elif re.fullmatch(r"(1[89]|20)\d\d-(0[1-9]|1[0-2])", v):
            out += [f"{v}-01", f"{v}-15 12:00:00", f"{v}-31" if v[-2:] in
                    ("01", "03", "05", "07", "08", "10", "12") else f"{v}-28"]
    return out


def _closure(schema: Schema, tables: set[str]) -> set[str]:
    """The tables plus every table they reference by foreign key, transitively."""
    out, todo = set(tables), list(tables)
    while todo:
        t = schema.table(todo.pop())
        for fk in t.foreign_keys:
            r = fk.ref_table.lower()
            if schema.has_table(r) and r not in out:
                out.add(r)
                todo.append(r)
    return out


# --------------------------------------------------------------------------- running


class _Scratch:
    """An in-memory database with the schema, refilled for each trial; queries run under
    the project's read-only authorizer."""

    def __init__(self, schema: Schema):
        self.schema = schema
        self.conn = sqlite3.connect(":memory:", isolation_level=None, check_same_thread=False)
        self.conn.text_factory = lambda b: b.decode("utf-8", errors="replace")
        for t in schema.tables:
            self.conn.execute(create_table_sql(t, foreign_keys=False))

    def fill(self, tables: dict[str, list[tuple]]) -> bool:
        self.conn.set_authorizer(None)
        try:
            self.conn.execute("BEGIN")
            for t in self.schema.tables:
                self.conn.execute(f'DELETE FROM "{t.name}"')
                rows = tables.get(t.name) or []
                if rows:
                    marks = ", ".join("?" * len(t.columns))
                    self.conn.executemany(f'INSERT INTO "{t.name}" VALUES ({marks})', rows)
            self.conn.execute("COMMIT")
            return True
        except sqlite3.Error:  # a value SQLite refuses (e.g. rowid alias): skip the trial
            self.conn.execute("ROLLBACK")
            return False

    def run(self, sql: str, timeout_s: float):
        self.conn.set_authorizer(_authorizer)
        try:
            return run_query(self.conn, sql, timeout_s=timeout_s, max_rows=100_000)
        finally:
            self.conn.set_authorizer(None)

    def close(self) -> None:
        self.conn.close()


def _differs(gold_res, pred_res, sem: Semantics) -> bool:
    return not results_equal(gold_res.rows, pred_res.rows, sem,
                             gold_ncols=len(gold_res.columns), pred_ncols=len(pred_res.columns))


def _try(scratch: _Scratch, gold: str, pred: str, tables, sem, timeout_s):
    """``(gold_result, pred_result)`` when both run and differ, else None."""
    if not scratch.fill(tables):
        return None
    try:
        g = scratch.run(gold, timeout_s)
        p = scratch.run(pred, timeout_s)
    except ExecutionError:
        return None
    return (g, p) if _differs(g, p, sem) else None


def _minimize(scratch, schema, gold, pred, tables, sem, timeout_s, deadline):
    """Drop rows one at a time while the difference persists and the schema still holds."""
    tables = {k: list(v) for k, v in tables.items()}
    changed = True
    while changed and time.monotonic() < deadline:
        changed = False
        for name in sorted(tables, key=lambda n: -len(tables[n])):
            i = len(tables[name]) - 1
            while i >= 0 and time.monotonic() < deadline:
                cand = {k: (v[:i] + v[i + 1:] if k == name else v) for k, v in tables.items()}
                if _fks_hold(schema, cand) and _try(scratch, gold, pred, cand, sem, timeout_s):
                    tables = cand
                    changed = True
                i -= 1
    return tables


def _simplify(scratch, schema, gold, pred, tables, sem, timeout_s, deadline):
    """Replace values by NULL, 0 or '' while the difference persists and the schema holds
    (keys, NOT NULL and UNIQUE are checked by SQLite on insert, foreign keys here)."""
    tables = {k: [list(r) for r in v] for k, v in tables.items()}
    for name in sorted(tables):
        t = schema.table(name)
        pk = {c.lower() for c in t.primary_key}
        # NULL only where the schema allows it (an INTEGER PRIMARY KEY would turn it into a
        # rowid, and the witness would not show what the database holds)
        nullable = [not c.not_null and c.name.lower() not in pk for c in t.columns]
        for row in tables[name]:
            for j, v in enumerate(row):
                if time.monotonic() >= deadline:
                    break
                simple = 0 if isinstance(v, int | float) and not isinstance(v, bool) else ""
                for cand in ((None, simple) if nullable[j] else (simple,)):
                    if v is None or (type(cand) is type(v) and cand == v):
                        break  # already as simple as it gets
                    row[j] = cand
                    trial = {k: [tuple(r) for r in rs] for k, rs in tables.items()}
                    if _fks_hold(schema, trial) and _try(scratch, gold, pred, trial, sem,
                                                         timeout_s):
                        break
                    row[j] = v
    return {k: [tuple(r) for r in v] for k, v in tables.items()}


def _fks_hold(schema: Schema, tables: dict[str, list[tuple]]) -> bool:
    for t in schema.tables:
        rows = tables.get(t.name) or []
        if not rows:
            continue
        names = [c.name.lower() for c in t.columns]
        for fk in t.foreign_keys:
            if not schema.has_table(fk.ref_table):
                continue
            rt = schema.table(fk.ref_table)
            rnames = [c.name.lower() for c in rt.columns]
            try:
                ci = [names.index(c.lower()) for c in fk.columns]
                ri = [rnames.index(c.lower()) for c in fk.ref_columns]
            except ValueError:
                continue
            parents = {tuple(r[j] for j in ri) for r in tables.get(rt.name) or []}
            for r in rows:
                key = tuple(r[j] for j in ci)
                if None not in key and key not in parents:
                    return False
    return True


def _replay(schema: Schema, gold: str, pred: str, tables, sem: Semantics, timeout_s: float):
    """Write the witness to a fresh SQLite file and run both queries on it: the ground
    truth for ``refuted``. Returns both results when they differ, else None."""
    with tempfile.TemporaryDirectory(prefix="sqlverdict-search-") as d:
        path = Path(d) / "witness.sqlite"
        _write_file(path, schema, {k: {"rows": v} for k, v in tables.items()})
        conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True, isolation_level=None)
        conn.text_factory = lambda b: b.decode("utf-8", errors="replace")
        conn.set_authorizer(_authorizer)
        try:
            g = run_query(conn, gold, timeout_s=timeout_s)
            p = run_query(conn, pred, timeout_s=timeout_s)
        except ExecutionError:
            return None
        finally:
            conn.close()
    return (g, p) if _differs(g, p, sem) else None


def _seed(gold: str, pred: str, seed: int) -> int:
    h = hashlib.sha256(f"{seed}\x00{gold}\x00{pred}".encode()).digest()
    return int.from_bytes(h[:8], "big")


def search_witness(gold: str, pred: str, schema: Schema, *, bound: int = 5,
                   semantics: Semantics | str = "bag", time_s: float = DEFAULT_TIME_S,
                   max_trials: int = DEFAULT_TRIALS, seed: int = 0,
                   construct: str | None = None, query_timeout_s: float = 2.0) -> SearchResult:
    """Search random databases with at most ``bound`` rows per table for one on which
    ``gold`` and ``pred`` differ under ``semantics``. ``construct`` (what the encoder did
    not support) goes into the reason when nothing is found."""
    t0 = time.monotonic()
    deadline = t0 + time_s
    sem = Semantics.parse(semantics)
    tg, lg = query_facts(gold, schema)
    tp, lp = query_facts(pred, schema)
    names = {t.name.lower(): t.name for t in schema.tables}
    relevant = _closure(schema, tg | tp)
    literals = lg + [v for v in lp if (type(v), v) not in {(type(x), x) for x in lg}]
    literals += [d for d in date_values(literals) if d not in literals]
    pool = value_pool(schema, None, literals)
    rng = random.Random(_seed(gold, pred, seed))
    prefix = f"unsupported: {construct}; " if construct else ""
    scratch = _Scratch(schema)
    trials = 0
    try:
        while trials < max_trials and time.monotonic() < deadline:
            trials += 1
            # small databases first: the first trials use at most 1..2 rows per table
            cap = min(bound, 1 + trials // 20)
            sizes = {t.name: (rng.randint(0, cap) if t.name.lower() in relevant else 0)
                     for t in schema.tables}
            null_rate = (0.0, 0.12, 0.3)[trials % 3]
            tables = generate_database(schema, rng, values=pool, max_rows=cap, sizes=sizes,
                                       null_rate=null_rate)
            if not _try(scratch, gold, pred, tables, sem, query_timeout_s):
                continue
            tables = _minimize(scratch, schema, gold, pred, tables, sem, query_timeout_s,
                               deadline + 2.0)
            tables = _simplify(scratch, schema, gold, pred, tables, sem, query_timeout_s,
                               deadline + 3.0)
            # simpler values can free rows (a NULL foreign key needs no parent)
            tables = _minimize(scratch, schema, gold, pred, tables, sem, query_timeout_s,
                               deadline + 4.0)
            got = _replay(schema, gold, pred, tables, sem, query_timeout_s)
            if got is None:
                continue  # did not replay from a file: keep searching
            g, p = got
            shown = {names[n]: {"columns": [c.name for c in schema.table(n).columns],
                                "rows": [list(r) for r in tables.get(names[n], [])]}
                     for n in sorted(relevant)}
            w = Witness(shown, [list(r) for r in g.rows], [list(r) for r in p.rows],
                        signature(g.rows, p.rows, sem, gold_ncols=len(g.columns),
                                  pred_ncols=len(p.columns)))
            return SearchResult(Status.REFUTED,
                                f"{prefix}witness found by randomized search "
                                f"(trial {trials}, replayed in SQLite)",
                                w, trials, time.monotonic() - t0, {"found_at_trial": trials})
    finally:
        scratch.close()
    return SearchResult(Status.UNKNOWN, f"{prefix}search found no witness", None, trials,
                        time.monotonic() - t0)


# --------------------------------------------------------------------------- with the verifier


# Small bounds tried first, each with this share of the pair's budget: the encoding of a
# multi-join at bound 5 is large (K^n join rows) while most witnesses have 1-3 rows per table.
STAGES = ((1, 0.02), (2, 0.05), (3, 0.1))
PROBE_S = 2.0  # the quick randomized search of a pair whose small bounds run out of time
_SAME_AT_EVERY_BOUND = ("unsupported:", "gold query is invalid", "prediction not understood")


def staged_verify(gold: str, pred: str, schema: Schema, *, bound: int = 3,
                  semantics: str = "set", timeout_s: float = 30.0, constraints=None,
                  probe=None):
    """``api.verify`` at bound 1, 2, 3 (small shares of the budget), then at ``bound``.

    A witness found at a small bound is a witness at ``bound`` (a database with at most k
    rows per table has at most ``bound``), replayed in SQLite as always, so it is reported
    at once; ``verified`` is only ever the answer of the run at ``bound`` itself. A small
    bound that runs out of its share, or proves equivalence, just moves on.

    ``probe(seconds) -> VerifyResult | None``: a quick witness search (the randomized one)
    tried once when a small bound already runs out of its share (a hard encoding, where a
    witness that SQLite confirms ends the pair early).

    >>> from sqlverdict.schema import from_ddl
    >>> s = from_ddl("CREATE TABLE t(a INT PRIMARY KEY, b INT)")
    >>> r = staged_verify("SELECT a FROM t WHERE b > 1", "SELECT a FROM t WHERE b > 2", s, bound=5)
    >>> str(r.status), r.bound, r.reason
    ('refuted', 5, 'witness with at most 1 rows per table replayed in SQLite (pred_empty)')
    >>> r = staged_verify("SELECT a FROM t WHERE b > 1", "SELECT a FROM t WHERE b >= 2", s, bound=5)
    >>> str(r.status), r.bound
    ('verified', 5)
    """
    from .api import verify

    t0 = time.monotonic()
    for k, share in STAGES:
        if k >= bound:
            break
        res = verify(gold, pred, schema, bound=k, semantics=semantics,
                     timeout_s=max(0.05, share * timeout_s), constraints=constraints)
        if res.status is Status.REFUTED:
            return dataclasses.replace(res, bound=bound, elapsed_s=time.monotonic() - t0)
        if res.status is Status.UNKNOWN and res.reason.startswith(_SAME_AT_EVERY_BOUND):
            if _reads_clock(res.reason):
                res = _pinned_clock(res, gold, pred, schema, bound, semantics,
                                    timeout_s - (time.monotonic() - t0), constraints)
            return dataclasses.replace(res, bound=bound, elapsed_s=time.monotonic() - t0)
        if res.status is Status.VERIFIED and res.reason.startswith(("identical", "equivalent")):
            break  # a proof for every bound: the run at ``bound`` says it again at once
        if res.status is Status.UNKNOWN and res.reason.startswith("budget") and probe is not None:
            found, probe = probe(min(PROBE_S, 0.05 * timeout_s)), None
            if found is not None and found.status is Status.REFUTED:
                return dataclasses.replace(found, bound=bound, elapsed_s=time.monotonic() - t0)
    left = timeout_s - (time.monotonic() - t0)
    res = verify(gold, pred, schema, bound=bound, semantics=semantics,
                 timeout_s=max(0.05, left), constraints=constraints)
    if res.status is Status.UNKNOWN and _reads_clock(res.reason):
        res = _pinned_clock(res, gold, pred, schema, bound, semantics,
                            timeout_s - (time.monotonic() - t0), constraints)
    return dataclasses.replace(res, elapsed_s=time.monotonic() - t0)


def _reads_clock(reason: str) -> bool:
    return reason.startswith("unsupported:") and (
        "of the clock" in reason or "CURRENT_" in reason)


def _pinned_clock(res, gold, pred, schema, bound, semantics, left, constraints):
    """A query that reads the clock: search again with the clock read once, as a constant;
    only a refutation is kept (its witness replays in SQLite, which reads the real clock):
    equivalence at one instant proves nothing. Then, with the clock as one symbolic
    timestamp for both queries, ``verified`` holds for every clock value of the domain (as
    for any text column). Otherwise ``res`` unchanged."""
    from .api import verify

    t0 = time.monotonic()
    if left <= 0.05:
        return res

    def verify_with(clock_mode, seconds):  # clock_mode: ir.PIN_CLOCK or ir.SYMBOLIC_CLOCK
        token = clock_mode.set(True)
        try:
            return verify(gold, pred, schema, bound=bound, semantics=semantics,
                          timeout_s=seconds, constraints=constraints)
        finally:
            clock_mode.reset(token)

    pinned = verify_with(ir.PIN_CLOCK, left)
    if pinned.status is Status.REFUTED:
        return dataclasses.replace(pinned, reason=pinned.reason + "; the queries read the clock,"
                                   " the witness replayed with SQLite's clock")
    # No witness now: prove equivalence for every clock value (a symbolic timestamp of the
    # domain, the same for both queries), or report what a witness needs.
    left -= time.monotonic() - t0
    if left <= 0.05:
        return res
    sym = verify_with(ir.SYMBOLIC_CLOCK, left)
    if sym.status is Status.VERIFIED:
        return dataclasses.replace(sym, reason=sym.reason + "; the queries read the clock: for"
                                   " every timestamp of the text domain, SQLite's now included")
    if sym.status is Status.REFUTED:  # replayed with SQLite's own clock: a witness now
        return dataclasses.replace(sym, reason=sym.reason + "; the queries read the clock,"
                                   " the witness replayed with SQLite's clock")
    return res


TIES_ASSUMED = "ties cut by a LIMIT broken alike"  # in the reason of such a rewriting proof
TIE_SEARCH_S = 2.0


def _tie_search(res, gold, pred, schema, semantics, bound, constraints, seed, seconds, t0):
    """A rewriting proof holds if both queries break ties at a LIMIT alike; SQLite may
    not. A short search for a database where SQLite's own tie order separates them: its
    replayed witness refutes the pair (as the solver's third stage would), else the proof
    stands."""
    if constraints is not None or seconds <= 0.05:
        return res
    found = search_witness(gold, pred, schema, bound=bound, semantics=semantics,
                           time_s=seconds, seed=seed)
    if found.status is not Status.REFUTED:
        return dataclasses.replace(res, elapsed_s=time.monotonic() - t0)
    return dataclasses.replace(
        res, status=Status.REFUTED, witness=found.witness, elapsed_s=time.monotonic() - t0,
        reason=found.reason + "; the queries are equal up to how SQLite breaks ties at a LIMIT")


def verify_or_search(gold: str, pred: str, schema: Schema, *, bound: int = 3,
                     semantics: str = "set", timeout_s: float = 30.0, constraints=None,
                     search: bool = True, search_time_s: float = DEFAULT_TIME_S,
                     seed: int = 0):
    """``api.verify``, then, for a pair the encoder does not support, the randomized
    search within what is left of ``timeout_s`` (at most ``search_time_s``). Returns the
    verifier's ``VerifyResult``; a search verdict says so in its reason.

    >>> from sqlverdict.schema import from_ddl
    >>> s = from_ddl("CREATE TABLE t(a INT PRIMARY KEY, b TEXT)")
    >>> r = verify_or_search("SELECT group_concat(b) FROM t", "SELECT max(b) FROM t", s)
    >>> str(r.status), r.reason
    ('refuted', 'unsupported: function GROUP_CONCAT; witness found by randomized search (trial ..., replayed in SQLite)')
    """
    from .api import VerifyResult

    t0 = time.monotonic()
    # the solver leaves a little time for the search, used when it runs out of budget
    reserve = min(search_time_s, 0.1 * timeout_s) if search else 0.0

    def probe(seconds):  # the search ignores active-domain constraints: none with them
        if constraints is not None or seconds <= 0.05:
            return None
        found = search_witness(gold, pred, schema, bound=bound, semantics=semantics,
                               time_s=seconds, seed=seed)
        if found.status is not Status.REFUTED:
            return None
        return VerifyResult(found.status, bound, str(Semantics.parse(semantics)),
                            found.reason + "; the encoding at small bounds ran out of time",
                            time.monotonic() - t0, found.witness)

    res = staged_verify(gold, pred, schema, bound=bound, semantics=semantics,
                        timeout_s=timeout_s - reserve, constraints=constraints,
                        probe=probe if search else None)
    if search and res.status is Status.VERIFIED and TIES_ASSUMED in res.reason:
        return _tie_search(res, gold, pred, schema, semantics, bound, constraints, seed,
                           min(timeout_s - (time.monotonic() - t0), TIE_SEARCH_S), t0)
    if not (search and res.status is Status.UNKNOWN
            and res.reason.startswith(("unsupported:", "budget:", "prediction not understood",
                                       "unconfirmed witness"))):
        return res
    unsupported = res.reason.startswith("unsupported:")
    construct = res.reason[len("unsupported:"):].strip() if unsupported else None
    left = timeout_s - (time.monotonic() - t0)
    if left <= 0.05:
        return res
    found = search_witness(gold, pred, schema, bound=bound, semantics=res.semantics,
                           time_s=min(left, search_time_s), seed=seed, construct=construct)
    if constraints is not None and found.witness is not None:
        from ...constraints.encode import as_constraint_set
        from ...constraints.realism import satisfies

        if not satisfies(found.witness.tables, as_constraint_set(constraints)):
            return res  # the random search ignores the constraints: its witness does not count
    # after a budget, the reason keeps what stopped the solver and adds the search's outcome
    reason = found.reason if unsupported else f"{res.reason}; {found.reason}"
    return VerifyResult(found.status, res.bound, res.semantics, reason,
                        time.monotonic() - t0, found.witness)
