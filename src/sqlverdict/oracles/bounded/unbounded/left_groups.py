"""A LEFT JOIN grouped by the left table's primary key as the left rows, each with the
aggregates of its matching rows as correlated sub-queries (Kim's decorrelation read
backwards, the COUNT bug included). The left side may be an inner join of tables grouped by
keys that single out one of its rows (``join_keys``): ``l`` below is then that join's row.

``SELECT f(l), agg(r.e) FROM L AS l LEFT JOIN R AS r ON c(l, r) WHERE w(l) GROUP BY l.k,
... HAVING h`` where ``l.k`` is L's primary key, never NULL (SQLite's rowid alias, or NOT
NULL), every GROUP BY key and every value outside an aggregate reads only ``l``, and each
aggregate reads only a column ``r.e`` of the right side (not ``COUNT(*)``), is

``SELECT f(l), (SELECT agg(r.e) FROM R AS r WHERE c(l, r)) FROM L AS l WHERE w(l) AND h'``.

Why, in SQLite: the key is unique and never NULL, so each group holds the rows of one left
row ``l`` (one group per left row WHERE keeps; WHERE reads ``l`` alone, so it keeps all of
a group or none); ``f(l)`` is the same on every row of it. The group's rows are ``l``
joined with each right row that makes ``c`` TRUE, whose values of ``r.e`` the sub-query
reads too, or, where none does, one row padded with NULL: ``r.e`` is NULL there, so
COUNT(r.e) is 0, SUM, MIN, MAX, AVG and GROUP_CONCAT are NULL and TOTAL is 0.0, as each is
over the sub-query's empty set of rows. ``COUNT(*)`` counts the padded row (1, where the
sub-query counts 0): not rewritten. Only COUNT, MIN and MAX, which read their rows in any
order alike (and ``SUM(CASE WHEN p THEN 1 ELSE 0 END)`` with ``p`` not TRUE on the padded
row, which adds 0 there and 1 per matching row where ``p`` is TRUE: ``(SELECT COUNT(*) ..
WHERE c(l, r) AND p)``): SUM and AVG of reals round by the order of addition, and MIN or MAX of values
equal but not identical (1 and 1.0) keep the first, so these only over a column of REAL or
TEXT affinity (one class for equal values). HAVING ``h`` becomes a WHERE conjunct with the
aggregates replaced alike. The sub-query is an aggregate without GROUP BY: one row, so
SQLite's choice of a first row never arises. COUNT over a right side that is a derived
UNION ALL is the sum of the counts over its branches (each a sub-query of its own): the
matching rows of the union are those of each branch.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import Affinity, AggFn, ArithOp, CmpOp, JoinKind, LogicOp, SetOpKind, Ty
from ..ir.normal import normalize as lowered_form
from ..ir.walk import field_names
from .join_keys import singled_out
from .normal import conjuncts

# columns whose values that compare equal are identical (``groups.ONE_CLASS``), and those
# where they are when no INTEGER or NUMERIC column holds the REAL -2**63 (``int_min_free``)
ONE_CLASS = (Affinity.REAL, Affinity.TEXT)
CLASSED = (Affinity.INTEGER, Affinity.NUMERIC)


def left_lookups(q: ir.Select, schema, terms=None) -> ir.Select | None:
    """``q`` as its left rows with correlated aggregates, or None where the law does not
    apply (see the module). ``terms``: the proof attempt's (``values.Terms``), told what a
    rewritten SUM, AVG or TOTAL rests on; None: a probe (``has_lookups``)."""
    src = q.source
    if (not isinstance(src, ir.Join) or not q.group_by or q.distinct or q.bare_from is not None
            or q.order or q.limit is not None):
        return None
    if src.kind == JoinKind.LEFT:
        if not _only(q.where, _defined(src.left)):
            return None
        return _lookups(q, schema, terms, src.left, src.right, (src.on,) if src.on is not None else (), True)
    items, conds = _inner_items(src)
    if items is None:
        return None
    conds += conjuncts(q.where)
    for left in items:
        rest = [x for x in items if x is not left]
        if not isinstance(left, _ROWS) or not rest:
            continue
        right = rest[0]
        for x in rest[1:]:
            right = ir.Join(JoinKind.CROSS, right, x, None)
        found = _lookups(dataclasses.replace(q, where=None), schema, terms, left, right, conds, False)
        if found is not None:
            return found
    return None


def _lookups(q: ir.Select, schema, terms, left_scan, right_src, conds: tuple,
             outer: bool) -> ir.Select | None:
    """``left_lookups`` of ``q`` grouped by ``left_scan``'s primary key (or keys that
    single out a row of the inner join ``left_scan`` is: ``join_keys``) over ``right_src``
    matched by ``conds`` (``outer``: a LEFT JOIN's ON; else an inner join's ON and WHERE
    conjuncts, those of the left table alone kept outside)."""
    left, right = _defined(left_scan), _defined(right_src)
    items, inner = _inner_items(left_scan)  # a table, or tables joined (``join_keys``)
    typed = terms is not None and terms.typed
    keyed = items is not None and all(isinstance(x, _ROWS) for x in items) and singled_out(
        items, inner + conjuncts(q.where), q.group_by, lambda x: _row_key(x, schema, typed))
    if (not keyed
            or left & right or not _only(q.group_by, left)):
        return None
    mine = tuple(c for c in conds if not outer and _only(c, left))
    match = tuple(c for c in conds if c not in mine)
    if not all(_only(c, left | right) for c in match):
        return None
    on = None if not match else match[0] if len(match) == 1 else ir.Logic(LogicOp.AND, match, Ty.BOOL)
    aggs: list = []
    for e in q.items + ((q.having,) if q.having is not None else ()):
        if not _outside_aggs(e, left, aggs):
            return None
    subs = {}
    for g in aggs:
        sub = _lookup(g, right_src, on, right, left, outer, terms)
        if sub is None:
            return None
        subs[g] = sub
    items = tuple(_swap(e, subs) for e in q.items)
    some = () if outer else (ir.Exists(_select(right_src, on, ir.Lit(1, Ty.INT), False)),)
    conds = tuple(c for c in (q.where, *mine, *some, None if q.having is None else _swap(q.having, subs))
                  if c is not None)
    where = None if not conds else conds[0] if len(conds) == 1 else ir.Logic(LogicOp.AND, conds, Ty.BOOL)
    # (conjuncts in the order lowering writes them: a correlated sub-query is read by its plan)
    return lowered_form(dataclasses.replace(q, source=left_scan, where=where, group_by=(), having=None,
                                            items=items, aggregate=False))


def _row_key(src, schema, typed: bool) -> list[str] | None:
    """Columns (lower case) that tell ``src``'s rows apart as GROUP BY compares them: a
    table's primary key that holds no NULL (a typed database's never does), or every
    column of constant rows that are pairwise distinct and not NULL; else None."""
    if isinstance(src, ir.Scan):
        table = schema.table(src.table)
        pk = [c.lower() for c in table.primary_key if isinstance(c, str)]
        if not pk or len(pk) != len(table.primary_key) or not all(typed or table.never_null(c) for c in pk):
            return None
        return pk
    rows = _literal_rows(src.rows if isinstance(src, ir.Values) else [src.query])
    if rows is None or any(v is None for r in rows for v in r):
        return None
    # (GROUP BY puts 1 and 1.0 together; a number and a text apart; constants have no collation)
    seen = {tuple((float(v),) if isinstance(v, int | float) else (type(v).__name__, v) for v in r)
            for r in rows}
    return [n.lower() for n in src.names] if len(seen) == len(rows) else None


def _literal_rows(parts) -> list[tuple] | None:
    """The values of constant rows: VALUES rows, or a UNION ALL of selects of literals
    without FROM; else None."""
    out = []
    for part in parts:
        if isinstance(part, ir.SetOp):
            if part.op != SetOpKind.UNION or not part.all or part.order or part.limit is not None or part.offset:
                return None
            sub = _literal_rows([part.left, part.right])
            if sub is None:
                return None
            out += sub
            continue
        if isinstance(part, ir.Select):
            if part.source is not None or part.where is not None or part.aggregate or part.distinct \
                    or part.limit is not None or part.offset:
                return None
            part = part.items
        if not all(isinstance(e, ir.Lit) for e in part):
            return None
        out.append(tuple(e.value for e in part))
    return out


def _lookup(g: ir.Agg, right_src, on, right: set[str], left: set[str], outer: bool, terms):
    """Aggregate ``g`` of a group as a correlated sub-query over the matching rows, or None.
    Its argument reads the left row and the right side (no sub-query); under a LEFT JOIN it
    is NULL on the row padded with NULL (``_strict``), which every aggregate but COUNT(*)
    skips. ``agg(CASE WHEN p THEN x END)`` is ``agg(x)`` over the rows where ``p`` is TRUE."""
    if g.fn == AggFn.COUNT_STAR:
        return None if outer else _scalar(right_src, on, g)
    if g.arg is None or isinstance(g.arg, ir.RowVal) or not _only(g.arg, left | right):
        return None
    test = _counted(g)
    if outer and test is not None and _not_true(test, right):
        # SUM(CASE WHEN p THEN 1 ELSE 0 END), p not TRUE on the padded row: 0 there, and
        # over matching rows the number of those where p is TRUE (an exact integer)
        both = conjuncts(on) + conjuncts(test)
        on = both[0] if len(both) == 1 else ir.Logic(LogicOp.AND, both, Ty.BOOL)
        star = ir.Agg(AggFn.COUNT_STAR, None, False, Ty.INT)
        return ir.ScalarSub(_select(right_src, on, star, True), Ty.INT)
    if outer and not _strict(g.arg, right):
        return None
    if g.fn in (AggFn.MIN, AggFn.MAX):
        if not (isinstance(g.arg, ir.Col) and g.arg.alias in right and (
                g.arg.affinity in ONE_CLASS or (g.arg.affinity in CLASSED
                                                and (terms is None or terms.int_min_free)))):
            return None  # the first of values equal but not identical: the order of rows
    elif g.fn in (AggFn.SUM, AggFn.AVG, AggFn.TOTAL):
        if terms is not None:  # added in another row order (``bags.Bags._order``)
            if not terms.typed or g.arg.ty not in (Ty.INT, Ty.BOOL):
                terms.real_sums = True
            if g.fn == AggFn.SUM and (not terms.typed or g.arg.ty != Ty.REAL):
                terms.int_sums = True
    elif g.fn != AggFn.COUNT:
        return None
    if g.fn == AggFn.COUNT and not g.distinct and outer:  # COUNT over a UNION ALL: the branches' sum
        parts = [_scalar(r, on, g) for r in _branches(right_src)]
        out = parts[0]
        for p in parts[1:]:
            out = ir.Arith(ArithOp.ADD, out, p, Ty.INT)
        return out
    return _scalar(right_src, on, g)


def _scalar(src, on, g: ir.Agg) -> ir.ScalarSub:
    """``(SELECT g FROM src WHERE on)``, a filtered aggregate's filter moved into WHERE."""
    arg = g.arg
    if (isinstance(arg, ir.Case) and len(arg.whens) == 1 and _null(arg.default)
            and not g.distinct and g.fn != AggFn.COUNT_STAR):
        p, x = arg.whens[0]
        both = conjuncts(on) + conjuncts(p)
        on = both[0] if len(both) == 1 else ir.Logic(LogicOp.AND, both, Ty.BOOL)
        g = (ir.Agg(AggFn.COUNT_STAR, None, False, Ty.INT)
             if g.fn == AggFn.COUNT and isinstance(x, ir.Lit) and x.value is not None
             else dataclasses.replace(g, arg=x))
    return ir.ScalarSub(_select(src, on, g, True), g.ty)


