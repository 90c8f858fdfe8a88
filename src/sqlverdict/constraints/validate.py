"""Decide which mined constraints hold beyond the sample: by an LLM or by heuristics.

Both routes fill each constraint's ``validation`` (``decision`` keep/drop/error, ``by``,
``rationale``), set ``enabled`` from the decision, and for kept ranges choose the bound in
force (``params.bound``: strict, loose or semantic, with ``params.semantic`` filled in).

**LLM** (``validate_llm``): constraints are grouped by table into batches of
``batch_size``; each batch is one chat request whose prompt holds the table's DDL, the
column descriptions kept in the file, the row count, and each constraint with its
evidence. The answer must be JSON ``{"decisions": [{"id", "decision", "bound",
"semantic", "rationale"}]}`` covering every id of the batch; malformed or incomplete
answers are sent back for repair (``LLMClient.chat_json``); decisions that needed a repair
round carry ``attempts`` and the run counts ``repaired_batches``. A batch that still fails is
marked ``error`` and disabled (never silently kept), and the run reports how many.

**Offline** (``validate_heuristic``), labelled ``by: heuristic``. Rules, in order:

- range: identifiers (primary/foreign key columns, names ending in ``id``) are dropped;
  ``percent``-like names get the semantic bound [0, 100] and ``age`` [0, 150] when the data
  fits; every other range is kept with the loose bound (Tukey fences).
- in: foreign-key columns are dropped (the referenced table defines the values), and so
  are temporal columns (year/date/time/day in the name); kept when
  the column is a low-cardinality code (at most 10 distinct values, each seen on average at
  least 3 times, values numbers or short strings of <= 20 characters); otherwise dropped
  as a sample of an open domain.
- not_null: kept when seen on at least 5 rows.
- fd: dropped when either side is free text (average text length > 30) or when fewer than
  5 rows back it; otherwise kept.
- order: kept when seen on at least 5 rows and the column names pair up (start/end,
  min/max, low/high, open/close, birth/death, first/last, from/to, or one name contains
  the other, like price/discount_price); otherwise dropped as coincidental.
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from ..engine.execute import run_query
from ..errors import ExecutionError
from ..llm import LLMClient, LLMError, check_shape
from ..schema import from_sqlite
from ..types import Schema
from .model import Constraint, ConstraintSet

# --------------------------------------------------------------------------- heuristics

_ID = re.compile(r"(^id$|_id$|id$|^id_|code$|_no$|number$)", re.I)
_PAIRS = [("start", "end"), ("begin", "end"), ("min", "max"), ("low", "high"),
          ("lowest", "highest"), ("open", "close"), ("birth", "death"), ("first", "last"),
          ("from", "to"), ("earliest", "latest"), ("opening", "closing")]


def _keys(schema: Schema | None, table: str) -> tuple[set[str], set[str]]:
    """(primary-key columns, foreign-key columns), lower-case."""
    if schema is None or not schema.has_table(table):
        return set(), set()
    t = schema.table(table)
    return ({c.lower() for c in t.primary_key},
            {c.lower() for fk in t.foreign_keys for c in fk.columns})


def _paired_names(a: str, b: str) -> bool:
    la, lb = a.lower(), b.lower()
    if la in lb or lb in la:
        return True
    ta = set(re.split(r"[_\s]+|(?<=[a-z])(?=[A-Z])", a.strip()))
    tb = set(re.split(r"[_\s]+|(?<=[a-z])(?=[A-Z])", b.strip()))
    ta = {x.lower() for x in ta if x}
    tb = {x.lower() for x in tb if x}
    for x, y in _PAIRS:
        for ua, ub in ((ta, tb), (tb, ta)):
            if any(w.startswith(x) for w in ua) and any(w.startswith(y) for w in ub):
                return True
            if x in la and y in lb or x in lb and y in la:
                return True
    return False


def heuristic_decision(c: Constraint, schema: Schema | None) -> tuple[str, str, dict[str, Any]]:
    """(decision, rationale, param updates) for one constraint."""
    pk, fk = _keys(schema, c.table)
    col = c.columns[0]
    lc = col.lower()
    support = int(c.evidence.get("support") or 0)
    if c.kind == "range":
        lo, hi = c.params["strict"]
        if lc in pk or lc in fk or _ID.search(col):
            return "drop", "identifier: its values are labels, not a bounded quantity", {}
        if re.search(r"percent|pct|ratio|rate$", lc) and 0 <= lo and hi <= 100:
            return "keep", "percentage: semantic bound [0, 100]", {
                "semantic": [0, 100], "bound": "semantic"}
        if re.search(r"(^|_)age($|_)", lc) and 0 <= lo and hi <= 150:
            return "keep", "age in years: semantic bound [0, 150]", {
                "semantic": [0, 150], "bound": "semantic"}
        return "keep", ("widened to the loose bound (Tukey fences, k = 3): a sample's min and "
                        "max rarely bound the domain"), {"bound": "loose"}
    if c.kind == "in":
        vals = c.params.get("values", [])
        k = len(vals)
        if lc in fk:
            return "drop", "foreign key: the referenced table defines the allowed values", {}
        if re.search(r"year|date|time|day", lc):
            return "drop", "temporal values: an open domain, not a fixed list", {}
        short = all(isinstance(v, (int, float)) or len(str(v)) <= 20 for v in vals)
        if k <= 10 and support >= 3 * k and short:
            return "keep", (f"low-cardinality code: {k} distinct values over {support} rows "
                            f"(each seen {support / k:.1f} times on average)"), {}
        return "drop", (f"looks like a sample of an open domain: {k} distinct values over "
                        f"{support} rows"), {}
    if c.kind == "not_null":
        if support >= 5:
            return "keep", f"no NULL in {support} rows", {}
        return "drop", f"too few rows ({support}) to conclude", {}
    if c.kind == "fd":
        la = float(c.evidence.get("lhs_avg_len") or 0)
        lb = float(c.evidence.get("rhs_avg_len") or 0)
        if la > 30 or lb > 30:
            return "drop", "free-text column: a functional dependency on prose is coincidental", {}
        if support < 5:
            return "drop", f"weak evidence: only {support} rows share a left-hand value", {}
        return "keep", f"held on {support} rows that share a left-hand value", {}
    # order
    a, b = c.columns
    if support >= 5 and _paired_names(a, b):
        return "keep", f"names pair up ({a}/{b}) and the order held on {support} rows", {}
    return "drop", ("no naming evidence of an ordering relation; coincidental on "
                    f"{support} rows"), {}


def validate_heuristic(cs: ConstraintSet, schema: Schema | None = None) -> ConstraintSet:
    """Apply the offline rules (module docstring) in place and return ``cs``."""
    t0 = time.perf_counter()
    schema = schema if schema is not None else _schema_of(cs)
    for c in cs.constraints:
        decision, why, updates = heuristic_decision(c, schema)
        _apply(c, decision, "heuristic", why, updates)
    cs.validation = {"method": "heuristic", **_counts(cs),
                     "elapsed_s": round(time.perf_counter() - t0, 3)}
    return cs


# --------------------------------------------------------------------------- LLM

SYSTEM_PROMPT = (
    "You are a careful data engineer. Constraints were mined automatically from one small "
    "example database. Decide for each constraint whether it holds in EVERY realistic "
    "database with this schema and meaning, not merely in this sample. Reply with JSON only."
)

INSTRUCTIONS = """Decide every constraint above. Rules:
- "keep" only if the constraint follows from what the columns mean; "drop" if it is an
  accident of the sample (few rows, free text, coincidental values).
