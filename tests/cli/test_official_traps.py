"""Issue 27: inputs that used to give a wrong figure with exit 0, and exact-set match as the
official evaluator reads it. Each trap ends in a one-line error naming the input and the fix
(exit 2), or in the right figure; nothing the user wrote is changed."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest
from typer.testing import CliRunner

from sqlverdict.bench.gold import load_gold
from sqlverdict.bench.predictions import load_predictions
from sqlverdict.cli import app
from sqlverdict.errors import InputError
from sqlverdict.oracles.base import Context, EvalOptions, get_oracle
from sqlverdict.oracles.match import exact_set_match
from sqlverdict.schema import from_ddl
from sqlverdict.types import Example, Prediction, Status


def _run(*args: str):
    return CliRunner().invoke(app, list(args))


def _error(res, *needles: str) -> str:
    assert res.exit_code == 2, res.output
    assert "Traceback" not in res.output, res.output
    err = " ".join(res.output.split())
    assert err.startswith("error:"), res.output
    for n in needles:
        assert n in err, (n, err)
    return err


def _official(mini: Path, pred: Path, *more: str):
    return _run("eval", "--quiet", "--gold", str(mini / "dev_gold.sql"), "--pred", str(pred),
                "--db", str(mini / "database"), "--table", str(mini / "tables.json"),
                "--etype", "match", *more)


def _gold_lines(mini: Path) -> list[str]:
    return (mini / "dev_gold.sql").read_text().splitlines()


# ---------------------------------------------------------------- misaligned prediction files


def test_a_blank_line_inserted_in_a_prediction_file_is_refused_and_the_file_kept(mini_spider,
                                                                                tmp_path):
    lines = [g.rsplit("\t", 1)[0] for g in _gold_lines(mini_spider)]
    lines.insert(9, "")  # the gold as predictions, a blank line at line 10
    pred = tmp_path / "pred.sql"
    pred.write_text("\n".join(lines) + "\n")
    before = pred.read_bytes()
    _error(_official(mini_spider, pred), str(pred), "48 line(s)", "47 question(s)",
           "line 10 is blank", "--allow-misaligned")
    assert pred.read_bytes() == before
    # with consent the run goes on, lines matched in order, and says so
    res = _official(mini_spider, pred, "--allow-misaligned")
    assert res.exit_code == 0, res.output
    assert "48 line(s), the benchmark 47" in " ".join(res.output.split())
    # the aligned file scores 100%
    pred.write_text("\n".join(lines[:9] + lines[10:]) + "\n")
    res = _official(mini_spider, pred)
    assert res.exit_code == 0 and "100.0% of 45" in res.output, res.output


def test_a_blank_line_in_a_file_of_the_right_length_is_a_failed_generation(mini_spider,
                                                                           tmp_path):
    bench = load_gold(mini_spider / "dev_gold.sql", mini_spider / "database",
                      mini_spider / "tables.json")
    lines = [g.rsplit("\t", 1)[0] for g in _gold_lines(mini_spider)]
    lines[4] = ""
    pred = tmp_path / "pred.sql"
    pred.write_text("\n".join(lines) + "\n")
    ps = load_predictions(pred, bench, allow_misaligned=False)
    assert ps.get("4").invalid == "empty SQL" and ps.get("5").sql == lines[5]
    assert any("line 5" in w and "failed generation" in w for w in ps.warnings)


def test_a_short_prediction_file_names_both_counts(mini_spider, tmp_path):
    pred = tmp_path / "pred.sql"
    pred.write_text("\n".join(g.rsplit("\t", 1)[0] for g in _gold_lines(mini_spider)[:30]))
    _error(_official(mini_spider, pred), "30 line(s)", "47 question(s)")


def test_limit_accepts_a_file_of_that_many_lines(mini_spider, tmp_path):
    pred = tmp_path / "pred.sql"
    pred.write_text("\n".join(g.rsplit("\t", 1)[0] for g in _gold_lines(mini_spider)[:20]))
    res = _run("eval", "--quiet", "--benchmark", f"spider:{mini_spider}", "--predictions",
               str(pred), "--oracle", "match", "--limit", "20", "--out", str(tmp_path / "run"))
    assert res.exit_code == 0, res.output
    summary = json.loads((tmp_path / "run" / "summary.json").read_text())
    m = summary["systems"]["pred"]["oracles"]["match"]
    assert m["judged"] == 20 and m["accuracy"] == 1.0, m


def test_duplicate_ids_in_a_jsonl_file_are_refused_with_their_lines(mini_spider, tmp_path):
    pred = tmp_path / "pred.jsonl"
    rows = [{"id": str(i), "sql": g.rsplit("\t", 1)[0]}
            for i, g in enumerate(_gold_lines(mini_spider))]
    rows.insert(2, {"id": "0", "sql": "SELECT 1 FROM singer"})
    pred.write_text("".join(json.dumps(r) + "\n" for r in rows))
    bench = load_gold(mini_spider / "dev_gold.sql", mini_spider / "database",
                      mini_spider / "tables.json")
    with pytest.raises(InputError, match="line 3 repeats id '0' of line 1"):
        load_predictions(pred, bench, allow_misaligned=False)
    ps = load_predictions(pred, bench, allow_misaligned=True)  # with consent: the first kept
    assert ps.get("0").sql == rows[0]["sql"]
    assert any("repeat an id" in w for w in ps.warnings)


# ---------------------------------------------------------------- the database folder


def test_db_one_folder_too_deep_names_the_right_one(mini_spider, tmp_path):
    pred = tmp_path / "pred.sql"
    pred.write_text("\n".join(g.rsplit("\t", 1)[0] for g in _gold_lines(mini_spider)))
    deep = mini_spider / "database" / "concert_singer"
    res = _run("eval", "--quiet", "--gold", str(mini_spider / "dev_gold.sql"), "--pred",
               str(pred), "--db", str(deep), "--table", str(mini_spider / "tables.json"),
               "--etype", "match")
    # concert_singer/concert_singer.sqlite is found in it; wta_1 has no file anywhere, so
    # the folder holds 1 of 2 databases: not most missing, judged as before
    assert res.exit_code == 0, res.output
    other = tmp_path / "db" / "x"
    other.mkdir(parents=True)
    res = _run("eval", "--quiet", "--gold", str(mini_spider / "dev_gold.sql"), "--pred",
               str(pred), "--db", str(other), "--table", str(mini_spider / "tables.json"),
               "--etype", "match")
    _error(res, str(other), "no SQLite file for 2 of the 2 databases",
           "<db_id>/<db_id>.sqlite")


def test_db_omitted_with_the_gold_elsewhere_is_an_error(mini_spider, tmp_path):
    gold = tmp_path / "gold.sql"
    gold.write_text((mini_spider / "dev_gold.sql").read_text())
    res = _run("eval", "--quiet", "--gold", str(gold), "--pred", str(gold), "--table",
               str(mini_spider / "tables.json"), "--etype", "match")
    _error(res, "no --db given", "expected <db_id>/<db_id>.sqlite")


def test_db_too_deep_on_a_multi_database_gold_names_the_parent(tmp_path):
    root = tmp_path / "database"
    golds = []
    for name in ("a_db", "b_db", "c_db"):
        (root / name).mkdir(parents=True)
        conn = sqlite3.connect(root / name / f"{name}.sqlite")
        conn.execute("CREATE TABLE t(x INT)")
        conn.close()
        golds.append(f"SELECT x FROM t\t{name}")
    gold = tmp_path / "gold.sql"
    gold.write_text("\n".join(golds) + "\n")
    with pytest.raises(InputError, match=r"no SQLite file for 2 of the 3 .* pass --db "):
        load_gold(gold, root / "a_db")
    assert len(load_gold(gold, root).examples) == 3


# ---------------------------------------------------------------- verify and verify-batch


DDL = "CREATE TABLE t(a INT, b TEXT)"


@pytest.mark.parametrize("pred, code", [
    ("SELECT t.a FROM t", 0),               # equivalent
    ("SELECT a FROM t WHERE a > 1", 1),     # differs
    ("SELECT nope FROM t", 1),              # invalid SQL: differs
])
def test_verify_exits_as_diff(pred, code):
    res = _run("verify", "--schema", DDL, "SELECT a FROM t", pred, "--no-search")
    assert res.exit_code == code, res.output


def test_verify_exits_2_on_trouble():
    res = _run("verify", "--schema", DDL, "SELECT a FROM", "SELECT a FROM t", "--no-search")
    assert res.exit_code == 2, res.output
    assert "Exit status" in _run("verify", "--help").output


@pytest.mark.parametrize("pred, kind", [("DELETE FROM t", "DELETE"), ("VACUUM", "VACUUM"),
                                        ("PRAGMA table_info(t)", "PRAGMA")])
def test_a_statement_that_is_not_a_query_is_invalid_not_refuted_by_a_witness(pred, kind):
    res = _run("verify", "--schema", DDL, "SELECT a FROM t", pred, "--json")
    d = json.loads(res.output)
    assert res.exit_code == 1
    assert d["status"] == "refuted" and d["evidence"] == "invalid_sql" and d["witness"] is None
    assert d["reason"] == f"invalid: not a query ({kind} statement)"


def test_verify_batch_refuses_a_binary_or_sql_file(tmp_path, mini_spider):
    binary = tmp_path / "pairs.jsonl"
    binary.write_bytes(bytes(range(256)) * 8)
    for f in (binary, mini_spider / "dev_gold.sql"):
        out = tmp_path / f"{f.stem}.out.jsonl"
        res = _run("verify-batch", "--pairs", str(f), "--out", str(out))
        _error(res, str(f), "holds no JSON object", "JSONL")
        assert not out.exists()


def test_verify_batch_refuses_a_malformed_constraint_file(tmp_path):
    bad = tmp_path / "c.json"
    bad.write_text("{not json")
    pairs = tmp_path / "pairs.jsonl"
    pairs.write_text(json.dumps({"id": "p", "gold": "SELECT a FROM t", "pred": "SELECT a FROM t",
                                 "schema": DDL, "constraints": str(bad)}) + "\n")
    _error(_run("verify-batch", "--pairs", str(pairs), "--out", str(tmp_path / "o.jsonl")),
           str(bad), "line", "not valid JSON")


# ---------------------------------------------------------------- deeply nested JSON


def test_json_nested_1000_levels_is_an_error_in_every_reader(tmp_path, mini_spider):
    deep = "[" * 1000 + "]" * 1000
    for name in ("deep.json", "deep.jsonl"):
        (tmp_path / name).write_text(deep + "\n")
    dj, dl = str(tmp_path / "deep.json"), str(tmp_path / "deep.jsonl")
    gold, db = str(mini_spider / "dev_gold.sql"), str(mini_spider / "database")
    runs = [
        ["eval", "--quiet", "--gold", gold, "--pred", dj, "--db", db, "--etype", "match"],
        ["eval", "--quiet", "--gold", gold, "--pred", gold, "--db", db, "--table", dj],
        ["verify", "--schema", dj, "--db-id", "x", "SELECT 1", "SELECT 1"],
        ["verify", "--schema", DDL, "SELECT a FROM t", "SELECT a FROM t",
         "--constraints", dj],
        ["verify-batch", "--pairs", dl, "--out", str(tmp_path / "o.jsonl")],
        ["eval", "--quiet", "--benchmark", f"spider:{dj}", "--predictions", gold, "--out",
         str(tmp_path / "run")],
    ]
    for args in runs:
        res = _run(*args)
        assert res.exit_code == 2, (args, res.output)
        assert "Traceback" not in res.output and res.output.startswith("error:"), res.output


# ---------------------------------------------------------------- output


def test_query_text_is_printed_as_written_not_as_emoji(monkeypatch):
    import io

    from sqlverdict.cli import _common

    buf = io.StringIO()
    console = _common._console(stderr=True)  # as the commands make theirs
    console.file = buf
    monkeypatch.setattr(_common, "err_console", console)
    _common.warn("SELECT a FROM t WHERE b = ':b:'")  # rich read ':b:' as an emoji code
    assert buf.getvalue() == "warning SELECT a FROM t WHERE b = ':b:'\n"


# ---------------------------------------------------------------- the official reading


SCHEMA = from_ddl(
    "CREATE TABLE singer(singer_id INT PRIMARY KEY, name TEXT, age INT, country TEXT);"
    "CREATE TABLE concert(concert_id INT PRIMARY KEY, singer_id INT REFERENCES singer, "
    "year INT)", "d")

# (gold, prediction, lenient verdict, official verdict): each class the official reading
# differs on, measured on published systems' predictions
CLASSES = [
    ("SELECT name FROM singer WHERE age != 30", "SELECT name FROM singer WHERE age <> 30",
     True, False),
    ("SELECT name FROM singer WHERE singer_id NOT IN (SELECT singer_id FROM concert)",
     "SELECT name FROM singer WHERE NOT singer_id IN (SELECT singer_id FROM concert)",
     True, False),
    ('SELECT name FROM singer', 'SELECT name FROM "singer"', True, False),
    ("SELECT T1.name FROM singer AS T1 JOIN concert AS T2 ON T1.singer_id = T2.singer_id",
     "SELECT s.name FROM singer s JOIN concert c ON s.singer_id = c.singer_id", True, False),
    # the official parser drops a condition joined by OR after column = column: both sides
    # then look alike
    ("SELECT T1.name FROM singer AS T1 JOIN concert AS T2 ON T1.singer_id = T2.singer_id "
     "OR T1.age = T2.year", "SELECT T1.name FROM singer AS T1 JOIN concert AS T2 ON "
     "T1.singer_id = T2.singer_id", False, True),
    ("SELECT name FROM singer WHERE age = singer_id OR country = 'x'",
     "SELECT name FROM singer WHERE age = singer_id", False, True),
]


@pytest.mark.parametrize("gold, pred, lenient, official", CLASSES)
def test_the_official_reading_reproduces_each_known_difference(gold, pred, lenient, official):
    assert exact_set_match(gold, pred, SCHEMA)[0] is lenient
    assert exact_set_match(gold, pred, SCHEMA, official=True)[0] is official


def test_the_official_reading_keeps_what_both_readings_agree_on():
    same = [("SELECT name FROM singer WHERE age != 30 AND country = 'a'",
             "SELECT name FROM singer WHERE country = 'b' AND age != 1"),
            ("SELECT name FROM singer WHERE singer_id NOT IN (SELECT singer_id FROM concert)",
             "SELECT name FROM singer WHERE singer_id NOT IN (SELECT singer_id FROM concert)"),
            ("SELECT name FROM singer WHERE age = 1 OR country = 'x'",
             "SELECT name FROM singer WHERE age = 2 OR country = 'y'")]
    for gold, pred in same:
        assert exact_set_match(gold, pred, SCHEMA) == exact_set_match(gold, pred, SCHEMA,
                                                                     official=True)
        assert exact_set_match(gold, pred, SCHEMA)[0]


def test_the_match_oracle_reads_officially_under_compat_spider_and_says_where_readings_differ():
    gold, pred = CLASSES[0][:2]
    ex = Example("0", "d", "", gold, None, index=0)
    ctx = Context(EvalOptions(), None, {"d": SCHEMA})
    official = get_oracle("match", EvalOptions(compat="spider")).judge(ex, Prediction("0", pred),
                                                                      ctx)
    assert official.status is Status.REFUTED
    assert official.evidence["other_reading"]["status"] == "consistent"
    lenient = get_oracle("match", EvalOptions()).judge(ex, Prediction("0", pred), ctx)
    assert lenient.status is Status.CONSISTENT
    assert lenient.evidence["other_reading"]["reading"] == "official"
    chosen = get_oracle("match", EvalOptions(compat="spider", extra={"match_reading": "lenient"}))
    assert chosen.judge(ex, Prediction("0", pred), ctx).status is Status.CONSISTENT
    with pytest.raises(InputError, match="--match-reading"):
        get_oracle("match", EvalOptions(extra={"match_reading": "loose"}))


# ---------------------------------------------------------------- BIRD: a failed generation


def test_compat_bird_scores_a_blank_generation_as_the_official_script(tmp_path):
    db = tmp_path / "d.sqlite"
    conn = sqlite3.connect(db)
    conn.executescript("CREATE TABLE t(a INT); INSERT INTO t VALUES (1);")
    conn.close()
    blank = Prediction("0", None, invalid="empty SQL")
    from sqlverdict.engine.execute import ResultCache

    def judge(gold, compat):
        ex = Example("0", "d", "", gold, str(db), index=0)
        ctx = Context(EvalOptions(compat=compat), ResultCache(), {})
        return get_oracle("execution", EvalOptions(compat=compat)).judge(ex, blank, ctx)

    # the official script runs the empty text: no rows, right when the gold has none
    assert judge("SELECT a FROM t WHERE a > 5", "bird").status is Status.CONSISTENT
    blank = Prediction("0", None, invalid="prediction is null")  # it runs " " for a null
    assert judge("SELECT a FROM t WHERE a > 5", "bird").status is Status.CONSISTENT
    blank = Prediction("0", None, invalid="empty SQL")
    assert judge("SELECT a FROM t", "bird").status is Status.REFUTED
    assert judge("SELECT a FROM t WHERE a > 5", None).status is Status.REFUTED


# ---------------------------------------------------------------- execution: official options


def _exec_official(mini: Path, lines: list[str], tmp_path: Path, *more: str):
    tmp_path.mkdir(parents=True, exist_ok=True)
    pred = tmp_path / "pred.sql"
    pred.write_text("\n".join(lines) + "\n")
    res = _run("eval", "--quiet", "--gold", str(mini / "dev_gold.sql"), "--pred", str(pred),
               "--db", str(mini / "database"), "--table", str(mini / "tables.json"),
               "--etype", "exec", "--out", str(tmp_path / "run"), "--no-report", *more)
    assert res.exit_code == 0, res.output
    rows = [json.loads(x) for x in (tmp_path / "run" / "verdicts.jsonl").read_text().splitlines()]
    return " ".join(res.output.split()), {r["example_id"]: r for r in rows}


def test_compat_spider_reads_a_prediction_line_up_to_its_first_tab(mini_spider, tmp_path):
    lines = [g.rsplit("\t", 1)[0] for g in _gold_lines(mini_spider)]
    lines[0] = lines[0] + "\tWHERE 1 = 0"  # the official evaluator runs the text before TAB
    out, rows = _exec_official(mini_spider, lines, tmp_path)
    assert rows["0"]["status"] == "consistent" and "line 1" in out and "first TAB" in out


def test_plug_value_and_keep_distinct(mini_spider, tmp_path):
    golds = [g.rsplit("\t", 1)[0] for g in _gold_lines(mini_spider)]
    i = next(n for n, g in enumerate(golds) if "WHERE" in g and "'" in g.split("WHERE")[1])
    lines = list(golds)
    head, where = golds[i].split("WHERE", 1)
    import re

    lines[i] = head + "WHERE" + re.sub(r"'[^']*'", "value", where)
    assert lines[i].endswith(" value")  # the evaluator reads ' value ' as ' 1 ', not here
    _, rows = _exec_official(mini_spider, lines, tmp_path / "a")
    assert rows[str(i)]["status"] == "refuted"
    _, rows = _exec_official(mini_spider, lines, tmp_path / "b", "--plug-value")
    assert rows[str(i)]["status"] == "refuted"  # a column 'value', no value slot, as there
    lines[i] += " GROUP BY country"  # ' value ' is read as ' 1 ', a slot for the gold's value
    _, rows = _exec_official(mini_spider, lines, tmp_path / "a2")
    assert rows[str(i)]["status"] == "refuted"
    _, rows = _exec_official(mini_spider, lines, tmp_path / "b2", "--plug-value")
    assert rows[str(i)]["status"] == "consistent" and "plugged" in rows[str(i)]["reason"]
    # --keep_distinct: the gold's DISTINCT is no longer removed, so a prediction without it
    # differs where the data has duplicates (gold 8: SELECT DISTINCT country ... age > 20)
    assert golds[8].startswith("SELECT DISTINCT country FROM singer")
    lines = list(golds)
    lines[8] = golds[8].replace("DISTINCT ", "")
    _, rows = _exec_official(mini_spider, lines, tmp_path / "c")
    assert rows["8"]["status"] == "consistent"
    _, rows = _exec_official(mini_spider, lines, tmp_path / "d", "--keep-distinct")
    assert rows["8"]["status"] == "refuted"


# ---------------------------------------------------------------- progress and titles


def test_progress_in_a_pipe_reports_each_phase_and_slow_phases(monkeypatch):
    import io

    from sqlverdict.cli import progress

    out = io.StringIO()
    with progress.reporter("judging", stream=out, step=50) as report:
        for _phase in range(2):  # two phases of equal size (execution, then bounded)
            for i in range(1, 5):
                report(i, 4)
    assert out.getvalue().splitlines()[-1].startswith("judging (phase 2): 100% (4/4)")
    monkeypatch.setattr(progress, "HEARTBEAT_S", 0.0)  # a slow phase: a line every heartbeat
    out = io.StringIO()
    with progress.reporter("judging", stream=out, step=50) as report:
        for i in range(1, 4):
            report(i, 1000)
    assert len(out.getvalue().splitlines()) == 3, out.getvalue()


def test_titles_say_unknowns_and_empty_databases():
    from rich.console import Console

    from sqlverdict.report.summary import summary_table

    m = {"accuracy": 0.5, "rank": 1, "unknown": 8, "judged": 10}
    summary = {"systems": {"a": {"oracles": {"execution": m}, "n_examples": 10,
                                 "n_skipped": 0}}}
    c = Console(width=200, record=True)
    c.print(summary_table(summary, labels={"execution": "execution (empty databases)"}))
    text = c.export_text()
    assert "?8" in text and "?N: N verdicts unknown" in text
    assert "execution (empty databases)" in text


def test_a_key_repeated_in_a_json_prediction_file_is_refused(mini_spider, tmp_path):
    golds = [g.rsplit("\t", 1)[0] for g in _gold_lines(mini_spider)]
    body = ", ".join(f'"{i}": {json.dumps(g)}' for i, g in enumerate(golds))
    pred = tmp_path / "pred.json"
    pred.write_text("{" + body + ', "0": "SELECT 1 FROM singer"}')
    bench = load_gold(mini_spider / "dev_gold.sql", mini_spider / "database",
                      mini_spider / "tables.json")
    with pytest.raises(InputError, match="key.s. appear twice .'0'."):
        load_predictions(pred, bench, allow_misaligned=False)
    assert load_predictions(pred, bench).get("0").sql == golds[0]


def test_a_printf_result_over_the_size_budget_is_null_with_a_word(tmp_path):
    from sqlverdict.engine.execute import ResultCache

    db = tmp_path / "d.sqlite"
    conn = sqlite3.connect(db)
    conn.executescript("CREATE TABLE t(a INT); INSERT INTO t VALUES (1);")
    conn.close()
    ex = Example("0", "d", "", "SELECT NULL FROM t", str(db), index=0)
    pred = Prediction("0", "SELECT printf('%.*c', 2000000000, 'x') FROM t")
    v = get_oracle("execution", EvalOptions()).judge(ex, pred, Context(EvalOptions(),
                                                                       ResultCache(), {}))
    assert v.status is Status.CONSISTENT
    assert "prediction: a printf() result over the 16 MiB value limit is NULL" in v.reason
