"""RANK over a view as the count of the rows that beat it (issue 25, i51c): ``rank_as_count``.

``SELECT f(d..) FROM (SELECT e.., RANK() OVER (PARTITION BY p.. ORDER BY k1.., kn..) AS r
FROM F WHERE w [GROUP BY g HAVING h]) d WHERE c(d.r)`` is the same select over the view
without the window, ``r``'s column holding ``k1`` instead (each ``p`` and ``k`` also a
column of it: an item equal to it, else one added), and every read of ``d.r`` the rank
written out: ``1 + (SELECT COUNT(*) FROM (a copy of the view) u WHERE u.p = d.p .. AND
u.k <lex d.k)``. The cuts are written as engines' manuals and hand-written SQL say them:
``r <= n`` as ``COUNT(..) < n``, ``r < n`` as ``< n - 1``, ``r = n`` as ``= n - 1``
("top n per section with ties": fewer than n rows beat it). DENSE_RANK over one key is
``1 + COUNT(DISTINCT u.k)`` of the same rows.

Why it holds in SQLite. RANK numbers a row 1 + the number of rows of its partition that
come strictly before it in the window's order (its peers, the rows tied on every key, come
neither before nor after). The window runs over the rows the view's FROM, WHERE, GROUP BY
and HAVING produce; the copy (aliases renamed, nothing correlated: the view reads only
its own tables, no subquery) produces the same bag of rows with the same values of ``p``
and ``k``. The partition of a row is the rows whose keys are equal as PARTITION BY groups
them: ``=`` of two values of one column of the view (one affinity on both sides: no
conversion, binary collation: no collated table) where it is never NULL, else ``IS`` (NULL
keys are one partition). The order: every key ``k`` (after the NULLS FIRST/LAST keys
``k IS NULL`` of a key that is never NULL, constant, go) is never NULL on a row of the
view, so ORDER BY compares two of its values as ``<`` and ``=`` do (numbers before text
before blobs, 1 beside 1.0, one collation): ``u.k1 < d.k1 OR (u.k1 = d.k1 AND ..)``
(``>`` for DESC) holds exactly for the rows before ``d``. Never NULL on a row of the view:
a column declared NOT NULL (the view joins inner only) or one a WHERE/ON conjunct rejects
when NULL; COUNT; SUM, AVG, TOTAL, MIN, MAX of such a value in a grouped view (a group
holds a row); in the typed domain ``-x``, ``x + y``, ``x - y``, ``x * y`` of such values
(integers overflow to a REAL, never NULL; reals: ``Inf - Inf`` is NULL, so the proof
states ``exact_reals``, ``proofs.FINITE``). A SUM computed again in the copy adds the same
rows, possibly in another order: the proof states ``exact_reals`` for reals and
``integer_sums_exact`` for integers (``proofs.REORDERING``, ``proofs.REGROUPING``).

Left to ``running.running_window_as_subquery`` (and the first-row rules): a window of one
table's columns over that table, not grouped. Not read so: ROW_NUMBER (ties broken by the engine), a key that may be NULL (NULLs sort
first ascending, last descending: ``<`` skips them), other windows in the view, a view
with DISTINCT, LIMIT, ORDER BY or an outer join, or one that reads a subquery.
"""

from __future__ import annotations

import dataclasses

from ....types import Schema
from .. import ir
from ..ir.affinity import _aff, _ty
from ..ir.kinds import AggFn, ArithOp, CmpOp, JoinKind, LogicOp, Ty, WindowFn
from .facts import _rejects_col
from .terms import _and, _conjuncts, _deep, _has_sub, _key, _replace_cols
from .tie_breaks import _on_conds, _renamed_source
from .top_one import _scans
from .windows import _collated, _null_test_of

_ONE = ir.Lit(1, Ty.INT)
_FLIP = {CmpOp.GE: CmpOp.LE, CmpOp.GT: CmpOp.LT, CmpOp.EQ: CmpOp.EQ}
_SUMS = (AggFn.SUM, AggFn.AVG, AggFn.TOTAL, AggFn.MIN, AggFn.MAX)


def _inner(src) -> bool:
    return not isinstance(src, ir.Join) or (
        src.kind in (JoinKind.INNER, JoinKind.CROSS) and _inner(src.left) and _inner(src.right))


