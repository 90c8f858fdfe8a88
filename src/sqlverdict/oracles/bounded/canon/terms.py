"""The canonical form's vocabulary: the forms ``Nothing`` and ``Flat``, conjuncts, sort keys,
substitution and normalization of expressions, small predicates the rules share."""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Conv, FuncName, JoinKind, LogicOp, Ty
from ..ir.walk import field_names


@dataclass(frozen=True)
class Nothing:
    """The canonical form of a query that returns no row on any database (``width``
    columns)."""

    width: int

    @property
    def items(self):
        return (None,) * self.width


@dataclass(frozen=True)
class Flat:
    """Inner-joined sources as a set: the canonical form of a FROM clause."""

    leaves: tuple
    classes: tuple  # equality classes: sorted tuples of (alias, column)


def _key(x) -> str:
    return repr(x)


def constant(e) -> bool:
    """Does ``e`` read no column, aggregate, window or subquery (the same value on every
    row)?"""
    return not any(isinstance(y, (ir.Col, ir.Agg, ir.InSub, ir.Exists, ir.ScalarSub, ir.Window))
                   for y in ir.local_nodes(e))


def _conjuncts(e) -> list:
    if e is None:
        return []
    if isinstance(e, ir.Logic) and e.op == LogicOp.AND:
        return [c for a in e.args for c in _conjuncts(a)]
    return [e]


def extra_conjuncts(mine, theirs) -> list | None:
    """The conjuncts of the condition ``theirs`` beyond those of ``mine`` (compared by
    ``_key``), or None when ``theirs`` lacks one of ``mine``'s."""
    own = {_key(c) for c in _conjuncts(mine)}
    other = _conjuncts(theirs)
    if not own <= {_key(c) for c in other}:
        return None
    return [c for c in other if _key(c) not in own]


def _and(parts: list):
    parts = sorted({_key(p): p for p in parts}.items())
    if not parts:
        return None
    return parts[0][1] if len(parts) == 1 else ir.Logic(LogicOp.AND, tuple(p for _, p in parts))


def _leaves(src) -> list | None:
    """Sources of a tree of inner/cross joins, or None if it has another kind of join (or
    no FROM clause)."""
    if src is None:
        return None
    if isinstance(src, ir.Join):
        if src.kind not in (JoinKind.INNER, JoinKind.CROSS):
            return None
        left, right = _leaves(src.left), _leaves(src.right)
        return None if left is None or right is None else left + right
    return [src]


def _declared_non_null(v, source, schema) -> bool:
    """Is ``v`` a column declared never NULL of a scan inner-joined in ``source``?"""
    scans = {x.alias: x for x in (_leaves(source) or ()) if isinstance(x, ir.Scan)}
    return (isinstance(v, ir.Col) and v.alias in scans
            and schema.table(scans[v.alias].table).never_null(v.name))


def _on_conjuncts(src) -> list:
    if isinstance(src, ir.Join):
        return _conjuncts(src.on) + _on_conjuncts(src.left) + _on_conjuncts(src.right)
    return []


def _tree_aliases(src) -> list[str]:
    if isinstance(src, ir.Join):
        return _tree_aliases(src.left) + _tree_aliases(src.right)
    return [src.alias] if src is not None else []


_FLIP = {CmpOp.GT: CmpOp.LT, CmpOp.GE: CmpOp.LE}
_SYMMETRIC = (CmpOp.EQ, CmpOp.NE, CmpOp.IS, CmpOp.IS_NOT)  # x op y is y op x (conv flips)


