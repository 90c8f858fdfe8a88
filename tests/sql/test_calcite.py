"""The ``calcite`` dialect and the PostgreSQL constructs it shares: each translation runs in
a real SQLite database with rows and returns what the source engine returns (the expected
rows are computed here by hand or in Python, never by the translation); constructs with no
faithful SQLite counterpart are ``unknown`` and named. Verdicts on pairs of these
constructs: ``tests/fixtures/equivalence/calcite_dialect.sql``."""

from __future__ import annotations

import calendar
import datetime
import json
import sqlite3

import pytest
from typer.testing import CliRunner

from sqlverdict import verify
from sqlverdict.cli import app
from sqlverdict.schema import from_ddl
from sqlverdict.sql.dialect import Untranslatable, check_dialect, dialects, to_sqlite

DDL = """
CREATE TABLE emp (empno INTEGER PRIMARY KEY, ename TEXT, mgr INT, sal INT, comm REAL, d TEXT);
"""
ROWS = [(1, "Smith", None, 100, None, "1993-01-31"), (2, "smith", 1, 250, 1.0, "1992-02-29"),
        (3, "Jones", 1, 250, 1.0, "1993-03-15"), (4, None, 2, 75, 2.5, None),
        (5, "Sm_th", 2, 100, 1.0, "1993-05-31")]
SCHEMA = from_ddl(DDL)


@pytest.fixture(scope="module")
def db():
    c = sqlite3.connect(":memory:")
    c.executescript(DDL)
    c.executemany("INSERT INTO emp VALUES (?, ?, ?, ?, ?, ?)", ROWS)
    yield c
    c.close()


def run(db, sql, dialect="calcite"):
    return db.execute(to_sqlite(sql, dialect)).fetchall()


def test_calcite_is_a_dialect_name():
    assert "calcite" in dialects() and check_dialect("Calcite") == "calcite"
    assert check_dialect("sqlite:calcite") == "sqlite:calcite"


def test_dollar_names_are_identifiers(db):
    got = run(db, "SELECT t.$f1, t.EXPR$0 FROM (SELECT sal AS EXPR$0, COUNT(*) AS $f1 FROM emp "
                  "GROUP BY sal) AS t ORDER BY t.EXPR$0")
    assert got == [(1, 75), (2, 100), (2, 250)]


def test_values_columns_named_by_an_alias_or_as_calcite_names_them(db):
    assert run(db, "SELECT X + Y FROM (VALUES (10, 1), (30, 3)) AS T(X, Y)", "postgres") == [(11,), (33,)]
    assert run(db, "SELECT t.EXPR$1, EXPR$0 FROM (VALUES (10, 1), (30, 3)) AS t") == [(1, 10), (3, 30)]
    with pytest.raises(Untranslatable, match="column list of another length"):
        to_sqlite("SELECT x FROM (VALUES (1, 2)) AS t(x)", "postgres")


def test_group_by_an_integer_is_a_constant_in_calcite_and_an_ordinal_in_postgres(db):
    assert run(db, "SELECT COUNT(*) FROM emp GROUP BY 4") == [(5,)]
    assert run(db, "SELECT COUNT(*) FROM emp WHERE 1 = 0 GROUP BY 4, 2 + 3") == []  # no group
    assert run(db, "SELECT COUNT(*) FROM emp WHERE 1 = 0") == [(0,)]
    assert sorted(run(db, "SELECT sal, COUNT(*) FROM emp GROUP BY 1", "postgres")) == [
        (75, 1), (100, 2), (250, 2)]
    assert sorted(run(db, "SELECT sal, COUNT(*) FROM emp GROUP BY sal, -1")) == [
        (75, 1), (100, 2), (250, 2)]


def test_parenthesised_set_operands_keep_their_own_order_and_fetch(db):
    sql = ("SELECT * FROM ((SELECT empno FROM emp ORDER BY empno DESC FETCH NEXT 2 ROWS ONLY) "
           "UNION ALL (SELECT mgr FROM emp WHERE mgr = 2)) AS T1")
    assert sorted(run(db, sql)) == [(2,), (2,), (4,), (5,)]
    # a parenthesised right operand groups: emp EXCEPT (x UNION emp) is empty
    assert run(db, "SELECT sal FROM emp EXCEPT (SELECT 1 UNION SELECT sal FROM emp)", "postgres") == []


