"""The official evaluators' form of ``sqlverdict eval``: Spider's per-hardness table for
execution and exact-set match, BIRD's comparison (``--compat bird``) and per-difficulty
table, the BIRD dict read as is, and the gold-file loader."""

from __future__ import annotations

import json
import sqlite3

import pytest
from typer.testing import CliRunner

from sqlverdict.bench import load_benchmark, load_predictions
from sqlverdict.bench.gold import load_gold
from sqlverdict.cli import app
from sqlverdict.errors import InputError
from sqlverdict.evaluation import evaluate
from sqlverdict.oracles.base import EvalOptions


def _golds(mini_spider) -> list[str]:
    return [line.split("\t")[0] for line in
            (mini_spider / "dev_gold.sql").read_text().splitlines()]


def _official(mini_spider, pred, *extra):
    return ["eval", "--gold", str(mini_spider / "dev_gold.sql"), "--pred", str(pred),
            "--db", str(mini_spider / "database"), "--table", str(mini_spider / "tables.json"),
            *extra]


def test_spider_form_prints_per_hardness_execution_and_exact_match(mini_spider, tmp_path):
    golds = _golds(mini_spider)
    preds = list(golds)
    preds[0] = "SELECT count(*) AS n FROM singer"  # same result, outside the EM grammar
    preds[2] = "SELECT name, country, age FROM singer ORDER BY age"  # wrong order: EX and EM
    pred = tmp_path / "pred.sql"
    pred.write_text("\n".join(preds) + "\n")
    res = CliRunner().invoke(app, _official(mini_spider, pred, "--etype", "all",
                                            "--out", str(tmp_path / "run")))
    assert res.exit_code == 0, res.output
    text = " ".join(res.output.split())
    assert "Accuracy by hardness" in text and "exact match" in text
    assert "judged 45 of 47 examples; skipped 2 (no database: wta_1" in text
    summary = json.loads((tmp_path / "run" / "summary.json").read_text())
    assert summary["levels"]["by"] == "hardness"
    assert sum(summary["levels"]["examples"].values()) == 47
    m = summary["systems"]["pred"]["oracles"]
    assert (m["execution"]["correct"], m["execution"]["judged"]) == (44, 45)
    assert (m["match"]["correct"], m["match"]["judged"]) == (43, 45)
    easy = m["match"]["by_level"]["easy"]  # question 0 (count(*)) is easy
    assert easy["judged"] - easy["correct"] == 1
    assert m["execution"]["by_level"]["easy"]["correct"] == easy["judged"]
    # the same figures from the library, with the gold file as a benchmark
    bench = load_benchmark(f"gold:{mini_spider / 'dev_gold.sql'}")
    assert len(bench.examples) == 47 and len(bench.skipped) == 2


def test_spider_form_without_out_keeps_nothing_and_match_only(mini_spider, tmp_path):
    pred = tmp_path / "p.sql"
    pred.write_text("\n".join(_golds(mini_spider)) + "\n")
    res = CliRunner().invoke(app, _official(mini_spider, pred, "--etype", "match"))
    assert res.exit_code == 0, res.output
    assert "exact match" in res.output and "execution" not in res.output
    assert list(tmp_path.iterdir()) == [pred]


def test_official_form_input_errors(mini_spider, tmp_path):
    pred = tmp_path / "p.sql"
    pred.write_text("SELECT 1\n")
    r = CliRunner().invoke(app, _official(mini_spider, pred, "--etype", "match",
                                          "--compat", "bird"))
    assert r.exit_code == 2 and "exact-set match is defined for Spider only" in r.output
    r = CliRunner().invoke(app, _official(mini_spider, pred, "--etype", "both"))
    assert r.exit_code == 2 and "--etype" in r.output
    r = CliRunner().invoke(app, ["eval", "--gold", str(mini_spider / "dev_gold.sql"),
                                 "--benchmark", f"spider:{mini_spider}"])
    assert r.exit_code == 2 and "not both" in r.output
    bad = tmp_path / "gold.sql"
    bad.write_text("SELECT 1\tconcert_singer\nSELECT 2\n")
    with pytest.raises(InputError, match="line 2: expected 'SQL<TAB>db_id'"):
        load_gold(bad)


@pytest.fixture
def mini_bird(tmp_path):
    """A BIRD-format folder: dev.json with difficulty, dev_gold.sql, one database."""
    root = tmp_path / "bird"
    (root / "dev_databases" / "shop").mkdir(parents=True)
    conn = sqlite3.connect(root / "dev_databases" / "shop" / "shop.sqlite")
    conn.executescript("CREATE TABLE item(id INTEGER PRIMARY KEY, name TEXT, price REAL);"
                       "INSERT INTO item VALUES (1, 'pen', 2.5), (2, 'cup', 4.0), (3, 'pen', 1.0);")
    conn.close()
    golds = ["SELECT name, price FROM item WHERE price > 2",
             "SELECT name FROM item",
             "SELECT count(*) FROM item"]
    diffs = ["simple", "moderate", "challenging"]
    (root / "dev.json").write_text(json.dumps([
        {"question_id": i, "db_id": "shop", "question": f"q{i}", "evidence": "", "SQL": g,
         "difficulty": d} for i, (g, d) in enumerate(zip(golds, diffs, strict=True))]))
    (root / "dev_gold.sql").write_text("".join(f"{g}\tshop\n" for g in golds))
    # the official BIRD dict: {index: "SQL\t----- bird -----\tdb_id"}
    preds = ["SELECT price, name FROM item WHERE price > 2",  # columns swapped
             "SELECT name FROM item UNION ALL SELECT name FROM item",  # duplicates only
             "SELECT count(*) FROM item"]
    (root / "pred.json").write_text(json.dumps(
        {str(i): f"{p}\t----- bird -----\tshop" for i, p in enumerate(preds)}))
    return root


def test_bird_compat_compares_sets_with_columns_in_order(mini_bird, tmp_path):
    bench = load_benchmark(f"bird:{mini_bird}")
    systems = [load_predictions(mini_bird / "pred.json", bench, "p")]
    statuses = {}
    for compat in ("bird", None):
        evaluate(bench, systems, ["execution"], tmp_path / str(compat),
                 EvalOptions(compat=compat))
        rows = (tmp_path / str(compat) / "verdicts.jsonl").read_text().splitlines()
        statuses[compat] = [json.loads(r)["status"] for r in rows]
    assert statuses["bird"] == ["refuted", "consistent", "consistent"]
    assert statuses[None] == ["consistent", "refuted", "consistent"]


def test_bird_form_prints_per_difficulty_table(mini_bird, tmp_path):
    res = CliRunner().invoke(app, [
        "eval", "--gold", str(mini_bird / "dev_gold.sql"), "--pred", str(mini_bird / "pred.json"),
        "--db", str(mini_bird / "dev_databases"), "--diff", str(mini_bird / "dev.json"),
        "--etype", "exec", "--out", str(tmp_path / "run")])
    assert res.exit_code == 0, res.output
    assert "Accuracy by difficulty" in res.output and "challenging" in res.output
    summary = json.loads((tmp_path / "run" / "summary.json").read_text())
    by = summary["systems"]["pred"]["oracles"]["execution"]["by_level"]
    assert {k: v["correct"] for k, v in by.items()} == {
        "simple": 0, "moderate": 1, "challenging": 1}
    run = json.loads((tmp_path / "run" / "run.json").read_text())
    assert run["options"]["compat"] == "bird"
