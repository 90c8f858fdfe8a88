"""Labelling the census of rejections with a language model (shared client ``sqlverdict.llm``).

Three passes, as a careful human protocol would do it:

1. pass 1: the rejections in dossier order, in batches, taxonomy in its listed order;
2. pass 2: the same rejections re-batched (a seeded shuffle, so each item meets different
   neighbours) and the taxonomy listed in reversed order (position bias shows up as
   disagreement);
3. adjudication: one call per item whose passes disagree, showing both labels; items
   where both passes agree keep that label as final.

An item is borderline when any pass flags it. The output rows are the labels file that
``census --labels`` reads: ``{"id", "sql", "pass1", "pass2", "final", "borderline", ...}``.
"""

from __future__ import annotations

import json
import random

from .labels import TAXONOMY

DESCRIPTIONS = {
    "semantic_error": "the answer means something else than the question asks",
    "underspecified_question": "the question admits both readings; the answer is a fair one",
    "reference_defect": "the gold query itself is wrong or fragile for this question",
    "instance_defect": "the synthetic instance is unrealistic (violates an implicit rule "
                       "of the domain) and only it separates the two queries",
    "comparator_artefact": "the results differ only by how they are compared (row order, "
                           "duplicates, column order, number formatting)",
}
SYSTEM = ("You audit text-to-SQL evaluation. A test-suite oracle rejected a model's answer "
          "because it returns a different result than the reference (gold) query on some "
          "database instance. Decide why, with one label per item.")


def _item(d: dict, key: str) -> str:
    f = d.get("first_disagreement") or {}
    lines = [f"[{key}] question: {d.get('question', '')}", f"gold: {d['gold']}",
             f"answer: {d['answer']}",
             f"first disagreement: {f.get('signature')} on instance {f.get('instance_index')} "
             f"(0 = the shipped database); breadth {d.get('breadth')}",
             f"gold result (first rows): {json.dumps(f.get('gold_result'))}",
             f"answer result (first rows): {json.dumps(f.get('answer_result'))}"]
    if d.get("lints"):
        lines.append("lints on the gold: " + "; ".join(x["message"] for x in d["lints"]))
    return "\n".join(lines)


def _taxonomy_text(order) -> str:
    return "\n".join(f"- {t}: {DESCRIPTIONS[t]}" for t in order)


def _batch_prompt(items: list[tuple[str, dict]], order) -> list[dict]:
    body = "\n\n".join(_item(d, k) for k, d in items)
    user = (f"Labels:\n{_taxonomy_text(order)}\n\nItems:\n\n{body}\n\n"
            'Answer with JSON: {"labels": [{"key": "<key>", "label": "<label>", '
            '"borderline": true|false, "why": "<one sentence>"}, ...]} with one entry per key.')
    return [{"role": "system", "content": SYSTEM}, {"role": "user", "content": user}]


def _check_batch(keys: list[str]):
    def validate(v):
        if not isinstance(v, dict) or not isinstance(v.get("labels"), list):
            raise ValueError('expected {"labels": [...]}')
        got = {}
        for x in v["labels"]:
            if not isinstance(x, dict) or x.get("label") not in TAXONOMY:
                raise ValueError(f"each entry needs a label from {', '.join(TAXONOMY)}")
            got[str(x.get("key"))] = x
        missing = [k for k in keys if k not in got]
        if missing:
            raise ValueError(f"no label for keys {missing}")
    return validate


def _run_pass(client, items: list[tuple[str, dict]], order, batch_size: int) -> dict[str, dict]:
    out = {}
    for i in range(0, len(items), batch_size):
        batch = items[i:i + batch_size]
        keys = [k for k, _ in batch]
        value, _ = client.chat_json(_batch_prompt(batch, order), validate=_check_batch(keys),
                                    temperature=0)
        for x in value["labels"]:
            if str(x.get("key")) in keys:
                out[str(x["key"])] = x
    return out


def _adjudicate(client, key: str, d: dict, a: dict, b: dict) -> dict:
    user = (f"Labels:\n{_taxonomy_text(TAXONOMY)}\n\n{_item(d, key)}\n\n"
            f"Two reviewers disagreed: one said {a['label']} ({a.get('why', '')}), the other "
            f"said {b['label']} ({b.get('why', '')}). Decide. Answer with JSON: "
            '{"label": "<label>", "borderline": true|false, "why": "<one sentence>"}')

    def validate(v):
        if not isinstance(v, dict) or v.get("label") not in TAXONOMY:
            raise ValueError(f"expected a label from {', '.join(TAXONOMY)}")

    value, _ = client.chat_json([{"role": "system", "content": SYSTEM},
                                 {"role": "user", "content": user}], validate=validate,
                                temperature=0)
    return value


def llm_labels(dossier: list[dict], client, *, batch_size: int = 8, seed: int = 0) -> list[dict]:
    """Label every dossier entry in three passes; return label rows."""
    items = [(f"r{i}", d) for i, d in enumerate(dossier)]
    p1 = _run_pass(client, items, TAXONOMY, batch_size)
    shuffled = list(items)
    random.Random(seed).shuffle(shuffled)
    p2 = _run_pass(client, shuffled, tuple(reversed(TAXONOMY)), batch_size)
    rows = []
    for k, d in items:
        a, b = p1[k], p2[k]
        border = bool(a.get("borderline")) or bool(b.get("borderline"))
        if a["label"] == b["label"]:
            final, why = a["label"], a.get("why", "")
        else:
            adj = _adjudicate(client, k, d, a, b)
            final, why = adj["label"], adj.get("why", "")
            border = border or bool(adj.get("borderline"))
        rows.append({"id": d["id"], "sql": d["answer"], "pass1": a["label"],
                     "pass2": b["label"], "final": final, "borderline": border,
                     "why": why, "labeller": f"llm:{client.model}"})
    return rows
