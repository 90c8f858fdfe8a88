"""Per-parent counts written as the matched groups UNION ALL the padded parents (round 57):
``padded_split_as_left_join``.

``SELECT c.f, c.g.., A(c).. FROM C c WHERE w GROUP BY c.f, c.g.. UNION ALL SELECT p.k,
NULL.., z.. FROM P p WHERE NOT EXISTS (SELECT 1 FROM C c2 WHERE c2.f = p.k AND w[c:=c2])``
(either operand first) is ``SELECT p.k, c.g.., A(c).. FROM P p LEFT JOIN C c ON c.f = p.k
AND w GROUP BY p.k, c.g..`` ("deliveries per courier including none", "trips per route and
direction including routes without trips"): the LEFT JOIN's rows are the pairs the ON holds
and one padded row (``c``'s columns NULL) per parent without such a child. Its groups are
then the child groups of the first operand (``f = k`` puts each kept child under its one
parent) and one group per unmatched parent, whose row the second operand writes: ``k``,
NULL for each child column, and each aggregate over one all-NULL row, ``z``: 0 for
``COUNT(c.x)`` and ``COUNT(DISTINCT c.x)``, NULL for ``MIN``/``MAX``; the first operand's
``COUNT(*)`` counts kept children, the join's ``COUNT(c.n)`` of a never-NULL column of
``C`` (``f`` itself, which the ON makes a value) the same and 0 on the padded row.

Conditions (each a near miss in the fixture): ``k`` alone the primary key of ``P``, never
NULL (NULL parents would each be a row of the second operand but one group of the join);
``c.f -> p.k`` a declared foreign key of one storage class (``ir.exact_foreign_keys``; the
proof rests on it: a child without its parent is counted by the first operand only), no
collation on ``f``, ``k`` or the child group keys, whose affinity makes equal values
identical (``joins._EXACT_AFFINITY``: which row of a group gives the key does not show);
``f`` never NULL on a kept child (NOT NULL, ``f IS NOT NULL`` or a comparison of ``f`` in
``w``: the NULL group has no parent); ``w`` the same conjuncts both sides (``f IS NOT
NULL`` aside), reading ``C`` only, without subqueries; no HAVING, DISTINCT, window, ORDER
BY or LIMIT; the compound's row order not read. With the padded operand first, the child
group keys would take the NULL literal's (lack of) affinity: refused then.
"""

from __future__ import annotations

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Conv, JoinKind, SetOpKind, Ty
from .joins import _EXACT_AFFINITY
from .setfilters import _never_null
from .terms import _and, _conjuncts, _has_sub, _key, _local_cols, _replace_cols, _windowless


def _bare(q, source_kind) -> bool:
    return (isinstance(q, ir.Select) and isinstance(q.source, source_kind) and q.having is None
            and not q.distinct and not q.order and q.limit is None and not q.offset
            and q.bare_from is None and _windowless(q))


def _is_not_null_of(c, alias: str, name: str) -> bool:
    return (isinstance(c, ir.Not) and isinstance(c.arg, ir.IsNull) and isinstance(c.arg.arg, ir.Col)
            and (c.arg.arg.alias, c.arg.arg.name) == (alias, name))


def _probe(n: ir.Select):
    """The NOT EXISTS probe of the padded operand: (child scan, its ``f``, the key column
    ``p.k``, the rest of its conjuncts), or None."""
    conds = _conjuncts(n.where)
    if len(conds) != 1 or not (isinstance(conds[0], ir.Not) and isinstance(conds[0].arg, ir.Exists)):
        return None
    sub = conds[0].arg.query
    if not (_bare(sub, ir.Scan) and not sub.aggregate and not sub.group_by):
        return None
    c2, p = sub.source, n.source
    link, rest = None, []
    for c in _conjuncts(sub.where):
        if (link is None and isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and c.conv == Conv.NONE
                and isinstance(c.left, ir.Col) and isinstance(c.right, ir.Col)
                and {c.left.alias, c.right.alias} == {c2.alias, p.alias}):
            link = c
        else:
            rest.append(c)
    if link is None or c2.alias == p.alias:
        return None
    f, k = (link.left, link.right) if link.left.alias == c2.alias else (link.right, link.left)
    rest = [c for c in rest if not (_is_not_null_of(c, c2.alias, f.name) or _is_not_null_of(c, p.alias, k.name))]
    return c2, f, k, rest


def _keyed(schema, child: ir.Scan, f: ir.Col, parent: ir.Scan, k: ir.Col) -> bool:
    """``k`` alone ``P``'s never-NULL primary key, ``c.f -> P.k`` an exact foreign key, no
    collation on either side, an affinity under which equal values are identical."""
    pt, ct = schema.table(parent.table), schema.table(child.table)
    if [c.lower() for c in pt.primary_key] != [k.name] or not pt.never_null(k.name):
        return False
    if k.name in {c.lower() for c in pt.collated} or f.name in {c.lower() for c in ct.collated}:
        return False
    if f.affinity not in _EXACT_AFFINITY or k.affinity != f.affinity:
        return False
    return any(ref.name.lower() == parent.table and [c.lower() for c in fk.columns] == [f.name]
               and [c.lower() for c in fk.ref_columns] == [k.name]
               for fk, ref in ir.exact_foreign_keys(schema, ct))


