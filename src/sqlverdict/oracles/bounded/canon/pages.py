"""Pages of a total order (issue 25, i43a): ``row_number_range``, ``keyset_page``,
``adjacent_pages`` (and, registered with them, ``own_cut`` and ``sorted_compounds``).

A total order: ORDER BY keys of one table's select holding every column of a declared
unique key whose columns are never NULL (``window_limits._total``): no two rows tie, so
"the rows at positions a..b" names one set of rows on every database, however SQLite
breaks ties elsewhere.

- ``row_number_range``: ``SELECT f(d..) FROM (SELECT c.., ROW_NUMBER() OVER (ORDER BY k)
  AS rn FROM t WHERE w) AS d WHERE d.rn BETWEEN a AND b`` (``>=``/``>`` and ``<=``/``<``
  bounds, ``= a``) ``[ORDER BY d.rn | the keys k]``, ``k`` a total order of ``t``, is
  ``SELECT f(c.., ROW_NUMBER() ..) FROM t WHERE w ORDER BY k LIMIT b - a + 1 OFFSET a - 1``
  (LIMIT 0 when a > b): the rows numbered a..b are the rows at those positions of the
  order, and windows, computed before ORDER BY and LIMIT, read the same rows. RANK and
  DENSE_RANK number a total order as ROW_NUMBER does. Firebird's ``ROWS m TO n``, SQL
  Server's paging by ROW_NUMBER. An upper bound is needed (no LIMIT otherwise); rows 1..N
  not sorted by the keys are ``row_numbers_cut_as_limit``'s.
- ``keyset_page``: ``SELECT e FROM t WHERE w AND k > (SELECT k FROM t WHERE w ORDER BY k
  LIMIT 1 OFFSET m) ORDER BY k LIMIT n OFFSET o``, ``k`` a total order of ``t`` alone, is
  ``.. WHERE w ORDER BY k LIMIT n OFFSET o + m + 1``: the subquery is the key at position
  m + 1 of the same rows, the rows after it are those past the first m + 1; when fewer
  rows pass, the subquery is NULL, ``k > NULL`` keeps nothing, and so does the OFFSET past
  every row. ``k >=`` skips m. The subquery ``(SELECT MAX(x.k) FROM (SELECT k FROM t WHERE
  w ORDER BY k LIMIT m) x)`` (m >= 1) skips m with ``>``: the last key of the first m
  rows, or of all rows when fewer pass (then nothing is greater), NULL over none (then
  nothing passes, and OFFSET m of no row is no row). DESC: ``<`` and MIN. The WHERE ``w``
  of the subquery is the outer one, conjunct for conjunct, reading ``t`` only, without
  subqueries; the outer select reads ``t`` alone, no aggregate, DISTINCT, window (a
  window would count the skipped rows). ``k`` compared with itself converts nothing, and
  SQLite's ``<`` orders the values of every storage class as ORDER BY does. (sqlcheck's
  pagination with OFFSET; ActiveRecord's ``find_in_batches``.)
- ``adjacent_pages``: ``(Q ORDER BY k LIMIT a OFFSET o) UNION ALL (Q ORDER BY k LIMIT b
  OFFSET o + a)``, ``k`` a total order, is ``Q ORDER BY k LIMIT a + b OFFSET o`` where row
  order is not read: the positions o+1..o+a and o+a+1..o+a+b make o+1..o+a+b.
"""

from __future__ import annotations

import dataclasses

from ....types import Schema
from .. import ir
from ..ir.kinds import AggFn, CmpOp, FuncName, SetOpKind, Ty
from .own_cut import OWN_CUT_RULE
from .sorted_compounds import COMPOUND_RULES
from .terms import Flat, _and, _conjuncts, _has_sub, _key, _replace_cols, _windowless
from .window_limits import _RANK_LIKE, _numbered_view, _one_table, _total

_BOUNDS = {CmpOp.GE: (0, 0), CmpOp.GT: (0, 1), CmpOp.LE: (1, 0), CmpOp.LT: (1, -1)}
_MIRROR = {CmpOp.GE: CmpOp.LE, CmpOp.LE: CmpOp.GE, CmpOp.GT: CmpOp.LT, CmpOp.LT: CmpOp.GT,
           CmpOp.EQ: CmpOp.EQ}


