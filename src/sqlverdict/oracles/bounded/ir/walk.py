"""Reading the IR: children of a node, aggregates and window functions in an expression,
conjuncts, the conditions and primary keys of a source, the aliases a query defines and
the ones it reads from outside (``free_aliases``), and ``real_arithmetic``."""

from __future__ import annotations

import dataclasses

from ....types import Schema
from .clock import CLOCK_ALIAS
from .kinds import JoinKind, LogicOp, Ty
from .nodes import (
    Agg,
    Arith,
    Col,
    Derived,
    Exists,
    Expr,
    Func,
    InSub,
    Join,
    Logic,
    Lookup,
    Neg,
    Query,
    ScalarSub,
    Scan,
    Select,
    SetOp,
    Values,
    Window,
)

_FIELDS: dict[type, tuple[str, ...] | None] = {}


def field_names(x) -> tuple[str, ...] | None:
    """The field names of ``x`` when it is a dataclass instance (an IR node), else None.

    The walkers below ask this of every value they meet, most of them strings, numbers and
    the enum members of ``kinds``: one dict lookup per type instead of
    ``dataclasses.is_dataclass`` (on an enum member, a failed class attribute lookup
    through ``EnumType.__getattr__``) and ``dataclasses.fields`` (a generator per call).
    A class (``isinstance(x, type)``) is no instance: None, as its type is no dataclass.

    >>> field_names(Col("t#0", "a", "int", "INTEGER")), field_names(Ty.INT), field_names(Col)
    (('alias', 'name', 'ty', 'affinity'), None, None)
    """
    t = type(x)
    names = _FIELDS.get(t, False)
    if names is False:
        names = (tuple(f.name for f in dataclasses.fields(t)) if dataclasses.is_dataclass(t)
                 else None)
        _FIELDS[t] = names
    return names


def _arm(q: Query) -> Select:
    """The left-most select of a compound (it names and types the columns)."""
    while isinstance(q, SetOp):
        q = q.left
    return q


def _arms(q: Query) -> list:
    """Every select of a compound (``q`` itself if it is one select)."""
    return _arms(q.left) + _arms(q.right) if isinstance(q, SetOp) else [q]


def _names(q: Query) -> list[str]:
    while isinstance(q, SetOp):
        q = q.left
    return list(q.names)


def _children(e):
    if isinstance(e, Expr):
        for f in e.__dataclass_fields__:
            v = getattr(e, f)
            if isinstance(v, Expr):
                yield v
            elif isinstance(v, tuple):
                for x in v:
                    if isinstance(x, Expr):
                        yield x
                    elif isinstance(x, tuple):
                        yield from (y for y in x if isinstance(y, Expr))


def _aggs(e: Expr):
    if isinstance(e, Agg):
        yield e
        return
    for c in _children(e):
        yield from _aggs(c)


def _has_agg(e: Expr) -> bool:
    if isinstance(e, Agg):
        return True
    return any(_has_agg(c) for c in _children(e))


def _bare_cols(e: Expr, group: set):
    if e in group or isinstance(e, (Agg, InSub, Exists, ScalarSub)):
        if isinstance(e, (InSub,)):
            yield from _bare_cols(e.arg, group)
        return
    if isinstance(e, Col):
        if e.alias != CLOCK_ALIAS:  # the clock is one value for the whole query
            yield e
        return
    for c in _children(e):
        yield from _bare_cols(c, group)


def local_nodes(e):
    """Every node of ``e`` outside its subqueries (an IN subquery's value included; the
    subquery nodes themselves are yielded, not entered)."""
    stack = [e]
    while stack:
        y = stack.pop()
        if isinstance(y, tuple):
            stack += list(y)
            continue
        if not isinstance(y, Expr):
            continue
        yield y
        if isinstance(y, InSub):
            stack.append(y.arg)
        elif not isinstance(y, (Exists, ScalarSub)):
            stack += [getattr(y, f) for f in field_names(y)]


def _has_window(e) -> bool:
    """Does ``e`` contain a window function of this select (not inside a subquery)?"""
    return any(isinstance(y, Window) for y in local_nodes(e))


def _conjuncts(e):
    if e is None:
        return []
    if isinstance(e, Logic) and e.op == LogicOp.AND:
        return [c for a in e.args for c in _conjuncts(a)]
    return [e]


def _join_conds(src):
    """Conditions that hold on every row of ``src`` (not those of an outer join, whose
    NULL-extended rows fail them)."""
    if isinstance(src, Join) and src.kind in (JoinKind.INNER, JoinKind.CROSS):
        return _conjuncts(src.on) + _join_conds(src.left) + _join_conds(src.right)
    if isinstance(src, Join):
        return (_join_conds(src.left) if src.kind == JoinKind.LEFT else []) + (
            _join_conds(src.right) if src.kind == JoinKind.RIGHT else [])
    return []


def _primary_keys(src, schema: Schema) -> dict:
    out: dict = {}
    if isinstance(src, Scan):
        t = schema.table(src.table)
        out[src.alias] = tuple(c.lower() for c in t.primary_key)
        out[("cols", src.alias)] = tuple(c[0] for c in src.columns)
    elif isinstance(src, Join):  # not the NULL-extended side of an outer join
        if src.kind not in (JoinKind.RIGHT, JoinKind.FULL):
            out.update(_primary_keys(src.left, schema))
        if src.kind not in (JoinKind.LEFT, JoinKind.FULL):
            out.update(_primary_keys(src.right, schema))
    return out


