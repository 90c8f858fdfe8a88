"""The structure oracle: a prediction whose canonical structure equals the gold's is
``consistent``; anything else is ``unknown``.

Equal canonical forms mean the queries differ only by rewrites that never change the result
(aliases, conjunct order, comparison orientation, join spelling, column aliases, case and
whitespace; see ``sql.canon``), so agreement is justified on every database. A
different structure proves nothing: ``ORDER BY x LIMIT 1`` and ``WHERE x = (SELECT MIN(x)
...)`` often agree. So a mismatch is ``unknown`` with reason "structure differs", never
``refuted``.
"""

from __future__ import annotations

import time
from typing import Any

from ..errors import ExecutionError
from ..sql.canon import Canonicalizer
from ..types import Example, Judged, Prediction, Status, Verdict
from .base import GOLD_ERROR, Context, EvalOptions


class StructureOracle:
    name = "structure"

    def __init__(self, options: EvalOptions | None = None):
        self.options = options or EvalOptions()
        self._canon: Canonicalizer | None = None

    def config(self) -> dict[str, Any]:
        return {"oracle": self.name, "canon_version": 1, "gold_checked": 1}

    def judge(self, example: Example, prediction: Prediction, ctx: Context) -> Verdict:
        t0 = time.perf_counter()
        if self._canon is None or self._canon.schemas is not ctx.schemas:
            self._canon = Canonicalizer(ctx.schemas)

        def verdict(status: Status, reason: str, **evidence: Any) -> Verdict:
            return Verdict(self.name, status, reason, round(time.perf_counter() - t0, 6),
                           evidence or None)

        if example.db_path is not None:  # a gold that fails on the shipped database: as elsewhere
            try:
                ctx.cache.run(example.db_path, example.gold, timeout_s=self.options.timeout_s)
            except ExecutionError as e:
                return Verdict(self.name, Status.UNKNOWN, f"{GOLD_ERROR}: {e}",
                               round(time.perf_counter() - t0, 6), judged=Judged.GOLD_ERROR)
        gold = self._canon(example.gold, example.db_id)
        if not gold.ok:
            return Verdict(self.name, Status.UNKNOWN, f"{GOLD_ERROR}: {gold.error}",
                           round(time.perf_counter() - t0, 6), judged=Judged.GOLD_ERROR)
        if not prediction.ok:
            return verdict(Status.UNKNOWN, f"invalid prediction: {prediction.invalid}")
        pred = self._canon(prediction.sql, example.db_id)
        if not pred.ok:
            return verdict(Status.UNKNOWN, f"prediction does not parse: {pred.error}")
        if pred.sql == gold.sql:
            return verdict(Status.CONSISTENT, "same canonical structure",
                           structure=gold.sql)
        return verdict(Status.UNKNOWN, "structure differs", gold_structure=gold.sql,
                       pred_structure=pred.sql)