def _bound(c, col: tuple[str, str]):
    """(lower, upper) of a row number ``col`` that the conjunct ``c`` states (one may be
    None), or None when ``c`` is no such bound."""
    if not (isinstance(c, ir.Cmp) and not c.conv and c.op in _MIRROR):
        return None
    op, x, lit = c.op, c.left, c.right
    if isinstance(x, ir.Lit):
        op, x, lit = _MIRROR[op], lit, x
    if not (isinstance(x, ir.Col) and (x.alias, x.name) == col and isinstance(lit, ir.Lit)
            and lit.ty == Ty.INT and isinstance(lit.value, int) and not isinstance(lit.value, bool)):
        return None
    if op == CmpOp.EQ:
        return lit.value, lit.value
    side, shift = _BOUNDS[op]
    return (lit.value + shift, None) if side == 0 else (None, lit.value + shift)


def row_number_range(q, schema: Schema):
    if q.where is None or (view := _numbered_view(q)) is None:
        return q
    d, s = view
    for i, w in enumerate(s.items):
        if not (isinstance(w, ir.Window) and w.fn in _RANK_LIKE and not w.partition
                and not w.args and w.order and _total(w.order, s.source, schema)):
            continue
        bounds = [_bound(c, (d.alias, d.names[i])) for c in _conjuncts(q.where)]
        if any(b is None for b in bounds):
            continue
        lows = [lo for lo, _ in bounds if lo is not None]
        highs = [hi for _, hi in bounds if hi is not None]
        if not highs:
            continue
        rep = {(d.alias, m): e for m, e in zip(d.names, s.items, strict=True)}
        rn = ir.Col(d.alias, d.names[i], Ty.INT, None)
        if q.order and not (_replace_cols(q.order, rep) == w.order
                            or (len(q.order) == 1 and not q.order[0][1]
                                and isinstance(k := q.order[0][0], ir.Col)
                                and (k.alias, k.name) == (rn.alias, rn.name))):
            continue
        lo, hi = max([1, *lows]), min(highs)
        if lo == 1 and (not q.order or _replace_cols(q.order, rep) != w.order):
            continue  # (rows 1..N read by rn or not sorted: row_numbers_cut_as_limit's)
        return dataclasses.replace(s, items=_replace_cols(q.items, rep), names=q.names,
                                   order=w.order, limit=max(0, hi - lo + 1), offset=lo - 1)
    return q


def _null_test(k):
    """``x`` of an ORDER BY key ``x IS NULL`` (as 0/1 too), else None."""
    if isinstance(k, ir.Func) and k.name == FuncName.BOOL_INT and len(k.args) == 1:
        k = k.args[0]
    return k.arg if isinstance(k, ir.IsNull) else None


def _key_col(q, schema: Schema):
    """(alias, column, descending) of the one ORDER BY key of ``q``, a plain select of one
    table ordered totally by it, else None. A key ``k IS NULL`` beside it (PostgreSQL's
    NULLS LAST as SQLite reads it) orders nothing: ``k`` is never NULL."""
    if not (isinstance(q, ir.Select) and isinstance(q.source, ir.Scan) and _one_table(q)
            and _windowless(q)):
        return None
    keys = [(k, d) for k, d in q.order if _null_test(k) is None]
    if not (len(keys) == 1 and isinstance(k := keys[0][0], ir.Col) and k.alias == q.source.alias
            and all(_null_test(x) == k for x, _ in q.order if x is not k)
            and _total(keys, q.source, schema)):
        return None
    return k.alias, k.name, keys[0][1]


def _page_of(s, table: str, name: str, desc: bool, schema: Schema):
    """(its WHERE conjuncts with the scan's alias, alias, limit, offset) of ``s``, a select
    of ``t``'s column ``name`` alone ordered by it, else None."""
    found = _key_col(s, schema)
    if (found is None or s.source.table != table or found[1:] != (name, desc)
            or len(s.items) != 1 or not isinstance(c := s.items[0], ir.Col)
            or (c.alias, c.name) != found[:2] or s.limit is None):
        return None
    return _conjuncts(s.where), found[0], s.limit, s.offset


def _skipped(sub, op, table: str, name: str, desc: bool, schema: Schema):
    """How many first rows ``k op (sub)`` drops, with the subquery's WHERE and alias."""
    if not isinstance(sub, ir.ScalarSub) or not isinstance(s := sub.query, ir.Select):
        return None
    page = _page_of(s, table, name, desc, schema)
    if page is not None and page[2] == 1:
        where, alias, _, offset = page
        return where, alias, offset + (1 if op in (CmpOp.GT, CmpOp.LT) else 0)
    best = AggFn.MIN if desc else AggFn.MAX
    if not (op in (CmpOp.GT, CmpOp.LT) and s.aggregate and isinstance(x := s.source, ir.Derived)
            and s.where is None and not s.group_by and s.having is None and s.limit is None
            and not s.offset and s.bare_from is None and len(s.items) == 1
            and isinstance(a := s.items[0], ir.Agg) and a.fn == best
            and isinstance(a.arg, ir.Col) and a.arg.alias == x.alias):
        return None
    page = _page_of(x.query, table, name, desc, schema)
    if page is None or page[3] or page[2] < 1 or x.names != (a.arg.name,):
        return None
    return page[0], page[1], page[2]


