"""Build a test suite: per schema, generate candidate instances, keep those that separate the
gold queries from their near misses, write them with a manifest.

Layout of a suite directory::

    DIR/manifest.json              seed, benchmark, time, config, per-database stats
    DIR/<db_id>/manifest.json      instances (file, rows per table, pairs separated), counts
    DIR/<db_id>/NNN.sqlite         instances, most separating first
    DIR/<db_id>/mutants.jsonl      every valid mutant: gold, sql, kind, shipped/suite separation

Counts in the manifests: ``mutants_generated`` (distinct single-edit mutants of the usable
gold queries), ``mutants_valid`` (those that run on the shipped database), ``separable`` (valid
mutants some generated candidate instance separates from their gold), ``separated`` (those
the kept instances separate), ``shipped_separates`` (those the shipped database separates).

Everything depends only on the seed and the counted budgets (candidates, patience,
instances). The wall-clock budget is a safety net: when it stops a build early the manifest
says so (``time_budget_hit``), and that build is no longer reproducible.
"""

from __future__ import annotations

import json
import multiprocessing as mp
import os
import random
import sqlite3
import time
from collections import defaultdict
from dataclasses import asdict, dataclass, field
from pathlib import Path

from ...bench.loader import Benchmark, load_benchmark
from ...engine import execute
from ...engine.compare import Semantics, results_equal
from ...engine.execute import run_query
from ...engine.generate import _through_foreign_keys, generate_database, value_pool
from ...engine.materialize import create_table_sql, insert_rows, write_database
from ...errors import ExecutionError, InputError
from ...schema import from_sqlite
from ...types import Schema
from .distill import greedy_cover
from .mutate import literals, mutants
from .ties import tie_at_limit


@dataclass(frozen=True)
class BuildConfig:
    seed: int = 0
    max_candidates: int = 2000  # candidate instances tried per database
    patience: int = 400  # stop after this many candidates in a row separate nothing new
    max_instances: int = 60  # instances kept per database (distillation budget)
    row_caps: tuple[int, ...] = (2, 3, 5, 8, 12)  # max rows per table, cycled over candidates
    mutant_limit: int = 120  # mutants per gold query
    shipped_timeout_s: float = 5.0  # per query on the shipped database
    instance_timeout_s: float = 1.0  # per query on a candidate instance
    time_budget_s: float = 420.0  # wall clock per database (safety net)
    cross_gold: bool = True  # also separate golds the shipped database cannot tell apart
    nonempty: bool = True  # also keep, per gold, an instance where its result is informative
    extra_instances: int = 6  # random instances added after distillation, for diversity
    sweep: int = 8  # per gold with open near misses: focused candidates tried after the main loop
    # "schema": NULLs wherever the schema allows; "observed": only in columns that hold a
    # NULL in the shipped database (closer to the data the questions were written for)
    nulls: str = "schema"


@dataclass
class Gold:
    sql: str
    semantics: str
    example_ids: list[str]
    shipped: execute.Result | None = None
    error: str | None = None
    mutants: list[dict] = field(default_factory=list)  # sql, kind, shipped_separates, result


def semantics_of(gold: str) -> Semantics:
    """The default comparison: bag, list when the gold has a top-level ORDER BY."""
    from ...engine.policy import default_semantics

    return default_semantics(gold)


def same(g: execute.Result, p: execute.Result, sem: str) -> bool:
    return results_equal(g.rows, p.rows, sem, gold_ncols=len(g.columns),
                         pred_ncols=len(p.columns))


def _focused_pool(schema: Schema, pool: dict, lits: dict) -> dict:
    """``pool`` where the columns a gold compares with literals hold only those literals and
    their neighbours (and the columns joined to them by foreign keys)."""
    own = {k: v for k, v in value_pool(schema, None, lits).items() if v}
    return {**pool, **own}


