"""Joins and groupings over UNION ALL, read per branch (prover28 class U):
``union_join`` (a join with a UNION ALL derived table is the UNION ALL of the joins of
its branches) and ``tagged_groupings`` (a grouping on a key that the branches fix to
distinct constants is the UNION ALL of the branches' groupings). With ``aggregate_union``
(an aggregate of the branches' aggregates reads the branches' rows) the spellings of
``γ_k agg (A ⊎ B) ⋈ P`` meet in one normal form: the join inside the branches."""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import CmpOp, JoinKind, SetOpKind, Ty
from ..ir.walk import cut_or_windowed
from .count_splits import COUNT_SPLIT_RULE
from .or_unions import OR_UNION_RULE
from .setops import _over_derived, _union_all_operands
from .terms import _deep, _windowless

_SUBS = (ir.Exists, ir.ScalarSub, ir.InSub)


def _reads(exprs, aliases) -> list:
    """The columns of ``aliases`` that ``exprs`` read, in order of first reading."""
    out: dict = {}
    for e in exprs:
        for n in ir.nodes(e):
            if isinstance(n, ir.Col) and n.alias in aliases:
                out.setdefault((n.alias, n.name), n)
    return list(out.values())


def _no_subqueries(exprs) -> bool:
    return not any(isinstance(y, _SUBS) for e in exprs for y in ir.local_nodes(e))


def _alike(parts: list, positions) -> bool:
    """Every branch holds, at each position read, an item of the left branch's storage
    class and affinity (the compound's column means one thing in every branch)."""
    first = parts[0].items
    return all((ir._ty(p.items[j]), ir._aff(p.items[j])) == (ir._ty(first[j]), ir._aff(first[j]))
               for p in parts[1:] for j in positions)


def _plain_outer(q) -> bool:
    return (isinstance(q, ir.Select) and q.limit is None and not q.offset
            and q.bare_from is None and _windowless(q))


def union_join(q, sensitive: bool):
    """``SELECT e FROM (A UNION ALL B ..) AS u JOIN P ON c WHERE w [GROUP BY ..]`` is
    ``SELECT e' FROM (SELECT r FROM (A) AS u JOIN P ON c WHERE w UNION ALL SELECT r FROM
    (B) AS u JOIN P ON c WHERE w ..) AS u [GROUP BY ..]``, ``r`` the columns of the FROM
    that e, GROUP BY, HAVING and ORDER BY read: a join pairs each row of u with the rows of
    the other sources that match it, and a row of u is a row of one branch, so the joined
    rows are the branches' joined rows, duplicates and NULLs alike (bags; no key needed).
    P may be a tree of joins: every join between u and the root is inner or cross, or a
    LEFT JOIN with u on its preserved side (``R LEFT JOIN u`` pads R once, not once per
    branch). Conditions: the compound is UNION ALL without ORDER BY/LIMIT, its branches
    agree in storage class and affinity on every column read; the other sources are tables
    or views without LIMIT, OFFSET or window (read once per branch); ON and WHERE read the
    FROM only (not an enclosing query's row); no LIMIT, OFFSET, window, bare column or
    subquery in the select (another order or scope); order not read."""
    if sensitive or not _plain_outer(q) or not isinstance(q.source, ir.Join):
        return q
    src = q.source
    leaves = _leaf_list(src)
    u = next((x for x in leaves if _union_leaf(x) and _preserved(src, x.alias)), None)
    if u is None or not all(x is u or _steady(x) for x in leaves):
        return q  # (another source is read once per branch: a cut or a window may pick other rows)
    aliases = {x.alias for x in leaves}
    conds = (q.where, *_ons(src))
    outer = (*q.items, *q.group_by, q.having, *(k for k, _ in q.order))
    if len(aliases) != len(leaves) or not _no_subqueries((*outer, *conds)) or any(
            isinstance(n, ir.Col) and n.alias not in aliases for n in ir.nodes(conds)):
        return q  # (a derived table reads no outer row: the moved conditions must not)
    parts = _union_all_operands(u.query)
    used_u = {c.name for c in _reads((*outer, *conds), {u.alias})}
    if not _alike(parts, [u.names.index(n) for n in used_u]):
        return q
    reads = _reads(outer, aliases) or [_first_col(u, parts)]
    names = _fresh_names(reads, u.alias)
    wrappers = [ir.Select(
        source=_swap(src, u.alias, dataclasses.replace(u, query=b)), where=q.where, group_by=(),
        having=None, items=_items(reads, u, b), distinct=False, order=(), limit=None, offset=0,
        aggregate=False, names=names) for b in parts]
    compound = wrappers[0]
    for w in wrappers[1:]:
        compound = ir.SetOp(SetOpKind.UNION, True, compound, w)
    rename = {(c.alias, c.name): dataclasses.replace(c, alias=u.alias, name=n)
              for c, n in zip(reads, names, strict=True)}

    def m(e):
        if e is None:
            return None
        return _deep(e, lambda x: rename.get((x.alias, x.name), x) if isinstance(x, ir.Col) else x)

    return dataclasses.replace(
        q, source=ir.Derived(compound, u.alias, names), where=None,
        items=tuple(m(i) for i in q.items), group_by=tuple(m(g) for g in q.group_by),
        having=m(q.having), order=tuple((m(k), desc) for k, desc in q.order))


