"""What the seventeenth held-out prover corpus (``benchmarks/corpus/prover17/``) alone
promises; the checks every held-out corpus shares (manifest, written lines, one mutant per
pair, separating databases) are in ``test_held_out_corpora.py``."""

from __future__ import annotations

import pytest
from tests.helpers import held_out


@pytest.fixture(scope="module")
def corpus() -> tuple[dict, ...]:
    return held_out.lines("prover17")


def test_per_file_counts(corpus):
    eq = [p for p in corpus if p["expect"] == "equivalent"]
    for key, at_least in (("lms_gradebook/", 61), ("warehouse_operations/", 63), ("manufacturing_mes/", 61)):
        assert sum(p["id"].startswith(key) for p in eq) >= at_least, key


def test_dialects_per_file(corpus):
    for key in ("lms_gradebook/", "warehouse_operations/", "manufacturing_mes/"):
        assert {p["dialect"] for p in corpus if p["id"].startswith(key)} == {"postgres", "sqlite"}, key


def test_each_file_on_its_own_new_schema(corpus):
    for key, schema in (("lms_gradebook/", "gradebook"), ("warehouse_operations/", "wms"),
                        ("manufacturing_mes/", "mes")):
        assert {p["schema"] for p in corpus if p["id"].startswith(key)} == \
            {f"benchmarks/corpus/prover17/{schema}.ddl"}, key


def test_schemas_are_new():
    names = {f.name for f in held_out.corpus_dir("prover17").glob("*.ddl")}
    assert names == {"gradebook.ddl", "wms.ddl", "mes.ddl"}
    others = {f.name for f in held_out.corpus_dir("prover17").parent.glob("*/*.ddl")
              if f.parent.name != "prover17"}
    assert not names & others
