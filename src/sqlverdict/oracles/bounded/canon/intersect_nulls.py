"""A column never NULL in one INTERSECT operand is never NULL in the result: every operand
filtered so (round 62, i62d): ``intersect_null_filters``; and ``counted_intersect_commuted``.

The law (site ``compound``): in an INTERSECT chain (no ALL, ORDER BY, LIMIT) of plain selects
(no aggregate, GROUP BY, window, LIMIT; items columns), when one operand filters its item
``i`` by the conjunct ``x IS NOT NULL``, every operand gets the conjunct ``x_i IS NOT NULL``
(unless declared NOT NULL or there). A column declared NOT NULL is left to the semijoin laws
(``intersect_as_null_safe_semijoin`` puts the never-NULL operand outside). Sound in SQLite: a row of the INTERSECT is a row of every operand, so its item
``i`` is not NULL; the filter drops from an operand only rows whose item ``i`` is NULL, which
the intersection drops anyway (a plain select's WHERE filters its output rows one by one; no
window or aggregate sees the rows go). So the two spellings "the filter on the left" and "the
filter on the right" meet in one form (Q97's "pairs in both channels"), before the operands
are ordered (``intersect_commuted``). Near misses: INTERSECT ALL is not touched (a bag
still); the filter on a NULL-able column of an EXCEPT's right side is another law; a grouped
operand is not filtered (its groups would change).

``in_null_filter_dropped`` (site ``conjunct``): a filter conjunct ``x IN (SELECT y .. FROM ..
WHERE y IS NOT NULL AND ..)`` (``(x..) IN (SELECT y..``) drops the subquery's ``y IS NOT NULL``
conjuncts of its items: a NULL item never makes IN TRUE, it only turns a FALSE into NULL,
and a filter keeps neither (so the INTERSECT filtered on every operand, read as a semijoin,
meets the one filtered on the left only). Only a plain subquery (no aggregate, DISTINCT,
LIMIT, window); a ``NOT IN`` is another node, untouched (there NULL and FALSE part).

``counted_intersect_commuted`` (site ``select``): ``SELECT COUNT(*) .. FROM (A INTERSECT B ..)
d`` (every item ``COUNT(*)``, nothing else) takes the chain's operands in the order of their
canonical forms: the intersection's rows are the classes of equal rows every operand holds,
the same classes whichever operand shows its copy, and ``COUNT(*)`` reads no value (so even
where equal values differ, 1 and 1.0, which ``intersect_commuted`` must refuse). Near miss: an
item reading a column (the left operand's copy is shown).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, SetOpKind
from .set_laws import _chain, _left_deep
from .terms import _and, _conjuncts, _declared_non_null, _key, _windowless


def _plain(p) -> bool:
    return (isinstance(p, ir.Select) and not p.aggregate and not p.group_by and p.having is None
            and p.limit is None and not p.offset and p.bare_from is None and _windowless(p)
            and p.source is not None and all(isinstance(x, ir.Col) for x in p.items))


def intersect_null_filters(q, schema):
    """The module's law on a compound; ``q`` itself when it does not apply."""
    if not (isinstance(q, ir.SetOp) and q.op == SetOpKind.INTERSECT and not q.all and schema is not None
            and q.limit is None and not q.offset and not q.order):
        return q
    parts = _chain(q, SetOpKind.INTERSECT)
    if len(parts) < 2 or not all(_plain(p) for p in parts) or len({len(p.items) for p in parts}) != 1:
        return q
    strict = [i for i in range(len(parts[0].items))
              if any(ir.Not(ir.IsNull(p.items[i])) in _conjuncts(p.where) for p in parts)]
    out = []
    for p in parts:
        have = _conjuncts(p.where)
        add = [f for i in strict if not _declared_non_null(p.items[i], p.source, schema)
               and (f := ir.Not(ir.IsNull(p.items[i]))) not in have]
        out.append(dataclasses.replace(p, where=_and([*have, *add])) if add else p)
    if all(a is b for a, b in zip(out, parts, strict=True)):
        return q
    return _left_deep(out, SetOpKind.INTERSECT)


INTERSECT_NULL_RULE = (
    "intersect_null_filters", "in an INTERSECT of plain selects, a column never NULL in one "
    "operand (declared, or filtered IS NOT NULL) is filtered IS NOT NULL in every operand",
    ("compound",), lambda canon, q, ctx: intersect_null_filters(q, canon.schema))


def counted_intersect_commuted(canon, q):
    """The module's second law on a select; ``q`` itself when it does not apply."""
    if not (isinstance(q, ir.Select) and q.aggregate and not q.group_by and q.where is None
            and q.having is None and not q.order and q.limit is None and not q.offset
            and q.bare_from is None and isinstance(d := q.source, ir.Derived)
            and all(isinstance(i, ir.Agg) and i.fn == AggFn.COUNT_STAR for i in q.items)):
        return q
    s = d.query
    if not (isinstance(s, ir.SetOp) and s.op == SetOpKind.INTERSECT and not s.all
            and s.limit is None and not s.offset and not s.order):
        return q
    parts = _chain(s, SetOpKind.INTERSECT)
    if len(parts) < 2 or len({len(p.items) for p in parts}) != 1:
        return q
    keys = [_key(canon.query(p, {}, 0, False)) for p in parts]
    out = _left_deep([parts[i] for i in sorted(range(len(parts)), key=lambda i: keys[i])],
                     SetOpKind.INTERSECT)
    return q if out == s else dataclasses.replace(q, source=dataclasses.replace(d, query=out))


INTERSECT_COUNT_RULE = (
    "counted_intersect_commuted", "SELECT COUNT(*) FROM (A INTERSECT B ..) takes the operands "
    "in the order of their canonical forms (a count reads no copy of a row)", ("select",),
    lambda canon, q, ctx: counted_intersect_commuted(canon, q))


def in_null_filter_dropped(c):
    """The module's third law on a filter conjunct; ``c`` itself when it does not apply."""
    s = getattr(c, "query", None)
    if not (isinstance(c, ir.InSub) and isinstance(s, ir.Select) and not s.aggregate
            and not s.group_by and s.having is None and not s.distinct and s.limit is None
            and not s.offset and s.bare_from is None and _windowless(s)):
        return c
    nulls = {ir.Not(ir.IsNull(y)) for y in s.items}
    have = _conjuncts(s.where)
    if not any(f in nulls for f in have):
        return c
    return dataclasses.replace(c, query=dataclasses.replace(s, where=_and([f for f in have if f not in nulls])))


IN_NULL_RULE = (
    "in_null_filter_dropped", "a filter x IN (SELECT y .. WHERE y IS NOT NULL AND ..) is x IN "
    "(SELECT y .. WHERE ..): a NULL y turns only FALSE into NULL, which a filter rejects alike",
    ("conjunct",), lambda canon, q, ctx: in_null_filter_dropped(q))
