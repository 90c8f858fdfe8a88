"""Positions in an order read as lookups (issue 25, i48b): ``determined``, ``top_key``,
``first_row``, ``at_most_one``.

``order_free`` reads a window or a cut as counts of the rows before the current one, and a
LAG/LEAD or ``ORDER BY .. LIMIT 1`` as the row with no row between; both need an order with
no ties. This module says when the rows of an inner join are so ordered, and when a top-1
read of its own sort key is the partition's MIN or MAX, the spelling hand-written SQL uses.

``determined(q, schema, cols)``: the leaves (tables) of ``q``'s inner join of tables whose
row is fixed by ``cols``: two rows of the join that are peers on ``cols`` (``IS`` on each)
read the same row of each such leaf. A leaf is fixed once every column of one of its
declared unique keys is, each never NULL on a kept row (UNIQUE lets several NULLs in,
never two equal non-NULL values; a declared NOT NULL, the rowid alias, or a conjunct of the
WHERE or an ON that rejects NULL); then all its columns are. A column equated with a fixed
one by a conjunct ``a = b`` of the WHERE or an ON that converts no operand is fixed too:
both rows satisfy it, so ``r1.b = r1.a``, ``r1.a`` equal to ``r2.a`` (peers; neither NULL,
``=`` held), ``r2.a = r2.b``, and ``=`` without conversion is the equality ORDER BY and
UNIQUE read (one collation, BINARY: ``order_free`` only translates uncollated tables), an
equivalence. A row of an inner join of tables each of which is read once per fixed row is
a tuple of base rows, so when every leaf is fixed by the partition and ORDER BY keys no two
rows of a partition are peers: the order is total. When the partition keys alone fix a
leaf, every row of a partition reads the current row's row of that leaf: a copy of the
join for "the rows of the partition" need not read that leaf again (``order_free._Copy``).

``top_key(s)``: ``(SELECT k FROM F WHERE w ORDER BY k [, ..] LIMIT 1)`` is ``(SELECT
MIN(k) FROM F WHERE w)`` and ``.. ORDER BY k DESC ..`` is MAX: ORDER BY sorts the values of
``k`` as MIN and MAX compare them (NULL < numbers < text < blobs, one collation), so the
first row holds the least (greatest) value of ``k``, whichever of its peers SQLite picks
when the values of ``k`` that compare equal are one value (a column of a canonical
affinity: 1 and 1.0 stored alike, ``canon.partitions._order_blind``); no row: NULL either
way. NULL sorts first ascending, where MIN skips it: ascending, ``k`` must be never NULL on
a kept row; descending NULL sorts last, so the first row holds NULL only when every ``k``
is NULL, and so does MAX. Later ORDER BY keys order peers of ``k`` only.
"""

from __future__ import annotations

import dataclasses

from ...types import Schema
from . import ir
from .canon.facts import _rejects_col
from .canon.partitions import _order_blind
from .canon.terms import _conjuncts, _has_sub, _replace_cols, _unique_keys
from .canon.windows import _collated
from .ir.kinds import AggFn, CmpOp, Conv, FuncName, JoinKind, LogicOp


def join_leaves(src) -> list | None:
    """The scans of an inner-join tree of scans, and the ON conjuncts, else None."""
    if isinstance(src, ir.Scan):
        return [src]
    if isinstance(src, ir.Join) and src.kind in (JoinKind.INNER, JoinKind.CROSS):
        left, right = join_leaves(src.left), join_leaves(src.right)
        return None if left is None or right is None else left + right
    return None


def ons(src) -> list:
    """The ON conjuncts of an inner-join tree of scans (true on every row it yields); none
    of another FROM (an outer join's ON does not hold on a NULL-extended row)."""
    if not isinstance(src, ir.Join) or join_leaves(src) is None:
        return []
    return ons(src.left) + ons(src.right) + _conjuncts(src.on)