def _leaf_list(src) -> list:
    if isinstance(src, ir.Join):
        return _leaf_list(src.left) + _leaf_list(src.right)
    return [src]


def _ons(src) -> list:
    if isinstance(src, ir.Join):
        return [src.on, *_ons(src.left), *_ons(src.right)]
    return []


def _preserved(src, alias: str) -> bool:
    """Is every join between the root and the leaf ``alias`` inner, cross, or a LEFT JOIN
    holding the leaf on its left?"""
    if not isinstance(src, ir.Join):
        return True
    for left, sub in ((True, src.left), (False, src.right)):
        if alias in {x.alias for x in _leaf_list(sub)}:
            kind_ok = src.kind in (JoinKind.INNER, JoinKind.CROSS) or (src.kind == JoinKind.LEFT and left)
            return kind_ok and _preserved(sub, alias)
    return False


def _steady(x) -> bool:
    """A source that gives the same rows wherever it is read: a table, VALUES, or a view
    without LIMIT, OFFSET or window (and no UNION ALL of its own to push into)."""
    return isinstance(x, (ir.Scan, ir.Values)) or (
        isinstance(x, ir.Derived) and not _union_leaf(x) and not cut_or_windowed(x.query))


def _swap(src, alias: str, new):
    if isinstance(src, ir.Join):
        return dataclasses.replace(src, left=_swap(src.left, alias, new),
                                   right=_swap(src.right, alias, new))
    return new if src.alias == alias else src


def _items(reads, u, branch) -> tuple:
    """The wrapper's items: the columns read, a branch's literal read as itself (the tag
    ``tagged_groupings`` splits on)."""
    def item(c):
        if c.alias == u.alias:
            e = branch.items[u.names.index(c.name)]
            if isinstance(e, ir.Lit):
                return e
        return c
    return tuple(item(c) for c in reads)


def _union_leaf(x) -> bool:
    return (isinstance(x, ir.Derived) and len(set(x.names)) == len(x.names)
            and _union_all_operands(x.query) is not None)


def _first_col(u, parts) -> ir.Col:
    e = parts[0].items[0]
    return ir.Col(u.alias, u.names[0], ir._ty(e), ir._aff(e))


def _fresh_names(reads, alias: str) -> tuple:
    """One distinct name per column read: u's own names, P's made distinct."""
    taken = {c.name for c in reads if c.alias == alias}
    out = []
    for c in reads:
        n = c.name
        if c.alias != alias:
            while n in taken:
                n += "_"
            taken.add(n)
        out.append(n)
    return tuple(out)


def tagged_groupings(q, sensitive: bool):
    """``SELECT .. FROM (SELECT 'a' AS t, .. FROM A UNION ALL SELECT 'b', .. FROM B ..) AS u
    GROUP BY u.t, k.. HAVING h`` is ``SELECT .. FROM (SELECT 'a', .. FROM A) AS u GROUP BY
    u.t, k.. HAVING h UNION ALL ..`` (each branch its own grouping): the branches fix the
    group key t to distinct non-NULL constants of one class (integers or texts), so every
    group holds rows of one branch only, all of them, and its output row is computed from
    them alike; a branch without rows gives no group on either side. Conditions: UNION
    ALL without ORDER BY/LIMIT, branches alike in class and affinity on the columns read,
    no WHERE (pushed into the branches first), DISTINCT, ORDER BY, LIMIT, window or
    subquery in the outer select; order not read."""
    if sensitive or not _over_derived(q) or q.distinct or q.order or not q.group_by:
        return q
    d = q.source
    parts = _union_all_operands(d.query)
    if parts is None:
        return q
    outer = (*q.items, *q.group_by, q.having)
    if not _no_subqueries(outer):
        return q
    keys = {g.name for g in q.group_by if isinstance(g, ir.Col) and g.alias == d.alias}
    tags = [d.names.index(k) for k in keys if _distinct_tags(parts, d.names.index(k))]
    if not tags:
        return q
    used = [d.names.index(c.name) for c in _reads(outer, {d.alias})]
    if not (_alike(parts, used) or all(_reads_alike(outer, d, p, tags) for p in parts)):
        return q
    branches = [dataclasses.replace(q, source=dataclasses.replace(d, query=b)) for b in parts]
    out = branches[0]
    for b in branches[1:]:
        out = ir.SetOp(SetOpKind.UNION, True, out, b)
    return out


