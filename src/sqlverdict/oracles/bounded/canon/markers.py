"""Calcite's subquery-removal markers read back as subqueries: ``marker_join``.

Calcite's ``SubQueryRemoveRule`` and decorrelator write ``EXISTS``/``IN`` as a LEFT JOIN to
a grouped derived table carrying a marker (``MIN(TRUE) AS $f1``, ``TRUE AS i``) and test
the padded marker with ``IS [NOT] NULL``. The law: the marker is NULL exactly when the row
found no group, and the join keeps each row once (one group per key).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Conv, FuncName, JoinKind, Ty
from .joins import _inner_path_left_joins, _replace_join, _unique_match
from .shares import _count_of
from .terms import FALSE, TRUE, _aliases_in, _and, _conjuncts, _deep, _has_sub, _windowless
from .views import _one_row

_INTS = (Ty.BOOL, Ty.INT)


def truth_of_literal(e):
    """``truth(n)`` (a value read as a condition) of an integer or boolean literal is TRUE
    when ``n`` is not 0, FALSE when it is: ``ON TRUE`` as Calcite prints it, read by SQLite
    as the integer 1. Other literals (text, real, NULL) stay."""
    def f(y):
        if (isinstance(y, ir.Func) and y.name == FuncName.TRUTH and len(y.args) == 1
                and isinstance(y.args[0], ir.Lit) and y.args[0].ty in _INTS
                and isinstance(y.args[0].value, int)):
            return TRUE if y.args[0].value != 0 else FALSE
        return y
    return _deep(e, f)


def _marker(item, q: ir.Select) -> bool:
    """Is ``item`` never NULL on any row of ``q``: a non-NULL literal, or under GROUP BY
    (no group is empty) MIN/MAX of one, or a COUNT."""
    if isinstance(item, ir.Lit):
        return item.value is not None
    if isinstance(item, ir.Agg) and q.aggregate and q.group_by:
        if item.fn in (AggFn.COUNT, AggFn.COUNT_STAR):
            return True
        return (item.fn in (AggFn.MIN, AggFn.MAX) and isinstance(item.arg, ir.Lit)
                and item.arg.value is not None)
    return False


def _grouped(d: ir.Derived):
    """``(keys, markers)`` of a derived table with one row per key: its items are GROUP BY
    key columns (every non-constant key an item) or DISTINCT columns, and markers; keys
    map an item's name to its expression. None for any other shape."""
    q = d.query
    if not (isinstance(q, ir.Select) and q.source is not None and q.having is None
            and q.limit is None and not q.offset and q.bare_from is None and not q.order
            and _windowless(q) and not _has_sub(q.items)):
        return None
    if q.aggregate and q.group_by:
        if not all(isinstance(g, ir.Lit) or g in q.items for g in q.group_by):
            return None
    elif not (q.distinct and not q.aggregate):
        return None
    keys, markers = {}, set()
    for name, item in zip(d.names, q.items, strict=True):
        if _marker(item, q):
            markers.add(name)
        elif isinstance(item, ir.Col) and (q.distinct or item in q.group_by):
            keys[name] = item
        else:
            return None
    return keys, markers


def _links(j: ir.Join, d: ir.Derived, keys: dict):
    """The ON of ``j`` as ``x = d.k`` for every key ``k`` of ``d`` (x outside ``d``),
    rewritten to compare with the key's expression; None when it is anything else."""
    out, seen = [], set()
    for c in _conjuncts(j.on):
        if truth_of_literal(c) == TRUE:
            continue  # ON TRUE
        if not (isinstance(c, ir.Cmp) and c.op == CmpOp.EQ):
            return None
        sides = [(s, o) for s, o in ((c.left, c.right), (c.right, c.left))
                 if isinstance(s, ir.Col) and s.alias == d.alias and d.alias not in _aliases_in(o)]
        if len(sides) != 1 or sides[0][0].name not in keys or sides[0][0].name in seen:
            return None
        if c.conv == (Conv.LEFT if sides[0][0] is c.left else Conv.RIGHT):
            return None  # the key converted: two keys ('1', '01') may match one value
        col = sides[0][0]
        seen.add(col.name)
        key = keys[col.name]
        out.append(dataclasses.replace(c, left=key, right=c.right) if c.left is col
                   else dataclasses.replace(c, right=key))
    return out if seen == set(keys) else None


