"""``check_dialect``'s name lookup (``sqlglot.Dialect.get``, one module at most) against
the listing it replaced (``name in dialects()``, which imports every dialect module):
the same answer for every dialect name sqlglot has, and the same error for names it
lacks; and the lookup itself imports only the dialect it names."""

from __future__ import annotations

import difflib
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import sqlverdict
from sqlverdict.errors import InputError
from sqlverdict.sql.dialect import SQLITE_NAMES, check_dialect, dialects


def _listed(name: str) -> str | None:
    """What check_dialect answered before, by listing: the normalized name or None."""
    low = name.strip().lower()
    if low in SQLITE_NAMES:
        return None
    known = dialects()
    if low not in known:
        close = difflib.get_close_matches(low, known, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise InputError(f"unknown dialect {name!r}{hint} (sqlglot's names: {', '.join(known)})")
    return low


NAMES = dialects()
BAD = ["postgresql", "mysq", "", " ", "dialect", "dialects", "foo bar", "my-sql", "spark.sql",
       "../sqlite", "sqlglot", "Dialect", "tokens", "calcite2", "__init__", "1sql"]


def test_every_sqlglot_dialect_is_known():
    assert len(NAMES) > 20 and "postgres" in NAMES and "calcite" in NAMES
    assert "sqliteasrun" not in NAMES and "" not in NAMES
    for name in NAMES:
        for spelt in (name, name.upper(), f" {name.title()} "):
            assert check_dialect(spelt) == _listed(spelt)
            assert check_dialect(f"sqlite:{spelt}") == (
                None if name == "sqlite" else f"sqlite:{name}")


@pytest.mark.parametrize("bad", BAD)
def test_unknown_names_fail_as_before(bad):
    with pytest.raises(InputError) as listed:
        _listed(bad)
    spec = bad if bad.strip() else f"{bad}:postgres"  # an empty spec fails earlier
    with pytest.raises(InputError) as got:
        check_dialect(spec)
    if bad.strip():
        assert str(got.value) == str(listed.value)
    else:
        assert str(got.value).startswith(f"unknown dialect {bad!r} (sqlglot's names: ")


def test_sqlite_names_stay_sqlite():
    assert [check_dialect(n) for n in ("sqlite", "SQLiteAsRun", "sqlite:sqliteasrun")] == [None] * 3


def test_a_lookup_imports_only_the_dialect_it_names():
    """The cost the lookup removed: ``dialects()`` imported every dialect module."""
    code = (
        "import json, sys\n"
        "from sqlverdict.sql.dialect import check_dialect, dialects\n"
        "mods = lambda: {m for m in sys.modules if m.startswith('sqlglot.dialects.')}\n"
        "before = mods(); check_dialect('tsql'); check_dialect('mysql:postgres')\n"
        "after = mods(); dialects()\n"
        "print(json.dumps([sorted(after - before), len(mods() - after)]))\n")
    env = {**os.environ, "PYTHONPATH": str(Path(sqlverdict.__file__).parents[1])}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, env=env).stdout
    new, rest = json.loads(out)
    assert set(new) <= {"sqlglot.dialects.tsql", "sqlglot.dialects.mysql"}
    assert "sqlglot.dialects.tsql" in new
    assert rest > 10  # what listing the dialects would have imported
