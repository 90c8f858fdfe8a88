"""Which corpus pairs the canonical forms alone equate, on two source trees: a quick
before/after of a rewrite rule over every development corpus (prover3..prover24, pairs and
mutants) without the solver.

Each pair is lowered (another dialect through its SQLite translation) and compared by
``proofs.same_canonical`` in the domain the verifier gives it (typed for another engine's
dialect, else sqlite), 20 s a pair. Run once per tree (``PYTHONPATH`` set to its ``src``),
then ``--compare`` lists the pairs whose forms newly agree or no longer do, and the mutants
whose forms agree (each a proof to refute):

    git archive BASE src | tar -x -C /tmp/base
    PYTHONPATH=/tmp/base/src:. nice python -m benchmarks.corpus_canon_sweep --out build/sweep_base.jsonl
    PYTHONPATH=src:. nice python -m benchmarks.corpus_canon_sweep --out build/sweep_head.jsonl
    python -m benchmarks.corpus_canon_sweep --compare build/sweep_base.jsonl build/sweep_head.jsonl
"""

from __future__ import annotations

import argparse
import glob
import json
import time
from collections import Counter

CORPORA = [f"prover{n}" for n in range(3, 25)]  # (prover25 and later: held out)


def sweep(out_path: str, corpora=CORPORA) -> None:
    from sqlverdict.oracles.bounded import ir
    from sqlverdict.oracles.bounded.canon.driver import deadline
    from sqlverdict.oracles.bounded.proofs import same_canonical
    from sqlverdict.schema import from_ddl_file
    from sqlverdict.sql.dialect import to_sqlite

    schemas = {}
    with open(out_path, "w") as out:
        for f in sorted(p for c in corpora for p in glob.glob(f"benchmarks/corpus/{c}/*.jsonl")):
            for line in open(f):
                d = json.loads(line)
                dialect = d.get("dialect", "sqlite")
                row = {"id": d["id"], "file": f}
                try:
                    schema = schemas.setdefault(d["schema"], from_ddl_file(d["schema"]))
                    qs = [ir.lower(to_sqlite(d[k], dialect, None), schema).query for k in ("gold", "pred")]
                    with deadline(time.monotonic() + 20):
                        note = same_canonical(*qs, schema, d.get("semantics", "bag"),
                                              typed=dialect != "sqlite")
                    row["same"] = note is not None
                except Exception as e:  # noqa: BLE001 (a pair that does not lower: recorded)
                    row["same"] = type(e).__name__
                out.write(json.dumps(row) + "\n")
                out.flush()


def compare(base_path: str, head_path: str) -> None:
    base = {r["id"]: r["same"] for r in map(json.loads, open(base_path))}
    head = {r["id"]: r["same"] for r in map(json.loads, open(head_path))}
    print(Counter((base[k], head.get(k)) for k in base))
    for label, test in (("gained", lambda b, h: b is not True and h is True),
                        ("lost", lambda b, h: b is True and h is not True)):
        ids = [k for k in base if test(base[k], head.get(k))]
        print(f"{label}: {len(ids)}", *ids, sep="\n  ")
    print("mutants equated at head:", [k for k, v in head.items() if k.endswith("/mutant") and v is True])


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", help="write this tree's sweep here (jsonl)")
    ap.add_argument("--compare", nargs=2, metavar=("BASE", "HEAD"))
    ap.add_argument("--corpora", nargs="+", default=CORPORA, help="these corpora only (prover24 ..)")
    a = ap.parse_args(argv)
    if a.compare:
        compare(*a.compare)
    elif a.out:
        sweep(a.out, a.corpora)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
