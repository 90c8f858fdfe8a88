"""Congruence: two queries of one skeleton are equal when the parts that differ are equal as
functions of the row they read (sub-queries and per-row expressions with the outer row as a
parameter), each proved for every database by the other methods (``proofs``).

The skeleton is what a query does to its rows: the same FROM, GROUP BY, DISTINCT, ORDER BY,
LIMIT and OFFSET on both sides (equal plans, ORDER BY keys included). What may differ are expressions, each at a
position of one of two kinds:

* a filter (WHERE, HAVING, a WHEN's condition, an argument of AND or OR there): only "is it
  TRUE" is read, so the sub-goal is ``p1(r) TRUE iff p2(r) TRUE``;
* a value (a projected column, an aggregate's argument, any other operand):
  the sub-goal is ``e1(r) IS e2(r)`` with the storage class kept (1 and 1.0 are other outputs).

A sub-goal is a query pair over the rows the position reads: the FROM of every enclosing
query cross-joined, filtered by what holds there (the conditions common to both sides, the
WHERE above a projected column), projecting the columns ``e1`` and ``e2`` read and then
``e`` (a filter moves into the WHERE). Bag equality of ``{(r, e1(r))}`` and
``{(r, e2(r))}`` on every database gives ``e1(r) = e2(r)`` for every row ``r``: ``e`` reads
the row only through the columns projected, so every copy of ``r`` has one value, and a row
of the source keeps its multiplicity. The outer row is a row of its own table in the
sub-goal (it reads the same database): its values may coincide with the rows a sub-query
reads, and nothing is assumed of it but what holds where the position is evaluated. A
position of a query's groups (its items and HAVING, not inside an aggregate) is a sub-goal
over the groups, identified by their keys (one group without GROUP BY). A sub-goal that
fails is split again where both sides have the same operator (a ``CASE``, a comparison, an
``EXISTS`` over one FROM), down to the positions that differ. Only every-database sub-proofs
count (``proofs.every_database`` without this method); the proof states the union of their
assumptions, and ties as a LIMIT or an ordered window reads them (``proofs``).

>>> from sqlverdict.schema import from_ddl
>>> s = from_ddl("CREATE TABLE t(a INT, b INT)")
>>> q = lambda sql: ir.lower(sql, s).query
>>> asked = []
>>> def prove(g, p):
...     asked.append((len(g.items), g.where is not None)); return ()
>>> decide(q("SELECT a, b * 2 FROM t WHERE a > 1 ORDER BY a"),
...        q("SELECT a, b + b FROM t WHERE a >= 2 ORDER BY a"), prove)
()
>>> asked  # the filter (columns read: a), then the item over the rows the WHERE keeps
[(1, True), (2, True)]
>>> decide(q("SELECT a FROM t ORDER BY a LIMIT 1"), q("SELECT a FROM t ORDER BY b LIMIT 1"), prove) is None
True
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

from . import ir
from .ir.kinds import JoinKind, LogicOp, Ty
from .ir.walk import defined_aliases, field_names, local_nodes

# a sub-goal's proof: its assumptions, or None
Prove = Callable[[ir.Query, ir.Query], "tuple | None"]
MAX_GOALS = 8  # sub-goals tried per pair (each a proof of its own)


class _GiveUp(Exception):
    pass


@dataclasses.dataclass(frozen=True)
class Frame:
    """The rows an enclosing query reads at a position: its FROM and what holds there."""
    source: object
    holds: tuple


def decide(g: ir.Query, p: ir.Query, prove: Prove, max_goals: int = MAX_GOALS) -> tuple | None:
    """The union of the sub-goals' assumptions when ``g`` and ``p`` have one skeleton and
    every part that differs is proved equal as a function of its row; else None."""
    if g == p or not isinstance(g, ir.Select) or not isinstance(p, ir.Select):
        return None
    c = _Congruence(prove, max_goals)
    try:
        ok = c.select(g, p)
    except (_GiveUp, RecursionError):
        return None
    return tuple(dict.fromkeys(c.assumed)) if ok and c.goals else None


class _Congruence:
    def __init__(self, prove: Prove, max_goals: int):
        self.prove, self.left, self.goals, self.assumed = prove, max_goals, 0, []

    # ---------------------------------------------------------------- the outer query

    def select(self, g: ir.Select, p: ir.Select) -> bool:
        if not _same_skeleton(g, p) or _bare(g) or _bare(p):
            return False
        frame = (Frame(g.source, ()),)
        if not self.filter(g.where, p.where, frame):
            return False
        rows = (Frame(g.source, tuple(_conjuncts(g.where))),)
        if not g.aggregate:
            return all(self.value(a, b, rows) for a, b in zip(g.items, p.items, strict=True))
        # a query of groups: its items and HAVING read a group
        grouped = _Groups(self, g, rows)
        return (grouped.filter(g.having, p.having)
                and all(grouped.value(a, b) for a, b in zip(g.items, p.items, strict=True)))

    # ---------------------------------------------------------------- rows

    def filter(self, a, b, frames: tuple[Frame, ...]) -> bool:
        """Is ``a`` TRUE exactly where ``b`` is, on the rows of ``frames``?"""
        if a == b:
            return True
        if a is None or b is None:
            return self.goal(a if a is not None else ir.Lit(1, Ty.INT),
                             b if b is not None else ir.Lit(1, Ty.INT), frames, filter_=True)
        mine, theirs = _conjuncts(a), _conjuncts(b)
        common = [x for x in mine if x in theirs]
        rest_a, rest_b = [x for x in mine if x not in common], [x for x in theirs if x not in common]
        if common and rest_a and rest_b:  # what both keep holds where the others are read
            inner = frames[:-1] + (dataclasses.replace(frames[-1], holds=frames[-1].holds + tuple(common)),)
            if (len(rest_a) == len(rest_b) > 1 and self._cheap_pairs(rest_a, rest_b)
                    and all(self.filter(x, y, inner) for x, y in zip(rest_a, rest_b, strict=True))):
                return True
            return self.filter(_and(rest_a), _and(rest_b), inner)
        if self.goal(a, b, frames, filter_=True):
            return True
        if (isinstance(a, ir.Logic) and isinstance(b, ir.Logic) and a.op == b.op
                and len(a.args) == len(b.args)):  # TRUE iff all (AND) or any (OR) is TRUE
            return all(self.filter(x, y, frames) for x, y in zip(a.args, b.args, strict=True))
        if isinstance(a, ir.Exists) and isinstance(b, ir.Exists):
            return self.rows_of(a.query, b.query, frames, exists=True)
        return self.split(a, b, frames)

    @staticmethod
    def _cheap_pairs(xs: list, ys: list) -> bool:
        """Do the conjuncts pair up by kind (then each pair is its own sub-goal)?"""
        return [type(x) for x in xs] == [type(y) for y in ys]

    def value(self, a, b, frames: tuple[Frame, ...]) -> bool:
        """Is ``a`` identical to ``b`` (NULL with NULL, the class kept) on the rows of
        ``frames``?"""
        if a == b:
            return True
        if self.goal(a, b, frames, filter_=False):
            return True
        return self.split(a, b, frames)

    def split(self, a, b, frames: tuple[Frame, ...]) -> bool:
        """The same operator on both sides: its operands, each a sub-goal."""
        if type(a) is not type(b) or not isinstance(a, ir.Expr):
            return False
        if isinstance(a, (ir.Agg, ir.Window)):
            return False  # (not a function of one row)
        if isinstance(a, ir.Case):
            if len(a.whens) != len(b.whens) or a.ty != b.ty:
                return False
            return (all(self.filter(c, d, frames) and self.value(x, y, frames)
                        for (c, x), (d, y) in zip(a.whens, b.whens, strict=True))
                    and self.value(a.default, b.default, frames))
        if isinstance(a, (ir.Exists, ir.ScalarSub, ir.InSub)):
            if isinstance(a, ir.ScalarSub) and not (isinstance(a.query, ir.Select) and a.query.aggregate
                                                    and not a.query.group_by):
                return False  # (the first of several rows: which one is the plan's choice)
            if isinstance(a, ir.InSub) and (a.conv, a.convs) != (b.conv, b.convs):
                return False
            if isinstance(a, ir.InSub) and not self.value(a.arg, b.arg, frames):
                return False
            return a.ty == b.ty and self.rows_of(a.query, b.query, frames, exists=isinstance(a, ir.Exists))
        names = field_names(a)
        subs = []
        for f in names:
            x, y = getattr(a, f), getattr(b, f)
            if isinstance(x, ir.Expr) and isinstance(y, ir.Expr):
                subs.append((x, y))
            elif isinstance(x, tuple) and isinstance(y, tuple) and len(x) == len(y) and all(
                    isinstance(u, ir.Expr) and isinstance(v, ir.Expr) for u, v in zip(x, y, strict=True)):
                subs += list(zip(x, y, strict=True))
            elif x != y:
                return False
        return bool(subs) and all(self.value(x, y, frames) for x, y in subs)

    def rows_of(self, g: ir.Query, p: ir.Query, frames: tuple[Frame, ...], exists: bool) -> bool:
        """Sub-queries of one skeleton, read at the rows of ``frames``: the same rows pass
        and give the same values (``exists``: only whether a row passes is read)."""
        if not (isinstance(g, ir.Select) and isinstance(p, ir.Select)) or not _same_skeleton(g, p):
            return False
        if g.source is None or g.aggregate and (g.group_by or g.having is not None) or _bare(g) or _bare(p):
            return False
        inner = frames + (Frame(g.source, ()),)
        if not self.filter(g.where, p.where, inner):
            return False
        if exists and not g.offset and not g.aggregate:
            return True  # (how many rows, not their values: DISTINCT keeps one of any)
        rows = frames + (Frame(g.source, tuple(_conjuncts(g.where))),)
        if not g.aggregate:
            return all(self.value(a, b, rows) for a, b in zip(g.items, p.items, strict=True))
        # one group of the rows the WHERE keeps: equal where the aggregates' arguments are
        return all(_same_aggregates(a, b, lambda x, y: self.value(x, y, rows))
                   for a, b in zip(g.items, p.items, strict=True))

    # ---------------------------------------------------------------- sub-goals

    def goal(self, a, b, frames: tuple[Frame, ...], filter_: bool) -> bool:
        """Prove the sub-goal ``a``/``b`` over the rows of ``frames`` (see the module)."""
        if a is None or b is None or _reads_group(a) or _reads_group(b):
            return False
        built = _goal_queries(a, b, frames, filter_)
        if built is None or self.left <= 0:
            return False
        self.left -= 1
        got = _proved(self.prove, *built)
        if got is None:
            return False
        self.goals += 1
        self.assumed += list(got)
        return True


class _Groups:
    """Positions of a query's groups: a sub-goal over the groups (keys and the value), or
    congruence down to the aggregates' arguments (sub-goals over the rows)."""

    def __init__(self, c: _Congruence, q: ir.Select, rows: tuple[Frame, ...]):
        self.c, self.q, self.rows = c, q, rows

    def filter(self, a, b) -> bool:
        if a == b:
            return True
        if a is not None and b is not None and self._goal(a, b, filter_=True):
            return True
        if isinstance(a, ir.Logic) and isinstance(b, ir.Logic) and a.op == b.op and len(a.args) == len(b.args):
            return all(self.filter(x, y) for x, y in zip(a.args, b.args, strict=True))
        return a is not None and b is not None and self._split(a, b)

    def value(self, a, b) -> bool:
        return a == b or self._goal(a, b, filter_=False) or self._split(a, b)

    def _split(self, a, b) -> bool:
        return _same_aggregates(a, b, lambda x, y: self.c.value(x, y, self.rows))

    def _goal(self, a, b, filter_: bool) -> bool:
        q = self.q
        if q.bare_from is not None or self.c.left <= 0 or any(
                isinstance(x, ir.Window) for x in local_nodes((a, b))):
            return False
        keys = tuple(q.group_by)
        out = []
        for e in (a, b):
            if filter_:
                out.append(dataclasses.replace(q, having=e, items=keys or (ir.Lit(1, Ty.INT),), order=(),
                                               distinct=False, limit=None, offset=0, names=()))
            else:
                out.append(dataclasses.replace(q, items=keys + (e,), order=(), distinct=False, limit=None,
                                               offset=0, names=()))
        self.c.left -= 1
        got = _proved(self.c.prove, out[0], out[1])
        if got is None:
            built = _atoms_of_groups(q, a, b, filter_)
            got = None if built is None else _proved(self.c.prove, *built)
        if got is None:
            return False
        self.c.goals += 1
        self.c.assumed += list(got)
        return True