def _never_null(e, s: ir.Select, scans: dict, schema: Schema, typed: bool) -> bool:
    """Is ``e`` (an expression of the view ``s``) never NULL on a row of ``s``?"""
    if isinstance(e, ir.Lit):
        return e.value is not None
    if isinstance(e, ir.Col):
        conds = [*_conjuncts(s.where), *(c for o in _on_conds(s.source) for c in _conjuncts(o))]
        return e.alias in scans and (schema.table(scans[e.alias].table).never_null(e.name)
                                     or any(_rejects_col(c, (e.alias, e.name)) for c in conds))
    if isinstance(e, ir.Agg):
        return e.fn in (AggFn.COUNT, AggFn.COUNT_STAR) or (
            e.fn in _SUMS and bool(s.group_by) and not e.distinct and e.arg is not None
            and _never_null(e.arg, s, scans, schema, typed))
    if typed and isinstance(e, ir.Neg):
        return _never_null(e.arg, s, scans, schema, typed)
    if typed and isinstance(e, ir.Arith) and e.op in (ArithOp.ADD, ArithOp.SUB, ArithOp.MUL):
        return all(_never_null(x, s, scans, schema, typed) for x in (e.left, e.right))
    return False


def _view(q, schema: Schema):
    """(derived table, its select, the index of its rank item, the scans) of a select over
    one view of inner-joined tables whose one window is a whole item RANK/DENSE_RANK."""
    if not (isinstance(q, ir.Select) and isinstance(q.source, ir.Derived) and not q.aggregate
            and not q.group_by and q.having is None and q.bare_from is None and q.limit is None
            and not q.offset):
        return None
    d, s = q.source, q.source.query
    if not (isinstance(s, ir.Select) and not s.distinct and not s.order and s.limit is None
            and not s.offset and s.bare_from is None and len(d.names) == len(s.items)
            and len(set(d.names)) == len(d.names)):
        return None
    wins = [i for i, e in enumerate(s.items) if any(isinstance(y, ir.Window) for y in ir.nodes(e))]
    if len(wins) != 1 or not isinstance(w := s.items[wins[0]], ir.Window):
        return None
    if w.fn not in (WindowFn.RANK, WindowFn.DENSE_RANK) or w.args:
        return None
    scans = _scans(s.source)
    if scans is None or not _inner(s.source) or _collated(s.source, schema):
        return None
    parts = [e for e in (s.where, s.having, *s.group_by, *s.items, *_on_conds(s.source)) if e is not None]
    if any(_has_sub(e) for e in parts) or not all(
            y.alias in scans for e in parts for y in ir.nodes(e) if isinstance(y, ir.Col)):
        return None  # a subquery, or an outer column: the copy would read other rows
    return d, s, wins[0], scans


def _copy(s: ir.Select, scans: dict, tag: str) -> ir.Select:
    """``s`` over its sources with every alias suffixed ``_tag``."""
    return _renamed(s, {a: f"{a}_{tag}" for a in scans})


def _renamed(s: ir.Select, rename: dict) -> ir.Select:
    """``s`` over its sources with every alias ``a`` of ``rename`` named ``rename[a]``."""
    def copy(e):
        return _deep(e, lambda y: dataclasses.replace(y, alias=rename[y.alias])
                     if isinstance(y, ir.Col) and y.alias in rename else y)
    return dataclasses.replace(s, source=_renamed_source(s.source, rename), where=copy(s.where),
                               group_by=copy(s.group_by), having=copy(s.having), items=copy(s.items))


def _lex(keys: list) -> ir.Expr:
    """``u1 < d1 OR (u1 = d1 AND (..))`` over (u column, d column, descending) keys."""
    (u, v, desc), rest = keys[0], keys[1:]
    before = ir.Cmp(CmpOp.GT if desc else CmpOp.LT, u, v)
    if not rest:
        return before
    tie = ir.Cmp(CmpOp.EQ, *sorted((u, v), key=_key))
    return ir.Logic(LogicOp.OR, (before, ir.Logic(LogicOp.AND, (tie, _lex(rest)))))