- Ranges: choose "bound": "strict" (the observed min/max are the true limits), "loose"
  (the Tukey fences given), or "semantic" with your own "semantic": [lo, hi] from the
  domain (e.g. a percentage is [0, 100], a month [1, 12]). A range you keep must contain
  every observed value; when in doubt, prefer a wider bound: a bound that is too tight
  hides real errors.
- Categorical (in): keep only if the listed values are the complete set of valid values.
Answer with exactly this JSON shape, one entry per constraint id:
{"decisions": [{"id": "<id>", "decision": "keep" | "drop",
  "bound": "strict" | "loose" | "semantic" | null, "semantic": [lo, hi] | null,
  "rationale": "<one short sentence>"}]}"""


def _ddl(schema: Schema | None, table: str) -> str:
    if schema is None or not schema.has_table(table):
        return f"(table {table}: DDL not available)"
    from ..engine.materialize import create_table_sql
    return create_table_sql(schema.table(table))


def _render(c: Constraint) -> str:
    ev = c.evidence
    base = f"support {ev.get('support')} rows, violations {ev.get('violations', 0)}"
    if c.kind == "range":
        p = c.params
        return (f"- id {c.id}: range of {c.columns[0]}: strict {p['strict']} (observed min/max), "
                f"loose {p.get('loose')} (Tukey fences k=3); {base}, "
                f"{ev.get('distinct')} distinct values")
    if c.kind == "in":
        vals = json.dumps(c.params.get("values", []), ensure_ascii=False)
        return f"- id {c.id}: {c.columns[0]} IN {vals}; {base}"
    if c.kind == "not_null":
        return f"- id {c.id}: {c.columns[0]} IS NOT NULL; {base}"
    if c.kind == "fd":
        return (f"- id {c.id}: functional dependency {c.columns[0]} -> {c.columns[1]} (rows with "
                f"the same {c.columns[0]} have the same {c.columns[1]}); support = {ev.get('support')} "
                "rows sharing a value, no violation")
    return f"- id {c.id}: {c.columns[0]} {c.params['op']} {c.columns[1]} on every row; {base}"


def build_prompt(cs: ConstraintSet, schema: Schema | None, table: str,
                 batch: list[Constraint]) -> list[dict[str, str]]:
    """The chat messages for one batch of constraints of one table."""
    lines = [f"Database: {cs.database}", "", "Schema of the table:", _ddl(schema, table)]
    desc = next((v for k, v in cs.descriptions.items() if k.lower() == table.lower()), None)
    if desc:
        lines += ["", "Column descriptions:"]
        lines += [f"- {col}: {text}" for col, text in desc.items()]
    rows = batch[0].evidence.get("rows")
    lines += ["", f"The example table has {rows} rows." if rows is not None else ""]
    sample = _sample_rows(cs, schema, table)
    if sample:
        lines += ["First rows:", *sample]
    lines += ["", "Constraints:"]
    lines += [_render(c) for c in batch]
    lines += ["", INSTRUCTIONS]
    return [{"role": "system", "content": SYSTEM_PROMPT},
            {"role": "user", "content": "\n".join(x for x in lines if x is not None)}]


def _sample_rows(cs: ConstraintSet, schema: Schema | None, table: str, n: int = 3) -> list[str]:
    """A few rows of the mined table as JSON lines (values cut to 40 characters), read-only
    from the source database when it is still there."""
    if schema is None or not schema.has_table(table) or not cs.source:
        return []
    if not Path(cs.source).is_file():
        return []
    t = schema.table(table)
    cols = ", ".join('"' + c.name.replace('"', '""') + '"' for c in t.columns)
    try:
        res = run_query(cs.source, f'SELECT {cols} FROM "{t.name.replace(chr(34), chr(34) * 2)}" '
                        f"LIMIT {int(n)}", timeout_s=10)
    except ExecutionError:
        return []
    out = []
    for r in res.rows:
        vals = {c.name: (v[:40] + "..." if isinstance(v, str) and len(v) > 40 else v)
                for c, v in zip(t.columns, r, strict=False)}
        out.append(json.dumps(vals, ensure_ascii=False, default=str))
    return out


def _checker(batch: list[Constraint]) -> Callable[[Any], None]:
    by_id = {c.id: c for c in batch}

    def check(v: Any) -> None:
        check_shape(v, {"decisions": list})
        seen = set()
        for d in v["decisions"]:
            check_shape(d, {"id": str, "decision": str})
            if d["id"] not in by_id:
                raise ValueError(f"unknown id {d['id']!r}; use the ids given")
            if d["decision"] not in ("keep", "drop"):
                raise ValueError(f"decision for {d['id']!r} must be 'keep' or 'drop'")
            c = by_id[d["id"]]
            if c.kind == "range" and d["decision"] == "keep":
                bound = d.get("bound")
                if bound not in ("strict", "loose", "semantic"):
                    raise ValueError(f"range {d['id']!r} kept without a bound "
                                     "(strict, loose or semantic)")
                if bound == "semantic":
                    s = d.get("semantic")
                    if (not isinstance(s, list) or len(s) != 2
                            or not all(isinstance(x, (int, float)) and not isinstance(x, bool)
                                       for x in s) or s[0] > s[1]):
                        raise ValueError(f"range {d['id']!r}: 'semantic' must be [lo, hi] "
                                         "numbers with lo <= hi")
            seen.add(d["id"])
        missing = [i for i in by_id if i not in seen]
        if missing:
            raise ValueError(f"no decision for {', '.join(missing)}")
    return check


def answer_schema(batch: list[Constraint]) -> dict[str, Any]:
    """A JSON schema of the answer for one batch: one decision per id, in the order asked.
    Servers that decode under a grammar (llama.cpp: ``response_format`` ``json_object`` with
    ``schema``) then cannot produce an unusable shape; the checker still runs."""
    decision = {"type": "object", "properties": {
        "decision": {"enum": ["keep", "drop"]},
        "bound": {"enum": ["strict", "loose", "semantic"]},
        "semantic": {"type": "array", "items": {"type": "number"}, "minItems": 2, "maxItems": 2},
        "rationale": {"type": "string", "maxLength": 100}},
        "required": ["id", "decision", "bound", "semantic", "rationale"]}
    items = [{**decision, "properties": {"id": {"const": c.id}, **decision["properties"]}}
             for c in batch]
    return {"type": "object", "properties": {"decisions": {
        "type": "array", "prefixItems": items, "items": False,
        "minItems": len(batch), "maxItems": len(batch)}}, "required": ["decisions"]}


def validate_llm(cs: ConstraintSet, client: LLMClient, *, schema: Schema | None = None,
                 batch_size: int = 12, workers: int = 4, answer_schema_mode: bool = False,
                 max_tokens: int | None = None,
                 progress: Callable[[int, int], None] | None = None) -> ConstraintSet:
    """Ask the model about every constraint (batches per table) and apply its decisions
    in place. Failed batches are marked ``error`` and disabled. ``answer_schema_mode``
    sends each batch's ``answer_schema`` in ``response_format`` (llama.cpp's form, for small
    local models; hosted APIs may reject it); ``max_tokens`` bounds the answer per
    constraint of the batch."""
    t0 = time.perf_counter()
    schema = schema if schema is not None else _schema_of(cs)
    by_table: dict[str, list[Constraint]] = {}
    for c in cs.constraints:
        by_table.setdefault(c.table, []).append(c)
    batches = [(t, cons[i:i + batch_size]) for t, cons in by_table.items()
               for i in range(0, len(cons), batch_size)]
    tag = f"llm:{client.model}"
    errors: list[str] = []
    repaired = 0
    done = 0

    def run(item: tuple[str, list[Constraint]]) -> tuple[list[Constraint], Any]:
        table, batch = item
        try:
            extra: dict[str, Any] = {}
            if max_tokens is not None:  # per batch: a model that rambles is cut off
                extra["max_tokens"] = max_tokens * len(batch)
            if answer_schema_mode:
                extra["response_format"] = {"type": "json_object",
                                            "schema": answer_schema(batch)}
            value, resp = client.chat_json(build_prompt(cs, schema, table, batch),
                                           validate=_checker(batch), temperature=0, **extra)
            return batch, (value, resp.attempts)
        except LLMError as e:
            return batch, e

    with ThreadPoolExecutor(max_workers=max(1, workers)) as pool:
        for batch, value in pool.map(run, batches):
            done += 1
            if progress:
                progress(done, len(batches))
            if isinstance(value, LLMError):
                errors.append(str(value))
                for c in batch:
                    _apply(c, "error", tag, f"validation failed: {value}", {})
                continue
            value, attempts = value
            repaired += attempts > 1
            decisions = {d["id"]: d for d in value["decisions"]}
            for c in batch:
                d = decisions[c.id]
                updates: dict[str, Any] = {}
                why = str(d.get("rationale") or "")
                if c.kind == "range" and d["decision"] == "keep":
                    updates["bound"] = d["bound"]
                    if d["bound"] == "semantic":
                        lo, hi = d["semantic"]
                        slo, shi = c.params["strict"]
                        if lo > slo or hi < shi:  # never exclude the observed data
                            lo, hi = min(lo, slo), max(hi, shi)
                            why += " (semantic bound widened to include the observed values)"
                        updates["semantic"] = [lo, hi]
                _apply(c, d["decision"], tag, why, updates)
                if attempts > 1:  # the first answer was unusable and shown back to the model
                    c.validation["attempts"] = attempts
    cs.validation = {"method": "llm", "model": client.model, "base_url": client.base_url,
                     **_counts(cs), "batches": len(batches), "failed_batches": len(errors),
                     "repaired_batches": repaired,
                     "errors": errors[:5], "usage": client.usage.summary(),
                     "elapsed_s": round(time.perf_counter() - t0, 3)}
    return cs


# --------------------------------------------------------------------------- shared


def _apply(c: Constraint, decision: str, by: str, rationale: str, updates: dict[str, Any]) -> None:
    c.params.update(updates)
    c.validation = {"decision": decision, "by": by, "rationale": rationale}
    c.enabled = decision == "keep"


def _counts(cs: ConstraintSet) -> dict[str, Any]:
    decisions: dict[str, int] = {}
    for c in cs.constraints:
        d = c.validation.get("decision", "pending")
        decisions[d] = decisions.get(d, 0) + 1
    return {"decisions": decisions, "enabled_by_kind": cs.counts(only_enabled=True)}


def _schema_of(cs: ConstraintSet) -> Schema | None:
    if cs.source and Path(cs.source).is_file():
        try:
            return from_sqlite(cs.source, cs.database or None)
        except ValueError:
            return None
    return None
