"""``canon/fk_division.py`` (division by counting through a foreign key) against SQLite:
the fixture pairs of ``division_by_counting.sql`` on ``fk_division.ddl`` and of
``division_in_items.sql`` (the law as a select item's value) on random databases
that keep the foreign keys (NULL references, NULL and every storage class in the parent's
keys, repeated shipments, empty tables), rows compared with their storage classes; near
misses apart. Beyond the fixture: random dividends, comparisons and filters; wherever the
rule turns the comparison into the (NOT) EXISTS, the two queries agree on every database."""

from __future__ import annotations

import itertools
import random
import sqlite3

import pytest
from tests.helpers.pairs import FIXTURES
from tests.helpers.rule_databases import fixture_cases, forms, typed_rows

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical
from sqlverdict.schema import from_ddl

FIRES, NEAR = ([c for c in cases if c.schema_file.name == "fk_division.ddl"]
               for cases in fixture_cases("division_by_counting", "division_in_items"))
DDL = (FIXTURES / "rules" / "fk_division.ddl").read_text()
KEYS = [None, 1, 2, 3, 1.5, "2", "x", b"\x02"]  # hub keys: NULL (an INT PRIMARY KEY) and every class
CODES = [None, "a", "b", "A", 7]


def _databases(n: int, seed: int = 53):
    rng = random.Random(seed)
    for _ in range(n):
        con = sqlite3.connect(":memory:")
        con.executescript(DDL)
        for sid in rng.sample([1, 2, 3], rng.choice([0, 1, 2, 3])):
            con.execute("INSERT INTO shop VALUES (?, ?)", (sid, rng.choice(["a", "b"])))
        for _ in range(rng.choice([0, 1, 2, 3, 4])):
            con.execute("INSERT OR IGNORE INTO hub VALUES (?, ?, ?)",
                        (rng.choice(KEYS), rng.choice([None, "a", "b"]), rng.choice(CODES)))
        hids = [r[0] for r in con.execute("SELECT hid FROM hub WHERE hid IS NOT NULL")]
        codes = [r[0] for r in con.execute("SELECT code FROM hub WHERE code IS NOT NULL")]
        sids = [1, 2, 3, None]
        for _ in range(rng.choice([0, 2, 4, 6]) if hids else 0):
            con.execute("INSERT OR IGNORE INTO stock VALUES (?, ?, ?)",
                        (rng.choice(sids[:3]), rng.choice(hids), rng.choice([None, 0, 1, 2])))
        for _ in range(rng.choice([0, 2, 4, 6])):
            con.execute("INSERT INTO ship VALUES (?, ?, ?, ?)",
                        (rng.choice(sids), rng.choice([*hids, None]), rng.choice([*codes, None]),
                         rng.choice([None, 1, 2])))
        for _ in range(rng.choice([0, 2, 4])):
            con.execute("INSERT OR IGNORE INTO plan VALUES (?, ?)", (rng.choice(sids[:3]), rng.choice([*hids, None])))
        for _ in range(rng.choice([0, 2])):
            con.execute("INSERT INTO loose VALUES (?, ?)", (rng.choice(sids), rng.choice(KEYS)))
        con.execute("PRAGMA foreign_keys = ON")
        assert not con.execute("PRAGMA foreign_key_check").fetchall()
        yield con


@pytest.mark.parametrize("case", FIRES + NEAR, ids=lambda c: c.id)
def test_pairs_agree_class_for_class_and_near_misses_differ(case):
    gold, pred = forms(case)
    same = [typed_rows(con, case.gold) == typed_rows(con, case.pred) for con in _databases(120)]
    if case.get("fires") == "yes":
        assert gold == pred and all(same), case.title
    else:
        assert gold != pred and not all(same), case.title


_DIVIDENDS = [("COUNT(DISTINCT x.hid)", "ship", "hid"), ("COUNT(x.hid)", "ship", "hid"),
              ("COUNT(DISTINCT x.code)", "ship", "code"), ("COUNT(*)", "ship", "hid"),
              ("COUNT(*)", "stock", "hid"), ("COUNT(x.hid)", "stock", "hid"), ("COUNT(*)", "plan", "hid"),
              ("COUNT(x.hid)", "plan", "hid"), ("COUNT(DISTINCT x.hid)", "loose", "hid")]
_FILTERS = ["x.sid = s.sid", "x.sid = s.sid AND x.hid > 1", "x.sid <> s.sid", "x.sid IS NULL OR x.sid = s.sid"]
_COMPARE = {"({d}) = ({p})": "NOT", "({p}) = ({d})": "NOT", "({d}) < ({p})": "", "({p}) > ({d})": "",
            "({d}) <> ({p})": "", "({d}) > ({p})": "", "({d}) <= ({p})": "NOT"}


def test_wherever_the_comparison_gets_the_form_of_the_double_not_exists_sqlite_agrees():
    schema = from_ddl(DDL)
    dbs = list(_databases(50, seed=7))
    equated = 0
    combos = random.Random(5).sample(list(itertools.product(_DIVIDENDS, _FILTERS, _COMPARE.items())), 32)
    for (count, table, col), where, (cmp, neg) in combos:
        d = f"SELECT {count} FROM {table} AS x WHERE {where}"
        q = f"SELECT s.sid FROM shop AS s WHERE {cmp.format(d=d, p='SELECT COUNT(*) FROM hub')}"
        e = (f"SELECT s.sid FROM shop AS s WHERE {neg} EXISTS (SELECT 1 FROM hub AS h WHERE NOT EXISTS "
             f"(SELECT 1 FROM {table} AS x WHERE ({where}) AND x.{col} = h.{col}))")
        forms = [canonical(ir.lower(sql, schema).query, schema, "bag") for sql in (q, e)]
        if forms[0] != forms[1]:
            continue
        equated += 1
        for con in dbs:
            assert typed_rows(con, q) == typed_rows(con, e), (q, e)
    assert equated >= 6
