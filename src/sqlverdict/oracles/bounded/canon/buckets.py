"""Buckets of one value: a CASE of range tests in one spelling, and the UNION ALL of its
filtered branches as that CASE (round 58; the analysis: ``canon/bucket_regions.py``).

``bucket_case``: ``CASE WHEN c1 THEN l1 .. WHEN cn THEN ln [ELSE l0] END`` (a GROUP BY key,
rewritten wherever the select reads it: the other laws read indicator CASEs elsewhere as
they are), every ``ci`` a range test of one value ``e`` (at least one comparison with a
number) and every ``li`` a literal, is the CASE that gives, region by region of ``e``, the
literal the first TRUE ``ci`` gives there (the ELSE's, or NULL without ELSE, where none is
TRUE: a NULL test is passed over): ``CASE WHEN e IS NULL THEN .. WHEN e < t1 THEN .. WHEN e
<= t1 .. ELSE .. END`` with one arm per run of equal results
(``bucket_regions.canonical_case``). So ``CASE WHEN w IS NULL THEN 'unknown' WHEN w < 5 THEN
'small' WHEN w < 20 THEN 'medium' ELSE 'large' END`` and the same with ``WHEN w >= 5 AND w <
20`` for the third arm are one form.

``bucket_branches``: ``SELECT .., l1, .. FROM F WHERE w AND p1 UNION ALL .. UNION ALL SELECT
.., ln, .. FROM F WHERE w AND pn`` (one FROM, the same items but for literals, the same
conjuncts ``w`` but for the range tests ``pi`` of one value, no aggregate, DISTINCT, ORDER
BY, LIMIT or window) is ``SELECT .., CASE WHEN p1 THEN l1 .. WHEN pn THEN ln END, .. FROM F
WHERE w [AND (p1 OR .. OR pn)]`` when no region has two ``pi`` TRUE: a row passing ``w``
then passes at most one operand, the one whose ``pi`` is TRUE, which the CASE picks; the OR
keeps the rows some operand keeps, and goes when every region has one ``pi`` TRUE. The
compound's columns take the left operand's affinity, none for a literal as for the CASE
(written in ``bucket_case``'s spelling). A grouped count over the union then groups by that
CASE. Not when two tests may be TRUE together (overlapping buckets: a row counted twice) or
with a test of another kind.

A filter that rejects a NULL value (round 60: ``e IS NOT NULL``, a comparison of ``e``, or
``c IS NOT NULL`` of ``e``'s one NULL-able column, ``bucket_regions._null_stand_ins``) leaves
no row in the NULL region: both laws then give its arm the ELSE's literal, and the OR of
branches that leave out NULL alone is ``NOT (e IS NULL)`` (through that column), so the ELSE
bucket meets the complement comparisons ("turnaround bands").
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.affinity import _join_ty
from ..ir.kinds import LogicOp, SetOpKind, Ty
from .aggregates import _count_positive, count_positive_as_group
from .bucket_regions import NULL, _tests_of, canonical_case, regions
from .null_branches import _keyed_reads
from .setops import _rename_source
from .splits import _operand
from .terms import _and, _conjuncts, _deep, _key, _tree_aliases


def _canonical(c: ir.Case, source, schema, typed: bool, where=None) -> ir.Case:
    """``where``: the select's filter; a conjunct rejecting a NULL value empties the NULL
    region (its arm then gives the ELSE's literal, as for a value never NULL)."""
    if not all(isinstance(x, ir.Lit) for _, x in c.whens) or not isinstance(c.default, ir.Lit):
        return c
    r = regions([w for w, _ in c.whens], source, schema, typed)
    if r is None:
        return c
    if not r.never_null and _null_free(where, r):
        r = dataclasses.replace(r, never_null=True)
    results = []
    for p in r.points:
        hit = next((x for w, x in c.whens if r.value(w, p) is True), c.default)
        results.append(hit)
    out = canonical_case(r, results)
    return c if out == c else out


def _null_free(where, r) -> bool:
    """Does a conjunct of ``where`` reject a NULL ``r.e``: a range test of it not TRUE
    there (``e IS NOT NULL``, ``e > 3``; ``c IS NOT NULL`` of a stand-in column ``c``)?"""
    return any(_tests_of(r.e, c, r.stand_ins) is not None and r.value(c, NULL) is not True
               for c in _conjuncts(where))


def _cases(x, f):
    """``x`` with ``f`` applied bottom-up to its CASE nodes, not inside subqueries."""
    if isinstance(x, tuple):
        out = tuple(_cases(y, f) for y in x)
        return x if all(a is b for a, b in zip(out, x, strict=True)) else out
    if not isinstance(x, ir.Expr) or isinstance(x, ir.ScalarSub | ir.Exists | ir.InSub):
        return x
    changes = {}
    for fld in dataclasses.fields(x):
        v = getattr(x, fld.name)
        nv = _cases(v, f)
        if nv is not v:
            changes[fld.name] = nv
    y = dataclasses.replace(x, **changes) if changes else x
    return f(y) if isinstance(y, ir.Case) else y


def bucket_case(canon, q, ctx):
    """A grouped select with each GROUP BY key that is a CASE of range tests of one value
    in its canonical spelling, and the same CASE so wherever the select reads it."""
    if not (isinstance(q, ir.Select) and q.group_by):
        return q
    f = lambda c: _canonical(c, q.source, canon.schema, canon.typed, q.where)  # noqa: E731
    rep = {g: new for g in q.group_by if isinstance(g, ir.Case) and (new := f(g)) is not g}
    if not rep:
        return q
    sub = lambda x: _cases(x, lambda c: rep.get(c, c))  # noqa: E731
    return dataclasses.replace(q, items=sub(q.items), group_by=sub(q.group_by),
                               having=sub(q.having), order=sub(q.order))


def union_all_chain(q, leaf) -> list | None:
    """The operands of a chain of UNION ALLs (none ordered or cut), each through ``leaf``
    (None: the chain is refused)."""
    if isinstance(q, ir.SetOp):
        if not (q.op == SetOpKind.UNION and q.all and not q.order and q.limit is None
                and not q.offset):
            return None
        left, right = union_all_chain(q.left, leaf), union_all_chain(q.right, leaf)
        return None if left is None or right is None else left + right
    q = leaf(q)
    return None if q is None else [q]


def _bucket_operand(q):
    if isinstance(q, ir.Select) and q.aggregate:
        q = _grouped(q)
    return q if q is not None and _operand(q) else None


def _chain(q) -> list | None:
    return union_all_chain(q, _bucket_operand)


def _grouped(q: ir.Select) -> ir.Select | None:
    """A branch aggregate as grouped (``HAVING COUNT(*) > 0`` without GROUP BY as GROUP BY
    of a literal; that test dropped from a grouped select's HAVING: a group has a row), its
    literal keys left out; None when it has no other key and no ``COUNT(*) > 0``."""
    if not q.group_by:
        q = count_positive_as_group(q)
    else:
        q = dataclasses.replace(q, having=_and([h for h in _conjuncts(q.having)
                                                 if not _count_positive(h)]))
    if not q.group_by:
        return None
    return q


def _aligned(b: ir.Select, a: ir.Select, canon):
    """``b`` with its FROM's aliases renamed to ``a``'s when the two FROM clauses are one
    tree of the same tables and joins, a derived table's query alike in canonical form;
    else None."""
    ta, tb = _tree_aliases(a.source), _tree_aliases(b.source)
    if len(ta) != len(tb) or len(set(ta)) != len(ta) or len(set(tb)) != len(tb):
        return None
    rename = dict(zip(tb, ta, strict=True))
    out = _deep(b, lambda e: dataclasses.replace(e, alias=rename[e.alias])
                if isinstance(e, ir.Col) and e.alias in rename else e)
    out = dataclasses.replace(out, source=_rename_source(out.source, rename))
    return out if _same_source(out.source, a.source, canon) else None


def _same_source(x, y, canon) -> bool:
    if isinstance(x, ir.Join) and isinstance(y, ir.Join):
        return (dataclasses.replace(x, left=None, right=None)
                == dataclasses.replace(y, left=None, right=None)
                and _same_source(x.left, y.left, canon) and _same_source(x.right, y.right, canon))
    if isinstance(x, ir.Derived) and isinstance(y, ir.Derived) and x != y:
        return (dataclasses.replace(x, query=None) == dataclasses.replace(y, query=None)
                and canon.query(x.query, {}, 1, False) == canon.query(y.query, {}, 1, False))
    return x == y


def bucket_branches(q, canon):
    """A UNION ALL of one select's branches by range tests of one value, as that select
    with a CASE (module docstring); else ``q``."""
    ops = _chain(q) if isinstance(q, ir.SetOp) else None
    if not ops or len(ops) < 2:
        return q
    schema, typed = canon.schema, canon.typed
    first = ops[0]
    ops = [first] + [_aligned(b, first, canon) for b in ops[1:]]
    if any(b is None or len(b.items) != len(first.items) for b in ops):
        return q
    cols = [j for j in range(len(first.items)) if len({b.items[j] for b in ops}) > 1]
    if not cols or any(not isinstance(b.items[j], ir.Lit) for b in ops for j in cols):
        return q
    if any(b.aggregate != first.aggregate for b in ops) or (
            not first.aggregate and any(b.group_by or b.having is not None for b in ops)) or (
            first.aggregate and not _apart(ops, cols)):
        return q
    keys = [{_key(c) for c in _conjuncts(b.where)} for b in ops]
    common = set.intersection(*keys)
    tests = [_and([c for c in _conjuncts(b.where) if _key(c) not in common]) for b in ops]
    if any(t is None for t in tests):
        return q
    r = regions(tests, first.source, schema, typed)
    if r is None:
        return q
    hits = [sum(r.value(t, p) is True for t in tests) for p in r.points[r.never_null:]]
    if max(hits) > 1:
        return q
    where = [c for c in _conjuncts(first.where) if _key(c) in common]
    if min(hits) == 0 and not r.never_null and min(hits[1:]) == 1 and not _null_free(
            _and(where), r):  # none on a NULL value only: the OR is e IS NOT NULL
        where.append(ir.Not(ir.IsNull(next(iter(r.stand_ins)) if len(r.stand_ins) == 1
                                      else r.e)))
    elif min(hits) == 0 and not (not r.never_null and min(hits[1:]) == 1):
        where.append(ir.Logic(LogicOp.OR, tuple(tests)))
    items = list(first.items)
    for j in cols:
        case = ir.Case(tuple((t, b.items[j]) for t, b in zip(tests, ops, strict=True)),
                       ir.Lit(None, Ty.NULL), _join_ty([b.items[j] for b in ops], "CASE"))
        items[j] = _canonical(case, first.source, schema, typed, _and(where))
    out = dataclasses.replace(first, items=tuple(items), where=_and(where))
    if first.aggregate:  # the CASE keys first, then the branches' own
        keys = tuple(items[j] for j in cols) + tuple(g for g in first.group_by
                                                     if not isinstance(g, ir.Lit))
        out = dataclasses.replace(out, group_by=keys)
    return out


def _apart(ops: list, cols: list) -> bool:
    """Grouped branches: one GROUP BY (but for literal keys) and HAVING, items reading
    columns outside aggregates only as keys, and literals of one class that tell every two
    branches apart at one position (each group of the CASE holds one branch's rows)."""
    keys = lambda b: tuple(g for g in b.group_by if not isinstance(g, ir.Lit))  # noqa: E731
    if not all(b.aggregate and keys(b) == keys(ops[0]) and b.having == ops[0].having
               and _keyed_reads(dataclasses.replace(b, group_by=keys(b))) for b in ops):
        return False
    for j in cols:
        vals = [b.items[j].value for b in ops]
        if len({type(v) for v in vals}) == 1 and isinstance(vals[0], str | int) \
                and len(set(vals)) == len(vals):
            return True
    return False


BUCKET_RULES = (
    ("bucket_case", "CASE WHEN c1 THEN l1 .. [ELSE l0] END of literals, each ci a range test of one "
     "value e (comparisons with numbers, e IS NULL; AND/OR/NOT), is the CASE giving the same "
     "literal region by region of e in SQLite's order: WHEN e IS NULL, then WHEN e < t / e <= t "
     "ascending", ("select",), bucket_case, False),
    ("bucket_branches", "SELECT .., li, .. FROM F WHERE w AND pi UNION ALL .. (i = 1..n), the pi "
     "range tests of one value never two TRUE together, is SELECT .., CASE WHEN p1 THEN l1 .. "
     "END, .. FROM F WHERE w AND (p1 OR .. OR pn), the OR gone where one pi is TRUE in every "
     "region (order not read)", ("compound",),
     lambda canon, q, ctx: q if ctx.get("sensitive", True) else bucket_branches(q, canon),
     False),
)
