"""A grouping of tagged branches as the join of the branches' groupings (round 62, i62b):
``tagged_union_as_joined_groupings``.

The law (site ``query``): ``SELECT f(u.k.., A1(e1) ..) FROM (B1 UNION ALL B2 ..) AS u GROUP
BY u.k.. HAVING p1 AND p2 .. AND h`` is ``SELECT f(d1.k.., d1.a1 ..) FROM (SELECT k.., A1(x1)
.. FROM B1 GROUP BY k..) AS d1 JOIN (SELECT k.., A2(x2) .. FROM B2 GROUP BY k..) AS d2 ON
d1.k IS d2.k .. WHERE h'``: a pivot (the join of per-key groupings of two inputs, TPC-DS Q2,
Q11, as one pass over the tagged inputs) read back as the join. Each aggregate reads one
branch: its argument, with each branch's items put for ``u``'s columns and literal
comparisons folded (``CASE WHEN u.tag = 's' THEN u.x END``, ``u.x`` NULL in the other
branches), is NULL in every other branch (``COUNT``, ``SUM``, ``AVG``, ``MIN``, ``MAX``,
``TOTAL``; DISTINCT or not; never ``COUNT(*)``), so it aggregates that branch's rows of the
group, which that branch's own grouping holds. Each branch's presence is a HAVING conjunct
``COUNT(c) > 0`` (``c`` a non-NULL literal in that branch, NULL in the others) or ``SUM(c) >
0`` (``c`` a positive integer literal there, 0 or NULL elsewhere), or ``>= 1``: it holds
exactly when the group has a row of that branch, as the inner join asks. Left to other laws:
a grouping that reads no aggregate besides the presence tests (``counted_union``'s set
operation), and MIN compared with MAX of two filters of one table (the existential laws).

Sound in SQLite: every key is a column of one storage class and one declared affinity in
every branch (no collation), so GROUP BY over ``u`` and over one branch put two rows in one
group alike, and ``d1.k IS d2.k`` (no conversion between one affinity) matches exactly one
row of each grouping to each group present in all branches (a NULL key too: ``IS``; ``=``
where every branch's key is never NULL: declared NOT NULL in an inner-joined table, or
``k IS NOT NULL`` in the branch's WHERE). The group's row and the joined row read the same
values. Near misses: a branch without its presence test (the inner join drops the key),
``ELSE 0`` in an aggregate (0, not NULL, from the other branch), ``COUNT(*)``, a key of
another affinity in one branch, a HAVING that reads both branches in one aggregate.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import Affinity, AggFn, CmpOp, SetOpKind, Ty
from .aggregates import _map_top
from .facts import fold
from .joins import _flat_source
from .terms import _and, _conjuncts, _deep, _has_sub, _leaves, _windowless
from .windows import _collated

_OWNED = (AggFn.COUNT, AggFn.SUM, AggFn.AVG, AggFn.MIN, AggFn.MAX, AggFn.TOTAL)
_KEY_AFFINITIES = (Affinity.INTEGER, Affinity.REAL, Affinity.NUMERIC, Affinity.TEXT)
_EMPTY_NULL = (AggFn.SUM, AggFn.AVG, AggFn.MIN, AggFn.MAX)  # NULL over no row
_STRICT = (CmpOp.EQ, CmpOp.NE, CmpOp.LT, CmpOp.LE, CmpOp.GT, CmpOp.GE)  # NULL with an operand
_MIRROR = {CmpOp.LT: CmpOp.GT, CmpOp.LE: CmpOp.GE, CmpOp.GT: CmpOp.LT, CmpOp.GE: CmpOp.LE,
           CmpOp.EQ: CmpOp.EQ, CmpOp.NE: CmpOp.NE}
_POSITIVE = ((CmpOp.GT, 0), (CmpOp.GE, 1))  # a count or sum of positive literals: > 0


def _branches(q) -> list | None:
    """The operands of a UNION ALL chain, each a plain select (no aggregate, DISTINCT,
    ORDER BY, LIMIT or window), else None."""
    if isinstance(q, ir.SetOp):
        if not (q.op == SetOpKind.UNION and q.all and not q.order and q.limit is None and not q.offset):
            return None
        left, right = _branches(q.left), _branches(q.right)
        return None if left is None or right is None else left + right
    if (isinstance(q, ir.Select) and q.source is not None and not q.aggregate and not q.group_by
            and q.having is None and not q.distinct and not q.order and q.limit is None
            and not q.offset and q.bare_from is None and _windowless(q)):
        return [q]
    return None


def _null(e) -> bool:
    return isinstance(e, ir.Lit) and e.value is None


class _Union:
    """The branches of ``B1 UNION ALL B2 ..`` as ``d`` reads them: an argument belongs to the
    one branch where, its items put for ``d``'s columns and literal comparisons folded, it
    is not the NULL literal."""

    def __init__(self, d, branches):
        self.d, self.branches, self.n = d, branches, len(branches)

    def args(self, e) -> list:
        cols = [dict(zip(self.d.names, b.items, strict=True)) for b in self.branches]
        return [fold(_deep(e, lambda y, c=c: c[y.name] if isinstance(y, ir.Col) and y.alias == self.d.alias
                           else y)) for c in cols]

    def owner(self, agg):
        args = self.args(agg.arg)
        live = [i for i, a in enumerate(args) if not _null(a)]
        return (live[0], args[live[0]]) if len(live) == 1 else None

    def literals(self, agg) -> list | None:
        args = self.args(agg.arg)
        return args if all(isinstance(a, ir.Lit) for a in args) else None

    def keys(self, g) -> list | None:
        if not (isinstance(g, ir.Col) and g.alias == self.d.alias and g.name in self.d.names):
            return None
        return [b.items[self.d.names.index(g.name)] for b in self.branches]

    def query(self, i, ks, owned):
        return dataclasses.replace(self.branches[i], group_by=ks, items=ks + owned, aggregate=True, names=())


class _Filters:
    """The filters ``p`` of ``q``'s aggregates ``A(CASE WHEN p THEN x END)`` as branches: the
    rows of ``q``'s FROM and WHERE where ``p`` holds."""

    def __init__(self, q):
        self.q, self.tags = q, []
        for y in ir.nodes((q.items, q.having, q.order)):
            split = _case(y.arg) if isinstance(y, ir.Agg) and y.arg is not None else None
            if split is not None and split[0] not in self.tags:
                self.tags.append(split[0])
        self.n = len(self.tags)

    def owner(self, agg):
        split = _case(agg.arg)
        if split is None or not _null(split[2]):
            return None
        return self.tags.index(split[0]), split[1]

    def literals(self, agg) -> list | None:
        split = _case(agg.arg)
        if split is None or not (isinstance(split[1], ir.Lit) and isinstance(split[2], ir.Lit)):
            return None
        return [split[1] if t == split[0] else split[2] for t in self.tags]

    def keys(self, g) -> list | None:
        return [g] * self.n if isinstance(g, ir.Col) else None

    def query(self, i, ks, owned):
        where = _and(_conjuncts(self.q.where) + _conjuncts(self.tags[i]))
        return dataclasses.replace(self.q, where=where, group_by=ks, items=ks + owned, having=None,
                                   order=(), distinct=False, names=())


