"""The census of rejections: every answer the suite rejects, with its evidence; labels;
re-scoring the certificate under labelling conventions.

An *answer* is the representative of a question's top class under a partition (``weak``:
current practice, cell A; ``suite``: cell D). For every answer whose class is incorrect
under the suite oracle the dossier records the first instance (shipped database first,
then the suite's instances in order) where gold and answer disagree, both results
truncated to 12 rows, the difference signature, and the disagreement breadth (share of the
instances on which the gold runs that disagree). ``weak_accepts`` marks the answers the
shipped database accepts: the suite's own contribution.

Labels (JSONL, one per rejection: ``{"id", "sql", "pass1", "pass2", "final",
"borderline": bool}``) use the taxonomy ``TAXONOMY``. Conventions decide which rejections
still count as wrong answers when the certificate is re-scored:

- ``wide``: every rejection (labels ignored; the suite as it is);
- ``unanimous``: every rejection except those whose two passes and final label all name
  the same non-semantic category, none flagged borderline;
- ``agreed``: every rejection except those both passes call non-semantic;
- ``narrow``: only rejections whose final label is ``semantic_error``.

Unlabelled rejections always count as wrong.
"""

from __future__ import annotations

import json
from pathlib import Path

from ..engine.compare import Semantics, signature
from ..engine.policy import has_top_level_order_by
from .classes import Executor, outcomes_equal
from .labels import CONVENTIONS, Label, read_labels, relabel

MAX_ROWS = 12


def rejections(records: list[dict]) -> list[dict]:
    """(question, answer) pairs the suite rejects, from the top class of each partition."""
    out: dict[tuple[str, str], dict] = {}
    for r in records:
        for p, classes in r["partitions"].items():
            if not classes:
                continue
            top = classes[0]
            if top["correct"].get("suite", True):
                continue
            key = (str(r["id"]), top["representative"])
            e = out.setdefault(key, {"id": key[0], "db_id": r["db_id"], "answer": key[1],
                                     "partitions": [], "weak_accepts": bool(
                                         top["correct"].get("weak", False))})
            e["partitions"].append(p)
    return list(out.values())


def _rows(o) -> list[list] | None:
    return None if o.rows is None else [list(x) for x in o.rows[:MAX_ROWS]]


def dossier_entry(entry: dict, gold: str, instances: list[str], *, question: str = "",
                  executor: Executor | None = None) -> dict:
    ex = executor or Executor()
    sem = Semantics.LIST if has_top_level_order_by(gold) else Semantics.BAG
    first = None
    n_runs = n_diff = 0
    for i, db in enumerate(instances):
        g, a = ex.run(db, gold), ex.run(db, entry["answer"])
        if g.error is not None:
            continue
        n_runs += 1
        if outcomes_equal(g, a, sem):
            continue
        n_diff += 1
        if first is None:
            sig = ("execution_error" if a.error is not None else
                   signature(g.rows, a.rows, sem, gold_ncols=g.ncols, pred_ncols=a.ncols))
            first = {"instance_index": i, "instance": db, "signature": sig,
                     "gold_result": _rows(g), "answer_result": _rows(a),
                     "n_gold_rows": len(g.rows), "n_answer_rows": None if a.rows is None
                     else len(a.rows), "answer_error": a.error}
    return {**entry, "question": question, "gold": gold, "semantics": str(sem),
            "first_disagreement": first, "breadth": n_diff / n_runs if n_runs else None,
            "n_instances": n_runs}


def build_dossier(records: list[dict], benchmark, suite_dir: str | Path | None, *,
                  timeout_s: float = 10.0) -> list[dict]:
    from ..oracles.suite import load_suite

    by_id = benchmark.by_id()
    out = []
    suites: dict[str, list[str]] = {}
    for e in rejections(records):
        ex = by_id.get(e["id"])
        if ex is None or ex.db_path is None:
            continue
        if suite_dir is not None and ex.db_id not in suites:
            suites[ex.db_id] = [str(p) for p in load_suite(suite_dir, ex.db_id)]
        inst = [ex.db_path] + suites.get(ex.db_id, [])
        out.append(dossier_entry(e, ex.gold, inst, question=ex.question,
                                 executor=Executor(timeout_s)))
    return out


def _table(rows) -> str:
    if rows is None:
        return "(error)"
    if not rows:
        return "(empty)"
    return "<br>".join(", ".join(repr(v) for v in r) for r in rows)


