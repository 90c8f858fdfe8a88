"""What the twenty-second held-out prover corpus (``benchmarks/corpus/prover22/``) alone
promises; the checks every held-out corpus shares (manifest, written lines, one mutant per
pair, separating databases) are in ``test_held_out_corpora.py``."""

from __future__ import annotations

import pytest
from tests.helpers import held_out

FILES = (("clinical_trials/", "ctms", 69), ("fleet_telematics/", "telematics", 66), ("saas_billing/", "subbill", 67))


@pytest.fixture(scope="module")
def corpus() -> tuple[dict, ...]:
    return held_out.lines("prover22")


def test_per_file_counts(corpus):
    eq = [p for p in corpus if p["expect"] == "equivalent"]
    for key, _, at_least in FILES:
        assert sum(p["id"].startswith(key) for p in eq) >= at_least, key


def test_dialects_per_file(corpus):
    for key, _, _ in FILES:
        assert {p["dialect"] for p in corpus if p["id"].startswith(key)} == {"postgres", "sqlite"}, key


def test_each_file_on_its_own_new_schema(corpus):
    for key, schema, _ in FILES:
        assert {p["schema"] for p in corpus if p["id"].startswith(key)} == \
            {f"benchmarks/corpus/prover22/{schema}.ddl"}, key


def test_schemas_are_new():
    names = {f.name for f in held_out.corpus_dir("prover22").glob("*.ddl")}
    assert names == {"ctms.ddl", "telematics.ddl", "subbill.ddl"}
    others = {f.name for f in held_out.corpus_dir("prover22").parent.glob("*/*.ddl")
              if f.parent.name != "prover22"}
    assert not names & others
