"""The shipped demo benchmark: golds run, near misses pass on the shipped data, plain
mistakes and invalid outputs fail, and the loaders read everything back."""

from __future__ import annotations

import json
import sqlite3
from importlib import resources
from pathlib import Path

import pytest
import sqlglot
from sqlglot import exp

from sqlverdict.bench import load_benchmark, load_predictions
from sqlverdict.bench.demo import DB_IDS, SYSTEMS, build_demo
from sqlverdict.engine.compare import results_equal
from sqlverdict.engine.execute import run_query
from sqlverdict.errors import ExecutionError

# Predictions that must FAIL on the shipped data (plain mistakes and invalid outputs).
# Everything else must pass on the shipped data: gold copies, correct rewrites and near
# misses (which are wrong in general, marked with a "note" in the JSONL).
EXPECTED_WRONG = {
    "greedy_llm": {"shop_07"},
    "careful_llm": {"school_09", "shop_05", "shop_10", "library_04"},
    "small_model": {"school_01", "school_06", "school_07", "shop_03", "shop_05", "shop_09",
                    "library_07", "library_08", "library_10"},
}
EXPECTED_INVALID = {  # not even a query: (system, id) -> reason fragment
    ("small_model", "school_01"): "int",
    ("small_model", "shop_05"): "empty",
}
NEAR_MISS_KINDS = ["NOT IN with NULL", "COUNT(col) vs COUNT(*)", "INNER JOIN", "ties",
                   "duplicates", "empty group", "WHERE vs HAVING", "integer division"]


@pytest.fixture(scope="module")
def demo(tmp_path_factory):
    out = tmp_path_factory.mktemp("demo")
    bench_path, preds = build_demo(out)
    return out, bench_path, preds


def _lines(path: Path) -> list[dict]:
    return [json.loads(x) for x in path.read_text(encoding="utf-8").splitlines() if x.strip()]


def _semantics(gold: str) -> str:
    tree = sqlglot.parse_one(gold, read="sqlite")
    return "list" if isinstance(tree, exp.Select) and tree.args.get("order") else "bag"


def _db(out: Path, db_id: str) -> Path:
    return out / "data" / "database" / db_id / f"{db_id}.sqlite"


def test_layout_and_loaders(demo):
    out, bench_path, preds = demo
    assert bench_path == out / "data" / "questions.jsonl"
    assert set(preds) == set(SYSTEMS)
    bench = load_benchmark(f"jsonl:{bench_path}")
    assert len(bench.examples) == 30
    assert not bench.skipped
    assert {e.db_id for e in bench.examples} == set(DB_IDS)
    assert {e.id for e in bench.examples} == {d["id"] for d in _lines(bench_path)}
    for db_id in DB_IDS:
        s = bench.schemas[db_id]
        assert all(t.primary_key for t in s.tables), db_id
        assert any(t.foreign_keys for t in s.tables), db_id
        with sqlite3.connect(_db(out, db_id)) as c:
            for t in s.tables:
                n = c.execute(f'SELECT COUNT(*) FROM "{t.name}"').fetchone()[0]
                assert 5 <= n <= 40, (db_id, t.name, n)
    for system, p in preds.items():
        ps = load_predictions(p, bench, system)
        assert set(ps.predictions) == {e.id for e in bench.examples}, system
        invalid = {i for i, pr in ps.predictions.items() if pr.invalid}
        assert invalid == {i for (s, i) in EXPECTED_INVALID if s == system}
        for (s, i), frag in EXPECTED_INVALID.items():
            if s == system:
                assert frag in ps.predictions[i].invalid


def test_golds_run_and_are_not_empty(demo):
    out, bench_path, _ = demo
    for d in _lines(bench_path):
        res = run_query(_db(out, d["db_id"]), d["gold"])
        assert res.rows, d["id"]
        assert all(v is not None for row in res.rows for v in row), d["id"]


def _outcome(out: Path, gold: dict, sql) -> bool:
    """True when ``sql`` agrees with the gold on the shipped database."""
    db = _db(out, gold["db_id"])
    g = run_query(db, gold["gold"])
    try:
        p = run_query(db, sql)
    except ExecutionError:
        return False
    return results_equal(g.rows, p.rows, _semantics(gold["gold"]),
                         gold_ncols=len(g.columns), pred_ncols=len(p.columns))


@pytest.mark.parametrize("system", SYSTEMS)
def test_predictions_on_shipped_data(demo, system):
    out, bench_path, preds = demo
    gold = {d["id"]: d for d in _lines(bench_path)}
    wrong, near = set(), []
    for d in _lines(preds[system]):
        if not _outcome(out, gold[d["id"]], d["sql"]):
            wrong.add(d["id"])
        if "note" in d:
            assert d["note"].startswith("near miss: "), d
            assert d["sql"] != gold[d["id"]]["gold"]
            near.append(d["id"])
    assert wrong == EXPECTED_WRONG[system]
    # every near miss passes on the shipped data (that is what makes it a near miss)
    assert not wrong & set(near)
    assert len(near) >= 2


