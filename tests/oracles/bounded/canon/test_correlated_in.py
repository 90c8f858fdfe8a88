"""``canon/correlated_in.py`` (``correlated_in_as_exists``) against SQLite on databases the
fixtures' search does not make: NULLs, duplicates, empty tables, orphans and values of every
storage class (``tests/helpers/rule_databases.py``). Each pair of its fixture where the rule
fires must agree on all of them; each near miss must keep its two forms apart and be told
apart by one of them. Beyond the fixture: the rule's forms of random correlated IN / NOT IN
conjuncts (columns and operators drawn) agree with the query they came from."""

from __future__ import annotations

import itertools
import random

import pytest
from tests.helpers.rule_databases import (
    DDL,
    agree_and_one_form,
    apart_and_told_apart,
    databases,
    fixture_cases,
    result,
)

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical
from sqlverdict.schema import from_ddl

FIRES, NEAR = fixture_cases("correlated_in_as_exists")


@pytest.mark.parametrize("case", FIRES, ids=lambda c: c.id)
def test_pairs_the_rule_equates_agree_in_sqlite(case):
    agree_and_one_form(case, databases(150))


@pytest.mark.parametrize("case", NEAR, ids=lambda c: c.id)
def test_near_misses_stay_apart_and_sqlite_separates_them(case):
    apart_and_told_apart(case, databases(300))


_OUTER = {"e": ("emp", ["id", "dept_id", "age"]), "d": ("dept", ["id"])}
_INNER = [("proj", "p", ["pid", "emp_id", "hours"]), ("emp", "x", ["id", "dept_id", "age"]),
          ("dept", "y", ["id"])]


def _spellings(n: int, seed: int = 3):
    """Random ``o.c [NOT] IN (SELECT s.k FROM S WHERE w)`` conjuncts, ``w`` reading the outer
    row, each with the EXISTS it may equal (and the join, for IN): (forms, negated)."""
    rng = random.Random(seed)
    for _ in range(n):
        o = rng.choice(list(_OUTER))
        table, cols = _OUTER[o]
        stable, s, scols = rng.choice(_INNER)
        w = [f"{s}.{rng.choice(scols)} {rng.choice(['=', '<', '<>', '>='])} {o}.{rng.choice(cols)}"]
        if rng.random() < 0.5:
            w.append(f"{s}.{rng.choice(scols)} = {o}.{rng.choice(cols)}")
        if rng.random() < 0.3:
            w.append(f"{s}.{rng.choice(scols)} > 1")
        x, k = f"{o}.{rng.choice(cols)}", f"{s}.{rng.choice(scols)}"
        neg = rng.random() < 0.5
        where = " AND ".join(w)
        head = f"SELECT {o}.id FROM {table} AS {o}"
        forms = [f"{head} WHERE {x} {'NOT ' if neg else ''}IN (SELECT {k} FROM {stable} AS {s} WHERE {where})",
                 f"{head} WHERE {'NOT ' if neg else ''}EXISTS (SELECT 1 FROM {stable} AS {s} WHERE {where} AND {k} = {x})"]
        if not neg:
            forms.append(f"{head} JOIN {stable} AS {s} ON {k} = {x} WHERE {where}")
        yield forms, neg


def test_random_spellings_the_canonical_form_equates_agree_in_sqlite():
    """Of random IN / EXISTS / join spellings of one question, every two that get one
    canonical form keep the same rows on every random database (NOT IN over NULL-able
    columns, joins on columns that are no key: some are not equivalent and must stay apart)."""
    schema = from_ddl(DDL)
    cons = list(databases(150, seed=5))
    equated = {False: 0, True: 0}
    for forms_, neg in _spellings(300):
        canon = [canonical(ir.lower(sql, schema).query, schema, "bag") for sql in forms_]
        for i, j in itertools.combinations(range(len(forms_)), 2):
            if canon[i] != canon[j]:
                continue
            equated[neg] += 1
            for con in cons:
                assert result(con, forms_[i]) == result(con, forms_[j]), (forms_[i], forms_[j])
    assert equated[False] >= 30 and equated[True] >= 10, equated
