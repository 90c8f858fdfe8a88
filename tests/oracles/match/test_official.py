"""The official reading (``--compat spider``): the difference classes found by running the
published Spider evaluator item by item beside ours (``benchmarks/official_item_compare``).
Each class: one small pair, the lenient verdict (unchanged) and the official program's."""

from __future__ import annotations

import pytest

from sqlverdict.oracles.match import exact_set_match
from sqlverdict.oracles.match.official import (
    first_column_values,
    join_split_operators,
    official_structure,
    official_words,
    text_problem,
)
from sqlverdict.oracles.match.structure import OutsideGrammar
from sqlverdict.schema import from_ddl

SCHEMA = from_ddl(
    "CREATE TABLE singer(singer_id INT PRIMARY KEY, name TEXT, age INT, country TEXT);"
    "CREATE TABLE concert(concert_id INT PRIMARY KEY, singer_id INT REFERENCES singer, "
    "year INT)", "d")

G = "SELECT name FROM singer WHERE age > 30"
J = "SELECT T1.name FROM singer AS T1 JOIN concert AS T2 ON T1.singer_id = T2.singer_id"

# (class, gold, prediction, lenient verdict, the official program's verdict)
CLASSES = [
    ("operator joined to a column", J,
     "SELECT T1.name FROM singer AS T1 JOIN concert AS T2 ON T1.singer_id=T2.singer_id",
     True, False),
    ("operator joined to a string", "SELECT name FROM singer WHERE country = 'x'",
     "SELECT name FROM singer WHERE country='x'", True, False),
    ("'=' joined after '>'", "SELECT name FROM singer WHERE age >= 30",
     "SELECT name FROM singer WHERE age >=30", True, False),
    ("operator before a column", G, "SELECT name FROM singer WHERE +age > 30", True, False),
    ("'==' is one word", "SELECT name FROM singer WHERE age = 3",
     "SELECT name FROM singer WHERE age == 3", True, False),
    ("a doubled quote inside a string", "SELECT name FROM singer WHERE country = 'x'",
     "SELECT name FROM singer WHERE country = 'it''s'", True, False),
    ("a comment after WHERE", G, "SELECT name FROM singer WHERE age > 30 -- older", True,
     False),
    ("a comment after a condition's subquery", "SELECT name FROM singer WHERE singer_id IN "
     "(SELECT singer_id FROM concert)", "SELECT name FROM singer WHERE singer_id IN (SELECT "
     "singer_id FROM concert) -- x", True, False),
    ("a final period after WHERE", G, "SELECT name FROM singer WHERE age > 30.", True,
     False),
    ("UNION ALL", "SELECT name FROM singer UNION SELECT name FROM singer",
     "SELECT name FROM singer UNION ALL SELECT name FROM singer", True, False),
    ("aggregate first in arithmetic", "SELECT (max(age) - min(age)) FROM singer",
     "SELECT max(age) - min(age) FROM singer", True, False),
    ("parenthesised aggregate", "SELECT max(age) FROM singer",
     "SELECT (max(age)) FROM singer", True, False),
    ("arithmetic after a column value", "SELECT name FROM singer WHERE age = singer_id",
     "SELECT name FROM singer WHERE age = singer_id * 2 - 1", False, True),
    ("'||' after a column value", "SELECT name FROM singer WHERE name LIKE country",
     "SELECT name FROM singer WHERE name LIKE country || 'x'", False, True),
    ("OR after BETWEEN ... AND column", "SELECT name FROM singer WHERE age BETWEEN 1 AND "
     "singer_id", "SELECT name FROM singer WHERE age BETWEEN 1 AND singer_id OR country = "
     "'x'", False, True),
    ("an aggregate as a value", "SELECT country FROM singer GROUP BY country HAVING "
     "count(*) > 1", "SELECT country FROM singer GROUP BY country HAVING count(*) > "
     "min(age)", True, False),
    ("a column in parentheses as a value", "SELECT name FROM singer WHERE age = singer_id",
     "SELECT name FROM singer WHERE age = (singer_id)", True, False),
    ("'> =' written apart", "SELECT name FROM singer WHERE age >= 30",
     "SELECT name FROM singer WHERE age > = 30", False, True),
    ("'! =' written apart", "SELECT name FROM singer WHERE age != 30",
     "SELECT name FROM singer WHERE age ! = 30", False, True),
]


