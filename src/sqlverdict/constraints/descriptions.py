"""Column descriptions in BIRD's format: one CSV per table in a directory
(``<table>.csv`` with ``original_column_name, column_name, column_description, data_format,
value_description``). Files are UTF-8 (with or without BOM); a few official BIRD files are
Windows-1252, which is read as such.

>>> import tempfile, pathlib
>>> d = pathlib.Path(tempfile.mkdtemp())
>>> _ = (d / "Account.csv").write_text("original_column_name,column_name,column_description,"
...     "data_format,value_description\\nfrequency,,frequency of the acount,text,"
...     "\\"POPLATEK MESICNE stands for monthly issuance\\"\\n")
>>> load_descriptions(d)["account"]["frequency"]["value_description"]
'POPLATEK MESICNE stands for monthly issuance'
>>> describe_column(load_descriptions(d), "ACCOUNT", "Frequency")
'frequency of the acount; values: POPLATEK MESICNE stands for monthly issuance'
"""

from __future__ import annotations

import csv
import io
from pathlib import Path

from ..errors import InputError

Descriptions = dict[str, dict[str, dict[str, str]]]  # table -> column -> fields (lower-case keys)


def _read_text(p: Path) -> str:
    raw = p.read_bytes()
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        return raw.decode("cp1252", errors="replace")


def load_descriptions(directory: str | Path) -> Descriptions:
    d = Path(directory)
    if not d.is_dir():
        raise InputError(f"descriptions directory {str(d)!r} does not exist (give the folder of "
                         "BIRD-style <table>.csv files, e.g. database_descriptions/<db_id>)")
    out: Descriptions = {}
    for f in sorted(d.glob("*.csv")):
        rows = list(csv.DictReader(io.StringIO(_read_text(f))))
        cols: dict[str, dict[str, str]] = {}
        for r in rows:
            name = (r.get("original_column_name") or "").strip()
            if not name:
                continue
            fields = {k: " ".join((r.get(k) or "").split())
                      for k in ("column_name", "column_description", "data_format",
                                "value_description")}
            if not fields["value_description"]:  # some BIRD files shift it into a nameless column
                extra = [r.get(""), *(r.get(None) or [])]
                fields["value_description"] = " ".join(
                    " ".join(x.split()) for x in extra if isinstance(x, str) and x.strip())
            cols[name.lower()] = fields
        out[f.stem.lower()] = cols
    return out


def describe_column(desc: Descriptions | None, table: str, column: str) -> str:
    """A one-line description of a column, or '' when none is known."""
    if not desc:
        return ""
    d = desc.get(table.lower(), {}).get(column.lower())
    if not d:
        return ""
    parts = []
    text = d.get("column_description") or d.get("column_name") or ""
    if text and text.lower() != column.lower():
        parts.append(text)
    elif d.get("column_name") and d["column_name"].lower() != column.lower():
        parts.append(d["column_name"])
    vd = d.get("value_description") or ""
    if vd and vd.lower() not in ("unuseful", "useless"):
        parts.append(f"values: {vd}")
    return "; ".join(parts)[:600]


def descriptions_for_tables(desc: Descriptions | None, tables: list[tuple[str, list[str]]]
                            ) -> dict[str, dict[str, str]]:
    """``{table: {column: description}}`` restricted to the given tables and columns."""
    out: dict[str, dict[str, str]] = {}
    for t, cols in tables:
        for c in cols:
            text = describe_column(desc, t, c)
            if text:
                out.setdefault(t, {})[c] = text
    return out
