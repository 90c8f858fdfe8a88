"""``verify_batch``: many pairs from a JSONL file, one result line per pair.

Input lines: ``{"id", "gold", "pred", "schema"}`` with ``schema`` a path (SQLite file, DDL
file, Spider/BIRD ``tables.json`` with ``"db_id"``) or inline DDL text; optional
``"db_id"``, ``"bound"``, ``"semantics"``, ``"timeout"``, ``"dialect"`` (the queries'
SQL dialect, translated to SQLite first). Output lines: the ``verify --json``
object plus ``"id"``. A bad line becomes an ``unknown`` result with the reason; it never
stops the batch.

Pairs run in worker processes (``runner.isolate.LocalPool``, or ``runner.ray_backend.RayPool``
with ``executor="ray"``) with a hard wall-clock budget per pair (the verifier's own
``timeout`` plus a grace period, then the worker is killed) and a memory limit; a pair that
exceeds either is ``unknown`` with ``time budget exceeded (S s)`` or ``memory budget
exceeded (N MB)``, and the batch goes on. Output lines are written in input order, one per
finished pair, flushed; ids already in the output file are skipped, so rerunning the same
command resumes an interrupted batch. Pairs the encoder does not support go to the
randomized witness search (``staging.verify``) unless ``search=False``.
"""

from __future__ import annotations

import functools
import gc
import json
from collections.abc import Callable
from pathlib import Path

from ...errors import InputError, SqlverdictError
from ...jsonl import read_jsonl
from ...runner.isolate import DEFAULT_MEMORY_MB, LocalPool
from ...schema import from_tables_json, load_schema
from ...sql.dialect import check_dialect
from ...types import Schema, Status, status_label
from .outcome import Cause, VerifyResult
from .solver import make_spares
from .staging import verify


class SchemaCache:
    def __init__(self):
        self._d: dict[tuple[str, str | None], Schema] = {}
        self._tables: dict[str, dict[str, Schema]] = {}

    def get(self, spec: str, db_id: str | None = None) -> Schema:
        key = (spec, db_id)
        if key not in self._d:
            if spec.endswith(".json") and Path(spec).is_file():
                if spec not in self._tables:
                    self._tables[spec] = from_tables_json(spec)
                if db_id not in self._tables[spec]:
                    raise InputError(f"db_id {db_id!r} is not in {spec!r}")
                self._d[key] = self._tables[spec][db_id]
            else:
                self._d[key] = load_schema(spec, db_id)
        return self._d[key]


def verify_line(line: dict, schemas: SchemaCache, *, bound: int, timeout_s: float,
                semantics: str | None = None, compat: str | None = None,
                search: bool = True, dialect: str | None = None,
                domain: str | None = None) -> dict:
    """Verify one pairs-file record; never raises for bad records."""
    out_id = line.get("id") if isinstance(line, dict) else None
    where = {"line": line["_line"]} if isinstance(line, dict) and "_line" in line else {}
    try:
        if not isinstance(line, dict):
            raise InputError("line is not a JSON object")
        for k in ("gold", "pred", "schema"):
            if not isinstance(line.get(k), str):
                raise InputError(f"field {k!r} missing or not a string")
        schema = schemas.get(line["schema"], line.get("db_id"))
        timeout = float(line.get("timeout", timeout_s))
        if not timeout > 0:
            raise InputError(f"timeout must be a positive number of seconds, got {timeout:g}")
        r = verify(line["gold"], line["pred"], schema, bound=int(line.get("bound", bound)),
                   semantics=line.get("semantics", semantics),
                   compat=line.get("compat", compat), timeout_s=timeout,
                   constraints=line.get("constraints") or None, search=search,
                   dialect=line.get("dialect", dialect), domain=line.get("domain", domain))
        d = r.to_json()
    except (SqlverdictError, ValueError) as e:
        b = line.get("bound", bound) if isinstance(line, dict) else bound
        d = _unknown(b, semantics, Cause.INPUT_ERROR, str(e))
    return {"id": out_id, **where, **d}


def _unknown(bound, semantics, cause: Cause, detail: str, elapsed_s: float = 0.0) -> dict:
    return VerifyResult(Status.UNKNOWN, bound, semantics or "auto", cause=cause, detail=detail,
                        elapsed_s=elapsed_s).to_json()


def _key(d: dict):
    """What identifies a pair across runs: its id, or for a line without one its number."""
    return d["id"] if d.get("id") is not None else f"line {d.get('line', d.get('_line'))}"


