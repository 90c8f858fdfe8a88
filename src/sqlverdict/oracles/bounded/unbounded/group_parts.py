"""A GROUP BY over rows split into parts whose groups are disjoint is the UNION ALL of the
parts' groups (``grouped_split``; two parts or more, ``many_parts``): ``SELECT k, agg FROM t GROUP BY k`` is ``SELECT k, agg FROM
t WHERE p GROUP BY k UNION ALL SELECT k, agg FROM t WHERE NOT p .. GROUP BY k`` where ``p``
is one value on all the rows of a group (a test of the key: ``author IS NULL``), and a part
whose rows all hold one key may be a select of aggregates without GROUP BY that HAVING
``COUNT(*) > 0`` keeps only over some row (the group of that key, or none).

Why, in SQLite: on every row of the tables (an occurrence bijection) the grouped select keeps
it exactly when one part does, never both (Z3); two rows it keeps in one group (keys not
distinct, as GROUP BY compares them) fall in the same part, so each group lies in one part;
inside a part, two rows share a group of the part exactly when they share one of the whole
(Z3). So a group of the whole is a group of its part, the same rows: the same aggregates,
and outputs and HAVING compared on them as ``Decider.groups_equal`` compares two groupings
(keys held identically by the rows of a group, ``groups.keys_identify``). A part without
GROUP BY returns one row over no row: ``COUNT(*) > 0`` in its HAVING drops it, and its other
outputs read no column outside an aggregate (which row SQLite would pick). SUM, AVG and
TOTAL add the same rows, maybe in another order: the proof states exact sums.
"""

from __future__ import annotations

import dataclasses
import itertools

import z3

from .. import ir
from ..ir.kinds import AggFn, CmpOp, LogicOp, Ty
from ..ir.walk import field_names
from .groups import keys_identify
from .normal import Block, Group, conjuncts
from .values import Scope

_SUMS = (AggFn.SUM, AggFn.AVG, AggFn.TOTAL)


def grouped_split(d, c: Block, *parts: Block) -> bool:
    """Is grouped ``c`` the UNION ALL of ``parts`` (two or more; see the module)?
    ``d``: the ``Decider``."""
    if (c.group is None or not c.group.keys or c.env or any(b.group is None for b in parts)
            or any(len(b.items) != len(c.items) for b in parts) or not keys_identify(d, c)):
        return False
    if _chosen(d, c, parts, ()):
        _sums(d, c)
        return True
    return False


def _chosen(d, c: Block, parts: tuple, done: tuple) -> bool:
    """Does some choice of occurrence bijections for the ``parts`` after the ``done`` ones
    (grouped part, bijection) make them split ``c`` (``_parts``)?"""
    if len(done) == len(parts):
        return _parts(d, c, done)
    b = parts[len(done)]
    for m in d.bijections(c, b):
        p = _as_grouped(d, c, b, m)
        if p is not None and _chosen(d, c, parts, (*done, (p, m))):
            return True
    return False


def _as_grouped(d, c: Block, b: Block, pairs) -> Block | None:
    """Part ``b`` grouped: as it is, or a select without GROUP BY, ``COUNT(*) > 0`` in its
    HAVING, outputs reading no column outside aggregates and all its rows holding ``c``'s
    keys alike, as grouped by those keys (read through ``pairs``); else None."""
    if b.group.keys:
        return b
    having = conjuncts(b.group.having)
    rest = tuple(h for h in having if not _some_row(h))
    if len(rest) == len(having) or _outside(b.items):
        return None
    names = {x.alias: y.alias for x, y in pairs}
    keys = tuple(_renamed(k, names) for k in c.group.keys)
    r1, f1 = d.rows(b.occs)
    r2, f2 = d.rows(b.occs)
    s1, s2 = Scope(d.t, r1, b.env), Scope(d.t, r2, b.env)
    plain = Block(b.occs, b.conds, b.items, b.env)
    alike = z3.And([d.t.same_row(s1.val(k), s2.val(k)) for k in keys])
    if not d.valid(z3.Implies(z3.And(d.keep(s1, plain), d.keep(s2, plain)), alike), f1 + f2):
        return None
    having = None if not rest else rest[0] if len(rest) == 1 else ir.Logic(LogicOp.AND, rest, Ty.BOOL)
    items = tuple(_key_for(d, s1, plain, f1, x, keys[c.group.keys.index(y)])
                  if isinstance(x, ir.Lit) and y in c.group.keys else x
                  for x, y in zip(b.items, c.items, strict=True))
    return Block(b.occs, b.conds, items, b.env, Group(keys, having))


