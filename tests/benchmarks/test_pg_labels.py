"""``benchmarks/pg_labels.py``'s script and parsing (PostgreSQL itself is not needed here)."""

from benchmarks.pg_labels import NULL, parse, pg_ddl, problems, same, script

SPEC = {"tables": [("t", [("id", "INTEGER", False, (1, 2)), ("x", "REAL", True, (0.5,))], {"pk": ["id"]})]}


def test_script_fills_each_database_and_reads_each_query_as_csv():
    s = script(SPEC, [{}, {"t": [(1, 0.5), (2, None)]}], ["SELECT x FROM t;"])
    assert 'CREATE TABLE "t" ("id" INTEGER NOT NULL, "x" DOUBLE PRECISION, PRIMARY KEY ("id"))' in pg_ddl(SPEC)
    assert s.count("\\echo @@DB") == 2 and 'INSERT INTO "t" VALUES (1, 0.5), (2, NULL);' in s
    assert f"COPY (SELECT x FROM t) TO STDOUT WITH (FORMAT csv, NULL '{NULL}');" in s


def test_parse_reads_values_nulls_and_errors_per_database_and_query():
    out = (f"@@DB 0\n@@Q 0\n1,2.5000\n{NULL},t\n@@Q 1\n@@ERR column \"y\" does not exist\n"
           "@@DB 1\n@@Q 0\n\"a,b\",\"\"\n@@Q 1\n")
    got = parse(out)
    assert got[0, 0] == [(1.0, 2.5), (None, 1)]
    assert got[0, 1] == 'column "y" does not exist'
    assert got[1, 0] == [(("text", "a,b"), ("text", ""))] and got[1, 1] == []


def test_bags_ignore_order_lists_do_not_and_labels_are_checked_both_ways():
    a, b = [(1.0,), (None,)], [(None,), (1.0,)]
    assert same(a, b, "bag") and not same(a, b, "list") and not same(a, [(1.0,)], "bag")
    rows = [{"id": "e", "expect": "equivalent", "separated": True, "error": None},
            {"id": "m", "expect": "different", "separated": False, "error": None},
            {"id": "ok", "expect": "different", "separated": True, "error": None},
            {"id": "bad", "expect": "equivalent", "separated": False, "error": ["syntax error"]}]
    assert [r["id"] for r in problems(rows)] == ["e", "m", "bad"]
