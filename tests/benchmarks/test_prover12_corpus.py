"""What the twelfth held-out prover corpus (``benchmarks/corpus/prover12/``) alone
promises; the checks every held-out corpus shares (manifest, written lines, one mutant per
pair, separating databases) are in ``test_held_out_corpora.py``."""

from __future__ import annotations

import pytest
from tests.helpers import held_out


@pytest.fixture(scope="module")
def corpus() -> tuple[dict, ...]:
    return held_out.lines("prover12")


def test_per_file_counts(corpus):
    eq = [p for p in corpus if p["expect"] == "equivalent"]
    for key, at_least in (("view_matching/", 63), ("data_tests/", 63), ("security_temporal/", 60)):
        assert sum(p["id"].startswith(key) for p in eq) >= at_least, key


def test_dialects_per_file(corpus):
    for key, dialects in (("view_matching/", {"postgres"}), ("data_tests/", {"postgres", "sqlite"}),
                          ("security_temporal/", {"postgres", "sqlite"})):
        assert {p["dialect"] for p in corpus if p["id"].startswith(key)} == dialects, key


def test_each_file_on_its_own_new_schema(corpus):
    for key, schema in (("view_matching/", "telecom"), ("data_tests/", "payroll"), ("security_temporal/", "crm")):
        assert {p["schema"] for p in corpus if p["id"].startswith(key)} == \
            {f"benchmarks/corpus/prover12/{schema}.ddl"}, key


def test_schemas_are_new():
    names = {f.name for f in held_out.corpus_dir("prover12").glob("*.ddl")}
    assert names == {"telecom.ddl", "payroll.ddl", "crm.ddl"}
    others = {f.name for f in held_out.corpus_dir("prover12").parent.glob("*/*.ddl")
              if f.parent.name != "prover12"}
    assert not names & others
