"""Storage classes and affinity, SQLite's rules as the lowering applies them: the class of
a declared type (``column_type``), NUMERIC affinity on text (``numeric_text``), numbers
rendered as text, the class of an expression's result (``_arith_ty``, ``_join_ty``),
values that may mix integers and reals (``_mixed``), and keys whose two sides hold one
class (``exact_foreign_keys``, ``key_strings``)."""

from __future__ import annotations

import re

from ....errors import UnsupportedSQL
from ....types import Schema
from .kinds import NUMERIC_TY, Affinity, ArithOp, FuncName, Ty, WindowFn
from .nodes import Agg, Arith, Case, Col, Expr, Func, Lit, Lookup, ScalarSub, Select, Window

_AFFINITY = Affinity._value2member_map_


def column_type(declared: str) -> tuple[Ty, Affinity]:
    """(static type, affinity) of a declared column type.

    >>> [column_type(t)[0] for t in ["INT", "varchar(20)", "REAL", "NUMERIC", "DATE", ""]]
    ['int', 'text', 'real', 'int', 'text', 'text']
    """
    from ....types import affinity

    aff = _AFFINITY[affinity(declared)]
    up = (declared or "").upper()
    if aff == Affinity.INTEGER:
        return Ty.INT, aff
    if aff == Affinity.REAL:
        return Ty.REAL, aff
    if aff == Affinity.NUMERIC:
        if "DATE" in up or "TIME" in up:
            return Ty.TEXT, aff
        return Ty.INT, aff
    if aff == Affinity.TEXT:
        return Ty.TEXT, aff
    return Ty.TEXT, Affinity.BLOB


_NUM_RE = re.compile(r"^\s*[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?\s*$")


def numeric_text(s: str) -> int | float | None:
    """SQLite's NUMERIC affinity applied to text: the number if ``s`` is a well-formed
    number, else None (it stays text).

    >>> numeric_text(" 12 "), numeric_text("1.5"), numeric_text("3.0"), numeric_text("1a")
    (12, 1.5, 3, None)
    """
    if not _NUM_RE.match(s):
        return None
    f = float(s)
    if re.match(r"^\s*[+-]?\d+\s*$", s):
        return int(s)
    if f.is_integer() and abs(f) < 2**63:
        return int(f)
    return f


def text_of_number(v: int | float) -> str:
    """How SQLite renders a number as text (TEXT affinity)."""
    if isinstance(v, float):
        r = repr(v)
        return r if ("e" in r or "." in r) else r + ".0"
    return str(v)


def _num(t: Ty) -> bool:
    return t in NUMERIC_TY


def _aff(e: Expr) -> str | None:
    if isinstance(e, Col):
        return e.affinity
    if isinstance(e, Func) and e.name in (FuncName.CAST_INT, FuncName.CAST_REAL):
        return Affinity.INTEGER if e.name == FuncName.CAST_INT else Affinity.REAL
    if isinstance(e, ScalarSub) and isinstance(e.query, Select):
        # SQLite's sqlite3ExprAffinity: a scalar subquery has its first column's affinity
        # (``(SELECT t.b) = 1`` converts 1 to text for a TEXT column b)
        return _aff(e.query.items[0])
    return None


def _ty(e: Expr) -> str:
    return Ty.INT if e.ty == Ty.BOOL else e.ty


def _as_value(e: Expr) -> Expr:
    """A predicate used as a value (0/1/NULL)."""
    return Func(FuncName.BOOL_INT, (e,), Ty.INT) if e.ty == Ty.BOOL else e


NUMERIC_TEXT = "CAST(? AS NUMERIC)"


def _text_as_number(e: Expr) -> Expr:
    return Lookup(NUMERIC_TEXT, e, Ty.REAL) if e.ty == Ty.TEXT else e


def _truth(e: Expr) -> Expr:
    """A value used as a condition (non-zero is true; text is read as a number)."""
    if e.ty == Ty.BOOL:
        return e
    if e.ty == Ty.TEXT:
        e = Lookup("CAST(? AS REAL)", e, Ty.REAL)
    return Func(FuncName.TRUTH, (e,), Ty.BOOL)


def _need_num(e: Expr, what: str) -> Expr:
    if e.ty == Ty.TEXT:
        raise UnsupportedSQL(f"{what} on text")
    return e


def _arith_ty(a: str, b: str) -> str:
    if Ty.NULL in (a, b):
        return Ty.NULL if a == b == Ty.NULL else (Ty.REAL if Ty.REAL in (a, b) else Ty.INT)
    return Ty.REAL if Ty.REAL in (a, b) else Ty.INT


