"""A grouped source's key fixed to one literal (round 62, i62b): ``fixed_group_keys``.

The law (site ``sources``, before ``joined_group_as_subquery``): a derived table ``SELECT
k.., A(x) .. FROM F WHERE w GROUP BY k.., g HAVING g = c`` (or ``WHERE .. g = c``), ``g`` a
column not read outside its aggregates, is ``SELECT k.., A(x) .. FROM F WHERE w AND g = c
GROUP BY k..``: TPC-DS Q74's per-year view filtered to one year by the query that joins it.
Sound in SQLite: ``g = c`` compares the group's value of ``g`` and each of its rows' values
with the one literal alike (one column, one affinity applied to ``c``, no collation), and
SQLite's comparison is a total preorder, so a group passes exactly when its rows do; and every
row left has ``g`` equal to ``c``, one group's worth of ``g``, so dropping ``g`` from GROUP BY
merges no groups. At least one key stays (no GROUP BY at all would make a row of no rows).
Only when a later rule of the site then fires (the driver keeps a site's changes only then).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import CmpOp, Ty
from .terms import _and, _conjuncts, _windowless
from .windows import _collated

_LITERALS = (Ty.INT, Ty.REAL, Ty.TEXT)


def _fixed(c, keys) -> ir.Col | None:
    """The key ``g`` of a conjunct ``g = c`` (``c`` a literal), else None."""
    if not (isinstance(c, ir.Cmp) and c.op == CmpOp.EQ):
        return None
    for g, lit in ((c.left, c.right), (c.right, c.left)):
        if g in keys and isinstance(lit, ir.Lit) and lit.ty in _LITERALS and lit.value is not None:
            return g
    return None


def _bare(e) -> set:
    """The columns ``e`` reads outside aggregates."""
    if isinstance(e, ir.Agg):
        return set()
    if isinstance(e, ir.Col):
        return {e}
    if isinstance(e, tuple):
        return set().union(*(_bare(y) for y in e)) if e else set()
    if isinstance(e, ir.Expr) and dataclasses.is_dataclass(e):
        return set().union(*(_bare(getattr(e, f.name)) for f in dataclasses.fields(e)), set())
    return set()


def _unfixed(d, schema):
    s = d.query if isinstance(d, ir.Derived) else None
    if not (isinstance(s, ir.Select) and s.aggregate and len(s.group_by) > 1 and not s.distinct
            and s.limit is None and not s.offset and s.bare_from is None and _windowless(s)
            and all(isinstance(g, ir.Col) for g in s.group_by) and not _collated(s.source, schema)):
        return d
    keys = set(s.group_by)
    moved = [c for c in _conjuncts(s.having) if _fixed(c, keys) is not None]
    where = _conjuncts(s.where) + moved
    fixed = {_fixed(c, keys) for c in where} - {None}
    read = _bare((s.items, tuple(c for c in _conjuncts(s.having) if c not in moved), tuple(k for k, _ in s.order)))
    group = tuple(g for g in s.group_by if g not in fixed or g in read)
    if not group or group == s.group_by:
        return d
    having = [c for c in _conjuncts(s.having) if c not in moved]
    return dataclasses.replace(d, query=dataclasses.replace(
        s, where=_and(where), having=_and(having) if having else None, group_by=group))


def fixed_group_keys(q, leaves: list, conds: list, schema):
    """(q, the leaves with their fixed keys dropped, conds), leaves None when none had one."""
    out = [_unfixed(x, schema) for x in leaves]
    return (q, out, conds) if any(a is not b for a, b in zip(out, leaves, strict=True)) else (q, None, conds)


FIXED_KEY_RULE = (
    "fixed_group_keys", "a derived grouping's key g fixed by HAVING (or WHERE) g = c and not "
    "read outside aggregates leaves GROUP BY (the test goes to WHERE), at least one key kept",
    ("sources",), lambda canon, v, ctx: (lambda r: v if r[1] is None else r)(
        fixed_group_keys(*v, canon.schema)))
