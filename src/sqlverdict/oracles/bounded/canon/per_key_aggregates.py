"""Per-key aggregates over their own domain as one grouping (round 55, i55a):
``per_key_aggregate_as_grouping``.

``SELECT g.k, (SELECT AGG(e) FROM F WHERE g.k = f.c AND w) FROM D AS g`` is ``SELECT f.c,
AGG(e) FROM F WHERE w GROUP BY f.c`` when ``D``'s rows are the distinct values of ``f.c``
over ``F WHERE w`` (the keys of the groups: equal canonical forms of ``SELECT DISTINCT g.k
FROM D`` and ``SELECT DISTINCT f.c FROM F WHERE w``; ``= `` adds ``f.c IS NOT NULL`` to
both, ``IS`` keeps a NULL group). Each key's subquery then reads exactly its group's rows
(Galindo-Legaria and Joshi's correlated scalar aggregate over its own distinct outer
domain: the outer join the decorrelation adds pads no key, so it is the GROUP BY itself).
The correlation may sit inside a semi-join of the aggregated rows, ``x IN (SELECT u.j
FROM U WHERE g.k = u.c AND v)``, read as the join ``F JOIN U ON x = u.j WHERE v`` grouped
by ``u.c``: that join keeps each row of ``F`` once when ``U``'s columns fixed by ``j``,
an ``=`` correlation and literals cover a unique key of ``U``, or for any ``U`` when
every aggregate is blind to duplicates (MIN, MAX, DISTINCT ones).

Conditions: the outer select has one source and no WHERE on anything but ``D``'s own
rows, no aggregate, grouping, order or cut; its items are ``g.k`` and such subqueries
(one FROM, WHERE and key for all); its rows are one per key (DISTINCT, or the canonical
form shows so); each subquery one aggregate item (COUNT, SUM, TOTAL, AVG, MIN, MAX:
GROUP_CONCAT reads row order) that reads no outer column; no conversion in the
correlation or the semi-join (one affinity on both sides), no table with a collated
column; and equal values of ``f.c`` identical (``transfer._exact``: TEXT, or the typed
domain's numbers), so the group's key shows as ``g.k`` did."""

from __future__ import annotations

import dataclasses
import re

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Conv
from ..ir.walk import _aggs, _bare_cols, field_names, realias
from .groupings import _class_conjuncts, raw
from .joins import _flat_source
from .terms import (
    Flat,
    _aliases_in,
    _and,
    _conjuncts,
    _has_sub,
    _key,
    _leaves,
    _tree_aliases,
    _unique_keys,
    _windowless,
)
from .transfer import _exact
from .windows import _collated

_AGGS = (AggFn.COUNT, AggFn.COUNT_STAR, AggFn.SUM, AggFn.TOTAL, AggFn.AVG, AggFn.MIN, AggFn.MAX)
_BLIND = (AggFn.MIN, AggFn.MAX)
_CANON_ALIAS = re.compile(r"t\d+_\d+$")


def per_key_aggregate_as_grouping(q, canon):
    """``q`` as the grouping of the module's law, else ``q``."""
    if not (isinstance(q, ir.Select) and q.source is not None and not q.aggregate and not q.group_by
            and q.having is None and not q.order and q.limit is None and not q.offset
            and q.bare_from is None and _windowless(q)):
        return q
    leaves = _leaves(q.source)
    if leaves is None or len(leaves) != 1 or _CANON_ALIAS.match(leaves[0].alias):
        return q
    outer = leaves[0].alias
    keys = {i for i in q.items if isinstance(i, ir.Col) and i.alias == outer}
    subs = [i for i in q.items if isinstance(i, ir.ScalarSub)]
    if len(keys) != 1 or not subs or len(subs) + sum(i in keys for i in q.items) != len(q.items):
        return q
    (key,) = keys
    found = [_grouped(s.query, key, canon) for s in subs]
    if None in found or len({_key(f[:4]) for f in found}) != 1:
        return q
    scans, conds, kcol, op = found[0][:4]
    if not _exact(kcol, kcol, canon.typed) or _collated((q.source, scans), canon.schema):
        return q
    conds = conds + ([] if op == CmpOp.IS else [ir.Not(ir.IsNull(kcol))])
    domain = dataclasses.replace(q, items=(key,), distinct=True, names=())
    try:
        mine = _apart(ir.Select(_flat_source(scans), _and(list(raw(tuple(conds)))), (), None, (kcol,),
                                True, (), None, 0, False), set())
    except ValueError:
        return q
    form = canon.query(domain, {}, 1, False)
    if canon.query(mine, {}, 1, False) != form:
        return q
    if not q.distinct and canon.query(dataclasses.replace(domain, distinct=False), {}, 1, False) != form:
        return q
    by_sub = {id(s): f[4] for s, f in zip(subs, found, strict=True)}
    items = tuple(kcol if i in keys else by_sub[id(i)] for i in q.items)
    try:  # (canonical subqueries in the conjuncts and items read back as lowered ones)
        conds, items = raw(tuple(conds)), raw(items)
    except ValueError:
        return q
    return _apart(ir.Select(_flat_source(scans), _and(list(conds)), (kcol,), None, items, False, (),
                            None, 0, True, names=q.names), set(ir.free_aliases(q)))


def _apart(x, taken: set):
    """``x`` with every alias a FROM defines told apart from ``taken`` and from the others
    (canonical subqueries side by side reuse ``t2_0``: a lowered query's aliases are unique)."""
    if isinstance(x, tuple):
        return tuple(_apart(y, taken) for y in x)
    names = field_names(x)
    if names is None:
        return x
    if isinstance(x, ir.Select) and x.source is not None:
        rename = {}
        for a in _tree_aliases(x.source):
            new = a
            while new in taken:
                new += "_"
            rename[a] = new
            taken.add(new)
        x = realias(x, {a: b for a, b in rename.items() if a != b})
    return dataclasses.replace(x, **{f: _apart(getattr(x, f), taken) for f in names})


