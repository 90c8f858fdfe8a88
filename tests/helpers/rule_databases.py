"""Random SQLite databases of ``tests/fixtures/rules/schema.ddl`` for the rules' own
differential tests: NULLs wherever the schema allows them, duplicate values, empty tables,
foreign keys not kept (orphans), and a value of every storage class in the columns that
can hold one (SQLite converts by affinity where it can, and keeps the rest)."""

from __future__ import annotations

import random
import sqlite3
from collections import Counter

from tests.helpers.pairs import FIXTURES

DDL = (FIXTURES / "rules" / "schema.ddl").read_text()
ANY = [None, 0, 1, 2, 3, 2.5, 1.0, -1, "3", "abc", "", "x", b"\x01"]  # a value of each class
SMALL = [None, 1, 2, 3, 1.0, "2", "x"]  # few values: joins and groups meet often


def databases(n: int, seed: int = 7):
    """``n`` connections to random databases of the rules' schema (foreign keys off)."""
    rng = random.Random(seed)
    for _ in range(n):
        con = sqlite3.connect(":memory:")
        con.executescript(DDL)
        for i in rng.sample([1, 2, 3], rng.choice([0, 1, 2, 3])):
            con.execute("INSERT INTO dept VALUES (?, ?, ?)",
                        (i, rng.choice(["a", "b", "x"]), rng.choice([None, 0.5, 1, 2, "2", "x"])))
        for i in rng.sample([1, 2, 3, 4], rng.choice([0, 1, 2, 3, 4])):
            con.execute("INSERT INTO emp VALUES (?, ?, ?, ?, ?, ?)",
                        (i, rng.choice([None, "a", "b"]), rng.choice(SMALL), rng.choice(ANY),
                         rng.choice(SMALL + [9]), rng.choice([None, "a", "x"])))
        titles = [None, None, "t1", "t2", "t3"]
        for pid in rng.sample([1, 2, 3, 4, 5], rng.choice([0, 1, 2, 3, 4, 5])):
            title = rng.choice(titles)
            if title is not None:
                titles.remove(title)
            con.execute("INSERT INTO proj VALUES (?, ?, ?, ?)",
                        (pid, rng.choice(SMALL + [4]), rng.choice(SMALL), title))
        for _ in range(rng.choice([0, 1, 2, 3, 4])):
            con.execute("INSERT INTO note VALUES (?, ?)", (rng.choice(ANY), rng.choice(["x", "y", None])))
        yield con


def on_rules_schema(cases: list) -> list:
    """The cases on the rules' schema, the one ``databases`` fills (a case with a ``# schema:``
    of its own is checked against SQLite by ``test_rules.py`` on databases of its schema)."""
    return [c for c in cases if c.get("schema", "schema.ddl") == "schema.ddl"]


def drop_orphans(con):
    """``con`` with the rows that break a foreign key deleted (until none does): the scope of
    a law that rests on declared foreign keys."""
    while bad := con.execute("PRAGMA foreign_key_check").fetchall():
        for table, rowid, _, _ in bad:
            con.execute(f"DELETE FROM {table} WHERE rowid = ?", (rowid,))
    return con


def kept(n: int, seed: int = 11):
    """``databases`` with the rows that break a foreign key deleted (``drop_orphans``)."""
    for con in databases(n, seed=seed):
        yield drop_orphans(con)


def result(con, sql) -> Counter:
    """The rows of ``sql`` on ``con`` as a multiset."""
    return Counter(con.execute(sql).fetchall())


def typed_rows(con, sql) -> Counter:
    """The rows of ``sql`` as a multiset of (storage class, value): 1 and 1.0 apart."""
    return Counter(tuple((type(v).__name__, v) for v in row) for row in con.execute(sql))


def fixture_cases(*rules: str) -> tuple[list, list]:
    """The fixture cases of ``rules`` where a rule fires, and the near misses."""
    from tests.helpers.pairs import load

    cases = [c for c in load("rules") if c.path.stem in rules]
    return [c for c in cases if c.get("fires") == "yes"], [c for c in cases if c.get("fires") == "no"]


def forms(case) -> tuple:
    """The canonical forms of a fixture case's two queries (bag semantics; the typed
    domain's where the file says ``# domain: typed``)."""
    from sqlverdict.oracles.bounded import ir
    from sqlverdict.oracles.bounded.canon import canonical

    schema, typed = case.schema(), case.get("domain") == "typed"
    return tuple(canonical(ir.lower(sql, schema).query, schema, "bag", typed=typed)
                 for sql in (case.gold, case.pred))


def assert_equated_and_agreeing(case, n: int, rows=result) -> None:
    """The rules equate the case, and SQLite agrees on ``n`` random databases (``rows``:
    how results compare, ``typed_rows`` to tell 1 from 1.0)."""
    gold, pred = forms(case)
    assert gold == pred
    for con in databases(n):
        assert rows(con, case.gold) == rows(con, case.pred), case.title


def assert_apart_and_separated(case, n: int, rows=result) -> None:
    """A near miss keeps two forms, and SQLite separates it on one of ``n`` databases."""
    gold, pred = forms(case)
    assert gold != pred, "a rule fires without the condition this near miss lacks"
    assert any(rows(con, case.gold) != rows(con, case.pred) for con in databases(n))


def agree_and_one_form(case, dbs, rows=result):
    """A fixture pair where the rule fires: one canonical form, the same rows on every
    database of ``dbs`` (``rows``: how a query's rows are read)."""
    gold, pred = forms(case)
    assert gold == pred
    for con in dbs:
        assert rows(con, case.gold) == rows(con, case.pred), case.title


def apart_and_told_apart(case, dbs, rows=result):
    """A near miss: two canonical forms, and a database of ``dbs`` that tells them apart."""
    gold, pred = forms(case)
    assert gold != pred
    assert any(rows(con, case.gold) != rows(con, case.pred) for con in dbs), case.title


def check_law_cases(cases, form, seed: int, rows=result, slack: int = 2) -> None:
    """Random (gold, candidate, the law holds) ``cases`` of a law against SQLite: whenever
    ``form`` (a query's canonical form) equates the two, they agree on 40 random databases
    (``rows`` compares them); the law equates all but ``slack`` of the cases where it holds;
    and some case it does not equate differs on 40 other databases (the check can fail)."""
    dbs = list(databases(40, seed=seed))
    fired = 0
    for gold, cand, holds in cases:
        if form(gold) != form(cand):
            continue
        fired += holds
        for con in dbs:
            assert rows(con, gold) == rows(con, cand), (gold, cand)
    assert fired >= sum(h for _, _, h in cases) - slack, fired
    others = list(databases(40, seed=seed + 1))
    misses = [(g, c) for g, c, h in cases if not h]
    assert misses
    assert any(any(rows(con, g) != rows(con, c) for con in others) for g, c in misses)