def _normalize(e):
    if isinstance(e, ir.Agg) and isinstance(e.arg, ir.RowVal) and e.fn == AggFn.COUNT and e.distinct:
        # distinct rows (b, a, a) are as many as distinct rows (a, b): as ``ir.normalize``
        items = tuple(v for _, v in sorted({_key(x): x for x in e.arg.items}.items()))
        return dataclasses.replace(e, arg=items[0] if len(items) == 1 else ir.RowVal(items))
    if isinstance(e, ir.InList) and e.items:
        # x IN (a, b): x = a OR x = b, NULLs included (the items are already converted as
        # "=" converts them)
        e = ir.Logic(LogicOp.OR, tuple(ir.Cmp(CmpOp.EQ, e.arg, it) for it in e.items))
        e = dataclasses.replace(e, args=tuple(_normalize(a) for a in e.args))
    if isinstance(e, ir.Cmp):
        if e.op in _FLIP:
            conv = {Conv.LEFT: Conv.RIGHT, Conv.RIGHT: Conv.LEFT}.get(e.conv, e.conv)
            return _normalize(dataclasses.replace(e, op=_FLIP[e.op], left=e.right, right=e.left, conv=conv))
        if e.op in _SYMMETRIC and _key(e.right) < _key(e.left):
            conv = {Conv.LEFT: Conv.RIGHT, Conv.RIGHT: Conv.LEFT}.get(e.conv, e.conv)
            return dataclasses.replace(e, left=e.right, right=e.left, conv=conv)
        return e
    if isinstance(e, ir.Not):
        a = e.arg
        if isinstance(a, ir.Not):  # NOT NOT x: x (NULL stays NULL)
            return a.arg
        if isinstance(a, ir.Cmp) and a.op in _NEGATE:  # NOT (x < y): x >= y, NULL alike
            return _normalize(dataclasses.replace(a, op=_NEGATE[a.op]))
        if isinstance(a, ir.Logic):  # De Morgan holds in three-valued logic
            return _normalize(ir.Logic(LogicOp.OR if a.op == LogicOp.AND else LogicOp.AND,
                                       tuple(_normalize(ir.Not(x)) for x in a.args)))
        return e
    if isinstance(e, ir.Logic):
        flat = []
        for a in e.args:
            flat += list(a.args) if isinstance(a, ir.Logic) and a.op == e.op else [a]
        args = tuple(v for _, v in sorted({_key(a): a for a in flat}.items()))
        if e.op == LogicOp.OR and any(isinstance(a, ir.IsNull) and _key(ir.Not(a)) in {_key(b) for b in args}
                                for a in args):
            return TRUE  # x IS NULL OR x IS NOT NULL: two-valued, always true
        return args[0] if len(args) == 1 else dataclasses.replace(e, args=args)
    if isinstance(e, ir.Case) and len(e.whens) == 1:
        (cond, val), other = e.whens[0], e.default
        if isinstance(cond, ir.IsNull) and cond.arg == other and val.ty == other.ty:
            return ir.Func(FuncName.COALESCE, (other, val), e.ty)  # CASE WHEN x IS NULL THEN y ELSE x
        if (isinstance(cond, ir.Cmp) and cond.op == CmpOp.EQ and not cond.conv and other in (cond.left, cond.right)
                and isinstance(val, ir.Lit) and val.value is None and cond.left.ty == cond.right.ty):
            y = cond.right if cond.left == other else cond.left
            return ir.Func(FuncName.NULLIF, (other, y), e.ty)  # CASE WHEN x = y THEN NULL ELSE x
    return e


_NEGATE = {CmpOp.EQ: CmpOp.NE, CmpOp.NE: CmpOp.EQ, CmpOp.LT: CmpOp.GE, CmpOp.LE: CmpOp.GT, CmpOp.GT: CmpOp.LE, CmpOp.GE: CmpOp.LT, CmpOp.IS: CmpOp.IS_NOT,
           CmpOp.IS_NOT: CmpOp.IS}


def _subst(e, rep: dict):
    """Replace columns by their equality class representative (not inside subqueries:
    their own conjuncts decide there; an outer column keeps its name)."""
    if not rep or e is None:
        return e
    if isinstance(e, ir.Col):
        r = rep.get((e.alias, e.name))
        return e if r is None else dataclasses.replace(e, alias=r[0], name=r[1])
    if isinstance(e, (ir.InSub, ir.Exists, ir.ScalarSub)):
        if isinstance(e, ir.InSub):
            return dataclasses.replace(e, arg=_subst(e.arg, rep))
        return e
    out = _map_children(e, lambda c: _subst(c, rep))
    return e if out is e else _normalize(out)


