"""A window aggregate over a whole partition read back from a join with the table grouped
by the partition keys (issue 25, round 4): the inner-join half of Calcite's
ProjectToWindowRule as printed by Calcite-based tools, and a row as its own witness.

- ``joined_group_as_subquery``: ``o JOIN (SELECT g.., a.. FROM F WHERE w GROUP BY g..) AS
  d ON d.g IS x ..`` (or ``=``), every key linked, ``d`` read only through its aggregates,
  is ``o WHERE EXISTS (SELECT 1 FROM F WHERE w AND g IS x ..)`` with each ``d.a`` the
  correlated ``(SELECT a FROM F WHERE w AND g IS x ..)``: where ``partitions`` turns the
  window, the two meet;
- ``own_row_exists``: ``EXISTS (SELECT .. FROM T AS u WHERE u.c IS o.c .. AND p(u))``, ``o``
  a scan of ``T`` outside and ``p(o)`` a conjunct outside, holds exactly when each column
  linked by ``=`` is not NULL: the row ``o`` itself is a witness (the general law, through
  joins and nested semijoins: ``own_witness.py``).
"""

from __future__ import annotations

import dataclasses

from ....types import Schema
from .. import ir
from ..ir.kinds import AggFn, CmpOp, Ty
from .own_witness import exists_tests
from .partitions import _order_blind
from .terms import (
    TRUE,
    _aliases_in,
    _and,
    _conjuncts,
    _has_sub,
    _key,
    _plain_grouped,
    _replace_cols,
)
from .windows import _collated

_ONE = ir.Lit(1, Ty.INT)
# the aggregates ``_order_blind`` judges (TOTAL, GROUP_CONCAT and the rest follow the order)
_BLIND_FNS = (AggFn.COUNT_STAR, AggFn.COUNT, AggFn.SUM, AggFn.AVG, AggFn.MIN, AggFn.MAX)


def _grouped(d) -> bool:
    """Is ``d`` a derived select grouped by columns that are items, no HAVING, DISTINCT,
    LIMIT, window, bare column or subquery in WHERE?"""
    inner = d.query if isinstance(d, ir.Derived) else None
    return (_plain_grouped(inner) and inner.source is not None and not inner.order
            and len(inner.items) == len(d.names) == len(set(d.names))
            and all(isinstance(g, ir.Col) and g in inner.items for g in inner.group_by)
            and not _has_sub(inner.where))


def _link(c, d: ir.Derived):
    """``(op, g, x)`` when ``c`` is ``d.k IS x`` or ``d.k = x`` (either side, no conversion),
    ``k`` the item of GROUP BY key ``g`` and ``x`` a column outside ``d`` of ``g``'s type
    and affinity (one comparison, as GROUP BY compares the key); else None."""
    if not (isinstance(c, ir.Cmp) and c.op in (CmpOp.IS, CmpOp.EQ) and not c.conv):
        return None
    for key, x in ((c.left, c.right), (c.right, c.left)):
        if not (isinstance(key, ir.Col) and key.alias == d.alias and key.name in d.names
                and isinstance(x, ir.Col) and x.alias != d.alias):
            continue
        g = d.query.items[d.names.index(key.name)]
        if (g in d.query.group_by and x.ty == g.ty and x.ty in (Ty.INT, Ty.REAL, Ty.TEXT)
                and x.affinity == g.affinity):
            return c.op, g, x
    return None


def _aggregates_only(e) -> bool:
    """Does ``e`` read columns only inside order-blind aggregates (no DISTINCT, no subquery)?"""
    stack = [e]
    while stack:
        y = stack.pop()
        if isinstance(y, ir.Agg):
            if (y.distinct or y.fn not in _BLIND_FNS
                    or not _order_blind(y.fn, (y.arg,) if y.arg is not None else ())):
                return False
            continue
        if isinstance(y, ir.Col) or isinstance(y, (ir.Exists, ir.ScalarSub, ir.InSub, ir.Window)):
            return False
        if dataclasses.is_dataclass(y):
            stack += [v for f in dataclasses.fields(y) for v in _flat(getattr(y, f.name))]
    return True


def _flat(v) -> list:
    return [w for x in v for w in _flat(x)] if isinstance(v, tuple) else [v]


