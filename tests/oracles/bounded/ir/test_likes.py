"""LIKE ... ESCAPE (issue 25, round 3) against SQLite: the canonical pattern of the IR, the
encoder's match and the symbolic evaluation agree with SQLite's LIKE on random patterns,
escape characters (a wildcard or a letter among them) and texts, and two spellings with
one canonical form match the same texts."""

from __future__ import annotations

import sqlite3

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from sqlverdict.engine.compare import results_equal
from sqlverdict.errors import UnsupportedSQL
from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.encode import like_match
from sqlverdict.oracles.bounded.ir.likes import canonical_like
from sqlverdict.oracles.bounded.prover import evaluate_symbolic
from sqlverdict.schema import from_ddl

ALPHABET = ["a", "A", "b", "%", "_", "!", "\\", "é"]
patterns = st.lists(st.sampled_from(ALPHABET), max_size=5).map("".join)
texts = st.lists(st.sampled_from(ALPHABET), max_size=5).map("".join)
escapes = st.sampled_from([None, "!", "\\", "%", "_", "a", "A"])
CONN = sqlite3.connect(":memory:")


def sqlite_like(text: str, pattern: str, escape: str | None) -> bool:
    if escape is None:
        return bool(CONN.execute("SELECT ? LIKE ?", (text, pattern)).fetchone()[0])
    return bool(CONN.execute("SELECT ? LIKE ? ESCAPE ?", (text, pattern, escape)).fetchone()[0])


@settings(max_examples=1500, deadline=None, suppress_health_check=list(HealthCheck))
@given(pattern=patterns, escape=escapes, text=texts)
def test_canonical_pattern_matches_as_sqlite(pattern, escape, text):
    canon, esc = canonical_like(pattern, escape)
    assert esc in ("", "\\")
    assert like_match(canon, text, esc) == sqlite_like(text, pattern, escape)
    assert sqlite_like(text, canon, esc or None) == sqlite_like(text, pattern, escape)


@settings(max_examples=300, deadline=None, suppress_health_check=list(HealthCheck))
@given(a=patterns, b=patterns, ea=escapes, eb=escapes, text=texts)
def test_one_canonical_form_one_set_of_matches(a, b, ea, eb, text):
    if canonical_like(a, ea) == canonical_like(b, eb):
        assert sqlite_like(text, a, ea) == sqlite_like(text, b, eb)


SCHEMA = from_ddl("CREATE TABLE t(id INTEGER PRIMARY KEY, s TEXT)")


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(pattern=patterns, escape=st.sampled_from(["!", "\\", "%", "a"]),
       rows=st.lists(st.one_of(st.none(), texts), max_size=4), negate=st.booleans())
def test_symbolic_like_escape_matches_sqlite(pattern, escape, rows, negate):
    lit = pattern.replace("'", "''")
    sql = f"SELECT id FROM t WHERE s {'NOT ' if negate else ''}LIKE '{lit}' ESCAPE '{escape}'"
    db = {"t": [(i, s) for i, s in enumerate(rows)]}
    conn = sqlite3.connect(":memory:")
    conn.execute("CREATE TABLE t(id INTEGER PRIMARY KEY, s TEXT)")
    conn.executemany("INSERT INTO t VALUES (?, ?)", db["t"])
    want = conn.execute(sql).fetchall()
    got = evaluate_symbolic(sql, SCHEMA, db)
    assert results_equal(want, got, "bag"), f"{sql}\n{db}\nSQLite {want} symbolic {got}"


def test_an_escape_of_two_characters_is_unsupported():
    with pytest.raises(UnsupportedSQL):
        ir.lower("SELECT id FROM t WHERE s LIKE 'a' ESCAPE '!!'", SCHEMA)


@pytest.mark.parametrize("gold,pred,status", [
    ("SELECT id FROM t WHERE s LIKE 'a!%' ESCAPE '!'", "SELECT id FROM t WHERE s LIKE 'a\\%' ESCAPE '\\'", "verified"),
    ("SELECT id FROM t WHERE s LIKE 'a!b%' ESCAPE '!'", "SELECT id FROM t WHERE s LIKE 'ab%'", "verified"),
    ("SELECT id FROM t WHERE s LIKE 'a!%' ESCAPE '!'", "SELECT id FROM t WHERE s LIKE 'a%'", "refuted"),
    ("SELECT id FROM t WHERE s LIKE 'a!_' ESCAPE '!'", "SELECT id FROM t WHERE s = 'a_'", "refuted"),
    ("SELECT id FROM t WHERE s LIKE 'a!' ESCAPE '!'", "SELECT id FROM t WHERE s = 'a!'", "refuted"),
])
def test_verdicts_of_escaped_patterns(gold, pred, status):
    from sqlverdict import verify
    r = verify(gold, pred, SCHEMA, bound=3, semantics="bag")
    assert r.status.name.lower() == status, r.reason
    if status == "verified":
        assert "every database" in r.reason
