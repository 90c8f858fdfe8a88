"""When a proof of the solver rests on ``declared_storage_classes``: an order embedding.

The solver gives a column of INTEGER or NUMERIC affinity integer values and a REAL one real
values; SQLite keeps any class in any column (30.5 or 'abc' in an INTEGER column). A proof
still holds on such databases when the queries read those columns only as they are (compare
them with each other and with number literals, sort, group, count or return them, take
their MIN or MAX): SQLite orders all values in one total order (NULL, numbers by value,
text, BLOBs) and converts nothing between two operands of numeric affinity. Map the values
of such columns into the encoding's numbers by a map that keeps that order, keeps equal
values equal and unequal values apart, and fixes each literal they meet: each row of the
mapped database passes the same conditions, falls in the same group and place and returns
the image of the same value, so the queries agree on the database iff on its image, which
has as many rows (within the bound) and is one the proof covers. Such a map exists when

- no value of a group of names that meet (``reads.Flows``: comparisons, IN, BETWEEN,
  CASE/COALESCE, aliases, compound SELECT positions, the two queries' output columns, foreign
  keys) is computed on or meets a computed value or text (a text literal, a TEXT column:
  affinity converts);
- where the group's columns get integers: each literal it meets is an integer, and
  consecutive literals leave room for its values between them (at most bound x its columns);
  text and BLOBs go above every number, where room never runs out.

Otherwise the proof states the assumption (as before this module: any numeric column read).

>>> from sqlverdict.schema import from_ddl
>>> from sqlverdict.oracles.bounded.pair import Pair
>>> s = from_ddl("CREATE TABLE t (id TEXT PRIMARY KEY, c INTEGER)")
>>> needs = lambda g, p: needs_storage(Pair(g, p, s, "bag"), 3, (0,))
>>> needs("SELECT c FROM t WHERE c > 5", "SELECT c FROM t WHERE NOT c <= 5")
False
>>> needs("SELECT c FROM t WHERE c > 5", "SELECT c FROM t WHERE c >= 6")  # 5.5
True
>>> needs("SELECT c + 0 FROM t", "SELECT c FROM t")  # 'a' + 0 is 0
True
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlglot import exp
from sqlglot.errors import OptimizeError, SqlglotError
from sqlglot.optimizer.scope import Scope, traverse_scope

from ...engine.integrity import reachable_tables
from ...errors import InputError
from ...sql.canon import CanonError, literalize_double_quotes, qualify_tree
from ...types import Schema
from . import ir, typeblind
from .reads import COMPUTED, Flows, GiveUp, add_flows, positions, rows_as_read

INT_KINDS = ("int", "int_declared")  # columns the encoding gives integers


@dataclass(frozen=True)
class StoragePlan:
    """What a solver proof needs about storage classes: nothing (``state`` False, no
    ``retype``), the assumption (``state``), or a second proof on the schema with the
    ``retype`` columns (``(table, column)``) declared REAL (``typeblind``)."""

    state: bool
    retype: frozenset[tuple[str, str]] = frozenset()


def needs_storage(pair, bound: int, perm: tuple[int, ...]) -> bool:
    """Does a solver proof at ``bound`` (pred's columns matched as ``perm``) rest on the
    columns' declared storage classes (unless proved again with columns retyped REAL)?"""
    plan = storage_plan(pair, bound, perm)
    return plan.state or bool(plan.retype)


def storage_plan(pair, bound: int, perm: tuple[int, ...]) -> StoragePlan:
    """``needs_storage``, with the columns whose retyping would drop it (``typeblind``)."""
    try:
        trees = [pair.tree("gold"), pair.tree("pred")]
    except InputError:
        return StoragePlan(True)
    schema = pair.schema
    tables = reachable_tables(schema, pair.facts.tables)  # the solver's database
    qualified = _qualified(trees, schema)
    if qualified is not None:
        trees = qualified
    trees = [rows_as_read(t) for t in trees]
    kinds = _kinds(schema, tables, qualified=qualified is not None)
    # DATE/TIME columns: the encoding holds text there, which ``date_columns_hold_text``
    # states (no number, no BLOB); they count as text where they meet a numeric column
    flows = Flows()
    try:
        for t in trees:
            add_flows(t, flows, schema=schema, meet=True)
        gp, pp = positions(trees[0], schema), positions(trees[1], schema)
    except GiveUp:
        return StoragePlan(True)
    if gp is None or pp is None:
        return StoragePlan(True)
    if len(gp) == len(pp) == len(perm):
        for i, j in enumerate(perm):
            flows.meet(gp[i] + pp[j], f"#out{i}")
    else:
        flows.meet([t for p in gp + pp for t in p], "#out")
    for name in tables:
        for fk in schema.table(name).foreign_keys:
            for c, r in zip(fk.columns, fk.ref_columns, strict=False):
                if qualified is None:
                    flows.union(c.lower(), r.lower())
                else:
                    flows.union(f"{name}.{c.lower()}", f"{fk.ref_table.lower()}.{r.lower()}")
    unsafe = [(root, names) for root, names in flows.groups().items()
              if _unsafe(names, flows.consts.get(root, set()), kinds, bound,
                         text=root in flows.texts)]
    if not unsafe:
        return StoragePlan(False)
    if qualified is None or len(unsafe) != 1 or COMPUTED not in unsafe[0][1] \
            or unsafe[0][0] in flows.texts:
        return StoragePlan(True)
    unsafe = [unsafe[0][1]]
    retype = typeblind.retypable(trees, unsafe[0], kinds, schema)
    return StoragePlan(retype is None, retype or frozenset())


def _unsafe(names: set[str], consts, kinds: dict[str, list[str]], bound: int, *,
            text: bool = False) -> bool:
    ks = [k for n in names for k in kinds.get(n, ())]
    if not {"int", "real"} & set(ks):
        return False  # no column that may hold another class
    if COMPUTED in names or text or {"text", "date"} & set(ks):
        return True
    if "int" not in ks or len(consts) < 2:
        return any(c.denominator != 1 for c in consts) and "int" in ks
    if any(c.denominator != 1 for c in consts):
        return True  # 5.5 = 5.5 in an INTEGER column: no integer stands for it
    room = bound * sum(k in INT_KINDS for k in ks)
    s = sorted(consts)
    return any(b - a - 1 < room for a, b in zip(s, s[1:], strict=False))


def _qualified(trees: list[exp.Expr], schema: Schema) -> list[exp.Expr] | None:
    """Copies of the statements where every column of a table of ``schema`` is named
    ``table.column`` (one name per column, not per spelling: ``T1.id`` and ``id`` of one
    table meet, ``airlines.airline`` and ``flights.airline`` do not), columns of derived
    tables and CTEs keep their bare name (their outputs are joined to it by alias: qualify
    names every output). None when some column resolves to neither (then names are bare,
    coarser and as sound)."""
    out = []
    for tree in trees:
        t = literalize_double_quotes(tree.copy(), schema)
        try:
            t, complete = qualify_tree(t, schema)
        except CanonError:
            return None
        if not complete or not _name_columns(t, schema):
            return None
        out.append(t)
    return out


def _name_columns(tree: exp.Expr, schema: Schema) -> bool:
    """Name each column in place: ``table.column`` for a column of a schema table,
    ``name@select`` for an output of a derived table or CTE (and the outputs and derived
    column lists themselves), so names of two scopes never meet by spelling. False when a
    column resolves to no source or a ``*`` is left unexpanded."""
    if any(isinstance(s.parent, exp.Select) or (isinstance(s.parent, exp.Column)
                                               and isinstance(s.parent.parent, exp.Select))
           for s in tree.find_all(exp.Star)):
        return False
    try:
        scopes = traverse_scope(tree)
    except (OptimizeError, SqlglotError, RecursionError):
        return False
    names = []  # resolved first: a renamed column would read as an outer one
    for scope in scopes:
        own = {a.alias.lower() for a in scope.expression.expressions
               if isinstance(a, exp.Alias)} if isinstance(scope.expression, exp.Select) else set()
        for col in scope.columns:
            source = _source(scope, col.table)
            if isinstance(source, exp.Table) and schema.has_table(source.name):
                names.append((col, f"{schema.table(source.name).name.lower()}.{col.name.lower()}"))
            elif isinstance(source, Scope):
                names.append((col, _scoped(col.name, source.expression)))
            elif not col.table and col.name.lower() in own:  # ORDER BY an output
                names.append((col, _scoped(col.name, scope.expression)))
            else:
                return False
    for sel in tree.find_all(exp.Select):
        for a in sel.expressions:
            if isinstance(a, exp.Alias):
                names.append((a, _scoped(a.alias, sel)))
    for alias in tree.find_all(exp.TableAlias):
        if alias.columns:
            inner = alias.parent.this if isinstance(alias.parent, (exp.Subquery, exp.CTE)) \
                else alias.parent
            alias.set("columns", [exp.to_identifier(_scoped(c.name, inner)) for c in alias.columns])
    for node, name in names:
        if isinstance(node, exp.Alias):
            node.set("alias", exp.to_identifier(name))
        else:
            node.set("this", exp.to_identifier(name))
            node.set("table", None)
    return True


def _scoped(name: str, query: exp.Expr) -> str:
    """The name of output ``name`` of ``query`` (its leftmost SELECT names the outputs)."""
    while isinstance(query, (exp.Subquery, exp.Paren, exp.Union, exp.Intersect, exp.Except)):
        query = query.this
    return f"{name.lower()}@{id(query)}"


def _source(scope: Scope, alias: str):
    while scope is not None:
        if alias in scope.sources:
            return scope.sources[alias]
        scope = scope.parent
    return None


def _kinds(schema: Schema, tables: set[str], *, qualified: bool = False) -> dict[str, list[str]]:
    """Per column name (``table.column`` when ``qualified``), one kind per column of that
    name in ``tables``: ``int`` / ``real``
    (numeric affinity: may hold any class), ``int_declared`` / ``real_declared`` (a rowid
    alias, a STRICT table: SQLite checks the class), ``date`` (NUMERIC affinity the encoding
    holds as text), ``text`` (TEXT or BLOB affinity)."""
    out: dict[str, list[str]] = {}
    for name in sorted(tables):
        t = schema.table(name)
        rowid = (t.rowid_alias or "").lower()
        for c in t.columns:
            ty, aff = ir.column_type(c.type)
            if aff in ("TEXT", "BLOB"):
                kind = "text"
            elif ty == "text":
                kind = "date"
            else:
                kind = ty if ty == "real" else "int"
                if t.strict or c.name.lower() == rowid:
                    kind += "_declared"
            key = f"{name}.{c.name.lower()}" if qualified else c.name.lower()
            out.setdefault(key, []).append(kind)
    return out