def markdown(dossier: list[dict], lints: dict[str, list[dict]] | None = None) -> str:
    lines = ["# Census of rejections", "",
             f"{len(dossier)} answers rejected by the suite; "
             f"{sum(d['weak_accepts'] for d in dossier)} of them accepted by the shipped "
             "database.", ""]
    for d in dossier:
        f = d["first_disagreement"] or {}
        lines += [f"## {d['id']} ({d['db_id']}) - {f.get('signature')}"
                  + (" - shipped database accepts" if d["weak_accepts"] else ""), "",
                  f"- question: {d['question']}", f"- gold: `{d['gold']}`",
                  f"- answer: `{d['answer']}` (top class of: {', '.join(d['partitions'])})",
                  f"- first disagreement: instance {f.get('instance_index')} "
                  f"(`{Path(f['instance']).name if f else '-'}`), breadth "
                  f"{d['breadth'] if d['breadth'] is None else round(d['breadth'], 3)} over "
                  f"{d['n_instances']} instances",
                  "", "| gold | answer |", "|---|---|",
                  f"| {_table(f.get('gold_result'))} | {_table(f.get('answer_result'))} |", ""]
        for li in (lints or {}).get(d["id"], []):
            lines.append(f"- lint `{li['kind']}`: {li['message']}")
        lines.append("")
    return "\n".join(lines)


def rescore(records: list[dict], labels: dict[tuple[str, str], Label], *, alpha: float = 0.1,
            n_splits: int = 200, seed: int = 0) -> dict:
    """``{convention: {scheme: {"cells", "gap", "d_minus_a"}}}`` for the primary score."""
    from .classfile import ClassTable
    from .intervention import certificate

    out = {}
    for conv in CONVENTIONS:
        t = ClassTable.from_records(relabel(records, labels, conv))
        cert = certificate(t, alpha=alpha, n_splits=n_splits, seed=seed)
        out[conv] = {s: {k: v[k] for k in ("cells", "gap", "d_minus_a", "gap_signs",
                                           "d_minus_a_signs") if k in v}
                     for s, v in cert.items()}
    return out


def run_census(benchmark, classes: str | Path, out: str | Path, *,
               suite_dir: str | Path | None = None, labels: str | Path | None = None,
               alpha: float = 0.1, n_splits: int = 200, timeout_s: float = 10.0,
               llm_client=None, batch_size: int = 8) -> dict:
    """Write ``OUT/dossier.jsonl``, ``dossier.md``, ``lints.json`` and, with labels (a file,
    or ``llm_client`` to label with a model into ``OUT/labels.jsonl``), ``rescored.json``;
    return a summary."""
    from .classfile import read_classes
    from .lint import lint_benchmark

    records = read_classes(classes)
    dossier = build_dossier(records, benchmark, suite_dir, timeout_s=timeout_s)
    lints = lint_benchmark(benchmark, [str(r["id"]) for r in records], timeout_s=timeout_s)
    for d in dossier:
        d["lints"] = lints.get(d["id"], [])
    o = Path(out)
    o.mkdir(parents=True, exist_ok=True)
    with open(o / "dossier.jsonl", "w", encoding="utf-8") as f:
        for d in dossier:
            f.write(json.dumps(d, ensure_ascii=False) + "\n")
    (o / "dossier.md").write_text(markdown(dossier, lints), encoding="utf-8")
    (o / "lints.json").write_text(json.dumps(lints, indent=1, ensure_ascii=False) + "\n")
    sigs: dict[str, int] = {}
    for d in dossier:
        s = (d["first_disagreement"] or {}).get("signature") or "none"
        sigs[s] = sigs.get(s, 0) + 1
    kinds: dict[str, int] = {}
    for v in lints.values():
        for f in v:
            kinds[f["kind"]] = kinds.get(f["kind"], 0) + 1
    summary = {"n_questions": len(records), "n_rejections": len(dossier),
               "n_weak_accepts": sum(d["weak_accepts"] for d in dossier),
               "signatures": dict(sorted(sigs.items(), key=lambda kv: -kv[1])),
               "lints": dict(sorted(kinds.items(), key=lambda kv: -kv[1])),
               "n_rejections_with_lint": sum(bool(d["lints"]) for d in dossier)}
    if llm_client is not None and labels is None:
        from .label import llm_labels

        rows = llm_labels(dossier, llm_client, batch_size=batch_size)
        labels = o / "labels.jsonl"
        labels.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows),
                          encoding="utf-8")
        summary["llm_usage"] = llm_client.usage.summary()
    if labels is not None:
        labs = read_labels(labels)
        finals: dict[str, int] = {}
        for lab in labs.values():
            finals[lab.final] = finals.get(lab.final, 0) + 1
        summary["final_labels"] = finals
        summary["n_labelled"] = sum((d["id"], d["answer"]) in labs for d in dossier)
        res = rescore(records, labs, alpha=alpha, n_splits=n_splits)
        (o / "rescored.json").write_text(json.dumps(res, indent=2) + "\n")
        summary["rescored"] = {c: {s: {"d_minus_a": v[s]["d_minus_a"], "gap": v[s]["gap"]}
                                   for s in v} for c, v in res.items()}
    (o / "census.json").write_text(json.dumps(summary, indent=2) + "\n")
    return summary
