"""A join of two sets on all their columns as INTERSECT (round 61, i61h): ``join_of_sets``.

``SELECT a.c1, .., a.cn FROM (A) AS a JOIN (B) AS b ON a.c1 = b.d1 AND .. AND a.cn = b.dn``
(ON or WHERE, either side's columns read) is ``A INTERSECT B`` (B's items put in the order
they are paired with A's; the side whose columns are read is the left operand, whose copy
INTERSECT keeps) when:

- A and B are sets: SELECT DISTINCT, or a GROUP BY whose every key is an item (one row per
  group); neither cut by ORDER BY / LIMIT;
- the conjuncts pair every column of A with one of B, one to one, and are nothing else;
- per pair, ``=`` compares as the compound does: the two columns have one affinity (no
  conversion either way), each a declared column of a scanned table (of an exact affinity)
  or COUNT / SUM / TOTAL / AVG (numbers, no affinity); and one of the two is never NULL on a
  row (a column declared NOT NULL or filtered non-NULL, COUNT or TOTAL, SUM / AVG of such a
  column under GROUP BY): then ``=`` is the compound's NULL-safe comparison;
- the outer query reads only one side's columns, each once, with no GROUP BY, aggregate,
  window, ORDER BY or LIMIT (DISTINCT allowed: the result is a set).

Each row of A meets at most one row of B (B is a set under the compound's comparison, which
``=`` is here), so the join returns each row of A that B holds, once: A INTERSECT B.
Near misses: a NULL-able pair (``=`` drops the NULL row, INTERSECT keeps it), a side that is
not a set (duplicates multiply), a column left out of ON, a LEFT JOIN, UNION ALL, columns of
two affinities (``=`` converts text).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Conv, SetOpKind
from .keyed_groupings import KEYED_GROUPING_RULES
from .setfilters import _never_null
from .setops import _EXACT
from .terms import _conjuncts, _leaves, _on_conjuncts, _windowless

_NUMERIC_AGGS = (AggFn.COUNT, AggFn.COUNT_STAR, AggFn.SUM, AggFn.TOTAL, AggFn.AVG)


def _a_set(q) -> bool:
    """Does ``q`` return no two equal rows (under the compound's comparison), uncut?"""
    if not isinstance(q, ir.Select) or q.order or q.limit is not None or q.offset or q.bare_from:
        return False
    if q.distinct:
        return True
    return bool(q.group_by) and all(g in q.items for g in q.group_by)


def _scan_col(s: ir.Select, x) -> bool:
    scans = {y.alias for y in (_leaves(s.source) or ()) if isinstance(y, ir.Scan)}
    return isinstance(x, ir.Col) and x.alias in scans and x.affinity in _EXACT


def _item(d: ir.Derived, name: str):
    q = d.query
    return q.items[d.names.index(name)] if isinstance(q, ir.Select) else None


def _comparable(d: ir.Derived, name: str) -> bool:
    """Is ``d.name`` a declared column of an exact affinity, or a numeric aggregate?"""
    x = _item(d, name)
    return x is not None and (_scan_col(d.query, x) or (
        isinstance(x, ir.Agg) and x.fn in _NUMERIC_AGGS and not x.distinct))


def _never_null_item(d: ir.Derived, name: str, schema) -> bool:
    s, x = d.query, _item(d, name)
    if isinstance(x, ir.Agg):
        if x.fn in (AggFn.COUNT, AggFn.COUNT_STAR, AggFn.TOTAL):
            return True
        return (bool(s.group_by) and isinstance(x.arg, ir.Col)
                and _never_null(x.arg, s, schema))
    return isinstance(x, ir.Col) and _never_null(x, s, schema)


def _pairs(q: ir.Select, a: ir.Derived, b: ir.Derived):
    """{a's column: b's column} when the conjuncts pair every column of each one to one."""
    pairs: dict = {}
    for c in _on_conjuncts(q.source) + _conjuncts(q.where):
        if not (isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and c.conv == Conv.NONE
                and isinstance(c.left, ir.Col) and isinstance(c.right, ir.Col)):
            return None
        x, y = (c.left, c.right) if c.left.alias == a.alias else (c.right, c.left)
        if (x.alias, y.alias) != (a.alias, b.alias) or x.affinity != y.affinity:
            return None
        if x.name in pairs or y.name in pairs.values():
            return None
        pairs[x.name] = y.name
    if sorted(pairs) != sorted(a.names) or sorted(pairs.values()) != sorted(b.names):
        return None
    return pairs


def _operand(d: ir.Derived, names: list, out_names) -> ir.Query:
    """``d``'s query with its items in the order of ``names`` (``d``'s columns)."""
    q = d.query
    items = tuple(q.items[d.names.index(n)] for n in names)
    return dataclasses.replace(q, items=items, names=tuple(out_names))


def join_of_sets(q, schema):
    """See the module docstring."""
    if not (isinstance(q, ir.Select) and not q.aggregate and not q.group_by and q.having is None
            and not q.order and q.limit is None and not q.offset and q.bare_from is None
            and _windowless(q)):
        return q
    leaves = _leaves(q.source)
    if (leaves is None or len(leaves) != 2 or not all(isinstance(x, ir.Derived) for x in leaves)
            or leaves[0].alias == leaves[1].alias):
        return q
    a, b = leaves
    if not (_a_set(a.query) and _a_set(b.query)) or len(a.names) != len(set(a.names)) \
            or len(b.names) != len(set(b.names)):
        return q
    pairs = _pairs(q, a, b)
    if pairs is None or not all(
            _comparable(a, x) and _comparable(b, y)
            and (_never_null_item(a, x, schema) or _never_null_item(b, y, schema))
            for x, y in pairs.items()):
        return q
    if not all(isinstance(i, ir.Col) for i in q.items) or len({i.alias for i in q.items}) != 1:
        return q
    kept = a if q.items[0].alias == a.alias else b
    other = b if kept is a else a
    read = [i.name for i in q.items]
    if sorted(read) != sorted(kept.names):
        return q
    back = {v: k for k, v in pairs.items()}
    partner = pairs if kept is a else back
    return ir.SetOp(SetOpKind.INTERSECT, False, _operand(kept, read, q.names),
                    _operand(other, [partner[n] for n in read], q.names))


# ---- the registry's entries (``rules.RULES`` adds them as ``Rule(*entry)``), after the
# groupings joined on their keys (``keyed_groupings``), which read a join of two groupings of
# the same rows as one grouping first

SET_JOIN_FAMILY = (*KEYED_GROUPING_RULES,
    ("join_of_sets", "two sets (DISTINCT, or a GROUP BY whose keys are items) "
     "inner-joined by = on all their columns, one side read, is A INTERSECT B when per pair "
     "= does not convert and one value is never NULL", ("query",),
     lambda canon, q, ctx: q if ctx["sensitive"] else join_of_sets(q, canon.schema)),
)
