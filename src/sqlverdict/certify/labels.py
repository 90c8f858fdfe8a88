"""The labels of the census of rejections: their file, their taxonomy and the conventions
that decide which labelled rejections still count as wrong answers.

Labels (JSONL, one per rejection: ``{"id", "sql", "pass1", "pass2", "final",
"borderline": bool}``) use the taxonomy ``TAXONOMY``; ``census`` builds the rejections and
re-scores with them, ``label`` asks a language model for them. Both import this module, so
neither imports the other at load time.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from pathlib import Path

from ..errors import InputError
from ..jsonl import read_jsonl

TAXONOMY = ("semantic_error", "underspecified_question", "reference_defect",
            "instance_defect", "comparator_artefact")
CONVENTIONS = ("wide", "unanimous", "agreed", "narrow")


@dataclass(frozen=True)
class Label:
    id: str
    sql: str
    pass1: str
    pass2: str
    final: str
    borderline: bool = False


def read_labels(path: str | Path) -> dict[tuple[str, str], Label]:
    p = Path(path)
    if not p.is_file():
        raise InputError(f"labels file {str(p)!r} does not exist")
    out = {}
    expected = "expected {id, sql, pass1, pass2, final, borderline}"
    for lineno, d in read_jsonl(p, "labels file", hint=expected):
        try:
            lab = Label(str(d["id"]), d.get("sql", d.get("answer")), d["pass1"], d["pass2"],
                        d.get("final", d["pass2"] if d["pass1"] == d["pass2"] else None),
                        bool(d.get("borderline", False)))
        except (KeyError, TypeError) as e:
            raise InputError(f"{str(p)!r} line {lineno}: {expected} ({e})") from None
        for k in ("pass1", "pass2", "final"):
            v = getattr(lab, k)
            if v not in TAXONOMY:
                raise InputError(f"{str(p)!r} line {lineno}: {k} {v!r} is not one of "
                                 f"{', '.join(TAXONOMY)}")
        out[(lab.id, lab.sql)] = lab
    return out


def counts_as_wrong(label: Label | None, convention: str) -> bool:
    """Does a suite rejection with this label still count as a wrong answer?

    >>> lab = Label("1", "q", "reference_defect", "reference_defect", "reference_defect")
    >>> [counts_as_wrong(lab, c) for c in CONVENTIONS]
    [True, False, False, False]
    >>> lab = Label("1", "q", "reference_defect", "semantic_error", "reference_defect")
    >>> [counts_as_wrong(lab, c) for c in CONVENTIONS]
    [True, True, True, False]
    """
    sem = "semantic_error"
    if convention not in CONVENTIONS:
        raise InputError(f"unknown convention {convention!r}; expected {', '.join(CONVENTIONS)}")
    if label is None or convention == "wide":
        return True
    if convention == "narrow":
        return label.final == sem
    if convention == "agreed":
        return not (label.pass1 != sem and label.pass2 != sem)
    same = label.pass1 == label.pass2 == label.final != sem
    return not (same and not label.borderline)


def relabel(records: list[dict], labels: dict[tuple[str, str], Label], convention: str) -> list[dict]:
    """A copy of the class records with suite rejections that the convention forgives
    marked correct under the suite."""
    out = copy.deepcopy(records)
    for r in out:
        for classes in r["partitions"].values():
            for c in classes:
                if c["correct"].get("suite", True):
                    continue
                lab = labels.get((str(r["id"]), c["representative"]))
                if lab is not None and not counts_as_wrong(lab, convention):
                    c["correct"]["suite"] = True
    return out
