"""The item loop both published-evaluator drivers share (``official_driver.py``,
``official_exec_driver.py``): the gold and prediction lines read as the evaluator's
``evaluate()`` reads them, one JSON line per item. Imported by the drivers from beside them,
under the evaluator's Python with its folder on PYTHONPATH (``process_sql`` is the
evaluator's)."""

from __future__ import annotations

import json
import os

import process_sql  # the published evaluator's, from PYTHONPATH


def _lines(path: str) -> list[list[str]]:
    with open(path) as f:
        return [line.strip().split("\t") for line in f if line.strip()]


def each_item(gold: str, pred: str, db_dir: str, out: str, judge) -> None:
    """One JSON line per item into ``out``: ``judge(db_path, db_name, gold, pred, schema)``
    on the lines as ``evaluate()`` reads them (both drivers go through here)."""
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
                rec = judge(db, db_name, g_str, p[0].replace(" value ", " 1 "), schemas[db_name])
            w.write(json.dumps({"i": i, "db": db_name, **rec}) + "\n")
