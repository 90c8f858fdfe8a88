"""Every outer column of an equated class in a correlation (issue 25, i60a):
``correlation_of_equal_columns``.

"Two failed payments in a row" joins a payment ``a`` to the next one ``b`` of the same
member: ``.. JOIN payment b ON b.member = a.member .. WHERE NOT EXISTS (SELECT 1 FROM payment
c WHERE c.member = a.member AND a <lex c AND c <lex b)``; the LAG spelling (through
``neighbour_as_subquery`` and ``scalar_top_row_as_join``) reads the partition of the later
row, ``c.member = b.member``. Inside the NOT EXISTS both read one value. A choice of one
column by name would not be canonical (aliases are named after the leaves are ordered), so
the law writes both: beside ``e = b.x`` it adds ``e = a.x``, and the spellings meet.

Law: in an inner-joined select (the site ``sources``: its leaves and conjuncts), with the
conjunct ``a.x = b.x`` (``=``, no conversion, columns of the select's leaves), a conjunct
``EXISTS (S)`` or ``NOT EXISTS (S)`` whose WHERE has a top-level conjunct ``e = b.x`` (no
conversion, ``e`` of the same type) is the same with ``e = a.x`` added beside it. Only in the
typed domain, the columns of one type (INTEGER or TEXT) and no collated table among the
select's leaves: ``=`` without conversion on values of one of these storage classes holds
only of identical values (integers by value, text byte for byte), so where the select keeps
a row (``a.x = b.x`` TRUE) ``e = b.x`` and ``e = a.x`` agree on every row of ``S``;
elsewhere the row goes whatever the EXISTS says. Not where ``S`` defines the alias of ``a``
or ``b`` (a nested scope naming it again).
Near misses (tests/fixtures/rules/correlation_of_equal_columns.sql): the equality in a LEFT
JOIN's ON (the padded row), an unequal pair (``<>``).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import CmpOp, Conv, Ty
from ..ir.walk import defined_aliases
from .terms import _and, _conjuncts, _key
from .windows import _collated


def _classes(conds: list, aliases: set) -> dict:
    """Each column of a class the conjuncts equate (``=``, no conversion, one type, columns
    of ``aliases``) to the columns of its class."""
    cls: dict = {}
    for d in conds:
        if (isinstance(d, ir.Cmp) and d.op == CmpOp.EQ and d.conv == Conv.NONE
                and isinstance(d.left, ir.Col) and isinstance(d.right, ir.Col)
                and d.left.alias in aliases and d.right.alias in aliases
                and d.left.ty == d.right.ty in (Ty.INT, Ty.TEXT) and d.left != d.right):
            merged = cls.get(d.left, {d.left}) | cls.get(d.right, {d.right})
            for c in merged:
                cls[c] = merged
    return cls


def _closed(c, cls: dict, outer: set):
    """``c`` (``EXISTS``/``NOT EXISTS``) with ``e = m'`` added beside each top-level ``e =
    m`` of its WHERE for the other columns ``m'`` of ``m``'s class, else ``c``."""
    neg = isinstance(c, ir.Not)
    ex = c.arg if neg else c
    if not (isinstance(ex, ir.Exists) and isinstance(ex.query, ir.Select)
            and not outer & set(defined_aliases(ex.query))):
        return c
    s = ex.query
    conds = _conjuncts(s.where)
    have = {_key(d) for d in conds}
    added = []
    for d in conds:
        if not (isinstance(d, ir.Cmp) and d.op == CmpOp.EQ and d.conv == Conv.NONE):
            continue
        for side, other in (("left", d.right), ("right", d.left)):
            m = getattr(d, side)
            if m not in cls or getattr(other, "ty", None) != m.ty:
                continue
            for m2 in sorted(cls[m] - {m}, key=_key):
                e = dataclasses.replace(d, **{side: m2})
                if _key(e) not in have:
                    have.add(_key(e))
                    added.append(e)
    if not added:
        return c
    ex = dataclasses.replace(ex, query=dataclasses.replace(s, where=_and(conds + added)))
    return ir.Not(ex) if neg else ex


def correlation_of_equal_columns(v, schema, typed: bool):
    """``(q, leaves, conds)`` with the module's law applied to every (NOT) EXISTS conjunct,
    else ``v``."""
    q, leaves, conds = v
    if not typed or _collated(leaves, schema):
        return v
    aliases = {a for leaf in leaves for a in (getattr(leaf, "alias", None),) if a}
    cls = _classes(conds, aliases)
    if not cls:
        return v
    outer = {c.alias for c in cls}
    new = [_closed(c, cls, outer) if isinstance(c, (ir.Exists, ir.Not)) else c for c in conds]
    return v if all(x is y for x, y in zip(new, conds, strict=True)) else (q, leaves, new)


CORRELATION_RULE = (
    "correlation_of_equal_columns", "in an inner-joined select with a.x = b.x (no conversion, "
    "INTEGER or TEXT), a conjunct e = b.x (no conversion, same type) in the WHERE of an EXISTS "
    "or NOT EXISTS conjunct gets e = a.x beside it (typed domain, binary collation): where the "
    "row is kept both read one value", ("sources",),
    lambda canon, v, ctx: correlation_of_equal_columns(v, canon.schema, canon.typed), True)
