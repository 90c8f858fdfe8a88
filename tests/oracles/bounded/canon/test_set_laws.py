"""``intersect_reassociated`` and ``intersect_distributed`` (``canon/set_laws.py``) against
SQLite: the fixture pairs on random databases of every storage class
(``tests/helpers/rule_databases.py``), rows compared with their classes; nested
INTERSECTs over columns without affinity, where 1, 1.0 and '1' meet and SQLite shows the
left operand's row; and the distribution refused there (UNION shows the last of two
equal rows)."""

from __future__ import annotations

import random
import sqlite3

import pytest
from tests.helpers.rule_databases import (
    ANY,
    assert_apart_and_separated,
    assert_equated_and_agreeing,
    fixture_cases,
    typed_rows,
)

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical
from sqlverdict.schema import from_ddl

RULES = ("intersect_reassociated", "intersect_distributed")
FIRES, NEAR = fixture_cases(*RULES)


@pytest.mark.parametrize("case", FIRES, ids=lambda c: c.id)
def test_pairs_the_rules_equate_agree_in_sqlite(case):
    assert_equated_and_agreeing(case, 400, typed_rows)


@pytest.mark.parametrize("case", NEAR, ids=lambda c: c.id)
def test_near_misses_stay_apart_and_sqlite_separates_them(case):
    assert_apart_and_separated(case, 400, typed_rows)


UNTYPED = "CREATE TABLE r(x); CREATE TABLE s(y); CREATE TABLE t(z)"
TEXT = "CREATE TABLE r(x TEXT NOT NULL); CREATE TABLE s(y TEXT); CREATE TABLE t(z TEXT, k INT)"
VALUES = [*ANY, 1.0, "1", 2.0]


def _random(n: int, ddl: str = UNTYPED, seed: int = 9):
    rng = random.Random(seed)
    for _ in range(n):
        con = sqlite3.connect(":memory:")
        con.executescript(ddl)
        for table in ("r", "s", "t"):
            width = 2 if table == "t" and ddl == TEXT else 1
            for _ in range(rng.choice([0, 1, 2, 3, 4])):
                con.execute(f"INSERT OR IGNORE INTO {table} VALUES ({', '.join('?' * width)})",
                            tuple(rng.choice(VALUES) for _ in range(width)))
        yield con


def _forms(gold, pred, ddl=UNTYPED):
    schema = from_ddl(ddl)
    return [canonical(ir.lower(sql, schema).query, schema, "bag") for sql in (gold, pred)]


@pytest.mark.parametrize("gold,pred", [
    ("SELECT x FROM r INTERSECT SELECT v.y FROM (SELECT y FROM s INTERSECT SELECT z FROM t) AS v",
     "SELECT x FROM r INTERSECT SELECT y FROM s INTERSECT SELECT z FROM t"),
    ("SELECT v.y FROM (SELECT y FROM s INTERSECT SELECT x FROM r) AS v INTERSECT SELECT z FROM t",
     "SELECT y FROM s INTERSECT SELECT w.x FROM (SELECT x FROM r INTERSECT SELECT z FROM t) AS w"),
])
def test_reassociation_over_every_storage_class(gold, pred):
    a, b = _forms(gold, pred)
    assert a == b  # (commute_operands orders these operands too: no rule reads them as IN)
    for con in _random(500):
        assert typed_rows(con, gold) == typed_rows(con, pred)


def test_distribution_is_refused_where_equal_rows_differ():
    gold = "SELECT x FROM r INTERSECT SELECT u.y FROM (SELECT y FROM s UNION SELECT z FROM t) AS u"
    pred = ("SELECT a.x FROM (SELECT x FROM r INTERSECT SELECT y FROM s) AS a UNION "
            "SELECT b.x FROM (SELECT x FROM r INTERSECT SELECT z FROM t) AS b")
    a, b = _forms(gold, pred)
    assert a != b


def test_reassociation_before_intersect_as_in_over_text_columns():
    """Over TEXT columns with a never-NULL leftmost one, the compound rules read the chain
    as IN subqueries: both nestings get one form only once the chain is left-deep."""
    gold = ("SELECT v.x FROM (SELECT x FROM r INTERSECT SELECT y FROM s) AS v "
            "INTERSECT SELECT z FROM t WHERE k = 1")
    pred = ("SELECT x FROM r INTERSECT SELECT w.y FROM (SELECT y FROM s INTERSECT "
            "SELECT z FROM t WHERE k = 1) AS w")
    a, b = _forms(gold, pred, TEXT)
    assert a == b
    for con in _random(500, TEXT):
        assert typed_rows(con, gold) == typed_rows(con, pred)
