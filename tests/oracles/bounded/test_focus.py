"""The focused search: literals per compared column (directly, through a function of one
column, through a derived table's output name, through foreign keys), typed where the
domain is; a five-table join whose filters rarely hold on random rows is refuted; tables
grow past the bound where a difference needs more rows; every witness replays."""

from __future__ import annotations

from sqlverdict.oracles.bounded.focus import column_literals, focused_pool
from sqlverdict.oracles.bounded.pair import Pair
from sqlverdict.oracles.bounded.search import search
from sqlverdict.oracles.bounded.witness import replay
from sqlverdict.schema import from_ddl
from sqlverdict.types import Status

SHOPS = from_ddl("""
CREATE TABLE region (rk INTEGER PRIMARY KEY, rname TEXT NOT NULL);
CREATE TABLE city (ck INTEGER PRIMARY KEY, cname TEXT NOT NULL,
                   rk INTEGER NOT NULL REFERENCES region(rk));
CREATE TABLE shop (sk INTEGER PRIMARY KEY, kind TEXT NOT NULL,
                   ck INTEGER NOT NULL REFERENCES city(ck));
CREATE TABLE client (clk INTEGER PRIMARY KEY, tier TEXT NOT NULL,
                     ck INTEGER NOT NULL REFERENCES city(ck));
CREATE TABLE sale (id INTEGER PRIMARY KEY, day DATE NOT NULL, amount REAL NOT NULL,
                   sk INTEGER NOT NULL REFERENCES shop(sk),
                   clk INTEGER NOT NULL REFERENCES client(clk));
""")

JOIN = ("SELECT rname, SUM(amount) FROM sale, shop, client, city, region "
        "WHERE sale.sk = shop.sk AND sale.clk = client.clk AND shop.ck = city.ck {} "
        "AND city.rk = region.rk AND rname = 'North' AND kind = 'Outlet' AND tier = 'Gold' "
        "AND day >= '2021-01-01' AND day < '2022-01-01' GROUP BY rname")
# the mutant drops one join condition: it differs only where a sale's client lives in
# another city than its shop, every filter holding
GOLD, PRED = JOIN.format("AND client.ck = city.ck"), JOIN.format("")


def test_literals_per_compared_column():
    got = column_literals([GOLD, "SELECT x FROM (SELECT upper(cname) AS x FROM city) "
                                 "WHERE x IN ('A', 'B')",
                           "SELECT clk FROM client WHERE substr(tier, 1, 1) = 'G'"], SHOPS)
    assert got[("region", "rname")] == ["North"] and got[("shop", "kind")] == ["Outlet"]
    assert sorted(got[("sale", "day")]) == ["2021-01-01", "2022-01-01"]
    assert got[("city", "cname")] == ["A", "B"]  # through the derived table's output name
    assert got[("client", "tier")] == ["Gold", "G"]  # through substr of the one column
    assert ("sale", "amount") not in got  # read, compared with nothing


def test_focused_pool_weights_literals_and_keeps_to_the_typed_domain():
    s = from_ddl("CREATE TABLE t (a INTEGER, d DATE)")
    pool = focused_pool(["SELECT a FROM t WHERE a = 3 AND d = 'x'"], s, typed=True)
    assert pool[("t", "a")][:3] == [3, 3, 3] and 3.5 not in pool[("t", "a")]
    assert ("t", "d") not in pool  # no valid date among 'x' and its neighbours
    loose = focused_pool(["SELECT a FROM t WHERE a = 3 AND d = 'x'"], s, typed=False)
    assert 3.5 in loose[("t", "a")] and "x" in loose[("t", "d")]


def test_a_five_table_join_with_filters_is_refuted_by_a_replayed_witness():
    pair = Pair(GOLD, PRED, SHOPS, "bag")
    pair.domain = "typed"
    r = search(pair, bound=3, max_trials=600)
    assert r.status is Status.REFUTED, r.reason
    rows = r.witness.tables
    assert all(rows[t]["rows"] for t in ("sale", "shop", "client", "city", "region"))
    assert replay(GOLD, PRED, SHOPS, rows, "bag").differs


def test_tables_grow_past_the_bound_where_a_difference_needs_more_rows():
    s = from_ddl("CREATE TABLE t (id INTEGER PRIMARY KEY, a INTEGER NOT NULL)")
    gold = "SELECT a, COUNT(*) FROM t GROUP BY a HAVING COUNT(*) <= 2"
    pred = "SELECT a, COUNT(*) FROM t GROUP BY a"
    r = search(Pair(gold, pred, s, "bag"), bound=2, max_trials=400)
    assert r.status is Status.REFUTED, r.reason
    assert len(r.witness.tables["t"]["rows"]) == 3  # minimized: one group of three rows
    assert replay(gold, pred, s, r.witness.tables, "bag").differs
