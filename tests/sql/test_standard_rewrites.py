"""The standard rewrites (``sql.standard``) against what the SQL standard and PostgreSQL define.

Each query is translated from its dialect to SQLite (``sql.dialect.to_sqlite``) and run in
SQLite on random small tables (NULLs and duplicates included); the expected result is
computed in Python from the definition: grouping sets group once per set with the other
keys NULL (the empty set is one group, also of no rows), ``EXCEPT ALL`` keeps ``max(0, m -
n)`` copies and ``INTERSECT ALL`` ``min(m, n)``, PostgreSQL puts NULLs last in ascending
order, EXTRACT reads calendar parts.
"""

from __future__ import annotations

import datetime
import functools
import sqlite3
from collections import Counter
from itertools import product

from hypothesis import given, settings
from hypothesis import strategies as st

from sqlverdict.sql import dialect

to_sqlite = functools.cache(dialect.to_sqlite)  # translated once per test, run per example

INTS = st.one_of(st.none(), st.integers(-2, 3))
TEXTS = st.one_of(st.none(), st.sampled_from(["x", "y", "Y"]))
ROWS = st.lists(st.tuples(INTS, TEXTS, INTS), max_size=7)
PAIRS = st.lists(st.tuples(INTS, INTS), max_size=7)


def run(sql: str, tables: dict[str, tuple[str, list]]) -> list[tuple]:
    conn = sqlite3.connect(":memory:")
    for name, (ddl, rows) in tables.items():
        conn.execute(f"CREATE TABLE {name}({ddl})")
        if rows:
            marks = ", ".join("?" * len(rows[0]))
            conn.executemany(f"INSERT INTO {name} VALUES ({marks})", rows)
    return [tuple(r) for r in conn.execute(sql).fetchall()]


def t_table(rows):
    return {"t": ("a INT, b TEXT, c INT", rows)}


# ---------------------------------------------------------------- grouping sets, by definition


def grouping_sets_result(rows, sets, keys, make_row, having=lambda g, s: True):
    """For each grouping set (key positions), one row per group (NULL keys grouped together;
    the empty set: one group even of no rows), built by ``make_row(group_key, rows, set)``."""
    out = []
    for s in sets:
        groups: dict[tuple, list] = {(): list(rows)} if not s else {}
        for r in rows if s else ():
            groups.setdefault(tuple(r[keys[k]] for k in s), []).append(r)
        for gk, members in groups.items():
            if having(members, s):
                full = {k: (gk[s.index(k)] if k in s else None) for k in range(len(keys))}
                out.append(make_row(full, members, s))
    return Counter(out)


def total(members, col):
    vals = [m[col] for m in members if m[col] is not None]
    return sum(vals) if vals else None


@settings(max_examples=60, deadline=None)
@given(ROWS)
def test_rollup_is_the_union_of_its_grouping_sets(rows):
    sql = to_sqlite("SELECT a, b, COUNT(*), SUM(c), GROUPING(a, b) FROM t GROUP BY ROLLUP (a, b)",
                    "postgres")
    want = grouping_sets_result(
        rows, [(0, 1), (0,), ()], [0, 1],
        lambda k, m, s: (k[0], k[1], len(m), total(m, 2), (0 if 0 in s else 2) + (0 if 1 in s else 1)))
    assert Counter(run(sql, t_table(rows))) == want


@settings(max_examples=60, deadline=None)
@given(ROWS)
def test_cube_and_having(rows):
    sql = to_sqlite("SELECT a, b, COUNT(c) AS n FROM t GROUP BY CUBE (a, b) HAVING COUNT(*) > 1",
                    "postgres")
    sets = [s for s in [(0, 1), (0,), (1,), ()]]
    want = grouping_sets_result(rows, sets, [0, 1],
                                lambda k, m, s: (k[0], k[1], sum(x[2] is not None for x in m)),
                                having=lambda m, s: len(m) > 1)
    assert Counter(run(sql, t_table(rows))) == want


@settings(max_examples=60, deadline=None)
@given(ROWS)
def test_grouping_sets_with_a_plain_key(rows):
    sql = to_sqlite("SELECT a, b, MAX(c) FROM t WHERE c IS NOT NULL OR a IS NULL "
                    "GROUP BY a, GROUPING SETS ((b), ())", "postgres")
    kept = [r for r in rows if r[2] is not None or r[0] is None]

    def mx(m):
        vals = [x[2] for x in m if x[2] is not None]
        return max(vals) if vals else None

    want = grouping_sets_result(kept, [(0, 1), (0,)], [0, 1], lambda k, m, s: (k[0], k[1], mx(m)))
    assert Counter(run(sql, t_table(rows))) == want


@settings(max_examples=60, deadline=None)
@given(ROWS)
def test_mysql_with_rollup_and_no_aggregate(rows):
    sql = to_sqlite("SELECT a FROM t GROUP BY a WITH ROLLUP", "mysql")
    want = grouping_sets_result(rows, [(0,), ()], [0], lambda k, m, s: (k[0],))
    assert Counter(run(sql, t_table(rows))) == want


