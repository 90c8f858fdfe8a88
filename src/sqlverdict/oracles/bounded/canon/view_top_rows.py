"""The row before (after) in a partition as a LEFT JOIN with that row (issue 25, i60a, class
W1): ``top_row_as_left_join``, ``view_top_row_as_left_join``, ``left_extremum_in_range``,
``grouped_view_lags_below_view``.

"The previous reading", "two failed runs in a row", "the gap to the next deploy" are written
with ``LAG``/``LEAD`` (which ``running.neighbour_as_subquery`` and
``view_windows.grouped_view_window_as_subquery`` make the scalar first row ``(SELECT t.c FROM
S t WHERE φ ORDER BY k.. LIMIT 1)`` over a table or a grouped view ``S``), with that scalar by
hand, with a LEFT JOIN to the row ``u.k = (SELECT MAX(t.k) .. t.k < o.k)``, or with a join
and ``NOT EXISTS`` of a row between. The canonical form is the last: the outer row LEFT
JOINed with the first row ``u`` of ``φ`` (``φ(u) AND NOT EXISTS (SELECT 1 FROM S u2 WHERE
φ(u2) AND u2 <lex u)``); a conjunct never TRUE on NULL above it makes it inner
(``simplify_outer_joins``), which is ``scalar_top_rows.scalar_top_row_as_join``'s form.

- ``top_row_as_left_join`` (a table; after ``scalar_top_row_as_join``; only a scalar read
  outside WHERE and HAVING, whose conditions are ``scalar_top_row_as_join``'s and
  ``top_row_tests``') and ``view_top_row_as_left_join`` (a grouped view; only where a
  conjunct never TRUE on a NULL scalar reads it, so the join becomes inner: read in the
  items, the scalar meets the one written by hand, which ``project_grouped_view`` keeps;
  before ``project_grouped_view`` at the select site hides the view): each occurrence of the
  scalar becomes ``u.c``.
- ``left_extremum_in_range``: ``range_extrema``'s law in the ON of a LEFT JOIN to a table.
- ``grouped_view_lags_below_view``: LAG/LEAD of a derived table over a grouped view become
  the scalar there (``grouped_view_window_as_subquery``'s law), so the view merges into the
  outer select and its WHERE meets the row (``window_views.windows_below_view`` for tables).

Why the LEFT JOIN holds in SQLite. The scalar's select reads one table (``_top_row``: its
conditions) or one derived table that ``view_windows._grouped_view`` accepts (GROUP BY plain
columns shown as view columns, or DISTINCT of identity-keyed columns; inner joins of tables,
no LIMIT, window or subquery, no collated column, not correlated: the same rows on every
evaluation, each alone on its group keys), no aggregate, grouping, DISTINCT, OFFSET or
window, LIMIT 1, ``φ`` and the item deterministic without subqueries. Its ORDER BY keys are
never NULL (a NULLS flag of one is constant and goes) and, with the columns ``φ`` equates by
``=`` (no conversion) to a value of the outer row, hold a unique key of the table (every
group key of the view): two candidate rows differ on a key column, which then is an order
key (GROUP BY and ORDER BY separate the same values: binary collation), so the order is
strict and total and its first row ``f`` is one row; ``u2 <lex u`` is ORDER BY's comparison
on never-NULL values (``running._lex``). For each outer row ``o``: if no row meets ``φ`` the
scalar is NULL and the LEFT JOIN pads ``o`` once, where ``u.c`` is NULL; otherwise exactly
``f`` joins ``o`` and ``u.c`` is the item at ``f``. The item must be a column of ``S`` (an
expression such as ``COALESCE(c, 0)`` is not NULL on the padded row). So every row keeps its
multiplicity and its values: bags, DISTINCT and aggregates agree. In a grouped select the
scalar is read only inside aggregate arguments; only where no consumer reads the row order;
fresh aliases (the driver's ``fresh_copies`` renames the copies' inner aliases). A conjunct
``x IS NOT NULL`` of the ON that a comparison with the operand ``x`` implies goes (``_on``).
Near misses (tests/fixtures/rules/): ties (an order key that is not a key), a NULL-able order
key, an expression item, LAG with a default or an offset of 2, PARTITION BY against ``=``
(NULL partitions), the first row (LEFT against INNER).
"""

