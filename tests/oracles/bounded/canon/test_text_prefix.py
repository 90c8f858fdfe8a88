"""``canon/text_prefix.py``: text prefixes as ranges, against SQLite.

Every law instance (a literal, a length, an operator, either side) is written twice: as
the query has it and as the law's statement says, independently of the rule's code; the
rules must give both one canonical form, and SQLite must agree on every text value of
random databases (text of every shape: prefixes, case variants, non-ASCII, NUL inside,
bytes that are not UTF-8, numbers stored as text, NULL, duplicates, empty tables). BLOBs
break the laws (the empty BLOB's SUBSTR is NULL): a proof states ``text_columns_hold_text``.
"""

from __future__ import annotations

import random
import sqlite3

import pytest

import sqlverdict
from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical
from sqlverdict.oracles.bounded.outcome import Assumption
from sqlverdict.schema import from_ddl
from sqlverdict.types import Status

DDL = "CREATE TABLE t (id INTEGER PRIMARY KEY, x TEXT, y TEXT NOT NULL)"
SCHEMA = from_ddl(DDL)
TEXTS = [None, "", "2", "20", "201", "2012", "2012-03-01", "2013", "2011-12-31", "2012\x00x",
         "20\x0012", "ab", "AB", "aB", "Ab-x", "abc", "ac", "a", "b", "\u00e9", "a\u00e9", "ab\x7f",
         "2012\u00e9", "~", "~~", "a-", "a.", 2012, 2012.5, 20, -1]
NOT_UTF8 = [b"2012\xff", b"a\xc3", b"\xc3\xa9ab", b"ab\x80"]  # stored as TEXT by CAST
LITERALS = ["2012", "20", "ab", "a", "AB", "2", "a-", "~"]
OPS = ["=", "<>", "<", "<=", ">", ">="]
MIRROR = {"=": "=", "<>": "<>", "<": ">", "<=": ">=", ">": "<", ">=": "<="}


def _succ(p: str) -> str:
    return p[:-1] + chr(ord(p[-1]) + 1)


def _q(s: str) -> str:
    return "'" + s.replace("'", "''") + "'"


def _substr_law(p: str, n: int, op: str) -> str | None:
    """The law's right side for SUBSTR(x, 1, n) op p, or None where it states nothing."""
    m = len(p)
    if m <= n and op in ("<", ">="):
        return f"x {op} {_q(p)}"
    if m != n or p[-1] == "\x7f":
        return None
    q = _succ(p)
    return {"=": f"(x >= {_q(p)} AND x < {_q(q)})", "<>": f"(x < {_q(p)} OR x >= {_q(q)})",
            "<=": f"x < {_q(q)}", ">": f"x >= {_q(q)}"}[op]


def _instances() -> list[tuple[str, str]]:
    out = []
    for p in LITERALS:
        for n in range(1, 6):
            for op in OPS:
                law = _substr_law(p, n, op)
                if law is not None:
                    out.append((f"SUBSTR(x, 1, {n}) {op} {_q(p)}", law))
                    out.append((f"{_q(p)} {MIRROR[op]} SUBSTR(x, 1, {n})", law))
        if not any(c.isalpha() for c in p):
            out.append((f"x LIKE {_q(p + '%')}", f"(x >= {_q(p)} AND x < {_q(_succ(p))})"))
            out.append((f"x GLOB {_q(p + '*')}", f"(x >= {_q(p)} AND x < {_q(_succ(p))})"))
        else:
            low = p.lower()
            out.append((f"LOWER(SUBSTR(x, 1, {len(p)})) = {_q(low)}", f"x LIKE {_q(p.upper() + '%')}"))
            out.append((f"UPPER(SUBSTR(x, 1, {len(p)})) = {_q(p.upper())}", f"x LIKE {_q(low + '%')}"))
    out.append(("SUBSTR(x, 1, 2) IN ('20', 'ab', 'abc')",
                "((x >= '20' AND x < '21') OR (x >= 'ab' AND x < 'ac') OR SUBSTR(x, 1, 2) = 'abc')"))
    return out


INSTANCES = _instances()


