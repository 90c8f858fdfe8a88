"""The mutation fuzz's parts: edits change queries; a proof is found and attacked."""

import random

from benchmarks.soundness_fuzz import attack, mutate, proved


def test_mutate_edits_the_query_and_keeps_it_when_nothing_matches():
    rng = random.Random(0)
    q = "SELECT a FROM t WHERE b >= 3 ORDER BY a LIMIT 2"
    seen = {mutate(q, rng, 1) for _ in range(40)}
    assert q not in seen and len(seen) > 5
    assert "SELECT a FROM t WHERE b >= 4 ORDER BY a LIMIT 2" in seen \
        or "SELECT a FROM t WHERE b >= 2 ORDER BY a LIMIT 2" in seen
    assert mutate("VALUES (x)", rng, 2) == "VALUES (x)"
    assert all("LIMIT" in m for m in (mutate(q, rng, 1, only="ASC|DESC") for _ in range(10)))


def test_a_proved_mutant_is_attacked_and_a_refuted_one_is_not_proved(tmp_path):
    ddl = tmp_path / "s.sql"
    ddl.write_text("CREATE TABLE t(a INTEGER PRIMARY KEY, b INT);")
    q = {"source": "test", "sql": "SELECT a FROM t", "schema": str(ddl), "semantics": "bag"}
    schemas, attacks = {}, {}
    r = proved(q, "SELECT DISTINCT a FROM t", "sqlite", schemas)
    assert r is not None  # a key: DISTINCT changes nothing
    got = attack(q, "SELECT DISTINCT a FROM t", r, "sqlite", attacks, trials=5)
    assert got["separated"] is False and got["trials"] > 0
    assert proved(q, "SELECT b FROM t", "sqlite", schemas) is None


def test_date_neighbours_stop_at_the_calendar_ends():
    """A sentinel date (``'9999-12-31'``, as SCD histories write) has no next day: the
    attack's values around it stay in the calendar (it raised OverflowError)."""
    from benchmarks.soundness_attack import _dates_around

    assert "9999-12-30" in _dates_around("9999-12-31")
    assert "0001-01-02" in _dates_around("0001-01-01")
    assert {"2024-02-29", "2024-03-02"} <= set(_dates_around("2024-03-01"))


def test_the_full_verifier_reaches_proofs_that_rest_on_the_solver(tmp_path):
    """``--full``: the whole verifier, so that proofs after the solver (the small-model
    theorem's, congruence's) are fuzzed too; ``settle`` alone stops before them."""
    from tests.helpers.unbounded import DDL

    ddl = tmp_path / "s.sql"
    ddl.write_text(DDL)
    gold = "SELECT a FROM r WHERE b > 2 OR EXISTS (SELECT 1 FROM s WHERE s.a = r.a AND s.c = 'x')"
    pred = "SELECT a FROM r WHERE b > 2 UNION SELECT r.a FROM r JOIN s ON s.a = r.a WHERE s.c = 'x'"
    q = {"source": "test", "sql": gold, "schema": str(ddl), "semantics": "set"}
    assert proved(q, pred, "sqlite", {}) is None
    r = proved(q, pred, "sqlite", {}, full=20)
    assert r is not None and str(r.method) == "small_model"