def test_a_statement_in_parentheses_is_the_query_inside(db):
    sql = ("((SELECT empno FROM emp ORDER BY empno DESC FETCH NEXT 2 ROWS ONLY) "
           "UNION ALL (SELECT mgr FROM emp WHERE mgr = 2))")
    assert sorted(run(db, sql)) == [(2,), (2,), (4,), (5,)]
    assert run(db, "((SELECT ename FROM emp WHERE empno = 3))", "postgres") == [("Jones",)]
    with pytest.raises(sqlite3.OperationalError):  # SQLite itself does not read it
        db.execute("(SELECT ename FROM emp WHERE empno = 3)")


def test_lateral_aggregate_subqueries_are_scalar_subqueries(db):
    sql = ("SELECT t1.empno, s.m, s.c FROM emp AS t1 LEFT JOIN LATERAL (SELECT MAX(t2.sal) AS m, "
           "COUNT(*) AS c FROM emp AS t2 WHERE t2.mgr = t1.empno) AS s ON TRUE ORDER BY t1.empno")
    assert run(db, sql) == [(1, 250, 2), (2, 100, 2), (3, None, 0), (4, None, 0), (5, None, 0)]
    sql = ("SELECT t1.empno FROM emp AS t1 CROSS JOIN LATERAL (SELECT COUNT(*) AS c FROM emp AS t2 "
           "WHERE t2.mgr = t1.empno) AS s WHERE s.c > 0 ORDER BY 1")
    assert run(db, sql, "postgres") == [(1,), (2,)]
    sql = ("SELECT t1.empno FROM emp AS t1 JOIN LATERAL (SELECT COUNT(*) AS c FROM emp AS t2 "
           "WHERE t2.mgr = t1.empno) AS s ON s.c = 0 ORDER BY 1")
    assert run(db, sql) == [(3,), (4,), (5,)]


@pytest.mark.parametrize("sql, why", [
    ("SELECT s.x FROM emp AS t1, LATERAL (SELECT t2.ename AS x FROM emp AS t2 WHERE t2.mgr = t1.empno "
     "ORDER BY t2.sal LIMIT 1) AS s", "LIMIT"),
    ("SELECT s.x FROM emp AS t1, LATERAL (SELECT t2.ename AS x FROM emp AS t2 WHERE t2.mgr = t1.empno) AS s "
     "RIGHT JOIN emp AS t3 ON t3.empno = t1.empno", "RIGHT, FULL"),
    ("SELECT s.c FROM emp AS t1, LATERAL (SELECT COUNT(*) AS c FROM emp AS t2 WHERE t2.mgr = t1.empno "
     "GROUP BY t2.sal) AS s", "GROUP BY"),
    ("SELECT s.c FROM emp AS t1 LEFT JOIN LATERAL (SELECT COUNT(*) AS c FROM emp AS t2 "
     "WHERE t2.mgr = t1.empno) AS s ON s.c > 1", "LEFT JOIN LATERAL with a condition"),
])
def test_lateral_joins_that_do_not_decorrelate_exactly_are_named(sql, why):
    with pytest.raises(Untranslatable, match="LATERAL") as e:
        to_sqlite(sql, "calcite")
    assert why in str(e.value)


def test_count_distinct_of_several_columns(db):
    db.execute("CREATE TEMP TABLE p(a, b)")  # no affinity: 1 and 1.0 and '1' all kept as given
    rows = [(1, "x"), (1.0, "x"), ("1", "x"), (None, "x"), (2, None), (2, "y"), (2, "y"), (2, "y,z")]
    db.executemany("INSERT INTO p VALUES (?, ?)", rows)
    # PostgreSQL: distinct non-NULL rows; 1 = 1.0 (a numeric column), '1' is another value here
    assert run(db, "SELECT COUNT(DISTINCT a, b) FROM p", "postgres") == [(4,)]
    assert run(db, "SELECT COUNT(DISTINCT b, a) FROM p WHERE b <> 'x'", "postgres") == [(2,)]


