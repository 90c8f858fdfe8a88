"""The i44d laws of ``canon/aggregate_laws.py`` (``unrepeated.py``, ``padded_rows.py``,
``null_counts.py``, ``ungrouped_nulls.py``, ``values_rows.py``, ``pivot_scalars.py``,
``matched_counts.py``, ``case_groups.py``) against SQLite on random databases of the rules'
schema (a value of every storage class where a column can hold one, NULLs, orphans, empty
tables), rows compared with their storage classes; and the near miss of a TEXT key
compared with a number. (A collated column's table gets no proof: ``staging._collation``.)"""

from __future__ import annotations

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

RULES = ("distinct_of_unrepeated_key", "count_of_unpadded_column", "count_gap_as_null_exists",
         "non_null_filter_without_groups", "outer_join_under_skipping_aggregates",
         "values_rows_as_union", "scalar_aggregates_of_distinct_keys", "count_of_matched_group",
         "grouped_view_under_key_subqueries", "case_buckets_as_union")
FIRES, NEAR = fixture_cases(*RULES)


@pytest.mark.parametrize("case", FIRES, ids=lambda c: c.id)
def test_pairs_the_rules_equate_agree_in_sqlite(case):
    assert_equated_and_agreeing(case, 60, typed_rows)


@pytest.mark.parametrize("case", NEAR, ids=lambda c: c.id)
def test_near_misses_stay_apart_and_sqlite_separates_them(case):
    assert_apart_and_separated(case, 200)


KEYS = """CREATE TABLE k (c TEXT PRIMARY KEY);
CREATE TABLE r (id INTEGER PRIMARY KEY, x INT);"""


def test_a_key_matched_under_conversion_repeats_rows():
    on, rows = "k.c = r.x", ["1", "01"]  # a TEXT key gets NUMERIC affinity: both match 1
    schema = from_ddl(KEYS)
    gold = f"SELECT COUNT(DISTINCT r.id) FROM r JOIN k ON {on}"
    pred = f"SELECT COUNT(r.id) FROM r JOIN k ON {on}"
    forms = [canonical(ir.lower(q, schema).query, schema, "bag") for q in (gold, pred)]
    assert forms[0] != forms[1]
    con = sqlite3.connect(":memory:")
    con.executescript(KEYS)
    con.executemany("INSERT INTO k VALUES (?)", [(v,) for v in rows])
    con.execute("INSERT INTO r VALUES (1, 1)")
    assert con.execute(gold).fetchall() != con.execute(pred).fetchall()
