"""Membership of a unique key in a grouping's HAVING keys as the grouped join (T, i62h):
``in_grouped_key_as_join``. Also the EXISTS spelling: ``EXISTS (SELECT .. FROM S.. WHERE s.x =
p.k AND w GROUP BY s.x HAVING h)`` (the one group of the rows equal to ``p.k``) is the IN.

``SELECT a.. FROM P p WHERE p.k IN (SELECT s.x FROM S.. WHERE w GROUP BY s.x HAVING h) AND r``
is ``SELECT a.. FROM P p, S.. WHERE p.k = s.x AND w AND r GROUP BY p.k HAVING h``, where ``k``
is a one-column primary key or UNIQUE column of the one scanned table ``P`` and ``s.x`` a
column of the same type and affinity (no conversion), no table collated (``=`` then is the
equality GROUP BY groups by). A row of ``p`` with a non-NULL key meets exactly the rows of
the one group whose key equals it (``k`` unique: no other row of ``P`` shares it, so the
join's group on ``p.k`` holds that group's rows once each beside the one row of ``p``); the
IN is TRUE exactly when that group exists and ``h`` holds on it, and the grouped join keeps
its one row exactly then. A NULL key meets no group and fails the IN. The items, ``r`` and
ORDER BY read ``p`` only (fixed by ``p.k``), ``h`` reads columns only inside order-blind
aggregates (``partition_joins._aggregates_only``), so it reads the same rows either way.
The subquery adds up groups no row of ``P`` reads: an integer SUM overflowing there raises
an error in one query only (``proofs.OTHER_GROUPS``: ``integer_sums_exact``).

Conditions: the outer select plain (no aggregate, DISTINCT, LIMIT/OFFSET, window, bare-column
rule) over one scan; the subquery uncorrelated with no subquery of its own, its aliases
defined and read nowhere else in the select (no capture when its FROM joins the outer one);
``HAVING`` present (without it, the semijoin rules read the IN), and not one the twin laws
(``twins.py``: ``COUNT(*) > 1``, MIN/MAX bounds) write as a semijoin of their own. This is the form
``having_as_subquery`` leaves an equi-join's HAVING in and ``correlated_aggregate_as_group``
writes for a join with a grouping unique on the key (TPC-H Q18).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import CmpOp, Conv, JoinKind
from ..ir.walk import defined_aliases
from .aggregates import _unique_columns
from .partition_joins import _aggregates_only
from .terms import _and, _conjuncts, _has_sub, _key, _leaves, _windowless
from .twins import bounds_as_no_counterexample, duplicates_as_twin
from .windows import _collated


def in_grouped_key_as_join(q, schema, typed: bool = False):
    """``q`` with its first such IN read as the grouped join (the module's law), else ``q``."""
    if not (isinstance(q, ir.Select) and not q.aggregate and not q.group_by and q.having is None
            and not q.distinct and q.limit is None and not q.offset and q.bare_from is None
            and _windowless(q) and q.source is not None):
        return q
    leaves = _leaves(q.source)
    if leaves is None or len(leaves) != 1 or not isinstance(leaves[0], ir.Scan):
        return q
    p = leaves[0]
    conds = _conjuncts(q.where)
    for i, c in enumerate(conds):
        rest = conds[:i] + conds[i + 1:]
        out = _as_join(q, p, c, rest, schema, typed)
        if out is not None:
            return out
    return q


def _grouping(s):
    """``s``, or the grouping ``g`` with its key as its one item for ``s`` = ``SELECT v.x
    FROM (g) v`` (a CTE or derived table projected on its group key, nothing else)."""
    d = s.source
    if not (isinstance(d, ir.Derived) and isinstance(d.query, ir.Select) and not s.aggregate
            and not s.group_by and s.where is None and not s.distinct and s.limit is None
            and not s.offset and len(s.items) == 1 and isinstance(s.items[0], ir.Col)
            and s.items[0].alias == d.alias and s.items[0].name in d.names):
        return s
    item = d.query.items[d.names.index(s.items[0].name)]
    return dataclasses.replace(d.query, items=(item,), names=(s.items[0].name,))


def _membership(c, p, unique: set):
    """(the grouping, ``p.k``) for ``c`` = ``p.k IN (grouping)`` or ``EXISTS (grouping's
    select WHERE s.x = p.k AND w GROUP BY s.x HAVING h)`` (then the grouping without the
    correlation, its key its item), else None."""
    if (isinstance(c, ir.InSub) and c.conv == Conv.NONE and isinstance(c.arg, ir.Col)
            and c.arg.alias == p.alias and c.arg.name in unique and isinstance(c.query, ir.Select)):
        return _grouping(c.query), c.arg
    if not (isinstance(c, ir.Exists) and isinstance(c.query, ir.Select) and len(c.query.group_by) == 1):
        return None
    s = c.query
    conds = _conjuncts(s.where)
    for i, d in enumerate(conds):
        if not (isinstance(d, ir.Cmp) and d.op == CmpOp.EQ and d.conv == Conv.NONE):
            continue
        for k, x in ((d.left, d.right), (d.right, d.left)):
            if (isinstance(k, ir.Col) and k.alias == p.alias and k.name in unique
                    and _key(x) == _key(s.group_by[0]) and isinstance(x, ir.Col) and x.alias != p.alias):
                return dataclasses.replace(s, where=_and(conds[:i] + conds[i + 1:]), items=(x,),
                                           names=("k",)), k
    return None


def _as_join(q, p, c, rest, schema, typed):
    found = _membership(c, p, _unique_columns(schema, p.table))
    if found is None:
        return None
    s, k = found
    if any(f(s, schema, typed) is not s for f in (duplicates_as_twin, bounds_as_no_counterexample)):
        return None  # (a twin law's form: "at least two", bounds as no counterexample)
    if not (s.aggregate and len(s.group_by) == 1 and len(s.items) == 1 and s.having is not None
            and _key(s.items[0]) == _key(s.group_by[0]) and isinstance(s.items[0], ir.Col)
            and not s.distinct and s.limit is None and not s.offset and s.bare_from is None
            and _windowless(s) and s.source is not None and not _has_sub(s)):
        return None
    x = s.items[0]
    if (x.ty, x.affinity) != (k.ty, k.affinity) or not _aggregates_only(s.having):
        return None
    mine = set(defined_aliases(s))
    if any(y.alias not in mine for y in ir.nodes(s) if isinstance(y, ir.Col)):
        return None  # (correlated)
    outside = dataclasses.replace(q, where=_and(rest))
    if _has_sub((outside.items, outside.where, tuple(e for e, _ in outside.order))):
        return None
    if mine & (set(defined_aliases(outside)) | {y.alias for y in ir.nodes(outside) if isinstance(y, ir.Col)}):
        return None
    if _collated((p, s.source), schema):
        return None
    source = ir.Join(JoinKind.INNER, p, s.source, ir.Cmp(CmpOp.EQ, k, x))
    read = {}  # (p's columns the select reads, as group keys too: no bare column)
    for y in ir.nodes((q.items, tuple(e for e, _ in q.order))):
        if isinstance(y, ir.Col) and y.alias == p.alias and _key(y) != _key(k):
            read.setdefault(_key(y), y)
    return dataclasses.replace(q, source=source, where=_and([*rest, *_conjuncts(s.where)]),
                               group_by=(k, *read.values()), having=s.having, aggregate=True)


IN_GROUPED_KEY_RULE = (
    "in_grouped_key_as_join", "SELECT p.. FROM P p WHERE p.k IN (SELECT s.x FROM S GROUP BY s.x "
    "HAVING h), k a unique column of P, is SELECT p.. FROM P p JOIN S ON p.k = s.x GROUP BY p.k "
    "HAVING h: one row of p beside the rows of its one group",
    ("query",), lambda canon, q, ctx: in_grouped_key_as_join(q, canon.schema, canon.typed), False)
