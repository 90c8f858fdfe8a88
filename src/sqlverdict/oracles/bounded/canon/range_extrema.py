"""A row's column equal to the MAX over a range of its partition, as NOT EXISTS a row between
(round 56, i56c): ``own_extremum_in_range``.

"The previous version" is written ``JOIN T p ON p.g = h.g AND p.k = (SELECT MAX(x.k) FROM T x
WHERE x.g = h.g AND x.k < h.k)`` by hand, and ``LAG`` becomes the row ``u`` of ``T`` with
``u.g = h.g AND u.k < h.k AND NOT EXISTS (SELECT 1 FROM T u2 WHERE u2.g = h.g AND u2.k <
h.k AND u.k < u2.k)`` (``neighbour_as_subquery``, ``scalar_top_row_as_join``); "the job held
on a day" alike with ``<=`` against NOT EXISTS a later start. ``quantified.own_extremum``
reads ``a.c = (SELECT MAX(t.c) FROM T t WHERE t.k = a.k ..)`` so; this law widens its WHERE.

Law: in an inner-joined select with a scan ``a`` of ``T``, a conjunct ``a.c = (SELECT
MAX(t.c) FROM T t WHERE φ)`` (MIN alike), no conversion, is ``a.c IS NOT NULL AND ψ(a.c)
.. AND NOT EXISTS (SELECT 1 FROM T t WHERE φ AND a.c < t.c)`` (MIN: ``t.c < a.c``) when each
conjunct of ``φ`` (deterministic, no subquery) is
- ``t.k = e``, ``e`` reading no column of ``t``, no conversion, and ``e`` is ``a.k`` itself
  (then ``a.k IS NOT NULL`` is added) or the select has the conjunct ``a.k = e`` (either
  side, no conversion): ``a``'s row meets it as ``t``'s would;
- or ``ψ(t.c)``, reading ``c`` only of ``t``: ``ψ(a.c)`` is added. Either ``c`` is a column
  whose equal values are identical (``top_one._identity_key``), or ``ψ`` is a comparison
  ``t.c op e`` (``=``, ``<>``, ``<``, ``<=``, ``>``, ``>=``; no conversion; ``e`` reading no
  column of ``t``): values of one column equal under ``=`` compare alike with any ``e``
  (the same affinity is applied to ``e``; numbers compare by value, text byte for byte).
At least one ``ψ`` (a range): without one the equality is left as it is (its own partition
is ``own_extremum``'s; other spellings of a superlative meet it as an equality).

Why it holds in SQLite. Where the added conjuncts and the select's other ones hold, ``a``'s
row meets ``φ`` (``t``'s conjuncts with ``a`` in place of ``t`` are TRUE), so ``a.c``, not
NULL, is among the values MAX reads: the maximum ``M`` is not NULL and not less than it,
and ``a.c = M`` exactly when no row of ``φ`` has ``a.c < t.c`` (one column on both sides,
so ``<``, ``=`` and MAX order its values alike: storage classes apart, binary collation
only: no collated table). Conversely when ``a.c = M`` is TRUE, ``M`` is the ``c`` of a row
``r`` of ``φ``; ``a.c`` is not NULL, ``ψ(r.c)`` is TRUE and so ``ψ(a.c)`` (above), the
equalities hold of ``a`` (the select's conjuncts), and no row of ``φ`` exceeds ``M``. Both
are FALSE or NULL elsewhere: only TRUE keeps a row of an inner-joined select.
Widened (i60a): ``a`` and ``t`` may be two copies of one view (a derived table: the same
query up to its aliases and column names, no LIMIT, window or tie-broken bare column, not
correlated: both read one set of rows; ``_one_source``), as a self-join of a grouped CTE
to the row ``b.k = (SELECT MIN(c.k) FROM m c WHERE ..)`` is written; only comparisons then
serve as ``ψ``.
Near misses: a range over another view; a conjunct of ``φ`` reading another column of ``t`` (``x.flag = 1``: ``a``'s
row need not meet it), a partition equality the select lacks, ``<`` of a column against
another column of ``t``.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Conv, Ty
from ..ir.walk import free_aliases
from .greatest_groups import _same_query, _stable
from .quantified import _extremum
from .terms import Flat, _and, _conjuncts, _deep, _has_sub, _key, _replace_cols
from .top_one import _PURE, _identity_key
from .windows import _collated

_ONE = ir.Lit(1, Ty.INT)
_ORDERS = (CmpOp.EQ, CmpOp.NE, CmpOp.LT, CmpOp.LE, CmpOp.GT, CmpOp.GE)


def _reads(e, alias: str) -> set:
    return {y.name for y in ir.local_nodes(e) if isinstance(y, ir.Col) and y.alias == alias}


def _equality(d, alias: str):
    """``(t.k, e)`` of ``t.k = e`` (either side, no conversion), ``e`` reading no column of
    ``alias``, else None."""
    if not (isinstance(d, ir.Cmp) and d.op == CmpOp.EQ and d.conv == Conv.NONE):
        return None
    for x, e in ((d.left, d.right), (d.right, d.left)):
        if isinstance(x, ir.Col) and x.alias == alias and not _reads(e, alias):
            return x, e
    return None


def _compares(d, col: ir.Col) -> bool:
    """Is ``d`` ``col op e`` (either side, an order or (in)equality, no conversion)?"""
    return (isinstance(d, ir.Cmp) and d.op in _ORDERS and d.conv == Conv.NONE
            and col in (d.left, d.right) and len(_reads(d, col.alias)) == 1)


def _range_of(c, scans: dict, conds: list, schema, typed: bool):
    """The conjuncts replacing ``c`` (the module's law), else None."""
    if not (isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and c.conv == Conv.NONE):
        return None
    x, sub = (c.left, c.right) if isinstance(c.right, ir.ScalarSub) else (c.right, c.left)
    if not (isinstance(x, ir.Col) and isinstance(sub, ir.ScalarSub)
            and (found := _extremum(sub.query)) is not None):
        return None
    q, (fn, col) = sub.query, found
    src = q.source
    if isinstance(src, Flat) and len(src.leaves) == 1 and not src.classes:
        src = src.leaves[0]
    a = scans.get(x.alias)
    if isinstance(a, ir.Derived) and isinstance(src, ir.Derived) and len(a.names) == len(src.names):
        q, src, col = _named_as(q, src, col, a.names)
    if not (_one_source(a, src) and col.alias == src.alias and col.name == x.name
            and not _collated(a, schema)):
        return None
    others = {_key(d) for d in conds if d is not c}
    added, own, ranged = [ir.Not(ir.IsNull(x))], {col.name}, False
    for d in _conjuncts(q.where):
        if _has_sub(d) or not all(isinstance(y, _PURE) for y in ir.local_nodes(d)):
            return None
        eq = _equality(d, src.alias)
        if eq is not None and eq[0].name not in own:
            mine = ir.Col(x.alias, eq[0].name, eq[0].ty, eq[0].affinity)
            if eq[1] == mine:
                added.append(ir.Not(ir.IsNull(mine)))
            elif not {_key(ir.Cmp(CmpOp.EQ, mine, eq[1])), _key(ir.Cmp(CmpOp.EQ, eq[1], mine))} & others:
                return None
        elif _reads(d, src.alias) <= own and (_compares(d, col) or (
                isinstance(src, ir.Scan) and _identity_key(col, {src.alias: src}, schema, typed))):
            added.append(_replace_cols(d, {(col.alias, col.name): x}))
            ranged = True
        else:
            return None
    if not ranged:
        return None  # (no range: quantified.own_extremum's, or left as it is)
    greater = ir.Cmp(CmpOp.LT, x, col) if fn == AggFn.MAX else ir.Cmp(CmpOp.LT, col, x)
    body = dataclasses.replace(q, where=_and([*_conjuncts(q.where), greater]), aggregate=False,
                               items=(_ONE,), names=())
    return [*added, ir.Not(ir.Exists(body))]


def _named_as(q: ir.Select, src: ir.Derived, col: ir.Col, names: tuple):
    """``q`` (reading the derived table ``src``), ``src`` and ``col`` with ``src``'s columns
    named ``names`` (by position; one view copy named as the other: alpha-renaming)."""
    rename = dict(zip(src.names, names, strict=True))

    def rn(y):
        return (dataclasses.replace(y, name=rename[y.name])
                if isinstance(y, ir.Col) and y.alias == src.alias and y.name in rename else y)
    new = dataclasses.replace(src, names=tuple(names))
    source = new if q.source is src else Flat((new,), q.source.classes)
    q = dataclasses.replace(q, source=source, where=_deep(q.where, rn),
                            items=tuple(_deep(i, rn) for i in q.items))
    return q, new, rn(col)


def _one_source(a, src) -> bool:
    """Do the scan ``a`` and the subquery's source ``src`` read one set of rows: one table,
    or two copies of one view (i60a: the same query up to its aliases, no LIMIT, window or
    tie-broken bare column, not correlated)?"""
    if isinstance(src, ir.Scan):
        return isinstance(a, ir.Scan) and a.table == src.table
    return (isinstance(src, ir.Derived) and isinstance(a, ir.Derived) and a.names == src.names
            and _stable(a.query) and not free_aliases(a.query) and not free_aliases(src.query)
            and _same_query(a.query, src.query))


def own_extremum_in_range(v, schema, typed: bool):
    """``(q, leaves, conds)`` with the first such extremum rewritten, else ``v``."""
    q, leaves, conds = v
    scans = {s.alias: s for s in leaves if isinstance(s, (ir.Scan, ir.Derived))}
    for i, c in enumerate(conds):
        got = _range_of(c, scans, conds, schema, typed)
        if got is not None:
            return q, leaves, [*conds[:i], *got, *conds[i + 1:]]
    return v


# ---- the registry's entry (``rules.RULES`` adds it as ``Rule(*entry)``)

RANGE_EXTREMUM_RULE = (
    "own_extremum_in_range", "a.c = (SELECT MAX(t.c) FROM T t WHERE t.k = e .. AND ψ(t.c) ..), "
    "a a scan of T in the select with a.k = e among its conjuncts (or e = a.k), ψ reading c "
    "only, is a.c IS NOT NULL AND ψ(a.c) AND NOT EXISTS (SELECT 1 FROM T t WHERE .. AND a.c "
    "< t.c) (MIN: t.c < a.c): the row is in the range, none of it greater",
    ("sources",), lambda canon, v, ctx: own_extremum_in_range(v, canon.schema, canon.typed), True)