def _atoms_of_groups(q: ir.Select, a, b, filter_: bool):
    """The sub-goal on the groups as a pure predicate (or value) of each group's keys,
    aggregates and sub-queries (its atoms): ``SELECT atoms.. FROM (SELECT keys, atoms FROM
    .. WHERE .. GROUP BY keys) WHERE a`` (one row per group, told apart by its keys; the
    one row of a query without GROUP BY); None when a column of the rows is read outside
    an atom."""
    atoms: dict = {k: f"g{i}" for i, k in enumerate(q.group_by)}

    def lift(e):
        if e in atoms or isinstance(e, (ir.Agg, ir.ScalarSub, ir.Exists, ir.InSub)):
            if e not in atoms:
                atoms[e] = f"g{len(atoms)}"
            return ir.Col("cg#0", atoms[e], e.ty, e.affinity if isinstance(e, ir.Col) else None)
        if isinstance(e, (ir.Col, ir.Window)):
            raise _GiveUp
        names = field_names(e)
        if names is None:
            return e
        return dataclasses.replace(e, **{f: lift(getattr(e, f)) for f in names if isinstance(getattr(e, f), ir.Expr)
                                         or isinstance(getattr(e, f), tuple)})

    def lift_any(x):
        if isinstance(x, tuple):
            return tuple(lift_any(y) for y in x)
        return lift(x) if isinstance(x, ir.Expr) else x
    try:
        lifted = [lift_any(e) for e in (a, b, q.having)]
    except _GiveUp:
        return None
    inner = ir.Select(q.source, q.where, q.group_by, None, tuple(atoms), False, (), None, 0, True)
    view = ir.Derived(inner, "cg#0", tuple(atoms.values()))
    cols = tuple(ir.Col("cg#0", n, e.ty, e.affinity if isinstance(e, ir.Col) else None) for e, n in atoms.items())
    out = []
    for e in lifted[:2]:
        if filter_:
            out.append(ir.Select(view, e, (), None, cols or (ir.Lit(1, Ty.INT),), False, (), None, 0, False))
        else:
            out.append(ir.Select(view, lifted[2], (), None, cols + (e,), False, (), None, 0, False))
    return tuple(out)


