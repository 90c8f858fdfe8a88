"""The outer row scanned again inside its own [NOT] EXISTS (round 61, S2): ``own_key_row``.

A conjunct of a select holding ``[NOT] EXISTS (SELECT .. FROM T q, S.. WHERE q.k1 = x.k1 ..
AND w(q, S, x))``, ``x`` a scan of ``T`` inner-joined in the outer select and ``k1..`` every
column of a declared unique key of ``T``, each column declared never NULL, is ``[NOT] EXISTS
(SELECT .. FROM S.. WHERE w(x, S, x))``: ``x.k`` is a value (never NULL) that exactly one row of
``T`` holds, ``x`` itself, so ``q`` ranges over that one row. This is the form
``except_as_anti_join`` gives ``SELECT k FROM T EXCEPT SELECT q.k FROM T q JOIN S .. WHERE ..``
("every key of T but those with an S partner"), against ``T WHERE NOT EXISTS (S ..)``. Also
``x.k [NOT] IN (SELECT q.k FROM T q, S.. WHERE w)`` for a one-column key: both sides are never
NULL, so the IN is the EXISTS of ``q.k = x.k``, two-valued.

Conditions: no collated table in ``T`` (NOCASE equates values that are not identical; the
uniqueness is under the same comparison, but the rest of ``w`` may tell the two apart);
comparisons without conversion, of one type and affinity; ``q`` a scan reached from the top
of the subquery's FROM through inner and cross joins or the preserved (left) side of LEFT
joins, never the first source of a LEFT join (there is no FROM without it); its inner-join
ON conjuncts move to the WHERE; at least one other source stays; the subquery plain (no
aggregate, grouping, LIMIT/OFFSET, window, bare-column rule); no scope inside the subquery
defines ``x``'s or ``q``'s alias again. Replacing inside the subquery of any conjunct is sound
per outer row: the subquery's value for that row does not change.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import CmpOp, Conv, JoinKind, Ty
from ..ir.walk import defined_aliases
from .joins import _deep_expr, anti_join
from .keyed_anti_joins import keyed_anti_join
from .terms import _and, _conjuncts, _replace_cols, _unique_keys


def _plain(s) -> bool:
    return (isinstance(s, ir.Select) and s.source is not None and not s.aggregate and not s.group_by
            and s.having is None and s.limit is None and not s.offset and s.bare_from is None
            and not any(isinstance(y, ir.Window) for y in ir.nodes(s)))


def _preserved_scans(src) -> list:
    """The scans reached from the top through inner/cross joins and LEFT joins' left sides."""
    if isinstance(src, ir.Scan):
        return [src]
    if not isinstance(src, ir.Join):
        return []
    if src.kind in (JoinKind.INNER, JoinKind.CROSS):
        return _preserved_scans(src.left) + _preserved_scans(src.right)
    return _preserved_scans(src.left) if src.kind == JoinKind.LEFT else []


def _without(src, alias):
    """(``src`` without the scan ``alias``, the ON conjuncts of the inner joins it left), or
    None where the scan is the left side of a LEFT join."""
    if not isinstance(src, ir.Join):
        return None
    for mine, other in ((src.left, src.right), (src.right, src.left)):
        if isinstance(mine, ir.Scan) and mine.alias == alias:
            if src.kind not in (JoinKind.INNER, JoinKind.CROSS):
                return None
            return other, _conjuncts(src.on)
    for side in ("left", "right"):
        if side == "right" and src.kind == JoinKind.LEFT:
            return None
        got = _without(getattr(src, side), alias)
        if got is not None:
            return dataclasses.replace(src, **{side: got[0]}), got[1]
    return None


def _link(c, q: ir.Scan, x: ir.Scan):
    """The column name ``n`` of a conjunct ``q.n = x.n`` (either side), compared without
    conversion, else None."""
    if not (isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and c.conv == Conv.NONE):
        return None
    for a, b in ((c.left, c.right), (c.right, c.left)):
        if (isinstance(a, ir.Col) and isinstance(b, ir.Col) and a.alias == q.alias
                and b.alias == x.alias and a.name == b.name and a.ty == b.ty
                and a.affinity == b.affinity):
            return a.name
    return None


def _key_of(t, linked: set) -> bool:
    return any(k and set(k) <= linked and all(t.never_null(n) for n in k) for k in _unique_keys(t))


