"""The IR's nodes: expressions, relations and queries as frozen dataclasses, and what the
encoder reads off a window (``FRAMED``, ``DEFAULT_FRAME``, ``order_dependent``).

Every expression carries its storage class ``ty`` (``int``, ``real``, ``text``, ``null``,
``bool``; ``affinity`` holds the rules that decide it).

>>> Cmp("=", Col("t#0", "a", "int", "INTEGER"), Lit(1, "int")).ty
'bool'
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True)
class Expr:
    pass


@dataclass(frozen=True)
class Lit(Expr):
    value: int | float | str | None
    ty: str


@dataclass(frozen=True)
class Col(Expr):
    alias: str
    name: str
    ty: str
    affinity: str | None


@dataclass(frozen=True)
class Arith(Expr):
    op: str  # + - * / %
    left: Expr
    right: Expr
    ty: str


@dataclass(frozen=True)
class Neg(Expr):
    arg: Expr
    ty: str


@dataclass(frozen=True)
class Cmp(Expr):
    op: str  # = != < <= > >=
    left: Expr
    right: Expr
    ty: str = "bool"
    conv: str = ""  # "left"/"right": that text operand gets NUMERIC affinity first


@dataclass(frozen=True)
class Logic(Expr):
    op: str  # and or
    args: tuple[Expr, ...]
    ty: str = "bool"


@dataclass(frozen=True)
class Not(Expr):
    arg: Expr
    ty: str = "bool"


@dataclass(frozen=True)
class IsNull(Expr):
    arg: Expr
    ty: str = "bool"


@dataclass(frozen=True)
class InList(Expr):
    arg: Expr
    items: tuple[Expr, ...]
    ty: str = "bool"


@dataclass(frozen=True)
class InSub(Expr):
    arg: Expr  # a value, or a RowVal compared with the subquery's columns
    query: Query
    ty: str = "bool"
    conv: str = ""  # as Cmp.conv: "left" = the value, "right" = the subquery's column
    convs: tuple[str, ...] = ()  # per component of a RowVal arg


@dataclass(frozen=True)
class RowVal(Expr):
    """A row value ``(a, b, ...)``, only as the left side of IN (SELECT ...); row
    comparisons are lowered to their components."""

    items: tuple[Expr, ...]
    ty: str = "row"


@dataclass(frozen=True)
class Exists(Expr):
    query: Query
    ty: str = "bool"


@dataclass(frozen=True)
class ScalarSub(Expr):
    query: Query
    ty: str


@dataclass(frozen=True)
class Like(Expr):
    arg: Expr
    pattern: str
    ty: str = "bool"


@dataclass(frozen=True)
class Case(Expr):
    whens: tuple[tuple[Expr, Expr], ...]
    default: Expr
    ty: str


@dataclass(frozen=True)
class Func(Expr):
    name: str  # coalesce nullif abs cast_int cast_real truth round
    args: tuple[Expr, ...]
    ty: str


@dataclass(frozen=True)
class Lookup(Expr):
    """A scalar function of one text value (other arguments constant), computed by SQLite
    itself for every string of the finite text domain: ``template`` is its SQL with ``?``
    for the text argument."""

    template: str
    arg: Expr
    ty: str


@dataclass(frozen=True)
class Window(Expr):
    """A window function over (PARTITION BY ... ORDER BY ... frame): one value per row of
    a select, computed over the rows its WHERE (and GROUP BY, HAVING) keep. ``fn``: the
    ranking functions (row_number rank dense_rank percent_rank cume_dist ntile), the value
    functions (lag lead first_value last_value nth_value) and the aggregates (count
    count_star sum avg min max total). ``args``: NTILE (n,), LAG/LEAD (x, offset, default),
    NTH_VALUE (x, n), the others (x,). ``frame``: for the aggregates and
    first/last/nth_value, ``(unit, start, end, exclude)`` (``DEFAULT_FRAME`` if unwritten)."""

    fn: str
    partition: tuple[Expr, ...]
    order: tuple[tuple[Expr, bool], ...]  # (key, descending)
    ty: str = "int"
    args: tuple[Expr, ...] = ()
    frame: tuple = ()


FRAMED = frozenset({"first_value", "last_value", "nth_value", "count", "count_star", "sum",
                    "avg", "min", "max", "total"})
# SQLite's default frame: RANGE BETWEEN UNBOUNDED PRECEDING AND CURRENT ROW (with no ORDER
# BY every row is a peer of the current one, so the whole partition)
DEFAULT_FRAME = ("range", ("unbounded_preceding", 0), ("current", 0), "no others")


def order_dependent(w: Window) -> bool:
    """Does ``w`` depend on the order of rows tied on its ORDER BY keys (SQLite's order of
    tied rows is unspecified: such ties are recorded like ties cut by a LIMIT)? Ranks and
    RANGE/GROUPS frames see peers as one; ROW_NUMBER, NTILE, LAG/LEAD, the value functions
    and ROWS frames (unless unbounded on both sides) do not."""
    if w.fn in ("rank", "dense_rank", "percent_rank", "cume_dist"):
        return False
    if w.fn in ("row_number", "ntile", "lag", "lead", "first_value", "last_value", "nth_value"):
        return True
    unit, start, end, _ = w.frame
    return unit == "rows" and not (start[0] == "unbounded_preceding" and end[0] == "unbounded_following")


@dataclass(frozen=True)
class Agg(Expr):
    fn: str  # count count_star sum avg min max total
    arg: Expr | None
    distinct: bool
    ty: str


# --------------------------------------------------------------------------- relations


@dataclass(frozen=True)
class Scan:
    table: str  # schema table name, lower case
    alias: str
    columns: tuple[tuple[str, str, str], ...]  # (name, ty, affinity)


@dataclass(frozen=True)
class Join:
    kind: str  # inner cross left right full
    left: object
    right: object
    on: Expr | None


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
    types: tuple[str, ...]  # one storage class per column (NULLs aside)


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
    op: str  # union intersect except
    all: bool
    left: Query
    right: Query
    order: tuple[tuple[int, bool], ...] = ()  # (output position, descending)
    limit: int | None = None
    offset: int = 0

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
