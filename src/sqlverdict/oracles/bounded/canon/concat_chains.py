"""Concatenation read as SQLite computes it (issue 25, i44c): ``concat_null_cases``,
``null_of_concat``, ``empty_text_operand``.

SQLite's ``a || b`` converts each operand to text on its own (an integer to its decimal
digits, a real to its 15-digit form, a BLOB to its bytes) and joins the texts; it is NULL
exactly when an operand is NULL (any non-NULL value converts to a text). So a chain
``x1 || x2 || .. || xn`` is a deterministic function of its operands' values, associative
(``combine_concats`` nests it to the left), and:

- ``concat_null_cases``: an operand that is ``COALESCE(a, d)`` or a CASE picks one value on
  each row, so the chain is the CASE over the same conditions of the chains with that
  operand's value in place: ``n || COALESCE(c, '')`` is ``CASE WHEN c IS NULL THEN n || ''
  ELSE n || c END`` (``COALESCE(a, d)`` is ``CASE WHEN a IS NULL THEN d ELSE a END``; a CASE
  without ELSE ends in NULL, whose chain is NULL). The conditions are evaluated once per
  row either way; nothing reads them twice to a different end. At most four branches.
- ``null_of_concat``: ``(x1 || .. || xn) IS NULL`` is ``x1 IS NULL OR .. OR xn IS NULL`` over
  the operands that are not string literals (a literal is never NULL).
- ``empty_text_operand``: the literal ``''`` adds no character: it goes from a chain with
  another operand; adjacent string literals are one. A chain left with one operand ``x``
  and no literal is ``x || ''``, the text of ``x``, which is ``x`` itself only when ``x``
  is text: a string literal, ``CAST(.. AS TEXT)`` (text or NULL in SQLite, whatever it
  casts), or, in the typed domain, a TEXT column (the sqlite domain keeps a BLOB there,
  whose ``|| ''`` is text: ``x'61' || ''`` is ``'a'``, not the BLOB). Otherwise the chain
  stays ``x || ''`` (an integer ``5 || ''`` is ``'5'``, not 5).

The chain is rebuilt in one spelling: string literals as ``Lit``, nested to the left as
``Opaque('||')``; a chain over one text value and literals as the ``Lookup`` the lowering
writes for it (``combine_concats``' template).
"""

from __future__ import annotations

import dataclasses

from sqlglot import exp

from .. import ir
from ..ir.kinds import Affinity, FuncName, LogicOp, Ty
from .reduce import _chain, _template, combine_concats
from .terms import _deep, _key

_MAX_BRANCHES = 4


def _is_concat(e) -> bool:
    return isinstance(e, ir.Opaque) and e.name == "||" and e.builtin and len(e.args) == 2


def _literal(part: str):
    """The string literal a template part spells (``'a''b'``), else None."""
    if len(part) >= 2 and part[0] == part[-1] == "'":
        return part[1:-1].replace("''", "'")
    return None


def operands(e) -> list | None:
    """The operands of the chain ``e`` (``Opaque`` ``||`` or a ``Lookup`` chain over its
    argument and string literals), nested chains flattened, literals as ``Lit``; None when
    ``e`` is no chain."""
    if _is_concat(e):
        return [y for a in e.args for y in (operands(a) or [a])]
    if isinstance(e, ir.Lookup) and e.ty == Ty.TEXT:
        parts = _chain(e.template)
        if parts is None or "?" not in parts:
            return None
        inner = operands(e.arg) or [e.arg]
        out: list = []
        for p in parts:
            if p == "?":
                out += inner
            elif (s := _literal(p)) is not None:
                out.append(ir.Lit(s, Ty.TEXT))
            else:
                return None
        return out
    return None


def _text_lit(e) -> bool:
    return isinstance(e, ir.Lit) and e.ty == Ty.TEXT and isinstance(e.value, str)


def _is_text(x, typed: bool) -> bool:
    """Is ``x`` text (or NULL) on every row, so that ``x || ''`` is ``x``?"""
    if _text_lit(x):
        return True
    if isinstance(x, ir.Opaque) and x.name == "CAST AS TEXT" and x.builtin:
        return True
    return (typed and isinstance(x, ir.Col) and x.ty == Ty.TEXT
            and x.affinity == Affinity.TEXT)


def _merged(ops: list) -> list:
    """Adjacent string literals joined, ``''`` dropped (one operand kept at least)."""
    out: list = []
    for y in ops:
        if _text_lit(y) and out and _text_lit(out[-1]):
            out[-1] = ir.Lit(out[-1].value + y.value, Ty.TEXT)
        else:
            out.append(y)
    kept = [y for y in out if not (_text_lit(y) and y.value == "")]
    return kept or [ir.Lit("", Ty.TEXT)]


def build(ops: list, typed: bool, like, merge: bool = True):
    """The chain of ``ops`` in the one spelling (module docstring); ``like``: a chain node
    whose fields the rebuilt ``Opaque`` nodes copy; ``merge``: literals joined, ``''``
    dropped (else the operands as they are)."""
    ops = _merged(ops) if merge else ops
    values = [y for y in ops if not _text_lit(y)]
    if not values:
        return ir.Lit("".join(y.value for y in ops), Ty.TEXT)
    if len(ops) == 1:
        x = ops[0]
        if _is_text(x, typed):
            return x
        ops = [x, ir.Lit("", Ty.TEXT)]
    if all(v == values[0] for v in values) and values[0].ty == Ty.TEXT:
        parts = ["?" if not _text_lit(y) else exp.Literal.string(y.value).sql("sqlite") for y in ops]
        return ir.Lookup(_template(parts), values[0], Ty.TEXT)
    base = like if _is_concat(like) else ir.Opaque("||", (ops[0], ops[1]), Ty.TEXT, strict=True)
    out = ops[0]
    for y in ops[1:]:
        out = dataclasses.replace(base, args=(out, y))
    return out


