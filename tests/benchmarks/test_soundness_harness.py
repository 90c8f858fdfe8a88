"""The soundness benchmark's own checks (``benchmarks/soundness_attack.py`` and
``soundness_witness.py``) on pairs whose answer is known: a harness that cannot fail
proves nothing."""

from __future__ import annotations

from benchmarks.soundness_attack import Attack
from benchmarks.soundness_witness import KEYED_LOAD, check

DDL = "CREATE TABLE t(id INTEGER PRIMARY KEY, a INT)"
# differ only when t is empty: max(a) is one NULL row there, the LIMIT query no row
EMPTY_ONLY = ("SELECT max(a) FROM t", "SELECT a FROM t ORDER BY a DESC LIMIT 1")


def test_attack_separates_a_pair_that_differs_on_an_empty_table_only():
    a = Attack.for_schema(DDL)
    assert a.run(*EMPTY_ONLY, "bag", bound=3, trials=200, seed="t").separated


def test_nonempty_attack_never_empties_a_read_table():
    a = Attack.for_schema(DDL)
    assert not a.run(*EMPTY_ONLY, "bag", bound=3, trials=200, seed="t", nonempty=True).separated
    o = a.run("SELECT count(*) FROM t", "SELECT count(*) FROM t WHERE a > 0", "bag", bound=3,
              trials=200, seed="t", nonempty=True)
    assert o.separated and o.db["t"]


def test_witness_check_loads_keyless_parent_once_keyed():
    ddl = ["CREATE TABLE sets(code TEXT, name TEXT)",
           "CREATE TABLE cards(id INTEGER PRIMARY KEY, setCode TEXT REFERENCES sets(code))"]
    q = ["SELECT count(*) FROM cards JOIN sets ON cards.setCode = sets.code"]
    one = {"sets": {"columns": ["code", "name"], "rows": [["a", "x"]]},
           "cards": {"columns": ["id", "setCode"], "rows": [[1, "a"]]}}
    got = check(ddl, one, q)
    assert not got["loads"] and got["load_problem"] == KEYED_LOAD
    twice = {"sets": {"columns": ["code", "name"], "rows": [["a", "x"], ["a", "y"]]},
             "cards": one["cards"]}
    assert "UNIQUE constraint failed" in check(ddl, twice, q)["load_problem"]
    null_key = {"sets": one["sets"], "cards": {"columns": ["id", "setCode"], "rows": [[1, None]]}}
    assert check(ddl, null_key, q)["null_join_key"]


def test_separations_are_classified_by_the_database_itself():
    """Issue 26: a separation counts as covered only when its database breaks an assumption
    the verdict states; a NULL key breaks none (the verifier models it)."""
    from benchmarks.soundness import covered_by

    ddl = "CREATE TABLE t (id TEXT PRIMARY KEY, name TEXT NOT NULL, v INTEGER)"

    def pair(gold, pred, assumptions):
        return {"schema": ddl, "gold": gold, "pred": pred,
                "result": {"assumptions": assumptions, "semantics": "bag"}}

    null_key = pair("SELECT count(*) FROM t WHERE id IS NOT NULL", "SELECT count(*) FROM t",
                    ["declared_storage_classes"])
    assert covered_by(null_key, {"db": {"t": [[None, "x", 1]]}}, {}) is None
    blob = pair("SELECT name FROM t WHERE name = 'a'", "SELECT name FROM t WHERE name || '' = 'a'",
                ["finite_text_domain", "text_columns_hold_text"])
    assert covered_by(blob, {"db": {"t": [["a", b"a", 2]]}}, {}) == "text_columns_hold_text"
    real = pair("SELECT CAST(v AS INTEGER) FROM t", "SELECT v FROM t", ["declared_storage_classes"])
    assert covered_by(real, {"db": {"t": [["a", "x", 2.5]]}}, {}) == "declared_storage_classes"
    assert covered_by(real, {"db": {"t": [["a", "x", 2]]}}, {}) is None