def keyset_page(q, schema: Schema):
    found = _key_col(q, schema)
    if found is None or q.distinct or q.limit is None:
        return q
    alias, name, desc = found
    strict, loose = (CmpOp.LT, CmpOp.LE) if desc else (CmpOp.GT, CmpOp.GE)
    conds = _conjuncts(q.where)
    for i, c in enumerate(conds):
        if not (isinstance(c, ir.Cmp) and not c.conv):
            continue
        op, x, sub = c.op, c.left, c.right
        if isinstance(x, ir.ScalarSub):
            op, x, sub = _MIRROR.get(op), sub, x
        if not (op in (strict, loose) and isinstance(x, ir.Col) and (x.alias, x.name) == (alias, name)):
            continue
        got = _skipped(sub, op, q.source.table, name, desc, schema)
        if got is None:
            continue
        where, inner, skip = got
        rest = conds[:i] + conds[i + 1:]
        rep = {(inner, n): ir.Col(alias, n, ty, aff) for n, ty, aff in q.source.columns}
        renamed = [_replace_cols(w, rep) for w in where]
        if any(_has_sub(w) or any(isinstance(y, ir.Col) and y.alias != alias for y in ir.local_nodes(w))
               for w in [*renamed, *rest]):
            continue
        if sorted(map(_key, renamed)) != sorted(map(_key, rest)):
            continue
        return dataclasses.replace(q, where=_and(rest), offset=q.offset + skip)
    return q


def adjacent_pages(q, schema: Schema, positional: bool):
    if not (isinstance(q, ir.SetOp) and q.op == SetOpKind.UNION and q.all and not positional
            and not q.order and q.limit is None and not q.offset):
        return q
    a, b = q.left, q.right
    if not (isinstance(a, ir.Select) and isinstance(b, ir.Select)):
        return q
    scan = a.source.leaves[0] if isinstance(a.source, Flat) and len(a.source.leaves) == 1 \
        and not a.source.classes else a.source
    if not (a.limit is not None
            and b.limit is not None and a.order and isinstance(scan, ir.Scan)
            and _one_table(dataclasses.replace(a, source=scan)) and _windowless(a)
            and _total(a.order, scan, schema)
            and dataclasses.replace(a, limit=None, offset=0) == dataclasses.replace(b, limit=None, offset=0)):
        return q
    if b.offset == a.offset + a.limit:
        return dataclasses.replace(a, limit=a.limit + b.limit)
    if a.offset == b.offset + b.limit:
        return dataclasses.replace(b, limit=a.limit + b.limit)
    return q


PAGE_RULES = (
    OWN_CUT_RULE,  # (canon/own_cut.py)
    *COMPOUND_RULES,  # (canon/sorted_compounds.py)
    ("row_number_range", "the rows numbered a..b by ROW_NUMBER() OVER (ORDER BY k), k a total "
     "order of t, are ORDER BY k LIMIT b - a + 1 OFFSET a - 1", ("select",),
     lambda canon, q, ctx: row_number_range(q, canon.schema), True),
    ("keyset_page", "WHERE w AND k > (SELECT k FROM t WHERE w ORDER BY k LIMIT 1 OFFSET m) "
     "ORDER BY k LIMIT n OFFSET o, k a total order of t, is WHERE w ORDER BY k LIMIT n OFFSET "
     "o + m + 1 (>=: o + m; > MAX of the first m keys: o + m; DESC: <, MIN)", ("select",),
     lambda canon, q, ctx: keyset_page(q, canon.schema), True),
)
PAGE_SETOP_RULES = (
    ("adjacent_pages", "(Q ORDER BY k LIMIT a OFFSET o) UNION ALL (Q ORDER BY k LIMIT b "
     "OFFSET o + a), k a total order, is Q ORDER BY k LIMIT a + b OFFSET o (order not read)",
     ("setop",), lambda canon, q, ctx: adjacent_pages(q, canon.schema, ctx["positional"]), True),
)
