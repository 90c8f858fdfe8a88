"""Text filters over a COALESCE, as BI tools write "does not contain" (issue 25, i44c):
``null_of_text_function``, ``coalesce_under_like``, ``coalesce_in_text_test``.

- ``null_of_text_function``: ``LOWER(x) IS NULL`` is ``x IS NULL``, and so for UPPER, TRIM,
  LTRIM, RTRIM and LENGTH of one argument: in SQLite each is NULL exactly on NULL (a number
  gives its text, a BLOB a text or its length; ``tests/.../test_coalesced_text.py`` checks
  every storage class).
- ``coalesce_under_like``: ``COALESCE(a, 'd') LIKE p`` is ``(a IS NULL AND 'd' LIKE p) OR
  (a IS NOT NULL AND a LIKE p)``, with ``'d' LIKE p`` computed by SQLite (TRUE or FALSE): the
  COALESCE is ``'d'`` exactly where ``a`` is NULL and ``a`` elsewhere, and in three-valued
  logic the disjunct whose NULL test fails is FALSE, the other the LIKE itself (NULL stays
  NULL: ``a LIKE p`` of a non-NULL ``a`` is never NULL, nor is that of ``'d'``). So Metabase's
  ``COALESCE(lower(email), '') NOT LIKE '%a@%'`` is ``lower(email) IS NULL OR NOT lower(email)
  LIKE '%a@%'``. Any domain: LIKE reads the value as SQLite does on both sides.
- ``coalesce_in_text_test``: the same law inside a test SQLite tabulates over one column
  (a ``Lookup`` read as a condition, ``COALESCE(LOWER(x), '') GLOB '*a@*'``, what a
  case-sensitive LIKE of another dialect becomes): ``t(COALESCE(f(x), 'd'))`` is ``(x IS
  NULL AND t('d')) OR (x IS NOT NULL AND t(f(x)))`` for ``f`` the column itself or a text
  function NULL exactly on NULL (above), ``t('d')`` computed by SQLite (0 or 1, else the
  law is not used).
"""

from __future__ import annotations

import re
import sqlite3

import sqlglot
from sqlglot import exp

from .. import ir
from ..ir.kinds import FuncName, LogicOp, Ty
from .terms import _deep

_STRICT = re.compile(r"(LOWER|UPPER|TRIM|LTRIM|RTRIM|LENGTH)\((\?|:" + ir.ARG + r")\)", re.IGNORECASE)


def null_of_text_function(x):
    """``x`` with ``f(y) IS NULL`` read as ``y IS NULL`` for the functions above."""
    def f(e):
        if not isinstance(e, ir.IsNull):
            return e
        arg = e.arg
        while isinstance(arg, ir.Lookup) and _STRICT.fullmatch(arg.template):
            arg = arg.arg
        return e if arg is e.arg else ir.IsNull(arg)
    if isinstance(x, list):  # (the WHERE conjuncts of the site ``facts``)
        out = [_deep(c, f) for c in x]
        return x if all(a is b for a, b in zip(out, x, strict=True)) else out
    return _deep(x, f)


def _like_of(text: str, pattern: str, escape: str) -> bool:
    """``text LIKE pattern [ESCAPE escape]`` as SQLite computes it."""
    db = sqlite3.connect(":memory:")
    try:
        if escape:
            return bool(db.execute("SELECT ? LIKE ? ESCAPE ?", (text, pattern, escape)).fetchone()[0])
        return bool(db.execute("SELECT ? LIKE ?", (text, pattern)).fetchone()[0])
    finally:
        db.close()


def coalesce_under_like(x):
    """``x`` with ``COALESCE(a, 'd') LIKE p`` as the disjunction of the module docstring."""
    def f(e):
        if not (isinstance(e, ir.Like) and isinstance(c := e.arg, ir.Func)
                and c.name == FuncName.COALESCE and len(c.args) == 2):
            return e
        a, d = c.args
        if not (isinstance(d, ir.Lit) and d.ty == Ty.TEXT and isinstance(d.value, str)):
            return e
        on_d = ir.Lit(_like_of(d.value, e.pattern, e.escape), Ty.BOOL)
        null = ir.IsNull(a)
        return ir.Logic(LogicOp.OR, (
            ir.Logic(LogicOp.AND, (null, on_d)),
            ir.Logic(LogicOp.AND, (ir.Not(null), ir.Like(a, e.pattern, e.ty, e.escape)))))
    return _deep(x, f)


