"""What each recent held-out prover corpus (``benchmarks/corpus/<name>/``) alone promises: its
files' pair counts, both dialects in each file, each file on its own new schema. The checks every
held-out corpus shares (manifest, written lines, one mutant per pair, separating databases) are
in ``test_held_out_corpora.py``; prover4..prover20 keep their own files."""

from __future__ import annotations

import pytest
from tests.helpers import held_out

# corpus -> (file prefix, schema, at least this many equivalent pairs) per file
CORPORA = {
    "prover21": (("ad_reporting/", "adrep", 68), ("ci_pipelines/", "cicd", 66),
                 ("event_ticketing/", "boxoffice", 65)),
    "prover22": (("clinical_trials/", "ctms", 69), ("fleet_telematics/", "telematics", 66),
                 ("saas_billing/", "subbill", 67)),
    "prover23": (("legal_practice/", "lawfirm", 69), ("food_delivery/", "delivery", 68),
                 ("transit_gtfs/", "gtfs", 66)),
}


@pytest.mark.parametrize("name", CORPORA)
def test_per_file_counts(name):
    eq = [p for p in held_out.lines(name) if p["expect"] == "equivalent"]
    for key, _, at_least in CORPORA[name]:
        assert sum(p["id"].startswith(key) for p in eq) >= at_least, key


@pytest.mark.parametrize("name", CORPORA)
def test_dialects_per_file(name):
    for key, _, _ in CORPORA[name]:
        assert {p["dialect"] for p in held_out.lines(name) if p["id"].startswith(key)} == \
            {"postgres", "sqlite"}, key


@pytest.mark.parametrize("name", CORPORA)
def test_each_file_on_its_own_new_schema(name):
    for key, schema, _ in CORPORA[name]:
        assert {p["schema"] for p in held_out.lines(name) if p["id"].startswith(key)} == \
            {f"benchmarks/corpus/{name}/{schema}.ddl"}, key
    names = {f.name for f in held_out.corpus_dir(name).glob("*.ddl")}
    assert names == {f"{schema}.ddl" for _, schema, _ in CORPORA[name]}
    others = {f.name for f in held_out.corpus_dir(name).parent.glob("*/*.ddl")
              if f.parent.name != name}
    assert not names & others
