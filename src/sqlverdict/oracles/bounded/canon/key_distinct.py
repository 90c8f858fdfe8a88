"""DISTINCT over a composite key (issue 25, set operations: ``WHERE p OR q`` written as
the UNION of two filters carrying the table's key, as SQLite's manual shows the OR
optimisation, becomes ``SELECT DISTINCT key.., e FROM T WHERE p OR q``).

``distinct_over_key_set`` (site ``distinct``): DISTINCT over items that hold every column
of a primary key (never NULL, of a source that determines every other joined source:
``flatten._row_key_sets``) removes nothing. Two rows of the joined FROM differ in that key
(the key's index compares as DISTINCT does: NULL never stored, 1 and 1.0 one value), so
their items differ. ``distinct_over_key`` is the one-column case.
"""

from __future__ import annotations

from .. import ir


def distinct_over_key_set(canon, distinct: bool, ctx) -> bool:
    """The DISTINCT flag, False when the items hold a whole key set of the joined row."""
    if not distinct or ctx["aggregate"]:
        return distinct
    cols = {(i.alias, i.name) for i in ctx["items"] if isinstance(i, ir.Col)}
    if any(len(k) > 1 and k <= cols for k in ctx.get("key_sets", ())):  # (one: distinct_over_key)
        return False
    return distinct


KEY_DISTINCT_RULE = (
    "distinct_over_key_set", "DISTINCT over items holding every column of a never-NULL "
    "primary key of a source determining the joined row is a no-op", ("distinct",),
    distinct_over_key_set)
