"""Canonical forms (``canon``) read back as plans the normal form takes (``as_plan``).

A canonical form is an IR query but for its FROM clauses: ``canon.terms.Flat`` (the
inner-joined sources as a set, with the classes of columns an equality joins) and
``Nothing`` (no row on any database). A ``Flat`` is the cross join of its leaves filtered by
one ``=`` per joined column (the rules make a class only of columns of one storage class and
affinity, compared without conversion: ``canon.terms._class_eq``); a form holding
``Nothing`` or any other node is no plan (None).

A canonical form names a FROM clause's sources by their depth (``t1_0``: the first source
of a select one level down), so two sibling selects (two derived tables, a derived table and
a subquery of the same select) reuse names; each name is read in its own scope. The normal
form inlines views and subqueries into one block, where it reads a name as one table
occurrence: the plan renames every source apart, scope by scope (``_apart``), as lowering
does (two occurrences under one name would share their conditions: round 57 found a LEFT
JOIN of two views, ``a.day < 365`` and ``a.day >= 365``, read as an empty join). Two equal
scalar subqueries in one scope (a GROUP BY key and the item that shows it) keep equal
names: a value read twice is one value.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..canon.joins import _flat_source
from ..canon.scalar_top_rows import _fresh as fresh_name
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
        form = _apart(form, {}, set(), {})
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


def _apart(x, env: dict, used: set, memo: dict):
    """``x`` with each source a select defines under a name no other source of the form
    holds (the first keeps its own); a column reads the name of the nearest enclosing
    select's source of its alias (``env``), as SQL scopes it. ``memo``: the subqueries
    renamed so far, by query and scope."""
    if isinstance(x, tuple | list):
        return type(x)(_apart(y, env, used, memo) for y in x)
    if isinstance(x, ir.Col):
        return dataclasses.replace(x, alias=env[x.alias]) if env.get(x.alias, x.alias) != x.alias else x
    names = field_names(x)
    if names is None:
        return x
    if isinstance(x, ir.ScalarSub):  # (a value; EXISTS and IN are renamed apart like views)
        key = (x.query, tuple(sorted(env.items())))
        if key not in memo:
            memo[key] = _apart(x.query, env, used, memo)
        return dataclasses.replace(x, **{n: memo[key] if n == "query" else _apart(getattr(x, n), env, used, memo)
                                         for n in names})
    if not isinstance(x, ir.Select):
        return dataclasses.replace(x, **{n: _apart(getattr(x, n), env, used, memo) for n in names})
    inner = dict(env)
    for a in _defined(x.source):
        inner[a] = _fresh(a, used)
    return dataclasses.replace(x, source=_apart_source(x.source, env, inner, used, memo), **{
        n: _apart(getattr(x, n), inner, used, memo) for n in names if n != "source"})


def _defined(src) -> list[str]:
    """The aliases a FROM clause defines, in order."""
    if src is None:
        return []
    if isinstance(src, ir.Join):
        return _defined(src.left) + _defined(src.right)
    if isinstance(src, Flat):
        return [a for leaf in src.leaves for a in _defined(leaf)]
    return [src.alias]


def _apart_source(src, outer: dict, inner: dict, used: set, memo: dict):
    """A FROM clause under its new names: a derived table's query in the scope around the
    select (``outer``: it cannot read its siblings), the rest in the select's (``inner``)."""
    if src is None:
        return None
    if isinstance(src, ir.Join):
        return dataclasses.replace(src, left=_apart_source(src.left, outer, inner, used, memo),
                                   right=_apart_source(src.right, outer, inner, used, memo),
                                   on=_apart(src.on, inner, used, memo))
    if isinstance(src, Flat):
        return Flat(tuple(_apart_source(leaf, outer, inner, used, memo) for leaf in src.leaves),
                    tuple(tuple((inner.get(a, a), c) for a, c in members) for members in src.classes))
    if isinstance(src, ir.Derived):  # (never from ``memo``: two equal views are two occurrences)
        return dataclasses.replace(src, alias=inner[src.alias], query=_apart(src.query, outer, used, memo))
    if isinstance(src, ir.Values):
        return dataclasses.replace(src, alias=inner[src.alias], rows=_apart(src.rows, inner, used, memo))
    return dataclasses.replace(src, alias=inner[src.alias])


def _fresh(alias: str, used: set) -> str:
    name = fresh_name(alias, used)
    used.add(name)
    return name


def _col(key: tuple[str, str], cols: dict) -> ir.Col:
    if key not in cols:
        raise _NotAPlan
    ty, aff = cols[key]
    return ir.Col(key[0], key[1], ty, aff)
