"""VeriEQL-style pair files as ``verify-batch`` pairs.

The equivalence benchmarks of the VeriEQL paper (OOPSLA 2024: Calcite rewrite pairs,
literature pairs, LeetCode pairs) describe each pair by one JSON object, one per line:
``schema`` maps a table to its columns and declared types, ``constraint`` lists integrity
constraints over ``TABLE__COLUMN`` names (``{"primary": [{"value": ...}, ...]}``,
``{"foreign": [{"value": CHILD}, {"value": PARENT}]}``, ``{"not_null": {"value": ...}}``),
and ``pair`` holds the two queries; ``index`` (and ``benchmark``) name it. This module reads
that description (written from the paper's and the repository's published description of the
format, not from its code) and writes one ``verify-batch`` line per pair, the schema as
inline DDL:

    {"id": "calcite:1", "gold": "...", "pred": "...", "schema": "CREATE TABLE ...",
     "dialect": "postgres"}

The queries are standard SQL as Calcite and the papers print them, so they are read as
``dialect`` (PostgreSQL by default: it has the standard's ``EXCEPT ALL``, ``VALUES ... AS
t (x, y)``, ``ROLLUP``) and translated to SQLite by the verifier. Identifiers that Calcite
invents with a ``$`` (``$f0``, ``EXPR$0``) are quoted, so that they parse as names. A
constraint of another kind is not expressible as DDL here: it is listed in the line's
``"dropped_constraints"`` (the verifier then searches more databases than the benchmark
allows: a proof still holds, a refutation may rest on a database the benchmark excludes),
and counted in the result of ``convert``. With ``dialect="auto"`` the lines carry no
dialect: ``verify-batch`` reads each pair as SQLite runs it, and where SQLite rejects one of
its queries, in the first dialect that makes both run (``oracles.bounded.infer``). The
default stays ``postgres``: a file of such pairs is one set written for one engine, and a
pair SQLite also reads may mean another thing there (``ORDER BY c`` and ``ORDER BY c NULLS
LAST`` are the same query in PostgreSQL, not in SQLite).

>>> line = {"index": 7, "schema": {"EMP": {"EMPNO": "INT", "DEPTNO": "INT"}, "DEPT": {"DEPTNO": "INT"}},
...         "constraint": [{"primary": [{"value": "EMP__EMPNO"}]}, {"primary": [{"value": "DEPT__DEPTNO"}]},
...                        {"foreign": [{"value": "EMP__DEPTNO"}, {"value": "DEPT__DEPTNO"}]},
...                        {"not_null": {"value": "EMP__DEPTNO"}}],
...         "pair": ["SELECT DEPTNO AS $f0 FROM EMP", "SELECT DEPTNO FROM EMP"]}
>>> d = pair_line(line, "calcite")
>>> d["id"], d["gold"]
('calcite:7', 'SELECT DEPTNO AS "$f0" FROM EMP')
>>> print(d["schema"])
CREATE TABLE "EMP" ("EMPNO" INT NOT NULL, "DEPTNO" INT NOT NULL, PRIMARY KEY ("EMPNO"), FOREIGN KEY ("DEPTNO") REFERENCES "DEPT" ("DEPTNO"));
CREATE TABLE "DEPT" ("DEPTNO" INT NOT NULL, PRIMARY KEY ("DEPTNO"));
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import InputError

KINDS = ("primary", "foreign", "not_null")
# ``dialect=AUTO``: lines without a dialect; ``verify-batch`` reads them as SQLite, and in
# another dialect where SQLite rejects a query (``oracles.bounded.infer``)
AUTO = "auto"


@dataclass
class Converted:
    pairs: int = 0
    skipped: list[str] = field(default_factory=list)  # "line N: why"
    dropped: dict[str, int] = field(default_factory=dict)  # constraint kind -> pairs


def convert(src: str | Path, out: str | Path, *, dialect: str = "postgres",
            name: str | None = None) -> Converted:
    """Write the pairs of the VeriEQL-style file ``src`` (JSON lines, or one JSON array) to
    ``out`` as ``verify-batch`` lines. A line that is not such a pair is skipped with the
    reason; nothing else stops the conversion."""
    p = Path(src)
    if not p.is_file():
        raise InputError(f"pair file {str(p)!r} does not exist (check the path)")
    text = p.read_text(encoding="utf-8")
    try:
        items = json.loads(text) if text.lstrip().startswith("[") else None
    except (json.JSONDecodeError, RecursionError) as e:
        raise InputError(f"pair file {str(p)!r} is not a JSON array: {e}") from None
    if items is None:
        items = []
        for raw in text.splitlines():
            if raw.strip():
                try:
                    items.append(json.loads(raw))
                except (json.JSONDecodeError, RecursionError) as e:
                    items.append(f"not JSON ({e})")
    res = Converted()
    seen: set = set()
    Path(out).parent.mkdir(parents=True, exist_ok=True)
    with open(out, "w", encoding="utf-8") as f:
        for n, item in enumerate(items, 1):
            try:
                d = pair_line(item, name or p.stem, dialect=dialect, position=n)
            except InputError as e:
                res.skipped.append(f"line {n}: {e}")
                continue
            if d["id"] in seen:
                d["id"] = f"{d['id']}#{n}"
            seen.add(d["id"])
            for kind in {c.split(":", 1)[0] for c in d.get("dropped_constraints", [])}:
                res.dropped[kind] = res.dropped.get(kind, 0) + 1
            f.write(json.dumps(d, ensure_ascii=False) + "\n")
            res.pairs += 1
    return res


def pair_line(item, name: str, *, dialect: str = "postgres", position: int = 0) -> dict:
    """One pair as a ``verify-batch`` line; ``InputError`` naming what is missing."""
    if not isinstance(item, dict):
        raise InputError(str(item) if isinstance(item, str) else "not a JSON object")
    pair = item.get("pair")
    if not (isinstance(pair, list) and len(pair) == 2 and all(isinstance(q, str) for q in pair)):
        raise InputError('"pair" must be a list of two SQL strings')
    schema = item.get("schema")
    if not (isinstance(schema, dict) and schema and all(
            isinstance(cols, dict) and cols for cols in schema.values())):
        raise InputError('"schema" must map each table to {column: type}')
    ddl, dropped = schema_ddl(schema, item.get("constraint") or [])
    index = item.get("index", position)
    d = {"id": f"{name}:{index}", "gold": quote_dollar_names(pair[0]),
         "pred": quote_dollar_names(pair[1]), "schema": ddl}
    if dialect != AUTO:
        d["dialect"] = dialect
    if dropped:
        d["dropped_constraints"] = dropped
    return d


def schema_ddl(schema: dict, constraints: list) -> tuple[str, list[str]]:
    """CREATE TABLE statements for ``schema`` with the PRIMARY KEY, FOREIGN KEY and NOT NULL
    constraints; the constraints of other kinds, as text. Primary-key columns are declared
    NOT NULL too: the format's keys are standard SQL's, which SQLite's rowid tables do not
    enforce otherwise (they accept NULL in such a key)."""
    tables = {t.lower(): (t, cols) for t, cols in schema.items()}
    not_null: set = set()
    primary: dict[str, list[str]] = {}
    foreign: dict[str, list[tuple[str, str, str]]] = {}
    dropped = []
    for c in constraints:
        kind = next(iter(c), None) if isinstance(c, dict) and len(c) == 1 else None
        if kind not in KINDS:
            dropped.append(f"{kind or 'unreadable'}: {json.dumps(c)[:200]}")
            continue
        try:
            if kind == "not_null":
                not_null.add(_column(c[kind]["value"], tables))
            elif kind == "primary":
                cols = [_column(v["value"], tables) for v in c[kind]]
                if len({t for t, _ in cols}) != 1:
                    raise InputError("a primary key spans several tables")
                primary[cols[0][0]] = [col for _, col in cols]
            else:
                (ct, cc), (pt, pc) = (_column(v["value"], tables) for v in c[kind])
                foreign.setdefault(ct, []).append((cc, pt, pc))
        except (InputError, KeyError, TypeError, ValueError) as e:
            dropped.append(f"{kind}: {json.dumps(c)[:200]} ({e})")
    out = []
    for t, cols in primary.items():
        not_null |= {(t, c.lower()) for c in cols}
    for key, (table, cols) in tables.items():
        parts = [_q(col) + _type(ty) + (" NOT NULL" if (key, col.lower()) in not_null else "")
                 for col, ty in cols.items()]
        if key in primary:
            parts.append("PRIMARY KEY (" + ", ".join(_q(_name(cols, c)) for c in primary[key]) + ")")
        for cc, pt, pc in foreign.get(key, []):
            parts.append(f"FOREIGN KEY ({_q(_name(cols, cc))}) REFERENCES {_q(tables[pt][0])} "
                         f"({_q(_name(tables[pt][1], pc))})")
        out.append(f"CREATE TABLE {_q(table)} ({', '.join(parts)});")
    return "\n".join(out), dropped


def _type(ty) -> str:
    """The declared type as DDL text: a column the file leaves untyped (``null`` or ``""``)
    is declared without a type, as SQLite's untyped columns are (no affinity), never as a
    type named ``None``.

    >>> _type("INT"), _type(None), _type("")
    (' INT', '', '')
    """
    if ty is None or not str(ty).strip():
        return ""
    return f" {ty}"


def _column(value, tables: dict) -> tuple[str, str]:
    """``TABLE__COLUMN`` as (table, column), lower case, checked against the schema."""
    if not isinstance(value, str) or "__" not in value:
        raise InputError(f"{value!r} is not TABLE__COLUMN")
    for i in [m.start() for m in re.finditer("__", value)]:
        t, c = value[:i].lower(), value[i + 2:].lower()
        if t in tables and c in {k.lower() for k in tables[t][1]}:
            return t, c
    raise InputError(f"{value!r} names no column of the schema")


def _name(cols: dict, lower: str) -> str:
    return next(c for c in cols if c.lower() == lower)


def _q(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


_TOKEN = re.compile(r"""('(?:[^']|'')*')|("(?:[^"]|"")*")|(`[^`]*`)|([A-Za-z_$][A-Za-z0-9_$]*)""")


def quote_dollar_names(sql: str) -> str:
    """Identifiers with a ``$`` (Calcite's ``$f0``, ``EXPR$0``) in double quotes; strings and
    quoted names untouched.

    >>> quote_dollar_names("SELECT EXPR$0, '$x' FROM (SELECT 1 AS EXPR$0) AS t WHERE $f1 > 0")
    'SELECT "EXPR$0", \\'$x\\' FROM (SELECT 1 AS "EXPR$0") AS t WHERE "$f1" > 0'
    """
    def sub(m):
        word = m.group(4)
        return f'"{word}"' if word and "$" in word else m.group(0)
    return _TOKEN.sub(sub, sql)