def _proved(prove: Prove, g: ir.Query, p: ir.Query):
    """``prove(g, p)``; None when a method fails on the built queries (no proof, no crash)."""
    try:
        return prove(g, p)
    except Exception:  # noqa: BLE001 -- a sub-goal a method cannot read is one not proved
        return None


def _same_aggregates(a, b, rows: Callable) -> bool:
    """``a`` and ``b`` the same expression of a group but for the arguments of aggregates
    (same function, DISTINCT alike), each pair equal row by row (``rows``)."""
    if a == b:
        return True
    if type(a) is not type(b) or not isinstance(a, ir.Expr):
        return False
    if isinstance(a, ir.Agg):
        return (a.fn == b.fn and a.distinct == b.distinct and a.ty == b.ty
                and a.arg is not None and b.arg is not None and rows(a.arg, b.arg))
    if isinstance(a, (ir.Window, ir.Exists, ir.ScalarSub, ir.InSub, ir.Col)):
        return False
    for f in field_names(a):
        x, y = getattr(a, f), getattr(b, f)
        if isinstance(x, tuple) and isinstance(y, tuple) and len(x) == len(y):
            pairs = [(u, v) for u, v in zip(x, y, strict=True)]
            flat = [(s, t) for u, v in pairs for s, t in (zip(u, v, strict=True) if isinstance(u, tuple)
                                                           and isinstance(v, tuple) and len(u) == len(v)
                                                           else [(u, v)])]
            if not all(_same_aggregates(s, t, rows) if isinstance(s, ir.Expr) else s == t for s, t in flat):
                return False
        elif isinstance(x, ir.Expr) and isinstance(y, ir.Expr):
            if not _same_aggregates(x, y, rows):
                return False
        elif x != y:
            return False
    return True