def _count_star(e, not_null: set, row_keys: set = frozenset()):
    """``COUNT(c)`` -> ``COUNT(*)`` for a column that is not NULL on any surviving row, and
    ``COUNT(DISTINCT k)`` -> ``COUNT(*)`` for a key that identifies the joined row."""
    if isinstance(e, ir.Agg):
        if e.fn == AggFn.COUNT and isinstance(e.arg, ir.Col):
            c = (e.arg.alias, e.arg.name)
            if (not e.distinct and c in not_null) or (e.distinct and c in row_keys):
                return ir.Agg(AggFn.COUNT_STAR, None, False, e.ty)
        return e
    if isinstance(e, (ir.InSub, ir.Exists, ir.ScalarSub)):
        return e
    return _map_children(e, lambda c: _count_star(c, not_null, row_keys))


def _map_children(e, f):
    """``e`` with ``f`` applied to each child expression (also in tuples and tuples of
    pairs such as CASE arms and window ORDER BY keys); ``e`` itself when it has none."""
    if not isinstance(e, ir.Expr):
        return e
    changes = {}
    for fld in dataclasses.fields(e):
        v = getattr(e, fld.name)
        if isinstance(v, ir.Expr):
            changes[fld.name] = f(v)
        elif isinstance(v, tuple):
            changes[fld.name] = tuple(tuple(f(y) if isinstance(y, ir.Expr) else y for y in x)
                                      if isinstance(x, tuple) else (f(x) if isinstance(x, ir.Expr) else x)
                                      for x in v)
    return dataclasses.replace(e, **changes) if changes else e


def _row_number(q: ir.Select) -> bool:
    """ROW_NUMBER (and every window function that reads the order of tied rows) numbers
    tied rows by input position: the join order matters."""
    return any(isinstance(y, ir.Window) and ir.order_dependent(y)
               for y in ir.local_nodes((q.items, tuple(k for k, _ in q.order))))


def _has_agg(e) -> bool:
    """Does ``e`` contain an aggregate of this select (not one inside a subquery)?"""
    return any(isinstance(y, ir.Agg) for y in ir.local_nodes(e))


def _nonempty_group(h) -> bool:
    """``COUNT(*) > 0`` / ``COUNT(*) >= 1``: true for every group of a GROUP BY."""
    return (isinstance(h, ir.Cmp) and not h.conv and isinstance(h.left, ir.Lit)
            and isinstance(h.right, ir.Agg) and h.right.fn == AggFn.COUNT_STAR
            and h.left.ty == Ty.INT and ((h.op == CmpOp.LT and h.left.value == 0)
                                        or (h.op == CmpOp.LE and h.left.value == 1)))


def _class_eq(c, local: set) -> bool:
    """``a = b`` of two local columns that are equal values whenever it is true."""
    return (isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and not c.conv
            and isinstance(c.left, ir.Col) and isinstance(c.right, ir.Col)
            and c.left.alias in local and c.right.alias in local
            and c.left.ty == c.right.ty and c.left.ty in (Ty.INT, Ty.REAL, Ty.TEXT)
            and c.left.affinity == c.right.affinity)


def _direct_cols(x) -> set:
    """(alias, column) of the columns ``x`` reads outside its subqueries."""
    return {(y.alias, y.name) for y in ir.local_nodes(x) if isinstance(y, ir.Col)}


def _subquery_aliases(x) -> set:
    """Aliases read inside the subqueries of ``x``."""
    out: set = set()
    for y in ir.local_nodes(x):
        if isinstance(y, (ir.Exists, ir.ScalarSub, ir.InSub)):
            out |= _aliases_in(y.query)
    return out


def _aliases_in(x) -> set:
    """Aliases of every column ``x`` reads, inside subqueries too."""
    return set(_aliases_list(x))


def _leaf_sig(leaf) -> str:
    if isinstance(leaf, ir.Scan):
        return "scan:" + leaf.table
    return "derived:" + _key(dataclasses.replace(leaf, alias=""))


def _factorial(n: int) -> int:
    out = 1
    for k in range(2, n + 1):
        out *= k
    return out


# --------------------------------------------------------------------------- rules on plans
# Each rule (the registry rules.RULES) rewrites a lowered select into one that returns the
# same rows on every database of the schema; the random-database attack
# (tests/oracles/bounded/canon/test_rules.py, benchmarks/canon_soundness.py) checks each in SQLite.

TRUE, FALSE = ir.Lit(1, Ty.BOOL), ir.Lit(0, Ty.BOOL)


