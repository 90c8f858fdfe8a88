"""What the ninth held-out prover corpus (``benchmarks/corpus/prover9/``) alone
promises; the checks every held-out corpus shares (manifest, written lines, one mutant per
pair, separating databases) are in ``test_held_out_corpora.py``."""

from __future__ import annotations

import pytest
from tests.helpers import held_out


@pytest.fixture(scope="module")
def corpus() -> tuple[dict, ...]:
    return held_out.lines("prover9")


def test_per_file_counts(corpus):
    eq = [p for p in corpus if p["expect"] == "equivalent"]
    for key, at_least in (("engines5/", 70), ("interview/", 60), ("agg_papers/", 50)):
        assert sum(p["id"].startswith(key) for p in eq) >= at_least, key


def test_both_dialects_in_every_file(corpus):
    for key in ("engines5/", "interview/", "agg_papers/"):
        assert {p["dialect"] for p in corpus if p["id"].startswith(key)} == {"postgres", "sqlite"}, key
