"""The IR's nodes: expressions, relations and queries as frozen dataclasses, and what the
encoder reads off a window (``FRAMED``, ``DEFAULT_FRAME``, ``order_dependent``).

Every expression carries its storage class ``ty`` (``int``, ``real``, ``text``, ``null``,
``bool``; ``affinity`` holds the rules that decide it).

Closed vocabularies (types, affinities, operators, function names, join and set-operation
kinds, frame parts) are the enums of ``kinds``: a constructor turns a string into its
member and refuses one that names none.

>>> Cmp("=", Col("t#0", "a", "int", "INTEGER"), Lit(1, "int")).ty
'bool'
>>> Cmp("==", Lit(1, "int"), Lit(1, "int"))
Traceback (most recent call last):
...
ValueError: Cmp.op: '==' is not a CmpOp ('=', '!=', '<', '<=', '>', '>=', 'is', 'is not')
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .kinds import (
    Affinity,
    AggFn,
    ArithOp,
    CmpOp,
    Conv,
    FrameBound,
    FrameExclude,
    FrameUnit,
    FuncName,
    JoinKind,
    LogicOp,
    SetOpKind,
    Ty,
    WindowFn,
    member,
)


def _kind(node, name: str, kind) -> None:
    """Set ``node.name`` to its member of ``kind`` (``ValueError`` when it has none)."""
    v = getattr(node, name)
    object.__setattr__(node, name, member(kind, v, f"{type(node).__name__}.{name}"))


# Each node's ``__post_init__`` makes its fields of a closed vocabulary members of their
# enums (a type test first: most nodes are built from members already).


@dataclass(frozen=True)
class Expr:
    def __post_init__(self):
        if type(self.ty) is not Ty:
            _kind(self, "ty", Ty)


@dataclass(frozen=True)
class Lit(Expr):
    value: int | float | str | None
    ty: Ty


@dataclass(frozen=True)
class Col(Expr):
    alias: str
    name: str
    ty: Ty
    affinity: Affinity | None

    def __post_init__(self):
        if type(self.ty) is not Ty:
            _kind(self, "ty", Ty)
        if self.affinity is not None and type(self.affinity) is not Affinity:
            _kind(self, "affinity", Affinity)


@dataclass(frozen=True)
class Arith(Expr):
    op: ArithOp
    left: Expr
    right: Expr
    ty: Ty

    def __post_init__(self):
        if type(self.op) is not ArithOp:
            _kind(self, "op", ArithOp)
        if type(self.ty) is not Ty:
            _kind(self, "ty", Ty)


@dataclass(frozen=True)
class Neg(Expr):
    arg: Expr
    ty: Ty


@dataclass(frozen=True)
class Cmp(Expr):
    op: CmpOp
    left: Expr
    right: Expr
    ty: Ty = Ty.BOOL
    conv: Conv = Conv.NONE  # "left"/"right": that text operand gets NUMERIC affinity first

    def __post_init__(self):
        if type(self.op) is not CmpOp:
            _kind(self, "op", CmpOp)
        if type(self.ty) is not Ty:
            _kind(self, "ty", Ty)
        if type(self.conv) is not Conv:
            _kind(self, "conv", Conv)


@dataclass(frozen=True)
class Logic(Expr):
    op: LogicOp
    args: tuple[Expr, ...]
    ty: Ty = Ty.BOOL

    def __post_init__(self):
        if type(self.op) is not LogicOp:
            _kind(self, "op", LogicOp)
        if type(self.ty) is not Ty:
            _kind(self, "ty", Ty)


@dataclass(frozen=True)
class Not(Expr):
    arg: Expr
    ty: Ty = Ty.BOOL


@dataclass(frozen=True)
class IsNull(Expr):
    arg: Expr
    ty: Ty = Ty.BOOL


@dataclass(frozen=True)
class InList(Expr):
    arg: Expr
    items: tuple[Expr, ...]
    ty: Ty = Ty.BOOL


@dataclass(frozen=True)
class InSub(Expr):
    arg: Expr  # a value, or a RowVal compared with the subquery's columns
    query: Query
    ty: Ty = Ty.BOOL
    conv: Conv = Conv.NONE  # as Cmp.conv: "left" = the value, "right" = the subquery's column
    convs: tuple[Conv, ...] = ()  # per component of a RowVal arg

    def __post_init__(self):
        if type(self.ty) is not Ty:
            _kind(self, "ty", Ty)
        if type(self.conv) is not Conv:
            _kind(self, "conv", Conv)
        if any(type(c) is not Conv for c in self.convs):
            object.__setattr__(self, "convs", tuple(member(Conv, c, "InSub.convs") for c in self.convs))


@dataclass(frozen=True)
class RowVal(Expr):
    """A row value ``(a, b, ...)``: the left side of IN (SELECT ...), or the argument of
    ``Agg(COUNT, RowVal, distinct=True)``, the number of distinct rows without a NULL
    (``COUNT(DISTINCT a, b)``); row comparisons are lowered to their components."""

    items: tuple[Expr, ...]
    ty: Ty = Ty.ROW


@dataclass(frozen=True)
class Exists(Expr):
    query: Query
    ty: Ty = Ty.BOOL


@dataclass(frozen=True)
class ScalarSub(Expr):
    query: Query
    ty: Ty


@dataclass(frozen=True)
class Like(Expr):
    """``arg LIKE pattern`` (ASCII case folded); ``escape`` ``""`` or the ``\\`` of
    ``ir.likes.canonical_like`` (``ESCAPE`` read there)."""

    arg: Expr
    pattern: str
    ty: Ty = Ty.BOOL
    escape: str = ""


@dataclass(frozen=True)
class Case(Expr):
    whens: tuple[tuple[Expr, Expr], ...]
    default: Expr
    ty: Ty


@dataclass(frozen=True)
class Func(Expr):
    name: FuncName
    args: tuple[Expr, ...]
    ty: Ty

    def __post_init__(self):
        if type(self.name) is not FuncName:
            _kind(self, "name", FuncName)
        if type(self.ty) is not Ty:
            _kind(self, "ty", Ty)


@dataclass(frozen=True)
class Lookup(Expr):
    """A scalar function of one text value (other arguments constant), computed by SQLite
    itself for every string of the finite text domain: ``template`` is its SQL with ``?``
    for the text argument."""

    template: str
    arg: Expr
    ty: Ty


@dataclass(frozen=True)
class Opaque(Expr):
    """A deterministic scalar function the verifier does not interpret (``a || b``,
    ``SQRT(x)``, ``instr(a, b)``, a function SQLite lacks): read as an uninterpreted
    function of its arguments, equal arguments giving equal results and nothing more.
    ``name``: its SQL name, upper case; ``ty``: SQLite's result class for a built-in, the
    stated assumption for a function SQLite lacks (``builtin`` False); ``strict``: NULL
    whenever an argument is NULL (SQLite built-ins known to be, ``ir/opaque.STRICT``)."""

    name: str
    args: tuple[Expr, ...]
    ty: Ty
    strict: bool = False
    builtin: bool = True


@dataclass(frozen=True)
class Window(Expr):
    """A window function over (PARTITION BY ... ORDER BY ... frame): one value per row of
    a select, computed over the rows its WHERE (and GROUP BY, HAVING) keep. ``fn``: the
    ranking functions (row_number rank dense_rank percent_rank cume_dist ntile), the value
    functions (lag lead first_value last_value nth_value) and the aggregates (count
    count_star sum avg min max total). ``args``: NTILE (n,), LAG/LEAD (x, offset, default),
    NTH_VALUE (x, n), the others (x,). ``frame``: for the aggregates and
    first/last/nth_value, ``(unit, start, end, exclude)`` (``DEFAULT_FRAME`` if unwritten)."""

    fn: WindowFn
    partition: tuple[Expr, ...]
    order: tuple[tuple[Expr, bool], ...]  # (key, descending)
    ty: Ty = Ty.INT
    args: tuple[Expr, ...] = ()
    frame: tuple = ()

    def __post_init__(self):
        if type(self.fn) is not WindowFn:
            _kind(self, "fn", WindowFn)
        if type(self.ty) is not Ty:
            _kind(self, "ty", Ty)
        if self.frame:
            object.__setattr__(self, "frame", _frame(self.frame))


FRAMED = frozenset({WindowFn.FIRST_VALUE, WindowFn.LAST_VALUE, WindowFn.NTH_VALUE,
                    WindowFn.COUNT, WindowFn.COUNT_STAR, WindowFn.SUM, WindowFn.AVG,
                    WindowFn.MIN, WindowFn.MAX, WindowFn.TOTAL})
# SQLite's default frame: RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW (with no ORDER
# BY every row is a peer of the current one, so the whole partition)
DEFAULT_FRAME = (FrameUnit.RANGE, (FrameBound.UNBOUNDED_PRECEDING, 0), (FrameBound.CURRENT, 0),
                 FrameExclude.NO_OTHERS)


def _frame(frame: tuple) -> tuple:
    """A frame ``(unit, (kind, offset), (kind, offset), exclude)`` with its members."""
    if len(frame) != 4:
        raise ValueError(f"Window.frame: {frame!r} is not (unit, start, end, exclude)")
    unit, (sk, so), (ek, eo), excl = frame
    return (member(FrameUnit, unit, "Window.frame unit"), (member(FrameBound, sk, "Window.frame start"), so),
            (member(FrameBound, ek, "Window.frame end"), eo), member(FrameExclude, excl, "Window.frame exclude"))


def order_dependent(w: Window) -> bool:
    """Does ``w`` depend on the order of rows tied on its ORDER BY keys (SQLite's order of
    tied rows is unspecified: such ties are recorded like ties cut by a LIMIT)? Ranks and
    RANGE/GROUPS frames see peers as one; ROW_NUMBER, NTILE, LAG/LEAD, the value functions
    and ROWS frames (unless unbounded on both sides) do not."""
    if w.fn in _PEER_BLIND:
        return False
    if w.fn in _ROW_ORDERED:
        return True
    unit, start, end, _ = w.frame
    return unit is FrameUnit.ROWS and not (start[0] is FrameBound.UNBOUNDED_PRECEDING
                                          and end[0] is FrameBound.UNBOUNDED_FOLLOWING)


_PEER_BLIND = frozenset({WindowFn.RANK, WindowFn.DENSE_RANK, WindowFn.PERCENT_RANK,
                         WindowFn.CUME_DIST})
_ROW_ORDERED = frozenset({WindowFn.ROW_NUMBER, WindowFn.NTILE, WindowFn.LAG, WindowFn.LEAD,
                          WindowFn.FIRST_VALUE, WindowFn.LAST_VALUE, WindowFn.NTH_VALUE})


@dataclass(frozen=True)
class Agg(Expr):
    fn: AggFn
    arg: Expr | None
    distinct: bool
    ty: Ty

    def __post_init__(self):
        if type(self.fn) is not AggFn:
            _kind(self, "fn", AggFn)
        if type(self.ty) is not Ty:
            _kind(self, "ty", Ty)


# --------------------------------------------------------------------------- relations


@dataclass(frozen=True)
class Scan:
    table: str  # schema table name, lower case
    alias: str
    columns: tuple[tuple[str, Ty, Affinity], ...]  # (name, ty, affinity)

    def __post_init__(self):
        if any(type(t) is not Ty or type(a) is not Affinity for _, t, a in self.columns):
            cols = tuple((n, member(Ty, t, "Scan.columns"), member(Affinity, a, "Scan.columns"))
                         for n, t, a in self.columns)
            object.__setattr__(self, "columns", cols)


@dataclass(frozen=True)
class Join:
    kind: JoinKind
    left: object
    right: object
    on: Expr | None

    def __post_init__(self):
        if type(self.kind) is not JoinKind:
            _kind(self, "kind", JoinKind)


@dataclass(frozen=True)
class Derived:
    query: Query
    alias: str
    names: tuple[str, ...]


@dataclass(frozen=True)
class Values:
    """``VALUES (...), (...)`` as a table: rows of expressions (constants, or columns of an
    enclosing query), in order; SQLite names the columns column1, column2, ..."""

    alias: str
    names: tuple[str, ...]
    rows: tuple[tuple[Expr, ...], ...]
    types: tuple[Ty, ...]  # one storage class per column (NULLs aside)

    def __post_init__(self):
        if any(type(t) is not Ty for t in self.types):
            object.__setattr__(self, "types", tuple(member(Ty, t, "Values.types") for t in self.types))


@dataclass(frozen=True)
class Query:
    pass


@dataclass(frozen=True)
class Select(Query):
    source: object | None
    where: Expr | None
    group_by: tuple[Expr, ...]
    having: Expr | None
    items: tuple[Expr, ...]
    distinct: bool
    order: tuple[tuple[Expr, bool], ...]  # (key, descending)
    limit: int | None
    offset: int
    aggregate: bool
    names: tuple[str, ...] = ()
    bare_from: Agg | None = None  # bare columns read the row where this MIN/MAX is reached


@dataclass(frozen=True)
class SetOp(Query):
    op: SetOpKind
    all: bool
    left: Query
    right: Query
    order: tuple[tuple[int, bool], ...] = ()  # (output position, descending)
    limit: int | None = None
    offset: int = 0

    def __post_init__(self):
        if type(self.op) is not SetOpKind:
            _kind(self, "op", SetOpKind)

    @property
    def items(self):
        return self.left.items


@dataclass
class Lowered:
    """A lowered query plus what the encoder needs to know about it."""

    query: Query
    texts: set[str] = field(default_factory=set)  # text literals (the domain seed)
    patterns: set[str] = field(default_factory=set)  # LIKE patterns
    templates: set[tuple[str, str]] = field(default_factory=set)  # (template, type) lookups
    numbers: set = field(default_factory=set)  # numeric literals (seed text variants)
    tables: set[str] = field(default_factory=set)
    opaque: set[tuple[str, bool, str]] = field(default_factory=set)  # (name, builtin, type)
