"""At least two distinct values in a group, as ``1 < COUNT(DISTINCT v)`` (round 62, i62d):
``value_pair_as_having`` and ``extremes_as_value_count``; the class K of "tickets sold in two
stores", whatever the spelling.

The algebra: for a grouping ``g..`` of the rows of ``T`` passing ``w``, "the group holds two
distinct non-NULL values of ``v``" is one test, ``1 < COUNT(DISTINCT v)``. Its spellings:

- ``value_pair_as_having`` (site ``select``): ``SELECT [DISTINCT] k.. FROM T a WHERE w AND c
  [GROUP BY g..]`` (items exactly keys, no aggregate, HAVING, ORDER BY, LIMIT or window),
  ``c`` = ``a.g.. IN (SELECT b.g.. FROM T b WHERE b.v <> a.v AND w(b))`` or ``EXISTS (SELECT
  .. FROM T b WHERE b.g = a.g .. AND b.v <> a.v AND w(b))`` (``<`` or ``>`` for ``<>``; the
  DISTINCT self-join and the IN of an uncorrelated self-join reach this form), ``v`` NOT a
  unique key given the links (``twin_filter_as_having``'s ``COUNT(*)`` then), is ``SELECT
  k.. FROM T a WHERE w [AND g IS NOT NULL] GROUP BY g.. HAVING 1 < COUNT(DISTINCT v)``.
- ``extremes_as_value_count`` (site ``select``): a HAVING conjunct ``MIN(v) <> MAX(v)``
  (``MIN(v) < MAX(v)``, ``MAX(v) > MIN(v)``) is ``1 < COUNT(DISTINCT v)``, ``MIN(v) =
  MAX(v)`` is ``COUNT(DISTINCT v) = 1``, ``v`` a column of an uncollated table.

Sound in SQLite: ``<>``, ``<``, ``>`` are not TRUE on a NULL, COUNT(DISTINCT) and MIN/MAX skip
NULL; two non-NULL values of one uncollated column differ by ``<>`` exactly when DISTINCT
counts them apart (one comparison: storage class, then value; 1 and 1.0 equal for both), and
one is below the other (SQLite orders values totally). So a row with a non-NULL ``v`` has a
partner in its group exactly when the group holds two distinct values, a row with a NULL ``v``
has none: the filter is not the same on every row of a group, hence no aggregate may read the
rows (only the kept keys are shown). A group passes exactly when ``1 < COUNT(DISTINCT v)``;
its shown keys are exact (``transfer._exact``: GROUP BY may show another row's equal value).
A key linked by ``=`` (or IN) finds no partner when NULL: ``g IS NOT NULL`` joins ``w``. MIN
and MAX of a group without a non-NULL ``v`` are NULL: the comparison is not TRUE, and the
count 0 passes neither test. Near misses: ``COUNT(v) >= 2`` (duplicates counted), ``COUNT(*)
>= 2``, ``MIN(v) <= MAX(v)``, an aggregate of the rows (``SUM`` sees the NULL-``v`` rows go),
the subquery without ``w``, ``NOT EXISTS`` (a NULL ``v`` has no partner either), a NULL-able
key linked by ``=`` shown against a grouping without the filter.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Ty
from .group_pair_counts import _distinct_pairs
from .group_pairs import _exact_key, _split, _unique_given
from .group_twins import _extremes, _in_pairs, _match, _plain_sub, _twin, having_tests
from .joined_pairs import _halves, _link_column, _plain, _rows, pair_in_joined_group_as_having
from .joined_pairs import _split as _split_join
from .joins import _flat_source
from .terms import _and, _conjuncts, _deep, _windowless
from .transfer import _exact
from .unions import inline_projection

_ROW_TESTS = (CmpOp.NE, CmpOp.LT, CmpOp.GT)


def _two_values(v) -> ir.Expr:
    return ir.Cmp(CmpOp.LT, ir.Lit(1, Ty.INT), ir.Agg(AggFn.COUNT, v, True, Ty.INT))


def _value_twin(c, q, table):
    """(links {a key: op}, ``1 < COUNT(DISTINCT v)``, w(b) on ``a``) of a conjunct "a row of my
    group with another value of ``v``", else None."""
    a = q.source.alias
    s = getattr(c, "query", None)
    if not (isinstance(c, (ir.Exists, ir.InSub)) and _plain_sub(s, table.name, a)
            and not s.aggregate and not s.group_by and s.having is None):
        return None
    b, links = s.source.alias, {}
    if isinstance(c, ir.InSub):
        pairs = _in_pairs(c, a, b)
        if pairs is None:
            return None
        links = {x: CmpOp.EQ for x, _ in pairs}
    split = _split(s.where, a, b)
    if split is None:
        return None
    more, tests, theirs = split
    if any(k in links for k in more):
        return None
    links.update(more)
    if not links or not all(isinstance(k, ir.Col) and k.alias == a for k in links):
        return None
    if len(tests) != 1 or tests[0][1] != tests[0][2] or tests[0][0] not in _ROW_TESTS:
        return None
    v = tests[0][1]
    if _unique_given(v, {k.name.lower() for k in links}, table):
        return None  # (two rows of a group: twin_filter_as_having's COUNT(*))
    return links, _two_values(v), theirs


