import random
import sqlite3

import pytest

from sqlverdict.engine.generate import generate_database, neighbours, value_pool
from sqlverdict.engine.materialize import write_database
from sqlverdict.schema import from_ddl, from_sqlite

SCHEMAS = {
    "composite": """
        CREATE TABLE a (x INT, y TEXT, z REAL NOT NULL, PRIMARY KEY (x, y));
        CREATE TABLE b (id INTEGER PRIMARY KEY, x INT NOT NULL, y TEXT NOT NULL, code TEXT UNIQUE,
                        FOREIGN KEY (x, y) REFERENCES a (x, y));
    """,
    "cycle_and_self": """
        CREATE TABLE emp (id INT PRIMARY KEY, boss INT NOT NULL REFERENCES emp (id),
                          dept INT REFERENCES dept (id));
        CREATE TABLE dept (id INT PRIMARY KEY, head INT REFERENCES emp (id), name TEXT UNIQUE NOT NULL);
    """,
    "fk_in_pk": """
        CREATE TABLE p (id INTEGER PRIMARY KEY, d DATE);
        CREATE TABLE q (pid INT REFERENCES p (id), k INT, v BOOLEAN, PRIMARY KEY (pid, k));
        CREATE TABLE r (pid INT NOT NULL, k INT NOT NULL, FOREIGN KEY (pid, k) REFERENCES q (pid, k));
    """,
}


@pytest.mark.parametrize("name", sorted(SCHEMAS))
def test_rows_satisfy_the_schema(name, tmp_path):
    """write_database enforces PK/UNIQUE/NOT NULL/types (rowid alias); FKs checked here."""
    s = from_ddl(SCHEMAS[name])
    sizes_seen = set()
    for seed in range(30):
        db = generate_database(s, random.Random(seed), max_rows=6)
        path = tmp_path / f"{seed}.sqlite"
        write_database(path, s, db)  # raises InputError on any violation
        conn = sqlite3.connect(path)
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
        conn.close()
        sizes_seen |= {len(r) for r in db.values()}
    assert 0 in sizes_seen and 1 in sizes_seen and max(sizes_seen) >= 4


def test_not_null_foreign_key_to_empty_parent_leaves_child_empty():
    s = from_ddl(SCHEMAS["composite"])
    db = generate_database(s, random.Random(1), sizes={"a": 0, "b": 5})
    assert db == {"a": [], "b": []}


def test_deterministic_for_a_seed_and_varied_across_seeds():
    s = from_ddl(SCHEMAS["fk_in_pk"])
    one = [generate_database(s, random.Random(k)) for k in range(5)]
    two = [generate_database(s, random.Random(k)) for k in range(5)]
    assert one == two
    assert len({repr(x) for x in one}) == 5


def test_values_come_from_the_pool_with_duplicates():
    s = from_ddl("CREATE TABLE t (k INTEGER PRIMARY KEY, c TEXT)")
    pool = {("t", "c"): ["France", "Spain"]}
    db = generate_database(s, random.Random(3), values=pool, sizes={"t": 12}, pool_rate=1.0,
                           null_rate=0.0)
    cs = [r[1] for r in db["t"]]
    assert set(cs) <= {"France", "Spain"} and len(cs) > len(set(cs))


def test_value_pool_reads_database_and_literal_neighbours(bench_file):
    from pathlib import Path

    db = Path(bench_file).parent / "database" / "music" / "music.sqlite"
    s = from_sqlite(db)
    pool = value_pool(s, db, {("singer", "age"): [30], ("sings", "singer_id"): [9]})
    assert {25, 30, 40, 52} <= set(pool[("singer", "age")])
    assert {29, 31} <= set(pool[("singer", "age")])
    assert {"France", "Spain"} <= set(pool[("singer", "country")])
    # a foreign-key literal also reaches the referenced column
    assert 9 in pool[("singer", "singer_id")]


def test_neighbours_cover_case_and_boundaries():
    assert neighbours(0) == [0, -1, 1, 0.5]
    assert "" in neighbours("ab") and "AB" in neighbours("ab")


def test_nullable_restricts_nulls_to_listed_columns():
    s = from_ddl(SCHEMAS["cycle_and_self"])
    for seed in range(20):
        db = generate_database(s, random.Random(seed), null_rate=0.5, nullable={("dept", "head")})
        assert all(v is not None for r in db["emp"] for v in r)
        assert all(r[2] is not None for r in db["dept"])


def test_unique_columns_may_hold_several_nulls(tmp_path):
    """UNIQUE does not forbid NULLs: COUNT(*) vs COUNT(unique_col) needs them."""
    s = from_ddl("CREATE TABLE m (id INTEGER PRIMARY KEY, model TEXT UNIQUE)")
    db = generate_database(s, random.Random(2), sizes={"m": 10}, null_rate=0.5)
    assert sum(r[1] is None for r in db["m"]) >= 2
    write_database(tmp_path / "m.sqlite", s, db)


def test_foreign_key_null_rate_and_respelled_text_references(tmp_path):
    s = from_ddl("CREATE TABLE p (id INT PRIMARY KEY, name TEXT);"
                 "CREATE TABLE c (pid TEXT REFERENCES p (id), k INT, PRIMARY KEY (pid, k));"
                 "CREATE TABLE h (pid INT REFERENCES p (id), x INT)")
    nulls = respelled = 0
    for seed in range(10):
        db = generate_database(s, random.Random(seed), sizes={"p": 3, "c": 6, "h": 6},
                               null_rate=0.0, fk_null_rate=0.6, alt_repr=0.8)
        nulls += sum(r[0] is None for r in db["h"])
        respelled += sum(isinstance(r[0], str) and r[0] not in {str(p[0]) for p in db["p"]}
                         for r in db["c"])
        path = tmp_path / f"{seed}.sqlite"
        write_database(path, s, db)
        conn = sqlite3.connect(path)
        # every respelled reference still joins its parent (numeric affinity)
        assert conn.execute("SELECT count(*) FROM c JOIN p ON c.pid = p.id").fetchone()[0] == len(db["c"])
        conn.close()
    assert nulls >= 10 and respelled >= 5
