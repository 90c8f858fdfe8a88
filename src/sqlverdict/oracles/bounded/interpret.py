"""Interpretations of functions SQLite lacks, taken from the solver's model.

A pair whose queries call a function SQLite lacks (``f(a)``) means "equivalent for every
deterministic ``f``" (``ir/opaque.py``). A database plus a table for ``f`` on which SQLite
separates the queries is a counterexample to that claim. ``Live`` evaluates the model's
uninterpreted function for the arguments SQLite passes (recording them); ``Live.frozen()``
is the finite table of those calls plus a default, the interpretation reported and
registered for the final replay (``table_functions``). SQLite's built-ins are never
reinterpreted: only the names SQLite lacks get one.

>>> spec = {"F": {"table": [[3, 0]], "else": 1}}
>>> fns = table_functions(spec)
>>> fns["F"](3), fns["F"](4), fns["F"](3.0)
(0, 1, 1)
>>> describe_interpretations(spec)
'F(3) = 0, F(else) = 1'
"""

from __future__ import annotations

import sqlite3
from fractions import Fraction

import z3

_DEFAULT = {"int": 0, "real": 0.0, "text": ""}


def _key(args) -> tuple:
    """A table key that tells 1, 1.0 and '1' apart (Python finds them equal or alike)."""
    return tuple((type(a).__name__, a) for a in args)


def table_functions(spec: dict) -> dict:
    """``{name: python function}`` for interpretations ``{name: {"table", "else"}}``."""
    out = {}
    for name, interp in spec.items():
        table = {_key(row[:-1]): row[-1] for row in interp["table"]}
        default = interp["else"]
        out[name] = lambda *a, t=table, d=default: t.get(_key(a), d)
    return out


def register(conn: sqlite3.Connection, functions: dict | None) -> None:
    """Register ``{name: python function}`` on ``conn`` (any number of arguments)."""
    for name, fn in (functions or {}).items():
        conn.create_function(name, -1, fn, deterministic=True)


def unregister(conn: sqlite3.Connection, functions: dict | None) -> None:
    for name in functions or {}:
        conn.create_function(name, -1, None)


def _sql(v) -> str:
    if v is None:
        return "NULL"
    if isinstance(v, str):
        return "'" + v.replace("'", "''") + "'"
    return repr(v)


def describe_interpretations(spec: dict) -> str:
    """``F(3) = 0, F(else) = 1`` for people."""
    parts = []
    for name, interp in sorted(spec.items()):
        parts += [f"{name}({', '.join(_sql(a) for a in row[:-1])}) = {_sql(row[-1])}"
                  for row in interp["table"]]
        parts.append(f"{name}(else) = {_sql(interp['else'])}")
    return ", ".join(parts)


class Live(dict):
    """``{name: python function}`` evaluating the model's interpretation of each function
    SQLite lacks (``names``) for the arguments SQLite passes; ``calls`` records them.
    ``opaque``: the encoder's ``(name, argument classes, class) -> (value, NULL)`` functions;
    ``domain``: the text domain (text values are its codes)."""

    def __init__(self, model, opaque: dict, domain, names):
        super().__init__()
        self.model, self.domain = model, domain
        self.keys = {n: [k for k in opaque if k[0] == n] for n in names}
        self.opaque = opaque
        self.calls: dict = {n: {} for n in names}
        for n in names:
            self[n] = lambda *a, n=n: self._apply(n, a)

    def _apply(self, name: str, args: tuple):
        key = self._signature(name, args)
        if key is None:
            return None
        got = self._eval(key, args)
        self.calls[name][_key(args)] = (list(args), got)
        return got

    def _signature(self, name: str, args: tuple):
        """The encoded function whose argument classes the values fit (NULL fits all)."""
        cls = {int: "int", float: "real", str: "text"}
        for k in self.keys.get(name, []):
            if len(k[1]) == len(args) and all(
                    a is None or (type(a) in cls and cls[type(a)] == ty)
                    for a, ty in zip(args, k[1], strict=True)):
                return k
        return None

    def _eval(self, key, args):
        fval, fnull = self.opaque[key]
        ctx = fval.ctx
        flat = []
        for a, ty in zip(args, key[1], strict=True):
            real = ty == "real"
            if a is not None and ty == "text" and a not in self.domain:
                return _DEFAULT.get(key[2])  # a string the model never saw: the default
            if a is None or ty == "null":
                v = z3.RealVal(0, ctx) if real else z3.IntVal(0, ctx)
            elif real:
                f = Fraction(a)
                v = z3.RealVal(f"{f.numerator}/{f.denominator}", ctx)
            else:
                v = z3.IntVal(self.domain.code(a) if ty == "text" else a, ctx)
            flat += [z3.BoolVal(a is None, ctx), v]
        m = self.model
        if z3.is_true(m.eval(fnull(*flat), model_completion=True)):
            return None
        return _decode(m.eval(fval(*flat), model_completion=True), key[2], self.domain)

    def frozen(self) -> dict:
        """The interpretations as tables of the calls recorded, plus a default."""
        out = {}
        for name, calls in sorted(self.calls.items()):
            classes = {k[2] for k in self.keys.get(name, [])}
            default = _DEFAULT.get(min(classes)) if classes else None
            out[name] = {"table": [args + [v] for args, v in calls.values()], "else": default}
        return out


def _decode(x, ty: str, domain):
    if ty == "real":
        if z3.is_algebraic_value(x):
            x = x.approx(20)
        return float(Fraction(x.numerator_as_long(), x.denominator_as_long()))
    n = x.as_long()
    if ty == "text":
        return domain.decode(n) if 0 <= n < len(domain) else ""
    return n
