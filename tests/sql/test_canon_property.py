"""Property: canonicalisation never changes meaning. Original and canonical form run on the
Spider databases and must give identical results (list semantics when the query has a
top-level ORDER BY, bag otherwise).

The default run checks a fixed sample of the distinct (database, query) pairs from the Spider
dev gold and the published prediction files; ``-m slow`` checks all of them
(benchmarks/structure_canon.py reports the full count)."""

from __future__ import annotations

import random

import pytest
from tests.helpers.canon import check


def spider_queries(bench) -> list[tuple[str, str, str]]:
    from sqlverdict.bench import load_predictions

    pairs = {(e.db_path, e.db_id, e.gold) for e in bench.examples if e.db_path}
    for f in sorted((bench.path / "predictions").glob("*.sql")):
        ps = load_predictions(f, bench)
        for e in bench.examples:
            p = ps.get(e.id)
            if p.ok and e.db_path:
                pairs.add((e.db_path, e.db_id, p.sql))
    return sorted(pairs)


def test_canonical_form_keeps_results_on_a_sample(spider_bench):
    pairs = spider_queries(spider_bench)
    sample = random.Random(7).sample(pairs, min(300, len(pairs)))
    checked, failures = check(spider_bench, sample)
    assert checked >= 250
    assert not failures, failures[:3]


@pytest.mark.slow
def test_canonical_form_keeps_results_on_all(spider_bench):
    checked, failures = check(spider_bench, spider_queries(spider_bench))
    assert checked > 3000
    assert not failures, failures[:3]
