"""What the fifth held-out prover corpus (``benchmarks/corpus/prover5/``) alone
promises; the checks every held-out corpus shares (manifest, written lines, one mutant per
pair, separating databases) are in ``test_held_out_corpora.py``."""

from __future__ import annotations

import sqlite3

import pytest
from tests.helpers import held_out

ROOT = held_out.ROOT


@pytest.fixture(scope="module")
def corpus() -> tuple[dict, ...]:
    return held_out.lines("prover5")


def test_text2sql_pairs_are_sqlite(corpus):
    t2s = [p for p in corpus if p["id"].startswith("text2sql/")]
    assert len(t2s) >= 120 and all(p["dialect"] == "sqlite" for p in t2s)


# Errata (found after freezing; the corpus is unchanged, see its README).


def _pair(corpus, pid):
    return next(p for p in corpus if p["id"] == pid)


def test_errata_min_as_limit_mutant_agrees_where_nulls_sort_last(corpus):
    """``calcite/AggregateMinMaxToLimitRule/2/mutant`` is marked postgres but differs only
    where NULL sorts first (SQLite); under PostgreSQL's NULLS LAST it agrees with MIN."""
    m = _pair(corpus, "calcite/AggregateMinMaxToLimitRule/2/mutant")
    con = held_out.load(m)
    gold = con.execute(m["gold"]).fetchall()
    assert con.execute(m["pred"]).fetchall() != gold
    assert con.execute(m["pred"].replace("ORDER BY comm", "ORDER BY comm NULLS LAST")).fetchall() == gold


def test_errata_reordered_sum_differs_past_64_bits(corpus):
    """``spark/ReorderAssociativeOperator/1`` holds under exact arithmetic only: past 64
    bits SQLite makes ``a + 1`` a REAL, so ``(a + 1) + (b + 2)`` and ``a + b + 3`` differ."""
    p = _pair(corpus, "spark/ReorderAssociativeOperator/1")
    con = sqlite3.connect(":memory:")
    con.executescript((ROOT / p["schema"]).read_text())
    con.executemany("INSERT INTO t1 VALUES (?, ?, ?)", [(2**63 - 1, -3, 0)] * 2)
    assert con.execute(p["gold"]).fetchall() != con.execute(p["pred"]).fetchall()
