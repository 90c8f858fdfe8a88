"""Spider's hardness levels (easy, medium, hard, extra) of a gold query.

The published definition counts three things on the outermost query:

- ``components1``: WHERE, GROUP BY, ORDER BY and LIMIT present (one each), one per extra
  table in FROM, one per OR and one per LIKE in ON, WHERE and HAVING;
- ``components2``: nested queries (subqueries in ON, WHERE and HAVING conditions, and the
  INTERSECT, UNION or EXCEPT operand; a subquery in FROM does not count);
- ``others``: one each for more than one aggregate, more than one SELECT item, more than one
  WHERE condition, more than one GROUP BY column.

Then: easy when ``c1 <= 1, others == 0, c2 == 0``; medium when ``c2 == 0`` and either
``others <= 2, c1 <= 1`` or ``c1 <= 2, others < 2``; hard when ``c2 == 0`` and either
``others > 2, c1 <= 2`` or ``2 < c1 <= 3, others <= 2``, or when ``c1 <= 1, others == 0,
c2 <= 1``; extra otherwise.

The aggregate count is reproduced with the published script's reading, which the official
labels carry: in WHERE it counts conditions with NOT (it reads the NOT flag where the
aggregate would be), and in HAVING it counts conditions with NOT and every AND/OR.

>>> from sqlverdict.schema import from_ddl
>>> s = from_ddl("CREATE TABLE singer(singer_id INT PRIMARY KEY, name TEXT, age INT)", "d")
>>> hardness("SELECT count(*) FROM singer", s), hardness("SELECT name, age FROM singer ORDER BY age", s)
('easy', 'medium')
>>> hardness("SELECT name FROM singer WHERE age > (SELECT avg(age) FROM singer)", s)
'hard'
"""

from __future__ import annotations

from ...types import Schema
from .structure import Cond, Query, spider_structure

LEVELS = ("easy", "medium", "hard", "extra")


def counts(q: Query) -> tuple[int, int, int]:
    """(components1, components2, others) of the outermost query."""
    conds = q.conditions()
    c1 = sum(1 for part in (q.where, q.group_by, q.order) if part) + (q.limit is not None)
    c1 += max(0, len(q.tables) - 1)
    c1 += sum(1 for c in q.connectives() if c == "or")
    c1 += sum(1 for c in conds if c.op == "like")

    c2 = sum(1 for c in conds for v in (c.v1, c.v2) if isinstance(v, Query))
    c2 += len(q.set_ops())

    aggs = sum(1 for agg, _ in q.select if agg)
    aggs += sum(1 for c in q.where[::2] if c.negated)
    aggs += sum(1 for col in q.group_by if col.agg)
    if q.order:
        aggs += sum(1 for v in q.order[1] for col in (v.left, v.right) if col and col.agg)
    aggs += sum(1 for x in q.having if not isinstance(x, Cond) or x.negated)
    others = (aggs > 1) + (len(q.select) > 1) + (len(q.where) > 1) + (len(q.group_by) > 1)
    return c1, c2, others


def level(c1: int, c2: int, others: int) -> str:
    """The hardness level for the three counts (the published thresholds)."""
    if c1 <= 1 and others == 0 and c2 == 0:
        return "easy"
    if c2 == 0 and ((others <= 2 and c1 <= 1) or (c1 <= 2 and others < 2)):
        return "medium"
    if (c2 == 0 and ((others > 2 and c1 <= 2) or (2 < c1 <= 3 and others <= 2))) or \
            (c1 <= 1 and others == 0 and c2 <= 1):
        return "hard"
    return "extra"


def hardness(sql: str | Query, schema: Schema | None = None) -> str:
    """The hardness level of a gold query (raises ``OutsideGrammar`` when the evaluator's
    grammar cannot read it)."""
    q = sql if isinstance(sql, Query) else spider_structure(sql, schema)
    return level(*counts(q))
