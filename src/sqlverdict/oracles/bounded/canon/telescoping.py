"""The average gap between consecutive values as the span over the gaps: ``avg_of_consecutive_gaps``.

"The mean time between faults per connector" is written ``AVG(gap)`` over ``start - LAG(start)
OVER (PARTITION BY c ORDER BY start, id)`` (or ``LEAD(start) - start``), and as ``(MAX(start) -
MIN(start)) * 1.0 / (COUNT(*) - 1)`` per ``c``. The law: in a partition of ``n`` rows sorted by
``x`` (ties in any order), the ``n - 1`` differences of consecutive values add up to the last
minus the first, ``MAX(x) - MIN(x)``; the first row's LAG (the last row's LEAD) is NULL, which
AVG skips, so the average is that sum over ``n - 1``, NULL for ``n = 1``, where the division by
zero is NULL in SQLite too. Conditions: the typed domain and ``x`` an INTEGER column (INTEGER
affinity) never NULL on a kept row (the differences are exact integers whose sum is exact, and
AVG divides that sum as the REAL division does; NULL ``x`` would sort first and its gaps vanish
from the sum but not from COUNT(*)); the window's first key ``x`` ascending, LAG/LEAD by one
without a default; the view over inner-joined tables; the outer GROUP BY exactly the partition
columns (both put NULLs together); ``WHERE gap IS NOT NULL`` keeps the ``n - 1`` gap rows, the
groups of ``n >= 2``: ``HAVING COUNT(*) > 1``. Without GROUP BY or PARTITION BY the one row
stays (the average over no gap is NULL, as is the span over ``n - 1 = 0`` or of no row): no
HAVING. Not the integer division ``(MAX - MIN) / (COUNT(*) - 1)`` (AVG is REAL).
"""

from __future__ import annotations

from .. import ir
from ..ir.kinds import Affinity, AggFn, ArithOp, CmpOp, Ty, WindowFn
from .joined_tops import _inner
from .rank_counts import _never_null
from .terms import _conjuncts, _replace_cols
from .top_one import _PURE, _null_flag_of, _scans


def _by_one(w: ir.Window, fn: WindowFn, x) -> bool:
    """Is ``w`` ``fn(x)`` (offset one, no default) ordered first by ``x`` ascending?"""
    if not (isinstance(w, ir.Window) and w.fn == fn and w.args and w.args[0] == x):
        return False
    rest = w.args[1:]
    if rest and rest[0] != ir.Lit(1, Ty.INT) or len(rest) > 1 and rest[1].value is not None:
        return False
    keys = [(k, d) for k, d in w.order if not _null_flag_of(k, x)]
    return bool(keys) and keys[0] == (x, False)


def _gap(e):
    """(window, x) when ``e`` is ``x - LAG(x) ..`` or ``LEAD(x) .. - x``, else None."""
    if not (isinstance(e, ir.Arith) and e.op == ArithOp.SUB):
        return None
    if isinstance(e.left, ir.Col) and _by_one(e.right, WindowFn.LAG, e.left):
        return e.right, e.left
    if isinstance(e.right, ir.Col) and _by_one(e.left, WindowFn.LEAD, e.right):
        return e.left, e.right
    return None


def _not_null_of(c, g) -> bool:
    return isinstance(c, ir.Not) and isinstance(c.arg, ir.IsNull) and c.arg.arg == g


def avg_of_consecutive_gaps(q, schema, typed: bool = False):
    """``SELECT p.., AVG(g) FROM (SELECT .. FROM F WHERE w) d [WHERE g IS NOT NULL] GROUP BY
    p..``, ``g`` (read through ``d``) ``x - LAG(x) OVER (PARTITION BY p.. ORDER BY x, ..)`` or
    ``LEAD(x) OVER (..) - x``, is ``SELECT p.., (MAX(x) - MIN(x)) * 1.0 / (COUNT(*) - 1) FROM F
    WHERE w GROUP BY p.. [HAVING COUNT(*) > 1]`` (no GROUP BY: none); conditions in the
    module docstring."""
    if not (typed and isinstance(q, ir.Select) and isinstance(q.source, ir.Derived) and q.aggregate
            and q.having is None and not q.distinct and not q.order
            and q.limit is None and not q.offset and q.bare_from is None):
        return q
    d, s = q.source, q.source.query
    if not (isinstance(s, ir.Select) and not s.aggregate and not s.group_by and s.having is None
            and not s.distinct and s.limit is None and not s.offset and s.bare_from is None
            and _inner(s.source) and len(d.names) == len(s.items)):
        return q
    if not all(isinstance(y, _PURE) for c in _conjuncts(s.where) for y in ir.local_nodes(c)):
        return q
    rep = {(d.alias, n): e for n, e in zip(d.names, s.items, strict=True)}
    avgs = [e for e in q.items if isinstance(e, ir.Agg) and e.fn == AggFn.AVG and not e.distinct]
    if len(avgs) != 1:
        return q
    g = _replace_cols(avgs[0].arg, rep)
    found = _gap(g)
    keys = [_replace_cols(k, rep) for k in q.group_by]
    if found is None:
        return q
    w, x = found
    scans = _scans(s.source)
    if not (x.ty == Ty.INT and x.affinity == Affinity.INTEGER and x.alias in scans and _never_null(x, s, scans, schema, typed)
            and all(isinstance(k, ir.Col) and k.alias in scans for k in (*w.partition, *keys))
            and set(keys) == set(w.partition) and len(set(keys)) == len(keys)):
        return q
    conds = _conjuncts(q.where)
    if not (len(conds) <= 1 and all(_not_null_of(_replace_cols(c, rep), g) for c in conds)):
        return q
    if not all(e is avgs[0] or (e in q.group_by) for e in q.items):
        return q
    count = ir.Agg(AggFn.COUNT_STAR, None, False, Ty.INT)
    span = ir.Arith(ArithOp.SUB, ir.Agg(AggFn.MAX, x, False, x.ty), ir.Agg(AggFn.MIN, x, False, x.ty), Ty.INT)
    real = ir.Arith(ArithOp.MUL, span, ir.Lit(1.0, Ty.REAL), Ty.REAL)
    avg = ir.Arith(ArithOp.DIV, real, ir.Arith(ArithOp.SUB, count, ir.Lit(1, Ty.INT), Ty.INT), Ty.REAL)
    items = tuple(avg if e is avgs[0] else _replace_cols(e, rep) for e in q.items)
    having = ir.Cmp(CmpOp.GT, count, ir.Lit(1, Ty.INT)) if conds and keys else None
    return ir.Select(s.source, s.where, tuple(keys), having, items, False, (), None, 0, True, q.names)


# ---- the registry's entry (``rules.RULES`` adds it as ``Rule(*entry)``)

TELESCOPING_RULE = (
    "avg_of_consecutive_gaps", "SELECT p, AVG(g) FROM (SELECT .. FROM F WHERE w) d [WHERE g IS "
    "NOT NULL] GROUP BY p, g = x - LAG(x) OVER (PARTITION BY p ORDER BY x, ..) or LEAD(x) - x, "
    "x a never-NULL INTEGER (typed), F inner joins, is SELECT p, (MAX(x) - MIN(x)) * 1.0 / "
    "(COUNT(*) - 1) FROM F WHERE w GROUP BY p [HAVING COUNT(*) > 1]: the gaps add up to the span",
    ("select",), lambda canon, q, ctx: avg_of_consecutive_gaps(q, canon.schema, canon.typed), True)
