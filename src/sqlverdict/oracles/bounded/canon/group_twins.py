"""A filter that keeps a whole group or none of it, as the grouping's HAVING (round 61, i61b):
``twin_filter_as_having``, the "at least two rows" class under aggregates.

The law (site ``select``): ``SELECT .. FROM T a WHERE w AND c GROUP BY g.. [HAVING h]`` (one
scan, no window) is ``SELECT .. FROM T a WHERE w [AND g IS NOT NULL] GROUP BY g.. HAVING
[h AND] t`` when the conjunct ``c`` is, for the group keys ``g..`` (columns of ``a``):

- "another row of my group": ``EXISTS (SELECT .. FROM T b WHERE b.g = a.g .. AND b.u <> a.u
  AND w(b))`` or ``a.g IN (SELECT b.g FROM T b WHERE b.u <> a.u AND w(b))`` (links ``=`` or
  ``IS``, one link per key, every key linked), ``u`` with the keys covering a declared
  unique key of never-NULL columns: ``t`` = ``1 < COUNT(*)``. With ``<`` or ``>`` for
  ``<>`` (the greatest row has none above it, so the filter drops one row of the group)
  only when no aggregate reads the rows (items, HAVING and ORDER BY of keys only);
- "my group passes h'": ``(a.g..) IN (SELECT b.g.. FROM T b WHERE w(b) GROUP BY b.g.. HAVING
  h')`` (uncorrelated, the items the grouping keys in the order of the left side):
  ``t`` = ``h'`` read on ``a``.

Sound in SQLite: a group of the result is the rows of ``T`` passing ``w`` whose keys are
equal by GROUP BY's comparison, which is ``=`` between two values of one uncollated column
(one affinity, no conversion), NULLs aside. ``w(b)`` is ``w`` (the same conjuncts, reading
their own row only, deterministic), so ``b`` ranges over the rows of ``a``'s group; since
``u`` and the keys are unique and never NULL, two rows of a group differ in ``u``: a row has
another row beside it exactly when its group holds two rows (``1 < COUNT(*)``), and the
subquery of the second form keeps ``a``'s keys exactly when ``a``'s group passes ``h'``
(the same rows, so the same aggregates). Either way ``c`` holds on every row of a group or
on none, so dropping the rows in WHERE drops the group, as HAVING does, and a kept group
keeps all its rows (its aggregates unchanged). A key linked by ``=`` (or compared by IN)
keeps no NULL key: ``g IS NOT NULL`` is added unless declared NOT NULL (the NULL group
goes on both sides). Near misses: a NULL-able ``u`` or one that is not unique (duplicates
of a keyless log are not told apart), ``w(b)`` not ``w``, a link missing or on a column
other than a key, ``=`` on a NULL-able key without the filter, ``<`` under ``SUM``.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Conv, Ty
from .group_pairs import _own, _split, _unique_given
from .grouped_tests import _renamed
from .terms import _aliases_in, _and, _conjuncts, _deep, _has_sub, _windowless
from .transfer import _exact


def _plain_sub(s, table: str, alias: str) -> bool:
    """Is ``s`` a select over one scan of ``table`` under another alias, no LIMIT/window?"""
    return (isinstance(s, ir.Select) and isinstance(b := s.source, ir.Scan) and b.table == table
            and b.alias != alias and s.limit is None and not s.offset and s.bare_from is None
            and not s.order and _windowless(s))


def _in_pairs(c, a: str, b: str):
    """The (a column, b column) pairs an ``IN`` compares, else None."""
    args = c.arg.items if isinstance(c.arg, ir.RowVal) else (c.arg,)
    convs = c.convs if isinstance(c.arg, ir.RowVal) else (c.conv,)
    items = c.query.items
    if len(args) != len(items) or any(v not in (Conv.NONE, None) for v in convs):
        return None
    if not all(isinstance(x, ir.Col) and x.alias == a and y == _renamed(x, a, b)
               for x, y in zip(args, items, strict=True)):
        return None
    return list(zip(args, items, strict=True))


def _keyed(s) -> bool:
    """Does the HAVING of grouping ``s`` read columns only inside aggregates or as keys?"""
    hole = ir.Lit(None, Ty.NULL)
    bare = _deep(s.having, lambda e: hole if isinstance(e, ir.Agg) else e) if s.having is not None else None
    return all(y in s.group_by for y in ir.nodes(() if bare is None else (bare,)) if isinstance(y, ir.Col)) and not (
        s.having is not None and _has_sub(s.having))


def _twin(c, q, table):
    """(links {a key: op}, the test of the group, w(b) on ``a``) of a twin conjunct (or its
    negation: "no other row of my group"), else None."""
    if not (isinstance(c, ir.Not) and isinstance(c.arg, (ir.Exists, ir.InSub))):
        found = _positive(c, q, table)
        return None if found is None else found[:3]
    found = _positive(c.arg, q, table)
    if found is None or found[3] != CmpOp.NE or not all(
            op == CmpOp.IS or table.never_null(k.name) for k, op in found[0].items()):
        return None  # (NOT IN and = find no partner for a NULL key, which GROUP BY groups)
    return found[0], ir.Cmp(CmpOp.EQ, ir.Agg(AggFn.COUNT_STAR, None, False, Ty.INT), ir.Lit(1, Ty.INT)), found[2]


def _positive(c, q, table):
    """``_twin``'s reading of a positive conjunct, with the pair test's operator (None for
    the IN of a grouping), else None."""
    a = q.source.alias
    s = getattr(c, "query", None)
    if not isinstance(c, (ir.Exists, ir.InSub)) or not _plain_sub(s, table.name, a):
        return None
    b = s.source.alias
    links = {}
    if isinstance(c, ir.InSub):
        pairs = _in_pairs(c, a, b)
        if pairs is None:
            return None
        links = {x: CmpOp.EQ for x, _ in pairs}
        if s.aggregate or s.group_by:  # "my group passes h'"
            if (set(s.group_by) != {y for _, y in pairs} or _aliases_in(s) - {b}
                    or not all(_own(w, b) for w in _conjuncts(s.where)) or not _keyed(s)):
                return None
            having = _renamed(s.having, b, a) if s.having is not None else None
            return links, having, [_renamed(w, b, a) for w in _conjuncts(s.where)], None
    elif s.aggregate or s.group_by or s.having is not None:
        return None
    split = _split(s.where, a, b)
    if split is None:
        return None
    more, tests, theirs = split
    if any(k in links for k in more):
        return None
    links.update(more)
    if not all(isinstance(k, ir.Col) and k.alias == a for k in links):
        return None  # (a link of LOWER(k) or another expression: not this law's)
    if len(tests) != 1 or tests[0][1] != tests[0][2]:
        return None
    op, u, _ = tests[0]
    if op not in (CmpOp.NE, CmpOp.LT, CmpOp.GT) or not _unique_given(
            u, {k.name.lower() for k in links}, table):
        return None
    if op != CmpOp.NE and any(isinstance(y, ir.Agg) for y in ir.nodes(
            (*q.items, q.having, *(k for k, _ in q.order)))):
        return None  # (< and > drop the greatest row of a group: aggregates see it go)
    return links, ir.Cmp(CmpOp.LT, ir.Lit(1, Ty.INT), ir.Agg(AggFn.COUNT_STAR, None, False, Ty.INT)), theirs, op


def _match(q, schema, negated_only: bool, twin=None):
    """(links, the group's test, the other conjuncts with the NULL filters) of the first twin
    conjunct (``twin``: ``_twin`` unless given) of a select over one scan, whose own filter is
    the subquery's, else None."""
    twin = twin or _twin
    if not (isinstance(q, ir.Select) and isinstance(t := q.source, ir.Scan) and schema is not None
            and q.bare_from is None and _windowless(q) and not schema.table(t.table).collated):
        return None
    table, conds = schema.table(t.table), _conjuncts(q.where)
    for c in conds:
        found = None if negated_only and not isinstance(c, ir.Not) else twin(c, q, table)
        if found is None:
            continue
        links, test, theirs = found
        # (a key linked by = is not NULL on a partnered row: its filter goes on either side)
        linked = {ir.Not(ir.IsNull(k)) for k, op in links.items() if op == CmpOp.EQ}
        not_null = [ir.Not(ir.IsNull(k)) for k, op in links.items()
                    if op == CmpOp.EQ and not table.never_null(k.name)]
        mine = [d for d in conds if d is not c]
        if all(_own(d, t.alias) for d in mine) and (
                {d for d in mine if d not in linked} == {d for d in theirs if d not in linked}):
            return links, test, [*mine, *(d for d in not_null if d not in mine)], isinstance(c, ir.Not)
    return None


def twin_filter_as_having(q, schema):
    """The module's law on a grouping; ``q`` itself when it does not apply."""
    if not (isinstance(q, ir.Select) and q.aggregate and q.group_by
            and all(isinstance(k, ir.Col) and k.alias == getattr(q.source, "alias", None) for k in q.group_by)):
        return q
    found = _match(q, schema, False)
    if found is None or set(found[0]) != set(q.group_by):
        return q
    _, test, where, _ = found
    having = q.having if test is None else test if q.having is None else _and([q.having, test])
    return dataclasses.replace(q, where=_and(where), having=having)


def lone_row_as_group(q, schema, typed: bool = False):
    """``SELECT k.. FROM T a WHERE w AND NOT EXISTS (another row of a's group)`` (no
    aggregate, GROUP BY, LIMIT; the items keys of the links) is ``SELECT k.. FROM T WHERE w
    GROUP BY g.. HAVING COUNT(*) = 1``: each row kept is the one row of its group, so the
    bag holds one row per group of one row, showing that row's keys. Under DISTINCT the
    positive readings too (``1 < COUNT(*)``, an IN of the grouping: ``h``), the items exact
    (``transfer._exact``: DISTINCT and GROUP BY may show different ones of equal values)."""
    if not (isinstance(q, ir.Select) and not q.aggregate and not q.group_by and q.having is None
            and q.limit is None and not q.offset and not q.order):
        return q
    found = _match(q, schema, not q.distinct)
    if found is None or not all(i in found[0] for i in q.items):
        return q
    links, test, where, negated = found
    if not negated and not all(_exact(i, i, typed) for i in q.items):
        return q
    return dataclasses.replace(q, where=_and(where), group_by=tuple(links), having=test, aggregate=True,
                               distinct=q.distinct and not set(links) <= set(q.items))


def _extremes(c, key, count):
    """``1 < count`` for ``MIN(u) < MAX(u)`` (``<>``, either way round; ``MAX(u) > MIN(u)``),
    ``count = 1`` for ``MIN(u) = MAX(u)``, when ``key(u)`` (``count(u)``: the count
    compared); else None."""
    if not (isinstance(c, ir.Cmp) and c.conv == Conv.NONE and isinstance(c.left, ir.Agg)
            and isinstance(c.right, ir.Agg) and c.left.arg == c.right.arg and key(c.left.arg)
            and not c.left.distinct and not c.right.distinct):
        return None
    fns, n = (c.left.fn, c.right.fn), count(c.left.arg)
    if set(fns) == {AggFn.MIN, AggFn.MAX} and c.op in (CmpOp.EQ, CmpOp.NE) or (
            fns == (AggFn.MIN, AggFn.MAX) and c.op == CmpOp.LT) or (
            fns == (AggFn.MAX, AggFn.MIN) and c.op == CmpOp.GT):
        return ir.Cmp(CmpOp.EQ, n, ir.Lit(1, Ty.INT)) if c.op == CmpOp.EQ else ir.Cmp(
            CmpOp.LT, ir.Lit(1, Ty.INT), n)
    return None


def having_tests(q, test):
    """``q`` with each HAVING conjunct ``c`` read as ``test(c)`` where that is not None."""
    conds = _conjuncts(q.having)
    tests = [test(c) or c for c in conds]
    if all(a is b for a, b in zip(tests, conds, strict=True)):
        return q
    return dataclasses.replace(q, having=_and(tests))


def extremes_as_group_size(q, schema):
    """``HAVING MIN(u) <> MAX(u)`` (``<``; ``=``) over one scan grouped by ``g..`` is ``HAVING 1 <
    COUNT(*)`` (``COUNT(*) = 1``) when ``u`` with the keys covers a declared unique key of
    never-NULL columns: the rows of a group hold distinct values of ``u``, none NULL, so
    the least and the greatest differ exactly when the group holds two rows (SQLite orders
    its values totally; a unique index tells apart what ``=`` does, binary collation)."""
    if not (isinstance(q, ir.Select) and isinstance(t := q.source, ir.Scan) and schema is not None
            and q.aggregate and q.group_by and q.having is not None and q.bare_from is None
            and not schema.table(t.table).collated
            and all(isinstance(k, ir.Col) and k.alias == t.alias for k in q.group_by)):
        return q
    table, names = schema.table(t.table), {k.name.lower() for k in q.group_by}

    def key(u):
        return isinstance(u, ir.Col) and u.alias == t.alias and _unique_given(u, names, table)

    star = ir.Agg(AggFn.COUNT_STAR, None, False, Ty.INT)
    return having_tests(q, lambda c: _extremes(c, key, lambda u: star))


TWIN_FILTER_RULE = (
    "twin_filter_as_having", "SELECT .. FROM T a WHERE w AND EXISTS (a row of T with w, a's "
    "group keys and another unique key u) GROUP BY g.. is .. WHERE w GROUP BY g.. HAVING 1 < "
    "COUNT(*); a.g IN (SELECT g FROM T WHERE w GROUP BY g HAVING h) is HAVING h (a filter "
    "that keeps a whole group or none)", ("select",),
    lambda canon, q, ctx: twin_filter_as_having(q, canon.schema), True)


LONE_ROW_RULE = (
    "lone_row_as_group", "SELECT k.. FROM T a WHERE w AND NOT EXISTS (a row of T with w, a's "
    "keys and another unique key u) is SELECT k.. FROM T WHERE w GROUP BY k.. HAVING COUNT(*) = 1",
    ("select",), lambda canon, q, ctx: lone_row_as_group(q, canon.schema, canon.typed), True)


GROUP_SIZE_RULE = (
    "extremes_as_group_size", "HAVING MIN(u) <> MAX(u) (<; =) over one scan grouped by g.. is "
    "HAVING 1 < COUNT(*) (COUNT(*) = 1) when u with the keys covers a unique key of never-NULL "
    "columns", ("select",), lambda canon, q, ctx: extremes_as_group_size(q, canon.schema))
