"""One self-contained HTML report from a run directory.

Reads what ``sqlverdict eval`` wrote (``verdicts.jsonl``, ``summary.json``, ``run.json``,
``witnesses/``) and, when present, the analyses other commands add to the directory
(``constraints_table.json``, ``structure_summary.json``, ``certificate.json``,
``sweep.json``). Static sections (leaderboard, disagreements, signatures, runtime, unknown
reasons, analyses) are rendered as HTML tables and inline SVG charts; the per-example
drill-down is rendered in the browser, a page at a time, from JSON embedded in the file, so
runs with thousands of examples stay small and fast. No network access is needed to read it.

>>> import json, tempfile, pathlib
>>> d = pathlib.Path(tempfile.mkdtemp())
>>> row = {"system": "s", "example_id": "1", "db_id": "db", "oracle": "execution",
...        "status": "consistent", "reason": "", "elapsed_s": 0.01, "question": "q?",
...        "gold": "SELECT 1", "pred": "SELECT 1"}
>>> _ = (d / "verdicts.jsonl").write_text(json.dumps(row) + "\\n")
>>> out = render_report(d)
>>> out.name, "Leaderboard" in out.read_text()
('report.html', True)
"""

from __future__ import annotations

import json
import math
import re
import time
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from ..clip import clip
from ..errors import InputError
from ..jsonl import read_jsonl
from ..runner.output import make_dir, safe_name, write_text
from ..types import refutation_evidence, status_label
from . import charts

ACCEPT = ("consistent", "verified")
STATUSES = ("verified", "consistent", "unknown", "refuted")
ORACLE_ORDER = ("execution", "suite", "bounded", "structure")
MAX_EVIDENCE_ROWS = 25  # rows kept per result / witness table in the embedded JSON
MAX_TEXT = 4000  # characters kept per SQL / reason string
MAX_CELL = 500  # characters kept per value in a result or witness table
OPTIONAL_FILES = ("constraints_table.json", "structure_summary.json", "certificate.json",
                  "sweep.json")


@dataclass
class Run:
    """Everything the report shows, read from one run directory."""

    path: Path
    verdicts: list[dict]
    summary: dict
    run_info: dict = field(default_factory=dict)
    extras: dict[str, Any] = field(default_factory=dict)
    warnings: list[str] = field(default_factory=list)

    @property
    def systems(self) -> list[str]:
        if self.summary.get("systems"):
            return list(self.summary["systems"])
        return list(dict.fromkeys(v["system"] for v in self.verdicts))

    @property
    def oracles(self) -> list[str]:
        seen = list(dict.fromkeys(v["oracle"] for v in self.verdicts))
        for s in self.summary.get("systems", {}).values():
            for o in s.get("oracles", {}):
                if o not in seen:
                    seen.append(o)
        known = [o for o in ORACLE_ORDER if o in seen]
        return known + [o for o in seen if o not in known]


def _read_json(p: Path, warnings: list[str]):
    try:
        return json.loads(p.read_text(encoding="utf-8"))
    except (OSError, json.JSONDecodeError, UnicodeDecodeError, RecursionError) as e:
        warnings.append(f"{p.name} could not be read ({e}); its section is left out")
        return None


