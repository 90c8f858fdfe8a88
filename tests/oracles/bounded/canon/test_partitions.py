"""Where ``window_aggregate_as_subquery`` and ``left_join_group_as_subquery`` must not fire
(beyond the near misses of their fixtures, which SQLite separates): aggregates whose value
follows the order rows are read in (MIN/MAX of a column that holds 1 beside 1.0; SUM/AVG of
reals in a grouped join; a window's SUM/AVG of reals goes, its proof states exact_reals),
frames that are not the whole partition, collated keys, a HAVING."""

from __future__ import annotations

import pytest

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical
from sqlverdict.schema import from_ddl

SCHEMA = from_ddl("CREATE TABLE t(id INTEGER PRIMARY KEY, g INT, x INT, r REAL, b, s TEXT);"
                  "CREATE TABLE c(id INTEGER PRIMARY KEY, g TEXT COLLATE NOCASE, x INT)")


def _has_window(sql: str) -> bool:
    form = canonical(ir.lower(sql, SCHEMA).query, SCHEMA, "bag")
    return "Window(" in repr(form)


@pytest.mark.parametrize("sql", [
    "SELECT id, MIN(b) OVER (PARTITION BY g) FROM t",  # 1 and 1.0 tie, either is returned
    "SELECT id, COUNT(*) OVER (PARTITION BY g ORDER BY x) FROM t",  # a running count
    "SELECT id, COUNT(*) OVER (PARTITION BY g ROWS BETWEEN CURRENT ROW AND UNBOUNDED FOLLOWING) FROM t",
    "SELECT id, COUNT(*) OVER (PARTITION BY g RANGE BETWEEN UNBOUNDED PRECEDING AND UNBOUNDED "
    "FOLLOWING EXCLUDE CURRENT ROW) FROM t",
    "SELECT id, COUNT(*) OVER (PARTITION BY g) FROM c",  # NOCASE partitions, IS is BINARY here
    "SELECT t.id, COUNT(*) OVER (PARTITION BY t.g) FROM t JOIN c ON c.id = t.id",  # two tables
])
def test_window_aggregates_that_stay(sql):
    assert _has_window(sql)


@pytest.mark.parametrize("sql", [
    "SELECT id, SUM(x) OVER (PARTITION BY g) FROM t",
    "SELECT id, MAX(s) OVER (PARTITION BY g, s) FROM t WHERE x > 0",
    "SELECT id, COUNT(b) OVER () FROM t",
    "SELECT id, AVG(x) OVER (PARTITION BY g RANGE BETWEEN CURRENT ROW AND CURRENT ROW) FROM t",
    "SELECT id, SUM(r) OVER (PARTITION BY g) FROM t",  # rounding follows the order: exact_reals
    "SELECT id, AVG(r) OVER (PARTITION BY g) FROM t",
])
def test_window_aggregates_that_go(sql):
    assert not _has_window(sql)


def test_a_window_sum_of_reals_read_as_a_subquery_states_exact_reals():
    """The subquery adds the partition's reals in its own order, which may round otherwise
    (OceanBase's window magic, read back: ``proofs.REORDERING``)."""
    from sqlverdict import verify

    r = verify("SELECT id FROM (SELECT id, r, AVG(r) OVER (PARTITION BY g) AS a FROM t) AS d WHERE r > a",
               "SELECT id FROM t WHERE r > (SELECT AVG(t2.r) FROM t AS t2 WHERE t2.g IS t.g)", SCHEMA,
               search=False, timeout_s=20)
    assert (str(r.status), r.scope) == ("verified", "every database"), r.reason
    assert "exact_reals" in r.assumptions


def _joins(sql: str) -> bool:
    form = canonical(ir.lower(sql, SCHEMA).query, SCHEMA, "bag")
    return "kind='left'" in repr(form)


@pytest.mark.parametrize("sql", [
    # a HAVING drops groups: the join reads NULL, the subquery the aggregate
    "SELECT t.id, d.m FROM t LEFT JOIN (SELECT g, MAX(x) AS m FROM t GROUP BY g HAVING COUNT(*) > 1) AS d ON d.g IS t.g",
    # SUM of reals: the group and the subquery may add in different orders
    "SELECT t.id, d.m FROM t LEFT JOIN (SELECT g, SUM(r) AS m FROM t GROUP BY g) AS d ON d.g IS t.g",
    # the key read outside ON
    "SELECT t.id, d.g, d.m FROM t LEFT JOIN (SELECT g, MAX(x) AS m FROM t GROUP BY g) AS d ON d.g IS t.g",
    # a key of another class and affinity
    "SELECT t.id, d.m FROM t LEFT JOIN (SELECT r, MAX(x) AS m FROM t GROUP BY r) AS d ON d.r IS t.g",
])
def test_grouped_joins_that_stay(sql):
    assert _joins(sql)
