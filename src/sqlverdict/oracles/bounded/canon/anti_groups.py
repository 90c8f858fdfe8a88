"""Semi and anti joins written otherwise (issue 25, i40c): ``counted_semijoin`` (as a grouped
outer join) and ``own_row_in_join`` (through a join back to the outer table).

``SELECT e(X).. FROM X LEFT JOIN R ON o [WHERE w(X)] GROUP BY K HAVING SUM(CASE WHEN p THEN 1
ELSE 0 END) = 0`` (BIRD's ``SUM(IIF(p, 1, 0))``, or ``COUNT(CASE WHEN p THEN 1 END)``) is
``SELECT e(X).. FROM X WHERE w AND NOT EXISTS (SELECT 1 FROM R WHERE o AND p)``; with ``> 0``,
``>= 1`` or ``<> 0`` it is the EXISTS. Conditions: ``K`` columns of ``X`` holding a never-NULL
unique key of ``X`` (each group is one row of ``X``: its partners, or its one padded row),
the items and WHERE read ``X`` only, and ``p`` rejects the padded row (``joins.rejects_null``:
not TRUE when every column of ``R`` is NULL; an ``EXISTS`` correlated on ``R`` by such a
conjunct, ``padded_exists``). Then a group's sum is the number of its
partners for which ``p`` is TRUE, never NULL (the ELSE 0: one row at least), and it is 0
exactly when no row of ``R`` satisfies ``o AND p`` for that row of ``X``. Without the ELSE 0
the SUM over a group without such a partner is NULL, never 0: not this law.

``own_row_in_join``: a WHERE conjunct ``x.k IN (SELECT y FROM S.. JOIN T q ON q.k = y WHERE
w(q, S))``, ``x`` a scan of ``T`` in the outer select, ``k`` a one-column never-NULL unique
key of ``T`` (no collated column), ``y`` a column of another source of the subquery, both
comparisons without conversion and ``x.k``, ``q.k`` of one type, is ``x.k IN (SELECT y FROM
S.. WHERE w(x, S))``: a subquery row that the IN matches has ``y = x.k`` and ``q.k = y``, so
``q`` is the one row of ``T`` with that key, ``x`` itself. The semi join through a three-way
join that joins the outer table again, against its EXISTS (a textbook's "projects with a
worker from another department"). Only as a conjunct, where NULL drops the row as false does.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Conv, JoinKind, Ty
from ..ir.walk import defined_aliases
from .joins import _flat_source, _not_null
from .padded_exists import exists_rejects_null
from .terms import (
    _aliases_in,
    _and,
    _conjuncts,
    _leaves,
    _on_conjuncts,
    _replace_cols,
    _unique_keys,
)
from .universal import not_true

_ZERO, _POSITIVE = "zero", "positive"


def _indicator(a) -> ir.Expr | None:
    """``p`` of ``SUM(CASE WHEN p THEN 1 ELSE 0 END)`` or ``COUNT(CASE WHEN p THEN c END)``
    (``c`` a literal other than NULL), else None."""
    if not (isinstance(a, ir.Agg) and not a.distinct and isinstance(a.arg, ir.Case)
            and len(a.arg.whens) == 1):
        return None
    p, then = a.arg.whens[0]
    default = a.arg.default
    if a.fn == AggFn.SUM and then == ir.Lit(1, Ty.INT) and default == ir.Lit(0, Ty.INT):
        return p
    if (a.fn == AggFn.COUNT and isinstance(then, ir.Lit) and then.value is not None
            and (default is None or (isinstance(default, ir.Lit) and default.value is None))):
        return p
    return None


def _test(h):
    """(``p``, zero or positive) of a HAVING ``IND(p) = 0`` / ``> 0`` / ``>= 1`` / ``<> 0``
    (either way round), else None."""
    if not (isinstance(h, ir.Cmp) and not h.conv):
        return None
    agg, lit, op = h.left, h.right, h.op
    if isinstance(lit, ir.Agg):
        agg, lit = lit, agg
        op = {CmpOp.GT: CmpOp.LT, CmpOp.GE: CmpOp.LE, CmpOp.LT: CmpOp.GT,
              CmpOp.LE: CmpOp.GE}.get(op, op)
    p = _indicator(agg)
    if p is None or not (isinstance(lit, ir.Lit) and lit.ty == Ty.INT):
        return None
    kind = {(CmpOp.EQ, 0): _ZERO, (CmpOp.LT, 1): _ZERO, (CmpOp.LE, 0): _ZERO,
            (CmpOp.GT, 0): _POSITIVE, (CmpOp.GE, 1): _POSITIVE, (CmpOp.NE, 0): _POSITIVE}
    found = kind.get((op, lit.value))
    return None if found is None else (p, found)


def _every_partner(h, x, r, schema):
    """(``p``, zero, the test of a partner breaking ``p``) of ``COUNT(r.c) = IND(p)`` (either
    side; ``c`` declared never NULL in ``R``: the count of a group's partners, 0 on the padded
    row): every partner has ``p`` TRUE; else None."""
    if not (isinstance(h, ir.Cmp) and h.op == CmpOp.EQ and not h.conv):
        return None
    for a, b in ((h.left, h.right), (h.right, h.left)):
        if (isinstance(a, ir.Agg) and a.fn == AggFn.COUNT and not a.distinct
                and isinstance(a.arg, ir.Col) and a.arg.alias == r.alias and _not_null(a.arg, [r], schema)
                and (p := _indicator(b)) is not None and (t := _breaks(p, x, r, schema)) is not None):
            return p, _ZERO, t
    return None


def _breaks(p, x, r, schema):
    """A test TRUE exactly where ``p`` is not TRUE on a row of ``R`` (and ``X``): of ``p``
    over ``R``'s columns, ``universal.not_true``; of ``EXISTS``, ``NOT EXISTS`` (never NULL),
    the other; of ``y IN (SELECT s.c ..)``, ``y`` and ``s.c`` declared never NULL (so ``p``
    is never NULL), ``NOT p``; else None."""
    if isinstance(p, ir.Exists) or (isinstance(p, ir.Not) and isinstance(p.arg, ir.Exists)):
        return p.arg if isinstance(p, ir.Not) else ir.Not(p)
    s = p.query if isinstance(p, ir.InSub) else None
    if isinstance(s, ir.Select):
        inner = _leaves(s.source)
        if (isinstance(p.arg, ir.Col) and _not_null(p.arg, [x, r], schema) and not s.aggregate
                and s.limit is None and not s.offset and len(s.items) == 1 and isinstance(s.items[0], ir.Col)
                and inner is not None and _not_null(s.items[0], inner, schema)):
            return ir.Not(p)
        return None
    return not_true(p, r, schema)


def counted_semijoin(q, schema):
    """See the module docstring."""
    j = q.source if isinstance(q, ir.Select) else None
    if not (isinstance(j, ir.Join) and j.kind == JoinKind.LEFT and isinstance(j.left, ir.Scan)
            and isinstance(j.right, ir.Scan) and j.on is not None and q.aggregate and q.group_by
            and not q.distinct and q.limit is None and not q.offset and q.bare_from is None
            and not q.order and q.having is not None):
        return q
    x, r = j.left, j.right
    found = _test(q.having) or _every_partner(q.having, x, r, schema)
    if found is None:
        return q
    p, kind, *breaks = found
    if not exists_rejects_null(p, {r.alias}) or _aliases_in(p) - set(defined_aliases(p)) - {x.alias, r.alias}:
        return q
    p = breaks[0] if breaks else p
    keys = {g.name.lower() for g in q.group_by if isinstance(g, ir.Col) and g.alias == x.alias}
    table = schema.table(x.table)
    if len(keys) != len(q.group_by) or not any(
            set(k) <= keys and all(table.never_null(c) for c in k) for k in _unique_keys(table)):
        return q
    reads = (q.items, q.where)
    if r.alias in _aliases_in(reads) or any(isinstance(y, ir.Agg) for y in ir.local_nodes(q.items)):
        return q
    sub = ir.Select(r, _and(_conjuncts(j.on) + _conjuncts(p)), (), None, (ir.Lit(1, Ty.INT),),
                    False, (), None, 0, False)
    test = ir.Exists(sub) if kind == _POSITIVE else ir.Not(ir.Exists(sub))
    return dataclasses.replace(q, source=x, where=_and(_conjuncts(q.where) + [test]), group_by=(),
                               having=None, aggregate=False)


def _own_link(conds, y, scans, k: str):
    """(the conjunct ``q.k = y``, the scan ``q``) among ``conds``, ``q`` one of ``scans``."""
    for c in conds:
        if isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and not c.conv:
            for a, b in ((c.left, c.right), (c.right, c.left)):
                if b == y and isinstance(a, ir.Col) and a.alias in scans and a.name == k:
                    return c, scans[a.alias]
    return None


def own_row_in_join(c, leaves: list, schema):
    """See the module docstring."""
    s = c.query if isinstance(c, ir.InSub) else None
    if not (isinstance(s, ir.Select) and c.conv == Conv.NONE and not c.convs
            and isinstance(c.arg, ir.Col) and not s.aggregate and not s.group_by and s.having is None
            and s.limit is None and not s.offset and s.bare_from is None and len(s.items) == 1
            and isinstance(s.items[0], ir.Col)):
        return c
    x = next((v for v in leaves if isinstance(v, ir.Scan) and v.alias == c.arg.alias), None)
    inner = _leaves(s.source)
    if x is None or not inner or len(inner) < 2:
        return c
    t, k = schema.table(x.table), c.arg.name.lower()
    if not (t.never_null(k) and [k] in _unique_keys(t) and not t.collated):
        return c
    scans = {v.alias: v for v in inner if isinstance(v, ir.Scan) and v.table == x.table}
    conds = _on_conjuncts(s.source) + _conjuncts(s.where)
    found = _own_link(conds, s.items[0], scans, k)
    if found is None or found[1].alias == s.items[0].alias:
        return c
    link, q = found
    if next((ty for n, ty, _ in q.columns if n == k), None) != c.arg.ty:
        return c
    rep = {(q.alias, n): ir.Col(x.alias, n, ty, aff) for n, ty, aff in x.columns}
    rest = [_replace_cols(d, rep) for d in conds if d is not link]
    if any(isinstance(y, ir.Window) for y in ir.nodes(s)):
        return c
    sub = dataclasses.replace(s, source=_flat_source([v for v in inner if v is not q]), where=_and(rest))
    return dataclasses.replace(c, query=sub)


# ---- the registry's entries (``rules.RULES`` adds each as ``Rule(*entry)``)

ANTI_GROUP_RULES = (
    ("counted_semijoin", "SELECT e(X) FROM X LEFT JOIN R ON o GROUP BY X's never-NULL unique key "
     "HAVING SUM(CASE WHEN p THEN 1 ELSE 0 END) = 0 (> 0), p rejecting R's padded row, is "
     "SELECT e(X) FROM X WHERE NOT EXISTS (EXISTS) (SELECT 1 FROM R WHERE o AND p)",
     ("select",), lambda canon, q, ctx: counted_semijoin(q, canon.schema), True),
)

# at the site "conjunct"
OWN_ROW_JOIN_RULES = (
    ("own_row_in_join", "a conjunct x.k IN (SELECT y FROM S.. JOIN T q ON q.k = y WHERE w(q)), "
     "k a one-column never-NULL unique key of T, x a scan of T, is x.k IN (SELECT y FROM S.. "
     "WHERE w(x)): the row q is x", ("conjunct",),
     lambda canon, c, ctx: own_row_in_join(c, ctx["leaves"], canon.schema)),
)
