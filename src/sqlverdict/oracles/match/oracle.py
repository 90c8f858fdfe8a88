"""The ``match`` oracle: exact-set match with the gold, as the official Spider evaluator
scores it (``--etype match``). It needs the schema only, never runs a query.

``consistent`` when every component matches; ``refuted`` with the first component that
differs, or with why the prediction cannot be read (an unreadable prediction scores zero
in the official script too); a gold outside the evaluator's grammar is a gold error, so the
example is not counted as judged.
"""

from __future__ import annotations

import time

from ...types import Example, Judged, Prediction, Status, Verdict
from ..base import GOLD_ERROR, Context, EvalOptions
from .compare import difference, foreign_key_groups, normalize
from .structure import OutsideGrammar, spider_structure


class ExactMatchOracle:
    name = "match"

    def __init__(self, options: EvalOptions):
        self.options = options
        self._keys: dict[str, dict[str, str]] = {}

    def config(self) -> dict:
        return {"definition": "spider exact-set match, values and DISTINCT ignored"}

    def judge(self, example: Example, prediction: Prediction, ctx: Context) -> Verdict:
        t0 = time.perf_counter()

        def verdict(status: Status, reason: str, **kw) -> Verdict:
            return Verdict(self.name, status, reason, round(time.perf_counter() - t0, 6), **kw)

        schema = ctx.schema(example.db_id)
        if schema is None:
            return verdict(Status.UNKNOWN, f"{GOLD_ERROR}: no schema for {example.db_id}",
                           judged=Judged.GOLD_ERROR)
        keys = self._keys.get(example.db_id)
        if keys is None:
            keys = self._keys[example.db_id] = foreign_key_groups(schema)
        try:
            gold = normalize(spider_structure(example.gold, schema), schema, keys)
        except OutsideGrammar as e:
            return verdict(Status.UNKNOWN, f"{GOLD_ERROR}: outside the official grammar: {e}",
                           judged=Judged.GOLD_ERROR)
        if not prediction.ok:
            return verdict(Status.REFUTED, f"invalid prediction: {prediction.invalid}")
        try:
            pred = normalize(spider_structure(prediction.sql, schema), schema, keys)
        except OutsideGrammar as e:
            return verdict(Status.REFUTED, f"prediction outside the official grammar: {e}",
                           evidence={"component": "grammar"})
        diff = difference(pred, gold)
        if diff is not None:
            return verdict(Status.REFUTED, f"{diff} differs", evidence={"component": diff})
        return verdict(Status.CONSISTENT, "exact-set match")
