"""Accuracy per system and oracle, ranks, and the ``summary.json`` / ``summary.csv`` files.

``accuracy = correct / judged``: correct means consistent or verified; judged counts the
examples that had a usable database and gold (not skipped, no gold error).

>>> rows = [{"system": "a", "oracle": "execution", "status": "consistent", "reason": "", "skipped": False},
...         {"system": "a", "oracle": "execution", "status": "refuted", "reason": "", "skipped": False},
...         {"system": "b", "oracle": "execution", "status": "verified", "reason": "", "skipped": False},
...         {"system": "b", "oracle": "execution", "status": "unknown", "reason": "gold error: x", "skipped": False}]
>>> s = summarize(rows, ["a", "b"], ["execution"], 2, 0)
>>> {k: v for k, v in s["systems"]["a"]["oracles"]["execution"].items() if k != "time_s"}
{'accuracy': 0.5, 'correct': 1, 'judged': 2, 'unknown': 0, 'refuted_by': {'witness': 1}, 'rank': 2}
>>> s["systems"]["b"]["oracles"]["execution"]["rank"]
1
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable, Sequence
from pathlib import Path

from ..types import Judged, judged_from_reason, refutation_evidence


def summarize(rows: Iterable[dict], systems: Sequence[str], oracles: Sequence[str],
              n_examples: int, n_skipped: int, levels=None) -> dict:
    """``levels`` (``report.levels.Levels``) adds a breakdown: ``summary["levels"]`` and,
    per system and oracle, ``"by_level": {LEVEL: {"accuracy", "correct", "judged"}}``.
    ``summary["skipped"]`` maps each reason examples were skipped for to their number.
    Oracles whose refutations say how realistic their witness is (the bounded oracle) also
    get ``"by_realism"`` (``by_realism``). ``"refuted_by"`` counts refutations by what they
    rest on (``types.refutation_evidence``): ``witness`` (a database on which the results
    differ) or ``invalid_sql`` (SQLite rejects the prediction)."""
    counts = {s: {o: {"correct": 0, "judged": 0, "unknown": 0, "elapsed": [], "realism": [],
                      "refuted_at": {}, "refuted_by": {}} for o in oracles} for s in systems}
    by_level = {s: {o: {} for o in oracles} for s in systems}
    skipped: dict[str, set] = {}
    for r in rows:
        judged = Judged(r["judged"]) if r.get("judged") else (
            Judged.SKIPPED if r.get("skipped") else judged_from_reason(str(r.get("reason", ""))))
        if judged is Judged.SKIPPED:
            why = str(r.get("reason", "")).removeprefix("skipped: ")
            skipped.setdefault(why, set()).add(r.get("example_id"))
            continue
        c = counts[r["system"]][r["oracle"]]
        ev = r.get("evidence") or {}
        if isinstance(ev, dict) and isinstance(ev.get("constraint_realism"), dict):
            c["realism"].append(ev["constraint_realism"])
        if r.get("elapsed_s") is not None and judged is Judged.JUDGED:
            c["elapsed"].append(float(r["elapsed_s"]))
        if not judged.counts:
            continue
        c["judged"] += 1
        correct = r["status"] in ("consistent", "verified")
        if correct:
            c["correct"] += 1
        elif r["status"] == "unknown":
            c["unknown"] += 1
        else:
            kind = refutation_evidence(r)
            c["refuted_by"][kind] = c["refuted_by"].get(kind, 0) + 1
            if isinstance(ev, dict) and ev.get("realism") in REALISM_LEVELS:
                c["refuted_at"][ev["realism"]] = c["refuted_at"].get(ev["realism"], 0) + 1
        if levels is not None:
            lv = by_level[r["system"]][r["oracle"]].setdefault(
                levels.of.get(r.get("example_id"), "unknown"), [0, 0])
            lv[0] += correct
            lv[1] += 1
    out: dict = {"systems": {}}
    if skipped:
        out["skipped"] = {why: len(ids) for why, ids in skipped.items()}
    if levels is not None:
        out["levels"] = levels.to_json()
    for s in systems:
        out["systems"][s] = {"n_examples": n_examples, "n_skipped": n_skipped, "oracles": {}}
        for o in oracles:
            c = counts[s][o]
            acc = c["correct"] / c["judged"] if c["judged"] else 0.0
            m = out["systems"][s]["oracles"][o] = {
                "accuracy": acc, "correct": c["correct"], "judged": c["judged"],
                "unknown": c["unknown"]}
            if levels is not None:
                m["by_level"] = {
                    name: {"accuracy": ok / n if n else 0.0, "correct": ok, "judged": n}
                    for name, (ok, n) in ((lv, by_level[s][o].get(lv, (0, 0)))
                                          for lv in levels.names)}
            if c["elapsed"]:
                m["time_s"] = _time_stats(c["elapsed"])
            if c["realism"]:
                from ..constraints.realism import summarize as pool_realism

                m["witness_realism"] = pool_realism(c["realism"])
            if c["refuted_at"]:
                m["by_realism"] = by_realism(c, mined=bool(c["realism"]))
            if c["refuted_by"]:  # what refutations rest on: a database, or SQLite's rejection
                m["refuted_by"] = dict(sorted(c["refuted_by"].items()))
    for o in oracles:  # competition ranking ("1224") by accuracy
        accs = {s: out["systems"][s]["oracles"][o]["accuracy"] for s in systems}
        for s in systems:
            out["systems"][s]["oracles"][o]["rank"] = 1 + sum(1 for t in systems if accs[t] > accs[s])
    return out


REALISM_LEVELS = ("mined", "typed", "sqlite")  # most realistic first


def by_realism(c: dict, *, mined: bool) -> dict:
    """Accuracy when only witnesses at least as realistic as each level count: at ``typed``,
    a pair refuted only by a witness SQLite accepts but no typed database holds counts as
    correct (the SpotIt+ table, graded). ``mined`` only when constraints were given.

    >>> by_realism({"judged": 10, "unknown": 1, "refuted_at": {"typed": 2, "sqlite": 3}},
    ...            mined=False)
    {'typed': {'accuracy': 0.7, 'refuted': 2}, 'sqlite': {'accuracy': 0.4, 'refuted': 5}}
    """
    out = {}
    for i, lvl in enumerate(REALISM_LEVELS):
        if lvl == "mined" and not mined:
            continue
        refuted = sum(c["refuted_at"].get(x, 0) for x in REALISM_LEVELS[: i + 1])
        judged = c["judged"]
        out[lvl] = {"accuracy": (judged - c["unknown"] - refuted) / judged if judged else 0.0,
                    "refuted": refuted}
    return out


def _time_stats(xs: list[float]) -> dict:
    xs = sorted(xs)

    def q(p: float) -> float:
        return xs[min(len(xs) - 1, int(p * (len(xs) - 1) + 0.5))]

    return {"n": len(xs), "mean": round(sum(xs) / len(xs), 6), "median": round(q(0.5), 6),
            "p95": round(q(0.95), 6), "max": round(xs[-1], 6), "total": round(sum(xs), 3)}


def write_summary(out_dir: Path, summary: dict) -> None:
    from ..runner.output import atomic_write, write_text

    write_text(out_dir / "summary.json", json.dumps(summary, indent=2))
    with atomic_write(out_dir / "summary.csv", newline="") as f:
        w = csv.writer(f)
        w.writerow(["system", "oracle", "accuracy", "correct", "judged", "unknown", "rank",
                    "n_examples", "n_skipped"])
        for s, d in summary["systems"].items():
            for o, m in d["oracles"].items():
                w.writerow([s, o, f"{m['accuracy']:.6f}", m["correct"], m["judged"], m["unknown"],
                            m["rank"], d["n_examples"], d["n_skipped"]])


def summary_table(summary: dict, title: str = "Accuracy per system and oracle",
                  labels: dict[str, str] | None = None):
    """A rich Table: systems as rows, oracles as columns, ``accuracy% (rank)``, and
    ``?N`` where N verdicts are unknown (explained under the table). ``labels``: a column
    title per oracle (e.g. ``execution (empty databases)``)."""
    from rich.table import Table
    from rich.text import Text  # names are data, never markup

    systems = list(summary["systems"])
    oracles = list(summary["systems"][systems[0]]["oracles"]) if systems else []
    labels = labels or {}
    unknowns = any(m["unknown"] for s in systems
                   for m in summary["systems"][s]["oracles"].values())
    t = Table(title=title, caption=("?N: N verdicts unknown (no verdict could be justified; "
                                    "not counted as correct)") if unknowns else None)
    t.add_column("system", style="bold")
    graded = [(o, lvl) for o in oracles for lvl in REALISM_LEVELS[:-1]
              if any(lvl in summary["systems"][s]["oracles"][o].get("by_realism", {})
                     for s in systems)]
    for o in oracles:
        t.add_column(Text(str(labels.get(o, o))), justify="right")
        for g, lvl in graded:
            if g == o:  # accuracy when only witnesses this realistic count
                t.add_column(Text(f"{o} @{lvl}"), justify="right")
    t.add_column("judged", justify="right")
    t.add_column("skipped", justify="right")
    for s in systems:
        d = summary["systems"][s]
        cells = []
        for o in oracles:
            m = d["oracles"][o]
            unk = f" ?{m['unknown']}" if m["unknown"] else ""
            cells.append(f"{100 * m['accuracy']:.1f}% (#{m['rank']}){unk}")
            for g, lvl in graded:
                if g == o:
                    acc = m.get("by_realism", {}).get(lvl, {}).get("accuracy")
                    cells.append("" if acc is None else f"{100 * acc:.1f}%")
        judged = [m["judged"] for m in d["oracles"].values()]
        # one number when every oracle judged the same examples, else one per oracle column
        shown = str(judged[0]) if len(set(judged)) == 1 else " / ".join(map(str, judged))
        t.add_row(Text(str(s)), *cells, shown if judged else "0", str(d["n_skipped"]))
    return t


ORACLE_LABELS = {"execution": "execution", "match": "exact match"}


def coverage_note(summary: dict) -> str:
    """Over how many examples the figures are computed, and why the others were left out.

    >>> coverage_note({"systems": {"a": {"n_examples": 10, "n_skipped": 2, "oracles": {
    ...     "execution": {"judged": 7}}}}, "skipped": {"no database: wta_1": 2}})
    'judged 7 of 10 examples; skipped 2 (no database: wta_1); 1 not judged (gold error)'
    """
    systems = list(summary["systems"].values())
    if not systems:
        return ""
    d = systems[0]
    judged = sorted({m["judged"] for s in systems for m in s["oracles"].values()})
    n, skipped = d["n_examples"], d["n_skipped"]
    text = f"judged {' / '.join(map(str, judged)) or 0} of {n} examples"
    if skipped:
        why = "; ".join(f"{k}: {v}" if len(summary.get("skipped", {})) > 1 else k
                        for k, v in summary.get("skipped", {}).items())
        text += f"; skipped {skipped}" + (f" ({why})" if why else "")
    gold_errors = n - skipped - (judged[-1] if judged else 0)
    if gold_errors > 0:
        text += f"; {gold_errors} not judged (gold error)"
    return text


def levels_table(summary: dict, title: str | None = None,
                 labels: dict[str, str] | None = None):
    """Accuracy by level (hardness or difficulty), as the official evaluators print it: a
    ``count`` row, then one row per system and oracle with the accuracy per level and over
    all examples (``of N`` where fewer were judged). None when the summary has no
    breakdown. Print ``coverage_note`` under it."""
    from rich.table import Table

    levels = summary.get("levels")
    if not levels:
        return None
    names = [n for n in levels["names"] if levels["examples"].get(n)]
    systems = summary["systems"]
    t = Table(title=title or f"Accuracy by {levels['by']}")
    t.add_column("", style="bold")
    for n in [*names, "all"]:
        t.add_column(n, justify="right")
    total = sum(levels["examples"].values())
    t.add_row("count", *[str(levels["examples"][n]) for n in names], str(total))
    for s, d in systems.items():
        for o, m in d["oracles"].items():
            label = ((labels or {}).get(o) or ORACLE_LABELS.get(o, o) if len(systems) == 1
                     else f"{s} {(labels or {}).get(o, o)}")
            cells = [_cell(m["by_level"][n], levels["examples"][n]) for n in names]
            t.add_row(label, *cells, _cell(m, total))
    return t


def _cell(m: dict, count: int) -> str:
    """``accuracy``, with ``of N`` when fewer examples than the level holds were judged."""
    if not m["judged"]:
        return "-"
    of = f" of {m['judged']}" if m["judged"] != count else ""
    return f"{100 * m['accuracy']:.1f}%{of}"
