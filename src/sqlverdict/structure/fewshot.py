"""Few-shot completion prompts: how a small base or instruct model is made to write SQL.

Small local models (SmolLM2-135M) answer chat prompts with prose, but continue a document
of solved examples faithfully. A prompt is the schema of each example's database as SQL
comments, the question as a comment and its SQL; three solved examples, then the asked
question's schema, the question and ``SELECT``; the model continues the query and stops at
``;`` or a blank line::

    -- Database: pets_1
    -- Table student: StuID (INTEGER), LName (VARCHAR(12)), ...
    -- Foreign key: has_pet.StuID = student.StuID
    -- Question: How many pets are owned by students older than 20?
    SELECT count(*) FROM student AS T1 JOIN has_pet AS T2 ON T1.stuid = T2.stuid WHERE T1.age > 20;

**The solved examples never come from the asked question or its database** (a model that
sees another question on the same tables can copy it). They are picked from the whole
benchmark by a fixed, seeded order: one query with a join, one with grouping or ordering,
one simple query last (no join, grouping or subquery; a tiny model copies the nearest
example most), each from a different database (small schemas first), skipping the asked
question's database; queries with subqueries or set operations are not used. The order is the same for every question, so most prompts share their
first three blocks; llama.cpp then reuses the evaluated prefix between requests.

>>> from sqlverdict.types import Schema, Table, Column
>>> s = Schema("zoo", (Table("animal", (Column("id", "INTEGER"), Column("name", "TEXT"))),))
>>> print(schema_comments(s))
-- Database: zoo
-- Table animal: id (INTEGER), name (TEXT)
>>> completion_sql(" name FROM animal WHERE id = 1;  -- done")
'SELECT name FROM animal WHERE id = 1'
>>> completion_sql("   ") is None
True
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass

from ..types import Example, Schema

STOP = [";", "\n\n", "\n--"]
MAX_SHOT_TABLES = 4
MAX_SHOT_GOLD_CHARS = 120
HEADER = "-- SQLite queries that answer questions about a database.\n\n"


def schema_comments(schema: Schema) -> str:
    """The schema as SQL comments: one line per table with its columns and declared types,
    then one line per foreign key."""
    lines = [f"-- Database: {schema.name}"]
    for t in schema.tables:
        cols = ", ".join(f"{c.name} ({c.type})" if c.type else c.name for c in t.columns)
        lines.append(f"-- Table {t.name}: {cols}")
    for t in schema.tables:
        for fk in t.foreign_keys:
            for a, b in zip(fk.columns, fk.ref_columns, strict=False):
                lines.append(f"-- Foreign key: {t.name}.{a} = {fk.ref_table}.{b}")
    return "\n".join(lines)


def _one_line(sql: str) -> str:
    return " ".join(sql.split()).rstrip(";").strip()


def shape(sql: str) -> str | None:
    """``join``, ``group`` (GROUP BY or ORDER BY, no join) or ``simple`` (one SELECT with
    no join, grouping, ordering or subquery); None for anything else (not used as a shot).

    >>> shape("SELECT a FROM t JOIN u ON t.x = u.x"), shape("SELECT a FROM t ORDER BY a")
    ('join', 'group')
    >>> shape("SELECT count(*) FROM t WHERE a > 1"), shape("SELECT a FROM t WHERE b IN (SELECT b FROM u)")
    ('simple', None)
    """
    u = f" {sql.upper()} "
    if u.count("SELECT") > 1 or any(w in u for w in (" UNION ", " INTERSECT ", " EXCEPT ")):
        return None
    if " JOIN " in u:
        return "join"
    if " GROUP BY " in u or " ORDER BY " in u:
        return "group"
    return "simple"


SHAPES = ("join", "group", "simple")  # the order in the prompt: the simplest last


@dataclass(frozen=True)
class ShotPicker:
    """Picks solved examples from ``examples`` (usually the whole benchmark) in a fixed,
    seeded order; see the module docstring."""

    examples: Sequence[Example]
    schemas: dict[str, Schema]
    k: int = 3
    seed: int = 0

    def _order(self) -> dict[str, list[Example]]:
        by_shape: dict[str, list[Example]] = {sh: [] for sh in SHAPES}
        for e in self.examples:
            sch = self.schemas.get(e.db_id)
            gold = _one_line(e.gold or "")
            if sch is None or not gold or len(gold) > MAX_SHOT_GOLD_CHARS:
                continue
            sh = shape(gold)
            if sh is not None:
                by_shape[sh].append(e)
        for lst in by_shape.values():  # small schemas first: short prompts
            lst.sort(key=lambda e: (len(self.schemas[e.db_id].tables) > MAX_SHOT_TABLES,
                                    hashlib.sha256(f"{self.seed}:{e.id}".encode()).hexdigest()))
        return by_shape

    def shots(self, ex: Example) -> list[Example]:
        """Up to ``k`` solved examples for ``ex``: never ``ex`` itself nor its database;
        distinct databases while there are enough."""
        order = getattr(self, "_cache", None)
        if order is None:
            order = self._order()
            object.__setattr__(self, "_cache", order)
        picked: list[Example] = []
        for distinct in (True, False):  # relax "distinct databases" only when they run out
            for sh in SHAPES * self.k:
                if len(picked) >= self.k:
                    break
                used = {p.db_id for p in picked}
                for e in order[sh]:
                    if e.db_id == ex.db_id or e.id == ex.id or e in picked:
                        continue
                    if distinct and e.db_id in used:
                        continue
                    picked.append(e)
                    break
        return picked[:self.k]


def block(schema: Schema, question: str, sql: str | None = None, evidence: str = "") -> str:
    head = schema_comments(schema) + "\n"
    if evidence:
        head += f"-- Hint: {' '.join(evidence.split())}\n"
    head += f"-- Question: {' '.join(question.split())}\n"
    return head + (f"{_one_line(sql)};\n" if sql is not None else "SELECT")


def prompt_for(question: str, schema: Schema, shots: Sequence[Example],
               schemas: dict[str, Schema], evidence: str = "") -> str:
    """The completion prompt: header, the solved examples, then the asked question's schema
    and question followed by ``SELECT`` for the model to continue."""
    parts = [HEADER]
    for s in shots:
        parts.append(block(schemas[s.db_id], s.question, s.gold, s.evidence) + "\n")
    parts.append(block(schema, question, None, evidence))
    return "".join(parts)


def completion_sql(text: str | None) -> str | None:
    """``SELECT`` + the model's continuation, cut at the first ``;`` (one statement)."""
    if text is None or not text.strip():
        return None
    body = text.split(";")[0]
    body = body.split("\n\n")[0].split("\n--")[0]
    return " ".join(("SELECT " + body.strip()).split())
