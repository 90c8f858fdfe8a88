"""A test the row's own-group quantifier implies (round 62, i62a): ``own_counterexample_test``.

"Every order of the customer returned", kept per order row: the for-all over the row's
own group is

    SELECT .. FROM T t WHERE r AND t.g NOT IN (SELECT h.g FROM T h WHERE r(h) AND NOT c(h))

and the row ``t`` is a row of its own group, so the quantifier already says ``c(t)``: a
WHERE conjunct ``c`` beside it goes (the division's guard, read as its witness, leaves it
there; the grouped spelling never writes it). Conditions, each with its reason in SQLite:

- ``T`` is the outer select's one scan and the subquery's one scan, ``g`` the same column,
  declared NOT NULL: the row ``t`` is one of the ``h`` and ``NOT IN`` is TRUE or FALSE.
- The subquery's other conjuncts ``r(h)`` are outer conjuncts read on ``t``: they are TRUE
  where the row is kept, so ``t`` is a candidate.
- ``c`` is TRUE or FALSE: ``x IN (SELECT y ..)`` with ``x`` and ``y`` declared NOT NULL
  columns of a scan, or an ``EXISTS``. Then ``NOT c(t)`` not TRUE is ``c(t)`` TRUE.
- No subquery of the quantifier defines ``t``'s alias (the renamed row reaches only ``t``).

The ``NOT EXISTS (SELECT .. FROM T h WHERE h.g = t.g AND r(h) AND NOT c(h))`` spelling is
read alike (``g`` NOT NULL).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import CmpOp, Conv
from ..ir.walk import defined_aliases, realias
from .division_guards import _plain
from .terms import Flat, _and, _conjuncts, _key


def _column(e, s, schema) -> bool:
    """Is ``e`` a column of scan ``s`` declared NOT NULL?"""
    return (isinstance(e, ir.Col) and isinstance(s, ir.Scan) and e.alias == s.alias
            and schema.table(s.table).never_null(e.name))


def _two_valued(c, t: ir.Scan, schema) -> bool:
    """Is ``c`` never NULL: an ``EXISTS``, or ``t.x IN (SELECT y FROM S ..)`` of declared
    NOT NULL columns?"""
    if isinstance(c, ir.Exists):
        return True
    if not (isinstance(c, ir.InSub) and c.conv == Conv.NONE and not c.convs and _plain(c.query)
            and len(c.query.items) == 1):
        return False
    return _column(c.arg, t, schema) and _column(c.query.items[0], _scan_of(c.query.source), schema)


def _scan_of(src):
    """The one scan of a FROM (a canonical ``Flat`` of one leaf and no equality class too)."""
    if isinstance(src, Flat) and len(src.leaves) == 1 and not src.classes:
        src = src.leaves[0]
    return src if isinstance(src, ir.Scan) else None


def _group(q_cond, t: ir.Scan, schema):
    """The subquery's scan and its conjuncts other than the group link, when ``q_cond`` is
    the own-group quantifier ``t.g NOT IN (SELECT h.g FROM T h WHERE ..)`` or ``NOT EXISTS
    (SELECT .. FROM T h WHERE h.g = t.g AND ..)``; else None."""
    if not isinstance(q_cond, ir.Not):
        return None
    e = q_cond.arg
    h = _scan_of(e.query.source) if isinstance(e, ir.InSub | ir.Exists) and _plain(e.query) else None
    if h is None or h.table != t.table or t.alias in defined_aliases(e.query) or h.alias == t.alias:
        return None
    conds = _conjuncts(e.query.where)
    if isinstance(e, ir.InSub):
        g = e.arg
        ok = (e.conv == Conv.NONE and not e.convs and _column(g, t, schema) and len(e.query.items) == 1
              and e.query.items[0] == dataclasses.replace(g, alias=h.alias))
        return (h, conds) if ok else None
    for c in conds:
        if (isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and c.conv == Conv.NONE
                and any(_column(a, t, schema) and b == dataclasses.replace(a, alias=h.alias)
                        for a, b in ((c.left, c.right), (c.right, c.left)))):
            return h, [d for d in conds if d is not c]
    return None


def _shape(c) -> str:
    """``c``'s key up to the aliases it defines (a subquery one level deeper names its
    sources otherwise in canonical form); the aliases it reads keep their names."""
    return _key(realias(c, {n: f"v#{i}" for i, n in enumerate(defined_aliases(c))}))


def implied_tests(conds: list, t: ir.Scan, schema) -> list:
    """``conds`` (the WHERE of a select over the one scan ``t``) without the conjuncts an
    own-group quantifier among them implies (module docstring)."""
    held = {_shape(c) for c in conds}
    implied = set()
    for qc in conds:
        found = _group(qc, t, schema)
        if found is None:
            continue
        h, inner = found
        breaks = [c for c in (realias(c, {h.alias: t.alias}) for c in inner) if _shape(c) not in held]
        if (len(breaks) == 1 and isinstance(breaks[0], ir.Not) and _shape(breaks[0].arg) in held
                and _two_valued(breaks[0].arg, t, schema)):
            implied.add(_shape(breaks[0].arg))
    return [c for c in conds if _shape(c) not in implied] if implied else conds


def own_counterexample_test(q, schema):
    """``q`` without the WHERE conjuncts its own-group quantifier implies, else ``q``."""
    if not (isinstance(q, ir.Select) and isinstance(q.source, ir.Scan)):
        return q
    conds = _conjuncts(q.where)
    out = implied_tests(conds, q.source, schema)
    return q if out is conds else dataclasses.replace(q, where=_and(out))


def _facts(canon, conds, ctx):
    """At the site ``facts`` (canonical conjuncts; the select's renamed leaves)."""
    leaves = ctx.get("leaves") or []
    if len(leaves) != 1 or not isinstance(leaves[0], ir.Scan):
        return conds
    out = implied_tests(list(conds), leaves[0], canon.schema)
    return conds if len(out) == len(conds) else out


OWN_COUNTEREXAMPLE_RULE = (
    "own_counterexample_test", "WHERE c AND r AND t.g NOT IN (SELECT h.g FROM T h WHERE r(h) "
    "AND NOT c(h)) is WHERE r AND t.g NOT IN (..): the row t is in its own group (g NOT NULL, "
    "c TRUE or FALSE)", ("select", "facts"),
    lambda canon, v, ctx: own_counterexample_test(v, canon.schema) if isinstance(v, ir.Select)
    else _facts(canon, v, ctx))