def _counted_column(schema, child: ir.Scan, f: ir.Col) -> ir.Col:
    """A never-NULL column of ``C`` for the join's count of matched rows: its first
    primary-key column if never NULL, else ``f`` (a value on every matched row)."""
    t = schema.table(child.table)
    pk = [c.lower() for c in t.primary_key]
    name = pk[0] if pk and t.never_null(pk[0]) else f.name
    ty, aff = next((ty, a) for nm, ty, a in child.columns if nm == name)
    return ir.Col(child.alias, name, ty, aff)


def _items(schema, g: ir.Select, n: ir.Select, f: ir.Col, k: ir.Col, padded_first: bool):
    """The join's items, position by position, or None."""
    s, keys = g.source, set(g.group_by)
    collated = {c.lower() for c in schema.table(s.table).collated}
    out = []
    for gi, ni in zip(g.items, n.items, strict=True):
        if gi == f:
            if ni != k:
                return None
            out.append(k)
        elif isinstance(gi, ir.Col):
            if (gi not in keys or padded_first or not (isinstance(ni, ir.Lit) and ni.value is None)):
                return None
            out.append(gi)
        elif isinstance(gi, ir.Agg):
            agg = _joined_aggregate(schema, gi, ni, s, f, collated)
            if agg is None:
                return None
            out.append(agg)
        else:
            return None
    return tuple(out)


def _joined_aggregate(schema, a: ir.Agg, z, s: ir.Scan, f: ir.Col, collated: set):
    """The join's aggregate for the child aggregate ``a`` whose padded value is ``z``."""
    zero = isinstance(z, ir.Lit) and z.value == 0 and z.ty == Ty.INT
    null = isinstance(z, ir.Lit) and z.value is None
    if a.fn == AggFn.COUNT_STAR:
        return ir.Agg(AggFn.COUNT, _counted_column(schema, s, f), False, Ty.INT) if zero else None
    if not (isinstance(a.arg, ir.Col) and a.arg.alias == s.alias):
        return None
    if a.fn == AggFn.COUNT:
        return a if zero else None
    if (a.fn in (AggFn.MIN, AggFn.MAX) and null and a.arg.affinity in _EXACT_AFFINITY
            and a.arg.name not in collated):
        return a
    return None


def _as_left_join(g, n, schema, padded_first: bool):
    if not (_bare(g, ir.Scan) and g.aggregate and g.group_by and _bare(n, ir.Scan)
            and not n.aggregate and not n.group_by and len(g.items) == len(n.items)):
        return None
    probe = _probe(n)
    if probe is None:
        return None
    c2, f2, k, rest = probe
    s, p = g.source, n.source
    if c2.table != s.table or p.alias == s.alias or k.alias != p.alias:
        return None
    f = ir.Col(s.alias, f2.name, f2.ty, f2.affinity)
    if not _keyed(schema, s, f, p, k) or f not in g.group_by:
        return None
    collated = {c.lower() for c in schema.table(s.table).collated}
    if not all(isinstance(x, ir.Col) and x.alias == s.alias and x.affinity in _EXACT_AFFINITY
               and x.name not in collated for x in g.group_by):
        return None
    if not _never_null(f, g, schema):
        return None
    mine = [c for c in _conjuncts(g.where) if not _is_not_null_of(c, s.alias, f.name)]
    theirs = [_replace_cols(c, {(c2.alias, y): ir.Col(s.alias, y, t, a) for y, t, a in c2.columns})
              for c in rest]
    if any(_has_sub(c) or {a for a, _ in _local_cols(c)} - {s.alias} for c in mine):
        return None
    if sorted(map(_key, mine)) != sorted(map(_key, theirs)):
        return None
    items = _items(schema, g, n, f, k, padded_first)
    if items is None:
        return None
    on = _and([ir.Cmp(CmpOp.EQ, f, k), *mine])
    group = tuple(k if x == f else x for x in g.group_by)
    return ir.Select(ir.Join(JoinKind.LEFT, p, s, on), None, group, None, items, False, (), None, 0,
                     True, g.names)


def padded_split_as_left_join(q, schema, sensitive: bool):
    """``q`` as the grouped LEFT JOIN its two operands split (the module's note), else ``q``."""
    if sensitive or not (isinstance(q, ir.SetOp) and q.op == SetOpKind.UNION and q.all
                         and not q.order and q.limit is None and not q.offset):
        return q
    out = _as_left_join(q.left, q.right, schema, False) or _as_left_join(q.right, q.left, schema, True)
    return q if out is None else out


PADDED_SPLIT_RULES = (
    ("padded_split_as_left_join", "SELECT c.f, c.g.., A(c) FROM C WHERE w GROUP BY c.f, c.g.. "
     "UNION ALL SELECT p.k, NULL.., A(no row) FROM P WHERE NOT EXISTS (C: c.f = p.k AND w) is "
     "SELECT p.k, c.g.., A(c) FROM P LEFT JOIN C ON c.f = p.k AND w GROUP BY p.k, c.g.. (k P's "
     "never-NULL key, c.f -> p.k an exact foreign key, f never NULL on a kept row; order not "
     "read)", ("compound",),
     lambda canon, q, ctx: padded_split_as_left_join(q, canon.schema, ctx.get("sensitive", True))),
)