@settings(max_examples=40, deadline=None)
@given(ROWS)
def test_rollup_ordered_with_nulls_last_and_limited(rows):
    sql = to_sqlite("SELECT a, COUNT(*) AS n FROM t GROUP BY ROLLUP (a) ORDER BY a DESC, n LIMIT 3",
                    "postgres")
    got = run(sql, t_table(rows))
    full = grouping_sets_result(rows, [(0,), ()], [0], lambda k, m, s: (k[0], len(m)))
    # PostgreSQL: DESC puts NULLs first; then n ascending
    want = sorted(full.elements(), key=lambda r: (r[0] is not None, -(r[0] or 0), r[1]))[:3]
    assert got == want


# ---------------------------------------------------------------- EXCEPT ALL / INTERSECT ALL


def uv(t_rows, u_rows):
    return {"t": ("a INT, b INT", t_rows), "u": ("a INT, b INT", u_rows)}


@settings(max_examples=80, deadline=None)
@given(PAIRS, PAIRS)
def test_except_all_keeps_the_surplus_copies(t_rows, u_rows):
    sql = to_sqlite("SELECT a, b FROM t EXCEPT ALL SELECT a, b FROM u", "postgres")
    assert Counter(run(sql, uv(t_rows, u_rows))) == Counter(t_rows) - Counter(u_rows)


@settings(max_examples=80, deadline=None)
@given(PAIRS, PAIRS)
def test_intersect_all_keeps_the_common_copies(t_rows, u_rows):
    sql = to_sqlite("SELECT b FROM t INTERSECT ALL SELECT a FROM u", "postgres")
    want = Counter((r[1],) for r in t_rows) & Counter((r[0],) for r in u_rows)
    assert Counter(run(sql, uv(t_rows, u_rows))) == want


@settings(max_examples=60, deadline=None)
@given(PAIRS, PAIRS)
def test_chained_bag_operations_in_a_derived_table(t_rows, u_rows):
    # INTERSECT binds tighter than EXCEPT: t EXCEPT ALL (u INTERSECT ALL t)
    sql = to_sqlite("SELECT COUNT(*), SUM(a) FROM (SELECT a FROM t EXCEPT ALL "
                    "SELECT a FROM u INTERSECT ALL SELECT b FROM t) AS d", "postgres")
    ta, ua, tb = (Counter((r[i],) for r in rows) for rows, i in ((t_rows, 0), (u_rows, 0), (t_rows, 1)))
    left = ta - (ua & tb)
    vals = [v for (v,), n in left.items() for _ in range(n) if v is not None]
    assert run(sql, uv(t_rows, u_rows)) == [(sum(left.values()), sum(vals) if vals else None)]


@settings(max_examples=40, deadline=None)
@given(PAIRS, PAIRS)
def test_except_all_ordered_and_limited(t_rows, u_rows):
    sql = to_sqlite("SELECT a FROM t EXCEPT ALL SELECT b FROM u ORDER BY 1 LIMIT 4", "postgres")
    left = Counter((r[0],) for r in t_rows) - Counter((r[1],) for r in u_rows)
    want = sorted(left.elements(), key=lambda r: (r[0] is None, r[0] or 0))[:4]
    assert run(sql, uv(t_rows, u_rows)) == want


# ---------------------------------------------------------------- NULL order, date parts


@settings(max_examples=60, deadline=None)
@given(ROWS)
def test_postgres_null_order(rows):
    sql = to_sqlite("SELECT a, c FROM t ORDER BY a, c DESC", "postgres")
    want = sorted(((r[0], r[2]) for r in rows),
                  key=lambda r: (r[0] is None, r[0] or 0, r[1] is not None, -(r[1] or 0)))
    assert run(sql, t_table(rows)) == want
    sql = to_sqlite("SELECT a FROM t UNION SELECT c FROM t ORDER BY 1 DESC", "postgres")
    vals = {r[0] for r in rows} | {r[2] for r in rows}
    assert run(sql, t_table(rows)) == [(v,) for v in sorted(vals, key=lambda v: (v is not None, -(v or 0)))]


DATES = st.dates(datetime.date(1990, 1, 1), datetime.date(2030, 12, 31))


@settings(max_examples=40, deadline=None)
@given(st.lists(DATES, max_size=6))
def test_extract_reads_calendar_parts_of_iso_text(dates):
    sql = to_sqlite("SELECT EXTRACT(YEAR FROM d), EXTRACT(MONTH FROM d), EXTRACT(DAY FROM d), "
                    "EXTRACT(DOW FROM d), EXTRACT(QUARTER FROM d), EXTRACT(DOY FROM d) FROM dt",
                    "postgres")
    got = run(sql, {"dt": ("d DATE", [(d.isoformat(),) for d in dates])})
    want = [(d.year, d.month, d.day, d.isoweekday() % 7, (d.month - 1) // 3 + 1,
             d.timetuple().tm_yday) for d in dates]
    assert Counter(got) == Counter(want)