def _select(src, on, item, aggregate: bool) -> ir.Select:
    return ir.Select(src, on, (), None, (item,), False, (), None, 0, aggregate, ("v",))


def _null(e) -> bool:
    return e is None or (isinstance(e, ir.Lit) and e.value is None)


def _inner_items(src) -> tuple[list | None, tuple]:
    """The FROM items of a tree of inner and cross joins, and their ON conditions' conjuncts;
    (None, ()) where an outer join is among them."""
    if not isinstance(src, ir.Join):
        return [src], ()
    if src.kind not in (JoinKind.INNER, JoinKind.CROSS):
        return None, ()
    li, lc = _inner_items(src.left)
    ri, rc = _inner_items(src.right)
    if li is None or ri is None:
        return None, ()
    return li + ri, lc + rc + conjuncts(src.on)


def _strict(e, right: set[str]) -> bool:
    """Is ``e`` NULL wherever every column of ``right`` is NULL (the padded row)?"""
    if isinstance(e, ir.Col):
        return e.alias in right
    if isinstance(e, ir.Lit):
        return e.value is None
    if isinstance(e, ir.Cmp):
        return e.op not in (CmpOp.IS, CmpOp.IS_NOT) and (_strict(e.left, right) or _strict(e.right, right))
    if isinstance(e, ir.Arith):
        return _strict(e.left, right) or _strict(e.right, right)
    if isinstance(e, ir.Case):
        return (_null(e.default) or _strict(e.default, right)) and all(
            _not_true(c, right) or _strict(v, right) for c, v in e.whens)
    return False


