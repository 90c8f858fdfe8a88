"""Calcite's SQL as an input dialect (``--dialect calcite``): PostgreSQL as sqlglot reads it,
with what Calcite writes differently.

The pairs of the published query-rewriting benchmarks are Calcite's SQL (its rules print
their plans so); most of it reads as PostgreSQL. Where Calcite differs:

- names with ``$`` (``$f9``, ``EXPR$0``, ``t.$f1``), which Calcite generates for unnamed
  columns, are identifiers (PostgreSQL reads ``$...`` as a parameter or a dollar-quoted
  string); a name that starts with ``$`` is quoted in SQLite, which reads ``$f9`` as a
  parameter too;
- the columns of ``(VALUES ...) AS t`` without names are ``EXPR$0``, ``EXPR$1``, ...
  (SQLite and PostgreSQL call them ``column1``, ``column2``, ...);
- ``GROUP BY 4``: an integer in GROUP BY is a constant to group by, not an ordinal
  (Calcite's default conformance); SQLite reads ``CAST(4 AS INTEGER)`` as that constant;
- ``CONCAT(a, b)`` is NULL when an argument is NULL (the function of Calcite's MySQL,
  BigQuery and Spark libraries), SQLite's ``a || b``; PostgreSQL's ``CONCAT`` skips NULLs;
- ``GREATEST``/``LEAST`` are no functions of Calcite's default operator table (its standard
  library); its libraries disagree on NULL: the PostgreSQL one skips NULL arguments, the
  BigQuery, Oracle and MySQL ones return NULL for any. Where every argument is a constant
  other than NULL (``GREATEST(1, 3, 2)``, what ``ReduceExpressionsRule`` folds) every
  library gives the same value, which is read; any other argument is refused
  (``--dialect postgres`` or ``mysql`` chooses a reading).

The rest (``LATERAL``, ``VALUES ... AS t(x, y)``, ``FETCH``, intervals, ...) is shared
with PostgreSQL: ``sql.standard``.

>>> from sqlverdict.sql.dialect import to_sqlite
>>> to_sqlite("SELECT deptno, COUNT(*) AS $f1 FROM emp GROUP BY deptno, 4", "calcite")
'SELECT deptno, COUNT(*) AS "$f1" FROM emp GROUP BY deptno, CAST(4 AS INTEGER)'
>>> print(to_sqlite("SELECT t.EXPR$1 FROM (VALUES (1, 'a')) AS t", "calcite"))
SELECT t.EXPR$1 FROM (SELECT column1 AS "EXPR$0", column2 AS "EXPR$1" FROM (VALUES (1, 'a'))) AS t
"""

from __future__ import annotations

import re

from sqlglot import exp
from sqlglot.dialects.postgres import Postgres

from ..errors import UnsupportedSQL


class Calcite(Postgres):
    """Calcite's SQL (see the module docstring); sqlglot registers it as ``calcite``."""

    class Tokenizer(Postgres.Tokenizer):
        # `$` is a character of names, not the start of a parameter or a $$-string
        SINGLE_TOKENS = {k: v for k, v in Postgres.Tokenizer.SINGLE_TOKENS.items() if k != "$"}
        HEREDOC_STRINGS: list = []
        VAR_SINGLE_TOKENS: set = set()

    class Parser(Postgres.Parser):
        FUNCTIONS = {
            **Postgres.Parser.FUNCTIONS,
            "CONCAT": lambda args: exp.Concat(expressions=args, safe=False, coalesce=False),
        }


_DOLLAR_NAME = re.compile(r"(?<![\w$])\$[A-Za-z_][\w]*")
_DOLLAR_TAG = re.compile(r"\$[A-Za-z_]\w*\$")


def dollar_names(sql: str) -> str:
    """PostgreSQL text with Calcite's generated names (``$f0``, ``t.$f1``, ``$SUM0``, never
    valid PostgreSQL: a parameter is ``$`` and digits) quoted as identifiers, outside string
    literals and quoted names; text with a dollar-quoted string (``$tag$``) is left as it is.

    >>> print(dollar_names("SELECT t.$f1, '$f2', $1 FROM (SELECT COUNT(*) AS $f1 FROM emp) AS t"))
    SELECT t."$f1", '$f2', $1 FROM (SELECT COUNT(*) AS "$f1" FROM emp) AS t
    """
    if "$" not in sql or _DOLLAR_TAG.search(sql) or "$$" in sql:
        return sql
    out = []
    for part in re.split(r"('(?:[^']|'')*'|\"(?:[^\"]|\"\")*\")", sql):
        if part.startswith(("'", '"')):
            out.append(part)
        else:
            out.append(_DOLLAR_NAME.sub(lambda m: f'"{m.group(0)}"', part))
    return "".join(out)


