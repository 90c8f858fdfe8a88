"""The schema's CHECK constraints as hard constraints of the bounded symbolic database.

SQLite refuses a row whose CHECK is FALSE (TRUE and NULL pass), so a witness that breaks
one is no database at all: before this the solver did not know the CHECKs, found such
witnesses, could not replay them and said ``unknown``. Now each CHECK of a table the
symbolic database holds becomes the query ``SELECT 1 FROM t WHERE NOT (check)``, lowered
and encoded as the pair's own queries are, and no row of it may exist (WHERE keeps a row
when ``NOT (check)`` is TRUE, that is when the CHECK is FALSE: three-valued logic as
SQLite's).

Only CHECKs in a small fragment are modelled: columns, literals, comparisons, BETWEEN,
IN lists, IS [NOT] NULL, AND/OR/NOT and negative literals. Their encoding is the
encoding of WHERE clauses, differentially tested against SQLite, and needs no assumption
(no text function read on a finite set of strings, no arithmetic that could overflow). A CHECK outside it stays
unmodelled, as before: a witness that breaks it does not replay and the verdict says so.
Modelling a CHECK only removes databases SQLite refuses anyway, so a bounded proof over
the rest claims no more than before about the databases that can exist.

>>> from sqlverdict.schema import from_ddl
>>> s = from_ddl("CREATE TABLE t(id INT PRIMARY KEY, q INT CHECK (q > 0), "
...              "n TEXT CHECK (length(n) < 9))")
>>> [c.text for c in modelled_checks(s)], unmodelled_checks(s)
(['q > 0'], ['t: LENGTH(n) < 9'])
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import z3
from sqlglot import exp

from ....errors import InputError, UnsupportedSQL
from ....types import Schema
from .. import ir

# the sqlglot nodes a modelled CHECK may consist of (see the module docstring)
_FRAGMENT = (exp.Column, exp.Identifier, exp.Literal, exp.Null, exp.Boolean, exp.Paren,
             exp.Not, exp.And, exp.Or, exp.EQ, exp.NEQ, exp.GT, exp.GTE, exp.LT, exp.LTE,
             exp.Between, exp.In, exp.Is, exp.Neg, exp.Tuple)


@dataclass(frozen=True)
class Check:
    table: str  # lower-case name, as the symbolic database keys its rows
    text: str
    lowered: ir.Lowered  # SELECT 1 FROM table WHERE NOT (text)


def _in_fragment(text: str) -> exp.Expr | None:
    import sqlglot

    try:
        tree = sqlglot.parse_one(text, read="sqlite")
    except sqlglot.errors.SqlglotError:
        return None
    if any(not isinstance(n, _FRAGMENT) for n in tree.walk()):
        return None
    if any(isinstance(n, exp.In) and n.args.get("query") for n in tree.walk()):
        return None
    if any(isinstance(n, exp.Neg) and not isinstance(n.this, exp.Literal) for n in tree.walk()):
        return None
    return tree


def modelled_checks(schema: Schema) -> tuple[Check, ...]:
    """The CHECKs of ``schema`` the encoding models, each lowered as the query of the rows
    that break it."""
    if not any(t.checks for t in schema.tables):  # every Spider and BIRD schema
        return ()
    return _modelled(schema)


@lru_cache(maxsize=64)
def _modelled(schema: Schema) -> tuple[Check, ...]:
    out = []
    for t in schema.tables:
        for text in t.checks or ():
            cond = _in_fragment(text)
            if cond is None:
                continue
            q = exp.select(exp.Literal.number(1)).from_(exp.to_table(t.name, quoted=True))
            q = q.where(exp.Not(this=exp.Paren(this=cond)))
            try:
                lw = ir.lower(q, schema)
            except (UnsupportedSQL, InputError):
                continue
            out.append(Check(t.name.lower(), text, lw))
    return tuple(out)


def unmodelled_checks(schema: Schema) -> list[str]:
    """``table: check`` for each CHECK the encoding leaves out."""
    done = {(c.table, c.text) for c in modelled_checks(schema)}
    return [f"{t.name}: {text}" for t in schema.tables for text in t.checks or ()
            if (t.name.lower(), text) not in done]


def check_literals(schema: Schema) -> tuple[set[str], set]:
    """The text and numeric literals of the modelled CHECKs (the text domain needs them:
    ``status IN ('new', 'done')`` is only satisfiable with those strings)."""
    texts, numbers = set(), set()
    for c in modelled_checks(schema):
        texts |= c.lowered.texts
        numbers |= c.lowered.numbers
    return texts, numbers


def forbid_broken_checks(db, budget=None) -> int:
    """Add to ``db.constraints`` that no row of a table ``db`` holds breaks a modelled CHECK;
    return how many CHECKs were added."""
    from .encoder import Encoder

    n = 0
    for c in modelled_checks(db.schema):
        if c.table not in db.rows:
            continue
        rows = Encoder(db, budget).query(c.lowered.query, {})
        db.constraints.append(z3.Not(z3.Or([r.exists for r in rows] + [db.session.false])))
        n += 1
    return n
