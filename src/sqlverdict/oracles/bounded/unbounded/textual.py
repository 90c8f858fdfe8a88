"""Built-in functions whose result is text or a BLOB (or NULL), whatever they read.

SQLite's ``substr`` of a BLOB is a BLOB and of anything else text; ``upper``, ``lower``,
the trims, ``replace``, ``||``, ``hex``, ``quote``, ``typeof``, ``printf``/``format`` and
``char`` give text. Never a number: two of their results that compare equal (as GROUP BY
and DISTINCT put them together) are identical, since text and BLOBs never compare equal
to each other.

>>> text_out_template("SUBSTRING(?, 1, 4)"), text_out_template("? || 'a'")
(True, True)
>>> text_out_template("LENGTH(?)"), text_out_template("UPPER(?) + LENGTH(?)")
(False, False)
"""

from __future__ import annotations

from functools import lru_cache

import sqlglot
from sqlglot import exp
from sqlglot.errors import SqlglotError

TEXT_OUT = frozenset({"SUBSTR", "SUBSTRING", "UPPER", "LOWER", "TRIM", "LTRIM", "RTRIM",
                      "REPLACE", "||", "HEX", "QUOTE", "TYPEOF", "PRINTF", "FORMAT", "CHAR",
                      "CHR"})


@lru_cache(maxsize=1024)
def text_out_template(template: str) -> bool:
    """Is the outermost operation of a ``Lookup`` template (SQLite SQL, ``?`` for its
    argument) one of ``TEXT_OUT``?"""
    try:
        node = sqlglot.parse_one("SELECT " + template, read="sqlite").expressions[0]
    except (SqlglotError, IndexError, AttributeError):
        return False
    if isinstance(node, exp.DPipe):
        return True
    if isinstance(node, exp.Anonymous):
        return node.name.upper() in TEXT_OUT
    return isinstance(node, exp.Func) and node.sql_name() in TEXT_OUT


def text_out_opaque(name: str, builtin: bool) -> bool:
    """Is an ``Opaque`` function SQLite's own and one of ``TEXT_OUT``?"""
    return builtin and name.upper() in TEXT_OUT
