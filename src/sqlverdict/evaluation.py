"""``evaluate``: judge every prediction of every system under every oracle, resumably.

The unit of work is one example: its gold runs once and serves every system and oracle
(results are cached per process). Units run in worker processes (``workers > 1``) and each
finished unit is committed to the journal at once, so a killed run loses at most the units
in flight. The outputs (``verdicts.jsonl``, ``summary.json``, ``summary.csv``) are written
from the journal in benchmark order, so they do not depend on scheduling.
"""

from __future__ import annotations

import functools
import json
import multiprocessing as mp
import platform
import threading
import time
import traceback
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from pathlib import Path

from . import __version__
from .bench.dialect import guard, translate_run, unknown_verdict
from .bench.loader import Benchmark
from .bench.predictions import PredictionSet
from .clip import MAX_QUERY_CHARS, clip, clip_text
from .engine.execute import ResultCache
from .errors import InputError
from .oracles.base import Context, EvalOptions, get_oracle
from .report.levels import example_levels
from .report.summary import summarize, write_summary
from .runner.journal import Journal, config_hash, file_identity, key_parts, verdict_key
from .runner.output import RunLock, atomic_write, safe_name, write_text
from .sql.dialect import check_dialect
from .types import Example, Judged, Prediction, Status, Verdict, rows_from_json

JOURNAL = "journal.sqlite"
THREADED_ORACLES: set[str] = set()  # measured: threads lose to processes (GIL), so none


@dataclass
class _Job:
    example: Example
    preds: list[tuple[str, Prediction]]
    todo: set[tuple[str, str]]  # (system, oracle) still to judge
    known: dict[tuple[str, str], Verdict] = field(default_factory=dict)


# ---------------------------------------------------------------- worker side

# Worker state: per process (process pool) and per thread (thread pool).
_W = threading.local()


def _init_worker(oracle_names: Sequence[str], options: EvalOptions, schemas) -> None:
    _W.oracles = [get_oracle(n, options) for n in oracle_names]
    _W.cache = ResultCache()
    _W.options = options
    _W.schemas = schemas


def _run_job(job: _Job) -> tuple[str, list[tuple[str, str, Verdict]]]:
    out = []
    for system, pred in job.preds:
        ctx = Context(_W.options, _W.cache, _W.schemas)
        for oracle in _W.oracles:
            key = (system, oracle.name)
            if key in job.todo:
                try:
                    v = oracle.judge(job.example, pred, ctx)
                except Exception as e:  # noqa: BLE001 - one bad pair never stops a run
                    tb = traceback.format_exc(limit=3).strip().splitlines()[-1]
                    v = Verdict(oracle.name, Status.UNKNOWN,
                                f"internal error in {oracle.name} oracle: {e!r} ({tb})")
                out.append((system, oracle.name, v))
            else:
                v = job.known[key]
            ctx.prior[oracle.name] = v
    return job.example.id, out


# Oracles whose judgements run in isolated worker processes with a hard wall-clock budget
# and a memory limit (runner.isolate): a solver that ignores its own timeout or exhausts
# memory costs one UNKNOWN verdict, never the run.
ISOLATED_ORACLES = {"bounded"}
_ISO: dict = {}


def _warm(names, options) -> None:
    """Build the isolated oracles in a worker before its memory limit applies (their native
    libraries, e.g. Z3's, are mapped once and shared by the forked jobs)."""
    for name in names:
        _ISO.setdefault((name, id(options)), get_oracle(name, options))
    import z3  # noqa: F401 - the bounded oracle's solver library

    z3.main_ctx()


def _isolated_job(job: tuple) -> Verdict:
    """Judge one prediction under one isolated oracle (runs inside a pool worker)."""
    name, options, example, pred, prior, schemas = job
    oracle = _ISO.get((name, id(options)))
    if oracle is None:
        oracle = _ISO[(name, id(options))] = get_oracle(name, options)
    ctx = Context(options, ResultCache(), schemas, dict(prior))
    return oracle.judge(example, pred, ctx)


# ---------------------------------------------------------------- driver side


@dataclass
class RunResult:
    out_dir: Path
    summary: dict
    computed: int
    reused: int
    changed: dict[str, int] = field(default_factory=dict)  # part -> verdicts recomputed
    warnings: list[str] = field(default_factory=list)


