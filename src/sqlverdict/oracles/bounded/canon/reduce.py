"""Expressions reduced where SQLite's own semantics decide them: ``null_of_arith`` (IS NULL
of ``x + c``, ``x - c``, ``x * c`` is IS NULL of ``x``), ``fold_lookup`` (a text function
of a literal is its value, computed by SQLite), ``combine_concats`` (nested ``||`` chains
are one chain)."""

from __future__ import annotations

import dataclasses
import math

import sqlglot
from sqlglot import exp

from ....errors import UnsupportedSQL
from .. import ir
from ..encode.text import sqlite_apply
from ..ir.kinds import ArithOp, Ty
from .terms import _deep

_ADD_SUB = (ArithOp.ADD, ArithOp.SUB)


def _finite(e, nonzero: bool) -> bool:
    """A numeric literal, finite (and not 0 when ``nonzero``)."""
    return (isinstance(e, ir.Lit) and e.ty in (Ty.INT, Ty.REAL) and not isinstance(e.value, bool)
            and isinstance(e.value, int | float) and math.isfinite(e.value)
            and not (nonzero and e.value == 0))


def null_of_arith(x):
    """``(y + c) IS NULL`` is ``y IS NULL`` for a finite numeric literal ``c``, and so are
    ``y - c``, ``c + y``, ``c - y``, and ``y * c``, ``c * y`` for ``c`` not 0 (Spark's
    NullDownPropagation: "Unwrap the input of IsNull/IsNotNull if the input is
    NullIntolerant"), and ``y / c`` for ``c`` not 0 (i60c: ``minute / 60``). In SQLite these
    are NULL exactly when ``y`` is: text and blobs read as numbers, an integer overflow
    (``-2**63 / -1`` too) gives a real, and no NaN arises (a NaN is NULL): infinity plus or
    minus a finite number, or times or divided by a non-zero one, is infinite. Not for ``c /
    y`` and ``%`` (NULL on 0; ``% 0.5`` reads 0), nor ``* 0`` (infinity times 0 is NaN, NULL)."""
    def f(e):
        if isinstance(e, ir.IsNull) and isinstance(a := e.arg, ir.Arith):
            nonzero = a.op in (ArithOp.MUL, ArithOp.DIV)
            if a.op in _ADD_SUB or nonzero:
                if _finite(a.right, nonzero):
                    return dataclasses.replace(e, arg=a.left)
                if a.op != ArithOp.DIV and _finite(a.left, nonzero):
                    return dataclasses.replace(e, arg=a.right)
        return e
    return _deep(x, f)


def _lit(v) -> ir.Lit | None:
    if v is None:
        return ir.Lit(None, Ty.NULL)
    if isinstance(v, str):
        return ir.Lit(v, Ty.TEXT)
    if isinstance(v, int) and not isinstance(v, bool):
        return ir.Lit(v, Ty.INT)
    if isinstance(v, float) and math.isfinite(v):
        return ir.Lit(v, Ty.REAL)
    return None  # (a blob, an infinity: left as the function)


def fold_lookup(x):
    """A text function of a text literal (a ``Lookup`` of a ``Lit``: ``UPPER('clerk')``,
    ``'a' || ''``) is the literal SQLite computes for it (Calcite's ReduceExpressionsRule:
    "reduces constant expressions"): the verifier reads the function as SQLite's own value
    on each string, so on this one string too. Neither side has an affinity."""
    def f(e):
        if isinstance(e, ir.Lookup) and isinstance(e.arg, ir.Lit) and isinstance(e.arg.value, str):
            try:
                value = _lit(sqlite_apply(e.template, e.arg.value))
            except UnsupportedSQL:
                return e
            if value is not None and (value.ty == e.ty or value.ty == Ty.NULL):
                return value
        return e
    return _deep(x, f)


def _chain(template: str) -> list[str] | None:
    """The parts of a template that is a chain of ``||`` over its argument and string
    literals, in order (the argument as ``?``); None for any other template."""
    try:
        tree = sqlglot.parse_one(f"SELECT {template.replace(':' + ir.ARG, '?')}", read="sqlite")
    except sqlglot.errors.ParseError:
        return None
    out: list[str] = []

    def walk(e) -> bool:
        while isinstance(e, exp.Paren):
            e = e.this
        if isinstance(e, exp.DPipe):
            return walk(e.left) and walk(e.right)
        if isinstance(e, exp.Placeholder):
            out.append("?")
            return True
        if isinstance(e, exp.Literal) and e.is_string:
            out.append(e.sql(dialect="sqlite"))
            return True
        return False

    exprs = tree.expressions if isinstance(tree, exp.Select) else []
    return out if len(exprs) == 1 and walk(exprs[0]) else None


def _template(parts: list[str]) -> str:
    """A chain of parts as one template (the argument named when it occurs twice or more)."""
    if parts.count("?") > 1:
        parts = [f":{ir.ARG}" if p == "?" else p for p in parts]
    return " || ".join(parts)


def combine_concats(x):
    """A chain of ``||`` over one text value and string literals is one flat chain, nested
    chains composed (Spark's CombineConcats: "Combine nested Concat expressions"): ``||``
    is associative in SQLite, each operand converted to text on its own (NULL if any is
    NULL). Only chains of the argument and string literals compose: other functions may
    read the affinity of their operand, which a bound value and an expression differ in.
    ``a || b`` of two values the verifier does not tabulate (an ``Opaque``) nests to the
    left: ``a || (b || c)`` is ``(a || b) || c``."""
    def f(e):
        if _concat(e):
            return _left_deep(e)
        if not isinstance(e, ir.Lookup) or e.ty != Ty.TEXT:
            return e
        parts = _chain(e.template)
        if parts is None:
            return e
        arg = e.arg
        if isinstance(arg, ir.Lookup) and arg.ty == Ty.TEXT and (inner := _chain(arg.template)):
            parts = [q for p in parts for q in (inner if p == "?" else [p])]
            arg = arg.arg
        if "?" not in parts:
            return e
        out = dataclasses.replace(e, template=_template(parts), arg=arg)
        return e if out == e else out
    return _deep(x, f)


def _concat(e) -> bool:
    return isinstance(e, ir.Opaque) and e.name == "||" and e.builtin and len(e.args) == 2


def _left_deep(e):
    """An ``Opaque`` chain of ``||`` nested to the left (``e`` itself when it is)."""
    leaves, stack = [], [e]
    while stack:
        y = stack.pop()
        if _concat(y):
            stack += [y.args[1], y.args[0]]
        else:
            leaves.append(y)
    out = leaves[0]
    for y in leaves[1:]:
        out = dataclasses.replace(e, args=(out, y))
    return e if out == e else out
