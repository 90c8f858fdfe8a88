"""sqlglot -> the small typed relational IR that the encoder supports completely.

``lower(sql, schema)`` (module ``lowering``) parses, qualifies and lowers a query; every
construct the encoder cannot reproduce exactly raises ``UnsupportedSQL`` there, up front.
The package, one job per module:

- ``nodes``: the IR's nodes (expressions, relations, queries; frozen dataclasses);
- ``affinity``: storage classes and affinity (``column_type``, ``numeric_text``, ...) and
  keys whose sides hold one class;
- ``clock``: the clock modes and the symbolic clock;
- ``walk``: reading the IR (children, conjuncts, free aliases, ...);
- ``prepare``: the sqlglot tree made ready for ``qualify`` and lowering;
- ``lowering``: ``lower`` and ``_Lowerer``, composed of one mixin per clause:
  ``compound`` (set operations, WITH), ``select`` (the select, WHERE, the select list),
  ``from_clause`` (FROM, joins, derived tables, VALUES), ``grouping`` (GROUP BY, HAVING,
  bare columns), ``order_limit`` (ORDER BY, LIMIT/OFFSET), ``windows``, ``expressions``
  (``_Lowerer.expr``: the steps of ``_EXPR``, one per sqlglot node kind, in order),
  ``compare`` (comparisons and their affinity conversions, row values), ``functions``
  (aggregates, functions tabulated or computed by SQLite);
- ``normal``: the normal form (``normalize``).

``from sqlverdict.oracles.bounded import ir`` and ``ir.X`` work as before the split: this
module re-exports the names other modules use.
"""

from __future__ import annotations

from .affinity import (
    KEY_STRINGS,
    NUMERIC_TEXT,
    _aff,
    _ty,
    column_type,
    exact_foreign_keys,
    key_strings,
    numeric_text,
    text_of_number,
)
from .clock import (
    CLOCK,
    CLOCK_ALIAS,
    CLOCK_MODES,
    CLOCK_TEMPLATES,
    CLOCK_VALUES,
    PINNED_CLOCK,
    REAL_CLOCK,
    SYMBOLIC_CLOCK,
)
from .from_clause import USING_MARK
from .functions import ARG, CONSTANT_TIMEOUT_S, DATE_FUNCTIONS, scratch
from .lowering import lower
from .nodes import (
    DEFAULT_FRAME,
    FRAMED,
    Agg,
    Arith,
    Case,
    Cmp,
    Col,
    Derived,
    Exists,
    Expr,
    Func,
    InList,
    InSub,
    IsNull,
    Join,
    Like,
    Lit,
    Logic,
    Lookup,
    Lowered,
    Neg,
    Not,
    Opaque,
    Query,
    RowVal,
    ScalarSub,
    Scan,
    Select,
    SetOp,
    Values,
    Window,
    order_dependent,
)
from .normal import normalize
from .opaque import call_name, lacks, sqlite_name
from .prepare import parse
from .walk import _conjuncts, free_aliases, local_nodes, nodes, real_arithmetic

__all__ = [
    "ARG", "CLOCK", "CLOCK_ALIAS", "CLOCK_MODES", "CLOCK_TEMPLATES", "CLOCK_VALUES",
    "CONSTANT_TIMEOUT_S", "DATE_FUNCTIONS", "DEFAULT_FRAME", "FRAMED", "KEY_STRINGS",
    "NUMERIC_TEXT", "PINNED_CLOCK", "REAL_CLOCK", "SYMBOLIC_CLOCK", "USING_MARK", "Agg", "Arith",
    "Case", "Cmp", "Col", "Derived", "Exists", "Expr", "Func", "InList", "InSub", "IsNull",
    "Join", "Like", "Lit", "Logic", "Lookup", "Lowered", "Neg", "Not", "Opaque", "Query", "RowVal",
    "ScalarSub", "Scan", "Select", "SetOp", "Values", "Window", "_aff", "_conjuncts", "_ty",
    "column_type", "exact_foreign_keys", "lacks", "sqlite_name", "call_name", "free_aliases", "key_strings", "local_nodes", "nodes", "lower",
    "normalize", "numeric_text", "order_dependent", "parse", "real_arithmetic", "scratch",
    "text_of_number",
]
