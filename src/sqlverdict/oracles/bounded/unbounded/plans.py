"""Canonical forms (``canon``) read back as plans the normal form takes (``as_plan``).

A canonical form is an IR query but for its FROM clauses: ``canon.terms.Flat`` (the
inner-joined sources as a set, with the classes of columns an equality joins) and
``Nothing`` (no row on any database). A ``Flat`` is the cross join of its leaves filtered by
one ``=`` per joined column (the rules make a class only of columns of one storage class and
affinity, compared without conversion: ``canon.terms._class_eq``); a form holding
``Nothing`` or any other node is no plan (None).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..canon.joins import _flat_source
from ..canon.terms import Flat, _and, _conjuncts
from ..ir.kinds import CmpOp
from ..ir.walk import field_names


class _NotAPlan(Exception):
    pass


def as_plan(form) -> ir.Query | None:
    """The plan ``form`` reads as, or None.

    >>> from sqlverdict.schema import from_ddl
    >>> from sqlverdict.oracles.bounded.canon import canonical
    >>> s = from_ddl("CREATE TABLE r(a INT, b INT); CREATE TABLE s(a INT, c TEXT)")
    >>> q = ir.lower("SELECT s.c FROM r JOIN s ON r.a = s.a WHERE r.b > 1", s).query
    >>> p = as_plan(canonical(q, s))
    >>> type(p.source).__name__, sorted(type(c).__name__ for c in _conjuncts(p.where))
    ('Join', ['Cmp', 'Cmp'])
    """
    if not isinstance(form, ir.Select | ir.SetOp):
        return None
    try:
        return _plan(form, _columns(form))
    except (_NotAPlan, RecursionError):
        return None


def _columns(form) -> dict:
    """(alias, column) -> (ty, affinity), from every scan and every column read in ``form``."""
    out = {}
    for x in ir.nodes(form):
        if isinstance(x, ir.Scan):
            out.update({(x.alias, n): (t, a) for n, t, a in x.columns})
        elif isinstance(x, ir.Col):
            out.setdefault((x.alias, x.name), (x.ty, x.affinity))
    return out


def _plan(x, cols: dict):
    if isinstance(x, tuple | list):
        return type(x)(_plan(y, cols) for y in x)
    if isinstance(x, Flat):
        raise _NotAPlan  # (read by its Select, below)
    names = field_names(x)
    if names is None:
        return x  # a string, a number, an enum member, None
    if not type(x).__module__.startswith(ir.__name__):
        raise _NotAPlan  # Nothing, or a form of the rules' own
    if isinstance(x, ir.Select) and isinstance(x.source, Flat):
        flat = x.source
        if not flat.leaves:
            raise _NotAPlan
        eqs = [ir.Cmp(CmpOp.EQ, _col(members[0], cols), _col(m, cols))
               for members in flat.classes for m in members[1:]]
        where = _plan(x.where, cols)
        x = dataclasses.replace(x, source=_flat_source(list(flat.leaves)),
                                where=_and(eqs + _conjuncts(where)))
    return dataclasses.replace(x, **{n: _plan(getattr(x, n), cols) for n in names})


def _col(key: tuple[str, str], cols: dict) -> ir.Col:
    if key not in cols:
        raise _NotAPlan
    ty, aff = cols[key]
    return ir.Col(key[0], key[1], ty, aff)