def _join_ty(vals: list[Expr], what: str) -> str:
    tys = {v.ty for v in vals} - {Ty.NULL}
    tys = {Ty.INT if t == Ty.BOOL else t for t in tys}
    if not tys:
        return Ty.NULL
    if tys == {Ty.INT, Ty.REAL}:
        return Ty.REAL  # values keep their own class; see _mixed()
    if len(tys) > 1:
        raise UnsupportedSQL(f"{what} mixing {' and '.join(sorted(tys))} values")
    return tys.pop()


def _mixed(e: Expr, cols=frozenset()) -> bool:
    """A value that may be a non-zero integer on some rows and a real on others (typed
    ``real`` here, but an integer stays an integer in SQLite, which matters only for / and
    %): a CASE/COALESCE/scalar MIN or MAX with such branches, arithmetic on it, a
    SUM/MIN/MAX of it, or a column of a derived table, a compound or VALUES that holds both (``cols``: (alias,
    name) of those columns). An integer that can only be 0 changes no quotient
    (``CASE WHEN c THEN 1.0 ELSE 0 END``, and its SUM, the percentage idiom)."""
    if isinstance(e, Col):
        return (e.alias, e.name) in cols
    if isinstance(e, (Agg, Window)) and e.fn in _KEEPS_CLASS:
        return bool(e.args if isinstance(e, Window) else e.arg) and _mixed(
            e.args[0] if isinstance(e, Window) else e.arg, cols)
    if isinstance(e, ScalarSub):
        return isinstance(e.query, Select) and _mixed(e.query.items[0], cols)
    if isinstance(e, Lookup):
        return e.template == NUMERIC_TEXT
    if isinstance(e, Arith) and e.op in (ArithOp.ADD, ArithOp.SUB, ArithOp.MUL):
        return ((_mixed(e.left, cols) or _mixed(e.right, cols))
                and not (_real(e.left, cols) or _real(e.right, cols)))
    if isinstance(e, Case):
        vals = [v for _, v in e.whens] + [e.default]
    elif isinstance(e, Func) and e.name in _ONE_OF_ARGS:
        vals = list(e.args[:1] if e.name in (FuncName.ABS, FuncName.NULLIF) else e.args)
    else:
        return False
    return e.ty == Ty.REAL and any(_nonzero_int(v) or _mixed(v, cols) for v in vals)


# scalar functions whose value is one of their arguments' or keeps its class (ABS,
# NULLIF, FLOOR, CEIL, TRUNC: the first's; an integer stays that integer)
_ONE_OF_ARGS = frozenset({FuncName.COALESCE, FuncName.ABS, FuncName.NULLIF,
                          FuncName.SCALAR_MIN, FuncName.SCALAR_MAX, FuncName.FLOOR,
                          FuncName.CEIL, FuncName.TRUNC})


def _real(e: Expr, cols=frozenset()) -> bool:
    """A value that is a real on every row where it is not NULL."""
    return e.ty == Ty.REAL and not _mixed(e, cols)


def _nonzero_int(e: Expr) -> bool:
    return e.ty in (Ty.INT, Ty.BOOL) and not (isinstance(e, Lit) and e.value == 0)


# aggregates and window functions whose value is one of their argument's values (or a
# sum of them: an integer unless a real is summed)
_KEEPS_CLASS = frozenset({WindowFn.SUM, WindowFn.MIN, WindowFn.MAX, WindowFn.LAG, WindowFn.LEAD, WindowFn.FIRST_VALUE, WindowFn.LAST_VALUE,
                          WindowFn.NTH_VALUE})


def exact_foreign_keys(schema: Schema, t):
    """The declared foreign keys of ``t`` (``engine.integrity``) whose two sides hold one
    storage class, so that a key matches exactly when the values are equal: the ones the
    rewriting rules rely on (the encoder states every declared key, with SQLite's
    conversions)."""
    from ....engine.integrity import declared_foreign_keys

    for fk, ref in declared_foreign_keys(schema, t):
        if _key_types(t, fk.columns) == _key_types(ref, fk.ref_columns):
            yield fk, ref


def _key_types(t, cols) -> list[str]:
    return [column_type(t.column(c).type)[0] for c in cols]


# Strings that let a key across storage classes match (the integer 1 finds '1'; the text
# '01' finds 1, equal for the key but not for GROUP BY or DISTINCT).
KEY_STRINGS = frozenset({"0", "1", "2", "01", "1.0"})


def key_strings(schema: Schema, tables: set[str]) -> set[str]:
    """``KEY_STRINGS`` when a foreign key reachable from ``tables`` joins a text column to
    a number column, else nothing."""
    from ....engine.integrity import declared_foreign_keys

    seen, todo = set(), list(tables)
    while todo:
        name = todo.pop()
        if name in seen or not schema.has_table(name):
            continue
        seen.add(name)
        t = schema.table(name)
        for fk, ref in declared_foreign_keys(schema, t):
            if _key_types(t, fk.columns) != _key_types(ref, fk.ref_columns):
                return set(KEY_STRINGS)
            todo.append(ref.name.lower())
    return set()
