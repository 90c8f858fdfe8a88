"""``canon/set_counts.py`` (``marked_union``, ``count_distinct_as_intersect``) against SQLite.

Random marker columns (integer literals, NULL, a grouped operand's COUNT(*)) and random
HAVING tests over two or three operands are canonicalized beside every compound
"INTERSECT of I EXCEPT UNION of E" of the operands; whenever two get one canonical form,
both run in ``sqlite3`` on random databases (empty tables, repeated rows, NULLs, 1 beside
1.0, numeric text, BLOBs in an untyped column) and must return the same rows, told apart
by storage class (``typed_rows``: 1 is not 1.0). Likewise random distinct-count divisions
beside the INTERSECT of their filters in a random order.
"""

from __future__ import annotations

import functools
import itertools
import random
import sqlite3

import pytest
from tests.helpers.rule_databases import typed_rows

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical, without
from sqlverdict.schema import from_ddl

DDL = "CREATE TABLE r (a INT, b TEXT); CREATE TABLE s (c INT, d TEXT); CREATE TABLE v (x, y);"
SCHEMA = from_ddl(DDL)
POOL = {"a": [None, 0, 1, 2], "c": [None, 0, 1, 2, 1.0], "b": [None, "p", "1", "q"],
        "d": [None, "p", "1", "q"], "x": [None, 1, 1.0, 2, "1", "p", b"p"], "y": [None, 1, "p"]}
COLUMNS = {"r": ("a", "b"), "s": ("c", "d"), "v": ("x", "y")}
KEYS = {"int": {"r": "a", "s": "c", "v": "x"}, "text": {"r": "b", "s": "d", "v": "y"}}
MARKS = ["0", "1", "2", "NULL", "COUNT(*)"]
AGGS = ["SUM(u.{m})", "COUNT(u.{m})", "MAX(u.{m})", "MIN(u.{m})", "COUNT(*)"]
OPS = ["=", ">", ">=", "<", "<>"]


@functools.cache
def _form(sql, rules=None):
    q = ir.lower(sql, SCHEMA).query
    return canonical(q, SCHEMA, "bag") if rules is None else canonical(q, SCHEMA, "bag", rules)


def _targets(plain: list[str]) -> list[str]:
    """Every compound "INTERSECT of I EXCEPT UNION of E" (or UNION of the rest) as text."""
    out = []
    n = len(plain)
    for marks in itertools.product("ie-", repeat=n):
        inside = [plain[j] for j in range(n) if marks[j] == "i"]
        outside = [plain[j] for j in range(n) if marks[j] == "e"]
        rest = [plain[j] for j in range(n) if marks[j] != "e"]
        if not rest:
            continue
        base = " INTERSECT ".join(inside) if inside else " UNION ".join(rest)
        if len(inside) == 1 or (not inside and len(rest) == 1):
            base = base.replace("SELECT ", "SELECT DISTINCT ", 1)
        if outside:
            base = f"SELECT * FROM ({base}) EXCEPT SELECT * FROM ({' UNION '.join(outside)})"
        out.append(base)
    return out


def _marked_case(rng: random.Random):
    kind = rng.choice(["int", "text", "text"])
    pool = ["r", "s", "v"] if rng.random() < 0.3 else ["r", "s"]
    tables = rng.sample(pool, 3 if len(pool) == 3 and rng.random() < 0.5 else 2)
    ops = []
    for t in tables:
        key = KEYS[kind][t]
        grouped = rng.random() < 0.4
        marks = [rng.choice(MARKS if grouped else MARKS[:4]) for _ in range(2)]
        distinct = "DISTINCT " if not grouped and rng.random() < 0.3 else ""
        tail = f" GROUP BY {key}" if grouped else ""
        ops.append(f"SELECT {distinct}{key} AS k, {marks[0]} AS m, {marks[1]} AS n FROM {t}{tail}")
    tests = []
    for _ in range(rng.randint(1, 3)):
        agg = rng.choice(AGGS).format(m=rng.choice("mn"))
        tests.append(f"{agg} {rng.choice(OPS)} {rng.choice([0, 0, 1, 2])}")
    gold = (f"SELECT u.k FROM ({' UNION ALL '.join(ops)}) AS u GROUP BY u.k "
            f"HAVING {' AND '.join(tests)}")
    return gold, [f"SELECT {KEYS[kind][t]} FROM {t}" for t in tables]


def _random_db(rng: random.Random):
    con = sqlite3.connect(":memory:")
    con.executescript(DDL)
    for t, cols in COLUMNS.items():
        rows = [tuple(rng.choice(POOL[c]) for c in cols) for _ in range(rng.randint(0, 4))]
        if rows and rng.random() < 0.3:
            rows.append(rows[0])
        con.executemany(f"INSERT INTO {t} VALUES (?, ?)", rows)
    return con


def _agree(gold, pred, seed, n=150):
    rng = random.Random(seed)
    for _ in range(n):
        con = _random_db(rng)
        assert typed_rows(con, gold) == typed_rows(con, pred), (gold, pred, con.execute(
            "SELECT * FROM r").fetchall(), con.execute("SELECT * FROM s").fetchall())


