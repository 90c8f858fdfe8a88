"""What each recent held-out prover corpus (``benchmarks/corpus/<name>/``) alone promises: its
files' pair counts, both dialects in each file, each file on its own new schema. The checks every
held-out corpus shares (manifest, written lines, one mutant per pair, separating databases) are
in ``test_held_out_corpora.py``; prover3..prover9, whose promises differ, keep their own files."""

from __future__ import annotations

import pytest
from tests.helpers import held_out

# corpus -> (file prefix, schema, at least this many equivalent pairs) per file
CORPORA = {
    "prover10": (("engines6/", "energy", 65), ("orm/", "blog", 61), ("learned_rewrites/", "inventory", 60)),
    "prover11": (("migration/", "insurance", 67), ("bi_tools/", "saas", 61),
                 ("decorrelation/", "shipping", 60)),
    "prover12": (("view_matching/", "telecom", 63), ("data_tests/", "payroll", 63),
                 ("security_temporal/", "crm", 60)),
    "prover13": (("api_generators/", "helpdesk", 65), ("semantic_layers/", "marketplace", 61),
                 ("dataframe_translators/", "greenhouse", 66)),
    "prover14": (("graph_and_logic/", "socialgraph", 62), ("observability_queries/", "monitoring", 65),
                 ("streaming_and_ivm/", "streaming_shop", 61)),
    "prover15": (("document_and_search/", "search_index", 67), ("ledger_and_finance/", "ledger", 62),
                 ("rules_and_decisions/", "eligibility", 61)),
    "prover16": (("clinical_cohorts/", "cohort", 60), ("crm_and_low_code/", "crm_org", 63),
                 ("audit_and_compliance/", "audit", 64)),
    "prover17": (("lms_gradebook/", "gradebook", 61), ("warehouse_operations/", "wms", 63),
                 ("manufacturing_mes/", "mes", 61)),
    "prover18": (("property_management/", "lease", 63), ("grants_management/", "grants", 62),
                 ("workforce_reports/", "workforce", 62)),
    "prover19": (("library_circulation/", "ils", 63), ("fleet_telematics/", "fleet", 62),
                 ("restaurant_pos/", "pos", 62)),
    "prover20": (("hotel_reservations/", "pms", 63), ("subscription_billing/", "billing", 62),
                 ("helpdesk_tickets/", "desk", 62)),
    "prover21": (("ad_reporting/", "adrep", 68), ("ci_pipelines/", "cicd", 66),
                 ("event_ticketing/", "boxoffice", 65)),
    "prover22": (("clinical_trials/", "ctms", 69), ("fleet_telematics/", "telematics", 66),
                 ("saas_billing/", "subbill", 67)),
    "prover23": (("legal_practice/", "lawfirm", 69), ("food_delivery/", "delivery", 68),
                 ("transit_gtfs/", "gtfs", 66)),
    "prover24": (("veterinary_clinic/", "vet", 67), ("code_review/", "review", 69),
                 ("ev_charging/", "charging", 67)),
    "prover25": (("fitness_club/", "gym", 68), ("farm_management/", "farm", 66),
                 ("recruiting_ats/", "ats", 67)),
    "prover26": (("lab_lims/", "lims", 68), ("utility_metering/", "meter", 68),
                 ("bike_share/", "bikes", 65)),
    "prover27": (("crew_rostering/", "crew", 77), ("returns_rma/", "rma", 61),
                 ("kitchen_ops/", "kitchen", 64)),
    "prover28": (("rule_catalogue/", "projtrack", 92), ("tpcds_rewritten/", "dsmart", 64),
                 ("podcast_reports/", "podhost", 67)),
    "prover29": (("rule_catalogue/", "toolhire", 73), ("tpch_rewritten/", "supplyco", 64),
                 ("unnesting_literature/", "confdb", 62)),
    "prover30": (("rule_catalogue/", "cowork", 80), ("ssb_rewritten/", "starmart", 62),
                 ("text_to_sql/", "petadopt", 64)),
}


@pytest.mark.parametrize("name", CORPORA)
def test_per_file_counts(name):
    eq = [p for p in held_out.lines(name) if p["expect"] == "equivalent"]
    for key, _, at_least in CORPORA[name]:
        assert sum(p["id"].startswith(key) for p in eq) >= at_least, key


# files written in one dialect only; every other file has both
POSTGRES_ONLY = {"decorrelation/", "view_matching/", "semantic_layers/"}


@pytest.mark.parametrize("name", CORPORA)
def test_dialects_per_file(name):
    for key, _, _ in CORPORA[name]:
        want = {"postgres"} if key in POSTGRES_ONLY else {"postgres", "sqlite"}
        assert {p["dialect"] for p in held_out.lines(name) if p["id"].startswith(key)} == want, key


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
