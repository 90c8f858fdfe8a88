"""LAG / LEAD over a view whose rows the window's keys tell apart, as the neighbouring row
read by a correlated ORDER BY .. LIMIT 1 (issue 25, i51c): ``neighbour_over_view``.

"Change from the previous day" is written both as ``SELECT d.day, d.total - LAG(d.total)
OVER (ORDER BY d.day) FROM (SELECT day, SUM(x) AS total .. GROUP BY day) d`` and as ``..
d.total - (SELECT e.total FROM (the same view) e WHERE e.day < d.day ORDER BY e.day DESC
LIMIT 1)``. Over a plain select of one derived table ``d`` (WHERE ``w`` on its columns),
``LAG(x)`` (``LAG(x, 1)``, ``LAG(x, 1, NULL)``) ``OVER (PARTITION BY p.. ORDER BY k..)``,
``x``, ``p`` and ``k`` columns of ``d`` (expressions of them for ``x``), is ``(SELECT x' FROM
(a copy of d's query) u WHERE w(u) AND u.p IS d.p .. AND u.k <lex d.k ORDER BY u.k DESC..
LIMIT 1)``; LEAD the row after (``>lex``, ascending).

Why it holds in SQLite. LAG reads ``x`` on the row just before in the partition's order,
NULL when there is none. The window runs over the rows ``w`` keeps; the copy (aliases
renamed, nothing correlated: the view reads only its own tables, no subquery) holds the
same bag of rows, filtered by the same ``w``. The order is total within a partition: the
view is grouped and every GROUP BY key is shown as a column among ``p`` and ``k`` (two
groups differ on a key as GROUP BY compares it, ``IS`` with one collation: no collated
table), or it is DISTINCT and every column is among them; and every ``k`` is never NULL on
a row of the view (``rank_counts._never_null``: then ORDER BY compares two of its values
as ``<`` and ``=`` do, one affinity on both sides, and NULLS FIRST/LAST keys of it are
constant and go). So the rows before ``d`` in its partition are exactly those ``<lex``, no
two of them tie on the keys, and ``ORDER BY`` the keys reversed ``LIMIT 1`` picks the one
just before: the same row, the same ``x``; no row: NULL either way. A SUM of the view
computed again in the copy adds the same rows: the proof states ``exact_reals`` /
``integer_sums_exact`` as for ``rank_counts`` (``proofs.REORDERING``, ``REGROUPING``).

Not read so: another offset or a default that is not NULL, FIRST_VALUE and frames, a view
whose rows may tie on the keys (a group key outside them, a plain view: left to
``running.neighbour_as_subquery`` over one table's unique key), a key that may be NULL, a
WHERE or view with a subquery, an outer select that groups or cuts.
"""

from __future__ import annotations

import dataclasses

from ....types import Schema
from .. import ir
from ..ir.kinds import CmpOp, Ty, WindowFn
from .rank_counts import _copy, _inner, _lex, _never_null
from .terms import _and, _conjuncts, _deep, _has_sub, _key
from .tie_breaks import _on_conds
from .top_one import _scans
from .windows import _collated, _map_windows, _null_test_of

_ONE = ir.Lit(1, Ty.INT)


def _view(q, schema: Schema):
    """(derived table, its select, its scans, its columns by name) of a plain select over one
    view of inner-joined tables, neither reading a subquery; else None."""
    if not (isinstance(q, ir.Select) and isinstance(d := q.source, ir.Derived) and not q.aggregate
            and not q.group_by and q.having is None and q.bare_from is None and q.limit is None
            and not q.offset and not _has_sub(q.where) and isinstance(s := d.query, ir.Select)
            and not any(isinstance(y, ir.Window) for k, _ in q.order for y in ir.nodes(k))):
        return None
    if not (not s.order and s.limit is None and not s.offset and s.bare_from is None
            and len(d.names) == len(s.items) and len(set(d.names)) == len(d.names)
            and (scans := _scans(s.source)) is not None and _inner(s.source)
            and not _collated(s.source, schema)):
        return None
    parts = [e for e in (s.where, s.having, *s.group_by, *s.items, *_on_conds(s.source)) if e is not None]
    if any(_has_sub(e) or any(isinstance(y, ir.Window) for y in ir.nodes(e)) for e in parts):
        return None
    return d, s, scans, dict(zip(d.names, s.items, strict=True))