def _case(e):
    """(p, x, default) of ``CASE WHEN p THEN x ELSE default END`` (one arm), else None."""
    if isinstance(e, ir.Case) and len(e.whens) == 1:
        return e.whens[0][0], e.whens[0][1], e.default
    return None


def _presence(c, br) -> tuple | None:
    """(the branch whose presence test ``c`` is, True) or (the branches a strict comparison
    ``c`` needs present, False), else None (module docstring)."""
    if not (isinstance(c, ir.Cmp) and c.op in _STRICT):
        return None
    agg, lit, op = c.left, c.right, c.op
    if isinstance(lit, ir.Agg):
        agg, lit, op = lit, agg, _MIRROR.get(op)
    if (isinstance(agg, ir.Agg) and not agg.distinct and agg.arg is not None and not c.conv
            and isinstance(lit, ir.Lit) and lit.ty == Ty.INT and (op, lit.value) in _POSITIVE
            and (args := br.literals(agg)) is not None):
        if agg.fn == AggFn.COUNT:
            live = [i for i, a in enumerate(args) if a.value is not None]
        elif agg.fn == AggFn.SUM and all(a.value is None or (a.ty == Ty.INT and a.value >= 0) for a in args):
            live = [i for i, a in enumerate(args) if a.value]
        else:
            live = []
        if len(live) == 1:
            return live[0], True
    needs = _null_when_absent(c.left, br) | _null_when_absent(c.right, br)
    return (needs, False) if needs else None


