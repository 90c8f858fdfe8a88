"""What the fourteenth held-out prover corpus (``benchmarks/corpus/prover14/``) alone
promises; the checks every held-out corpus shares (manifest, written lines, one mutant per
pair, separating databases) are in ``test_held_out_corpora.py``."""

from __future__ import annotations

import pytest
from tests.helpers import held_out


@pytest.fixture(scope="module")
def corpus() -> tuple[dict, ...]:
    return held_out.lines("prover14")


def test_per_file_counts(corpus):
    eq = [p for p in corpus if p["expect"] == "equivalent"]
    for key, at_least in (("graph_and_logic/", 62), ("observability_queries/", 65), ("streaming_and_ivm/", 61)):
        assert sum(p["id"].startswith(key) for p in eq) >= at_least, key


def test_dialects_per_file(corpus):
    for key, dialects in (("graph_and_logic/", {"postgres", "sqlite"}), ("observability_queries/", {"postgres", "sqlite"}),
                          ("streaming_and_ivm/", {"postgres", "sqlite"})):
        assert {p["dialect"] for p in corpus if p["id"].startswith(key)} == dialects, key


def test_each_file_on_its_own_new_schema(corpus):
    for key, schema in (("graph_and_logic/", "socialgraph"), ("observability_queries/", "monitoring"),
                        ("streaming_and_ivm/", "streaming_shop")):
        assert {p["schema"] for p in corpus if p["id"].startswith(key)} == \
            {f"benchmarks/corpus/prover14/{schema}.ddl"}, key


def test_schemas_are_new():
    names = {f.name for f in held_out.corpus_dir("prover14").glob("*.ddl")}
    assert names == {"socialgraph.ddl", "monitoring.ddl", "streaming_shop.ddl"}
    others = {f.name for f in held_out.corpus_dir("prover14").parent.glob("*/*.ddl")
              if f.parent.name != "prover14"}
    assert not names & others
