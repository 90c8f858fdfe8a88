"""The window rules (``canon/windows.py``) against SQLite on databases the fixtures' search
does not make: columns without affinity holding a value of every storage class (1 beside
1.0 and '1', text, BLOBs), NULLs, duplicate rows, empty tables, a TEXT primary key that
SQLite lets hold several NULLs. Each pair a rule equates must agree on all of them; each
near miss (a side condition of a rule missing) must keep its two forms apart and be told
apart by one of them, so that the test fails when that condition is dropped."""

from __future__ import annotations

import random
import sqlite3
from collections import Counter

import pytest

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical, without
from sqlverdict.schema import from_ddl

DDL = ("CREATE TABLE r (k, v, w); CREATE TABLE s (k, v); "
       "CREATE TABLE u (id INTEGER PRIMARY KEY, k); CREATE TABLE q (id TEXT PRIMARY KEY, v); "
       "CREATE TABLE n (x INT, y)")
SCHEMA = from_ddl(DDL)
ANY = [None, 0, 1, 1.0, 2, 2.5, "1", "a", "A", "", b"\x01"]  # a value of each class


def _numbered(left: str, right: str, op: str = "NOT EXISTS") -> str:
    """``sql.standard``'s text of EXCEPT ALL (NOT EXISTS) / INTERSECT ALL (EXISTS) of one column."""
    return (f"SELECT l.c0 FROM (SELECT c0, ROW_NUMBER() OVER (PARTITION BY c0) AS n FROM ({left}) AS lq) "
            f"AS l WHERE {op} (SELECT 1 FROM (SELECT c0, ROW_NUMBER() OVER (PARTITION BY c0) AS n "
            f"FROM ({right}) AS rq) AS r WHERE r.c0 IS l.c0 AND r.n = l.n)")


# (rule, gold, pred): one canonical form, only with the rule; SQLite agrees on every database
FIRES = [
    ("filter_window_transpose",
     "SELECT * FROM (SELECT k, v, COUNT(*) OVER (PARTITION BY k) AS c, MAX(w) OVER (PARTITION BY v, k) "
     "AS t FROM r) AS d WHERE d.k = 1 OR d.k IS NULL OR d.k > 'a'",
     "SELECT k, v, COUNT(*) OVER (PARTITION BY k), MAX(w) OVER (PARTITION BY v, k) FROM r "
     "WHERE k = 1 OR k IS NULL OR k > 'a'"),
    ("merge_windowed_derived",
     "SELECT k, c, MIN(v) OVER (PARTITION BY k) FROM (SELECT k, v, COUNT(v) OVER (PARTITION BY k) AS c "
     "FROM r WHERE w IS NOT NULL) AS i",
     "SELECT k, COUNT(v) OVER (PARTITION BY k), MIN(v) OVER (PARTITION BY k) FROM r WHERE w IS NOT NULL"),
    ("constant_window_keys",
     "SELECT k, COUNT(*) OVER (PARTITION BY k, 'x' ORDER BY 1 + 1) FROM r",
     "SELECT k, COUNT(*) OVER (PARTITION BY k) FROM r"),
    ("numbered_setop",
     "SELECT d.c0 FROM (SELECT k AS c0, ROW_NUMBER() OVER (PARTITION BY k) AS n FROM r "
     "EXCEPT SELECT k, ROW_NUMBER() OVER (PARTITION BY k) FROM s) AS d",
     _numbered("SELECT k AS c0 FROM r", "SELECT k AS c0 FROM s")),
    ("numbered_setop",
     "SELECT d.c0 FROM (SELECT k AS c0, ROW_NUMBER() OVER (PARTITION BY k) AS n FROM r "
     "INTERSECT SELECT k, ROW_NUMBER() OVER (PARTITION BY k) FROM s) AS d",
     _numbered("SELECT k AS c0 FROM r", "SELECT k AS c0 FROM s", "EXISTS")),
    ("numbered_setop",
     "SELECT d.c0 FROM (SELECT x AS c0, ROW_NUMBER() OVER (PARTITION BY x) AS n FROM n "
     "EXCEPT SELECT id, 1 FROM u) AS d",
     _numbered("SELECT x AS c0 FROM n", "SELECT id AS c0 FROM u")),
]

FIRES.append(("row_number_as_count",
              "SELECT id, ROW_NUMBER() OVER (PARTITION BY k ORDER BY id DESC) FROM u WHERE k IS NOT NULL",
              "SELECT id, (SELECT COUNT(*) FROM u AS u2 WHERE u2.k IS u.k AND u2.id >= u.id "
              "AND u2.k IS NOT NULL) FROM u WHERE k IS NOT NULL"))