def _run_isolated(isolated, oracles, jobs, known, key, options, bench, workers, record,
                  report) -> None:
    """Second phase: judgements of isolated oracles, each in a forked worker under hard
    limits, with the verdicts of the oracles before it (e.g. execution) as ``prior``."""
    from .runner.isolate import LocalPool

    items = []
    for job in jobs:
        for system, pred in job.preds:
            for name in isolated:
                if (system, name) not in job.todo:
                    continue
                prior = {}
                for o in oracles[:oracles.index(name)]:
                    v = job.known.get((system, o)) or known.get(key(system, job.example, o, pred))
                    if v is not None:
                        prior[o] = v
                schemas = {job.example.db_id: bench.schemas[job.example.db_id]} \
                    if job.example.db_id in bench.schemas else {}
                items.append((job.example.id, system, name,
                              (name, options, job.example, pred, prior, schemas)))
    if not items:
        return
    # a hard budget a little above the solver's own soft one; 2 GB of memory per pair
    budget = options.verify_timeout_s + 10.0
    with LocalPool(_isolated_job, workers=max(1, workers), time_s=budget,
                   memory_mb=int(options.extra.get("memory_mb", 2048)),
                   fork_per_job=True, warmup=functools.partial(_warm, isolated, options)) as pool:
        for i, out in enumerate(pool.imap([it[3] for it in items]), 1):
            example_id, system, name = items[out.index][:3]
            v = out.value if out.ok else Verdict(name, Status.UNKNOWN, out.failure or "failed",
                                                 round(out.elapsed_s, 6))
            record(example_id, [(system, name, v)])
            if report:
                report(i, len(items))


def evaluate(benchmark: Benchmark, systems: Sequence[PredictionSet], oracles: Sequence[str],
             out_dir: str | Path, options: EvalOptions | None = None, *, resume: bool = False,
             workers: int = 1, limit: int | None = None,
             progress: Callable[[int, int], None] | None = None,
             levels: str | None = "auto") -> RunResult:
    """Judge ``systems`` on ``benchmark`` under ``oracles``; write the run to ``out_dir``.
    ``levels`` breaks the summary down by ``hardness`` or ``difficulty`` (``auto``: the
    benchmark's own, see ``report.levels``; None: no breakdown). ``progress(done, total)``
    is called as judgements finish.

    Inputs are checked before anything is written (a wrong suite fails here, not as a 0%
    after the run). One run at a time writes to ``out_dir`` (``RunLock``); a second one
    fails at once and names the first."""
    lock = RunLock(out_dir)
    try:
        return _evaluate(benchmark, systems, oracles, out_dir, options, resume=resume,
                         workers=workers, limit=limit, progress=progress, levels=levels,
                         lock=lock)
    finally:
        lock.release()


def _evaluate(benchmark: Benchmark, systems: Sequence[PredictionSet], oracles: Sequence[str],
              out_dir: str | Path, options: EvalOptions | None = None, *, resume: bool = False,
              workers: int = 1, limit: int | None = None,
              progress: Callable[[int, int], None] | None = None,
              levels: str | None = "auto", lock: RunLock) -> RunResult:
    out = Path(out_dir)
    plan = _Plan.make(benchmark, systems, oracles, options or EvalOptions(), limit)
    lock.acquire()  # creates out_dir
    if (out / JOURNAL).exists() and not resume:
        raise InputError(f"run directory {str(out)!r} already holds a run; pass --resume to "
                         "continue it or choose another --out")
    t_start = time.time()
    run = _Run(plan, Journal(out / JOURNAL))
    jobs, settled = run.schedule()
    try:
        for example_id, system, v in settled:
            run.record(example_id, [(system, v.oracle, v)])
        _execute(run, jobs, workers, progress)
    finally:
        run.flush()
    run.journal.close()
    rows = run.rows()
    bench, options = plan.bench, plan.options
    _write_witnesses(out, rows, bench)
    hint = "rerun with --resume to write it again from the journal"
    with atomic_write(out / "verdicts.jsonl", hint=hint) as f:
        for r in rows:
            f.write(json.dumps(r, default=str) + "\n")
    summary = summarize(rows, [s.name for s in plan.systems], list(oracles), len(bench.examples),
                        len(bench.skipped), example_levels(bench, levels))
    write_summary(out, summary)
    run_info = {
        "sqlverdict": __version__, "python": platform.python_version(),
        "benchmark": {"kind": bench.kind, "path": str(bench.path), "n_examples": len(bench.examples)},
        "systems": {s.name: {"path": str(s.path), "warnings": s.warnings} for s in plan.systems},
        "oracles": list(oracles), "options": options.to_json(), "workers": workers,
        "limit": limit, "computed": run.computed, "reused": run.reused, "changed": run.changed,
        "warnings": plan.warnings, "wall_s": round(time.time() - t_start, 3),
    }
    write_text(out / "run.json", json.dumps(run_info, indent=2, default=str), hint=hint)
    return RunResult(out, summary, run.computed, run.reused, run.changed, plan.warnings)