def _narrow(pool: dict, rng: random.Random, keep: dict | None = None,
            keys: set | None = None) -> dict:
    """Two or three values per column (drawn from its pool), so that rows share names,
    keys of non-key columns and sort values: the data on which GROUP BY name vs id,
    NOT IN over a non-key, missing DISTINCT and ties show. ``keep`` maps lower-case
    ``(table, column)`` to values that stay in (a gold's own literals: its filters must
    still hold on the narrowed data, e.g. both 'English' and 'French' for an INTERSECT).
    Columns in ``keys`` (single-column keys, lower-case) keep their pool: two values would
    cap the table at two rows."""
    out = {}
    for k in sorted(pool):
        vals = pool[k]
        if keys and (k[0].lower(), k[1].lower()) in keys:
            out[k] = vals
            continue
        must = [v for v in (keep or {}).get((k[0].lower(), k[1].lower()), []) if v in vals]
        must = list(dict.fromkeys(must))
        rest = [v for v in vals if v not in must]
        n = max(0, rng.choice((2, 3)) - len(must) if not must else rng.choice((0, 1)))
        out[k] = must + (rng.sample(rest, min(len(rest), n)) if rest else [])
    return out


def observed_nulls(schema: Schema, db_path: str | None) -> set[tuple[str, str]]:
    """Columns that hold at least one NULL in the shipped database."""
    out: set[tuple[str, str]] = set()
    if db_path is None:
        return out
    for t in schema.tables:
        for c in t.columns:
            try:
                r = run_query(db_path, f'SELECT 1 FROM "{t.name}" WHERE "{c.name}" IS NULL LIMIT 1')
            except ExecutionError:
                continue
            if r.rows:
                out.add((t.name, c.name))
    return out


def _memory_db(schema: Schema, tables: dict[str, list[tuple]]) -> sqlite3.Connection:
    """The instance in memory, read through the same guard as files (``scratch_database``)."""
    conn = execute.scratch_database(check_same_thread=False)
    with execute.owner_writes(conn):
        for t in schema.tables:
            conn.execute(create_table_sql(t, foreign_keys=False, checks=False))
            insert_rows(conn, t, tables.get(t.name))
    return conn


def _colliding_golds(gl: list[Gold]) -> list[tuple[int, int]]:
    """Pairs of different golds with the same result on the shipped database."""
    out = []
    for a, ga in enumerate(gl):
        for b in range(a + 1, len(gl)):
            gb = gl[b]
            if ga.shipped is None or gb.shipped is None:
                continue
            if len(ga.shipped.rows) != len(gb.shipped.rows):
                continue
            if same(ga.shipped, gb.shipped, pair_semantics(ga.semantics, gb.semantics)):
                out.append((a, b))
    return out


def informative(rows) -> bool:
    """A result that says something: some value that is neither NULL nor 0 (an empty result,
    ``COUNT(*) = 0`` or ``MAX(x) = NULL`` is what an empty database gives too).

    >>> informative([(0,)]), informative([(None, 0)]), informative([("a",)]), informative([])
    (False, False, True, False)
    """
    return any(v is not None and v != 0 for r in rows for v in r)


def pair_semantics(a: str, b: str) -> str:
    return "list" if "list" in (str(a), str(b)) else "bag"


