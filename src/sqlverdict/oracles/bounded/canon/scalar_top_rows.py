"""A first row read as a scalar beside its EXISTS, as a join with that row (issue 25, i53b):
``scalar_top_row_as_join``.

"The latest trip of each vehicle" and "the rent of the next lease" are written two ways:
``SELECT v.k, (SELECT t.c FROM T t WHERE φ(t, v) ORDER BY t.x DESC, t.id DESC LIMIT 1)
FROM V v WHERE EXISTS (SELECT 1 FROM T t WHERE φ(t, v))`` (the scalar a LAG/LEAD becomes,
``running.neighbour_as_subquery``, with ``IS NOT NULL`` read as EXISTS), and the join with
the row no other row of the same set precedes: ``.. FROM V v JOIN T u ON φ(u, v) WHERE NOT
EXISTS (SELECT 1 FROM T u2 WHERE φ(u2, v) AND u2 <lex u)`` (what ``ROW_NUMBER() = 1``
becomes, ``first_rows``/``running.first_row_in_order``). This rule turns the first into the
second: the select (no ORDER BY, LIMIT or OFFSET) gets the scan ``u`` of ``T`` (inner
joined), the conjuncts ``φ(u)`` and the NOT EXISTS; each occurrence of the scalar becomes
``c`` of ``u``; the EXISTS goes. (A conjunct never TRUE on a NULL scalar, ``LAG(x) > y``,
implies the EXISTS as well, but is not read so: the join it would make of the previous row
by ``= (SELECT MAX(..))`` keeps the normal-form prover busy past the budget, for no proof.)

Why it holds in SQLite. The scalar's select reads one table ``T`` (a plain scan: no
aggregate, grouping, DISTINCT, window, OFFSET; LIMIT 1), its WHERE and item deterministic
without subqueries (``top_one._PURE``), ordered by columns of ``T`` each never NULL on a
kept row (NOT NULL, or rejected when NULL by a conjunct of ``φ``; a NULLS FIRST/LAST flag of
such a column is constant and goes) that, with the columns ``φ`` equates (``=``, no
conversion) to values the candidate rows share, hold a declared unique key of ``T`` (never
NULL): no two rows ``φ`` keeps for one outer row tie, so the order is strict and total and
its first row ``f`` is one row. ``u2 <lex u`` compares the key columns of two rows of one
table as ORDER BY does (``running._lex``: one column's values, classes apart, binary
collation only), so ``NOT EXISTS (.. u2 <lex u)`` holds of the kept rows exactly at ``f``.
For an outer row ``o`` that passes the other conjuncts: if no row of ``T`` meets ``φ``, the
EXISTS is FALSE and ``o`` goes; the join has no partner for ``o`` either. Otherwise exactly one ``u`` joins ``o``
(``f``), the scalar's value is ``c`` at ``f``, and the EXISTS is TRUE: ``o`` gives one row
with the same values, so bags, DISTINCT and aggregates of the rows agree. In a grouped
select the scalar is read only inside aggregate arguments (a bare column would read a row
SQLite picks). Only where no consumer reads the select's row order (the driver's
``sensitive``, as for the site ``unordered``: the join may list the rows in another order;
the rule runs at the site ``select``, before ``first_values.key_of_extremum`` reads a scalar
of the key in its nested MAX form); not without a FROM, not with ORDER BY,
LIMIT, OFFSET or a window in the select, not over a table with a collated column anywhere in it (a
collated ``=`` of the outer side would let two rows of a unique key equal one value).
"""

from __future__ import annotations

import dataclasses

from ....types import Schema
from .. import ir
from ..ir.kinds import CmpOp, FuncName, JoinKind, Ty
from ..ir.walk import defined_aliases, field_names, free_aliases, realias
from .facts import _rejects_col
from .running import _lex, _never_null, _total
from .terms import _and, _conjuncts, _deep, _key, _replace_cols, _windowless
from .top_one import _PURE
from .windows import _collated

_ONE = ir.Lit(1, Ty.INT)
_SPOT = ("#scalar_top_row", "v")  # a placeholder column for the scalar (never an alias)


