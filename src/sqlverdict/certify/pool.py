"""Candidate pools: N sampled SQL queries per question.

Pool JSONL, one question per line::

    {"id": "17", "db_id": "concert_singer",            # id = the benchmark example id
     "candidates": [{"sql": "SELECT ...", "cum_logprob": -3.2, "n_tokens": 14,
                     "truncated": false}, ...]}

``db_id`` is optional (checked against the benchmark when present). In a candidate only
``sql`` is required; ``cum_logprob`` (sum of token log-probabilities) and ``n_tokens`` give the
length-normalised log-probability, ``truncated: true`` marks an output cut by the token
limit. A candidate may also be a bare string. ``samples`` is accepted for ``candidates`` and
``example_id`` / ``question_id`` / ``index`` for ``id``.

A candidate is *usable* when its SQL is a non-empty string, it is not truncated, and it
parses (sqlglot, SQLite dialect) as one query (SELECT, WITH, a set operation or VALUES).

>>> c = Candidate.from_json({"sql": " SELECT 1 ", "cum_logprob": -2.0, "n_tokens": 4})
>>> c.sql, c.norm_logprob, c.usable
('SELECT 1', -0.5, True)
>>> Candidate.from_json({"sql": "SELECT FROM WHERE", "truncated": False}).usable
False
>>> Candidate.from_json("SELECT 1", ).truncated
False
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from sqlglot import exp

from ..errors import InputError
from ..jsonl import read_jsonl
from ..sql.parse import try_parse


@dataclass(frozen=True)
class Candidate:
    sql: str | None
    cum_logprob: float | None = None
    n_tokens: int | None = None
    truncated: bool = False

    @classmethod
    def from_json(cls, d) -> Candidate:
        if isinstance(d, str) or d is None:
            d = {"sql": d}
        if not isinstance(d, dict):
            return cls(None)
        sql = d.get("sql")
        sql = sql.strip() if isinstance(sql, str) else None
        lp, nt = d.get("cum_logprob"), d.get("n_tokens")
        return cls(sql or None,
                   float(lp) if isinstance(lp, (int, float)) and not isinstance(lp, bool) else None,
                   int(nt) if isinstance(nt, int) and not isinstance(nt, bool) else None,
                   bool(d.get("truncated", False)))

    def to_json(self) -> dict:
        d: dict = {"sql": self.sql}
        if self.cum_logprob is not None:
            d["cum_logprob"] = self.cum_logprob
        if self.n_tokens is not None:
            d["n_tokens"] = self.n_tokens
        d["truncated"] = self.truncated
        return d

    @property
    def norm_logprob(self) -> float | None:
        if self.cum_logprob is None or not self.n_tokens:
            return None
        return self.cum_logprob / self.n_tokens

    @cached_property
    def usable(self) -> bool:
        return bool(self.sql) and not self.truncated and parses(self.sql)


def parses(sql: str) -> bool:
    """One query statement (``sql.parse``)."""
    tree = try_parse(sql)
    return isinstance(tree, (exp.Query, exp.Values))


@dataclass(frozen=True)
class PoolEntry:
    id: str
    db_id: str | None
    candidates: tuple[Candidate, ...]


def read_pool(path: str | Path) -> list[PoolEntry]:
    p = Path(path)
    if not p.is_file():
        raise InputError(f"pool file {str(p)!r} does not exist (check the path)")
    out, seen = [], set()
    for lineno, d in read_jsonl(p, "pool file",
                                hint="expected an object with 'id' and 'candidates'"):
        qid = next((d[k] for k in ("id", "example_id", "question_id", "index") if k in d), None)
        cands = d.get("candidates", d.get("samples"))
        if qid is None or not isinstance(cands, list):
            raise InputError(f"{str(p)!r} line {lineno}: expected an object with 'id' and a "
                             "list 'candidates'")
        if str(qid) in seen:
            raise InputError(f"{str(p)!r} line {lineno}: question {qid!r} appears twice")
        seen.add(str(qid))
        out.append(PoolEntry(str(qid), d.get("db_id"),
                             tuple(Candidate.from_json(c) for c in cands)))
    return out


def write_pool(path: str | Path, entries: list[PoolEntry]) -> None:
    p = Path(path)
    p.parent.mkdir(parents=True, exist_ok=True)
    with open(p, "w", encoding="utf-8") as f:
        for e in entries:
            d = {"id": e.id, "db_id": e.db_id, "candidates": [c.to_json() for c in e.candidates]}
            f.write(json.dumps(d, ensure_ascii=False) + "\n")


def pool_from_prediction_files(files: list[str | Path], benchmark, *,
                               index_map: str | Path | list[int] | None = None) -> list[PoolEntry]:
    """A pool from several one-SQL-per-line files (one sample per file).

    Line i of every file answers example ``index_map[i]`` of the benchmark (a JSON list of
    benchmark positions, e.g. ``subset_dev_indices.json``); without a map, line i answers
    example i. Empty lines become unusable candidates; no log-probabilities.
    """
    if isinstance(index_map, (str, Path)):
        try:
            index_map = json.loads(Path(index_map).read_text())
        except (OSError, json.JSONDecodeError, RecursionError) as e:
            raise InputError(f"index map {str(index_map)!r}: {e}") from None
        if not isinstance(index_map, list) or not all(isinstance(i, int) for i in index_map):
            raise InputError("the index map must be a JSON list of benchmark positions")
    columns = []
    for f in files:
        fp = Path(f)
        if not fp.is_file():
            raise InputError(f"predictions file {str(fp)!r} does not exist")
        lines = fp.read_text(encoding="utf-8", errors="replace").split("\n")
        if lines and lines[-1] == "":
            lines.pop()
        columns.append(lines)
    n = len(index_map) if index_map is not None else len(benchmark.examples)
    for f, col in zip(files, columns, strict=True):
        if len(col) != n:
            raise InputError(f"{str(f)!r} has {len(col)} lines, expected {n}")
    examples = benchmark.examples
    out = []
    for i in range(n):
        pos = index_map[i] if index_map is not None else i
        if not 0 <= pos < len(examples):
            raise InputError(f"index {pos} is outside the benchmark ({len(examples)} examples)")
        ex = examples[pos]
        out.append(PoolEntry(ex.id, ex.db_id, tuple(Candidate.from_json(c[i]) for c in columns)))
    return out
