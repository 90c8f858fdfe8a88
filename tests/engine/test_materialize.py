"""engine.materialize: the one place that inserts rows into SQLite tables."""

from __future__ import annotations

import sqlite3
import tempfile
from pathlib import Path

from sqlverdict.engine.execute import run_query
from sqlverdict.engine.materialize import insert_rows, write_database
from sqlverdict.engine.scratch import ScratchDatabase
from sqlverdict.oracles.bounded.witness import write_file
from sqlverdict.schema import from_ddl


def test_every_table_writer_inserts_through_insert_rows():
    """A table name holding a double quote: write_database, the witness file writer and
    the scratch database all create and fill it (they wrote '"' + name + '"' before)."""
    s = from_ddl('CREATE TABLE "a""b" (x INTEGER PRIMARY KEY, y TEXT)')
    t = s.tables[0]
    rows = [(1, "p"), (2, None)]
    conn = sqlite3.connect(":memory:")
    conn.execute('CREATE TABLE "a""b" (x INTEGER, y TEXT)')
    insert_rows(conn, t, rows)
    insert_rows(conn, t, [])  # nothing to insert: no statement
    assert conn.execute('SELECT * FROM "a""b" ORDER BY x').fetchall() == rows
    d = Path(tempfile.mkdtemp())
    write_database(d / "w.sqlite", s, {t.name: rows})
    assert write_file(d / "f.sqlite", s, {t.name: {"rows": [list(r) for r in rows]}}) == ""
    for f in ("w.sqlite", "f.sqlite"):
        assert run_query(d / f, 'SELECT * FROM "a""b" ORDER BY x').rows == rows
    sd = ScratchDatabase(s)
    assert sd.fill({t.name: {"rows": rows}}) == ""
    assert sd.conn.execute('SELECT * FROM "a""b" ORDER BY x').fetchall() == rows
