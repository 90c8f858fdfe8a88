"""Load a benchmark from ``KIND:PATH`` (``spider:DIR``, ``bird:DIR``, ``jsonl:FILE``,
``gold:FILE``; more formats register in ``LOADERS``).

A ``Benchmark`` holds examples in file order, schemas by ``db_id`` and, for examples whose
database cannot be executed, the reason they are skipped.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from .. import schema as schema_mod
from ..errors import InputError
from ..jsonl import read_jsonl
from ..types import Example, Schema


@dataclass
class Benchmark:
    kind: str
    path: Path
    examples: list[Example]
    schemas: dict[str, Schema] = field(default_factory=dict)
    skipped: dict[str, str] = field(default_factory=dict)  # example id -> reason
    full_size: int | None = None  # examples before ``limit`` (None: all are here)

    def by_id(self) -> dict[str, Example]:
        return {e.id: e for e in self.examples}

    @property
    def n_total(self) -> int:
        return self.full_size if self.full_size is not None else len(self.examples)

    def limit(self, n: int | None) -> Benchmark:
        if n is None:
            return self
        ex = self.examples[:n]
        ids = {e.id for e in ex}
        return Benchmark(self.kind, self.path, ex, self.schemas,
                         {k: v for k, v in self.skipped.items() if k in ids}, self.n_total)


def _read_json(p: Path, what: str):
    if not p.is_file():
        raise InputError(f"{what} {str(p)!r} does not exist (check the benchmark path)")
    try:
        return json.loads(p.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, UnicodeDecodeError, RecursionError) as e:
        raise InputError(f"{what} {str(p)!r} is not valid JSON: {e}") from None


def _questions(p: Path, what: str, gold_keys: tuple[str, ...]) -> list[dict]:
    """The question list of a Spider/BIRD file, each entry checked for ``db_id`` and a gold
    query, so that a malformed file fails here and names the entry."""
    data = _read_json(p, what)
    if not isinstance(data, list):
        raise InputError(f"{what} {str(p)!r} must hold a JSON list of questions, not a "
                         f"{type(data).__name__} (is it the right file?)")
    for i, d in enumerate(data):
        if not isinstance(d, dict):
            raise InputError(f"{what} {str(p)!r}, entry {i}: expected an object, got a "
                             f"{type(d).__name__}")
        if not isinstance(d.get("db_id"), str):
            raise InputError(f"{what} {str(p)!r}, entry {i}: no 'db_id' string")
        if not any(isinstance(d.get(k), str) for k in gold_keys):
            raise InputError(f"{what} {str(p)!r}, entry {i}: no gold query "
                             f"({' or '.join(repr(k) for k in gold_keys)}); every question "
                             "needs one")
    return data


def _find_db(db_dir: Path, db_id: str) -> Path | None:
    for cand in (db_dir / db_id / f"{db_id}.sqlite", db_dir / f"{db_id}.sqlite",
                 db_dir / db_id / f"{db_id}.db", db_dir / f"{db_id}.db"):
        if cand.is_file() and cand.stat().st_size > 0:
            with open(cand, "rb") as f:
                if f.read(16).startswith(b"SQLite format 3"):
                    return cand
    return None


def _schemas_for(db_ids, db_dir: Path, tables: dict[str, Schema]) -> dict[str, Schema]:
    """The shipped SQLite file's schema where there is one (it records NOT NULL, UNIQUE and
    whole composite keys, which ``tables.json`` truncates), else the ``tables.json`` entry."""
    out = dict(tables)
    for db_id in db_ids:
        p = _find_db(db_dir, db_id)
        if p is not None:
            out[db_id] = schema_mod.from_sqlite(p, db_id)
    return out


def load_spider(path: str | Path, split: str = "dev") -> Benchmark:
    root = Path(path)
    if root.is_file():  # spider:path/to/dev.json
        root, split_file = root.parent, root
    else:
        split_file = root / f"{split}.json"
    data = _questions(split_file, "Spider questions file", ("query",))
    db_dir = root / "database"
    tables_file = root / "tables.json"
    tables = schema_mod.from_tables_json(tables_file) if tables_file.is_file() else {}
    examples, skipped, dbs = [], {}, {}
    for i, d in enumerate(data):
        db_id = d["db_id"]
        if db_id not in dbs:
            dbs[db_id] = _find_db(db_dir, db_id)
        p = dbs[db_id]
        ex = Example(str(i), db_id, d.get("question", ""), d["query"],
                     str(p) if p else None, index=i)
        if p is None:
            skipped[ex.id] = f"no database: {db_id} has no SQLite file under {db_dir}"
        examples.append(ex)
    return Benchmark("spider", root, examples, _schemas_for(dbs, db_dir, tables), skipped)


def load_bird(path: str | Path, split: str = "dev") -> Benchmark:
    root = Path(path)
    if root.is_file():
        root, split_file = root.parent, root
    else:
        split_file = root / f"{split}.json"
    data = _questions(split_file, "BIRD questions file", ("SQL", "query"))
    db_dir = next((d for d in (root / f"{split}_databases", root / "databases",
                               root / "schema_only_databases", root / "database")
                   if d.is_dir()), root / f"{split}_databases")
    tables_file = next((f for f in (root / f"{split}_tables.json", root / "tables.json")
                        if f.is_file()), None)
    tables = schema_mod.from_tables_json(tables_file) if tables_file else {}
    examples, skipped, dbs = [], {}, {}
    for i, d in enumerate(data):
        db_id = d["db_id"]
        if db_id not in dbs:
            dbs[db_id] = _find_db(db_dir, db_id)
        p = dbs[db_id]
        ex = Example(str(d.get("question_id", i)), db_id, d.get("question", ""),
                     d.get("SQL") or d.get("query") or "", str(p) if p else None,
                     evidence=d.get("evidence", "") or "", index=i,
                     extra={"difficulty": d.get("difficulty")} if d.get("difficulty") else {})
        if p is None:
            skipped[ex.id] = f"no database: {db_id} has no SQLite file under {db_dir}"
        examples.append(ex)
    return Benchmark("bird", root, examples, _schemas_for(dbs, db_dir, tables), skipped)


def load_jsonl(path: str | Path) -> Benchmark:
    """JSONL benchmark: one object per line with ``id``, ``db_id``, ``question``, ``gold``
    and optionally ``db`` (path to the SQLite file, relative to the JSONL file) and
    ``evidence``. Without ``db`` the database is looked up as ``database/<db_id>/<db_id>.sqlite``
    or ``<db_id>.sqlite`` next to the file."""
    p = Path(path)
    if not p.is_file():
        raise InputError(f"JSONL benchmark {str(p)!r} does not exist (check the path)")
    root = p.parent
    examples, skipped, dbs = [], {}, {}
    expected = "expected a JSON object with 'id', 'db_id', 'question', 'gold'"
    for lineno, d in read_jsonl(p, "JSONL benchmark", hint=expected):
        try:
            db_id, gold = d["db_id"], d.get("gold") or d.get("query") or d.get("SQL")
            if not isinstance(gold, str):
                raise KeyError("gold")
        except (KeyError, TypeError) as e:
            raise InputError(f"{str(p)!r} line {lineno}: {expected} ({e})") from None
        i = len(examples)
        if "db" in d:
            dbp = (root / d["db"]) if not Path(d["db"]).is_absolute() else Path(d["db"])
            dbp = dbp if dbp.is_file() else None
        else:
            if db_id not in dbs:
                dbs[db_id] = _find_db(root / "database", db_id) or _find_db(root, db_id)
            dbp = dbs[db_id]
        dbs.setdefault(db_id, dbp)
        ex = Example(str(d.get("id", i)), db_id, d.get("question", ""), gold,
                     str(dbp) if dbp else None, evidence=d.get("evidence", "") or "", index=i)
        if dbp is None:
            skipped[ex.id] = f"no database: no SQLite file found for {db_id}"
        examples.append(ex)
    schemas = {}
    for db_id, dbp in dbs.items():
        if dbp is not None:
            schemas[db_id] = schema_mod.from_sqlite(dbp, db_id)
    return Benchmark("jsonl", p, examples, schemas, skipped)


# The benchmark formats: KIND -> "module:function"; the function takes the PATH of
# ``KIND:PATH`` and returns a Benchmark. Add a format with ``register_loader``.
LOADERS: dict[str, str] = {
    "spider": "sqlverdict.bench.loader:load_spider",
    "bird": "sqlverdict.bench.loader:load_bird",
    "jsonl": "sqlverdict.bench.loader:load_jsonl",
    "gold": "sqlverdict.bench.gold:load_gold",
}


def register_loader(kind: str, target: str) -> None:
    """Make ``KIND:PATH`` load with ``target`` (``"package.module:function"``)."""
    if ":" not in target:
        raise ValueError(f"loader target {target!r} must be 'module:function'")
    LOADERS[kind] = target


def load_benchmark(spec: str) -> Benchmark:
    """``KIND:PATH`` with KIND one of ``LOADERS`` (spider, bird, jsonl, gold).

    >>> load_benchmark("csv:x")
    Traceback (most recent call last):
    ...
    sqlverdict.errors.InputError: benchmark 'csv:x' must be KIND:PATH with KIND spider, bird, jsonl or gold (e.g. spider:../shared/data/spider)
    """
    import importlib

    kind, sep, path = spec.partition(":")
    if not sep or kind not in LOADERS:
        kinds = list(LOADERS)
        raise InputError(f"benchmark {spec!r} must be KIND:PATH with KIND "
                         f"{', '.join(kinds[:-1])} or {kinds[-1]} "
                         "(e.g. spider:../shared/data/spider)")
    if not Path(path).exists():
        raise InputError(f"benchmark path {path!r} does not exist (check the path)")
    module, _, func = LOADERS[kind].partition(":")
    return getattr(importlib.import_module(module), func)(path)
