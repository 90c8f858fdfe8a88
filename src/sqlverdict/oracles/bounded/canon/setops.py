"""Set operations written with UNION ALL: ``tagged_union`` (INTERSECT and EXCEPT as a
grouped union of tagged operands), ``aggregate_union`` (an aggregate over a UNION ALL of
aggregates reads the operands' rows), ``positional_names`` (a derived compound's columns
named by position), ``except_merge`` (nested EXCEPT as EXCEPT of a UNION),
``intersect_subsumed`` (an INTERSECT operand that holds another's rows goes),
``except_as_filter`` (EXCEPT of two filters of one relation as one filter)."""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import Affinity, AggFn, CmpOp, FuncName, SetOpKind, Ty
from .aggregates import _map_top, count_positive_as_group
from .terms import (
    _and,
    _conjuncts,
    _deep,
    _direct_cols,
    _key,
    _subquery_aliases,
    _tree_aliases,
    _unique_keys,
    _windowless,
    extra_conjuncts,
)
from .unions import _operands, inline_projection

_UNION, _INT = SetOpKind.UNION, Ty.INT  # (module names: read at every query visited)
_COMPOSABLE = (AggFn.MIN, AggFn.MAX, AggFn.SUM, AggFn.COUNT, AggFn.COUNT_STAR)


def _union_all_operands(q) -> list | None:
    """The operands of a tree of UNION ALL without ORDER BY/LIMIT/OFFSET, left to right;
    None when ``q`` is no such compound."""
    if not (isinstance(q, ir.SetOp) and q.op == _UNION and q.all and q.limit is None
            and not q.offset and not q.order):
        return None
    out = []
    for side in (q.left, q.right):
        inner = _union_all_operands(side)
        out.extend(inner if inner is not None else [side])
    return out


def _union_all(operands: list, like: ir.SetOp) -> ir.Query:
    out = operands[0]
    for o in operands[1:]:
        out = dataclasses.replace(like, left=out, right=o, order=(), limit=None, offset=0)
    return out


def _over_derived(q) -> bool:
    """``q`` an aggregate select whose FROM is one derived table with distinct column names,
    without WHERE, LIMIT, OFFSET, bare-column rule or window function."""
    if not isinstance(q, ir.Select):
        return False
    d = q.source
    return (q.aggregate and isinstance(d, ir.Derived)
            and len(set(d.names)) == len(d.names) and q.where is None and q.limit is None
            and not q.offset and q.bare_from is None and _windowless(q))


# ---- tagged_union: Calcite's IntersectToDistinctRule and MinusToDistinctRule, read back


def tagged_union(q):
    """``SELECT c.. FROM (SELECT c.., 1 AS t FROM A UNION ALL SELECT c.., 2 FROM B) AS u
    GROUP BY c.. HAVING <MIN(t), MAX(t) = literals>``: a group is one distinct row ``c..``,
    and the set of tags it carries says which operands hold it (GROUP BY and the compound
    operators both treat NULLs as one value and compare without affinity). The HAVING
    keeps the groups found in both (``A INTERSECT B``), in A only (``A EXCEPT B``), in B
    only (``B EXCEPT A``), or in any (no HAVING: ``A UNION B``). Rows come out in no
    particular order: the consumer must not read it."""
    if not _over_derived(q) or q.order:
        return q
    d = q.source
    parts = _union_all_operands(d.query)
    if parts is None or len(parts) != 2 or not all(isinstance(p, ir.Select) for p in parts):
        return q
    tags = [j for j, (x, y) in enumerate(zip(parts[0].items, parts[1].items, strict=True))
            if _int_lit(x) and _int_lit(y) and x.value != y.value]
    for t in tags:
        out = _tagged(q, d, parts, t)
        if out is not None:
            return out
    return q


def _int_lit(e) -> bool:
    return isinstance(e, ir.Lit) and e.ty == _INT and type(e.value) is int


