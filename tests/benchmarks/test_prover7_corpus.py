"""What the seventh held-out prover corpus (``benchmarks/corpus/prover7/``) alone
promises; the checks every held-out corpus shares (manifest, written lines, one mutant per
pair, separating databases) are in ``test_held_out_corpora.py``."""

from __future__ import annotations

import pytest
from tests.helpers import held_out


@pytest.fixture(scope="module")
def corpus() -> tuple[dict, ...]:
    return held_out.lines("prover7")


def test_per_file_counts(corpus):
    eq = [p for p in corpus if p["expect"] == "equivalent"]
    for key, at_least in (("engines3/", 70), ("cookbook/", 50), ("spider_style/", 60)):
        assert sum(p["id"].startswith(key) for p in eq) >= at_least, key


def test_spider_style_pairs_are_sqlite(corpus):
    assert all(p["dialect"] == "sqlite" for p in corpus if p["id"].startswith("spider_style/"))
