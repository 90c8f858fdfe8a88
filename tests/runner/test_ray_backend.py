"""The Ray backend on a real local Ray instance: same limits, same outcomes as the local pool."""

from __future__ import annotations

import sqlite3

import pytest

from sqlverdict.runner.isolate import LocalPool, query_job, sleep_job
from sqlverdict.runner.ray_backend import RayPool, ray_available

pytestmark = pytest.mark.skipif(
    not ray_available(), reason="ray is not installed (pip install 'sqlverdict[ray]')")


@pytest.fixture(scope="module")
def ray_local():
    import ray

    ray.init(num_cpus=2, include_dashboard=False, log_to_driver=False,
             configure_logging=False)
    yield ray
    ray.shutdown()


def test_ray_and_local_pools_give_identical_outcomes(ray_local, tmp_path):
    p = tmp_path / "t.sqlite"
    c = sqlite3.connect(p)
    c.executescript("CREATE TABLE t(a INT, b TEXT);"
                    "INSERT INTO t VALUES (1, 'x'), (2, NULL), (2, 'y');")
    c.commit()
    c.close()
    db = str(p)
    jobs = [(db, "SELECT a, count(*) FROM t GROUP BY a ORDER BY a"),
            (db, "SELECT b FROM t WHERE b IS NOT NULL ORDER BY b"),
            (db, "SELECT missing FROM t"),
            (db, "WITH RECURSIVE r(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM r) "
                 "SELECT count(*) FROM r"),  # never ends: the hard time budget kills it
            (db, "SELECT sum(a) FROM t")]
    kw = {"workers": 2, "time_s": 1.0, "grace_s": 0.5, "memory_mb": 1024}
    with LocalPool(query_job, **kw) as pool:
        local = pool.run(jobs)
    with RayPool(query_job, **kw) as pool:
        assert pool.workers == 2
        remote = pool.run(jobs)
    assert [(o.index, o.value, o.failure) for o in remote] == \
        [(o.index, o.value, o.failure) for o in local]
    assert local[0].value == [(1, 1), (2, 2)]
    assert local[2].failure.startswith("error: ExecutionError: no_such_column")
    assert local[3].failure == "time budget exceeded (1 s)"
    assert local[4].value == [(5,)]


@pytest.mark.slow  # the same kill is covered by the identical-outcomes test above
def test_ray_pool_enforces_the_time_budget(ray_local):
    with RayPool(sleep_job, workers=2, time_s=0.5, grace_s=0.2) as pool:
        outs = pool.run([0.0, 20.0, 0.05])
    assert [o.failure for o in outs] == [None, "time budget exceeded (0.5 s)", None]


def test_verify_batch_on_ray_matches_local(ray_local, tmp_path, spider_db):
    import json

    from sqlverdict.oracles.bounded.batch import verify_batch

    pairs = tmp_path / "pairs.jsonl"
    rows = [("SELECT name FROM singer WHERE age > 30", "SELECT name FROM singer WHERE 30 < age"),
            ("SELECT count(*) FROM singer", "SELECT count(song_name) FROM singer"),
            ("SELECT group_concat(name) FROM singer", "SELECT max(name) FROM singer"),
            ("SELECT country FROM singer", "SELECT DISTINCT country FROM singer")]
    pairs.write_text("".join(json.dumps({"id": str(i), "gold": g, "pred": p, "schema": str(spider_db("concert_singer")),
                                         "semantics": "bag"}) + "\n"
                             for i, (g, p) in enumerate(rows)))
    got = {}
    for ex in ("local", "ray"):
        out = tmp_path / f"{ex}.jsonl"
        verify_batch(pairs, out, bound=2, timeout_s=30, workers=2, executor=ex)
        got[ex] = [{k: v for k, v in json.loads(x).items() if k != "elapsed_s"}
                   for x in out.read_text().splitlines()]
    assert got["ray"] == got["local"]
    assert [d["status"] for d in got["local"]] == ["verified", "refuted", "refuted", "refuted"]
