"""The local pool: hard time budget, memory limit, crash isolation, job order."""

from __future__ import annotations

import sqlite3
import time

import pytest

from sqlverdict.runner.isolate import (
    LocalPool,
    allocate_job,
    exit_job,
    history_job,
    query_job,
    sleep_job,
)


@pytest.fixture
def db(tmp_path):
    p = tmp_path / "t.sqlite"
    c = sqlite3.connect(p)
    c.executescript("CREATE TABLE t(a INT); INSERT INTO t VALUES (1), (2), (3);")
    c.commit()
    c.close()
    return str(p)


def test_overrun_is_killed_and_the_rest_finish():
    t0 = time.monotonic()
    with LocalPool(sleep_job, workers=2, time_s=0.5, grace_s=0.3) as pool:
        outs = pool.run([30.0, 0.05, 30.0, 0.0, 0.1])
    assert time.monotonic() - t0 < 10  # two 30 s jobs did not run to the end
    assert [o.failure for o in outs] == ["time budget exceeded (0.5 s)", None,
                                         "time budget exceeded (0.5 s)", None, None]
    assert [o.value for o in outs if o.ok] == [0.05, 0.0, 0.1]
    assert all(0.5 <= o.elapsed_s < 5 for o in outs if not o.ok)


def test_memory_limit_fails_only_the_job_that_exceeds_it():
    with LocalPool(allocate_job, workers=2, time_s=20, memory_mb=400) as pool:
        outs = pool.run([10, 2000, 50, 5000, 1])
    assert [o.failure for o in outs] == [None, "memory budget exceeded (400 MB)", None,
                                         "memory budget exceeded (400 MB)", None]
    assert [o.value for o in outs] == [10, None, 50, None, 1]


def test_crashing_worker_is_replaced():
    with LocalPool(exit_job, workers=1, time_s=10) as pool:
        outs = pool.run([3, 7])
    assert [o.failure for o in outs] == ["worker crashed (exit code 3)",
                                         "worker crashed (exit code 7)"]


def test_real_queries_exceptions_and_order(db):
    jobs = [(db, "SELECT a FROM t ORDER BY a"), (db, "SELECT nope FROM t"),
            (db, "SELECT count(*) FROM t"), (db, "DROP TABLE t")]
    seen = []
    with LocalPool(query_job, workers=2, time_s=10) as pool:
        outs = list(pool.imap(jobs, on_done=lambda o: seen.append(o.index)))
    assert [o.index for o in outs] == [0, 1, 2, 3]
    assert sorted(seen) == [0, 1, 2, 3]
    assert outs[0].value == [(1,), (2,), (3,)]
    assert outs[1].failure.startswith("error: ExecutionError: no_such_column")
    assert outs[2].value == [(3,)]
    assert outs[3].failure == "error: ExecutionError: forbidden: not authorized (only reads are allowed)"


def test_output_order_is_job_order_not_completion_order():
    delays = [0.3, 0.0, 0.2, 0.0, 0.1, 0.0]
    with LocalPool(sleep_job, workers=3, time_s=10) as pool:
        outs = pool.run(delays)
    assert [o.value for o in outs] == delays
    assert [o.index for o in outs] == list(range(len(delays)))


def test_workers_are_reused_across_runs():
    with LocalPool(sleep_job, workers=2, time_s=10) as pool:
        pool.run([0.0, 0.0])
        pids = {w.proc.pid for w in pool._pool}
        pool.run([0.0, 0.0, 0.0])
        assert {w.proc.pid for w in pool._pool} == pids


def test_fork_per_job_makes_results_independent_of_history():
    with LocalPool(history_job, workers=2, time_s=10) as pool:
        shared = [o.value for o in pool.run([None] * 6)]
    with LocalPool(history_job, workers=2, time_s=10, fork_per_job=True, warmup=None) as pool:
        forked = [o.value for o in pool.run([None] * 6)]
    with LocalPool(history_job, workers=1, time_s=10, fork_per_job=True, warmup="w") as pool:
        warmed = [o.value for o in pool.run([None] * 4)]
    assert max(shared) > 1  # long-lived workers carry state from job to job
    assert forked == [1] * 6  # every job starts from the worker's state
    assert warmed == [2] * 4  # ... which includes the warm-up job


def test_fork_per_job_limits_and_crashes():
    with LocalPool(allocate_job, workers=1, time_s=20, memory_mb=400, fork_per_job=True) as pool:
        outs = pool.run([2000, 10])
        pid = pool._pool[0].proc.pid
    assert [o.failure for o in outs] == ["memory budget exceeded (400 MB)", None]
    assert outs[1].value == 10
    with LocalPool(exit_job, workers=1, time_s=10, fork_per_job=True) as pool:
        outs = pool.run([3, 4])
        assert pool._pool[0].proc.pid != pid and len(pool._pool) == 1  # the worker survived
    assert [o.failure for o in outs] == ["worker crashed (exit code 3)",
                                         "worker crashed (exit code 4)"]
    with LocalPool(sleep_job, workers=1, time_s=0.3, grace_s=0.2, fork_per_job=True) as pool:
        outs = pool.run([30.0, 0.0])
    assert [o.failure for o in outs] == ["time budget exceeded (0.3 s)", None]
