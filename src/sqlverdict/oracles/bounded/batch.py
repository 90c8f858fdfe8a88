"""``verify_batch``: many pairs from a JSONL file, one result line per pair.

Input lines: ``{"id", "gold", "pred", "schema"}`` with ``schema`` a path (SQLite file, DDL
file, Spider/BIRD ``tables.json`` with ``"db_id"``) or inline DDL text; optional
``"db_id"``, ``"bound"``, ``"semantics"``, ``"timeout"``. Output lines: the ``verify --json``
object plus ``"id"``. A bad line becomes an ``unknown`` result with the reason; it never
stops the batch. This is the single-process reference loop; a pool with hard per-pair
limits can replace its internals without changing the signature.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from ...errors import InputError, SqlverdictError
from ...schema import from_tables_json, load_schema
from ...types import Schema
from .api import verify


class SchemaCache:
    def __init__(self):
        self._d: dict[tuple[str, str | None], Schema] = {}
        self._tables: dict[str, dict[str, Schema]] = {}

    def get(self, spec: str, db_id: str | None = None) -> Schema:
        key = (spec, db_id)
        if key not in self._d:
            if spec.endswith(".json") and Path(spec).is_file():
                if spec not in self._tables:
                    self._tables[spec] = from_tables_json(spec)
                if db_id not in self._tables[spec]:
                    raise InputError(f"db_id {db_id!r} is not in {spec!r}")
                self._d[key] = self._tables[spec][db_id]
            else:
                self._d[key] = load_schema(spec, db_id)
        return self._d[key]


def verify_line(line: dict, schemas: SchemaCache, *, bound: int, timeout_s: float,
                semantics: str = "set") -> dict:
    """Verify one pairs-file record; never raises for bad records."""
    out_id = line.get("id") if isinstance(line, dict) else None
    try:
        if not isinstance(line, dict):
            raise InputError("line is not a JSON object")
        for k in ("gold", "pred", "schema"):
            if not isinstance(line.get(k), str):
                raise InputError(f"field {k!r} missing or not a string")
        schema = schemas.get(line["schema"], line.get("db_id"))
        r = verify(line["gold"], line["pred"], schema, bound=int(line.get("bound", bound)),
                   semantics=line.get("semantics", semantics),
                   timeout_s=float(line.get("timeout", timeout_s)),
                   constraints=line.get("constraints") or None)
        d = r.to_json()
    except (SqlverdictError, ValueError) as e:
        d = {"status": "unknown", "bound": line.get("bound", bound) if isinstance(line, dict) else bound,
             "semantics": semantics, "reason": f"input error: {e}", "elapsed_s": 0.0, "witness": None}
    return {"id": out_id, **d}


def verify_batch(pairs_path: str | Path, out_path: str | Path, *, bound: int = 3,
                 timeout_s: float = 30.0, workers: int = 1, semantics: str = "set",
                 progress: Callable[[int, int], None] | None = None) -> dict[str, int]:
    """Verify every pair of ``pairs_path`` into ``out_path``; return counts by status."""
    p = Path(pairs_path)
    if not p.is_file():
        raise InputError(f"pairs file {str(p)!r} does not exist (check the path)")
    if workers < 1:
        raise InputError(f"--workers must be at least 1, got {workers}")
    lines = []
    for n, raw in enumerate(p.read_text(encoding="utf-8").splitlines(), 1):
        if not raw.strip():
            continue
        try:
            lines.append(json.loads(raw))
        except json.JSONDecodeError as e:
            lines.append({"id": f"line {n}", "_error": str(e)})
    schemas = SchemaCache()
    counts: dict[str, int] = {}
    out = Path(out_path)
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        for i, line in enumerate(lines):
            if "_error" in line:
                d = {"id": line["id"], "status": "unknown", "bound": bound, "semantics": semantics,
                     "reason": f"input error: not JSON ({line['_error']})", "elapsed_s": 0.0,
                     "witness": None}
            else:
                d = verify_line(line, schemas, bound=bound, timeout_s=timeout_s, semantics=semantics)
            f.write(json.dumps(d, default=str) + "\n")
            f.flush()
            counts[d["status"]] = counts.get(d["status"], 0) + 1
            if progress:
                progress(i + 1, len(lines))
    return counts
