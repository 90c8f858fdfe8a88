"""Which pairs of a ``verify-batch`` pair file does the lowering refuse, and why.

Lowers both queries of every pair (``ir.lower``, no solver) and writes the pairs where a
side raises ``UnsupportedSQL`` or ``InputError`` to ``--out`` (the same JSONL lines), with
a count per construct on stdout. With the code of two commits (``PYTHONPATH`` pointing at
another checkout's ``src``) it selects the pairs a change of the lowering can decide, to
verify them side by side with ``benchmarks/verify_scale.py --pairs``:

    PYTHONPATH=../base/src python -m benchmarks.unsupported_pairs \\
        --pairs build/verify_scale/bird_pairs.jsonl --out build/verify_scale/bird_refused.jsonl
"""

from __future__ import annotations

import argparse
import json
import re
from collections import Counter
from pathlib import Path

from sqlverdict.errors import InputError, UnsupportedSQL
from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.batch import SchemaCache
from sqlverdict.oracles.bounded.witness import user_tables


def refusal(pair: dict, schemas: SchemaCache) -> str:
    """'' when both sides lower, else the first side's refusal (construct or error)."""
    schema = user_tables(schemas.get(pair["schema"], pair.get("db_id")))
    for side in ("gold", "pred"):
        try:
            ir.lower(pair[side], schema)
        except UnsupportedSQL as e:
            return f"{side}: unsupported: {e.construct}"
        except InputError as e:
            return f"{side}: invalid: {re.sub(r'[0-9]+', 'N', str(e))[:60]}"
    return ""


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--pairs", type=Path, required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    schemas = SchemaCache()
    reasons: Counter = Counter()
    kept = []
    for line in args.pairs.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        pair = json.loads(line)
        why = refusal(pair, schemas)
        if why:
            reasons[why] += 1
            kept.append(line)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text("".join(x + "\n" for x in kept), encoding="utf-8")
    print(f"{len(kept)} pairs with a refused side -> {args.out}")
    for why, n in reasons.most_common():
        print(f"{n:5d}  {why}")


if __name__ == "__main__":
    main()
