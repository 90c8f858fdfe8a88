"""Parse SQL with sqlglot under one error policy.

``parse_statement`` returns the one statement of a text or raises ``InputError`` naming what
is wrong; ``try_parse`` returns None instead, for callers that only want facts when there
are some. Both read SQLite's dialect unless told otherwise, strip one trailing semicolon,
and treat sqlglot's own errors and its recursion limit on deeply nested input alike.

>>> parse_statement("SELECT a FROM t;").sql()
'SELECT a FROM t'
>>> parse_statement("SELECT 1; SELECT 2")
Traceback (most recent call last):
...
sqlverdict.errors.InputError: expected one SQL statement, got 2
>>> try_parse("SELECT (1") is None
True
"""

from __future__ import annotations

import logging

import sqlglot
from sqlglot import exp
from sqlglot.errors import SqlglotError

from ..errors import InputError

DIALECT = "sqlite"

# sqlglot logs "Falling back to parsing as a 'Command'" for statements it does not know:
# the caller gets the statement (or the error) and decides; the log line only adds noise.
logging.getLogger("sqlglot").setLevel(logging.ERROR)


def parse_statement(sql: str, *, dialect: str = DIALECT) -> exp.Expr:
    """The one statement of ``sql``; ``InputError`` when it does not parse or holds several."""
    if not isinstance(sql, str):
        raise InputError(f"SQL must be a string, not {type(sql).__name__}")
    try:
        trees = [t for t in sqlglot.parse(sql.strip().rstrip(";"), read=dialect) if t is not None]
    except SqlglotError as e:
        raise InputError(f"cannot parse SQL: {str(e).splitlines()[0]}") from None
    except RecursionError:
        raise InputError("cannot parse SQL: nested too deeply") from None
    except (ValueError, TypeError) as e:  # sqlglot on pathological input (NUL bytes, ...)
        raise InputError(f"cannot parse SQL: {type(e).__name__}: {e}") from None
    if len(trees) != 1:
        raise InputError(f"expected one SQL statement, got {len(trees)}")
    return trees[0]


def try_parse(sql: str, *, dialect: str = DIALECT) -> exp.Expr | None:
    """``parse_statement``, or None when it would raise."""
    try:
        return parse_statement(sql, dialect=dialect)
    except InputError:
        return None