def _tagged(q, d, parts, t):
    rest = [n for j, n in enumerate(d.names) if j != t]
    cols = [(d.alias, n) for n in rest]
    if [(i.alias, i.name) if isinstance(i, ir.Col) else None for i in q.items] != cols:
        return None
    keys = [(g.alias, g.name) if isinstance(g, ir.Col) else None for g in q.group_by]
    if len(keys) != len(cols) or set(keys) != set(cols):
        return None
    a, b = parts[0].items[t].value, parts[1].items[t].value
    tests = _tag_tests(q.having, (d.alias, d.names[t]))
    if tests is None:
        return None
    kept = {s for s in (frozenset({a}), frozenset({b}), frozenset({a, b}))
            if all(v == (min(s) if fn == AggFn.MIN else max(s)) for fn, v in tests)}
    left, right = (_drop_item(p, t) for p in parts)
    if kept == {frozenset({a, b})}:
        return ir.SetOp(SetOpKind.INTERSECT, False, left, right)
    if kept == {frozenset({a})}:
        return ir.SetOp(SetOpKind.EXCEPT, False, left, right)
    if kept == {frozenset({b})}:
        return ir.SetOp(SetOpKind.EXCEPT, False, right, left)
    if len(kept) == 3:
        return ir.SetOp(SetOpKind.UNION, False, left, right)
    return None


def _tag_tests(having, tag) -> list | None:
    """HAVING as ``[(min|max, literal)]``: conjuncts ``MIN(u.t) = n`` / ``MAX(u.t) = n``
    (either side); None when it holds anything else."""
    tests = []
    for c in _conjuncts(having):
        if not (isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and not c.conv):
            return None
        agg, lit = (c.left, c.right) if isinstance(c.left, ir.Agg) else (c.right, c.left)
        if not (isinstance(agg, ir.Agg) and agg.fn in (AggFn.MIN, AggFn.MAX) and _int_lit(lit)
                and isinstance(agg.arg, ir.Col) and (agg.arg.alias, agg.arg.name) == tag):
            return None
        tests.append((agg.fn, lit.value))
    return tests


def _drop_item(p: ir.Select, t: int) -> ir.Select:
    names = tuple(n for j, n in enumerate(p.names) if j != t) if p.names else ()
    return dataclasses.replace(p, items=tuple(x for j, x in enumerate(p.items) if j != t),
                               names=names)


# ---- aggregate_union: Calcite's AggregateUnionTransposeRule, read back

# (outer aggregate, the operands' aggregate) -> the outer aggregate over the operands' rows
# SUMs of integers, or of reals added in another grouping: ``proofs.REORDERING`` states
# exact_reals for the latter
_SUMMED = (Ty.INT, Ty.REAL)
_COMPOSE = {(AggFn.MIN, AggFn.MIN): AggFn.MIN, (AggFn.MAX, AggFn.MAX): AggFn.MAX,
            (AggFn.SUM, AggFn.SUM): AggFn.SUM, (AggFn.SUM, AggFn.COUNT): AggFn.COUNT,
            (AggFn.SUM, AggFn.COUNT_STAR): AggFn.COUNT_STAR}


def aggregate_union(q):
    """``SELECT MAX(m) FROM (SELECT MAX(x) AS m FROM A UNION ALL SELECT MAX(y) FROM B)`` is
    ``SELECT MAX(m) FROM (SELECT x AS m FROM A UNION ALL SELECT y FROM B)``: MIN of MINs,
    MAX of MAXes, SUM of SUMs (of reals: added in another grouping, exact reals) and SUM of
    COUNTs over a UNION ALL of aggregates read
    the operands' rows (an empty operand gives NULL or 0, which they ignore or add). The
    operands have no HAVING; either all they and the outer query are grouped (the outer
    keys are operand keys, or literals of a grouped operand, one value on each of its groups:
    an outer group exists iff an operand group does) or none is.
    AVG, COUNT(DISTINCT) and mixed aggregates do not compose and are left alone."""
    if not _over_derived(q) or q.distinct:
        return q
    d = q.source
    parts = _union_all_operands(d.query)
    if parts is None:
        return q
    # (an operand without GROUP BY under HAVING COUNT(*) > 0 is one group, GROUP BY 1)
    parts = [count_positive_as_group(p) if isinstance(p, ir.Select) else p for p in parts]
    if not all(_aggregate_operand(p, bool(q.group_by)) for p in parts):
        return q
    reads = (q.items, q.group_by, q.having, tuple(k for k, _ in q.order))
    if d.alias in _subquery_aliases(reads):
        return q
    kinds = [_kind(parts, j) for j in range(len(d.names))]
    used: set[int] = set()
    failed = []
    keys = {g.name for g in q.group_by if isinstance(g, ir.Col) and g.alias == d.alias}

    def check(e):
        if isinstance(e, ir.Agg):
            j = _position(d, e.arg)
            fn = None if j is None or e.distinct else _COMPOSE.get((e.fn, kinds[j]))
            if fn is None or (kinds[j] == AggFn.SUM and not all(p.items[j].ty in _SUMMED for p in parts)):
                failed.append(e)
            elif fn != AggFn.COUNT_STAR:
                used.add(j)
            return _DONE
        if isinstance(e, ir.Col) and e.alias == d.alias:
            j = _position(d, e)
            if j is None or kinds[j] != "key" or e.name not in keys:
                failed.append(e)
            else:
                used.add(j)
        return e

    for x in (*q.items, *q.group_by, q.having, *(k for k, _ in q.order)):
        _map_top(x, check)
    if failed or not used:
        return q
    return _rows_of_operands(q, d, parts, kinds, sorted(used))


