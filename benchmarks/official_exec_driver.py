"""Per-item execution accuracy from the published test-suite evaluator itself (issue 27).

Run by ``benchmarks.official_item_compare`` with a separate Python that has nltk and
sqlparse, and with the folder holding the evaluator's ``evaluation.py``, ``process_sql.py``,
``exec_eval.py`` and ``parse.py`` on PYTHONPATH (the evaluator is read and run beside the
project, never part of it):

    PYTHONPATH=/tmp/official_eval /tmp/official_venv/bin/python \\
        benchmarks/official_exec_driver.py GOLD PRED DB_DIR OUT_JSONL [plug_value] [keep_distinct]

It reads the gold and prediction lines as the evaluator's ``evaluate()`` does (blank lines
skipped, each line stripped and cut at its first TAB, `` value `` read as `` 1 ``), parses
the gold with ``process_sql.get_sql`` (``evaluate()`` does so before executing, and stops
where it cannot), and calls ``exec_eval.eval_exec_match`` per item: one JSON line per item
(``exec`` 0/1, the seconds it took, and ``crash`` where the evaluator raises, which would
stop its run: a gold that does not parse or fails to execute).

Where this differs from running ``evaluation.py --etype exec``:
- nltk's ``word_tokenize`` is called with ``preserve_line=True`` (the punkt data is not
  installed here; only the gold's parse, which execution does not use, goes through it);
- an item whose database file is missing is skipped (the evaluator would create an empty
  file there and stop);
- an item where the evaluator raises is recorded, and the run goes on.
"""

from __future__ import annotations

import functools
import json
import os
import sys
import time

import nltk

nltk.word_tokenize = functools.partial(nltk.word_tokenize, preserve_line=True)

import exec_eval  # noqa: E402  (the published evaluator, from PYTHONPATH)
import process_sql  # noqa: E402


def _lines(path: str) -> list[list[str]]:
    with open(path) as f:
        return [line.strip().split("\t") for line in f if line.strip()]


def _item(db: str, g_str: str, p_str: str, schema, plug_value: bool,
          keep_distinct: bool) -> dict:
    try:
        process_sql.get_sql(schema, g_str)
    except Exception as e:  # noqa: BLE001  the evaluator stops here
        return {"crash": f"gold does not parse: {type(e).__name__}: {e}"[:200]}
    t0 = time.perf_counter()
    try:
        score = exec_eval.eval_exec_match(db=db, p_str=p_str, g_str=g_str,
                                          plug_value=plug_value, keep_distinct=keep_distinct,
                                          progress_bar_for_each_datapoint=False)
    except BaseException as e:  # noqa: BLE001  the evaluator stops here
        return {"crash": f"{type(e).__name__}: {e}"[:200],
                "s": round(time.perf_counter() - t0, 3)}
    return {"exec": int(score), "s": round(time.perf_counter() - t0, 3)}


def main(gold: str, pred: str, db_dir: str, out: str, *flags: str) -> None:
    golds, preds = _lines(gold), _lines(pred)
    if len(golds) != len(preds):
        raise SystemExit(f"{pred}: {len(preds)} non-blank lines, the gold has {len(golds)}")
    schemas: dict = {}
    with open(out, "w") as w:
        for i, (p, g) in enumerate(zip(preds, golds, strict=True)):
            g_str, db_name = g[0], g[1]
            db = os.path.join(db_dir, db_name, db_name + ".sqlite")
            if not os.path.exists(db):
                rec = {"skipped": "no database file"}
            else:
                if db_name not in schemas:
                    schemas[db_name] = process_sql.Schema(process_sql.get_schema(db))
                rec = _item(db, g_str, p[0].replace(" value ", " 1 "), schemas[db_name],
                            "plug_value" in flags, "keep_distinct" in flags)
            w.write(json.dumps({"i": i, "db": db_name, **rec}) + "\n")
            w.flush()


if __name__ == "__main__":
    main(*sys.argv[1:])