def test_every_marked_union_the_rule_reads_agrees_in_sqlite():
    rng = random.Random(38)
    matched = 0
    for _ in range(80):
        gold, plain = _marked_case(rng)
        form = _form(gold)
        if form == _form(gold, without("marked_union")):
            continue  # not read by the rule (the others are checked elsewhere)
        hits = [t for t in _targets(plain) if form == _form(t)]
        assert hits, gold  # the rule's form is one of the compounds
        matched += 1
        _agree(gold, hits[0], gold, 40)
    assert matched >= 10  # the law is exercised, not only refused


@pytest.mark.parametrize("having,target", [
    ("SUM(u.m) > 0 AND SUM(u.n) > 0", "SELECT b FROM r INTERSECT SELECT d FROM s"),
    ("SUM(u.m) >= 1 AND SUM(u.n) = 0", "SELECT b FROM r EXCEPT SELECT d FROM s"),
    ("MAX(u.n) = 1 AND MIN(u.n) = 1", "SELECT d FROM s EXCEPT SELECT b FROM r"),
])
def test_known_marker_families_are_read(having, target):
    gold = (f"SELECT u.k FROM (SELECT b AS k, 1 AS m, 0 AS n FROM r UNION ALL "
            f"SELECT d, 0, 1 FROM s) AS u GROUP BY u.k HAVING {having}")
    assert _form(gold) == _form(target)
    assert _form(gold, without("marked_union")) != _form(target, without("marked_union"))
    _agree(gold, target, having)


def test_keys_of_two_classes_are_left_alone():
    """r.a (INTEGER) against v.x (no affinity): GROUP BY shows either copy of 1 and 1.0."""
    gold = ("SELECT u.k FROM (SELECT a AS k, 1 AS m, 0 AS n FROM r UNION ALL SELECT x, 0, 1 "
            "FROM v) AS u GROUP BY u.k HAVING SUM(u.m) > 0 AND SUM(u.n) > 0")
    assert _form(gold) == _form(gold, without("marked_union"))


DIVISIONS = [("b", ["'p'", "'q'"], "TEXT"), ("b", ["'p'", "'1'", "'q'"], "TEXT"),
             ("a", ["1", "2"], "INT"), ("a", ["0", "1", "2", "1"], "INT"),
             ("x", ["1", "2"], "untyped"), ("b", ["1", "2"], "mixed")]
HAVINGS = ["COUNT(DISTINCT {c}) = {n}", "COUNT(DISTINCT {c}) >= {n}", "{n} = COUNT(DISTINCT {c})",
           "COUNT(DISTINCT {c}) > {m}", "COUNT({c}) = {n}", "COUNT(DISTINCT {c}) = {m}"]


def _division(rng: random.Random):
    c, lits, _ = rng.choice(DIVISIONS)
    table = "v" if c == "x" else "r"
    key = {"r": rng.choice(["a", "b"]) if c != "a" else "b", "v": "y"}[table]
    n = len(set(lits))
    having = rng.choice(HAVINGS).format(c=c, n=n, m=n - 1)
    extra = rng.choice(["", f" AND {key} IS NOT NULL"])
    inlist = (f"{c} IN ({', '.join(lits)})" if rng.random() < 0.6
              else "(" + " OR ".join(f"{c} = {v}" for v in lits) + ")")
    gold = f"SELECT {key} FROM {table} WHERE {inlist}{extra} GROUP BY {key} HAVING {having}"
    order = list(dict.fromkeys(lits))
    rng.shuffle(order)
    pred = " INTERSECT ".join(f"SELECT {key} FROM {table} WHERE {c} = {v}{extra}" for v in order)
    return gold, pred


def test_every_division_the_rule_reads_agrees_in_sqlite():
    rng = random.Random(7)
    matched = 0
    for _ in range(50):
        gold, pred = _division(rng)
        if _form(gold) == _form(pred):
            matched += 1
            _agree(gold, pred, gold, 60)
    assert matched >= 10


def test_a_division_of_an_untyped_column_is_left_alone():
    gold = "SELECT y FROM v WHERE x IN (1, 2) GROUP BY y HAVING COUNT(DISTINCT x) = 2"
    assert _form(gold) == _form(gold, without("count_distinct_as_intersect"))


def test_equal_values_are_identical_only_in_integer_columns():
    """An INTEGER column (declared, or derived from integer arms) keeps no 1.0 beside 1; a
    derived column of an INTEGER arm and a REAL arm does (typed REAL)."""
    from sqlverdict.oracles.bounded.canon.set_counts import _one_value
    from sqlverdict.oracles.bounded.ir.kinds import Affinity, Ty

    whole = ir.Col("t", "a", Ty.INT, Affinity.INTEGER)
    mixed = ir.Col("d", "c", Ty.REAL, Affinity.INTEGER)
    assert _one_value(whole, whole, typed=False)
    assert not _one_value(mixed, mixed, typed=False)
    con = sqlite3.connect(":memory:")
    con.executescript("CREATE TABLE r (a INT); CREATE TABLE t (z REAL); INSERT INTO r VALUES (1); "
                      "INSERT INTO t VALUES (1.0);")
    rows = con.execute("SELECT c FROM (SELECT a AS c FROM r UNION ALL SELECT z FROM t)").fetchall()
    assert sorted(type(v).__name__ for (v,) in rows) == ["float", "int"]
