"""A bound below the least value or its absence, as NOT EXISTS a value at or under it (round
56, i56c): ``bound_or_no_extremum``.

"The version in force on a day" is written ``valid_from <= d AND (nxt IS NULL OR nxt > d)``
with ``nxt = LEAD(valid_from)``, which ``neighbour_as_subquery`` and ``top_one_as_extremum``
make ``(SELECT MIN(t.valid_from) FROM T t WHERE t.member = m AND t.valid_from > valid_from)``,
and ``NOT EXISTS (SELECT 1 FROM T t WHERE .. AND t.valid_from <= d)`` by hand (the latest
start on or before the day, ``own_extremum_in_range``'s form of ``= (SELECT MAX(..))``).

Law: a condition ``e < N OR N IS NULL`` (either order; ``N > e`` too; the two ``N`` one
subquery up to the alias of its scan), ``N = (SELECT MIN(c) FROM F WHERE φ)``, is ``NOT EXISTS (SELECT 1 FROM F WHERE φ AND c <= e)``; ``e <= N``:
``c < e``; MAX: ``e > N`` is ``c >= e``, ``e >= N`` is ``c > e``. When ``e`` is never NULL:
a non-NULL literal of ``c``'s class (a string for a TEXT column, a number for an INTEGER or
REAL one), or a never-NULL column of a scan of the select of ``c``'s affinity.

Why it holds in SQLite, as three-valued truth values (so anywhere in a condition; it is read
in WHERE/ON conjuncts): ``N`` is NULL exactly when no row of ``φ`` has a non-NULL ``c``; then
the condition is TRUE, and NOT EXISTS too (``c <= e`` is NULL on a NULL ``c``). Otherwise
``N IS NULL`` is FALSE and ``e < N``, ``e`` and ``N`` not NULL, is TRUE or FALSE: TRUE
exactly when ``e`` is below every non-NULL ``c`` (MIN orders by the comparison ``<`` uses: one
column's values, binary collation only: no collated table), i.e. when no row has ``c <= e``.
The comparisons convert alike: the literal has no affinity and the column's affinity leaves
it as it is (a number beside a numeric column, a string beside a TEXT one); a column of the
same affinity converts nothing against ``c``, and its affinity leaves ``N``, a stored value
of such a column, as it is. Near misses: ``e`` a NULL-able column, no ``IS NULL`` disjunct
(no row: NULL, not TRUE), ``<`` against MAX.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import Affinity, AggFn, CmpOp, Conv, LogicOp, Ty
from .quantified import _extremum
from .scalar_top_rows import _same
from .terms import _and, _conjuncts
from .windows import _collated

_ONE = ir.Lit(1, Ty.INT)
_FLIP = {CmpOp.LT: CmpOp.GT, CmpOp.LE: CmpOp.GE, CmpOp.GT: CmpOp.LT, CmpOp.GE: CmpOp.LE}
# (fn, e op N) -> the op of "c op e" on a row that breaks the bound
_BREAKS = {(AggFn.MIN, CmpOp.LT): CmpOp.LE, (AggFn.MIN, CmpOp.LE): CmpOp.LT,
           (AggFn.MAX, CmpOp.GT): CmpOp.GE, (AggFn.MAX, CmpOp.GE): CmpOp.GT}
_CLASSES = {Affinity.TEXT: (Ty.TEXT,), Affinity.INTEGER: (Ty.INT, Ty.REAL),
            Affinity.REAL: (Ty.INT, Ty.REAL)}


def _bound(d):
    """``(op, e, N)`` of ``e op N`` (``N op e`` flipped), ``N`` a scalar subquery, no
    conversion, else None."""
    if not (isinstance(d, ir.Cmp) and d.op in _FLIP and d.conv == Conv.NONE):
        return None
    if isinstance(d.right, ir.ScalarSub) and not isinstance(d.left, ir.ScalarSub):
        return d.op, d.left, d.right
    if isinstance(d.left, ir.ScalarSub) and not isinstance(d.right, ir.ScalarSub):
        return _FLIP[d.op], d.right, d.left
    return None


def _never_null_like(e, col: ir.Col, scans: dict, schema) -> bool:
    """Is ``e`` never NULL and compared with ``col`` without conversion (module docstring)?"""
    if isinstance(e, ir.Lit):
        return e.value is not None and e.ty in _CLASSES.get(col.affinity, ())
    return (isinstance(e, ir.Col) and e.alias in scans and e.affinity == col.affinity
            and col.affinity in _CLASSES
            and schema.table(scans[e.alias].table).never_null(e.name))


def _rewrite(c, scans: dict, schema):
    """``NOT EXISTS ..`` for the condition ``c`` (the module's law), else None."""
    if not (isinstance(c, ir.Logic) and c.op == LogicOp.OR and len(c.args) == 2):
        return None
    for b, t in (c.args, c.args[::-1]):
        if not (isinstance(t, ir.IsNull) and isinstance(t.arg, ir.ScalarSub)
                and (found := _bound(b)) is not None and _same(t.arg, found[2])):
            continue
        op, e, sub = found
        got = _extremum(sub.query)
        if got is None or (got[0], op) not in _BREAKS or _collated(sub.query, schema):
            return None
        q, col = sub.query, got[1]
        if not _never_null_like(e, col, scans, schema):
            return None
        breaks = ir.Cmp(_BREAKS[got[0], op], col, e)
        body = dataclasses.replace(q, where=_and([*_conjuncts(q.where), breaks]), aggregate=False,
                                   items=(_ONE,), names=())
        return ir.Not(ir.Exists(body))
    return None


def bound_or_no_extremum(v, schema):
    """``(q, leaves, conds)`` with each such conjunct rewritten, else ``v``."""
    q, leaves, conds = v
    scans = {s.alias: s for s in leaves if isinstance(s, ir.Scan)}
    out = [_rewrite(c, scans, schema) for c in conds]
    if all(x is None for x in out):
        return v
    return q, leaves, [c if x is None else x for c, x in zip(conds, out, strict=True)]


# ---- the registry's entry (``rules.RULES`` adds it as ``Rule(*entry)``)

EXTREMUM_BOUND_RULE = (
    "bound_or_no_extremum", "e < (SELECT MIN(c) FROM F WHERE φ) OR (..) IS NULL, e never NULL "
    "and compared with c without conversion, is NOT EXISTS (SELECT 1 FROM F WHERE φ AND c <= e) "
    "(<=: c < e; MAX alike): e is below every value, or there is none",
    ("sources",), lambda canon, v, ctx: bound_or_no_extremum(v, canon.schema), True)
