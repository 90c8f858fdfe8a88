"""The constraint file: mined domain constraints that people read and edit by hand.

A file is one JSON object (documented by ``constraints.schema.json`` next to this module)::

    {"format": "sqlverdict-constraints", "version": 1, "database": "concert_singer",
     "source": "path/to/db.sqlite", "miner": {...options...}, "validation": {...summary...},
     "descriptions": {"singer": {"Age": "age in years"}},
     "constraints": [ {"id": "range:singer.Age", "kind": "range", "table": "singer",
                       "columns": ["Age"], "params": {"strict": [25, 52], "loose": [0, 97],
                       "semantic": null, "bound": "strict"},
                       "evidence": {"support": 6, "violations": 0},
                       "validation": {"decision": "pending", "by": "none", "rationale": ""},
                       "enabled": true}, ...]}

Kinds and their meaning on a row ``r`` (NULL handling follows SQL CHECK constraints: a
constraint that compares a NULL is satisfied, except ``not_null``):

- ``range``     ``lo <= r.c <= hi`` with (lo, hi) = ``params[params["bound"]]``
- ``in``        ``r.c IN params["values"]``
- ``not_null``  ``r.c IS NOT NULL``
- ``fd``        columns ``[a, b]``: rows equal (and not NULL) on ``a`` are equal on ``b``
                (NULL equal to NULL)
- ``order``     columns ``[a, b]``: ``r.a <op> r.b`` with ``op`` = ``params["op"]`` (<= or >=)

Only constraints with ``enabled: true`` are used by the verifier; validation sets
``enabled`` from its decision, and you can flip it by hand.

>>> c = Constraint("range", "t", ["x"], {"strict": [1, 5], "loose": [0, 11], "semantic": None,
...                                       "bound": "loose"})
>>> c.id, c.active_range()
('range:t.x', (0, 11))
>>> cs = ConstraintSet("db", [c])
>>> ConstraintSet.from_json(cs.to_json()).constraints[0] == c
True
"""

from __future__ import annotations

import json
import os
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..errors import InputError

FORMAT = "sqlverdict-constraints"
VERSION = 1
KINDS = ("range", "in", "not_null", "fd", "order")
BOUNDS = ("strict", "loose", "semantic")
DECISIONS = ("pending", "keep", "drop", "error")
SCHEMA_PATH = Path(__file__).with_name("constraints.schema.json")


def _default_validation() -> dict[str, Any]:
    return {"decision": "pending", "by": "none", "rationale": ""}


@dataclass
class Constraint:
    kind: str
    table: str
    columns: list[str]
    params: dict[str, Any] = field(default_factory=dict)
    evidence: dict[str, Any] = field(default_factory=dict)
    validation: dict[str, Any] = field(default_factory=_default_validation)
    enabled: bool = True
    id: str = ""

    def __post_init__(self) -> None:
        if not self.id:
            self.id = make_id(self.kind, self.table, self.columns, self.params)

    def active_range(self) -> tuple[float, float] | None:
        """The (lo, hi) in force for a range constraint; None for other kinds or when the
        chosen bound is missing (e.g. ``semantic`` never filled in)."""
        if self.kind != "range":
            return None
        b = self.params.get(self.params.get("bound") or "strict")
        if not b or b[0] is None or b[1] is None:
            return None
        return (b[0], b[1])

    def describe(self) -> str:
        """One line in SQL-ish notation.

        >>> Constraint("order", "t", ["a", "b"], {"op": "<="}).describe()
        't.a <= t.b'
        """
        t = self.table
        if self.kind == "range":
            r = self.active_range()
            return f"{r[0]} <= {t}.{self.columns[0]} <= {r[1]}" if r else f"range {t}.{self.columns[0]} (no bound)"
        if self.kind == "in":
            vals = ", ".join(json.dumps(v) for v in self.params.get("values", []))
            return f"{t}.{self.columns[0]} IN ({vals})"
        if self.kind == "not_null":
            return f"{t}.{self.columns[0]} IS NOT NULL"
        if self.kind == "fd":
            return f"{t}.{self.columns[0]} -> {t}.{self.columns[1]}"
        return f"{t}.{self.columns[0]} {self.params.get('op', '<=')} {t}.{self.columns[1]}"

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "kind": self.kind, "table": self.table,
                "columns": list(self.columns), "params": self.params,
                "evidence": self.evidence, "validation": self.validation,
                "enabled": self.enabled}

    @classmethod
    def from_json(cls, d: dict[str, Any], where: str = "constraint") -> Constraint:
        _check_constraint(d, where)
        validation = {**_default_validation(), **(d.get("validation") or {})}
        return cls(d["kind"], d["table"], list(d["columns"]), dict(d.get("params") or {}),
                   dict(d.get("evidence") or {}), validation, bool(d.get("enabled", True)),
                   d.get("id") or "")