def test_near_miss_catalogue(demo):
    """The three systems together cover every kind of near miss the demo is about, and
    ranking by execution accuracy differs from ranking by near-miss-free accuracy."""
    _, _, preds = demo
    notes = [d["note"] for p in preds.values() for d in _lines(p) if "note" in d]
    for kind in NEAR_MISS_KINDS:
        assert any(kind.lower() in n.lower() for n in notes), kind
    n_near = {s: sum("note" in d for d in _lines(p)) for s, p in preds.items()}
    exec_ok = {s: 30 - len(EXPECTED_WRONG[s]) for s in SYSTEMS}
    strict_ok = {s: exec_ok[s] - n_near[s] for s in SYSTEMS}
    assert max(exec_ok, key=exec_ok.get) == "greedy_llm"
    assert max(strict_ok, key=strict_ok.get) == "careful_llm"


def test_near_misses_are_wrong_in_general(demo):
    """Each near miss is refuted by a tiny database: the shipped schema plus a few rows
    (what a bounded verifier should find). Checked here by hand-written witnesses."""
    out, bench_path, preds = demo
    gold = {d["id"]: d for d in _lines(bench_path)}
    # id -> SQL that turns the shipped database into a witness (applied to a copy)
    edits = {
        "school_01": "UPDATE student SET email = NULL WHERE student_id = 1",
        "school_02": "UPDATE student SET advisor_id = NULL WHERE student_id = 1",
        "school_03": "INSERT INTO department VALUES (6, 'Philosophy', 'Kant Hall')",
        "school_04": "UPDATE student SET advisor_id = NULL WHERE student_id = 1",
        "school_05": "UPDATE teacher SET salary = 40000 WHERE teacher_id = 3",
        "school_08": "UPDATE teacher SET salary = 88000 WHERE teacher_id = 1",
        "school_10": "UPDATE course SET credits = 4 WHERE course_id = 101",
        "shop_01": "UPDATE product SET price = 4.50 WHERE product_id = 14",
        "shop_02": "UPDATE orders SET status = 'cancelled' WHERE order_id = 1001",
        "shop_04": "UPDATE product SET name = 'Chef Knife' WHERE product_id = 2",
        "shop_06": "UPDATE customer SET city = 'LYON' WHERE customer_id = 1",
        "library_01": "UPDATE book SET year = 2011 WHERE book_id = 3",
        "library_02": "UPDATE book SET pages = 210 WHERE book_id = 1",
        "library_03": "INSERT INTO member VALUES (7, 'Ruth Adeyemi', 2024, NULL)",
        "library_05": "UPDATE member SET phone = '' WHERE member_id = 1",
        "library_06": "INSERT INTO book VALUES (16, 'The Remains of the Day', 8, 1989, 258)",
    }
    seen = set()
    for system, p in preds.items():
        for d in _lines(p):
            if "note" not in d:
                continue
            seen.add(d["id"])
            src = _db(out, d["db_id"] if "db_id" in d else gold[d["id"]]["db_id"])
            copy = out / "witness" / f"{system}_{d['id']}.sqlite"
            copy.parent.mkdir(exist_ok=True)
            with sqlite3.connect(src) as a, sqlite3.connect(copy) as b:
                a.backup(b)
                b.execute(edits[d["id"]])
            g = dict(gold[d["id"]])
            g["db_id"] = "__witness__"
            db = copy
            gr, pr = run_query(db, g["gold"]), run_query(db, d["sql"])
            assert not results_equal(gr.rows, pr.rows, _semantics(g["gold"]),
                                     gold_ncols=len(gr.columns), pred_ncols=len(pr.columns)), \
                (system, d["id"], gr.rows, pr.rows)
    assert seen == set(edits)


def test_build_demo_is_repeatable_and_stays_inside(tmp_path):
    b1, p1 = build_demo(tmp_path / "out")
    mtime = b1.stat().st_mtime_ns
    b2, p2 = build_demo(tmp_path / "out")
    assert (b1, p1) == (b2, p2) and b2.stat().st_mtime_ns == mtime
    files = {p.relative_to(tmp_path / "out").as_posix() for p in (tmp_path / "out").rglob("*")
             if p.is_file()}
    assert files == {"data/questions.jsonl",
                     *(f"data/database/{d}/{d}.sqlite" for d in DB_IDS),
                     *(f"data/predictions/{s}.jsonl" for s in SYSTEMS)}
    # the package's own copies are what was written
    pkg = resources.files("sqlverdict.bench.demo")
    assert b1.read_text(encoding="utf-8") == pkg.joinpath("questions.jsonl").read_text(
        encoding="utf-8")


@pytest.mark.slow
def test_bounded_verifier_refutes_every_near_miss(demo):
    """The demo's point: every near miss is refuted by the bounded verifier (small witness,
    replayed in SQLite) and every correct rewrite is verified. About 30 s."""
    from sqlverdict.oracles.bounded.staging import verify
    from sqlverdict.schema import from_sqlite

    out, bench_path, preds = demo
    gold = {d["id"]: d for d in _lines(bench_path)}
    for system, p in preds.items():
        for d in _lines(p):
            g = gold[d["id"]]
            if not isinstance(d["sql"], str) or not d["sql"] or d["id"] in EXPECTED_WRONG[system]:
                continue
            if "note" not in d and d["sql"] == g["gold"]:
                continue
            schema = from_sqlite(_db(out, g["db_id"]), g["db_id"])
            r = verify(g["gold"], d["sql"], schema, bound=3, semantics=_semantics(g["gold"]),
                       timeout_s=60)
            expect = "refuted" if "note" in d else "verified"
            assert str(r.status) == expect, (system, d["id"], r.status, r.reason)