def _cases(x):
    """((condition, value), ..) and the default of a COALESCE or CASE operand, else None."""
    if isinstance(x, ir.Case):
        return x.whens, x.default
    if isinstance(x, ir.Func) and x.name == FuncName.COALESCE and len(x.args) >= 2:
        a, rest = x.args[0], x.args[1:]
        d = rest[0] if len(rest) == 1 else dataclasses.replace(x, args=rest)
        return ((ir.IsNull(a), d),), a
    return None


def _null_test(e):
    """``e IS NULL`` with a chain's test spread over its operands (``null_of_concat``)."""
    ops = operands(e)
    if ops is None:
        return ir.IsNull(e)
    tests = [_null_test(y) for y in ops if not _text_lit(y)]
    if not tests:
        return ir.Lit(False, Ty.BOOL)
    return tests[0] if len(tests) == 1 else ir.Logic(LogicOp.OR, tuple(tests))


def null_of_concat(x):
    """``x`` with ``(a || b ..) IS NULL`` read as ``a IS NULL OR b IS NULL ..``."""
    def f(e):
        if isinstance(e, ir.IsNull) and operands(e.arg) is not None:
            return _null_test(e.arg)
        return e
    if isinstance(x, list):  # (the WHERE conjuncts of the site ``facts``)
        out = [_deep(c, f) for c in x]
        return x if all(a is b for a, b in zip(out, x, strict=True)) else out
    return _deep(x, f)


def _lift(e, ops: list, typed: bool):
    """The chain ``ops`` with its first COALESCE/CASE operand lifted (``concat_null_cases``),
    else None."""
    for i, y in enumerate(ops):
        got = _cases(y)
        if got is None:
            continue
        whens, default = got
        if len(whens) + 1 > _MAX_BRANCHES:
            return None

        def put(v, i=i):
            return build(ops[:i] + (operands(v) or [v]) + ops[i + 1:], typed, e)
        if default is None or (isinstance(default, ir.Lit) and default.value is None):
            dflt = ir.Lit(None, Ty.NULL)
        else:
            dflt = put(default)
        whens = tuple((_null_test(c.arg) if isinstance(c, ir.IsNull) else c,
                       ir.Lit(None, Ty.NULL) if isinstance(v, ir.Lit) and v.value is None else put(v))
                      for c, v in whens)
        return ir.Case(whens, dflt, Ty.TEXT)
    return None


def concat_null_cases(x, typed: bool):
    """``x`` with COALESCE/CASE operands of chains lifted (module docstring), at most two
    per chain (four branches)."""
    def f(e):
        ops = operands(e)
        if ops is None or sum(_cases(y) is not None for y in ops) > 2:
            return e
        out = _lift(e, ops, typed)
        return e if out is None else _deep(out, f)
    return _deep(x, f)


def empty_text_operand(x, typed: bool):
    """``x`` with every chain that holds ``''`` or adjacent literals (and a value) in the
    one spelling (module docstring)."""
    def f(e):
        ops = operands(e)
        if ops is None or all(_text_lit(y) for y in ops) or not any(
                _text_lit(y) and (y.value == "" or (i and _text_lit(ops[i - 1])))
                for i, y in enumerate(ops)):
            return e  # (a chain of literals: fold_lookup; nesting alone: combine_concats)
        out = build(ops, typed, e)
        return e if out == e else out
    return _deep(x, f)


def spelled_concats(x):
    """``combine_concats``, and every chain of two or more distinct values in the one
    spelling: nested to the left, its literals operands (``a || ('-' || b)`` is ``(a ||
    '-') || b``): ``||`` is associative in SQLite."""
    def f(e):
        ops = operands(e)
        if ops is None or len({_key(y) for y in ops if not _text_lit(y)}) < 2:
            return e
        out = build(ops, False, e, merge=False)
        return e if out == e else out
    return _deep(combine_concats(x), f)


# ---- the registry's entries (``rules.RULES`` adds them as ``Rule(*entry)``)

CONCAT_RULES = (
    ("combine_concats", "nested || chains are one chain: of one text value and string "
     "literals one template, of several values nested to the left", ("select", "cond"),
     lambda canon, e, ctx: spelled_concats(e)),
    ("concat_null_cases", "a || COALESCE(b, d) || c is CASE WHEN b IS NULL THEN a || d || c "
     "ELSE a || b || c END, a CASE operand alike (the chain is a function of the operand's "
     "value; at most four branches)", ("select", "cond"),
     lambda canon, e, ctx: concat_null_cases(e, canon.typed)),
    ("null_of_concat", "(a || b) IS NULL is a IS NULL OR b IS NULL (string literals never "
     "NULL; any other value converts to text)", ("select", "cond", "facts"),
     lambda canon, e, ctx: null_of_concat(e)),
    ("empty_text_operand", "'' goes from a chain with another operand, adjacent literals "
     "join; x || '' is x for x text (a string, CAST AS TEXT, a TEXT column in the typed "
     "domain)", ("select", "cond"), lambda canon, e, ctx: empty_text_operand(e, canon.typed)),
)

# the laws any interpretation of || need not meet (``staging`` says a proof reads them)
CONCAT_LAWS = (*(e[0] for e in CONCAT_RULES[1:]), "text_key_distinct_count", "text_key_rows")
