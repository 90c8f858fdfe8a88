"""``smaller_bound``: the verdict of a smaller bound where the full one ran out of budget, and
each condition's near miss. (End to end: tests/fixtures/verdicts/budget.sql, deep tier.)"""

from __future__ import annotations

from sqlverdict.oracles.bounded.outcome import Cause, Method, VerifyResult
from sqlverdict.oracles.bounded.smaller_bound import fall_back, is_fallback, keeps, reported_bound
from sqlverdict.types import Status

HELD = VerifyResult(Status.VERIFIED, 2, "bag", method=Method.SOLVER)
RAN_OUT = VerifyResult(Status.UNKNOWN, 3, "bag", cause=Cause.BUDGET,
                       detail="time budget exceeded: while encoding", search={"trials": 2000})


def test_a_budget_unknown_falls_back_to_the_smaller_bound_with_its_scope():
    r = fall_back(RAN_OUT, HELD, 3)
    assert r.status is Status.VERIFIED and r.bound == 2 and r.scope == "up to 2 rows per table"
    assert r.cause is Cause.BUDGET and is_fallback(r)
    assert "no witness with at most 2 rows per table" in r.reason
    assert "the solver at 3 rows per table ran out of budget (time budget exceeded" in r.reason
    assert "no witness in 2000 databases of up to 3 rows per table" in r.reason
    assert reported_bound(r, 3) == 2 and reported_bound(RAN_OUT.but(bound=1), 3) == 3


def test_near_misses_keep_the_answer_as_it_was():
    unsupported = RAN_OUT.but(cause=Cause.UNSUPPORTED, detail="function X")
    refuted = VerifyResult(Status.REFUTED, 3, "bag", method=Method.SEARCH)
    for res in (unsupported, refuted):  # not a budget's unknown: the answer stands
        assert fall_back(res, HELD, 3) is res
    assert fall_back(RAN_OUT, None, 3) is RAN_OUT  # no smaller bound held
    assert not is_fallback(HELD) and not is_fallback(RAN_OUT)


def test_which_small_bounds_count():
    assert keeps(HELD, 2, 0) and keeps(HELD.but(bound=3), 3, 2)
    assert not keeps(HELD.but(bound=1), 1, 0)  # one row per table says too little
    assert not keeps(HELD, 2, 2)  # at or below a LIMIT's reach no cut acts
    assert not keeps(HELD.but(status=Status.UNKNOWN, cause=Cause.BUDGET), 2, 0)
    assert not keeps(HELD.but(method=Method.REWRITING), 2, 0)  # (an every-database proof ends early)
