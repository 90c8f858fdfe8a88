from sqlverdict.oracles.suite.mutate import canonical, literals, mutants
from sqlverdict.schema import from_ddl

S = from_ddl("CREATE TABLE t (a INT, b INT, c TEXT, d TEXT); CREATE TABLE u (a INT, e INT)")


def kinds(sql):
    return {m.kind for m in mutants(sql, S)}


def test_each_edit_kind_appears_where_it_applies():
    assert {"drop_conjunct", "flip_cmp", "literal", "and_or"} <= kinds(
        "SELECT a FROM t WHERE b > 1 AND c = 'x'")
    assert {"agg_swap", "agg_distinct", "order_dir", "limit", "drop_limit"} <= kinds(
        "SELECT c, sum(a) FROM t GROUP BY c ORDER BY sum(a) DESC LIMIT 3")
    assert "join_type" in kinds("SELECT t.a FROM t JOIN u ON t.a = u.a")
    assert "sibling_column" in kinds("SELECT a FROM t")
    assert {"setop", "drop_setop"} <= kinds("SELECT a FROM t INTERSECT SELECT a FROM u")
    assert "union_all" in kinds("SELECT a FROM t UNION SELECT a FROM u")
    assert "drop_not" in kinds("SELECT a FROM t WHERE a NOT IN (SELECT a FROM u)")


def test_sibling_columns_have_the_same_type():
    sibs = [m.sql for m in mutants("SELECT c FROM t", S) if m.kind == "sibling_column"]
    assert sibs == ["SELECT d FROM t"]


def test_mutants_are_distinct_and_never_the_gold():
    gold = "SELECT DISTINCT a FROM t WHERE b >= 2 ORDER BY a"
    ms = mutants(gold, S)
    keys = [canonical(m.sql) for m in ms]
    assert len(keys) == len(set(keys)) and canonical(gold) not in keys
    assert len(ms) >= 8


def test_double_quoted_strings_are_literals():
    per, loose = literals('SELECT a FROM t WHERE c = "Paris"', S)
    assert per == {("t", "c"): ["Paris"]} and loose == []
    assert any("'PARIS'" in m.sql for m in mutants('SELECT a FROM t WHERE c = "Paris"', S))


def test_unparsable_sql_has_no_mutants():
    assert mutants("SELEC nonsense", S) == []


P = from_ddl("CREATE TABLE student (stuid INTEGER PRIMARY KEY, name TEXT, age INT);"
             "CREATE TABLE has_pet (stuid INT REFERENCES student (stuid), petid INT);"
             "CREATE TABLE shop (shop_id INT PRIMARY KEY, name TEXT);"
             "CREATE TABLE hiring (shop_id TEXT REFERENCES shop (shop_id), emp INT)")


def by_kind(sql, kind):
    return [m.sql for m in mutants(sql, P) if m.kind == kind]


def test_mutants_that_mirror_real_near_misses():
    # joining back to the parent only to read its key: dropping the join keeps NULL keys
    assert by_kind("SELECT name FROM student WHERE stuid NOT IN (SELECT T1.stuid FROM student AS T1"
                   " JOIN has_pet AS T2 ON T1.stuid = T2.stuid WHERE T2.petid = 3)", "drop_join") == [
        "SELECT name FROM student WHERE NOT stuid IN (SELECT T2.stuid FROM has_pet AS T2 WHERE T2.petid = 3)"]
    assert by_kind("SELECT name FROM student WHERE stuid NOT IN (SELECT stuid FROM has_pet)",
                   "not_in_exists") == ["SELECT name FROM student WHERE NOT EXISTS(SELECT stuid FROM "
                                        "has_pet WHERE stuid = student.stuid)"]
    assert by_kind("SELECT stuid FROM student EXCEPT SELECT stuid FROM has_pet", "except_not_in") == [
        "SELECT stuid FROM student WHERE NOT stuid IN (SELECT stuid FROM has_pet)"]
    g = by_kind("SELECT T2.name, count(*) FROM hiring AS T1 JOIN shop AS T2 ON T1.shop_id = T2.shop_id"
                " GROUP BY T1.shop_id", "group_key")
    assert [x.split("GROUP BY ")[1] for x in g] == ["T2.name", "T2.shop_id"]
    c = by_kind("SELECT count(*) FROM student AS T1 JOIN has_pet AS T2 ON T1.stuid = T2.stuid", "count_col")
    assert any("COUNT(t2.petid)" in x for x in c) and any("COUNT(t1.name)" in x for x in c)
    assert by_kind("SELECT T1.name FROM student AS T1 JOIN has_pet AS T2 ON T1.stuid = T2.stuid"
                   " WHERE T2.petid = 1", "join_in") == [
        "SELECT T1.name FROM student AS T1 WHERE T1.stuid IN (SELECT T2.stuid FROM has_pet AS T2"
        " WHERE T2.petid = 1)",
        "SELECT T1.name FROM student AS T1 WHERE T1.stuid = (SELECT T2.stuid FROM has_pet AS T2"
        " WHERE T2.petid = 1)"]
    # the other side kept, and DISTINCT dropped too (IN already removes join duplicates)
    assert "SELECT T2.petid FROM has_pet AS T2 WHERE T2.stuid = (SELECT T1.stuid FROM student AS T1" \
        " WHERE T1.name = 'Smith')" in by_kind(
            "SELECT T2.petid FROM student AS T1 JOIN has_pet AS T2 ON T1.stuid = T2.stuid"
            " WHERE T1.name = 'Smith'", "join_in")
    assert "SELECT T1.name FROM student AS T1 WHERE T1.stuid IN (SELECT T2.stuid FROM has_pet AS T2)" \
        in by_kind("SELECT DISTINCT T1.name FROM student AS T1 JOIN has_pet AS T2 ON T1.stuid = T2.stuid",
                   "join_in")
    assert len(by_kind("SELECT T1.name FROM student AS T1 JOIN has_pet AS T2 ON T1.stuid = T2.stuid"
                       " WHERE T2.petid = 1 INTERSECT SELECT T1.name FROM student AS T1 JOIN has_pet"
                       " AS T2 ON T1.stuid = T2.stuid WHERE T2.petid = 2", "intersect_in")) == 1