def _passing_group(c, q, table, law):
    """``_twin``'s reading of ``a.g.. IN (S)`` (S uncorrelated) once ``law`` has read S, as a
    DISTINCT select (IN ignores duplicates), as a grouping: "my group passes h'"; else None."""
    s = getattr(c, "query", None)
    s = inline_projection(s, False) if isinstance(s, ir.Select) else s  # (a CTE read as written)
    if not (isinstance(c, ir.InSub) and isinstance(s, ir.Select) and not s.distinct
            and not s.aggregate and not s.group_by and s.having is None and s.limit is None
            and not s.offset and not s.order):
        return None
    g = law(dataclasses.replace(s, distinct=True))
    if not (isinstance(g, ir.Select) and g.group_by and not g.distinct):
        return None
    found = _twin(dataclasses.replace(c, query=g), q, table)
    return None if found is None or found[1] is None else found


def value_pair_as_having(q, schema, typed: bool = False, shown: bool = True):
    """The module's first law on a select; ``q`` itself when it does not apply. ``shown``:
    the items' values are read (not only counted or compared by IN): each must be exact."""
    if not (isinstance(q, ir.Select) and q.having is None and q.limit is None and not q.offset
            and not q.order and _windowless(q)
            and (q.distinct and not q.aggregate and not q.group_by
                 or q.group_by and set(q.items) <= set(q.group_by)
                 and not any(isinstance(y, ir.Agg) for y in ir.nodes(q.items)))):
        return q
    r = q
    if isinstance(q.source, ir.Join):  # (a DISTINCT self-join read on one side: EXISTS)
        pairs = _distinct_pairs(q) if q.distinct and not q.group_by else None
        if pairs is None:
            return q
        r = dataclasses.replace(q, source=pairs[0], where=_and(pairs[1]))
    found = _match(r, schema, False, lambda c, r, table: _value_twin(c, r, table) or _passing_group(
        c, r, table, lambda s: value_pair_as_having(s, schema, typed, False)))
    if found is None:
        return q
    links, test, where, _ = found
    if (r.group_by and set(links) != set(r.group_by)) or not all(
            i in links and (not shown or _exact(i, i, typed)) for i in r.items):
        return q
    return dataclasses.replace(r, where=_and(where), group_by=tuple(links), having=test, aggregate=True,
                               distinct=r.distinct and not set(links) <= set(r.items))


def value_pair_under_distinct_count(q, schema, typed: bool = False):
    """``SELECT COUNT(DISTINCT a.k) .. FROM T a WHERE w AND c`` (no GROUP BY; every item a
    COUNT(DISTINCT) of a column of ``a``; ``c`` a value pair) is ``SELECT COUNT(DISTINCT d.k)
    .. FROM (value_pair_as_having's grouping of SELECT DISTINCT k.. FROM T a WHERE w AND c) d``:
    COUNT(DISTINCT) does not see how often a value repeats, nor which row shows it. One ``k``
    never NULL on a kept row: ``COUNT(*)`` (the grouping's rows are its distinct values)."""
    if not (isinstance(q, ir.Select) and q.aggregate and not q.group_by and q.having is None
            and not q.distinct and not q.order and q.limit is None and not q.offset
            and q.bare_from is None and _windowless(q) and isinstance(q.source, (ir.Scan, ir.Join))
            and all(isinstance(i, ir.Agg) and i.fn == AggFn.COUNT and i.distinct
                    and isinstance(i.arg, ir.Col) for i in q.items)):
        return q
    keys = tuple(dict.fromkeys(i.arg for i in q.items))
    d = ir.Select(q.source, q.where, (), None, keys, True, (), None, 0, False, ())
    g = value_pair_as_having(d, schema, typed, False)
    if g is d:
        return q
    t = g.source
    names = tuple(f"#{i}" for i in range(len(keys)))
    view = ir.Derived(dataclasses.replace(g, names=names), "(values)#0", names)
    col = {e: ir.Col(view.alias, n, e.ty, e.affinity) for e, n in zip(keys, names, strict=True)}
    star = ir.Agg(AggFn.COUNT_STAR, None, False, Ty.INT)
    if len(keys) == 1 and (schema.table(t.table).never_null(keys[0].name)
                           or ir.Not(ir.IsNull(keys[0])) in _conjuncts(g.where)):
        return dataclasses.replace(q, source=view, where=None, items=(star,) * len(q.items))
    return dataclasses.replace(q, source=view, where=None, items=tuple(
        dataclasses.replace(i, arg=col[i.arg]) for i in q.items))