def joined_group_as_subquery(q: ir.Select, leaves: list, conds: list, schema: Schema):
    """Calcite ProjectToWindowRule as Calcite-based tools print it (``AGG(x) OVER
    (PARTITION BY g)`` as ``t JOIN (SELECT g, AGG(x) .. GROUP BY g) ON t.g IS g``), read
    back: an inner-joined derived table ``d`` grouped by columns ``g..`` (no HAVING),
    each key linked once by a conjunct ``d.g IS x`` or ``d.g = x`` (``x`` a column of
    another source, of ``g``'s type and affinity, no collation: GROUP BY and the link
    compare alike), ``d`` read in the select's items, HAVING or ORDER BY, and only through
    items whose columns sit in order-blind aggregates (``partitions._order_blind``), goes: a conjunct ``EXISTS (SELECT
    1 FROM F WHERE w AND g IS x ..)`` joins, and each ``d.a`` reads ``(SELECT a FROM F WHERE
    w AND g IS x ..)``. The groups are distinct under the key comparison (an equivalence
    on values: NULL one group, an integer equal to a real one group), so at most one
    matches and the join keeps each row once; it holds exactly the rows with ``g IS x``
    (``=``: none for a NULL ``x``); it exists exactly when EXISTS holds, and the aggregate
    reads the same rows in an order it is blind to. Returns (q, leaves, conds), leaves
    None when nothing changed."""
    if len(leaves) < 2 or _collated(tuple(leaves), schema):
        return q, None, conds
    outside = (q.items, q.group_by, q.having, tuple(k for k, _ in q.order), q.bare_from)
    for d in leaves:
        if not _grouped(d):
            continue
        mine = [c for c in conds if d.alias in _aliases_in(c)]
        links = [(c, lk) for c in mine if (lk := _link(c, d)) is not None]
        keys = sorted(_key(g) for _, (_, g, _) in links)
        if keys != sorted({_key(g) for g in d.query.group_by}):
            continue
        sub = _subqueries(d, [lk for _, lk in links])
        reads = [y for y in ir.nodes((outside, [c for c in mine if all(c is not k for k, _ in links)]))
                 if isinstance(y, ir.Col) and y.alias == d.alias]
        if (sub is None or any((y.alias, y.name) not in sub for y in reads)
                or d.alias not in _aliases_in(outside)):
            continue  # (read in WHERE comparisons only: join_as_scalar_subquery's)
        where = _and(_conjuncts(d.query.where) + [ir.Cmp(op, g, x) for op, g, x in (lk for _, lk in links)])
        exists = ir.Exists(ir.Select(d.query.source, where, (), None, (_ONE,), False, (), None, 0, False))
        rest = [_replace_cols(c, sub) for c in conds if all(c is not k for k, _ in links)]
        q = dataclasses.replace(q, items=_replace_cols(q.items, sub), having=_replace_cols(q.having, sub),
                                order=_replace_cols(q.order, sub), group_by=_replace_cols(q.group_by, sub),
                                bare_from=_replace_cols(q.bare_from, sub))
        return q, [x for x in leaves if x is not d], [exists, *rest]
    return q, None, conds


def _subqueries(d: ir.Derived, links: list) -> dict | None:
    """``{(d.alias, a): (SELECT a FROM F WHERE w AND links)}`` for the non-key items, or
    None when one reads a column outside an order-blind aggregate."""
    inner, out = d.query, {}
    where = _and(_conjuncts(inner.where) + [ir.Cmp(op, g, x) for op, g, x in links])
    for n, item in zip(d.names, inner.items, strict=True):
        if item in inner.group_by:
            continue
        if not _aggregates_only(item):
            return None
        one = dataclasses.replace(inner, where=where, group_by=(), items=(item,), names=(n,))
        out[(d.alias, n)] = ir.ScalarSub(one, item.ty)
    return out


# ---- a row as its own witness


def own_row_exists(q: ir.Select, leaves: list, conds: list):
    """A conjunct ``EXISTS (SELECT .. FROM S.. WHERE ..)`` that the outer row witnesses is
    the tests ``own_witness.exists_tests`` finds (TRUE when none): a conjunct ``u.c = o.c``
    is ``o.c IS NOT NULL``, ``u.c IS o.c`` TRUE, ``p(u)`` with ``p(o)`` outside TRUE; since
    i52c through joins, nested EXISTS / IN and arithmetic too. Returns (q, leaves, conds),
    leaves None when nothing changed."""
    scans = [x for x in leaves if isinstance(x, ir.Scan)]
    for i, c in enumerate(conds):
        tests = exists_tests(c, scans, conds)
        if tests is not None:
            return q, leaves, conds[:i] + (tests or [TRUE]) + conds[i + 1:]
    return q, None, conds


# ---- the registry's entries (``rules.RULES`` adds them as ``Rule(*entry)``)

PARTITION_JOIN_RULES = (
    ("joined_group_as_subquery", "o JOIN (SELECT g, AGG(x) a .. GROUP BY g) d ON d.g IS x (or "
     "=), every key linked, d read only through order-blind aggregates, is o WHERE EXISTS "
     "(SELECT 1 .. WHERE g IS x) with d.a the correlated (SELECT AGG(x) .. WHERE g IS x)",
     ("sources",), lambda canon, v, ctx: (lambda r: v if r[1] is None else r)(
         joined_group_as_subquery(*v, canon.schema)), True),
    ("own_row_exists", "EXISTS (SELECT .. FROM T u WHERE u.c IS o.c .. AND p(u)), o a scan of "
     "T with p(o) outside, is o.c IS NOT NULL for each = link (TRUE for IS): o is a witness",
     ("sources",), lambda canon, v, ctx: (lambda r: v if r[1] is None else r)(
         own_row_exists(*v)), True),
)
