"""Keys the normal form builds from an IR's text (``normal.alpha``: an opaque derived
table's plan, a subquery as an uninterpreted function, a bag's aggregate term) rename
``alias`` fields only: a string value that spells ``alias='p'`` is not an alias (round 58:
queries that differed only by such a literal were proved equal, normal form and composed)."""

from __future__ import annotations

import sqlite3

import pytest
from tests.helpers.unbounded import DDL, SCHEMA, lowered, run

from sqlverdict.oracles.bounded.canon import canonical
from sqlverdict.oracles.bounded.unbounded import prove
from sqlverdict.oracles.bounded.unbounded.normal import alpha, column_reads
from sqlverdict.oracles.bounded.unbounded.plans import as_plan

# (a query with {} for a text literal): two literals that spell an alias field, or a column
SHAPES = [
    "SELECT COUNT(*) FROM s WHERE c = {}",
    "SELECT a, (SELECT COUNT(*) FROM s WHERE s.a = r.a AND s.c = {}) FROM r",
    "SELECT a FROM r WHERE b > (SELECT COUNT(*) FROM s WHERE c = {})",
    "SELECT r.a FROM r JOIN (SELECT a, COUNT(*) AS n FROM s WHERE c = {} GROUP BY a) AS x ON x.n = r.b",
    "SELECT x.a FROM (SELECT DISTINCT a FROM s WHERE c = {}) AS x JOIN r ON r.a = x.a",
    "SELECT r.a, x.n FROM r LEFT JOIN (SELECT a, COUNT(*) AS n FROM s WHERE c = {} GROUP BY a) AS x ON x.a = r.a",
]
LITERALS = [("'alias=''p'''", "'alias=''q'''"), ("'alias=\"p\"'", "'alias=\"q\"'"),
            ("'Col(alias=''r'', name=''a'''", "'Col(alias=''r'', name=''b'''")]


def _database():
    con = sqlite3.connect(":memory:")
    con.executescript(DDL)
    con.execute("INSERT INTO r VALUES (1, 0), (2, 1)")
    con.executemany("INSERT INTO s VALUES (?, ?)",
                    [(1, v) for v in ("alias='p'", 'alias="p"', "Col(alias='r', name='a'")])
    return con


@pytest.mark.parametrize("shape", SHAPES)
@pytest.mark.parametrize("literals", LITERALS)
def test_literals_that_spell_an_alias_stay_apart(shape, literals):
    gold, pred = (shape.format(x) for x in literals)
    con = _database()
    assert run(con, gold, "bag") != run(con, pred, "bag")
    g, p = lowered(gold), lowered(pred)
    assert not prove(g, p, SCHEMA, "bag")
    gp, pp = (as_plan(canonical(q, SCHEMA, "bag")) for q in (g, p))
    assert gp is None or pp is None or not prove(gp, pp, SCHEMA, "bag")


def test_equal_literals_still_one_key():
    """The twin: the same literal, the conjuncts in another order, is proved."""
    gold = "SELECT a, (SELECT COUNT(*) FROM s WHERE s.a = r.a AND s.c = 'alias=''p''') FROM r"
    pred = "SELECT a, (SELECT COUNT(*) FROM s WHERE s.c = 'alias=''p''' AND r.a = s.a) FROM r"
    assert prove(lowered(gold), lowered(pred), SCHEMA, "bag")


def test_alpha_renames_alias_fields_only():
    text = repr((lowered("SELECT a FROM r WHERE b = 1"), "alias='x'", 'Col(alias="y", name=\'z\''))
    out = alpha(text)
    assert "alias='x'" in out and "alias=\"y\"" in out and "r#" not in out
    assert column_reads(text) == [(a, n) for a, n in column_reads(text) if a.startswith("r")]
