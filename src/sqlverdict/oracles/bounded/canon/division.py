"""Relational division by counting (issue 25, i40d): ``division_by_counting``.

The textbook's two answers to "the rows ``e`` related to every ``P`` row with ``f``": the
double ``NOT EXISTS`` and the count of ``e``'s matched ``P`` rows against the count of all
of them. As a condition,

    (SELECT COUNT(*) FROM P WHERE f) = (SELECT COUNT(c) FROM W JOIN P AS q ON q.k = W.p
                                       WHERE r AND f(q))

(the dividend also as ``FROM W WHERE r AND W.p IN (SELECT k FROM P WHERE f)``) is

    NOT EXISTS (SELECT 1 FROM P WHERE f AND NOT EXISTS (SELECT 1 FROM W WHERE r AND P.k = W.p))

when ``k`` is a one-column unique key of ``P`` (each ``W`` row meets at most one ``P``
row), ``r`` reads ``W`` and outer columns only, the join compares without affinity
conversion, and the dividend counts each matched ``P`` row once: ``COUNT(DISTINCT W.p)``
(or ``DISTINCT q.k``), or ``COUNT(*)``/``COUNT(W.p)`` where a unique key of ``W`` lies in
``p`` and the columns ``r`` fixes by ``=`` to an outer column or a literal. Then the
dividend counts the ``P`` rows with ``f`` that ``W`` matches, never more than the divisor,
and equals it exactly when none is unmatched. NULLs: a ``P`` row whose ``f`` is NULL is
in neither count nor the outer ``NOT EXISTS``; a NULL ``k`` (a UNIQUE column) is counted
and never matched on both sides; an empty ``P`` makes both TRUE for every outer row (the
forms that count a grouped ``W`` instead keep only rows of ``W``: not this law). Since the
dividend never exceeds the divisor, ``<>`` (or the dividend ``<`` the divisor) is the
``EXISTS`` that the equality's ``NOT EXISTS`` negates (neither count is ever NULL). The
dividend may also count ``W``'s references through a declared foreign key without the join
(``fk_division.py``).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, JoinKind, Ty
from .fk_division import _OPS, division_in_items, fewer, split_by_foreign_key
from .terms import _aliases_in, _and, _conjuncts, _has_sub, _leaves, _on_conjuncts, _unique_keys


def _count_select(e):
    """The one-item aggregate select of a scalar subquery ``(SELECT AGG(..) FROM ..)``
    without GROUP BY, HAVING, DISTINCT, LIMIT/OFFSET, or None."""
    if not (isinstance(e, ir.ScalarSub) and isinstance(e.query, ir.Select)):
        return None
    s = e.query
    if not (s.aggregate and not s.group_by and s.having is None and s.limit is None
            and not s.offset and not s.distinct and s.bare_from is None and len(s.items) == 1
            and isinstance(s.items[0], ir.Agg)):
        return None
    return s


def _divisor(e, schema=None):
    """``(SELECT COUNT(*) FROM P WHERE f)`` over one table as its select, or None. With
    ``schema``, ``COUNT(c)`` of a column declared NOT NULL (``COUNT(DISTINCT c)``: also a
    one-column unique key) counts every row too: read as ``COUNT(*)`` (i57a)."""
    s = _count_select(e)
    if s is None or not isinstance(s.source, ir.Scan):
        return None
    a = s.items[0]
    if (schema is not None and a.fn == AggFn.COUNT and isinstance(a.arg, ir.Col)
            and a.arg.alias == s.source.alias and schema.table(s.source.table).never_null(a.arg.name)
            and (not a.distinct or _unique(schema, s.source.table, a.arg.name))):
        return dataclasses.replace(s, items=(ir.Agg(AggFn.COUNT_STAR, None, False, Ty.INT),))
    return s if a.fn == AggFn.COUNT_STAR else None


def _key_join(c, p_alias: str, w_alias: str, schema):
    """``q.k = W.p`` (either side first), ``k`` a one-column unique key of ``q``'s table, no
    conversion, as (k column, p column), or None."""
    if not (isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and not c.conv
            and isinstance(c.left, ir.Col) and isinstance(c.right, ir.Col)):
        return None
    for k, p in ((c.left, c.right), (c.right, c.left)):
        if k.alias == p_alias and p.alias == w_alias and k.affinity == p.affinity:
            return k, p
    return None


def _split_join(s, schema, table: str):
    """The dividend's FROM W JOIN P AS q ON q.k = W.p WHERE .., ``q`` a scan of ``table``, as (q scan, f(q) conjuncts,
    W scan, r conjuncts, k, p, W's sources), or None. ``W`` may be an inner join of several
    tables, ``p`` a column of one of them (``W``'s sources, in their order)."""
    leaves = _leaves(s.source)
    if leaves is None or len(leaves) < 2 or not all(isinstance(x, ir.Scan) for x in leaves):
        return None
    conds = _on_conjuncts(s.source) + _conjuncts(s.where)
    aliases = {x.alias for x in leaves}
    for q in (x for x in leaves if x.table == table):
        joins = [c for c in conds if q.alias in _aliases_in(c) and len(aliases & _aliases_in(c)) > 1]
        if len(joins) != 1:
            continue
        for w in leaves:
            kp = None if w is q else _key_join(joins[0], q.alias, w.alias, schema)
            if kp is None or not _unique(schema, q.table, kp[0].name):
                continue
            f = [c for c in conds if c is not joins[0] and q.alias in _aliases_in(c)]
            r = [c for c in conds if c is not joins[0] and q.alias not in _aliases_in(c)]
            return q, f, w, r, *kp, tuple(x for x in leaves if x is not q)
    return None


def _split_in(s, schema):
    """The dividend's FROM W WHERE r AND W.p IN (SELECT q.k FROM P AS q WHERE f) as (q scan,
    f conjuncts, W scan, r conjuncts, k, p), or None."""
    leaves = _leaves(s.source)
    if leaves is None or len(leaves) != 1 or not isinstance(leaves[0], ir.Scan):
        return None
    w = leaves[0]
    conds = _on_conjuncts(s.source) + _conjuncts(s.where)
    for c in conds:
        if not (isinstance(c, ir.InSub) and not c.conv and isinstance(c.arg, ir.Col)
                and c.arg.alias == w.alias and isinstance(c.query, ir.Select)):
            continue
        sub = c.query
        if not (isinstance(sub.source, ir.Scan) and not sub.aggregate and not sub.group_by
                and sub.having is None and sub.limit is None
                and not sub.offset and sub.bare_from is None and len(sub.items) == 1
                and isinstance(sub.items[0], ir.Col) and sub.items[0].alias == sub.source.alias):
            continue
        k = sub.items[0]
        if (k.affinity != c.arg.affinity or w.alias in _aliases_in(sub)
                or not _unique(schema, sub.source.table, k.name)):
            continue
        return sub.source, _conjuncts(sub.where), w, [x for x in conds if x is not c], k, c.arg, (w,)
    return None


def _unique(schema, table: str, column: str) -> bool:
    return [column.lower()] in _unique_keys(schema.table(table))


def _counts_each_once(agg: ir.Agg, parts, schema) -> bool:
    """Does the dividend's aggregate count each matched ``P`` row once: DISTINCT of ``p``
    or ``k``, or ``*``/``p``/``k`` where ``p`` and the columns ``r`` fixes hold a unique
    key of ``W``?"""
    q, _, w, r, k, p, sources = parts
    if agg.fn == AggFn.COUNT and agg.arg in (k, p) and agg.distinct:
        return True
    if len(sources) > 1 or not (agg.fn == AggFn.COUNT_STAR or (agg.fn == AggFn.COUNT and agg.arg in (k, p))):
        return False
    fixed = {p.name.lower()}
    for c in r:
        if not (isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and not c.conv):
            continue
        for mine, other in ((c.left, c.right), (c.right, c.left)):
            if (isinstance(mine, ir.Col) and mine.alias == w.alias
                    and isinstance(other, (ir.Col, ir.Lit)) and w.alias not in _aliases_in(other)):
                fixed.add(mine.name.lower())
    return any(key and set(key) <= fixed for key in _unique_keys(schema.table(w.table)))


def division_by_counting(c, schema, same):
    """The divisor's count equal to the dividend's, as a condition, is the double ``NOT
    EXISTS`` (module docstring); ``same(a, b)``: do two queries have one canonical form?"""
    if not (isinstance(c, ir.Cmp) and c.op in _OPS and not c.conv):
        return c
    for a, b in ((c.left, c.right), (c.right, c.left)):
        div, s = _divisor(a, schema), _count_select(b)
        short = fewer(c, b)  # "not every": the dividend below the divisor
        if div is None or s is None or (c.op != CmpOp.EQ and not short):
            continue
        parts = (_split_join(s, schema, div.source.table) or _split_in(s, schema)
                 or split_by_foreign_key(s, schema, div.source))  # fk_division.py
        if parts is None:
            continue
        q, f, w, r, k, p, sources = parts
        mine = {x.alias for x in sources}
        if (q.table != div.source.table or any(_has_sub(x) for x in f)
                or any(mine & _aliases_in(x) for x in f) or div.source.alias in _aliases_in(r)
                or div.source.alias in mine or not _counts_each_once(s.items[0], parts, schema)):
            continue
        if not same(div, dataclasses.replace(div, source=q, where=_and(f))):
            continue
        pk = dataclasses.replace(k, alias=div.source.alias)
        inner = _exists(_product(sources), _and([*r, ir.Cmp(CmpOp.EQ, pk, p, Ty.BOOL)]))
        missing = _exists(div.source, _and([*_conjuncts(div.where), ir.Not(inner)]))
        return missing if short else ir.Not(missing)
    return c


def _product(sources):
    """The inner join of ``sources`` (their conditions in WHERE), the one source itself."""
    out = sources[0]
    for x in sources[1:]:
        out = ir.Join(JoinKind.INNER, out, x, None)
    return out


def _exists(source, where) -> ir.Exists:
    return ir.Exists(ir.Select(source, where, (), None, (ir.Lit(1, Ty.INT),), False, (), None, 0,
                               False, ()))


DIVISION_RULES = (
    ("division_by_counting", "(SELECT COUNT(*) FROM P WHERE f) = (SELECT COUNT(c) FROM W JOIN P "
     "q ON q.k = W.p WHERE r AND f(q)) as a condition is NOT EXISTS (SELECT 1 FROM P WHERE f AND "
     "NOT EXISTS (SELECT 1 FROM W WHERE r AND P.k = W.p)), k a one-column unique key, c counting "
     "each matched P row once (DISTINCT, or a unique key of W in p and the columns r fixes); "
     "without the join when W.p has a declared foreign key onto P.k and f is empty "
     "(fk_division.py); <> or the dividend below the divisor is the EXISTS",
     ("conjunct",), lambda canon, c, ctx: division_by_counting(
         c, canon.schema, lambda x, y: canon.query(x, {}, 0, False) == canon.query(y, {}, 0, False)),
     False),
    ("division_in_items", "a select item's comparison that division_by_counting reads is its "
     "(NOT) EXISTS as a value too (neither count is ever NULL: TRUE or FALSE alike)", ("select",),
     lambda canon, q, ctx: division_in_items(q, lambda c: division_by_counting(
         c, canon.schema, lambda x, y: canon.query(x, {}, 0, False) == canon.query(y, {}, 0, False))),
     True),
)