def test_every_grouping_set_shape_translates():
    for shape, name in product(["ROLLUP (a, b)", "CUBE (a, b)", "GROUPING SETS ((a, b), (b), ())"],
                                  ["postgres", "snowflake", "bigquery", "duckdb"]):
        sql = to_sqlite(f"SELECT a, b, COUNT(*) FROM t GROUP BY {shape}", name)
        assert "UNION ALL" in sql and "ROLLUP" not in sql and "CUBE" not in sql, (name, sql)


def _like(pattern: str, s: str, fold: bool) -> bool:
    import re

    rx = "".join(".*" if c == "%" else "." if c == "_" else re.escape(c) for c in pattern)
    return re.fullmatch(rx, s, re.S | (re.I if fold else 0)) is not None


@settings(max_examples=150, deadline=None)
@given(st.text("aAb%_*?[]", max_size=5), st.lists(st.text("aAb*?[]", max_size=4), max_size=6))
def test_like_keeps_the_case_sensitivity_of_its_dialect(pattern, values):
    tables = {"s": ("v TEXT", [(v,) for v in values])}
    lit = "'" + pattern.replace("'", "''") + "'"
    for name, fold in (("postgres", False), ("mysql", True)):
        sql = to_sqlite(f"SELECT v FROM s WHERE v LIKE {lit}", name)
        assert Counter(run(sql, tables)) == Counter((v,) for v in values if _like(pattern, v, fold)), sql
    sql = to_sqlite(f"SELECT v FROM s WHERE v ILIKE {lit}", "postgres")
    assert Counter(run(sql, tables)) == Counter((v,) for v in values if _like(pattern, v, True)), sql


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.one_of(st.none(), st.sampled_from(["ab", "", "xyz"])),
                          st.one_of(st.none(), st.integers(-3, 3)),
                          st.one_of(st.none(), st.sampled_from([-2.5, -0.5, 0.5, 1.5, 2.49, 7.0]))),
                max_size=6))
def test_functions_keep_their_source_meaning(rows):
    tables = {"f": ("s TEXT, i INT, x REAL", rows)}
    sql = to_sqlite("SELECT COUNTIF(i > 0) FROM f", "bigquery")
    assert run(sql, tables) == [(sum(1 for r in rows if r[1] is not None and r[1] > 0),)]
    sql = to_sqlite("SELECT CONCAT(s, i), LEFT(s, 2), RIGHT(s, 2) FROM f", "postgres")
    want = [(("" if r[0] is None else r[0]) + ("" if r[1] is None else str(r[1])),
             None if r[0] is None else r[0][:2], None if r[0] is None else r[0][-2:]) for r in rows]
    assert Counter(run(sql, tables)) == Counter(want)
    sql = to_sqlite("SELECT CAST(x AS INT) FROM f", "postgres")  # numeric: half away from zero

    def half_away(v):
        import math
        return None if v is None else int(math.copysign(math.floor(abs(v) + 0.5), v))

    assert Counter(run(sql, tables)) == Counter((half_away(r[2]),) for r in rows)
    sql = to_sqlite("SELECT CAST(x AS INT) FROM f", "tsql")  # SQL Server truncates
    assert Counter(run(sql, tables)) == Counter((None if r[2] is None else int(r[2]),) for r in rows)


VARIANCES = [  # (dialect, SQL function, sample?, square root?), each dialect's own names
    ("postgres", "VAR_POP", False, False), ("postgres", "VAR_SAMP", True, False),
    ("postgres", "VARIANCE", True, False), ("postgres", "STDDEV", True, True),
    ("postgres", "STDDEV_POP", False, True), ("postgres", "STDDEV_SAMP", True, True),
    ("mysql", "VARIANCE", False, False), ("mysql", "STD", False, True),
    ("mysql", "STDDEV_SAMP", True, True), ("duckdb", "STDDEV", True, True),
    ("bigquery", "VAR_SAMP", True, False),
]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.integers(0, 2), st.one_of(st.none(), st.integers(-5, 9),
                                                       st.sampled_from([0.5, -2.25, 3.75]))),
                max_size=7))
def test_variance_and_deviation_as_their_definitions(rows):
    """Population and sample variance and deviation per group, against Python's statistics
    (NULLs ignored; the sample ones are NULL below two values, the population ones on none)."""
    import math
    import statistics

    tables = {"v": ("g INT, x REAL", rows)}
    for name, fn, sample, root in VARIANCES:
        sql = to_sqlite(f"SELECT g, {fn}(x) FROM v GROUP BY g", name)
        got = dict(run(sql, tables))
        for g in {r[0] for r in rows}:
            xs = [r[1] for r in rows if r[0] == g and r[1] is not None]
            if len(xs) < (2 if sample else 1):
                assert got[g] is None, (name, fn, xs, sql)
                continue
            want = (statistics.variance if sample else statistics.pvariance)(xs)
            want = math.sqrt(want) if root else want
            assert got[g] is not None and math.isclose(got[g], want, rel_tol=1e-9, abs_tol=1e-9), \
                (name, fn, xs, got[g], want, sql)