# ---------------------------------------------------------------------------- helpers


def _same_skeleton(g: ir.Select, p: ir.Select) -> bool:
    """The same rows in the same order: FROM, GROUP BY, DISTINCT, ORDER BY, LIMIT, OFFSET
    equal, as many items; no bare column of a MIN/MAX row."""
    return (g.source == p.source and g.group_by == p.group_by and g.distinct == p.distinct
            and g.order == p.order and g.limit == p.limit and g.offset == p.offset
            and g.aggregate == p.aggregate and len(g.items) == len(p.items)
            and g.bare_from is None and p.bare_from is None)


def _bare(q: ir.Select) -> bool:
    """Does a query of groups read a column of its rows outside an aggregate and its GROUP
    BY keys (a bare column: one row of the group, which SQLite's plan chooses)?"""
    if not q.aggregate:
        return False
    own = set(_top_aliases(q.source))
    stack = [*q.items, q.having, *(k for k, _ in q.order)]
    while stack:
        e = stack.pop()
        if e is None or isinstance(e, ir.Agg) or e in q.group_by:
            continue
        if isinstance(e, ir.Col) and e.alias in own:
            return True
        stack += [getattr(e, f) for f in field_names(e) or ()] if not isinstance(e, tuple) else list(e)
    return False


def _reads_group(e) -> bool:
    """Does ``e`` read a group (an aggregate outside its sub-queries) or an ordered set of
    rows (a window)?"""
    return any(isinstance(x, (ir.Agg, ir.Window)) for x in local_nodes(e))


