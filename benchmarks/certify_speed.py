"""Speed of the certificate analysis on a synthetic class file of 508 questions x 50 candidates.

The full analysis (six scores, four cells, 200 splits, both split schemes, AUROC and the
decomposition) must take at most 10 s. Run from the repository root:

    python -m benchmarks.certify_speed

Writes benchmarks/results/certify_speed.md and .json.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from sqlverdict.certify.classfile import ClassTable, read_classes, write_classes
from sqlverdict.certify.intervention import certificate

OUT = Path(__file__).parent / "results"


def synthetic_records(n_q: int = 508, n_cand: int = 50, n_db: int = 20, seed: int = 1) -> list[dict]:
    """Classes with realistic structure: a dominant class of random mass, the suite partition
    a refinement of the weak one, suite labels stricter than weak labels."""
    rng = np.random.default_rng(seed)
    recs = []
    for q in range(n_q):
        n_usable = n_cand - int(rng.integers(0, 3))
        k = int(rng.integers(1, 8))
        w = rng.dirichlet(np.full(k, 0.5))
        counts = np.sort(rng.multinomial(n_usable, w))[::-1]
        counts = [int(c) for c in counts if c > 0]
        weak = []
        for j, c in enumerate(counts):
            ok_w = bool(rng.random() < (0.8 if j == 0 else 0.1))
            ok_s = ok_w and bool(rng.random() < 0.9)
            weak.append({"count": c, "representative": f"SELECT {q}_{j}",
                         "correct": {"weak": ok_w, "suite": ok_s}})
        suite = []
        for j, c in enumerate(counts):
            if c > 3 and rng.random() < 0.2:  # the suite splits this class
                c1 = int(rng.integers(1, c))
                for t, cc in enumerate((c - c1, c1)):
                    ok_s = weak[j]["correct"]["suite"] if t == 0 else False
                    suite.append({"count": cc, "representative": f"SELECT {q}_{j}_{t}",
                                  "correct": {"weak": weak[j]["correct"]["weak"], "suite": ok_s}})
            else:
                suite.append(dict(weak[j]))
        suite.sort(key=lambda c: -c["count"])
        lp = rng.normal(-0.3, 0.2, n_usable)
        recs.append({"id": str(q), "db_id": f"db{q % n_db}", "n_total": n_cand,
                     "n_usable": n_usable, "partitions": {"weak": weak, "suite": suite},
                     "likelihood": {"mean": float(lp.mean()), "max": float(lp.max())}})
    return recs


def main(repeats: int = 3) -> None:
    recs = synthetic_records()
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "classes.jsonl"
        write_classes(path, recs)
        times, load_times = [], []
        for _ in range(repeats):
            t0 = time.perf_counter()
            table = ClassTable.from_records(read_classes(path))
            t1 = time.perf_counter()
            cert = certificate(table, alpha=0.1, n_splits=200)
            t2 = time.perf_counter()
            load_times.append(t1 - t0)
            times.append(t2 - t0)
    res = {"questions": 508, "candidates": 50, "splits": 200, "schemes": 2, "scores": 6,
           "cells": 4, "repeats": repeats, "median_total_s": statistics.median(times),
           "median_load_s": statistics.median(load_times), "all_total_s": times,
           "target_s": 10.0,
           "d_minus_a_question": cert["question"]["d_minus_a"]}
    OUT.mkdir(parents=True, exist_ok=True)
    (OUT / "certify_speed.json").write_text(json.dumps(res, indent=2) + "\n")
    md = ["# certify analysis speed", "",
          "Synthetic class file, 508 questions x 50 candidates, six scores, four cells, "
          "200 splits, both schemes (`python -m benchmarks.certify_speed`).", "",
          f"| step | median s (of {repeats}) |", "|---|---|",
          f"| read + arrays | {res['median_load_s']:.3f} |",
          f"| full analysis incl. read | {res['median_total_s']:.3f} |", "",
          "Target: at most 10 s. Machine: 2 cores shared with other jobs.", ""]
    (OUT / "certify_speed.md").write_text("\n".join(md))
    print(json.dumps(res, indent=2))
    sys.exit(0 if res["median_total_s"] <= 10 else 1)


if __name__ == "__main__":
    main()