def test_grouping_row_positive_unix_timestamp_concat(db):
    assert run(db, "SELECT sal, GROUPING(sal) FROM emp GROUP BY sal ORDER BY 1") == [
        (75, 0), (100, 0), (250, 0)]
    with pytest.raises(Untranslatable, match="GROUPING of an expression not grouped by"):
        to_sqlite("SELECT GROUPING(mgr) FROM emp GROUP BY sal", "calcite")
    assert run(db, "SELECT empno FROM emp WHERE ROW(mgr, sal) = ROW(1, 250) ORDER BY 1") == [(2,), (3,)]
    assert run(db, "SELECT POSITIVE(sal) FROM emp WHERE empno = 1") == [(100,)]
    epoch = calendar.timegm(datetime.date(1993, 1, 31).timetuple())
    assert run(db, "SELECT UNIX_TIMESTAMP(d) FROM emp WHERE empno = 1") == [(epoch,)]
    # Calcite's CONCAT (MySQL/BigQuery/Spark libraries) is NULL on a NULL; PostgreSQL's skips it
    assert run(db, "SELECT CONCAT(ename, 'x') FROM emp WHERE empno = 4") == [(None,)]
    assert run(db, "SELECT CONCAT(ename, 'x') FROM emp WHERE empno = 4", "postgres") == [("x",)]


def test_casts(db):
    # NUMERIC divides exactly; DECIMAL(p, s) rounds half away from zero; Calcite's DECIMAL
    # is DECIMAL(19, 0)
    assert run(db, "SELECT CAST(sal AS NUMERIC) / 2 FROM emp WHERE empno = 2", "postgres") == [(125.0,)]
    assert run(db, "SELECT CAST(sal / 3.0 AS DECIMAL(10, 1)) FROM emp WHERE empno = 1") == [(33.3,)]
    assert run(db, "SELECT CAST(comm AS DECIMAL) FROM emp WHERE empno = 4") == [(3.0,)]
    assert run(db, "SELECT CAST(comm AS NUMERIC) FROM emp WHERE empno = 4", "postgres") == [(2.5,)]
    assert run(db, "SELECT CAST(ename AS VARCHAR(3)), CAST(sal AS TEXT) FROM emp WHERE empno = 1") == [
        ("Smi", "100")]
    with pytest.raises(Untranslatable, match=r"CAST to CHAR\(3\)"):
        to_sqlite("SELECT CAST(ename AS CHAR(3)) FROM emp", "postgres")


def test_except_all_of_select_star_reads_the_schema_columns():
    from sqlverdict.engine.translation import translate

    text = translate("SELECT * FROM emp EXCEPT ALL SELECT * FROM emp WHERE sal > 100", "calcite", SCHEMA)
    c = sqlite3.connect(":memory:")
    c.executescript(DDL)
    c.executemany("INSERT INTO emp VALUES (?, ?, ?, ?, ?, ?)", ROWS)
    assert sorted(c.execute(text).fetchall(), key=str) == sorted(
        [r for r in ROWS if not r[3] > 100], key=str)
    with pytest.raises(Untranslatable, match=r"SELECT \* in an EXCEPT ALL"):
        to_sqlite("SELECT * FROM emp EXCEPT ALL SELECT * FROM emp", "calcite")  # no schema given


def test_case_string_branches_take_the_number_type(db):
    assert run(db, "SELECT CASE WHEN sal > 200 THEN 1 ELSE '2' END FROM emp WHERE empno = 1") == [(2,)]
    with pytest.raises(Untranslatable, match="CASE mixing numbers and text"):
        to_sqlite("SELECT CASE WHEN sal > 200 THEN 1 ELSE 'x' END FROM emp", "postgres")
    with pytest.raises(Untranslatable, match="CASE mixing numbers and text"):
        to_sqlite("SELECT CASE WHEN sal > 200 THEN 1 ELSE '2.5' END FROM emp", "postgres")


def _add_months(day: datetime.date, n: int) -> datetime.date:
    """PostgreSQL's date + n months: the same day, or the month's last day."""
    y, m = divmod(day.year * 12 + day.month - 1 + n, 12)
    return datetime.date(y, m + 1, min(day.day, calendar.monthrange(y, m + 1)[1]))


@pytest.mark.parametrize("n, unit", [(1, "MONTH"), (-1, "MONTH"), (12, "MONTH"), (1, "YEAR"),
                                     (-3, "MONTH"), (13, "MONTH")])
def test_month_intervals_end_on_the_last_day(db, n, unit):
    months = n * (12 if unit == "YEAR" else 1)
    op = "+" if n > 0 else "-"
    got = run(db, f"SELECT empno, d {op} INTERVAL '{abs(n)}' {unit} FROM emp ORDER BY empno")
    for (empno, shifted), row in zip(got, ROWS, strict=True):
        assert empno == row[0]
        want = None if row[5] is None else _add_months(datetime.date.fromisoformat(row[5]), months)
        assert shifted == (want.isoformat() if want else None), (row, shifted)


