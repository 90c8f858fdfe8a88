"""Opaque functions: a deterministic scalar function the verifier cannot interpret (``a ||
b`` of two columns, ``instr(a, b)``, ``SQRT``, ``POWER``, a function SQLite lacks) is
lowered to an ``Opaque`` node, an uninterpreted function of its arguments (as SPES,
SQLSolver and VeriEQL read them): equal arguments give equal results, nothing more.

What is known of SQLite's built-ins, in tables here: the class of the result
(``RESULT``), whether a NULL argument makes the result NULL (``STRICT``; checked against
SQLite in ``tests/oracles/bounded/ir/test_opaque.py``), and which functions read their
arguments as numbers only (``NUMERIC``: an integer argument is read as the real of the
same value, so ``SQRT(4)`` and ``SQRT(4.0)`` are one application). Functions that are not
deterministic (``random()``, the clock) are never opaque.

>>> from sqlverdict.schema import from_ddl
>>> from sqlverdict.oracles.bounded.ir import lower
>>> s = from_ddl("CREATE TABLE t(a TEXT, b TEXT, x INT)")
>>> lower("SELECT a || b, sqrt(x) FROM t", s).query.items[0]
Opaque(name='||', args=(Col(alias='t#0', name='a', ty='text', affinity='TEXT'), Col(alias='t#0', name='b', ty='text', affinity='TEXT')), ty='text', strict=True, builtin=True)
>>> sorted(lower("SELECT f(x) FROM t", s).opaque)
[('F', False, 'int')]
"""

from __future__ import annotations

import re

from sqlglot import exp

from ....errors import UnsupportedSQL
from ....sql.dialect import sqlite_functions
from .affinity import _as_value, _mixed
from .clock import _CLOCK
from .kinds import FuncName, Ty
from .nodes import Expr, Func, Lit, Opaque

_MATH = ("ACOS", "ACOSH", "ASIN", "ASINH", "ATAN", "ATAN2", "ATANH", "COS", "COSH", "DEGREES",
         "EXP", "LN", "LOG", "LOG10", "LOG2", "POW", "POWER", "RADIANS", "SIN", "SINH", "SQRT",
         "TAN", "TANH", "PI")
# SQLite's built-ins by the class of their result (NULL aside)
RESULT = {**{f: Ty.REAL for f in _MATH}, "JULIANDAY": Ty.REAL, "ROUND": Ty.REAL,
          **{f: Ty.TEXT for f in ("||", "CAST AS TEXT", "SUBSTR", "SUBSTRING", "REPLACE", "UPPER",
                                  "LOWER", "TRIM", "LTRIM", "RTRIM", "HEX", "QUOTE", "PRINTF",
                                  "FORMAT", "CHAR", "TYPEOF", "DATE", "TIME", "DATETIME",
                                  "STRFTIME", "CONCAT", "CONCAT_WS")},
          **{f: Ty.INT for f in ("INSTR", "LENGTH", "UNICODE", "SIGN")}}
# NULL whenever an argument is NULL (SQLite's documented behaviour, checked by the tests);
# not HEX, QUOTE, PRINTF, CHAR, TYPEOF, CONCAT (text for NULL), nor the date functions
STRICT = frozenset(_MATH) | {"||", "CAST AS TEXT", "INSTR", "SUBSTR", "ROUND",
                             "SUBSTRING", "REPLACE", "UPPER", "LOWER", "TRIM", "LTRIM",
                             "RTRIM", "LENGTH", "UNICODE", "SIGN"}
# read their arguments as numbers only: an integer argument is the real of its value
NUMERIC = frozenset(_MATH) | {"SIGN", "ROUND"}
# functions SQLite defines whose value is not a function of the arguments
NOT_DETERMINISTIC = frozenset({"RANDOM", "RANDOMBLOB", "CHANGES", "TOTAL_CHANGES",
                               "LAST_INSERT_ROWID", "SQLITE_OFFSET", "LOAD_EXTENSION"})
# read the text of their arguments: an argument that may be an integer on one row and a
# real on another (``_mixed``) gives texts the static class cannot tell apart
_TEXT_READERS = RESULT.keys() - NUMERIC - {"JULIANDAY"}

def sqlite_name(n) -> str:
    """The name SQLite calls ``n`` by (sqlglot's ``StrPosition`` is ``INSTR``)."""
    if isinstance(n, exp.DPipe):
        return "||"
    return call_name(n) or type(n).__name__.upper()


def call_name(n) -> str | None:
    """The function ``n`` calls when SQLite's spelling of it is a call ``NAME(...)`` (not
    syntax such as CAST or EXISTS, nor an operator whose first operand is a call)."""
    if isinstance(n, exp.Anonymous):
        return n.name.upper()
    if isinstance(n, _SYNTAX) or not isinstance(n, exp.Func):
        return None
    text = n.sql("sqlite")
    m = _CALL.match(text)
    return m.group(1).upper() if m and _closes_at_end(text, m.end() - 1) else None


