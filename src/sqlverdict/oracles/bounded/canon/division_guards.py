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
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import JoinKind
from ..ir.walk import defined_aliases, realias
from .division import _exists
from .terms import _aliases_in, _and, _conjuncts, _has_sub


def _plain(s) -> bool:
    """A select whose ``EXISTS`` is its FROM and WHERE's."""
    return (isinstance(s, ir.Select) and s.source is not None and not s.aggregate
            and not s.group_by and s.having is None and s.limit is None and not s.offset
            and s.bare_from is None)


def _witness(guard: ir.Exists, quantifier):
    """The guard as ``EXISTS (S, M WHERE f AND c)`` when ``quantifier`` is ``NOT EXISTS
    (S WHERE f AND NOT EXISTS M)`` over the guard's ``S WHERE f``, else None."""
    g = guard.query
    if not (isinstance(quantifier, ir.Not) and isinstance(quantifier.arg, ir.Exists)):
        return None
    s = quantifier.arg.query
    if not (_plain(g) and _plain(s) and isinstance(g.source, ir.Scan)
            and isinstance(s.source, ir.Scan) and g.source.table == s.source.table):
        return None
    f = [realias(c, {g.source.alias: s.source.alias}) for c in _conjuncts(g.where)]
    if any(_has_sub(c) for c in f):
        return None
    held = {repr(c) for c in f}
    rest = [c for c in _conjuncts(s.where) if repr(c) not in held]
    if len(rest) != 1 or {repr(c) for c in _conjuncts(s.where)} - {repr(rest[0])} != held:
        return None
    m = rest[0]
    if not (isinstance(m, ir.Not) and isinstance(m.arg, ir.Exists) and _plain(m.arg.query)):
        return None
    inner = m.arg.query
    mine = set(defined_aliases(inner.source))
    if s.source.alias in mine or mine & set().union(*(_aliases_in(c) for c in f)):
        return None
    return _exists(ir.Join(JoinKind.CROSS, s.source, inner.source, None),
                   _and([*f, *_conjuncts(inner.where)]))


def division_guard_as_witness(q):
    """``q`` with each WHERE guard of a double ``NOT EXISTS`` read as its witness (module
    docstring), else ``q``."""
    if not isinstance(q, ir.Select):
        return q
    conds = _conjuncts(q.where)
    out, changed = [], False
    for c in conds:
        new = None
        if isinstance(c, ir.Exists):
            new = next((w for n in conds if n is not c
                        for w in (_witness(c, n),) if w is not None), None)
        out.append(c if new is None else new)
        changed = changed or new is not None
    return dataclasses.replace(q, where=_and(out)) if changed else q


DIVISION_GUARD_RULE = (
    "division_guard_as_witness", "EXISTS (S WHERE f) AND NOT EXISTS (S WHERE f AND NOT EXISTS "
    "(M WHERE c)) is EXISTS (S, M WHERE f AND c) AND NOT EXISTS (..): every row of S WHERE f "
    "has a match, so S WHERE f is not empty exactly when a match exists", ("select",),
    lambda canon, q, ctx: division_guard_as_witness(q))