_STRICT_NODES = (exp.Lower, exp.Upper, exp.Trim, exp.Length)


def _constant(sql: str):
    """SQLite's value of a constant expression, None on an error."""
    db = sqlite3.connect(":memory:")
    try:
        return db.execute(f"SELECT {sql}").fetchone()[0]
    except sqlite3.Error:
        return None
    finally:
        db.close()


def _strict_of_arg(node) -> bool:
    """Is ``node`` the placeholder, or text functions of it NULL exactly on NULL?"""
    while isinstance(node, _STRICT_NODES) and not node.expressions and not node.args.get("expression"):
        node = node.this
    return isinstance(node, exp.Placeholder)


def _split_test(template: str):
    """(``t('d')``'s value, ``t(f(x))``'s template) of a test template over a COALESCE of
    the argument (module docstring), else None."""
    try:
        tree = sqlglot.parse_one(f"SELECT {template}", read="sqlite")
    except sqlglot.errors.ParseError:
        return None
    found = [c for c in tree.find_all(exp.Coalesce) if len(c.expressions) == 1
             and isinstance(d := c.expressions[0], exp.Literal) and d.is_string
             and _strict_of_arg(c.this)]
    if len(found) != 1 or len(list(tree.find_all(exp.Placeholder))) != 1:
        return None
    c = found[0]
    on_d, on_x = tree.copy(), tree.copy()
    next(n for n in on_d.find_all(exp.Coalesce) if n == c).replace(c.expressions[0].copy())
    next(n for n in on_x.find_all(exp.Coalesce) if n == c).replace(c.this.copy())
    value = _constant(on_d.expressions[0].sql("sqlite"))
    if value not in (0, 1) or isinstance(value, float):
        return None
    return value, on_x.expressions[0].sql("sqlite")


def coalesce_in_text_test(x):
    """``x`` with a tabulated test over a COALESCE read as the disjunction (module
    docstring)."""
    def f(e):
        if not (isinstance(e, ir.Func) and e.name == FuncName.TRUTH and len(e.args) == 1
                and isinstance(look := e.args[0], ir.Lookup)):
            return e
        got = _split_test(look.template)
        if got is None:
            return e
        value, template = got
        null = ir.IsNull(look.arg)
        rest = ir.Func(FuncName.TRUTH, (ir.Lookup(template, look.arg, look.ty),), Ty.BOOL)
        return ir.Logic(LogicOp.OR, (
            ir.Logic(LogicOp.AND, (null, ir.Lit(bool(value), Ty.BOOL))),
            ir.Logic(LogicOp.AND, (ir.Not(null), rest))))
    return _deep(x, f)


COALESCED_TEXT_RULES = (
    ("null_of_text_function", "LOWER(y) IS NULL is y IS NULL (UPPER, TRIM, LTRIM, RTRIM, "
     "LENGTH alike: NULL exactly on NULL in SQLite)", ("select", "cond", "facts"),
     lambda canon, e, ctx: null_of_text_function(e)),
    ("coalesce_under_like", "COALESCE(a, 'd') LIKE p is (a IS NULL AND 'd' LIKE p) OR (a IS "
     "NOT NULL AND a LIKE p), 'd' LIKE p computed", ("select", "cond"),
     lambda canon, e, ctx: coalesce_under_like(e)),
    ("coalesce_in_text_test", "t(COALESCE(f(x), 'd')), a test SQLite tabulates over x (GLOB, "
     "LIKE), f(x) x or LOWER/UPPER/TRIM/LENGTH of it, is (x IS NULL AND t('d')) OR (x IS NOT "
     "NULL AND t(f(x))), t('d') computed", ("select", "cond"),
     lambda canon, e, ctx: coalesce_in_text_test(e)),
)