def _null_when_absent(e, br) -> set:
    """The branches without which ``e`` is NULL: an aggregate NULL over no row of its one
    branch, or arithmetic with one."""
    if isinstance(e, ir.Agg) and e.fn in _EMPTY_NULL and e.arg is not None:
        found = br.owner(e)
        return {found[0]} if found is not None else set()
    if isinstance(e, ir.Arith):
        return _null_when_absent(e.left, br) | _null_when_absent(e.right, br)
    return set()


def _extrema_compared(c) -> bool:
    """Is ``c`` a comparison of two MIN/MAX aggregates?"""
    return isinstance(c, ir.Cmp) and all(
        isinstance(y, ir.Agg) and y.fn in (AggFn.MIN, AggFn.MAX) for y in (c.left, c.right))


def _never_null(col, b: ir.Select, schema) -> bool:
    """Is branch ``b``'s key column ``col`` never NULL (declared, of an inner-joined table,
    or tested ``IS NOT NULL`` in ``b``'s WHERE)?"""
    if ir.Not(ir.IsNull(col)) in _conjuncts(b.where):
        return True
    scans = [x for x in _leaves(b.source) or () if isinstance(x, ir.Scan) and x.alias == col.alias]
    return len(scans) == 1 and schema.table(scans[0].table).never_null(col.name)


def tagged_union_as_joined_groupings(q, schema):
    """``q`` read as the join of its branches' groupings (module docstring), else ``q``."""
    if not (isinstance(q, ir.Select) and isinstance(d := q.source, ir.Derived) and q.aggregate
            and q.group_by and q.where is None and q.limit is None and not q.offset
            and q.bare_from is None and _windowless(q) and q.having is not None
            and not _has_sub((q.items, q.having, q.order)) and not _collated(d, schema)
            and not ir.free_aliases(q)):
        return q
    branches = _branches(d.query)
    if branches is None or len(branches) < 2 or not all(len(b.items) == len(d.names) for b in branches):
        return q
    return _as_join(q, _Union(d, branches), d.alias, schema)


def filters_as_joined_groupings(q, schema):
    """``SELECT .. FROM F WHERE w GROUP BY k HAVING ..`` whose aggregates read ``CASE WHEN
    p_i THEN x END`` of two or more filters, each filter's rows present: the join of the
    groupings of ``F WHERE w AND p_i`` (module docstring), else ``q``."""
    if not (isinstance(q, ir.Select) and q.source is not None and not isinstance(q.source, ir.Derived)
            and _leaves(q.source) is not None and q.aggregate and q.group_by and q.limit is None
            and not q.offset and q.bare_from is None and _windowless(q) and q.having is not None
            and not _has_sub((q.items, q.having, q.order)) and not _collated(q.source, schema)
            and not ir.free_aliases(q)):
        return q  # (a correlated select's filters would make correlated derived tables)
    br = _Filters(q)
    if br.n < 2 or any(_has_sub(t) for t in br.tags):
        return q
    return _as_join(q, br, None, schema)


