"""Semi/anti joins against grouping and extrema (issue 25, i39c): a row's twin or a smaller
row of its own group, a parent's key projected through a semijoin, and the universal
reading of ``x > (SELECT MAX ..)``.

- ``duplicates_as_twin``: ``SELECT g FROM T WHERE w GROUP BY g HAVING COUNT(*) > 1`` is
  ``SELECT DISTINCT t.g FROM T t WHERE w AND EXISTS (SELECT 1 FROM T h WHERE w(h) AND h.g
  IS t.g AND h.k <> t.k)``, ``k`` a never-NULL one-column unique key of ``T``: a group has
  two rows exactly when one of its rows has another row (another key) beside it.
- ``least_key_as_no_smaller``: ``SELECT MIN(k), g FROM T WHERE w GROUP BY g`` is the rows
  ``t`` of ``T`` with ``w`` and ``NOT EXISTS`` a row ``h`` of the group (``w(h) AND h.g IS
  t.g``) with ``h.k < t.k`` (MAX: ``>``): each group has one least key.
- ``key_semijoin_as_distinct``: ``SELECT P.k FROM P WHERE P.k IN (SELECT c.f FROM C ..)``,
  ``k`` a never-NULL unique key and ``c.f -> P.k`` a foreign key of one storage class, is
  ``SELECT DISTINCT c.f FROM C .. WHERE c.f IS NOT NULL``: every non-NULL ``f`` has its
  parent, and the parent's keys are distinct (EXISTS as a DISTINCT join, the IN of two
  semijoins after an INTERSECT). Beside ``P.k`` the items may be values of ``P.k`` alone
  (correlated subqueries reading ``p`` only as ``p.k``): equal for equal keys, they keep
  the rows apart as ``P.k`` does (round 55). An EXISTS linking several child columns to
  ``P.k`` reads the others through the first (``key_correlations``, round 59).
- ``extremum_as_not_exists``: ``x > (SELECT MAX(c) FROM F WHERE p)`` as a condition is ``x
  IS NOT NULL AND EXISTS (F WHERE p AND c IS NOT NULL) AND NOT EXISTS (F WHERE p AND c >=
  x)`` (``>=``: ``c > x``; ``<``/``<=`` of MIN): the ALL form, the empty and all-NULL
  subquery giving NULL.

Group columns are compared by ``IS`` (``=`` where never NULL), the grouping's own equality;
each law needs a group column's equal values to be identical (TEXT, or a number column in
the typed domain: ``transfer._exact``), since GROUP BY and DISTINCT may show different rows
of a group; no table with a declared collation.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import Affinity, AggFn, CmpOp, Conv, FuncName, LogicOp, SetOpKind, Ty
from ..ir.walk import defined_aliases
from .agg_arith import count_of_constant
from .joins import _not_null, exists_to_in
from .key_correlations import one_key_equality
from .own_group_subqueries import own_groups_of_semijoin
from .quantified import _FLIP, against_extremum
from .setops import _plain_filter, _renamed
from .terms import (
    _aliases_list,
    _and,
    _conjuncts,
    _deep,
    _has_sub,
    _key,
    _leaves,
    _on_conjuncts,
    _unique_keys,
    _windowless,
    extra_conjuncts,
)
from .transfer import _exact
from .unions import inline_projection
from .universal import any_of, breaking_rows, not_true, null_tested


def _one_key(schema, scan) -> str | None:
    """A never-NULL one-column unique key of the scanned table, else None."""
    t = schema.table(scan.table)
    for k in _unique_keys(t):
        if len(k) == 1 and t.never_null(k[0]):
            return k[0]
    return None


def _col(scan, name: str, schema) -> ir.Col:
    """The column ``name`` of ``scan`` as the lowering reads it."""
    for n, ty, aff in scan.columns:
        if n == name:
            return ir.Col(scan.alias, n, ty, aff)
    raise KeyError(name)


def _grouped_scan(q, schema, typed: bool):
    """The scan of ``q`` when ``q`` is ``SELECT .. FROM T WHERE w GROUP BY g`` over one
    uncollated table, ``w`` without subqueries, ``g`` columns of ``T`` whose equal values
    are identical; else None."""
    if not (isinstance(q, ir.Select) and q.aggregate and q.group_by and isinstance(q.source, ir.Scan)
            and not q.distinct and q.limit is None and not q.offset and not q.order
            and q.bare_from is None and _windowless(q) and not _has_sub(q.where)):
        return None
    scan = q.source
    if schema.table(scan.table).collated:
        return None
    if not all(isinstance(g, ir.Col) and g.alias == scan.alias and _identical(g, typed)
               for g in q.group_by):
        return None
    return scan


def _identical(g: ir.Col, typed: bool) -> bool:
    """Are equal values of the GROUP BY key ``g`` identical? TEXT and the typed domain
    (``transfer._exact``); INTEGER and NUMERIC too, where the one exception, the REAL
    ``-2**63`` beside the INTEGER one, is the assumption ``no_real_int_min`` that every
    proof of a query grouping such a column states (``int_min.py``)."""
    return _exact(g, g, typed) or g.affinity in (Affinity.INTEGER, Affinity.NUMERIC)


def _twin_rows(q, scan, schema, test) -> ir.Select:
    """``SELECT 1 FROM T h WHERE w(h) AND h.g IS t.g .. AND test(h)`` (``=`` for a
    never-NULL ``g``)."""
    h = f"{scan.alias}_twin"
    taken = set(_aliases_list(q))
    while h in taken:
        h += "_"
    def renamed(e):
        return _deep(e, lambda x: dataclasses.replace(x, alias=h)
                     if isinstance(x, ir.Col) and x.alias == scan.alias else x)
    links = []
    for g in dict.fromkeys(q.group_by):
        op = CmpOp.EQ if _not_null(g, [scan], schema) else CmpOp.IS
        links.append(ir.Cmp(op, renamed(g), g, Ty.BOOL, Conv.NONE))
    where = _and([*(renamed(c) for c in _conjuncts(q.where)), *links, test(renamed)])
    return ir.Select(dataclasses.replace(scan, alias=h), where, (), None, (ir.Lit(1, Ty.INT),),
                     False, (), None, 0, False)


def _count_above_one(h) -> bool:
    """Is ``h`` ``COUNT(*) > 1`` (``1 < COUNT(*)``, ``>= 2``; ``COUNT(l)`` of a non-NULL
    literal is ``COUNT(*)``, whichever rule reads it first)?"""
    if not isinstance(h, ir.Cmp) or h.conv != Conv.NONE:
        return False
    op, a, n = h.op, h.left, h.right
    if isinstance(a, ir.Lit):
        op, a, n = _FLIP.get(op), n, a
    a = count_of_constant(a)
    return (isinstance(a, ir.Agg) and a.fn == AggFn.COUNT_STAR and isinstance(n, ir.Lit)
            and n.ty == Ty.INT and (op, n.value) in ((CmpOp.GT, 1), (CmpOp.GE, 2)))


def duplicates_as_twin(q, schema, typed: bool):
    """``SELECT g FROM T WHERE w GROUP BY g HAVING COUNT(*) > 1`` (the items the GROUP BY
    keys, each at least once) as ``SELECT DISTINCT`` of them over the rows with a twin: a
    row of the same group with another key (the module's note)."""
    scan = _grouped_scan(q, schema, typed)
    if scan is None or not _count_above_one(q.having) or set(q.items) != set(q.group_by):
        return q
    k = _one_key(schema, scan)
    if k is None:
        return q
    key = _col(scan, k, schema)
    twin = _twin_rows(q, scan, schema, lambda r: ir.Cmp(CmpOp.NE, r(key), key, Ty.BOOL, Conv.NONE))
    return dataclasses.replace(q, where=_and([*_conjuncts(q.where), ir.Exists(twin)]), group_by=(),
                               having=None, aggregate=False, distinct=True)


def least_key_as_no_smaller(q, schema, typed: bool):
    """``SELECT MIN(k), g FROM T WHERE w GROUP BY g`` (items MIN(k) or MAX(k), one of the
    two, and GROUP BY keys; no HAVING) as the rows of ``T`` with no smaller key in their
    group (the module's note)."""
    scan = _grouped_scan(q, schema, typed)
    if scan is None or q.having is not None:
        return q
    k = _one_key(schema, scan)
    if k is None:
        return q
    key = _col(scan, k, schema)
    fns = {i.fn for i in q.items if isinstance(i, ir.Agg)}
    if len(fns) != 1 or not all(i in q.group_by or (isinstance(i, ir.Agg) and i.arg == key
                                                   and not i.distinct) for i in q.items):
        return q
    fn = fns.pop()
    if fn not in (AggFn.MIN, AggFn.MAX):
        return q
    def before(r):
        return ir.Cmp(CmpOp.LT, *((r(key), key) if fn == AggFn.MIN else (key, r(key))),
                      Ty.BOOL, Conv.NONE)
    twin = _twin_rows(q, scan, schema, before)
    items = tuple(key if isinstance(i, ir.Agg) else i for i in q.items)
    return dataclasses.replace(q, where=_and([*_conjuncts(q.where), ir.Not(ir.Exists(twin))]),
                               group_by=(), having=None, aggregate=False, items=items)


# a HAVING bound on MIN/MAX that every value of the group must meet: the row that breaks it
_COUNTER = {(AggFn.MIN, CmpOp.GT): CmpOp.LE, (AggFn.MIN, CmpOp.GE): CmpOp.LT,
            (AggFn.MAX, CmpOp.LT): CmpOp.GE, (AggFn.MAX, CmpOp.LE): CmpOp.GT}


def _bound(h):
    """(fn, column, op, literal) of ``MIN|MAX(c) op v`` (either side; no conversion), else None."""
    if not isinstance(h, ir.Cmp) or h.conv != Conv.NONE or h.op not in _FLIP and h.op != CmpOp.EQ:
        return None
    op, a, v = h.op, h.left, h.right
    if isinstance(a, ir.Lit):
        op, a, v = _FLIP.get(op, op), v, a
    if not (isinstance(a, ir.Agg) and a.fn in (AggFn.MIN, AggFn.MAX) and not a.distinct
            and isinstance(a.arg, ir.Col) and isinstance(v, ir.Lit) and v.value is not None):
        return None
    number = isinstance(v.value, int | float) and not isinstance(v.value, bool)
    fits = (a.arg.affinity == Affinity.TEXT and isinstance(v.value, str)) or (
        a.arg.affinity in (Affinity.INTEGER, Affinity.REAL, Affinity.NUMERIC) and number)
    return (a.fn, a.arg, op, v) if fits else None


def _every_row(h, scan, schema):
    """The test of the rows that break ``COUNT(*) = COUNT(CASE WHEN p THEN v END)`` (either
    side; ``v`` a non-NULL literal, no ELSE; or ``SUM(CASE WHEN p THEN 1 ELSE 0 END)``; ``p``
    a condition over the group's table that ``universal.not_true`` reads): ``NOT p OR p IS
    NULL`` (a NULL ``p`` counts no row), else None."""
    if not (isinstance(h, ir.Cmp) and h.op == CmpOp.EQ and h.conv == Conv.NONE):
        return None
    star, n = (h.left, h.right) if isinstance(h.left, ir.Agg) and h.left.fn == AggFn.COUNT_STAR \
        else (h.right, h.left)
    if not (isinstance(star, ir.Agg) and star.fn == AggFn.COUNT_STAR and isinstance(n, ir.Agg)
            and n.fn in (AggFn.COUNT, AggFn.SUM) and not n.distinct and isinstance(n.arg, ir.Case)
            and len(n.arg.whens) == 1):
        return None
    (p, v), other = n.arg.whens[0], n.arg.default
    null_else = other is None or (isinstance(other, ir.Lit) and other.value is None)
    if n.fn == AggFn.SUM:  # SUM(CASE WHEN p THEN 1 ELSE 0 END): the integer 1, ELSE 0 or NULL
        ok = (isinstance(v, ir.Lit) and v.ty == Ty.INT and v.value == 1
              and (null_else or (isinstance(other, ir.Lit) and other.ty == Ty.INT and other.value == 0)))
    else:
        ok = isinstance(v, ir.Lit) and v.value is not None and null_else
    return (_exists_flipped(p, scan) or not_true(p, scan, schema)) if ok else None


def _exists_flipped(p, scan):
    """``NOT EXISTS (..)`` of ``p`` = ``EXISTS (..)`` (and back): never NULL, so its
    negation is its "not TRUE" (i62a). None when the subquery defines ``scan``'s alias (a
    renamed row would reach its own scan), or for another ``p``."""
    e = p.arg if isinstance(p, ir.Not) else p
    if not isinstance(e, ir.Exists) or scan.alias in defined_aliases(e.query):
        return None
    return e if e is not p else ir.Not(e)


def _counterexamples(having, scan, schema) -> list | None:
    """(test, bounded column or None) of the rows that break each universal bound of
    ``having`` (``MIN(c) >= v``: ``c < v``; ``MIN(c) = v AND MAX(c) = v``: ``c <> v``;
    ``COUNT(*) = COUNT(CASE WHEN p THEN 1 END)``: ``p`` not TRUE), else None."""
    out, equal = [], {}
    for h in _conjuncts(having):
        b = _bound(h)
        if b is None:
            every = _every_row(h, scan, schema)
            if every is None:
                every = breaking_rows(h, scan, schema)
            if every is None:
                return None
            out.append((every, None))
            continue
        fn, c, op, v = b
        if op == CmpOp.EQ:
            equal.setdefault((c, v), set()).add(fn)
        elif (fn, op) not in _COUNTER:
            return None  # MAX(c) >= v, MIN(c) < v: some row, not every row (a crash before)
        else:
            out.append((ir.Cmp(_COUNTER[(fn, op)], c, v, Ty.BOOL, Conv.NONE), c))
    for (c, v), fns in equal.items():
        if fns != {AggFn.MIN, AggFn.MAX}:
            return None
        out.append((ir.Cmp(CmpOp.NE, c, v, Ty.BOOL, Conv.NONE), c))
    return out or None


def bounds_as_no_counterexample(q, schema, typed: bool):
    """``SELECT g FROM T WHERE w GROUP BY g HAVING MIN(c) >= v`` (``>``; ``MAX(c) <= v``,
    ``<``; the pair ``MIN(c) = v AND MAX(c) = v`` as ``c <> v``; several bounds when every
    bounded column is never NULL) is ``SELECT DISTINCT t.g FROM T t WHERE w AND t.c IS NOT
    NULL AND NOT EXISTS (a row h of the group with w and h.c < v)``: MIN and MAX skip NULLs
    and are NULL over none (the group goes), and the least value meets a lower bound exactly
    when every value does (Dayal's ALL as an aggregate, read back). ``v`` a literal of
    ``c``'s class (a number for a number column, text for TEXT: no conversion on either
    side). ``COUNT(*) = COUNT(CASE WHEN p THEN 1 END)`` ("every row has p") is NOT EXISTS a
    row of the group where ``p`` is not TRUE (a group is never empty)."""
    scan = _grouped_scan(q, schema, typed)
    if scan is None or q.having is None or set(q.items) != set(q.group_by):
        return q
    tests = _counterexamples(q.having, scan, schema)
    if tests is None:
        return q
    cols = list(dict.fromkeys(c for _, c in tests if c is not None))
    seen = null_tested([t for t, _ in tests])
    nullable = [c for c in cols if not _not_null(c, [scan], schema) and c not in seen]
    if nullable and len(cols) > 1:
        return q
    test = any_of([t for t, _ in tests])
    found = [*(ir.Not(ir.IsNull(c)) for c in nullable),
             ir.Not(ir.Exists(_twin_rows(q, scan, schema, lambda r: r(test))))]
    return dataclasses.replace(q, where=_and([*_conjuncts(q.where), *found]), group_by=(),
                               having=None, aggregate=False, distinct=True)


def _ungrouped(s: ir.Select) -> ir.Select:
    """``SELECT d.x FROM (SELECT e AS x, literals.. FROM .. GROUP BY e) AS d`` (or a DISTINCT
    derived table of the one column) as ``SELECT e FROM ..``; else ``s``."""
    d = s.source
    if not (isinstance(d, ir.Derived) and s.where is None and len(s.items) == 1
            and _plain_filter(s) and not s.distinct and isinstance(s.items[0], ir.Col)
            and s.items[0].alias == d.alias and s.items[0].name in d.names
            and isinstance(d.query, ir.Select) and len(d.names) == len(d.query.items)):
        return s
    inner, e = d.query, d.query.items[d.names.index(s.items[0].name)]
    others = [i for i in inner.items if i is not e]
    if not (inner.having is None and inner.limit is None and not inner.offset and not inner.order
            and inner.bare_from is None and _windowless(inner)
            and all(isinstance(i, ir.Lit) for i in others)
            and (inner.group_by == (e,) or (inner.distinct and not others and not inner.group_by))):
        return s
    return dataclasses.replace(inner, items=(e,), group_by=(), aggregate=False, distinct=False,
                               names=())


def _semijoin_source(c, p, k: ir.Col, schema, typed: bool):
    """(leaves, conjuncts, f) of ``p.k IN (SELECT c.f FROM C .. WHERE ..)`` over inner-joined
    uncollated tables, ``c.f -> P.k`` an exact foreign key (same affinity), the subquery
    uncorrelated with ``p``, no aggregate, GROUP BY, LIMIT or window; else None. A
    subquery reading one derived table grouped by its item (or DISTINCT), nothing else, is
    read as that table's select, and a GROUP BY without HAVING of a column item goes: under
    IN, as under DISTINCT, duplicates are not seen."""
    if not (isinstance(c, ir.InSub) and c.arg == k and c.conv == Conv.NONE
            and isinstance(c.query, ir.Select)):
        return None
    s = _ungrouped(c.query)
    if (s.group_by and s.having is None and len(s.items) == 1 and isinstance(s.items[0], ir.Col)
            and not _has_sub(s.group_by)):
        s = dataclasses.replace(s, group_by=(), aggregate=False)  # the same values of f
    if (s.aggregate or s.group_by or s.having is not None or s.limit is not None or s.offset
            or s.bare_from is not None or not _windowless(s) or len(s.items) != 1
            or p.alias in _aliases_list(s)):
        return None
    leaves, f = _leaves(s.source), s.items[0]
    if leaves is None or not isinstance(f, ir.Col) or f.affinity != k.affinity or f.ty != k.ty:
        return None
    child = next((x for x in leaves if isinstance(x, ir.Scan) and x.alias == f.alias), None)
    if child is None or any(isinstance(x, ir.Scan) and schema.table(x.table).collated
                            for x in leaves):
        return None
    rowid = schema.table(p.table).rowid_alias
    if not (_exact(k, f, typed) or (rowid and rowid.lower() == k.name)):
        return None  # p.k shown for c.f: equal values identical (a rowid is an integer)
    if _references(schema, child, f, p, k):
        return leaves, _on_conjuncts(s.source) + _conjuncts(s.where), f
    return None


def _references(schema, child, f, p, k) -> bool:
    """Is ``child.f -> p.k`` a declared foreign key of one storage class?"""
    return any(ref.name.lower() == p.table and [n.lower() for n in fk.columns] == [f.name]
               and [n.lower() for n in fk.ref_columns] == [k.name]
               for fk, ref in ir.exact_foreign_keys(schema, schema.table(child.table)))


def key_semijoin_as_distinct(q, leaves: list, conds: list, schema, typed: bool = False,
                             rank=None):
    """``SELECT p.k .. FROM P p WHERE p.k IN (SELECT c.f FROM C ..) AND r(p.k)`` (items and
    ``r`` read ``p`` only as ``p.k``, a never-NULL unique key; ``EXISTS (.. WHERE c.f =
    p.k)`` read as that IN) is ``SELECT DISTINCT c.f .. FROM C .. WHERE .. AND c.f IS NOT
    NULL AND r(c.f)`` (the module's note). Of several such INs the one whose subquery
    ``rank`` puts first (its canonical form: ``set_operands.intersect_commuted`` orders an
    INTERSECT so). Returns the (q, leaves, conds) of the sites ``sources`` and ``semijoin``,
    None when it does not fire."""
    if not (len(leaves) == 1 and isinstance(leaves[0], ir.Scan) and not q.aggregate
            and not q.group_by and q.having is None and not q.order and q.limit is None
            and not q.offset and q.bare_from is None and _windowless(q)):
        return None
    p = leaves[0]
    k = _one_key(schema, p)
    if k is None or schema.table(p.table).collated:
        return None
    key = _col(p, k, schema)
    if key not in q.items or not all(_of_key(i, key, p.alias) for i in q.items):
        return None
    rowid = schema.table(p.table).rowid_alias
    exact = lambda f: _exact(key, f, typed) or bool(rowid and rowid.lower() == k)  # noqa: E731
    conds = [exists_to_in(one_key_equality(c, key, exact, schema), schema, leaves, prefer=True)
             for c in conds]
    picks = []
    for i, c in enumerate(conds):
        found = _semijoin_source(c, p, key, schema, typed)
        if found is None:
            continue
        inner, inner_conds, f = found
        rest = tuple(conds[:i] + conds[i + 1:])
        mine = {a for x in inner for a in ([x.alias] if not isinstance(x, ir.Derived) else
                                           [x.alias, *_aliases_list(x.query)])}
        if any(a in mine for a in _aliases_list(q.items)):
            inner, inner_conds, f = _fresh_inner(inner, inner_conds, f, set(_aliases_list(q)))
            if f is None:
                continue
        if any(a in mine for a in _aliases_list(rest)) or not all(
                col == key for col in _cols_of(rest, p.alias)):
            continue
        moved = _deep(rest, lambda e, f=f: f if e == key else e)
        kept = [] if _not_null(f, inner, schema) else [ir.Not(ir.IsNull(f))]
        q2 = dataclasses.replace(q, items=_deep(q.items, lambda e, f=f: f if e == key else e),
                                 distinct=True)
        picks.append((c.query, (q2, list(inner), [*inner_conds, *kept, *moved])))
    if len(picks) > 1 and rank is not None:
        picks.sort(key=lambda pick: rank(pick[0]))
    return picks[0][1] if picks else None


def _fresh_inner(inner: list, conds: list, f, taken: set):
    """The semijoin's scans renamed apart from ``taken`` (the canonical names of two
    subqueries of one depth coincide); (.., None) when a leaf is no scan or a conjunct
    holds a subquery (a nested scope that might reuse a name)."""
    if not all(isinstance(x, ir.Scan) for x in inner) or any(_has_sub(c) for c in conds):
        return inner, conds, None
    rename = {}
    for x in inner:
        new = x.alias
        while new in taken or new in rename.values():
            new += "_"
        rename[x.alias] = new

    def col(e):
        return dataclasses.replace(e, alias=rename[e.alias]) if (
            isinstance(e, ir.Col) and e.alias in rename) else e
    return ([dataclasses.replace(x, alias=rename[x.alias]) for x in inner],
            [_deep(c, col) for c in conds], col(f))


def _of_key(item, key, alias: str) -> bool:
    """Is ``item`` the key, or a value of it alone: it reads ``alias`` only as ``key``
    (inside subqueries too), no opaque function or window (the same value for equal keys)?"""
    return item == key or (all(c == key for c in _cols_of(item, alias)) and not any(
        isinstance(y, (ir.Opaque, ir.Window)) for y in ir.nodes(item)))


def _cols_of(x, alias: str) -> list:
    """The columns of ``alias`` that ``x`` reads, inside subqueries too."""
    out = []
    _deep(x, lambda e: out.append(e) or e if isinstance(e, ir.Col) and e.alias == alias else e)
    return out


_ALL = {(CmpOp.GT, AggFn.MAX): CmpOp.GE, (CmpOp.GE, AggFn.MAX): CmpOp.GT,
        (CmpOp.LT, AggFn.MIN): CmpOp.LE, (CmpOp.LE, AggFn.MIN): CmpOp.LT}


def extremum_as_not_exists(c, leaves, schema):
    """``x > (SELECT MAX(c) FROM F WHERE p)`` as a condition (``x``, ``c`` columns of one
    affinity, the comparison converting nothing, as ``quantified.extremum_as_exists``) is
    ``x IS NOT NULL AND EXISTS (SELECT 1 FROM F WHERE p AND c IS NOT NULL) AND NOT EXISTS
    (SELECT 1 FROM F WHERE p AND c >= x)`` (``>=``, and ``<``/``<=`` of MIN, alike): MAX is
    NULL over no non-NULL ``c`` (the row goes), and above every non-NULL ``c`` otherwise.
    An uncorrelated subquery only (the ALL over one set; a correlated extremum is left to
    the decorrelation laws)."""
    got = against_extremum(c, _ALL)
    if got is None or got[3][1].ty != got[1].ty:
        return c
    op, x, q, found = got
    col = found[1]
    scans = [y for y in (*leaves, *(_leaves(q.source) or [None])) if isinstance(y, ir.Scan)]
    if (_leaves(q.source) is None or ir.free_aliases(q)
            or any(schema.table(y.table).collated for y in scans)):
        return c  # MAX orders by c's collation, the comparison by x's
    def body(test):
        return ir.Exists(dataclasses.replace(q, where=_and([*_conjuncts(q.where), test]),
                                             aggregate=False, items=(ir.Lit(1, Ty.INT),), names=()))
    beaten = ir.Cmp(_FLIP[_ALL[(op, found[0])]], x, col)
    return ir.Logic(LogicOp.AND, (ir.Not(ir.IsNull(x)), body(ir.Not(ir.IsNull(col))),
                                  ir.Not(body(beaten))))


def _semijoin(canon, value, ctx):
    """At the site ``sources`` (the select restarts), and at ``semijoin`` after ``semijoins``
    made a join on ``p.k`` an IN: the moved conjuncts walk the site ``conjunct`` (the select
    is not read anew there)."""
    out = key_semijoin_as_distinct(*value, canon.schema, canon.typed,
                                   lambda sub: _key(canon.query(sub, {}, 0, False)))
    if out is None:
        return value
    q, leaves, conds = out
    conds = [canon.walk("conjunct", c, leaves=leaves)[0] for c in conds]
    return own_groups_of_semijoin(canon, q, leaves, conds), leaves, conds


TWIN_SELECT_RULES = (
    ("duplicates_as_twin", "SELECT g FROM T WHERE w GROUP BY g HAVING COUNT(*) > 1 is SELECT "
     "DISTINCT g FROM T t WHERE w AND EXISTS (a row h of T with w, h.g IS t.g and h.k <> t.k), "
     "k a never-NULL unique key (g: equal values identical)", ("select",),
     lambda canon, q, ctx: duplicates_as_twin(q, canon.schema, canon.typed), True),
    ("least_key_as_no_smaller", "SELECT MIN(k), g FROM T WHERE w GROUP BY g is the rows t of T "
     "with w and NOT EXISTS a row h with w, h.g IS t.g and h.k < t.k (MAX: >), k a never-NULL "
     "unique key (g: equal values identical)", ("select",),
     lambda canon, q, ctx: least_key_as_no_smaller(q, canon.schema, canon.typed), True),
    ("bounds_as_no_counterexample", "SELECT g FROM T WHERE w GROUP BY g HAVING MIN(c) >= v (>; "
     "MAX <=, <; MIN(c) = v AND MAX(c) = v) is SELECT DISTINCT g FROM T t WHERE w AND t.c IS "
     "NOT NULL AND NOT EXISTS (a row h with w, h.g IS t.g and h.c < v) (v of c's class)",
     ("select",), lambda canon, q, ctx: bounds_as_no_counterexample(q, canon.schema, canon.typed),
     True),
)
TWIN_SEMIJOIN_RULES = (
    ("key_semijoin_as_distinct", "SELECT p.k FROM P WHERE p.k IN (SELECT c.f FROM C ..) AND "
     "r(p.k) (items p.k and values of it), k a never-NULL unique key, c.f -> P.k an exact "
     "foreign key, is SELECT DISTINCT c.f FROM C .. WHERE c.f IS NOT NULL AND r(c.f) (EXISTS "
     ".. c.f = p.k, several c.f = p.k through the first, and a join on p.k "
     "that semijoins made an IN, too)", ("sources", "semijoin"), _semijoin, True),
)
TWIN_CONJUNCT_RULES = (
    ("extremum_as_not_exists", "x > (SELECT MAX(c) FROM F WHERE p) as a condition is x IS NOT "
     "NULL AND EXISTS (F WHERE p AND c IS NOT NULL) AND NOT EXISTS (F WHERE p AND c >= x) "
     "(>=: c > x; < and <= of MIN; x, c of one affinity, no conversion or collation)",
     ("conjunct",), lambda canon, c, ctx: extremum_as_not_exists(c, ctx["leaves"], canon.schema),
     False),
)


def _shown_as_compared(i, a: ir.Select, schema, typed: bool) -> bool:
    """Is the item ``i`` a column whose equal values are identical without an assumption:
    TEXT, a rowid alias, any exact affinity in the typed domain (EXCEPT ALL states no
    ``no_real_int_min``)?"""
    if not isinstance(i, ir.Col):
        return False
    if _exact(i, i, typed):
        return True
    scan = next((x for x in _leaves(a.source) or [] if isinstance(x, ir.Scan) and x.alias == i.alias), None)
    rowid = schema.table(scan.table).rowid_alias if scan is not None else None
    return bool(rowid) and rowid.lower() == i.name


def except_all_as_filter(q, schema, typed: bool):
    """``SELECT e FROM T WHERE p EXCEPT ALL SELECT e FROM T WHERE p AND c`` is ``SELECT e FROM
    T WHERE p AND NOT COALESCE(c, FALSE)`` (Materialize's ThresholdElision: a difference
    of a bag and a sub-bag of it is a plain difference): each value ``v`` occurs ``L(v)``
    times on the left and ``R(v) <= L(v)`` times on the right, the rows with ``c`` TRUE,
    so ``L(v) - R(v)`` times in the difference, the rows without. The items columns whose
    equal values are identical (which of equal rows the difference keeps is not read); an
    operand that projects a derived table is read as it (``unions.inline_projection``)."""
    if not (isinstance(q, ir.SetOp) and q.op == SetOpKind.EXCEPT and q.all and q.limit is None
            and not q.offset and not q.order):
        return q
    a, b = (inline_projection(x, False) if isinstance(x, ir.Select) else x for x in (q.left, q.right))
    if not (_plain_filter(a) and _plain_filter(b) and not a.distinct and not b.distinct):
        return q
    b = _renamed(b, a)
    if b is None or b.items != a.items or _leaves(a.source) is None:
        return q
    extra = extra_conjuncts(a.where, b.where)
    if not extra or not all(_shown_as_compared(i, a, schema, typed) for i in a.items):
        return q
    return dataclasses.replace(a, where=_and([*_conjuncts(a.where), _not_true(extra, a, schema)]))


_NEGATED = {CmpOp.EQ: CmpOp.NE, CmpOp.NE: CmpOp.EQ, CmpOp.LT: CmpOp.GE, CmpOp.GE: CmpOp.LT,
            CmpOp.LE: CmpOp.GT, CmpOp.GT: CmpOp.LE}


def _not_true(extra: list, a: ir.Select, schema):
    """``NOT COALESCE(c, FALSE)`` of the conjuncts ``extra``; of one comparison of a column
    with a literal, ``x op' v OR x IS NULL`` (``op'`` the negation; the NULL test goes for
    a never-NULL ``x``), the form a query writes."""
    if len(extra) == 1 and isinstance(c := extra[0], ir.Cmp) and c.op in _NEGATED:
        x, v = (c.left, c.right) if isinstance(c.left, ir.Col) else (c.right, c.left)
        if isinstance(x, ir.Col) and isinstance(v, ir.Lit) and v.value is not None:
            flipped = dataclasses.replace(c, op=_NEGATED[c.op])
            if _not_null(x, _leaves(a.source), schema):
                return flipped
            return ir.Logic(LogicOp.OR, (flipped, ir.IsNull(x)))
    flag = ir.Func(FuncName.BOOL_INT, (_and(extra),), Ty.INT)
    unknown_false = ir.Func(FuncName.COALESCE, (flag, ir.Lit(0, Ty.INT)), Ty.INT)
    return ir.Not(ir.Func(FuncName.TRUTH, (unknown_false,), Ty.BOOL))


TWIN_COMPOUND_RULES = (
    ("except_all_as_filter", "SELECT e FROM T WHERE p EXCEPT ALL SELECT e FROM T WHERE p AND c "
     "is SELECT e FROM T WHERE p AND NOT COALESCE(c, FALSE) (a bag minus a sub-bag; e columns "
     "whose equal values are identical)", ("compound",),
     lambda canon, q, ctx: except_all_as_filter(q, canon.schema, canon.typed), False),
)
