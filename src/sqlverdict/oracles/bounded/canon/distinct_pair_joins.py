"""Per-parent aggregates over a DISTINCT projection joined back, as a semijoin (round 62,
i62e): ``distinct_pairs_as_semijoin``.

    SELECT x.a, A(p.v).. FROM (SELECT DISTINCT c.a, c.b FROM C c WHERE w) x JOIN P p ON p.k = x.b
    GROUP BY x.a
    ==  SELECT DISTINCT c.a, (SELECT A(p.v) FROM P p WHERE EXISTS (SELECT 1 FROM C d
        WHERE d.a = c.a AND d.b = p.k AND w(d)))..  FROM C c JOIN P q ON q.k = c.b WHERE w

"The listening seconds per listener over the distinct episodes it downloaded": the DISTINCT
pairs joined back to the parent are, per ``a``, the parent rows some child row reaches (a
semijoin), each once. Why it holds in SQLite:

- For one ``a``, a joined row is a pair (x, p) with ``x.b = p.k``; no two distinct x of
  that ``a`` meet one p: ``=`` of ``b`` with ``k`` (one type and affinity, no conversion, no
  collated table, equal values identical: ``transfer._exact``) is the equality DISTINCT
  uses, so two such x would be one. The join's rows of ``a`` are therefore the rows p
  (duplicates of P included) that some kept row of C with that ``a`` reaches: the EXISTS.
- ``a`` is never NULL on a kept row (declared, or ``w`` holds ``c.a IS NOT NULL``): a NULL
  group's rows are found by no ``=``. Its equal values are identical, so DISTINCT shows one
  row per group, and ``d.a = c.a`` reads that group's rows.
- A group exists exactly when a kept row of C meets a row of P: the outer join.
- Every item is ``x.a`` or an aggregate (any, DISTINCT or not) of P's columns: over the same
  rows, possibly in another order (``proofs.OTHER_PLAN``: ``exact_reals``,
  ``integer_sums_exact``). One at least counts duplicates (not MIN, MAX or DISTINCT): else
  the plain grouping of the join is the form (``semijoins``).
- No HAVING, window, LIMIT, ORDER BY; ``w`` reads C only, without subqueries.

The EXISTS does not repeat a ``d.a IS NOT NULL`` or ``d.b IS NOT NULL`` of ``w``: its ``=``
links imply them.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, JoinKind, Ty
from ..ir.walk import realias
from .terms import _and, _conjuncts, _has_sub, _windowless
from .transfer import _exact


def _pairs_view(d, schema):
    """(the scan of C, a, b, w) of ``(SELECT DISTINCT c.a, c.b FROM C c WHERE w) x``, else
    None."""
    s = d.query if isinstance(d, ir.Derived) else None
    if not (isinstance(s, ir.Select) and s.distinct and not s.aggregate and not s.group_by
            and s.having is None and s.limit is None and not s.offset and not s.order
            and s.bare_from is None and _windowless(s) and isinstance(c := s.source, ir.Scan)
            and len(s.items) == 2 and all(isinstance(i, ir.Col) and i.alias == c.alias for i in s.items)
            and s.items[0].name != s.items[1].name and not schema.table(c.table).collated):
        return None
    w = _conjuncts(s.where)
    if any(_has_sub(x) or any(isinstance(y, ir.Col) and y.alias != c.alias for y in ir.nodes(x)) for x in w):
        return None
    return c, s.items[0], s.items[1], w


def _present(col, scan, w, schema) -> bool:
    return schema.table(scan.table).never_null(col.name) or any(
        isinstance(x, ir.Not) and isinstance(x.arg, ir.IsNull) and x.arg.arg == col for x in w)


def distinct_pairs_as_semijoin(q, schema, typed: bool):
    """``q`` as the DISTINCT select of correlated semijoin aggregates (module docstring),
    else ``q``."""
    if not (isinstance(q, ir.Select) and q.aggregate and len(q.group_by) == 1 and q.having is None
            and not q.distinct and q.limit is None and not q.offset and not q.order
            and q.bare_from is None and _windowless(q) and schema is not None
            and isinstance(j := q.source, ir.Join) and j.kind in (JoinKind.INNER, JoinKind.CROSS)):
        return q
    for x, p in ((j.left, j.right), (j.right, j.left)):
        out = _rewrite(q, x, p, schema, typed)
        if out is not None:
            return out
    return q


def _rewrite(q, x, p, schema, typed):
    view = _pairs_view(x, schema)
    if view is None or not isinstance(p, ir.Scan) or schema.table(p.table).collated:
        return None
    c, *pair, w = view
    on = _conjuncts(q.source.on) + _conjuncts(q.where)  # (the one join condition, in ON or WHERE)
    if len(on) != 1 or not (isinstance(e := on[0], ir.Cmp) and e.op == CmpOp.EQ and not e.conv):
        return None
    k = next((y for y in (e.left, e.right) if isinstance(y, ir.Col) and y.alias == p.alias), None)
    v = next((y for y in (e.left, e.right) if isinstance(y, ir.Col) and y.alias == x.alias), None)
    g = q.group_by[0]
    if k is None or v is None or not isinstance(g, ir.Col) or g.alias != x.alias or g.name == v.name:
        return None
    a, b = pair[x.names.index(g.name)], pair[x.names.index(v.name)]
    if not (_exact(a, a, typed) and _exact(b, k, typed) and _present(a, c, w, schema)):
        return None
    if not all(i == g or (isinstance(i, ir.Agg) and not _has_sub(i) and all(
            y.alias == p.alias for y in ir.nodes(i) if isinstance(y, ir.Col))) for i in q.items):
        return None
    if all(i == g or i.distinct or i.fn in (AggFn.MIN, AggFn.MAX) for i in q.items):
        return None  # (blind to duplicates: the plain grouping of the join is the form, semijoins)
    taken = {getattr(y, "alias", None) for y in ir.nodes(q)}
    outer, inner, link = (_fresh(f"{t}_{n}", taken) for t, n in ((c.alias, "o"), (c.alias, "d"), (p.alias, "s")))
    semi = ir.Select(dataclasses.replace(c, alias=inner), _and([
        ir.Cmp(CmpOp.EQ, realias(a, {c.alias: inner}), realias(a, {c.alias: outer})),
        ir.Cmp(CmpOp.EQ, realias(b, {c.alias: inner}), realias(k, {p.alias: link})),
        *(realias(y, {c.alias: inner}) for y in w
          if not (isinstance(y, ir.Not) and isinstance(y.arg, ir.IsNull) and y.arg.arg in (a, b)))]),
        (), None, (ir.Lit(1, Ty.INT),), False, (), None, 0, False)

    def item(i):
        if i == g:
            return realias(a, {c.alias: outer})
        sub = ir.Select(dataclasses.replace(p, alias=link), ir.Exists(semi), (), None,
                        (realias(i, {p.alias: link}),), False, (), None, 0, True)
        return ir.ScalarSub(sub, i.ty)

    meet = ir.Join(JoinKind.INNER, dataclasses.replace(c, alias=outer), p,
                   ir.Cmp(CmpOp.EQ, realias(b, {c.alias: outer}), k))
    return dataclasses.replace(q, source=meet, where=_and([realias(y, {c.alias: outer}) for y in w]),
                               group_by=(), having=None, items=tuple(item(i) for i in q.items),
                               distinct=True, aggregate=False)


def _fresh(name: str, taken: set) -> str:
    n = 0
    while f"{name}{n}" in taken:
        n += 1
    taken.add(f"{name}{n}")
    return f"{name}{n}"


DISTINCT_PAIR_RULE = (
    "distinct_pairs_as_semijoin", "SELECT x.a, A(p.v) FROM (SELECT DISTINCT c.a, c.b FROM C c "
    "WHERE w) x JOIN P p ON p.k = x.b GROUP BY x.a is SELECT DISTINCT c.a, (SELECT A(p.v) FROM P p "
    "WHERE EXISTS (SELECT 1 FROM C d WHERE d.a = c.a AND d.b = p.k AND w(d))) FROM C c JOIN P q "
    "ON q.k = c.b WHERE w (a never NULL; = of b and k exact, uncollated)", ("select",),
    lambda canon, q, ctx: distinct_pairs_as_semijoin(q, canon.schema, canon.typed))
