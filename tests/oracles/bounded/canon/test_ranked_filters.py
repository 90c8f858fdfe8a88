"""``first_row_as_extremum``, ``no_earlier_as_extremum`` (``canon/first_extrema.py``), ``null_rejected_by_subquery``
(``canon/subquery_nulls.py``), ``window_aggregates_below_view`` (``canon/view_aggregates.py``),
``extremum_of_rank_cut``, ``offset_as_rank_cut``, ``distinct_rank_cut_as_group``
(``canon/rank_cuts.py``), ``dependent_items_of_distinct_view`` (``canon/distinct_views.py``),
``distinct_count_as_no_chain`` (``canon/count_chains.py``), ``in_top_distinct_as_count``
(``canon/top_members.py``) and ``top_ranked_groups_as_max`` (``canon/top_groups.py``) against
SQLite.

The fixtures' pairs on random databases of every storage class (NULLs, duplicates, empty
tables, texts and BLOBs in numeric columns), rows compared with their storage classes; the
first row of a partition over a TEXT key of case variants, BLOBs and numbers turned text, in
every NULL order; its typed-domain form over INTEGER columns, which the sqlite domain
refuses."""

from __future__ import annotations

import random
import sqlite3

import pytest
from tests.helpers.rule_databases import (
    assert_apart_and_separated,
    assert_equated_and_agreeing,
    fixture_cases,
    typed_rows,
)

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical
from sqlverdict.schema import from_ddl

FIRES, NEAR = fixture_cases("first_row_as_extremum", "null_rejected_by_subquery",
                            "window_aggregates_below_view", "extremum_of_rank_cut",
                            "offset_as_rank_cut", "distinct_count_as_no_chain",
                            "in_top_distinct_as_count", "no_earlier_as_extremum",
                            "distinct_rank_cut_as_group", "dependent_items_of_distinct_view",
                            "top_ranked_groups_as_max")
FIRES, NEAR = ([c for c in cases if c.get("schema", "schema.ddl") == "schema.ddl"]  # (the others:
               for cases in (FIRES, NEAR))  # test_partition_extrema.py)


@pytest.mark.parametrize("case", FIRES, ids=lambda c: c.id)
def test_pairs_the_rules_equate_agree_in_sqlite_class_for_class(case):
    assert_equated_and_agreeing(case, 100, rows=typed_rows)


@pytest.mark.parametrize("case", NEAR, ids=lambda c: c.id)
def test_near_misses_stay_apart_and_sqlite_separates_them(case):
    assert_apart_and_separated(case, 100)


DDL = "CREATE TABLE u (id INTEGER PRIMARY KEY, p TEXT, k TEXT, n INT)"
SCHEMA = from_ddl(DDL)
TEXTS = [None, "a", "A", "b", "", " a", b"a", b"b", 2, 10, 2.5]  # numbers become text
INTS = [None, 0, 1, 1, 2]
FIRST = [  # (ORDER BY, extremum, filter below): NULLs last, or none kept
    ("k DESC", "MAX(k)", ""),
    ("k IS NULL, k", "MIN(k)", ""),
    ("k IS NULL, k, id DESC", "MIN(k)", " WHERE n > 0"),
    ("k", "MIN(k)", " WHERE k IS NOT NULL"),
    ("k IS NULL DESC, k DESC", "MAX(k)", " WHERE k > 'a'"),
]


def _forms(gold, pred, typed=False):
    return [canonical(ir.lower(q, SCHEMA).query, SCHEMA, "bag", typed=typed) for q in (gold, pred)]


def _agree(gold, pred, seed):
    rng = random.Random(seed)
    for _ in range(100):
        con = sqlite3.connect(":memory:")
        con.execute(DDL)
        con.executemany("INSERT INTO u VALUES (?, ?, ?, ?)",
                        [(i, rng.choice(TEXTS[:5]), rng.choice(TEXTS), rng.choice(INTS))
                         for i in range(rng.randint(0, 6))])
        assert typed_rows(con, gold) == typed_rows(con, pred), (gold, pred, con.execute("SELECT * FROM u").fetchall())