def _swap_markers(x, alias: str, markers: set, found: ir.Not):
    """``x`` with ``alias.m IS NULL`` of a marker ``m`` as ``found`` (and its NOT as EXISTS),
    ``COUNT(alias.m)`` as ``COUNT(CASE WHEN EXISTS .. THEN 1 END)``: the rows where the
    marker is not NULL are those where some row matched."""
    def marker(e) -> bool:
        return isinstance(e, ir.Col) and e.alias == alias and e.name in markers

    def f(e):
        if isinstance(e, ir.IsNull) and marker(e.arg):
            return found
        if isinstance(e, ir.Agg) and e.fn == AggFn.COUNT and not e.distinct and marker(e.arg):
            return _count_of(found.arg)
        if isinstance(e, ir.Not) and e.arg == found:
            return found.arg
        return e
    return _deep(x, f)


def _derived_marks(j: ir.Join):
    """(the EXISTS subquery, the marker names) of a LEFT JOIN to a derived table with one
    row per key, joined on every key; else None."""
    d = j.right
    shape = _grouped(d) if isinstance(d, ir.Derived) else None
    if shape is None:
        return None
    keys, markers = shape
    links = _links(j, d, keys)
    if links is None:
        return None
    inner = d.query
    sub = ir.Select(inner.source, _and(_conjuncts(inner.where) + links), (), None,
                    (ir.Lit(1, Ty.INT),), False, (), None, 0, False, ("1",))
    return sub, markers | set(keys)  # a key equated by ``=`` is not NULL on a match


def _keyed_scan(j: ir.Join, schema):
    """(the EXISTS subquery, the marker names) of ``X LEFT JOIN T t ON c``, ``c`` without
    subqueries equating a unique key of ``T`` with values of ``X`` (no conversion: at most
    one row matches): ``t.c`` for a column ``c`` never NULL in ``T`` or equated by ``=``
    in ``c`` is NULL exactly when no row matched, which is NOT EXISTS (SELECT 1 FROM T t
    WHERE c). Else None."""
    t = j.right
    if schema is None or j.on is None or _has_sub(j.on) or not _unique_match(j, schema):
        return None
    table = schema.table(t.table)
    markers = {name for name, _, _ in t.columns if table.never_null(name)}
    for c in _conjuncts(j.on):
        if isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and not c.conv:
            markers |= {x.name for x in (c.left, c.right) if isinstance(x, ir.Col) and x.alias == t.alias}
    other = t.alias + "_m"  # a fresh alias: the join's goes with it

    def rename(e):
        return dataclasses.replace(e, alias=other) if isinstance(e, ir.Col) and e.alias == t.alias else e

    sub = ir.Select(dataclasses.replace(t, alias=other), _deep(j.on, rename), (), None,
                    (ir.Lit(1, Ty.INT),), False, (), None, 0, False, ("1",))
    return sub, markers


def _filter_tests_only(q: ir.Select, alias: str) -> bool:
    """Does the select read ``alias`` only in WHERE conjuncts ``alias.c IS [NOT] NULL``?"""
    def test(c):
        c = c.arg if isinstance(c, ir.Not) else c
        return isinstance(c, ir.IsNull) and isinstance(c.arg, ir.Col) and c.arg.alias == alias
    rest = [c for c in _conjuncts(q.where) if not test(c)]
    return alias not in _aliases_in((q.items, q.group_by, q.having, q.order, rest))


def marker_join(q: ir.Select, schema=None) -> ir.Select:
    """``X LEFT JOIN D ON x1 = D.k1 AND .. AND xn = D.kn``, ``D`` a derived table with one
    row per key (GROUP BY exactly its key columns, or DISTINCT keys) and marker columns
    ``m`` never NULL in ``D`` (``MIN(TRUE)``, ``TRUE AS i``, ``COUNT(*)``, or a key
    ``k`` itself: ``x = D.k`` holds on a match, so ``D.k`` is not NULL there), the select
    reading ``D`` only as ``D.m IS NULL`` (or ``COUNT(D.m)``, round 54: "copies available
    per title", "review coverage per role"): the join matches each row at most once, so it
    keeps ``X``'s rows; ``D.m`` is NULL exactly when no group matched, so ``D.m IS NULL``
    is ``NOT EXISTS (SELECT 1 FROM D's FROM WHERE D's WHERE AND x1 = k1 ..)`` and
    ``COUNT(D.m)`` counts the rows where that EXISTS holds. Only through
    inner joins from the top (a padded ``X`` is no row of ``X``). Calcite's
    SubQueryRemoveRule (``rewriteExists``, ``rewriteIn``) and its decorrelator. ``D`` may
    also be a table whose unique key the ON equates (``_keyed_scan``)."""
    for j in _inner_path_left_joins(q.source):
        d = j.right
        found = _keyed_scan(j, schema) if isinstance(d, ir.Scan) else _derived_marks(j)
        if found is None:
            continue
        sub, markers = found

        source = _replace_join(q.source, j)
        before = (q.items, q.where, q.group_by, q.having, q.order, source)
        parts = _swap_markers(before, d.alias, markers, ir.Not(ir.Exists(sub)))
        if d.alias in _aliases_in(parts) or parts == before:
            continue  # D is read some other way, or not at all (join elimination's case)
        if isinstance(d, ir.Scan) and _filter_tests_only(q, d.alias):
            continue  # anti_join's and simplify_outer_joins' case
        items, where, group_by, having, order, source = parts
        return dataclasses.replace(q, source=source, items=items, where=where,
                                   group_by=group_by, having=having, order=order)
    return q


