"""The NULL group written as its own UNION ALL branch (round 58): ``null_group_branch``.

``SELECT k, g.., A.. FROM F WHERE w AND k IS NOT NULL GROUP BY k, g.. UNION ALL SELECT NULL,
g.., A.. FROM F WHERE w AND k IS NULL GROUP BY g'..`` is ``SELECT k, g.., A.. FROM F WHERE w
GROUP BY k, g..`` ("sites per city including unknown", "vaccinations per vet and month with
the unassigned ones"): the second operand is rewritten into the first's spelling, with ``k``
for the literal NULL and the first's GROUP BY, and ``split_union_all`` (``canon/splits.py``)
merges the two. The second operand's rows all have ``k`` NULL, so its item ``NULL`` is ``k``
on each of them, and its GROUP BY ``g'..`` groups them as ``k, g..`` does when ``g'..`` holds
every key ``g`` and each other key of ``g'`` (and of ``g``) is one value on its kept rows: a
literal, ``k`` or a column its WHERE tests ``IS NULL``, or one it compares ``= v`` with a
non-NULL literal (every kept value then equals the one value ``v`` converts to, and values
equal under ``=`` fall in one group: numbers by value, text by BINARY, so no table of a
non-BINARY collation). The NULL operand's spelling without GROUP BY is taken only under
``HAVING COUNT(*) > 0`` (``count_positive_as_group``'s GROUP BY 1): bare, it returns a row
counting 0 when no ``k`` is NULL, where the GROUP BY returns none.

Conditions (each a near miss in ``tests/fixtures/rules/null_group_branch.sql``): the
compound is ``UNION ALL`` of two plain grouped selects (no DISTINCT, ORDER BY, LIMIT, window)
with the ``k IS NOT NULL`` operand on the left (a compound's columns take the left operand's
affinity: a NULL literal on the left has none, which ``k`` would change); the first
operand's items and HAVING read columns outside aggregates only as whole GROUP BY keys (a
bare column is some row's value, which a different GROUP BY may pick otherwise), no
subquery; everything else as ``split_union_all`` asks (the same FROM, items, HAVING and
conjuncts but for ``k IS [NOT] NULL``, ``k`` a key column of the first operand).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import CmpOp, SetOpKind
from ..ir.walk import nodes
from .aggregates import _outside_aggregates, count_positive_as_group
from .setops import _renamed
from .splits import _unordered, split_union_all
from .terms import _conjuncts
from .windows import _collated

_SUBQUERIES = (ir.ScalarSub, ir.Exists, ir.InSub)


def _constant_keys(b: ir.Select, schema) -> tuple[set, set]:
    """``(nulls, constants)``: the columns ``b``'s WHERE tests ``IS NULL`` (NULL on every
    kept row), and those together with the columns it compares ``=`` with a non-NULL
    literal (one group's value on every kept row; none when a table is collated)."""
    nulls, equal = set(), set()
    for c in _conjuncts(b.where):
        if isinstance(c, ir.IsNull) and isinstance(c.arg, ir.Col):
            nulls.add(c.arg)
        elif isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and not c.conv:
            for x, y in ((c.left, c.right), (c.right, c.left)):
                if isinstance(x, ir.Col) and isinstance(y, ir.Lit) and y.value is not None:
                    equal.add(x)
    if equal and (schema is None or _collated(b.source, schema)):
        equal = set()
    return nulls, nulls | equal


def _keyed_reads(a: ir.Select) -> bool:
    """Do ``a``'s items and HAVING read columns outside aggregates only as whole GROUP BY
    keys, and no subquery?"""
    if any(isinstance(n, _SUBQUERIES) for n in nodes((a.items, a.having))):
        return False
    loose = [i for i in a.items if i not in a.group_by] + _conjuncts(a.having)
    return not any(isinstance(y, ir.Col) for y in _outside_aggregates(tuple(loose)))


def _as_first(a: ir.Select, b: ir.Select, schema):
    """``b`` (the NULL operand, renamed to ``a``'s aliases) in ``a``'s GROUP BY and with
    ``a``'s NULL key columns for its NULL literals, or None."""
    if b.aggregate and not b.group_by:
        b = count_positive_as_group(b)
    if not (a.aggregate and a.group_by and b.aggregate and b.group_by
            and len(a.items) == len(b.items)):
        return None
    b = _renamed(b, a)
    if b is None:
        return None
    nulls, constants = _constant_keys(b, schema)
    constant = lambda g: isinstance(g, ir.Lit) or g in constants  # noqa: E731
    if not (all(g in b.group_by or constant(g) for g in a.group_by)
            and all(g in a.group_by or constant(g) for g in b.group_by)):
        return None
    items = tuple(x if isinstance(y, ir.Lit) and y.value is None and x in nulls else y
                  for x, y in zip(a.items, b.items, strict=True))
    if items == b.items and a.group_by == b.group_by:
        return None  # (split_union_all's own case)
    return dataclasses.replace(b, group_by=a.group_by, items=items)


def null_group_branch(q, same, schema=None):
    """``A UNION ALL B``, ``B`` the NULL group of ``A``'s key spelt apart (module
    docstring), as ``A`` without its ``k IS NOT NULL``; else ``q``."""
    if not (isinstance(q, ir.SetOp) and q.op == SetOpKind.UNION and q.all
            and isinstance(q.left, ir.Select) and isinstance(q.right, ir.Select)
            and _keyed_reads(q.left)):
        return q
    b = _as_first(q.left, q.right, schema)
    if b is None:
        return q
    merged = split_union_all(dataclasses.replace(q, right=b), same, schema)
    return q if isinstance(merged, ir.SetOp) else merged


NULL_BRANCH_RULE = (
    "null_group_branch", "SELECT k, g.., A FROM F WHERE w AND k IS NOT NULL GROUP BY k, g.. UNION "
    "ALL SELECT NULL, g.., A FROM F WHERE w AND k IS NULL GROUP BY g'.. is SELECT k, g.., A FROM F "
    "WHERE w GROUP BY k, g.., g'.. holding each g and otherwise keys one value on the NULL "
    "operand's rows (a literal, IS NULL, = literal, no collated table; order not read)",
    ("compound",), _unordered(null_group_branch), False)
