"""Per-item exact-set match from the published Spider evaluator itself (issue 27).

Run by ``benchmarks.official_item_compare`` with a separate Python that has nltk, and with
the folder holding the evaluator's ``evaluation.py`` and ``process_sql.py`` on PYTHONPATH
(the evaluator is read and run beside the project, never part of it):

    PYTHONPATH=/tmp/official_eval /tmp/official_venv/bin/python benchmarks/official_driver.py \\
        GOLD PRED DB_DIR TABLES_JSON OUT_JSONL

It reads the gold and prediction lines as the evaluator's ``evaluate()`` does (blank lines
skipped, each line stripped and cut at its first TAB, `` value `` read as `` 1 ``), and for
each item calls the evaluator's own ``get_sql``, ``rebuild_sql_val``, ``rebuild_sql_col``
and ``Evaluator.eval_exact_match``: one JSON line per item (``exact`` 0/1, the components
that failed, and why the prediction did not parse, where it did not).

Where this differs from running ``evaluation.py --etype match``:
- nltk's ``word_tokenize`` is called with ``preserve_line=True``: its sentence splitter needs
  the punkt data, which cannot be downloaded here, so the text is not cut into sentences
  before the word tokenizer (a query is one line; the splitter would only cut at a period
  followed by a space and a capital letter);
- ``exec_eval`` (which needs ``parse.py``) is replaced by an empty module: match only;
- an item whose database file is missing is skipped (the evaluator would create an empty
  file there), and one where the evaluator raises is recorded (it would stop the run).
"""

from __future__ import annotations

import functools
import json
import sys
import types

import nltk

nltk.word_tokenize = functools.partial(nltk.word_tokenize, preserve_line=True)
sys.modules.setdefault("exec_eval", types.ModuleType("exec_eval"))
sys.modules["exec_eval"].eval_exec_match = None

import evaluation  # noqa: E402  (the published evaluator, from PYTHONPATH)
import process_sql  # noqa: E402
from official_items import each_item  # noqa: E402  (beside this script)

EMPTY = {"except": None, "from": {"conds": [], "table_units": []}, "groupBy": [],
         "having": [], "intersect": None, "limit": None, "orderBy": [],
         "select": [False, []], "union": None, "where": []}


def _item(g_str: str, p_str: str, schema, kmap: dict) -> dict:
    rec: dict = {}
    try:
        g_sql = process_sql.get_sql(schema, g_str)
    except Exception as e:  # noqa: BLE001  the evaluator stops here
        return {"gold_error": f"{type(e).__name__}: {e}"[:200]}
    ev = evaluation.Evaluator()
    rec["hardness"] = ev.eval_hardness(g_sql)
    try:
        p_sql = process_sql.get_sql(schema, p_str)
    except Exception as e:  # noqa: BLE001  the evaluator scores an empty query
        rec["pred_error"] = f"{type(e).__name__}: {e}"[:200]
        p_sql = json.loads(json.dumps(EMPTY))
    try:
        gv = evaluation.build_valid_col_units(g_sql["from"]["table_units"], schema)
        g_sql = evaluation.rebuild_sql_col(gv, evaluation.rebuild_sql_val(g_sql), kmap)
        pv = evaluation.build_valid_col_units(p_sql["from"]["table_units"], schema)
        p_sql = evaluation.rebuild_sql_col(pv, evaluation.rebuild_sql_val(p_sql), kmap)
        rec["exact"] = int(ev.eval_exact_match(p_sql, g_sql))
        rec["failed"] = [k for k, s in ev.partial_scores.items() if s["f1"] != 1]
    except Exception as e:  # noqa: BLE001  the evaluator stops here
        rec["crash"] = f"{type(e).__name__}: {e}"[:200]
    return rec


def main(gold: str, pred: str, db_dir: str, tables: str, out: str) -> None:
    kmaps = evaluation.build_foreign_key_map_from_json(tables)
    each_item(gold, pred, db_dir, out,
              lambda db, name, g_str, p_str, schema: _item(g_str, p_str, schema, kmaps[name]))

if __name__ == "__main__":
    main(*sys.argv[1:6])