def test_constant_dates_and_day_and_clock_intervals(db):
    assert run(db, "SELECT DATE '1993-01-31' + INTERVAL '1' MONTH, "
                   "date('1994-01-01 +08') + interval '1' year, "
                   "DATE '1998-12-01' - INTERVAL '90' DAY, DATE '1992-02-29' + INTERVAL '1' YEAR",
               "postgres") == [("1993-02-28", "1995-01-01", "1998-09-02", "1993-02-28")]
    assert run(db, "SELECT d + INTERVAL '2' WEEK, d + INTERVAL '3' HOUR FROM emp WHERE empno = 1") == [
        ("1993-02-14", "1993-01-31 03:00:00")]
    with pytest.raises(Untranslatable, match="INTERVAL"):
        to_sqlite("SELECT d + INTERVAL '1-2' YEAR TO MONTH FROM emp", "postgres")


def test_case_sensitive_like_and_fetch_forms(db):
    assert run(db, "SELECT empno FROM emp WHERE ename LIKE 'Sm%' ORDER BY 1") == [(1,), (5,)]
    assert run(db, "SELECT empno FROM emp WHERE ename ILIKE 'sm%' ORDER BY 1") == [(1,), (2,), (5,)]
    base = "SELECT empno FROM emp ORDER BY empno "
    assert run(db, base + "FETCH NEXT 2 ROWS ONLY") == [(1,), (2,)]
    assert run(db, base + "FETCH FIRST ROW ONLY") == [(1,)]
    assert run(db, base + "OFFSET 3 ROWS") == [(4,), (5,)]
    assert run(db, base + "OFFSET 1 ROW FETCH NEXT 2 ROWS ONLY") == [(2,), (3,)]
    assert run(db, base + "LIMIT 2 OFFSET 3", "postgres") == [(4,), (5,)]
    for tail, what in (("FETCH FIRST 2 ROWS WITH TIES", "WITH TIES"),
                       ("FETCH FIRST 50 PERCENT ROWS ONLY", "PERCENT")):
        with pytest.raises(Untranslatable, match=what):
            to_sqlite(base + tail, "calcite")


def test_single_value_is_unknown_and_named():
    r = verify("SELECT SINGLE_VALUE(sal) FROM emp WHERE empno = 1",
               "SELECT MAX(sal) FROM emp WHERE empno = 1", SCHEMA, dialect="calcite")
    assert str(r.status) == "unknown" and "SINGLE_VALUE" in r.reason


def test_fetch_in_sqlite_text_is_sqlites_syntax_error_not_a_crash(tmp_path):
    # issue 25: an AttributeError traceback before
    s = tmp_path / "s.sql"
    s.write_text("CREATE TABLE t(id INTEGER PRIMARY KEY, a INT);")
    fetch, limit = ("SELECT id FROM t ORDER BY id FETCH NEXT 3 ROWS ONLY",
                    "SELECT id FROM t ORDER BY id LIMIT 3")
    res = CliRunner().invoke(app, ["verify", "--schema", str(s), fetch, limit, "--json",
                                   "--dialect", "sqlite"])
    assert res.exit_code == 2, res.output  # unknown: exit 2, as diff/cmp say trouble
    d = json.loads(res.output)
    assert d["status"] == "unknown" and "FETCH" in d["reason"] and "--dialect" in d["reason"]
    r = verify(limit, fetch, from_ddl(s.read_text()), dialect="sqlite")
    assert str(r.status) == "refuted" and r.evidence == "invalid_sql"
    # without a dialect, the pair SQLite rejects is read as PostgreSQL (``infer``)
    res = CliRunner().invoke(app, ["verify", "--schema", str(s), fetch, limit, "--json"])
    d = json.loads(res.output)
    assert (d["status"], d["dialect"], d["dialect_inferred"]) == ("verified", "postgres", True)
    res = CliRunner().invoke(app, ["verify", "--schema", str(s), fetch, limit, "--json",
                                   "--dialect", "calcite"])
    assert res.exit_code == 0, res.output
    d = json.loads(res.output)
    assert d["status"] == "verified" and d["dialect"] == "calcite"


