"""``canon/parent_counts.py`` against SQLite on random databases of the rules' schema that
keep their foreign keys (the law's scope: orphans removed; NULL references, duplicates,
empty tables and a value of every storage class kept): where ``parent_count_as_distinct``
equates a count of parents with a distinct count of references, SQLite agrees; each near
miss stays apart and some such database separates it."""

from __future__ import annotations

import pytest
from tests.helpers.rule_databases import databases, fixture_cases, typed_rows

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical

FIRES, NEAR = fixture_cases("parent_count_as_distinct")


def _kept(n: int):
    """Random databases with the rows that break a foreign key deleted (until none does)."""
    for con in databases(n, seed=11):
        while bad := con.execute("PRAGMA foreign_key_check").fetchall():
            for table, rowid, _, _ in bad:
                con.execute(f"DELETE FROM {table} WHERE rowid = ?", (rowid,))
        yield con


@pytest.mark.parametrize("case", FIRES + NEAR, ids=lambda c: c.id)
def test_parent_counts_agree_in_sqlite_and_near_misses_differ(case):
    schema = case.schema()
    gold, pred = (canonical(ir.lower(s, schema).query, schema, "bag") for s in (case.gold, case.pred))
    if case.get("fires") == "yes":
        assert gold == pred
        for con in _kept(100):
            assert typed_rows(con, case.gold) == typed_rows(con, case.pred), case.title
    else:
        assert gold != pred
        assert any(typed_rows(con, case.gold) != typed_rows(con, case.pred) for con in _kept(300))
