"""sqlglot -> a small typed relational IR that the encoder supports completely.

``lower(sql, schema)`` parses (SQLite dialect), qualifies columns against the schema with
sqlglot's ``qualify`` and lowers the tree to frozen dataclasses. Every construct the encoder
cannot reproduce exactly raises ``UnsupportedSQL(construct)`` here, up front, so that the
verifier never approximates silently.

Static types: every expression has one storage class, decided from declared column types:
``int`` (INTEGER and NUMERIC affinity, except date/time names), ``real`` (REAL), ``text``
(TEXT, no type, DATE/TIME declared types), ``null`` (the NULL literal) and ``bool``
(predicates, 0/1 in SQLite). SQLite's comparison affinity rules are applied at lowering
time (a numeric literal compared with a TEXT column becomes a text literal, and so on).

>>> from sqlverdict.schema import from_ddl
>>> s = from_ddl("CREATE TABLE t(a INT, b TEXT)")
>>> q = lower("SELECT b FROM t WHERE a > 1", s).query
>>> q.items[0].ty, q.where.ty
('text', 'bool')
>>> lower("SELECT b FROM t WHERE b = 5", s).query.where.right
Lit(value='5', ty='text')
>>> lower("SELECT group_concat(b) FROM t", s)
Traceback (most recent call last):
...
sqlverdict.errors.UnsupportedSQL: unsupported: function GROUP_CONCAT
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass, field

from sqlglot import exp
from sqlglot.errors import SqlglotError
from sqlglot.optimizer.qualify import qualify

from ....engine.execute import run_query, scratch_database
from ....errors import ExecutionError, InputError, UnsupportedSQL
from ....sql.parse import SQLITE, read_sqlite
from ....types import Schema

# How lowering reads the clock (``lower(..., clock=...)``). REAL_CLOCK: a query that reads
# it is unsupported. PINNED_CLOCK: the clock (CURRENT_TIMESTAMP, 'now') is read once, at
# lowering, as a constant; only for searching witnesses: a verdict of equivalence would hold
# for that instant only, so the caller (``staging``) keeps nothing but replayed refutations.
# SYMBOLIC_CLOCK: the clock is a symbolic value, the column CLOCK (alias CLOCK_ALIAS) that
# the encoder ranges over the timestamps of the text domain, the same in both queries.
REAL_CLOCK, PINNED_CLOCK, SYMBOLIC_CLOCK = "real", "pinned", "symbolic"
CLOCK_MODES = (REAL_CLOCK, PINNED_CLOCK, SYMBOLIC_CLOCK)


# --------------------------------------------------------------------------- expressions


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


_WINDOW_FNS = {exp.RowNumber: "row_number", exp.Rank: "rank", exp.DenseRank: "dense_rank",
               exp.PercentRank: "percent_rank", exp.CumeDist: "cume_dist", exp.Ntile: "ntile",
               exp.Lag: "lag", exp.Lead: "lead", exp.FirstValue: "first_value",
               exp.LastValue: "last_value", exp.NthValue: "nth_value"}
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


# --------------------------------------------------------------------------- lowering


def column_type(declared: str) -> tuple[str, str]:
    """(static type, affinity) of a declared column type.

    >>> [column_type(t)[0] for t in ["INT", "varchar(20)", "REAL", "NUMERIC", "DATE", ""]]
    ['int', 'text', 'real', 'int', 'text', 'text']
    """
    from ....types import affinity

    aff = affinity(declared)
    up = (declared or "").upper()
    if aff == "INTEGER":
        return "int", aff
    if aff == "REAL":
        return "real", aff
    if aff == "NUMERIC":
        if "DATE" in up or "TIME" in up:
            return "text", aff
        return "int", aff
    if aff == "TEXT":
        return "text", aff
    return "text", "BLOB"


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


def _num(t: str) -> bool:
    return t in ("int", "real", "bool")


class _Lowerer:
    def __init__(self, schema: Schema, clock: str = REAL_CLOCK):
        if clock not in CLOCK_MODES:
            raise ValueError(f"clock must be one of {CLOCK_MODES}, got {clock!r}")
        self.schema = schema
        self.clock_mode = clock
        self.output_aliases: dict[str, Expr] = {}
        self.ctes: dict[str, Query] = {}
        self.alias_counts: dict[str, int] = {}
        self.merged: dict[int, dict[str, list[str]]] = {}  # id(scope) -> USING columns
        self.windows: dict[str, exp.Window] = {}  # the WINDOW clause of the current select
        self.mixed: set[tuple[str, str]] = set()  # columns holding integers and reals (_mixed)
        self.out = Lowered(query=None)  # type: ignore[arg-type]

    # ---- queries

    def query(self, node: exp.Expression, outer: list[dict]) -> Query:
        if isinstance(node, exp.Subquery):
            return self.query(node.this, outer)
        if isinstance(node, (exp.Union, exp.Intersect, exp.Except)):
            return self.setop(node, outer)
        if isinstance(node, exp.Select):
            return self.select(node, outer)
        raise UnsupportedSQL(type(node).__name__.lower())

    def setop(self, node, outer) -> SetOp:
        op = {exp.Union: "union", exp.Intersect: "intersect", exp.Except: "except"}[type(node)]
        self.with_clause(node, outer)
        all_ = not node.args.get("distinct", True)
        if all_ and op != "union":
            raise UnsupportedSQL(f"{op.upper()} ALL")
        left = self.query(node.this, outer)
        right = self.query(node.expression, outer)
        if len(left.items) != len(right.items):
            raise InputError("set operation with different column counts")
        order = []
        names = _names(left)
        for o in (node.args.get("order").expressions if node.args.get("order") else []):
            k = o.this
            pos = None
            if isinstance(k, exp.Literal) and not k.is_string:
                pos = int(k.this) - 1
            elif isinstance(k, exp.Column) and k.name.lower() in names:
                pos = names.index(k.name.lower())
            if pos is None or not 0 <= pos < len(left.items):
                raise UnsupportedSQL("ORDER BY expression on a compound query")
            order.append((pos, bool(o.args.get("desc"))))
        limit, offset = self.limits(node)
        return SetOp(op, all_, left, right, tuple(order), limit, offset)

    def with_clause(self, node, outer) -> None:
        """Non-recursive CTEs become named queries, read like derived tables."""
        w = node.args.get("with_")
        if not w:
            return
        if w.args.get("recursive"):
            raise UnsupportedSQL("WITH RECURSIVE")
        for cte in w.expressions:
            q = self.query(cte.this, outer)
            if _free_aliases(q):
                raise UnsupportedSQL("correlated WITH")
            self.ctes[cte.alias.lower()] = q

    def limits(self, node) -> tuple[int | None, int]:
        limit = offset = None
        if isinstance(node.args.get("limit"), exp.Fetch):  # SQLite's grammar has no FETCH
            raise InputError("SQLite has no FETCH clause: write LIMIT n, or read the query "
                             "in its dialect (--dialect postgres or calcite)")
        if node.args.get("limit"):
            limit = self.const_int(node.args["limit"].expression, "LIMIT")
        if node.args.get("offset"):
            offset = self.const_int(node.args["offset"].expression, "OFFSET")
        if limit is not None and limit < 0:
            limit = None
        return limit, max(offset or 0, 0)

    def const_int(self, e, what) -> int:
        """A LIMIT/OFFSET of constants (``1 + 1``, ``2.0``, ``'3'``), as SQLite reads it:
        computed by SQLite itself, and an integer, a real with an integral value or an
        integer string (anything else is SQLite's "datatype mismatch")."""
        if isinstance(e, exp.Literal) and not e.is_string:
            try:
                return int(e.this)
            except ValueError:
                pass
        if e.find(exp.Table, exp.Column) is not None:
            raise UnsupportedSQL(f"{what} that reads the database")
        v = self.constant(e, what).value
        if isinstance(v, str):
            v = numeric_text(v) if re.fullmatch(r"\s*[+-]?\d+\s*", v) else None
        if isinstance(v, float) and v.is_integer():
            v = int(v)
        if not isinstance(v, int) or isinstance(v, bool):
            raise UnsupportedSQL(f"{what} that SQLite rejects (datatype mismatch)")
        return v

    def select(self, node: exp.Select, outer: list[dict]) -> Select:
        for key in ("qualify", "laterals", "pivots"):
            if node.args.get(key):
                raise UnsupportedSQL(key.upper())
        self.with_clause(node, outer)
        saved_windows = self.windows
        self.windows = {w.name.lower(): w for w in node.args.get("windows") or []}
        try:
            return self._select(node, outer)
        finally:
            self.windows = saved_windows

    def _select(self, node: exp.Select, outer: list[dict]) -> Select:
        scope: dict[str, tuple[str, dict[str, tuple[str, str]]]] = {}
        source = None
        if node.args.get("from_"):
            source = self.from_item(node.args["from_"].this, scope, outer)
            for j in node.args.get("joins") or []:
                right = self.from_item(j.this, scope, outer)
                side = (j.side or "").upper()
                kind = (j.kind or "").upper()
                if j.args.get("using"):
                    raise UnsupportedSQL("JOIN USING")
                if side in ("LEFT", "RIGHT", "FULL"):
                    jk = side.lower()
                elif kind in ("", "INNER", "CROSS"):
                    jk = "inner"
                else:
                    raise UnsupportedSQL(f"{kind} JOIN")
                env = [scope] + outer
                if j.meta.get(USING_MARK):
                    _merge_using(j, self.merged.setdefault(id(scope), {}))
                on = self.pred(j.args["on"], env) if j.args.get("on") else None
                source = Join(jk if on is not None or jk != "inner" else "cross", source, right, on)
        env = [scope] + outer
        where = self.pred(node.args["where"].this, env) if node.args.get("where") else None
        group = tuple(_as_value(self.expr(g, env)) for g in (node.args["group"].expressions if node.args.get("group") else []))
        items, names = [], []
        for it in node.expressions:
            if isinstance(it, exp.Star):
                raise UnsupportedSQL("unexpanded *")
            names.append(it.alias_or_name.lower())
            items.append(_as_value(self.expr(it.unalias() if isinstance(it, exp.Alias) else it, env, agg_ok=True)))
        saved = self.output_aliases
        self.output_aliases = dict(zip(names, items, strict=True))
        try:
            having = self.pred(node.args["having"].this, env, agg_ok=True) if node.args.get("having") else None
        finally:
            self.output_aliases = saved
        aggregate = bool(group) or having is not None or any(_has_agg(i) for i in items)
        if having is not None and _has_window(having):
            raise UnsupportedSQL("window function in HAVING")
        distinct = bool(node.args.get("distinct"))
        if node.args.get("distinct") and node.args["distinct"].args.get("on"):
            raise UnsupportedSQL("DISTINCT ON")
        order = []
        for o in (node.args["order"].expressions if node.args.get("order") else []):
            k = o.this
            while isinstance(k, exp.Paren):  # SQLite reads ORDER BY (x) as ORDER BY x
                k = k.this
            if isinstance(k, exp.Literal) and not k.is_string:
                key = items[int(k.this) - 1]
            elif isinstance(k, exp.Column) and not k.table and k.name.lower() in names:
                key = items[names.index(k.name.lower())]
            else:
                saved = self.output_aliases
                self.output_aliases = dict(zip(names, items, strict=True))
                try:
                    # (agg_ok: window functions; an aggregate here makes a non-aggregate
                    # query unsupported below)
                    key = _as_value(self.expr(k, env, agg_ok=True))
                finally:
                    self.output_aliases = saved
            # (a key that DISTINCT removes is rejected by the encoder, unless the ORDER BY
            # is dropped first because the comparison cannot see it)
            if bool(o.args.get("nulls_first")) == bool(o.args.get("desc")):
                # sqlglot marks SQLite's default (NULLs first ascending, last descending)
                raise UnsupportedSQL("NULLS FIRST/LAST")
            order.append((key, bool(o.args.get("desc"))))
        limit, offset = self.limits(node)
        bare_from = None
        if aggregate:
            bare_from = self.check_bare(items + [k for k, _ in order] + ([having] if having else []),
                                        group, where, source)
        if not aggregate and any(_has_agg(k) for k, _ in order):
            raise UnsupportedSQL("aggregate in ORDER BY of a non-aggregate query")
        return Select(source, where, group, having, tuple(items), distinct, tuple(order), limit,
                      offset, aggregate, tuple(names), bare_from)

    def check_bare(self, exprs, group, where, source):
        """Bare columns in an aggregate query must be determined by the group keys (SQLite
        would otherwise pick a row of its choosing)."""
        keys = {(g.alias, g.name) for g in group if isinstance(g, Col)}
        # determined columns: group keys, columns equal to a constant or to a determined
        # column (inner join and WHERE conjuncts), and every column of a table whose
        # primary key is determined; to a fixed point
        eqs = []
        for c in _conjuncts(where) + _join_conds(source):
            if not (isinstance(c, Cmp) and c.op == "="):
                continue
            if isinstance(c.left, Col) and isinstance(c.right, Col):
                eqs.append(((c.left.alias, c.left.name), (c.right.alias, c.right.name)))
            elif isinstance(c.left, Col) and isinstance(c.right, Lit) and c.right.ty != "null":
                keys.add((c.left.alias, c.left.name))
            elif isinstance(c.right, Col) and isinstance(c.left, Lit) and c.left.ty != "null":
                keys.add((c.right.alias, c.right.name))
        pks = _primary_keys(source, self.schema)
        changed = True
        while changed:
            before = len(keys)
            for a, b in eqs:
                if (a in keys) != (b in keys):
                    keys |= {a, b}
            for alias, pk in pks.items():
                if pk and all((alias, c) in keys for c in pk):
                    keys |= {(alias, c) for c in pks.get(("cols", alias), ())}
            changed = len(keys) != before
        bare = [c for e in exprs for c in _bare_cols(e, set(group)) if (c.alias, c.name) not in keys]
        if not bare:
            return None
        # SQLite: with exactly one min() or max(), bare columns come from the row where it
        # is reached (the first such row; the last row when all its values are NULL)
        extremes = {a for e in exprs for a in _aggs(e) if a.fn in ("min", "max")}
        if len(extremes) == 1:
            return extremes.pop()
        raise UnsupportedSQL("bare column in aggregate query", f"{bare[0].alias}.{bare[0].name}")

    def from_item(self, node, scope, outer):
        if isinstance(node, exp.Table) and node.name.lower() in self.ctes and not node.args.get("db"):
            q = self.ctes[node.name.lower()]
            alias = (node.alias or node.name).lower()
            names = _names(q)
            canon = self.canonical(node.name.lower())
            scope[alias] = (canon, self.derived_columns(q, canon, names))
            return Derived(q, canon, tuple(names))
        if isinstance(node, exp.Table):
            if node.args.get("db") or not isinstance(node.this, exp.Identifier):
                raise UnsupportedSQL("table expression")
            name = node.name
            if not self.schema.has_table(name):
                raise InputError(f"no such table: {name}")
            t = self.schema.table(name)
            alias = (node.alias or name).lower()
            cols = tuple((c.name.lower(),) + column_type(c.type) for c in t.columns)
            canon = self.canonical(t.name.lower())
            scope[alias] = (canon, {c[0]: (c[1], c[2]) for c in cols})
            self.out.tables.add(t.name.lower())
            return Scan(t.name.lower(), canon, cols)
        if isinstance(node, exp.Values):
            return self.values(node, scope, outer)
        if isinstance(node, exp.Subquery):
            q = self.query(node.this, outer)
            if _free_aliases(q):
                raise UnsupportedSQL("correlated derived table")
            alias = (node.alias or "").lower()
            names = _names(q)
            canon = self.canonical("(derived)")
            scope[alias] = (canon, self.derived_columns(q, canon, names))
            return Derived(q, canon, tuple(names))
        raise UnsupportedSQL(f"FROM {type(node).__name__.lower()}")

    def derived_columns(self, q: Query, canon: str, names) -> dict[str, tuple[str, str | None]]:
        """(type, affinity) of each output column of a derived table or CTE: the class
        its rows hold (of every arm of a compound; NULL arms aside). A column that holds
        integers on some rows and reals on others is typed ``real`` and recorded in
        ``self.mixed`` (see ``_mixed``)."""
        out = {}
        for k, name in enumerate(names):
            ty, mixed = self.column_class(q, k)
            if mixed:
                self.mixed.add((canon, name))
            out[name] = (ty, _aff(_arm(q).items[k]))
        return out

    def column_class(self, q: Query, k: int) -> tuple[str, bool]:
        if isinstance(q, SetOp):
            (a, ma), (b, mb) = self.column_class(q.left, k), self.column_class(q.right, k)
            if a == b or b == "null":
                return a, ma or mb
            if a == "null":
                return b, ma or mb
            if {a, b} == {"int", "real"}:
                return "real", True
            return a, ma or mb  # text and numbers: the encoder refuses such set operations
        e = q.items[k]
        return _ty(e), _mixed(e, self.mixed)

    def values(self, node: exp.Values, scope, outer) -> Values:
        """A VALUES table. Every column holds one storage class (NULLs aside): a column
        mixing integers and reals keeps each value's class in SQLite, which matters for
        ``/`` and ``%``, so it is refused, as are columns mixing text and numbers."""
        rows = []
        for t in node.expressions:
            items = t.expressions if isinstance(t, exp.Tuple) else [t]
            rows.append(tuple(_as_value(self.expr(x, outer)) for x in items))
        if not rows or len({len(r) for r in rows}) != 1:
            raise InputError("all VALUES must have the same number of terms")
        alias_node = node.args.get("alias")
        n = len(rows[0])
        names = [c.name.lower() for c in alias_node.columns] if alias_node and alias_node.columns else []
        names = names[:n] + [f"column{k + 1}" for k in range(len(names), n)]
        types = []
        canon = self.canonical("(values)")
        for k in range(n):
            ty = _join_ty([r[k] for r in rows], "VALUES column")
            if ty == "real" and any(_nonzero_int(r[k]) or _mixed(r[k], self.mixed) for r in rows):
                self.mixed.add((canon, names[k]))  # integers and reals: see _mixed
            types.append(ty)
        scope[(alias_node.name if alias_node else "").lower()] = (
            canon, {nm: (ty, None) for nm, ty in zip(names, types, strict=True)})
        return Values(canon, tuple(names), tuple(rows), tuple(types))

    def window(self, n: exp.Window, env, agg_ok) -> Window:
        """A window function of the select list or ORDER BY (``agg_ok``): SQLite's ranking,
        value and aggregate window functions over PARTITION BY / ORDER BY and a frame
        (normalized: ``DEFAULT_FRAME`` when none is written)."""
        if not agg_ok:
            raise UnsupportedSQL("window function outside the select list")
        n = self.named_window(n)
        f = n.this
        if isinstance(f, exp.Filter):
            f = _filter_as_case(f)
        part = tuple(_as_value(self.expr(p, env, agg_ok)) for p in (n.args.get("partition_by") or []))
        order = []
        for o in (n.args["order"].expressions if n.args.get("order") else []):
            if bool(o.args.get("nulls_first")) == bool(o.args.get("desc")):
                raise UnsupportedSQL("NULLS FIRST/LAST")
            order.append((_as_value(self.expr(o.this, env, agg_ok)), bool(o.args.get("desc"))))
        order = tuple(order)

        def value(x):
            return _as_value(self.expr(x, env, agg_ok))

        fn = _WINDOW_FNS.get(type(f))
        args: tuple = ()
        if fn in ("row_number", "rank", "dense_rank", "percent_rank", "cume_dist"):
            if f.this is not None or f.expressions:
                raise UnsupportedSQL(f"{fn.upper()} with arguments")
            ty = "real" if fn in ("percent_rank", "cume_dist") else "int"
        elif fn == "ntile":
            args = (Lit(self.window_int(f.this, "NTILE", 1), "int"),)
            ty = "int"
        elif fn in ("lag", "lead"):
            x = value(f.this)
            off = self.window_int(f.args.get("offset"), fn.upper(), None) if f.args.get("offset") else 1
            dflt = value(f.args["default"]) if f.args.get("default") else Lit(None, "null")
            if "null" not in (x.ty, dflt.ty) and x.ty != dflt.ty:
                raise UnsupportedSQL(f"{fn.upper()} with a default of another type")
            args, ty = (x, Lit(off, "int"), dflt), (x.ty if x.ty != "null" else dflt.ty)
        elif fn in ("first_value", "last_value"):
            x = value(f.this)
            args, ty = (x,), x.ty
        elif fn == "nth_value":
            x = value(f.this)
            args, ty = (x, Lit(self.window_int(f.args.get("offset"), "NTH_VALUE", 1), "int")), x.ty
        elif isinstance(f, (exp.Count, exp.Sum, exp.Avg, exp.Min, exp.Max)) or (
                isinstance(f, exp.Anonymous) and f.name.upper() == "TOTAL"):
            if isinstance(f.this, exp.Distinct):  # SQLite: "DISTINCT is not supported ..."
                raise UnsupportedSQL("DISTINCT in a window function")
            a = self.agg(f, env, True, arg_agg_ok=agg_ok)
            fn, ty = a.fn, a.ty
            args = (a.arg,) if a.arg is not None else ()
        else:
            raise UnsupportedSQL("window function", f.sql(dialect=SQLITE)[:40])
        frame = self.frame(n.args.get("spec"), order) if fn in FRAMED else ()
        return Window(fn, part, order, ty, args, frame)

    def named_window(self, n: exp.Window) -> exp.Window:
        """``OVER w`` / ``OVER (w ORDER BY ...)``: the window of the WINDOW clause, extended."""
        name = n.args.get("alias")
        if name is None:
            return n
        base = self.windows.get(name.name.lower())
        if base is None:
            raise InputError(f"no such window: {name.name}")
        if n.args.get("partition_by") or (n.args.get("order") and base.args.get("order")):
            raise UnsupportedSQL("window that overrides its base window")
        out = n.copy()
        out.set("alias", None)
        out.set("partition_by", [p.copy() for p in base.args.get("partition_by") or []])
        if not n.args.get("order") and base.args.get("order"):
            out.set("order", base.args["order"].copy())
        if not n.args.get("spec") and base.args.get("spec"):
            out.set("spec", base.args["spec"].copy())
        return out

    def window_int(self, e, what: str, least: int | None) -> int:
        """A constant integer argument of a window function (at least ``least``)."""
        v = self.window_number(e, what)
        if not isinstance(v, int) or (least is not None and v < least):
            raise UnsupportedSQL(f"{what} with an argument SQLite rejects")
        return v

    def window_number(self, e, what: str):
        if e is None or e.find(exp.Column, exp.Table) is not None:
            raise UnsupportedSQL(f"{what} with a non-constant argument")
        v = self.constant(e, what).value
        if isinstance(v, str):  # SQLite reads '2' as 2 here
            v = numeric_text(v)
        if isinstance(v, float) and v.is_integer():
            v = int(v)
        if not isinstance(v, (int, float)) or isinstance(v, bool):
            raise UnsupportedSQL(f"{what} with an argument SQLite rejects")
        return v

    def frame(self, spec, order) -> tuple:
        """(unit, start, end, exclude) with start/end ``(kind, offset)``, SQLite's rules
        checked (what SQLite rejects stays unsupported)."""
        if spec is None:
            return DEFAULT_FRAME
        unit = str(spec.args.get("kind") or "").lower()
        if unit not in ("rows", "range", "groups"):
            raise UnsupportedSQL("window frame", unit)
        start = self.frame_bound(spec.args.get("start"), spec.args.get("start_side"), unit)
        end = (self.frame_bound(spec.args.get("end"), spec.args.get("end_side"), unit)
               if spec.args.get("end") is not None else ("current", 0))
        excl = spec.args.get("exclude")
        excl = " ".join(excl.name.lower().split()) if excl is not None else "no others"
        if excl not in ("no others", "current row", "group", "ties"):
            raise UnsupportedSQL("window frame EXCLUDE", excl)
        rank = {"unbounded_preceding": 0, "preceding": 1, "current": 2, "following": 3,
                "unbounded_following": 4}
        if (start[0] == "unbounded_following" or end[0] == "unbounded_preceding"
                or rank[start[0]] > rank[end[0]]):
            raise UnsupportedSQL("window frame SQLite rejects")
        offsets = {start[0], end[0]} & {"preceding", "following"}
        if unit == "range" and offsets:
            if len(order) != 1:
                raise UnsupportedSQL("RANGE offset without exactly one ORDER BY term")
            if order[0][0].ty not in ("int", "real"):
                raise UnsupportedSQL("RANGE offset over a non-numeric ORDER BY term")
        return (unit, start, end, excl)

    def frame_bound(self, b, side, unit: str) -> tuple:
        side = str(side or "").lower()
        if isinstance(b, str):
            b = " ".join(b.upper().split())
            if b == "UNBOUNDED":
                return (f"unbounded_{side}", 0)
            if b == "CURRENT ROW":
                return ("current", 0)
            raise UnsupportedSQL("window frame bound", b)
        v = self.window_number(b, "window frame offset")
        if v < 0 or (unit != "range" and not isinstance(v, int)):
            raise UnsupportedSQL("window frame offset SQLite rejects")
        return (side, v)

    def canonical(self, table: str) -> str:
        """Aliases are renamed by table and order of appearance, so that queries that
        differ only in alias names lower to the same IR."""
        n = self.alias_counts.get(table, 0)
        self.alias_counts[table] = n + 1
        return f"{table}#{n}"

    def is_const(self, e) -> bool:
        return _is_const(e, self.clock_mode == PINNED_CLOCK)

    # ---- expressions

    def pred(self, node, env, agg_ok=False) -> Expr:
        return _truth(self.expr(node, env, agg_ok))

    def expr(self, node, env, agg_ok=False) -> Expr:
        e = self._expr(node, env, agg_ok)
        return e

    def _expr(self, n, env, agg_ok) -> Expr:  # noqa: C901  (one dispatch table)
        E = lambda x: self.expr(x, env, agg_ok)  # noqa: E731
        if isinstance(n, exp.Paren):
            return E(n.this)
        if isinstance(n, exp.Window):
            return self.window(n, env, agg_ok)
        if isinstance(n, exp.Column):
            if not n.table:
                return self.unqualified(n.name.lower(), env)
            return self.column(n.table.lower(), n.name.lower(), env)
        if isinstance(n, exp.Literal):
            if n.is_string:
                self.out.texts.add(n.this)
                return Lit(n.this, "text")
            v = numeric_text(n.this)
            if v is None:
                raise UnsupportedSQL("numeric literal", n.this)
            self.out.numbers.add(v)
            if "." in n.this or "e" in n.this.lower():
                return Lit(float(n.this), "real")
            return Lit(int(v), "int")
        if isinstance(n, exp.Null):
            return Lit(None, "null")
        if isinstance(n, exp.Boolean):
            return Lit(1 if n.this else 0, "int")
        if isinstance(n, exp.Neg):
            a = E(n.this)
            if isinstance(a, Lit) and _num(a.ty):
                return Lit(-a.value, a.ty)
            return Neg(_need_num(a, "unary minus"), _arith_ty(a.ty, "int"))
        if isinstance(n, (exp.Add, exp.Sub, exp.Mul, exp.Div, exp.Mod)):
            op = {exp.Add: "+", exp.Sub: "-", exp.Mul: "*", exp.Div: "/", exp.Mod: "%"}[type(n)]
            a, b = E(n.this), E(n.expression)
            if op in ("+", "-", "*"):
                # SQLite reads text operands as numbers (integer or real; the class only
                # matters for / and %, where such values are refused below)
                a, b = _text_as_number(a), _text_as_number(b)
            _need_num(a, f"arithmetic {op}")
            _need_num(b, f"arithmetic {op}")
            if op == "%" and "real" in (a.ty, b.ty):
                raise UnsupportedSQL("% on real values")
            if op in ("/", "%") and (_mixed(a, self.mixed) or _mixed(b, self.mixed)) and not (
                    _real(a, self.mixed) or _real(b, self.mixed)):  # a real operand: real division
                raise UnsupportedSQL("division of a value that may be integer or real")
            return Arith(op, _as_value(a), _as_value(b), _arith_ty(a.ty, b.ty))
        if isinstance(n, (exp.EQ, exp.NEQ, exp.LT, exp.LTE, exp.GT, exp.GTE)):
            op = {exp.EQ: "=", exp.NEQ: "!=", exp.LT: "<", exp.LTE: "<=", exp.GT: ">", exp.GTE: ">="}[type(n)]
            if _is_row(n.this) or _is_row(n.expression):
                return self.row_compare(op, n.this, n.expression, env, agg_ok)
            return self.compare(op, E(n.this), E(n.expression))
        if isinstance(n, (exp.NullSafeEQ, exp.NullSafeNEQ)):
            op = "is" if isinstance(n, exp.NullSafeEQ) else "is not"
            if _is_row(n.this) or _is_row(n.expression):
                return self.row_compare(op, n.this, n.expression, env, agg_ok)
            return self.is_compare(op, E(n.this), E(n.expression))
        if isinstance(n, exp.And):
            return Logic("and", (_truth(E(n.this)), _truth(E(n.expression))))
        if isinstance(n, exp.Or):
            return Logic("or", (_truth(E(n.this)), _truth(E(n.expression))))
        if isinstance(n, exp.Not):
            return Not(_truth(E(n.this)))
        if isinstance(n, exp.Is) and n.args.get("negate"):  # sqlglot's IS NOT of some dialects
            return Not(_truth(E(exp.Is(this=n.this, expression=n.expression))))
        if isinstance(n, exp.Is):
            if _is_row(n.this) or _is_row(n.expression):
                return self.row_compare("is", n.this, n.expression, env, agg_ok)
            if isinstance(n.expression, exp.Null):
                return IsNull(E(n.this))
            return self.is_compare("is", E(n.this), E(n.expression))
        if isinstance(n, exp.Between):
            x = E(n.this)
            return Logic("and", (self.compare(">=", x, E(n.args["low"])), self.compare("<=", x, E(n.args["high"]))))
        if isinstance(n, exp.In) and _is_row(n.this):
            return self.row_in(n, env, agg_ok)
        if isinstance(n, exp.In):
            x = E(n.this)
            if n.args.get("query"):
                q = self.query(n.args["query"].this if isinstance(n.args["query"], exp.Subquery) else n.args["query"], env)
                if len(q.items) != 1:
                    raise InputError("IN subquery must return one column")
                c = self.compare("=", x, _probe(q.items[0]))  # affinity rules, as for =
                return InSub(x, q, conv=c.conv if isinstance(c, Cmp) else "")
            if n.args.get("unnest") or n.args.get("field"):
                raise UnsupportedSQL("IN with UNNEST")
            items = tuple(E(i) for i in n.expressions)
            # apply the comparison rules per item (literals get converted)
            conv = []
            for it in items:
                c = self.compare("=", x, it)
                if isinstance(c, Cmp) and c.conv:
                    raise UnsupportedSQL("IN list comparing text with numbers")
                conv.append(c.right if isinstance(c, Cmp) else it)
            return InList(x, tuple(conv))
        if isinstance(n, exp.Exists):
            return Exists(self.query(n.this, env))
        if isinstance(n, exp.Subquery):
            q = self.query(n.this, env)
            if len(q.items) != 1:
                raise InputError("scalar subquery must return one column")
            return ScalarSub(q, _ty(q.items[0]))
        if isinstance(n, (exp.Select, exp.Union, exp.Intersect, exp.Except)):
            q = self.query(n, env)
            return ScalarSub(q, _ty(q.items[0]))
        if isinstance(n, exp.Like):
            x = E(n.this)
            pat = n.expression
            if n.args.get("escape") or not (isinstance(pat, exp.Literal) and pat.is_string):
                raise UnsupportedSQL("LIKE with a non-literal pattern")
            if x.ty != "text":
                raise UnsupportedSQL("LIKE on a number")
            self.out.patterns.add(pat.this)
            lk = Like(x, pat.this)
            return Not(lk) if n.args.get("negate") else lk
        if isinstance(n, exp.Glob):  # (a case-sensitive LIKE translated to SQLite is one)
            pat = n.expression
            if not (isinstance(pat, exp.Literal) and pat.is_string):
                raise UnsupportedSQL("GLOB with a pattern that is not a literal")
            # a function of one text column: tabulated by SQLite, as substr(x, ...) is, on
            # texts that include one the pattern matches and the same with its case swapped
            example = _glob_example(pat.this)
            self.out.texts.update({example, example.swapcase()})
            return self.lookup_of_column(n, env, agg_ok, "int", "GLOB", 1)
        if isinstance(n, (exp.ILike, exp.RegexpLike, exp.SimilarTo)):
            raise UnsupportedSQL(type(n).__name__.upper())
        if isinstance(n, exp.Case):
            base = E(n.this) if n.this else None
            whens = []
            for w in n.args.get("ifs") or []:
                cond = self.compare("=", base, E(w.this)) if base is not None else _truth(E(w.this))
                whens.append((cond, _as_value(E(w.args["true"]))))
            default = _as_value(E(n.args["default"])) if n.args.get("default") else Lit(None, "null")
            return Case(tuple(whens), default, _join_ty([v for _, v in whens] + [default], "CASE"))
        if isinstance(n, exp.If):
            cond = _truth(E(n.this))
            t = _as_value(E(n.args["true"]))
            f = _as_value(E(n.args["false"])) if n.args.get("false") else Lit(None, "null")
            return Case(((cond, t),), f, _join_ty([t, f], "IIF"))
        if isinstance(n, exp.Coalesce):
            args = tuple(_as_value(E(a)) for a in [n.this, *n.expressions])
            return Func("coalesce", args, _join_ty(list(args), "COALESCE"))
        if isinstance(n, exp.Nullif):
            a, b = _as_value(E(n.this)), _as_value(E(n.expression))
            self.compare("=", a, b)
            return Func("nullif", (a, b), a.ty)
        if isinstance(n, exp.Filter) and (isinstance(n.this, exp.AggFunc) or (
                isinstance(n.this, exp.Anonymous) and n.this.name.upper() == "TOTAL")):
            return E(_filter_as_case(n))
        if isinstance(n, _CLOCK) and self.clock_mode == SYMBOLIC_CLOCK:
            return self.clock(CLOCK_TEMPLATES[type(n)])
        if isinstance(n, _CLOCK) and self.clock_mode == PINNED_CLOCK:
            return self.constant(n, type(n).__name__.upper())
        if isinstance(n, exp.Round):
            return self.round(n, env, agg_ok)
        if isinstance(n, exp.Abs):
            a = _need_num(E(n.this), "ABS")
            return Func("abs", (_as_value(a),), _arith_ty(a.ty, "int"))
        if isinstance(n, exp.Cast):
            a = E(n.this)
            to = n.to.sql(SQLITE).upper()
            ty, aff = column_type(to)
            if a.ty == "null":
                return Lit(None, "null")
            if ty == "text":
                if a.ty == "text":
                    return a
                raise UnsupportedSQL("CAST number AS TEXT")
            if a.ty == "text":
                if aff == "NUMERIC":
                    raise UnsupportedSQL("CAST text AS NUMERIC")
                return self.lookup(n, env, agg_ok, ty)
            if aff == "NUMERIC" and a.ty == "int":  # an integer stays that integer, as
                return Func("cast_int", (_as_value(a),), "int")  # CAST(x AS INTEGER) keeps it
            if aff == "NUMERIC":
                raise UnsupportedSQL("CAST AS NUMERIC")
            return Func("cast_int" if ty == "int" else "cast_real", (_as_value(a),), ty)
        if isinstance(n, (exp.Count, exp.Sum, exp.Avg, exp.Min, exp.Max)) or (
            isinstance(n, exp.Anonymous) and n.name.upper() == "TOTAL"
        ):
            return self.agg(n, env, agg_ok)
        ty = _LOOKUP.get(type(n)) or (_LOOKUP_NAMED.get(_fname(n)) if isinstance(n, exp.Func) else None)
        if ty is not None:
            return self.lookup(n, env, agg_ok, ty)
        if isinstance(n, (exp.Max, exp.Min)) or isinstance(n, (exp.Greatest, exp.Least)):
            raise UnsupportedSQL("multi-argument MIN/MAX")
        if isinstance(n, exp.Anonymous) and n.name.upper() == "UNARY_PLUS":
            raise UnsupportedSQL("unary +")  # drops the operand's affinity
        if isinstance(n, exp.Anonymous):
            raise UnsupportedSQL(f"function {n.name.upper()}")
        if isinstance(n, exp.Func):
            name = n.sql_name() if hasattr(n, "sql_name") else type(n).__name__
            raise UnsupportedSQL(f"function {name.upper()}")
        if isinstance(n, exp.DPipe):
            raise UnsupportedSQL("|| concatenation of two values")
        if isinstance(n, exp.Tuple):
            raise UnsupportedSQL("row value outside a comparison or IN")
        raise UnsupportedSQL(type(n).__name__.lower())

    def is_compare(self, op: str, a: Expr, b: Expr) -> Expr:
        c = self.compare("=", a, b)
        if not isinstance(c, Cmp) or c.conv:
            raise UnsupportedSQL("IS between text and numbers")
        return Cmp(op, c.left, c.right)

    def row_items(self, node, env, agg_ok) -> list[Expr]:
        if not _is_row(node):
            if isinstance(node, (exp.Subquery, exp.Select)):
                raise UnsupportedSQL("row value compared with a subquery")
            raise InputError("row value misused")
        return [_as_value(self.expr(x, env, agg_ok)) for x in _row(node).expressions]

    def row_compare(self, op: str, left, right, env, agg_ok) -> Expr:
        """A comparison of row values as SQLite defines it: ``=`` and IS are the AND of
        the components' (three-valued), ``<>`` and IS NOT the OR; ``<``, ``<=``, ``>``,
        ``>=`` compare lexicographically (the first unequal component decides; a NULL
        on the way makes it NULL), i.e. ``a1 < b1 OR (a1 = b1 AND (a2, ...) < (b2, ...))``.
        Each component gets the affinity rules of a scalar comparison."""
        a, b = self.row_items(left, env, agg_ok), self.row_items(right, env, agg_ok)
        if len(a) != len(b):
            raise InputError("row value misused")
        if op in ("=", "!="):
            return Logic("and" if op == "=" else "or", tuple(self.compare(op, x, y) for x, y in zip(a, b, strict=True)))
        if op in ("is", "is not"):
            return Logic("and" if op == "is" else "or",
                         tuple(self.is_compare(op, x, y) for x, y in zip(a, b, strict=True)))
        strict = op[0]  # "<" or ">"
        out = self.compare(op, a[-1], b[-1])
        for x, y in reversed(list(zip(a[:-1], b[:-1], strict=True))):
            out = Logic("or", (self.compare(strict, x, y), Logic("and", (self.compare("=", x, y), out))))
        return out

    def row_in(self, n: exp.In, env, agg_ok) -> Expr:
        """``(a, b) IN (SELECT x, y ...)``: true when a row equals on every component,
        NULL when none does but a row's comparison is NULL; ``(a, b) IN ((1, 2), ...)``:
        the OR of the row equalities (three-valued, as for a list of values)."""
        if n.args.get("query"):
            xs = self.row_items(n.this, env, agg_ok)
            qn = n.args["query"]
            q = self.query(qn.this if isinstance(qn, exp.Subquery) else qn, env)
            if len(q.items) != len(xs):
                raise InputError("sub-select returns a different number of columns than the row value")
            convs = []
            for x, it in zip(xs, q.items, strict=True):
                c = self.compare("=", x, _probe(it))
                convs.append(c.conv if isinstance(c, Cmp) else "")
            return InSub(RowVal(tuple(xs)), q, convs=tuple(convs))
        if n.args.get("unnest") or n.args.get("field") or not n.expressions:
            raise UnsupportedSQL("IN with UNNEST")
        return Logic("or", tuple(self.row_compare("=", n.this, it, env, agg_ok) for it in n.expressions))

    def unqualified(self, name: str, env) -> Expr:
        """A column name that ``qualify`` left without a table, resolved as SQLite does:
        a column of the FROM clause first (the merged column of a NATURAL or USING join is
        the COALESCE of its tables' columns, as sqlglot writes it elsewhere; qualify leaves
        it bare inside HAVING), then an output alias (only a bare ORDER BY term reads the
        alias first: select()), then a column of an enclosing query."""
        scope = env[0] if env else {}
        merged = self.merged.get(id(scope), {}).get(name)
        if merged:
            cols = tuple(self.column(a, name, env) for a in merged)
            return Func("coalesce", cols, _join_ty(list(cols), "COALESCE"))
        for depth, sc in enumerate(env):
            owners = [a for a, (_, cols) in sc.items() if name in cols]
            if len(owners) > 1:
                raise InputError(f"ambiguous column name: {name}")
            if owners:
                return self.column(owners[0], name, env)
            if depth == 0 and name in self.output_aliases:
                return self.output_aliases[name]
        raise InputError(f"no such column: {name}")

    def column(self, alias: str, name: str, env) -> Col:
        for sc in env:
            if alias in sc:
                canon, cols = sc[alias]
                if name not in cols:
                    raise InputError(f"no such column: {alias}.{name}")
                ty, aff = cols[name]
                return Col(canon, name, ty, aff)
        raise InputError(f"no such column: {alias}.{name}")

    def lookup(self, n, env, agg_ok, ty: str) -> Lookup:
        name = _fname(n)
        kids = [c for c in n.iter_expressions() if not isinstance(c, exp.DataType)]
        varying = [i for i, c in enumerate(kids) if not self.is_const(c)]
        clock_arg = False
        if not varying and self.clock_mode == SYMBOLIC_CLOCK:  # date('now'): a function of the clock
            nows = [i for i, c in enumerate(kids) if _is_now(c)]
            varying, clock_arg = nows[:1], bool(nows)
        if len(varying) > 1:
            return self.lookup_of_column(n, env, agg_ok, ty, name, len(varying))
        if not varying:
            return self.constant(n, name)
        if len(varying) != 1:
            raise UnsupportedSQL(f"function {name} of {len(varying)} non-constant arguments")
        inner = kids[varying[0]]
        while type(inner).__name__ in ("TsOrDsToTimestamp", "TsOrDsToDate", "TimeStrToTime"):
            inner = inner.this  # sqlglot's wrappers around date arguments
        arg = self.clock(None) if clock_arg else self.expr(inner, env, agg_ok)
        if arg.ty == "null":
            return Lit(None, "null")
        if arg.ty != "text":
            raise UnsupportedSQL(f"function {name} of a number")
        for i, c in enumerate(kids):  # constant strings seed the text domain
            if i != varying[0] and isinstance(c, exp.Literal) and c.is_string:
                self.out.texts.add(c.this)
        node = n.copy()
        ckids = [c for c in node.iter_expressions() if not isinstance(c, exp.DataType)]
        ckids[varying[0]].replace(exp.Placeholder())
        template = node.sql(SQLITE)
        if template.count("?") != 1:
            raise UnsupportedSQL(f"function {name}", template)
        self.out.templates.add((template, ty))
        return Lookup(template, arg, ty)

    def round(self, n, env, agg_ok) -> Expr:
        """``ROUND(x[, digits])`` with constant digits: a real, halves away from zero."""
        dig = n.args.get("decimals")
        digits = 0
        if dig is not None:
            d = dig.this if isinstance(dig, exp.Paren) else dig
            neg = isinstance(d, exp.Neg)
            d = d.this if neg else d
            if not (isinstance(d, exp.Literal) and not d.is_string and d.this.isdigit()):
                raise UnsupportedSQL("function ROUND with non-constant digits")
            digits = 0 if neg else min(int(d.this), 30)  # SQLite clamps to 0..30
        if self.is_const(n.this):
            return self.constant(n, "ROUND")
        a = self.expr(n.this, env, agg_ok)
        if a.ty == "null":
            return Lit(None, "null")
        if a.ty == "text":
            return self.lookup(n, env, agg_ok, "real")
        return Func("round", (_as_value(a), Lit(digits, "int")), "real")

    def clock(self, template: str | None) -> Expr:
        """The symbolic clock (``clock=SYMBOLIC_CLOCK``): the timestamp CURRENT_TIMESTAMP reads, or a
        function of it; its values seed the text domain."""
        now = run_query(scratch(), "SELECT CURRENT_TIMESTAMP").rows[0][0]
        self.out.texts.update((now, *CLOCK_VALUES))
        if template is None:
            return CLOCK
        self.out.templates.add((template, "text"))
        return Lookup(template, CLOCK, "text")

    def constant(self, n, name: str) -> Lit:
        """A function of constants, computed once by SQLite (unless it reads the clock)."""
        text = n.sql(SQLITE)
        low = text.lower()
        if "random" in low or (self.clock_mode != PINNED_CLOCK and any(w in low for w in ("now", "current_"))):
            raise UnsupportedSQL(f"function {name} of the clock")
        try:  # the user's SQL: under the read-only guard and its budgets
            rows = run_query(scratch(), f"SELECT {text}", timeout_s=CONSTANT_TIMEOUT_S).rows
        except ExecutionError:
            raise UnsupportedSQL(f"function {name}") from None
        v = rows[0][0] if rows else None
        if isinstance(v, str):
            self.out.texts.add(v)
            return Lit(v, "text")
        if v is None:
            return Lit(None, "null")
        return Lit(v, "int" if isinstance(v, int) else "real")

    def lookup_of_column(self, n, env, agg_ok, ty: str, name: str, nvarying: int) -> Expr:
        """A function whose arguments all depend on one text column (``substr(x, 1,
        instr(x, ' ') - 1)``, ``x || x``): tabulated as a whole by SQLite."""
        cols = list(n.find_all(exp.Column))
        keys = {(c.table.lower(), c.name.lower()) for c in cols}
        if (len(keys) != 1 or n.find(exp.Select) or n.find(exp.AggFunc)
                or any(not c.table for c in cols)):
            raise UnsupportedSQL(f"function {name} of {nvarying} non-constant arguments")
        arg = self.expr(cols[0], env, agg_ok)
        if arg.ty != "text":
            raise UnsupportedSQL(f"function {name} of a number")
        for lit in n.find_all(exp.Literal):
            if lit.is_string:
                self.out.texts.add(lit.this)
        node = n.copy()
        for c in list(node.find_all(exp.Column)):
            c.replace(exp.Placeholder(this=ARG))
        template = node.sql(SQLITE)
        self.out.templates.add((template, ty))
        return Lookup(template, arg, ty)

    def agg(self, n, env, agg_ok, arg_agg_ok: bool = False) -> Agg:
        """An aggregate; ``arg_agg_ok``: its argument may hold aggregates (the aggregate
        of a window function in an aggregate query, ``SUM(COUNT(*)) OVER ()``)."""
        if not agg_ok:
            raise UnsupportedSQL("aggregate outside SELECT/HAVING/ORDER BY")
        if isinstance(n, exp.Anonymous):
            fn, args, distinct = "total", list(n.expressions), False
            if len(args) == 1 and isinstance(args[0], exp.Distinct):
                if len(args[0].expressions) != 1:
                    raise UnsupportedSQL("aggregate over several DISTINCT arguments")
                args, distinct = [args[0].expressions[0]], True
        else:
            fn = type(n).__name__.lower()
            arg = n.this
            distinct = isinstance(arg, exp.Distinct)
            if distinct:
                if len(arg.expressions) != 1:
                    raise UnsupportedSQL("aggregate over several DISTINCT arguments")
                arg = arg.expressions[0]
            args = [arg] if arg is not None else []
            if isinstance(n, (exp.Min, exp.Max)) and n.expressions:
                raise UnsupportedSQL("multi-argument MIN/MAX")
        if fn == "count" and (not args or isinstance(args[0], exp.Star)):
            if distinct:
                raise UnsupportedSQL("COUNT(DISTINCT *)")
            return Agg("count_star", None, False, "int")
        if len(args) != 1:
            raise UnsupportedSQL(f"{fn.upper()} with {len(args)} arguments")
        a = self.expr(args[0], env, agg_ok=arg_agg_ok)
        a = _as_value(a)
        if fn == "count":
            return Agg("count", a, distinct, "int")
        if fn in ("sum", "avg", "total"):
            if a.ty == "text" and fn in ("avg", "total"):
                # SQLite reads each text as a real, as CAST(x AS REAL) does ('1a' -> 1.0)
                tpl = "CAST(? AS REAL)"
                self.out.templates.add((tpl, "real"))
                a = Lookup(tpl, a, "real")
            if a.ty == "text":
                raise UnsupportedSQL(f"{fn.upper()} over text")
            if a.ty == "null":
                return Agg(fn, a, distinct, "real" if fn != "sum" else "null")
            ty = "real" if fn in ("avg", "total") else a.ty
            return Agg(fn, a, distinct, ty)
        return Agg(fn, a, False, a.ty)  # min/max: DISTINCT changes nothing

    def compare(self, op: str, a: Expr, b: Expr) -> Expr:
        """A comparison with SQLite's affinity conversions applied to literal operands."""
        a, b = _as_value(a), _as_value(b)
        ta, tb = a.ty, b.ty
        if "null" in (ta, tb) or ta == tb or (_num(ta) and _num(tb)):
            return Cmp(op, a, b)
        # one side text, the other numeric
        flip = ta != "text"
        t, x = (b, a) if flip else (a, b)  # t: text side, x: numeric side
        x_aff, t_aff = _aff(x), _aff(t)
        if x_aff in ("INTEGER", "REAL", "NUMERIC") and t_aff in ("TEXT", "BLOB", None):
            if isinstance(t, Lit):
                v = numeric_text(t.value)
                if v is not None:
                    t = Lit(v, "int" if isinstance(v, int) else "real")
            else:
                # the text value is converted when it looks like a number (looked up
                # on the finite text domain, which gets a few numeric strings)
                self.out.texts.update({"0", "1", "2"})
                return Cmp(op, x, t, conv="right") if flip else Cmp(op, t, x, conv="left")
        elif t_aff == "TEXT" and x_aff is None:
            if isinstance(x, Lit):
                s = text_of_number(x.value)
                self.out.texts.add(s)
                x = Lit(s, "text")
            else:
                raise UnsupportedSQL("comparison of a text column with a numeric expression")
        return Cmp(op, x, t) if flip else Cmp(op, t, x)


_LOOKUP = {exp.Upper: "text", exp.Lower: "text", exp.Trim: "text", exp.Substring: "text",
           exp.Replace: "text", exp.DPipe: "text", exp.TimeToStr: "text", exp.Length: "int",
           exp.StrPosition: "int"}
_LOOKUP_NAMED = {"JULIANDAY": "real", "DATETIME": "text", "TIME": "text", "DATE": "text",
                 "STRFTIME": "text", "LTRIM": "text", "RTRIM": "text"}
DATE_FUNCTIONS = ("strftime", "julianday", "date(", "datetime", "time(")


_CLOCK = (exp.CurrentTimestamp, exp.CurrentDate, exp.CurrentTime)
CLOCK_ALIAS = "!clock"
CLOCK = Col(CLOCK_ALIAS, "now", "text", "TEXT")
CLOCK_TEMPLATES = {exp.CurrentTimestamp: None, exp.CurrentDate: "DATE(?)", exp.CurrentTime: "TIME(?)"}
# timestamps the symbolic clock ranges over (besides the present one and the domain's own)
CLOCK_VALUES = ("1999-12-31 23:59:59", "2000-01-01 00:00:00", "2012-06-15 12:30:00",
                "2024-02-29 08:00:00", "2030-07-01 18:45:30")


CONSTANT_TIMEOUT_S = 2.0
_SCRATCH: list = []


def scratch():
    """The empty in-memory database (guarded) where SQLite computes functions of constants
    for the lowering and the encoder: one per process."""
    if not _SCRATCH:
        _SCRATCH.append(scratch_database(check_same_thread=False))
    return _SCRATCH[0]


def _row(e):
    while isinstance(e, exp.Paren):
        e = e.this
    return e


def _is_row(e) -> bool:
    return isinstance(_row(e), exp.Tuple)


def _is_now(e) -> bool:
    while type(e).__name__ in ("TsOrDsToTimestamp", "TsOrDsToDate", "TimeStrToTime"):
        e = e.this
    return isinstance(e, exp.Literal) and e.is_string and e.this.strip().lower() == "now"


def _is_const(e, pinned_clock: bool) -> bool:
    """A constant argument: a literal, or the clock when it is read once (pinned)."""
    while isinstance(e, (exp.Paren, exp.Neg)) or type(e).__name__ in (
            "TsOrDsToTimestamp", "TsOrDsToDate", "TimeStrToTime"):
        e = e.this
    return isinstance(e, (exp.Literal, exp.Null)) or (pinned_clock and isinstance(e, _CLOCK))


def _fname(n) -> str:
    if isinstance(n, exp.Anonymous):
        return n.name.upper()
    if isinstance(n, exp.DPipe):
        return "||"
    return n.sql_name().upper() if hasattr(n, "sql_name") else type(n).__name__.upper()


def _probe(e: Expr) -> Expr:
    """A stand-in value of the same type for type-checking IN (subquery)."""
    return Col("?", "?", e.ty, _aff(e)) if not isinstance(e, Col) else e


def _aff(e: Expr) -> str | None:
    if isinstance(e, Col):
        return e.affinity
    if isinstance(e, Func) and e.name in ("cast_int", "cast_real"):
        return "INTEGER" if e.name == "cast_int" else "REAL"
    return None


def _ty(e: Expr) -> str:
    return "int" if e.ty == "bool" else e.ty


def _filter_as_case(n: exp.Filter) -> exp.Expression:
    """``agg(x) FILTER (WHERE c)`` is ``agg(CASE WHEN c THEN x END)``; ``count(*)`` counts
    ``CASE WHEN c THEN 1 END`` (aggregates skip NULLs, so the rows where c fails vanish)."""
    agg = n.this.copy()
    cond = n.expression.this.copy() if isinstance(n.expression, exp.Where) else n.expression.copy()
    if isinstance(agg, exp.Anonymous):  # TOTAL(x)
        if len(agg.expressions) != 1:
            raise UnsupportedSQL("TOTAL with several arguments")
        x = agg.expressions[0]
        if isinstance(x, exp.Distinct) and len(x.expressions) == 1:  # TOTAL(DISTINCT x)
            x.set("expressions", [exp.Case(ifs=[exp.If(this=cond, true=x.expressions[0].copy())])])
            return agg
        agg.set("expressions", [exp.Case(ifs=[exp.If(this=cond, true=x.copy())])])
        return agg
    arg = agg.this
    inner = arg.expressions[0] if isinstance(arg, exp.Distinct) and len(arg.expressions) == 1 else arg
    if inner is None or isinstance(inner, exp.Star):
        if isinstance(arg, exp.Distinct):
            raise UnsupportedSQL("COUNT(DISTINCT *)")
        agg.set("this", exp.Case(ifs=[exp.If(this=cond, true=exp.Literal.number(1))]))
        return agg
    case = exp.Case(ifs=[exp.If(this=cond, true=inner.copy())])
    if isinstance(arg, exp.Distinct):
        arg.set("expressions", [case])
    else:
        agg.set("this", case)
    return agg


def _as_value(e: Expr) -> Expr:
    """A predicate used as a value (0/1/NULL)."""
    return Func("bool_int", (e,), "int") if e.ty == "bool" else e


NUMERIC_TEXT = "CAST(? AS NUMERIC)"
ARG = "sqlverdict_arg"  # named parameter of whole-expression lookups (used several times)


def _text_as_number(e: Expr) -> Expr:
    return Lookup(NUMERIC_TEXT, e, "real") if e.ty == "text" else e


def _truth(e: Expr) -> Expr:
    """A value used as a condition (non-zero is true; text is read as a number)."""
    if e.ty == "bool":
        return e
    if e.ty == "text":
        e = Lookup("CAST(? AS REAL)", e, "real")
    return Func("truth", (e,), "bool")


def _need_num(e: Expr, what: str) -> Expr:
    if e.ty == "text":
        raise UnsupportedSQL(f"{what} on text")
    return e


def _arith_ty(a: str, b: str) -> str:
    if "null" in (a, b):
        return "null" if a == b == "null" else ("real" if "real" in (a, b) else "int")
    return "real" if "real" in (a, b) else "int"


def _join_ty(vals: list[Expr], what: str) -> str:
    tys = {v.ty for v in vals} - {"null"}
    tys = {"int" if t == "bool" else t for t in tys}
    if not tys:
        return "null"
    if tys == {"int", "real"}:
        return "real"  # values keep their own class; see _mixed()
    if len(tys) > 1:
        raise UnsupportedSQL(f"{what} mixing {' and '.join(sorted(tys))} values")
    return tys.pop()


def _mixed(e: Expr, cols=frozenset()) -> bool:
    """A value that may be a non-zero integer on some rows and a real on others (typed
    ``real`` here, but an integer stays an integer in SQLite, which matters only for / and
    %): a CASE/COALESCE with such branches, arithmetic on it, a SUM/MIN/MAX of it, or a
    column of a derived table, a compound or VALUES that holds both (``cols``: (alias,
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
    if isinstance(e, Arith) and e.op in ("+", "-", "*"):
        return ((_mixed(e.left, cols) or _mixed(e.right, cols))
                and not (_real(e.left, cols) or _real(e.right, cols)))
    if isinstance(e, Case):
        vals = [v for _, v in e.whens] + [e.default]
    elif isinstance(e, Func) and e.name in ("coalesce", "abs", "nullif"):
        vals = list(e.args[:1] if e.name in ("abs", "nullif") else e.args)
    else:
        return False
    return e.ty == "real" and any(_nonzero_int(v) or _mixed(v, cols) for v in vals)


def _real(e: Expr, cols=frozenset()) -> bool:
    """A value that is a real on every row where it is not NULL."""
    return e.ty == "real" and not _mixed(e, cols)


def _nonzero_int(e: Expr) -> bool:
    return e.ty in ("int", "bool") and not (isinstance(e, Lit) and e.value == 0)


# aggregates and window functions whose value is one of their argument's values (or a
# sum of them: an integer unless a real is summed)
_KEEPS_CLASS = frozenset({"sum", "min", "max", "lag", "lead", "first_value", "last_value",
                          "nth_value"})


def _arm(q: Query) -> Select:
    """The left-most select of a compound (it names and types the columns)."""
    while isinstance(q, SetOp):
        q = q.left
    return q


def _names(q: Query) -> list[str]:
    while isinstance(q, SetOp):
        q = q.left
    return list(q.names)


def _children(e):
    if isinstance(e, Expr):
        for f in e.__dataclass_fields__:
            v = getattr(e, f)
            if isinstance(v, Expr):
                yield v
            elif isinstance(v, tuple):
                for x in v:
                    if isinstance(x, Expr):
                        yield x
                    elif isinstance(x, tuple):
                        yield from (y for y in x if isinstance(y, Expr))


def _aggs(e: Expr):
    if isinstance(e, Agg):
        yield e
        return
    for c in _children(e):
        yield from _aggs(c)


def _has_agg(e: Expr) -> bool:
    if isinstance(e, Agg):
        return True
    return any(_has_agg(c) for c in _children(e))


def _bare_cols(e: Expr, group: set):
    if e in group or isinstance(e, (Agg, InSub, Exists, ScalarSub)):
        if isinstance(e, (InSub,)):
            yield from _bare_cols(e.arg, group)
        return
    if isinstance(e, Col):
        if e.alias != CLOCK_ALIAS:  # the clock is one value for the whole query
            yield e
        return
    for c in _children(e):
        yield from _bare_cols(c, group)


def local_nodes(e):
    """Every node of ``e`` outside its subqueries (an IN subquery's value included; the
    subquery nodes themselves are yielded, not entered)."""
    stack = [e]
    while stack:
        y = stack.pop()
        if isinstance(y, tuple):
            stack += list(y)
            continue
        if not isinstance(y, Expr):
            continue
        yield y
        if isinstance(y, InSub):
            stack.append(y.arg)
        elif not isinstance(y, (Exists, ScalarSub)):
            stack += [getattr(y, f.name) for f in dataclasses.fields(y)]


def _has_window(e) -> bool:
    """Does ``e`` contain a window function of this select (not inside a subquery)?"""
    return any(isinstance(y, Window) for y in local_nodes(e))


def _conjuncts(e):
    if e is None:
        return []
    if isinstance(e, Logic) and e.op == "and":
        return [c for a in e.args for c in _conjuncts(a)]
    return [e]


def _join_conds(src):
    """Conditions that hold on every row of ``src`` (not those of an outer join, whose
    NULL-extended rows fail them)."""
    if isinstance(src, Join) and src.kind in ("inner", "cross"):
        return _conjuncts(src.on) + _join_conds(src.left) + _join_conds(src.right)
    if isinstance(src, Join):
        return (_join_conds(src.left) if src.kind == "left" else []) + (
            _join_conds(src.right) if src.kind == "right" else [])
    return []


def _primary_keys(src, schema: Schema) -> dict:
    out: dict = {}
    if isinstance(src, Scan):
        t = schema.table(src.table)
        out[src.alias] = tuple(c.lower() for c in t.primary_key)
        out[("cols", src.alias)] = tuple(c[0] for c in src.columns)
    elif isinstance(src, Join):  # not the NULL-extended side of an outer join
        if src.kind not in ("right", "full"):
            out.update(_primary_keys(src.left, schema))
        if src.kind not in ("left", "full"):
            out.update(_primary_keys(src.right, schema))
    return out


def _walk_query_exprs(q: Query):
    if isinstance(q, SetOp):
        yield from _walk_query_exprs(q.left)
        yield from _walk_query_exprs(q.right)
        return
    exprs = list(q.items) + list(q.group_by) + [k for k, _ in q.order]
    exprs += [x for x in (q.where, q.having) if x is not None]
    src = [q.source]
    while src:
        s = src.pop()
        if isinstance(s, Join):
            src += [s.left, s.right]
            if s.on is not None:
                exprs.append(s.on)
        elif isinstance(s, Values):
            exprs += [e for r in s.rows for e in r]
    yield from exprs


def _derived(q: Query):
    src = [q.source] if isinstance(q, Select) else []
    while src:
        s = src.pop()
        if isinstance(s, Join):
            src += [s.left, s.right]
        elif isinstance(s, Derived):
            yield s


def _aliases(q: Query) -> set[str]:
    if isinstance(q, SetOp):
        return set()
    out, src = set(), [q.source]
    while src:
        s = src.pop()
        if isinstance(s, Join):
            src += [s.left, s.right]
        elif isinstance(s, (Scan, Derived, Values)):
            out.add(s.alias)
    return out


def _free_aliases(q: Query) -> set[str]:
    """Aliases a query refers to but does not define (non-empty = correlated)."""
    if isinstance(q, SetOp):
        return _free_aliases(q.left) | _free_aliases(q.right)
    own = _aliases(q)
    free = set()
    for d in _derived(q):  # a derived table has its own scope
        free |= _free_aliases(d.query) - own
    stack = list(_walk_query_exprs(q))
    while stack:
        e = stack.pop()
        if isinstance(e, Col):
            if e.alias not in own and e.alias != CLOCK_ALIAS:  # the clock is not an outer row
                free.add(e.alias)
        elif isinstance(e, (InSub, Exists, ScalarSub)):
            free |= _free_aliases(e.query) - own
            if isinstance(e, InSub):
                stack.append(e.arg)
        else:
            stack.extend(_children(e))
    return free


def free_aliases(q: Query) -> set[str]:
    return _free_aliases(q)


def real_arithmetic(q) -> bool:
    """Does ``q`` compute with reals (arithmetic, SUM/AVG/TOTAL, ROUND, CAST AS REAL on
    real values)? The solver computes them exactly; SQLite in floating point."""
    stack = [q]
    while stack:
        x = stack.pop()
        if isinstance(x, (Arith, Neg, Agg, Func, Lookup, Window)) and x.ty == "real":
            return True
        if isinstance(x, tuple):
            stack += list(x)
        elif dataclasses.is_dataclass(x) and not isinstance(x, type):
            stack += [getattr(x, f.name) for f in dataclasses.fields(x)]
    return False


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


USING_MARK = "sqlverdict_using"  # meta flag on joins written with USING or NATURAL


def _merge_using(join: exp.Join, merged: dict[str, list[str]]) -> None:
    """Record the tables of each merged column of a USING/NATURAL join, from the ON
    condition ``qualify`` wrote for it (``l.c = r.c``, ``COALESCE(a.c, b.c) = r.c``)."""
    for eq in join.args["on"].find_all(exp.EQ):
        right = eq.expression
        if not (isinstance(right, exp.Column) and right.table):
            continue
        name = right.name.lower()
        tables = merged.setdefault(name, [])
        for c in [*eq.this.find_all(exp.Column), right]:
            if c.name.lower() == name and c.table and c.table.lower() not in tables:
                tables.append(c.table.lower())


def parse(sql: str) -> exp.Expression:
    """The statement as SQLite runs it (``sql.parse.read_sqlite``)."""
    return read_sqlite(sql)


def _quoted_strings(tree: exp.Expression, schema: Schema) -> None:
    """SQLite reads ``"Asia"`` as a string when no column has that name: do the same."""
    names = {c.name.lower() for t in schema.tables for c in t.columns}
    aliases = {a.alias.lower() for a in tree.find_all(exp.Alias)}
    for col in list(tree.find_all(exp.Column)):
        ident = col.this
        if (not col.table and isinstance(ident, exp.Identifier) and ident.quoted
                and ident.name.lower() not in names and ident.name.lower() not in aliases):
            col.replace(exp.Literal.string(ident.name))


def lower(sql: str | exp.Expr, schema: Schema, clock: str = REAL_CLOCK) -> Lowered:
    """Parse (unless given a parsed tree, which is not changed), qualify and lower one
    query; raise ``UnsupportedSQL`` or ``InputError``. ``clock`` says how
    CURRENT_TIMESTAMP and 'now' are read (``CLOCK_MODES``). An ``InputError`` says the
    lowering could not resolve a name; whether SQLite rejects the query too is the
    caller's to check (``prover.settle`` runs it on the empty database)."""
    tree = parse(sql) if isinstance(sql, str) else sql.copy()
    return _lower(tree, schema, clock)


def _name_values(tree: exp.Expr) -> exp.Expr:
    """SQLite's names for VALUES columns (column1, column2, ...), given to sqlglot so that
    it resolves them (it would name them _col_0, ...); a VALUES statement is the select of
    all its columns."""
    if isinstance(tree, exp.Values):
        tree = exp.Select(expressions=[exp.Star()], from_=exp.From(this=tree))
    for v in list(tree.find_all(exp.Values)):
        if isinstance(v.parent, (exp.From, exp.Join)):
            continue
        sel = exp.Select(expressions=[exp.Star()], from_=exp.From(this=v.copy()))
        if isinstance(v.parent, exp.In) and v.arg_key == "expressions":
            # x IN (VALUES ...) reads every row, as IN (SELECT ...) does
            if len(v.parent.expressions) != 1:
                raise UnsupportedSQL("VALUES in an IN list")
            v.parent.set("query", exp.Subquery(this=sel))
            v.parent.set("expressions", [])
        else:  # (VALUES ...) as a scalar subquery, EXISTS (VALUES ...)
            v.replace(sel)
    for i, v in enumerate(list(tree.find_all(exp.Values))):
        first = v.expressions[0] if v.expressions else None
        n = len(first.expressions) if isinstance(first, exp.Tuple) else 1
        alias = v.args.get("alias")
        if alias is None or not alias.columns:
            name = alias.name if alias is not None and alias.name else f"_values{i}"
            v.set("alias", exp.TableAlias(this=exp.to_identifier(name), columns=[
                exp.to_identifier(f"column{k + 1}") for k in range(n)]))
    return tree


def _name_duplicates(tree: exp.Expr) -> None:
    """SQLite names the repeated output columns of a derived table or CTE ``g``, ``g:1``,
    ``g:2``, ... (a name refers to the first): the same names for sqlglot, which cannot
    expand ``*`` over repeated names."""
    for sel in list(tree.find_all(exp.Select)):
        parent = sel.parent
        if isinstance(parent, exp.CTE):
            if parent.args.get("alias") is not None and parent.args["alias"].columns:
                continue
        elif not (isinstance(parent, exp.Subquery) and isinstance(parent.parent, (exp.From, exp.Join))):
            continue
        seen: dict[str, int] = {}
        for e in list(sel.expressions):
            name = e.alias_or_name
            if not name or isinstance(e, exp.Star) or name == "*":
                continue
            k = seen.get(name.lower(), 0)
            seen[name.lower()] = k + 1
            if k:
                inner = e.this if isinstance(e, exp.Alias) else e
                e.replace(exp.alias_(inner.copy(), f"{name}:{k}", quoted=True))


def _glob_example(pattern: str) -> str:
    """A text that the GLOB ``pattern`` matches: ``*`` as nothing, ``?`` as ``a``, a
    bracketed class as its first character.

    >>> _glob_example("Sm[*]th?*"), _glob_example("[[]x[^a]")
    ('Sm*tha', '[xb')
    """
    out, i = [], 0
    while i < len(pattern):
        c = pattern[i]
        if c == "*":
            i += 1
        elif c == "?":
            out.append("a")
            i += 1
        elif c == "[" and "]" in pattern[i + 2:]:
            end = pattern.index("]", i + 2)
            body = pattern[i + 1:end]
            if body.startswith("^"):  # any character but these
                out.append(next(ch for ch in "abcdefghijklmnopqrstuvwxyz0123456789" if ch not in body))
            else:
                out.append(body[0])
            i = end + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def _ungroup_leading_joins(tree: exp.Expr) -> None:
    """``FROM (a JOIN b ON c) JOIN d ...``: a parenthesised join as the first FROM item, with
    no alias, is the same join without the parentheses (joins associate to the left)."""
    for frm in list(tree.find_all(exp.From)):
        group = frm.this
        sel = frm.parent
        if not (isinstance(group, exp.Subquery) and not group.alias and isinstance(sel, exp.Select)
                and isinstance(group.this, exp.Table) and group.this.args.get("joins")):
            continue
        first = group.this.copy()
        joins = first.args.get("joins")
        first.set("joins", None)
        frm.set("this", first)
        sel.set("joins", [*joins, *(sel.args.get("joins") or [])])


def _lower(tree: exp.Expr, schema: Schema, clock: str) -> Lowered:
    tree = _name_values(tree)
    _name_duplicates(tree)
    _ungroup_leading_joins(tree)
    if not isinstance(tree, (exp.Select, exp.Union, exp.Intersect, exp.Except, exp.Subquery)):
        raise UnsupportedSQL(f"{type(tree).__name__.upper()} statement")
    w = tree.args.get("with_")
    if w is not None and w.args.get("recursive"):
        raise UnsupportedSQL("WITH RECURSIVE")
    _quoted_strings(tree, schema)
    for j in tree.find_all(exp.Join):
        if j.args.get("using") or (j.method or "").upper() == "NATURAL":
            j.meta[USING_MARK] = True
    # declared types are read by column_type(); sqlglot only needs the names
    mapping = {t.name.lower(): {c.name.lower(): "TEXT" for c in t.columns} for t in schema.tables}
    try:
        tree = qualify(tree, schema=mapping, dialect=SQLITE, validate_qualify_columns=True,
                       quote_identifiers=False, identify=False)
    except SqlglotError as e:
        raise InputError(f"cannot resolve columns: {str(e).splitlines()[0]}") from None
    lw = _Lowerer(schema, clock)
    lw.out.query = normalize(lw.query(tree, []))
    return lw.out


# --------------------------------------------------------------------------- normal form

_FLIP = {"<": ">", ">": "<", "<=": ">=", ">=": "<=", "=": "=", "!=": "!=", "is": "is", "is not": "is not"}


def normalize(node):
    """Semantics-preserving normal form, so that equivalent spellings lower to equal IR:
    chains of inner/cross joins become a product of their inputs (sorted by canonical
    alias) with every ON condition moved to WHERE; AND/OR operands are flattened and
    sorted; comparison operands are ordered (the operator flipped when needed)."""
    if isinstance(node, tuple):
        return tuple(normalize(x) for x in node)
    if not hasattr(node, "__dataclass_fields__"):
        return node
    changes = {f: normalize(getattr(node, f)) for f in node.__dataclass_fields__}
    node = dataclasses.replace(node, **changes)
    if isinstance(node, Select):
        return _flatten_joins(node)
    if isinstance(node, Logic):
        args = []
        for a in node.args:
            args.extend(a.args if isinstance(a, Logic) and a.op == node.op else [a])
        return Logic(node.op, tuple(sorted(args, key=repr)))
    if isinstance(node, Cmp) and repr(node.right) < repr(node.left):
        conv = {"left": "right", "right": "left"}.get(node.conv, node.conv)
        return Cmp(_FLIP[node.op], node.right, node.left, node.ty, conv)
    return node


def _inner_leaves(src):
    if isinstance(src, (Scan, Derived, Values)):
        return [src], []
    if isinstance(src, Join) and src.kind in ("inner", "cross"):
        left, right = _inner_leaves(src.left), _inner_leaves(src.right)
        if left is None or right is None:
            return None
        return left[0] + right[0], left[1] + right[1] + ([src.on] if src.on is not None else [])
    return None


def _flatten_joins(q: Select) -> Select:
    flat = _inner_leaves(q.source)
    if flat is None or len(flat[0]) < 2:
        return q
    leaves, conds = flat
    leaves = sorted(leaves, key=lambda x: x.alias)
    src = leaves[0]
    for leaf in leaves[1:]:
        src = Join("cross", src, leaf, None)
    conj = [c for e in conds + ([q.where] if q.where is not None else []) for c in _conjuncts(e)]
    where = None
    if conj:
        conj = sorted(set(conj), key=repr)
        where = conj[0] if len(conj) == 1 else Logic("and", tuple(conj))
    return dataclasses.replace(q, source=src, where=where)
