"""The childless parents' branch of a per-parent split spelt any way (round 61, class U):
``padded_split_partner``.

``padded_split_as_left_join`` (``canon/padded_splits.py``) reads ``SELECT c.f, .., A FROM C
WHERE w GROUP BY c.f, .. UNION ALL SELECT p.k, .., z FROM P p WHERE NOT EXISTS (SELECT 1 FROM
C c2 WHERE c2.f = p.k AND w)`` as ``P LEFT JOIN C`` grouped by ``p.k`` ("assigned pairings
per crew with the idle crews"). People spell the second operand's anti-join in many ways:
``p.k NOT IN (SELECT f FROM C WHERE w)``, ``P LEFT JOIN C .. WHERE c.x IS NULL``, the probe's
conjuncts in another order. This law builds the NOT EXISTS spelling from the first operand
(its ``C``, ``w`` and the key ``f`` it shows where the second operand shows a column ``p.k``
of a scan of ``P``) and takes it for the second operand when both have one canonical form
(equal forms are the same bag on every database, e.g. ``NOT IN`` only where ``f`` is never
NULL on the probed rows: a NULL in the list makes ``NOT IN`` empty), and when
``padded_split_as_left_join`` then merges the two: every condition of that law holds (the
foreign key, ``k`` the parent's never-NULL primary key, ``f`` never NULL on a kept child, no
HAVING, DISTINCT, window, LIMIT; order not read). Near misses in
``tests/fixtures/rules/padded_split_partner.sql``: no foreign key, a NULL-able key,
``NOT IN`` against a NULL-able key, another filter on the parents, another filter on the
anti-join than on the groups.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import CmpOp, SetOpKind, Ty
from ..ir.walk import nodes, realias
from .outer_laws import _scans
from .padded_splits import _as_left_join
from .splits import _operand
from .terms import _and, _conjuncts


def _fresh(q, stem: str) -> str:
    used = {getattr(y, "alias", None) for y in nodes(q)}
    n = 0
    while f"{stem}_{n}" in used:
        n += 1
    return f"{stem}_{n}"


def _probes(g, n, whole):
    """``n`` spelt as ``SELECT .. FROM P p WHERE NOT EXISTS (C c2 WHERE c2.f = p.k AND w)``
    for each key ``f`` of ``g`` shown where ``n`` shows a column of a scan."""
    if not (isinstance(g, ir.Select) and g.aggregate and isinstance(g.source, ir.Scan)
            and isinstance(n, ir.Select) and _operand(n) and not n.aggregate
            and len(g.items) == len(n.items)):
        return
    s = g.source
    for f, k in zip(g.items, n.items, strict=True):
        if not (f in g.group_by and isinstance(f, ir.Col) and f.alias == s.alias
                and isinstance(k, ir.Col)):
            continue
        scans = [x for x in _scans(n.source) if x.alias == k.alias]
        if len(scans) != 1:
            continue
        alias = _fresh(whole, s.alias)
        c2 = ir.Scan(s.table, alias, s.columns)
        link = ir.Cmp(CmpOp.EQ, dataclasses.replace(f, alias=alias), k)
        cond = _and([*(realias(c, {s.alias: alias}) for c in _conjuncts(g.where)), link])
        probe = ir.Exists(ir.Select(c2, cond, (), None, (ir.Lit(1, Ty.INT),), False, (), None, 0,
                                    False))
        yield dataclasses.replace(n, source=scans[0], where=ir.Not(probe))


def padded_split_partner(q, canon, sensitive: bool):
    """``q`` as ``padded_split_as_left_join`` reads it once its padded operand is spelt as
    that law's NOT EXISTS probe (module docstring), else ``q``."""
    if sensitive or not (isinstance(q, ir.SetOp) and q.op == SetOpKind.UNION and q.all
                         and not q.order and q.limit is None and not q.offset):
        return q
    for g, n, padded_first in ((q.left, q.right, False), (q.right, q.left, True)):
        if _as_left_join(g, n, canon.schema, padded_first) is not None:
            return q  # (padded_split_as_left_join's own spelling)
        for spelt in _probes(g, n, q):
            if spelt == n:
                continue
            out = _as_left_join(g, spelt, canon.schema, padded_first)
            if out is not None and canon.query(spelt, {}, 0, False) == canon.query(n, {}, 0, False):
                return out
    return q


PADDED_PARTNER_RULE = (
    "padded_split_partner", "padded_split_as_left_join with the childless parents' operand in any "
    "spelling whose canonical form is SELECT p.k, .., z FROM P WHERE NOT EXISTS (C: c.f = p.k AND "
    "w) built from the groups' operand (NOT IN, LEFT JOIN .. IS NULL; order not read)",
    ("compound",), lambda canon, q, ctx: padded_split_partner(q, canon, ctx.get("sensitive", True)),
    False)