@pytest.mark.parametrize("cls, gold, pred, lenient, official", CLASSES,
                         ids=[c[0] for c in CLASSES])
def test_each_class_reads_as_the_official_program(cls, gold, pred, lenient, official):
    assert exact_set_match(gold, pred, SCHEMA)[0] is lenient
    assert exact_set_match(gold, pred, SCHEMA, official=True)[0] is official


# what the official program reads like the lenient reading, near each class
SAME = [
    "SELECT name FROM singer WHERE age>30",  # '<' and '>' are cut from their neighbours
    "SELECT name FROM singer WHERE age > -30",  # a signed number is a number
    "SELECT name FROM singer WHERE country = 'a=b -- c.'",  # inside a string value
    "SELECT name FROM singer WHERE age > 30 ORDER BY age -- youngest first",
    "SELECT name FROM singer WHERE age > 30; -- done",
    "SELECT country FROM singer GROUP BY country -- each",
    "SELECT name FROM singer ORDER BY age LIMIT 1 -- one",
    "SELECT age - singer_id FROM singer",
    "SELECT max(age - singer_id) FROM singer",
    "SELECT count(*) FROM singer GROUP BY country HAVING count(*)>1",
    "SELECT name FROM singer WHERE age = (30)",  # a number in parentheses reads
    # the value reader skips what follows a column value: a comment, a joined operator
    J + " -- joined",
    "SELECT name FROM singer WHERE age = singer_id -- same",
    "SELECT name FROM singer WHERE age = singer_id OR age=1",
    "SELECT name FROM singer UNION (SELECT name FROM singer WHERE age > 1) -- both",
    "SELECT name FROM singer WHERE age BETWEEN singer_id AND 5 OR country = 'x'",
]


@pytest.mark.parametrize("sql", SAME)
def test_near_misses_read_as_in_the_lenient_reading(sql):
    assert exact_set_match(sql, sql, SCHEMA, official=True) == (True, "")


def test_words_are_cut_as_the_official_tokenizer_cuts_them():
    assert official_words("SELECT a,b FROM t WHERE c IN (1,2) AND d>=e") == [
        "select", "a", ",", "b", "from", "t", "where", "c", "in", "(", "1,2", ")", "and",
        "d", ">", "=e"]
    assert official_words("SELECT a FROM t WHERE b = \"O'Brien\"") is None
    assert official_words("SELECT a FROM t WHERE b > 1.") [-2:] == ["1", "."]


def test_problems_name_the_construct():
    assert "joined" in text_problem("SELECT a FROM t WHERE a=1")
    assert "quote" in text_problem("SELECT a FROM t WHERE b = \"O'Brien\"")
    assert "comment" in text_problem("SELECT a FROM t WHERE b = 1 -- x")
    assert text_problem("SELECT a FROM t WHERE b = 1 ORDER BY a -- x=1") is None
    with pytest.raises(OutsideGrammar, match="UNION ALL"):
        official_structure("SELECT name FROM singer UNION ALL SELECT name FROM singer",
                           SCHEMA)


def test_split_operators_are_joined_outside_strings_only():
    assert join_split_operators("SELECT a FROM t WHERE b ! = 1 AND c = '< ='") == (
        "SELECT a FROM t WHERE b != 1 AND c = '< ='")
    assert join_split_operators("SELECT a FROM t WHERE b > =1") == (
        "SELECT a FROM t WHERE b > =1")  # '=1' stays a word: unreadable there


def test_a_column_value_is_cut_to_its_first_column_and_nothing_else_is_rewritten():
    assert first_column_values("SELECT a FROM t WHERE a = b + 1 OR c = 'x + y'") == (
        "SELECT a FROM t WHERE a = b OR c = 'x + y'")
    for sql in ("SELECT a FROM t WHERE a = 1 + b", "SELECT a + b FROM t WHERE c = d"):
        assert first_column_values(sql) == sql
    with pytest.raises(OutsideGrammar, match="aggregate as a compared value"):
        official_structure("SELECT country FROM singer GROUP BY country HAVING count(*) > "
                           "min(age)", SCHEMA)
