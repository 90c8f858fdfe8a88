"""``canon/decorrelate.py`` and the decorrelation laws extended beside it (``exists_to_in``
grouped by other keys, ``own_extremum`` over a row's own partition, ``subquery_as_inner_group``
with the semijoin as IN) against SQLite on random databases of the rules' schema: NULLs,
duplicates, empty tables, orphans, a value of every storage class (1 beside 1.0 told apart).
Each fires-pair agrees on all of them; each near miss keeps two forms and is told apart, so
the test fails when a side condition is dropped. Declared collations have their own
databases: a NOCASE column equates values GROUP BY or a binary comparison keeps apart."""

from __future__ import annotations

import random
import sqlite3
from collections import Counter

import pytest
from tests.helpers.rule_databases import (
    assert_apart_and_separated,
    assert_equated_and_agreeing,
    fixture_cases,
    typed_rows,
)

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical
from sqlverdict.schema import from_ddl

NEW = ("ungrouped_semijoin", "magic_semijoin", "having_as_subquery", "own_magic_set")
EXTENDED = {"exists-grouped-by-another-column-is-in-grouped-by-both",
            "the-youngest-of-their-department-as-an-anti-join",
            "a-null-partition-has-no-minimum", "a-partition-by-another-column-is-not-its-own",
            "max-of-partners-with-the-semijoin-as-in",
            "the-in-filters-partners-the-aggregate-does-not"}
_F, _N = fixture_cases(*NEW)
_FE, _NE = fixture_cases("exists_to_in", "own_extremum", "subquery_as_inner_group")
FIRES = _F + [c for c in _FE if c.title in EXTENDED]
NEAR = _N + [c for c in _NE if c.title in EXTENDED]


@pytest.mark.parametrize("case", FIRES, ids=lambda c: c.id)
def test_decorrelated_pairs_agree_value_for_value(case):
    assert_equated_and_agreeing(case, 300, rows=typed_rows)


@pytest.mark.parametrize("case", NEAR, ids=lambda c: c.id)
def test_near_misses_stay_apart_and_differ(case):
    assert_apart_and_separated(case, 300)


COLLATED = ("CREATE TABLE p(id INTEGER PRIMARY KEY, k TEXT COLLATE NOCASE, v INT);"
            "CREATE TABLE q(id INTEGER PRIMARY KEY, k TEXT, g TEXT, v INT);")
SCHEMA = from_ddl(COLLATED)
TEXTS = [None, "a", "A", "b", "B", 1, 1.0, b"a"]

COLLATED_PAIRS = [  # (gold, pred, equated): equated only where no collation decides
    ("SELECT id FROM q WHERE k IN (SELECT k FROM p GROUP BY k, v)",
     "SELECT id FROM q WHERE k IN (SELECT k FROM p)", False),
    ("SELECT id FROM p WHERE k IN (SELECT k FROM q GROUP BY k, v)",
     "SELECT id FROM p WHERE k IN (SELECT k FROM q)", True),
    ("SELECT id FROM q WHERE EXISTS (SELECT 1 FROM p WHERE p.k = q.k GROUP BY p.v HAVING COUNT(*) > 1)",
     "SELECT id FROM q WHERE k IN (SELECT k FROM p GROUP BY v, k HAVING COUNT(*) > 1)", False),
    ("SELECT id FROM q WHERE EXISTS (SELECT 1 FROM p WHERE p.k = q.k GROUP BY p.k HAVING COUNT(*) > 1)",
     "SELECT id FROM q WHERE k IN (SELECT k FROM p GROUP BY k HAVING COUNT(*) > 1)", False),
    ("SELECT id FROM q AS o WHERE EXISTS (SELECT 1 FROM q AS r WHERE r.g = o.g GROUP BY r.v HAVING COUNT(*) > 1)",
     "SELECT id FROM q AS o WHERE g IN (SELECT g FROM q AS r GROUP BY v, g HAVING COUNT(*) > 1)", True),
    ("SELECT id FROM p WHERE k IN (SELECT k FROM q WHERE v > 0 AND k IN (SELECT k FROM p))",
     "SELECT id FROM p WHERE k IN (SELECT k FROM q WHERE v > 0)", False),
    ("SELECT id FROM q WHERE g IN (SELECT k FROM q AS r WHERE v > 0 AND k IN (SELECT g FROM q))",
     "SELECT id FROM q WHERE g IN (SELECT k FROM q AS r WHERE v > 0)", True),
    ("SELECT id FROM p AS o WHERE o.v > 0 AND (SELECT COUNT(*) FROM q WHERE q.k IN "
     "(SELECT s.k FROM p AS s WHERE s.k = o.k AND s.v > 0)) > 0",
     "SELECT id FROM p AS o WHERE o.v > 0 AND (SELECT COUNT(*) FROM q WHERE q.k = o.k) > 0", False),
    ("SELECT id FROM q AS o WHERE o.v > 0 AND (SELECT COUNT(*) FROM q AS r WHERE r.g IN "
     "(SELECT s.g FROM q AS s WHERE s.g = o.g AND s.v > 0)) > 1",
     "SELECT id FROM q AS o WHERE o.v > 0 AND (SELECT COUNT(*) FROM q AS r WHERE r.g = o.g) > 1", True),
    ("SELECT o.id, (SELECT MAX(q.v) FROM q WHERE q.k = o.k) FROM p AS o WHERE o.k IN (SELECT k FROM q)",
     "SELECT o.id, MAX(q.v) FROM p AS o JOIN q ON q.k = o.k GROUP BY o.id", False),
]


def _collated_databases(n: int, seed: int = 11):
    rng = random.Random(seed)
    for _ in range(n):
        con = sqlite3.connect(":memory:")
        con.executescript(COLLATED)
        for t in ("p", "q"):
            for i in range(rng.choice([0, 1, 2, 3, 4])):
                row = (i, rng.choice(TEXTS), rng.choice([None, 1, 2, 2.0, "x"]))
                if t == "q":
                    row = (*row[:2], rng.choice(TEXTS), row[2])
                con.execute(f"INSERT INTO {t} VALUES ({', '.join('?' * len(row))})", row)
        yield con


def _form(sql):
    return canonical(ir.lower(sql, SCHEMA).query, SCHEMA, "bag")


@pytest.mark.parametrize("gold,pred,equated", COLLATED_PAIRS)
def test_collations_keep_the_laws_apart_where_they_decide(gold, pred, equated):
    assert (_form(gold) == _form(pred)) is equated
    differ = [Counter(typed_rows(c, gold)) != Counter(typed_rows(c, pred))
              for c in _collated_databases(300)]
    assert any(differ) is not equated
