"""A UNION ALL of branches of one query that each keep one set of values of a column,
merged back into that query (round 61, class U): ``constant_branches``.

``SELECT k, 'v1', A FROM F WHERE w AND c = 'v1' GROUP BY k UNION ALL SELECT k, 'v2', A FROM F
WHERE w AND c = 'v2' GROUP BY k ..`` is ``SELECT k, c, A FROM F WHERE w AND c IN ('v1', 'v2'
..) GROUP BY k, c`` ("crews per pairing and position", a report split by hand into one
branch per label). A branch tests ``c = v`` (or ``c IN (v..)``), and its literal ``v`` in
its items stands for ``c``, which is ``v`` on its every row; with one value ``c`` is one
value per branch, so ``GROUP BY k`` there groups as ``GROUP BY k, c``. Each row of ``F``
passing ``w`` passes the branch of its value of ``c`` (none when ``c`` is NULL or another
value, as ``IN`` drops it), so the branches hold exactly the rows (and groups: a group's
rows share ``c``) of the merged query; a branch with no row gives no group, as the merged
query gives none for that value. Also without GROUP BY (plain selects).

Conditions (each a near miss in ``tests/fixtures/rules/constant_branches.sql``): every
operand a select of one FROM tree (aliases renamed by position), no DISTINCT (bags: UNION
is refused too), LIMIT, ORDER BY, window, nor an aggregate without GROUP BY (a branch of no
row still gives its row); the branches equal but for the test of ``c`` and the literal
items; the values pairwise distinct (a value in two branches counts its rows twice);
``c`` a column of a scan of a table with no collated column (under NOCASE ``c = 'CA'`` keeps
``'ca'``, which the branch shows as ``'CA'``), TEXT values against TEXT affinity, or integers
against INTEGER affinity (the column then holds the literal's very value: ``c = '1'`` on
an INTEGER column keeps the integer 1, which ``'1'`` would show as text), no conversion in
the test; a multi-valued branch groups by ``c`` itself. Only the query's own top compound
(``canon.top``): the merged column shows ``c`` with its affinity where the branches showed
literals without one, which a reader of a derived table or a subquery would see.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import Affinity, CmpOp, Conv
from .buckets import union_all_chain
from .outer_laws import _scans
from .setops import _renamed
from .splits import _operand
from .terms import _and, _conjuncts, _key


def _values(t):
    """``(c, values)`` of a test ``c = v`` / ``v = c`` / ``c IN (v..)``, ``c`` a column and
    the ``v`` literals, no conversion; else None."""
    if isinstance(t, ir.Cmp) and t.op == CmpOp.EQ and t.conv == Conv.NONE:
        for c, v in ((t.left, t.right), (t.right, t.left)):
            if isinstance(c, ir.Col) and isinstance(v, ir.Lit):
                return c, (v,)
    if (isinstance(t, ir.InList) and isinstance(t.arg, ir.Col) and t.items
            and all(isinstance(v, ir.Lit) for v in t.items)):
        return t.arg, tuple(t.items)
    return None


def _exact(c: ir.Col, values, q: ir.Select, schema) -> bool:
    """Does ``c = v`` keep only rows whose ``c`` is ``v``'s very value (module docstring)?"""
    scans = [s for s in _scans(q.source) if s.alias == c.alias]
    if len(scans) != 1 or schema.table(scans[0].table).collated:
        return False
    for v in values:
        if isinstance(v.value, str):
            ok = c.affinity == Affinity.TEXT
        else:
            ok = (isinstance(v.value, int) and not isinstance(v.value, bool)
                  and -2**63 <= v.value < 2**63 and c.affinity == Affinity.INTEGER)
        if not ok:
            return False
    return True


def _normal(p: ir.Select, c: ir.Col):
    """``(values, p without its test of c, its value literals as c, grouped by c)``, else
    None."""
    tests = [(t, found) for t in _conjuncts(p.where) if (found := _values(t)) and found[0] == c]
    if len(tests) != 1:
        return None
    test, (_, values) = tests[0]
    rest = [t for t in _conjuncts(p.where) if t is not test]
    items, group_by = p.items, p.group_by
    if len(values) == 1:
        v = values[0]
        items = tuple(c if isinstance(i, ir.Lit) and (i.value, i.ty) == (v.value, v.ty) else i
                      for i in items)
        if group_by and c not in group_by:
            group_by = (*group_by, c)
    elif group_by and c not in group_by:
        return None
    body = dataclasses.replace(p, where=_and(rest), items=items, names=(),
                               group_by=tuple(sorted(group_by, key=_key)))
    return values, rest, body


def constant_branches(q, schema, top) -> ir.Query:
    """The UNION ALL ``q`` of branches keeping disjoint values of one column, as one query
    (module docstring); else ``q``. ``top``: the query's own top compound."""
    parts = union_all_chain(q, lambda x: x if _operand(x) else None) if top else None
    if not parts or len(parts) < 2:
        return q
    first = parts[0]
    renamed = [first] + [_renamed(p, first) for p in parts[1:]]
    if any(p is None for p in renamed):
        return q
    for t in _conjuncts(first.where):
        found = _values(t)
        if found is None or not _exact(found[0], found[1], first, schema):
            continue
        normals = [_normal(p, found[0]) for p in renamed]
        if any(n is None for n in normals):
            continue
        values = [(v.value, v.ty) for n in normals for v in n[0]]
        if len(set(values)) != len(values) or not _exact(found[0], [v for n in normals for v in n[0]],
                                                         first, schema):
            continue
        if any(n[2] != normals[0][2] for n in normals[1:]):
            continue
        lits = tuple(v for n in normals for v in n[0])
        body = normals[0][2]
        test = ir.InList(found[0], lits) if len(lits) > 1 else ir.Cmp(CmpOp.EQ, found[0], lits[0])
        return dataclasses.replace(body, where=_and([*normals[0][1], test]), names=first.names)
    return q


CONSTANT_BRANCH_RULE = (
    "constant_branches", "SELECT k, 'v1', A FROM F WHERE w AND c = 'v1' GROUP BY k UNION ALL "
    "SELECT k, 'v2', A .. c = 'v2' .. is SELECT k, c, A FROM F WHERE w AND c IN ('v1', 'v2') "
    "GROUP BY k, c: distinct values, TEXT against TEXT or integers against INTEGER affinity, no "
    "collated column, no DISTINCT, LIMIT, window or ungrouped aggregate; the query's top compound "
    "only (order not read)", ("compound",),
    lambda canon, q, ctx: q if ctx.get("sensitive", True) else constant_branches(
        q, canon.schema, ctx.get("top", False)), False)