def one_group_join(q: ir.Select, leaves: list, conds: list):
    """An inner-joined derived table grouped by constants only (``GROUP BY TRUE``: one group
    or none), without HAVING or LIMIT, that nothing reads: the join keeps every other row
    once when its FROM/WHERE has a row and none otherwise, so it is the conjunct ``EXISTS
    (SELECT 1 FROM its FROM WHERE its WHERE)``. Calcite's uncorrelated ``rewriteExists``.
    Returns (q, leaves, conds), leaves None when nothing changed."""
    if len(leaves) < 2:
        return q, None, conds
    outside = (q.items, q.group_by, q.having, q.order, conds)
    for leaf in leaves:
        s = leaf.query if isinstance(leaf, ir.Derived) else None
        if not (isinstance(s, ir.Select) and s.source is not None and s.aggregate and s.group_by
                and all(isinstance(g, ir.Lit) for g in s.group_by) and s.having is None
                and s.limit is None and not s.offset and s.bare_from is None and _windowless(s)):
            continue
        if leaf.alias in _aliases_in(outside):
            continue
        sub = ir.Select(s.source, s.where, (), None, (ir.Lit(1, Ty.INT),), False, (), None, 0,
                        False, ("1",))
        return q, [x for x in leaves if x is not leaf], [*conds, ir.Exists(sub)]
    return q, None, conds


def _two_valued(c) -> bool:
    """Is the condition ``c`` never NULL: EXISTS, IS [NOT] NULL, and NOT/AND/OR of them."""
    if isinstance(c, ir.Exists | ir.IsNull):
        return True
    if isinstance(c, ir.Not):
        return _two_valued(c.arg)
    if isinstance(c, ir.Logic):
        return all(_two_valued(a) for a in c.args)
    return False


def two_valued_case(q: ir.Select) -> ir.Select:
    """A select item ``CASE WHEN c THEN 1 ELSE 0 END`` (TRUE/FALSE or 1/0; the reverse with
    ``NOT c``) of a condition ``c`` that is never NULL (EXISTS, IS NULL and NOT/AND/OR of
    them) is ``c`` as a value (1 or 0): Calcite's ``CASE WHEN $f1 IS NOT NULL THEN TRUE
    ELSE FALSE END`` for an EXISTS in SELECT."""
    def value(item):
        if not (isinstance(item, ir.Case) and len(item.whens) == 1
                and isinstance(item.default, ir.Lit)):
            return item
        (c, then), other = item.whens[0], item.default
        if not (isinstance(then, ir.Lit) and then.ty in _INTS and other.ty in _INTS
                and _two_valued(c)):
            return item
        if (then.value, other.value) == (0, 1):
            c = c.arg if isinstance(c, ir.Not) else ir.Not(c)
        elif (then.value, other.value) != (1, 0):
            return item
        return ir.Func(FuncName.BOOL_INT, (c,), Ty.INT)

    items = tuple(value(i) for i in q.items)
    return q if items == q.items else dataclasses.replace(q, items=items)


