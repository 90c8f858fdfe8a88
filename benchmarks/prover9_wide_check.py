"""A second check of ``prover9``'s equivalent pairs on databases drawn from wider value pools
than the build's: the non-key columns also take values of their class that the
corpus's own pools avoid (negative and large integers, ``0.1``/``0.2``/``1e20`` reals,
empty and non-date texts such as ``'2024-01-01 10:00'`` or ``'2024-02-30'``), so a pair that
only holds on the written pools' values shows up.

    python -m benchmarks.prover9_wide_check
"""

from __future__ import annotations

import copy
import sys

from benchmarks import prover3_build
from benchmarks.prover9_build import SCHEMAS
from benchmarks.prover9_pairs import PAIRS

WIDER = {"INTEGER": (-1, 0, 7, 10**6), "REAL": (0.1, 0.2, 0.3, -3.5, 1e20),
         "TEXT": ("", "abc", "2024-01-01 10:00", "2024-1-2", "2024-02-30", "2024-01-02x")}


def wide_schemas(schemas: dict = SCHEMAS) -> dict:
    """A corpus's schemas (prover9's by default) with the wider pools on every column that is
    no key or foreign key."""
    out = {}
    for name, spec in schemas.items():
        s = copy.deepcopy(spec)
        tables = []
        for table, cols, keys in s["tables"]:
            fixed = set(keys.get("pk", [])) | {c for c, _, _ in keys.get("fk", [])}
            tables.append((table, [(c, ty, null, dom if c in fixed else tuple(dom) + WIDER[ty])
                                   for c, ty, null, dom in cols], keys))
        s["tables"] = tables
        out[name] = s
    return out


def main(pairs=PAIRS, schemas: dict = SCHEMAS, seed: str = "prover9-wide") -> int:
    """Check the equivalent pairs of a corpus (prover9's by default;
    ``prover10_wide_check`` .. ``prover13_wide_check`` pass their own)."""
    eq = [dict(p) for p in pairs if p["expect"] == "equivalent"]
    problems = prover3_build.check(eq, 500, wide_schemas(schemas), seed)
    print("\n".join(problems) or f"all {len(eq)} equivalent pairs agree on 1000 wide databases per schema")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