def _evaluate(schema: Schema, tables, gl: list[Gold], want: set[tuple], timeout: float
              ) -> tuple[set[tuple], list[int]]:
    """Which of the targets ``want`` this instance separates (or covers), and the golds
    that cannot use it (they fail, or a LIMIT cuts through a tie)."""
    conn = _memory_db(schema, tables)
    res: dict[int, execute.Result | None] = {}

    def run(sql: str):
        return run_query(conn, sql, timeout_s=timeout)

    def gold(gi: int):
        if gi not in res:
            try:
                res[gi] = run(gl[gi].sql)
            except ExecutionError:
                res[gi] = None
            else:  # a tie at a LIMIT makes the gold's own answer arbitrary here
                if tie_at_limit(run, gl[gi].sql):
                    res[gi] = None
        return res[gi]

    by_gold: dict[int, list[int]] = defaultdict(list)
    hit: set[tuple] = set()
    try:
        for t in want:
            if t[0] == "m":
                by_gold[t[1]].append(t[2])
            elif t[0] == "n":
                r = gold(t[1])
                if r is not None and informative(r.rows):
                    hit.add(t)
            else:
                ra, rb = gold(t[1]), gold(t[2])
                if (ra is None) != (rb is None) or (ra is not None and not same(
                        ra, rb, pair_semantics(gl[t[1]].semantics, gl[t[2]].semantics))):
                    hit.add(t)
        for gi, idxs in by_gold.items():
            g = gold(gi)
            if g is None:
                continue
            for i in sorted(idxs):
                try:
                    m = run_query(conn, gl[gi].mutants[i]["sql"], timeout_s=timeout)
                except ExecutionError as e:
                    if e.kind != "timeout":
                        hit.add(("m", gi, i))  # the mutant fails where the gold runs
                    continue
                if not same(g, m, gl[gi].semantics):
                    hit.add(("m", gi, i))
    finally:
        conn.close()
    return hit, sorted(gi for gi, r in res.items() if r is None)


def _separated(conn, gold: Gold, idxs, timeout: float) -> set[int] | None:
    """Indices of ``gold``'s mutants (among ``idxs``) that this instance separates; None
    when the gold itself fails here (the instance is unusable for this gold)."""
    try:
        g = run_query(conn, gold.sql, timeout_s=timeout)
    except ExecutionError:
        return None
    out = set()
    for i in idxs:
        try:
            m = run_query(conn, gold.mutants[i]["sql"], timeout_s=timeout)
        except ExecutionError as e:
            if e.kind != "timeout":
                out.add(i)  # the mutant fails where the gold runs: a different outcome
            continue
        if not same(g, m, gold.semantics):
            out.add(i)
    return out


def build_database(db_id: str, schema: Schema, db_path: str | None, golds: dict[str, list[str]],
                   out_dir: str | Path, config: BuildConfig = BuildConfig()) -> dict:
    """Build the suite of one database into ``out_dir/<db_id>/``; return its stats.

    The steps: the value pool from the shipped data and the golds' literals; the golds
    run and mutated on the shipped database; the targets to separate; random candidates,
    then a focused sweep per gold; distillation to a greedy cover plus a few random
    instances; the files."""
    t0 = time.perf_counter()
    cfg = config
    d = Path(out_dir) / db_id
    d.mkdir(parents=True, exist_ok=True)
    for old in list(d.glob("*.sqlite")):
        old.unlink()
    pool, gold_lits = _gold_value_pool(schema, db_path, golds)
    observed = _nullable_columns(cfg, schema, db_path)
    gl, n_generated, n_invalid = _run_golds(golds, schema, db_path, cfg)
    targets, pairs = _targets(gl, cfg)
    search = _Search(db_id, schema, cfg, gl, pool, gold_lits, observed, t0, open_=set(targets))
    search.candidates()
    search.sweep()
    full, unusable, order = _distill(search, targets)
    separable = set().union(*full.values()) if full else set()
    separated: set = set()
    for k in order:
        separated |= full[k]
    instances = _write_instances(d, schema, dict(search.kept), order, full, unusable)
    _write_mutants(d, gl, separable, separated)
    stats = {"db_id": db_id, **_counts(gl, n_generated, n_invalid, pairs, separable, separated),
             "candidates_tried": search.tried, **_sizes(instances),
             "time_budget_hit": search.budget_hit,
             "elapsed_s": round(time.perf_counter() - t0, 2)}
    manifest = {"db_id": db_id, "stats": stats, "instances": instances,
                "golds": [{"sql": g.sql, "semantics": g.semantics, "example_ids": g.example_ids,
                           "mutants": len(g.mutants), "error": g.error} for g in gl]}
    (d / "manifest.json").write_text(json.dumps(manifest, indent=1), encoding="utf-8")
    return stats


