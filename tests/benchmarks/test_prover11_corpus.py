"""What the eleventh held-out prover corpus (``benchmarks/corpus/prover11/``) alone
promises; the checks every held-out corpus shares (manifest, written lines, one mutant per
pair, separating databases) are in ``test_held_out_corpora.py``."""

from __future__ import annotations

import pytest
from tests.helpers import held_out


@pytest.fixture(scope="module")
def corpus() -> tuple[dict, ...]:
    return held_out.lines("prover11")


def test_per_file_counts(corpus):
    eq = [p for p in corpus if p["expect"] == "equivalent"]
    for key, at_least in (("migration/", 67), ("bi_tools/", 61), ("decorrelation/", 60)):
        assert sum(p["id"].startswith(key) for p in eq) >= at_least, key


def test_dialects_per_file(corpus):
    for key, dialects in (("migration/", {"postgres", "sqlite"}), ("bi_tools/", {"postgres", "sqlite"}),
                          ("decorrelation/", {"postgres"})):
        assert {p["dialect"] for p in corpus if p["id"].startswith(key)} == dialects, key


def test_each_file_on_its_own_new_schema(corpus):
    for key, schema in (("migration/", "insurance"), ("bi_tools/", "saas"), ("decorrelation/", "shipping")):
        assert {p["schema"] for p in corpus if p["id"].startswith(key)} == \
            {f"benchmarks/corpus/prover11/{schema}.ddl"}, key


def test_schemas_are_new():
    names = {f.name for f in held_out.corpus_dir("prover11").glob("*.ddl")}
    assert names == {"insurance.ddl", "saas.ddl", "shipping.ddl"}
    others = {f.name for f in held_out.corpus_dir("prover11").parent.glob("*/*.ddl")
              if f.parent.name != "prover11"}
    assert not names & others
