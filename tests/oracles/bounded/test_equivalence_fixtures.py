"""The equivalence fixtures (``tests/fixtures/equivalence``: Calcite-style rewrite pairs,
literature-style pairs, dialect pairs) are well-formed, and no rewriting rule equates a pair
that a fixture expects to differ. Their verdicts are measured by
``benchmarks/equivalence.py``; the rewriting proofs among them are attacked with random
databases by ``benchmarks/canon_soundness.py --set calcite|literature|dialects``."""

from __future__ import annotations

import sqlite3

import pytest
from tests.helpers.pairs import load

from sqlverdict.errors import SqlverdictError
from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.prover import same_canonical, simplify_top
from sqlverdict.oracles.bounded.witness import user_tables
from sqlverdict.sql.dialect import check_dialect, sides, to_sqlite

CASES = load("equivalence")


def _sqlite(case) -> tuple[str, str]:
    # plain pairs (no dialect) are read in the dialect the verifier infers (``dialect-read``)
    read = case.get("dialect-read") if case.get("dialect-read") not in ("", "none") else None
    gold_dialect, pred_dialect = sides(check_dialect(case.get("dialect") or read))
    columns = {t.name.lower(): {c.name.lower(): "TEXT" for c in t.columns}
               for t in case.schema().tables}  # for SELECT * where a translation needs columns
    return (to_sqlite(case.gold, gold_dialect, columns) if gold_dialect else case.gold,
            to_sqlite(case.pred, pred_dialect, columns) if pred_dialect else case.pred)


def test_sets_are_large_enough():
    by_file = {}
    for c in CASES:
        by_file.setdefault(c.path.stem, []).append(c)
    assert len(by_file["calcite"]) >= 100
    assert len(by_file["literature"]) >= 40 and len(by_file["dialects"]) >= 40
    assert all(c.expect in ("verified", "refuted", "unknown") for c in CASES)


@pytest.mark.parametrize("case", [c for c in CASES if c.expect != "unknown" and not c.get("invalid")],
                         ids=lambda c: c.id)
def test_both_queries_run_in_sqlite(case):
    conn = sqlite3.connect(":memory:")
    conn.executescript(case.schema_file.read_text(encoding="utf-8"))
    for sql in _sqlite(case):
        conn.execute(sql).fetchall()


# Pairs that differ only on values outside their columns' declared classes (`realism:
# sqlite`) are equal to the rewriting rules, whose domain is the declared classes: the
# verifier states declared_storage_classes there and its attack refutes them.
@pytest.mark.parametrize("case", [c for c in CASES if c.expect == "refuted"
                                  and c.get("realism") != "sqlite"], ids=lambda c: c.id)
def test_pairs_that_differ_keep_different_canonical_forms(case):
    schema = user_tables(case.schema())
    sem = case.get("semantics", "bag")
    try:
        g, p = (simplify_top(ir.lower(q, schema).query, sem) for q in _sqlite(case))
    except SqlverdictError:
        return
    assert g != p and same_canonical(g, p, schema, sem) is None
