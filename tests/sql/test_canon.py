"""Canonical structure: fixture pairs (same / different), executed on real Spider databases."""

from __future__ import annotations

import re

import pytest
from tests.helpers import FIXTURES
from tests.helpers.canon import reference_like as _reference_like

from sqlverdict.engine.compare import results_equal
from sqlverdict.engine.execute import run_query
from sqlverdict.schema import from_sqlite
from sqlverdict.sql.canon import (
    CanonError,
    Canonicalizer,
    canonical_sql,
    canonicalize,
)


def load_fixtures(name: str):
    """``# title:``/``# db:``/``# expect:`` headers, then two statements ending in ``;``
    (the second may end at a blank line)."""
    cases, meta, body = [], {}, []

    def flush():
        text = "\n".join(body).strip()
        if meta.get("title") and text:
            stmts = [s.strip() for s in re.split(r";\s*\n|;\s*$", text) if s.strip()]
            if len(stmts) == 1 and "\n\n" not in text:
                stmts = [s for s in text.split("\n") if s.strip()]
            cases.append(pytest.param(dict(meta), stmts, id=meta["title"]))

    for line in (FIXTURES / "canon" / name).read_text().splitlines():
        m = re.match(r"#\s*(\w+):\s*(.*)", line)
        if m:
            if m.group(1) == "title" and meta.get("title"):
                flush()
                meta, body = {}, []
            meta[m.group(1)] = m.group(2).strip()
        elif not line.startswith("#"):
            body.append(line)
    flush()
    return cases


def _pair(spider_db, db: str, stmts: list[str]):
    assert len(stmts) == 2, stmts
    path = spider_db(db)
    schema = from_sqlite(path, db)
    return path, schema


def _results(path, sql):
    r = run_query(path, sql, timeout_s=10)
    return r.rows


@pytest.mark.parametrize(("meta", "stmts"), load_fixtures("merges.sql"))
def test_superficial_differences_merge(meta, stmts, spider_db):
    path, schema = _pair(spider_db, meta["db"], stmts)
    a, b = (canonical_sql(s, schema) for s in stmts)
    assert a == b
    # ... and the canonical form means what the original means
    gold = _results(path, stmts[0])
    assert results_equal(gold, _results(path, stmts[1]), "bag")
    assert results_equal(gold, _results(path, a), "bag")


@pytest.mark.parametrize(("meta", "stmts"), load_fixtures("distinctions.sql"))
def test_meaningful_differences_stay_apart(meta, stmts, spider_db):
    path, schema = _pair(spider_db, meta["db"], stmts)
    ra, rb = (_results(path, s) for s in stmts)
    assert not results_equal(ra, rb, "bag"), "the pair must differ on the database"
    a, b = (canonical_sql(s, schema) for s in stmts)
    assert a != b
    # the reference's weaknesses (lower-cased literals, scope-blind aliases, textual
    # alias removal) merge exactly these pairs
    assert _reference_like(stmts[0]) == _reference_like(stmts[1])
    # our canonical forms still execute to the original results
    assert results_equal(ra, _results(path, a), "bag")
    assert results_equal(rb, _results(path, b), "bag")


def test_string_literals_are_kept_verbatim():
    assert "'Tom as Bob'" in canonical_sql("SELECT a FROM t WHERE b = 'Tom as Bob'")
    assert "'MiXeD'" in canonical_sql("select a from t where b = 'MiXeD'")


def test_scopes_resolve_separately():
    sql = ("SELECT T1.name FROM singer AS T1 WHERE T1.age > "
           "(SELECT avg(T1.age) FROM singer AS T1)")
    out = canonical_sql(sql)
    assert out == ("SELECT t1.name FROM singer AS t1 WHERE t1.age > "
                   "(SELECT AVG(t2.age) FROM singer AS t2)")
    corr = canonical_sql("SELECT T1.name FROM singer AS T1 WHERE EXISTS "
                         "(SELECT 1 FROM concert AS T2 WHERE T2.sid = T1.sid)")
    assert "t1.sid = t2.sid" in corr  # the correlated reference keeps pointing outwards


def test_base_tables_keep_their_names():
    # the sqlglot trap: canonicalize_internal_names would turn both tables into _t0
    assert canonical_sql("SELECT count(*) FROM singer") != canonical_sql(
        "SELECT count(*) FROM concert")


def test_parse_failures_are_reported():
    for bad in ["SELEC name FROM", "SELECT 1; SELECT 2", "", "DROP TABLE singer"]:
        c = canonicalize(bad)
        assert not c.ok and c.error
    with pytest.raises(CanonError) as e:
        canonical_sql("SELECT 1; SELECT 2")
    assert e.value.stage == "parse"
    assert canonicalize(None).error.startswith("parse")


def test_unknown_column_falls_back_without_schema(spider_db):
    path = spider_db("concert_singer")
    schema = from_sqlite(path, "concert_singer")
    c = canonicalize("SELECT nonexistent FROM singer", schema)
    assert c.ok and not c.qualified
    assert canonicalize("SELECT name FROM singer", schema).qualified


def test_canonicalizer_caches_per_database(spider_db):
    path = spider_db("concert_singer")
    canon = Canonicalizer({"concert_singer": from_sqlite(path, "concert_singer")})
    a = canon("SELECT name FROM singer WHERE country = \"France\"", "concert_singer")
    assert a.sql == "SELECT t1.name FROM singer AS t1 WHERE t1.country = 'France'"
    assert canon("SELECT name FROM singer WHERE country = \"France\"", "concert_singer") is a
