"""What the sixth held-out prover corpus (``benchmarks/corpus/prover6/``) alone
promises; the checks every held-out corpus shares (manifest, written lines, one mutant per
pair, separating databases) are in ``test_held_out_corpora.py``."""

from __future__ import annotations

import sqlite3

import pytest
from tests.helpers import held_out

ROOT = held_out.ROOT


@pytest.fixture(scope="module")
def corpus() -> tuple[dict, ...]:
    return held_out.lines("prover6")


def test_per_file_counts(corpus):
    eq = [p for p in corpus if p["expect"] == "equivalent"]
    for key, at_least in (("engines2/", 70), ("papers/", 50), ("bird_style/", 60)):
        assert sum(p["id"].startswith(key) for p in eq) >= at_least, key


def test_bird_style_pairs_are_sqlite(corpus):
    assert all(p["dialect"] == "sqlite" for p in corpus if p["id"].startswith("bird_style/"))


# Errata (found after freezing; the corpus is unchanged, see its README).


def _pair(corpus, pid):
    return next(p for p in corpus if p["id"] == pid)


def test_errata_decade_prefix_is_not_the_range_up_to_the_next_decade(corpus):
    """``bird_style/LIKE_decade_vs_range_AVG_vs_SUM_COUNT/1`` is labelled equivalent but is
    not: ``'20'`` (a prefix of ``'200'``) lies in ``['199', '200')`` without starting with
    ``'199'``, so the range keeps a player ``LIKE '199%'`` drops."""
    p = _pair(corpus, "bird_style/LIKE_decade_vs_range_AVG_vs_SUM_COUNT/1")
    assert p["expect"] == "equivalent"
    con = sqlite3.connect(":memory:")
    con.executescript((ROOT / p["schema"]).read_text())
    con.execute("INSERT INTO player VALUES (1, 'Li', NULL, 180.0, '20', NULL)")
    assert con.execute(p["gold"]).fetchall() == [(None,)]
    assert con.execute(p["pred"]).fetchall() == [(180.0,)]
