"""INTERSECT of two keyed groupings as their join on all columns (round 61, i61h):
``intersect_of_groupings``.

``A INTERSECT B``, A and B groupings ``SELECT k.., f.. FROM .. GROUP BY k..`` whose every key is
an item (one row per group: each operand a set), is ``SELECT a.c1, .., a.cn FROM (A) AS a JOIN
(B) AS b ON a.c1 = b.c1 AND .. AND a.cn = b.cn`` when, per column:

- ``=`` compares as the compound does: both items of one affinity (no conversion), each a
  declared column of a scanned table (an exact affinity) or COUNT / SUM / TOTAL / AVG (numbers,
  no affinity);
- one of the two is never NULL on a row (a column declared NOT NULL or filtered non-NULL,
  COUNT or TOTAL, SUM / AVG of such a column under GROUP BY): then ``=`` is the compound's
  NULL-safe comparison.

Each row of A meets at most one row of B (B is a set under the compound's comparison, which
``=`` is here), so the join returns each row of A that B holds, once: A INTERSECT B. The join
reads A's columns, whose copy INTERSECT keeps; when equal values are identical in every column
(``transfer._exact``: TEXT, or one exact affinity and type in the typed domain) INTERSECT
commutes, and A is the operand whose scanned tables sort first. The join is the spelling the
canonical form already reads (``join_as_scalar_subquery``: a correlated scalar per column),
as it reads ``HAVING f = (SELECT ..)``. A SUM of reals is the same sum of the same rows, in a
plan SQLite may order otherwise: the rule is in ``proofs.REORDERING`` (``exact_reals``). Near misses: a NULL-able pair
(``=`` drops the NULL row, INTERSECT keeps it), an operand that is not a set (a key not shown),
INTERSECT ALL, columns of two affinities (``=`` converts text). Operands that read an outer
query are left alone (they would become correlated derived tables).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, JoinKind, SetOpKind
from .keyed_groupings import KEYED_GROUPING_RULES
from .keyed_in_groups import IN_GROUPED_KEY_RULE
from .nullsafe_setops import _tables
from .pivot_joins import PIVOT_JOIN_RULES
from .pivot_keys import KEY_SCALAR_RULE
from .setfilters import _never_null
from .setops import _EXACT
from .terms import _aliases_in, _and, _leaves, _windowless
from .transfer import _exact

_NUMERIC_AGGS = (AggFn.COUNT, AggFn.COUNT_STAR, AggFn.SUM, AggFn.TOTAL, AggFn.AVG)


def _keyed_grouping(q) -> bool:
    """Is ``q`` a grouping with every key an item (no two equal rows), uncut?"""
    return (isinstance(q, ir.Select) and q.aggregate and bool(q.group_by) and not q.distinct
            and not q.order and q.limit is None and not q.offset and q.bare_from is None
            and _windowless(q) and all(g in q.items for g in q.group_by))


def _affinity(s: ir.Select, x):
    """The affinity of item ``x``: a declared column's (exact ones only), none for a numeric
    aggregate; ``False`` for any other item."""
    scans = {y.alias for y in (_leaves(s.source) or ()) if isinstance(y, ir.Scan)}
    if isinstance(x, ir.Col) and x.alias in scans and x.affinity in _EXACT:
        return x.affinity
    if isinstance(x, ir.Agg) and x.fn in _NUMERIC_AGGS and not x.distinct:
        return None
    return False


def _never_null_item(s: ir.Select, x, schema) -> bool:
    if isinstance(x, ir.Agg):
        if x.fn in (AggFn.COUNT, AggFn.COUNT_STAR, AggFn.TOTAL):
            return True
        return isinstance(x.arg, ir.Col) and _never_null(x.arg, s, schema)
    return isinstance(x, ir.Col) and _never_null(x, s, schema)


def _identical(x, y, typed: bool) -> bool:
    """Are equal values of items ``x`` and ``y`` identical (so INTERSECT's copy does not show)?"""
    if isinstance(x, ir.Col) and isinstance(y, ir.Col):
        return _exact(x, y, typed)
    return isinstance(x, ir.Agg) and isinstance(y, ir.Agg) and typed and x.ty == y.ty


def _fresh(name: str, taken: set) -> str:
    while name in taken:
        name += "_"
    return name


def intersect_of_groupings(q, schema, typed: bool = False):
    """See the module docstring."""
    if not (isinstance(q, ir.SetOp) and q.op == SetOpKind.INTERSECT and not q.all and not q.order
            and q.limit is None and not q.offset):
        return q
    a, b = q.left, q.right
    if not (_keyed_grouping(a) and _keyed_grouping(b) and len(a.items) == len(b.items)
            and not ir.free_aliases(a) and not ir.free_aliases(b)):
        return q  # (an operand reading an outer query stays a compound operand)
    for x, y in zip(a.items, b.items, strict=True):
        ax, ay = _affinity(a, x), _affinity(b, y)
        if ax is False or ax != ay or not (
                _never_null_item(a, x, schema) or _never_null_item(b, y, schema)):
            return q
    if (all(_identical(x, y, typed) for x, y in zip(a.items, b.items, strict=True))
            and _tables(b) < _tables(a)):
        a, b = b, a
    taken = _aliases_in(q)
    names = tuple(f"#{i}" for i in range(len(a.items)))
    da = ir.Derived(dataclasses.replace(a, names=names), _fresh("meet#0", taken), names)
    db = ir.Derived(dataclasses.replace(b, names=names), _fresh("meet#1", taken), names)
    cols = [(ir.Col(da.alias, n, x.ty, _affinity(a, x)), ir.Col(db.alias, n, y.ty, _affinity(b, y)))
            for n, x, y in zip(names, a.items, b.items, strict=True)]
    return ir.Select(source=ir.Join(JoinKind.INNER, da, db, None),
                     where=_and([ir.Cmp(CmpOp.EQ, x, y) for x, y in cols]), group_by=(),
                     having=None, items=tuple(x for x, _ in cols), distinct=False, order=(),
                     limit=None, offset=0, aggregate=False, names=q.left.names)


# ---- the registry's entries (``rules.RULES`` adds them as ``Rule(*entry)``): the groupings
# joined on their keys (``keyed_groupings``), a pivot read as joined groupings (``pivot_joins``), then INTERSECT of groupings (site ``compound``)

SET_JOIN_FAMILY = (*KEYED_GROUPING_RULES, *PIVOT_JOIN_RULES, KEY_SCALAR_RULE, IN_GROUPED_KEY_RULE,
    ("intersect_of_groupings", "A INTERSECT B of two groupings whose keys are items is the "
     "join of A and B by = on every column when per column = does not convert and one value "
     "is never NULL", ("compound",),
     lambda canon, q, ctx: intersect_of_groupings(q, canon.schema, canon.typed)),
)
