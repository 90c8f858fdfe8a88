"""Queries written for another engine, translated to SQLite once.

``to_sqlite(sql, dialect)`` reads ``sql`` in one of sqlglot's dialects (``postgres``,
``mysql``, ``bigquery``, ``snowflake``, ``duckdb``, ...), rewrites the standard constructs
SQLite lacks into SQL it runs (``sql.standard``: grouping sets, ``EXCEPT ALL`` and
``INTERSECT ALL``, date parts, NULL ordering) and generates SQLite with sqlglot, which maps
the rest (typed division, ``IFNULL``, ``ILIKE``, ``DISTINCT ON``, ``QUALIFY``, quoting,
``LIMIT a, b``, ...). It raises:

- ``InputError`` when ``sql`` does not parse in that dialect;
- ``Untranslatable`` (an ``UnsupportedSQL``) naming the construct when SQLite has no
  counterpart: sqlglot refuses to generate it (``unsupported_level=RAISE``: never SQL that
  SQLite reads with another meaning), or the SQLite text calls a function SQLite lacks.

``engine.translation.translate`` adds the last check: SQLite runs the translation on the
schema's empty tables. A translation SQLite refuses says nothing about the query in its own
dialect, so callers report ``unknown``, never ``refuted``.

What the translation decides under: SQLite's semantics of the translated text. It keeps
what sqlglot models (integer versus real division, NULL ordering, string functions'
names, the case-sensitivity of ``LIKE``); it does not change collations (MySQL compares text
with ``=`` case-insensitively by default, SQLite does not) or the storage of dates (the
SQLite database holds ISO text).

>>> to_sqlite("SELECT a FROM t WHERE b ILIKE '%x%' ORDER BY a DESC", "postgres")
"SELECT a FROM t WHERE b LIKE '%x%' ORDER BY a IS NULL DESC, a DESC"
>>> to_sqlite("SELECT IFNULL(a, 0) / 2 FROM t LIMIT 1, 2", "mysql")
'SELECT CAST(COALESCE(a, 0) AS REAL) / 2 FROM t LIMIT 2 OFFSET 1'
>>> to_sqlite("SELECT SPLIT_PART(a, ',', 1) FROM t", "postgres")
Traceback (most recent call last):
...
sqlverdict.sql.dialect.Untranslatable: unsupported: function SPLIT_PART (postgres has no SQLite counterpart)
"""

from __future__ import annotations

import functools
import sqlite3

import sqlglot
from sqlglot import exp
from sqlglot.errors import ErrorLevel, SqlglotError, UnsupportedError

from ..errors import InputError, UnsupportedSQL

# (importing .calcite registers the `calcite` dialect with sqlglot)
from .calcite import calcite_constructs, dollar_names, empty_grouping, sum0, without_character_sets
from .parse import parse_statement
from .standard import to_sqlite_constructs

# Names that mean "no translation": the verifier reads SQLite as SQLite runs it.
SQLITE_NAMES = ("sqlite", "sqliteasrun")


class Untranslatable(UnsupportedSQL):
    """A construct of the source dialect that SQLite cannot express; ``construct`` names it."""

    def __init__(self, construct: str, dialect: str, detail: str = ""):
        self.dialect = dialect
        super().__init__(construct, detail or f"{dialect} has no SQLite counterpart")


def dialects() -> list[str]:
    """sqlglot's dialect names."""
    return sorted(d for d in sqlglot.Dialect.classes if d and d not in SQLITE_NAMES[1:])


def check_dialect(spec: str | None) -> str | None:
    """The dialect of a pair: ``NAME`` for both queries, or ``GOLD:PRED`` when the gold and
    the prediction differ (``sqlite:postgres``: a SQLite gold, a PostgreSQL prediction).
    Returns the spec normalized (lower case, one name when both are the same), or None when
    both are SQLite (no translation); ``InputError`` naming the known dialects for a name
    sqlglot does not have.

    >>> check_dialect("Postgres"), check_dialect("sqlite:postgres"), check_dialect("mysql:MySQL")
    ('postgres', 'sqlite:postgres', 'mysql')
    >>> check_dialect("sqlite"), check_dialect(None)
    (None, None)
    >>> check_dialect("postgresql")
    Traceback (most recent call last):
    ...
    sqlverdict.errors.InputError: unknown dialect 'postgresql'; did you mean 'postgres'? (sqlglot's names: athena, bigquery, ...)
    """
    if spec is None:
        return None
    if not isinstance(spec, str) or not spec.strip() or spec.count(":") > 1:
        raise InputError(f"dialect must be NAME or GOLD:PRED with sqlglot's names, got {spec!r}")
    gold, _, pred = spec.partition(":")
    names = [_name(gold), _name(pred or gold)]
    if names[0] == names[1]:
        return None if names[0] == "sqlite" else names[0]
    return ":".join(names)


