"""Classes under the shipped database and a small suite that the tests build themselves."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from sqlverdict.bench import load_benchmark
from sqlverdict.certify.classes import (
    Executor,
    QuestionInput,
    build_question,
    fingerprint,
    outcomes_equal,
    partition,
)
from sqlverdict.certify.classfile import read_classes
from sqlverdict.certify.pool import Candidate, read_pool
from sqlverdict.cli import app
from sqlverdict.engine.compare import Semantics
from sqlverdict.engine.materialize import write_database
from sqlverdict.schema import from_ddl

DDL = "CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT, age INTEGER)"
GOLD = "SELECT name FROM t WHERE age > 30"
GT = "SELECT name FROM t WHERE age > 30"
GE31 = "SELECT name FROM t WHERE age >= 31"
GE30 = "SELECT name FROM t WHERE age >= 30"
ALL = "SELECT name FROM t"
ORDERED = "SELECT name FROM t WHERE age > 30 ORDER BY name DESC"
BROKEN = "SELECT nope FROM t"


@pytest.fixture
def dbs(tmp_path):
    schema = from_ddl(DDL, "people")
    shipped = tmp_path / "database" / "people" / "people.sqlite"
    write_database(shipped, schema, {"t": [(1, "a", 25), (2, "b", 35), (3, "c", 40)]})
    suite = tmp_path / "suite"
    # an age at the boundary separates > 30 from >= 30; a second instance with the same
    # content as the shipped one changes nothing
    write_database(suite / "people" / "000.sqlite", schema, {"t": [(1, "a", 30), (2, "b", 31)]})
    write_database(suite / "people" / "001.sqlite", schema, {"t": [(5, "z", 99)]})
    return tmp_path, str(shipped), suite


def cands(*spec):
    return tuple(Candidate.from_json(s) for s in spec)


def _question(shipped, suite, candidates):
    inst = {"weak": [shipped],
            "suite": [shipped, str(suite / "people" / "000.sqlite"),
                      str(suite / "people" / "001.sqlite")]}
    return QuestionInput("q", "people", GOLD, inst, candidates)


def test_fingerprints_respect_the_comparator_and_collisions_are_checked():
    bag = Semantics.BAG
    assert fingerprint([(1, "a"), (2, "b")], 2, bag) == fingerprint([("b", 2), ("a", 1.0)], 2, bag)
    # same column multisets, different row pairing: same fingerprint, not equal
    a, b = [(1, "a"), (2, "b")], [(1, "b"), (2, "a")]
    assert fingerprint(a, 2, bag) == fingerprint(b, 2, bag)
    from sqlverdict.certify.classes import Outcome

    outs = {"x": [Outcome(a, 2)], "y": [Outcome(b, 2)], "z": [Outcome(list(reversed(a)), 2)]}
    groups = partition(["x", "y", "z"], outs, semantics=bag)
    assert sorted(map(sorted, groups)) == [["x", "z"], ["y"]]
    assert not outcomes_equal(Outcome(a, 2), Outcome(b, 2), bag)


def test_weak_and_suite_partitions(dbs):
    _, shipped, suite = dbs
    q = _question(shipped, suite, cands(GE30, GE30, GE30, GE30, GT, GT, GE31, GE31, GE31, ALL,
                                        BROKEN, BROKEN, "SELEC x FRM", "",
                                        {"sql": GT, "truncated": True}))
    rec = build_question(q)
    assert rec["n_total"] == 15 and rec["n_usable"] == 12
    weak, suite_p = rec["partitions"]["weak"], rec["partitions"]["suite"]
    # weak: >= 30, > 30 and >= 31 agree on the shipped database
    assert [c["count"] for c in weak] == [9, 2, 1]
    assert weak[0]["representative"] == GE30  # most frequent text
    assert weak[0]["correct"] == {"weak": True, "suite": False}
    assert weak[1] == {"count": 2, "representative": BROKEN,
                       "correct": {"weak": False, "suite": False}}
    # suite: the boundary instance splits >= 30 off
    assert [(c["count"], c["representative"]) for c in suite_p] == [
        (5, GE31), (4, GE30), (2, BROKEN), (1, ALL)]
    assert suite_p[0]["correct"] == {"weak": True, "suite": True}
    assert rec["likelihood"] == {"mean": None, "max": None}


def test_ties_keep_first_appearance_and_representative_is_lexicographic(dbs):
    _, shipped, suite = dbs
    weak = build_question(_question(shipped, suite, cands(ALL, GT)))["partitions"]["weak"]
    assert [c["representative"] for c in weak] == [ALL, GT]
    weak = build_question(_question(shipped, suite, cands(GT, ALL)))["partitions"]["weak"]
    assert [c["representative"] for c in weak] == [GT, ALL]
    # one class, two texts once each: the lexicographically smallest represents it
    weak = build_question(_question(shipped, suite, cands(GE31, GT)))["partitions"]["weak"]
    assert weak[0]["representative"] == GT == min(GE31, GT)


def test_constructions_differ_only_on_row_order(dbs):
    _, shipped, suite = dbs
    c = cands(GT, ORDERED, ORDERED)
    q = _question(shipped, suite, c)
    by_gold = build_question(q, construction="candidates")
    free = build_question(q, construction="gold_free")
    with_gold = build_question(q, construction="gold")
    # the gold has no ORDER BY: bag semantics merge the sorted and unsorted query
    assert [x["count"] for x in by_gold["partitions"]["weak"]] == [3]
    assert with_gold["partitions"] == by_gold["partitions"]
    # gold-free: a pair with an ORDER BY compares as lists; c,b is not b,c
    assert [x["count"] for x in free["partitions"]["weak"]] == [2, 1]
    assert free["partitions"]["weak"][0]["representative"] == ORDERED
    # the label still comes from the gold's semantics: sorted differently is still right
    assert free["partitions"]["weak"][0]["correct"]["weak"] is True


def test_likelihood_mean_and_max():
    c = cands({"sql": GT, "cum_logprob": -2.0, "n_tokens": 4},
              {"sql": GT, "cum_logprob": -1.0, "n_tokens": 10},
              {"sql": "SELEC", "cum_logprob": -50.0, "n_tokens": 1})
    assert [x.norm_logprob for x in c if x.usable] == [-0.5, -0.1]


def test_executor_runs_each_query_once(dbs):
    _, shipped, suite = dbs
    ex = Executor()
    build_question(_question(shipped, suite, cands(GT, GT, GT, GE31)), executor=ex)
    # GT is the gold's text: two distinct queries on three instances (the shipped one shared
    # by both oracles)
    assert GT == GOLD and ex.n_runs == 2 * 3


def test_pool_and_classes_cli(dbs):
    root, shipped, suite = dbs
    bench = root / "bench.jsonl"
    bench.write_text("\n".join(json.dumps({"id": f"q{i}", "db_id": "people", "question": "?",
                                           "gold": GOLD}) for i in range(2)) + "\n")
    s1, s2 = root / "s1.sql", root / "s2.sql"
    s1.write_text(f"{GT}\n{GE30}\n")
    s2.write_text(f"{GE30}\n\n")
    runner = CliRunner()
    res = runner.invoke(app, ["pool", "--benchmark", f"jsonl:{bench}", "--samples", str(s1),
                              "--samples", str(s2), "--out", str(root / "pool.jsonl")])
    assert res.exit_code == 0, res.output
    pool = read_pool(root / "pool.jsonl")
    assert [len(p.candidates) for p in pool] == [2, 2]
    assert pool[1].candidates[1].sql is None
    res = runner.invoke(app, ["classes", "--benchmark", f"jsonl:{bench}", "--pool",
                              str(root / "pool.jsonl"), "--suite", str(suite),
                              "--out", str(root / "classes.jsonl")])
    assert res.exit_code == 0, res.output
    recs = read_classes(root / "classes.jsonl")
    assert [r["n_usable"] for r in recs] == [2, 1]
    assert [len(r["partitions"]["suite"]) for r in recs] == [2, 1]
    assert recs[1]["partitions"]["suite"][0]["correct"] == {"weak": True, "suite": False}
    res = runner.invoke(app, ["classes", "--benchmark", f"jsonl:{bench}", "--pool",
                              str(root / "missing.jsonl"), "--out", str(root / "c.jsonl")])
    assert res.exit_code == 2 and "does not exist" in " ".join(res.output.split())
    assert load_benchmark(f"jsonl:{bench}").examples[0].db_path == shipped


RUNAWAY = "SELECT count(*) FROM " + ", ".join(f"t t{i}" for i in range(24))


def test_a_runaway_candidate_stops_at_its_first_timeout(dbs):
    """Issue 15, item 10: a candidate that times out is not run again on every other
    instance; the class partition is unchanged (a failed query equals only itself)."""
    from sqlverdict.certify.classes import build_classes
    from sqlverdict.certify.pool import PoolEntry

    root, shipped, suite = dbs
    for i in range(2, 8):  # eight suite instances
        (suite / "people" / f"{i:03d}.sqlite").write_bytes((suite / "people" / "001.sqlite")
                                                           .read_bytes())
    bench = root / "bench.jsonl"
    bench.write_text(json.dumps({"id": "q0", "db_id": "people", "question": "?",
                                 "gold": GOLD}) + "\n")
    pool = [PoolEntry("q0", "people", cands(GT, RUNAWAY, GE30, RUNAWAY))]
    seen = []
    records, stats = build_classes(load_benchmark(f"jsonl:{bench}"), pool, suite_dir=suite,
                                   timeout_s=0.3, progress=lambda i, n: seen.append((i, n)))
    assert stats.n_stopped == 1 and seen[-1] == (1, 1)
    # gold once per instance (1 + 8), GT is the gold, GE30 on every instance, RUNAWAY once
    assert stats.n_executions == 9 + 9 + 1
    suite_classes = records[0]["partitions"]["suite"]
    assert [(c["representative"], c["count"]) for c in suite_classes] == \
        [(RUNAWAY, 2), (GT, 1), (GE30, 1)]
    assert suite_classes[0]["correct"] == {"weak": False, "suite": False}
