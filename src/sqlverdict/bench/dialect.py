"""A benchmark and its predictions written in another dialect, translated to SQLite for ``eval``.

``eval --dialect postgres`` reads every gold query and every prediction as PostgreSQL and
judges their SQLite translations (``engine.translation``) on the benchmark's SQLite
databases, under every oracle. ``translate_run`` translates each query once:

- a gold without a translation skips its example, with the reason (no oracle can judge it);
- a prediction without one is ``unknown`` under every oracle, with the construct named
  (``unknown_verdict``): SQLite rejecting a translation says nothing about the query in its
  own dialect;
- ``guard`` keeps that rule for what the oracles answer: a refutation whose only evidence is
  SQLite rejecting a translated prediction (an error at run time) becomes ``unknown``.

>>> from sqlverdict.types import Example, Prediction, Schema
>>> from sqlverdict.schema import from_ddl
>>> from sqlverdict.bench.loader import Benchmark
>>> from sqlverdict.bench.predictions import PredictionSet
>>> b = Benchmark("jsonl", None, [Example("1", "db", "q", "SELECT a FROM t ORDER BY a")],
...               {"db": from_ddl("CREATE TABLE t(a INT)", "db")})
>>> s = PredictionSet("sys", None, {"1": Prediction("1", "SELECT SPLIT_PART(a, ',', 1) FROM t")})
>>> run = translate_run(b, [s], "postgres")
>>> run.bench.examples[0].gold
'SELECT a FROM t ORDER BY a IS NULL, a'
>>> run.unknown[("sys", "1")]
'unsupported: prediction: function SPLIT_PART (postgres has no SQLite counterpart)'
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..engine.translation import translate
from ..errors import InputError
from ..sql.dialect import Untranslatable, sides
from ..types import Prediction, Status, Verdict, refutation_evidence
from .loader import Benchmark
from .predictions import PredictionSet


@dataclass
class TranslatedRun:
    bench: Benchmark
    systems: list[PredictionSet]
    unknown: dict[tuple[str, str], str] = field(default_factory=dict)  # (system, id) -> why


def _why(side: str, e: Exception, dialect: str) -> str:
    if isinstance(e, Untranslatable):
        return f"unsupported: {side}: {e.construct}" + (f" ({e.detail})" if e.detail else "")
    return f"{side} does not parse as {dialect}: {e}"


def translate_run(bench: Benchmark, systems: list[PredictionSet], dialect: str) -> TranslatedRun:
    """Gold queries and predictions as SQLite text (see the module docstring). ``dialect``:
    a checked spec, ``NAME`` or ``GOLD:PRED`` (``sqlite:postgres``: SQLite gold queries,
    PostgreSQL predictions)."""
    gold_dialect, pred_dialect = sides(dialect)
    examples, skipped = [], dict(bench.skipped)
    unknown: dict[tuple[str, str], str] = {}
    preds: dict[str, dict[str, Prediction]] = {s.name: dict(s.predictions) for s in systems}
    for ex in bench.examples:
        schema = bench.schemas.get(ex.db_id)
        if ex.id in skipped or schema is None:
            examples.append(ex)
            continue
        try:
            gold = ex.gold if gold_dialect is None else translate(ex.gold, gold_dialect, schema)
        except (Untranslatable, InputError) as e:
            skipped[ex.id] = f"gold has no SQLite translation: {_why('gold', e, gold_dialect)}"
            examples.append(ex)
            continue
        examples.append(replace(ex, gold=gold))
        for s in systems:
            p = s.predictions.get(ex.id)
            if p is None or not p.ok or pred_dialect is None:
                continue
            try:
                preds[s.name][ex.id] = replace(p, sql=translate(p.sql, pred_dialect, schema))
            except (Untranslatable, InputError) as e:
                unknown[(s.name, ex.id)] = _why("prediction", e, pred_dialect)
    new_bench = Benchmark(bench.kind, bench.path, examples, bench.schemas, skipped,
                          bench.full_size)
    new_systems = [replace(s, predictions=preds[s.name]) for s in systems]
    return TranslatedRun(new_bench, new_systems, unknown)


def unknown_verdict(oracle: str, why: str) -> Verdict:
    return Verdict(oracle, Status.UNKNOWN, why)


def guard(v: Verdict, pred: Prediction, dialect: str | None) -> Verdict:
    """``v``, or ``unknown`` when it refutes a translated prediction only because SQLite
    rejected it."""
    if sides(dialect)[1] is None or v.status is not Status.REFUTED or not pred.ok:
        return v
    if refutation_evidence({"status": "refuted", **v.to_json()}) != "invalid_sql":
        return v
    return Verdict(v.oracle, Status.UNKNOWN,
                   f"unsupported: SQLite rejects the {sides(dialect)[1]} prediction's translation "
                   f"({v.reason})", v.elapsed_s)
