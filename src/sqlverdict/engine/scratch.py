"""An in-memory database of a schema, refilled for each candidate, that runs user SQL under
the same read-only guard and budgets as the execution oracle.

The bounded verifier tries many small candidate databases (the solver's models while they
are minimized, the randomized search's instances); creating the tables once and refilling
them is much cheaper than a new database per candidate. Only ``fill`` writes, with the
guard lifted; queries run with it in place (``engine.execute.run_query`` on a connection
with the authorizer installed), so a prediction cannot write, attach or read files here
either.

>>> from sqlverdict.schema import from_ddl
>>> s = from_ddl("CREATE TABLE t(a INT PRIMARY KEY, b TEXT)")
>>> with ScratchDatabase(s) as db:
...     db.fill({"t": {"columns": ["a", "b"], "rows": [[1, "x"], [2, None]]}})
...     db.run("SELECT count(b) FROM t").rows
''
[(1,)]
>>> with ScratchDatabase(s) as db:
...     db.fill({"t": {"columns": ["a", "b"], "rows": [[1, "x"], [1, "y"]]}})
'rows do not fit the schema: UNIQUE constraint failed: t.a'
"""

from __future__ import annotations

import sqlite3

from ..types import Schema
from .execute import Result, guard, owner_writes, run_query, scratch_database
from .materialize import insert_rows, table_statements

QUERY_TIMEOUT_S = 10.0


class ScratchDatabase:
    def __init__(self, schema: Schema):
        self.schema = schema
        self.conn = scratch_database(check_same_thread=False)
        with owner_writes(self.conn):
            for t in schema.tables:
                for sql in table_statements(t):
                    self.conn.execute(sql)

    def fill(self, tables: dict[str, dict]) -> str:
        """Replace every table's rows by ``tables`` (the witness shape); '' on success, else
        why SQLite refused them (a key, NOT NULL, a rowid alias holding text)."""
        rows = {k.lower(): v["rows"] for k, v in tables.items()}
        with owner_writes(self.conn):
            try:
                self.conn.execute("BEGIN")
                for t in self.schema.tables:
                    insert_rows(self.conn, t, rows.get(t.name.lower()), replace=True)
                self.conn.execute("COMMIT")
                return ""
            except (sqlite3.Error, OverflowError) as e:
                if self.conn.in_transaction:
                    self.conn.execute("ROLLBACK")
                return f"rows do not fit the schema: {e}"

    def run(self, sql: str, timeout_s: float = QUERY_TIMEOUT_S) -> Result:
        """Run one query under the read-only guard; ``ExecutionError`` as ``run_query``."""
        with guard(self.conn):
            return run_query(self.conn, sql, timeout_s=timeout_s)

    def close(self) -> None:
        self.conn.close()

    def __enter__(self) -> ScratchDatabase:
        return self

    def __exit__(self, *exc) -> None:
        self.close()