def _gold_value_pool(schema: Schema, db_path: str | None, golds) -> tuple[dict, dict]:
    """The value pool (shipped values, the golds' literals per column, and up to six loose
    literals more per column) and each gold's literals per column."""
    per_col: dict[tuple[str, str], list] = defaultdict(list)
    loose: list = []
    gold_lits: dict[str, dict] = {}
    for sql in golds:
        pc, lo = literals(sql, schema)
        gold_lits[sql] = pc
        for k, v in pc.items():
            per_col[k].extend(v)
        loose.extend(lo)
    pool = value_pool(schema, db_path, dict(per_col))
    if loose:
        extra = value_pool(schema, None, loose)
        for k, v in extra.items():
            pool[k] = pool.get(k, []) + [x for x in v if x not in pool.get(k, [])][:6]
    return pool, gold_lits


def _nullable_columns(cfg: BuildConfig, schema: Schema, db_path: str | None):
    """Where generated NULLs may go: ``None`` (wherever the schema allows) or the columns
    that hold a NULL in the shipped database."""
    if cfg.nulls == "observed":
        return observed_nulls(schema, db_path)
    if cfg.nulls != "schema":
        raise InputError(f"nulls must be 'schema' or 'observed', got {cfg.nulls!r}")
    return None


def _run_golds(golds: dict[str, list[str]], schema: Schema, db_path: str | None,
               cfg: BuildConfig) -> tuple[list[Gold], int, int]:
    """Each gold run on the shipped database with its mutants (those that run): the golds,
    the mutants generated and the invalid ones."""
    gl: list[Gold] = []
    n_generated = n_invalid = 0
    for sql, ids in golds.items():
        g = Gold(sql, str(semantics_of(sql)), ids)
        gl.append(g)
        if db_path is None:
            g.error = "no shipped database"
            continue
        try:
            g.shipped = run_query(db_path, sql, timeout_s=cfg.shipped_timeout_s)
        except ExecutionError as e:
            g.error = f"gold fails on the shipped database: {e}"
            continue
        for m in mutants(sql, schema, limit=cfg.mutant_limit):
            n_generated += 1
            try:
                r = run_query(db_path, m.sql, timeout_s=cfg.shipped_timeout_s)
            except ExecutionError:
                n_invalid += 1
                continue
            g.mutants.append({"sql": m.sql, "kind": m.kind,
                              "shipped_separates": not same(g.shipped, r, g.semantics)})
    return gl, n_generated, n_invalid


def _targets(gl: list[Gold], cfg: BuildConfig) -> tuple[set[tuple], list[tuple[int, int]]]:
    """What the instances should separate: ``("m", gold, mutant)`` near misses; ``("g",
    gold, gold)`` other golds of the schema that the shipped database cannot tell apart;
    ``("n", gold)`` an informative gold result. Also the colliding gold pairs."""
    targets: set[tuple] = {("m", gi, i) for gi, g in enumerate(gl) for i in range(len(g.mutants))}
    pairs = _colliding_golds(gl) if cfg.cross_gold else []
    targets |= {("g", a, b) for a, b in pairs}
    if cfg.nonempty:
        targets |= {("n", gi) for gi, g in enumerate(gl) if g.shipped is not None}
    return targets, pairs


