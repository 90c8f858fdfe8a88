"""A column never NULL in one INTERSECT operand is never NULL in the result: every operand
filtered so (round 62, i62d): ``intersect_null_filters``.

The law (site ``compound``): in an INTERSECT chain (no ALL, ORDER BY, LIMIT) of plain selects
(no aggregate, GROUP BY, window, LIMIT; items columns), when item ``i`` is never NULL on a row
of one operand (a column declared NOT NULL of an inner-joined scan, or ``x IS NOT NULL`` a
conjunct of its WHERE), every operand gets the conjunct ``x_i IS NOT NULL`` (unless declared
or there). Sound in SQLite: a row of the INTERSECT is a row of every operand, so its item
``i`` is not NULL; the filter drops from an operand only rows whose item ``i`` is NULL, which
the intersection drops anyway (a plain select's WHERE filters its output rows one by one; no
window or aggregate sees the rows go). So the two spellings "the filter on the left" and "the
filter on the right" meet in one form (Q97's "pairs in both channels"), before the operands
are ordered (``intersect_commuted``). Near misses: INTERSECT ALL is not touched (a bag
still); the filter on a NULL-able column of an EXCEPT's right side is another law; a grouped
operand is not filtered (its groups would change).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import SetOpKind
from .full_join_counts import _never_null
from .set_laws import _chain, _left_deep
from .terms import _and, _conjuncts, _declared_non_null, _windowless


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
    strict = [i for i in range(len(parts[0].items)) if any(_never_null(p, i, schema) for p in parts)]
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