def _own_row(s: ir.Select, x: ir.Scan, schema):
    """``s`` with its scan of ``x``'s row read as ``x`` (the module's law), else None."""
    t = schema.table(x.table)
    if t.collated or not _plain(s):
        return None
    inside = defined_aliases((s.where, s.items, s.source))
    if x.alias in inside:
        return None
    for q in _preserved_scans(s.source):
        if q.table != x.table or inside.count(q.alias) != 1:
            continue
        got = _without(s.source, q.alias)
        if got is None:
            continue
        conds = _conjuncts(s.where) + got[1]
        links = {i: n for i, c in enumerate(conds) if (n := _link(c, q, x)) is not None}
        if not _key_of(t, {n.lower() for n in links.values()}):
            continue
        rep = {(q.alias, n): ir.Col(x.alias, n, ty, aff) for n, ty, aff in q.columns}
        rest = [c for i, c in enumerate(conds) if i not in links]
        return _settled(dataclasses.replace(s, source=_replace_cols(got[0], rep),
                                            where=_replace_cols(_and(rest), rep),
                                            items=_replace_cols(s.items, rep)), schema)
    return None


def _settled(s: ir.Select, schema) -> ir.Select:
    """``s`` (an EXISTS body: its row order is read by nobody) with its LEFT JOINs filtered
    to their padded rows read as NOT EXISTS (``joins.anti_join``, ``keyed_anti_join``), so
    that ``exists_to_in``, next at this conjunct, sees inner joins as the other spelling's."""
    while True:
        new = keyed_anti_join(anti_join(s), schema)
        if new is s:
            return s
        s = new


def _as_exists(e: ir.InSub):
    """``x.k IN (SELECT q.k ..)`` as ``EXISTS (SELECT 1 .. AND q.k = x.k)`` where both are
    columns of one type and affinity compared without conversion, else None (the caller
    checks that neither is ever NULL: ``_own_row`` asks the key to be declared NOT NULL)."""
    s = e.query
    if not (isinstance(s, ir.Select) and e.conv == Conv.NONE and not e.convs and isinstance(e.arg, ir.Col)
            and len(s.items) == 1 and isinstance(s.items[0], ir.Col) and not s.distinct
            and s.items[0].name == e.arg.name and s.items[0].ty == e.arg.ty
            and s.items[0].affinity == e.arg.affinity):
        return None
    eq = ir.Cmp(CmpOp.EQ, s.items[0], e.arg)
    return ir.Exists(dataclasses.replace(s, where=_and([*_conjuncts(s.where), eq]),
                                         items=(ir.Lit(1, Ty.INT),), names=()))


def own_key_row(c, leaves: list, schema):
    """The conjunct ``c`` with each [NOT] EXISTS / IN over the outer row's own scan read
    without it (the module's law); ``c`` itself when none applies."""
    if not leaves:
        return c
    scans = [v for v in leaves if isinstance(v, ir.Scan)]

    def one(e):
        if not isinstance(e, (ir.Exists, ir.InSub)):
            return e
        ex = e if isinstance(e, ir.Exists) else _as_exists(e)
        if ex is None or not isinstance(ex.query, ir.Select):
            return e
        mine = scans
        if isinstance(e, ir.InSub):  # (the IN reads a never-NULL one-column key of ``x``, and
            item = e.query.items[0]  # its item is that column of a scan of ``x``'s table)
            mine = [v for v in scans if v.alias == e.arg.alias
                    and [e.arg.name.lower()] in _unique_keys(schema.table(v.table))
                    and schema.table(v.table).never_null(e.arg.name)
                    and any(w.alias == item.alias and w.table == v.table
                            for w in _preserved_scans(e.query.source))]
        for x in mine:
            new = _own_row(ex.query, x, schema)
            if new is not None:
                return ir.Exists(new)
        return e

    out = _deep_expr(c, one)
    return c if out == c else out


def own_key_rows(q: ir.Select, leaves: list, conds: list, schema):
    """(q, leaves, conds) with every conjunct read by ``own_key_row``; leaves None when
    nothing changed (a rule of the ``sources`` site: the select is walked again, so that
    ``exists_parent_in`` sees the new subquery before ``exists_to_in`` turns it; the
    registry's entry is ``exists_parents.OWN_KEY_ROW_RULE``)."""
    new = [own_key_row(c, leaves, schema) for c in conds]
    if all(a is b for a, b in zip(new, conds, strict=True)):
        return q, None, conds
    return q, leaves, new

