"""Orders of the registry that matter: a join a foreign key makes a mere filter goes before
another rule reads it as a semi-join (a BIRD pair proved by rewriting at d22d8ac was only
bounded once ``semijoin_under_blind_aggregate`` ran before ``semijoins``)."""

from __future__ import annotations

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import RULES, canonical
from sqlverdict.schema import from_ddl

SCHEMA = from_ddl("""
CREATE TABLE patient (id INTEGER PRIMARY KEY, sex TEXT);
CREATE TABLE lab (id INTEGER, d DATE, aptt INTEGER, PRIMARY KEY (id, d),
                  FOREIGN KEY (id) REFERENCES patient (id));
CREATE TABLE exam (id INTEGER, thrombosis INTEGER, FOREIGN KEY (id) REFERENCES patient (id));
""")


def _form(sql):
    return canonical(ir.lower(sql, SCHEMA).query, SCHEMA, "bag", RULES)


def test_the_foreign_key_parent_goes_before_a_semi_join_reads_it():
    gold = ("SELECT COUNT(DISTINCT p.id) FROM patient AS p JOIN lab AS l ON p.id = l.id "
            "JOIN exam AS e ON e.id = l.id WHERE e.thrombosis = 0 AND l.aptt > 45")
    pred = ("SELECT COUNT(DISTINCT lab.id) FROM lab JOIN exam ON lab.id = exam.id "
            "WHERE lab.aptt > 45 AND exam.thrombosis = 0")
    assert _form(gold) == _form(pred)
    names = [r.name for r in RULES]
    assert names.index("semijoins") < names.index("semijoin_under_blind_aggregate")