@dataclass
class _Search:
    """The candidate search of one database: which targets are still open, the candidates
    kept (candidate number, tables), how many were tried, whether the clock stopped it."""

    db_id: str
    schema: Schema
    cfg: BuildConfig
    gl: list[Gold]
    pool: dict
    gold_lits: dict[str, dict]
    observed: set | None
    t0: float
    open_: set = field(default_factory=set)
    kept: list[tuple[int, dict]] = field(default_factory=list)
    focused: dict[int, dict] = field(default_factory=dict)
    tried: int = 0
    budget_hit: bool = False

    def __post_init__(self):
        self.keycols = {(t.name.lower(), key[0].lower()) for t in self.schema.tables
                        for key in ((t.primary_key,) if t.primary_key else ()) + tuple(t.uniques)
                        if len(key) == 1}

    def _rng(self, k: int) -> random.Random:
        return random.Random(f"{self.cfg.seed}:{self.db_id}:{k}")

    def _over_time(self) -> bool:
        return time.perf_counter() - self.t0 > self.cfg.time_budget_s

    def _focus(self, gi: int) -> tuple[dict, dict]:
        """The focused pool of gold ``gi`` and its literals through foreign keys."""
        lits = self.gold_lits[self.gl[gi].sql]
        values = self.focused.setdefault(gi, _focused_pool(self.schema, self.pool, lits))
        return values, _through_foreign_keys(self.schema, lits)

    def candidates(self) -> None:
        """Random candidates until every target is separated, ``patience`` candidates in a
        row separate nothing new, or the budgets end. Every other pair of candidates is
        focused on one gold with open targets (its literals, so that its conjunctive
        filters can hold at once: random draws from the full pool rarely do; golds whose
        result was never informative or that collide first); every other one narrowed to
        few values per column (duplicates)."""
        cfg, idle = self.cfg, 0
        for k in range(cfg.max_candidates):
            if not self.open_ or idle >= cfg.patience:
                break
            if self._over_time():
                self.budget_hit = True
                break
            rng = self._rng(k)
            values, keep = self.pool, None
            if k % 4 >= 2:
                hard = sorted({t[1] for t in self.open_ if t[0] in ("n", "g")})
                gi = rng.choice(hard if hard and rng.random() < 0.7
                                else sorted({t[1] for t in self.open_}))
                values, keep = self._focus(gi)
            if k % 4 in (1, 3):
                values = _narrow(values, rng, keep, self.keycols)
            tables = generate_database(self.schema, rng, values=values, nullable=self.observed,
                                       max_rows=cfg.row_caps[k % len(cfg.row_caps)],
                                       null_rate=rng.choice((0.0, 0.1, 0.25)),
                                       pool_rate=rng.choice((0.5, 0.8, 0.95)),
                                       fk_null_rate=rng.choice((None, None, 0.5)),
                                       alt_repr=rng.choice((0.0, 0.0, 0.4)))
            self.tried += 1
            hit, _ = _evaluate(self.schema, tables, self.gl, self.open_, cfg.instance_timeout_s)
            if hit:
                self.open_ -= hit
                self.kept.append((k, tables))
                idle = 0
            else:
                idle += 1

    def sweep(self) -> None:
        """Focused candidates per gold whose near misses are still open: the main loop picks
        golds at random, so a gold among dozens gets few candidates from its own literals."""
        cfg = self.cfg
        for gi in range(len(self.gl)):
            mine = {t for t in self.open_ if t[1] == gi or (t[0] == "g" and t[2] == gi)}
            if not mine or self.gl[gi].shipped is None:
                continue
            vals, keep = self._focus(gi)
            for j in range(cfg.sweep):
                if not mine or self._over_time():
                    self.budget_hit = self.budget_hit or bool(mine)
                    break
                k = cfg.max_candidates + 1000 + gi * cfg.sweep + j
                rng = self._rng(k)
                values = _narrow(vals, rng, keep, self.keycols) if j % 4 else vals
                tables = generate_database(self.schema, rng, values=values,
                                           nullable=self.observed, max_rows=(3, 5, 8)[j % 3],
                                           null_rate=rng.choice((0.0, 0.1, 0.25)),
                                           pool_rate=rng.choice((0.8, 0.95)),
                                           fk_null_rate=rng.choice((None, 0.5)),
                                           alt_repr=rng.choice((0.0, 0.4)))
                self.tried += 1
                hit, _ = _evaluate(self.schema, tables, self.gl, mine, cfg.instance_timeout_s)
                if hit:
                    mine -= hit
                    self.open_ -= hit
                    self.kept.append((k, tables))