def _as_join(q, br, alias, schema):
    """The join of ``br``'s groupings that ``q`` is, else ``q``; ``alias``: the union's."""
    keys = []  # (q's key, each branch's key column)
    for g in q.group_by:
        per = br.keys(g)
        if per is None or not all(isinstance(c, ir.Col) and c.ty == per[0].ty and c.affinity == per[0].affinity
                                  and c.affinity in _KEY_AFFINITIES for c in per):
            return q
        keys.append((g, per))
    present, rest = set(), []
    for c in _conjuncts(q.having):
        found = _presence(c, br)
        if found is not None and found[1]:
            present.add(found[0])
            continue
        if found is not None:
            present |= found[0]
        rest.append(c)
    if present != set(range(br.n)):
        return q
    if alias is None and any(_extrema_compared(c) for c in rest):
        return q  # (MIN against MAX of two filters of one table: the existential laws')
    owned = [[] for _ in range(br.n)]  # per branch: the aggregates of its own rows
    rep = {}
    for y in ir.nodes((q.items, tuple(rest), q.order)):
        if isinstance(y, ir.Agg) and y not in rep:
            found = br.owner(y) if y.fn in _OWNED and y.arg is not None else None
            if found is None:
                return q
            i, arg = found
            owned[i].append(dataclasses.replace(y, arg=arg))
            rep[y] = (i, len(owned[i]) - 1, y.ty)
    if not any(owned):
        return q  # (keys present in every branch and nothing else: counted_union's set operation)
    tags = [f"{alias or 'f'}_p{i}" for i in range(br.n)]
    leaves = []
    for i in range(br.n):
        ks = tuple(per[i] for _, per in keys)
        leaves.append(ir.Derived(br.query(i, ks, tuple(owned[i])), tags[i], tuple(f"k{j}" for j in range(len(ks)))
                                 + tuple(f"a{j}" for j in range(len(owned[i])))))
    key_cols = {g: ir.Col(tags[0], f"k{j}", g.ty, per[0].affinity) for j, (g, per) in enumerate(keys)}

    def put(y):
        if isinstance(y, ir.Agg):
            i, j, ty = rep[y]
            return ir.Col(tags[i], f"a{j}", ty, None)
        if isinstance(y, ir.Col) and (y in key_cols or y.alias == alias):
            if y not in key_cols:
                raise _Refused
            return key_cols[y]
        return y

    links = []
    for j, (g, per) in enumerate(keys):
        sure = all(_never_null(c, br.query(i, (), ()), schema) for i, c in enumerate(per))
        links += [ir.Cmp(CmpOp.EQ if sure else CmpOp.IS, ir.Col(tags[0], f"k{j}", g.ty, per[0].affinity),
                         ir.Col(tags[i], f"k{j}", g.ty, per[0].affinity), Ty.BOOL)
                  for i in range(1, br.n)]
    try:
        items = tuple(_map_top(i, put) for i in q.items)
        where = [_map_top(c, put) for c in rest]
        order = tuple((_map_top(k, put), desc) for k, desc in q.order)
    except _Refused:
        return q
    if alias is None and any(isinstance(y, ir.Col) for y in ir.nodes((items, tuple(where), order))
                             if not (isinstance(y, ir.Col) and y.alias in tags)):
        return q  # (a column of F outside the keys and aggregates)
    return dataclasses.replace(q, source=_flat_source(leaves), where=_and(links + where), group_by=(),
                               having=None, aggregate=False, items=items, order=order)


class _Refused(Exception):
    pass


# ---- the registry's entries (``set_joins.SET_JOIN_FAMILY`` holds them)


def _unordered(q, ctx) -> bool:
    return isinstance(q, ir.Select) and (bool(q.order) or not (ctx["sensitive"] or q.limit is not None or q.offset))


PIVOT_JOIN_RULES = (
    ("tagged_union_as_joined_groupings", "GROUP BY k over B1 UNION ALL B2 .., each aggregate "
     "reading one branch (NULL in the others), HAVING a presence test (or a strict comparison) "
     "of every branch, is the join of the branches' groupings by k (IS, or = on keys never "
     "NULL)", ("query",),
     lambda canon, q, ctx: tagged_union_as_joined_groupings(q, canon.schema) if _unordered(q, ctx) else q),
    ("filters_as_joined_groupings", "GROUP BY k over F WHERE w, each aggregate A(CASE WHEN p_i "
     "THEN x END) of two or more filters p_i, HAVING a presence test (or a strict comparison) "
     "of every p_i, is the join of the groupings of F WHERE w AND p_i by k", ("query", "select"),
     lambda canon, q, ctx: filters_as_joined_groupings(q, canon.schema) if _unordered(q, ctx) else q, True),
)