# What ``_deep`` does with a value of each type: ``_LEAF`` keeps it (a string, a number, an
# enum member, a ``Flat``), ``_TUPLE`` walks its items, ``_NODE`` its fields (an IR node).
_LEAF, _TUPLE, _NODE = 0, 1, 2
_SHAPES: dict[type, int] = {}


def _shape(x) -> int:
    t = type(x)
    shape = _SHAPES.get(t)
    if shape is None:
        shape = (_TUPLE if isinstance(x, tuple)
                 else _NODE if field_names(x) is not None and not isinstance(x, Flat)
                 else _LEAF)
        _SHAPES[t] = shape
    return shape


def _deep(x, f, kind=ir.Expr):
    """``x`` (an IR node, query or tuple) with ``f`` applied bottom-up to every node of
    ``kind`` (an expression; ``order_free``: a select), inside subqueries and derived tables
    too (aliases are unique within a lowered query). Unchanged parts are kept (``is``);
    leaves are skipped without a call (it runs on every rule's every select)."""
    shape = _shape(x)
    if shape == _TUPLE:
        out = None
        for i, y in enumerate(x):
            ny = _deep(y, f, kind)
            if out is not None:
                out.append(ny)
            elif ny is not y:
                out = [*x[:i], ny]
        return x if out is None else tuple(out)
    if shape == _LEAF:
        return x
    changes = None
    for name in field_names(x):
        v = getattr(x, name)
        if _SHAPES.get(type(v)) == _LEAF:
            continue
        nv = _deep(v, f, kind)
        if nv is not v:
            if changes is None:
                changes = {}
            changes[name] = nv
    y = dataclasses.replace(x, **changes) if changes else x
    return f(y) if isinstance(y, kind) else y


def _replace_cols(x, rep: dict):
    """``x`` with every column ``(alias, name)`` of ``rep`` replaced by its expression."""
    if not rep:
        return x
    return _deep(x, lambda e: rep.get((e.alias, e.name), e) if isinstance(e, ir.Col) else e)


def _local_cols(e) -> set:
    return {(y.alias, y.name) for y in ir.local_nodes(e) if isinstance(y, ir.Col)}


def _has_sub(e) -> bool:
    return any(isinstance(y, (ir.InSub, ir.Exists, ir.ScalarSub)) for y in ir.local_nodes(e))


def _windowless(q: ir.Select) -> bool:
    return not any(isinstance(y, ir.Window) for i in (*q.items, *(k for k, _ in q.order))
                   for y in ir.local_nodes(i))


def _plain_grouping(q) -> bool:
    """A grouped select whose groups are all its output (GROUP BY with aggregates, no
    DISTINCT, LIMIT/OFFSET, window function or bare-column rule)."""
    return (isinstance(q, ir.Select) and q.aggregate and bool(q.group_by) and q.limit is None
            and not q.offset and not q.distinct and q.bare_from is None and _windowless(q))


def _plain(q) -> bool:
    """A select whose rows are those of its FROM and WHERE, one output row per input row:
    no aggregate, DISTINCT, LIMIT/OFFSET, window function or bare-column rule."""
    return (isinstance(q, ir.Select) and not q.aggregate and not q.distinct and q.limit is None
            and not q.offset and q.bare_from is None and q.source is not None and _windowless(q))


def _plain_grouped(q) -> bool:
    """A select with one row per GROUP BY group: grouped, no HAVING, DISTINCT, LIMIT/OFFSET,
    window function or bare-column rule (the shape the grouped-view rules start from)."""
    return (isinstance(q, ir.Select) and q.aggregate and bool(q.group_by) and q.having is None
            and not q.distinct and q.limit is None and not q.offset and q.bare_from is None
            and _windowless(q))


# ---- constants


def _aliases_list(x) -> list:
    """The alias of every column read in ``x`` (subqueries included), once per reading."""
    out = []
    stack = [x]
    while stack:
        y = stack.pop()
        if isinstance(y, ir.Col):
            out.append(y.alias)
        elif isinstance(y, tuple):
            stack += list(y)
        elif (names := field_names(y)) is not None:
            stack += [getattr(y, f) for f in names]
    return out




def _unique_keys(t) -> list[list[str]]:
    """The declared unique keys of table ``t`` (primary key, UNIQUE sets), lower case."""
    return [[c.lower() for c in t.primary_key]] + [[c.lower() for c in u] for u in t.uniques]
