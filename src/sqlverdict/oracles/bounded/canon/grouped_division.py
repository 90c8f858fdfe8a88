"""Relational division by grouping the dividend (issue 25, i41b):
``grouped_division_as_not_exists``.

``SELECT w.e FROM W w WHERE r GROUP BY w.e HAVING COUNT(*) = (SELECT COUNT(*) FROM P)`` is
``SELECT DISTINCT w.e FROM W w WHERE r AND NOT EXISTS (SELECT 1 FROM P p WHERE NOT EXISTS
(SELECT 1 FROM W v WHERE r(v) AND v.e = w.e AND v.p = p.k))``: the textbook's division by
counting the group against the double ``NOT EXISTS`` (``division.division_by_counting`` is
the form that counts per outer row, over the divisor's rows).

Why it holds in SQLite (the foreign key holding, as every proof by rewriting states):

- ``w.p -> P.k`` is a declared foreign key of one storage class, ``p`` declared NOT NULL and
  ``k`` a never-NULL one-column unique key of ``P``: each row of ``W`` references exactly one
  row of ``P``. ``(e, p)`` holds a unique key of ``W`` whose columns are declared NOT NULL:
  the rows of a group reference distinct ``P`` rows. So a group's ``COUNT(*)`` is the number
  of ``P`` rows it references, at most ``COUNT(*)`` of ``P``, and equal to it exactly when no
  ``P`` row is unreferenced by the group: the inner ``NOT EXISTS``.
- ``e`` is declared NOT NULL (``=`` finds the group's rows) and its equal values are
  identical (``twins._identical``), so DISTINCT shows the group's key; ``r`` reads ``w`` only,
  without subqueries, and holds at every row of the group it keeps.
- ``P`` empty: ``W`` holds no row (each row references one), and both sides are empty.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Conv, Ty
from .division import _divisor, _exists
from .own_group import _renamed
from .terms import _and, _conjuncts, _unique_keys
from .twins import _grouped_scan, _one_key


def _reference(schema, w, e: ir.Col, p_table: str):
    """The column ``w.p`` of a foreign key ``w.p -> P.k`` (one storage class, ``p`` NOT NULL,
    ``k`` P's never-NULL one-column unique key) with ``(e, p)`` holding a unique key of
    ``W`` of NOT NULL columns, else None."""
    t = schema.table(w.table)
    k = _one_key(schema, ir.Scan(p_table, "p", ()))
    for fk, ref in ir.exact_foreign_keys(schema, t):
        cols = [n.lower() for n in fk.columns]
        if (ref.name.lower() != p_table or len(cols) != 1 or k is None
                or [n.lower() for n in fk.ref_columns] != [k] or not t.never_null(cols[0])):
            continue
        if any(u and set(u) <= {e.name, cols[0]} and all(t.never_null(c) for c in u)
               for u in _unique_keys(t)):
            for n, ty, aff in w.columns:
                if n == cols[0]:
                    return ir.Col(w.alias, n, ty, aff), k
    return None


def grouped_division_as_not_exists(q, schema, typed: bool):
    """``q`` (``.. GROUP BY w.e HAVING COUNT(*) = (SELECT COUNT(*) FROM P)``) as the double
    ``NOT EXISTS`` (module docstring), else ``q``."""
    w = _grouped_scan(q, schema, typed)
    if w is None or len(q.group_by) != 1 or set(q.items) != set(q.group_by):
        return q
    e, h = q.group_by[0], q.having
    if not (isinstance(h, ir.Cmp) and h.op == CmpOp.EQ and not h.conv
            and schema.table(w.table).never_null(e.name)):
        return q
    star = ir.Agg(AggFn.COUNT_STAR, None, False, Ty.INT)
    div = _divisor(h.right) if h.left == star else _divisor(h.left) if h.right == star else None
    if div is None or div.where is not None:
        return q
    found = _reference(schema, w, e, div.source.table)
    if found is None:
        return q
    p, k = found
    ps = div.source
    pk = next(ir.Col(ps.alias, n, ty, aff) for n, ty, aff in ps.columns if n == k)
    v = f"{w.alias}_v"
    def mine(x):
        return ir.Col(v, x.name, x.ty, x.affinity)
    inner = [*(_renamed(c, w.alias, v) for c in _conjuncts(q.where)), ir.Cmp(CmpOp.EQ, mine(e), e, Ty.BOOL, Conv.NONE),
             ir.Cmp(CmpOp.EQ, mine(p), pk, Ty.BOOL, Conv.NONE)]
    test = ir.Not(_exists(ps, ir.Not(_exists(dataclasses.replace(w, alias=v), _and(inner)))))
    return dataclasses.replace(q, where=_and([*_conjuncts(q.where), test]), group_by=(),
                               having=None, aggregate=False, distinct=True)


GROUPED_DIVISION_RULE = (
    "grouped_division_as_not_exists", "SELECT w.e FROM W w WHERE r GROUP BY w.e HAVING COUNT(*) = "
    "(SELECT COUNT(*) FROM P) is SELECT DISTINCT w.e FROM W w WHERE r AND NOT EXISTS (SELECT 1 "
    "FROM P p WHERE NOT EXISTS (SELECT 1 FROM W v WHERE r(v) AND v.e = w.e AND v.p = p.k)), "
    "w.p -> P.k a NOT NULL foreign key, (e, p) a unique key of NOT NULL columns", ("select",),
    lambda canon, q, ctx: grouped_division_as_not_exists(q, canon.schema, canon.typed), True)