def determined(q: ir.Select, schema: Schema, cols) -> frozenset:
    """The aliases of the leaves of ``q``'s inner join of tables whose row two peers on
    ``cols`` share (module docstring); empty when ``q`` reads no such join.

    >>> from sqlverdict.schema import from_ddl
    >>> s = from_ddl("CREATE TABLE a(id INTEGER PRIMARY KEY, b INT); CREATE TABLE b(id INTEGER PRIMARY KEY)")
    >>> q = ir.lower("SELECT a.id FROM a JOIN b ON b.id = a.b", s).query
    >>> sorted(determined(q, s, [q.items[0]]))
    ['a#0', 'b#0']
    """
    leaves = join_leaves(q.source)
    if leaves is None:
        return frozenset()
    conds = _conjuncts(q.where) + ons(q.source)
    have = {(c.alias, c.name.lower()) for c in cols if isinstance(c, ir.Col)}
    eqs = [(c.left, c.right) for c in conds if isinstance(c, ir.Cmp) and c.op == CmpOp.EQ
           and c.conv == Conv.NONE and isinstance(c.left, ir.Col) and isinstance(c.right, ir.Col)]
    done: set = set()
    changed = True
    while changed:
        changed = False
        for a, b in eqs:
            ka, kb = (a.alias, a.name.lower()), (b.alias, b.name.lower())
            if (ka in have) != (kb in have):
                have |= {ka, kb}
                changed = True
        for s in leaves:
            if s.alias not in done and _keyed(s, schema, have, conds):
                done.add(s.alias)
                have |= {(s.alias, n.lower()) for n, _, _ in s.columns}
                changed = True
    return frozenset(done)


def _keyed(s: ir.Scan, schema: Schema, have: set, conds: list) -> bool:
    t = schema.table(s.table)
    names = {n.lower(): n for n, _, _ in s.columns}
    return any(key and all((s.alias, k) in have and k in names and (t.never_null(k) or any(
        _rejects_col(d, (s.alias, names[k])) for d in conds)) for k in key) for key in _unique_keys(t))


def top_key(s, schema: Schema):
    """``s`` (a select read as a scalar) as the MIN or MAX of its sort key when it is the
    first row's key (module docstring), else None.

    >>> from sqlverdict.schema import from_ddl
    >>> sc = from_ddl("CREATE TABLE t(k INT, v INT)")
    >>> q = ir.lower("SELECT k FROM t ORDER BY k DESC, v LIMIT 1", sc).query
    >>> top_key(q, sc).items[0].fn.name
    'MAX'
    >>> top_key(ir.lower("SELECT k FROM t ORDER BY k LIMIT 1", sc).query, sc) is None
    True
    """
    if not (isinstance(s, ir.Select) and s.limit == 1 and not s.offset and s.order
            and len(s.items) == 1 and not s.aggregate and not s.group_by and s.having is None
            and s.bare_from is None and s.source is not None):
        return None
    order = _order(s, schema)
    if not order:
        return None
    k, desc = order[0]
    if s.items[0] != k or not isinstance(k, ir.Col) or not _order_blind(AggFn.MIN, (k,)):
        return None
    if _collated(s.source, schema) or any(isinstance(y, ir.Window) for y in ir.local_nodes(k)):
        return None
    if not desc and not _never_null(k, s, schema):
        return None
    agg = ir.Agg(AggFn.MAX if desc else AggFn.MIN, k, False, k.ty)
    return dataclasses.replace(s, items=(agg,), order=(), limit=None, distinct=False, aggregate=True)


def _order(s: ir.Select, schema: Schema) -> list:
    """The ORDER BY keys of ``s`` without the NULL tests (``NULLS FIRST/LAST`` as SQLite
    spells them) of a column never NULL on a kept row: 0 on every row."""
    return [(k, d) for k, d in s.order if not (
        isinstance(k, ir.Func) and k.name == FuncName.BOOL_INT and len(k.args) == 1
        and isinstance(k.args[0], ir.IsNull) and isinstance(k.args[0].arg, ir.Col)
        and _never_null(k.args[0].arg, s, schema))]


def _never_null(k: ir.Col, s: ir.Select, schema: Schema) -> bool:
    conds = _conjuncts(s.where) + ons(s.source)
    if any(_rejects_col(d, (k.alias, k.name)) for d in conds):
        return True
    leaves = join_leaves(s.source) or []
    return any(x.alias == k.alias and schema.table(x.table).never_null(k.name) for x in leaves)


