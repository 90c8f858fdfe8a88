"""GROUP BY keys that the other keys determine, gone before semijoins are read (issue 25,
i40d): ``determined_key_unread``.

``GROUP BY p.k, p.c`` with ``k`` the never-NULL primary key of ``p`` makes the groups of
``GROUP BY p.k``: rows with one ``k`` are joined to one row of ``p``, so they hold one
``c`` (``group_by_determined`` drops such a key when the select is flattened). Dropped at
the site ``semijoin`` too, when nothing else in the select reads the column (no item,
HAVING conjunct or ORDER BY key: the key only grouped, e.g. a HAVING on it that
``having_to_where`` moved to WHERE), a table that then only filters becomes a semijoin as
it does in the query written without that key (the textbook's ``GROUP BY p.id, p.city
HAVING p.city = 'Oslo'`` against ``WHERE p.city = 'Oslo' GROUP BY p.id``).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from .terms import _deep


def _read(q: ir.Select) -> set:
    """(alias, column) of every column the items, HAVING and ORDER BY of ``q`` read
    (subqueries included)."""
    out: set = set()

    def note(e):
        if isinstance(e, ir.Col):
            out.add((e.alias, e.name))
        return e

    for part in (*q.items, q.having, *(k for k, _ in q.order), q.bare_from):
        if part is not None:
            _deep(part, note)
    return out


def determined_key_unread(canon, value):
    """``(q, leaves, conds)`` with the GROUP BY keys the others determine through a primary
    key, read nowhere else, dropped (module docstring)."""
    q, leaves, conds = value
    if not (isinstance(q, ir.Select) and q.aggregate and len(q.group_by) > 1):
        return value
    once = tuple(dict.fromkeys(q.group_by))  # a repeated key is one key (and no other's)
    kept = canon._drop_determined(once, leaves, {})
    read = _read(q)
    drop = [g for g in once if g not in kept and isinstance(g, ir.Col)
            and (g.alias, g.name) not in read]
    if not drop:
        return value
    keys = tuple(g for g in q.group_by if g not in drop)
    return dataclasses.replace(q, group_by=keys), leaves, conds


DETERMINED_KEY_RULES = (
    ("determined_key_unread", "a GROUP BY key column that the other keys determine through a "
     "never-NULL primary key, read by no item, HAVING or ORDER BY, goes before semijoins are "
     "read (same groups)", ("semijoin",),
     lambda canon, value, ctx: determined_key_unread(canon, value), False),
)
