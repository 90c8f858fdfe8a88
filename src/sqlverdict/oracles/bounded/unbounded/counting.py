"""Aggregates compared where the rows they read differ: filters moved into the aggregates,
counts compared by the rows they count, and what counts of one group tell of each other.

- ``filters_into_aggregates``: a select of aggregates over the rows its WHERE keeps is the
  same select over every row of its FROM with each aggregate reading ``CASE WHEN p THEN x
  END`` (``COUNT(*)``: ``COUNT(CASE WHEN p THEN 1 END)``): COUNT, SUM, AVG, MIN, MAX and
  TOTAL skip the NULL the CASE gives on the other rows, with or without DISTINCT. Without
  GROUP BY the select returns its one row either way (also on no row); under GROUP BY only
  the groups holding a row ``p`` keeps are groups of the filtered select, so HAVING gains
  ``COUNT(CASE WHEN p THEN 1 END) > 0``, and each group key is read from any row of the
  group: only where rows of one group hold the keys identically (``_keys_of_any_row``). Not with a column read outside the aggregates and the keys
  (which row SQLite would pick), nor a subquery there.
- ``same_count``: ``COUNT(x)`` and ``COUNT(y)`` (or ``COUNT(*)``) agree on every group when
  ``x`` and ``y`` are NULL on the same rows: COUNT reads only whether its argument is NULL.
- ``count_facts``: counts are whole numbers below 2**63; counts of one group whose rows are contained in each other are ordered,
  two disjoint ones that cover a third add up to it (``COUNT(*) - COUNT(x)`` counts the rows
  where ``x`` IS NULL), and ``SUM(x)`` of an ``x`` that is NULL or the integer 0 or 1 on every
  row is the count of its 1s, NULL exactly when no row holds a value (a test summed:
  ``SUM(p = 1)``, ``SUM(CASE WHEN p THEN 1 ELSE 0 END)``).
"""

from __future__ import annotations

import itertools

import z3

from .. import ir
from ..ir.kinds import AggFn, CmpOp, LogicOp, Ty
from ..ir.walk import field_names
from .groups import ONE_CLASS, _in_group
from .normal import Block, Group
from .values import BIG
from .walk import _aggs, _plain_ir, _replace, _values

_FILTERED = (AggFn.COUNT, AggFn.COUNT_STAR, AggFn.SUM, AggFn.AVG, AggFn.MIN, AggFn.MAX, AggFn.TOTAL)
_ONE, _NULL = ir.Lit(1, Ty.INT), ir.Lit(None, Ty.NULL)
MAX_COUNTS = 6  # counts of one comparison the facts relate (pairs and triples of them)
# tables of a select whose WHERE moves into its aggregates: each bijection is asked again
# with the conditions inside every aggregate, which costs the budget of wide joins (TPC-H)
MAX_OCCS = 3


def _reads_rows_outside(b: Block) -> bool:
    """Do ``b``'s items or HAVING read a row outside its aggregates and GROUP BY keys (a
    column, or a subquery that may read one)?"""
    keys = b.group.keys
    for e in b.items + ((b.group.having,) if b.group.having is not None else ()):
        for k in keys:
            e = _replace(e, k, _ONE)
        for y in _values(e, dicts=False, into=lambda y: not isinstance(y, ir.Agg)):
            # a column, a subquery, a node of the normal form (a lookup of a group)
            if isinstance(y, ir.Col) or (field_names(y) is not None and not _plain_ir(y)):
                return True
    return False


def _filtered(g: ir.Agg, cond) -> ir.Agg:
    if g.fn == AggFn.COUNT_STAR:
        return ir.Agg(AggFn.COUNT, ir.Case(((cond, _ONE),), _NULL, Ty.INT), False, Ty.INT)
    return ir.Agg(g.fn, ir.Case(((cond, g.arg),), _NULL, g.arg.ty), g.distinct, g.ty)


def filters_into_aggregates(b: Block) -> Block | None:
    """``b`` (an aggregate select) over every row of its FROM, its WHERE read inside the
    aggregates (module docstring); None when the law does not apply."""
    if b.group is None or not b.conds or not all(_plain_ir(c) for c in b.conds):
        return None
    aggs = _aggs(b)
    if any(g.fn not in _FILTERED or isinstance(g.arg, ir.RowVal) for g in aggs):
        return None
    if _reads_rows_outside(b):
        return None
    cond = b.conds[0] if len(b.conds) == 1 else ir.Logic(LogicOp.AND, tuple(b.conds))
    items, having = b.items, b.group.having
    for g in aggs:
        new = _filtered(g, cond)
        items = _replace(items, g, new)
        having = _replace(having, g, new) if having is not None else None
    if b.group.keys:
        some = ir.Cmp(CmpOp.GT, _filtered(ir.Agg(AggFn.COUNT_STAR, None, False, Ty.INT), cond),
                      ir.Lit(0, Ty.INT))
        having = some if having is None else ir.Logic(LogicOp.AND, (some, having))
    return Block(b.occs, (), items, b.env, Group(b.group.keys, having))