# (rule, gold, pred, what is missing): the rule must not fire; SQLite separates the two
NEAR = [
    ("row_number_as_count",
     "SELECT v, ROW_NUMBER() OVER (PARTITION BY v ORDER BY id) FROM q",
     "SELECT v, (SELECT COUNT(*) FROM q AS q2 WHERE q2.v IS q.v AND q2.id <= q.id) FROM q",
     "a TEXT primary key may be NULL: no total order"),
    ("filter_window_transpose",
     "SELECT * FROM (SELECT k, v, COUNT(*) OVER (PARTITION BY k) AS c FROM r) AS d WHERE d.v = 1",
     "SELECT k, v, COUNT(*) OVER (PARTITION BY k) FROM r WHERE v = 1",
     "the filter reads a column outside the PARTITION BY"),
    ("merge_windowed_derived",
     "SELECT * FROM (SELECT k, COUNT(*) OVER (PARTITION BY v) AS c FROM r) AS d WHERE d.k = 1",
     "SELECT k, COUNT(*) OVER (PARTITION BY v) FROM r WHERE k = 1",
     "an outer WHERE over an inner window cuts the rows it counts"),
    ("merge_windowed_derived",
     "SELECT k, COUNT(*) OVER () FROM (SELECT k FROM r ORDER BY k LIMIT 2) AS d",
     "SELECT k, COUNT(*) OVER () FROM r",
     "the inner select is cut by a LIMIT"),
    ("constant_window_keys",
     "SELECT k, COUNT(*) OVER (PARTITION BY k, v) FROM r",
     "SELECT k, COUNT(*) OVER (PARTITION BY k) FROM r",
     "a column is no constant key"),
    ("numbered_setop",
     "SELECT d.c0 FROM (SELECT k AS c0, ROW_NUMBER() OVER (PARTITION BY k) AS n FROM r "
     "EXCEPT SELECT id, 1 FROM q) AS d",
     _numbered("SELECT k AS c0 FROM r", "SELECT id AS c0 FROM q"),
     "a TEXT primary key may hold several NULLs: its rows are not distinct"),
    ("numbered_setop",
     "SELECT d.c0 FROM (SELECT k AS c0, ROW_NUMBER() OVER (PARTITION BY k, v) AS n FROM r "
     "EXCEPT SELECT k, ROW_NUMBER() OVER (PARTITION BY k, v) FROM s) AS d",
     _numbered("SELECT k AS c0 FROM r", "SELECT k AS c0 FROM s"),
     "copies numbered by more than the compared columns"),
]


def databases(n: int, seed: int = 7):
    rng = random.Random(seed)
    for _ in range(n):
        con = sqlite3.connect(":memory:")
        con.executescript(DDL)
        for _ in range(rng.choice([0, 1, 2, 3, 4, 5])):
            con.execute("INSERT INTO r VALUES (?, ?, ?)", tuple(rng.choice(ANY) for _ in range(3)))
        for _ in range(rng.choice([0, 1, 2, 3, 4])):
            con.execute("INSERT INTO s VALUES (?, ?)", tuple(rng.choice(ANY) for _ in range(2)))
        for i in rng.sample([0, 1, 2, 3], rng.choice([0, 1, 2, 3])):
            con.execute("INSERT INTO u VALUES (?, ?)", (i, rng.choice(ANY)))
        for _ in range(rng.choice([0, 1, 2, 3, 4])):
            con.execute("INSERT INTO n VALUES (?, ?)", (rng.choice([None, 0, 1, 2]), rng.choice(ANY)))
        for _ in range(rng.choice([0, 1, 2, 3])):
            key = rng.choice([None, None, "1", "a"])
            con.execute("INSERT OR IGNORE INTO q VALUES (?, ?)", (key, rng.choice(ANY)))
        yield con


def _result(con, sql):
    return Counter(con.execute(sql).fetchall())


def _forms(gold, pred, rules=None):
    return tuple(canonical(ir.lower(sql, SCHEMA).query, SCHEMA, "bag", *(() if rules is None else (rules,)))
                 for sql in (gold, pred))


def test_the_databases_hold_mixed_classes_nulls_duplicates_and_empty_tables():
    seen = Counter()
    for con in databases(300):
        seen["1 beside 1.0"] += bool(con.execute(
            "SELECT 1 FROM r AS a, r AS b WHERE typeof(a.k) = 'integer' AND typeof(b.k) = 'real' "
            "AND a.k = b.k").fetchall())
        seen["null key twice"] += bool(con.execute(
            "SELECT 1 FROM q WHERE id IS NULL GROUP BY id HAVING COUNT(*) > 1").fetchall())
        seen["duplicate"] += bool(con.execute(
            "SELECT 1 FROM r GROUP BY k HAVING COUNT(*) > 1").fetchall())
        seen["empty"] += not con.execute("SELECT 1 FROM r").fetchall()
        seen["blob"] += bool(con.execute("SELECT 1 FROM r WHERE typeof(k) = 'blob'").fetchall())
    assert all(seen[k] > 3 for k in ("1 beside 1.0", "null key twice", "duplicate", "empty", "blob")), seen