def _apart(s: ir.Select, shown: set, cols: dict) -> bool:
    """Are no two rows of the view ``s`` equal on the columns ``shown``?"""
    if s.aggregate and s.group_by and not s.distinct:
        return all(any(n in shown and e == g for n, e in cols.items()) for g in s.group_by)
    return s.distinct and set(cols) <= shown


def _neighbour(w, q, d, s, scans, cols, schema, typed):
    """``w`` (a LAG/LEAD of ``q``'s window items) as the correlated neighbour, else ``w``."""
    if w.fn not in (WindowFn.LAG, WindowFn.LEAD) or not w.args:
        return w
    x, rest = w.args[0], w.args[1:]
    if rest and (rest[0] != _ONE or len(rest) > 2 or len(rest) == 2 and not (
            isinstance(rest[1], ir.Lit) and rest[1].value is None)):
        return w
    keys = [(k, desc) for k, desc in w.order if not any(_null_test_of(k, y) for y, _ in w.order)]

    def column(e) -> bool:
        return isinstance(e, ir.Col) and e.alias == d.alias and e.name in cols
    if not keys or not all(column(e) for e in (*w.partition, *(k for k, _ in keys))) or any(
            isinstance(y, ir.Col) and not column(y) for y in ir.nodes(x)) or _has_sub(x):
        return w
    if not all(_never_null(cols[k.name], s, scans, schema, typed) for k, _ in keys):
        return w
    if not _apart(s, {e.name for e in (*w.partition, *(k for k, _ in keys))}, cols):
        return w
    u = f"{d.alias}_next"

    def there(e):
        return _deep(e, lambda y: dataclasses.replace(y, alias=u)
                     if isinstance(y, ir.Col) and y.alias == d.alias else y)
    lag = w.fn == WindowFn.LAG
    flipped = [(k, desc if lag else not desc) for k, desc in keys]
    conds = [*_conjuncts(there(q.where)),
             *(ir.Cmp(CmpOp.EQ if _never_null(cols[p.name], s, scans, schema, typed) else CmpOp.IS,
                      *sorted((there(p), p), key=_key)) for p in w.partition),
             _lex([(there(k), k, desc) for k, desc in flipped])]
    sub = ir.Select(ir.Derived(_copy(s, scans, "next"), u, d.names), _and(conds), (), None,
                    (there(x),), False, tuple((there(k), not desc) for k, desc in flipped), 1, 0,
                    False, ())
    return ir.ScalarSub(sub, x.ty)


def neighbour_over_view(q, schema: Schema, typed: bool = False):
    """See the module."""
    found = _view(q, schema)
    if found is None:
        return q
    d, s, scans, cols = found
    items = tuple(_map_windows(i, lambda w: _neighbour(w, q, d, s, scans, cols, schema, typed))
                  for i in q.items)
    return q if items == q.items else dataclasses.replace(q, items=items)


NEIGHBOUR_VIEW_RULES = (
    ("neighbour_over_view", "SELECT .. LAG(d.x) OVER (PARTITION BY d.p ORDER BY d.k) .. FROM "
     "(view) d WHERE w, the view's rows apart on p, k (grouped by them, or DISTINCT) and k "
     "never NULL, is (SELECT u.x FROM (copy) u WHERE w(u) AND u.p IS d.p AND u.k <lex d.k "
     "ORDER BY u.k DESC LIMIT 1); LEAD the row after", ("select",),
     lambda canon, q, ctx: neighbour_over_view(q, canon.schema, canon.typed), True),
)
