"""Shared fixtures of the certify tests."""

from __future__ import annotations

import pytest


def _cls(count, sql, w, s):
    return {"count": count, "representative": sql, "correct": {"weak": w, "suite": s}}


def fixture_records():
    T, F = True, False
    rows = [
        ("q0", "d0", [_cls(4, "a0", T, T)], [_cls(4, "a0", T, T)]),
        ("q1", "d0", [_cls(3, "a1", T, F), _cls(1, "b1", F, F)],
         [_cls(2, "c1", T, F), _cls(1, "a1x", T, T), _cls(1, "b1", F, F)]),
        ("q2", "d0", [_cls(2, "a2", F, F), _cls(2, "b2", F, F)],
         [_cls(2, "a2", F, F), _cls(2, "b2", F, F)]),
        ("q3", "d1", [_cls(4, "a3", T, T)], [_cls(4, "a3", T, T)]),
        ("q4", "d1", [_cls(3, "a4", T, F), _cls(1, "b4", F, F)],
         [_cls(2, "c4", T, T), _cls(1, "a4", T, F), _cls(1, "b4", F, F)]),
        ("q5", "d1", [_cls(2, "a5", T, T), _cls(1, "b5", F, F), _cls(1, "c5", F, F)],
         [_cls(2, "a5", T, T), _cls(1, "b5", F, F), _cls(1, "c5", F, F)]),
    ]
    return [{"id": i, "db_id": d, "n_total": 4, "n_usable": 4,
             "partitions": {"weak": w, "suite": s}, "likelihood": {"mean": None, "max": None}}
            for i, d, w, s in rows]


@pytest.fixture
def records():
    """The six-question fixture described in test_analysis.py."""
    return fixture_records()