@pytest.mark.parametrize("rule, gold, pred", FIRES, ids=[f"{c[0]}-{i}" for i, c in enumerate(FIRES)])
def test_pairs_a_window_rule_equates_agree_in_sqlite(rule, gold, pred):
    g, p = _forms(gold, pred)
    assert g == p, "the rule should equate the pair"
    g, p = _forms(gold, pred, without(rule))
    assert g != p, "the pair is equated without the rule"
    for con in databases(400):
        assert _result(con, gold) == _result(con, pred), \
            [(t, con.execute(f"SELECT * FROM {t}").fetchall()) for t in ("r", "s", "u", "q")]


@pytest.mark.parametrize("rule, gold, pred, missing", NEAR, ids=[f"{c[0]}-{i}" for i, c in enumerate(NEAR)])
def test_near_misses_stay_apart_and_sqlite_separates_them(rule, gold, pred, missing):
    g, p = _forms(gold, pred)
    assert g != p, f"a rule fires though {missing}"
    assert any(_result(con, gold) != _result(con, pred) for con in databases(400)), missing


def test_collated_columns_are_not_numbered_into_a_bag_operation():
    """A NOCASE column: ROW_NUMBER numbers 'a' and 'A' as copies of one row, a compound may
    compare them under another collation; the rule refuses such tables."""
    ddl = "CREATE TABLE c (k TEXT COLLATE NOCASE); CREATE TABLE b (k TEXT)"
    schema = from_ddl(ddl)
    gold = ("SELECT d.c0 FROM (SELECT k AS c0, ROW_NUMBER() OVER (PARTITION BY k) AS n FROM c "
            "EXCEPT SELECT k, ROW_NUMBER() OVER (PARTITION BY k) FROM b) AS d")
    pred = _numbered("SELECT k AS c0 FROM c", "SELECT k AS c0 FROM b")
    forms = [canonical(ir.lower(sql, schema).query, schema) for sql in (gold, pred)]
    assert forms[0] != forms[1]


def _proof(gold: str, pred: str, ddl: str, dialect: str | None = None):
    from sqlverdict import verify
    return verify(gold, pred, from_ddl(ddl), bound=2, search=False, timeout_s=20, dialect=dialect)


TYPED = "CREATE TABLE e (id INTEGER PRIMARY KEY, dept INT, pay REAL, n INT)"


def test_a_proof_through_a_tie_reading_window_states_ties_broken_alike():
    res = _proof("SELECT id, r FROM (SELECT id, dept, ROW_NUMBER() OVER (PARTITION BY dept ORDER BY n) "
                 "AS r FROM e) AS t WHERE t.dept = 1",
                 "SELECT id, ROW_NUMBER() OVER (PARTITION BY dept ORDER BY n) FROM e WHERE dept = 1", TYPED)
    assert (res.status.name, res.method.value) == ("VERIFIED", "rewriting")
    assert "ties_broken_alike" in [a.value for a in res.assumptions]


def test_a_proof_that_moves_a_window_sum_of_reals_states_exact_reals():
    res = _proof("SELECT id, s FROM (SELECT id, dept, SUM(pay) OVER (PARTITION BY dept) AS s FROM e) AS t "
                 "WHERE t.dept = 1",
                 "SELECT id, SUM(pay) OVER (PARTITION BY dept) FROM e WHERE dept = 1", TYPED)
    assert (res.status.name, res.method.value) == ("VERIFIED", "rewriting")
    assert "exact_reals" in [a.value for a in res.assumptions]


def test_except_all_as_numbered_copies_needs_no_tie_assumption():
    res = _proof("SELECT dept FROM e EXCEPT ALL SELECT n FROM e",
                 "SELECT c FROM (SELECT dept AS c, ROW_NUMBER() OVER (PARTITION BY dept) AS k FROM e "
                 "EXCEPT SELECT n, ROW_NUMBER() OVER (PARTITION BY n) FROM e) AS d", TYPED, "postgres")
    assert (res.status.name, res.method.value) == ("VERIFIED", "rewriting")
    assert "ties_broken_alike" not in [a.value for a in res.assumptions]
