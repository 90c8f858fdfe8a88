"""What the fifteenth held-out prover corpus (``benchmarks/corpus/prover15/``) alone
promises; the checks every held-out corpus shares (manifest, written lines, one mutant per
pair, separating databases) are in ``test_held_out_corpora.py``."""

from __future__ import annotations

import pytest
from tests.helpers import held_out


@pytest.fixture(scope="module")
def corpus() -> tuple[dict, ...]:
    return held_out.lines("prover15")


def test_per_file_counts(corpus):
    eq = [p for p in corpus if p["expect"] == "equivalent"]
    for key, at_least in (("document_and_search/", 67), ("ledger_and_finance/", 62), ("rules_and_decisions/", 61)):
        assert sum(p["id"].startswith(key) for p in eq) >= at_least, key


def test_dialects_per_file(corpus):
    for key in ("document_and_search/", "ledger_and_finance/", "rules_and_decisions/"):
        assert {p["dialect"] for p in corpus if p["id"].startswith(key)} == {"postgres", "sqlite"}, key


def test_each_file_on_its_own_new_schema(corpus):
    for key, schema in (("document_and_search/", "search_index"), ("ledger_and_finance/", "ledger"),
                        ("rules_and_decisions/", "eligibility")):
        assert {p["schema"] for p in corpus if p["id"].startswith(key)} == \
            {f"benchmarks/corpus/prover15/{schema}.ddl"}, key


def test_schemas_are_new():
    names = {f.name for f in held_out.corpus_dir("prover15").glob("*.ddl")}
    assert names == {"search_index.ddl", "ledger.ddl", "eligibility.ddl"}
    others = {f.name for f in held_out.corpus_dir("prover15").parent.glob("*/*.ddl")
              if f.parent.name != "prover15"}
    assert not names & others