def _reads_alike(outer, d, p, tags) -> bool:
    """Does branch ``p`` hold, at each column the outer query reads on its rows, an item of
    the compound column's storage class and affinity? Its rows read a tag as its constant,
    so a ``CASE WHEN u.t = c ..`` arm its tag fails is not read there (round 63: a ROLLUP
    level's NULL column, read only under its level's tag)."""
    consts = {d.names[j]: p.items[j] for j in tags}
    reduced = [_deep(e, lambda x: _on_tags(x, d.alias, consts)) for e in outer]
    return all((c.ty, c.affinity) == (ir._ty(p.items[d.names.index(c.name)]),
                                      ir._aff(p.items[d.names.index(c.name)]))
               for c in _reads(reduced, {d.alias}))


def _on_tags(x, alias, consts):
    """``x`` on the rows of one branch: a tag column as its constant, a CASE arm whose test
    compares two constants (``=``/``<>``, one class, no conversion) decided."""
    if isinstance(x, ir.Col) and x.alias == alias and x.name in consts:
        return consts[x.name]
    if not isinstance(x, ir.Case):
        return x
    whens = []
    for cond, then in x.whens:
        v = _decided(cond)
        if v is None:
            whens.append((cond, then))
        elif v:
            if not whens:
                return then
            return dataclasses.replace(x, whens=tuple(whens), default=then)
    if whens:
        return dataclasses.replace(x, whens=tuple(whens))
    return x.default if x.default is not None else ir.Lit(None, Ty.NULL)


def _decided(cond) -> bool | None:
    """The truth of ``a = b`` / ``a <> b`` of two non-NULL literals of one class (integers
    or texts), or None."""
    if not (isinstance(cond, ir.Cmp) and cond.op in (CmpOp.EQ, CmpOp.NE) and not cond.conv):
        return None
    a, b = cond.left, cond.right
    if not (isinstance(a, ir.Lit) and isinstance(b, ir.Lit) and a.ty == b.ty
            and a.ty in (Ty.INT, Ty.TEXT) and type(a.value) is type(b.value)
            and type(a.value) in (int, str)):
        return None
    return (a.value == b.value) == (cond.op == CmpOp.EQ)


def _distinct_tags(parts, j: int) -> bool:
    tags = [p.items[j] for p in parts]
    if not all(isinstance(t, ir.Lit) and t.ty in (Ty.INT, Ty.TEXT) and t.value is not None
               and type(t.value) in (int, str) for t in tags):
        return False
    return len({t.ty for t in tags}) == 1 and len({t.value for t in tags}) == len(tags)


UNION_JOIN_RULES = (
    ("union_join", "(A UNION ALL B ..) JOIN P ON c WHERE w (inner, cross, or LEFT with the "
     "compound preserved; P a tree of joins) is the UNION ALL of (A) JOIN P ON c WHERE w, .. "
     "carrying the columns read (no LIMIT, window, subquery; branches alike in class and "
     "affinity; order not read)",
     ("query",), lambda canon, q, ctx: union_join(q, ctx["sensitive"])),
    ("tagged_groupings", "GROUP BY u.t, .. over a UNION ALL whose branches fix t to distinct "
     "integer or text constants is the UNION ALL of the branches' groupings (no WHERE, "
     "DISTINCT, ORDER BY, LIMIT, window or subquery; order not read)",
     ("query",), lambda canon, q, ctx: tagged_groupings(q, ctx["sensitive"])),
    COUNT_SPLIT_RULE,  # the partial counts of a split spelt alike (canon/count_splits.py)
    OR_UNION_RULE,  # a key filter UNION its children's keys as one OR (canon/or_unions.py)
)
