"""The IR's closed vocabularies as ``enum.StrEnum``s: storage classes (``Ty``), affinities
(``Affinity``), operators (``ArithOp``, ``CmpOp``, ``LogicOp``), the affinity conversion
of a comparison (``Conv``), join and set-operation kinds (``JoinKind``, ``SetOpKind``),
scalar functions (``FuncName``), aggregates (``AggFn``), window functions (``WindowFn``)
and the parts of a window frame (``FrameUnit``, ``FrameBound``, ``FrameExclude``).

A member is its string (``Ty.INT == "int"``, same hash, ``f"{Ty.INT}"`` is ``int``) and
prints as the string did (``repr(Ty.INT)`` is ``'int'``), so the printed IR, and every
ordering and key the rewriting builds from it, is the same as with plain strings. The
nodes' constructors (``ir/nodes.py``) turn a valid string into its member and refuse any
other with a ``ValueError`` (``member``), so that a typo cannot make a new operator.

>>> Ty("int") is Ty.INT, CmpOp.IS_NOT == "is not", repr(JoinKind.LEFT), bool(Conv.NONE)
(True, True, "'left'", False)
"""

from __future__ import annotations

import enum


class _Kind(enum.StrEnum):
    """A member prints as its string (the IR's repr is unchanged by the enums)."""

    __repr__ = str.__repr__


class Ty(_Kind):
    """The static storage class of an expression (``bool``: a predicate, 0/1/NULL when
    used as a value; ``row``: a row value, only left of IN (SELECT ...))."""

    INT = "int"
    REAL = "real"
    TEXT = "text"
    NULL = "null"
    BOOL = "bool"
    ROW = "row"


class Affinity(_Kind):
    """SQLite's column affinities (``types.affinity`` of a declared type)."""

    INTEGER = "INTEGER"
    REAL = "REAL"
    NUMERIC = "NUMERIC"
    TEXT = "TEXT"
    BLOB = "BLOB"


class ArithOp(_Kind):
    ADD = "+"
    SUB = "-"
    MUL = "*"
    DIV = "/"
    MOD = "%"


class CmpOp(_Kind):
    EQ = "="
    NE = "!="
    LT = "<"
    LE = "<="
    GT = ">"
    GE = ">="
    IS = "is"
    IS_NOT = "is not"


class LogicOp(_Kind):
    AND = "and"
    OR = "or"


class Conv(_Kind):
    """Which operand of a comparison is text that gets NUMERIC affinity first (``NONE``,
    the empty string, is false)."""

    NONE = ""
    LEFT = "left"
    RIGHT = "right"


class JoinKind(_Kind):
    INNER = "inner"
    CROSS = "cross"
    LEFT = "left"
    RIGHT = "right"
    FULL = "full"


class SetOpKind(_Kind):
    UNION = "union"
    INTERSECT = "intersect"
    EXCEPT = "except"


class FuncName(_Kind):
    """The scalar functions of ``Func`` (``truth``: a value as a condition; ``bool_int``:
    a condition as 0/1/NULL; ``cast_int``/``cast_real``: CAST of a number;
    ``scalar_min``/``scalar_max``: SQLite's ``MIN(a, b, ...)`` and ``MAX(a, b, ...)``;
    ``floor``/``ceil``/``trunc``: SQLite's math functions of one number)."""

    COALESCE = "coalesce"
    NULLIF = "nullif"
    ABS = "abs"
    CAST_INT = "cast_int"
    CAST_REAL = "cast_real"
    TRUTH = "truth"
    ROUND = "round"
    BOOL_INT = "bool_int"
    SCALAR_MIN = "scalar_min"
    SCALAR_MAX = "scalar_max"
    FLOOR = "floor"
    CEIL = "ceil"
    TRUNC = "trunc"


class AggFn(_Kind):
    COUNT = "count"
    COUNT_STAR = "count_star"
    SUM = "sum"
    AVG = "avg"
    MIN = "min"
    MAX = "max"
    TOTAL = "total"


class WindowFn(_Kind):
    """The window functions: ranking, value, and the aggregates (as ``AggFn``'s)."""

    ROW_NUMBER = "row_number"
    RANK = "rank"
    DENSE_RANK = "dense_rank"
    PERCENT_RANK = "percent_rank"
    CUME_DIST = "cume_dist"
    NTILE = "ntile"
    LAG = "lag"
    LEAD = "lead"
    FIRST_VALUE = "first_value"
    LAST_VALUE = "last_value"
    NTH_VALUE = "nth_value"
    COUNT = "count"
    COUNT_STAR = "count_star"
    SUM = "sum"
    AVG = "avg"
    MIN = "min"
    MAX = "max"
    TOTAL = "total"


class FrameUnit(_Kind):
    ROWS = "rows"
    RANGE = "range"
    GROUPS = "groups"


class FrameBound(_Kind):
    UNBOUNDED_PRECEDING = "unbounded_preceding"
    PRECEDING = "preceding"
    CURRENT = "current"
    FOLLOWING = "following"
    UNBOUNDED_FOLLOWING = "unbounded_following"


class FrameExclude(_Kind):
    NO_OTHERS = "no others"
    CURRENT_ROW = "current row"
    GROUP = "group"
    TIES = "ties"


def member(kind: type[_Kind], value, where: str):
    """``value``'s member of ``kind`` (a member is itself); a ``ValueError`` naming
    ``where`` (the node's field) and the allowed values for anything else."""
    try:
        m = kind._value2member_map_.get(value)
    except TypeError:  # unhashable
        m = None
    if m is None:
        allowed = ", ".join(repr(k.value) for k in kind)
        raise ValueError(f"{where}: {value!r} is not a {kind.__name__} ({allowed})")
    return m


# groups the lowering and the encoder test membership in
NUMERIC_TY = frozenset({Ty.INT, Ty.REAL, Ty.BOOL})
NUMERIC_AFFINITY = frozenset({Affinity.INTEGER, Affinity.REAL, Affinity.NUMERIC})
RANKING = frozenset({WindowFn.ROW_NUMBER, WindowFn.RANK, WindowFn.DENSE_RANK,
                     WindowFn.PERCENT_RANK, WindowFn.CUME_DIST})

__all__ = ["NUMERIC_AFFINITY", "NUMERIC_TY", "RANKING", "AggFn", "Affinity", "ArithOp",
           "CmpOp", "Conv", "FrameBound", "FrameExclude", "FrameUnit", "FuncName", "JoinKind",
           "LogicOp", "SetOpKind", "Ty", "WindowFn", "member"]
