"""Reading the IR inside the prover's blocks: which aliases and columns an expression reads,
its aggregates and scalar subqueries, and replacing a node (outside subqueries)."""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import CmpOp
from ..ir.walk import field_names
from .normal import Block


def _values(x, *, dicts: bool = True, into=lambda y: True):
    """Every value inside ``x``: tuples, lists, dicts (``dicts``) and dataclass fields,
    depth first; a value for which ``into`` is false is yielded but not entered."""
    stack = [x]
    while stack:
        y = stack.pop()
        yield y
        if not into(y):
            continue
        if isinstance(y, (tuple, list)):
            stack += list(y)
        elif dicts and isinstance(y, dict):
            stack += list(y.values())
        elif (names := field_names(y)) is not None:
            stack += [getattr(y, f) for f in names]


def _reads_col(x, alias: str, name: str) -> bool:
    return any(isinstance(y, ir.Col) and (y.alias, y.name) == (alias, name) for y in _values(x))


def _agg_aliases(x) -> set[str]:
    """Aliases read inside aggregates of ``x``."""
    out: set[str] = set()
    for y in _values(x, dicts=False, into=lambda y: not isinstance(y, ir.Agg)):
        if isinstance(y, ir.Agg):
            out |= _aliases(y)
    return out


def _scalar_subs(x) -> list:
    """The scalar subqueries of ``x`` (IR expressions), outside other subqueries."""
    out, stack = [], [x]
    while stack:
        y = stack.pop()
        if isinstance(y, ir.ScalarSub):
            out.append(y)
        elif isinstance(y, (tuple, list)):
            stack += list(y)
        elif _plain_ir(y):
            stack += [getattr(y, f) for f in field_names(y)]
    return out


def _plain_ir(y) -> bool:
    """An IR expression node (not a query, not a subquery, not a normal-form condition)."""
    return (field_names(y) is not None and type(y).__module__ == ir.Select.__module__
            and not isinstance(y, (ir.Exists, ir.InSub, ir.ScalarSub, ir.Select, ir.SetOp)))


def _replace(x, old, new):
    """``x`` with the IR node ``old`` replaced by ``new`` (outside subqueries)."""
    if x == old:
        return new
    if isinstance(x, tuple):
        return tuple(_replace(y, old, new) for y in x)
    if _plain_ir(x):
        return dataclasses.replace(x, **{f.name: _replace(getattr(x, f.name), old, new)
                                         for f in dataclasses.fields(x)})
    return x


def _equates(c, alias: str):
    """The column of ``alias`` that conjunct ``c`` equates to an expression not reading
    ``alias`` (``=`` without affinity conversion), or None."""
    if not (isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and not c.conv):
        return None
    for x, y in ((c.left, c.right), (c.right, c.left)):
        if isinstance(y, ir.Col) and y.alias == alias and alias not in _aliases(x):
            return y.name
    return None


def _aliases(x) -> set[str]:
    """The aliases columns in ``x`` read."""
    return {y.alias for y in _values(x) if isinstance(y, ir.Col)}


def _aggs(b: Block) -> list:
    out: list = []
    stack = list(b.items) + ([b.group.having] if b.group.having is not None else [])
    while stack:
        e = stack.pop()
        if isinstance(e, ir.Agg):
            if e not in out:
                out.append(e)
            continue
        if isinstance(e, (ir.Exists, ir.InSub, ir.ScalarSub)):
            continue
        if isinstance(e, tuple):
            stack += list(e)
        elif (names := field_names(e)) is not None:
            stack += [getattr(e, f) for f in names]
    return out
