"""Execution-equivalence classes of a question's candidates under an oracle.

An oracle is a list of database instances: ``weak`` is the shipped database; ``suite`` is the
shipped database plus every instance of a test suite (``oracles.suite.load_suite``). Two
candidates are equivalent when the comparator (``engine.compare.results_equal``) says equal
on every instance. Equality is decided by hashing first: each result gets a fingerprint
that is invariant under what the comparator forgives (row order for bags, column
permutation, ``1 == 1.0``), so candidates are bucketed by the tuple of their fingerprints
over the instances; inside a bucket an exact check against the bucket's first member
guards against collisions. That is O(N) comparisons per question instead of O(N^2).

Three constructions:

- ``gold``: the gold query is a node of the partition (benchmark analysis); the class that
  holds it is correct under the partition's oracle. Semantics: the gold's (list when the
  gold has a top-level ORDER BY, else bag).
- ``candidates``: candidates only, with the gold's semantics; the gold labels the classes
  afterwards through their representatives. For a transitive comparator this gives the
  same classes as ``gold``.
- ``gold_free``: no gold at all when partitioning: the row-order flag is read per compared
  pair (list when either query of the pair has a top-level ORDER BY, else bag), so the
  relation need not be transitive; classes are its transitive closure (union-find).

A candidate that fails to execute on an instance equals only candidates with the same SQL
text. A class's representative is its most frequent SQL text (ties: lexicographically
smallest); a class is correct under a label oracle when its representative agrees with the
gold on every instance of that oracle on which the gold runs.

Classes are listed by descending count; equal counts keep the order of first appearance
in the pool, so the first listed is the top class.
"""

from __future__ import annotations

import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..engine.compare import Semantics, results_equal
from ..engine.execute import run_query
from ..engine.policy import has_top_level_order_by
from ..errors import ExecutionError, InputError
from .pool import PoolEntry

CONSTRUCTIONS = ("gold", "candidates", "gold_free")
GOLD = "\x00gold"  # node name of the gold query in the ``gold`` construction


# ----------------------------------------------------------------------------- fingerprints


def fingerprint(rows: list[tuple], ncols: int, semantics: Semantics) -> tuple:
    """A hash key equal for results the comparator calls equal (the converse is checked).

    >>> fingerprint([(1, 'a'), (2, 'b')], 2, Semantics.BAG) == fingerprint([('b', 2.0), ('a', 1)], 2, Semantics.BAG)
    True
    >>> fingerprint([(1,), (2,)], 1, Semantics.LIST) == fingerprint([(2,), (1,)], 1, Semantics.LIST)
    False
    >>> fingerprint([], 2, Semantics.BAG) == fingerprint([], 3, Semantics.BAG)
    False
    """
    if not rows:
        return ("empty", ncols)
    cols = zip(*rows, strict=True)
    if semantics is Semantics.LIST:
        keys = [hash(c) for c in cols]
        return (len(rows), ncols, tuple(sorted(keys)))
    if semantics is Semantics.BAG:
        keys = [hash(tuple(sorted(map(hash, c)))) for c in cols]
        return (len(rows), ncols, tuple(sorted(keys)))
    keys = [hash(tuple(sorted(set(map(hash, c))))) for c in cols]
    return ("set", ncols, tuple(sorted(keys)))


@dataclass
class Outcome:
    """A query's result on one instance, or its error."""

    rows: list[tuple] | None
    ncols: int
    error: str | None = None
    _fps: dict = field(default_factory=dict)

    def fp(self, sem: Semantics, sql: str):
        if self.error is not None:
            return ("error", sql)
        k = self._fps.get(sem)
        if k is None:
            k = self._fps[sem] = fingerprint(self.rows, self.ncols, sem)
        return k


def outcomes_equal(a: Outcome, b: Outcome, sem: Semantics) -> bool:
    if a.error is not None or b.error is not None:
        return False
    return results_equal(a.rows, b.rows, sem, gold_ncols=a.ncols, pred_ncols=b.ncols)


