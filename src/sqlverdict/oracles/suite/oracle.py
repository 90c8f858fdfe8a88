"""The ``suite`` oracle (test-suite accuracy): agreement on the shipped database AND on every
instance of a test suite built by ``sqlverdict suite build``.

Comparison semantics and the compatibility rewritings (``engine.policy``) are exactly the execution
oracle's, so on the shipped database both oracles agree and the suite can only reject more.
An instance on which the gold query itself fails, or on which one of the gold's
``ORDER BY ... LIMIT`` cuts through a tie (so that the gold's own answer is arbitrary, see
``ties``), is not usable for that gold: it is skipped and listed in the evidence. A prediction that times out on an instance gets ``unknown``.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

from ...engine.execute import Result, run_query
from ...engine.policy import policy_for
from ...errors import ExecutionError, InputError
from ...runner.journal import config_hash, file_identity
from ...types import Example, Judged, Prediction, Status, Verdict
from ..base import GOLD_ERROR, Context, EvalOptions, evidence_rows
from . import BUILD_HINT, check_suite, load_suite
from .ties import tie_at_limit


class SuiteOracle:
    """TS: agreement on the shipped database and on every suite instance."""

    name = "suite"

    def __init__(self, options: EvalOptions):
        self.options = options
        self._instances: dict[str, list[Path]] = {}
        self._ties: dict[tuple[str, str], bool] = {}
        self._inputs: dict[str, str] = {}
        self._suite_id = None
        if options.suite_dir:
            man = Path(options.suite_dir) / "manifest.json"
            if man.is_file():
                try:
                    m = json.loads(man.read_text())
                    self._suite_id = {"seed": m.get("seed"), "created": m.get("created")}
                except json.JSONDecodeError:
                    self._suite_id = None

    def config(self) -> dict:
        o = self.options
        return {"semantics": o.semantics, "compat": o.compat, "timeout_s": o.timeout_s,
                "suite_dir": str(Path(o.suite_dir).resolve()) if o.suite_dir else None,
                "suite": self._suite_id}

    def check(self, examples) -> list[str]:
        """Before a run: fail on a missing or wrong suite, warn about uncovered databases."""
        return check_suite(self.options.suite_dir, [e.db_id for e in examples])

    def inputs(self, example: Example) -> str:
        """The identity of the instances this example is judged on (a resumed run
        recomputes its verdicts when they change)."""
        if not self.options.suite_dir:
            return ""
        if example.db_id not in self._inputs:
            try:
                files = self.instances(example.db_id)
            except InputError:
                files = []
            self._inputs[example.db_id] = config_hash(
                {"instances": [(p.name, file_identity(p)) for p in files]})
        return self._inputs[example.db_id]

    def instances(self, db_id: str) -> list[Path]:
        if db_id not in self._instances:
            self._instances[db_id] = load_suite(self.options.suite_dir, db_id)
        return self._instances[db_id]

    def _tie(self, ctx: Context, db: Path, gold: str, timeout: float) -> bool:
        key = (str(db), gold)
        if key not in self._ties:
            self._ties[key] = tie_at_limit(lambda q: ctx.cache.run(db, q, timeout_s=timeout), gold)
        return self._ties[key]

    def judge(self, example: Example, prediction: Prediction, ctx: Context) -> Verdict:
        t0 = time.perf_counter()

        def verdict(status: Status, reason: str = "", **kw) -> Verdict:
            return Verdict(self.name, status, reason, round(time.perf_counter() - t0, 6), **kw)

        o = self.options
        if example.db_path is None:
            return verdict(Status.UNKNOWN, f"{GOLD_ERROR}: no database for {example.db_id}",
                           judged=Judged.GOLD_ERROR)
        if not o.suite_dir:
            return verdict(Status.UNKNOWN, f"no test suite given; {BUILD_HINT}")
        try:
            inst = self.instances(example.db_id)
        except InputError as e:
            return verdict(Status.UNKNOWN, str(e))
        if not inst:
            return verdict(Status.UNKNOWN, f"suite {o.suite_dir} has no instances for "
                           f"{example.db_id}; {BUILD_HINT} (with `--db-id {example.db_id}`)")
        policy = policy_for(example.gold, semantics=o.semantics, compat=o.compat)
        sem = policy.semantics
        gold = policy.prepare(example.gold)
        timeout = o.timeout_s
        try:
            ctx.cache.run(example.db_path, gold, timeout_s=timeout)
        except ExecutionError as e:
            return verdict(Status.UNKNOWN, f"{GOLD_ERROR}: {e}", judged=Judged.GOLD_ERROR)
        if not prediction.ok:
            return verdict(Status.REFUTED, f"invalid prediction: {prediction.invalid}",
                           signature="execution_error")
        pred = policy.prepare(prediction.sql)

        skipped: list[str] = []
        used = 0
        for k, db in enumerate([Path(example.db_path), *inst]):
            where = "the shipped database" if k == 0 else f"suite instance {db.name}"
            try:
                g: Result = ctx.cache.run(db, gold, timeout_s=timeout)
            except ExecutionError as e:
                skipped.append(f"{db.name}: {e.kind}")
                continue
            if k > 0 and self._tie(ctx, db, gold, timeout):
                skipped.append(f"{db.name}: tie at LIMIT")
                continue
            try:
                p = run_query(db, pred, timeout_s=timeout)
            except ExecutionError as e:
                ev = {"instance": str(db), "error_kind": e.kind}
                if e.kind == "timeout" and k > 0:
                    return verdict(Status.UNKNOWN, f"prediction timed out on {where}", evidence=ev)
                return verdict(Status.REFUTED, f"prediction failed on {where}: {e}",
                               signature="execution_error", evidence=ev)
            used += 1
            sig = policy.signature(g.rows, p.rows, gold_ncols=len(g.columns),
                                   pred_ncols=len(p.columns))
            if sig is None:
                continue
            evidence = {
                "instance": str(db), "instance_index": k - 1, "semantics": str(sem),
                "gold_columns": list(g.columns), "pred_columns": list(p.columns),
                "gold_result": evidence_rows(g.rows), "pred_result": evidence_rows(p.rows),
                "n_gold": len(g.rows), "n_pred": len(p.rows),
            }
            return verdict(Status.REFUTED, f"results differ on {where}: {sig}",
                           evidence=evidence, signature=sig)
        if used <= 1:
            return verdict(Status.UNKNOWN, "the gold query fails on every suite instance "
                           f"({'; '.join(skipped[:3])}); the suite cannot judge it",
                           evidence={"skipped": skipped})
        note = f"; gold fails on {len(skipped)} instance(s), skipped" if skipped else ""
        return verdict(Status.CONSISTENT,
                       f"same result on the shipped database and {used - 1} suite instances "
                       f"({sem}){note}", evidence={"instances": used - 1, "skipped": skipped})
