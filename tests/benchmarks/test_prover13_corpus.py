"""What the thirteenth held-out prover corpus (``benchmarks/corpus/prover13/``) alone
promises; the checks every held-out corpus shares (manifest, written lines, one mutant per
pair, separating databases) are in ``test_held_out_corpora.py``."""

from __future__ import annotations

import pytest
from tests.helpers import held_out


@pytest.fixture(scope="module")
def corpus() -> tuple[dict, ...]:
    return held_out.lines("prover13")


def test_per_file_counts(corpus):
    eq = [p for p in corpus if p["expect"] == "equivalent"]
    for key, at_least in (("api_generators/", 65), ("semantic_layers/", 61), ("dataframe_translators/", 66)):
        assert sum(p["id"].startswith(key) for p in eq) >= at_least, key


def test_dialects_per_file(corpus):
    for key, dialects in (("api_generators/", {"postgres", "sqlite"}), ("semantic_layers/", {"postgres"}),
                          ("dataframe_translators/", {"postgres", "sqlite"})):
        assert {p["dialect"] for p in corpus if p["id"].startswith(key)} == dialects, key


def test_each_file_on_its_own_new_schema(corpus):
    for key, schema in (("api_generators/", "helpdesk"), ("semantic_layers/", "marketplace"),
                        ("dataframe_translators/", "greenhouse")):
        assert {p["schema"] for p in corpus if p["id"].startswith(key)} == \
            {f"benchmarks/corpus/prover13/{schema}.ddl"}, key


def test_schemas_are_new():
    names = {f.name for f in held_out.corpus_dir("prover13").glob("*.ddl")}
    assert names == {"helpdesk.ddl", "marketplace.ddl", "greenhouse.ddl"}
    others = {f.name for f in held_out.corpus_dir("prover13").parent.glob("*/*.ddl")
              if f.parent.name != "prover13"}
    assert not names & others
