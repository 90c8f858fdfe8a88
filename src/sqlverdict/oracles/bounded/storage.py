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

from sqlglot import exp

from ...engine.integrity import reachable_tables
from ...errors import InputError
from ...types import Schema
from . import ir
from .reads import COMPUTED, Flows, GiveUp, add_flows, positions

INT_KINDS = ("int", "int_declared")  # columns the encoding gives integers


def needs_storage(pair, bound: int, perm: tuple[int, ...]) -> bool:
    """Does a solver proof at ``bound`` (pred's columns matched as ``perm``) rest on the
    columns' declared storage classes?"""
    try:
        trees = [pair.tree("gold"), pair.tree("pred")]
    except InputError:
        return True
    schema = pair.schema
    tables = reachable_tables(schema, pair.facts.tables)  # the solver's database
    kinds = _kinds(schema, tables)
    named = {c.name.lower() for t in trees for c in t.find_all(exp.Column)}
    if any("date" in kinds.get(n, ()) for n in named):
        return True  # DATE/TIME columns: the encoding holds strings there
    flows = Flows()
    try:
        for t in trees:
            add_flows(t, flows, schema=schema, meet=True)
        gp, pp = positions(trees[0], schema), positions(trees[1], schema)
    except GiveUp:
        return True
    if gp is None or pp is None:
        return True
    if len(gp) == len(pp) == len(perm):
        for i, j in enumerate(perm):
            flows.meet(gp[i] + pp[j], f"#out{i}")
    else:
        flows.meet([t for p in gp + pp for t in p], "#out")
    for name in tables:
        for fk in schema.table(name).foreign_keys:
            for c, r in zip(fk.columns, fk.ref_columns, strict=False):
                flows.union(c.lower(), r.lower())
    return any(_unsafe(names, flows.consts.get(root, set()), kinds, bound)
               for root, names in flows.groups().items())


def _unsafe(names: set[str], consts, kinds: dict[str, list[str]], bound: int) -> bool:
    ks = [k for n in names for k in kinds.get(n, ())]
    if not {"int", "real"} & set(ks):
        return False  # no column that may hold another class
    if COMPUTED in names or {"text", "date"} & set(ks):
        return True
    if "int" not in ks or len(consts) < 2:
        return any(c.denominator != 1 for c in consts) and "int" in ks
    if any(c.denominator != 1 for c in consts):
        return True  # 5.5 = 5.5 in an INTEGER column: no integer stands for it
    room = bound * sum(k in INT_KINDS for k in ks)
    s = sorted(consts)
    return any(b - a - 1 < room for a, b in zip(s, s[1:], strict=False))


def _kinds(schema: Schema, tables: set[str]) -> dict[str, list[str]]:
    """Per column name, one kind per column of that name in ``tables``: ``int`` / ``real``
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
            out.setdefault(c.name.lower(), []).append(kind)
    return out
