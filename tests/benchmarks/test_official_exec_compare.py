"""``benchmarks.official_exec_compare``: without the published evaluator it says what is
missing and writes nothing; its classes name each known execution quirk."""

from __future__ import annotations

import sys

import pytest
from benchmarks.official_exec_compare import CASES, VARIANTS, classify, main


def test_without_the_evaluator_it_says_what_is_missing_and_writes_nothing(tmp_path,
                                                                          monkeypatch, capsys):
    out = tmp_path / "out"
    monkeypatch.setattr(sys, "argv", ["x", "--official-dir", str(tmp_path / "none"),
                                      "--official-python", str(tmp_path / "py"),
                                      "--out", str(out)])
    main()
    said = capsys.readouterr().out
    assert said.startswith("skipped: the published evaluator is not there")
    for f in ("evaluation.py", "process_sql.py", "exec_eval.py", "parse.py", str(tmp_path)):
        assert f in said
    assert not out.exists()


@pytest.mark.parametrize("pred, gold, reason, mode, cls", [
    ("SELECT a FROM t WHERE y < YEAR(CURDATE())", "", "", "default",
     "YEAR(CURDATE()) read as 2020"),
    ("DELETE FROM t", "", "", "default", "a statement that is not a query"),
    ("SELECT a FROM t; SELECT 1", "", "", "keep_distinct", "a second statement"),
    ("SELECT a * 1.0, b FROM t", "", "results differ: value_types", "default",
     "integer against float (its first check)"),
    ('SELECT a FROM t WHERE b = "x"', "SELECT a FROM t WHERE b = 'x'", "", "plug_value",
     "a double-quoted value (--plug_value)"),
    ("SELECT a FROM t LIMIT 1", "", "", "plug_value",
     "a LIMIT count as a value slot (--plug_value)"),
    ("SELECT a FROM t", "", "prediction failed: query ran longer than 30 s", "default",
     "a timeout (the evaluator has none)"),
])
def test_each_known_quirk_has_a_class(pred, gold, reason, mode, cls):
    assert classify(pred, gold, reason, mode) == cls


def test_variants_change_the_text_and_cases_are_one_line_each():
    q = "SELECT a FROM t WHERE b >= 1"
    assert all(fn(q) != q for name, fn in VARIANTS.items() if "count" not in name)
    assert VARIANTS["a TAB before WHERE"](q) == "SELECT a FROM t\tWHERE b >= 1"
    assert VARIANTS["DISTINCT added"](q) == "SELECT DISTINCT a FROM t WHERE b >= 1"
    assert all("\n" not in g + p for _, g, p in CASES)
    assert len({c for c, _, _ in CASES}) == len(CASES)
