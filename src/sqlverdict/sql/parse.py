"""Parse SQL with sqlglot under one error policy, and read SQLite as SQLite runs it.

``parse_statement`` returns the one statement of a text or raises ``InputError`` naming what
is wrong; ``try_parse`` returns None instead, for callers that only want facts when there
are some. Both read SQLite's dialect unless told otherwise, strip one trailing semicolon,
and treat sqlglot's own errors and its recursion limit on deeply nested input alike.

``read_sqlite`` is for callers that reason about what a query *means* in SQLite (the
bounded verifier, canonical structure). sqlglot's SQLite dialect normalizes towards other
engines in ways SQLite does not: ``CAST(x AS NUMERIC)`` and ``CAST(x AS DECIMAL(10,2))``
become ``CAST(x AS REAL)``, ``BOOLEAN`` becomes ``INTEGER``, ``STRING`` becomes ``TEXT``
(SQLite gives both NUMERIC affinity), ``CAST(d AS DATE)`` becomes ``DATE(d)``, ``mod(a, b)``
(a real-valued function in SQLite) becomes ``a % b``, and a unary ``+`` (which drops a
column's affinity) disappears. ``read_sqlite`` first writes every CAST target as the
affinity SQLite gives its type name (the only thing SQLite's CAST reads of it), then parses
with ``SQLITE`` (the ``sqliteasrun`` dialect: ``mod`` stays a function, unary plus stays
visible as ``UNARY_PLUS(...)``, NUMERIC is generated as NUMERIC). Trees read this way must
be generated with ``dialect=SQLITE``.

>>> read_sqlite("SELECT CAST(a AS STRING), CAST(b AS DECIMAL(10, 2)), mod(a, 2), +a FROM t").sql(SQLITE)
'SELECT CAST(a AS NUMERIC), CAST(b AS NUMERIC), MOD(a, 2), UNARY_PLUS(a) FROM t'

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
from sqlglot.dialects.sqlite import SQLite
from sqlglot.errors import SqlglotError
from sqlglot.tokens import TokenType

from ..errors import InputError
from ..types import affinity
from .limits import parenthesised_limits

DIALECT = "sqlite"
SQLITE = "sqliteasrun"


class Sqliteasrun(SQLite):
    """SQLite as SQLite runs it (see the module docstring); sqlglot registers it by name."""

    class Parser(SQLite.Parser):
        FUNCTIONS = {k: v for k, v in SQLite.Parser.FUNCTIONS.items() if k != "MOD"}
        UNARY_PARSERS = {
            **SQLite.Parser.UNARY_PARSERS,
            TokenType.PLUS: lambda self: exp.Anonymous(this="UNARY_PLUS",
                                                       expressions=[self._parse_unary()]),
        }

    class Generator(SQLite.Generator):
        TYPE_MAPPING = {**SQLite.Generator.TYPE_MAPPING, exp.DataType.Type.DECIMAL: "NUMERIC"}

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
        trees = _limits_parenthesised(sql, dialect)
        if trees is None:
            raise InputError(f"cannot parse SQL: {str(e).splitlines()[0]}") from None
    except RecursionError:
        raise InputError("cannot parse SQL: nested too deeply") from None
    except (ValueError, TypeError) as e:  # sqlglot on pathological input (NUL bytes, ...)
        raise InputError(f"cannot parse SQL: {type(e).__name__}: {e}") from None
    if len(trees) != 1:
        raise InputError(f"expected one SQL statement, got {len(trees)}")
    return trees[0]


def _limits_parenthesised(sql: str, dialect: str) -> list | None:
    """The statements of ``sql`` with its LIMIT/OFFSET expressions parenthesised
    (``limits.parenthesised_limits``: sqlglot fails on ``LIMIT 2 - (SELECT ..) % 2``), or
    None when that changes nothing or still does not parse."""
    text = sql.strip().rstrip(";")
    again = parenthesised_limits(text, dialect)
    if again == text:
        return None
    try:
        return [t for t in sqlglot.parse(again, read=dialect) if t is not None]
    except (SqlglotError, RecursionError, ValueError, TypeError):
        return None


def read_sqlite(sql: str) -> exp.Expr:
    """The one statement of ``sql`` as SQLite runs it; ``InputError`` as ``parse_statement``."""
    if not isinstance(sql, str):
        raise InputError(f"SQL must be a string, not {type(sql).__name__}")
    return parse_statement(cast_types_as_affinities(sql), dialect=SQLITE)


_AFFINITY_KEYWORD = {"INTEGER": "INTEGER", "TEXT": "TEXT", "BLOB": "BLOB", "REAL": "REAL",
                     "NUMERIC": "NUMERIC"}


def cast_types_as_affinities(sql: str) -> str:
    """Every ``CAST(x AS type)`` target written as the affinity SQLite gives that type name.

    >>> cast_types_as_affinities("SELECT CAST(a AS UNSIGNED BIG INT), cast(b as varchar(3)) FROM t")
    'SELECT CAST(a AS INTEGER), cast(b as TEXT) FROM t'
    """
    try:
        tokens = SQLite().tokenize(sql)
    except (SqlglotError, ValueError, TypeError, RecursionError):
        return sql
    edits = []
    for i, t in enumerate(tokens):
        if not (t.text.upper() == "CAST" and i + 1 < len(tokens)
                and tokens[i + 1].token_type == TokenType.L_PAREN):
            continue
        depth, as_at, end = 0, None, None
        for j in range(i + 1, len(tokens)):
            tt = tokens[j].token_type
            if tt == TokenType.L_PAREN:
                depth += 1
            elif tt == TokenType.R_PAREN:
                depth -= 1
                if depth == 0:
                    end = j
                    break
            elif tt == TokenType.ALIAS and depth == 1:
                as_at = j
        if as_at is None or end is None or as_at + 1 >= end:
            continue
        first, last = tokens[as_at + 1], tokens[end - 1]
        declared = sql[first.start:last.end + 1]
        edits.append((first.start, last.end + 1, _AFFINITY_KEYWORD[affinity(declared)]))
    for start, stop, word in sorted(edits, reverse=True):
        sql = sql[:start] + word + sql[stop:]
    return sql


def try_parse(sql: str, *, dialect: str = DIALECT) -> exp.Expr | None:
    """``parse_statement``, or None when it would raise."""
    try:
        return parse_statement(sql, dialect=dialect)
    except InputError:
        return None
