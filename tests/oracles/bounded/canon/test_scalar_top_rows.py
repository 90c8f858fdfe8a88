"""A scalar first row beside its EXISTS as a join with that row (``canon/scalar_top_rows.py``)
against SQLite: random first-row scalars over the rules' schema (orders of one or two keys,
unique or tied, NULL-able or filtered, ascending or descending; guarded by the same EXISTS,
by another one, by a comparison of the scalar (NULL-rejecting: read as the guard), or by nothing; read
as an item or inside an aggregate), each beside the join the law makes. Whenever the two get one canonical form,
SQLite must agree on random databases with NULLs, duplicates, orphans and values of every
storage class; and the law must equate them wherever it holds (the corpus pairs it proves:
``benchmarks/results/i53b_fragment.md``)."""

from __future__ import annotations

import random

from tests.helpers.pairs import FIXTURES
from tests.helpers.rule_databases import check_law_cases

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical
from sqlverdict.schema import from_ddl

SCHEMA = from_ddl((FIXTURES / "rules" / "schema.ddl").read_text())
# (ORDER BY keys, the filter that makes them never NULL or None, a total order when filtered)
ORDERS = [
    ([("id", False)], None, True),
    ([("id", True)], None, True),
    ([("age", True), ("id", False)], "e.age IS NOT NULL", True),
    ([("salary", False), ("id", True)], "e.salary > 1", True),
    ([("age", False)], "e.age IS NOT NULL", False),  # ties on age
    ([("city", False), ("id", False)], None, False),  # a NULL city sorts first, < never holds
]
ITEMS = ["e.name", "e.salary", "e.age + 1"]


def _lex(keys, a: str, b: str) -> str:
    """``a`` comes before ``b`` in the order ``keys``."""
    (k, desc), rest = keys[0], keys[1:]
    before = f"{a}.{k} {'>' if desc else '<'} {b}.{k}"
    return before if not rest else f"({before} OR ({a}.{k} = {b}.{k} AND {_lex(rest, a, b)}))"


def _case(rng: random.Random):
    """(gold, the join the law makes of it, whether the law holds)."""
    keys, need, total = rng.choice(ORDERS)
    filters = [f for f in ("e.city = 'x'",) if rng.random() < 0.3]
    if need and rng.random() < 0.85:
        filters.append(need)
    never_null = need is None or need in filters
    item, guard, grouped = rng.choice(ITEMS), rng.choice(["exists", "exists", "other", "reject", "none"]), rng.random() < 0.3
    phi = " AND ".join(["e.dept_id = d.id", *filters])
    order = ", ".join(f"e.{k}{' DESC' if desc else ''}" for k, desc in keys)
    scalar = f"(SELECT {item} FROM emp AS e WHERE {phi} ORDER BY {order} LIMIT 1)"
    where = {"exists": f" WHERE EXISTS (SELECT 1 FROM emp AS e WHERE {phi})",
             "other": f" WHERE EXISTS (SELECT 1 FROM emp AS e WHERE {phi} AND e.age > 1)",
             "reject": f" WHERE {scalar} > 1", "none": ""}[guard]
    on_u = " AND ".join(["u.dept_id = d.id", *(f.replace("e.", "u.") for f in filters)])
    conds = [f"NOT EXISTS (SELECT 1 FROM emp AS e WHERE {phi} AND {_lex(keys, 'e', 'u')})"]
    if guard == "reject":
        conds.insert(0, f"{item.replace('e.', 'u.')} > 1")
    value = item.replace("e.", "u.")
    if grouped:
        gold = f"SELECT d.name, AVG({scalar}) FROM dept AS d{where} GROUP BY d.name"
        cand = (f"SELECT d.name, AVG({value}) FROM dept AS d JOIN emp AS u ON {on_u} WHERE "
                f"{' AND '.join(conds)} GROUP BY d.name")
    else:
        gold = f"SELECT d.id, {scalar} FROM dept AS d{where}"
        cand = f"SELECT d.id, {value} FROM dept AS d JOIN emp AS u ON {on_u} WHERE {' AND '.join(conds)}"
    return gold, cand, total and never_null and guard in ("exists", "reject")


def _form(sql: str):
    return canonical(ir.lower(sql, SCHEMA).query, SCHEMA, "bag")


CASES = [_case(random.Random(seed)) for seed in range(16)]


def test_equated_queries_agree_in_sqlite_the_law_fires_and_near_misses_differ():
    check_law_cases(CASES, _form, seed=53)