def _cut(c, r: ir.Col, count):
    """The conjunct ``c`` as a cut on the count of rows before, when it is ``r <= n``,
    ``r < n`` or ``r = n`` (``n`` an integer literal); else None."""
    if not isinstance(c, ir.Cmp):
        return None
    op, left, right = c.op, c.left, c.right
    if isinstance(left, ir.Lit):
        op, left, right = _FLIP.get(op), right, left
    if not (isinstance(left, ir.Col) and (left.alias, left.name) == (r.alias, r.name)
            and isinstance(right, ir.Lit) and right.ty == Ty.INT and type(right.value) is int):
        return None
    n = right.value
    got = {CmpOp.LE: (CmpOp.LT, n), CmpOp.LT: (CmpOp.LT, n - 1), CmpOp.EQ: (CmpOp.EQ, n - 1)}.get(op)
    return None if got is None else ir.Cmp(got[0], count, ir.Lit(got[1], Ty.INT))


def rank_as_count(q, schema: Schema, typed: bool = False):
    """See the module."""
    found = _view(q, schema)
    if found is None:
        return q
    d, s, i, scans = found
    w = s.items[i]
    keys = [(k, desc) for k, desc in w.order if not any(_null_test_of(k, x) for x, _ in w.order)]
    if (isinstance(s.source, ir.Scan) and not s.aggregate
            and all(isinstance(k, ir.Col) for k in (*w.partition, *(k for k, _ in keys)))):
        return q  # one table's columns: ``running`` and ``first_extrema`` read those
    if not keys or (w.fn == WindowFn.DENSE_RANK and len(keys) != 1) or not all(
            _never_null(k, s, scans, schema, typed) for k, _ in keys):
        return q
    items, names = list(s.items), list(d.names)
    items[i] = keys[0][0]

    def column(e) -> str:
        if e not in items:
            items.append(e)
            names.append(f"#rank{len(names)}")
        return names[items.index(e)]
    parts = [(column(p), _never_null(p, s, scans, schema, typed)) for p in w.partition]
    order = [(column(k), desc) for k, desc in keys]
    view = dataclasses.replace(s, items=tuple(items))
    u = f"{d.alias}_rank"

    def cols(name):
        e = items[names.index(name)]
        return (ir.Col(u, name, _ty(e), _aff(e)), ir.Col(d.alias, name, _ty(e), _aff(e)))
    conds = [ir.Cmp(CmpOp.EQ if nn else CmpOp.IS, *sorted(cols(n), key=_key)) for n, nn in parts]
    conds.append(_lex([(*cols(n), desc) for n, desc in order]))
    count = (ir.Agg(AggFn.COUNT_STAR, None, False, Ty.INT) if w.fn == WindowFn.RANK
             else ir.Agg(AggFn.COUNT, cols(order[0][0])[0], True, Ty.INT))
    sub = ir.ScalarSub(ir.Select(ir.Derived(_copy(view, scans, "rank"), u, tuple(names)), _and(conds),
                                 (), None, (count,), False, (), None, 0, True, ()), Ty.INT)
    r = ir.Col(d.alias, d.names[i], Ty.INT, None)
    rep = {(d.alias, d.names[i]): ir.Arith(ArithOp.ADD, _ONE, sub, Ty.INT)}
    where = [_cut(c, r, sub) or _replace_cols(c, rep) for c in _conjuncts(q.where)]
    return dataclasses.replace(q, source=dataclasses.replace(d, query=view, names=tuple(names)),
                               where=_and(where), items=_replace_cols(q.items, rep),
                               order=tuple((_replace_cols(k, rep), x) for k, x in q.order))


RANK_COUNT_RULES = (
    ("rank_as_count", "SELECT .. FROM (SELECT e.., RANK() OVER (PARTITION BY p ORDER BY k..) r "
     "FROM F ..) d WHERE d.r <= n, k never NULL, F inner-joined tables (grouped too), is the "
     "view without the window WHERE (SELECT COUNT(*) FROM (copy) u WHERE u.p = d.p AND u.k "
     "<lex d.k) < n; a read of r elsewhere is 1 + that count; DENSE_RANK of one key counts "
     "DISTINCT u.k", ("select",), lambda canon, q, ctx: rank_as_count(q, canon.schema, canon.typed),
     True),
)
