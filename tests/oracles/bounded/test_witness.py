"""``witness.minimize``: candidates share the tables they do not change, so the witness it
returns and the one it was given must stay independent, and the result must still replay."""

from __future__ import annotations

import copy

from sqlverdict.engine.policy import policy_for
from sqlverdict.oracles.bounded.witness import minimize, replay
from sqlverdict.schema import from_ddl

SCHEMA = from_ddl("CREATE TABLE t (id INTEGER PRIMARY KEY, a INTEGER, b TEXT);"
                  "CREATE TABLE u (id INTEGER PRIMARY KEY, c INTEGER)")
GOLD = "SELECT COUNT(*) FROM t WHERE a > 1"
PRED = "SELECT COUNT(*) FROM t WHERE a >= 1"


def test_minimize_shrinks_without_touching_its_input():
    tables = {"t": {"columns": ["id", "a", "b"], "rows": [[i, i % 3, f"x{i}"] for i in range(1, 30)]},
              "u": {"columns": ["id", "c"], "rows": [[1, 5], [2, 6]]}}
    before = copy.deepcopy(tables)
    sem = policy_for(GOLD).semantics
    first = replay(GOLD, PRED, SCHEMA, tables, sem)
    assert first.differs
    best, rep = minimize(GOLD, PRED, SCHEMA, tables, sem, first)
    assert tables == before  # the input is never changed
    assert rep.differs and replay(GOLD, PRED, SCHEMA, best, sem).differs
    assert len(best["t"]["rows"]) == 1 and best["t"]["rows"][0][1] == 1  # one row with a = 1
    best["u"]["rows"].clear()  # the result shares nothing with the input
    assert tables["u"]["rows"] == [[1, 5], [2, 6]]
