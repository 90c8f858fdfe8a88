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

from sqlglot import exp
from sqlglot.errors import SqlglotError
from sqlglot.optimizer.qualify import qualify

from ....errors import InputError, UnsupportedSQL
from ....sql.parse import SQLITE
from ....types import Schema
from .clock import CLOCK_MODES, PINNED_CLOCK, REAL_CLOCK
from .compare import _Comparisons
from .compound import _Compound
from .expressions import _Expressions
from .from_clause import USING_MARK, _FromClause
from .functions import _Functions, _is_const
from .grouping import _Grouping
from .nodes import Expr, Lowered, Query
from .normal import normalize
from .opaque import _Opaque
from .order_limit import _OrderLimit
from .prepare import _name_duplicates, _name_values, _quoted_strings, _ungroup_leading_joins, parse
from .select import _SelectClauses
from .walk import lookup_templates
from .windows import _Windows


class _Lowerer(_Compound, _SelectClauses, _FromClause, _Grouping, _OrderLimit, _Windows,
               _Expressions, _Comparisons, _Functions, _Opaque):
    """One lowering: the state shared by the clauses' mixins (one module per clause)."""

    def __init__(self, schema: Schema, clock: str = REAL_CLOCK):
        if clock not in CLOCK_MODES:
            raise ValueError(f"clock must be one of {CLOCK_MODES}, got {clock!r}")
        self.schema = schema
        self.clock_mode = clock
        self.output_aliases: dict[str, Expr] = {}
        self.ctes: dict[str, Query] = {}
        self.cte_uses: dict[str, int] = {}  # references read so far, per CTE
        self.alias_counts: dict[str, int] = {}
        self.merged: dict[int, dict[str, list[str]]] = {}  # id(scope) -> USING columns
        self.windows: dict[str, exp.Window] = {}  # the WINDOW clause of the current select
        self.mixed: set[tuple[str, str]] = set()  # columns holding integers and reals (_mixed)
        self.split_affinity: set[tuple[str, str]] = set()  # compound columns (derived_columns)
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

    def is_const(self, e) -> bool:
        return _is_const(e, self.clock_mode == PINNED_CLOCK)


def lower(sql: str | exp.Expr, schema: Schema, clock: str = REAL_CLOCK) -> Lowered:
    """Parse (unless given a parsed tree, which is not changed), qualify and lower one
    query; raise ``UnsupportedSQL`` or ``InputError``. ``clock`` says how
    CURRENT_TIMESTAMP and 'now' are read (``CLOCK_MODES``). An ``InputError`` says the
    lowering could not resolve a name; whether SQLite rejects the query too is the
    caller's to check (``prover.settle`` runs it on the empty database)."""
    tree = parse(sql) if isinstance(sql, str) else sql.copy()
    return _lower(tree, schema, clock)


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
    # text read as a number (affinity, truth) is a lookup too: its template seeds the domain
    lw.out.templates |= lookup_templates(lw.out.query)
    return lw.out
