"""The ``match`` oracle: exact-set match with the gold, as the official Spider evaluator
scores it (``--etype match``). It needs the schema only, never runs a query.

``consistent`` when every component matches; ``refuted`` with the first component that
differs, or with why the prediction cannot be read (an unreadable prediction scores zero
in the official script too); a gold outside the evaluator's grammar is a gold error, so the
example is not counted as judged.

Two readings (``official``): the published evaluator's, its reading errors included (the
default under ``--compat spider``, so that the figure is the official one item for item),
and the lenient one that reads what SQLite reads (the default otherwise;
``EvalOptions.extra["match_reading"]``, the CLI's ``--match-reading``, chooses). Where the
two readings disagree on an item the verdict says so (``evidence["other_reading"]``).
"""

from __future__ import annotations

import time

from ...types import Example, Judged, Prediction, Status, Verdict
from ..base import GOLD_ERROR, Context, EvalOptions
from .compare import difference, foreign_key_groups, normalize
from .official import official_structure
from .structure import OutsideGrammar, spider_structure

READINGS = {"official": official_structure, "lenient": spider_structure}


def match_reading(options: EvalOptions) -> str:
    """The reading an oracle with ``options`` uses: the explicit choice, else ``official``
    under ``--compat spider`` and ``lenient`` otherwise."""
    from ...errors import InputError

    chosen = options.extra.get("match_reading")
    if chosen is None:
        return "official" if options.compat == "spider" else "lenient"
    if chosen not in READINGS:
        raise InputError(f"--match-reading {chosen!r}: choose official or lenient")
    return chosen


class ExactMatchOracle:
    name = "match"

    def __init__(self, options: EvalOptions):
        self.options = options
        self.reading = match_reading(options)
        self._keys: dict[str, dict[str, str]] = {}

    def config(self) -> dict:
        return {"definition": "spider exact-set match, values and DISTINCT ignored",
                "reading": self.reading}

    def judge(self, example: Example, prediction: Prediction, ctx: Context) -> Verdict:
        v = self._judge(example, prediction, ctx, self.reading)
        if v.judged is not Judged.JUDGED or not prediction.ok:
            return v
        other = "lenient" if self.reading == "official" else "official"
        w = self._judge(example, prediction, ctx, other)
        if w.status == v.status or w.judged is Judged.GOLD_ERROR:
            return v
        note = {"reading": other, "status": str(w.status), "reason": w.reason}
        return Verdict(v.oracle, v.status, f"{v.reason} (the {other} reading: {w.status}, "
                       f"{w.reason})", v.elapsed_s, {**(v.evidence or {}), "other_reading": note},
                       v.signature, judged=v.judged)

    def _judge(self, example: Example, prediction: Prediction, ctx: Context,
               reading: str) -> Verdict:
        t0 = time.perf_counter()
        read = READINGS[reading]

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
            gold = normalize(read(example.gold, schema), schema, keys)
        except OutsideGrammar as e:
            return verdict(Status.UNKNOWN, f"{GOLD_ERROR}: outside the official grammar: {e}",
                           judged=Judged.GOLD_ERROR)
        if not prediction.ok:
            return verdict(Status.REFUTED, f"invalid prediction: {prediction.invalid}")
        try:
            pred = normalize(read(prediction.sql, schema), schema, keys)
        except OutsideGrammar as e:
            return verdict(Status.REFUTED, f"prediction outside the official grammar: {e}",
                           evidence={"component": "grammar"})
        diff = difference(pred, gold)
        if diff is not None:
            return verdict(Status.REFUTED, f"{diff} differs", evidence={"component": diff})
        return verdict(Status.CONSISTENT, "exact-set match")
