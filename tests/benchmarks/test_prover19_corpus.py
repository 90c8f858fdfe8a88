"""What the nineteenth held-out prover corpus (``benchmarks/corpus/prover19/``) alone
promises; the checks every held-out corpus shares (manifest, written lines, one mutant per
pair, separating databases) are in ``test_held_out_corpora.py``."""

from __future__ import annotations

import pytest
from tests.helpers import held_out


@pytest.fixture(scope="module")
def corpus() -> tuple[dict, ...]:
    return held_out.lines("prover19")


def test_per_file_counts(corpus):
    eq = [p for p in corpus if p["expect"] == "equivalent"]
    for key, at_least in (("library_circulation/", 63), ("fleet_telematics/", 62), ("restaurant_pos/", 62)):
        assert sum(p["id"].startswith(key) for p in eq) >= at_least, key


def test_dialects_per_file(corpus):
    for key in ("library_circulation/", "fleet_telematics/", "restaurant_pos/"):
        assert {p["dialect"] for p in corpus if p["id"].startswith(key)} == {"postgres", "sqlite"}, key


def test_each_file_on_its_own_new_schema(corpus):
    for key, schema in (("library_circulation/", "ils"), ("fleet_telematics/", "fleet"),
                        ("restaurant_pos/", "pos")):
        assert {p["schema"] for p in corpus if p["id"].startswith(key)} == \
            {f"benchmarks/corpus/prover19/{schema}.ddl"}, key


def test_schemas_are_new():
    names = {f.name for f in held_out.corpus_dir("prover19").glob("*.ddl")}
    assert names == {"ils.ddl", "fleet.ddl", "pos.ddl"}
    others = {f.name for f in held_out.corpus_dir("prover19").parent.glob("*/*.ddl")
              if f.parent.name != "prover19"}
    assert not names & others
