"""``outer_join_on_foreign_key`` leaves a LEFT JOIN to a foreign key's parent that nothing
but its ON clause reads for ``simplify_outer_joins`` to drop, so that the join and the
query without it get one canonical form (an inner join would leave a semijoin on the
parent). SQLite agrees on random databases that satisfy the keys and foreign keys."""

from __future__ import annotations

from pathlib import Path

import pytest

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.canon import canonical, without
from sqlverdict.oracles.bounded.pair import Pair
from sqlverdict.oracles.bounded.search import search
from sqlverdict.schema import from_ddl

DDL = Path(__file__).parents[3] / "fixtures" / "rules" / "foreign_keys.ddl"
SCHEMA = from_ddl(DDL.read_text())

UNREAD = [  # (with the join, without it)
    ("SELECT DISTINCT o.cid FROM orders AS o LEFT JOIN customer AS c ON o.cid = c.cid",
     "SELECT DISTINCT cid FROM orders"),
    ("SELECT o.oid, o.total FROM orders AS o LEFT JOIN customer AS c ON c.cid = o.cid",
     "SELECT oid, total FROM orders"),
    ("SELECT l.qty FROM line AS l LEFT JOIN customer AS c ON l.code = c.code",
     "SELECT qty FROM line"),
]


def _form(sql, sem="bag", rules=None):
    q = ir.lower(sql, SCHEMA).query
    return canonical(q, SCHEMA, sem) if rules is None else canonical(q, SCHEMA, sem, rules)


def _joins(node):
    out, stack = [], [node]
    while stack:
        x = stack.pop()
        if isinstance(x, ir.Join):
            out.append(x.kind)
        if isinstance(x, tuple | list):
            stack.extend(x)
        elif hasattr(x, "__dataclass_fields__") and not isinstance(x, type):
            stack.extend(getattr(x, f) for f in x.__dataclass_fields__)
    return out


@pytest.mark.parametrize(("joined", "plain"), UNREAD)
def test_unread_parent_of_a_foreign_key_is_dropped(joined, plain):
    assert _form(joined) == _form(plain)
    # the removal, not the inner join, equates them: without it the LEFT JOIN stays
    kept = _form(joined, rules=without("simplify_outer_joins"))
    assert kept != _form(plain, rules=without("simplify_outer_joins"))
    assert "left" in _joins(kept)
    r = search(Pair(joined, plain, SCHEMA, "bag"), bound=4, max_trials=300, seed=1)
    assert r.witness is None, f"SQLite separates the pair: {r.witness}"


def test_a_parent_read_elsewhere_still_becomes_an_inner_join():
    sql = "SELECT o.oid, c.city FROM orders AS o LEFT JOIN customer AS c ON o.cid = c.cid"
    assert "left" not in _joins(_form(sql))
    assert "left" in _joins(_form(sql, rules=without("outer_join_on_foreign_key")))
