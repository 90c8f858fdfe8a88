"""What the fourth held-out prover corpus (``benchmarks/corpus/prover4/``) alone
promises; the checks every held-out corpus shares (manifest, written lines, one mutant per
pair, separating databases) are in ``test_held_out_corpora.py``."""

from __future__ import annotations

import pytest
from tests.helpers import held_out


@pytest.fixture(scope="module")
def corpus() -> tuple[dict, ...]:
    return held_out.lines("prover4")


def test_list_semantics_only_under_a_top_level_order_by(corpus):
    for p in corpus:
        if p["semantics"] == "list":
            assert "ORDER BY" in p["gold"].rsplit(")", 1)[-1] and "ORDER BY" in p["pred"].rsplit(")", 1)[-1], p["id"]