class Executor:
    """Runs each (instance, SQL) once per question, with a budget per SQL text.

    A query stops at its first timeout (or memory failure): on the remaining instances it
    fails at once with that reason instead of paying the timeout on every instance; and
    all its executions together get at most ``budget_s`` (default three timeouts). A
    failed query equals only queries with the same text, so stopping it early changes no
    class but its own, and that one is an error either way.
    """

    def __init__(self, timeout_s: float = 10.0, max_rows: int = 100_000,
                 budget_s: float | None = None):
        self.timeout_s, self.max_rows = timeout_s, max_rows
        self.budget_s = budget_s if budget_s is not None else 3 * timeout_s
        self.cache: dict[tuple[str, str], Outcome] = {}
        self.spent: dict[str, float] = {}
        self.stopped: dict[str, str] = {}  # SQL -> why it is not run again
        self.n_runs = 0

    def run(self, db: str, sql: str) -> Outcome:
        key = (db, sql)
        hit = self.cache.get(key)
        if hit is None:
            if sql in self.stopped:
                hit = Outcome(None, 0, self.stopped[sql])
            else:
                hit = self._run(db, sql)
            self.cache[key] = hit
        return hit

    def _run(self, db: str, sql: str) -> Outcome:
        left = self.budget_s - self.spent.get(sql, 0.0)
        t0 = time.monotonic()
        self.n_runs += 1
        try:
            r = run_query(db, sql, timeout_s=min(self.timeout_s, left), max_rows=self.max_rows)
            out = Outcome(r.rows, len(r.columns))
        except ExecutionError as e:
            out = Outcome(None, 0, f"{e.kind}: {e}")
            if e.kind in ("timeout", "memory"):
                self.stopped[sql] = f"{e.kind}: stopped after its first {e.kind} ({e.message})"
        self.spent[sql] = self.spent.get(sql, 0.0) + time.monotonic() - t0
        if sql not in self.stopped and self.spent[sql] >= self.budget_s:
            self.stopped[sql] = f"timeout: its budget of {self.budget_s:g} s is spent"
        return out

    def clear(self) -> None:
        self.cache.clear()


# ----------------------------------------------------------------------------- partition


class _UnionFind:
    def __init__(self, items):
        self.parent = {x: x for x in items}

    def find(self, x):
        while self.parent[x] != x:
            self.parent[x] = self.parent[self.parent[x]]
            x = self.parent[x]
        return x

    def union(self, a, b):
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self.parent[rb] = ra


def _bucket_union(uf: _UnionFind, items: list[str], key: Callable[[str], tuple],
                  equal: Callable[[str, str], bool]) -> None:
    buckets: dict[tuple, list[str]] = {}
    for x in items:
        buckets.setdefault(key(x), []).append(x)
    for members in buckets.values():
        heads: list[str] = []
        for x in members:
            for h in heads:
                if equal(h, x):
                    uf.union(h, x)
                    break
            else:
                heads.append(x)


def partition(sqls: list[str], outcomes: dict[str, list[Outcome]], *, semantics: Semantics | None,
              ordered: dict[str, bool] | None = None) -> list[list[str]]:
    """Group distinct SQL texts; ``outcomes[sql]`` lists its outcome per instance.

    With ``semantics`` every pair is compared under it; with ``semantics=None`` the flag is
    read per pair from ``ordered`` (list when either query sorts its result)."""
    uf = _UnionFind(sqls)
    n_inst = len(next(iter(outcomes.values()))) if outcomes else 0

    def key_for(sem):
        return lambda s: tuple(outcomes[s][i].fp(sem, s) for i in range(n_inst))

    def eq_for(sem):
        return lambda a, b: all(outcomes_equal(outcomes[a][i], outcomes[b][i], sem)
                                for i in range(n_inst))

    if semantics is not None:
        _bucket_union(uf, sqls, key_for(semantics), eq_for(semantics))
    else:
        ordered = ordered or {}
        unordered = [s for s in sqls if not ordered.get(s)]
        _bucket_union(uf, unordered, key_for(Semantics.BAG), eq_for(Semantics.BAG))
        # pairs with an ordered query compare as lists; list-equal implies bag-equal, so
        # uniting list-equal unordered pairs too changes nothing
        _bucket_union(uf, sqls, key_for(Semantics.LIST), eq_for(Semantics.LIST))
    groups: dict[str, list[str]] = {}
    for s in sqls:
        groups.setdefault(uf.find(s), []).append(s)
    return list(groups.values())


# ----------------------------------------------------------------------------- questions


@dataclass
class QuestionInput:
    id: str
    db_id: str
    gold: str
    instances: dict[str, list[str]]  # oracle -> database files (first: the shipped one)
    candidates: tuple


def _representative(texts: Counter) -> str:
    return min(texts.items(), key=lambda kv: (-kv[1], kv[0]))[0]


