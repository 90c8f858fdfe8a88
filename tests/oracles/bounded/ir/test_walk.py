"""ir.walk.field_names: the same answer as ``dataclasses.is_dataclass``/``fields`` for
every value the walkers meet (IR nodes, normal-form dataclasses, enum members, strings,
numbers, tuples, classes), and the walkers that use it read the same values."""

from __future__ import annotations

import dataclasses
import inspect
import re

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.ir import kinds, nodes
from sqlverdict.oracles.bounded.ir.walk import cut_or_windowed, field_names, real_arithmetic
from sqlverdict.oracles.bounded.unbounded import normal as nf
from sqlverdict.oracles.bounded.unbounded.values import texts
from sqlverdict.schema import from_ddl

DDL = "CREATE TABLE t (a INTEGER PRIMARY KEY, b TEXT, c REAL);" \
      "CREATE TABLE u (a INTEGER, d TEXT);"


def _reference(x):
    if dataclasses.is_dataclass(x) and not isinstance(x, type):
        return tuple(f.name for f in dataclasses.fields(x))
    return None


def _values():
    members = [m for k in vars(kinds).values()
               if isinstance(k, type) and issubclass(k, kinds._Kind) for m in k]
    others = ["int", "", 0, 1.5, None, True, (), ("a", kinds.Ty.INT), frozenset(), {}]
    classes = [c for mod in (nodes, nf) for c in vars(mod).values() if inspect.isclass(c)]
    return members + others + classes


def _nodes(sql: str):
    schema = from_ddl(DDL, "s")
    stack, seen = [ir.lower(sql, schema).query], []
    while stack:
        x = stack.pop()
        seen.append(x)
        if isinstance(x, tuple):
            stack += list(x)
        elif _reference(x) is not None:
            stack += [getattr(x, f.name) for f in dataclasses.fields(x)]
    return seen


QUERIES = [
    "SELECT a, b FROM t WHERE c > 1.5 AND b LIKE 'x%' ORDER BY a LIMIT 2",
    "SELECT t.a, COUNT(*), SUM(c) FROM t LEFT JOIN u ON t.a = u.a GROUP BY t.a HAVING COUNT(*) > 1",
    "SELECT a FROM t WHERE a IN (SELECT a FROM u WHERE d = 'q') UNION SELECT a FROM u",
    "SELECT a, ROW_NUMBER() OVER (PARTITION BY b ORDER BY c) FROM t",
    "SELECT CASE WHEN b IS NULL THEN 'n' ELSE b END, COALESCE(c, 0) + 1 FROM t",
]


def test_field_names_agree_with_dataclasses_on_every_kind_of_value():
    values = _values()
    for q in QUERIES:
        values += _nodes(q)
    for v in values:
        assert field_names(v) == _reference(v), v
    # a second call answers from the cache, still the same
    for v in values:
        assert field_names(v) == _reference(v), v


def test_walkers_read_the_same_values():
    schema = from_ddl(DDL, "s")
    q = ir.lower("SELECT a FROM t WHERE b = 'x' OR c * 2 > 1", schema).query
    assert texts(q) == {"x"}
    assert real_arithmetic(q)
    assert not real_arithmetic(ir.lower("SELECT a + 1 FROM t WHERE b = 'y'", schema).query)


def _printed_cut(e) -> bool:
    """What the unbounded prover read before: the printed IR, by regular expression."""
    text = repr(e)
    return "Window(" in text or re.search(r"limit=\d|offset=[1-9]", text) is not None


CUTS = [
    ("SELECT a FROM t WHERE a IN (SELECT a FROM u LIMIT 2)", True),
    ("SELECT a FROM t WHERE a IN (SELECT a FROM u LIMIT -1 OFFSET 1)", True),
    ("SELECT a FROM t WHERE a IN (SELECT a FROM u LIMIT -1)", False),
    ("SELECT a FROM t WHERE EXISTS (SELECT 1 FROM u WHERE u.a = t.a ORDER BY d LIMIT 1)", True),
    ("SELECT a, (SELECT MAX(a) FROM u) FROM t", False),
    ("SELECT a FROM t WHERE a IN (SELECT a FROM u UNION SELECT a FROM t LIMIT 3)", True),
    ("SELECT RANK() OVER (ORDER BY c) FROM t", True),
    ("SELECT a FROM (SELECT a, b FROM t ORDER BY a LIMIT 5 OFFSET 0)", True),
    ("SELECT a FROM t WHERE b = 'x' OR c > 1", False),
]


def test_cut_or_windowed_reads_the_nodes_as_the_printed_ir_did():
    schema = from_ddl(DDL, "s")
    for sql, want in CUTS:
        q = ir.lower(sql, schema).query
        assert cut_or_windowed(q) is want, sql
        assert _printed_cut(q) is want, sql  # the same answer where no string misleads


def test_cut_or_windowed_is_not_misled_by_strings():
    schema = from_ddl(DDL, "s")
    for lit in ("limit=3", "offset=2", "Window("):
        q = ir.lower(f"SELECT a FROM t WHERE b IN (SELECT d FROM u WHERE d = '{lit}')", schema).query
        assert _printed_cut(q)  # the text reading took the string for a LIMIT/window
        assert not cut_or_windowed(q)
