"""Every partner of a row meeting a test, over an inner join grouped by the row's key (round
59, i59c): ``every_partner_as_no_counterexample``.

"The applications interviewed by every panel member of their job":

    SELECT e(X) FROM X x JOIN R r ON o WHERE w(x) GROUP BY K HAVING COUNT(*) = COUNT(CASE WHEN p THEN 1 END)

(``SUM(CASE WHEN p THEN 1 ELSE 0 END)``; ``COUNT(r.c)`` of a column declared NOT NULL for
``COUNT(*)``; either side) is ``SELECT e(X) FROM X x WHERE w AND EXISTS (SELECT 1 FROM R r
WHERE o) AND NOT EXISTS (SELECT 1 FROM R r WHERE o AND p not TRUE)``. Conditions: ``K``
columns of ``X`` holding a declared unique key of never-NULL columns (each group is one row
of ``X`` with its partners: at least one, the join being inner), no collated table, the
items and ``w`` reading ``X`` only (no aggregate in the items), ``p`` reading ``X`` and
``R`` and "not TRUE" known for it (``anti_groups._breaks``: ``NOT EXISTS`` of an ``EXISTS``,
``NOT`` of an ``IN`` over never-NULL columns, ``universal.not_true`` of a test of ``R``).

Sound in SQLite: a group's COUNT(*) counts its partners, the conditional count those for
which ``p`` is TRUE (NULL and FALSE alike skipped), so they are equal exactly when no
partner has ``p`` not TRUE; the group exists exactly when the row has a partner. The left
join's form, where a row without partners is kept, is ``anti_groups.counted_semijoin``.
Near misses: a group key that is no key (two rows in one group), the EXISTS of a partner
dropped (rows without partners kept), ``COUNT(x.c)`` counting padded nothing but equal.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Ty
from ..ir.walk import defined_aliases
from .anti_groups import _breaks, _indicator
from .joined_bounds import JOINED_BOUNDS_RULE
from .joins import _not_null
from .terms import _aliases_in, _and, _conjuncts, _leaves, _on_conjuncts, _unique_keys, _windowless


def _every(h, r: ir.Scan, schema):
    """``p`` of ``COUNT(*) = IND(p)`` (``COUNT(r.c)``, ``c`` never NULL; either side), else None."""
    if not (isinstance(h, ir.Cmp) and h.op == CmpOp.EQ and not h.conv):
        return None
    for a, b in ((h.left, h.right), (h.right, h.left)):
        rows = isinstance(a, ir.Agg) and not a.distinct and (
            a.fn == AggFn.COUNT_STAR or (a.fn == AggFn.COUNT and isinstance(a.arg, ir.Col)
                                         and a.arg.alias == r.alias and _not_null(a.arg, [r], schema)))
        if rows and (p := _indicator(b)) is not None:
            return p
    return None


def every_partner_as_no_counterexample(q, schema):
    """The module's law on a select, else ``q``."""
    if not (isinstance(q, ir.Select) and schema is not None and q.aggregate and q.group_by
            and q.having is not None and not q.distinct and q.limit is None and not q.offset
            and not q.order and q.bare_from is None and _windowless(q)
            and (leaves := _leaves(q.source)) is not None and len(leaves) == 2
            and all(isinstance(y, ir.Scan) and not schema.table(y.table).collated for y in leaves)
            and leaves[0].alias != leaves[1].alias):
        return q
    for x, r in (leaves, leaves[::-1]):
        out = _rewritten(q, x, r, schema)
        if out is not None:
            return out
    return q


def _rewritten(q, x: ir.Scan, r: ir.Scan, schema):
    p = _every(q.having, r, schema)
    keys = {g.name.lower() for g in q.group_by if isinstance(g, ir.Col) and g.alias == x.alias}
    table = schema.table(x.table)
    if (p is None or len(keys) != len(q.group_by) or _aliases_in(p) - {x.alias, r.alias} - _inner(p)
            or not any(k and set(k) <= keys and all(table.never_null(c) for c in k) for k in _unique_keys(table))):
        return None
    breaks = _breaks(p, x, r, schema)
    conds = _on_conjuncts(q.source) + _conjuncts(q.where)
    own = [c for c in conds if r.alias not in _aliases_in(c)]
    links = [c for c in conds if r.alias in _aliases_in(c)]
    if breaks is None or r.alias in _aliases_in(q.items) or any(
            isinstance(y, ir.Agg) for y in ir.local_nodes(q.items)):
        return None

    def exists(extra):
        return ir.Exists(ir.Select(r, _and(links + extra), (), None, (ir.Lit(1, Ty.INT),),
                                   False, (), None, 0, False))

    found = [exists([]), ir.Not(exists(_conjuncts(breaks)))]
    return dataclasses.replace(q, source=x, where=_and(own + found), group_by=(), having=None,
                               aggregate=False)


def _inner(p) -> set:
    """The aliases ``p``'s own subqueries define (not outer reads)."""
    return set(defined_aliases(p))


JOINED_PARTNER_RULE = (
    "every_partner_as_no_counterexample", "SELECT e(X) FROM X JOIN R ON o WHERE w GROUP BY X's "
    "never-NULL unique key HAVING COUNT(*) = COUNT(CASE WHEN p THEN 1 END) is SELECT e(X) FROM X "
    "WHERE w AND EXISTS (SELECT 1 FROM R WHERE o) AND NOT EXISTS (SELECT 1 FROM R WHERE o AND p "
    "not TRUE)", ("select",), lambda canon, q, ctx: every_partner_as_no_counterexample(q, canon.schema), True)

JOINED_BOUNDS_FAMILY = (JOINED_BOUNDS_RULE, JOINED_PARTNER_RULE)  # (rules.py's registry)