def build_question(q: QuestionInput, *, construction: str = "candidates",
                   executor: Executor | None = None) -> dict:
    """The CLASSES.jsonl record of one question."""
    if construction not in CONSTRUCTIONS:
        raise InputError(f"unknown construction {construction!r}; expected one of "
                         f"{', '.join(CONSTRUCTIONS)}")
    ex = executor or Executor()
    usable = [c for c in q.candidates if c.usable]
    order: dict[str, int] = {}
    for i, c in enumerate(usable):
        order.setdefault(c.sql, i)
    distinct = list(order)
    gold_sem = Semantics.LIST if has_top_level_order_by(q.gold) else Semantics.BAG
    gold_out = {o: [ex.run(db, q.gold) for db in dbs] for o, dbs in q.instances.items()}
    ordered = {s: has_top_level_order_by(s) for s in distinct} if construction == "gold_free" else None

    def correct_on(sql: str, oracle: str) -> bool:
        ok_any = False
        for db, g in zip(q.instances[oracle], gold_out[oracle], strict=True):
            if g.error is not None:
                continue  # an instance where the gold fails tells nothing
            ok_any = True
            if not outcomes_equal(g, ex.run(db, sql), gold_sem):
                return False
        return ok_any

    partitions = {}
    for o, dbs in q.instances.items():
        outs = {s: [ex.run(db, s) for db in dbs] for s in distinct}
        nodes = list(distinct)
        if construction == "gold":
            outs[GOLD] = gold_out[o]
            nodes.append(GOLD)
        groups = partition(nodes, outs, semantics=None if construction == "gold_free" else gold_sem,
                           ordered=ordered)
        classes = []
        for g in groups:
            members = [s for s in g if s != GOLD]
            if not members:
                continue
            texts = Counter(c.sql for c in usable if c.sql in set(members))
            rep = _representative(texts)
            first = min(order[s] for s in members)
            correct = {lab: correct_on(rep, lab) for lab in q.instances}
            if construction == "gold" and GOLD in g:
                correct[o] = True
            classes.append((-sum(texts.values()), first,
                            {"count": sum(texts.values()), "representative": rep,
                             "correct": correct}))
        classes.sort(key=lambda t: (t[0], t[1]))
        partitions[o] = [c for _, _, c in classes]
    lps = [c.norm_logprob for c in usable]
    have = [x for x in lps if x is not None]
    complete = bool(usable) and len(have) == len(usable)
    return {"id": q.id, "db_id": q.db_id, "n_total": len(q.candidates), "n_usable": len(usable),
            "partitions": partitions,
            "likelihood": {"mean": sum(have) / len(have) if complete else None,
                           "max": max(have) if complete else None}}


@dataclass
class BuildStats:
    n_questions: int = 0
    n_skipped: int = 0
    skipped: dict[str, str] = field(default_factory=dict)
    n_candidates: int = 0
    n_usable: int = 0
    n_executions: int = 0
    n_instances: dict[str, int] = field(default_factory=dict)
    elapsed_s: float = 0.0
    n_stopped: int = 0  # queries stopped at their first timeout or by their budget
    warnings: list[str] = field(default_factory=list)

    def to_json(self) -> dict:
        d = dict(self.__dict__)
        d["candidates_per_s"] = self.n_candidates / self.elapsed_s if self.elapsed_s else None
        return d


def build_classes(benchmark, pool: list[PoolEntry], *, suite_dir: str | Path | None = None,
                  construction: str = "candidates", timeout_s: float = 10.0,
                  budget_s: float | None = None,
                  progress: Callable[[int, int], None] | None = None) -> tuple[list[dict], BuildStats]:
    """Class records for every pool question that has an executable gold. ``timeout_s`` is
    per execution, ``budget_s`` per query over all instances (``Executor``)."""
    by_id = benchmark.by_id()
    stats = BuildStats()
    t0 = time.perf_counter()
    records = []
    suite_cache: dict[str, list[str]] = {}
    if suite_dir is not None:
        from ..oracles.suite import check_suite, load_suite

        stats.warnings += check_suite(suite_dir, [by_id[e.id].db_id for e in pool
                                                  if e.id in by_id and by_id[e.id].db_path])
    for k, entry in enumerate(pool):
        if progress:
            progress(k, len(pool))
        ex = by_id.get(entry.id)
        if ex is None:
            raise InputError(f"pool question {entry.id!r} is not in the benchmark "
                             f"({benchmark.kind}:{benchmark.path})")
        if entry.db_id is not None and entry.db_id != ex.db_id:
            raise InputError(f"pool question {entry.id!r} says db_id {entry.db_id!r} but the "
                             f"benchmark says {ex.db_id!r}")
        if ex.db_path is None:
            stats.skipped[ex.id] = benchmark.skipped.get(ex.id, "no database")
            continue
        instances = {"weak": [ex.db_path]}
        if suite_dir is not None:
            if ex.db_id not in suite_cache:
                suite_cache[ex.db_id] = [str(p) for p in load_suite(suite_dir, ex.db_id)]
            if not suite_cache[ex.db_id]:
                stats.skipped[ex.id] = f"the suite has no instances for {ex.db_id}"
                continue
            instances["suite"] = [ex.db_path] + suite_cache[ex.db_id]
        executor = Executor(timeout_s, budget_s=budget_s)
        try:
            executor.run(ex.db_path, ex.gold)
            g = executor.cache[(ex.db_path, ex.gold)]
            if g.error is not None:
                stats.skipped[ex.id] = f"gold fails on the shipped database: {g.error}"
                continue
            rec = build_question(QuestionInput(ex.id, ex.db_id, ex.gold, instances,
                                               entry.candidates),
                                 construction=construction, executor=executor)
        finally:
            stats.n_executions += executor.n_runs
            stats.n_stopped += len(executor.stopped)
        records.append(rec)
        stats.n_candidates += rec["n_total"]
        stats.n_usable += rec["n_usable"]
        for o, dbs in instances.items():
            stats.n_instances[o] = stats.n_instances.get(o, 0) + len(dbs)
    if progress:
        progress(len(pool), len(pool))
    stats.n_questions = len(records)
    stats.n_skipped = len(stats.skipped)
    stats.elapsed_s = time.perf_counter() - t0
    return records, stats
