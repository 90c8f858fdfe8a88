"""Idiom mutants: one edit each, written into the query's own text (never re-rendered)."""

import sqlite3

from sqlverdict.oracles.suite.idioms import CAST_TARGETS, idiom_mutants
from sqlverdict.schema import from_ddl

DDL = ("CREATE TABLE t (id INTEGER PRIMARY KEY, a INT, b REAL, c TEXT, d DATE);"
       "CREATE TABLE u (id INTEGER PRIMARY KEY, tid INT REFERENCES t(id), e TEXT)")
S = from_ddl(DDL)


def by_kind(sql):
    out = {}
    for m in idiom_mutants(sql, S):
        out.setdefault(m.kind, []).append(m.sql)
    return out


def test_each_operator_appears_where_it_applies():
    k = by_kind("SELECT DISTINCT t.c, count(*) FROM t JOIN u ON t.id = u.tid "
                "WHERE t.a < 3 AND strftime('%Y', t.d) = '2012' AND substr(t.c, 6, 2) = '09' "
                "AND u.e LIKE 'ab%' AND t.b % 2 = 1 AND t.id NOT IN (SELECT tid FROM u) "
                "GROUP BY t.c ORDER BY t.c DESC LIMIT 3")
    assert {"distinct", "join_kind", "flip_cmp", "date_idiom", "substr_pos", "like_pattern",
            "mod", "not_in_exists", "count_form", "limit", "order", "order_plus_zero",
            "cast_wrap", "unary_plus"} <= set(k)
    assert set(by_kind("SELECT CAST(a AS REAL) FROM t")["cast_target"]) == {
        f"SELECT CAST(a AS {x}) FROM t" for x in CAST_TARGETS if x != "REAL"}


def test_the_rest_of_the_text_is_kept_character_for_character():
    # sqlglot would print NUMERIC as REAL, mod() as %, drop the unary plus and rename DATE
    gold = "SELECT CAST(b AS NUMERIC) / 3, mod(a, 2), +c FROM t WHERE CAST(d AS DATE) > '2015'"
    ms = idiom_mutants(gold, S)
    assert len(ms) > 10
    for m in ms:
        for piece in ("CAST(b AS NUMERIC)", "mod(a, 2)", "+c", "CAST(d AS DATE)"):
            assert piece in m.sql or m.kind in ("cast_target", "mod", "unary_plus",
                                                "date_idiom", "cast_wrap", "flip_cmp"), m


def test_every_mutant_runs_in_sqlite_and_differs_from_the_gold():
    con = sqlite3.connect(":memory:")
    con.executescript(DDL)
    gold = ("SELECT t.c, count(*) AS n FROM t LEFT JOIN u ON t.id = u.tid WHERE t.d >= "
            "'2015-01-01' AND instr(t.c, 'x') > 0 GROUP BY t.c ORDER BY n DESC LIMIT 1")
    ms = idiom_mutants(gold, S)
    assert {m.kind for m in ms} >= {"join_kind", "instr", "date_idiom", "order_alias"}
    assert len({m.sql for m in ms}) == len(ms) and gold not in {m.sql for m in ms}
    for m in ms:
        con.execute(m.sql).fetchall()


def test_mutants_are_deterministic():
    sql = "SELECT c FROM t WHERE a BETWEEN 1 AND 3 ORDER BY b"
    assert idiom_mutants(sql, S) == idiom_mutants(sql, S)
