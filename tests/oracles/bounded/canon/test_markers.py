"""The marker rules of ``canon/markers.py`` (``marker_join``, ``one_group_join``,
``two_valued_case``, ``truth_of_literal``, ``one_row_left_join``) against SQLite on databases
the fixtures' search does not make: NULLs, duplicates, empty tables, orphans and values of
every storage class (``tests/helpers/rule_databases.py``). Each pair of their fixtures where
the rule fires must agree on all of them; each near miss must keep its two forms apart and
be told apart by one of them."""

from __future__ import annotations

import random
import sqlite3
from collections import Counter

import pytest
from tests.helpers.rule_databases import (
    ANY,
    assert_apart_and_separated,
    assert_equated_and_agreeing,
    databases,
    fixture_cases,
    result,
)

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical, without
from sqlverdict.schema import from_ddl

RULES = ("marker_join", "one_group_join", "two_valued_case", "truth_of_literal", "one_row_left_join")
FIRES, NEAR = fixture_cases(*RULES)


def test_the_databases_hold_nulls_duplicates_and_empty_tables():
    seen = Counter()
    for con in databases(200):
        seen["no proj"] += not con.execute("SELECT 1 FROM proj").fetchall()
        seen["null key"] += bool(con.execute("SELECT 1 FROM emp WHERE dept_id IS NULL").fetchall())
        seen["text key"] += bool(con.execute(
            "SELECT 1 FROM proj WHERE typeof(emp_id) = 'text'").fetchall())
        seen["repeated key"] += bool(con.execute(
            "SELECT 1 FROM proj GROUP BY emp_id HAVING COUNT(*) > 1").fetchall())
        seen["blob"] += bool(con.execute("SELECT 1 FROM note WHERE typeof(a) = 'blob'").fetchall())
    assert all(v > 5 for v in seen.values()) and len(seen) == 5, seen


@pytest.mark.parametrize("case", FIRES, ids=lambda c: c.id)
def test_pairs_the_rules_equate_agree_in_sqlite(case):
    assert_equated_and_agreeing(case, 300)


@pytest.mark.parametrize("case", NEAR, ids=lambda c: c.id)
def test_near_misses_stay_apart_and_sqlite_separates_them(case):
    assert_apart_and_separated(case, 300)


KEYLESS = "CREATE TABLE r(x, t TEXT, v); CREATE TABLE s(k, n INTEGER, w)"
MARKER_PAIRS = [
    # a key column without affinity: 1, 1.0 are one group, '1' another, NULL matches nothing
    ("SELECT x, v FROM r WHERE EXISTS (SELECT 1 FROM s WHERE s.k = r.x AND s.w > 0)",
     "SELECT r.x, r.v FROM r LEFT JOIN (SELECT k, MIN(TRUE) AS m FROM s WHERE w > 0 GROUP BY k) "
     "AS d ON r.x = d.k WHERE d.m IS NOT NULL"),
    # an INTEGER key against a TEXT column: the comparison converts the text, on both sides
    ("SELECT t, v FROM r WHERE NOT EXISTS (SELECT 1 FROM s WHERE s.n = r.t)",
     "SELECT r.t, r.v FROM r LEFT JOIN (SELECT n, TRUE AS i FROM s GROUP BY n) AS d "
     "ON d.n = r.t WHERE d.i IS NULL"),
    ("SELECT v, EXISTS (SELECT 1 FROM s WHERE s.n = r.x) FROM r",
     "SELECT r.v, CASE WHEN d.c IS NULL THEN 0 ELSE 1 END FROM r LEFT JOIN "
     "(SELECT n, COUNT(*) AS c FROM s GROUP BY n) AS d ON d.n = r.x"),
    # the DISTINCT key itself as the marker (never NULL where ``=`` matched)
    ("SELECT v, EXISTS (SELECT 1 FROM s WHERE s.k = r.x) FROM r",
     "SELECT r.v, d.k IS NOT NULL FROM r LEFT JOIN (SELECT DISTINCT k FROM s) AS d ON d.k = r.x"),
    ("SELECT t, v FROM r WHERE NOT EXISTS (SELECT 1 FROM s WHERE s.n = r.t AND s.w > 0)",
     "SELECT r.t, r.v FROM r LEFT JOIN (SELECT n FROM s WHERE w > 0 GROUP BY n) AS d "
     "ON d.n = r.t WHERE d.n IS NULL"),
]


def test_a_key_converted_by_the_comparison_is_no_marker():
    """``d.t = r.n``, ``t`` TEXT against an INTEGER column: the text keys '1' and '01' are two
    rows of the DISTINCT table that one value matches, so the join repeats the row."""
    schema = from_ddl(KEYLESS)
    gold = "SELECT w, EXISTS (SELECT 1 FROM r AS q WHERE q.t = s.n) FROM s"
    pred = "SELECT s.w, d.t IS NOT NULL FROM s LEFT JOIN (SELECT DISTINCT t FROM r) AS d ON d.t = s.n"
    marked = ("SELECT s.w, d.i IS NOT NULL FROM s LEFT JOIN (SELECT DISTINCT t, 1 AS i FROM r) AS d "
              "ON d.t = s.n")
    for other in (pred, marked):
        forms = [canonical(ir.lower(sql, schema).query, schema, "bag") for sql in (gold, other)]
        assert forms[0] != forms[1]
    con = sqlite3.connect(":memory:")
    con.executescript(KEYLESS + "; INSERT INTO r VALUES (1, '1', 0), (2, '01', 0); INSERT INTO s VALUES (0, 1, 0)")
    assert result(con, gold) != result(con, pred)
    assert result(con, gold) != result(con, marked)


@pytest.mark.parametrize("gold,pred", MARKER_PAIRS)
def test_markers_over_every_storage_class_and_affinity(gold, pred):
    schema = from_ddl(KEYLESS)
    forms = [canonical(ir.lower(sql, schema).query, schema, "bag") for sql in (gold, pred)]
    assert forms[0] == forms[1]
    off = [canonical(ir.lower(sql, schema).query, schema, "bag", without("marker_join"))
           for sql in (gold, pred)]
    assert off[0] != off[1]
    rng = random.Random(11)
    values = [None, 1, 1.0, "1", "01", 2, "a", "A", b"\x01", 2.5]
    for _ in range(400):
        con = sqlite3.connect(":memory:")
        con.executescript(KEYLESS)
        for _ in range(rng.choice([0, 1, 2, 3, 4])):
            con.execute("INSERT INTO r VALUES (?, ?, ?)",
                        (rng.choice(values), rng.choice(values), rng.choice(ANY)))
        for _ in range(rng.choice([0, 1, 2, 3, 4])):
            con.execute("INSERT INTO s VALUES (?, ?, ?)",
                        (rng.choice(values), rng.choice(values), rng.choice([None, -1, 1])))
        assert result(con, gold) == result(con, pred), (con.execute("SELECT * FROM r").fetchall(),
                                                        con.execute("SELECT * FROM s").fetchall())
