"""A key in its own table's cut (issue 25, i43a): ``key_in_own_cut``.

``SELECT .. FROM .. T a .. WHERE a.k IN (SELECT b.k FROM T b WHERE w ORDER BY o LIMIT n
OFFSET m) AND ..``, ``k`` a declared unique key column of ``T`` that is never NULL, ``a`` on
a preserved side of the FROM (inner joins, the left of a LEFT JOIN), is the same select
with ``a`` the derived table ``(SELECT * FROM T b WHERE w ORDER BY o LIMIT n OFFSET m)``:
the subquery's rows are distinct rows of ``T`` (the cut of ``T`` WHERE ``w``), and ``a.k
IN`` them holds of a row of ``T`` exactly when it is one of them (``k`` unique, never NULL,
compared with itself: no conversion, and SQLite's UNIQUE and ``=`` agree). A filter of a
preserved side holds or fails before the join as after it, so filtering ``a`` to those rows
first changes nothing; the IN conjunct goes. Which rows tied on ``o`` the cut keeps is
the same choice in both (the proof states ``ties cut by a LIMIT broken alike`` when ``o``
can tie). The subquery reads ``T`` alone, nothing of the outer query, no window, aggregate
or GROUP BY. Sequelize's ``findAll({limit, include})`` with ``subQuery`` writes the IN form
of the derived table it otherwise joins.
"""

from __future__ import annotations

import dataclasses

from ....types import Schema
from .. import ir
from ..ir.kinds import JoinKind
from .terms import _and, _conjuncts, _unique_keys, _windowless


def _cut_of(sub, table: str, k: str):
    """``sub`` when it is ``SELECT b.k FROM T b WHERE w .. LIMIT ..`` reading ``T`` alone."""
    if not (isinstance(sub, ir.Select) and isinstance(b := sub.source, ir.Scan) and b.table == table
            and (sub.limit is not None or sub.offset) and not sub.aggregate and not sub.group_by
            and sub.having is None and sub.bare_from is None and _windowless(sub)
            and len(sub.items) == 1 and isinstance(c := sub.items[0], ir.Col)
            and (c.alias, c.name) == (b.alias, k)):
        return None
    reads = [y for y in ir.nodes((sub.where, sub.order)) if isinstance(y, ir.Col)]
    if any(y.alias != b.alias for y in reads) or any(
            isinstance(y, (ir.InSub, ir.Exists, ir.ScalarSub)) for y in ir.nodes((sub.where, sub.order))):
        return None
    return sub


def _preserved(src, alias: str, padded: bool = False) -> bool:
    """Is the scan ``alias`` in ``src`` on a side no join pads with NULLs?"""
    if isinstance(src, ir.Join):
        return (_preserved(src.left, alias, padded or src.kind in (JoinKind.RIGHT, JoinKind.FULL))
                or _preserved(src.right, alias, padded or src.kind in (JoinKind.LEFT, JoinKind.FULL)))
    return isinstance(src, ir.Scan) and src.alias == alias and not padded


def _replace_scan(src, alias: str, new):
    if isinstance(src, ir.Join):
        return dataclasses.replace(src, left=_replace_scan(src.left, alias, new),
                                   right=_replace_scan(src.right, alias, new))
    return new if isinstance(src, ir.Scan) and src.alias == alias else src


def _scans(src):
    if isinstance(src, ir.Join):
        return _scans(src.left) + _scans(src.right)
    return [src] if isinstance(src, ir.Scan) else []


def key_in_own_cut(q, schema: Schema):
    if not (isinstance(q, ir.Select) and q.source is not None):
        return q
    conds = _conjuncts(q.where)
    scans = {s.alias: s for s in _scans(q.source)}
    for i, c in enumerate(conds):
        if not (isinstance(c, ir.InSub) and not c.conv and isinstance(x := c.arg, ir.Col)
                and (a := scans.get(x.alias)) is not None and _preserved(q.source, a.alias)):
            continue
        t = schema.table(a.table)
        if not (t.never_null(x.name) and [x.name.lower()] in _unique_keys(t)):
            continue
        sub = _cut_of(c.query, a.table, x.name)
        if sub is None:
            continue
        b = sub.source
        view = dataclasses.replace(
            sub, distinct=False, names=tuple(n for n, _, _ in b.columns),
            items=tuple(ir.Col(b.alias, n, ty, aff) for n, ty, aff in b.columns))
        derived = ir.Derived(view, a.alias, view.names)
        return dataclasses.replace(q, source=_replace_scan(q.source, a.alias, derived),
                                   where=_and(conds[:i] + conds[i + 1:]))
    return q


OWN_CUT_RULE = (
    "key_in_own_cut", "a.k IN (SELECT b.k FROM T b WHERE w ORDER BY o LIMIT n OFFSET m), k a "
    "unique never-NULL key of T, a a preserved scan of T, is a as (SELECT * FROM T WHERE w "
    "ORDER BY o LIMIT n OFFSET m)", ("query",),
    lambda canon, q, ctx: key_in_own_cut(q, canon.schema))
