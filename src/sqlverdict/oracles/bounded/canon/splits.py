"""A query split by a test and its complement, recombined by UNION ALL (issue 25, i40d):
``split_union_all``.

``SELECT e FROM F WHERE w AND c UNION ALL SELECT e FROM F WHERE w AND NOT c`` is ``SELECT e
FROM F WHERE w`` when ``c`` is never NULL (``x IS NULL``, ``EXISTS``, ``IS``/``IS NOT``):
each row of ``F`` passing ``w`` passes exactly one operand. (Where ``c`` may be NULL, a row
with ``c`` NULL passes neither: ``WHERE p UNION ALL WHERE NOT p`` loses it.) Under GROUP BY
``g`` (the same keys, items and HAVING on both sides) ``c`` must be ``g IS [NOT] NULL`` of
a key column: a group's rows then fall on one side together, so each side holds whole
groups, and the groups with their aggregates are those of the query unsplit. Not under
DISTINCT (a row of each side would be kept), LIMIT, OFFSET, ORDER BY or a window function,
nor for an aggregate without GROUP BY (each side returns its row, over no rows too).

Also ``c`` a comparison ``x op y`` and the other operand's conjunct its complement ``x op' y``
(``<`` and ``>=``, ``<=`` and ``>``, ``=`` and ``<>``; Spanner's and Synapse's partitions of
one table by a range), ``x`` and ``y`` never NULL (a non-NULL literal, a column declared NOT
NULL of an inner-joined table, or one a common conjunct rejects when NULL): SQLite orders
every two non-NULL values totally (NULL < numbers < TEXT < BLOB, numbers by value, TEXT by
the comparison's collation) and converts the operands of ``x op y`` and ``x op' y`` alike
(the same operands, the same affinities), so exactly one of the two is TRUE on a row. A
NULL operand makes both NULL: the row would pass neither, hence the never-NULL condition.

``split_items_as_case`` (i54d) reads such a split whose operands differ in their items too,
under an aggregate that reads the differing columns only as the arguments of SUM, TOTAL, AVG
or COUNT: ``SELECT .. AGG(d.x) .. FROM (SELECT k, e1 AS x FROM F WHERE w AND c UNION ALL
SELECT k, e2 FROM F WHERE w AND NOT c) d ..`` is the same over ``(SELECT k, CASE WHEN c THEN
e1 ELSE e2 END FROM F WHERE w) d``: each row of ``F`` passing ``w`` passes one operand and
gives that operand's items (the re-aggregation of a report split into signed or zero rows,
"paid" beside "unpaid"). Those aggregates read values only (a column's affinity, which the
CASE lacks and the compound takes from its left operand, converts nothing they read);
a differing column may also be a GROUP BY key of the aggregate (and an item showing it) when
no table under the compound has a column of a non-BINARY collation: a group holds the rows
of one value, whichever operand gave it (a "none" row beside the labels). Comparisons and
MIN/MAX of a differing column are not rewritten. SQLite stores the compound's rows under
its columns' affinities (the left operand's), so each differing item must hold values that
affinity keeps: a column of that affinity, NULL, text under TEXT, an integer under INTEGER
or NUMERIC (``SELECT amount .. UNION ALL SELECT 0`` over a REAL ``amount`` sums ``0.0``
where the CASE sums ``0``).
"""

from __future__ import annotations

import dataclasses

from ....errors import UnsupportedSQL
from .. import ir
from ..ir.affinity import _join_ty
from ..ir.kinds import Affinity, AggFn, CmpOp, SetOpKind
from ..ir.walk import nodes
from .facts import _rejects_col
from .join_counts import _declared_non_null
from .padded_splits import PADDED_SPLIT_RULES as PADDED_SPLIT_RULES  # (rules.py registers both)
from .setops import _renamed
from .terms import _and, _conjuncts, _key, _local_cols, _windowless
from .windows import _collated


def _operand(x) -> bool:
    return (isinstance(x, ir.Select) and x.source is not None and not x.distinct
            and x.limit is None and not x.offset and not x.order and x.bare_from is None
            and _windowless(x) and (not x.aggregate or bool(x.group_by)))


def _two_valued(c) -> bool:
    """Is the test ``c`` never NULL?"""
    return isinstance(c, (ir.IsNull, ir.Exists)) or (
        isinstance(c, ir.Cmp) and c.op in (CmpOp.IS, CmpOp.IS_NOT))


_COMPLEMENT = {CmpOp.LT: CmpOp.GE, CmpOp.GE: CmpOp.LT, CmpOp.LE: CmpOp.GT, CmpOp.GT: CmpOp.LE,
               CmpOp.EQ: CmpOp.NE, CmpOp.NE: CmpOp.EQ}


