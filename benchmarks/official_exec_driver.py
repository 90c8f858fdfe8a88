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
import sys
import time

import nltk

nltk.word_tokenize = functools.partial(nltk.word_tokenize, preserve_line=True)

import exec_eval  # noqa: E402  (the published evaluator, from PYTHONPATH)
import process_sql  # noqa: E402
from official_items import each_item  # noqa: E402  (beside this script)


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
    plug, keep = "plug_value" in flags, "keep_distinct" in flags
    each_item(gold, pred, db_dir, out,
              lambda db, _name, g_str, p_str, schema: _item(db, g_str, p_str, schema, plug, keep))


if __name__ == "__main__":
    main(*sys.argv[1:])
