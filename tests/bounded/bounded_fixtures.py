"""Loader for verdict fixtures (tests/fixtures/verdicts/*.sql).

A file holds cases separated by blank lines; each case has ``# title:``, optional
``# bound:`` (default 3), ``# semantics:`` (default set), ``# expect:`` (refuted, verified,
unknown) and optional ``# reason:`` (a substring of the reason), then the gold and the
predicted query, each ending with ``;``. ``# schema: FILE`` at the top of a file names
the DDL (default ``schema.ddl`` beside the fixtures).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from sqlverdict.schema import from_ddl_file

DIR = Path(__file__).resolve().parents[1] / "fixtures" / "verdicts"


@dataclass(frozen=True)
class Case:
    file: str
    title: str
    gold: str
    pred: str
    expect: str
    bound: int = 3
    semantics: str = "set"
    reason: str = ""
    schema_file: str = "schema.ddl"

    @property
    def id(self) -> str:
        return f"{self.file}:{self.title}"

    def schema(self):
        return from_ddl_file(DIR / self.schema_file, Path(self.schema_file).stem)


def load_cases() -> list[Case]:
    cases = []
    for path in sorted(DIR.glob("*.sql")):
        text = path.read_text(encoding="utf-8")
        schema_file = "schema.ddl"
        for block in text.split("\n\n"):
            meta, sql = {}, []
            for line in block.strip().splitlines():
                if line.startswith("# ") and ":" in line:
                    k, v = line[2:].split(":", 1)
                    meta[k.strip()] = v.strip()
                elif line.strip():
                    sql.append(line)
            if "schema" in meta and "title" not in meta:
                schema_file = meta["schema"]
                continue
            if not meta:
                continue
            stmts = [s.strip() for s in " ".join(sql).split(";") if s.strip()]
            assert len(stmts) == 2, f"{path.name}: {meta.get('title')}: expected 2 queries, got {len(stmts)}"
            cases.append(Case(path.name, meta["title"], stmts[0], stmts[1], meta["expect"],
                              int(meta.get("bound", 3)), meta.get("semantics", "set"),
                              meta.get("reason", ""), meta.get("schema", schema_file)))
    titles = [c.id for c in cases]
    assert len(titles) == len(set(titles)), "duplicate fixture titles"
    return cases