def verify_batch(pairs_path: str | Path, out_path: str | Path, *, bound: int = 3,
                 timeout_s: float = 30.0, workers: int = 1, semantics: str | None = None,
                 compat: str | None = None,
                 progress: Callable[[int, int], None] | None = None, executor: str = "local",
                 ray_address: str | None = None, memory_mb: int | None = DEFAULT_MEMORY_MB,
                 search: bool = True, dialect: str | None = None,
                 labels: dict[str, int] | None = None, domain: str | None = None) -> dict[str, int]:
    """Verify every pair of ``pairs_path`` into ``out_path`` (appending; ids already there
    are skipped); return counts by status for the pairs run now (and fill ``labels`` with
    counts by ``types.status_label``: refutations by evidence, verifications by scope).

    Each pair runs in a process forked from a warmed-up worker, so that its result cannot
    depend on which pairs the worker verified before (Z3's state carries over between
    calls in one process, and models, hence witnesses, depend on it)."""
    p = Path(pairs_path)
    if not p.is_file():
        raise InputError(f"pairs file {str(p)!r} does not exist (check the path)")
    if workers < 1:
        raise InputError(f"--workers must be at least 1, got {workers}")
    if not timeout_s > 0:
        raise InputError(f"--timeout must be a positive number of seconds, got {timeout_s:g}")
    lines, seen, bad = [], {}, {}
    found = list(read_jsonl(p, "pairs file", on_error=lambda n, why: bad.__setitem__(n, why)))
    if not found and bad:  # a binary file, a .sql file, another format: not one pair in it
        first = min(bad)
        raise InputError(f"pairs file {str(p)!r} holds no JSON object (line {first}: "
                         f"{bad[first]}); expected one {{\"id\", \"gold\", \"pred\", "
                         "\"schema\"} object per line (JSONL)")
    found += [(n, {"id": f"line {n}", "_error": why}) for n, why in bad.items()]
    for n, line in sorted(found, key=lambda x: x[0]):
        line["_line"] = n
        key = _key(line)
        if key in seen:
            raise InputError(f"pairs file {str(p)!r}: id {key!r} on lines {seen[key]} and {n}; "
                             "give every pair its own id (results are matched by id)")
        seen[key] = n
        lines.append(line)
    _check_constraint_files(lines, p)
    counts: dict[str, int] = {}
    out = Path(out_path)
    out.parent.mkdir(parents=True, exist_ok=True)
    done_ids = _finished_ids(out)
    todo = [line for line in lines if _key(line) not in done_ids]
    _check_defaults(dialect, domain)  # a misspelt default fails the batch, not every line
    opts = {"bound": bound, "timeout_s": timeout_s, "semantics": semantics, "compat": compat,
            "search": search, "dialect": dialect, "domain": domain}
    hard_s = max([timeout_s] + [_float(line.get("timeout")) for line in todo
                                if isinstance(line, dict)])
    isolation = {"fork_per_job": True, "warmup": _warm_up_for(todo, opts)}
    if executor == "local":
        pool = LocalPool(_pool_job, workers=workers, time_s=hard_s, memory_mb=memory_mb,
                         **isolation)
    elif executor == "ray":
        from ...runner.ray_backend import RayPool

        pool = RayPool(_pool_job, workers=workers, time_s=hard_s, memory_mb=memory_mb,
                       address=ray_address, **isolation)
    else:
        raise InputError(f"executor must be 'local' or 'ray', got {executor!r}")
    total, finished = len(lines), len(lines) - len(todo)
    with pool, open(out, "a", encoding="utf-8") as f:
        for o in pool.imap([(line, opts) for line in todo]):
            line = todo[o.index]
            if o.ok:
                d = o.value
            else:  # the pair ran out of its time or memory budget, or crashed its worker
                cause = Cause.BUDGET if "budget" in o.failure else Cause.CRASHED
                d = {"id": line.get("id"), "line": line["_line"],
                     **_unknown(line.get("bound", bound), line.get("semantics", semantics),
                                cause, o.failure, o.elapsed_s)}
            f.write(json.dumps(d, default=str) + "\n")
            f.flush()
            counts[d["status"]] = counts.get(d["status"], 0) + 1
            if labels is not None:
                k = status_label(d["status"], evidence=d.get("evidence"), scope=d.get("scope"))
                labels[k] = labels.get(k, 0) + 1
            finished += 1
            if progress:
                progress(finished, total)
    return counts


def _check_defaults(dialect: str | None, domain: str | None) -> None:
    check_dialect(dialect)
    if domain is not None and str(domain).lower() not in ("sqlite", "typed"):
        raise InputError(f"--domain must be sqlite or typed, got {domain!r}")


def _check_constraint_files(lines: list[dict], where: Path) -> None:
    """Every constraint file the pairs name loads: a missing or malformed one is an error
    naming it and its lines, not an ``unknown`` for each pair that names it."""
    from ...constraints.encode import as_constraint_set

    by_file: dict[str, list[int]] = {}
    for line in lines:
        c = line.get("constraints")
        if isinstance(c, str) and c:
            by_file.setdefault(c, []).append(line["_line"])
    for c, nums in by_file.items():
        try:
            as_constraint_set(c)
        except SqlverdictError as e:
            more = ", ..." if len(nums) > 3 else ""
            raise InputError(f"pairs file {str(where)!r} lines {', '.join(map(str, nums[:3]))}"
                             f"{more}: {e}") from None


