"""The official evaluators' inputs as a benchmark: a gold file of ``SQL<TAB>db_id`` lines
(Spider's ``dev_gold.sql``, BIRD's ``dev_gold.sql``), a folder of databases and a
``tables.json``; optionally BIRD's ``dev.json`` for each question's ``difficulty``.

``gold:FILE`` finds the databases and tables next to the file (``database/`` or
``dev_databases/``, ``tables.json`` or ``dev_tables.json``), as the two benchmarks ship them;
``load_gold`` takes them explicitly (``sqlverdict eval --gold --db --table``).
Examples are numbered by line from 0, so predictions align by position.
"""

from __future__ import annotations

import json
from pathlib import Path

from .. import schema as schema_mod
from ..errors import InputError
from ..types import Example
from .loader import Benchmark, _find_db, _schemas_for


def _first(root: Path, names: tuple[str, ...], want_dir: bool) -> Path | None:
    for n in names:
        p = root / n
        if (p.is_dir() if want_dir else p.is_file()):
            return p
    return None


def load_gold(path: str | Path, db_dir: str | Path | None = None,
              tables: str | Path | None = None,
              difficulty: str | Path | None = None) -> Benchmark:
    """Examples from a gold file; see the module docstring."""
    p = Path(path)
    if not p.is_file():
        raise InputError(f"gold file {str(p)!r} does not exist (check --gold)")
    root = p.parent
    dbs_root = Path(db_dir) if db_dir else _first(
        root, ("database", "dev_databases", "databases"), want_dir=True) or root / "database"
    if db_dir and not dbs_root.is_dir():
        raise InputError(f"database folder {str(dbs_root)!r} does not exist (check --db)")
    tables_file = Path(tables) if tables else _first(root, ("tables.json", "dev_tables.json"),
                                                    want_dir=False)
    if tables and not tables_file.is_file():
        raise InputError(f"tables file {str(tables_file)!r} does not exist (check --table)")
    schemas = schema_mod.from_tables_json(tables_file) if tables_file else {}

    levels = _difficulties(Path(difficulty)) if difficulty else None
    examples, skipped, found = [], {}, {}
    lines = p.read_text(encoding="utf-8").splitlines()
    for lineno, line in enumerate(lines, 1):
        if not line.strip():
            continue
        sql, tab, db_id = line.rpartition("\t")
        if not tab or not sql.strip() or not db_id.strip():
            raise InputError(f"{str(p)!r} line {lineno}: expected 'SQL<TAB>db_id' (the "
                             "official gold format)")
        db_id = db_id.strip()
        if db_id not in found:
            found[db_id] = _find_db(dbs_root, db_id)
        db = found[db_id]
        i = len(examples)
        extra = {}
        if levels is not None:
            if i >= len(levels):
                raise InputError(f"{str(difficulty)!r} has {len(levels)} questions but the gold "
                                 f"file has more lines; pass the dev.json of this gold file")
            extra["difficulty"] = levels[i]
        ex = Example(str(i), db_id, "", sql.strip(), str(db) if db else None, index=i,
                     extra=extra)
        if db is None:
            skipped[ex.id] = f"no database: {db_id} has no SQLite file under {dbs_root}"
        examples.append(ex)
    _check_databases(found, dbs_root, given=db_dir is not None)
    if levels is not None and len(levels) != len(examples):
        raise InputError(f"{str(difficulty)!r} has {len(levels)} questions, the gold file "
                         f"{len(examples)}; pass the dev.json of this gold file")
    return Benchmark("gold", p, examples, _schemas_for(found, dbs_root, schemas), skipped)


def _check_databases(found: dict[str, Path | None], root: Path, given: bool) -> None:
    """Most databases missing is a wrong folder, not missing data: an error that names the
    folder, what it should hold, and the likely right one. (A few missing, like Spider's
    ``wta_1`` that ships without rows, are skipped with the reason.)"""
    missing = sorted(d for d, p in found.items() if p is None)
    if not found or len(missing) * 2 <= len(found):
        return
    flag = "--db" if given else "no --db given, so the folder next to the gold file"
    hint = ""
    subdirs = sorted(d for d in root.iterdir() if d.is_dir()) if root.is_dir() else []
    near = [c for c in (root.parent, *subdirs) if c.is_dir()]
    for cand in near:
        if sum(_find_db(cand, d) is not None for d in found) * 2 > len(found):
            hint = f"; {str(cand)!r} holds them: pass --db {cand}"
            break
    raise InputError(
        f"database folder {str(root.absolute())!r} ({flag}) has no SQLite file for {len(missing)} of the "
        f"{len(found)} databases the gold file names ({', '.join(missing[:3])}"
        f"{', ...' if len(missing) > 3 else ''}); expected <db_id>/<db_id>.sqlite under it"
        f"{hint}")


def _difficulties(path: Path) -> list[str | None]:
    if not path.is_file():
        raise InputError(f"difficulty file {str(path)!r} does not exist (check --diff)")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (json.JSONDecodeError, RecursionError) as e:
        raise InputError(f"difficulty file {str(path)!r} is not valid JSON: {e}") from None
    if not isinstance(data, list):
        raise InputError(f"difficulty file {str(path)!r} must be a list of questions with "
                         "'difficulty' (BIRD's dev.json)")
    return [d.get("difficulty") if isinstance(d, dict) else None for d in data]
