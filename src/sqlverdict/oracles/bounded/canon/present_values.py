"""Values every aggregated row holds (round 52): ``null_test_of_present_value``,
``sum_of_present_difference`` and ``constant_extremum_default``.

``null_test_of_present_value``: inside an aggregate's argument, ``x IS NULL`` is FALSE (and
``x IS NOT NULL`` TRUE) when every row the aggregate reads holds a value in ``x``: the rows
an aggregate reads are the rows the WHERE keeps, so ``x`` is present where a conjunct of the
WHERE is never TRUE where ``x`` is NULL (``x IS NOT NULL``, a comparison other than IS of
``x`` or of arithmetic on it: ``facts._rejects_col``), or where ``x`` is a column declared
NOT NULL of a table inner-joined in the FROM clause (no outer join pads it). The aggregate's
argument is then folded (``facts.fold``: ``CASE WHEN FALSE THEN 1 ELSE 0 END`` is 0).
Only inside aggregates: a bare column of an aggregate without GROUP BY over no rows reads
NULL, where the test would be TRUE. The typical source is ``COUNT(*)`` of ``SELECT DISTINCT
x``, read as ``COUNT(DISTINCT x) + COALESCE(MAX(CASE WHEN x IS NULL THEN 1 ELSE 0 END), 0)``
(the NULL row counted once), over rows where ``x`` cannot be NULL ("unique activity kinds per
contact", "days clocked per employee").

``sum_of_present_difference`` (the typed domain): ``SUM(a - b)`` (``a + b``) is ``SUM(a) -
SUM(b)`` where ``a`` and ``b`` are integers on every row the aggregate reads (INTEGER columns
present as above, integer literals, ``COALESCE(x, i)``, ``+ - *`` of such): over rows each row
adds ``a - b``, and the sums of ``a`` and of ``b`` are that sum's parts (an integer, ``SUM``
of integers exact); over no row both sides are NULL. Never for reals (rounding), nor where
``a`` or ``b`` may be NULL (the row then adds nothing on the left, ``a`` on the right), nor
``SUM(DISTINCT ..)``. The same integers added in another order: the proof states
``integer_sums_exact`` (``proofs.REGROUPING``); ``a - b`` past 64 bits becomes a REAL
(``integer_arithmetic_in_range``, stated wherever a query computes on integers). ("scrap
units per line": ``SUM(total - good)`` against ``SUM(total) - SUM(good)``.)

``constant_extremum_default``: ``COALESCE(MAX(c), c)`` (or MIN), ``c`` one number literal on
both sides, is ``c``: over rows the aggregate is ``c``, over none NULL, which COALESCE reads as
``c``. (What the first law leaves of the NULL row's indicator: ``COALESCE(MAX(0), 0)``.)
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import Affinity, AggFn, ArithOp, FuncName, Ty
from .facts import _rejects_col, fold
from .joins import _deep_expr
from .terms import FALSE, TRUE, _conjuncts, _declared_non_null


def _known(q, schema):
    """Does column ``x`` hold a value on every row ``q``'s WHERE keeps (a conjunct never TRUE
    where it is NULL, ``facts._rejects_col``; or a column declared NOT NULL of an
    inner-joined table)?"""
    conds = _conjuncts(q.where)
    return lambda x: isinstance(x, ir.Col) and (
        any(_rejects_col(c, (x.alias, x.name)) for c in conds)
        or _declared_non_null(x, q.source, schema))


def _map_aggregates(q, f):
    """``q`` with ``f`` applied to each aggregate of its items, HAVING and ORDER BY (not
    inside subqueries); ``q`` itself when nothing changed."""
    def put(e):
        return _deep_expr(e, lambda y: f(y) if isinstance(y, ir.Agg) else y) if e is not None else None

    items, having = tuple(put(i) for i in q.items), put(q.having)
    order = tuple((put(k), d) for k, d in q.order)
    if items == q.items and having == q.having and order == q.order:
        return q
    return dataclasses.replace(q, items=items, having=having, order=order)


def null_test_of_present_value(q, schema):
    """See the module docstring."""
    if not isinstance(q, ir.Select) or q.source is None:
        return q
    known = _known(q, schema)

    def test(e):
        if isinstance(e, ir.IsNull) and known(e.arg):
            return FALSE
        if isinstance(e, ir.Not) and isinstance(e.arg, ir.IsNull) and known(e.arg.arg):
            return TRUE
        return e

    def inside(e):
        if e.arg is None:
            return e
        arg = _deep_expr(e.arg, test)
        return e if arg == e.arg else dataclasses.replace(e, arg=fold(arg))

    return _map_aggregates(q, inside)


def _integer(e, known) -> bool:
    """Is ``e`` an integer on every row ``known`` speaks of, in the typed domain: an INTEGER
    column that ``known`` says holds a value, an integer literal, ``COALESCE(x, i)`` of an
    integer ``x`` and an integer literal ``i``, or ``+ - *`` of such (an integer result, or a
    REAL past 64 bits: never NULL)?"""
    if isinstance(e, ir.Lit):
        return e.ty == Ty.INT and isinstance(e.value, int) and not isinstance(e.value, bool)
    if isinstance(e, ir.Col):
        return e.ty == Ty.INT and e.affinity == Affinity.INTEGER and known(e)
    if isinstance(e, ir.Func) and e.name == FuncName.COALESCE and len(e.args) == 2:
        x, d = e.args
        return (isinstance(x, ir.Col) and x.ty == Ty.INT and x.affinity == Affinity.INTEGER
                and _integer(d, lambda _: False))
    if isinstance(e, ir.Neg):
        return _integer(e.arg, known)
    return (isinstance(e, ir.Arith) and e.op in (ArithOp.ADD, ArithOp.SUB, ArithOp.MUL)
            and _integer(e.left, known) and _integer(e.right, known))


def sum_of_present_difference(q, schema, typed: bool):
    """See the module docstring."""
    if not (typed and isinstance(q, ir.Select) and q.source is not None):
        return q
    known = _known(q, schema)

    def split(y):
        a = y.arg
        if not (y.fn == AggFn.SUM and not y.distinct and isinstance(a, ir.Arith)
                and a.op in (ArithOp.ADD, ArithOp.SUB) and _integer(a, known)):
            return y
        return ir.Arith(a.op, ir.Agg(AggFn.SUM, a.left, False, Ty.INT),
                        ir.Agg(AggFn.SUM, a.right, False, Ty.INT), Ty.INT)

    return _map_aggregates(q, split)


def _default(e):
    if not (isinstance(e, ir.Func) and e.name == FuncName.COALESCE and len(e.args) == 2):
        return e
    agg, c = e.args
    if (isinstance(agg, ir.Agg) and agg.fn in (AggFn.MAX, AggFn.MIN) and not agg.distinct
            and isinstance(c, ir.Lit) and c.ty in (Ty.INT, Ty.REAL) and agg.arg == c
            and not isinstance(c.value, bool)):
        return c
    return e


def constant_extremum_default(q):
    """See the module docstring."""
    if not isinstance(q, ir.Select):
        return q
    items = tuple(_deep_expr(i, _default) for i in q.items)
    having = _deep_expr(q.having, _default) if q.having is not None else None
    if items == q.items and having == q.having:
        return q
    return dataclasses.replace(q, items=items, having=having)


# ---- the registry's entries (``join_counts.JOIN_COUNT_RULES`` holds them; ``rules.RULES``
# adds each as ``Rule(*entry)``)

PRESENT_VALUE_RULES = (
    ("null_test_of_present_value", "inside an aggregate, x IS NULL is FALSE (IS NOT NULL TRUE) "
     "where the WHERE keeps only rows with x: a conjunct x IS NOT NULL or a comparison (not IS) "
     "of x, or x a NOT NULL column of an inner-joined table", ("select",),
     lambda canon, q, ctx: null_test_of_present_value(q, canon.schema), False),
    ("constant_extremum_default", "COALESCE(MAX(c), c) (MIN), c one number literal, is c: c over "
     "rows, NULL over none", ("select",), lambda canon, q, ctx: constant_extremum_default(q), True),
    ("sum_of_present_difference", "typed domain: SUM(a + b) (a - b) of integers every row holds "
     "(NOT NULL columns, ones the WHERE tests, COALESCE(x, i), literals) is SUM(a) + SUM(b) "
     "(integer_sums_exact)", ("select",),
     lambda canon, q, ctx: sum_of_present_difference(q, canon.schema, canon.typed), True),
)
