"""Roll-ups: an aggregate over a grouped derived table as an aggregate of the rows its
groups partition (issue 25, i47b): ``rolled_up_aggregates``.

``SELECT f(d.k..), A(E(d..)) FROM (SELECT k.., j.., P(y).. FROM F WHERE w GROUP BY k.., j..)
AS d GROUP BY f(d.k..)`` (PromQL's ``sum by``/``sum without``, Flink's local-global and
split-distinct aggregation, a re-aggregation of a summary view). The inner groups partition
the rows of ``F WHERE w`` (no HAVING: every group is kept), each inner group lies inside
one outer group (the outer keys read inner keys only, of a column whose equal values are
identical, so a group's rows give ``f`` one value), and an outer group is never empty. So
an outer aggregate of a per-group value is an aggregate of per-row values when the
per-group value is the aggregate of the per-row ones and ``A`` combines them alike:

- ``SUM``/``TOTAL`` of ``E``, ``E`` built of CASE WHENs whose conditions read inner keys
  (one value per group, so the group's rows take one branch), the literals 0 and NULL, and
  partial ``SUM(y)`` (row value ``y``), ``COUNT(*)`` (``1``) and ``COUNT(y)`` (``0`` where
  ``y`` is NULL, else ``1``). A group of NULL ``y`` sums to NULL, which SUM skips, as it
  skips its rows' NULLs; a group adds 0 exactly when its rows add only zeros; an integer
  SUM stays integer unless a value is not, either way. Over no groups (no outer GROUP BY,
  no rows) both are NULL (TOTAL 0.0). The sums are added in another grouping: the proof
  states ``exact_reals`` for reals and ``integer_sums_exact`` for integers
  (``proofs.REORDERING``, ``proofs.OTHER_GROUPS``). AVG of averages is not an average.
- ``MIN``/``MAX`` of ``E`` built alike of keys, any literal and partial ``MIN``/``MAX``
  (the same function): the least of the least values is the least value.
- ``SUM(d.c)`` of a partial ``COUNT(DISTINCT x)``, under GROUP BY, is ``COUNT(DISTINCT x)``
  when the outer keys are inner keys and every other inner key is a function of ``x`` alone
  (``x`` itself, ``x % 2``: columns, literals, arithmetic and SQLite's scalar functions) of
  a column of INTEGER, NUMERIC or TEXT affinity, whose equal values are identical: equal
  values of ``x`` then land in one inner group, so the inner groups count disjoint sets of
  values (NULL in none). A finer key not a function of ``x`` (another column) counts a
  value once per group it occurs in: not the distinct count (the near miss).
- ``COUNT(*)``, under GROUP BY, counts the inner groups of an outer group: with one inner
  key ``z`` beyond the outer ones (which are inner keys) the distinct values of ``z``, NULL
  once: ``COUNT(DISTINCT z) + MAX(CASE WHEN z IS NULL THEN 1 ELSE 0 END)``, as
  ``merge_distinct`` writes it (``COUNT(DISTINCT z)`` where ``z`` is never NULL).

An outer WHERE reading of ``d`` only its keys (as the outer keys do: no aggregate, window or
subquery) and correlated with an enclosing query ("the groups up to this day" of a running
total, i54b; an uncorrelated one is ``push_into_derived``'s) keeps or drops whole groups: a group's rows give it one value, so it
filters the rows alike, and the kept groups partition the kept rows. The outer columns it
reads stay the enclosing query's: the rules' copies of a view take fresh aliases
(``fresh_copies``, i55c; round 54's copy kept the view's, and merging the outer view then
captured the correlation, a running sum proved equal to the total). Anything else (an
inner HAVING on aggregates, a partial read outside an aggregate, a subquery reading ``d``)
leaves the query alone. ``merge_aggregates``,
``rolled_up_keys`` and ``merge_distinct`` go first; this rule takes what they leave.

>>> from sqlverdict.schema import from_ddl
>>> s = from_ddl("CREATE TABLE t (k TEXT, j INT, y INT)")
>>> def rolled(sql):
...     q = ir.lower(sql, s).query
...     return [(a.fn.value, a.distinct) for a in ir.local_nodes(rolled_up_aggregates(q, s).items)
...             if isinstance(a, ir.Agg)]
>>> rolled("SELECT k, SUM(c) FROM (SELECT k, y % 4 AS b, COUNT(DISTINCT y) AS c FROM t "
...        "GROUP BY k, y % 4) AS d GROUP BY k")
[('count', True)]
>>> rolled("SELECT k, SUM(c) FROM (SELECT k, j, COUNT(DISTINCT y) AS c FROM t "
...        "GROUP BY k, j) AS d GROUP BY k")
[('sum', False)]
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import Affinity, AggFn, ArithOp, CmpOp, Ty
from .aggregates import _map_top, _read_inner, merge_aggregates
from .redundancy import rolled_up_keys
from .terms import (
    Flat,
    _and,
    _conjuncts,
    _key,
    _leaves,
    _on_conjuncts,
    _plain_grouped,
    _subquery_aliases,
    _windowless,
)
from .top_one import _PURE
from .views import having_to_where
from .window_sort_keys import _not_null

_ONE_FORM = (Affinity.INTEGER, Affinity.REAL, Affinity.NUMERIC, Affinity.TEXT)
_EXACT_EQ = (Affinity.INTEGER, Affinity.NUMERIC, Affinity.TEXT)  # equal values identical, no -0.0
_SUMS = (AggFn.SUM, AggFn.TOTAL)
_EXTREMA = (AggFn.MIN, AggFn.MAX)
_OF_X = (ir.Col, ir.Lit, ir.Arith, ir.Func)  # a function of x alone: no opaque call
_ZERO, _ONE = ir.Lit(0, Ty.INT), ir.Lit(1, Ty.INT)


class _Refused(Exception):
    """The outer query reads the groups in a way the law does not cover."""


@dataclasses.dataclass(frozen=True)
class _View:
    alias: str
    keys: dict  # name -> inner key expression (a column of one form)
    partial: dict  # name -> inner aggregate
    inner_keys: frozenset  # _key of each inner GROUP BY expression
    group: tuple  # the inner GROUP BY expressions
    not_null: frozenset  # (alias, column) never NULL on an inner row
    one_row: bool  # each inner group is one row (``_one_row_groups``)
    outer: tuple  # the outer GROUP BY, over the inner rows


def rolled_up_aggregates(q, schema=None):
    """``q`` with its grouped derived table (the whole FROM) rolled up into its rows (see
    the module), else ``q``."""
    d = q.source if isinstance(q, ir.Select) else None
    if not (isinstance(d, ir.Derived) and q.aggregate and q.bare_from is None
            and _windowless(q) and len(set(d.names)) == len(d.names)):
        return q
    inner = having_to_where(d.query) if isinstance(d.query, ir.Select) else None
    if not (_plain_grouped(inner) and any(isinstance(y, ir.Agg) for y in ir.local_nodes(inner.items))):
        return q  # (a grouping without aggregates is a DISTINCT: merge_distinct's)
    if merge_aggregates(q) is not None or rolled_up_keys(q) is not q:
        return q  # (theirs: this law takes what they leave)
    if q.where is not None and all(y.alias == d.alias for y in ir.local_nodes(q.where)
                                   if isinstance(y, ir.Col)):
        return q  # (an uncorrelated filter: push_into_derived's, then merge_aggregates')
    reads = (q.items, q.having, q.group_by, tuple(k for k, _ in q.order), q.where)
    if d.alias in _subquery_aliases(reads):
        return q
    item = dict(zip(d.names, inner.items, strict=True))
    inner_keys = frozenset(_key(g) for g in inner.group_by)
    keys = {n: e for n, e in item.items() if (_key(e) in inner_keys and isinstance(e, ir.Col)
                                              and e.affinity in _ONE_FORM) or _of_keys(e, inner_keys)}
    partial = {n: e for n, e in item.items() if isinstance(e, ir.Agg) and _key(e) not in inner_keys}
    nn = frozenset(_not_null(inner, schema)) if schema is not None else frozenset()
    one = schema is not None and _one_row_groups(inner, schema)
    view = _View(d.alias, keys, partial, inner_keys, inner.group_by, nn, one, ())
    try:
        outer = tuple(_on_keys(g, view) for g in q.group_by)
        view = dataclasses.replace(view, outer=outer)
        by_key = {_key(g): o for g, o in zip(q.group_by, outer, strict=True)}

        def over(e):
            if _key(e) in by_key:
                return by_key[_key(e)]
            if isinstance(e, ir.Agg):
                return _rolled(e, view)
            if isinstance(e, ir.Col) and e.alias == d.alias:
                raise _Refused  # (a column read outside the outer keys and aggregates)
            return e
        kept = [_on_keys(c, view) for c in _conjuncts(q.where)]  # (whole groups: i54b)
        out = _read_inner(q, inner, over)
    except _Refused:
        return q
    return dataclasses.replace(out, group_by=outer, where=_and(_conjuncts(out.where) + kept))


def _of_keys(e, inner_keys) -> bool:
    """Is the inner item ``e`` arithmetic of inner key columns alone (``minute / 60``, i60c),
    of an affinity whose equal values are identical (no -0.0): one value per group."""
    nodes = list(ir.local_nodes(e))
    return (isinstance(e, ir.Arith) and all(isinstance(y, _PURE) for y in nodes)
            and all(_key(y) in inner_keys and y.affinity in _EXACT_EQ for y in nodes if isinstance(y, ir.Col)))


def _on_keys(e, view: _View):
    """``e`` over the inner rows, when it reads of the view its keys only (no aggregate,
    window or subquery); else ``_Refused``."""
    if any(isinstance(y, (ir.Agg, ir.Window, ir.InSub, ir.Exists, ir.ScalarSub))
           for y in ir.local_nodes(e)):
        raise _Refused

    def f(y):
        if isinstance(y, ir.Col) and y.alias == view.alias:
            if y.name not in view.keys:
                raise _Refused
            return view.keys[y.name]
        return y
    return _map_top(e, f)


def _rolled(e: ir.Agg, view: _View):
    """The outer aggregate ``e`` over the inner rows, else ``_Refused``."""
    grouped = bool(view.outer)
    if e.fn == AggFn.COUNT_STAR:
        if not grouped:
            raise _Refused
        z = _one_extra_key(view)
        if (z.alias, z.name) in view.not_null:
            return ir.Agg(AggFn.COUNT, z, True, Ty.INT)  # (no NULL group)
        test = ir.Case(((ir.IsNull(z), _ONE),), _ZERO, Ty.INT)
        return ir.Arith(ArithOp.ADD, ir.Agg(AggFn.COUNT, z, True, Ty.INT),
                        ir.Agg(AggFn.MAX, test, False, Ty.INT), Ty.INT)
    if e.distinct and e.fn not in _EXTREMA:
        raise _Refused
    if e.fn in _SUMS:
        if e.fn == AggFn.TOTAL and not view.one_row:
            raise _Refused  # (TOTAL adds doubles: regrouped, integers past 2**53 round apart)
        a = e.arg
        if isinstance(a, ir.Col) and a.alias == view.alias and a.name in view.partial:
            p = view.partial[a.name]
            if p.fn == AggFn.COUNT and p.distinct and e.fn == AggFn.SUM and grouped:
                return _split_distinct(p, view)
        row = _rows(a, view, AggFn.SUM)
        return ir.Agg(e.fn, row, False, Ty.REAL if e.fn == AggFn.TOTAL else ir._ty(row))
    if e.fn in _EXTREMA:
        if isinstance(e.arg, ir.Col) and e.arg.name in view.keys:
            raise _Refused  # (MIN/MAX of a key: rolled_up_keys', least_group_key_first's)
        row = _rows(e.arg, view, e.fn)
        return ir.Agg(e.fn, row, False, ir._ty(row))
    raise _Refused


def _rows(x, view: _View, kind):
    """The per-row value of the per-group value ``x`` under an outer ``kind`` (SUM, MIN or
    MAX), else ``_Refused``."""
    if isinstance(x, ir.Col) and x.alias == view.alias:
        if x.name in view.keys:
            return view.keys[x.name]
        p = view.partial.get(x.name)
        if p is None:
            raise _Refused
        if kind in _EXTREMA and p.fn == kind:
            return p.arg
        if kind == AggFn.SUM and not p.distinct:
            if p.fn == AggFn.SUM and (p.ty == Ty.INT or view.one_row):
                return p.arg  # (a group's sum of reals rounds: of one row only, exact)
            if p.fn == AggFn.COUNT_STAR:
                return _ONE
            if p.fn == AggFn.COUNT:
                return ir.Case(((ir.IsNull(p.arg), _ZERO),), _ONE, Ty.INT)
        raise _Refused
    if isinstance(x, ir.Lit):
        if kind in _EXTREMA and x.ty != Ty.BOOL:
            return x
        if x.value is None or (x.ty == Ty.INT and x.value == 0 and not isinstance(x.value, bool)):
            return x  # (0.0 would make a sum of integers real on one side only: no)
        raise _Refused
    if isinstance(x, ir.Case):
        whens = tuple((_on_keys(c, view), _rows(v, view, kind)) for c, v in x.whens)
        default = _rows(x.default, view, kind)
        return ir.Case(whens, default, x.ty)
    raise _Refused


def _one_row_groups(inner: ir.Select, schema) -> bool:
    """Is each group of ``inner`` one row: its sources are tables, and the GROUP BY columns,
    the columns its WHERE (or an ON) sets to a literal, and those equal to them, cover a
    never-NULL unique key of every table (a table whose key is covered fixes its columns)?"""
    src = inner.source
    leaves = list(src.leaves) if isinstance(src, Flat) else _leaves(src)
    if not leaves or not all(isinstance(t, ir.Scan) for t in leaves):
        return False
    pairs = [tuple(c) for c in src.classes] if isinstance(src, Flat) else []
    fixed = {(g.alias, g.name) for g in inner.group_by if isinstance(g, ir.Col)}
    for c in _conjuncts(inner.where) + _on_conjuncts(src):
        if not (isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and not c.conv):
            continue
        cols = [(y.alias, y.name) for y in (c.left, c.right) if isinstance(y, ir.Col)]
        lits = [y for y in (c.left, c.right) if isinstance(y, ir.Lit) and y.value is not None]
        if len(cols) == 2:
            pairs.append(tuple(cols))
        elif len(cols) == 1 and lits:
            fixed.add(cols[0])
    done: set = set()
    while True:
        for cls in pairs:
            if any(c in fixed for c in cls):
                fixed |= set(cls)
        more = {t.alias for t in leaves if t.alias not in done and _key_in(t, fixed, schema)}
        if not more:
            return len(done) == len(leaves)
        done |= more
        fixed |= {(t.alias, c) for t in leaves if t.alias in more for c, *_ in t.columns}


def _key_in(scan: ir.Scan, fixed: set, schema) -> bool:
    t = schema.table(scan.table)
    keys = [t.primary_key, *t.uniques] if t.primary_key else list(t.uniques)
    return any(k and all(t.never_null(c) and (scan.alias, c.lower()) in fixed for c in k)
               for k in keys)


def _one_extra_key(view: _View):
    """The one inner key beyond the outer keys, which must all be inner keys."""
    outer = {_key(g) for g in view.outer}
    if not outer <= view.inner_keys:
        raise _Refused
    extra = view.inner_keys - outer
    if len(extra) != 1:
        raise _Refused
    (z,) = extra
    for e in view.keys.values():
        if _key(e) == z:
            return e
    raise _Refused  # (an expression key: its column is not read back)


def _split_distinct(p: ir.Agg, view: _View):
    """``COUNT(DISTINCT x)`` for the SUM of the partial ``p = COUNT(DISTINCT x)`` when the
    inner keys beyond the outer ones are functions of ``x`` alone, else ``_Refused``."""
    x = p.arg
    if not (isinstance(x, ir.Col) and x.affinity in _EXACT_EQ):
        raise _Refused
    outer = {_key(g) for g in view.outer}
    if not outer <= view.inner_keys:
        raise _Refused
    inner = {_key(e): e for e in view.group}
    for k in view.inner_keys - outer:
        e = inner.get(k)
        if e is None or not all(isinstance(y, _OF_X) for y in ir.local_nodes(e)):
            raise _Refused
        if any(isinstance(y, ir.Col) and (y.alias, y.name) != (x.alias, x.name)
               for y in ir.local_nodes(e)):
            raise _Refused
    return ir.Agg(AggFn.COUNT, x, True, Ty.INT)


ROLLUP_RULE = (
    "rolled_up_aggregates", "an aggregate over a grouped derived table (the whole FROM, no "
    "HAVING) whose outer keys read inner keys: SUM/TOTAL of CASEs of partial SUMs and counts, "
    "MIN of MINs, MAX of MAXes, SUM of COUNT(DISTINCT x) split by functions of x, COUNT(*) of "
    "the groups of one extra key, read the rows (exact sums stated)", ("select",),
    lambda canon, q, ctx: rolled_up_aggregates(q, canon.schema), True)