def _test(c1, c2, same, never_null=lambda x: False):
    """The test ``c`` of the two operands' extra conjuncts ``c`` and ``NOT c`` (either
    order), never NULL, or None; ``same(x, y)``: one canonical form (subqueries' aliases).
    Also ``c`` a comparison of two never-NULL values (``never_null``) and ``NOT c`` spelt as
    the complementary comparison (module docstring)."""
    for a, b in ((c1, c2), (c2, c1)):
        if isinstance(b, ir.Not) and _two_valued(a) and same(b.arg, a):
            return a
    if (isinstance(c1, ir.Cmp) and c1.op in _COMPLEMENT and isinstance(c2, ir.Cmp)
            and never_null(c1.left) and never_null(c1.right)
            and same(dataclasses.replace(c1, op=_COMPLEMENT[c1.op]), c2)):
        return c1
    return None


def _never_null(x, q: ir.Select, common: list, schema) -> bool:
    """Is ``x`` never NULL on a row of ``q``'s FROM that passes the ``common`` conjuncts: a
    non-NULL literal, or a column declared NOT NULL of an inner-joined scan or rejected when
    NULL by a common conjunct?"""
    if isinstance(x, ir.Lit):
        return x.value is not None
    if not isinstance(x, ir.Col):
        return False
    return (_declared_non_null(x, q.source, schema)
            or any(_rejects_col(c, (x.alias, x.name)) for c in common))


def _key_test(c, q: ir.Select) -> bool:
    """Is ``c`` ``g IS NULL`` of a GROUP BY key column ``g`` of ``q``?"""
    keys = {(g.alias, g.name) for g in q.group_by if isinstance(g, ir.Col)}
    return isinstance(c, ir.IsNull) and isinstance(c.arg, ir.Col) and _local_cols(c) <= keys


def _one_apart(a, b):
    """``([ca], [cb], common)`` when the WHERE conjuncts of ``a`` and ``b`` differ by one
    conjunct each (``common``: ``a``'s others); else None."""
    wa, wb = _conjuncts(a.where), _conjuncts(b.where)
    ka, kb = {_key(c) for c in wa}, {_key(c) for c in wb}
    extra_a = [c for c in wa if _key(c) not in kb]
    extra_b = [c for c in wb if _key(c) not in ka]
    if len(extra_a) != 1 or len(extra_b) != 1:
        return None
    return extra_a, extra_b, [c for c in wa if _key(c) in kb]


def _split(a, b, same, schema, items: bool):
    """``(c, first, second, common)``: ``a`` and ``b`` one select over one FROM (with the
    same ``items`` too, else plain selects) but for a conjunct each, ``c`` and its
    complement (``_test``), ``first`` the operand of ``c`` (``b`` renamed to ``a``'s
    aliases), ``common`` their other conjuncts; else None."""
    if not (_operand(a) and _operand(b)) or (not items and (a.aggregate or b.aggregate)):
        return None
    b = _renamed(b, a)
    if b is None:
        return None
    apart = _one_apart(a, b)
    if apart is None:
        return None
    extra_a, extra_b, common = apart
    blank = {} if items else {"items": ()}
    if dataclasses.replace(a, where=None, names=(), **blank) != dataclasses.replace(
            b, where=None, names=(), **blank):
        return None
    c = _test(extra_a[0], extra_b[0], same,
              lambda x: schema is not None and _never_null(x, a, common, schema))
    if c is None:
        return None
    return (c, a, b, common) if c is extra_a[0] else (c, b, a, common)


def split_union_all(q, same, schema=None):
    """``A UNION ALL B``, ``A`` and ``B`` one query but for a conjunct ``c`` and ``NOT c``
    (module docstring), as that query without it; else ``q``. ``same(x, y)``: do two
    conditions have one canonical form?"""
    if not (isinstance(q, ir.SetOp) and q.op == SetOpKind.UNION and q.all and not q.order
            and q.limit is None and not q.offset):
        return q
    found = _split(q.left, q.right, same, schema, items=True)
    if found is None or (q.left.aggregate and not _key_test(found[0], q.left)):
        return q
    return dataclasses.replace(q.left, where=_and(found[3]))


_VALUE_AGGREGATES = (AggFn.SUM, AggFn.TOTAL, AggFn.AVG, AggFn.COUNT)
# a test spelt with =, <, <=, IS: its complement swaps the CASE's branches
_ORIENTED = {CmpOp.NE: CmpOp.EQ, CmpOp.GE: CmpOp.LT, CmpOp.GT: CmpOp.LE}


