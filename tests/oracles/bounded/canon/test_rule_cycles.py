"""Two rules that undo each other (DISTINCT over a join read as a semi-join, the semi-join
merged back into the join) close a cycle: the canonical form ends it at the cycle's least
form, whichever member the query enters at (before: the rewriting recursed until Python's
limit, ~30 s, and the pair had no canonical form)."""

from __future__ import annotations

import sqlite3

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon.driver import canonical
from sqlverdict.oracles.bounded.proofs import canonical_forms
from sqlverdict.schema import from_ddl

DDL = """CREATE TABLE item (item_id INTEGER PRIMARY KEY, cap REAL);
CREATE TABLE obs (u INTEGER NOT NULL, item_id INTEGER NOT NULL REFERENCES item(item_id),
                  n INTEGER NOT NULL, v REAL, PRIMARY KEY (u, item_id, n));"""
SCHEMA = from_ddl(DDL)
JOINED = ("SELECT DISTINCT o.u, o.item_id FROM obs AS o JOIN item AS i "
          "ON i.item_id = o.item_id WHERE o.v * 2 >= i.cap")
SEMIJOIN = ("SELECT DISTINCT o.u, o.item_id FROM obs AS o WHERE EXISTS "
            "(SELECT 1 FROM item AS i WHERE i.item_id = o.item_id AND o.v * 2 >= i.cap)")


def _q(sql):
    return ir.lower(sql, SCHEMA).query


def test_a_cycle_of_two_rules_ends_in_one_form():
    assert canonical(_q(JOINED), SCHEMA) == canonical(_q(SEMIJOIN), SCHEMA)
    forms = canonical_forms(_q(JOINED), _q(SEMIJOIN), SCHEMA, "bag")
    assert forms is not None and forms.note is not None


def test_the_two_spellings_agree_in_sqlite():
    conn = sqlite3.connect(":memory:")
    conn.executescript(DDL)
    conn.executemany("INSERT INTO item VALUES (?, ?)", [(1, 4.0), (2, None), (3, 1.5)])
    conn.executemany("INSERT INTO obs VALUES (?, ?, ?, ?)",
                     [(1, 1, 1, 2.0), (1, 1, 2, 1.0), (2, 2, 1, 3.0), (2, 3, 1, 0.5), (3, 3, 1, None)])
    assert sorted(conn.execute(JOINED)) == sorted(conn.execute(SEMIJOIN)) == [(1, 1)]