from __future__ import annotations

import dataclasses

from ....types import Schema
from .. import ir
from ..ir.kinds import CmpOp, FuncName, JoinKind, WindowFn
from ..ir.walk import defined_aliases, free_aliases
from .range_extrema import _range_of
from .running import _lex
from .scalar_top_rows import (
    _ONE,
    _bare,
    _fixed,
    _fresh,
    _rejects_scalar,
    _same,
    _scalars,
    _top_row,
    first_row_scan,
)
from .terms import _and, _conjuncts, _deep, _windowless
from .top_one import _PURE
from .view_windows import _grouped_view, grouped_view_window_as_subquery
from .windows import _collated

_REJECTING = (CmpOp.EQ, CmpOp.NE, CmpOp.LT, CmpOp.LE, CmpOp.GT, CmpOp.GE)


def _renamed(e, old: str, new: str):
    """``e`` (an expression without subqueries) with the columns of ``old`` read from ``new``."""
    return _deep(e, lambda y: dataclasses.replace(y, alias=new)
                 if isinstance(y, ir.Col) and y.alias == old else y)


def _view_top_row(sub: ir.ScalarSub, schema: Schema, typed: bool):
    """(derived, φ conjuncts, item, keys) of a first-row scalar over a grouped view in a
    total order (the module docstring), else None."""
    s = sub.query
    if not (isinstance(s, ir.Select) and isinstance(s.source, ir.Derived) and s.limit == 1
            and not s.offset and not s.aggregate and not s.group_by and s.having is None
            and not s.distinct and s.bare_from is None and len(s.items) == 1 and _windowless(s)
            and s.order and not free_aliases(s.source.query)):
        return None
    view = _grouped_view(s, schema, typed)
    d = s.source
    phi = _conjuncts(s.where)
    if view is None or not all(isinstance(y, _PURE) for e in (*phi, s.items[0])
                               for y in ir.local_nodes(e)):
        return None

    def never_null(k) -> bool:
        return isinstance(k, ir.Col) and k.alias == d.alias and k.name in view.never_null

    keys = []
    for k, desc in s.order:
        if (isinstance(k, ir.Func) and k.name == FuncName.BOOL_INT and len(k.args) == 1
                and isinstance(k.args[0], ir.IsNull) and never_null(k.args[0].arg)):
            continue
        if not never_null(k):
            return None
        keys.append((k, desc))
    held = {k.name for k, _ in keys} | {c.name for c in _fixed(phi, d.alias)}
    return (d, phi, s.items[0], keys) if keys and view.keys <= held else None


def _shape(q, schema: Schema, sensitive: bool) -> bool:
    """May a scalar of ``q``'s own expressions become a join (``scalar_top_rows``' terms)?"""
    return (isinstance(q, ir.Select) and q.source is not None and q.bare_from is None
            and not q.order and q.limit is None and not q.offset and _windowless(q)
            and not _collated(q, schema) and not (sensitive and not (q.aggregate and not q.group_by)))


def top_row_as_left_join(q, schema: Schema, typed: bool = False, sensitive: bool = False,
                         views: bool = False):
    """``q`` with its first correlated scalar top row over a table (``views``: over a grouped
    view) whose item is a column of its source as a LEFT JOIN with that row (module
    docstring), else ``q``."""
    if not _shape(q, schema, sensitive):
        return q
    for sub in _scalars(q):
        found = _view_top_row(sub, schema, typed) if views else _top_row(sub, schema)
        if (found is None or not free_aliases(sub.query)
                or not (isinstance(found[2], ir.Col) and found[2].alias == found[0].alias)
                or ((q.aggregate or q.group_by) and _bare(q, sub))):
            continue
        if views and not any(_rejects_scalar(c, sub) for c in _conjuncts(q.where)):
            continue  # (read in the items, a view's scalar meets the one written by hand)
        if not views and any(_same(y, sub) for e in (q.where, q.having) if e is not None
                             for y in ir.nodes(e)):
            continue  # (in a condition: scalar_top_row_as_join's, top_row_tests')
        first = _view_first_row(q, found) if views else _scan_first_row(q, found)
        return _joined(q, sub, first, found[2])
    return q


