"""The schema's CHECK constraints in the bounded solver (``encode/checks.py``): the encoding
accepts exactly the rows SQLite accepts, and the solver no longer stops at witnesses that
break a CHECK."""

import random
import sqlite3

import pytest

from sqlverdict.errors import InputError
from sqlverdict.oracles.bounded.encode.checks import modelled_checks, unmodelled_checks
from sqlverdict.oracles.bounded.outcome import Method
from sqlverdict.oracles.bounded.prover import evaluate_symbolic
from sqlverdict.oracles.bounded.staging import verify
from sqlverdict.schema import from_ddl
from sqlverdict.types import Status

DDL = """
CREATE TABLE m (a INT, b INT, r REAL, s TEXT,
                CHECK (a > 0 OR a IS NULL), CHECK (b BETWEEN -2 AND 3), CHECK (a <> b OR a = 4),
                CHECK (r >= 0.5 AND NOT r = 2.5), CHECK (s IN ('x', 'y') OR s IS NOT NULL AND a < b),
                CHECK (length(s) < 9));
"""
STOCK = """
CREATE TABLE item (id INTEGER PRIMARY KEY, name TEXT NOT NULL,
                   qty INTEGER NOT NULL CHECK (qty > 0), price REAL CHECK (price >= 0));
CREATE TABLE sale (id INTEGER PRIMARY KEY, item_id INTEGER NOT NULL REFERENCES item(id),
                   n INTEGER NOT NULL CHECK (n BETWEEN 1 AND 10));
"""


def test_the_fragment_is_modelled_and_the_rest_named():
    s = from_ddl(DDL)
    assert len(modelled_checks(s)) == 5
    assert unmodelled_checks(s) == ["m: LENGTH(s) < 9"]
    assert len(modelled_checks(from_ddl("CREATE TABLE t(a INT CHECK (a + 1 > 0), b INT CHECK (-b < 0))"))) == 0


def test_encoding_accepts_the_rows_sqlite_accepts():
    """Differential: random rows (NULLs, boundaries, other strings) are refused by the
    encoding exactly when SQLite's copy of the table refuses one of them."""
    ddl = DDL.replace(",\n                CHECK (length(s) < 9)", "")
    s = from_ddl(ddl)
    conn = sqlite3.connect(":memory:")
    conn.execute(ddl)
    rnd = random.Random(7)
    pick = lambda *xs: rnd.choice(xs)  # noqa: E731
    seen = {True: 0, False: 0}
    for _ in range(200):
        rows = [(pick(None, -1, 0, 1, 2, 4), pick(None, -3, -2, 0, 1, 3, 4), pick(None, 0.25, 0.5, 2.5, 3.0),
                 pick(None, "x", "y", "z")) for _ in range(rnd.choice((1, 1, 1, 2)))]
        try:
            conn.executemany("INSERT INTO m VALUES (?, ?, ?, ?)", rows)
            accepted = True
        except sqlite3.IntegrityError:
            accepted = False
        conn.rollback()
        try:
            evaluate_symbolic("SELECT count(*) FROM m", s, {"m": rows})
            encoded = True
        except InputError:
            encoded = False
        assert encoded == accepted, rows
        seen[accepted] += 1
    assert seen[True] > 15 and seen[False] > 15, seen


@pytest.mark.parametrize(("gold", "pred", "status"), [
    ("SELECT name FROM item", "SELECT name FROM item WHERE qty > 0", Status.VERIFIED),
    ("SELECT id FROM sale WHERE n < 11", "SELECT id FROM sale", Status.VERIFIED),
    ("SELECT id FROM sale WHERE n <= 9", "SELECT id FROM sale WHERE n < 12", Status.REFUTED),
    ("SELECT name FROM item WHERE qty >= 1", "SELECT name FROM item WHERE qty > 1", Status.REFUTED),
])
def test_solver_searches_only_databases_the_checks_admit(gold, pred, status):
    """Before, the first two were unknown ('the solver's witnesses break a CHECK
    constraint'); the near-misses stay refuted, with a witness SQLite accepted."""
    r = verify(gold, pred, from_ddl(STOCK), bound=3, timeout_s=30)
    assert r.status is status, r.reason
    if status is Status.VERIFIED:
        # a proof that rests on the CHECKs is the solver's, up to the bound, or the
        # small-model theorem's over it (a sub-database keeps every CHECK): both say so
        assert r.scope != "every database" or r.method is Method.SMALL_MODEL, r.reason
        assert "CHECK constraints" in r.reason
    else:
        assert r.witness is not None