def make_id(kind: str, table: str, columns: list[str], params: dict[str, Any]) -> str:
    """A stable, readable id: ``kind:table.col[,col2]`` (plus the operator for ``order``)."""
    cols = ",".join(columns)
    suffix = params.get("op", "") if kind == "order" else ""
    return f"{kind}:{table}.{cols}{suffix}"


@dataclass
class ConstraintSet:
    database: str
    constraints: list[Constraint] = field(default_factory=list)
    source: str = ""
    miner: dict[str, Any] = field(default_factory=dict)
    validation: dict[str, Any] = field(default_factory=dict)
    descriptions: dict[str, dict[str, str]] = field(default_factory=dict)  # table -> col -> text

    def enabled(self) -> list[Constraint]:
        return [c for c in self.constraints if c.enabled]

    def by_table(self, table: str, *, only_enabled: bool = True) -> list[Constraint]:
        low = table.lower()
        return [c for c in self.constraints
                if c.table.lower() == low and (c.enabled or not only_enabled)]

    def get(self, cid: str) -> Constraint:
        for c in self.constraints:
            if c.id == cid:
                return c
        raise KeyError(cid)

    def counts(self, *, only_enabled: bool = False) -> dict[str, int]:
        out = {k: 0 for k in KINDS}
        for c in self.constraints:
            if c.enabled or not only_enabled:
                out[c.kind] += 1
        return out

    def to_json(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": VERSION, "database": self.database,
                "source": self.source, "miner": self.miner, "validation": self.validation,
                "descriptions": self.descriptions,
                "constraints": [c.to_json() for c in self.constraints]}

    @classmethod
    def from_json(cls, d: Any, where: str = "constraint file") -> ConstraintSet:
        if not isinstance(d, dict) or d.get("format") != FORMAT:
            raise InputError(f"{where}: not a sqlverdict constraint file "
                             f"(expected an object with \"format\": \"{FORMAT}\")")
        if d.get("version") != VERSION:
            raise InputError(f"{where}: unsupported version {d.get('version')!r} "
                             f"(this sqlverdict reads version {VERSION})")
        items = d.get("constraints")
        if not isinstance(items, list):
            raise InputError(f"{where}: \"constraints\" must be a list")
        cons = [Constraint.from_json(c, f"{where}: constraints[{i}]") for i, c in enumerate(items)]
        seen: set[str] = set()
        for c in cons:
            if c.id in seen:
                raise InputError(f"{where}: duplicate constraint id {c.id!r} (ids must be unique)")
            seen.add(c.id)
        return cls(str(d.get("database") or ""), cons, str(d.get("source") or ""),
                   dict(d.get("miner") or {}), dict(d.get("validation") or {}),
                   dict(d.get("descriptions") or {}))

    @classmethod
    def load(cls, path: str | Path) -> ConstraintSet:
        p = Path(path)
        if not p.is_file():
            raise InputError(f"constraint file {str(p)!r} does not exist (check the path, or "
                             "create one with `sqlverdict constraints mine`)")
        try:
            data = json.loads(p.read_text(encoding="utf-8"))
        except (json.JSONDecodeError, RecursionError) as e:
            raise InputError(f"constraint file {str(p)!r} is not valid JSON: {e}") from None
        return cls.from_json(data, where=str(p))

    def save(self, path: str | Path) -> None:
        """Write atomically (temporary file in the same directory, then rename)."""
        p = Path(path)
        p.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps(self.to_json(), indent=2, ensure_ascii=False) + "\n"
        fd, tmp = tempfile.mkstemp(prefix=p.name + ".", suffix=".tmp", dir=p.parent)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as f:
                f.write(text)
            os.replace(tmp, p)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise


def load_constraints(path: str | Path) -> ConstraintSet:
    return ConstraintSet.load(path)


def digest(path: str | Path) -> str:
    """A short content hash of a constraint file or directory of files, so that run
    journals recompute verdicts when the constraints change."""
    import hashlib

    p = Path(path)
    if not p.exists():
        raise InputError(f"constraints {str(p)!r} do not exist (give a constraint file or a "
                         "directory of <db_id>.json files)")
    h = hashlib.sha256()
    files = sorted(p.glob("*.json")) if p.is_dir() else [p]
    for f in files:
        h.update(f.name.encode() + b"\0" + f.read_bytes() + b"\0")
    return h.hexdigest()[:16]


def constraints_for_database(path: str | Path, db_id: str) -> ConstraintSet | None:
    """The constraint set for ``db_id`` from ``--constraints PATH`` in a multi-database run:
    a directory holding ``<db_id>.json`` (or ``<db_id>.<anything>.json``), or one file whose
    ``database`` is ``db_id``. None when there is none for this database.

    >>> import tempfile, pathlib
    >>> d = pathlib.Path(tempfile.mkdtemp())
    >>> ConstraintSet("pets_1").save(d / "pets_1.validated.json")
    >>> constraints_for_database(d, "pets_1").database, constraints_for_database(d, "x")
    ('pets_1', None)
    """
    p = Path(path)
    if p.is_dir():
        exact = p / f"{db_id}.json"
        if exact.is_file():
            return ConstraintSet.load(exact)
        found = sorted(p.glob(f"{db_id}.*.json"))
        return ConstraintSet.load(found[0]) if found else None
    cs = ConstraintSet.load(p)
    return cs if cs.database.lower() == db_id.lower() else None


def _check_constraint(d: Any, where: str) -> None:
    """Hand-written checks with messages that say what to fix (the JSON Schema documents
    the same rules for editors and other tools)."""
    if not isinstance(d, dict):
        raise InputError(f"{where}: must be an object")
    kind = d.get("kind")
    if kind not in KINDS:
        raise InputError(f"{where}: unknown kind {kind!r}; expected one of {', '.join(KINDS)}")
    if not isinstance(d.get("table"), str) or not d["table"]:
        raise InputError(f"{where}: \"table\" must be a non-empty string")
    cols = d.get("columns")
    want = 2 if kind in ("fd", "order") else 1
    if not isinstance(cols, list) or len(cols) != want or not all(isinstance(c, str) for c in cols):
        raise InputError(f"{where}: kind {kind!r} takes \"columns\" as a list of {want} names")
    params = d.get("params") or {}
    if not isinstance(params, dict):
        raise InputError(f"{where}: \"params\" must be an object")
    if kind == "range":
        bound = params.get("bound", "strict")
        if bound not in BOUNDS:
            raise InputError(f"{where}: params.bound {bound!r} must be one of {', '.join(BOUNDS)}")
        for b in BOUNDS:
            v = params.get(b)
            if v is None:
                continue
            if (not isinstance(v, list) or len(v) != 2
                    or not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in v)
                    or v[0] > v[1]):
                raise InputError(f"{where}: params.{b} must be [lo, hi] numbers with lo <= hi, "
                                 f"got {v!r}")
        if params.get(bound) is None:
            raise InputError(f"{where}: params.bound is {bound!r} but params.{bound} is missing")
    elif kind == "in":
        vals = params.get("values")
        if not isinstance(vals, list) or not vals:
            raise InputError(f"{where}: kind 'in' needs params.values, a non-empty list")
    elif kind == "order":
        if params.get("op") not in ("<=", ">="):
            raise InputError(f"{where}: kind 'order' needs params.op, '<=' or '>='")
    v = d.get("validation")
    if v is not None and (not isinstance(v, dict) or v.get("decision", "pending") not in DECISIONS):
        raise InputError(f"{where}: validation.decision must be one of {', '.join(DECISIONS)}")
    if "enabled" in d and not isinstance(d["enabled"], bool):
        raise InputError(f"{where}: \"enabled\" must be true or false")