def _key_for(d, s: Scope, b: Block, facts, lit, key):
    """``key`` for the output ``lit`` where every row ``b`` keeps holds it as ``lit`` (a
    part's own constant for its group's key); else ``lit``."""
    ok = d.valid(z3.Implies(d.keep(s, b), d.t.same(s.val(key), s.val(lit))), facts)
    return key if ok else lit


def _parts(d, c: Block, parts) -> bool:
    """Do ``parts`` (block, occurrence bijection from ``c``; two or more) split ``c``'s rows,
    each row in exactly one part, each group in one part, grouped alike there, with the same
    outputs?"""
    t = d.t
    (rows, facts), (rows2, facts2) = d.rows(c.occs), d.rows(c.occs)
    sc, sc2 = Scope(t, rows, c.env), Scope(t, rows2, c.env)
    scopes = [(Scope(t, {y.alias: d.read_as(rows, x, y) for x, y in m}, p.env),
               Scope(t, {y.alias: d.read_as(rows2, x, y) for x, y in m}, p.env)) for p, m in parts]
    kc, kc2 = d.keep(sc, c), d.keep(sc2, c)
    ks = [(d.keep(s, p), d.keep(s2, p)) for (p, _), (s, s2) in zip(parts, scopes, strict=True)]
    firsts = [k for k, _ in ks]
    apart = [z3.Not(z3.And(a, b)) for a, b in itertools.combinations(firsts, 2)]
    if not d.valid(z3.And(kc == z3.Or(firsts), *apart), facts):
        return False
    together = z3.And([t.same_row(sc.val(k), sc2.val(k)) for k in c.group.keys])
    one = z3.And([k == k_2 for k, k_2 in ks[:-1]])  # (the last part then follows)
    if not d.valid(z3.Implies(z3.And(kc, kc2, together), one), facts + facts2):
        return False
    for ((p, _), (s, s2), (k, k_2)) in zip(parts, scopes, ks, strict=True):
        mine = z3.And([t.same_row(s.val(x), s2.val(x)) for x in p.group.keys])
        if not d.valid(z3.Implies(z3.And(k, k_2), together == mine), facts + facts2):
            return False
    return all(d.groups_equal(c, p, sc, s, k, facts)
               for (p, _), (s, _), (k, _) in zip(parts, scopes, ks, strict=True))


def _some_row(h) -> bool:
    """Is ``h`` ``COUNT(*) > 0`` (or ``>= 1``, either way round)?"""
    if not isinstance(h, ir.Cmp):
        return False
    star = ir.Agg(AggFn.COUNT_STAR, None, False, Ty.INT)
    for a, op, b in ((h.left, h.op, h.right), (h.right, _FLIP.get(h.op), h.left)):
        if a == star and isinstance(b, ir.Lit) and type(b.value) is int and (
                (op == CmpOp.GT and b.value == 0) or (op == CmpOp.GE and b.value == 1)):
            return True
    return False


_FLIP = {CmpOp.LT: CmpOp.GT, CmpOp.LE: CmpOp.GE}


def _outside(x) -> bool:
    """Does ``x`` read a column, or a sub-query, outside its aggregates?"""
    if isinstance(x, ir.Agg):
        return False
    if isinstance(x, (ir.Col, ir.Exists, ir.InSub, ir.ScalarSub)):
        return True
    if isinstance(x, (tuple, list)):
        return any(_outside(y) for y in x)
    names = field_names(x)
    return names is not None and any(_outside(getattr(x, f)) for f in names)


def _renamed(e, names: dict):
    """``e`` with its columns' aliases renamed by ``names``."""
    if isinstance(e, ir.Col):
        return dataclasses.replace(e, alias=names.get(e.alias, e.alias))
    if isinstance(e, tuple):
        return tuple(_renamed(y, names) for y in e)
    fields = field_names(e)
    if fields is None:
        return e
    return dataclasses.replace(e, **{f: _renamed(getattr(e, f), names) for f in fields})


def _sums(d, c: Block) -> None:
    """What a SUM, AVG or TOTAL of the same rows in another order asks of the proof."""
    for g in _agg_list(c.items + ((c.group.having,) if c.group.having is not None else ())):
        if g.fn in _SUMS and g.arg is not None:
            if not d.t.typed or g.arg.ty not in (Ty.INT, Ty.BOOL):
                d.t.real_sums = True
            if g.fn == AggFn.SUM and (not d.t.typed or g.arg.ty != Ty.REAL):
                d.t.int_sums = True


def _agg_list(x) -> list:
    if isinstance(x, ir.Agg):
        return [x]
    if isinstance(x, (tuple, list)):
        return [g for y in x for g in _agg_list(y)]
    names = field_names(x)
    return [] if names is None else [g for f in names for g in _agg_list(getattr(x, f))]