def _distill(search: _Search, targets: set[tuple]) -> tuple[dict, dict, list[int]]:
    """The full separation sets of the kept candidates and a budgeted greedy cover of them,
    then a few more random instances, larger and with NULLs and duplicates, for what the
    mutants do not model (distinct seeds after the candidates; deterministic). Returns the
    separation sets, the golds that fail per candidate and the kept order."""
    schema, gl, cfg = search.schema, search.gl, search.cfg
    full: dict[int, set[tuple]] = {}
    unusable: dict[int, list[int]] = {}
    for k, tables in search.kept:
        full[k], unusable[k] = _evaluate(schema, tables, gl, targets, cfg.instance_timeout_s)
    order = greedy_cover(full, budget=cfg.max_instances)
    for j in range(cfg.extra_instances if gl and any(g.shipped is not None for g in gl) else 0):
        k = cfg.max_candidates + j
        rng = search._rng(k)
        tables = generate_database(schema, rng, values=search.pool, nullable=search.observed,
                                   max_rows=cfg.row_caps[-1 - (j % 2)],
                                   null_rate=0.2, pool_rate=0.9,
                                   fk_null_rate=0.4 if j % 2 else None,
                                   alt_repr=0.3 if j % 2 else 0.0)
        full[k], unusable[k] = _evaluate(schema, tables, gl, targets, cfg.instance_timeout_s)
        search.kept.append((k, tables))
        order.append(k)
    return full, unusable, order


def _write_instances(d: Path, schema: Schema, by_k: dict, order: list[int], full: dict,
                     unusable: dict) -> list[dict]:
    """``NNN.sqlite`` per kept instance, most separating first; their manifest entries."""
    instances = []
    for n, k in enumerate(order):
        name = f"{n:03d}.sqlite"
        write_database(d / name, schema, by_k[k], overwrite=True)
        instances.append({"file": name, "candidate": k,
                          "rows": {t: len(r) for t, r in by_k[k].items()},
                          "separates": sum(1 for t in full[k] if t[0] == "m"),
                          "gold_fails_on": len(unusable.get(k, []))})
    return instances


def _write_mutants(d: Path, gl: list[Gold], separable: set, separated: set) -> None:
    with open(d / "mutants.jsonl", "w", encoding="utf-8") as f:
        for gi, g in enumerate(gl):
            for i, m in enumerate(g.mutants):
                f.write(json.dumps({"gold": gi, "example_ids": g.example_ids, "sql": m["sql"],
                                    "kind": m["kind"], "shipped_separates": m["shipped_separates"],
                                    "separable": ("m", gi, i) in separable,
                                    "suite_separates": ("m", gi, i) in separated}) + "\n")


def _counts(gl: list[Gold], n_generated: int, n_invalid: int, pairs: list, separable: set,
            separated: set) -> dict:
    """The golds, mutants and gold pairs counted for the manifest."""
    msep = {t for t in separable if t[0] == "m"}
    return {
        "golds": len(gl),
        "golds_unusable": sum(1 for g in gl if g.error),
        "mutants_generated": n_generated,
        "mutants_valid": n_generated - n_invalid,
        "separable": len(msep),
        "separated": sum(1 for t in separated if t[0] == "m"),
        "shipped_separates": sum(m["shipped_separates"] for g in gl for m in g.mutants),
        "shipped_accepts_separable": sum(1 for gi, g in enumerate(gl) for i, m in enumerate(g.mutants)
                                         if ("m", gi, i) in msep and not m["shipped_separates"]),
        "gold_pairs_colliding": len(pairs),
        "gold_pairs_separable": sum(1 for t in separable if t[0] == "g"),
        "gold_pairs_separated": sum(1 for t in separated if t[0] == "g"),
        "golds_nonempty_somewhere": sum(1 for t in separated if t[0] == "n"),
    }


