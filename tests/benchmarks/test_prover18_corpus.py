"""What the eighteenth held-out prover corpus (``benchmarks/corpus/prover18/``) alone
promises; the checks every held-out corpus shares (manifest, written lines, one mutant per
pair, separating databases) are in ``test_held_out_corpora.py``."""

from __future__ import annotations

import pytest
from tests.helpers import held_out


@pytest.fixture(scope="module")
def corpus() -> tuple[dict, ...]:
    return held_out.lines("prover18")


def test_per_file_counts(corpus):
    eq = [p for p in corpus if p["expect"] == "equivalent"]
    for key, at_least in (("property_management/", 63), ("grants_management/", 62), ("workforce_reports/", 62)):
        assert sum(p["id"].startswith(key) for p in eq) >= at_least, key


def test_dialects_per_file(corpus):
    for key in ("property_management/", "grants_management/", "workforce_reports/"):
        assert {p["dialect"] for p in corpus if p["id"].startswith(key)} == {"postgres", "sqlite"}, key


def test_each_file_on_its_own_new_schema(corpus):
    for key, schema in (("property_management/", "lease"), ("grants_management/", "grants"),
                        ("workforce_reports/", "workforce")):
        assert {p["schema"] for p in corpus if p["id"].startswith(key)} == \
            {f"benchmarks/corpus/prover18/{schema}.ddl"}, key


def test_schemas_are_new():
    names = {f.name for f in held_out.corpus_dir("prover18").glob("*.ddl")}
    assert names == {"lease.ddl", "grants.ddl", "workforce.ddl"}
    others = {f.name for f in held_out.corpus_dir("prover18").parent.glob("*/*.ddl")
              if f.parent.name != "prover18"}
    assert not names & others