def _same(y, sub: ir.ScalarSub) -> bool:
    """Is ``y`` the scalar ``sub`` up to the alias of its one scan (each occurrence of a
    subquery is lowered with aliases of its own)?"""
    if y == sub:
        return True
    if not (isinstance(y, ir.ScalarSub) and isinstance(y.query, ir.Select)
            and isinstance(y.query.source, ir.Scan) and isinstance(sub.query, ir.Select)
            and isinstance(sub.query.source, ir.Scan)):
        return False  # (a subquery over a join: no alias of one scan to rename)
    return realias(y, {y.query.source.alias: sub.query.source.alias}) == sub


def scalar_top_row_as_join(q, schema: Schema, sensitive: bool = False):
    """``q`` with its first scalar top row (module docstring) joined, else ``q``
    (``sensitive``: a consumer reads the select's row order, as the driver's flag)."""
    if (not isinstance(q, ir.Select) or q.source is None or q.bare_from is not None or q.order
            or q.limit is not None or q.offset or not _windowless(q) or _collated(q, schema)
            or (sensitive and not (q.aggregate and not q.group_by))):
        return q
    conds = _conjuncts(q.where)
    for sub in _scalars(q):
        found = _top_row(sub, schema)
        if (found is None or not free_aliases(sub.query)  # (an uncorrelated top row: top_one's)
                or ((q.aggregate or q.group_by) and _bare(q, sub))):
            continue
        scan, phi = found[0], found[1]
        guard = next((c for c in conds if _same_rows(c, scan, phi)), None)
        if guard is None and not any(_rejects_scalar(c, sub) for c in conds):
            continue
        return _joined(q, sub, found, [c for c in conds if c is not guard])
    return q


def _scalars(q: ir.Select) -> list:
    """The scalar subqueries of the select's own expressions, in order, once each."""
    out = []
    for e in (*q.items, q.where, *q.group_by, q.having):
        for y in ir.local_nodes(e) if e is not None else ():
            if isinstance(y, ir.ScalarSub) and not any(_same(y, x) for x in out):
                out.append(y)
    return out


def _top_row(sub: ir.ScalarSub, schema: Schema):
    """(scan, φ conjuncts, item, keys) of a first-row scalar over a total order, else None."""
    s = sub.query
    if not (isinstance(s, ir.Select) and isinstance(s.source, ir.Scan) and s.limit == 1
            and not s.offset and not s.aggregate and not s.group_by and s.having is None
            and not s.distinct and s.bare_from is None and len(s.items) == 1 and _windowless(s)
            and s.order and not _collated(s.source, schema)):
        return None
    scan, t = s.source, schema.table(s.source.table)
    phi = _conjuncts(s.where)
    if not all(isinstance(y, _PURE) for e in (*phi, s.items[0]) for y in ir.local_nodes(e)):
        return None
    keys = []
    for k, desc in s.order:
        if (isinstance(k, ir.Func) and k.name == FuncName.BOOL_INT and len(k.args) == 1
                and isinstance(k.args[0], ir.IsNull) and _never_null(k.args[0].arg, scan, t, s.where)):
            continue  # NULLS FIRST/LAST of a never-NULL column: one value on every kept row
        if not _never_null(k, scan, t, s.where):
            return None
        keys.append((k, desc))
    if not keys or not _total(keys, t, s.where, _fixed(phi, scan.alias)):
        return None
    return scan, phi, s.items[0], keys


def _fixed(phi: list, alias: str) -> tuple:
    """Columns of ``alias`` that a conjunct ``=`` (no conversion) equates to an expression
    reading no column of ``alias``: one value, compared equal, on every candidate row."""
    out = []
    for c in phi:
        if isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and not c.conv:
            for x, y in ((c.left, c.right), (c.right, c.left)):
                if (isinstance(x, ir.Col) and x.alias == alias and not any(
                        isinstance(z, ir.Col) and z.alias == alias for z in ir.local_nodes(y))):
                    out.append(x)
    return tuple(out)


def _same_rows(c, scan: ir.Scan, phi: list) -> bool:
    """Is ``c`` ``EXISTS (SELECT .. FROM T WHERE φ)`` over the scalar's rows (the same table
    and conjuncts, up to the alias; no aggregate, grouping, OFFSET, LIMIT 0)?"""
    if not (isinstance(c, ir.Exists) and isinstance(c.query, ir.Select)):
        return False
    s = c.query
    if not (isinstance(s.source, ir.Scan) and s.source.table == scan.table and not s.aggregate
            and not s.group_by and s.having is None and not s.offset and s.bare_from is None
            and (s.limit is None or s.limit >= 1) and _windowless(s)):
        return False
    rep = {(s.source.alias, n): ir.Col(scan.alias, n, ty, aff) for n, ty, aff in s.source.columns}
    mine = {_key(x) for x in _conjuncts(_replace_cols(s.where, rep))}
    return mine == {_key(x) for x in phi}