@pytest.mark.parametrize("case", FIRST, ids=lambda c: c[0])
def test_the_first_row_of_a_text_key_is_its_extremum(case):
    order, agg, below = case
    gold = (f"SELECT d.p, d.k FROM (SELECT p, k, ROW_NUMBER() OVER (PARTITION BY p ORDER BY {order}) "
            f"AS rn FROM u{below}) AS d WHERE d.rn = 1")
    pred = f"SELECT p, {agg} FROM u{below} GROUP BY p"
    a, b = _forms(gold, pred)
    assert a == b, (gold, pred)
    _agree(gold, pred, gold)


def test_nulls_first_and_integer_columns_outside_the_typed_domain_keep_their_forms():
    nulls_first = ("SELECT d.p, d.k FROM (SELECT p, k, ROW_NUMBER() OVER (PARTITION BY p ORDER BY k) "
                   "AS rn FROM u) AS d WHERE d.rn = 1", "SELECT p, MIN(k) FROM u GROUP BY p")
    a, b = _forms(*nulls_first)
    assert a != b
    integers = ("SELECT d.p, d.n FROM (SELECT p, n, ROW_NUMBER() OVER (PARTITION BY p ORDER BY n DESC) "
                "AS rn FROM u) AS d WHERE d.rn = 1", "SELECT p, MAX(n) FROM u GROUP BY p")
    a, b = _forms(*integers)
    assert a != b, "the REAL -2**63 beside the INTEGER one: equal, shown apart"
    a, b = _forms(*integers, typed=True)
    assert a == b


CUTS = [(fn, link, n) for fn in ("MAX", "MIN") for link in ("", " AND s.p IS u.p", " AND s.p = u.p")
        for n in (0, 2)]


@pytest.mark.parametrize("case", CUTS, ids=lambda c: f"{c[0]}{c[1]}-{c[2]}")
def test_the_extremum_of_a_rank_cut_reads_the_cut_as_at_least(case):
    fn, link, n = case
    above = ">" if fn == "MAX" else "<"
    count = (f"(SELECT COUNT(DISTINCT s.k) FROM u AS s WHERE s.n > 0{link} AND s.k {above} u.k)")
    gold = f"SELECT {fn}(u.k) FROM u WHERE u.n > 0 AND {count} = {n}"
    pred = f"SELECT {fn}(u.k) FROM u WHERE u.n > 0 AND {count} >= {n}"
    a, b = _forms(gold, pred)
    assert a == b, (gold, pred)
    _agree(gold, pred, gold)


@pytest.mark.parametrize("m", [2, 3])
@pytest.mark.parametrize("order", ["k DESC", "k IS NULL DESC, k DESC"])
def test_a_distinct_offset_is_the_extremum_of_its_rank_cut(m, order):
    gold = f"SELECT (SELECT DISTINCT k FROM u WHERE n > 0 ORDER BY {order} LIMIT 1 OFFSET {m})"
    pred = (f"SELECT MAX(u.k) FROM u WHERE u.n > 0 AND (SELECT COUNT(DISTINCT s.k) FROM u AS s "
            f"WHERE s.n > 0 AND s.k > u.k) >= {m}")
    a, b = _forms(gold, pred)
    assert (a == b) == (order == "k DESC"), (gold, pred)  # NULLS FIRST: a NULL takes a place
    if a == b:
        _agree(gold, pred, gold)


