import hashlib
import json
import sqlite3
from pathlib import Path

from sqlverdict.bench.loader import load_benchmark
from sqlverdict.engine.execute import ResultCache, run_query
from sqlverdict.oracles.base import Context, EvalOptions, get_oracle
from sqlverdict.oracles.suite import load_suite
from sqlverdict.oracles.suite.build import build_suite
from sqlverdict.oracles.suite.census import census
from sqlverdict.types import Prediction, Status


def test_layout_and_manifests(built_suite):
    out, m = built_suite
    assert m["seed"] == 7 and "music" in m["databases"]
    s = m["databases"]["music"]
    assert s["mutants_valid"] > 40 and s["separable"] > 0
    assert s["separated"] >= 0.99 * s["separable"]
    files = load_suite(out, "music")
    assert files and [f.name for f in files] == [f"{i:03d}.sqlite" for i in range(len(files))]
    per_db = json.loads((out / "music" / "manifest.json").read_text())
    assert [i["file"] for i in per_db["instances"]] == [f.name for f in files]
    assert len(files) == s["instances"]
    lines = (out / "music" / "mutants.jsonl").read_text().splitlines()
    assert len(lines) == s["mutants_valid"]
    assert load_suite(out, "no_such_db") == []


def test_instances_respect_the_schema(built_suite):
    out, _ = built_suite
    for f in load_suite(out, "music"):
        conn = sqlite3.connect(f)
        assert conn.execute("PRAGMA foreign_key_check").fetchall() == []
        assert conn.execute("SELECT count(*) FROM singer WHERE name IS NULL").fetchone() == (0,)
        conn.close()


def test_same_seed_same_suite(bench_file, built_suite, small_config, tmp_path):
    out, _ = built_suite
    again = tmp_path / "again"
    build_suite(f"jsonl:{bench_file}", again, seed=7, config=small_config)

    def digest(d):
        return [hashlib.sha256(str(run_query(f, "SELECT * FROM singer").rows).encode() +
                               str(run_query(f, "SELECT * FROM sings").rows).encode()).hexdigest()
                for f in load_suite(d, "music")]

    assert digest(out) == digest(again)


def _judge(out, bench_file, qid, sql, **opts):
    b = load_benchmark(f"jsonl:{bench_file}")
    ex = b.by_id()[qid]
    options = EvalOptions(suite_dir=str(out) if out else None, **opts)
    oracle = get_oracle("suite", options)
    return oracle.judge(ex, Prediction(qid, sql), Context(options, ResultCache(), b.schemas))


def test_gold_is_consistent(built_suite, bench_file):
    out, _ = built_suite
    v = _judge(out, bench_file, "q1", "SELECT name FROM singer WHERE age > 30")
    assert v.status is Status.CONSISTENT and v.oracle == "suite"
    assert v.evidence["instances"] == len(load_suite(out, "music"))


def test_near_miss_accepted_by_shipped_db_is_refuted_on_an_instance(built_suite, bench_file):
    out, _ = built_suite
    # on the shipped database nobody is exactly 30 and 'France' rows are not duplicated by age,
    # so >= and > agree there; the suite separates them
    near = "SELECT name FROM singer WHERE age >= 31"
    b = load_benchmark(f"jsonl:{bench_file}")
    shipped = b.by_id()["q1"].db_path
    assert sorted(run_query(shipped, near).rows) == sorted(
        run_query(shipped, "SELECT name FROM singer WHERE age > 30").rows)
    v = _judge(out, bench_file, "q1", near)
    assert v.status is Status.REFUTED
    assert Path(v.evidence["instance"]).parent == out / "music"
    assert v.signature in {"gold_subset", "pred_subset", "disjoint", "partial_overlap",
                           "duplicates", "gold_empty", "pred_empty"}
    assert v.evidence["gold_result"] != v.evidence["pred_result"]


def test_ordering_matters_when_gold_orders(built_suite, bench_file):
    out, _ = built_suite
    v = _judge(out, bench_file, "q2", "SELECT name FROM singer ORDER BY age ASC LIMIT 1")
    assert v.status is Status.REFUTED


def test_invalid_prediction_is_refuted(built_suite, bench_file):
    out, _ = built_suite
    v = _judge(out, bench_file, "q0", "SELECT nope FROM singer")
    assert v.status is Status.REFUTED and v.signature == "execution_error"


def test_unknown_without_a_suite(bench_file, tmp_path):
    v = _judge(None, bench_file, "q0", "SELECT 1")
    assert v.status is Status.UNKNOWN and "sqlverdict suite build" in v.reason
    (tmp_path / "empty").mkdir()
    v = _judge(tmp_path / "empty", bench_file, "q0", "SELECT 1")
    assert v.status is Status.UNKNOWN and "no instances for music" in v.reason


def test_instance_where_gold_fails_is_skipped(built_suite, bench_file, tmp_path):
    import shutil

    out, _ = built_suite
    copy = tmp_path / "suite"
    shutil.copytree(out, copy)
    # an instance without the concert table: gold q3 cannot run there
    bad = copy / "music" / "000.sqlite"
    bad.unlink()
    conn = sqlite3.connect(bad)
    conn.execute("CREATE TABLE singer (singer_id INTEGER PRIMARY KEY, name TEXT, country TEXT, age INT)")
    conn.commit()
    conn.close()
    v = _judge(copy, bench_file, "q3", "SELECT year, count(*) FROM concert GROUP BY year")
    assert v.status is Status.CONSISTENT
    assert v.evidence["skipped"] == ["000.sqlite: no_such_table"]


def test_census_counts(built_suite, bench_file):
    out, _ = built_suite
    c = census(f"jsonl:{bench_file}", out)
    nm = c["near_miss"]["total"]
    assert nm["separable"] == nm["suite_separates"] or nm["suite_separates"] <= nm["separable"]
    assert 0 <= nm["shipped_accepts"] <= nm["separable"]
    assert c["collision"]["total"]["colliding"] >= 0


def test_collision_census_leaves_out_databases_without_a_suite(bench_file, tmp_path):
    (tmp_path / "empty").mkdir()
    from sqlverdict.oracles.suite.census import collision_census

    c = collision_census(f"jsonl:{bench_file}", tmp_path / "empty")
    assert c["total"]["colliding"] == 0 and c["databases_without_suite"] == ["music"]


def test_rewrite_that_only_differs_on_duplicate_names_is_refuted(built_suite, bench_file):
    """IN instead of a join: the same on the shipped data (names are unique there); a suite
    instance has two singers of one name, one in a 2014 concert and one elsewhere (or both
    in it), which the join-based gold with DISTINCT reports once."""
    out, _ = built_suite
    pred = ("SELECT name FROM singer WHERE singer_id IN (SELECT singer_id FROM sings WHERE "
            "concert_id IN (SELECT concert_id FROM concert WHERE year = 2014))")
    b = load_benchmark(f"jsonl:{bench_file}")
    shipped = b.by_id()["q4"].db_path
    assert sorted(run_query(shipped, pred).rows) == sorted(run_query(shipped, b.by_id()["q4"].gold).rows)
    assert _judge(out, bench_file, "q4", pred).status is Status.REFUTED
