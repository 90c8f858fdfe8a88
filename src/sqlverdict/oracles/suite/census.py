"""Oracle censuses: what the shipped database alone misses, measured with a suite.

- *collision census*: pairs of different questions on the same schema whose gold queries
  return the same result on the shipped database (the execution oracle would accept one for
  the other), and how many of them the suite cannot tell apart either;
- *near-miss census*: of the gold mutants that differ from their gold on at least one suite
  instance, the share the shipped database accepts (read from ``mutants.jsonl``).

Pairs are compared with the oracles' semantics: bag, or list when either gold has a
top-level ORDER BY; columns match up to permutation.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from pathlib import Path

from ...bench.loader import Benchmark, load_benchmark
from ...engine.compare import Semantics
from ...engine.execute import ResultCache
from ...errors import ExecutionError, InputError
from ...jsonl import read_jsonl
from . import load_suite
from .build import same, semantics_of
from .mutate import canonical


def near_miss_census(suite_dir: str | Path) -> dict:
    """Per database and in total: separable mutants, and those the shipped db accepts."""
    root = Path(suite_dir)
    per_db: dict[str, dict] = {}
    kinds: dict[str, Counter] = defaultdict(Counter)
    for f in sorted(root.glob("*/mutants.jsonl")):
        sep = acc = valid = sep_suite = 0
        for _, m in read_jsonl(f, "mutants file"):
            valid += 1
            if m["suite_separates"]:
                sep_suite += 1
            if m["separable"]:
                sep += 1
                kinds[m["kind"]]["separable"] += 1
                if not m["shipped_separates"]:
                    acc += 1
                    kinds[m["kind"]]["shipped_accepts"] += 1
        per_db[f.parent.name] = {"mutants_valid": valid, "separable": sep,
                                 "suite_separates": sep_suite, "shipped_accepts": acc}
    if not per_db:
        raise InputError(f"no mutants.jsonl under {str(root)!r}; is it a suite directory "
                         "built by `sqlverdict suite build`?")
    tot = {k: sum(d[k] for d in per_db.values()) for k in
           ("mutants_valid", "separable", "suite_separates", "shipped_accepts")}
    tot["shipped_accepts_share"] = tot["shipped_accepts"] / tot["separable"] if tot["separable"] else 0.0
    return {"total": tot, "databases": per_db,
            "kinds": {k: dict(v) for k, v in sorted(kinds.items())}}


def _pair_semantics(a: str, b: str) -> Semantics:
    sa, sb = semantics_of(a), semantics_of(b)
    return Semantics.LIST if Semantics.LIST in (sa, sb) else Semantics.BAG


def collision_census(benchmark: str | Benchmark, suite_dir: str | Path, *,
                     timeout_s: float = 30.0, max_listed: int = 50) -> dict:
    """Colliding gold pairs on the shipped databases and those that survive the suite
    (databases without suite instances are left out and listed)."""
    bench = load_benchmark(benchmark) if isinstance(benchmark, str) else benchmark
    cache = ResultCache(size=100_000)
    by_db: dict[str, list] = defaultdict(list)
    for e in bench.examples:
        if e.db_path is not None:
            by_db[e.db_id].append(e)
    per_db: dict[str, dict] = {}
    survivors: list[dict] = []
    without: list[str] = []
    for db_id in sorted(by_db):
        exs = by_db[db_id]
        instances = load_suite(suite_dir, db_id)
        if not instances:  # no suite for this database: nothing to count
            without.append(db_id)
            continue
        res = {}
        for e in exs:
            try:
                res[e.id] = cache.run(e.db_path, e.gold, timeout_s=timeout_s)
            except ExecutionError:
                res[e.id] = None
        colliding = same_text = survive = survive_diff_text = 0
        for i, a in enumerate(exs):
            ra = res[a.id]
            if ra is None:
                continue
            for b in exs[i + 1:]:
                rb = res[b.id]
                if rb is None or len(ra.rows) != len(rb.rows) or len(ra.columns) != len(rb.columns):
                    continue
                sem = _pair_semantics(a.gold, b.gold)
                if not same(ra, rb, sem):
                    continue
                colliding += 1
                ident = canonical(a.gold) == canonical(b.gold)
                same_text += ident
                if _agree_everywhere(cache, instances, a.gold, b.gold, sem, timeout_s):
                    survive += 1
                    if not ident:
                        survive_diff_text += 1
                        if len(survivors) < max_listed:
                            survivors.append({"db_id": db_id, "a": a.id, "b": b.id,
                                              "gold_a": a.gold, "gold_b": b.gold})
        per_db[db_id] = {"examples": len(exs), "instances": len(instances),
                         "colliding": colliding, "identical_gold": same_text,
                         "survive_suite": survive, "survive_suite_different_gold": survive_diff_text}
    tot = {k: sum(d[k] for d in per_db.values()) for k in
           ("colliding", "identical_gold", "survive_suite", "survive_suite_different_gold")}
    tot["survive_share"] = tot["survive_suite"] / tot["colliding"] if tot["colliding"] else 0.0
    diff = tot["colliding"] - tot["identical_gold"]
    tot["colliding_different_gold"] = diff
    tot["survive_share_different_gold"] = tot["survive_suite_different_gold"] / diff if diff else 0.0
    return {"total": tot, "databases": per_db, "survivors": survivors,
            "databases_without_suite": without}


def _agree_everywhere(cache, instances, a: str, b: str, sem, timeout_s) -> bool:
    for db in instances:
        try:
            ra = cache.run(db, a, timeout_s=timeout_s)
        except ExecutionError:
            ra = None
        try:
            rb = cache.run(db, b, timeout_s=timeout_s)
        except ExecutionError:
            rb = None
        if ra is None and rb is None:
            continue
        if ra is None or rb is None or not same(ra, rb, sem):
            return False
    return True


def census(benchmark: str | Benchmark, suite_dir: str | Path) -> dict:
    """Both censuses, for ``sqlverdict suite census``."""
    return {"suite": str(suite_dir), "collision": collision_census(benchmark, suite_dir),
            "near_miss": near_miss_census(suite_dir)}
