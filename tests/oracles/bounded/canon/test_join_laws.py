"""The join rules of ``canon/join_entries.py`` (issue 25) against SQLite on databases the
fixtures' search does not make: NULLs, duplicates, empty tables and values of every storage
class (``tests/helpers/rule_databases.py``; foreign keys kept for the foreign-key laws, whose
proofs speak of databases that satisfy them). Each fixture pair where a rule fires must
agree on all of them; each near miss must keep its two forms apart and be told apart."""

from __future__ import annotations

import random
import sqlite3

import pytest
from tests.helpers.rule_databases import (
    ANY,
    assert_apart_and_separated,
    assert_equated_and_agreeing,
    fixture_cases,
    forms,
    result,
)

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical
from sqlverdict.schema import from_ddl

ORPHANS_ALLOWED = ("outer_join_associative", "distinct_product", "distinct_semijoin", "magic_set",
                   "unread_derived_columns", "group_key_of_keys", "in_own_row",
                   "subquery_as_inner_group")
FOREIGN_KEYS = ("full_join_on_foreign_key", "padded_by_foreign_key")
FIRES, NEAR = fixture_cases(*ORPHANS_ALLOWED)
FK_FIRES, FK_NEAR = fixture_cases(*FOREIGN_KEYS)


@pytest.mark.parametrize("case", FIRES, ids=lambda c: c.id)
def test_pairs_the_rules_equate_agree_in_sqlite(case):
    assert_equated_and_agreeing(case, 300)


@pytest.mark.parametrize("case", NEAR, ids=lambda c: c.id)
def test_near_misses_stay_apart_and_sqlite_separates_them(case):
    assert_apart_and_separated(case, 300)


def _fk_databases(case, n: int, seed: int = 5):
    """Random databases of ``foreign_keys.ddl`` that keep its foreign keys: NULL where a
    column allows it, repeated references, empty tables, every storage class in the
    columns no key reads."""
    ddl = case.schema_file.read_text()
    rng = random.Random(seed)
    for _ in range(n):
        con = sqlite3.connect(":memory:")
        con.executescript(ddl)
        cids = rng.sample([1, 2, 3], rng.choice([0, 1, 2, 3]))
        codes = {}
        for cid in cids:
            codes[cid] = rng.choice([None, f"c{cid}"])
            con.execute("INSERT INTO customer VALUES (?, ?, ?, ?)",
                        (cid, rng.choice(["a", "b"]), codes[cid], rng.choice(ANY)))
        oids = []
        for oid in rng.sample([1, 2, 3, 4], rng.choice([0, 1, 2, 3, 4]) if cids else 0):
            oids.append(oid)
            con.execute("INSERT INTO orders VALUES (?, ?, ?, ?)",
                        (oid, rng.choice(cids), rng.choice([None, *cids]), rng.choice(ANY)))
        known = [c for c in codes.values() if c is not None]
        for lid in rng.sample([1, 2, 3], rng.choice([0, 1, 2, 3]) if oids and known else 0):
            con.execute("INSERT INTO line VALUES (?, ?, ?, ?)",
                        (lid, rng.choice(oids), rng.choice(known), rng.choice(ANY)))
        assert not con.execute("PRAGMA foreign_key_check").fetchall()
        yield con


@pytest.mark.parametrize("case", FK_FIRES, ids=lambda c: c.id)
def test_foreign_key_pairs_agree_where_the_keys_hold(case):
    gold, pred = forms(case)
    assert gold == pred
    for con in _fk_databases(case, 300):
        assert result(con, case.gold) == result(con, case.pred), case.title


@pytest.mark.parametrize("case", FK_NEAR, ids=lambda c: c.id)
def test_foreign_key_near_misses_are_separated_where_the_keys_hold(case):
    gold, pred = forms(case)
    assert gold != pred
    assert any(result(con, case.gold) != result(con, case.pred)
               for con in _fk_databases(case, 300))


UNTYPED = "CREATE TABLE v (x, y, t TEXT, n INTEGER)"
# 1 and 1.0 are one value for DISTINCT and for =, two for LIKE and for CAST AS TEXT
APART = [
    ("SELECT t.x FROM (SELECT DISTINCT x, n FROM v) AS t WHERE t.n = 1",
     "SELECT DISTINCT x FROM v WHERE n = 1", True),
    ("SELECT a.x FROM (SELECT DISTINCT x FROM v) AS a, (SELECT DISTINCT y FROM v) AS b "
     "WHERE a.x LIKE '1'", "SELECT DISTINCT a.x FROM v AS a, v AS b WHERE a.x LIKE '1'", False),
    ("SELECT x FROM v AS o WHERE EXISTS (SELECT 1 FROM (SELECT DISTINCT x FROM v) AS m, v AS w "
     "WHERE m.x = o.x AND w.t = CAST(m.x AS TEXT))",
     "SELECT x FROM v AS o WHERE EXISTS (SELECT 1 FROM v AS w WHERE w.t = CAST(o.x AS TEXT))",
     False),
]


@pytest.mark.parametrize("gold,pred,equal", APART)
def test_distinct_values_that_show_apart_over_every_storage_class(gold, pred, equal):
    """Where a condition can tell 1 from 1.0 (LIKE, CAST AS TEXT), the representative
    DISTINCT kept shows: the rules stay out; plain comparisons cannot tell."""
    schema = from_ddl(UNTYPED)
    a, b = (canonical(ir.lower(sql, schema).query, schema, "bag") for sql in (gold, pred))
    assert (a == b) is equal
    rng = random.Random(3)
    values = [None, 1, 1.0, "1", 2, "a", b"\x01", 2.5]
    differ = False
    for _ in range(400):
        con = sqlite3.connect(":memory:")
        con.executescript(UNTYPED)
        for _ in range(rng.choice([0, 1, 2, 3, 4])):
            con.execute("INSERT INTO v VALUES (?, ?, ?, ?)", (rng.choice(values),
                        rng.choice(values), rng.choice(values), rng.choice(values)))
        same = result(con, gold) == result(con, pred)
        assert same or not equal
        differ |= not same
    assert differ is not equal
