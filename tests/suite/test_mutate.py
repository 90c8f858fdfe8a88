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