@pytest.mark.parametrize("n", [2, 3])
@pytest.mark.parametrize("link", [" AND s.p IS u.p", " AND s.p = u.p AND s.n > 0"])
def test_fewer_than_n_distinct_values_is_no_chain_of_n(n, link):
    gold = (f"SELECT u.id FROM u WHERE (SELECT COUNT(DISTINCT s.k) FROM u AS s WHERE s.k > u.k{link}) "
            f"< {n}")
    copies = [f"c{i}" for i in range(n)]
    conds = [link[5:].replace("s.", f"{c}.") for c in copies] + ["c0.k > u.k"]
    conds += [f"{a}.k < {b}.k" for a, b in zip(copies, copies[1:], strict=False)]
    pred = (f"SELECT u.id FROM u WHERE NOT EXISTS (SELECT 1 FROM {', '.join(f'u AS {c}' for c in copies)} "
            f"WHERE {' AND '.join(conds)})")
    a, b = _forms(gold, pred)
    assert a == b, (gold, pred)
    _agree(gold, pred, gold)


@pytest.mark.parametrize("n", [1, 2, 3])
@pytest.mark.parametrize("case", [("k DESC", "", "DENSE_RANK() OVER (PARTITION BY p ORDER BY k DESC)"),
                                  ("k", " AND s.k IS NOT NULL", "DENSE_RANK() OVER (PARTITION BY p ORDER BY k)")],
                         ids=["desc", "asc-never-null"])
def test_membership_in_the_top_distinct_values_is_a_dense_rank_cut(n, case):
    order, keep, rank = case
    gold = (f"SELECT u.id, u.k FROM u WHERE u.k IN (SELECT DISTINCT s.k FROM u AS s WHERE s.p IS u.p{keep} "
            f"ORDER BY s.{order} LIMIT {n})")
    pred = f"SELECT id, k FROM (SELECT id, k, {rank} AS r FROM u WHERE k IS NOT NULL) AS d WHERE r <= {n}"
    a, b = _forms(gold, pred)
    assert a == b, (gold, pred)
    _agree(gold, pred, gold)


@pytest.mark.parametrize("case", [("<", "MIN", "IS", ""), (">", "MAX", "=", " AND u.p IS NOT NULL"),
                                  ("<", "MIN", "IS", " AND u.n > 0")], ids=str)
def test_rows_with_no_earlier_one_hold_the_extremum(case):
    op, fn, link, keep = case
    inner = keep.replace("u.", "b.").replace("b.p IS NOT NULL", "b.k IS NOT NULL")
    gold = (f"SELECT DISTINCT u.p, u.k FROM u WHERE u.k IS NOT NULL{keep} AND NOT EXISTS (SELECT 1 FROM u AS b "
            f"WHERE b.p {link} u.p AND b.k {op} u.k{inner if 'n >' in inner else ''})")
    pred = f"SELECT p, {fn}(k) FROM u WHERE k IS NOT NULL{keep.replace('u.', '')} GROUP BY p"
    a, b = _forms(gold, pred)
    assert a == b, (gold, pred)
    _agree(gold, pred, gold)


@pytest.mark.parametrize("case", [("RANK", "COUNT(*)", "DESC", "MAX", ""),
                                  ("DENSE_RANK", "MIN(id)", "", "MIN", " HAVING COUNT(k) > 0"),
                                  ("RANK", "COUNT(DISTINCT k)", "DESC", "MAX", " WHERE n > 0")], ids=str)
def test_the_groups_ranked_first_reach_the_extremum(case):
    rank, agg, desc, fn, tail = case
    body = tail.replace(" HAVING", " GROUP BY p HAVING") if "HAVING" in tail else tail + " GROUP BY p"
    gold = f"SELECT d.p FROM (SELECT p, {rank}() OVER (ORDER BY {agg} {desc}) AS r FROM u{body}) AS d WHERE d.r = 1"
    having = f"{agg} = (SELECT {fn}(m) FROM (SELECT {agg} AS m FROM u{body}) AS t)"
    pred = (f"SELECT p FROM u{body} {'AND' if 'HAVING' in body else 'HAVING'} {having}")
    a, b = _forms(gold, pred)
    assert a == b, (gold, pred)
    _agree(gold, pred, gold)
