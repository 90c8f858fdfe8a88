"""Group-wise quantifiers over a join to the group key's one parent, read on the parent
(round 63, i63f, class G): ``parent_quantifiers_as_exists``.

"The pairings whose whole crew shares the pairing's base":

    SELECT a.f FROM C a JOIN .. JOIN P p ON p.k = a.f WHERE w GROUP BY a.f HAVING h1 AND ..

(or ``GROUP BY p.k``, the items exactly the key) is

    SELECT p.k FROM P p WHERE EXISTS (SELECT 1 FROM C a JOIN .. WHERE w AND a.f = p.k [AND own])
                        AND NOT EXISTS (SELECT 1 FROM C a JOIN .. WHERE w AND a.f = p.k AND (b1 OR ..))

the join without ``p``, whose columns the tests read as the outer row's. Each ``hi`` is one of
``group_quantifiers``' "some row p" (``own``) or "no row q" / "every row p" tests (``b``: the
breaking row; the pair-of-rows tests, one value and the last ``p``, are refused), or
``MIN(CASE WHEN p THEN 1 ELSE 0 END) = 1`` (every row: ``universal._least_flag``), whose ``p``
may compare a column of a child with one of the parent: its breaking test is the flipped
comparison, with ``OR x IS NULL`` for an operand that may be NULL.

Why: ``a.f`` is declared NOT NULL with a declared foreign key onto ``P.k`` (one storage class,
``one_parent._link``), ``k`` a unique key of ``P``: every row of the rest of the join has
exactly one parent row, ``p.k = a.f``, so the join is the rest extended by that row, and the
group of key ``v`` is the rows of the rest with ``a.f = v`` beside the one parent ``p.k = v``.
Groups are never empty (the EXISTS), one per parent with rows (``k`` unique: one output row per
group), and the tests read the rows of the group with ``p``'s columns, as the subqueries read
them. ``a.f`` and ``p.k`` are equal by ``=`` without conversion; shown, they are identical
values (typed domain only: INTEGER and TEXT keys of declared classes; the foreign key is
checked with the parent's affinity, which ``=`` need not apply in the sqlite domain).

Conditions: ``J`` an inner join of uncollated tables without subqueries (``group_quantifiers``'
``_source_scans``); one GROUP BY key; at most one "some" test; some test reads a column of
``p`` besides the link (else ``semijoins`` drops the parent, and the existing laws read the
grouping); the rule runs after ``group_quantifiers_as_semijoins`` and its kin, so it meets
only groupings they refuse. Near misses: a NULL-able foreign key (a child without parent is a
group of its own), a comparison with a NULL-able parent column read as ``<>`` only, MAX for MIN
(some row, not every row).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import CmpOp, Conv, JoinKind, LogicOp, Ty
from .group_quantifiers import _reads_only, _source_scans, _tests
from .joins import _not_null
from .one_parent import _link
from .terms import _aliases_in, _and, _conjuncts, _leaves, _on_conjuncts
from .universal import _least_flag, any_of

_FLIP = {CmpOp.EQ: CmpOp.NE, CmpOp.NE: CmpOp.EQ, CmpOp.LT: CmpOp.GE, CmpOp.GE: CmpOp.LT,
         CmpOp.GT: CmpOp.LE, CmpOp.LE: CmpOp.GT}


def _not_true(p, leaves, schema):
    """``p`` FALSE or NULL, for a comparison of columns (and literals): the flipped comparison,
    ``OR x IS NULL`` for each column that may be NULL; else None."""
    if not (isinstance(p, ir.Cmp) and p.op in _FLIP and p.conv == Conv.NONE
            and all(isinstance(x, (ir.Col, ir.Lit)) for x in (p.left, p.right))):
        return None
    if any(isinstance(x, ir.Lit) and x.value is None for x in (p.left, p.right)):
        return None
    out = [dataclasses.replace(p, op=_FLIP[p.op])]
    out += [ir.IsNull(x) for x in (p.left, p.right) if isinstance(x, ir.Col) and not _not_null(x, leaves, schema)]
    return out[0] if len(out) == 1 else ir.Logic(LogicOp.OR, tuple(out))


def _cross(leaves):
    src = leaves[0]
    for x in leaves[1:]:
        src = ir.Join(JoinKind.CROSS, src, x, None)
    return src


def parent_quantifiers_as_exists(q, schema, typed: bool):
    """The module's law, else ``q``."""
    if not typed or schema is None:
        return q
    scans = _source_scans(q, schema, typed)
    if scans is None or len(scans) < 2 or len(q.group_by) != 1 or not isinstance(q.source, ir.Join):
        return q
    leaves = list(scans.values())
    if any(not isinstance(x, ir.Scan) for x in _leaves(q.source)):
        return q
    conds = _on_conjuncts(q.source) + _conjuncts(q.where)
    g = q.group_by[0]
    for p in leaves:
        link = _link(conds, p, leaves, schema)
        if len(link) != 1:
            continue
        e = link[0]
        child, key = (e.right, e.left) if e.left.alias == p.alias else (e.left, e.right)
        if g not in (child, key):
            continue
        rest = [x for x in leaves if x.alias != p.alias]
        others = [c for c in conds if c is not e]
        if any(p.alias in _aliases_in(c) for c in others):
            continue  # (the parent read by the join: refused)
        found = _parent_tests(q.having, scans, leaves, schema)
        if found is None:
            return q
        own, breaks = found
        if not any(p.alias in _aliases_in(c) for c in [*own, *breaks]):
            return q  # (the parent unread: semijoins drops it)
        if any(_aliases_in(c) - set(scans) for c in [*own, *breaks]):
            return q
        inner = [*others, ir.Cmp(CmpOp.EQ, child, key, Ty.BOOL, Conv.NONE)]
        src = _cross(rest)
        some = ir.Exists(ir.Select(src, _and([*inner, *own]), (), None, (ir.Lit(1, Ty.INT),), False, (),
                                   None, 0, False))
        found_ = [some]
        if breaks:
            found_.append(ir.Not(ir.Exists(ir.Select(src, _and([*inner, any_of(breaks)]), (), None,
                                                     (ir.Lit(1, Ty.INT),), False, (), None, 0, False))))
        return dataclasses.replace(q, source=p, where=_and(found_), group_by=(), having=None,
                                   aggregate=False, distinct=False, items=(key,))
    return q


