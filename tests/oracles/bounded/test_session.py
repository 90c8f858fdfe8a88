"""The solver session (``oracles/bounded/session.py``): each pair's Z3 terms live in a
context of its own, passed explicitly, so pairs verified in two threads at once get the
verdicts and witnesses they get one after the other, no term is made in z3's main context,
and no module of the verifier touches z3's global state."""

from __future__ import annotations

import json
import re
import threading
from pathlib import Path

import pytest
import z3
import z3.z3

import sqlverdict
from sqlverdict.oracles.bounded import solver
from sqlverdict.oracles.bounded.outcome import Method
from sqlverdict.oracles.bounded.session import Session
from sqlverdict.schema import from_ddl

SCHEMA = from_ddl("""
CREATE TABLE dept (id INTEGER PRIMARY KEY, name TEXT NOT NULL, budget REAL);
CREATE TABLE emp (id INTEGER PRIMARY KEY, name TEXT, salary INTEGER,
                  dept_id INTEGER REFERENCES dept(id), hired TEXT);
""")

# pairs the solver decides (checked below), through the encoding's modules: filters and
# numbers, NULL in aggregates, text and LIKE, joins over a foreign key, GROUP BY and
# HAVING, ORDER BY with LIMIT (ties), window functions, set operations, a proof
PAIRS = [
    ("SELECT name FROM emp WHERE salary > 1000", "SELECT name FROM emp WHERE salary >= 1000",
     "bag"),
    ("SELECT dept_id, count(*) FROM emp GROUP BY dept_id",
     "SELECT dept_id, count(salary) FROM emp GROUP BY dept_id", "bag"),
    ("SELECT name FROM emp WHERE name LIKE 'a%'", "SELECT name FROM emp WHERE name >= 'a'",
     "bag"),
    ("SELECT e.name FROM emp e JOIN dept d ON e.dept_id = d.id WHERE d.budget > 10",
     "SELECT e.name FROM emp e JOIN dept d ON e.dept_id = d.id WHERE d.budget > 10 "
     "AND e.salary > 0", "bag"),
    ("SELECT d.name, avg(e.salary) FROM dept d JOIN emp e ON e.dept_id = d.id "
     "GROUP BY d.name HAVING count(*) > 1",
     "SELECT d.name, avg(e.salary) FROM dept d JOIN emp e ON e.dept_id = d.id "
     "GROUP BY d.name", "bag"),
    ("SELECT name, rank() OVER (ORDER BY salary) FROM emp",
     "SELECT name, row_number() OVER (ORDER BY salary) FROM emp", "bag"),
    ("SELECT name FROM emp UNION SELECT name FROM dept",
     "SELECT name FROM emp UNION ALL SELECT name FROM dept", "bag"),
    ("SELECT name FROM emp WHERE salary > 1", "SELECT name FROM emp WHERE salary >= 2", "bag"),
]


def _verify(gold: str, pred: str, semantics: str):
    return sqlverdict.verify(gold, pred, SCHEMA, bound=3, semantics=semantics, search=False,
                             timeout_s=120)


def _key(r) -> str:
    """Everything a result says (verdict, method, assumptions, witness), not its time."""
    d = r.to_json()
    d.pop("elapsed_s")
    return json.dumps(d, sort_keys=True)


@pytest.fixture(scope="module")
def one_after_the_other() -> list:
    return [_verify(*p) for p in PAIRS]


def test_the_pairs_reach_the_solver(one_after_the_other):
    assert [r.method for r in one_after_the_other] == [Method.SOLVER] * len(PAIRS)
    statuses = {str(r.status) for r in one_after_the_other}
    assert statuses == {"refuted", "verified"}, statuses


def test_two_threads_give_the_verdicts_and_witnesses_of_one_after_the_other(
        one_after_the_other):
    got: dict[int, list[str]] = {0: [], 1: []}
    start = threading.Barrier(2)
    errors: list = []

    def work(t: int) -> None:
        try:
            start.wait()
            for _ in range(2):  # each thread's pairs twice: the threads overlap throughout
                for i in range(t, len(PAIRS), 2):
                    got[t].append((i, _key(_verify(*PAIRS[i]))))
        except BaseException as e:  # noqa: BLE001 -- reported by the main thread
            errors.append(e)

    threads = [threading.Thread(target=work, args=(t,)) for t in (0, 1)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert errors == []
    want = [_key(r) for r in one_after_the_other]
    for t in (0, 1):
        assert len(got[t]) == 2 * len(range(t, len(PAIRS), 2))
        for i, key in got[t]:
            assert key == want[i], PAIRS[i]


def test_no_term_is_made_in_the_main_context(monkeypatch, one_after_the_other):
    """Every constructor gets the session's context: with z3's main context out of reach,
    the pairs give the same results."""
    def forbidden(*_a, **_k):
        raise AssertionError("a Z3 term made in z3's main context")

    monkeypatch.setattr(z3.z3, "main_ctx", forbidden)
    assert [_key(_verify(*p)) for p in PAIRS] == [_key(r) for r in one_after_the_other]


def test_sessions_are_separate_contexts():
    a, b = Session(), Session()
    assert a.ctx is not b.ctx and a.true.ctx is a.ctx and b.null.null.ctx is b.ctx
    x = z3.Int("x", a.ctx)
    s = a.solver()
    s.add(x == 3)
    assert s.check() == z3.sat and s.model()[x].as_long() == 3


def test_no_module_of_the_verifier_touches_z3_globals():
    """No module under ``oracles/bounded/`` swaps or reads z3's main context or sets a
    global parameter: the session is the only context a pair's terms live in."""
    root = Path(sqlverdict.__file__).parent / "oracles" / "bounded"
    offenders = []
    for path in sorted(root.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        for pat in (r"_main_ctx", r"\bmain_ctx\s*\(", r"\bset_param\s*\("):
            if re.search(pat, text):
                offenders.append((path.relative_to(root).as_posix(), pat))
    assert offenders == []


# a pair the unbounded prover settles (its proof takes a context of its own)
PROVED = ("SELECT x FROM (SELECT CASE WHEN salary > 1 THEN 1 ELSE 0 END AS x, id FROM emp) "
          "AS s WHERE x = 0", "SELECT CASE WHEN salary > 1 THEN 1 ELSE 0 END AS x FROM emp "
          "WHERE NOT (salary > 1) OR salary IS NULL", "bag")


def test_spare_contexts_change_no_result(one_after_the_other):
    """``solver.make_spares`` (what verify-batch's warm-up makes before forking): a session
    or a proof on a spare context gives the result a new context gives, witnesses
    included, and the spares are taken."""
    assert solver.spares() == 0
    fresh = _verify(*PROVED)
    assert (fresh.method, str(fresh.status)) == (Method.NORMAL_FORM, "verified")
    fresh = _key(fresh)
    for pair, before in zip([*PAIRS, PROVED], [*one_after_the_other, None], strict=True):
        solver.make_spares(3)
        got = _verify(*pair)
        assert solver.spares() < 3, pair  # this pair's context was a spare
        assert _key(got) == (fresh if before is None else _key(before))
    while solver.spares():
        solver.new_context()
    solver.make_spares(1)
    s = Session()
    assert solver.spares() == 0 and s.null.null.ctx is s.ctx
