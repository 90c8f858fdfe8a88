"""A parent's key kept by a condition on its children's aggregates, as the children grouped by
their reference (issue 25, i41b): ``parent_aggregate_as_group``.

``SELECT P.k FROM P WHERE E((SELECT AGG(x) FROM C c WHERE c.f = P.k AND r(c)) ..)`` is
``SELECT c.f FROM C c WHERE r(c) AND c.f IS NOT NULL GROUP BY c.f HAVING E(AGG(x) ..)`` when
``c.f -> P.k`` is a declared foreign key of one storage class, ``k`` a never-NULL one-column
unique key of ``P``, and ``E`` is not TRUE over no rows (Galindo-Legaria and Rosenthal's
outer join simplification read through the correlated form: ``P LEFT JOIN C .. GROUP BY P.k
HAVING SUM(c.x) > 50`` is the inner join's grouping, then the parent dropped).

Why it holds in SQLite (the foreign key holding, as every proof by rewriting states):

- Each row of ``P`` shows its key once; its subquery reads the rows of ``C`` with ``r`` whose
  ``f`` equals ``k``: the group of ``k`` among ``C``'s rows with ``r`` and a non-NULL ``f``,
  or no row. ``E`` of no row is not TRUE (SUM, AVG, MIN, MAX, TOTAL-free: NULL against a
  literal; COUNT: ``0 op v`` evaluated), so rows of ``P`` without children go, as they have
  no group.
- Every non-NULL ``f`` has its parent (the foreign key), and one only (``k`` unique): the
  groups are the parents with children, each once. ``k`` and ``f`` compare without
  conversion, and equal values are identical (``transfer._exact``, or ``k`` a rowid alias),
  so the group shows the parent's key.
- All subqueries of ``E`` read the same ``C`` rows (one table, the same ``r``), and ``E`` reads
  nothing else but ``P.k`` (read as ``c.f``) and literals. ``AGG`` may add in another row
  order: the proof states ``exact_reals``/``integer_sums_exact`` (``proofs.REORDERING``,
  ``proofs.OTHER_GROUPS``).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp
from ..ir.walk import _bare_cols
from .own_group import _plain_select, _renamed
from .terms import _and, _conjuncts, _deep, _has_sub, _key
from .transfer import _exact
from .twins import _one_key

_VALUE = {CmpOp.EQ: lambda a, b: a == b, CmpOp.NE: lambda a, b: a != b,
          CmpOp.LT: lambda a, b: a < b, CmpOp.LE: lambda a, b: a <= b,
          CmpOp.GT: lambda a, b: a > b, CmpOp.GE: lambda a, b: a >= b}


def _empty_value(a: ir.Agg):
    """The value of ``a`` over no rows: 0 for COUNT, else NULL (None); TOTAL (0.0) refused."""
    if a.fn in (AggFn.COUNT, AggFn.COUNT_STAR):
        return 0
    return None if a.fn in (AggFn.SUM, AggFn.AVG, AggFn.MIN, AggFn.MAX) else False


def _fails_on_nothing(e) -> bool:
    """Is ``e`` (a conjunct) surely not TRUE where every aggregate is over no rows: a
    comparison of one aggregate with a number literal that is NULL or FALSE there?"""
    if not (isinstance(e, ir.Cmp) and not e.conv and e.op in _VALUE):
        return False
    a, v, op = e.left, e.right, e.op
    if isinstance(a, ir.Lit):
        a, v = v, a
        op = {CmpOp.LT: CmpOp.GT, CmpOp.LE: CmpOp.GE, CmpOp.GT: CmpOp.LT,
              CmpOp.GE: CmpOp.LE}.get(op, op)
    if not (isinstance(a, ir.Agg) and isinstance(v, ir.Lit) and isinstance(v.value, int | float)
            and not isinstance(v.value, bool)):
        return False
    empty = _empty_value(a)
    return empty is None or (empty is not False and not _VALUE[op](empty, v.value))


def _link_to(d, c_alias: str, k: ir.Col):
    """The child column ``c.f`` of a conjunct ``c.f = P.k`` (either side; no conversion),
    else None."""
    if not (isinstance(d, ir.Cmp) and d.op == CmpOp.EQ and not d.conv):
        return None
    for f, other in ((d.left, d.right), (d.right, d.left)):
        if isinstance(f, ir.Col) and f.alias == c_alias and other == k:
            return f
    return None


def _children(s, scan, k: ir.Col, schema, typed: bool):
    """(C scan, r conjuncts over c, the aggregate, f) of ``(SELECT AGG(x) FROM C c WHERE c.f =
    P.k AND r(c))``, ``c.f -> P.k`` an exact foreign key whose equal values are identical;
    else None."""
    if not (_plain_select(s) and s.aggregate and not s.group_by and s.having is None
            and not s.distinct and isinstance(s.source, ir.Scan) and len(s.items) == 1
            and isinstance(s.items[0], ir.Agg) and not _has_sub(s.items[0])):
        return None
    c = s.source
    links = [d for d in _conjuncts(s.where) if _link_to(d, c.alias, k) is not None]
    rest = [d for d in _conjuncts(s.where) if _link_to(d, c.alias, k) is None]
    if len(links) != 1 or any(_has_sub(d) or _aliases(d) - {c.alias} for d in rest):
        return None
    f = _link_to(links[0], c.alias, k)
    rowid = schema.table(scan.table).rowid_alias
    if (schema.table(c.table).collated or f.affinity != k.affinity or f.ty != k.ty
            or not (_exact(k, f, typed) or (rowid and rowid.lower() == k.name))):
        return None
    for fk, ref in ir.exact_foreign_keys(schema, schema.table(c.table)):
        if (ref.name.lower() == scan.table and [n.lower() for n in fk.columns] == [f.name]
                and [n.lower() for n in fk.ref_columns] == [k.name]):
            return c, rest, s.items[0], f
    return None


def _aliases(e) -> set:
    return {y.alias for y in ir.nodes(e) if isinstance(y, ir.Col)}


def parent_aggregate_as_group(q, schema, typed: bool):
    """``q`` as the children grouped by their reference (module docstring), else ``q``."""
    if not (_plain_select(q) and not q.distinct and not q.aggregate and not q.group_by
            and q.having is None and isinstance(q.source, ir.Scan) and len(q.items) == 1):
        return q
    scan, k = q.source, q.items[0]
    if not (isinstance(k, ir.Col) and k.alias == scan.alias and _one_key(schema, scan) == k.name):
        return q
    found, having = [], []
    def read(e):
        if isinstance(e, ir.ScalarSub):
            got = _children(e.query, scan, k, schema, typed)
            if got is not None:
                found.append(got)
                c, _, agg, _ = got
                return _renamed(agg, c.alias, found[0][0].alias)
        return e
    for d in _conjuncts(q.where):
        e = _deep(d, read)
        if _has_sub(e) or any(y != k for y in _bare_cols(e, set())):
            return q
        having.append(e)
    if not found or not any(_fails_on_nothing(e) for e in having):
        return q
    c, r, _, f = found[0]
    same = {_key(d) for d in r}
    for c2, r2, _, f2 in found[1:]:
        if (c2.table != c.table or f2.name != f.name
                or {_key(_renamed(d, c2.alias, c.alias)) for d in r2} != same):
            return q
    having = [_deep(e, lambda y: f if y == k else y) for e in having]
    where = _and([*r, ir.Not(ir.IsNull(f))])
    return dataclasses.replace(q, source=c, where=where, group_by=(f,), having=_and(having),
                               items=(f,), aggregate=True)


PARENT_GROUP_RULE = (
    "parent_aggregate_as_group", "SELECT P.k FROM P WHERE E((SELECT AGG(x) FROM C c WHERE c.f = "
    "P.k AND r(c))), c.f -> P.k an exact foreign key, k a never-NULL unique key, E not TRUE "
    "over no rows, is SELECT c.f FROM C c WHERE r AND c.f IS NOT NULL GROUP BY c.f HAVING "
    "E(AGG(x))", ("select",),
    lambda canon, q, ctx: parent_aggregate_as_group(q, canon.schema, canon.typed), True)
