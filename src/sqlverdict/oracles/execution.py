"""The execution oracle: run gold and prediction on the shipped database and compare.

How a pair is compared (semantics, column permutation, the ``--compat spider|bird``
rewritings) is the comparison policy of ``engine.policy``.
"""

from __future__ import annotations

import time

from ..engine.policy import policy_for
from ..errors import ExecutionError
from ..types import Example, Judged, Prediction, Status, Verdict
from .base import GOLD_ERROR, Context, EvalOptions, evidence_rows

EMPTY_SQL = "empty SQL"  # bench.predictions' reason for a blank prediction
def _blank(invalid: str | None) -> bool:
    """A prediction the official BIRD script runs as blank text: an empty one, and a JSON
    value that is not a string (null, a number), which it replaces by ``" "``."""
    return invalid == EMPTY_SQL or invalid == "prediction is null" or \
        bool(invalid and invalid.endswith("not a SQL string"))


VALUE_TYPES = (" (equal as values, but the published evaluator sorts each row's values by "
               "their text and type name first, where an integer and a float sort apart)")
MAX_PLUGGED = 256  # --plug-value: at most this many value assignments are tried


def _values(sql: str, official: bool = False) -> list[tuple[int, int, str]]:
    """``(start, end, text)`` of each literal value of ``sql``: numbers, strings, and the
    placeholder ``value`` of value-less predictions, LIMIT counts excluded. ``official``: the
    test-suite evaluator's value slots instead (its ``parse.py`` tokenizes with sqlparse):
    numbers, single-quoted strings and double-quoted words (which SQLite may read as
    identifiers), LIMIT counts included, no placeholder.

    >>> [v for _, _, v in _values('SELECT a FROM t WHERE b = "x" LIMIT 3', official=True)]
    ['"x"', '3']
    >>> [v for _, _, v in _values('SELECT a FROM t WHERE b = "x" LIMIT 3')]
    []
    """
    from sqlglot.errors import SqlglotError
    from sqlglot.tokens import Tokenizer, TokenType

    try:
        tokens = Tokenizer().tokenize(sql)
    except SqlglotError:
        return []
    out, prev = [], None
    for t in tokens:
        if official:
            literal = t.token_type in (TokenType.NUMBER, TokenType.STRING) or (
                t.token_type == TokenType.IDENTIFIER and sql[t.start] == '"')
        else:
            literal = t.token_type in (TokenType.NUMBER, TokenType.STRING) or (
                t.token_type == TokenType.VAR and t.text.lower() == "value")
            literal = literal and not (prev is not None and prev.token_type in (
                TokenType.LIMIT, TokenType.OFFSET))
        if literal:
            out.append((t.start, t.end + 1, sql[t.start:t.end + 1]))
        prev = t
    return out


def plugged(gold: str, pred: str, cap: int = MAX_PLUGGED, official: bool = False) -> list[str]:
    """``pred`` first, then ``pred`` with the gold's literal values plugged into its value
    slots, every assignment in turn (at most ``cap``): the test-suite evaluator's
    ``--plug_value``, which judges a prediction's structure and not its values.
    ``official`` (``--compat spider``): its value slots (``_values``).

    >>> plugged("SELECT a FROM t WHERE b = 'x' AND c > 3", "SELECT a FROM t WHERE b = value")
    ['SELECT a FROM t WHERE b = value', "SELECT a FROM t WHERE b = 'x'", 'SELECT a FROM t WHERE b = 3']
    """
    import itertools

    gold_values = list(dict.fromkeys(text for _, _, text in _values(gold, official)))
    slots = _values(pred, official)
    out = [pred]
    if not gold_values or not slots:
        return out
    for combo in itertools.product(gold_values, repeat=len(slots)):
        parts, pos = [], 0
        for (start, end, _), text in zip(slots, combo, strict=True):
            parts += [pred[pos:start], text]
            pos = end
        text = "".join(parts) + pred[pos:]
        if text not in out:
            out.append(text)
        if len(out) > cap:
            break
    return out


