"""Window frames over NULL order keys, translated from PostgreSQL: SQLite's result of the
translation equals PostgreSQL 15's (the server on ``/tmp/pgd`` port 5499; skipped without
it), for ROWS and RANGE offset frames, ascending and descending, NULLs first and last. A RANGE
offset frame allows one ORDER BY key, so NULL placement is SQLite's own ``NULLS LAST``, not an
``IS NULL`` key; the verifier reads it as SQLite runs it."""

from __future__ import annotations

import shutil
import sqlite3
import subprocess

import pytest

from sqlverdict import verify
from sqlverdict.schema import from_ddl
from sqlverdict.sql.dialect import to_sqlite

ROWS = [(1, 1, 1), (2, 3, 10), (3, None, 100), (4, None, 1000), (5, 8, 10000), (6, 2, 100000),
        (7, 3, 1000000)]
ORDERS = ["k", "k DESC", "k NULLS FIRST", "k DESC NULLS LAST"]
FRAMES = ["RANGE BETWEEN 2 PRECEDING AND CURRENT ROW",
          "RANGE BETWEEN UNBOUNDED PRECEDING AND 1 FOLLOWING",
          "RANGE BETWEEN 1 FOLLOWING AND UNBOUNDED FOLLOWING",
          "RANGE BETWEEN 1 PRECEDING AND 2 FOLLOWING",
          "ROWS BETWEEN 1 PRECEDING AND CURRENT ROW"]
PG = ["psql", "-h", "/tmp/pgd", "-p", "5499", "-U", "postgres", "-Atq", "-F", "|"]


def _pg_up() -> bool:
    if shutil.which("psql") is None:
        return False
    try:
        return subprocess.run(PG + ["-c", "SELECT 1"], capture_output=True, timeout=5).returncode == 0
    except (OSError, subprocess.SubprocessError):
        return False


def _values() -> str:
    return ",".join("({})".format(",".join("NULL" if x is None else str(x) for x in r)) for r in ROWS)


def _postgres(q: str) -> list:
    setup = f"CREATE TEMP TABLE r(id int, k int, v int); INSERT INTO r VALUES {_values()};"
    out = subprocess.run(PG, input=f"{setup}{q};", capture_output=True, text=True, check=True,
                         timeout=20).stdout
    return [tuple(None if c == "" else int(c) for c in line.split("|")) for line in out.splitlines()]


def _sqlite(q: str) -> list:
    c = sqlite3.connect(":memory:")
    c.execute("CREATE TABLE r(id int, k int, v int)")
    c.executemany("INSERT INTO r VALUES (?, ?, ?)", ROWS)
    return c.execute(to_sqlite(q, "postgres")).fetchall()


@pytest.mark.skipif(not _pg_up(), reason="no PostgreSQL server on /tmp/pgd port 5499")
@pytest.mark.parametrize("order", ORDERS)
def test_translation_equals_postgres(order):
    for frame in FRAMES:  # (ROWS: ties broken by id, else the order of NULL peers is free)
        o = f"{order}, id" if frame.startswith("ROWS") else order
        q = f"SELECT id, SUM(v) OVER (ORDER BY {o} {frame}) FROM r ORDER BY id"
        assert _sqlite(q) == _postgres(q), q


def test_range_offset_keeps_one_key():
    q = "SELECT SUM(v) OVER (ORDER BY k RANGE BETWEEN 6 PRECEDING AND CURRENT ROW) FROM r"
    assert to_sqlite(q, "postgres").startswith("SELECT SUM(v) OVER (ORDER BY k NULLS LAST RANGE")
    rows = "SELECT SUM(v) OVER (ORDER BY k ROWS 1 PRECEDING) FROM r"
    assert "ORDER BY k IS NULL, k ROWS" in to_sqlite(rows, "postgres")


R = from_ddl("CREATE TABLE r (id INTEGER PRIMARY KEY, k INTEGER, v INTEGER NOT NULL)")
WIN = "SELECT id, SUM(v) OVER (ORDER BY k{} RANGE BETWEEN UNBOUNDED PRECEDING AND 1 FOLLOWING) FROM r"
# the frame as a correlated sum: NULL keys after every other key, or before it
LAST = "SELECT id, (SELECT SUM(s.v) FROM r AS s WHERE r.k IS NULL OR s.k <= r.k + 1) FROM r"
FIRST = ("SELECT id, (SELECT SUM(s.v) FROM r AS s WHERE s.k IS NULL OR s.k <= r.k + 1 "
         "OR r.k IS NULL AND s.k IS NULL) FROM r")
DESC = "SELECT id, (SELECT SUM(s.v) FROM r AS s WHERE s.k IS NULL OR s.k >= r.k - 1) FROM r"


@pytest.mark.parametrize(("order", "pred", "status"), [
    ("", LAST, "verified"), (" NULLS LAST", LAST, "verified"), (" NULLS FIRST", FIRST, "verified"),
    (" DESC", DESC, "verified"), ("", FIRST, "refuted"), (" NULLS FIRST", LAST, "refuted")])
def test_verifier_reads_null_placement_in_a_range_offset_frame(order, pred, status):
    """PostgreSQL puts NULLs last ascending, first descending (the translation's ``NULLS
    LAST``/``NULLS FIRST``); a refutation is a database SQLite replays, with a NULL key."""
    r = verify(WIN.format(order), pred, R, dialect="postgres", timeout_s=20)
    assert str(r.status) == status, r.reason
    if status == "refuted":
        assert any(row[1] is None for row in r.witness.tables["r"]["rows"])
