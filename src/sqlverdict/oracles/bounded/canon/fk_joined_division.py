"""Division by distinct counts of a foreign key, over a join (round 59, i59c):
``fk_distinct_division_as_not_exists``.

"The members who attended every class type" counts the references without joining the
divisor's table:

    SELECT w.e FROM W WHERE r GROUP BY w.e HAVING COUNT(DISTINCT d.p) = (SELECT COUNT(*) FROM P)

is ``distinct_division``'s double ``NOT EXISTS`` (``SELECT DISTINCT w.e FROM W WHERE r AND
NOT EXISTS (SELECT 1 FROM P p WHERE NOT EXISTS (SELECT 1 FROM W' WHERE r' AND w'.e = w.e AND
d'.p = p.k)))`` when ``d.p -> P.k`` is a declared exact one-column foreign key
(``ir.exact_foreign_keys``: one storage class, so equal is identical) onto a one-column
never-NULL unique key ``k`` of ``P``, ``p`` declared NOT NULL, the divisor ``COUNT(*)``
(``COUNT(k)``, ``COUNT(DISTINCT k)``) of ``P`` without a filter, no collated table, and
``distinct_division._dividend``'s conditions (``e`` a NOT NULL column of identical equal
values, inner joins of scans, no subquery).

Sound on every database that satisfies the key: each ``d.p`` is the ``k`` of exactly one
row of ``P``, so the distinct ``p`` of a group are distinct rows of ``P`` and their count is
at most ``COUNT(*)`` of ``P``, equal exactly when no row of ``P`` is missing from the group:
the inner ``NOT EXISTS``. An empty ``P`` leaves no row of ``W`` (every row references one),
so both sides are empty. Near misses: a NULL-able ``p``, the divisor filtered (a group may
reference a row the filter drops), ``COUNT(d.p)`` (a type counted twice), a foreign key
onto another table.
"""

from __future__ import annotations

from .. import ir
from ..ir.walk import defined_aliases
from .distinct_division import DISTINCT_DIVISION_RULE, division_parts, not_exists_form
from .division_guards import DIVISION_GUARD_RULE
from .outer_conjuncts import OUTER_CONJUNCT_RULE
from .own_counterexamples import OWN_COUNTEREXAMPLE_RULE
from .semijoin_division import SEMIJOIN_DIVISION_RULE
from .terms import _leaves, _unique_keys
from .value_division import VALUE_DIVISION_RULE


def _reference(x: ir.Col, leaves, schema, p: ir.Scan):
    """The key column name of ``P`` that ``x`` references by a NOT NULL exact foreign key,
    else None."""
    d = next((s for s in leaves if isinstance(s, ir.Scan) and s.alias == x.alias), None)
    if d is None or d.table == p.table or not schema.table(d.table).never_null(x.name):
        return None
    pt = schema.table(p.table)
    for fk, ref in ir.exact_foreign_keys(schema, schema.table(d.table)):
        if (len(fk.columns) == 1 and fk.columns[0].lower() == x.name.lower()
                and ref.name.lower() == p.table and [fk.ref_columns[0].lower()] in _unique_keys(pt)):
            return fk.ref_columns[0].lower()
    return None


def fk_distinct_division_as_not_exists(q, schema, typed: bool):
    """The module's law, else ``q``."""
    found = division_parts(q, schema, typed)
    if found is None or found[2][3]:
        return q  # (not the grouped form, or the divisor filtered)
    e, x, (p, y, _, _) = found
    k = _reference(x, _leaves(q.source), schema, p)
    pt = schema.table(p.table)
    if (k is None or pt.collated or not pt.never_null(k) or (y is not None and y.lower() != k)
            or p.alias in defined_aliases(q.source)):
        return q  # (another column counted, an alias met twice)
    return not_exists_form(q, e, x, p, k, [])


FK_JOINED_DIVISION_RULE = (
    "fk_distinct_division_as_not_exists", "SELECT w.e FROM W WHERE r GROUP BY w.e HAVING "
    "COUNT(DISTINCT d.p) = (SELECT COUNT(*) FROM P), d.p -> P.k a NOT NULL exact foreign key, is "
    "SELECT DISTINCT w.e FROM W WHERE r AND NOT EXISTS (SELECT 1 FROM P p WHERE NOT EXISTS "
    "(SELECT 1 FROM W' WHERE r' AND w'.e = w.e AND d'.p = p.k))", ("select",),
    lambda canon, q, ctx: fk_distinct_division_as_not_exists(q, canon.schema, canon.typed), True)

# (rules.py's registry: value_division.py's law of a column's values as the divisor too;
# i62a: the semi-join dividend, the guard as witness, the outer conjunct repeated inside,
# the test an own-group quantifier implies)
DIVISION_FAMILY = (DISTINCT_DIVISION_RULE, FK_JOINED_DIVISION_RULE, SEMIJOIN_DIVISION_RULE,
                   VALUE_DIVISION_RULE, DIVISION_GUARD_RULE, OUTER_CONJUNCT_RULE,
                   OWN_COUNTEREXAMPLE_RULE)