def load_run(run_dir: str | Path) -> Run:
    """Read a run directory; a missing or malformed optional file is a warning, not an error."""
    root = Path(run_dir)
    if not root.is_dir():
        raise InputError(f"run directory {str(root)!r} does not exist (pass the --out "
                         "directory of `sqlverdict eval` or `sqlverdict demo`)")
    vpath = root / "verdicts.jsonl"
    if not vpath.is_file() and not (root / "summary.json").is_file():
        raise InputError(f"{str(root)!r} is not a run directory: it has neither verdicts.jsonl "
                         "nor summary.json (run `sqlverdict eval ... --out DIR` first)")
    warnings: list[str] = []
    verdicts = []
    if vpath.is_file():
        def skip(lineno: int, why: str) -> None:
            warnings.append(f"verdicts.jsonl line {lineno} skipped ({why})")

        for lineno, d in read_jsonl(vpath, "verdicts file", on_error=skip):
            try:
                verdicts.append(_verdict_row(d))
            except ValueError as e:
                skip(lineno, str(e))
    summary = {}
    if (root / "summary.json").is_file():
        summary = _read_json(root / "summary.json", warnings) or {}
        if summary and not _summary_ok(summary):
            warnings.append("summary.json is not shaped as `sqlverdict eval` writes it; "
                            "accuracies recomputed from verdicts.jsonl")
            summary = {}
    if not summary.get("systems") and verdicts:
        summary = _summary_from_verdicts(verdicts)
        warnings.append("summary.json missing: accuracies recomputed from verdicts.jsonl")
    run_info = {}
    if (root / "run.json").is_file():
        run_info = _read_json(root / "run.json", warnings) or {}
        if not isinstance(run_info, dict):
            warnings.append("run.json is not an object; its section is left out")
            run_info = {}
    extras = {}
    for name in OPTIONAL_FILES:
        p = root / name
        if p.is_file():
            d = _read_json(p, warnings)
            if d is not None:
                extras[name] = d
    return Run(root, verdicts, summary, run_info, extras, warnings)


_TEXT_KEYS = ("db_id", "reason", "question", "gold", "pred", "invalid", "signature")


def _verdict_row(d) -> dict:
    """A verdicts.jsonl row with the types the report relies on; ValueError when unusable.

    >>> _verdict_row({"system": 5, "example_id": 1, "oracle": "execution", "status": "refuted",
    ...               "reason": 7, "evidence": "x", "elapsed_s": "slow"})["system"]
    '5'
    >>> _verdict_row({"system": "a", "example_id": {"x": 1}, "oracle": "o", "status": "refuted"})
    Traceback (most recent call last):
    ...
    ValueError: 'example_id' is a dict, not a name
    """
    if not isinstance(d, dict):
        raise ValueError(f"a {type(d).__name__}, not an object")
    missing = [k for k in ("system", "example_id", "oracle", "status") if k not in d]
    if missing:
        raise ValueError(f"missing keys {missing}")
    for k in ("system", "example_id", "oracle", "status"):
        if isinstance(d[k], bool) or not isinstance(d[k], (str, int, float)):
            raise ValueError(f"{k!r} is a {type(d[k]).__name__}, not a name")
        d[k] = str(d[k])
    if d["status"] not in STATUSES:
        raise ValueError(f"unknown status {d['status'][:40]!r}")
    for k in _TEXT_KEYS:
        if k in d and d[k] is not None and not isinstance(d[k], str):
            d[k] = json.dumps(d[k], default=str) if k != "pred" else None
    if d.get("reason") is None:
        d["reason"] = ""
    if not isinstance(d.get("evidence"), dict):
        d["evidence"] = None
    t = d.get("elapsed_s")
    if isinstance(t, bool) or not isinstance(t, (int, float)):
        d["elapsed_s"] = None
    if not isinstance(d.get("witness_files"), list):
        d.pop("witness_files", None)
    return d


def _summary_ok(summary) -> bool:
    def num(x):
        return isinstance(x, (int, float)) and not isinstance(x, bool)

    if not isinstance(summary, dict) or not isinstance(summary.get("systems"), dict):
        return False
    for d in summary["systems"].values():
        if not isinstance(d, dict) or not isinstance(d.get("oracles"), dict):
            return False
        for m in d["oracles"].values():
            if not isinstance(m, dict) or not all(num(m.get(k)) for k in
                                                  ("accuracy", "correct", "judged", "rank")):
                return False
    return True


def _summary_from_verdicts(verdicts: list[dict]) -> dict:
    from .summary import summarize

    systems = list(dict.fromkeys(v["system"] for v in verdicts))
    oracles = list(dict.fromkeys(v["oracle"] for v in verdicts))
    n = len({v["example_id"] for v in verdicts})
    skipped = len({v["example_id"] for v in verdicts if v.get("skipped")})
    return summarize(verdicts, systems, oracles, n, skipped)


# ---------------------------------------------------------------- static sections