def _form(expr: str, typed: bool = True):
    return canonical(ir.lower(f"SELECT id, {expr} FROM t", SCHEMA).query, SCHEMA, typed=typed)


def _databases(n: int, seed: int = 3):
    rng = random.Random(seed)
    for _ in range(n):
        con = sqlite3.connect(":memory:")
        con.execute(DDL)
        for i in range(rng.choice([0, 1, 2, 3, 4, 6])):
            v = rng.choice(TEXTS + NOT_UTF8)
            sql = "INSERT INTO t VALUES (?, CAST(? AS TEXT), 'y')" if isinstance(v, bytes) else \
                "INSERT INTO t VALUES (?, ?, 'y')"
            con.execute(sql, (i, v))
        yield con


def test_the_laws_give_one_canonical_form():
    assert len(INSTANCES) > 200
    apart = [(a, b) for a, b in INSTANCES if _form(a) != _form(b)]
    assert not apart
    # every database SQLite accepts: LOWER/UPPER of a prefix stays (a BLOB breaks it)
    apart = [(a, b) for a, b in INSTANCES if _form(a, False) != _form(b, False)]
    assert apart and all(a.startswith(("LOWER", "UPPER")) for a, _ in apart)


def test_sqlite_agrees_on_every_text_value():
    cols = ", ".join(f"{a}, {b}" for a, b in INSTANCES)
    for con in _databases(200):
        for row in con.execute(f"SELECT {cols} FROM t"):
            for k, (a, b) in enumerate(INSTANCES):
                assert row[2 * k] == row[2 * k + 1], (a, b, row)


@pytest.mark.parametrize("expr, near", [
    ("SUBSTR(x, 1, 2) > 'ab'", "x > 'ab'"),  # 'abc': the prefix equals, the text is greater
    ("SUBSTR(x, 1, 2) <= 'ab'", "x <= 'ab'"),
    ("SUBSTR(x, 1, 5) = '2012'", "x = '2012'"),  # '2012', a NUL, more: SUBSTR stops at the NUL
    ("SUBSTR(x, 1, 2) = 'abc'", "(x >= 'abc' AND x < 'abd')"),  # longer than the prefix
    ("x LIKE 'ab%'", "(x >= 'ab' AND x < 'ac')"),  # LIKE folds case: 'AB'
    ("x GLOB 'a?*'", "(x >= 'a?' AND x < 'a@')"),  # 'ab'
    ("LOWER(SUBSTR(x, 1, 2)) = 'ab'", "(x >= 'ab' AND x < 'ac')"),
])
def test_near_misses_keep_two_forms_and_sqlite_separates_them(expr, near):
    assert _form(expr) != _form(near)
    assert any(a != b for con in _databases(200) for a, b in con.execute(f"SELECT {expr}, {near} FROM t"))


def test_blobs_break_the_laws():
    con = sqlite3.connect(":memory:")
    # the empty BLOB: SUBSTR of it is NULL, the BLOB compares above every text
    assert con.execute("SELECT SUBSTR(x'', 1, 4) IS NULL, x'' >= '2012'").fetchone() == (1, 1)
    # LOWER reads a BLOB's bytes as text
    assert con.execute("SELECT LOWER(SUBSTR(x'4142', 1, 2)) = 'ab'").fetchone() == (1,)


@pytest.mark.parametrize("domain", ["sqlite", "typed"])
def test_a_proof_by_the_laws_states_text_columns_hold_text(domain):
    r = sqlverdict.verify("SELECT id FROM t WHERE SUBSTR(x, 1, 4) = '2012'",
                          "SELECT id FROM t WHERE x >= '2012' AND x < '2013'", SCHEMA, domain=domain)
    if domain == "typed":
        assert r.status is Status.VERIFIED and r.scope == "every database"
        assert Assumption.TEXT_BLOB not in r.assumptions
    else:  # proved assuming no BLOB, or refuted by a database with one
        assert (r.status is Status.VERIFIED and Assumption.TEXT_BLOB in r.assumptions) or (
            r.status is Status.REFUTED and any(isinstance(v, bytes) for t in r.witness.tables.values()
                                               for row in t["rows"] for v in row))