_SYNTAX = (exp.Connector, exp.Cast, exp.Exists, exp.Case, exp.Subquery, exp.Paren)


def _closes_at_end(text: str, start: int) -> bool:
    """Does the parenthesis at ``start`` close at the end of ``text`` (quotes skipped)?

    >>> _closes_at_end("POWER(x, 2)", 5), _closes_at_end("F(a) + G(b)", 1)
    (True, False)
    """
    depth, quote = 0, None
    for i in range(start, len(text)):
        c = text[i]
        if quote:
            quote = None if c == quote else quote
        elif c in "'\"`":
            quote = c
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return i == len(text) - 1
    return False


_CALL = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)\(")


def lacks(name: str) -> bool:
    """Does SQLite lack the function ``name`` (an operator is no function it lacks)?"""
    return name not in ("||", "CAST AS TEXT") and name.lower() not in sqlite_functions()


_CONNECTIVES = (exp.Where, exp.Having, exp.And, exp.Or, exp.Not, exp.Qualify)


def used_as_condition(root: exp.Expr, name: str) -> bool:
    """Whether the query calls the function ``name`` (SQLite lacks it) where a truth value
    is read: an operand of WHERE, HAVING, AND, OR, NOT, a CASE's WHEN or a join's ON. Such
    a function is a predicate (VeriEQL's ``p(x)``) and assumed to return an integer (its
    truth: 0, non-zero or NULL), whatever its arguments' class; a text result there would
    be true only on the few texts that read as non-zero numbers.

    >>> from sqlglot import parse_one
    >>> used_as_condition(parse_one("SELECT a FROM t WHERE p(s) AND a > 1"), "P")
    True
    >>> used_as_condition(parse_one("SELECT p(s) FROM t"), "P")
    False
    """
    for node in root.find_all(exp.Anonymous):
        if node.name.upper() != name:
            continue
        child, parent = node, node.parent
        while isinstance(parent, exp.Paren):
            child, parent = parent, parent.parent
        if isinstance(parent, _CONNECTIVES):
            return True
        if isinstance(parent, exp.If) and parent.this is child:
            return True
        if isinstance(parent, exp.Join) and parent.args.get("on") is child:
            return True
    return False


class _Opaque:
    """Mixin of ``_Lowerer``: opaque functions."""

    def opaque(self, n, env, agg_ok, name: str | None = None, refuse: str = "") -> Expr:
        """``n`` as an uninterpreted function of its lowered arguments; for what is no
        deterministic scalar function, ``UnsupportedSQL`` naming ``refuse`` (or the
        function)."""
        name = name or sqlite_name(n)
        refuse = refuse or f"function {name}"
        if name in NOT_DETERMINISTIC or any(
                isinstance(x, _CLOCK) or (isinstance(x, exp.Literal) and x.is_string
                                          and "now" in x.this.lower())
                for x in n.walk()):
            raise UnsupportedSQL(refuse)
        if isinstance(n, exp.AggFunc) or n.find(exp.Star, exp.Distinct, exp.Order, exp.Window):
            raise UnsupportedSQL(refuse)
        kids = [c for c in n.iter_expressions() if not isinstance(c, exp.DataType)]
        if isinstance(n, (exp.Anonymous, exp.Concat)):
            kids = list(n.expressions)
        args = [_as_value(self.expr(k, env, agg_ok)) for k in kids]
        builtin = not lacks(name)
        if builtin and name not in RESULT:
            raise UnsupportedSQL(refuse)
        if name in _TEXT_READERS and any(_mixed(a, self.mixed) for a in args):
            raise UnsupportedSQL(f"function {name} of a value that may be integer or real")
        if name in NUMERIC:
            args = [_real(a) for a in args]
        ty = RESULT.get(name)
        if ty is None and used_as_condition(n.root(), name):  # a predicate: p(x) in WHERE
            ty = Ty.INT
        if ty is None:  # an assumption, stated in the verdict: the class of the first argument
            first = args[0].ty if args else Ty.INT
            ty = first if first in (Ty.INT, Ty.REAL, Ty.TEXT) else Ty.INT
        if builtin and name in STRICT and any(a.ty == Ty.NULL for a in args):
            return Lit(None, Ty.NULL)
        self.out.opaque.add((name, builtin, str(ty)))
        return Opaque(name, tuple(args), ty, strict=builtin and name in STRICT, builtin=builtin)


def _real(a: Expr) -> Expr:
    """An integer argument of a function that reads numbers as the real of its value."""
    if a.ty != Ty.INT:
        return a
    if isinstance(a, Lit):
        return Lit(float(a.value), Ty.REAL)
    return Func(FuncName.CAST_REAL, (a,), Ty.REAL)
