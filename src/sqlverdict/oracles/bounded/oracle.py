"""The ``bounded`` oracle for ``sqlverdict eval``: bounded equivalence verification.

By default it judges only the pairs that the execution oracle accepted (EX-SpotIt): a pair
that execution rejected keeps the execution status (a refuted pair stays refuted, so
accuracy under this oracle is never above execution accuracy) with reason
``not run: execution oracle rejected``. ``EvalOptions.bounded_on == "all"`` runs every
pair. Semantics: ``EvalOptions.semantics`` when given, else the execution oracle's
(bag, list when the gold has a top-level ORDER BY), so that ``eval``'s oracles compare
results the same way; ``sqlverdict verify`` defaults to ``set`` as SpotIt+ does.
Refuted verdicts carry the minimized, replayed witness as evidence. Pairs are judged as
``verify-batch`` judges them (``staging.verify``: small bounds first, then the
requested bound, then the randomized search for what the prover cannot decide).
"""

from __future__ import annotations

from typing import Any

from ...errors import InputError, SqlverdictError
from ...types import GOLD_ERROR, Example, Judged, Prediction, Status, Verdict
from ..base import Context, EvalOptions
from .outcome import Cause
from .staging import verify

VERSION = 4  # 4: graded realism, eval's comparison (semantics, compat), typed-first witnesses


def _check_constraints(path: str) -> None:
    """Load every constraint file of ``--constraints`` once: a malformed one is an error that
    names it, not an ``unknown`` for every pair."""
    from pathlib import Path

    from ...constraints.model import ConstraintSet

    p = Path(path)
    for f in sorted(p.glob("*.json")) if p.is_dir() else [p]:
        ConstraintSet.load(f)


class BoundedOracle:
    name = "bounded"

    def __init__(self, options: EvalOptions):
        # --constraints: one constraint file, or a directory of <db_id>[.*].json files
        self._constraints: dict[str, Any] = {}
        self._constraints_digest = None
        if options.constraints:
            from ...constraints.model import digest

            self._constraints_digest = digest(options.constraints)
            _check_constraints(options.constraints)  # a malformed file fails the run at once
        if options.bounded_on not in ("accepted", "all"):
            raise InputError(f"--bounded-on must be 'accepted' or 'all', got {options.bounded_on!r}")
        self.options = options

    def config(self) -> dict[str, Any]:
        o = self.options
        return {"oracle": self.name, "version": VERSION, "bound": o.bound,
                "timeout_s": o.verify_timeout_s, "semantics": o.semantics or "auto",
                "bounded_on": o.bounded_on,
                **({"constraints": self._constraints_digest} if self._constraints_digest else {})}

    def constraints_for(self, db_id: str):
        if not self.options.constraints:
            return None
        if db_id not in self._constraints:
            from ...constraints.model import constraints_for_database

            self._constraints[db_id] = constraints_for_database(self.options.constraints, db_id)
        return self._constraints[db_id]

    def judge(self, example: Example, prediction: Prediction, ctx: Context) -> Verdict:
        o = self.options
        prior = ctx.prior.get("execution")
        if prior is not None and prior.judged is Judged.GOLD_ERROR:
            # the gold fails on the shipped database: no oracle judges this example
            return Verdict(self.name, Status.UNKNOWN, prior.reason, 0.0,
                           judged=Judged.GOLD_ERROR)
        if o.bounded_on == "accepted" and prior is not None and not prior.status.is_correct:
            # the shipped database separates them: real data, wrong at every realism level
            ev = {"realism": "mined"} if prior.status is Status.REFUTED else None
            return Verdict(self.name, prior.status, "not run: execution oracle rejected",
                           0.0, ev, prior.signature, judged=Judged.NOT_RUN)
        if not prediction.ok:
            return Verdict(self.name, Status.REFUTED, f"invalid prediction: {prediction.invalid}",
                           evidence={"realism": "mined"})
        schema = ctx.schema(example.db_id)
        if schema is None:
            return Verdict(self.name, Status.UNKNOWN, f"no schema for database {example.db_id!r}")
        try:
            cs = self.constraints_for(example.db_id)
            # dialect="sqlite": eval judges predictions as SQLite runs them (a prediction
            # SQLite rejects is invalid, never read in another dialect: ``infer``, nor with
            # a function SQLite lacks read as uninterpreted: ``interpret_lacking``); a run
            # with --dialect is translated before the oracles (``bench.dialect``)
            r = verify(example.gold, prediction.sql, schema, bound=o.bound,
                       semantics=o.semantics, compat=o.compat, timeout_s=o.verify_timeout_s,
                       constraints=cs, dialect="sqlite", domain="sqlite",
                       interpret_lacking=False)
        except SqlverdictError as e:
            return Verdict(self.name, Status.UNKNOWN, f"error: {e}")
        d = r.to_json()
        evidence = {k: d[k] for k in ("bound", "semantics", "method", "cause", "detail",
                                      "assumptions", "scope", "evidence", "realism") if d.get(k)}
        if r.witness is not None:
            evidence["witness"] = r.witness.to_json()
            if cs is not None:
                from ...constraints.realism import realism

                evidence["constraint_realism"] = realism(r.witness.tables, cs)
        judged = Judged.GOLD_ERROR if r.cause is Cause.GOLD_INVALID else Judged.JUDGED
        reason = f"{GOLD_ERROR}: {r.reason}" if judged is Judged.GOLD_ERROR else r.reason
        return Verdict(self.name, r.status, reason, r.elapsed_s, evidence,
                       r.witness.signature if r.witness else None, judged=judged)
