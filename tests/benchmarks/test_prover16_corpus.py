"""What the sixteenth held-out prover corpus (``benchmarks/corpus/prover16/``) alone
promises; the checks every held-out corpus shares (manifest, written lines, one mutant per
pair, separating databases) are in ``test_held_out_corpora.py``."""

from __future__ import annotations

import pytest
from tests.helpers import held_out


@pytest.fixture(scope="module")
def corpus() -> tuple[dict, ...]:
    return held_out.lines("prover16")


def test_per_file_counts(corpus):
    eq = [p for p in corpus if p["expect"] == "equivalent"]
    for key, at_least in (("clinical_cohorts/", 60), ("crm_and_low_code/", 63), ("audit_and_compliance/", 64)):
        assert sum(p["id"].startswith(key) for p in eq) >= at_least, key


def test_dialects_per_file(corpus):
    for key in ("clinical_cohorts/", "crm_and_low_code/", "audit_and_compliance/"):
        assert {p["dialect"] for p in corpus if p["id"].startswith(key)} == {"postgres", "sqlite"}, key


def test_each_file_on_its_own_new_schema(corpus):
    for key, schema in (("clinical_cohorts/", "cohort"), ("crm_and_low_code/", "crm_org"),
                        ("audit_and_compliance/", "audit")):
        assert {p["schema"] for p in corpus if p["id"].startswith(key)} == \
            {f"benchmarks/corpus/prover16/{schema}.ddl"}, key


def test_schemas_are_new():
    names = {f.name for f in held_out.corpus_dir("prover16").glob("*.ddl")}
    assert names == {"cohort.ddl", "crm_org.ddl", "audit.ddl"}
    others = {f.name for f in held_out.corpus_dir("prover16").parent.glob("*/*.ddl")
              if f.parent.name != "prover16"}
    assert not names & others