def test_intervals_keep_the_time_of_a_timestamp():
    c = sqlite3.connect(":memory:")
    c.execute("CREATE TABLE ev(ts TEXT)")
    c.executemany("INSERT INTO ev VALUES (?)", [("1993-01-31 10:30:00",), ("1993-03-15 23:59:59",)])
    got = c.execute(to_sqlite("SELECT ts + INTERVAL '1' MONTH, ts - INTERVAL '1' DAY, "
                              "ts + INTERVAL '2' HOUR FROM ev ORDER BY ts", "postgres")).fetchall()
    assert got == [("1993-02-28 10:30:00", "1993-01-30 10:30:00", "1993-01-31 12:30:00"),
                   ("1993-04-15 23:59:59", "1993-03-14 23:59:59", "1993-03-16 01:59:59")]


def _three_valued(x, op, values, every):
    """The standard's x op ANY/ALL (values): True, False or None."""
    import operator

    f = {">": operator.gt, "<": operator.lt, ">=": operator.ge, "<=": operator.le,
         "=": operator.eq, "<>": operator.ne}[op]
    results = [None if x is None or v is None else f(x, v) for v in values]
    if every:
        return False if False in results else (None if None in results else True)
    return True if True in results else (None if None in results else False)


@pytest.mark.parametrize("quant", ["ALL", "ANY", "SOME"])
@pytest.mark.parametrize("op", [">", "<", ">=", "<=", "=", "<>"])
def test_quantified_comparisons_keep_three_valued_logic(op, quant):
    c = sqlite3.connect(":memory:")
    c.executescript("CREATE TABLE x(k INTEGER PRIMARY KEY, v INT); CREATE TABLE u(g INT, w INT);")
    xs = [0, 2, 3, 5, None]
    groups = {1: [1, 3, None], 2: [1, 3], 3: [], 4: [None], 5: [3, 3]}
    c.executemany("INSERT INTO x VALUES (?, ?)", list(enumerate(xs)))
    c.executemany("INSERT INTO u VALUES (?, ?)", [(g, w) for g, ws in groups.items() for w in ws])
    sql = to_sqlite(f"SELECT x.k, g.g, x.v {op} {quant} (SELECT u.w FROM u WHERE u.g = g.g) "
                    "FROM x, (SELECT DISTINCT g FROM u UNION SELECT 3) AS g", "postgres")
    for k, g, got in c.execute(sql).fetchall():
        want = _three_valued(xs[k], op, groups[g], quant == "ALL")
        assert (None if got is None else bool(got)) == want, (xs[k], op, quant, groups[g], got)


def test_lateral_select_project_filter_subqueries_are_inlined(db):
    from sqlverdict.engine.translation import translate

    sql = ("SELECT t1.empno, s.x FROM emp AS t1, LATERAL (SELECT t2.empno * 10 AS x FROM emp AS t2 "
           "WHERE t2.mgr = t1.empno OR t2.sal = t1.sal) AS s ORDER BY 1, 2")
    want = sorted((a[0], b[0] * 10) for a in ROWS for b in ROWS
                  if b[2] == a[0] or b[3] == a[3])
    assert run(db, sql) == want
    # unqualified columns are the subquery's own where the schema says so
    sql = ("SELECT t1.empno, s.e FROM emp AS t1 LEFT JOIN LATERAL (SELECT empno AS e FROM emp "
           "WHERE mgr = t1.empno) AS s ON TRUE ORDER BY 1, 2")
    text = translate(sql, "postgres", SCHEMA)
    want = sorted([(a[0], b[0]) for a in ROWS for b in ROWS if b[2] == a[0]]
                  + [(a[0], None) for a in ROWS if not any(b[2] == a[0] for b in ROWS)],
                  key=lambda r: (r[0], -1 if r[1] is None else r[1]))
    assert db.execute(text).fetchall() == want
    with pytest.raises(Untranslatable, match="unqualified columns"):
        to_sqlite(sql, "postgres")  # no schema: `mgr` could be t1's
    with pytest.raises(Untranslatable, match="DISTINCT"):
        to_sqlite("SELECT s.x FROM emp AS t1, LATERAL (SELECT DISTINCT t2.sal AS x FROM emp AS t2 "
                  "WHERE t2.mgr = t1.empno) AS s", "postgres")