def leaderboard(run: Run) -> dict:
    """Rows per system: accuracy, counts and rank per oracle; drop from lenient to strict."""
    systems, oracles = run.systems, run.oracles
    acc = {s: {o: run.summary["systems"][s]["oracles"].get(o) for o in oracles} for s in systems}
    means = {o: _mean([acc[s][o]["accuracy"] for s in systems if acc[s][o]]) for o in oracles}
    ranked = [o for o in oracles if means[o] is not None]
    lenient = max(ranked, key=lambda o: means[o]) if ranked else None
    strict = min(ranked, key=lambda o: means[o]) if ranked else None
    rows = []
    for s in systems:
        d = run.summary["systems"][s]
        drop = None
        if lenient and strict and lenient != strict and acc[s][lenient] and acc[s][strict]:
            drop = acc[s][lenient]["accuracy"] - acc[s][strict]["accuracy"]
        rows.append({"system": s, "n_examples": d.get("n_examples"),
                     "n_skipped": d.get("n_skipped"), "cells": [acc[s][o] for o in oracles],
                     "drop": drop})
    chart = charts.grouped_bars(
        oracles, {s: [acc[s][o]["accuracy"] if acc[s][o] else None for o in oracles]
                  for s in systems},
        title="Accuracy per oracle (higher is better)", value_format="{:.1%}",
        ylabel="accuracy") if systems and oracles else ""
    from .summary import coverage_note

    return {"oracles": oracles, "rows": rows, "lenient": lenient, "strict": strict,
            "chart": chart, "note": coverage_note(run.summary)}


def _mean(xs):
    xs = [x for x in xs if x is not None]
    return sum(xs) / len(xs) if xs else None


def _by_example(run: Run) -> dict[tuple[str, str], dict[str, dict]]:
    out: dict[tuple[str, str], dict[str, dict]] = defaultdict(dict)
    for v in run.verdicts:
        out[(v["system"], str(v["example_id"]))][v["oracle"]] = v
    return out


def disagreements(run: Run, grouped) -> dict:
    """Per system, the number of examples accepted by oracle A and refuted by oracle B."""
    oracles = run.oracles
    pairs = [(a, b) for a in oracles for b in oracles if a != b]
    counts = {s: Counter() for s in run.systems}
    for (s, _), by_o in grouped.items():
        for a, b in pairs:
            va, vb = by_o.get(a), by_o.get(b)
            if va and vb and va["status"] in ACCEPT and vb["status"] == "refuted":
                counts.setdefault(s, Counter())[(a, b)] += 1
    used = [p for p in pairs if any(counts[s][p] for s in counts)]
    return {"pairs": used or pairs, "rows": [{"system": s, "counts": [counts[s][p]
                                                                      for p in (used or pairs)]}
                                             for s in run.systems],
            "multi": len(oracles) > 1}


def signatures(run: Run) -> dict:
    """Difference signatures of rejected predictions, per oracle and system."""
    per = defaultdict(Counter)  # oracle -> (signature, system) -> n
    for v in run.verdicts:
        if v["status"] == "refuted":
            sig = v.get("signature") or ("invalid prediction" if v.get("invalid") else "none")
            per[v["oracle"]][(sig, v["system"])] += 1
    blocks = []
    from ..engine.compare import SIGNATURES
    for o in run.oracles:
        if o not in per:
            continue
        c = per[o]
        sigs = [x for x in SIGNATURES if any(c[(x, s)] for s in run.systems)]
        sigs += sorted({k[0] for k in c} - set(sigs))
        table = [{"signature": g, "counts": [c[(g, s)] for s in run.systems],
                  "total": sum(c[(g, s)] for s in run.systems)} for g in sigs]
        chart = charts.hbars(sigs, {s: [c[(g, s)] for g in sigs] for s in run.systems},
                             title=f"Difference signatures of refutations ({o})")
        blocks.append({"oracle": o, "rows": table, "chart": chart})
    return {"blocks": blocks}


def _bound_of(v: dict, run: Run) -> str:
    ev = v.get("evidence") if isinstance(v.get("evidence"), dict) else {}
    for src in (v, ev):
        if src.get("bound") is not None:
            return str(src["bound"])
    if v["oracle"] == "bounded":
        opts = run.run_info.get("options", {}) if isinstance(run.run_info, dict) else {}
        b = opts.get("bound") if isinstance(opts, dict) else None
        return str(b) if b is not None else "?"
    return "–"


