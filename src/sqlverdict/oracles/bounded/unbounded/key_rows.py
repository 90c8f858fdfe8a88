"""EXCEPT and INTERSECT as anti- and semi-joins, and a row found again by its key as the
row itself (``as_rows``, ``same_row_by_key``): the parts of a set operation read as the
parts of the query it came from.

``as_rows``: ``InRows`` of one block (``L EXCEPT R``, ``L INTERSECT R``: some row of ``R``
not distinct from the left row, NULL matching NULL) is ``SomeRows`` of that block's rows
with ``r_i IS l_i`` for each column (``NoRows`` for EXCEPT): ``IS`` without conversion
compares as the set operations do (both NULL, or equal: 1 and 1.0 too), the comparison
``values.Terms.same_row`` and ``values.Terms.compare(IS)`` both encode.

``same_row_by_key``: in ``SomeRows`` / ``NoRows``, an occurrence ``O`` of a table whose
declared key (PRIMARY KEY or UNIQUE) columns are all never NULL (NOT NULL, a rowid alias:
``Occ.not_null``) and equated (``=`` or ``IS``, no conversion) column by column with the
same columns of an occurrence ``J`` of the same table outside it: a row of ``O`` meeting
those conjuncts has the key of ``J``'s row, non-NULL, so it is that row (a key is unique
among non-NULL values, compared as ``=`` compares); its columns hold ``J``'s values,
identical. So ``O`` is dropped and its columns read ``J``'s.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import CmpOp, Conv, Ty
from .normal import InRows, NoRows, SomeRows
from .walk import _plain_ir, _values


def as_rows(c: InRows):
    """``c`` as ``SomeRows`` / ``NoRows`` (see the module), or None (several blocks)."""
    if len(c.blocks) != 1 or c.blocks[0].group is not None:
        return None
    b = c.blocks[0]
    if len(b.items) != len(c.items):
        return None
    same = tuple(ir.Cmp(CmpOp.IS, x, y, Ty.BOOL, Conv.NONE) for x, y in zip(b.items, c.items, strict=True))
    return (NoRows if c.negated else SomeRows)(b.occs, b.conds + same, b.env)


def same_row_by_key(c, scope: tuple, schema):
    """``c`` (``SomeRows`` / ``NoRows``) with each occurrence found by a key of an outer
    occurrence (``scope``) read as that occurrence; else ``c``. Not in a table with a
    collated column (its key is unique under the collation)."""
    for o in c.occs:
        j = _keyed_by(o, c.conds, scope)
        if j is not None and schema.table(o.key[1]).collated:
            continue
        if j is None:
            continue
        conds, env = substitute((c.conds, c.env), o.alias,
                                lambda col, j=j: dataclasses.replace(col, alias=j.alias))
        if reads(o.alias, (conds, env)):  # inside a subquery or a nested condition
            continue
        rest = type(c)(tuple(x for x in c.occs if x is not o), conds, env)
        return same_row_by_key(rest, scope, schema)
    return c


def reads(alias: str, x) -> bool:
    return any(isinstance(y, ir.Col) and y.alias == alias for y in _values(x))


def substitute(x, alias: str, new):
    """``x`` with each column of ``alias`` replaced by ``new(column)`` (outside subqueries
    and the normal form's conditions: what is left there still reads ``alias``)."""
    if isinstance(x, ir.Col) and x.alias == alias:
        got = new(x)
        return x if got is None else got
    if isinstance(x, tuple):
        return tuple(substitute(y, alias, new) for y in x)
    if isinstance(x, dict):
        return {k: substitute(v, alias, new) for k, v in x.items()}
    if _plain_ir(x):
        return dataclasses.replace(x, **{f.name: substitute(getattr(x, f.name), alias, new)
                                         for f in dataclasses.fields(x)})
    return x


def _keyed_by(o, conds: tuple, scope: tuple):
    if o.key[0] != "table" or not o.keys:
        return None
    for j in scope:
        if j is o or j.key != o.key:
            continue
        equated = {a for x in conds if (a := _equated(x, o.alias, j.alias)) is not None}
        for cols, _ in o.keys:
            if cols and set(cols) <= equated and set(cols) <= o.not_null:
                return j
    return None


def _equated(x, mine: str, other: str) -> str | None:
    """The column ``k`` when ``x`` is ``mine.k = other.k`` or ``IS`` (no conversion)."""
    if not (isinstance(x, ir.Cmp) and x.op in (CmpOp.EQ, CmpOp.IS) and x.conv == Conv.NONE
            and isinstance(x.left, ir.Col) and isinstance(x.right, ir.Col)):
        return None
    a, b = x.left, x.right
    if a.alias == other:
        a, b = b, a
    if a.alias == mine and b.alias == other and a.name == b.name:
        return a.name
    return None