def _rejects_scalar(c, sub: ir.ScalarSub) -> bool:
    """Is the conjunct ``c`` never TRUE when ``sub`` is NULL (read as a placeholder column)?"""
    spot = ir.Col(*_SPOT, sub.ty, None)
    return _rejects_col(_deep(c, lambda y: spot if _same(y, sub) else y), _SPOT)


def _bare(q: ir.Select, sub: ir.ScalarSub) -> bool:
    """Is ``sub`` read outside an aggregate's argument in the items, HAVING or GROUP BY?"""
    def outside(e) -> bool:
        if _same(e, sub):
            return True
        if isinstance(e, ir.Agg) or not isinstance(e, ir.Expr) or isinstance(e, (ir.Exists, ir.ScalarSub)):
            return False
        if isinstance(e, ir.InSub):
            return outside(e.arg)
        return any(outside(y) for f in field_names(e) or ()
                   for y in (getattr(e, f) if isinstance(getattr(e, f), tuple) else (getattr(e, f),)))
    return any(outside(e) for e in (*q.items, q.having, *q.group_by) if e is not None)


def first_row_scan(q, found, suffix: str = "top"):
    """``(u, to_u, φ(u), earlier)`` for a first row ``found`` (``_top_row``) read in ``q``:
    the scan ``u`` of ``T`` under a fresh alias, the map of ``T``'s columns to it, ``φ``'s
    conjuncts over it, and ``SELECT 1 FROM T u2 WHERE φ(u2) AND u2 <lex u``."""
    scan, phi, _, keys = found
    taken = set(defined_aliases(q)) | set(free_aliases(q))  # (no outer column captured)
    first = _fresh(f"{scan.alias}_{suffix}", taken)
    before = _fresh(f"{first}_before", taken | {first})
    to_first = {(scan.alias, n): ir.Col(first, n, ty, aff) for n, ty, aff in scan.columns}
    first_keys = [(_replace_cols(k, to_first), d) for k, d in keys]
    to_before = {(first, n): ir.Col(before, n, ty, aff) for n, ty, aff in scan.columns}
    phi_first = [_replace_cols(c, to_first) for c in phi]
    earlier = ir.Select(source=dataclasses.replace(scan, alias=before),
                        where=_and([_replace_cols(c, to_before) for c in phi_first]
                                   + [_lex(first_keys, to_before, CmpOp.LT)]),
                        group_by=(), having=None, items=(_ONE,), distinct=False, order=(),
                        limit=None, offset=0, aggregate=False)
    return dataclasses.replace(scan, alias=first), to_first, phi_first, earlier


def _joined(q: ir.Select, sub: ir.ScalarSub, found, conds: list) -> ir.Select:
    item = found[2]
    u, to_first, phi_first, earlier = first_row_scan(q, found)
    value = _replace_cols(item, to_first)
    swap = lambda e: _deep(e, lambda y: value if _same(y, sub) else y)  # noqa: E731
    where = [swap(c) for c in conds] + phi_first + [ir.Not(ir.Exists(earlier))]
    source = ir.Join(JoinKind.INNER, q.source, u, None)
    return dataclasses.replace(q, source=source, where=_and(where), items=swap(q.items),
                               group_by=swap(q.group_by), having=swap(q.having))


def _fresh(name: str, taken: set) -> str:
    while name in taken:
        name += "_"
    return name


SCALAR_TOP_ROW_RULE = (
    "scalar_top_row_as_join", "SELECT f((SELECT c FROM T t WHERE φ(t) ORDER BY k.. LIMIT 1)) "
    "FROM V WHERE EXISTS (SELECT .. FROM T t WHERE φ(t)), k.. never-NULL columns holding a unique key with the columns φ equates, no ORDER "
    "BY or LIMIT outside, is SELECT f(u.c) FROM V JOIN T u WHERE φ(u) AND NOT EXISTS (SELECT 1 "
    "FROM T u2 WHERE φ(u2) AND u2 <lex u): the one first row joins each outer row that has one",
    ("select",), lambda canon, q, ctx: scalar_top_row_as_join(q, canon.schema, ctx.get("sensitive", True)),
    True)