def split_items_as_case(q, same, schema=None):
    """``SELECT .. FROM (A UNION ALL B) d ..``, ``A`` and ``B`` a split by ``c`` and its
    complement differing in items read only by SUM/TOTAL/AVG/COUNT, as ``SELECT .. FROM
    (one select with CASE WHEN c items) d ..`` (module docstring); else ``q``."""
    if not (isinstance(q, ir.Select) and isinstance(q.source, ir.Derived) and q.aggregate):
        return q
    d = q.source
    u = d.query
    if not (isinstance(u, ir.SetOp) and u.op == SetOpKind.UNION and u.all and not u.order
            and u.limit is None and not u.offset):
        return q
    found = _split(u.left, u.right, same, schema, items=False)
    if found is None:
        return q
    c, first, second, common = found
    if isinstance(c, ir.Cmp) and c.op in _ORIENTED:
        c, first, second = dataclasses.replace(c, op=_ORIENTED[c.op]), second, first
    diff = {d.names[j] for j, (x, y) in enumerate(zip(first.items, second.items, strict=True))
            if x != y}
    if not diff:
        return q
    if _read_apart(q, d, diff, schema) or not _unconverted(q, d, first, second):
        return q
    items = []
    for x, y in zip(first.items, second.items, strict=True):
        if x == y:
            items.append(x)
            continue
        try:
            items.append(ir.Case(((c, x),), y, _join_ty([x, y], "CASE")))
        except UnsupportedSQL:
            return q
    merged = dataclasses.replace(first, where=_and(common), items=tuple(items),
                                 names=_arm_names(u))
    return dataclasses.replace(q, source=dataclasses.replace(d, query=merged))


def _read_apart(q, d, diff: set, schema) -> bool:
    """Does ``q`` read a column of ``d`` named in ``diff`` other than as the argument of a
    value aggregate, or (no table of a non-BINARY collation under ``d``) as a GROUP BY key
    and an item that is that key?"""
    mine = lambda n: isinstance(n, ir.Col) and n.alias == d.alias and n.name in diff  # noqa: E731
    reads = (q.items, q.where, q.group_by, q.having, tuple(k for k, _ in q.order))
    cols = [n for n in nodes(reads) if mine(n)]
    args = [n for n in nodes(reads) if isinstance(n, ir.Agg) and n.fn in _VALUE_AGGREGATES
            and not n.distinct and mine(n.arg)]
    keys = [g for g in q.group_by if mine(g)]
    shown = [i for i in q.items if mine(i) and i in keys]
    if keys and (schema is None or _collated(d, schema)):
        return True
    return len(cols) != len(args) + len(keys) + len(shown)


def _kept(e, aff) -> bool:
    """Does the affinity ``aff`` leave every value of the item ``e`` as it is?"""
    if aff is None or (isinstance(e, ir.Col) and e.affinity == aff):
        return True
    if not isinstance(e, ir.Lit) or e.value is None:
        return isinstance(e, ir.Lit)
    if isinstance(e.value, str):
        return aff == Affinity.TEXT
    return (isinstance(e.value, int) and not isinstance(e.value, bool)
            and aff in (Affinity.INTEGER, Affinity.NUMERIC))


def _unconverted(q, d, first, second) -> bool:
    """SQLite stores a compound's rows under its column's affinity (its left operand's, as
    the outer query's columns record it), converting a value the CASE would not: each
    differing item must hold values that affinity keeps (``0`` under REAL is ``0.0``)."""
    for j, name in enumerate(d.names):
        x, y = first.items[j], second.items[j]
        if x == y:
            continue
        affs = {n.affinity for n in nodes((q.items, q.where, q.group_by, q.having))
                if isinstance(n, ir.Col) and n.alias == d.alias and n.name == name}
        if len(affs) != 1:
            return False
        aff = affs.pop()
        if not (_kept(x, aff) and _kept(y, aff)):
            return False
    return True


def _arm_names(u):
    while isinstance(u, ir.SetOp):
        u = u.left
    return u.names


def _unordered(law):
    """A registry entry's ``apply``: ``law(q, same, schema)`` where no consumer reads row
    order, ``same`` comparing two conditions' canonical forms."""
    return lambda canon, q, ctx: q if ctx.get("sensitive", True) else law(
        q, lambda x, y: canon.expr(x, {}, 0) == canon.expr(y, {}, 0), canon.schema)


SPLIT_RULES = (
    ("split_union_all", "SELECT e FROM F WHERE w AND c UNION ALL SELECT e FROM F WHERE w AND "
     "NOT c is SELECT e FROM F WHERE w, c never NULL (IS NULL, EXISTS, IS; or x < y beside x >= y, "
     "x, y never NULL, and alike); under the same "
     "GROUP BY g, c is g IS NULL of a key column (no DISTINCT, LIMIT, window)", ("compound",),
     _unordered(split_union_all), False),
    ("split_items_as_case", "SELECT .. AGG(d.x) .. FROM (SELECT k, e1 AS x FROM F WHERE w AND c "
     "UNION ALL SELECT k, e2 FROM F WHERE w AND NOT c) d is the same over (SELECT k, CASE WHEN c "
     "THEN e1 ELSE e2 END FROM F WHERE w) d, c as split_union_all's, the differing columns read "
     "only as the arguments of SUM, TOTAL, AVG, COUNT or as GROUP BY keys, values the "
     "compound's affinity keeps (order not read)", ("query",), _unordered(split_items_as_case), False),
)
