"""The outer row as its own witness (``canon/own_witness.py``, the law of ``own_row_exists``)
against SQLite: random EXISTS conjuncts over the rules' schema (through a join and a nested
IN, with filters the outer row passes or need not pass, links of columns and of arithmetic,
``IS`` links, a column equal to itself inside), each beside the query its tests make and
near misses of it. Whenever two queries get one canonical form, SQLite must agree on random
databases with NULLs, duplicates, orphans and values of every storage class; the law's own
reading must be equated; and the top-rated-per-department pair of the prover18 corpus (the
window side read order-free) is proved for every database while its mutant is refuted."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from tests.helpers.pairs import FIXTURES
from tests.helpers.rule_databases import databases, result

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical
from sqlverdict.oracles.bounded.canon.own_witness import exists_tests
from sqlverdict.oracles.bounded.canon.terms import _conjuncts, _leaves, _on_conjuncts
from sqlverdict.schema import from_ddl

SCHEMA = from_ddl((FIXTURES / "rules" / "schema.ddl").read_text())
PREMISES = ["e.age > 1", "e.city = 'x'"]
# (inner conjunct over the witness s, premise it needs or None, test it adds or None,
#  whether the outer row can witness it at all)
LINKS = [
    ("s.dept_id = e.dept_id", None, "e.dept_id IS NOT NULL", True),
    ("e.salary = s.salary", None, "e.salary IS NOT NULL", True),
    ("s.age + 1 = e.age + 1", None, "e.age + 1 IS NOT NULL", True),
    ("s.city IS e.city", None, None, True),
    ("s.age > 1", "e.age > 1", None, True),
    ("s.city = 'x'", "e.city = 'x'", None, True),
    ("s.name = s.name", None, None, False),
    ("s.age > e.age", None, None, False),
    ("s.id IN (SELECT p.emp_id FROM proj AS p WHERE p.hours = 2)", None, None, False),
]


def _case(rng: random.Random):
    """(gold, [its reading by the tests, then near misses each without one test], the
    reading when the law holds, else None)."""
    premises = [p for p in PREMISES if rng.random() < 0.6]
    links = rng.sample(LINKS, rng.choice([1, 2, 3]))
    nested = rng.random() < 0.3
    inner = " AND ".join(c for c, _, _, _ in links)
    if nested:  # the witness through a nested semijoin: proj q of the outer p, emp s of e
        sub = (f"EXISTS (SELECT 1 FROM proj AS q WHERE q.hours = p.hours AND q.emp_id IN "
               f"(SELECT s.id FROM emp AS s WHERE {inner}))")
        src, tests0 = "emp AS e JOIN proj AS p ON p.emp_id = e.id", ["p.hours IS NOT NULL"]
    else:
        sub, src, tests0 = f"EXISTS (SELECT 1 FROM emp AS s WHERE {inner})", "emp AS e", []
    where = " AND ".join(premises + [sub])
    gold = f"SELECT e.id, e.name FROM {src} WHERE {where}"
    tests = tests0 + [t for _, _, t, _ in links if t]
    holds = all(ok and (need is None or need in premises) for _, need, _, ok in links)

    def pred(extra):
        conds = premises + extra
        return f"SELECT e.id, e.name FROM {src}" + (f" WHERE {' AND '.join(conds)}" if conds else "")
    cands = [pred(tests)] + [pred(tests[:i] + tests[i + 1:]) for i in range(len(tests))]
    return gold, cands, (cands[0] if holds else None)


def _form(sql: str):
    return canonical(ir.lower(sql, SCHEMA).query, SCHEMA, "bag")


CASES = [_case(random.Random(seed)) for seed in range(60)]


def test_equated_queries_agree_in_sqlite_and_the_law_fires():
    fired = 0
    dbs = list(databases(150, seed=52))
    for gold, cands, expected in CASES:
        g = _form(gold)
        for cand in cands:
            if _form(cand) != g:
                continue
            fired += cand == expected
            for con in dbs:
                assert result(con, gold) == result(con, cand), (gold, cand)
    assert fired >= sum(e is not None for _, _, e in CASES) - 2, fired


def _conds(sql: str):
    q = ir.lower(sql, SCHEMA).query
    leaves = _leaves(q.source)
    return [x for x in leaves if isinstance(x, ir.Scan)], _on_conjuncts(q.source) + _conjuncts(q.where)


@pytest.mark.parametrize("sql, tests", [
    ("SELECT e.id FROM emp AS e WHERE e.age > 1 AND EXISTS (SELECT 1 FROM emp AS s WHERE "
     "s.age > 1 AND s.dept_id = e.dept_id)", 1),
    ("SELECT e.id FROM emp AS e WHERE EXISTS (SELECT 1 FROM emp AS s WHERE s.city IS e.city)", 0),
    ("SELECT e.id FROM emp AS e WHERE EXISTS (SELECT 1 FROM emp AS s WHERE s.age > 1)", None),
    ("SELECT e.id FROM emp AS e WHERE EXISTS (SELECT 1 FROM emp AS s WHERE s.age = s.age)", None),
    ("SELECT e.id FROM emp AS e WHERE EXISTS (SELECT 1 FROM emp AS s WHERE s.dept_id = e.dept_id "
     "LIMIT 0)", None),
    ("SELECT e.id FROM emp AS e WHERE EXISTS (SELECT COUNT(*) FROM emp AS s WHERE s.age = e.age)", None),
])
def test_what_the_law_reads(sql, tests):
    scans, conds = _conds(sql)
    found = [exists_tests(c, scans, conds) for c in conds if isinstance(c, ir.Exists)]
    assert (None if found[0] is None else len(found[0])) == tests


CORPUS = Path(__file__).parents[4] / "benchmarks" / "corpus" / "prover18"
PAIR = "workforce_reports/reviews_top_rated_per_department_with_ties/1"


@pytest.mark.parametrize("pair_id, status", [(PAIR, "verified"), (PAIR + "/mutant", "refuted")])
def test_top_rated_per_department_with_ties(pair_id, status):
    from sqlverdict.oracles.bounded.staging import verify
    from sqlverdict.schema import from_ddl_file

    line = next(d for d in map(json.loads, (CORPUS / "workforce_reports.jsonl").read_text().splitlines())
                if d["id"] == pair_id)
    res = verify(line["gold"], line["pred"], from_ddl_file(CORPUS / "workforce.ddl"), bound=3,
                 timeout_s=60, semantics=line["semantics"], dialect=line["dialect"])
    assert str(res.status) == status
    if status == "verified":
        assert res.scope == "every database"