def _scan_first_row(q: ir.Select, found):
    """``_view_first_row``'s triple for a first row of a table (``first_row_scan``)."""
    u, _, phi_first, earlier = first_row_scan(q, found)
    return u, phi_first, earlier


def _view_first_row(q: ir.Select, found):
    """``(u, φ(u), earlier)``: the copy ``u`` of the view under a fresh alias, ``φ``'s
    conjuncts over it, and ``SELECT 1 FROM (view) u2 WHERE φ(u2) AND u2 <lex u``."""
    d, phi, _, keys = found
    taken = set(defined_aliases(q)) | set(free_aliases(q))
    first = _fresh(f"{d.alias}_top", taken)
    before = _fresh(f"{first}_before", taken | {first})
    first_keys = [(_renamed(k, d.alias, first), desc) for k, desc in keys]
    phi_first = [_renamed(c, d.alias, first) for c in phi]
    rep = {(y.alias, y.name): dataclasses.replace(y, alias=before)
           for k, _ in first_keys for y in ir.local_nodes(k) if isinstance(y, ir.Col)}
    earlier = ir.Select(source=dataclasses.replace(d, alias=before),
                        where=_and([_renamed(c, first, before) for c in phi_first]
                                   + [_lex(first_keys, rep, CmpOp.LT)]),
                        group_by=(), having=None, items=(_ONE,), distinct=False, order=(),
                        limit=None, offset=0, aggregate=False)
    return dataclasses.replace(d, alias=first), phi_first, earlier


def _on(conds: list):
    """The ON of ``conds`` without a conjunct ``x IS NOT NULL`` that another one implies (a
    comparison with ``x`` an operand is never TRUE on NULL): the same conjunction, as WHERE's
    facts leave it."""
    def implied(c) -> bool:
        return (isinstance(c, ir.Not) and isinstance(c.arg, ir.IsNull) and any(
            isinstance(d, ir.Cmp) and d.op in _REJECTING and c.arg.arg in (d.left, d.right)
            for d in conds))
    return _and([c for c in conds if not implied(c)])


def _joined(q: ir.Select, sub: ir.ScalarSub, first, item) -> ir.Select:
    """``q`` LEFT JOINed with the first row ``first`` (``_view_first_row``'s triple), each
    occurrence of ``sub`` read as ``item`` over it."""
    u, phi_first, earlier = first
    value = _renamed(item, sub.query.source.alias, u.alias)
    swap = lambda e: _deep(e, lambda y: value if _same(y, sub) else y)  # noqa: E731
    on = _on([*phi_first, ir.Not(ir.Exists(earlier))])
    return dataclasses.replace(q, source=ir.Join(JoinKind.LEFT, q.source, u, on),
                               where=swap(q.where), items=swap(q.items),
                               group_by=swap(q.group_by), having=swap(q.having))


LEFT_TOP_ROW_RULE = (
    "top_row_as_left_join", "SELECT f((SELECT t.c FROM T t WHERE φ ORDER BY k.. LIMIT 1)) FROM V, "
    "k.. never-NULL and with the columns φ equates holding a unique key of T, the scalar "
    "correlated, no ORDER BY or LIMIT outside, is SELECT f(u.c) FROM V LEFT JOIN T u ON φ(u) AND "
    "NOT EXISTS (SELECT 1 FROM T u2 WHERE φ(u2) AND u2 <lex u): at most the one first row pads "
    "each outer row, NULL as the scalar without one", ("select",),
    lambda canon, q, ctx: top_row_as_left_join(q, canon.schema, canon.typed, ctx.get("sensitive", True)),
    True)

