"""``staging``'s share of the pair's time for the late every-database proofs: cut by it, they
are tried again after the full bound's solver, so a proof they find is kept."""

from __future__ import annotations

import time

from sqlverdict.oracles.bounded import staging
from sqlverdict.oracles.bounded.outcome import Method
from sqlverdict.oracles.bounded.proofs import _capped
from sqlverdict.schema import from_ddl
from sqlverdict.types import Status

SCHEMA = from_ddl("CREATE TABLE emp (id INTEGER PRIMARY KEY, name TEXT, salary INTEGER)")
# proved by the normal form (a late proof), not by rewriting (``test_session.PROVED``)
GOLD = ("SELECT x FROM (SELECT CASE WHEN salary > 1 THEN 1 ELSE 0 END AS x, id FROM emp) "
        "AS s WHERE x = 0")
PRED = ("SELECT CASE WHEN salary > 1 THEN 1 ELSE 0 END AS x FROM emp "
        "WHERE NOT (salary > 1) OR salary IS NULL")


def test_a_cap_never_runs_past_its_deadline():
    now = time.monotonic()
    assert _capped(10.0, None) == 10.0
    assert _capped(10.0, now - 5) == 0.01  # past it: the least slice, no proof waits on it
    assert _capped(2.5, now + 100) == 2.5
    assert 0.01 <= _capped(10.0, now + 1) <= 1.0


def test_late_proofs_without_a_share_are_tried_again_after_the_full_bound(monkeypatch):
    """No share at all (``LATE_SHARE`` 0): the first try's deadline is when it begins, the
    full bound's solver runs, and the second try, up to the prover's deadline, proves the
    pair for every database as before."""
    calls = []
    real = staging.late_proof

    def spy(pair, bound, deadline=None):
        got = real(pair, bound, deadline)
        calls.append((deadline, got))
        return got

    monkeypatch.setattr(staging, "late_proof", spy)
    base = staging.verify(GOLD, PRED, SCHEMA, timeout_s=20, search=False)
    assert base.status is Status.VERIFIED and base.method is Method.NORMAL_FORM, base.reason
    monkeypatch.setattr(staging, "LATE_SHARE", 0.0)
    calls.clear()
    r = staging.verify(GOLD, PRED, SCHEMA, timeout_s=20, search=False)
    assert (r.status, r.method, r.scope) == (base.status, base.method, base.scope), r.reason
    assert calls and calls[0][0] is not None
    if calls[0][1] is None:  # cut: tried again, with a later deadline
        assert len(calls) == 2 and calls[1][0] > calls[0][0] and calls[1][1] is not None