def _quantile(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    if not xs:
        return math.nan
    k = (len(xs) - 1) * q
    lo, hi = math.floor(k), math.ceil(k)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def runtime(run: Run) -> dict:
    """Verification time per oracle, bound and system: n, median, p95, max, total."""
    times = defaultdict(list)
    for v in run.verdicts:
        if v.get("skipped"):
            continue
        t = v.get("elapsed_s")
        if isinstance(t, (int, float)) and math.isfinite(t):
            times[(v["oracle"], _bound_of(v, run), v["system"])].append(float(t))
    rows = []
    for o in run.oracles:
        for key in sorted(k for k in times if k[0] == o):
            xs = times[key]
            rows.append({"oracle": o, "bound": key[1], "system": key[2], "n": len(xs),
                         "median": _quantile(xs, 0.5), "p95": _quantile(xs, 0.95),
                         "max": max(xs), "total": sum(xs)})
    return {"rows": rows}


_CONSTRUCT = re.compile(r"unsupported(?: construct)?:?\s*([^;(\n]+)", re.I)


def reason_class(reason: str) -> str:
    """A short class for an unknown verdict's reason (the construct for unsupported SQL).

    >>> reason_class("unsupported: WINDOW FUNCTION (ROW_NUMBER)")
    'unsupported: WINDOW FUNCTION'
    >>> reason_class("time budget exceeded: 10 s")
    'time budget exceeded'
    >>> reason_class("skipped: no database: wta_1 has no SQLite file under x")
    'skipped: no database'
    """
    r = (reason or "").strip()
    m = _CONSTRUCT.search(r)
    if m:
        return "unsupported: " + m.group(1).strip().rstrip(".:")
    if not r:
        return "(no reason given)"
    parts = [p.strip() for p in r.split(":")]
    head = parts[0] if parts[0] not in ("skipped", "gold error") or len(parts) < 2 \
        else f"{parts[0]}: {parts[1]}"
    head = re.sub(r"\d+(\.\d+)?", "N", head)
    return head[:80]


def unknowns(run: Run) -> dict:
    c = Counter()
    for v in run.verdicts:
        if v["status"] == "unknown":
            c[(v["oracle"], reason_class(v.get("reason", "")), v["system"])] += 1
    keys = sorted({(o, r) for o, r, _ in c}, key=lambda k: (run.oracles.index(k[0])
                                                            if k[0] in run.oracles else 99,
                                                            -sum(c[(k[0], k[1], s)]
                                                                 for s in run.systems), k[1]))
    return {"rows": [{"oracle": o, "reason": r, "counts": [c[(o, r, s)] for s in run.systems],
                      "total": sum(c[(o, r, s)] for s in run.systems)} for o, r in keys]}


# ---------------------------------------------------------------- optional analyses


def _is_scalar(x) -> bool:
    return x is None or isinstance(x, (str, int, float, bool))


def _fmt(x) -> str:
    if isinstance(x, float):
        return f"{x:.4g}"
    if x is None:
        return "–"
    return str(x)


def _flat_row(v) -> dict | None:
    """A dict of scalars (or of dicts of scalars, flattened as ``a.b``), else None."""
    if not isinstance(v, dict) or not v:
        return None
    row = {}
    for k, x in v.items():
        if _is_scalar(x):
            row[k] = x
        elif isinstance(x, dict) and all(map(_is_scalar, x.values())):
            row.update({f"{k}.{k2}": x2 for k2, x2 in x.items()})
        else:
            return None
    return row


def json_tables(data, title: str, depth: int = 0) -> list[dict]:
    """Turn nested JSON into captioned tables: a list of objects, or an object whose values
    are flat objects, becomes one table; scalars under an object become a key/value table;
    anything deeper is walked (three levels at most).

    >>> [t["columns"] for t in json_tables({"n": 3, "systems": {"a": {"x": 1}, "b": {"x": 2}}}, "T")]
    [['key', 'value'], ['', 'x']]
    """
    out = []
    if isinstance(data, list) and data and all(isinstance(r, dict) for r in data):
        cols = list(dict.fromkeys(k for r in data for k in r if _is_scalar(r.get(k))))
        out.append({"caption": title, "columns": cols,
                    "rows": [[_fmt(r.get(k)) for k in cols] for r in data[:500]],
                    "truncated": max(0, len(data) - 500)})
        return out
    if isinstance(data, dict):
        flat = {k: _flat_row(v) for k, v in data.items()}
        if data and all(r is not None for r in flat.values()):
            cols = list(dict.fromkeys(c for r in flat.values() for c in r))
            out.append({"caption": title, "columns": ["", *cols],
                        "rows": [[k, *(_fmt(r.get(c)) for c in cols)] for k, r in flat.items()],
                        "truncated": 0})
            return out
        scal = {k: v for k, v in data.items() if _is_scalar(v)}
        if scal:
            out.append({"caption": title, "columns": ["key", "value"],
                        "rows": [[k, _fmt(v)] for k, v in scal.items()], "truncated": 0})
        if depth < 3:
            for k, v in data.items():
                if not _is_scalar(v):
                    out.extend(json_tables(v, f"{title} / {k}", depth + 1))
        return out
    if isinstance(data, list) and data and depth < 3:
        out.append({"caption": title, "columns": ["value"],
                    "rows": [[_fmt(x) if _is_scalar(x) else json.dumps(x)[:200]]
                             for x in data[:200]], "truncated": max(0, len(data) - 200)})
    return out


def certificate_charts(run: Run) -> list[str]:
    """Held-out risk against alpha per cell and oracle (from sweep.json), answer rate, and
    AUROC per score and oracle (from certificate.json)."""
    out = []
    sweep = run.extras.get("sweep.json")
    if isinstance(sweep, dict):
        for scheme, by_alpha in sweep.items():
            if not isinstance(by_alpha, dict):
                continue
            try:
                alphas = sorted(by_alpha, key=float)
            except ValueError:
                continue
            risk, rate = defaultdict(list), defaultdict(list)
            for a in alphas:
                for cell, v in (by_alpha[a].get("cells") or {}).items():
                    for o, r in (v.get("risk") or {}).items():
                        risk[f"{cell} / {o}"].append((float(a), r))
                    rate[cell].append((float(a), v.get("answer_rate")))
            if risk:
                out.append(charts.line_chart(risk, title=f"Held-out risk vs alpha ({scheme})",
                                             xlabel="alpha", ylabel="risk", diagonal=True))
            if rate:
                out.append(charts.line_chart(rate, title=f"Answer rate vs alpha ({scheme})",
                                             xlabel="alpha", ylabel="answer rate"))
    cert = run.extras.get("certificate.json")
    if isinstance(cert, dict):
        for scheme, block in cert.items():
            scores = block.get("scores") if isinstance(block, dict) else None
            if not isinstance(scores, dict):
                continue
            series, cats = defaultdict(list), []
            for score, sd in scores.items():
                au = (sd or {}).get("auroc") or {}
                allq = au.get("all") if isinstance(au, dict) else None
                if not isinstance(allq, dict):
                    continue
                cats.append(score)
                for part, res in allq.items():
                    for o, val in (res or {}).items():
                        if o in ("n", "change"):
                            continue
                        series[f"{part}/{o}"].append(val if isinstance(val, (int, float))
                                                     else None)
            if cats and series:
                series = {k: (v + [None] * len(cats))[:len(cats)] for k, v in series.items()}
                out.append(charts.grouped_bars(cats, series, ymax=1.0, value_format="{:.2f}",
                                               title=f"AUROC per score and oracle ({scheme})"))
    return out


# ---------------------------------------------------------------- drill-down data


def _cut(s, n: int = MAX_TEXT):
    if isinstance(s, str) and len(s) > n:
        return s[:n] + f"… [{len(s) - n} more characters]"
    return s


def _rows(x):
    if not isinstance(x, list):
        return None, 0
    return [clip(list(r), MAX_CELL) if isinstance(r, (list, tuple)) else [clip(r, MAX_CELL)]
            for r in x[:MAX_EVIDENCE_ROWS]], max(0, len(x) - MAX_EVIDENCE_ROWS)


def compact_evidence(ev) -> dict | None:
    """The parts of a verdict's evidence the drill-down shows, with long tables cut."""
    if not isinstance(ev, dict):
        return None
    w = ev.get("witness") if isinstance(ev.get("witness"), dict) else ev
    out: dict[str, Any] = {}
    if isinstance(w.get("tables"), dict):
        tabs = {}
        for t, tv in w["tables"].items():
            if isinstance(tv, dict):
                rows, more = _rows(tv.get("rows", []))
                tabs[t] = {"columns": list(tv.get("columns", [])), "rows": rows or [],
                           "more": more}
        out["tables"] = tabs
    for k in ("gold_result", "pred_result"):
        src = w if k in w else ev
        if k in src:
            rows, more = _rows(src[k])
            out[k] = rows if rows is not None else [[_cut(str(src[k]), 300)]]
            if more:
                out[k + "_more"] = more
    for k in ("gold_columns", "pred_columns", "semantics", "bound", "instance", "error",
              "error_kind", "pred_error", "gold_error", "realism", "method", "scope", "evidence",
              "dialect"):
        if k in ev and _is_scalar(ev[k]) or (k in ev and isinstance(ev[k], list)
                                            and all(map(_is_scalar, ev[k]))):
            out[k] = _cut(ev[k], 500) if isinstance(ev[k], str) else ev[k]
    return out or None


def drilldown_data(run: Run, grouped) -> dict:
    systems, oracles = run.systems, run.oracles
    sys_ix = {s: i for i, s in enumerate(systems)}
    ora_ix = {o: i for i, o in enumerate(oracles)}
    examples: dict[str, list] = {}
    rows = []
    for (s, eid), by_o in grouped.items():
        first = next(iter(by_o.values()))
        if eid not in examples:
            examples[eid] = [first.get("db_id", ""), _cut(first.get("question", "")),
                             _cut(first.get("gold", ""))]
        vs = []
        for o in oracles:
            v = by_o.get(o)
            if v is None:
                continue
            files = [f for f in (v.get("witness_files") or []) if isinstance(f, str)]
            if not files:
                files = _witness_files_on_disk(run.path, s, eid, o)
            t = v.get("elapsed_s")
            vs.append([ora_ix[o], v["status"], _cut(v.get("reason") or "", 600),
                       round(t, 4) if isinstance(t, (int, float)) else None,
                       v.get("signature"), compact_evidence(v.get("evidence")), files,
                       _label_detail(v)])
        pred = first.get("pred")
        invalid = first.get("invalid") or (None if isinstance(pred, str) else
                                           "no prediction" if pred is None else
                                           f"prediction is a {type(pred).__name__}")
        rows.append([sys_ix.get(s, 0), eid, _cut(pred) if isinstance(pred, str) else None,
                     invalid, vs])
    order = {eid: i for i, eid in enumerate(examples)}
    rows.sort(key=lambda r: (order[r[1]], r[0]))
    return {"systems": systems, "oracles": oracles, "examples": examples, "rows": rows}


def _label_detail(v: dict) -> str | None:
    """What a verdict rests on, as its status label shows it (``types.status_label``):
    ``invalid SQL`` or ``witness`` for a refutation, the scope of a bounded proof."""
    ev = v.get("evidence") if isinstance(v.get("evidence"), dict) else {}
    scope = ev.get("scope") if isinstance(ev.get("scope"), str) else None
    label = status_label(str(v.get("status")), evidence=refutation_evidence(v), scope=scope)
    return label.partition(" (")[2].rstrip(")") or None


def _witness_files_on_disk(root: Path, system: str, eid: str, oracle: str) -> list[str]:
    d = root / "witnesses" / safe_name(system)
    if not d.is_dir():
        return []
    out = []
    for stem in (f"{safe_name(eid)}.{safe_name(oracle)}", safe_name(eid)):
        for ext in (".sqlite", ".sql"):
            if (d / (stem + ext)).is_file():
                out.append(f"witnesses/{d.name}/{stem}{ext}")
        if out:
            break
    return out


def _embed(obj) -> str:
    """JSON safe inside a <script> element: ``<``, ``>`` and ``&`` as ``\\u003c`` and so on
    (``</script>`` and ``<!--`` cannot occur, and the text stays valid JSON; ``<\\!--`` was
    not, and the Examples section showed nothing).

    >>> _embed({"q": "<!-- </script> &"})
    '{"q":"\\\\u003c!-- \\\\u003c/script\\\\u003e \\\\u0026"}'
    """
    s = json.dumps(obj, ensure_ascii=False, separators=(",", ":"), default=str, allow_nan=False)
    return s.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026") \
        .replace("\u2028", "\\u2028").replace("\u2029", "\\u2029")


def _clean_nan(x):
    if isinstance(x, float) and not math.isfinite(x):
        return None
    if isinstance(x, list):
        return [_clean_nan(y) for y in x]
    if isinstance(x, dict):
        return {k: _clean_nan(v) for k, v in x.items()}
    return x


def _asset(name: str) -> str:
    return resources.files(__package__).joinpath("templates", name).read_text(encoding="utf-8")


def render_report(run_dir: str | Path, out_file: str | Path | None = None, *,
                  warn: Callable[[str], None] | None = None) -> Path:
    """Write the HTML report of ``run_dir`` to ``out_file`` (default ``RUN_DIR/report.html``)
    and return its path; ``warn`` hears what was left out (also shown in the report)."""
    import jinja2

    run = load_run(run_dir)
    for w in run.warnings if warn else ():
        warn(w)
    out = Path(out_file) if out_file else run.path / "report.html"
    grouped = _by_example(run)
    data = _clean_nan(drilldown_data(run, grouped))
    # links to witness files are relative to the report's folder
    try:
        rel = Path(_relpath(run.path.resolve(), out.resolve().parent))
    except ValueError:
        rel = run.path.resolve()
    data["base"] = "" if str(rel) == "." else rel.as_posix() + "/"
    extras = []
    titles = {"constraints_table.json": "Constraint configurations",
              "structure_summary.json": "Structural measures",
              "certificate.json": "Certificate", "sweep.json": "Certificate sweep over alpha"}
    for name in OPTIONAL_FILES:
        if name in run.extras and name != "sweep.json":  # the sweep is shown as charts
            extras.append({"name": name, "title": titles[name],
                           "tables": json_tables(run.extras[name], titles[name])})
    env = jinja2.Environment(
        loader=jinja2.FunctionLoader(lambda n: _asset(n)),
        autoescape=jinja2.select_autoescape(default=True, default_for_string=True),
        undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    env.filters["pct"] = lambda x: "–" if x is None else f"{100 * x:.1f}%"
    env.filters["pts"] = lambda x: "–" if x is None else f"{100 * x:+.1f} pts"
    env.filters["secs"] = lambda x: "–" if x is None or not math.isfinite(x) else (
        f"{x * 1000:.1f} ms" if x < 1 else f"{x:.2f} s")
    ctx = {
        "title": f"sqlverdict report: {run.path.resolve().name}",
        "run": run, "run_info": run.run_info, "systems": run.systems, "oracles": run.oracles,
        "n_verdicts": len(run.verdicts), "n_examples": len({k[1] for k in grouped}),
        "leaderboard": leaderboard(run), "disagreements": disagreements(run, grouped),
        "signatures": signatures(run), "runtime": runtime(run), "unknowns": unknowns(run),
        "extras": extras, "cert_charts": certificate_charts(run), "warnings": run.warnings,
        "statuses": STATUSES,
        "signature_names": sorted({v.get("signature") for v in run.verdicts
                                   if v.get("signature")}),
        "data_json": _embed(data), "css": _asset("report.css"), "js": _asset("report.js"),
        "generated": time.strftime("%Y-%m-%d %H:%M:%S"),
    }
    html = env.get_template("report.html.j2").render(**ctx)
    make_dir(out.parent)
    write_text(out, html)
    return out


def _relpath(target: Path, start: Path) -> str:
    import os

    return os.path.relpath(target, start)
