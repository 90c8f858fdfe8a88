"""The keys of parents with children of several kinds, as a UNION of the children's keys
(round 57): ``child_semijoins_as_union``.

``SELECT p.k FROM P p WHERE s1 OR s2 ..``, each ``si`` a semijoin of ``P`` with a child
table, ``EXISTS (SELECT .. FROM Ci c WHERE c.f = p.k AND wi)`` or ``p.k IN (SELECT c.f
FROM Ci c WHERE wi [UNION [ALL] SELECT ..])`` (that IN alone too, of two operands or
more), is ``SELECT c.f FROM C1 c WHERE w1 AND c.f
IS NOT NULL UNION SELECT ..`` ("matters touched by time or the activity log"): a parent is
kept when some child of one kind passing its ``wi`` points at it, and on every database that
keeps the foreign keys each non-NULL ``c.f`` has its parent row, only one (``k`` unique);
the parents are distinct rows, the UNION removes repeats. Conditions (near misses in the
fixture): ``k`` alone ``P``'s never-NULL primary key and each ``c.f -> p.k`` an exact foreign
key, no collation (``padded_splits._keyed``; the proof rests on the keys); items ``p.k``
only; no other conjunct (a filter on ``P`` keeps fewer parents than the children name); each
``wi`` reads its child only, no aggregate, grouping or LIMIT in the probes.
"""

from __future__ import annotations

from .. import ir
from ..ir.kinds import CmpOp, Conv, LogicOp, SetOpKind
from .padded_splits import _keyed
from .terms import _aliases_in, _and, _conjuncts, _windowless


def _probe_query(q) -> bool:
    return (isinstance(q, ir.Select) and isinstance(q.source, ir.Scan) and not q.aggregate
            and not q.group_by and q.having is None and q.limit is None and not q.offset
            and q.bare_from is None and _windowless(q))


def _kept(schema, sub: ir.Select, f: ir.Col, rest: list, p: ir.Scan, k: ir.Col):
    """``SELECT c.f FROM C c WHERE rest AND c.f IS NOT NULL``, or None."""
    if p.alias in _aliases_in(tuple(rest)) or not _keyed(schema, sub.source, f, p, k):
        return None
    return ir.Select(sub.source, _and([*rest, ir.Not(ir.IsNull(f))]), (), None, (f,), False, (),
                     None, 0, False, (f.name,))


def _from_exists(schema, sub, p, k):
    if not _probe_query(sub):
        return None
    c = sub.source
    links = [x for x in _conjuncts(sub.where) if isinstance(x, ir.Cmp) and x.op == CmpOp.EQ
             and x.conv == Conv.NONE and k in (x.left, x.right)
             and isinstance(x.left, ir.Col) and isinstance(x.right, ir.Col)
             and (x.right if x.left == k else x.left).alias == c.alias]
    if len(links) != 1:
        return None
    link = links[0]
    f = link.right if link.left == k else link.left
    return _kept(schema, sub, f, [x for x in _conjuncts(sub.where) if x is not link], p, k)


def _operands(q):
    if isinstance(q, ir.SetOp):
        if q.op != SetOpKind.UNION or q.order or q.limit is not None or q.offset:
            return None
        left, right = _operands(q.left), _operands(q.right)
        return None if left is None or right is None else left + right
    return [q]


def _from_in(schema, d, p, k):
    if not (d.arg == k and d.conv == Conv.NONE and not d.convs):
        return None
    parts = _operands(d.query)
    out = []
    for sub in parts or [None]:
        if not (_probe_query(sub) and len(sub.items) == 1 and isinstance(sub.items[0], ir.Col)
                and sub.items[0].alias == sub.source.alias):
            return None
        kept = _kept(schema, sub, sub.items[0], _conjuncts(sub.where), p, k)
        if kept is None:
            return None
        out.append(kept)
    return out


def child_semijoins_as_union(q, schema, sensitive: bool):
    """``q`` as the UNION of its children's keys (the module's note), else ``q``."""
    if sensitive or not (_probe_query(q) and len(q.items) == 1 and not q.order):
        return q
    p, k = q.source, q.items[0]
    w = q.where
    if not (isinstance(k, ir.Col) and k.alias == p.alias and w is not None):
        return q
    parts = []
    for d in (w.args if isinstance(w, ir.Logic) and w.op == LogicOp.OR else (w,)):
        if isinstance(d, ir.Exists):
            one = _from_exists(schema, d.query, p, k)
            got = None if one is None else [one]
        elif isinstance(d, ir.InSub):
            got = _from_in(schema, d, p, k)
        else:
            got = None
        if got is None:
            return q
        parts += got
    if len(parts) < 2:
        return q  # one semijoin: key_semijoin_as_distinct's
    out = parts[0]
    for x in parts[1:]:
        out = ir.SetOp(SetOpKind.UNION, False, out, x)
    return out


CHILD_KEY_RULES = (
    ("child_semijoins_as_union", "SELECT p.k FROM P WHERE EXISTS (C1: c.f = p.k AND w1) OR "
     "p.k IN (SELECT c.f FROM C2 WHERE w2 ..) .. is SELECT c.f FROM C1 WHERE w1 AND c.f IS NOT "
     "NULL UNION .. (k P's never-NULL key, each c.f -> p.k an exact foreign key, nothing else "
     "filters P)", ("query",), lambda canon, q, ctx: child_semijoins_as_union(q, canon.schema, ctx["sensitive"])),
)
