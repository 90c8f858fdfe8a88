"""The oracle protocol: every oracle judges one prediction of one example.

An oracle is built from ``EvalOptions`` by name (``get_oracle``), has a ``config()`` that
keys its verdicts in the run journal (change the config and verdicts are recomputed), and a
``judge(example, prediction, ctx)`` that returns a ``Verdict`` and never raises for bad SQL.
Oracles run in order per example; ``ctx.prior`` holds the verdicts already given to the same
prediction by earlier oracles (the bounded oracle uses it to judge only EX-accepted pairs).
"""

from __future__ import annotations

import importlib
import importlib.util
from dataclasses import asdict, dataclass, field
from typing import Any, Protocol

from ..engine.execute import ResultCache
from ..types import GOLD_ERROR, Example, Prediction, Schema, Verdict  # noqa: F401

# A verdict that could not judge the prediction because the gold (or its database) is
# unusable says so in ``Verdict.judged`` (``Judged.GOLD_ERROR``) and its reason starts with
# GOLD_ERROR; such examples are not counted as judged in summaries.


MAX_EVIDENCE_ROWS = 12  # rows of a result an execution-style verdict keeps as evidence


def evidence_rows(rows) -> list[list]:
    """The first rows of a result, each value clipped, as evidence."""
    from ..clip import clip

    return clip(rows[:MAX_EVIDENCE_ROWS])


@dataclass(frozen=True)
class EvalOptions:
    """Options shared by the oracles of one run (one dataclass instead of many flags)."""

    semantics: str | None = None  # None: bag, list when the gold has a top-level ORDER BY
    compat: str | None = None  # "spider": the published Spider evaluator's quirks
    timeout_s: float = 30.0  # per query execution
    suite_dir: str | None = None
    bound: int = 3
    verify_timeout_s: float = 30.0
    constraints: str | None = None
    bounded_on: str = "accepted"  # "accepted": only pairs the execution oracle accepts; "all"
    dialect: str | None = None  # gold and predictions in this SQL dialect (bench.dialect)
    extra: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return asdict(self)


@dataclass
class Context:
    """What an oracle may use besides the example and prediction."""

    options: EvalOptions
    cache: ResultCache
    schemas: dict[str, Schema]
    prior: dict[str, Verdict] = field(default_factory=dict)

    def schema(self, db_id: str) -> Schema | None:
        return self.schemas.get(db_id)


class Oracle(Protocol):
    name: str

    def config(self) -> dict[str, Any]: ...

    def judge(self, example: Example, prediction: Prediction, ctx: Context) -> Verdict: ...


# name -> "module:factory"; a factory takes EvalOptions and returns an Oracle.
ORACLES: dict[str, str] = {
    "execution": "sqlverdict.oracles.execution:ExecutionOracle",
    "suite": "sqlverdict.oracles.suite.oracle:SuiteOracle",
    "bounded": "sqlverdict.oracles.bounded.oracle:BoundedOracle",
    "structure": "sqlverdict.oracles.structure:StructureOracle",
    "match": "sqlverdict.oracles.match.oracle:ExactMatchOracle",
}


def available_oracles() -> list[str]:
    """Oracles whose implementation is importable in this installation."""
    out = []
    for name, target in ORACLES.items():
        mod = target.split(":")[0]
        if importlib.util.find_spec(mod) is not None:
            out.append(name)
    return out


def get_oracle(name: str, options: EvalOptions) -> Oracle:
    from ..errors import InputError

    if name not in ORACLES:
        raise InputError(f"unknown oracle {name!r}; choose from {', '.join(ORACLES)}")
    mod, attr = ORACLES[name].split(":")
    try:
        factory = getattr(importlib.import_module(mod), attr)
    except (ImportError, AttributeError) as e:
        raise InputError(f"oracle {name!r} is not available in this installation ({e})") from None
    return factory(options)