_worker_schemas = SchemaCache()  # one per worker process: schemas load once per worker
# run once in each worker before it forks pairs: parsers, solver and caches initialised
_WARMUP = {"id": "warmup", "gold": "SELECT a FROM t WHERE a > 1",
           "pred": "SELECT a FROM t WHERE a >= 2", "schema": "CREATE TABLE t(a INT, b TEXT)"}
SPARE_CONTEXTS = 3  # the Session and the unbounded proofs of most pairs take one to three


def _warm_up_for(todo: list[dict], opts: dict) -> functools.partial:
    """The warm-up of the workers of a batch of ``todo`` pairs: ``_warm_up`` with the
    dialect specs and the schemas they name."""
    lines = [line for line in todo if isinstance(line, dict) and "_error" not in line]
    specs = _dialect_specs([opts["dialect"]] + [x.get("dialect", opts["dialect"]) for x in lines])
    schemas = sorted({(x["schema"], x.get("db_id")) for x in lines
                      if isinstance(x.get("schema"), str)
                      and isinstance(x.get("db_id"), (str, type(None)))}, key=str)
    # a line without a dialect may be read in another (``infer``) when SQLite rejects it
    guess = opts["dialect"] is None and any(x.get("dialect") is None for x in lines)
    return functools.partial(_warm_up, opts, specs, schemas, guess)


def _warm_up(opts: dict, dialects: list[str | None],
             schemas: list[tuple[str, str | None]] = (), guess: bool = False) -> None:
    """Run once in each worker before it forks a process per pair: pay here what each
    pair's process would otherwise pay again, and leave the worker's memory as the forked
    processes will find it.

    - ``schemas``: the ``(schema, db_id)`` of every pair loaded into the worker's
      ``SchemaCache`` (a schema loaded in the pair's process was lost with it: the DDL was
      parsed and run again for every pair). One that fails to load is left to its pairs,
      which report why.
    - The warm-up pair verified once per dialect spec of the batch (None: SQLite): the
      parsers, the lowering, the solver, and for a dialect its sqlglot module and the
      translation (a dialect first met in the pair's process cost its import each time);
      with ``guess`` (lines without a dialect), once more on a pair SQLite rejects, which
      imports the dialects ``infer`` reads it in.
    - ``solver.make_spares``: unused Z3 contexts for ``new_context``; a context made in the
      forked process costs there about 15 ms of copied pages (see ``new_context``).
    - ``gc.freeze()`` after a collection: the warmed-up objects move to the permanent
      generation, so the forked process's collector never walks them (walking writes their
      headers, and every page it writes to is copied).

    None of it changes a verdict: each pair still starts from the same process state (the
    worker's after this function), and a spare context is as empty as a new one."""
    for spec, db_id in schemas:
        try:
            _worker_schemas.get(spec, db_id)
        except Exception:  # noqa: BLE001 - the pair's own process raises it again
            pass
    lines = [{**_WARMUP, "dialect": spec} for spec in dialects]
    if guess:
        lines.append({**_WARMUP, "gold": "SELECT a FROM t GROUP BY ROLLUP(a)"})
    for line in lines:
        try:
            verify_line(line, _worker_schemas, **{**opts, "search": False})
        except Exception:  # noqa: BLE001 - a failed warm-up only costs speed
            pass
    make_spares(SPARE_CONTEXTS)
    gc.collect()
    gc.freeze()


def _dialect_specs(named: list) -> list[str | None]:
    """The checked dialect specs among ``named`` (None: SQLite), each once; a misspelt one
    is left to the result of its line."""
    out = set()
    for spec in {d for d in named if d is None or isinstance(d, str)}:
        try:
            out.add(check_dialect(spec))
        except InputError:
            pass
    return sorted(out, key=str)


def _pool_job(job: tuple[dict, dict]) -> dict:
    line, opts = job
    if "_error" in line:
        return {"id": line["id"], "line": line["_line"],
                **_unknown(opts["bound"], opts["semantics"], Cause.INPUT_ERROR, line["_error"])}
    return verify_line(line, _worker_schemas, **opts)


def _float(x) -> float:
    try:
        return float(x)
    except (TypeError, ValueError):
        return 0.0


def _finished_ids(out: Path) -> set:
    """Ids with a complete result line in ``out`` (a torn last line is dropped)."""
    if not out.is_file():
        return set()
    ids, good = set(), 0
    raw = out.read_bytes()
    for chunk in raw.split(b"\n"):
        if not chunk.strip():
            good += len(chunk) + 1
            continue
        try:
            ids.add(_key(json.loads(chunk)))
            good += len(chunk) + 1
        except (json.JSONDecodeError, KeyError, TypeError, UnicodeDecodeError, RecursionError):
            break
    if good < len(raw):  # cut the torn tail so that appended lines stay valid JSON
        with open(out, "r+b") as f:
            f.truncate(min(good, len(raw)))
    return ids