VIEW_TOP_ROW_RULE = (
    "view_top_row_as_left_join", "top_row_as_left_join over a grouped (or DISTINCT) view d: "
    "SELECT f((SELECT d2.c FROM (view) d2 WHERE φ ORDER BY k.. LIMIT 1)) FROM V, every group key "
    "among the never-NULL order keys and the columns φ equates, is SELECT f(u.c) FROM V LEFT JOIN "
    "(view) u ON φ(u) AND NOT EXISTS (SELECT 1 FROM (view) u2 WHERE φ(u2) AND u2 <lex u)",
    ("select",), lambda canon, q, ctx: top_row_as_left_join(
        q, canon.schema, canon.typed, ctx.get("sensitive", True), views=True), True)


def left_extremum_in_range(q, schema: Schema, typed: bool = False):
    """``q`` with ``range_extrema``'s law applied to a conjunct of the ON of a LEFT JOIN to a
    table (the select's source, or its left side's, down the left spine), else ``q``."""
    if not isinstance(q, ir.Select):
        return q
    out = _left_ranged(q.source, schema, typed)
    return q if out is q.source else dataclasses.replace(q, source=out)


def _left_ranged(src, schema: Schema, typed: bool):
    """``src`` with the first LEFT JOIN ON rewritten, else ``src``. The ON is one predicate
    of the pair of rows: the law's equivalence holds where ON's other conjuncts hold, and
    only TRUE matches (FALSE and NULL alike pad)."""
    if not isinstance(src, ir.Join):
        return src
    if src.kind == JoinKind.LEFT and isinstance(src.right, ir.Scan) and src.on is not None:
        conds = _conjuncts(src.on)
        for i, c in enumerate(conds):
            got = _range_of(c, {src.right.alias: src.right}, conds, schema, typed)
            if got is not None:
                return dataclasses.replace(src, on=_on([*conds[:i], *got, *conds[i + 1:]]))
    left = _left_ranged(src.left, schema, typed)
    return src if left is src.left else dataclasses.replace(src, left=left)


LEFT_EXTREMUM_RULE = (
    "left_extremum_in_range", "own_extremum_in_range in the ON of a LEFT JOIN to a table T "
    "a: a.c = (SELECT MAX(t.c) FROM T t WHERE t.k = e .. AND ψ(t.c) ..) with a.k = e among the "
    "ON's conjuncts is a.c IS NOT NULL AND ψ(a.c) AND NOT EXISTS (SELECT 1 FROM T t WHERE .. "
    "AND a.c < t.c): the predecessor by MAX as the row with none between",
    ("select",), lambda canon, q, ctx: left_extremum_in_range(q, canon.schema, canon.typed), True)


def grouped_view_lags_below_view(q, schema: Schema, typed: bool = False, sensitive: bool = True):
    """``q`` whose derived table (the whole FROM) reads LAG/LEAD (and no other window) over a
    grouped view, with those windows as ``view_windows``' correlated subqueries there (its
    law, unchanged), so the derived table merges and the outer WHERE meets the row (as
    ``window_views.windows_below_view`` for one table), else ``q``."""
    if not (isinstance(q, ir.Select) and isinstance(d := q.source, ir.Derived)
            and isinstance(d.query, ir.Select) and q.limit is None and not q.offset
            and not (sensitive and not q.order)):
        return q  # (the derived table's rows may come in another order)
    wins = [y for e in d.query.items for y in ir.local_nodes(e) if isinstance(y, ir.Window)]
    if not wins or any(w.fn not in (WindowFn.LAG, WindowFn.LEAD) for w in wins):
        return q
    inner = grouped_view_window_as_subquery(d.query, schema, typed)
    return q if inner is d.query else dataclasses.replace(q, source=dataclasses.replace(d, query=inner))


LAG_VIEW_RULE = (
    "grouped_view_lags_below_view", "a derived table reading LAG/LEAD over a grouped view has "
    "them as grouped_view_window_as_subquery's correlated subqueries there, so the view merges "
    "(beside windows_below_view)", ("select",),
    lambda canon, q, ctx: grouped_view_lags_below_view(q, canon.schema, canon.typed,
                                                       ctx.get("sensitive", True)), True)