@dataclass
class _Plan:
    """What a run judges: the (translated) benchmark and systems, the oracles by name and
    object, each oracle's configuration hash, and the warnings found before judging."""

    bench: Benchmark
    systems: list
    oracles: list[str]
    options: EvalOptions
    cfg: dict[str, str]
    inputs: dict
    untranslated: dict[tuple[str, str], str]
    warnings: list[str]

    @classmethod
    def make(cls, benchmark, systems, oracles, options, limit) -> _Plan:
        if not systems:
            raise InputError("no predictions given: pass --predictions NAME=FILE at least once")
        names = [s.name for s in systems]
        if len(set(names)) != len(names):
            raise InputError(f"system names must be unique, got {names}")
        if not oracles:
            raise InputError("no oracle given: pass --oracle execution (or a list)")
        oracle_objs = [get_oracle(n, options) for n in oracles]  # fail early on unknown names
        options = replace(options, dialect=check_dialect(options.dialect))
        written_in = {"dialect": options.dialect} if options.dialect else {}
        cfg = {o.name: config_hash({**o.config(), **written_in}) for o in oracle_objs}
        inputs = {o.name: getattr(o, "inputs", None) for o in oracle_objs}
        bench = benchmark.limit(limit)
        untranslated: dict[tuple[str, str], str] = {}
        systems = list(systems)
        if options.dialect:  # every query judged as its SQLite translation
            run = translate_run(bench, systems, options.dialect)
            bench, systems, untranslated = run.bench, run.systems, run.unknown
        judged = [e for e in bench.examples if e.id not in bench.skipped]
        warnings: list[str] = []
        for o in oracle_objs:
            check = getattr(o, "check", None)
            if check is not None:
                warnings += check(judged)
        warnings += _empty_database_warnings(oracles, options, judged)
        return cls(bench, list(systems), list(oracles), options, cfg, inputs, untranslated,
                   warnings)

    @property
    def isolated(self) -> list[str]:
        return [o for o in self.oracles if o in ISOLATED_ORACLES]

    @property
    def inline(self) -> list[str]:
        return [o for o in self.oracles if o not in ISOLATED_ORACLES]


