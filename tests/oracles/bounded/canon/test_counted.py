"""``canon/counted.py`` (``counted_union``, ``count_of_union``) against SQLite itself.

Random HAVING clauses of per-operand counts over three tagged operands (distinct or not)
are canonicalized beside every compound "INTERSECT of I EXCEPT UNION of E" the operands
can form; whenever two get one canonical form, both run in ``sqlite3`` on random small
databases (empty tables, repeated rows, NULLs, 1 beside 1.0, numeric text, BLOBs in an
untyped column) and must return the same bag of rows. Tests that read how often an operand
repeats a row must leave the query alone.
"""

from __future__ import annotations

import itertools
import random
import sqlite3
from collections import Counter

import pytest

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical, without
from sqlverdict.schema import from_ddl

DDL = "CREATE TABLE r (a INT, b TEXT); CREATE TABLE s (c INT, d TEXT); CREATE TABLE v (x, y);"
SCHEMA = from_ddl(DDL)
POOL = {"a": [None, 0, 1, 2], "c": [None, 0, 1, 2], "b": [None, "p", "1"], "d": [None, "p", "1"],
        "x": [None, 1, 1.0, 2, "1", "p", b"p"], "y": [None, 1, "p"]}
COLUMNS = {"r": ("a", "b"), "s": ("c", "d"), "v": ("x", "y")}
OPERANDS = ["SELECT {d}a AS k, 10 AS t FROM r", "SELECT {d}c, 20 FROM s", "SELECT {d}x, 30 FROM v"]
PLAIN = ["SELECT a FROM r", "SELECT c FROM s", "SELECT x FROM v"]
TESTS = ["COUNT(*) FILTER (WHERE u.t = {t}) > 0", "COUNT(*) FILTER (WHERE u.t = {t}) = 0",
         "COUNT(CASE WHEN u.t = {t} THEN 1 END) >= 1", "0 = COUNT(*) FILTER (WHERE u.t = {t})",
         "COUNT(*) FILTER (WHERE u.t = {t}) > 1", "COUNT(*) FILTER (WHERE u.t = {t}) = 1"]
TOTALS = ["COUNT(*) = 3", "COUNT(*) >= 2", "COUNT(*) > 0", "COUNT(*) < 2", "COUNT(*) = 1"]


def _form(sql, rules=None):
    q = ir.lower(sql, SCHEMA).query
    return canonical(q, SCHEMA, "bag") if rules is None else canonical(q, SCHEMA, "bag", rules)


def _targets():
    """Every compound "INTERSECT of I EXCEPT UNION of E" (or UNION of the rest) as text."""
    out = []
    for marks in itertools.product("ie-", repeat=3):
        inside = [PLAIN[j] for j in range(3) if marks[j] == "i"]
        outside = [PLAIN[j] for j in range(3) if marks[j] == "e"]
        rest = [PLAIN[j] for j in range(3) if marks[j] != "e"]
        if not rest:
            continue
        base = " INTERSECT ".join(inside) if inside else " UNION ".join(rest)
        if len(inside) == 1 or (not inside and len(rest) == 1):
            base = base.replace("SELECT ", "SELECT DISTINCT ", 1)
        if outside:
            base = f"SELECT * FROM ({base}) EXCEPT SELECT * FROM ({' UNION '.join(outside)})"
        out.append(base)
    return out


def _query(having, distinct):
    union = " UNION ALL ".join(o.format(d="DISTINCT " if distinct else "") for o in OPERANDS)
    return f"SELECT u.k FROM ({union}) AS u GROUP BY u.k HAVING {having}"


def _cases(n=40):
    rng = random.Random(25)
    out = []
    for _ in range(n):
        conj = [rng.choice(TESTS).format(t=rng.choice([10, 20, 30])) for _ in range(rng.randint(1, 3))]
        if rng.random() < 0.3:
            conj.append(rng.choice(TOTALS))
        out.append((" AND ".join(conj), rng.random() < 0.5))
    return out


def _random_tables(rng):
    return {t: [tuple(rng.choice(POOL[c]) for c in cols) for _ in range(rng.randint(0, 4))]
            for t, cols in COLUMNS.items()}


def _bag(con, sql):
    return Counter(con.execute(sql).fetchall())


def _agree(gold, pred, seed):
    rng = random.Random(seed)
    for _ in range(150):
        con = sqlite3.connect(":memory:")
        con.executescript(DDL)
        tables = _random_tables(rng)
        for t, rows in tables.items():
            con.executemany(f"INSERT INTO {t} VALUES (?, ?)", rows)
        assert _bag(con, gold) == _bag(con, pred), (gold, pred, tables)


TARGETS = _targets()
TARGET_FORMS = [_form(t) for t in TARGETS]


@pytest.mark.parametrize("case", _cases(), ids=lambda c: f"{c[0]}|{c[1]}")
def test_every_form_the_rule_gives_agrees_in_sqlite(case):
    having, distinct = case
    gold = _query(having, distinct)
    form = _form(gold)
    for target, target_form in zip(TARGETS, TARGET_FORMS, strict=True):
        if form == target_form:
            _agree(gold, target, having)


def test_known_families_are_recognized():
    cases = [("COUNT(*) FILTER (WHERE u.t = 10) > 0 AND COUNT(*) FILTER (WHERE u.t = 20) = 0 "
              "AND COUNT(*) FILTER (WHERE u.t = 30) = 0", False,
              "SELECT a FROM r EXCEPT SELECT * FROM (SELECT c FROM s UNION SELECT x FROM v)"),
             ("COUNT(*) = 3", True, "SELECT a FROM r INTERSECT SELECT c FROM s INTERSECT SELECT x FROM v"),
             ("COUNT(*) > 0", False, "SELECT a FROM r UNION SELECT c FROM s UNION SELECT x FROM v")]
    for having, distinct, target in cases:
        gold = _query(having, distinct)
        assert _form(gold) == _form(target)
        assert _form(gold, without("counted_union")) != _form(target, without("counted_union"))
        _agree(gold, target, having)


@pytest.mark.parametrize("having", ["COUNT(*) = 3", "COUNT(*) FILTER (WHERE u.t = 10) = 1",
                                    "COUNT(*) FILTER (WHERE u.t = 10) > 1"])
def test_tests_that_read_repeats_leave_the_query_alone(having):
    gold = _query(having, False)
    assert _form(gold) not in TARGET_FORMS
    assert _form(gold) == _form(gold, without("counted_union"))


COUNT_LAWS = [
    ("SELECT COUNT(*) FROM (SELECT x FROM v UNION ALL SELECT a FROM r WHERE b = 'p') AS u",
     "SELECT (SELECT COUNT(*) FROM v) + (SELECT COUNT(*) FROM r WHERE b = 'p')"),
    ("SELECT COUNT(*) FROM (SELECT DISTINCT x FROM v UNION ALL SELECT c FROM s "
     "UNION ALL SELECT a FROM r) AS u",
     "SELECT (SELECT COUNT(*) FROM (SELECT DISTINCT x FROM v)) + (SELECT COUNT(*) FROM s) "
     "+ (SELECT COUNT(*) FROM r)"),
]


@pytest.mark.parametrize("law", COUNT_LAWS, ids=lambda law: law[0])
def test_count_of_union_all_is_a_sum_of_counts_in_sqlite(law):
    gold, pred = law
    assert _form(gold) == _form(pred)
    assert _form(gold, without("count_of_union")) != _form(pred, without("count_of_union"))
    _agree(gold, pred, gold)
