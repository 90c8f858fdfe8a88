"""What the tenth held-out prover corpus (``benchmarks/corpus/prover10/``) alone
promises; the checks every held-out corpus shares (manifest, written lines, one mutant per
pair, separating databases) are in ``test_held_out_corpora.py``."""

from __future__ import annotations

import pytest
from tests.helpers import held_out


@pytest.fixture(scope="module")
def corpus() -> tuple[dict, ...]:
    return held_out.lines("prover10")


def test_per_file_counts(corpus):
    eq = [p for p in corpus if p["expect"] == "equivalent"]
    for key, at_least in (("engines6/", 65), ("orm/", 61), ("learned_rewrites/", 60)):
        assert sum(p["id"].startswith(key) for p in eq) >= at_least, key


def test_both_dialects_in_every_file(corpus):
    for key in ("engines6/", "orm/", "learned_rewrites/"):
        assert {p["dialect"] for p in corpus if p["id"].startswith(key)} == {"postgres", "sqlite"}, key


def test_each_file_on_its_own_new_schema(corpus):
    for key, schema in (("engines6/", "energy"), ("orm/", "blog"), ("learned_rewrites/", "inventory")):
        assert {p["schema"] for p in corpus if p["id"].startswith(key)} == \
            {f"benchmarks/corpus/prover10/{schema}.ddl"}, key