class _Run:
    """The journal of one run, the verdicts known (journaled or computed), their keys, and
    the batch of new verdicts not yet committed."""

    def __init__(self, plan: _Plan, journal: Journal):
        self.plan, self.journal = plan, journal
        self.known = journal.known()
        self.keys: dict[tuple[str, str, str], str] = {}
        self.parts_of: dict[str, dict[str, str]] = {}
        self.by_id = {e.id: e for e in plan.bench.examples}
        self.preds_by = {s.name: s for s in plan.systems}
        self.computed = self.reused = 0
        self.changed: dict = {}
        self.pending: list = []
        self.last_flush = time.monotonic()

    def key(self, system: str, ex: Example, oracle: str, pred: Prediction) -> str:
        k = self.keys.get((system, ex.id, oracle))
        if k is None:
            inputs = self.plan.inputs[oracle]
            parts = key_parts(system, ex.id, oracle, self.plan.cfg[oracle],
                              pred.sql or f"!{pred.invalid}", ex.gold, file_identity(ex.db_path),
                              inputs(ex) if inputs else "")
            k = self.keys[(system, ex.id, oracle)] = verdict_key(parts)
            self.parts_of[k] = parts
        return k

    def schedule(self) -> tuple[list[_Job], list[tuple[str, str, Verdict]]]:
        """Jobs for what the journal does not hold (by database, then benchmark order), and
        the verdicts settled without judging (predictions without a translation)."""
        plan, jobs, settled = self.plan, [], []
        for ex in plan.bench.examples:
            if ex.id in plan.bench.skipped:
                continue
            preds = [(s.name, s.get(ex.id)) for s in plan.systems]
            job = _Job(ex, preds, set())
            for system, pred in preds:
                for o in plan.oracles:
                    k = self.key(system, ex, o, pred)
                    if k in self.known:
                        job.known[(system, o)] = self.known[k]
                        self.reused += 1
                    elif (system, ex.id) in plan.untranslated:
                        settled.append((ex.id, system,
                                        unknown_verdict(o, plan.untranslated[system, ex.id])))
                    else:
                        job.todo.add((system, o))
            if job.todo:
                jobs.append(job)
        jobs.sort(key=lambda j: (j.example.db_id, j.example.index))
        if self.known:
            self.changed = self.journal.changes(
                self.parts_of[self.key(s, j.example, o, p)] for j in jobs
                for s, p in j.preds for o in plan.oracles if (s, o) in j.todo)
        if self.changed:
            plan.warnings.append("recomputed journaled verdicts whose inputs changed: " + ", ".join(
                f"{n} ({part})" for part, n in sorted(self.changed.items())))
        return jobs, settled

    def flush(self) -> None:
        self.journal.add_many(self.pending)
        self.pending.clear()
        self.last_flush = time.monotonic()

    def record(self, example_id: str, results) -> None:
        """Keep verdicts, committed in small batches (at most ~0.2 s of work is lost on a
        kill)."""
        ex = self.by_id[example_id]
        for system, oracle, v in results:
            pred = self.preds_by[system].get(example_id)
            k = self.key(system, ex, oracle, pred)
            v = guard(v, pred, self.plan.options.dialect)
            v = self.known[k] = replace(v, reason=clip_text(v.reason), evidence=clip(v.evidence))
            self.pending.append((k, self.parts_of[k], v))
        self.computed += len(results)
        if time.monotonic() - self.last_flush > 0.2:
            self.flush()

    def rows(self) -> list[dict]:
        """One row per system, example and oracle, in benchmark order."""
        bench, out = self.plan.bench, []
        for s in self.plan.systems:
            for ex in bench.examples:
                pred = s.get(ex.id)
                for o in self.plan.oracles:
                    out.append(self._row(s.name, ex, o, pred))
        return out

    def _row(self, system: str, ex: Example, o: str, pred: Prediction) -> dict:
        base = {"system": system, "example_id": ex.id, "db_id": ex.db_id, "oracle": o}
        if ex.id in self.plan.bench.skipped:
            v = Verdict(o, Status.UNKNOWN, f"skipped: {self.plan.bench.skipped[ex.id]}",
                        judged=Judged.SKIPPED)
            extra = {"skipped": True}
        else:
            v = self.known[self.key(system, ex, o, pred)]
            extra = {"skipped": False}
        d = v.to_json()
        ev = d["evidence"] if isinstance(d["evidence"], dict) else {}
        if d["status"] == "refuted" and isinstance(ev.get("realism"), str):
            extra["realism"] = ev["realism"]  # how realistic the witness is
        return {**base, "status": d["status"], "reason": d["reason"], "judged": d["judged"],
                "elapsed_s": d["elapsed_s"], "signature": d["signature"],
                "evidence": d["evidence"], **extra,
                **clip({"question": ex.question, "gold": ex.gold,
                        "pred": pred.sql if pred.ok else None,
                        "invalid": pred.invalid}, MAX_QUERY_CHARS)}


