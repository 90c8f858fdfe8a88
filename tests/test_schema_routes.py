"""The three schema routes (SQLite file, DDL text, tables.json) agree on Spider dev."""

import sqlite3

import pytest

from sqlverdict import schema
from sqlverdict.errors import InputError


def _ddl_of(path) -> str:
    conn = sqlite3.connect(f"file:{path}?mode=ro", uri=True)
    try:
        return ";\n".join(r[0] for r in conn.execute(
            "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'sqlite_%'"))
    finally:
        conn.close()


def _shape(s):
    """What all three routes record: tables, columns, primary and foreign keys (lower case)."""
    out = {}
    for t in s.tables:
        if t.name.lower().startswith("sqlite_"):  # world_1's tables.json lists sqlite_sequence
            continue
        out[t.name.lower()] = (
            tuple(c.name.lower() for c in t.columns),
            tuple(sorted(c.lower() for c in t.primary_key)),
            tuple(sorted((tuple(x.lower() for x in fk.columns), fk.ref_table.lower(),
                          tuple(x.lower() for x in fk.ref_columns)) for fk in t.foreign_keys)),
        )
    return out


def test_sqlite_and_ddl_routes_agree_exactly_on_every_spider_database(shared_data):
    spider = shared_data / "spider"
    dbs = sorted(p for p in (spider / "database").glob("*/*.sqlite"))
    assert len(dbs) == 19
    for p in dbs:
        a = schema.from_sqlite(p, p.stem)
        b = schema.from_ddl(_ddl_of(p), p.stem)
        assert a == b, p.stem


def test_tables_json_agrees_except_partially_listed_composite_keys(shared_data):
    spider = shared_data / "spider"
    tj = schema.from_tables_json(spider / "tables.json")
    dbs = sorted(p for p in (spider / "database").glob("*/*.sqlite"))
    partial = []
    for p in dbs:
        a, c = _shape(schema.from_sqlite(p)), _shape(tj[p.stem])
        assert set(a) == set(c), p.stem
        for t in a:
            cols_a, pk_a, fk_a = a[t]
            cols_c, pk_c, fk_c = c[t]
            assert cols_a == cols_c, (p.stem, t)  # same columns, same order
            assert len(fk_a) == len(fk_c), (p.stem, t)
            if pk_a != pk_c:
                # tables.json lists only the first column of some composite keys
                assert len(pk_c) == 1 and set(pk_c) < set(pk_a), (p.stem, t, pk_a, pk_c)
                partial.append((p.stem, t))
    assert len(partial) == 8, partial


def test_wta_1_ddl_reports_the_broken_statement_and_lenient_mode_recovers(shared_data):
    ddl = shared_data / "spider" / "database" / "wta_1" / "wta_1.sql"
    with pytest.raises(InputError, match="wta_1.sql: statement failed"):
        schema.from_ddl_file(ddl)
    s = schema.from_ddl_file(ddl, strict=False)
    assert s.has_table("matches") and not s.has_table("players")


def test_composite_keys_unique_not_null_from_ddl():
    s = schema.load_schema("CREATE TABLE a(x INT NOT NULL, y TEXT UNIQUE, z INT, "
                           "PRIMARY KEY (x, z)); CREATE TABLE b(p INT, q INT, "
                           "FOREIGN KEY (p, q) REFERENCES a(x, z))")
    a, b = s.table("A"), s.table("b")
    assert a.primary_key == ("x", "z")
    assert a.column("x").not_null and not a.column("z").not_null
    assert a.uniques == (("y",),)
    assert b.foreign_keys[0].columns == ("p", "q") and b.foreign_keys[0].ref_columns == ("x", "z")


def test_load_schema_names_a_missing_file():
    with pytest.raises(InputError, match="neither an existing file nor DDL"):
        schema.load_schema("/nonexistent/x.sqlite")
