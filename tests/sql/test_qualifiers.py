"""Schema-qualified table names in another dialect's SQL, translated against a schema and
run in SQLite: the qualifier of a table the schema holds goes, any other stays."""

from __future__ import annotations

import pytest

from sqlverdict.engine.translation import translate
from sqlverdict.oracles.bounded.staging import verify
from sqlverdict.schema import from_ddl
from sqlverdict.sql.dialect import Untranslatable

SCHEMA = from_ddl("CREATE TABLE emp (empno INTEGER PRIMARY KEY, deptno INTEGER);"
                  "CREATE TABLE dept (deptno INTEGER PRIMARY KEY, dname TEXT)")


@pytest.mark.parametrize(("dialect", "sql"), [
    ("calcite", 'SELECT "EMP"."EMPNO" FROM "CATALOG"."SALES"."EMP" WHERE "EMP"."DEPTNO" = 10'),
    ("postgres", "SELECT public.emp.empno FROM public.emp WHERE deptno = 10"),
    ("mysql", "SELECT e.empno FROM shop.emp AS e JOIN shop.dept AS d ON e.deptno = d.deptno"),
    ("postgres", "SELECT empno FROM main.emp"),
])
def test_qualified_tables_of_the_schema_run_in_sqlite(dialect, sql):
    text = translate(sql, dialect, SCHEMA)
    assert "catalog" not in text.lower() and "public" not in text and "shop" not in text


def test_a_table_the_schema_lacks_keeps_its_qualifier_and_is_rejected():
    with pytest.raises(Untranslatable, match="no such table: other.t"):
        translate("SELECT a FROM other.t", "postgres", SCHEMA)


def test_a_qualified_pair_is_proved_like_the_plain_one():
    r = verify('SELECT "t"."EMPNO" FROM (SELECT "EMPNO", "DEPTNO" FROM "SCOTT"."EMP") AS "t" '
               'WHERE "t"."DEPTNO" = 10', "SELECT empno FROM emp WHERE deptno = 10", SCHEMA,
               bound=2, timeout_s=20, dialect="calcite")
    assert str(r.status) == "verified" and r.scope == "every database"