def filtered_equal(d, a: Block, b: Block) -> bool:
    """Are aggregate selects ``a`` and ``b`` equal read over every row of their FROMs
    (``filters_into_aggregates``, applied to either or both)? ``d``: the ``Decider``."""
    if a.group is None or b.group is None or not (a.conds or b.conds) or len(a.occs) > MAX_OCCS:
        return False
    fa = filters_into_aggregates(a) if a.conds else a
    fb = filters_into_aggregates(b) if b.conds else b
    if fa is None or fb is None:
        return False
    if a.group.keys and not all(_keys_of_any_row(d, f) for f in (fa, fb)):
        return False
    return d.block_equal(fa, fb)


def _keys_of_any_row(d, b: Block) -> bool:
    """Do rows of one group of ``b`` hold each GROUP BY key identically, so that reading
    it from any row of the group is reading it from a row the WHERE kept? Typed databases:
    a column's own class (``groups.keys_identify``); else a column of REAL or TEXT affinity,
    or what Z3 proves: an INTEGER or NUMERIC column may hold the REAL -2**63 beside the
    INTEGER -2**63, one group shown apart (the hole ``docs/verify.md`` documents)."""
    if d.t.typed:
        return True
    classes = {(o.alias, c): f for o in b.occs for c, f in o.affinity}
    for k in b.group.keys:
        col = k
        while isinstance(col, ir.Col) and (col.alias, col.name) in b.env:
            col = b.env[(col.alias, col.name)]
        if isinstance(col, ir.Col) and classes.get((col.alias, col.name)) in ONE_CLASS:
            continue
        if not _in_group(d, b, lambda sc, k=k: sc.val(k), lambda x, y: d.t.same(x, y)):
            return False
    return True


def _counted(g: ir.Agg, sc):
    """The rows COUNT ``g`` counts (scope ``sc``): all, or where its argument is not NULL."""
    if g.fn == AggFn.COUNT_STAR:
        return sc.t.T
    return z3.Not(sc.val(g.arg).null)


def _counts(g) -> bool:
    return (g.fn in (AggFn.COUNT, AggFn.COUNT_STAR) and not g.distinct
            and not isinstance(g.arg, ir.RowVal))


def same_count(d, f, g, sa, sb, keep, facts) -> bool:
    """Do COUNTs ``f`` (of ``sa``'s block) and ``g`` count the same rows of every group?"""
    if not (_counts(f) and _counts(g)):
        return False
    return d.valid(z3.Implies(keep, _counted(f, sa) == _counted(g, sb)), facts)


def count_facts(d, aggs_a: dict, aggs_b: dict, sa, sb, keep, facts) -> list:
    """What the counts and the SUMs of tests of one group (``aggs_a`` read in ``sa``,
    ``aggs_b`` in ``sb``, over the same rows) tell of each other (module docstring)."""
    counts, seen = [], set()
    for aggs, sc in ((aggs_a, sa), (aggs_b, sb)):
        for g, v in aggs.items():
            if _counts(g) and id(v) not in seen:
                seen.add(id(v))
                counts.append((_counted(g, sc), v))
    if len(counts) > MAX_COUNTS:
        return []
    # a count is a whole number of rows below 2**63 (SQLite's 64-bit integer)
    out = [z3.And(z3.IsInt(v.v), v.v < BIG) for _, v in counts]

    def holds(claim) -> bool:
        return d.valid(z3.Implies(keep, claim), facts)

    inside = {(i, j) for i, j in itertools.permutations(range(len(counts)), 2)
              if holds(z3.Implies(counts[i][0], counts[j][0]))}
    out += [counts[i][1].v <= counts[j][1].v for i, j in inside]
    for i, j in itertools.combinations(range(len(counts)), 2):
        if not holds(z3.Not(z3.And(counts[i][0], counts[j][0]))):
            continue
        for k in range(len(counts)):
            if (i, k) in inside and (j, k) in inside and holds(
                    z3.Implies(counts[k][0], z3.Or(counts[i][0], counts[j][0]))):
                out.append(counts[i][1].v + counts[j][1].v == counts[k][1].v)
    return out + _sums_of_tests(holds, aggs_a, aggs_b, sa, sb, counts)


def _sums_of_tests(holds, aggs_a, aggs_b, sa, sb, counts) -> list:
    out = []
    for aggs, sc in ((aggs_a, sa), (aggs_b, sb)):
        for g, v in aggs.items():
            if g.fn != AggFn.SUM or g.distinct or isinstance(g.arg, ir.RowVal):
                continue
            x = sc.val(g.arg)
            one = z3.And(z3.Not(x.null), x.k == 0, x.v == 1)
            if not holds(z3.Or(x.null, z3.And(x.k == 0, z3.Or(x.v == 0, x.v == 1)))):
                continue
            for counted, c in counts:
                if holds(counted == one):
                    out += [z3.Implies(v.null, c.v == 0),
                            z3.Implies(z3.Not(v.null), z3.And(v.k == 0, v.v == c.v))]
                    break
            for counted, c in counts:  # NULL exactly where no row holds a value
                if holds(counted == z3.Not(x.null)):
                    out.append(v.null == (c.v == 0))
                    break
    return out
