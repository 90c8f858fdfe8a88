"""A division's guard read as a witness (round 62, i62a): ``division_guard_as_witness``.

"x related to every s in S, and S not empty" is spelled with a guard beside the double
``NOT EXISTS``:

    WHERE EXISTS (SELECT .. FROM S WHERE f) AND NOT EXISTS (SELECT .. FROM S WHERE f AND
          NOT EXISTS (SELECT .. FROM M WHERE c))

Under the second conjunct every row of ``S WHERE f`` has a match in ``M``, so ``S WHERE f``
is not empty exactly when one of its rows has a match: the guard is

    EXISTS (SELECT 1 FROM S, M WHERE f AND c)

the form a counted or grouped division keeps (its dividend's rows are the matches), which
the semi-join laws then read through the foreign keys. A law of logic, true on every
database: both ``EXISTS`` are TRUE or FALSE, never NULL, and ``f`` (three-valued) keeps the
same rows of ``S`` in the guard and in the quantifier (the same conjuncts, the guard's
scan renamed to the quantifier's; no subquery in ``f``). When the second conjunct is FALSE
the WHERE is FALSE with either guard. ``S`` is one scan; ``M`` a select without
aggregate, grouping, LIMIT or OFFSET (``EXISTS`` over it is ``EXISTS`` over its FROM and
WHERE), its aliases none that ``S`` or ``f`` reads.

The "no match" may also be ``x NOT IN (SELECT y FROM M WHERE c)`` with ``x`` and ``y``
declared NOT NULL columns (the IN is then TRUE or FALSE; its match is ``c AND x = y``), and
the whole quantifier ``NOT EXISTS (SELECT s.k FROM S WHERE f EXCEPT SELECT m.y FROM M WHERE
c)`` with ``k``, ``y`` declared NOT NULL of one affinity and type in uncollated tables
(EXCEPT's ``IS`` is then ``=``): the rows of ``S WHERE f`` without a match. The rule runs on
the select and again at the site ``sources`` over the conjuncts the conjunct rules made (a
counted guard ``(SELECT COUNT(*) ..) > 0`` as ``EXISTS``, a counted division as the double
``NOT EXISTS``), restarting the select with them: every spelling reaches one form.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import CmpOp, Conv, JoinKind, SetOpKind, Ty
from ..ir.walk import defined_aliases, realias
from .division import _exists
from .terms import _aliases_in, _and, _conjuncts, _has_sub, _leaves


def _plain(s) -> bool:
    """A select whose ``EXISTS`` is its FROM and WHERE's."""
    return (isinstance(s, ir.Select) and s.source is not None and not s.aggregate
            and not s.group_by and s.having is None and s.limit is None and not s.offset
            and s.bare_from is None)


def _column(e, src, schema) -> bool:
    """Is ``e`` a declared NOT NULL column of a scan of ``src`` (a scan or inner joins)?"""
    leaves = _leaves(src) or []
    return isinstance(e, ir.Col) and any(
        isinstance(x, ir.Scan) and x.alias == e.alias and schema.table(x.table).never_null(e.name)
        for x in leaves)


def _matched(m, s_src, schema):
    """(M's FROM, M's conjuncts) of the "no match" conjunct ``m`` of the quantifier: ``NOT
    EXISTS (SELECT .. FROM M WHERE c)``, or ``x NOT IN (SELECT y FROM M WHERE c)`` of
    declared NOT NULL columns ``x`` (of ``S``) and ``y`` (never NULL: the IN is TRUE or
    FALSE), read as the match ``c AND x = y``; else None."""
    if not isinstance(m, ir.Not):
        return None
    e = m.arg
    if isinstance(e, ir.Exists) and _plain(e.query):
        return e.query.source, _conjuncts(e.query.where)
    if not (isinstance(e, ir.InSub) and e.conv == Conv.NONE and not e.convs and _plain(e.query)
            and len(e.query.items) == 1 and _column(e.arg, s_src, schema)
            and _column(e.query.items[0], e.query.source, schema)):
        return None
    y = e.query.items[0]
    return e.query.source, [*_conjuncts(e.query.where), ir.Cmp(CmpOp.EQ, e.arg, y, Ty.BOOL, Conv.NONE)]


