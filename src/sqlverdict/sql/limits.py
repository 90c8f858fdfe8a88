"""LIMIT and OFFSET operands that are expressions, parenthesised for sqlglot.

PostgreSQL and SQLite both take an expression after LIMIT and OFFSET (``LIMIT 2 - (SELECT
COUNT(x) FROM t) % 2``: the median's one or two middle rows). sqlglot 30 reads a number, a
parenthesised expression or a simple arithmetic term there, but fails on a term followed by a
parenthesised operand (``Invalid expression / Unexpected token``). Parenthesising the operand
changes nothing of its meaning (it is one expression either way) and sqlglot reads it:
``parse.parse_statement`` retries with ``parenthesised_limits`` when the text does not parse.

>>> parenthesised_limits("SELECT a FROM t LIMIT 2 - (SELECT 1) % 2 OFFSET (3 - 1) / 2", "postgres")
'SELECT a FROM t LIMIT (2 - (SELECT 1) % 2) OFFSET ((3 - 1) / 2)'
>>> parenthesised_limits("SELECT a FROM t LIMIT 5", "sqlite")
'SELECT a FROM t LIMIT 5'
"""

from __future__ import annotations

import sqlglot
from sqlglot.errors import SqlglotError
from sqlglot.tokens import TokenType

_STARTS = (TokenType.LIMIT, TokenType.OFFSET)
# what ends an operand at its own depth (a closing parenthesis below it ends it too)
_ENDS = (TokenType.LIMIT, TokenType.OFFSET, TokenType.SEMICOLON, TokenType.UNION,
         TokenType.EXCEPT, TokenType.INTERSECT, TokenType.COMMA, TokenType.FETCH,
         TokenType.ORDER_BY, TokenType.ORDER_SIBLINGS_BY)


def parenthesised_limits(sql: str, dialect: str) -> str:
    """``sql`` with each LIMIT/OFFSET operand of more than one token, not already one
    parenthesised group, written in parentheses; ``sql`` itself when it does not tokenize."""
    try:
        tokens = sqlglot.Dialect.get_or_raise(dialect).tokenize(sql)
    except (SqlglotError, ValueError):
        return sql
    spans = []
    for i, t in enumerate(tokens):
        if t.token_type not in _STARTS:
            continue
        depth, j = 0, i + 1
        while j < len(tokens):
            k = tokens[j].token_type
            if k == TokenType.L_PAREN:
                depth += 1
            elif k == TokenType.R_PAREN:
                if depth == 0:
                    break
                depth -= 1
            elif depth == 0 and k in _ENDS:
                break
            j += 1
        operand = tokens[i + 1:j]
        if len(operand) > 1 and not _one_group(operand):
            spans.append((operand[0].start, operand[-1].end + 1))
    for start, end in reversed(spans):
        sql = f"{sql[:start]}({sql[start:end]}){sql[end:]}"
    return sql


def _one_group(tokens) -> bool:
    """Are ``tokens`` one parenthesised group ``( ... )``?"""
    if tokens[0].token_type != TokenType.L_PAREN or tokens[-1].token_type != TokenType.R_PAREN:
        return False
    depth = 0
    for n, t in enumerate(tokens):
        depth += {TokenType.L_PAREN: 1, TokenType.R_PAREN: -1}.get(t.token_type, 0)
        if depth == 0 and n < len(tokens) - 1:
            return False
    return True
