"""The targeted search (``oracles.bounded.assumption_witness``) over a corpus run's proofs.

Reads a ``verify-batch`` result file of a prover corpus (``build/prover_corpus/*_b3.jsonl``)
and gives every ``verified`` line that states ``exact_reals``, ``integer_sums_exact`` or
``integer_arithmetic_in_range`` to ``aimed_search`` as ``verify`` would (the translation the
line records, its domain): one JSON line each with the scope, the assumptions, whether a
separating database was found, its note and witness, and the search's seconds.

    nice python -m benchmarks.aimed_assumptions --corpus benchmarks/corpus/prover25 \\
        --results build/prover_corpus/prover25_main_b3.jsonl --out build/aimed_p25.jsonl
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

from benchmarks.prover_corpus import load_corpus
from sqlverdict.oracles.bounded import assumption_witness as aw
from sqlverdict.oracles.bounded.domain import choose
from sqlverdict.oracles.bounded.outcome import Assumption, Method, VerifyResult
from sqlverdict.oracles.bounded.pair import Pair
from sqlverdict.oracles.bounded.staging import _policy
from sqlverdict.schema import from_ddl
from sqlverdict.sql.views import inline_views
from sqlverdict.types import Status


def searched(pair: dict, line: dict) -> dict | None:
    """The targeted search on one result line (None: no such assumption stated)."""
    if line["status"] != "verified":
        return None
    res = VerifyResult(Status.VERIFIED, line["bound"], line["semantics"], method=Method(line["method"]),
                       assumptions=tuple(Assumption(a) for a in line["assumptions"]))
    if not aw.aimed(res):
        return None
    schema = from_ddl(Path(pair["schema"]).read_text())
    if "translation" in line:
        gold, pred = line["translation"]["gold"], line["translation"]["pred"]
    else:
        gold, pred = pair["gold"], pair["pred"]
        if schema.views:
            gold, pred = (inline_views(q, dict(schema.views)) for q in (gold, pred))
    p = Pair(gold, pred, schema, _policy(gold, line["semantics"], None))
    p.domain, p.translated = choose(line["domain"], None, schema), "translation" in line
    t0 = time.monotonic()
    try:
        found = aw.aimed_search(p, res)
    finally:
        p.close()
    return {"id": line["id"], "expect": pair["expect"], "scope": line.get("scope"),
            "method": line["method"], "assumptions": [str(a) for a in aw.aimed(res)],
            "domain": line["domain"], "s": round(time.monotonic() - t0, 3), "found": found is not None,
            "note": found.notes[-1] if found else None,
            "witness": found.witness.to_json() if found else None}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--corpus", required=True)
    ap.add_argument("--results", required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()
    pairs = {p["id"]: p for p in load_corpus(Path(args.corpus))}
    rows = []
    for text in Path(args.results).read_text().splitlines():
        line = json.loads(text)
        if line["id"] in pairs and (row := searched(pairs[line["id"]], line)) is not None:
            rows.append(row)
            print(row["id"], row["found"], row["s"], flush=True)
    Path(args.out).write_text("".join(json.dumps(r) + "\n" for r in rows))


if __name__ == "__main__":
    main()
