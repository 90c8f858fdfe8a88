"""``benchmarks.official_item_compare``: without the published evaluator it says what is
missing and writes nothing; its class names cover the official reading's reasons."""

from __future__ import annotations

import sys

from benchmarks.official_item_compare import _class, main

from sqlverdict.oracles.match import exact_set_match
from sqlverdict.oracles.match.structure import OutsideGrammar
from sqlverdict.schema import from_ddl


def test_without_the_evaluator_it_says_what_is_missing_and_writes_nothing(tmp_path,
                                                                          monkeypatch, capsys):
    out = tmp_path / "out"
    monkeypatch.setattr(sys, "argv", ["x", "--official-dir", str(tmp_path / "none"),
                                      "--official-python", str(tmp_path / "py"),
                                      "--out", str(out)])
    main()
    said = capsys.readouterr().out
    assert said.startswith("skipped: the published evaluator is not there")
    assert "evaluation.py" in said and "process_sql.py" in said and str(tmp_path / "py") in said
    assert not out.exists()


def test_each_reason_of_the_official_reading_has_a_class():
    schema = from_ddl("CREATE TABLE t(a INT, b INT, c TEXT)", "d")
    for pred, cls in [("SELECT a FROM t WHERE a <> 1", "<>"),
                      ("SELECT a FROM t WHERE a=1", "operator joined to its operand"),
                      ("SELECT a FROM t WHERE a = 1 -- x", "trailing comment"),
                      ("SELECT a FROM t UNION ALL SELECT b FROM t", "UNION ALL"),
                      ("SELECT max(a) - min(a) FROM t", "aggregate first in SELECT arithmetic"),
                      ("SELECT a FROM t WHERE a = (b)", "a column in parentheses as a value")]:
        try:
            _, reason = exact_set_match("SELECT a FROM t", pred, schema, official=True)
        except OutsideGrammar as e:  # pragma: no cover - the gold reads
            raise AssertionError(e) from None
        assert _class(reason, pred) == cls, reason
    assert _class("", "SELECT a FROM t WHERE a = b + 1") == (
        "a column value's tail skipped (b + 1, b || 'x')")
    assert _class("", "SELECT a FROM t WHERE a = b OR c = 1") == "OR dropped after a column value"
