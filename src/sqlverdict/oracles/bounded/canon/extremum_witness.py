"""A filter the extremum's row already meets (issue 25, i44b): ``extremum_witness_filter``.

"The next voyage" is written ``ORDER BY y2.depart, y2.voyage_id LIMIT 1`` over ``y2.depart >
y.depart`` and, unnested, ``y2.depart = (SELECT MIN(y3.depart) .. WHERE .. y3.depart >
y.depart)``; the rewrite of the first keeps the filter ``y2.depart > y.depart`` beside the
equality, the hand-written second does not. In general: in an inner-joined select, a
conjunct ``P(x)`` goes when another conjunct is ``x = (SELECT MIN(c) FROM T t2 WHERE .. AND
P(c) ..)`` (MAX alike), ``x`` and ``c`` one column of one table ``T`` (``x`` of a scan of
``T`` in this select, ``c`` of the subquery's one scan of ``T``), and ``P`` reads no other
column of the subquery's table (only ``c``, outer columns and literals; no subquery).

Why it holds in SQLite: where the equality is TRUE, the MIN is not NULL, so it is the ``c``
of a row the subquery's WHERE keeps, on which every conjunct, ``P(c)`` among them, is TRUE;
``x`` equals that value, and equal values of the column are identical (``top_one.
_identity_key``: TEXT or REAL affinity, a rowid alias or STRICT INTEGER, or an INTEGER
column in the typed domain; BINARY collation), so ``P(x)``, the same deterministic
expression over the same column's value (the same affinity and collation, so the same
conversions), is TRUE too. The conjunction is TRUE on the same rows with or without it.
Near misses: a column where 1 and 1.0 are equal but not identical (``typeof`` or ``||``
could tell), ``P`` reading another column of the subquery's row, a COUNT or SUM instead of
MIN/MAX.
"""

from __future__ import annotations

from .. import ir
from ..ir.kinds import AggFn, CmpOp
from .terms import _conjuncts, _has_sub, _replace_cols
from .top_one import _identity_key


def _extremum(d):
    """``(x, subquery select, its scan, c)`` of ``x = (SELECT MIN|MAX(c) FROM T ..)``, else None."""
    if not (isinstance(d, ir.Cmp) and d.op == CmpOp.EQ and not d.conv):
        return None
    for x, sub in ((d.left, d.right), (d.right, d.left)):
        if not (isinstance(x, ir.Col) and isinstance(sub, ir.ScalarSub) and isinstance(s := sub.query, ir.Select)):
            continue
        if not (s.aggregate and not s.group_by and s.having is None and s.limit is None and not s.offset
                and isinstance(s.source, ir.Scan) and len(s.items) == 1 and s.bare_from is None):
            continue
        a = s.items[0]
        if (isinstance(a, ir.Agg) and a.fn in (AggFn.MIN, AggFn.MAX) and not a.distinct
                and isinstance(a.arg, ir.Col) and a.arg.alias == s.source.alias and a.arg.name == x.name):
            return x, s, s.source, a.arg
    return None


def _implied(x, s, scan, c) -> list:
    """The conjuncts ``P(x)`` of ``P(c)`` in ``s``'s WHERE that read no other column of ``scan``."""
    out = []
    for p in _conjuncts(s.where):
        if _has_sub(p):
            continue
        own = {(y.alias, y.name) for y in ir.local_nodes(p) if isinstance(y, ir.Col) and y.alias == scan.alias}
        if own == {(c.alias, c.name)}:
            out.append(_replace_cols(p, {(c.alias, c.name): x}))
    return out


def extremum_witness_filter(v, schema, typed: bool):
    """``(q, leaves, conds)`` without the conjuncts an extremum's equality implies, else ``v``."""
    q, leaves, conds = v
    scans = {x.alias: x for x in leaves if isinstance(x, ir.Scan)}
    implied = []
    for d in conds:
        found = _extremum(d)
        if found is None:
            continue
        x, s, scan, c = found
        if (x.alias in scans and scans[x.alias].table == scan.table
                and _identity_key(x, scans, schema, typed) and _identity_key(c, {scan.alias: scan}, schema, typed)):
            implied += [(p, d) for p in _implied(x, s, scan, c)]
    drop = {i for i, c in enumerate(conds) for p, d in implied if c == p and c is not d}
    if not drop:
        return v
    return q, leaves, [c for i, c in enumerate(conds) if i not in drop]


# ---- the registry's entry (``rules.RULES`` adds it as ``Rule(*entry)``)

EXTREMUM_WITNESS_RULE = (
    "extremum_witness_filter", "a conjunct P(x) beside x = (SELECT MIN|MAX(c) FROM T .. WHERE .. "
    "P(c) ..), x and c one column of T whose equal values are identical, P reading only c of "
    "the subquery's row, goes: the extremum's row meets P", ("sources",),
    lambda canon, v, ctx: extremum_witness_filter(v, canon.schema, canon.typed), True)
