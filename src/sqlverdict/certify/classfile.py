"""``CLASSES.jsonl``: the class file the analysis reads, and its array form.

One question per line::

    {"id": str, "db_id": str, "n_total": int, "n_usable": int,
     "partitions": {"weak": [CLASS, ...], "suite": [CLASS, ...]},
     "likelihood": {"mean": float | null, "max": float | null}}
    CLASS = {"count": int, "representative": str, "correct": {"weak": bool, "suite": bool}}

Classes are listed in descending count; among equal counts the first listed is the top
class. A partition may be absent (a class file built without a suite has only ``weak``);
the analysis then runs the cells it can.

>>> rec = {"id": "q1", "db_id": "d", "n_total": 3, "n_usable": 3,
...        "partitions": {"weak": [{"count": 2, "representative": "SELECT 1",
...                                 "correct": {"weak": True}},
...                                {"count": 1, "representative": "SELECT 2",
...                                 "correct": {"weak": False}}]},
...        "likelihood": {"mean": None, "max": None}}
>>> t = ClassTable.from_records([rec])
>>> t.partitions, t.oracles, t.top_correct["weak"]["weak"].tolist(), t.scores["weak"]["mass"].tolist()
(('weak',), ('weak',), [True], [0.666666666667])
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from ..errors import InputError
from ..jsonl import read_jsonl
from . import scores as S

ORACLE_ORDER = ("weak", "suite", "bounded")


def read_classes(path: str | Path) -> list[dict]:
    p = Path(path)
    if not p.is_file():
        raise InputError(f"class file {str(p)!r} does not exist (build it with `sqlverdict classes`)")
    out = []
    for lineno, d in read_jsonl(p, "class file"):
        _check_record(d, f"{str(p)!r} line {lineno}")
        out.append(d)
    if not out:
        raise InputError(f"class file {str(p)!r} holds no questions")
    return out


def write_classes(path: str | Path, records: list[dict]) -> None:
    from ..runner.output import atomic_write, make_dir

    p = Path(path)
    make_dir(p.parent)
    with atomic_write(p) as f:
        for r in records:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")


def _check_record(d, where: str) -> None:
    if not isinstance(d, dict):
        raise InputError(f"{where}: expected a JSON object")
    for k in ("id", "db_id", "n_total", "n_usable", "partitions"):
        if k not in d:
            raise InputError(f"{where}: missing key {k!r}")
    if not isinstance(d["partitions"], dict) or not d["partitions"]:
        raise InputError(f"{where}: 'partitions' must map an oracle to a list of classes")
    for name, classes in d["partitions"].items():
        if not isinstance(classes, list):
            raise InputError(f"{where}: partition {name!r} must be a list of classes")
        last = None
        for c in classes:
            if not isinstance(c, dict) or "count" not in c or "correct" not in c:
                raise InputError(f"{where}: partition {name!r}: a class needs 'count' and 'correct'")
            if last is not None and c["count"] > last:
                raise InputError(f"{where}: partition {name!r}: classes must be in descending count")
            last = c["count"]
        if sum(c["count"] for c in classes) != d["n_usable"]:
            raise InputError(f"{where}: partition {name!r}: counts do not sum to n_usable")


@dataclass
class ClassTable:
    """Per-question arrays for the analysis (n questions)."""

    ids: list[str]
    db_ids: np.ndarray
    n_max: int
    partitions: tuple[str, ...]
    oracles: tuple[str, ...]
    top_sql: dict[str, list[str | None]] = field(default_factory=dict)
    # top_correct[partition][oracle]: does the top class agree with the gold under oracle?
    top_correct: dict[str, dict[str, np.ndarray]] = field(default_factory=dict)
    has_answer: np.ndarray | None = None
    scores: dict[str, dict[str, np.ndarray]] = field(default_factory=dict)
    unavailable: dict[str, str] = field(default_factory=dict)  # score -> reason

    def __len__(self) -> int:
        return len(self.ids)

    @classmethod
    def from_records(cls, records: list[dict]) -> ClassTable:
        parts = [p for p in ORACLE_ORDER if all(p in r["partitions"] for r in records)]
        if not parts:
            raise InputError("no partition (weak or suite) is present in every question")
        oracles = [o for o in ORACLE_ORDER
                   if all(o in c["correct"] for r in records for p in parts
                          for c in r["partitions"][p])]
        n_usable = [int(r["n_usable"]) for r in records]
        t = cls(ids=[str(r["id"]) for r in records],
                db_ids=np.asarray([str(r["db_id"]) for r in records]),
                n_max=max([int(r["n_total"]) for r in records] + [1]),
                partitions=tuple(parts), oracles=tuple(oracles))
        t.has_answer = np.asarray([n > 0 for n in n_usable])
        lik = [r.get("likelihood") or {} for r in records]
        lik_scores = {"logprob_mean": S.likelihood_scores([x.get("mean") for x in lik], n_usable),
                      "logprob_max": S.likelihood_scores([x.get("max") for x in lik], n_usable)}
        for name, v in lik_scores.items():
            if v is None:
                t.unavailable[name] = "some questions have no log-probabilities in the pool"
        for p in parts:
            cl = [r["partitions"][p] for r in records]
            counts = [[int(c["count"]) for c in x] for x in cl]
            t.top_sql[p] = [x[0].get("representative") if x else None for x in cl]
            t.top_correct[p] = {o: np.asarray([bool(x[0]["correct"][o]) if x else False
                                               for x in cl]) for o in oracles}
            sc = {"mass": S.mass_scores(counts, n_usable),
                  "entropy": S.entropy_scores(counts, n_usable),
                  "degree": S.degree_scores(counts, n_usable),
                  "set_count": S.set_count_scores(counts, n_usable)}
            for name, v in lik_scores.items():
                if v is not None:
                    sc[name] = v
            t.scores[p] = sc
        return t

    def take(self, idx, db_ids=None) -> ClassTable:
        """The table of the questions at positions ``idx`` (repeats allowed: a bootstrap
        sample), with ``db_ids`` in place of theirs when given (clusters of a resample).

        >>> t = ClassTable.from_records([{"id": "q", "db_id": "d", "n_total": 1,
        ...     "n_usable": 1, "partitions": {"weak": [{"count": 1, "representative": "s",
        ...     "correct": {"weak": True}}]}}])
        >>> t.take([0, 0]).ids, t.take([0, 0]).scores["weak"]["mass"].tolist()
        (['q', 'q'], [1.0, 1.0])
        """
        idx = np.asarray(idx, int)
        return ClassTable(
            ids=[self.ids[i] for i in idx],
            db_ids=self.db_ids[idx] if db_ids is None else np.asarray(db_ids),
            n_max=self.n_max, partitions=self.partitions, oracles=self.oracles,
            top_sql={p: [v[i] for i in idx] for p, v in self.top_sql.items()},
            top_correct={p: {o: a[idx] for o, a in v.items()}
                         for p, v in self.top_correct.items()},
            has_answer=None if self.has_answer is None else self.has_answer[idx],
            scores={p: {s: a[idx] for s, a in v.items()} for p, v in self.scores.items()},
            unavailable=dict(self.unavailable))

    @property
    def available_scores(self) -> list[str]:
        return [s for s in S.SCORES if s not in self.unavailable]
