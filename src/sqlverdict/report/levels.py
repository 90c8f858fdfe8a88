"""The levels a leaderboard is broken down by, as the official evaluators print them:
Spider's hardness of each gold query (easy, medium, hard, extra) and BIRD's difficulty from
``dev.json`` (simple, moderate, challenging).

>>> from sqlverdict.bench.loader import Benchmark
>>> from sqlverdict.types import Example
>>> b = Benchmark("bird", None, [Example("0", "d", "q", "SELECT 1", extra={"difficulty": "simple"})])
>>> example_levels(b)
Levels(by='difficulty', names=('simple', 'moderate', 'challenging'), of={'0': 'simple'})
"""

from __future__ import annotations

from dataclasses import dataclass

HARDNESS = ("easy", "medium", "hard", "extra")
DIFFICULTY = ("simple", "moderate", "challenging")
UNREADABLE = "unreadable"  # a gold the Spider evaluator's grammar cannot read


@dataclass(frozen=True)
class Levels:
    by: str  # "hardness" or "difficulty"
    names: tuple[str, ...]
    of: dict[str, str]  # example id -> level

    def to_json(self) -> dict:
        counts = {n: 0 for n in self.names}
        for level in self.of.values():
            counts[level] = counts.get(level, 0) + 1
        return {"by": self.by, "names": list(self.names), "examples": counts}


def example_levels(bench, by: str | None = "auto") -> Levels | None:
    """The level of every example: ``by="difficulty"`` (from the examples' ``difficulty``),
    ``"hardness"`` (Spider's, computed from the gold query and schema), ``"auto"``
    (difficulty when the benchmark has it, hardness for Spider folders and gold files), or
    None for no breakdown."""
    if by is None:
        return None
    has_difficulty = any(e.extra.get("difficulty") for e in bench.examples)
    if by == "auto":
        by = "difficulty" if has_difficulty else (
            "hardness" if bench.kind in ("spider", "gold") else None)
        if by is None:
            return None
    if by == "difficulty":
        of = {e.id: str(e.extra.get("difficulty") or "unknown") for e in bench.examples}
        extra = sorted(set(of.values()) - set(DIFFICULTY))
        return Levels("difficulty", DIFFICULTY + tuple(extra), of)
    if by == "hardness":
        from ..oracles.match import OutsideGrammar, hardness

        of = {}
        for e in bench.examples:
            schema = bench.schemas.get(e.db_id)
            try:
                of[e.id] = hardness(e.gold, schema) if schema else UNREADABLE
            except OutsideGrammar:
                of[e.id] = UNREADABLE
        extra = (UNREADABLE,) if UNREADABLE in of.values() else ()
        return Levels("hardness", HARDNESS + extra, of)
    raise ValueError(f"unknown level kind {by!r}; expected hardness, difficulty or auto")