def _sizes(instances: list[dict]) -> dict:
    sizes = [sum(i["rows"].values()) for i in instances]
    return {"instances": len(instances),
            "rows_total": sum(sizes),
            "rows_max": max(sizes, default=0),
            "rows_median": sorted(sizes)[len(sizes) // 2] if sizes else 0}


def _job(args) -> dict:
    db_id, schema, db_path, golds, out, cfg = args
    return build_database(db_id, schema, db_path, golds, out, cfg)


def build_suite(benchmark: str | Benchmark, out_dir: str | Path, *, db_ids: list[str] | None = None,
                seed: int = 0, workers: int = 1, config: BuildConfig | None = None,
                progress=None) -> dict:
    """Build suites for the databases of a benchmark (all with a shipped database, or
    ``db_ids``) into ``out_dir``; write and return the global manifest."""
    t0 = time.perf_counter()
    bench = load_benchmark(benchmark) if isinstance(benchmark, str) else benchmark
    cfg = config or BuildConfig(seed=seed)
    if config is not None and seed != config.seed:
        cfg = BuildConfig(**{**asdict(config), "seed": seed})
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    by_db: dict[str, dict[str, list[str]]] = defaultdict(dict)
    paths: dict[str, str | None] = {}
    for e in bench.examples:
        by_db[e.db_id].setdefault(e.gold, []).append(e.id)
        paths.setdefault(e.db_id, e.db_path)
    wanted = list(db_ids) if db_ids else sorted(by_db)
    unknown = [d for d in wanted if d not in by_db]
    if unknown:
        raise InputError(f"no questions for database(s) {unknown} in {bench.path}; "
                         f"known: {', '.join(sorted(by_db)[:8])}...")
    skipped, jobs = {}, []
    for db_id in wanted:
        p = paths.get(db_id)
        if p is None:
            skipped[db_id] = "no shipped database (cannot run gold queries)"
            continue
        schema = from_sqlite(p, db_id)
        jobs.append((db_id, schema, p, by_db[db_id], str(out), cfg))
    jobs.sort(key=lambda j: -len(j[3]))  # biggest first balances the pool
    stats: dict[str, dict] = {}
    if workers > 1 and len(jobs) > 1:
        # a multiprocessing Pool, not a ProcessPoolExecutor: leaving its block on Ctrl-C or
        # SIGTERM terminates the workers, where the executor's exit waited for every
        # database to be built (and kept writing into the suite folder)
        with mp.Pool(min(workers, len(jobs))) as pool:
            # as each database finishes (not in submission order): a log hears from the
            # small ones while the largest is still being built
            for s in pool.imap_unordered(_job, jobs):
                stats[s["db_id"]] = s
                if progress:
                    progress(s)
    else:
        for j in jobs:
            s = _job(j)
            stats[s["db_id"]] = s
            if progress:
                progress(s)
    manifest = {
        "format": "sqlverdict-suite/1",
        "benchmark": f"{bench.kind}:{bench.path}",
        "seed": cfg.seed,
        "config": asdict(cfg),
        "created": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "elapsed_s": round(time.perf_counter() - t0, 2),
        "workers": workers,
        "cpu_count": os.cpu_count(),
        "databases": {k: stats[k] for k in sorted(stats)},
        "skipped": skipped,
        "totals": {k: sum(s[k] for s in stats.values()) for k in (
            "golds", "mutants_generated", "mutants_valid", "separable", "separated",
            "shipped_separates", "shipped_accepts_separable", "instances", "rows_total")},
    }
    (out / "manifest.json").write_text(json.dumps(manifest, indent=1), encoding="utf-8")
    return manifest