def _goal_queries(a, b, frames: tuple[Frame, ...], filter_: bool):
    """The sub-goal's two queries (see the module), or None when a frame's FROM reads a
    row outside it or two frames share an alias."""
    aliases: list[str] = []
    for f in frames:
        if f.source is None:
            return None
        own = defined_aliases(f.source)
        if set(own) & set(aliases) or any(isinstance(x, ir.Col) and x.alias not in own
                                          for x in ir.nodes(f.source)):
            return None
        aliases += own
    if set(defined_aliases((a, b))) & set(aliases):
        return None  # (a sub-query's alias hides a frame's: its columns are not the row's)
    tops = {al for f in frames for al in _top_aliases(f.source)}
    cols = sorted({(x.alias, x.name): x for x in ir.nodes((a, b))
                   if isinstance(x, ir.Col) and x.alias in tops}.items())
    read = tuple(dataclasses.replace(c, ty=c.ty) for _, c in cols)
    source = frames[0].source
    for f in frames[1:]:
        source = ir.Join(JoinKind.CROSS, source, f.source, None)
    holds = [h for f in frames for h in f.holds]
    out = []
    for e in (a, b):
        if filter_:
            where, items = _and(holds + [e]), read or (ir.Lit(1, Ty.INT),)
        else:
            where, items = _and(holds), read + (e,)
        out.append(ir.Select(source, where, (), None, items, False, (), None, 0, False))
    return tuple(out)


def _top_aliases(src) -> list[str]:
    """The aliases a FROM defines for its own rows (not those inside its derived tables)."""
    if isinstance(src, ir.Join):
        return _top_aliases(src.left) + _top_aliases(src.right)
    return [src.alias] if isinstance(src, (ir.Scan, ir.Derived, ir.Values)) else []


def _conjuncts(e) -> list:
    return ir._conjuncts(e)  # the IR's own flattening of AND (None: no conjunct)


def _and(parts: list):
    if not parts:
        return None
    return parts[0] if len(parts) == 1 else ir.Logic(LogicOp.AND, tuple(parts))
