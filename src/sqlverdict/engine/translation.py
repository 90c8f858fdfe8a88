"""``translate(sql, dialect, schema)``: a query of another dialect as SQLite text that SQLite
runs on the schema, or the reason it cannot be.

``sql.dialect.to_sqlite`` translates; this adds the check that needs an engine: SQLite runs
the translation on the schema's empty tables (in memory, under the read-only guard). A
translation SQLite refuses (a column sqlglot spelled another way, a function the SQLite
build lacks) raises ``Untranslatable``: the query is not known to be wrong in its own
dialect, so callers report ``unknown``, never ``refuted``.

>>> from sqlverdict.schema import from_ddl
>>> s = from_ddl("CREATE TABLE t(a INT, d TEXT)")
>>> translate("SELECT a FROM t ORDER BY EXTRACT(YEAR FROM d) DESC LIMIT 1", "postgres", s)
"SELECT a FROM t ORDER BY CAST(STRFTIME('%Y', d) AS INTEGER) IS NULL DESC, CAST(STRFTIME('%Y', d) AS INTEGER) DESC LIMIT 1"
>>> translate("SELECT b FROM t", "postgres", s)
Traceback (most recent call last):
...
sqlverdict.sql.dialect.Untranslatable: unsupported: a translation SQLite rejects (no such column: b)
"""

from __future__ import annotations

from ..errors import ExecutionError
from ..sql.dialect import Untranslatable, to_sqlite
from ..types import Schema
from .scratch import ScratchDatabase


def translate(sql: str, dialect: str, schema: Schema, *,
              db: ScratchDatabase | None = None) -> str:
    """The SQLite text of ``sql`` (read as ``dialect``), checked to run on ``schema`` (in
    ``db`` when given: a scratch database of ``schema`` whose tables are empty)."""
    columns = {t.name.lower(): {c.name.lower(): "TEXT" for c in t.columns} for t in schema.tables}
    text = to_sqlite(sql, dialect, columns)
    own = db is None
    db = db or ScratchDatabase(schema)
    try:
        db.run(text)
    except ExecutionError as e:
        raise Untranslatable("a translation SQLite rejects", dialect, e.message) from None
    finally:
        if own:
            db.close()
    return text
