from __future__ import annotations

import json
import shutil

import pytest

from sqlverdict.constraints.mine import MineOptions, mine
from sqlverdict.constraints.model import SCHEMA_PATH, Constraint, ConstraintSet
from sqlverdict.errors import InputError


def ids(cs, kind):
    return sorted(c.id for c in cs.constraints if c.kind == kind)


def test_mine_every_kind(shop_db):
    cs = mine(shop_db)
    assert cs.database == "shop"
    # range: numeric columns with >= 2 distinct values (keys included, text excluded)
    assert ids(cs, "range") == ["range:item.discount_price", "range:item.item_id",
                                "range:item.price", "range:item.store_id",
                                "range:store.close_year", "range:store.open_year",
                                "range:store.store_id"]
    r = cs.get("range:store.open_year")
    assert r.params["strict"] == [1991, 2010] and r.params["bound"] == "strict"
    lo, hi = r.params["loose"]
    assert lo <= 1991 and hi >= 2010 and isinstance(lo, int)
    # Tukey k=3 on 1991..2010: Q1=1995.75, Q3=2005.25, IQR=9.5 -> [1967.25, 2033.75]
    assert r.params["loose"] == [1967, 2034]
    # in: <= 30 distinct, no primary keys
    assert "in:store.city" in ids(cs, "in") and "in:store.store_id" not in ids(cs, "in")
    assert cs.get("in:store.region").params["values"] == ["FR", "NO"]
    assert "in:item.note" not in ids(cs, "in")  # 52 distinct values > 30
    # not_null: no PK, not already declared NOT NULL, not when NULLs exist
    nn = ids(cs, "not_null")
    assert "not_null:store.region" in nn and "not_null:store.city" not in nn
    assert "not_null:store.close_year" not in nn and "not_null:item.note" not in nn
    assert "not_null:store.store_id" not in nn
    # fd: city -> region holds; region -> city does not; no fd from unique code
    fds = ids(cs, "fd")
    assert "fd:store.city,region" in fds and "fd:store.region,city" not in fds
    assert not any(f.startswith("fd:store.code") for f in fds)
    assert cs.get("fd:store.city,region").evidence["support"] == 20
    # order: open <= close (NULLs ignored), price >= discount; keys are never part of it
    assert ids(cs, "order") == ["order:item.price,discount_price>=",
                                "order:store.open_year,close_year<="]
    assert cs.get("order:store.open_year,close_year<=").evidence["support"] == 16


def test_pruning_skips_orders_implied_by_ranges(tmp_path):
    import sqlite3
    p = tmp_path / "o.sqlite"
    c = sqlite3.connect(p)
    c.execute("CREATE TABLE t(age INT, population INT)")
    c.executemany("INSERT INTO t VALUES (?,?)", [(20 + i, 10_000 + i) for i in range(10)])
    c.commit()
    c.close()
    assert ids(mine(p), "order") == []


def test_fd_violation_and_support_threshold(tmp_path):
    import sqlite3
    p = tmp_path / "f.sqlite"
    c = sqlite3.connect(p)
    c.execute("CREATE TABLE t(a TEXT, b TEXT, c TEXT)")
    rows = [("x", "1", "p"), ("x", "1", "q"), ("y", "2", "r"), ("y", "2", "r"), ("z", "3", "s")]
    c.executemany("INSERT INTO t VALUES (?,?,?)", rows)
    c.commit()
    c.close()
    cs = mine(p)
    assert "fd:t.a,b" in ids(cs, "fd") and "fd:t.a,c" not in ids(cs, "fd")
    cs = mine(p, options=MineOptions(min_support=5))
    assert ids(cs, "fd") == []


def test_mining_is_read_only_and_deterministic(shop_db, tmp_path):
    before = shop_db.read_bytes()
    a, b = mine(shop_db), mine(shop_db)
    assert shop_db.read_bytes() == before
    assert [c.to_json() for c in a.constraints] == [c.to_json() for c in b.constraints]


def test_roundtrip_and_json_schema(shop_db, tmp_path):
    jsonschema = pytest.importorskip("jsonschema")
    cs = mine(shop_db)
    out = tmp_path / "c.json"
    cs.save(out)
    data = json.loads(out.read_text())
    jsonschema.validate(data, json.loads(SCHEMA_PATH.read_text()))
    back = ConstraintSet.load(out)
    assert [c.to_json() for c in back.constraints] == [c.to_json() for c in cs.constraints]
    assert back.counts() == cs.counts()


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d.update(format="other"), "not a sqlverdict constraint file"),
    (lambda d: d["constraints"][0].update(kind="between"), "unknown kind 'between'"),
    (lambda d: d["constraints"][0]["params"].update(bound="wide"), "params.bound 'wide'"),
    (lambda d: d["constraints"][0]["params"].update(strict=[5, 1]), "lo <= hi"),
    (lambda d: d["constraints"][0].update(columns=["a", "b"]), "list of 1 names"),
    (lambda d: d["constraints"].append(dict(d["constraints"][0])), "duplicate constraint id"),
])
def test_load_rejects_bad_files_with_clear_messages(tmp_path, mutate, message):
    cs = ConstraintSet("db", [Constraint("range", "t", ["x"], {"strict": [1, 2], "loose": [0, 4],
                                                               "semantic": None, "bound": "strict"})])
    d = cs.to_json()
    mutate(d)
    p = tmp_path / "bad.json"
    p.write_text(json.dumps(d))
    with pytest.raises(InputError, match=message):
        ConstraintSet.load(p)


def test_missing_file_message(tmp_path):
    with pytest.raises(InputError, match="constraints mine"):
        ConstraintSet.load(tmp_path / "nope.json")


def test_mine_spider_concert_singer(tmp_path, spider_db):
    src = spider_db("concert_singer")
    db = tmp_path / "concert_singer.sqlite"
    shutil.copy(src, db)
    cs = mine(db)
    r = cs.get("range:singer.Age")
    assert r.params["strict"] == [25, 52] and r.params["loose"][0] == 0
    assert "order:stadium.Highest,Lowest>=" in ids(cs, "order")


def test_identifiers_with_quotes_spaces_and_percent(tmp_path):
    import sqlite3
    p = tmp_path / "w.sqlite"
    c = sqlite3.connect(p)
    c.execute('CREATE TABLE "odd table"("Percent (%) Eligible" REAL, "a""b" INT, "x y" TEXT)')
    c.executemany('INSERT INTO "odd table" VALUES (?,?,?)',
                  [(i / 10, i % 3, f"k{i % 3}") for i in range(20)])
    c.commit()
    c.close()
    cs = mine(p)
    assert cs.get("range:odd table.Percent (%) Eligible").params["strict"] == [0.0, 1.9]
    assert 'fd:odd table.a"b,x y' in ids(cs, "fd")
    out = tmp_path / "c.json"
    cs.save(out)
    assert ConstraintSet.load(out).counts() == cs.counts()


def test_two_stage_pairwise_checks_give_the_same_constraints(shop_db):
    """Refuting on a tiny prefix sample first must not change what is mined."""
    one = mine(shop_db)
    two = mine(shop_db, options=MineOptions(fd_sample_rows=4))
    assert [c.to_json() for c in one.constraints] == [c.to_json() for c in two.constraints]
    assert two.miner["pruning"]["fd_queries"] > one.miner["pruning"]["fd_queries"]
