"""Odd prediction files: every oddity marks one prediction invalid; the run goes on."""

import json

import pytest

from sqlverdict.bench import load_benchmark, load_predictions
from sqlverdict.errors import InputError


@pytest.fixture()
def bench(tmp_path):
    import sqlite3

    db = tmp_path / "database" / "d" / "d.sqlite"
    db.parent.mkdir(parents=True)
    c = sqlite3.connect(db)
    c.execute("CREATE TABLE t(a INT)")
    c.execute("INSERT INTO t VALUES (1), (2)")
    c.commit()
    c.close()
    lines = [{"id": f"q{i}", "db_id": "d", "question": "?", "gold": "SELECT a FROM t"}
             for i in range(4)]
    lines.append({"id": "q4", "db_id": "gone", "question": "?", "gold": "SELECT 1"})
    p = tmp_path / "b.jsonl"
    p.write_text("\n".join(json.dumps(x) for x in lines))
    return load_benchmark(f"jsonl:{p}")


def test_missing_database_is_skipped_with_reason(bench):
    assert list(bench.skipped) == ["q4"] and "gone" in bench.skipped["q4"]


def test_lines_file_with_garbage_empty_and_missing_lines(bench, tmp_path):
    f = tmp_path / "p.sql"
    f.write_text("SELECT a FROM t;\n\n" + "x" * 30_000 + "\nSELECT a FROM t\td\n")
    ps = load_predictions(f, bench, "s")
    assert ps.get("q0").sql == "SELECT a FROM t;"
    assert ps.get("q1").invalid == "empty SQL"
    assert "30000 characters" in ps.get("q2").invalid
    assert ps.get("q3").sql == "SELECT a FROM t"  # trailing <TAB>db_id removed
    assert ps.get("q4").invalid.startswith("missing prediction")
    assert any("no prediction" in w for w in ps.warnings)


def test_json_dict_with_non_strings_and_bird_format(bench, tmp_path):
    f = tmp_path / "p.json"
    f.write_text(json.dumps({"0": "SELECT a FROM t\t----- bird -----\td", "1": 42,
                             "2": None, "3": ["SELECT 1"], "99": "SELECT 2"}))
    ps = load_predictions(f, bench, "s")
    assert ps.get("q0").sql == "SELECT a FROM t"
    assert "int" in ps.get("q1").invalid
    assert ps.get("q2").invalid == "prediction is null"
    assert "list" in ps.get("q3").invalid
    assert any("'99'" in w for w in ps.warnings)


def test_jsonl_with_a_broken_line(bench, tmp_path):
    f = tmp_path / "p.jsonl"
    f.write_text('{"id": "q0", "sql": "SELECT a FROM t", "logprob": -1.5}\n{broken\n'
                 '{"id": "q1", "sql": 7}\n')
    ps = load_predictions(f, bench, "s")
    assert ps.get("q0").logprob == -1.5
    assert "int" in ps.get("q1").invalid
    assert any("line 2" in w for w in ps.warnings)


def test_bad_json_names_the_file(bench, tmp_path):
    f = tmp_path / "p.json"
    f.write_text("{nope")
    with pytest.raises(InputError, match="p.json"):
        load_predictions(f, bench)
    with pytest.raises(InputError, match="does not exist"):
        load_predictions(tmp_path / "missing.sql", bench)


def test_benchmark_spec_errors_are_clear(tmp_path):
    with pytest.raises(InputError, match="KIND:PATH"):
        load_benchmark("spider")
    with pytest.raises(InputError, match="does not exist"):
        load_benchmark(f"spider:{tmp_path}/nope")