_DONE = ir.Lit(None, Ty.NULL)  # (what ``check`` returns to stop ``_map_top`` below an aggregate)


def _aggregate_operand(p, grouped: bool) -> bool:
    return (isinstance(p, ir.Select) and p.aggregate and bool(p.group_by) == grouped
            and p.having is None and not p.distinct and p.limit is None and not p.offset
            and not p.order and p.bare_from is None and _windowless(p))


def _kind(parts: list, j: int) -> str | None:
    """What column ``j`` holds in every operand: "key" (a GROUP BY key), an aggregate's
    name (the same plain aggregate everywhere), or None."""
    kinds = set()
    for p in parts:
        e = p.items[j]
        if any(_key(e) == _key(g) for g in p.group_by) or (isinstance(e, ir.Lit) and p.group_by):
            kinds.add("key")  # (a literal is one value on each group: a key, i54d)
        elif isinstance(e, ir.Agg) and not e.distinct and e.fn in _COMPOSABLE:
            kinds.add(e.fn)
        else:
            return None
    return kinds.pop() if len(kinds) == 1 else None


def _position(d, e) -> int | None:
    if isinstance(e, ir.Col) and e.alias == d.alias and e.name in d.names:
        return d.names.index(e.name)
    return None


def _rows_of_operands(q, d, parts, kinds, used: list[int]):
    """``q`` over the UNION ALL of its operands' rows: each operand reads its WHERE's rows,
    column ``j`` its key or its aggregate's argument; the outer aggregates compose."""
    def row_item(p, j):
        e = p.items[j]
        return e.arg if isinstance(e, ir.Agg) else e

    operands = [dataclasses.replace(p, aggregate=False, group_by=(), names=(),
                                    items=tuple(row_item(p, j) for j in used)) for p in parts]
    first = operands[0].items
    cols = {j: ir.Col(d.alias, d.names[j], ir._ty(first[k]), ir._aff(first[k]))
            for k, j in enumerate(used)}

    def compose(e):
        if isinstance(e, ir.Agg):
            j = _position(d, e.arg)
            fn = _COMPOSE[(e.fn, kinds[j])]
            if fn == AggFn.COUNT_STAR:
                return ir.Agg(AggFn.COUNT_STAR, None, False, e.ty)
            return dataclasses.replace(e, fn=fn, arg=cols[j])
        return e

    def m(x):
        return _map_top(x, compose)

    derived = dataclasses.replace(d, query=_union_all(operands, d.query),
                                  names=tuple(d.names[j] for j in used))
    return dataclasses.replace(q, source=derived, items=tuple(m(i) for i in q.items),
                               group_by=tuple(m(g) for g in q.group_by), having=m(q.having),
                               order=tuple((m(k), desc) for k, desc in q.order), names=())


# ---- positional_names: a derived table's column names are the reader's business only


def positional_names(q):
    """The columns of each derived table in FROM named by position (``#0``, ``#1``, ...),
    every reference renamed with them: a derived compound's names are those of its left
    operand, and ``(SELECT x AS a ...) AS d`` reads as ``(SELECT x AS b ...) AS d`` once
    ``d.a`` and ``d.b`` are one name. A derived table with a repeated name keeps its names
    (which column a reference means is the lowering's business)."""
    if not isinstance(q, ir.Select) or q.source is None:
        return q
    rep, renamed = {}, {}
    for leaf in _sources(q.source):
        names = tuple(f"#{j}" for j in range(len(leaf.names)))
        if leaf.names == names or len(set(leaf.names)) != len(leaf.names):
            continue
        renamed[leaf.alias] = names
        for old, new in zip(leaf.names, names, strict=True):
            rep[(leaf.alias, old)] = new
    if not rep:
        return q

    def rename(e):
        if isinstance(e, ir.Col) and (e.alias, e.name) in rep:
            return dataclasses.replace(e, name=rep[(e.alias, e.name)])
        return e

    def source(src):
        if isinstance(src, ir.Join):
            return dataclasses.replace(src, left=source(src.left), right=source(src.right),
                                       on=_deep(src.on, rename))
        if isinstance(src, ir.Derived) and src.alias in renamed:
            return dataclasses.replace(src, names=renamed[src.alias])
        return _deep(src, rename) if isinstance(src, ir.Values) else src

    out = _deep(dataclasses.replace(q, source=None), rename)
    return dataclasses.replace(out, source=source(q.source))


