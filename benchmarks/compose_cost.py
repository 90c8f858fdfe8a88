"""What the normal form of the canonical forms (``rewriting_normal_form``) adds to the time of
``prover.settle`` (the proofs before the solver), pair by pair: ``settle`` with every method
and without that one, alternated in one process on the same prepared pair (A B, then B A on
the next pair) so that the load of a shared machine weighs on both alike.

    nice python -m benchmarks.compose_cost --every 2
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

from benchmarks.normal_form_gaps import CORPORA, ROOT
from benchmarks.prover_corpus import load_corpus
from benchmarks.verify_scale import code_version

RESULTS = ROOT / "benchmarks" / "results"


def prepared(p: dict):
    from sqlverdict.errors import SqlverdictError
    from sqlverdict.oracles.bounded.pair import Pair
    from sqlverdict.oracles.bounded.translate import translate_pair
    from sqlverdict.schema import load_schema
    from sqlverdict.sql.dialect import check_dialect

    try:
        schema = load_schema(str((ROOT / p["schema"]).resolve()))
        gold, pred = p["gold"], p["pred"]
        if p.get("dialect") and p["dialect"] != "sqlite":
            got = translate_pair(gold, pred, schema, check_dialect(p["dialect"]), 3, p.get("semantics"))
            if not isinstance(got, tuple):
                return None
            gold, pred = got
        return Pair(gold, pred, schema, p.get("semantics") or "bag")
    except (SqlverdictError, ValueError):
        return None


def timed(pair, methods: str) -> tuple[float, str]:
    from sqlverdict.oracles.bounded.proofs import ENV
    from sqlverdict.oracles.bounded.prover import settle

    os.environ[ENV] = methods
    t0 = time.perf_counter()
    r = settle(pair, 3)
    return time.perf_counter() - t0, "-" if r is None else str(r.method)


def main(argv=None) -> int:
    from sqlverdict.errors import SqlverdictError

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--every", type=int, default=1)
    ap.add_argument("--name", default="compose_cost")
    a = ap.parse_args(argv)
    with_c, without = "same_ir,rewriting,normal_form,rewriting_normal_form", "same_ir,rewriting,normal_form"
    rows = []
    for corpus in CORPORA:
        for i, p in enumerate(load_corpus(corpus)):
            if i % a.every:
                continue
            pair = prepared(p)
            if pair is None:
                continue
            try:
                pair.lowered("gold"), pair.lowered("pred")  # prepared once, outside the timing
            except SqlverdictError:
                pair.close()
                continue
            order = (with_c, without) if len(rows) % 2 == 0 else (without, with_c)
            got = dict((m, timed(pair, m)) for m in order)
            pair.close()
            rows.append((corpus.name, p["expect"], got[with_c], got[without]))
    os.environ.pop("SQLVERDICT_PROOF_METHODS", None)
    lines = [f"# Time the normal form of the canonical forms adds to `settle` (`{a.name}`)", "",
             f"Command: `python -m benchmarks.compose_cost {' '.join(argv or sys.argv[1:])}`  ",
             f"Code: {code_version()}. `settle` (lowering cached) with every method and without "
             "`rewriting_normal_form`, alternated per pair in one process (machine shared).", "",
             "| pairs | group | settle s without: median / p95 | with: median / p95 | added: median / p95 / max | "
             "decided by rewriting_normal_form |", "|---:|---|---|---|---|---:|"]
    for group in ("equivalent", "different", None):
        sel = [r for r in rows if group is None or r[1] == group]
        if not sel:
            continue
        w = sorted(r[2][0] for r in sel)
        wo = sorted(r[3][0] for r in sel)
        add = sorted(r[2][0] - r[3][0] for r in sel)

        def q(xs, f):
            return xs[min(len(xs) - 1, int(f * (len(xs) - 1) + 0.5))]

        newly = sum(1 for r in sel if r[2][1] == "rewriting_normal_form")
        lines.append(f"| {len(sel)} | {group or 'all'} | {statistics.median(wo):.4f} / {q(wo, .95):.4f} | "
                     f"{statistics.median(w):.4f} / {q(w, .95):.4f} | {statistics.median(add):.4f} / "
                     f"{q(add, .95):.4f} / {add[-1]:.3f} | {newly} |")
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / f"{a.name}.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
