"""Equivalence sets through ``verify-batch``: decided share, the scope of every ``verified``,
what every ``refuted`` rests on, unknown reasons by construct, time per pair.

Sets:

- ``calcite``, ``literature``, ``dialects``, ``calcite_dialect``, ``plain``: our own
  fixtures (``tests/fixtures/equivalence/<set>.sql``, written for this project from the
  Calcite rule names, the equivalence-checking literature, the constructs of Calcite's SQL
  and, ``plain``, pairs given without a dialect that SQLite rejects as written; each pair
  says what it expects);
- ``bird-minidev-postgres``, ``bird-minidev-mysql``: BIRD mini-dev's gold in PostgreSQL or
  MySQL (``--dialect sqlite:postgres``) against its SQLite gold for the same question, on
  the schema-only SQLite databases (``../shared/data/bird``);
- ``--pairs FILE``: any pairs file (``verify-batch`` lines; e.g. from
  ``benchmarks/verieql_convert.py``).

Reported per set: pairs, decided share (verified or refuted), verified by scope (every
database / up to K rows per table), refuted by evidence (a witness / invalid SQL: the
latter must be 0 where a dialect is translated), unknown reasons grouped by construct,
median and p95 time per pair over all pairs (undecided included; ``elapsed_s`` as each
result reports it), and for fixture sets the pairs whose verdict differs from what the
fixture expects. Results go to ``benchmarks/results/equivalence_<set>.md`` and ``.json``.

    nice python -m benchmarks.equivalence --set calcite --bound 3 --timeout 60 --workers 2
    nice python -m benchmarks.equivalence --set bird-minidev-postgres --bound 3 --timeout 60
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

from tests.helpers.pairs import load

from benchmarks.verify_scale import code_version, read_jsonl, run_batch, unknown_group
from sqlverdict.types import status_label

ROOT = Path(__file__).resolve().parents[1]

BUILD = ROOT / "build" / "equivalence"
RESULTS = ROOT / "benchmarks" / "results"
FIXTURE_SETS = ("calcite", "literature", "dialects", "calcite_dialect", "plain")
BIRD = ROOT.parent / "shared" / "data" / "bird"
BIRD_DIALECTS = {"bird-minidev-postgres": ("postgres", "mini_dev_postgresql.json"),
                 "bird-minidev-mysql": ("mysql", "mini_dev_mysql.json")}


def fixture_pairs(name: str) -> list[dict]:
    out = []
    for c in load("equivalence"):
        if c.path.stem != name:
            continue
        line = {"id": c.title, "gold": c.gold, "pred": c.pred, "schema": str(c.schema_file),
                # verify-batch runs the search, so the verdict expected with it
                "expect": c.get("expect-search") or c.get("expect"),
                "semantics": c.get("semantics", "bag")}
        if c.get("dialect"):
            line["dialect"] = c.get("dialect")
        if c.get("dialect-read"):  # a pair without a dialect: the reading it expects
            line["expect_reading"] = c.get("dialect-read")
        out.append(line)
    return out


def bird_pairs(name: str) -> list[dict]:
    """The dialect's gold against the SQLite gold of the same question: the three files
    list the questions in the same order (question ids repeat: 137 and 138 twice)."""
    dialect, file = BIRD_DIALECTS[name]
    lite = json.loads((BIRD / "mini_dev/mini_dev_sqlite.json").read_text())
    other = json.loads((BIRD / "mini_dev" / file).read_text())
    out = []
    for i, (base, q) in enumerate(zip(lite, other, strict=True)):
        if base["question_id"] != q["question_id"]:
            raise SystemExit(f"{file}: question {i} is {q['question_id']}, not {base['question_id']}")
        db = BIRD / "schema_only_databases" / q["db_id"] / f"{q['db_id']}.sqlite"
        out.append({"id": f"{i}:{q['question_id']}", "gold": base["SQL"], "pred": q["SQL"],
                    "schema": str(db), "dialect": f"sqlite:{dialect}",
                    "difficulty": q.get("difficulty")})
    return out


def write_pairs(pairs: list[dict], path: Path) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("".join(json.dumps(p, ensure_ascii=False) + "\n" for p in pairs), encoding="utf-8")
    return path


def analyse(pairs: list[dict], results: list[dict]) -> dict:
    by_id = {r.get("id"): r for r in results}
    rows = [(p, by_id[p["id"]]) for p in pairs if p["id"] in by_id]
    labels = Counter(status_label(r["status"], evidence=r.get("evidence"), scope=r.get("scope"))
                     for _, r in rows)
    unknown = Counter(unknown_group(r) for _, r in rows if r["status"] == "unknown")
    times = sorted(float(r.get("elapsed_s") or 0.0) for _, r in rows)
    n = len(rows)
    decided = sum(r["status"] in ("verified", "refuted") for _, r in rows)
    translated_invalid = sum(1 for p, r in rows if r["status"] == "refuted"
                             and r.get("evidence") == "invalid_sql" and p.get("dialect"))
    mismatch = [{"id": p["id"], "expect": p["expect"], "got": r["status"],
                 "reason": r.get("reason", "")[:160]}
                for p, r in rows if p.get("expect") and r["status"] != p["expect"]
                and not (p["expect"] == "verified" and r["status"] == "unknown")]
    refuted = [{"id": p["id"], "signature": (r.get("witness") or {}).get("signature")
                or r.get("evidence"), "reason": r.get("reason", "")[:200],
                "gold": p["gold"][:300], "pred": p["pred"][:300]}
               for p, r in rows if r["status"] == "refuted"]
    methods = Counter(r.get("method") or "-" for _, r in rows if r["status"] == "verified")
    # pairs without a dialect that SQLite rejected: the reading taken (``infer``), or none
    readings = Counter((r.get("dialect") if r.get("dialect_inferred") else "none")
                       for _, r in rows if "dialect_inferred" in r)
    wrong_reading = [{"id": p["id"], "expect": p["expect_reading"],
                      "got": r.get("dialect") if r.get("dialect_inferred") else "none"}
                     for p, r in rows if p.get("expect_reading") and p["expect_reading"]
                     != (r.get("dialect") if r.get("dialect_inferred") else "none")]
    return {
        "inferred_readings": dict(readings.most_common()), "unexpected_readings": wrong_reading,
        "pairs": n, "decided": decided, "decided_share": decided / n if n else 0.0,
        "labels": dict(labels.most_common()), "verified_by_method": dict(methods.most_common()),
        "unknown_by_construct": dict(unknown.most_common()),
        "median_s": statistics.median(times) if times else None,
        "p95_s": times[min(n - 1, int(0.95 * (n - 1) + 0.5))] if times else None,
        "max_s": times[-1] if times else None,
        "refuted_on_translation_rejected": translated_invalid,
        "unexpected": mismatch, "refuted": refuted,
    }


def markdown(name: str, a: dict, meta: dict) -> str:
    def pct(x):
        return f"{100 * x:.1f}%"

    lines = [f"# Equivalence set `{name}`", "",
             f"Command: `{meta['command']}`  ", f"Code: {meta['code']}; wall {meta['wall_s']:.0f} s "
             f"with {meta['workers']} workers (machine shared; per-pair times are the verifier's).", "",
             "| pairs | decided | decided share | median s/pair | p95 s | max s | refuted on a rejected translation |",
             "|---:|---:|---:|---:|---:|---:|---:|",
             f"| {a['pairs']} | {a['decided']} | {pct(a['decided_share'])} | {a['median_s']:.3f} | "
             f"{a['p95_s']:.3f} | {a['max_s']:.2f} | {a['refuted_on_translation_rejected']} |", "",
             "## Verdicts by label (refutations by evidence, proofs by scope)", "",
             "| label | pairs |", "|---|---:|"]
    lines += [f"| {k} | {v} |" for k, v in a["labels"].items()]
    lines += ["", "## How the verified pairs were decided", "", "| method | pairs |", "|---|---:|"]
    lines += [f"| {k} | {v} |" for k, v in a["verified_by_method"].items()]
    lines += ["", "## Unknown, by construct or budget", "", "| reason | pairs |", "|---|---:|"]
    lines += [f"| {k.replace('|', chr(92) + '|')} | {v} |"  # `||` stays `||` (escaped)
              for k, v in a["unknown_by_construct"].items()] or ["| - | 0 |"]
    if a.get("inferred_readings") or a.get("unexpected_readings"):
        lines += ["", "## Pairs without a dialect that SQLite rejects: the reading taken", "",
                  "| reading | pairs |", "|---|---:|"]
        lines += [f"| {k} | {v} |" for k, v in a["inferred_readings"].items()]
        lines += ["", "Readings other than the fixture expects: "
                  + (", ".join(f"`{m['id']}` (expected {m['expect']}, got {m['got']})"
                               for m in a["unexpected_readings"]) or "none") + "."]
    if a["unexpected"] or meta.get("fixtures"):
        lines += ["", "## Verdicts other than the fixture expects (unknown on an expected "
                  "`verified` is coverage, not listed)", ""]
        lines += [f"- `{m['id']}`: expected {m['expect']}, got {m['got']} ({m['reason']})"
                  for m in a["unexpected"]] or ["none"]
    if a["refuted"]:
        lines += ["", "## Refuted pairs (what differs)", ""]
        for r in a["refuted"][:60]:
            lines += [f"- `{r['id']}` ({r['signature']}): {r['reason']}",
                      f"  - gold: `{r['gold']}`", f"  - pred: `{r['pred']}`"]
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--set", choices=[*FIXTURE_SETS, *BIRD_DIALECTS])
    ap.add_argument("--pairs", type=Path, help="a verify-batch pairs file instead of --set")
    ap.add_argument("--name", help="result name for --pairs (default: the file's stem)")
    ap.add_argument("--bound", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=60.0)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--fresh", action="store_true", help="discard earlier results of this set")
    a = ap.parse_args(argv)
    if bool(a.set) == bool(a.pairs):
        ap.error("give --set or --pairs")
    if a.pairs:
        name = a.name or a.pairs.stem
        pairs = read_jsonl(a.pairs)
    elif a.set in FIXTURE_SETS:
        name, pairs = a.set, fixture_pairs(a.set)
    else:
        if not BIRD.is_dir():
            print(f"needs the BIRD data at {BIRD}", file=sys.stderr)
            return 2
        name, pairs = a.set, bird_pairs(a.set)
    src = write_pairs(pairs, BUILD / f"{name}_pairs.jsonl")
    out = BUILD / f"{name}_b{a.bound}.jsonl"
    if a.fresh and out.exists():
        out.unlink()
    t0 = time.perf_counter()
    run_batch(src, out, bound=a.bound, timeout=a.timeout, workers=a.workers)
    wall = time.perf_counter() - t0
    res = analyse(pairs, read_jsonl(out))
    cmd = " ".join(["python -m benchmarks.equivalence", *(argv if argv is not None else sys.argv[1:])])
    meta = {"command": cmd, "code": code_version(), "wall_s": wall, "workers": a.workers,
            "bound": a.bound, "timeout_s": a.timeout, "fixtures": name in FIXTURE_SETS}
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / f"equivalence_{name}.json").write_text(json.dumps({**meta, **res}, indent=2) + "\n")
    (RESULTS / f"equivalence_{name}.md").write_text(markdown(name, res, meta))
    print(markdown(name, res, meta).split("## Verdicts by")[0])
    return 0


if __name__ == "__main__":
    sys.exit(main())