class ExecutionOracle:
    """EX: agreement on the database the benchmark ships."""

    name = "execution"

    def __init__(self, options: EvalOptions):
        self.options = options

    def config(self) -> dict:
        o = self.options
        extra = {k: True for k in ("keep_distinct", "plug_value") if o.extra.get(k)}
        return {"semantics": o.semantics, "compat": o.compat, "timeout_s": o.timeout_s,
                **extra}

    def _run_prediction(self, db_path: str, sql: str, ctx: Context):
        """The prediction's result. Under ``--compat spider`` a statement that is not a query
        (refused on the shipped file) runs on a private copy, as the published evaluator runs
        it on its file: ``DELETE ... WHERE`` returns no rows there (``engine.sandbox``)."""
        try:
            return ctx.cache.run(db_path, sql, timeout_s=self.options.timeout_s)
        except ExecutionError as e:
            if e.kind != "forbidden" or self.options.compat != "spider":
                raise
        from ..engine.sandbox import run_on_copy

        r = run_on_copy(db_path, sql, timeout_s=self.options.timeout_s)
        return type(r)(r.columns, r.rows, r.nbytes, ("not a query: run on a copy of the "
                                                     "database, as the evaluator runs it",))

    def judge(self, example: Example, prediction: Prediction, ctx: Context) -> Verdict:
        t0 = time.perf_counter()

        def verdict(status: Status, reason: str = "", **kw) -> Verdict:
            return Verdict(self.name, status, reason, round(time.perf_counter() - t0, 6), **kw)

        if example.db_path is None:
            return verdict(Status.UNKNOWN, f"{GOLD_ERROR}: no database for {example.db_id}",
                           judged=Judged.GOLD_ERROR)
        policy = policy_for(example.gold, semantics=self.options.semantics,
                            compat=self.options.compat,
                            keep_distinct=bool(self.options.extra.get("keep_distinct")))
        sem = policy.semantics
        gold = policy.prepare(example.gold)
        timeout = self.options.timeout_s
        try:
            g = ctx.cache.run(example.db_path, gold, timeout_s=timeout)
        except ExecutionError as e:
            return verdict(Status.UNKNOWN, f"{GOLD_ERROR}: {e}", judged=Judged.GOLD_ERROR)
        if not prediction.ok and self.options.compat == "bird" and _blank(prediction.invalid):
            # a failed (blank) generation: the official BIRD script runs the empty text,
            # which returns no rows, and scores it against the gold's result like any other
            if policy.signature(g.rows, [], gold_ncols=len(g.columns), pred_ncols=0) is None:
                return verdict(Status.CONSISTENT, "empty prediction: no rows, as the gold's "
                               "result (scored as the official BIRD script does)")
            return verdict(Status.REFUTED, "empty prediction: no rows (scored as the official "
                           "BIRD script does)", signature="execution_error")
        if not prediction.ok:
            return verdict(Status.REFUTED, f"invalid prediction: {prediction.invalid}",
                           signature="execution_error")
        pred = policy.prepare(prediction.sql)
        if self.options.extra.get("plug_value"):
            for text in plugged(example.gold, prediction.sql,
                                official=self.options.compat == "spider"):
                try:
                    q = ctx.cache.run(example.db_path, policy.prepare(text), timeout_s=timeout)
                except ExecutionError:
                    continue
                if policy.execution_signature(g.rows, q.rows, gold_ncols=len(g.columns),
                                    pred_ncols=len(q.columns)) is None:
                    how = "" if text == prediction.sql else \
                        f" with the gold's values plugged in (--plug-value): {text}"
                    return verdict(Status.CONSISTENT,
                                   f"same result on the shipped database ({sem}){how}")
        try:
            p = self._run_prediction(example.db_path, pred, ctx)
        except ExecutionError as e:
            return verdict(Status.REFUTED, f"prediction failed: {e}", signature="execution_error",
                           evidence={"error_kind": e.kind})
        sig = policy.execution_signature(g.rows, p.rows, gold_ncols=len(g.columns),
                               pred_ncols=len(p.columns))
        notes = "".join(f"; {side}: {n}" for side, r in (("gold", g), ("prediction", p))
                        for n in r.notes)  # what the guard changed in a result
        if sig is None:
            return verdict(Status.CONSISTENT,
                           f"same result on the shipped database ({sem}){notes}")
        evidence = {
            "semantics": str(sem),
            "gold_columns": list(g.columns), "pred_columns": list(p.columns),
            "gold_result": evidence_rows(g.rows), "pred_result": evidence_rows(p.rows),
            "n_gold": len(g.rows), "n_pred": len(p.rows),
        }
        why = VALUE_TYPES if sig == "value_types" else ""
        return verdict(Status.REFUTED, f"results differ on the shipped database: {sig}{why}{notes}",
                       evidence=evidence, signature=sig)