def _parent_tests(having, scans, leaves, schema):
    """(own conditions, breaking conditions) of the HAVING conjuncts, else None."""
    own, breaks = [], []
    for h in _conjuncts(having):
        flag = _least_flag(h)
        if flag is not None:
            b = _not_true(flag, leaves, schema)
            if b is None:
                return None
            breaks.append(b)
            continue
        tests = _tests(h, scans, lambda x: _not_null(x, leaves, schema), schema)
        if tests is None or not all(_reads_only(t, scans) for t in tests):
            return None
        for t in tests:
            if isinstance(t.breaks, tuple):
                return None
            if t.own is not None:
                own.append(t.own)
            if t.breaks is not None:
                breaks.append(t.breaks)
    return (own, breaks) if len(own) <= 1 else None


PARENT_QUANTIFIER_RULE = (
    "parent_quantifiers_as_exists", "SELECT a.f FROM C a JOIN .. JOIN P p ON p.k = a.f GROUP BY "
    "a.f HAVING group quantifiers reading p (a.f a NOT NULL foreign key onto P's unique k) is "
    "SELECT p.k FROM P p WHERE EXISTS (rows of the rest with a.f = p.k [and own]) AND NOT "
    "EXISTS (.. and a breaking row), typed only", ("select",),
    lambda canon, q, ctx: parent_quantifiers_as_exists(q, canon.schema, canon.typed), True)