def _not_true(c, right: set[str]) -> bool:
    """Is condition ``c`` not TRUE on the padded row?"""
    if isinstance(c, ir.Logic):
        test = any if c.op == LogicOp.AND else all
        return test(_not_true(a, right) for a in c.args)
    if isinstance(c, ir.Not) and isinstance(c.arg, ir.IsNull):  # x IS NOT NULL, x NULL there
        return _strict(c.arg.arg, right)
    return _strict(c, right)


def _counted(g: ir.Agg):
    """``p`` of ``SUM(CASE WHEN p THEN 1 ELSE 0 END)`` (integers), else None."""
    arg = g.arg
    if not (g.fn == AggFn.SUM and not g.distinct and isinstance(arg, ir.Case)
            and len(arg.whens) == 1 and getattr(arg, "operand", None) is None):
        return None
    (p, one), zero = arg.whens[0], arg.default
    if all(isinstance(x, ir.Lit) and type(x.value) is int for x in (one, zero)) and (
            one.value, zero.value) == (1, 0):
        return p
    return None


_ROWS = (ir.Scan, ir.Derived, ir.Values)  # a FROM item whose rows a key may tell apart (``_row_key``)


def has_lookups(q, schema, read=left_lookups) -> bool:
    """Does ``read`` (``left_lookups``) apply to a select anywhere in ``q`` (sub-queries,
    derived tables)?"""
    stack = [q]
    while stack:
        y = stack.pop()
        if isinstance(y, ir.Select) and y.aggregate and read(y, schema) is not None:
            return True
        stack += _children(y)
    return False


