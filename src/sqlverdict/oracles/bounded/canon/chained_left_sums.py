"""A chain of LEFT JOINs grouped by the first table's key, its aggregates per row (round 53):
``chained_join_as_subquery``.

``SELECT X.a.., AGG(e) FROM X LEFT JOIN S1 ON p1 LEFT JOIN S2 ON p2 .. LEFT JOIN Sn ON pn
[WHERE w(X)] GROUP BY X.k, X.b.. [HAVING h]`` ("fuel spend per depot including none": depot,
its vehicles, their fuel purchases), ``X.k`` a one-column primary key of ``X`` that cannot be
NULL, is ``SELECT X.a.., (SELECT AGG(e) FROM S1 JOIN S2 ON p2 .. JOIN Sn ON pn WHERE p1)
FROM X [WHERE w AND h]`` when

- each ``p(i+1)`` rejects the NULLs of ``Si`` (a conjunct never TRUE where ``Si``'s columns
  are NULL, ``joins.rejects_null``): a row of the join holds a real ``S(i+1)`` row only
  where it holds a real ``Si`` row, so the rows holding a real ``Sn`` row are exactly the
  inner join of the chain with every ``pi`` TRUE (each combination once); the others hold
  NULL in ``Sn``'s columns (padded);
- ``e`` is NULL wherever ``Sn``'s columns are (a column of ``Sn``, arithmetic over one, a
  CASE without ELSE whose every branch is such): the aggregate skips the padded rows, so it
  reads the same bag of values as the subquery, which over no row gives what the
  aggregate gives over NULLs only (0 for COUNT, 0.0 for TOTAL, else NULL);
- each group is one ``X`` row (its key is a group key and all keys are ``X``'s columns),
  ``w`` reads ``X`` alone and no ``Si`` is read outside the aggregates.

The aggregates: ``COUNT(e)`` (also DISTINCT), MIN/MAX of a column of an affinity under
which equal values are identical (which of two tied rows shows does not matter); in the
typed domain only, ``SUM``/``AVG`` of an INTEGER or REAL value and ``TOTAL`` of a REAL
value: the same values added in another order (the subquery's plan), exact only while
reals add without rounding and no partial integer sum overflows, which the proof states
(``exact_reals``: ``proofs.REORDERING``; ``integer_sums_exact``: ``proofs.REGROUPING``,
``OTHER_GROUPS``). Not in the sqlite domain for sums (an INTEGER column there may hold
reals and text). ``COUNT(*)`` counts the padded rows: refused. A chain where a later ON
reads only ``X`` or an earlier table (a second child of ``X``: the children multiply each
other's rows) is no chain: refused. ``joins.count_join_as_subquery`` (one LEFT JOIN, a
column's COUNT/MIN/MAX, integer SUM) and ``chain_counts.chain_count_as_subquery`` (two
LEFT JOINs, COUNT/MIN/MAX) keep their own cases (this law leaves a query they rewrite); this
is their generalisation to longer chains, to arithmetic and CASE arguments, and to sums.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, JoinKind, Ty
from .chain_counts import chain_count_as_subquery
from .joins import _EXACT_AFFINITY, _deep_expr, _strict, count_join_as_subquery, rejects_null
from .terms import _aliases_in, _and, _conjuncts, _plain_grouping

_SUMS = {AggFn.SUM: (Ty.INT, Ty.REAL), AggFn.AVG: (Ty.INT, Ty.REAL), AggFn.TOTAL: (Ty.REAL,)}


def _chain(src):
    """``(X, [(S1, p1), .. (Sn, pn)])`` for a left-deep chain of LEFT JOINs of scans whose
    every later ON rejects the NULLs of the table before it; else None."""
    links = []
    while isinstance(src, ir.Join):
        if not (src.kind == JoinKind.LEFT and isinstance(src.right, ir.Scan) and src.on is not None):
            return None
        links.append((src.right, src.on))
        src = src.left
    if not (isinstance(src, ir.Scan) and links):
        return None
    links.reverse()
    for (prev, _), (_, on) in zip(links, links[1:], strict=False):
        if not any(rejects_null(c, {prev.alias}) for c in _conjuncts(on)):
            return None
    return src, links


def _null_with(e, alias: str) -> bool:
    """Is ``e`` NULL wherever the columns of ``alias`` are (``joins._strict``, or a CASE
    without ELSE whose every branch is)?"""
    if isinstance(e, ir.Case):
        return (isinstance(e.default, ir.Lit) and e.default.value is None
                and all(_null_with(v, alias) for _, v in e.whens))
    return _strict(e, {alias})


def _per_row(y: ir.Agg, last: str, reads: set, typed: bool) -> bool:
    """Is ``y`` an aggregate whose value over a group is its value over the inner chain's
    rows (see the module docstring)?"""
    if y.arg is None or not _aliases_in(y.arg) <= reads or not _null_with(y.arg, last):
        return False
    if y.fn == AggFn.COUNT:
        return True
    if y.fn in (AggFn.MIN, AggFn.MAX):
        return isinstance(y.arg, ir.Col) and y.arg.affinity in _EXACT_AFFINITY
    return typed and not y.distinct and y.arg.ty in _SUMS.get(y.fn, ())


def _inner_chain(x: ir.Scan, links, y: ir.Agg) -> ir.ScalarSub:
    """``(SELECT y FROM S1 JOIN S2 ON p2 .. WHERE p1)``."""
    src = links[0][0]
    for s, on in links[1:]:
        src = ir.Join(JoinKind.INNER, src, s, on)
    sub = ir.Select(src, links[0][1], (), None, (y,), False, (), None, 0, True, ("n",))
    return ir.ScalarSub(sub, y.ty)


def chained_join_as_subquery(q: ir.Select, schema, typed: bool) -> ir.Select:
    """See the module docstring."""
    if not _plain_grouping(q):
        return q
    found = _chain(q.source)
    if found is None:
        return q
    x, links = found
    if (count_join_as_subquery(q, schema, sums=typed) is not q if len(links) == 1
            else len(links) == 2 and chain_count_as_subquery(q, schema) is not q):
        return q  # the older laws' own cases (their forms are this one's)
    t = schema.table(x.table)
    pk = [k.lower() for k in t.primary_key]
    if len(pk) != 1 or not t.never_null(pk[0]) or not all(
            isinstance(g, ir.Col) and g.alias == x.alias for g in q.group_by) \
            or pk[0] not in {g.name for g in q.group_by}:
        return q
    chain = {s.alias for s, _ in links}
    if chain & _aliases_in((q.where, q.group_by)):
        return q
    reads = (*q.items, *(k for k, _ in q.order), q.having)
    subs = {}
    for y in ir.local_nodes(reads):
        if isinstance(y, ir.Agg) and y not in subs:
            if not _per_row(y, links[-1][0].alias, chain | {x.alias}, typed):
                return q
            subs[y] = _inner_chain(x, links, y)
    hole = ir.Lit(None, Ty.NULL)
    if not subs or chain & _aliases_in(tuple(_deep_expr(e, lambda y: hole if y in subs else y)
                                            for e in reads)):
        return q  # a table of the chain read outside its aggregates

    def put(e):
        return _deep_expr(e, lambda y: subs.get(y, y)) if e is not None else None

    return dataclasses.replace(
        q, source=x, group_by=(), having=None, aggregate=False,
        items=tuple(put(i) for i in q.items), order=tuple((put(k), d) for k, d in q.order),
        where=_and([*_conjuncts(q.where), *_conjuncts(put(q.having))]))


# ---- the registry's entry (``join_counts.GROUPED_JOIN_RULES`` holds it), at the site
# "unordered", after ``count_join_as_subquery``

CHAINED_JOIN_RULES = (
    ("chained_join_as_subquery", "X LEFT JOIN S1 ON p1 .. LEFT JOIN Sn ON pn (each later ON "
     "rejecting the NULLs of the table before) grouped by X's never-NULL one-column key: "
     "AGG(e), e NULL where Sn's columns are, is (SELECT AGG(e) FROM S1 JOIN .. Sn WHERE p1) "
     "for COUNT, MIN/MAX of an exact affinity; typed domain: SUM/AVG of INTEGER or REAL, "
     "TOTAL of REAL (exact_reals, integer_sums_exact)", ("unordered",),
     lambda canon, q, ctx: chained_join_as_subquery(q, canon.schema, canon.typed), True),
)