def _except_as_quantifier(e: ir.SetOp, schema):
    """``SELECT s.k FROM S WHERE f EXCEPT SELECT m.y FROM M WHERE c`` as ``SELECT 1 FROM S
    WHERE f AND NOT EXISTS (SELECT 1 FROM M WHERE c AND s.k = m.y)`` (its rows exist
    exactly when the anti-join's do), when ``k`` and ``y`` are declared NOT NULL columns of
    one affinity and type (EXCEPT's ``IS`` is then ``=``, no conversion) of uncollated
    tables, ``S``'s alias none that ``M`` defines or reads; else None."""
    a, b = e.left, e.right
    if not (e.op == SetOpKind.EXCEPT and e.limit is None and not e.offset and _plain(a) and _plain(b)
            and isinstance(a.source, ir.Scan) and len(a.items) == len(b.items) == 1):
        return None
    k, y = a.items[0], b.items[0]
    leaves = [a.source, *(_leaves(b.source) or [None])]
    if not (_column(k, a.source, schema) and _column(y, b.source, schema)
            and (k.affinity, k.ty) == (y.affinity, y.ty)
            and all(isinstance(x, ir.Scan) and not schema.table(x.table).collated for x in leaves)
            and a.source.alias not in {*defined_aliases(b), *(x.alias for x in ir.nodes(b) if isinstance(x, ir.Col))}):
        return None
    inner = ir.Select(b.source, _and([*_conjuncts(b.where), ir.Cmp(CmpOp.EQ, k, y, Ty.BOOL, Conv.NONE)]),
                      (), None, (ir.Lit(1, Ty.INT),), False, (), None, 0, False)
    return dataclasses.replace(a, where=_and([*_conjuncts(a.where), ir.Not(ir.Exists(inner))]),
                               items=(ir.Lit(1, Ty.INT),), distinct=False, names=())


def _witness(guard: ir.Exists, quantifier, schema):
    """The guard as ``EXISTS (S, M WHERE f AND c)`` when ``quantifier`` is ``NOT EXISTS
    (S WHERE f AND <no match in M>)`` over the guard's ``S WHERE f``, else None."""
    g = guard.query
    if not (isinstance(quantifier, ir.Not) and isinstance(quantifier.arg, ir.Exists)):
        return None
    s = quantifier.arg.query
    if isinstance(s, ir.SetOp):
        s = _except_as_quantifier(s, schema)
        if s is None:
            return None
    if not (_plain(g) and _plain(s) and isinstance(g.source, ir.Scan)
            and isinstance(s.source, ir.Scan) and g.source.table == s.source.table):
        return None
    if s.source.alias != g.source.alias and any(s.source.alias in _aliases_in(c) for c in _conjuncts(g.where)):
        return None  # (the guard reads an outer row under the quantifier's alias)
    f = [realias(c, {g.source.alias: s.source.alias}) for c in _conjuncts(g.where)]
    if any(_has_sub(c) for c in f):
        return None
    held = {repr(c) for c in f}
    rest = [c for c in _conjuncts(s.where) if repr(c) not in held]
    if len(rest) != 1 or {repr(c) for c in _conjuncts(s.where)} - {repr(rest[0])} != held:
        return None
    found = _matched(rest[0], s.source, schema)
    if found is None:
        return None
    src, match = found
    mine = set(defined_aliases(src))
    if s.source.alias in mine or mine & set().union(*(_aliases_in(c) for c in f)):
        return None
    return _exists(ir.Join(JoinKind.CROSS, s.source, src, None), _and([*f, *match]))


def guards_as_witnesses(conds: list, schema) -> list:
    """``conds`` with each guard of a double ``NOT EXISTS`` among them read as its witness
    (module docstring); ``conds`` itself when none is."""
    out, changed = [], False
    for c in conds:
        new = None
        if isinstance(c, ir.Exists):
            new = next((w for n in conds if n is not c
                        for w in (_witness(c, n, schema),) if w is not None), None)
        out.append(c if new is None else new)
        changed = changed or new is not None
    return out if changed else conds


def _apply(canon, value, ctx):
    """At ``select`` (a select) and ``sources`` ((select, sources, conjuncts): the conjuncts
    walked through the conjunct rules first, which make a counted guard an ``EXISTS`` and a
    counted division the double ``NOT EXISTS``; the select restarts with them)."""
    if isinstance(value, ir.Select):
        conds = _conjuncts(value.where)
        out = guards_as_witnesses(conds, canon.schema)
        return value if out is conds else dataclasses.replace(value, where=_and(out))
    q, leaves, conds = value
    if sum(_has_sub(c) for c in conds) < 2:
        return value  # (a guard and a quantifier, or no division)
    walked = [canon.walk("conjunct", c, leaves=leaves)[0] for c in conds]
    out = guards_as_witnesses(walked, canon.schema)
    return value if out is walked else (q, leaves, out)


DIVISION_GUARD_RULE = (
    "division_guard_as_witness", "EXISTS (S WHERE f) AND NOT EXISTS (S WHERE f AND NOT EXISTS "
    "(M WHERE c)) is EXISTS (S, M WHERE f AND c) AND NOT EXISTS (..): every row of S WHERE f "
    "has a match, so S WHERE f is not empty exactly when a match exists (x NOT IN (SELECT y "
    "FROM M WHERE c) of NOT NULL x, y: the match c AND x = y)", ("select", "sources"), _apply, True)
