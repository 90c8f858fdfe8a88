"""Compile-style IR: round trip on hand-written IRs of Spider gold queries, precise errors,
the JSON Schema, and the JV/CR/PR/ES pipeline."""

from __future__ import annotations

import json

import pytest
from tests.helpers import FIXTURES

from sqlverdict.engine.compare import results_equal
from sqlverdict.engine.execute import run_query
from sqlverdict.engine.policy import default_semantics
from sqlverdict.schema import from_sqlite
from sqlverdict.structure.ir_compile import (
    CompileError,
    compile_ir,
    ir_json_schema,
    pipeline_rates,
    run_pipeline,
)

IRS = [json.loads(line) for line in (FIXTURES / "canon" / "ir_spider_gold.jsonl").read_text().splitlines()
       if line.strip()]


def test_at_least_fifty_hand_written_irs():
    assert len(IRS) >= 50
    assert len({d["index"] for d in IRS}) == len(IRS)


def test_round_trip_executes_to_gold_results(spider_bench):
    failures = []
    for d in IRS:
        ex = spider_bench.examples[d["index"]]
        sql = compile_ir(d["ir"], spider_bench.schemas[ex.db_id])
        gold = run_query(ex.db_path, ex.gold, timeout_s=20)
        got = run_query(ex.db_path, sql, timeout_s=20)
        if not results_equal(gold.rows, got.rows, default_semantics(ex.gold),
                             gold_ncols=len(gold.columns), pred_ncols=len(got.columns)):
            failures.append((d["index"], sql))
    assert not failures


def test_irs_validate_against_the_json_schema():
    jsonschema = pytest.importorskip("jsonschema")
    schema = ir_json_schema()
    jsonschema.Draft202012Validator.check_schema(schema)
    v = jsonschema.Draft202012Validator(schema)
    for d in IRS:
        errors = list(v.iter_errors(d["ir"]))
        assert not errors, (d["index"], errors[0].message)
    assert list(v.iter_errors({"select": []}))  # missing from, empty select


@pytest.fixture
def singer_schema(spider_db):
    p = spider_db("concert_singer")
    return from_sqlite(p, "concert_singer")


def _q(**kw):
    base = {"select": [{"expr": {"col": "name"}}], "from": {"table": "singer"}}
    base.update(kw)
    return base


@pytest.mark.parametrize(("ir", "path", "words"), [
    (_q(**{"from": {"table": "singers"}}), "$.from.table", "unknown table 'singers'"),
    (_q(where={"cmp": ">", "left": {"col": "agee"}, "right": {"val": 3}}), "$.where.left",
     "unknown column 'agee'"),
    (_q(where={"and": [{"cmp": "=", "left": {"col": "age"}, "right": {"val": 1}},
                       {"cmp": "==", "left": {"col": "age"}, "right": {"val": 1}}]}),
     "$.where.and[1].cmp", "'==' is not one of"),
    ({"select": [{"expr": {"col": "singer_id"}}], "from": {"table": "singer"},
      "joins": [{"table": "singer_in_concert", "on": {"cmp": "=", "left": {"col": "singer.singer_id"},
                                                    "right": {"col": "singer_in_concert.singer_id"}}}]},
     "$.select[0].expr", "ambiguous"),
    (_q(select=[{"expr": {"col": "X.name"}}]), "$.select[0].expr", "unknown table or alias 'X'"),
    (_q(limit=-1), "$.limit", "non-negative"),
    (_q(select=[{"expr": {"agg": "median", "arg": {"col": "age"}}}]), "$.select[0].expr.agg",
     "'median'"),
    ({"set_op": "union", "left": _q(limit=1), "right": _q()}, "$.left", "ORDER BY / LIMIT"),
    (_q(extra=1), "$", "unknown field"),
])
def test_errors_name_the_json_path(singer_schema, ir, path, words):
    with pytest.raises(CompileError) as e:
        compile_ir(ir, singer_schema)
    assert e.value.path == path
    assert words in str(e.value)


def test_correlated_subquery_resolves_outer_alias(singer_schema, spider_db):
    ir = _q(**{"from": {"table": "singer", "alias": "s"},
               "where": {"exists": {"select": [{"expr": {"val": 1}}],
                                    "from": {"table": "singer_in_concert", "alias": "c"},
                                    "where": {"cmp": "=", "left": {"col": "c.singer_id"},
                                              "right": {"col": "s.singer_id"}}}}})
    sql = compile_ir(ir, singer_schema)
    # names come out as the schema spells them
    assert sql == ("SELECT s.Name FROM singer AS s WHERE EXISTS (SELECT 1 FROM "
                   "singer_in_concert AS c WHERE c.Singer_ID = s.Singer_ID)")
    assert run_query(spider_db("concert_singer"), sql).rows


def test_literals_are_escaped(singer_schema):
    sql = compile_ir(_q(where={"cmp": "=", "left": {"col": "name"},
                               "right": {"val": "O'Brien"}}), singer_schema)
    assert "'O''Brien'" in sql


def test_pipeline_stages_and_rates(singer_schema, spider_db):
    db = str(spider_db("concert_singer"))
    good = json.dumps(_q())
    outs = [
        run_pipeline(good, singer_schema, db),
        run_pipeline("```json\n" + good + "\n```", singer_schema, db),  # fenced is still JSON
        run_pipeline("not json at all", singer_schema, db),
        run_pipeline(json.dumps(_q(**{"from": {"table": "nope"}})), singer_schema, db),
        run_pipeline(json.dumps(_q(select=[{"expr": {"op": "/", "args": [
            {"col": "age"}, {"func": "abs", "args": [{"val": "x"}]}]}}])), singer_schema, db),
    ]
    assert [o.executed for o in outs] == [True, True, False, False, True]
    assert outs[2].error.startswith("json") and outs[3].error.startswith("compile")
    r = pipeline_rates(outs)
    assert r == {"JV": 0.8, "CR": 0.6, "PR": 0.6, "ES": 0.6, "n": 5}
