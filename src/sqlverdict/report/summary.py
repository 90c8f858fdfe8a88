"""Accuracy per system and oracle, ranks, and the ``summary.json`` / ``summary.csv`` files.

``accuracy = correct / judged``: correct means consistent or verified; judged counts the
examples that had a usable database and gold (not skipped, no gold error).

>>> rows = [{"system": "a", "oracle": "execution", "status": "consistent", "reason": "", "skipped": False},
...         {"system": "a", "oracle": "execution", "status": "refuted", "reason": "", "skipped": False},
...         {"system": "b", "oracle": "execution", "status": "verified", "reason": "", "skipped": False},
...         {"system": "b", "oracle": "execution", "status": "unknown", "reason": "gold error: x", "skipped": False}]
>>> s = summarize(rows, ["a", "b"], ["execution"], 2, 0)
>>> {k: v for k, v in s["systems"]["a"]["oracles"]["execution"].items() if k != "time_s"}
{'accuracy': 0.5, 'correct': 1, 'judged': 2, 'unknown': 0, 'rank': 2}
>>> s["systems"]["b"]["oracles"]["execution"]["rank"]
1
"""

from __future__ import annotations

import csv
import json
from collections.abc import Iterable, Sequence
from pathlib import Path

from ..types import Judged, judged_from_reason


def summarize(rows: Iterable[dict], systems: Sequence[str], oracles: Sequence[str],
              n_examples: int, n_skipped: int) -> dict:
    counts = {s: {o: {"correct": 0, "judged": 0, "unknown": 0, "elapsed": [], "realism": [],
                      "refuted_at": {}} for o in oracles} for s in systems}
    for r in rows:
        judged = Judged(r["judged"]) if r.get("judged") else (
            Judged.SKIPPED if r.get("skipped") else judged_from_reason(str(r.get("reason", ""))))
        if judged is Judged.SKIPPED:
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
        if r["status"] in ("consistent", "verified"):
            c["correct"] += 1
        elif r["status"] == "unknown":
            c["unknown"] += 1
        elif isinstance(ev, dict) and ev.get("realism") in LEVELS:
            c["refuted_at"][ev["realism"]] = c["refuted_at"].get(ev["realism"], 0) + 1
    out = {"systems": {}}
    for s in systems:
        out["systems"][s] = {"n_examples": n_examples, "n_skipped": n_skipped, "oracles": {}}
        for o in oracles:
            c = counts[s][o]
            acc = c["correct"] / c["judged"] if c["judged"] else 0.0
            m = out["systems"][s]["oracles"][o] = {
                "accuracy": acc, "correct": c["correct"], "judged": c["judged"],
                "unknown": c["unknown"]}
            if c["elapsed"]:
                m["time_s"] = _time_stats(c["elapsed"])
            if c["realism"]:
                from ..constraints.realism import summarize as pool_realism

                m["witness_realism"] = pool_realism(c["realism"])
            if c["refuted_at"]:
                m["by_realism"] = by_realism(c, mined=bool(c["realism"]))
    for o in oracles:  # competition ranking ("1224") by accuracy
        accs = {s: out["systems"][s]["oracles"][o]["accuracy"] for s in systems}
        for s in systems:
            out["systems"][s]["oracles"][o]["rank"] = 1 + sum(1 for t in systems if accs[t] > accs[s])
    return out


LEVELS = ("mined", "typed", "sqlite")  # most realistic first


def by_realism(c: dict, *, mined: bool) -> dict:
    """Accuracy when only witnesses at least as realistic as each level count: at ``typed``,
    a pair refuted only by a witness SQLite accepts but no typed database holds counts as
    correct (the SpotIt+ table, graded). ``mined`` only when constraints were given.

    >>> by_realism({"judged": 10, "unknown": 1, "refuted_at": {"typed": 2, "sqlite": 3}},
    ...            mined=False)
    {'typed': {'accuracy': 0.7, 'refuted': 2}, 'sqlite': {'accuracy': 0.4, 'refuted': 5}}
    """
    out = {}
    for i, lvl in enumerate(LEVELS):
        if lvl == "mined" and not mined:
            continue
        refuted = sum(c["refuted_at"].get(x, 0) for x in LEVELS[: i + 1])
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


def summary_table(summary: dict, title: str = "Accuracy per system and oracle"):
    """A rich Table: systems as rows, oracles as columns, ``accuracy% (rank)``."""
    from rich.table import Table
    from rich.text import Text  # names are data, never markup

    systems = list(summary["systems"])
    oracles = list(summary["systems"][systems[0]]["oracles"]) if systems else []
    t = Table(title=title)
    t.add_column("system", style="bold")
    graded = [(o, lvl) for o in oracles for lvl in LEVELS[:-1]
              if any(lvl in summary["systems"][s]["oracles"][o].get("by_realism", {})
                     for s in systems)]
    for o in oracles:
        t.add_column(Text(str(o)), justify="right")
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
