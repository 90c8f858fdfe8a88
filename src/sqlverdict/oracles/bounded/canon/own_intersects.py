"""An INTERSECT with every row of the table its rows come from, as DISTINCT (round 61, i61b):
``own_rows_intersect_as_distinct``.

The law (site ``compound``): ``L INTERSECT SELECT c.. FROM T`` (either order; no ALL, ORDER
BY, LIMIT) is ``L`` with DISTINCT when ``L``'s items are the columns ``a.c..`` of one scan
``a`` of ``T`` inner-joined in ``L``'s FROM, in the order of the other operand's items, and
``L`` is not an aggregate without GROUP BY (under GROUP BY each item is a grouping key): "the
crews with two pairings on one day" INTERSECT the crews of the assignments, "the repeated
log entries" INTERSECT the log.

Sound in SQLite: every row ``L`` yields shows the values of one row of ``T`` (a joined row
holds a real row of ``a``, never a padded one; a grouping key shows the values its group's
rows hold), and the other operand lists every row of ``T``'s values, so INTERSECT keeps
every row of ``L``, once (INTERSECT compares NULL as equal to NULL, as DISTINCT does; no
conversion between one column's values). Both show identical values when equal values of
each column are identical (``transfer._exact``: TEXT, numbers in the typed domain), whichever
operand's row the INTERSECT shows. ``L``'s WHERE, HAVING and joins only choose which rows of
``T`` appear. The operand is read as written or as its canonical form (the same rows).
Near misses: the other operand filtered, another table's column, a column of
a LEFT JOIN's padded side, two columns of two scans of ``T`` (a pair no one row holds).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import SetOpKind
from .terms import Flat, _leaves
from .transfer import _exact


def _scans(src) -> list:
    """The inner-joined scans of a FROM (canonical or not), else []."""
    leaves = list(src.leaves) if isinstance(src, Flat) else _leaves(src)
    return [x for x in leaves or () if isinstance(x, ir.Scan)]


def _whole_table(r):
    """(table, its columns in order) of ``SELECT c.. FROM T``, nothing else, else None."""
    if not (isinstance(r, ir.Select) and r.where is None and not r.aggregate and not r.group_by
            and r.having is None and r.limit is None and not r.offset and r.bare_from is None):
        return None
    src = r.source
    if isinstance(src, Flat) and len(src.leaves) == 1 and not src.classes:
        src = src.leaves[0]
    if not (isinstance(src, ir.Scan) and all(isinstance(i, ir.Col) and i.alias == src.alias
                                              for i in r.items)):
        return None
    return src.table, [i.name.lower() for i in r.items]


def _rows_of(q, table: str, names: list, typed: bool) -> bool:
    """Are ``q``'s items the columns ``names`` of one inner-joined scan of ``table``, exact?"""
    if not (isinstance(q, ir.Select) and q.bare_from is None and (q.group_by or not q.aggregate)
            and q.limit is None and not q.offset and not q.order and len(q.items) == len(names)):
        return False
    if not all(isinstance(i, ir.Col) and i.name.lower() == n and _exact(i, i, typed)
               for i, n in zip(q.items, names, strict=True)):
        return False
    aliases = {i.alias for i in q.items}
    if len(aliases) != 1 or (q.group_by and not all(i in q.group_by for i in q.items)):
        return False
    return any(x.alias in aliases and x.table == table for x in _scans(q.source))


def own_rows_intersect_as_distinct(q, schema, typed: bool = False, form=None):
    """The module's law on a compound; ``q`` itself when it does not apply. ``form``: an
    operand's canonical form (an equal bag of rows), read when the operand itself is not
    yet in the shape (a ROW_NUMBER filter that is a grouping)."""
    if not (isinstance(q, ir.SetOp) and q.op == SetOpKind.INTERSECT and not q.all
            and q.limit is None and not q.offset and not q.order and schema is not None):
        return q
    for one, other in ((q.left, q.right), (q.right, q.left)):
        whole = _whole_table(other)
        if (whole is not None and not schema.table(whole[0]).collated
                and (_rows_of(one, *whole, typed) or (form is not None and _rows_of(form(one), *whole, typed)))):
            grouped = isinstance(one, ir.Select) and one.group_by and set(one.group_by) <= set(one.items)
            return dataclasses.replace(one, distinct=not grouped)  # (exact keys: groups are distinct)
    return q


OWN_INTERSECT_RULE = (
    "own_rows_intersect_as_distinct", "L INTERSECT SELECT c.. FROM T (either order), L's items "
    "the columns c.. of one inner-joined scan of T (grouping keys under GROUP BY), exact, is "
    "SELECT DISTINCT L (order not read)", ("compound",),
    lambda canon, q, ctx: q if ctx.get("sensitive", True)
    else own_rows_intersect_as_distinct(q, canon.schema, canon.typed, lambda x: canon.query(x, {}, 0, False)))
