"""The one loader for fixture files of SQL pairs (``tests/fixtures/<area>/*.sql``).

A file holds cases separated by blank lines. A case is ``# key: value`` header lines, then
two statements, each ending with ``;``. A header block without statements sets defaults
for the cases after it in the same file (``# schema: FILE``). Keys used by the areas:

- verdicts: ``title``, ``expect`` (the verdict of the prover alone), ``expect-search``
  (with the randomized search, default ``expect``), ``bound`` (3), ``semantics`` (set),
  ``timeout`` (30), ``reason`` (a substring of the reason), ``method``, ``cause``,
  ``schema`` (a DDL file beside the fixtures, default ``schema.ddl``), ``tier: deep`` (the
  solver takes seconds on it: run by ``-m slow``, ``tests/helpers/tiers.py``);
- canon: ``title``, ``db`` (a Spider database), ``expect`` (same / different).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures"


@dataclass(frozen=True)
class Case:
    path: Path
    title: str
    gold: str
    pred: str
    meta: dict = field(default_factory=dict)

    @property
    def id(self) -> str:
        return f"{self.path.name}:{self.title}"

    def get(self, key: str, default: str = "") -> str:
        return self.meta.get(key, default)

    # ---- verdict fixtures

    @property
    def expect(self) -> str:
        return self.meta["expect"]

    @property
    def expect_search(self) -> str:
        return self.meta.get("expect-search", self.expect)

    @property
    def bound(self) -> int:
        return int(self.meta.get("bound", 3))

    @property
    def semantics(self) -> str:
        return self.meta.get("semantics", "set")

    @property
    def timeout(self) -> float:
        return float(self.meta.get("timeout", 30))

    @property
    def schema_file(self) -> Path:
        return self.path.parent / self.meta.get("schema", "schema.ddl")

    def schema(self):
        return _schema(str(self.schema_file))


_SCHEMAS: dict = {}


def _schema(path: str):
    if path not in _SCHEMAS:
        from sqlverdict.schema import from_ddl_file

        _SCHEMAS[path] = from_ddl_file(path, Path(path).stem)
    return _SCHEMAS[path]


def load(area: str) -> list[Case]:
    """Every case of ``tests/fixtures/<area>/*.sql``, in file order."""
    cases = []
    for path in sorted((FIXTURES / area).glob("*.sql")):
        defaults: dict[str, str] = {}
        for n, block in enumerate(path.read_text(encoding="utf-8").split("\n\n")):
            meta, sql = {}, []
            for line in block.strip().splitlines():
                if line.startswith("#") and ":" in line:
                    k, v = line.lstrip("#").split(":", 1)
                    meta[k.strip()] = v.strip()
                elif line.strip() and not line.startswith("#"):
                    sql.append(line)
            if not sql:
                if "title" not in meta:
                    defaults.update(meta)
                continue
            stmts = [s.strip() for s in " ".join(sql).split(";") if s.strip()]
            title = meta.get("title", f"case-{n}")
            assert len(stmts) == 2, f"{path.name}: {title}: expected 2 queries, got {len(stmts)}"
            cases.append(Case(path, title, stmts[0], stmts[1], {**defaults, **meta}))
    ids = [c.id for c in cases]
    assert len(ids) == len(set(ids)), f"duplicate fixture titles in {area}"
    return cases