def without_character_sets(sql: str) -> str:
    r"""``VARCHAR CHARACTER SET "ISO-8859-1"`` (Calcite's SQL writer spells types so) as
    ``VARCHAR``: a character set changes no value SQLite stores as text. Only outside
    string literals and quoted names.

    >>> without_character_sets('SELECT CAST(a AS VARCHAR(3) CHARACTER SET "UTF-8"), \'CHARACTER SET x\' FROM t')
    "SELECT CAST(a AS VARCHAR(3)), 'CHARACTER SET x' FROM t"
    """
    parts = re.split(r"""('(?:[^']|'')*'|"[^"]*")""", sql)
    out = []
    skip = False
    for i, part in enumerate(parts):
        if i % 2:  # a quoted string or name
            if not skip:
                out.append(part)
            skip = False
            continue
        part = re.sub(r"\s+CHARACTER\s+SET\s+\w+", "", part, flags=re.IGNORECASE)
        m = re.search(r"\s+CHARACTER\s+SET\s*$", part, flags=re.IGNORECASE)
        if m and i + 1 < len(parts) and parts[i + 1].startswith('"'):
            part, skip = part[:m.start()], True  # drop the quoted charset name that follows
        out.append(part)
    return "".join(out)


def _constant_not_null(e: exp.Expr) -> bool:
    """A literal number or text, possibly negated or in parentheses (never NULL).

    >>> from sqlglot import parse_one
    >>> [_constant_not_null(parse_one(t)) for t in ("-(2.5)", "'a'", "NULL", "x", "1 + x")]
    [True, True, False, False, False]
    """
    while isinstance(e, (exp.Neg, exp.Paren)):
        e = e.this
    return isinstance(e, exp.Literal)


def calcite_constructs(tree: exp.Expr) -> exp.Expr:
    """What Calcite means that PostgreSQL does not (see the module docstring), in the
    PostgreSQL that ``sql.standard`` translates: unnamed VALUES columns named ``EXPR$n``,
    integer GROUP BY items as constants, ``$`` names quoted; GREATEST/LEAST refused unless
    every argument is a constant other than NULL."""
    tree = tree.copy()
    for f in tree.find_all(exp.Greatest, exp.Least):
        if f.expressions and not all(map(_constant_not_null, [f.this, *f.expressions])):
            raise UnsupportedSQL(
                f"function {type(f).__name__.upper()}",
                "Calcite's PostgreSQL library skips NULL arguments, its BigQuery, Oracle and "
                "MySQL libraries return NULL for any (they agree where every argument is a "
                "constant other than NULL): --dialect postgres or mysql chooses one")
    for v in list(tree.find_all(exp.Values)):
        alias = v.args.get("alias")
        if isinstance(v.parent, (exp.From, exp.Join)) and alias is not None and not alias.columns:
            first = v.expressions[0] if v.expressions else None
            n = len(first.expressions) if isinstance(first, exp.Tuple) else 1
            alias.set("columns", [exp.to_identifier(f"EXPR${i}") for i in range(n)])
    for group in tree.find_all(exp.Group):
        for item in group.expressions:
            lit = item.this if isinstance(item, exp.Neg) else item
            if isinstance(lit, exp.Literal) and not lit.is_string and lit.name.isdigit():
                item.replace(exp.Cast(this=item.copy(), to=exp.DataType.build("INTEGER")))
    tree = empty_grouping(sum0(tree))
    for ident in tree.find_all(exp.Identifier):
        if ident.name.startswith("$"):
            ident.set("quoted", True)
    return tree


def sum0(tree: exp.Expr) -> exp.Expr:
    """Calcite's ``$SUM0(x)``, the sum that is 0 where SUM is NULL (no row, or no value
    that is not NULL), as ``COALESCE(SUM(x), 0)``; over a window too.

    >>> import sqlglot
    >>> t = sqlglot.parse_one("SELECT $SUM0(a), $SUM0(a) OVER (PARTITION BY b) FROM t", read=Calcite)
    >>> sum0(t).sql("sqlite")
    'SELECT COALESCE(SUM(a), 0), COALESCE(SUM(a) OVER (PARTITION BY b), 0) FROM t'
    """
    for f in list(tree.find_all(exp.Anonymous)):
        if f.name.upper() != "$SUM0" or len(f.expressions) != 1:
            continue
        total = exp.Sum(this=f.expressions[0].copy())
        outer = f.parent if isinstance(f.parent, exp.Window) and f.arg_key == "this" else f
        if outer is not f:
            f.replace(total)
            total = outer.copy()
        new = exp.Coalesce(this=total, expressions=[exp.Literal.number(0)])
        if outer is tree:
            return new
        outer.replace(new)
    return tree


def empty_grouping(tree: exp.Expr) -> exp.Expr:
    """``GROUP BY ()``, the one group of every row, as no GROUP BY in an aggregate query
    (one row, on no rows too); in a query without an aggregate it is refused.

    >>> import sqlglot
    >>> empty_grouping(sqlglot.parse_one("SELECT COUNT(*) FROM t GROUP BY ()", read=Calcite)).sql()
    'SELECT COUNT(*) FROM t'
    """
    for group in list(tree.find_all(exp.Group)):
        items = group.expressions
        if not items or not all(isinstance(i, exp.Tuple) and not i.expressions for i in items):
            continue
        if any(k in group.args and group.args[k] for k in ("grouping_sets", "cube", "rollup")):
            continue
        sel = group.parent
        if not (isinstance(sel, exp.Select) and any(e.find(exp.AggFunc) for e in sel.expressions)):
            raise UnsupportedSQL("GROUP BY ()", "one group of every row in a query without an "
                                 "aggregate: SQLite has no spelling for it")
        group.pop()
    return tree