def _execute(run: _Run, jobs: list[_Job], workers: int, report) -> None:
    """Judge the jobs: inline oracles in this process, threads or processes, then the
    isolated ones (``report``: the caller draws, cli.progress; the library only counts)."""
    plan = run.plan
    init = (plan.inline, plan.options, plan.bench.schemas)
    if workers <= 1 or len(jobs) <= 1:
        _init_worker(*init)
        results = map(_run_job, jobs)
        _collect(run, results, len(jobs), report)
    elif set(plan.inline) <= THREADED_ORACLES:
        # SQLite releases the GIL while it executes, so threads parallelize cheap
        # execution-only runs without the process pool's pickling and start-up costs.
        with ThreadPoolExecutor(workers, initializer=_init_worker, initargs=init) as pool:
            _collect(run, pool.map(_run_job, jobs), len(jobs), report)
    else:
        ctx = mp.get_context("fork" if "fork" in mp.get_all_start_methods() else "spawn")
        with ctx.Pool(workers, _init_worker, init) as pool:
            chunk = max(1, min(64, len(jobs) // (workers * 8)))  # fewer IPC round trips
            _collect(run, pool.imap_unordered(_run_job, jobs, chunksize=chunk), len(jobs), report)
    if plan.isolated:
        run.flush()
        _run_isolated(plan.isolated, plan.oracles, jobs, run.known, run.key, plan.options,
                      plan.bench, workers, run.record, report)


def _collect(run: _Run, results, n: int, report) -> None:
    for i, res in enumerate(results, 1):
        run.record(*res)
        if report:
            report(i, n)


# Oracles whose verdicts depend on the rows of the shipped database alone.
ROW_ORACLES = ("execution",)


def database_is_empty(path: str) -> bool:
    """True when no table of the SQLite file at ``path`` holds a row."""
    from .engine.execute import run_query

    tables = run_query(path, "SELECT name FROM sqlite_master WHERE type = 'table' AND "
                             "name NOT LIKE 'sqlite_%'").rows
    for (name,) in tables:
        q = '"' + name.replace('"', '""') + '"'
        if run_query(path, f"SELECT EXISTS (SELECT 1 FROM {q})").rows[0][0]:
            return False
    return True


def _empty_database_warnings(oracles, options: EvalOptions, examples) -> list[str]:
    """Execution on databases without rows compares two queries on empty tables, where most
    queries agree: refuse, or (``allow_empty_databases``) warn."""
    if not any(o in ROW_ORACLES for o in oracles):
        return []
    empty: dict[str, int] = {}
    status: dict[str, bool] = {}
    for e in examples:
        if e.db_path not in status:
            status[e.db_path] = database_is_empty(e.db_path)
        if status[e.db_path]:
            empty[e.db_id] = empty.get(e.db_id, 0) + 1
    if not empty:
        return []
    n = sum(empty.values())
    names = ", ".join(sorted(empty)[:8]) + (f" and {len(empty) - 8} more" if len(empty) > 8 else "")
    what = (f"{n} of {len(examples)} example(s) use database(s) without any rows ({names}): "
            "execution there only checks that both queries return the same on empty tables")
    if not options.extra.get("allow_empty_databases"):
        raise InputError(f"{what}; judge them with --oracle bounded (verification needs no "
                         "rows), give the databases with their rows, or pass "
                         "--allow-empty-databases to run execution anyway")
    return [what + "; its accuracy is not comparable to published EX"]


def _write_witnesses(out: Path, rows: list[dict], bench: Benchmark) -> None:
    """Save each witness in verdict evidence as ``witnesses/<system>/<id>.<oracle>.sqlite|.sql``
    (names made safe by ``safe_name``; names that differ only in case get a hash too, for
    file systems that ignore case)."""
    from .engine.materialize import to_sql_script, write_database

    taken: dict[str, str] = {}

    def name(original: str, scope: str = "") -> str:
        n = safe_name(original)
        k = f"{scope}/{n}".casefold()
        if taken.setdefault(k, original) != original:
            n = safe_name(original + "\x00")  # forces the hashed form, unique per original
        return n

    for r in rows:
        ev = r.get("evidence") or {}
        w = ev.get("witness") if isinstance(ev.get("witness"), dict) else ev
        if not isinstance(w, dict) or "tables" not in w:
            continue
        schema = bench.schemas.get(r["db_id"])
        if schema is None:
            continue
        tables = {t: [tuple(x) for x in rows_from_json(v.get("rows", []))]
                  for t, v in w["tables"].items()}
        d = out / "witnesses" / name(r["system"])
        stem = f"{name(r['example_id'], d.name)}.{r['oracle']}"
        try:
            d.mkdir(parents=True, exist_ok=True)
            (d / f"{stem}.sql").write_text(to_sql_script(schema, tables) + "\n")
            write_database(d / f"{stem}.sqlite", schema, tables, overwrite=True)
            r["witness_files"] = [f"witnesses/{d.name}/{stem}.sqlite", f"witnesses/{d.name}/{stem}.sql"]
        except (InputError, OSError) as e:
            r["witness_files"] = []
            r["witness_error"] = str(e)

