"""A row kept by a condition on the aggregates of its matching rows, as the join grouped by
the row's key (issue 25, i41b): ``correlated_aggregate_as_group``.

``SELECT e(P) FROM P WHERE w AND E((SELECT AGG(x) FROM C c WHERE c.f = P.k AND r(c)) ..)`` is
``SELECT e(P) FROM P JOIN C c ON c.f = P.k WHERE w AND r GROUP BY P.k HAVING E(AGG(x) ..)``
when ``k`` is a never-NULL one-column unique key of ``P`` and ``E`` is not TRUE over no rows:
Kim's type-JA nesting, the "GROUP BY .. HAVING COUNT(*) > 1" against "WHERE (SELECT COUNT(*)
..) > 1" answers, and Galindo-Legaria and Rosenthal's ``P LEFT JOIN C .. GROUP BY P.k HAVING
SUM(c.x) > 50`` read through its correlated form (a parent joined on a foreign key and read
only through it then goes by ``semijoins``).

Why it holds in SQLite:

- Each group of the join is one row of ``P`` (``k`` unique and never NULL) with the rows of
  ``C`` it matches by the same comparison ``c.f = P.k`` and ``r``: the rows the subquery
  reads. ``AGG`` over them is the subquery's value; ``e(P)`` reads the group's one ``P`` row.
- A row of ``P`` that matches no row has no group, and its subqueries are over no rows: ``E``
  is then not TRUE (one conjunct compares an aggregate with a number literal: NULL for SUM,
  AVG, MIN, MAX; ``0 op v`` evaluated for COUNT), so it goes on both sides.
- All subqueries read the same rows (one table ``C``, the same ``f`` and ``r``); ``E`` reads
  nothing else but ``P.k`` and literals; ``w`` reads ``P`` only, without subqueries. ``AGG``
  may add in another row order: the proof states ``exact_reals``/``integer_sums_exact``
  (``proofs.REORDERING``, ``proofs.OTHER_GROUPS``).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, ArithOp, CmpOp, JoinKind
from ..ir.walk import _bare_cols, realias
from .counted_parents import COUNTED_PARENTS_RULE  # noqa: F401 (registered beside this law)
from .own_group import _VALUE, _count_positive, _plain_select
from .terms import _and, _conjuncts, _deep, _has_sub, _key, _leaves, _on_conjuncts
from .twins import _one_key

_UNKNOWN = object()
_ARITH = {ArithOp.ADD: lambda a, b: a + b, ArithOp.SUB: lambda a, b: a - b,
          ArithOp.MUL: lambda a, b: a * b}


def _over_nothing(e):
    """The value of ``e`` where every aggregate is over no rows (COUNT 0; SUM, AVG, MIN, MAX
    NULL as None): integer literals and ``+ - *`` of them, unary minus; else ``_UNKNOWN``."""
    if isinstance(e, ir.Lit):
        ok = isinstance(e.value, int) and not isinstance(e.value, bool)
        return e.value if ok else _UNKNOWN
    if isinstance(e, ir.Agg):
        if e.fn in (AggFn.COUNT, AggFn.COUNT_STAR):
            return 0
        return None if e.fn in (AggFn.SUM, AggFn.AVG, AggFn.MIN, AggFn.MAX) else _UNKNOWN
    if isinstance(e, ir.Neg):
        v = _over_nothing(e.arg)
        return v if v is None or v is _UNKNOWN else -v
    if isinstance(e, ir.Arith) and e.op in _ARITH:
        a, b = _over_nothing(e.left), _over_nothing(e.right)
        if a is _UNKNOWN or b is _UNKNOWN:
            return _UNKNOWN
        return None if a is None or b is None else _ARITH[e.op](a, b)
    return _UNKNOWN


def _fails_on_nothing(e) -> bool:
    """Is ``e`` (a conjunct) surely not TRUE where every aggregate is over no rows: a
    comparison whose sides ``_over_nothing`` reads, NULL or FALSE there?"""
    if not (isinstance(e, ir.Cmp) and not e.conv and e.op in _VALUE):
        return False
    a, b = _over_nothing(e.left), _over_nothing(e.right)
    if a is _UNKNOWN or b is _UNKNOWN:
        return False
    return a is None or b is None or not _VALUE[e.op](a, b)


def _link_to(d, c_alias: str, k: ir.Col):
    """The child column ``c.f`` of a conjunct ``c.f = P.k`` (either side; no conversion),
    else None."""
    if not (isinstance(d, ir.Cmp) and d.op == CmpOp.EQ and not d.conv):
        return None
    for f, other in ((d.left, d.right), (d.right, d.left)):
        if isinstance(f, ir.Col) and f.alias == c_alias and other == k:
            return f
    return None


def _children(s, k: ir.Col):
    """(C's scans, r conjuncts over them, the aggregate, the link) of ``(SELECT AGG(x) FROM C
    c WHERE c.f = P.k AND r)``, ``C`` a table or an inner join of tables; else None."""
    if not (_plain_select(s) and s.aggregate and not s.group_by and s.having is None
            and not s.distinct and len(s.items) == 1 and isinstance(s.items[0], ir.Agg)):
        return None
    leaves = _leaves(s.source)
    if leaves is None or not all(isinstance(x, ir.Scan) for x in leaves):
        return None
    mine = {x.alias for x in leaves}
    conds = _on_conjuncts(s.source) + _conjuncts(s.where)
    links = [d for d in conds if _link_to(d, mine, k) is not None]
    rest = [d for d in conds if _link_to(d, mine, k) is None]
    if (len(links) != 1 or _has_sub(s.items[0]) or not _aliases(s.items[0]) <= mine
            or any(_has_sub(d) or not _aliases(d) <= mine for d in rest)):
        return None
    return leaves, rest, s.items[0], links[0]


def _link_to(d, mine: set, k: ir.Col):
    """The column ``c.f`` of a conjunct ``c.f = P.k`` (either side; ``c`` among ``mine``; no
    conversion), else None."""
    if not (isinstance(d, ir.Cmp) and d.op == CmpOp.EQ and not d.conv):
        return None
    for f, other in ((d.left, d.right), (d.right, d.left)):
        if isinstance(f, ir.Col) and f.alias in mine and other == k:
            return f
    return None


def _aliases(e) -> set:
    return {y.alias for y in ir.nodes(e) if isinstance(y, ir.Col)}


def _onto(leaves, first) -> dict:
    """The aliases of ``leaves`` renamed to those of ``first`` (the same tables in order)."""
    return {a.alias: b.alias for a, b in zip(leaves, first, strict=True)}


def correlated_aggregate_as_group(q, schema):
    """``q`` as the join grouped by ``P``'s key (module docstring), else ``q``."""
    if not (_plain_select(q) and not q.aggregate and not q.group_by and q.having is None
            and not q.order and isinstance(q.source, ir.Scan)):
        return q
    scan = q.source
    name = _one_key(schema, scan)
    k = next((ir.Col(scan.alias, n, ty, aff) for n, ty, aff in scan.columns if n == name), None)
    if k is None or not _aliases(q.items) <= {scan.alias}:
        return q
    found, having, w = [], [], []
    def read(e):
        if isinstance(e, ir.ScalarSub):
            got = _children(e.query, k)
            if got is not None and (not found or [x.table for x in got[0]]
                                    == [x.table for x in found[0][0]]):
                found.append(got)
                return realias(got[2], _onto(got[0], found[0][0]))
        return e
    for d in _conjuncts(q.where):
        if not _has_sub(d):
            w.append(d)
            continue
        e = _deep(d, read)
        if _has_sub(e) or any(y != k for y in _bare_cols(e, set())):
            return q
        having.append(e)
    if not found or not any(_fails_on_nothing(e) for e in having) or all(
            _count_positive(e) for e in having):
        return q  # (a count above 0 alone: count_as_exists reads it as EXISTS)
    leaves, r, _, link = found[0]
    same = {_key(d) for d in [*r, link]}
    for leaves2, r2, _, link2 in found[1:]:
        if {_key(realias(d, _onto(leaves2, leaves))) for d in [*r2, link2]} != same:
            return q
    source = scan
    for x in leaves:
        source = ir.Join(JoinKind.INNER, source, x, None)
    return dataclasses.replace(q, source=source, where=_and([*w, *r, link]), group_by=(k,),
                               having=_and(having), aggregate=True)


CORRELATED_GROUP_RULE = (
    "correlated_aggregate_as_group", "SELECT e(P) FROM P WHERE w AND E((SELECT AGG(x) FROM C c "
    "WHERE c.f = P.k AND r)), k a never-NULL unique key, E not TRUE over no rows, is SELECT "
    "e(P) FROM P JOIN C c ON c.f = P.k WHERE w AND r GROUP BY P.k HAVING E(AGG(x)) (Kim's "
    "type JA)", ("select",), lambda canon, q, ctx: correlated_aggregate_as_group(q, canon.schema),
    True)