def first_row(q, schema: Schema, fresh: str):
    """``q`` ``SELECT v FROM t WHERE c ORDER BY k LIMIT 1`` (``DESC``: MAX) as ``SELECT v
    FROM t WHERE f AND k = (SELECT MIN(k) FROM t AS fresh WHERE c)`` when a declared unique
    key of ``t`` is ``k`` (never NULL on a kept row) and columns that conjuncts ``f`` of
    ``c`` equate with a value read outside ``t`` (so never NULL either), else None.

    The cut keeps the first kept row, the one whose ``k`` is least (no ties: ``f`` fixes the
    rest of the key, and ``k`` is never NULL, so it sorts among values as MIN compares
    them); the lookup keeps the rows with the same ``f`` columns (each equal to the same
    value: ``=`` without conversion) and that ``k``: by the unique key, that row alone.
    When ``c`` keeps no row the MIN is NULL and ``=`` keeps none. ``k = m`` compares two
    values of the column ``k`` as stored, converting neither.

    >>> from sqlverdict.schema import from_ddl
    >>> sc = from_ddl("CREATE TABLE t(a INT NOT NULL, k INT NOT NULL, v INT, PRIMARY KEY (a, k))")
    >>> q = ir.lower("SELECT v FROM t WHERE a = 1 AND v > 0 ORDER BY k DESC LIMIT 1", sc).query
    >>> out = first_row(q, sc, "u")
    >>> out.limit, out.where.args[1].right.query.items[0].fn.name
    (None, 'MAX')
    """
    if not (isinstance(q, ir.Select) and q.limit == 1 and not q.offset and q.order
            and isinstance(q.source, ir.Scan) and not q.aggregate and not q.group_by
            and q.having is None and q.bare_from is None and not q.distinct):
        return None
    order = _order(q, schema)
    if len(order) != 1:
        return None
    (k, desc), scan = order[0], q.source
    if not (isinstance(k, ir.Col) and k.alias == scan.alias) or _collated(scan, schema):
        return None
    if _has_sub(q.where) or any(isinstance(y, (ir.Window, ir.Agg)) for e in (*q.items, q.where)
                                if e is not None for y in ir.local_nodes(e)):
        return None  # (a subquery of ``c`` copied would repeat its aliases)
    fixes = {}  # column name -> the first conjunct fixing it
    for c in _conjuncts(q.where):
        if (col := _fixes(c, scan.alias)) is not None:
            fixes.setdefault(col.name.lower(), c)
    keys = [key for key in _unique_keys(schema.table(scan.table)) if key and k.name.lower() in key
            and set(key) <= set(fixes) | {k.name.lower()}]
    if not keys or not _never_null(k, q, schema):
        return None
    fixes = [fixes[n] for n in min(keys, key=len) if n != k.name.lower()]
    rep = {(scan.alias, n): ir.Col(fresh, n, ty, aff) for n, ty, aff in scan.columns}
    inner = ir.Select(source=dataclasses.replace(scan, alias=fresh), where=_replace_cols(q.where, rep),
                      group_by=(), having=None,
                      items=(ir.Agg(AggFn.MAX if desc else AggFn.MIN, rep[(k.alias, k.name)], False, k.ty),),
                      distinct=False, order=(), limit=None, offset=0, aggregate=True)
    at = ir.Cmp(CmpOp.EQ, k, ir.ScalarSub(inner, k.ty))
    return dataclasses.replace(q, where=_and_all(fixes + [at]), order=(), limit=None)


def _fixes(c, alias: str):
    """The column ``col`` of ``alias`` when conjunct ``c`` is ``col = v``, ``v`` read
    outside it (no subquery), converting neither; else None."""
    if not (isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and c.conv == Conv.NONE):
        return None
    for a, b in ((c.left, c.right), (c.right, c.left)):
        if isinstance(a, ir.Col) and a.alias == alias and not any(
                isinstance(y, (ir.ScalarSub, ir.Exists, ir.InSub, ir.Agg, ir.Window))
                or isinstance(y, ir.Col) and y.alias == alias for y in ir.local_nodes(b)):
            return a
    return None


def _and_all(conds: list):
    return conds[0] if len(conds) == 1 else ir.Logic(LogicOp.AND, tuple(conds))


def at_most_one(q, schema: Schema) -> bool:
    """Does select ``q`` keep at most one row: one table whose declared unique key its
    WHERE fixes, each column by a conjunct ``col = v`` (``v`` read outside the table,
    converting neither: two kept rows agree on the key, never NULL there, so are one row)?

    >>> from sqlverdict.schema import from_ddl
    >>> sc = from_ddl("CREATE TABLE t(a INT NOT NULL, k INT NOT NULL, v INT, PRIMARY KEY (a, k))")
    >>> at_most_one(ir.lower("SELECT v FROM t WHERE a = 1 AND k = 2 LIMIT 1", sc).query, sc)
    True
    >>> at_most_one(ir.lower("SELECT v FROM t WHERE a = 1 LIMIT 1", sc).query, sc)
    False
    """
    if not (isinstance(q, ir.Select) and isinstance(q.source, ir.Scan) and not q.aggregate
            and not q.group_by and q.having is None and q.bare_from is None):
        return False
    fixed = {col.name.lower() for c in _conjuncts(q.where) if (col := _fixes(c, q.source.alias)) is not None}
    return any(key and set(key) <= fixed for key in _unique_keys(schema.table(q.source.table)))
