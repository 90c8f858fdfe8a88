"""What the twentieth held-out prover corpus (``benchmarks/corpus/prover20/``) alone
promises; the checks every held-out corpus shares (manifest, written lines, one mutant per
pair, separating databases) are in ``test_held_out_corpora.py``."""

from __future__ import annotations

import pytest
from tests.helpers import held_out


@pytest.fixture(scope="module")
def corpus() -> tuple[dict, ...]:
    return held_out.lines("prover20")


def test_per_file_counts(corpus):
    eq = [p for p in corpus if p["expect"] == "equivalent"]
    for key, at_least in (("hotel_reservations/", 63), ("subscription_billing/", 62), ("helpdesk_tickets/", 62)):
        assert sum(p["id"].startswith(key) for p in eq) >= at_least, key


def test_dialects_per_file(corpus):
    for key in ("hotel_reservations/", "subscription_billing/", "helpdesk_tickets/"):
        assert {p["dialect"] for p in corpus if p["id"].startswith(key)} == {"postgres", "sqlite"}, key


def test_each_file_on_its_own_new_schema(corpus):
    for key, schema in (("hotel_reservations/", "pms"), ("subscription_billing/", "billing"),
                        ("helpdesk_tickets/", "desk")):
        assert {p["schema"] for p in corpus if p["id"].startswith(key)} == \
            {f"benchmarks/corpus/prover20/{schema}.ddl"}, key


def test_schemas_are_new():
    names = {f.name for f in held_out.corpus_dir("prover20").glob("*.ddl")}
    assert names == {"pms.ddl", "billing.ddl", "desk.ddl"}
    others = {f.name for f in held_out.corpus_dir("prover20").parent.glob("*/*.ddl")
              if f.parent.name != "prover20"}
    assert not names & others