def _walk_query_exprs(q: Query):
    if isinstance(q, SetOp):
        yield from _walk_query_exprs(q.left)
        yield from _walk_query_exprs(q.right)
        return
    exprs = list(q.items) + list(q.group_by) + [k for k, _ in q.order]
    exprs += [x for x in (q.where, q.having) if x is not None]
    src = [q.source]
    while src:
        s = src.pop()
        if isinstance(s, Join):
            src += [s.left, s.right]
            if s.on is not None:
                exprs.append(s.on)
        elif isinstance(s, Values):
            exprs += [e for r in s.rows for e in r]
    yield from exprs


def _derived(q: Query):
    src = [q.source] if isinstance(q, Select) else []
    while src:
        s = src.pop()
        if isinstance(s, Join):
            src += [s.left, s.right]
        elif isinstance(s, Derived):
            yield s


def _aliases(q: Query) -> set[str]:
    if isinstance(q, SetOp):
        return set()
    out, src = set(), [q.source]
    while src:
        s = src.pop()
        if isinstance(s, Join):
            src += [s.left, s.right]
        elif isinstance(s, (Scan, Derived, Values)):
            out.add(s.alias)
    return out


def _free_aliases(q: Query) -> set[str]:
    """Aliases a query refers to but does not define (non-empty = correlated)."""
    if isinstance(q, SetOp):
        return _free_aliases(q.left) | _free_aliases(q.right)
    own = _aliases(q)
    free = set()
    for d in _derived(q):  # a derived table has its own scope
        free |= _free_aliases(d.query) - own
    stack = list(_walk_query_exprs(q))
    while stack:
        e = stack.pop()
        if isinstance(e, Col):
            if e.alias not in own and e.alias != CLOCK_ALIAS:  # the clock is not an outer row
                free.add(e.alias)
        elif isinstance(e, (InSub, Exists, ScalarSub)):
            free |= _free_aliases(e.query) - own
            if isinstance(e, InSub):
                stack.append(e.arg)
        else:
            stack.extend(_children(e))
    return free


def free_aliases(q: Query) -> set[str]:
    return _free_aliases(q)


def cut_or_windowed(x) -> bool:
    """Does ``x`` hold a window function, or a query that a LIMIT or an OFFSET cuts (its
    subqueries included)? Read from the nodes, not from the printed IR: a string
    ``'limit=3'`` or ``'Window('`` is neither.

    >>> from sqlverdict.oracles.bounded.ir.nodes import Lit
    >>> cut_or_windowed(Select(None, Lit("limit=3", "text"), (), None, (), False, (), None, 0, False))
    False
    >>> cut_or_windowed(Select(None, None, (), None, (), False, (), None, 2, False))
    True
    """
    stack = [x]
    while stack:
        y = stack.pop()
        if isinstance(y, Window):
            return True
        if isinstance(y, (Select, SetOp)) and (y.limit is not None or y.offset):
            return True
        if isinstance(y, (tuple, list)):
            stack += list(y)
        elif (names := field_names(y)) is not None:
            stack += [getattr(y, f) for f in names]
    return False


def real_arithmetic(q) -> bool:
    """Does ``q`` compute with reals (arithmetic, SUM/AVG/TOTAL, ROUND, CAST AS REAL on
    real values)? The solver computes them exactly; SQLite in floating point."""
    stack = [q]
    while stack:
        x = stack.pop()
        if isinstance(x, (Arith, Neg, Agg, Func, Lookup, Window)) and x.ty == Ty.REAL:
            return True
        if isinstance(x, tuple):
            stack += list(x)
        elif (names := field_names(x)) is not None:
            stack += [getattr(x, f) for f in names]
    return False


def nodes(x):
    """Every IR node in ``x`` (a node, or tuples and lists of them), ``x`` first, depth first.

    >>> [type(n).__name__ for n in nodes(Neg(Col("t#0", "a", "int", "INTEGER"), "int"))]
    ['Neg', 'Col']
    """
    stack = [x]
    while stack:
        y = stack.pop()
        if isinstance(y, tuple | list):
            stack.extend(reversed(y))
            continue
        names = field_names(y)
        if names is None:
            continue
        yield y
        stack.extend(getattr(y, f) for f in reversed(names))


def lookup_templates(q) -> set[tuple[str, str]]:
    """The (template, type) of every ``Lookup`` in ``q``: those the lowering of functions
    registers, and the ones affinity and truth add (text read as a number,
    ``CAST(? AS NUMERIC)``), which the text domain must seed too."""
    return {(n.template, n.ty) for n in nodes(q) if isinstance(n, Lookup)}


def defined_aliases(x) -> list[str]:
    """Every alias a FROM item defines anywhere in ``x`` (its subqueries included), in
    order of appearance."""
    out, stack = [], [x]
    while stack:
        y = stack.pop()
        if isinstance(y, (Scan, Derived, Values)) and y.alias not in out:
            out.append(y.alias)
        if isinstance(y, (tuple, list)):
            stack += reversed(list(y))
        elif (names := field_names(y)) is not None:
            stack += [getattr(y, f) for f in reversed(names)]
    return out


def realias(x, rename: dict[str, str]):
    """``x`` with every alias in ``rename`` (of a column, table, derived table or VALUES)
    renamed; other values kept.

    >>> realias(Col("t#0", "a", Ty.INT, None), {"t#0": "t#1"}).alias
    't#1'
    """
    if isinstance(x, tuple):
        return tuple(realias(y, rename) for y in x)
    names = field_names(x)
    if names is None:
        return x
    changes = {f: realias(getattr(x, f), rename) for f in names if f != "alias"}
    if "alias" in names and isinstance(x.alias, str) and x.alias in rename:
        changes["alias"] = rename[x.alias]
    return dataclasses.replace(x, **changes) if any(
        v is not getattr(x, f) for f, v in changes.items()) else x