def _sources(src) -> list:
    """The derived tables of a FROM tree."""
    if isinstance(src, ir.Join):
        return _sources(src.left) + _sources(src.right)
    return [src] if isinstance(src, ir.Derived) else []


# ---- nested EXCEPT and INTERSECT (issue 25, round 2)


def _set_compound(x, op) -> bool:
    """``x`` a compound ``op`` (not ALL) without ORDER BY, LIMIT or OFFSET."""
    return (isinstance(x, ir.SetOp) and x.op == op and not x.all and x.limit is None
            and not x.offset and not x.order)


def except_merge(q):
    """``(A EXCEPT B) EXCEPT C`` is ``A EXCEPT (B UNION C)`` (Calcite's MinusMergeRule:
    "Planner rule that combines two Minus operators into a single Minus"; only the left
    operand merges: EXCEPT is left-associative, ``A EXCEPT (B EXCEPT C)`` is no such merge).
    A row is out when it is in A and in neither B nor C; each operator compares rows as one
    equality (NULLs alike, no affinity), so it is in neither exactly when it is not in their
    UNION. The inner compound may sit under a plain projection (``SELECT * FROM (A EXCEPT B)
    AS m``, ``inline_projection``)."""
    if not _set_compound(q, SetOpKind.EXCEPT):
        return q
    inner = inline_projection(q.left, False) if isinstance(q.left, ir.Select) else q.left
    if not _set_compound(inner, SetOpKind.EXCEPT):
        return q
    return dataclasses.replace(q, left=inner.left,
                               right=ir.SetOp(SetOpKind.UNION, False, inner.right, q.right))


def _weaker(p, o) -> bool:
    """Is every row of the canonical operand ``o`` a row of ``p``: the same FROM, equality
    classes and items, no aggregate, LIMIT or window function, and every WHERE conjunct of
    ``p`` one of ``o``'s?"""
    if not all(isinstance(x, ir.Select) and not x.aggregate and not x.group_by
               and x.having is None and x.limit is None and not x.offset
               and x.bare_from is None and _windowless(x) for x in (p, o)):
        return False
    return (p.source == o.source and p.items == o.items
            and {_key(c) for c in _conjuncts(p.where)} <= {_key(c) for c in _conjuncts(o.where)})


def intersect_subsumed(canon, value, ctx):
    """An operand of INTERSECT whose rows include another operand's is redundant (Calcite's
    IntersectMergeRule merges nested INTERSECTs, ``commute_operands`` flattens them): with
    the same FROM and items, ``SELECT e FROM T WHERE p`` holds every row of ``SELECT e FROM T
    WHERE p AND q``, so ``A INTERSECT (that) INTERSECT (this)`` is ``A INTERSECT (this)``;
    one operand left is its DISTINCT rows. Not where row order is read, under the
    compound's ORDER BY, LIMIT or OFFSET, or over aggregates and window functions (their
    values depend on the rows the filter keeps)."""
    q = ctx["q"]
    if (ctx.get("subsumed") or ctx["positional"] or q.op != SetOpKind.INTERSECT or q.all
            or q.limit is not None or q.offset or q.order):
        return value
    parts = _operands(ctx["left"], q) + _operands(ctx["right"], q)
    kept = [p for i, p in enumerate(parts)
            if not any(j != i and _weaker(p, o) and not _weaker(o, p)
                       for j, o in enumerate(parts))]  # (A INTERSECT A: self_compound)
    if len(kept) == len(parts):
        return value
    if len(kept) == 1:
        return dataclasses.replace(kept[0], distinct=True)
    out = kept[0]
    for p in kept[1:]:
        out = dataclasses.replace(q, left=out, right=p)
    form, _ = canon.walk("setop", out, q=q, left=out.left, right=out.right, positional=False,
                         mapping=ctx["mapping"], depth=ctx["depth"], dup_free=True, subsumed=True)
    return form


# ---- EXCEPT of two filters of one relation (issue 25, round 2)

_EXACT = (Affinity.INTEGER, Affinity.REAL, Affinity.NUMERIC, Affinity.TEXT)