def two_valued_indicators(x):
    """Indicators of a condition ``c`` never NULL (``_two_valued``) in ``x`` (an item,
    HAVING conjunct or ORDER BY key of an aggregate select):
    ``(CASE WHEN c THEN k END) IS NULL`` (``k`` a non-NULL literal) is ``NOT c`` (the CASE
    is NULL exactly when ``c`` is not TRUE, which for such ``c`` is ``NOT c``), and ``CASE
    WHEN c THEN 0 ELSE 1 END`` is ``CASE WHEN NOT c THEN 1 ELSE 0 END`` (``c`` FALSE is ``NOT
    c`` TRUE): the forms ``COUNT(*) - COUNT(d.k)`` of a LEFT JOIN of DISTINCT keys
    (``marker_join``) and ``SUM(CASE WHEN EXISTS .. THEN 0 ELSE 1 END)`` take."""
    def negated(c):
        return c.arg if isinstance(c, ir.Not) else ir.Not(c)

    def f(e):
        if (isinstance(e, ir.IsNull) and isinstance(e.arg, ir.Case) and len(e.arg.whens) == 1
                and isinstance(e.arg.default, ir.Lit) and e.arg.default.value is None
                and isinstance(e.arg.whens[0][1], ir.Lit) and e.arg.whens[0][1].value is not None
                and _two_valued(e.arg.whens[0][0])):
            return negated(e.arg.whens[0][0])
        if (isinstance(e, ir.Case) and len(e.whens) == 1 and isinstance(e.default, ir.Lit)
                and isinstance(e.whens[0][1], ir.Lit) and e.whens[0][1].ty in _INTS
                and e.default.ty in _INTS and (e.whens[0][1].value, e.default.value) == (0, 1)
                and _two_valued(e.whens[0][0])):
            return dataclasses.replace(e, whens=((negated(e.whens[0][0]), e.default),),
                                       default=e.whens[0][1])
        return e
    return _deep(x, f)


def one_row_left_join(q: ir.Select) -> ir.Select:
    """``X LEFT JOIN D ON TRUE`` with ``D`` an aggregate without GROUP BY, HAVING or LIMIT
    (exactly one row, over an empty table too) pairs every row of ``X`` with that row, so
    no row is padded: it is ``X CROSS JOIN D``. Calcite's ``rewriteScalarQuery``."""
    def walk(src):
        if not isinstance(src, ir.Join):
            return src
        left, right = walk(src.left), walk(src.right)
        if (src.kind == JoinKind.LEFT and _one_row(right)
                and all(truth_of_literal(c) == TRUE for c in _conjuncts(src.on))):
            return ir.Join(JoinKind.CROSS, left, right, None)
        if left is src.left and right is src.right:
            return src
        return dataclasses.replace(src, left=left, right=right)

    source = walk(q.source)
    return q if source is q.source else dataclasses.replace(q, source=source)


# ---- the registry's entries (``rules.RULES`` adds them as ``Rule(*entry)``)

MARKER_RULE = (
    "marker_join", "X LEFT JOIN D ON x = D.k.., D one row per key (GROUP BY its keys or "
    "DISTINCT) with a marker m never NULL (MIN(TRUE), TRUE AS i, a key k), read only as D.m "
    "IS NULL or COUNT(D.m), is X with NOT EXISTS (SELECT 1 FROM D's FROM WHERE D's WHERE AND "
    "x = k..), COUNT(D.m) the conditional count of that EXISTS; also D a table joined on its "
    "unique key", ("unordered",), lambda canon, q, ctx: marker_join(q, canon.schema), True)
INDICATOR_RULE = (
    "two_valued_indicators", "(CASE WHEN c THEN k END) IS NULL is NOT c, CASE WHEN c THEN 0 "
    "ELSE 1 END is CASE WHEN NOT c THEN 1 ELSE 0 END, c never NULL (EXISTS, IS NULL, "
    "NOT/AND/OR of them), k a non-NULL literal", ("aggregate",),
    lambda canon, e, ctx: two_valued_indicators(e))
TWO_VALUED_RULE = (
    "two_valued_case", "a select item CASE WHEN c THEN 1 ELSE 0 END (TRUE/FALSE) of a "
    "condition never NULL (EXISTS, IS NULL, NOT/AND/OR of them) is c as 1/0",
    ("select",), lambda canon, q, ctx: two_valued_case(q))
TRUTH_RULE = (
    "truth_of_literal", "truth(n) of an integer or boolean literal (ON TRUE, WHERE 1) is "
    "TRUE when n is not 0, FALSE when it is", ("select", "cond"),
    lambda canon, e, ctx: truth_of_literal(e))
ONE_ROW_JOIN_RULE = (
    "one_row_left_join", "X LEFT JOIN D ON TRUE, D an aggregate without GROUP BY, HAVING "
    "or LIMIT (exactly one row), is X CROSS JOIN D (no row padded)", ("unordered",),
    lambda canon, q, ctx: one_row_left_join(q), True)
