"""VeriEQL-style pair files (``bench.verieql``) through ``convert-verieql`` and ``verify-batch``.

``tests/fixtures/equivalence/verieql_sample.jsonlines`` is written for sqlverdict in the
published format: a schema of tables and typed columns, PRIMARY/FOREIGN/NOT NULL constraints
over ``TABLE__COLUMN`` names (one of another kind), Calcite's ``$f`` names, ``EXCEPT ALL``,
and two lines that are not pairs."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from sqlverdict.bench.verieql import convert
from sqlverdict.cli import app
from sqlverdict.oracles.bounded.batch import verify_batch
from sqlverdict.schema import from_ddl

SAMPLE = Path(__file__).resolve().parents[1] / "fixtures" / "equivalence" / "verieql_sample.jsonlines"


def test_convert_writes_pairs_with_their_constraints(tmp_path):
    out = tmp_path / "pairs.jsonl"
    res = convert(SAMPLE, out)
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert res.pairs == 6 == len(lines) and len(res.skipped) == 2
    assert "line 7" in res.skipped[0] and "pair" in res.skipped[0] and "not JSON" in res.skipped[1]
    assert res.dropped == {"check": 1} and lines[4]["dropped_constraints"][0].startswith("check:")
    assert [x["id"] for x in lines][:2] == ["verieql_sample:1", "verieql_sample:2"]
    schema = from_ddl(lines[0]["schema"])
    emp, assign = schema.table("EMP"), schema.table("ASSIGN")
    assert [c.lower() for c in emp.primary_key] == ["empno"]
    assert [c.lower() for c in assign.primary_key] == ["empno", "proj"]
    # (primary-key columns NOT NULL, as the format's standard SQL keys are: issue 26)
    assert {c.name.lower() for c in emp.columns if c.not_null} == {"empno", "ename", "deptno"}
    assert [(tuple(f.columns), f.ref_table) for f in emp.foreign_keys] == [(("DEPTNO",), "DEPT")]
    assert '"$f1"' in lines[1]["gold"] and lines[1]["dialect"] == "postgres"


def test_converted_pairs_verify(tmp_path):
    pairs, out = tmp_path / "pairs.jsonl", tmp_path / "out.jsonl"
    r = CliRunner().invoke(app, ["convert-verieql", str(SAMPLE), "--out", str(pairs)])
    assert r.exit_code == 0 and "6 pairs" in r.output and "'check' constraint" in r.output
    verify_batch(pairs, out, bound=2, timeout_s=30)
    got = {d["id"].split(":")[1]: d for d in map(json.loads, out.read_text().splitlines())}
    # 1: the join reads only the foreign key's parent (NOT NULL child): every database
    assert got["1"]["status"] == "verified" and got["1"]["scope"] == "every database"
    assert got["2"]["status"] == "verified"
    assert got["3"]["status"] == "refuted" and got["3"]["evidence"] == "witness"
    assert got["4"]["status"] == "refuted"
    # 5: (EMPNO, PROJ) is the key, so grouping by it keeps every row
    assert got["5"]["status"] == "verified" and got["5"]["scope"] == "every database"
    assert got["6"]["status"] == "verified" and got["6"]["dialect"] == "postgres"


def test_an_untyped_column_is_declared_without_a_type():
    # a column whose type is null in the file: no affinity in SQLite, not a type named None
    from sqlverdict.bench.verieql import schema_ddl
    from sqlverdict.schema import from_ddl

    ddl, dropped = schema_ddl({"T": {"ID": "INT", "TMEMBER": None, "X": ""}},
                              [{"primary": [{"value": "T__ID"}]}])
    assert "None" not in ddl and dropped == []
    assert ddl == 'CREATE TABLE "T" ("ID" INT NOT NULL, "TMEMBER", "X", PRIMARY KEY ("ID"));'
    t = from_ddl(ddl).table("T")
    assert [c.type for c in t.columns][1:] == ["", ""]