def sides(spec: str | None) -> tuple[str | None, str | None]:
    """(gold dialect, prediction dialect) of a checked spec; None for SQLite.

    >>> sides("sqlite:postgres"), sides("mysql"), sides(None)
    ((None, 'postgres'), ('mysql', 'mysql'), (None, None))
    """
    if spec is None:
        return None, None
    gold, _, pred = spec.partition(":")
    pred = pred or gold
    return (None if gold == "sqlite" else gold), (None if pred == "sqlite" else pred)


def _known(low: str) -> bool:
    """Whether ``low`` is one of ``dialects()``, loading at most that one dialect's module.

    ``dialects()`` reads ``sqlglot.Dialect.classes``, which imports every dialect module
    sqlglot ships (about 0.3 s) and, once ``calcite`` is registered besides them, walks all
    of them again on every call; a pair verified in a freshly forked process paid that
    import on each pair (two thirds of its time on the prover corpus). ``Dialect.get`` is
    a dict lookup for a registered dialect and imports only the named module otherwise;
    the names it knows are the names ``dialects()`` lists (``tests/sql/test_dialect.py``
    checks every one, and misspellings)."""
    if not low.isidentifier() or low in SQLITE_NAMES[1:]:
        return False
    return sqlglot.Dialect.get(low) is not None


def _name(name: str) -> str:
    low = name.strip().lower()
    if low in SQLITE_NAMES:
        return "sqlite"
    if not _known(low):
        known = dialects()
        import difflib

        close = difflib.get_close_matches(low, known, n=1)
        hint = f"; did you mean {close[0]!r}?" if close else ""
        raise InputError(f"unknown dialect {name!r}{hint} (sqlglot's names: {', '.join(known)})")
    return low


def to_sqlite(sql: str, dialect: str, schema: dict | None = None) -> str:
    """The SQLite text of ``sql`` read as ``dialect`` (see the module docstring);
    ``schema`` ({table: {column: type}}) expands ``SELECT *`` where a rewrite needs columns."""
    if dialect == "calcite":
        sql = without_character_sets(sql)
    elif dialect == "postgres":
        sql = dollar_names(sql)
    tree = _unwrapped(parse_statement(sql, dialect=dialect))
    try:
        if dialect == "calcite":
            tree = calcite_constructs(tree)
        elif dialect == "postgres":
            tree = empty_grouping(sum0(tree))
        tree = to_sqlite_constructs(tree, dialect, schema)
    except UnsupportedSQL as e:
        raise Untranslatable(e.construct, dialect, e.detail) from None
    try:
        text = tree.sql(dialect="sqlite", unsupported_level=ErrorLevel.RAISE)
    except UnsupportedError as e:
        raise Untranslatable(str(e).splitlines()[0].removesuffix(" is not supported"),
                             dialect) from None
    except SqlglotError as e:
        raise Untranslatable("a construct sqlglot cannot write for SQLite", dialect,
                             str(e).splitlines()[0]) from None
    missing = unknown_functions(tree, dialect)
    if missing:
        raise Untranslatable(f"function {missing[0]}", dialect)
    return text


def _unwrapped(tree: exp.Expr) -> exp.Expr:
    """A statement written in parentheses, ``(SELECT ... UNION ALL SELECT ...)``, as the
    query inside: standard SQL allows it, SQLite rejects it.

    >>> _unwrapped(sqlglot.parse_one("((SELECT a FROM t))")).sql()
    'SELECT a FROM t'
    >>> _unwrapped(sqlglot.parse_one("(SELECT a FROM t) ORDER BY a")).sql()
    '(SELECT a FROM t) ORDER BY a'
    """
    while isinstance(tree, exp.Subquery) and not any(
            v for k, v in tree.args.items() if k != "this"):
        tree = tree.this
    return tree


def unknown_functions(tree: exp.Expr, dialect: str = "sqlite") -> list[str]:
    """Functions of ``tree`` whose SQLite spelling SQLite does not have, named as ``dialect``
    spells them, in order.

    >>> unknown_functions(sqlglot.parse_one("SELECT DATE_TRUNC('year', d), ABS(b) FROM t",
    ...                                     read="postgres"), "postgres")
    ['DATE_TRUNC']
    """
    known = sqlite_functions()
    out = []
    for f in tree.find_all(exp.Func):
        try:
            generated = f.sql("sqlite")
        except SqlglotError:
            continue
        if "(" not in generated:
            continue  # a node sqlglot writes as its argument, or a keyword
        name = generated.split("(", 1)[0].strip().lower()
        if not name.isidentifier() or name in known or name in _SYNTAX:
            continue
        try:
            source = f.sql(dialect).split("(", 1)[0].strip().upper()
        except SqlglotError:
            source = ""
        source = source if source.replace("_", "").isalnum() else name.upper()
        if source not in out:
            out.append(source)
    return out


_SYNTAX = {"cast", "exists", "case", "not", "in", "like", "glob", "between", "select", "values"}


@functools.cache
def sqlite_functions() -> frozenset[str]:
    """The functions of this SQLite build (``PRAGMA function_list``), lower case."""
    with sqlite3.connect(":memory:") as c:
        return frozenset(r[0].lower() for r in c.execute("SELECT name FROM pragma_function_list"))
