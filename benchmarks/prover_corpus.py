"""The prover development corpus (``benchmarks/corpus/prover/``) through ``verify-batch``.

Per source (Calcite rules, Spark rules, TPC-H) and overall: on the equivalent pairs, the
share verified for every database, the share verified only up to the bound, refuted (must
be 0), unknown; on the mutants, refuted (the goal), verified (must be 0), unknown; unknown
pairs by construct or budget; every wrong verdict (a verified mutant, a refuted equivalent
pair) listed; median and p95 time per pair over all pairs (undecided included, ``elapsed_s``
as each result reports it); and the method that decided each pair (``method``).

The corpus must match its ``MANIFEST.sha256`` (a changed corpus measures something else).
Results go to ``benchmarks/results/prover_corpus_<label>.md`` and ``.json``; the raw
results to ``build/prover_corpus/<label>_b<bound>.jsonl`` (resumable: rerunning the same
command continues an interrupted run; ``--report-only`` writes the tables from what is done).
``--corpus DIR`` measures another frozen corpus of the same format (the held-out
``benchmarks/corpus/prover2``): its sources are its ``*.jsonl`` files. ``--methods`` keeps
some every-database proof methods only (``proofs.METHODS``; ``normal_form`` alone: the
normal form without the canonical rules, an estimate of how it generalises).

    nice -n 10 python -m benchmarks.prover_corpus --label before --bound 3 --timeout 20 --workers 1
    nice -n 10 python -m benchmarks.prover_corpus --corpus benchmarks/corpus/prover2 --label prover2_main \
        --bound 3 --timeout 20 --workers 1
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import statistics
import sys
import time
from collections import Counter
from pathlib import Path

from benchmarks.verify_scale import code_version, read_jsonl, run_batch, unknown_group
from sqlverdict.oracles.bounded.proofs import ENV as PROOF_METHODS_ENV
from sqlverdict.oracles.bounded.proofs import METHODS, enabled_methods

ROOT = Path(__file__).resolve().parents[1]

CORPUS = ROOT / "benchmarks" / "corpus" / "prover"
SOURCES = {"calcite": "calcite_rules.jsonl", "spark": "spark_rules.jsonl", "tpch": "tpch_rules.jsonl"}
BUILD = ROOT / "build" / "prover_corpus"
RESULTS = ROOT / "benchmarks" / "results"
BATCH_KEYS = ("id", "gold", "pred", "schema", "dialect", "semantics")


def corpus_sources(corpus: Path = CORPUS) -> dict[str, str]:
    """Source name -> file: the first corpus's three, else one per ``*.jsonl`` (its stem
    without ``_rules``)."""
    if corpus.resolve() == CORPUS.resolve():
        return dict(SOURCES)
    return {f.stem.removesuffix("_rules"): f.name for f in sorted(corpus.glob("*.jsonl"))}


def manifest_problems(corpus: Path = CORPUS) -> list[str]:
    """Files whose hash differs from ``MANIFEST.sha256`` (empty when the corpus is intact)."""
    out = []
    for line in (corpus / "MANIFEST.sha256").read_text().splitlines():
        digest, name = line.split(maxsplit=1)
        f = corpus / name
        if not f.is_file():
            out.append(f"{name}: missing")
        elif hashlib.sha256(f.read_bytes()).hexdigest() != digest:
            out.append(f"{name}: changed since the manifest")
    return out


def load_corpus(corpus: Path = CORPUS) -> list[dict]:
    pairs = []
    for source, file in corpus_sources(corpus).items():
        for p in read_jsonl(corpus / file):
            pairs.append({**p, "_source": source})
    return pairs


def batch_file(pairs: list[dict], path: Path) -> Path:
    """``verify-batch`` lines with the schema as an absolute path."""
    path.parent.mkdir(parents=True, exist_ok=True)
    lines = []
    for p in pairs:
        line = {k: p[k] for k in BATCH_KEYS if k in p}
        line["schema"] = str(ROOT / p["schema"])
        lines.append(json.dumps(line, ensure_ascii=False) + "\n")
    path.write_text("".join(lines), encoding="utf-8")
    return path


def _pct(n: int, d: int) -> str:
    return f"{100 * n / d:.1f}%" if d else "-"


def summarise(rows: list[tuple[dict, dict]]) -> dict:
    """Counts over (pair, result) rows of one group."""
    eq = [(p, r) for p, r in rows if p["expect"] == "equivalent"]
    mu = [(p, r) for p, r in rows if p["expect"] == "different"]
    times = sorted(float(r.get("elapsed_s") or 0.0) for _, r in rows)
    n = len(times)

    def count(group, status, scope=None):
        return sum(1 for _, r in group if r["status"] == status
                   and (scope is None or (r.get("scope") == "every database") == (scope == "every")))

    return {
        "pairs": n, "equivalent": len(eq), "mutants": len(mu),
        "eq_every_database": count(eq, "verified", "every"),
        "eq_bounded": count(eq, "verified", "bounded"),
        "eq_refuted": count(eq, "refuted"), "eq_unknown": count(eq, "unknown"),
        # refuted only with values outside their column's declared class (realism sqlite)
        "eq_refuted_untyped": sum(1 for _, r in eq if r["status"] == "refuted" and r.get("realism") == "sqlite"),
        "mut_refuted": count(mu, "refuted"), "mut_verified": count(mu, "verified"),
        "mut_unknown": count(mu, "unknown"),
        "median_s": statistics.median(times) if times else None,
        "p95_s": times[min(n - 1, int(0.95 * (n - 1) + 0.5))] if times else None,
        "max_s": times[-1] if times else None,
    }


def separating_rows(p: dict) -> int:
    """The most rows any table of a mutant's separating database holds: a mutant verified
    only up to a bound below it contradicts no stated scope."""
    return max((len(v) for v in (p.get("separating_db") or {}).values()), default=0)


def analyse(pairs: list[dict], results: list[dict], sources=None) -> dict:
    by_id = {r.get("id"): r for r in results}
    rows = [(p, by_id[p["id"]]) for p in pairs if p["id"] in by_id]
    per_source = {s: summarise([(p, r) for p, r in rows if p["_source"] == s]) for s in (sources or SOURCES)}
    methods = {}
    for expect in ("equivalent", "different"):
        c = Counter(f"{r['status']} ({'every database' if r.get('scope') == 'every database' else r.get('scope') or '-'}) "
                    f"by {r.get('method') or '-'}" if r["status"] == "verified" else f"{r['status']} by {r.get('method') or '-'}"
                    for p, r in rows if p["expect"] == expect and r["status"] != "unknown")
        methods[expect] = dict(c.most_common())
    unknown = {e: dict(Counter(unknown_group(r) for p, r in rows if p["expect"] == e and r["status"] == "unknown").most_common())
               for e in ("equivalent", "different")}
    unknown_by_rule = Counter(p["rule"] for p, r in rows if p["expect"] == "equivalent" and r["status"] == "unknown")
    wrong = [{"id": p["id"], "expect": p["expect"], "got": r["status"], "scope": r.get("scope"),
              "method": r.get("method"), "realism": r.get("realism"), "reason": (r.get("reason") or "")[:300],
              "gold": p["gold"][:300], "pred": p["pred"][:300],
              "separating_db_rows": separating_rows(p) if p["expect"] == "different" else None}
             for p, r in rows if (p["expect"] == "equivalent" and r["status"] == "refuted")
             or (p["expect"] == "different" and r["status"] == "verified")]
    return {"done": len(rows), "total": len(pairs), "overall": summarise(rows), "per_source": per_source,
            "decided_by_method": methods, "unknown_by_construct": unknown,
            "equivalent_unknown_by_rule": dict(unknown_by_rule.most_common()), "wrong_verdicts": wrong}


def markdown(label: str, a: dict, meta: dict) -> str:
    lines = [f"# Prover corpus `{meta.get('corpus', 'benchmarks/corpus/prover')}`: `{label}`", "",
             f"Command: `{meta['command']}`  ",
             f"Code: {meta['code']}; bound {meta['bound']}, timeout {meta['timeout_s']:g} s, "
             f"{meta['workers']} worker(s); proof methods {meta.get('methods', 'all')}; wall {meta['wall_s']:.0f} s (machine shared; per-pair times "
             f"are the verifier's `elapsed_s`). Pairs done: {a['done']} of {a['total']}.", "",
             "## Equivalent pairs (each must be verified; refuted is a wrong verdict)", "",
             "`refuted` counts every refutation; `of which untyped` those whose witness puts a value of "
             "another class in a column (a text in an INTEGER column: realism `sqlite`; the corpus claims "
             "equivalence for typed databases, see its README).", "",
             "| source | pairs | every database | bounded (up to K rows) | refuted | of which untyped | unknown |",
             "|---|---:|---:|---:|---:|---:|---:|"]
    groups = [*a["per_source"].items(), ("all", a["overall"])]
    for name, s in groups:
        e = s["equivalent"]
        lines.append(f"| {name} | {e} | {s['eq_every_database']} ({_pct(s['eq_every_database'], e)}) | "
                     f"{s['eq_bounded']} ({_pct(s['eq_bounded'], e)}) | {s['eq_refuted']} | {s['eq_refuted_untyped']} | "
                     f"{s['eq_unknown']} ({_pct(s['eq_unknown'], e)}) |")
    lines += ["", "## Mutants (each must be refuted; verified is a wrong verdict)", "",
              "| source | mutants | refuted | verified | unknown |", "|---|---:|---:|---:|---:|"]
    for name, s in groups:
        m = s["mutants"]
        lines.append(f"| {name} | {m} | {s['mut_refuted']} ({_pct(s['mut_refuted'], m)}) | {s['mut_verified']} | "
                     f"{s['mut_unknown']} ({_pct(s['mut_unknown'], m)}) |")
    lines += ["", "## Time per pair (all pairs, undecided included)", "",
              "| source | pairs | median s | p95 s | max s |", "|---|---:|---:|---:|---:|"]
    for name, s in groups:
        if s["pairs"]:
            lines.append(f"| {name} | {s['pairs']} | {s['median_s']:.3f} | {s['p95_s']:.3f} | {s['max_s']:.2f} |")
    for expect, title in (("equivalent", "equivalent pairs"), ("different", "mutants")):
        lines += ["", f"## How the decided {title} were decided (`status (scope) by method`)", "",
                  "| verdict and method | pairs |", "|---|---:|"]
        lines += [f"| {k} | {v} |" for k, v in a["decided_by_method"][expect].items()] or ["| - | 0 |"]
    for expect, title in (("equivalent", "equivalent pairs"), ("different", "mutants")):
        lines += ["", f"## Unknown {title}, by construct or budget", "", "| reason | pairs |", "|---|---:|"]
        lines += [f"| {k.replace('|', chr(92) + '|')} | {v} |" for k, v in a["unknown_by_construct"][expect].items()] \
            or ["| - | 0 |"]
    lines += ["", "## Unknown equivalent pairs, by rule", "", "| rule | pairs |", "|---|---:|"]
    lines += [f"| {k} | {v} |" for k, v in a["equivalent_unknown_by_rule"].items()] or ["| - | 0 |"]
    lines += ["", "## Wrong verdicts (a verified mutant, a refuted equivalent pair)", ""]
    if not a["wrong_verdicts"]:
        lines.append("none")
    for w in a["wrong_verdicts"]:
        note = ""
        if w["separating_db_rows"] is not None:
            note = (f" [separating database: {w['separating_db_rows']} rows in its largest table"
                    + (f", above the bound {meta['bound']}: no stated scope contradicted]"
                       if w["scope"] != "every database" and w["separating_db_rows"] > meta["bound"] else "]"))
        if w["realism"] == "sqlite":
            note = " [witness untyped: a value outside its column's declared class]"
        lines += [f"- `{w['id']}`: expected {w['expect']}, got {w['got']} "
                  f"({w['scope'] or ''} {w['method'] or ''}){note}: {w['reason']}",
                  f"  - gold: `{w['gold']}`", f"  - pred: `{w['pred']}`"]
    return "\n".join(lines) + "\n"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--label", required=True, help="result name, e.g. before, after")
    ap.add_argument("--bound", type=int, default=3)
    ap.add_argument("--timeout", type=float, default=20.0)
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--limit", type=int, help="only the first N pairs of each source (a quick look)")
    ap.add_argument("--report-only", action="store_true", help="write the tables from the results so far")
    ap.add_argument("--corpus", type=Path, default=CORPUS, help="corpus folder (default: the first corpus)")
    ap.add_argument("--methods", help="every-database proof methods to try, comma-separated "
                    f"(of {', '.join(METHODS)}; default all): 'same_ir,normal_form' or "
                    "'normal_form' measures the normal form without the canonical rules")
    a = ap.parse_args(argv)
    corpus = a.corpus if a.corpus.is_absolute() else ROOT / a.corpus
    bad = manifest_problems(corpus)
    if bad:
        print(f"the corpus does not match {corpus}/MANIFEST.sha256:\n  " + "\n  ".join(bad)
              + "\n(rebuild it with its build script and commit the new manifest "
              "if the change is deliberate)", file=sys.stderr)
        return 2
    if a.methods:  # read by proofs.enabled_methods in the verifier (forked workers inherit it)
        os.environ[PROOF_METHODS_ENV] = a.methods
        enabled_methods()  # an unknown name fails here, before any pair runs
    sources = corpus_sources(corpus)
    pairs = load_corpus(corpus)
    if a.limit:
        pairs = [p for s in sources for p in [q for q in pairs if q["_source"] == s][: a.limit]]
    src = batch_file(pairs, BUILD / f"{a.label}_pairs.jsonl")
    out = BUILD / f"{a.label}_b{a.bound}.jsonl"
    wall = 0.0
    if not a.report_only:
        t0 = time.perf_counter()
        run_batch(src, out, bound=a.bound, timeout=a.timeout, workers=a.workers)
        wall = time.perf_counter() - t0
    res = analyse(pairs, read_jsonl(out) if out.exists() else [], sources)
    cmd = " ".join(["python -m benchmarks.prover_corpus", *(argv if argv is not None else sys.argv[1:])])
    meta = {"command": cmd, "code": code_version(), "wall_s": wall, "workers": a.workers,
            "corpus": str(corpus.resolve().relative_to(ROOT)) if corpus.resolve().is_relative_to(ROOT) else str(corpus),
            "bound": a.bound, "timeout_s": a.timeout, "methods": a.methods or "all"}
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / f"prover_corpus_{a.label}.json").write_text(json.dumps({**meta, **res}, indent=2) + "\n")
    (RESULTS / f"prover_corpus_{a.label}.md").write_text(markdown(a.label, res, meta))
    print(markdown(a.label, res, meta).split("## Time per pair")[0])
    return 0


if __name__ == "__main__":
    sys.exit(main())
