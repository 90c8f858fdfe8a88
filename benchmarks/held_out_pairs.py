"""The ``add`` of the held-out corpora written from ``prover5`` on (``proverN_pairs.py``):
one equivalent pair and its mutant per call, ids ``<file>/<rule>/<n>``.

>>> pairs, add = pair_book("proverX", {"s": ("shop", "a source")}, {"s": "engines"})
>>> add("s", "Rule: one", "SELECT 1", "SELECT 1", "SELECT 2", "a constant changed")
>>> [p["id"] for p in pairs]
['engines/Rule_one/1', 'engines/Rule_one/1/mutant']
"""

from __future__ import annotations

import re
from collections import Counter


def pair_book(corpus: str, sources: dict, files: dict):
    """``(pairs, add)``: the list the corpus's pairs go into and the function that adds one
    pair and its mutant (``mutant``: the mutated pred, or ``(gold, pred)``), with the
    schema and description of ``sources[source]`` and the file ``files[source]``."""
    pairs: list[dict] = []
    seen: Counter = Counter()

    def add(source: str, rule: str, gold: str, pred: str, mutant, mutation: str, *,
            semantics: str = "bag", dialect: str = "postgres") -> None:
        schema, desc = sources[source]
        key = files[source]
        seen[(key, rule)] += 1
        pid = f"{key}/{re.sub(r'[^A-Za-z0-9+]+', '_', rule).strip('_')}/{seen[(key, rule)]}"
        base = {"schema": f"benchmarks/corpus/{corpus}/{schema}.ddl", "schema_name": schema,
                "dialect": dialect, "semantics": semantics, "rule": rule, "source": desc,
                "source_key": key}
        mg, mp = mutant if isinstance(mutant, tuple) else (gold, mutant)
        pairs.append({"id": pid, "gold": gold, "pred": pred, "expect": "equivalent", **base})
        pairs.append({"id": pid + "/mutant", "gold": mg, "pred": mp, "expect": "different",
                      "pair_of": pid, "mutation": mutation, **base})

    return pairs, add