def _grouped(s, key: ir.Col, canon):
    """(the scans, conjuncts, grouping column and correlation operator of the subquery
    ``s`` read as a grouping, its item), or None."""
    if not (isinstance(s, ir.Select) and s.aggregate and not s.group_by and s.having is None
            and not s.order and s.limit is None and not s.offset and s.bare_from is None
            and len(s.items) == 1 and _windowless(s) and ir.free_aliases(s) == {key.alias}):
        return None
    cs = canon.query(s, {}, 1, True)
    body = _body(cs)
    item = cs.items[0] if isinstance(cs, ir.Select) else None
    aggs = list(_aggs(item)) if item is not None else []
    if (body is None or not aggs or key.alias in _aliases_in(item) or _has_sub(item)
            or any(a.fn not in _AGGS for a in aggs) or any(True for _ in _bare_cols(item, set()))):
        return None
    scans, conds = body
    mine = [c for c in conds if key.alias in _aliases_in(c)]
    if len(mine) != 1:
        return None
    rest = [c for c in conds if c is not mine[0]]
    corr = _correlation(mine[0], key, scans)
    if corr is not None:
        return scans, rest, corr[0], corr[1], item
    blind = all(a.fn in _BLIND or a.distinct for a in aggs)
    semi = _semijoin(mine[0], key, scans, blind, canon.schema)
    if semi is None:
        return None
    more, extra, kcol, op = semi
    return scans + more, rest + extra, kcol, op, item


def _body(cs):
    """(scans, conjuncts) of a canonical aggregate select over inner-joined scans, or None."""
    if not (isinstance(cs, ir.Select) and isinstance(cs.source, Flat) and len(cs.items) == 1
            and all(isinstance(x, ir.Scan) for x in cs.source.leaves)):
        return None
    try:
        eqs = _class_conjuncts(cs.source, list(cs.source.leaves))
    except ValueError:
        return None
    return list(cs.source.leaves), eqs + _conjuncts(cs.where)


def _correlation(c, key: ir.Col, scans: list):
    """(the column of ``scans``, the operator) of a conjunct ``key = col`` or ``key IS col``
    (no conversion, one affinity and type), or None."""
    if not (isinstance(c, ir.Cmp) and c.op in (CmpOp.EQ, CmpOp.IS) and c.conv == Conv.NONE):
        return None
    other = c.right if c.left == key else c.left if c.right == key else None
    if not (isinstance(other, ir.Col) and other.alias in {x.alias for x in scans}
            and other.affinity == key.affinity and other.ty == key.ty):
        return None
    return other, c.op


def _semijoin(c, key: ir.Col, scans: list, blind: bool, schema):
    """(the scans of the semi-join ``c``, its conjuncts with the join's equality, the
    grouping column, the operator) when ``c`` is ``x IN (SELECT u.j FROM U WHERE key = u.c
    AND v)`` that joins each of ``scans``' rows once (or ``blind``), else None."""
    if not (isinstance(c, ir.InSub) and c.conv == Conv.NONE and not c.convs
            and isinstance(c.arg, ir.Col) and c.arg.alias in {x.alias for x in scans}):
        return None
    u = c.query
    body = _body(u) if (isinstance(u, ir.Select) and not u.aggregate and not u.group_by
                        and u.having is None and u.limit is None and not u.offset) else None
    if body is None:
        return None
    more, conds = body
    j = u.items[0]
    if not (isinstance(j, ir.Col) and j.alias in {x.alias for x in more}
            and j.affinity == c.arg.affinity and j.ty == c.arg.ty):
        return None
    mine = [x for x in conds if key.alias in _aliases_in(x)]
    corr = _correlation(mine[0], key, more) if len(mine) == 1 else None
    if corr is None:
        return None
    rest = [x for x in conds if x is not mine[0]]
    if not blind and not _one_match(more, rest, j, corr, schema):
        return None
    return more, rest + [ir.Cmp(CmpOp.EQ, c.arg, j)], corr[0], corr[1]


def _one_match(more: list, conds: list, j: ir.Col, corr, schema) -> bool:
    """Do ``j``, an ``=`` correlation's column and columns equal to literals fix a unique
    key of the one scan ``more`` (at most one row per value of the semi-join)?"""
    if len(more) != 1:
        return False
    fixed = {j.name} | ({corr[0].name} if corr[1] == CmpOp.EQ else set())
    for x in conds:
        if isinstance(x, ir.Cmp) and x.op == CmpOp.EQ and not x.conv:
            for a, b in ((x.left, x.right), (x.right, x.left)):
                if isinstance(a, ir.Col) and a.alias == j.alias and isinstance(b, ir.Lit) \
                        and b.value is not None:
                    fixed.add(a.name)
    return any(k and set(k) <= fixed for k in _unique_keys(schema.table(more[0].table)))


PER_KEY_RULE = (
    "per_key_aggregate_as_grouping", "SELECT g.k, (SELECT AGG(e) FROM F WHERE g.k = f.c AND w) "
    "FROM D g, D's rows the distinct f.c of F WHERE w (= : not NULL), is SELECT f.c, AGG(e) FROM "
    "F WHERE w GROUP BY f.c; also with the correlation in x IN (SELECT u.j FROM U WHERE g.k = u.c "
    "AND v) as F JOIN U ON x = u.j, U unique per row or AGG blind to duplicates (no conversion, "
    "no collation, equal keys identical)", ("unordered",),
    lambda canon, q, ctx: per_key_aggregate_as_grouping(q, canon), True)