def _branches(src) -> list:
    """A derived UNION ALL (no ORDER BY, LIMIT) as the derived table of each branch, under
    its alias and names; else ``[src]``."""
    if not isinstance(src, ir.Derived):
        return [src]
    out, todo = [], [src.query]
    while todo:
        q = todo.pop(0)
        if isinstance(q, ir.SetOp):
            if q.op != SetOpKind.UNION or not q.all or q.order or q.limit is not None or q.offset:
                return [src]
            todo[:0] = [q.left, q.right]
        else:
            out.append(ir.Derived(q, src.alias, src.names))
    return out


def _defined(src) -> set[str]:
    """The aliases a FROM item defines at its top (tables, derived tables, joins of them)."""
    if isinstance(src, ir.Join):
        return _defined(src.left) | _defined(src.right)
    return {src.alias} if isinstance(src, (ir.Scan, ir.Derived, ir.Values)) else set()


def _children(y) -> list:
    if isinstance(y, (tuple, list)):
        return list(y)
    names = field_names(y)
    return [] if names is None else [getattr(y, f) for f in names]


def _only(x, aliases: set[str]) -> bool:
    """Does ``x`` read columns of ``aliases`` alone (inside sub-queries too)?"""
    stack = [x]
    while stack:
        y = stack.pop()
        if isinstance(y, ir.Col) and y.alias not in aliases:
            return False
        if isinstance(y, (ir.Exists, ir.InSub, ir.ScalarSub)):
            return False  # a sub-query may read the right side: not rewritten
        stack += _children(y)
    return True


def _outside_aggs(e, aliases: set[str], aggs: list) -> bool:
    """Does ``e`` read only ``aliases`` outside its aggregates (collected into ``aggs``)?"""
    stack = [e]
    while stack:
        y = stack.pop()
        if isinstance(y, ir.Agg):
            if y not in aggs:
                aggs.append(y)
            continue
        if isinstance(y, ir.Col) and y.alias not in aliases:
            return False
        if isinstance(y, (ir.Exists, ir.InSub, ir.ScalarSub)):
            return False
        stack += _children(y)
    return True


def _swap(e, subs: dict):
    """``e`` with each aggregate ``subs`` maps replaced (outside sub-queries)."""
    if isinstance(e, ir.Agg):
        return subs.get(e, e)
    if isinstance(e, tuple):
        return tuple(_swap(y, subs) for y in e)
    if not dataclasses.is_dataclass(e) or isinstance(e, (type, ir.Exists, ir.InSub, ir.ScalarSub)):
        return e
    return dataclasses.replace(e, **{f.name: _swap(getattr(e, f.name), subs)
                                     for f in dataclasses.fields(e) if f.init})
