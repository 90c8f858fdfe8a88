"""Relational division by counting through a foreign key (i53c): the dividend of
``division.division_by_counting`` read off the dividend's own table.

"The rows ``e`` related to every ``P`` row" is written with the dividend counting the
references themselves, without joining ``P``:

    (SELECT COUNT(DISTINCT W.p) FROM W WHERE r) = (SELECT COUNT(*) FROM P)

("titles held at every branch": ``COUNT(DISTINCT i.branch_id) FROM item AS i WHERE i.bib_id
= b.bib_id``). Where ``W.p -> P.k`` is a declared one-column foreign key of one storage class
(``ir.exact_foreign_keys``) onto a one-column unique key ``k`` of ``P``, this is the join
form ``FROM W JOIN P AS q ON q.k = W.p WHERE r`` that ``division_by_counting`` reads, and
the same double ``NOT EXISTS``. Why, on every database that satisfies the foreign key:

- every non-NULL ``W.p`` equals the ``k`` of exactly one ``P`` row (the key holds it, and
  ``k`` is unique), and equal values of the two columns are equal for ``=`` (one storage
  class, no conversion; no declared collation on either table). So the distinct non-NULL
  ``p`` of the rows ``r`` keeps are the distinct ``P`` rows they reference, and
  ``COUNT(DISTINCT W.p)`` (and ``COUNT(W.p)``, ``COUNT(*)`` where each ``P`` row is met by
  one kept row at most: a unique key of ``W`` inside ``p`` and the columns ``r`` fixes, as
  ``division._counts_each_once`` reads) counts the referenced ``P`` rows: never more than
  ``COUNT(*)`` of ``P``, equal exactly when none is unreferenced;
- a NULL ``W.p`` references nothing and ``COUNT(W.p)`` / ``COUNT(DISTINCT W.p)`` skip it;
  ``COUNT(*)`` would count it, so ``COUNT(*)`` needs ``p`` declared NOT NULL;
- the divisor has no filter (``P``'s every row must be referenced; a filter of ``P`` the
  dividend cannot see without the join); a ``P`` row whose ``k`` is NULL (a UNIQUE
  column) is counted by the divisor, referenced by no row, and breaks the ``NOT EXISTS``
  alike.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp
from .terms import _conjuncts, _leaves, _map_children, _on_conjuncts, _unique_keys


def split_by_foreign_key(s, schema, divisor):
    """The dividend ``s`` = ``SELECT COUNT(..) FROM W WHERE r`` over one scan, counting a
    column ``p`` of ``W`` (``COUNT(*)``: each NOT NULL column) with a declared exact foreign
    key onto a one-column unique key ``k`` of the divisor's table, as the parts
    ``division_by_counting`` reads (the divisor's scan standing for ``q``, no ``f``), or
    None."""
    leaves = _leaves(s.source)
    if leaves is None or len(leaves) != 1 or not isinstance(leaves[0], ir.Scan):
        return None
    w, agg = leaves[0], s.items[0]
    wt, pt = schema.table(w.table), schema.table(divisor.table)
    if wt.collated or pt.collated or w.alias == divisor.alias:
        return None
    if agg.fn == AggFn.COUNT and isinstance(agg.arg, ir.Col) and agg.arg.alias == w.alias:
        wanted = {agg.arg.name.lower()}
    elif agg.fn == AggFn.COUNT_STAR:
        wanted = {c.lower() for c in wt.column_names if wt.never_null(c)}
    else:
        return None
    r = _on_conjuncts(s.source) + _conjuncts(s.where)
    for fk, ref in ir.exact_foreign_keys(schema, wt):
        if len(fk.columns) != 1 or ref.name.lower() != divisor.table:
            continue
        f, k = fk.columns[0].lower(), fk.ref_columns[0].lower()
        if f not in wanted or [k] not in _unique_keys(pt):
            continue
        p = _col(w, f)
        return divisor, [], w, r, _col(divisor, k), p, (w,)
    return None


def _col(scan: ir.Scan, name: str) -> ir.Col:
    """The column ``name`` of ``scan`` as the select reads it."""
    for n, ty, affinity in scan.columns:
        if n.lower() == name:
            return ir.Col(scan.alias, n, ty, affinity)
    raise KeyError(name)


# ``division_by_counting`` reads these comparisons of the two counts (never NULL)
_OPS = (CmpOp.EQ, CmpOp.NE, CmpOp.LT, CmpOp.GT)


def fewer(c: ir.Cmp, dividend) -> bool:
    """Does ``c`` say the dividend is below the divisor: ``<>``, ``dividend < divisor``,
    ``divisor > dividend``? The dividend is never above the divisor, so this is "not equal":
    some ``P`` row unmatched, the ``EXISTS`` the equality's ``NOT EXISTS`` negates."""
    return (c.op == CmpOp.NE or (c.op == CmpOp.LT and c.left is dividend)
            or (c.op == CmpOp.GT and c.right is dividend))


def division_in_items(q, divide):
    """``q`` with each comparison of its select items that ``divide`` (``division_by_counting``)
    reads as the (NOT) EXISTS replaced by it, or ``q`` itself: the two counts are never NULL,
    so the comparison is TRUE or FALSE exactly where the EXISTS is, a value anywhere ("is
    there a person who knows nobody" as ``SELECT (SELECT COUNT(*) FROM person) > (SELECT
    COUNT(DISTINCT src) FROM knows)``). Subqueries are left to their own selects."""
    if not isinstance(q, ir.Select) or not any(_counts_compared(e) for e in q.items):
        return q

    def deep(e):  # (``e`` itself, the same object, where nothing in it changed)
        changed = []
        new = _map_children(e, lambda c: (lambda n: changed.append(n is not c) or n)(deep(c)))
        e = new if any(changed) else e
        return divide(e) if isinstance(e, ir.Cmp) and e.op in _OPS else e

    items = tuple(deep(e) for e in q.items)
    return q if all(a is b for a, b in zip(items, q.items, strict=True)) else dataclasses.replace(q, items=items)


def _counts_compared(e) -> bool:
    """Does ``e`` hold a comparison of two scalar subqueries (outside subqueries)? A cheap
    look before ``division_in_items`` rebuilds the items."""
    if isinstance(e, ir.Cmp) and isinstance(e.left, ir.ScalarSub) and isinstance(e.right, ir.ScalarSub):
        return True
    found = []
    _map_children(e, lambda c: found.append(_counts_compared(c)) or c)
    return any(found)