def _plain_filter(x) -> bool:
    return (isinstance(x, ir.Select) and x.source is not None and not x.aggregate
            and not x.group_by and x.having is None and x.limit is None and not x.offset
            and not x.order and x.bare_from is None and _windowless(x))


def _renamed(b: ir.Select, a: ir.Select):
    """``b`` with its aliases renamed to ``a``'s, by position, when both FROM clauses
    are one tree of the same tables and joins; else None."""
    ta, tb = _tree_aliases(a.source), _tree_aliases(b.source)
    if len(ta) != len(tb) or len(set(ta)) != len(ta):
        return None
    rename = dict(zip(tb, ta, strict=True))
    out = _deep(b, lambda e: dataclasses.replace(e, alias=rename[e.alias])
                if isinstance(e, ir.Col) and e.alias in rename else e)
    out = dataclasses.replace(out, source=_rename_source(out.source, rename))
    return out if out.source == a.source else None


def _rename_source(src, rename: dict):
    if isinstance(src, ir.Join):
        return dataclasses.replace(src, left=_rename_source(src.left, rename),
                                   right=_rename_source(src.right, rename))
    if isinstance(src, ir.Scan | ir.Derived | ir.Values) and src.alias in rename:
        return dataclasses.replace(src, alias=rename[src.alias])
    return src


def _row_determines(a: ir.Select, extra: list, schema) -> bool:
    """Do two rows of ``a``'s FROM that give equal items (as EXCEPT compares them) give the
    same value of every conjunct in ``extra``? Yes when ``extra`` reads only columns that
    are items, of an affinity under which equal values are identical (INTEGER, REAL,
    NUMERIC, TEXT: no 1 beside 1.0), or when the items hold a unique key, never NULL, of
    the one table ``a`` scans (equal items, one row)."""
    items = {(i.alias, i.name) for i in a.items if isinstance(i, ir.Col) and i.affinity in _EXACT}
    if all(c in items for c in _direct_cols(tuple(extra))) and not (
            _subquery_aliases(tuple(extra)) & set(_tree_aliases(a.source))):
        return True
    return items_hold_key(a, schema)


def items_hold_key(a: ir.Select, schema) -> bool:
    """Do ``a``'s items hold a unique key, never NULL, of the one table it scans (so that
    equal items come from one row)?"""
    if not isinstance(a.source, ir.Scan):
        return False
    t = schema.table(a.source.table)
    own = {i.name.lower() for i in a.items if isinstance(i, ir.Col) and i.alias == a.source.alias}
    return any(k and set(k) <= own and all(t.never_null(c) for c in k) for k in _unique_keys(t))


def except_as_filter(q, schema):
    """``SELECT e FROM T WHERE p EXCEPT SELECT e FROM T WHERE p AND c`` is ``SELECT DISTINCT
    e FROM T WHERE p AND NOT COALESCE(c, FALSE)`` when equal rows of ``e`` give one value of
    ``c`` (Spark's ReplaceExceptWithFilter: "If one or both of the datasets in the logical
    Except operator are purely transformed using Filter, this rule will replace logical
    Except operator with a Filter operator by flipping the filter condition of the right
    child"; NULL-safe: a row whose ``c`` is UNKNOWN is not removed). A row ``x`` of the left
    is removed when some row of ``T`` with ``p`` and ``c`` TRUE gives ``x``; every row that
    gives ``x`` has ``x``'s value of ``c`` (``_row_determines``), so it is removed exactly
    when its own ``c`` is TRUE. EXCEPT returns distinct rows: DISTINCT."""
    if not (isinstance(q, ir.SetOp) and q.op == SetOpKind.EXCEPT and not q.all
            and _plain_filter(q.left) and _plain_filter(q.right) and q.limit is None
            and not q.offset and not q.order):
        return q
    a, b = q.left, _renamed(q.right, q.left)
    if b is None or b.items != a.items:
        return q
    extra = extra_conjuncts(a.where, b.where)
    if not extra or not _row_determines(a, extra, schema):
        return q
    flag = ir.Func(FuncName.BOOL_INT, (_and(extra),), Ty.INT)
    unknown_false = ir.Func(FuncName.COALESCE, (flag, ir.Lit(0, Ty.INT)), Ty.INT)
    kept = ir.Not(ir.Func(FuncName.TRUTH, (unknown_false,), Ty.BOOL))
    return dataclasses.replace(a, where=_and([*_conjuncts(a.where), kept]), distinct=True)