def test_calcite_type_spellings(db):
    sql = ("SELECT CAST(ename AS VARCHAR(2) CHARACTER SET \"ISO-8859-1\"), CAST('abc' AS CHAR(3)) "
           "FROM emp WHERE empno = 3")
    assert run(db, sql) == [("Jo", "abc")]
    with pytest.raises(Untranslatable, match=r"CHAR\(4\)"):
        to_sqlite("SELECT CAST('abc' AS CHAR(4)) FROM emp", "calcite")  # pads to 'abc '


def test_sum0_is_zero_where_sum_is_null(db):
    # mgr is NULL for empno 1 only: its group sums to NULL; no row at all sums to NULL too
    assert run(db, "SELECT empno, $SUM0(mgr) FROM emp WHERE empno <= 2 GROUP BY empno") == [(1, 0), (2, 1)]
    assert run(db, "SELECT $SUM0(sal) FROM emp WHERE empno > 9") == [(0,)]
    got = run(db, "SELECT empno, $SUM0(mgr) OVER (ORDER BY empno) FROM emp WHERE empno <= 2")
    assert got == [(1, 0), (2, 1)]


@pytest.mark.parametrize("dialect", ["calcite", "postgres"])
def test_the_empty_grouping_set_is_one_group_even_of_no_rows(db, dialect):
    assert run(db, "SELECT COUNT(*), SUM(sal) FROM emp WHERE empno > 9 GROUP BY ()", dialect) == [(0, None)]
    assert run(db, "SELECT COUNT(*) FROM emp GROUP BY ()", dialect) == [(5,)]
    with pytest.raises(Untranslatable, match=r"GROUP BY \(\)"):
        to_sqlite("SELECT ename FROM emp GROUP BY ()", dialect)


@pytest.mark.parametrize("dialect", ["calcite", "postgres"])
def test_like_with_an_escape_character_matches_case_and_the_escaped_wildcards(db, dialect):
    c = sqlite3.connect(":memory:")
    c.executescript("CREATE TABLE s (v TEXT);")
    c.executemany("INSERT INTO s VALUES (?)", [("Sm_th",), ("smith",), ("Smith",), ("Sm%th",), ("sm_th",)])
    got = c.execute(to_sqlite("SELECT v FROM s WHERE v LIKE 'Sm!_%' ESCAPE '!' ORDER BY v", dialect)).fetchall()
    assert got == [("Sm_th",)]  # the escaped _ is an underscore; S is upper case
    got = c.execute(to_sqlite("SELECT v FROM s WHERE v NOT LIKE 'S%#%%' ESCAPE '#' ORDER BY v", dialect)).fetchall()
    assert got == [("Sm_th",), ("Smith",), ("sm_th",), ("smith",)]
    with pytest.raises(Untranslatable, match="ending in its ESCAPE"):
        to_sqlite("SELECT v FROM s WHERE v LIKE 'a!' ESCAPE '!'", dialect)


def test_postgres_reads_calcite_generated_names_as_names(db):
    # $f1 is no PostgreSQL at all (a parameter is $ and digits): a name, as Calcite prints it
    got = run(db, "SELECT t.$f1 FROM (SELECT COUNT(*) AS $f1, $SUM0(mgr) AS $f2 FROM emp) AS t "
                  "WHERE t.$f2 > 0 AND '$f3' <> 'x'", "postgres")
    assert got == [(5,)]


def test_inference_reads_calcite_names_as_calcite_first():
    s = from_ddl(DDL)
    r = verify("SELECT empno, COUNT(*) AS $f1 FROM emp GROUP BY empno, 2",
               "SELECT empno, COUNT(*) AS $f1 FROM emp GROUP BY empno", s, bound=2, timeout_s=20)
    assert r.dialect == "calcite" and str(r.status) == "verified"  # GROUP BY 2: a constant


def test_every_is_bool_and(db):
    # the standard's EVERY: true when every non-NULL value is true, NULL on none
    assert run(db, "SELECT EVERY(sal > 50), EVERY(sal > 80) FROM emp", "postgres") == [(1, 0)]
    assert run(db, "SELECT EVERY(sal > 50) FROM emp WHERE empno < 0", "postgres") == [(None,)]
    assert run(db, "SELECT EVERY(comm > 0) FROM emp", "postgres") == run(
        db, "SELECT BOOL_AND(comm > 0) FROM emp", "postgres")