def joined_value_pair_as_having(q, schema, typed: bool = False):
    """``SELECT DISTINCT f(k..) FROM J1, J2 WHERE w1 AND w2 AND k = k' .. AND x.v <> y.v`` (or
    ``FROM J1 WHERE w1 AND EXISTS (SELECT .. FROM J2 ..)``; ``<``, ``>``), ``J2``, ``w2`` a
    renamed copy of the join ``J1``, ``w1`` (two tables or more), the items reading the keys
    only (exact), is ``SELECT f(k..) FROM J1 WHERE w1 [AND k IS NOT NULL] GROUP BY k.. HAVING
    1 < COUNT(DISTINCT v)``: "orders spanning two sections" whatever ``J1`` is (a row of
    ``J1`` repeated changes neither DISTINCT nor COUNT(DISTINCT)); where ``v`` is unique
    (``pair_in_joined_group_as_having`` reads the pair as ``1 < COUNT(*)``) it is left alone."""
    if not (schema is not None and _plain(q) and q.distinct and (got := _rows(q)) is not None
            and not any(schema.table(x.table).collated for x in got[0])
            and pair_in_joined_group_as_having(q, schema, typed) is q):
        return q
    leaves, conds = got
    for scans, sigma in _halves(leaves):
        split = _split_join(conds, sigma)
        if split is None:
            continue
        own, links, (_, v) = split
        by_alias, not_null = {x.alias: x for x in scans}, []
        for k, op in links.items():
            col = _link_column(k)
            if col is None or not _exact_key(k, col, typed):
                return q
            if op == CmpOp.EQ and not schema.table(by_alias[col.alias].table).never_null(col.name):
                not_null.append(ir.Not(ir.IsNull(k)))
        hole = ir.Lit(None, Ty.NULL)
        rest = ir.nodes(tuple(_deep(i, lambda e, ls=links, h=hole: h if e in ls else e) for i in q.items))
        if any(isinstance(y, ir.Col) for y in rest) or not all(
                _exact(i, i, typed) for i in q.items if isinstance(i, ir.Col)):
            return q
        return dataclasses.replace(q, source=_flat_source(scans), where=_and([*own, *not_null]),
                                   aggregate=True, distinct=not all(k in q.items for k in links),
                                   group_by=tuple(links), having=_two_values(v))
    return q


def extremes_as_value_count(q, schema):
    """The module's second law on a select (``group_twins._extremes`` with ``COUNT(DISTINCT
    v)``); ``q`` itself when it does not apply."""
    if not (isinstance(q, ir.Select) and schema is not None and q.aggregate and q.having is not None):
        return q
    scans = {y.alias: y for y in ir.nodes((q.source,)) if isinstance(y, ir.Scan)}

    def plain(v):
        return (isinstance(v, ir.Col) and v.alias in scans
                and not schema.table(scans[v.alias].table).collated)

    return having_tests(q, lambda c: _extremes(c, plain, lambda v: ir.Agg(AggFn.COUNT, v, True, Ty.INT)))


VALUE_PAIR_RULE = (
    "value_pair_as_having", "SELECT [DISTINCT] k.. FROM T a WHERE w AND a.g IN (SELECT b.g FROM "
    "T b WHERE b.v <> a.v AND w(b)) [GROUP BY g..] (or EXISTS with b.g = a.g), v not unique, "
    "items keys only, is SELECT k.. FROM T WHERE w GROUP BY g.. HAVING 1 < COUNT(DISTINCT v)",
    ("select",), lambda canon, q, ctx: value_pair_as_having(q, canon.schema, canon.typed), True)

EXTREMES_VALUE_RULE = (
    "extremes_as_value_count", "HAVING MIN(v) <> MAX(v) (<, >; =) is HAVING 1 < COUNT(DISTINCT "
    "v) (COUNT(DISTINCT v) = 1), v a column of an uncollated table",
    ("select",), lambda canon, q, ctx: extremes_as_value_count(q, canon.schema))

VALUE_COUNT_RULE = (
    "value_pair_under_distinct_count", "SELECT COUNT(DISTINCT a.k) FROM T a WHERE w AND (a row "
    "of a's group with another v) is COUNT(DISTINCT d.k) over value_pair_as_having's grouping d",
    ("select",), lambda canon, q, ctx: value_pair_under_distinct_count(q, canon.schema, canon.typed), True)

JOINED_VALUE_RULE = (
    "joined_value_pair_as_having", "SELECT DISTINCT k.. FROM J1, J2 WHERE w1 AND w2 AND k = k' .. "
    "AND x.v <> y.v, J2 a renamed copy of the join J1, is SELECT k.. FROM J1 WHERE w1 GROUP BY "
    "k.. HAVING 1 < COUNT(DISTINCT v)", ("select",),
    lambda canon, q, ctx: joined_value_pair_as_having(q, canon.schema, canon.typed), True)

VALUE_PAIR_FAMILY = (VALUE_PAIR_RULE, VALUE_COUNT_RULE, EXTREMES_VALUE_RULE, JOINED_VALUE_RULE)
