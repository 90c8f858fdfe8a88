"""Relational division with the dividend cut to the divisor by a semi-join (round 62, i62a):
``semijoin_division_as_not_exists``.

"The listeners who downloaded every episode of show 1", counted:

    SELECT w.e FROM W WHERE r AND d.y IN (SELECT k FROM P WHERE f) GROUP BY w.e
    HAVING COUNT(DISTINCT d.y) = (SELECT COUNT(*) FROM P WHERE f)

is ``distinct_division``'s double ``NOT EXISTS`` (``SELECT DISTINCT w.e FROM W WHERE r AND
d.y IN (..) AND NOT EXISTS (SELECT 1 FROM P p WHERE f AND NOT EXISTS (SELECT 1 FROM W'
WHERE r' AND w'.e = w.e AND d'.y = p.k)))``. (A join of ``P`` read only by its key is this
semi-join in canonical form.) Conditions, each with its reason in SQLite:

- ``k`` is declared NOT NULL in ``P``, ``P`` is not collated, and ``d.y IN`` compares without
  conversion (one affinity, ``d.y``'s equal values identical): ``IN``, ``=`` and
  ``COUNT(DISTINCT)`` take the same values for equal, so a group's distinct ``y`` are
  distinct ``k`` values of ``P WHERE f``.
- The divisor counts the distinct ``k`` of ``P WHERE f`` (the same ``f``, read on the
  divisor's own scan): ``COUNT(DISTINCT k)``, or ``COUNT(*)``/``COUNT(k)`` with ``k`` a
  one-column unique key. So the counts are equal exactly when no ``k`` of the divisor is
  missing from the group: the inner ``NOT EXISTS``.
- ``f`` reads ``P`` alone, without subqueries; the semi-join is ``r``'s only subquery.
- ``e`` (``distinct_division._dividend``): NOT NULL (declared, or ``e IS NOT NULL`` in ``r``)
  with identical equal values, so ``w'.e = w.e`` finds the group's rows.
- ``P WHERE f`` empty: the semi-join keeps no row of ``W``, so both sides are empty.
"""

from __future__ import annotations

from .. import ir
from ..ir.kinds import Conv
from ..ir.walk import defined_aliases, realias
from .distinct_division import _dividend, _divisor, not_exists_form
from .division import _unique
from .terms import _aliases_in, _conjuncts, _has_sub, _on_conjuncts
from .twins import _identical


def _semijoin(c, x: ir.Col):
    """``x IN (SELECT p.k FROM P p WHERE f)`` (no conversion, ``f`` over ``p`` alone
    without subqueries) as (scan, k name, f), else None."""
    if not (isinstance(c, ir.InSub) and c.arg == x and c.conv == Conv.NONE and not c.convs
            and isinstance(c.query, ir.Select)):
        return None
    s = c.query
    if not (isinstance(s.source, ir.Scan) and not s.aggregate and not s.group_by
            and s.having is None and s.limit is None and not s.offset and s.bare_from is None
            and len(s.items) == 1 and isinstance(s.items[0], ir.Col)
            and s.items[0].alias == s.source.alias and s.items[0].affinity == x.affinity):
        return None
    f = _conjuncts(s.where)
    if any(_has_sub(y) or _aliases_in(y) != {s.source.alias} for y in f):
        return None
    return s.source, s.items[0].name.lower(), f


def semijoin_division_as_not_exists(q, schema, typed: bool):
    """The module's law, else ``q``."""
    found = _dividend(q, schema, typed)
    if found is None:
        return q
    e, x, h = found
    div = _divisor(h, schema)
    conds = _on_conjuncts(q.source) + _conjuncts(q.where)
    subs = [c for c in conds if _has_sub(c)]
    semi = _semijoin(subs[0], x) if len(subs) == 1 and div is not None else None
    if semi is None or not _identical(x, typed):
        return q
    s, k, f = semi
    p, counted, distinct, f2 = div
    t = schema.table(p.table)
    if (p.table != s.table or t.collated or not t.never_null(k)
            or (counted is not None and counted.lower() != k)
            or not (distinct or _unique(schema, p.table, k))
            or p.alias in defined_aliases(q.source)):
        return q
    mine = {repr(realias(y, {s.alias: p.alias})) for y in f}
    if mine != {repr(y) for y in f2}:
        return q
    return not_exists_form(q, e, x, p, k, f2)


SEMIJOIN_DIVISION_RULE = (
    "semijoin_division_as_not_exists", "SELECT w.e FROM W WHERE r AND d.y IN (SELECT k FROM P "
    "WHERE f) GROUP BY w.e HAVING COUNT(DISTINCT d.y) = (SELECT COUNT(DISTINCT k) FROM P WHERE "
    "f) is SELECT DISTINCT w.e FROM W WHERE r AND d.y IN (..) AND NOT EXISTS (SELECT 1 FROM P p "
    "WHERE f AND NOT EXISTS (SELECT 1 FROM W' WHERE r' AND w'.e = w.e AND d'.y = p.k)), k NOT "
    "NULL (COUNT(*) of a unique key k alike), e a NOT NULL key of identical equal values",
    ("select",), lambda canon, q, ctx: semijoin_division_as_not_exists(q, canon.schema, canon.typed))
