"""A top-1 row whose ties a later ORDER BY key breaks, as the row holding the extrema:
``top_one_tie_break`` (one table, the last key unique) and ``top_group_as_having`` (groups
ordered by a count first); ``no_ties``: no two groups tie on an ORDER BY holding every
GROUP BY key, no two rows on one holding a never-NULL unique key.

Text-to-SQL answers write "the stadium of the largest capacity, the smallest id among
ties" as ``ORDER BY capacity DESC, stadium_id LIMIT 1`` or as ``stadium_id = (SELECT
MIN(stadium_id) FROM stadium WHERE capacity = (SELECT MAX(capacity) FROM stadium))``, and
"the year with the most concerts" as ``ORDER BY COUNT(*) DESC, year LIMIT 1`` or as
``HAVING COUNT(*) = (SELECT MAX(n) FROM (SELECT COUNT(*) AS n .. GROUP BY year)) ORDER BY
year LIMIT 1``. The law: the first row by ``(x, rest)`` is the first row by ``rest`` among
the rows whose ``x`` is the extremum, when ``x`` is never NULL on a kept row (ORDER BY puts
NULL first ascending, last descending; MIN/MAX skip it) and rows tie on ``x`` under ORDER
BY exactly when ``x = extremum`` holds (binary collation: ``=`` and ORDER BY compare one
way, ``1`` ties ``1.0`` under both).
"""

from __future__ import annotations

import dataclasses
import itertools

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Ty
from .terms import _and, _conjuncts, _deep, _has_sub, _unique_keys, _windowless
from .top_one import _PURE, _fixed, _null_flag_of, _scans

_MAX_KEYS = 3  # leading keys before the unique one: each doubles the copied subqueries


def _not_null_conj(c, x) -> bool:
    return isinstance(c, ir.Not) and isinstance(c.arg, ir.IsNull) and c.arg.arg == x


def _plain_key(k, scan, table) -> bool:
    return (isinstance(k, ir.Col) and k.alias == scan.alias and k.ty in (Ty.INT, Ty.REAL, Ty.TEXT)
            and k.name.lower() not in {c.lower() for c in table.collated})


def _tie_broken_order(q, schema):
    """(scan, leading keys, unique key) of ``SELECT .. FROM T WHERE p ORDER BY x1, .., k
    LIMIT 1``: no aggregate, DISTINCT, OFFSET or window, ``p`` deterministic without
    subqueries, each ``xi`` a column of binary collation never NULL on a kept row (NOT
    NULL, or ``xi IS NOT NULL`` a conjunct of ``p``; its NULLS flag then aside), ``k`` a
    never-NULL column that alone is a unique key of ``T``; else None."""
    if not (isinstance(q, ir.Select) and isinstance(q.source, ir.Scan) and q.limit == 1
            and not q.offset and not q.aggregate and not q.group_by and q.having is None
            and not q.distinct and q.bare_from is None and _windowless(q)):
        return None
    scan, table = q.source, schema.table(q.source.table)
    conds = _conjuncts(q.where)
    if not all(isinstance(y, _PURE) for c in conds for y in ir.local_nodes(c)):
        return None
    kept = [k for k, _ in q.order if isinstance(k, ir.Col)]
    keys = [(k, d) for k, d in q.order if not any(_null_flag_of(k, x) for x in kept)]
    if not (2 <= len(keys) <= _MAX_KEYS + 1 and all(_plain_key(k, scan, table) for k, _ in keys)):
        return None
    *lead, last = keys
    if not all(table.never_null(x.name) or any(_not_null_conj(c, x) for c in conds)
               for x, _ in keys):
        return None
    flags = [k for k, _ in q.order if any(_null_flag_of(k, x) for x in kept)]
    if len(flags) + len(keys) != len(q.order) or [last[0].name.lower()] not in _unique_keys(table):
        return None
    return scan, lead, last


def top_one_tie_break(q, schema):
    """``SELECT e FROM T t WHERE p ORDER BY t.x DESC, t.k LIMIT 1`` (``_tie_broken_order``;
    up to three leading keys, each ASC (MIN) or DESC (MAX)) is ``SELECT e FROM T t WHERE
    t.k = (SELECT MIN(k) FROM T WHERE p AND x = (SELECT MAX(x) FROM T WHERE p))``: the
    first row is the one of least ``k`` among the kept rows of greatest ``x``, and ``k``
    unique finds that row (it satisfies ``p``), none when no row is kept. A conjunct
    ``x IS NOT NULL`` goes where ``x = ..`` or ``MAX(x)`` implies it."""
    found = _tie_broken_order(q, schema)
    if found is None:
        return q
    scan, lead, (k, k_desc) = found
    conds, fresh = _conjuncts(q.where), itertools.count()

    def copy(e, alias):
        return _deep(e, lambda y: dataclasses.replace(y, alias=alias)
                     if isinstance(y, ir.Col) and y.alias == scan.alias else y)

    def filtered(n: int, alias: str) -> list:
        """The conjuncts of a copy that keeps the rows tied with the first on lead[:n]."""
        out = [copy(c, alias) for c in conds if not any(_not_null_conj(c, x) for x, _ in lead[:n])]
        for i, (x, desc) in enumerate(lead[:n]):
            out.append(ir.Cmp(CmpOp.EQ, copy(x, alias), extremum(x, desc, i)))
        return out

    def extremum(x, desc: bool, n: int):
        a = f"{scan.alias}_tb{next(fresh)}"
        where = [c for c in filtered(n, a) if not _not_null_conj(c, copy(x, a))]
        agg = ir.Agg(AggFn.MAX if desc else AggFn.MIN, copy(x, a), False, x.ty)
        sub = ir.Select(dataclasses.replace(scan, alias=a), _and(where), (), None, (agg,), False,
                        (), None, 0, True, ())
        return ir.ScalarSub(sub, x.ty)

    pick = extremum(k, k_desc, len(lead))
    return dataclasses.replace(q, where=ir.Cmp(CmpOp.EQ, k, pick), order=(), limit=None)


def _counted(e) -> bool:
    """A count: never NULL, an integer, so ``=`` and ORDER BY tie alike."""
    return isinstance(e, ir.Agg) and e.fn in (AggFn.COUNT, AggFn.COUNT_STAR)


def top_group_as_having(q, ordered=_counted):
    """``SELECT .. FROM F WHERE w GROUP BY g HAVING h ORDER BY c DESC, rest LIMIT 1``, ``c``
    a COUNT, ``F`` a join of tables, no subquery or outer column, DISTINCT, OFFSET or
    window, is ``..
    HAVING h AND c = (SELECT MAX(n) FROM (SELECT c AS n FROM F WHERE w GROUP BY g HAVING
    h)) ORDER BY rest LIMIT 1`` (ASC: MIN): the first group by ``(c, rest)`` is the first by
    ``rest`` among the groups of the greatest count."""
    if not (isinstance(q, ir.Select) and q.group_by and q.aggregate and q.limit == 1
            and not q.offset and not q.distinct and q.bare_from is None and len(q.order) >= 2
            and _windowless(q) and ordered(q.order[0][0])):
        return q
    scans = _scans(q.source)
    parts = [e for e in (q.where, q.having, *q.group_by, q.order[0][0], *_on_conds(q.source)) if e is not None]
    if scans is None or any(_has_sub(e) for e in parts) or not all(
            y.alias in scans for e in parts for y in ir.local_nodes(e) if isinstance(y, ir.Col)):
        return q  # a subquery, or an outer column: the copy would be correlated
    (c, desc), rest = q.order[0], q.order[1:]
    having = _and([*_conjuncts(q.having), ir.Cmp(CmpOp.EQ, c, extremum_of_groups(q, c, desc, "tg"))])
    return dataclasses.replace(q, having=having, order=rest)


def extremum_of_groups(q: ir.Select, c, desc: bool, tag: str) -> ir.ScalarSub:
    """``(SELECT MAX(n) FROM (SELECT c AS n FROM F WHERE w GROUP BY g HAVING h))`` (``desc``
    false: MIN) over a copy of the grouped ``q``'s sources, its aliases suffixed ``_tag``:
    the extremum of ``c`` over ``q``'s groups (``q``'s sources scans, nothing correlated)."""
    scans = _scans(q.source)
    rename = {a: f"{a}_{tag}" for a in scans}

    def copy(e):
        return _deep(e, lambda y: dataclasses.replace(y, alias=rename[y.alias])
                     if isinstance(y, ir.Col) and y.alias in rename else y)

    inner = ir.Select(_renamed_source(q.source, rename), copy(q.where), copy(q.group_by),
                      copy(q.having), (copy(c),), False, (), None, 0, True, ())
    alias = "_".join(sorted(scans)) + f"_{tag}d"
    n = ir.Col(alias, "#0", c.ty, None)
    top = ir.Select(ir.Derived(inner, alias, ("#0",)), None, (), None,
                    (ir.Agg(AggFn.MAX if desc else AggFn.MIN, n, False, c.ty),), False, (), None,
                    0, True, ())
    return ir.ScalarSub(top, c.ty)


def _on_conds(src) -> list:
    if isinstance(src, ir.Join):
        return [src.on, *_on_conds(src.left), *_on_conds(src.right)]
    return []


def _renamed_source(src, rename: dict):
    if isinstance(src, ir.Join):
        return dataclasses.replace(src, left=_renamed_source(src.left, rename),
                                   right=_renamed_source(src.right, rename),
                                   on=_deep(src.on, lambda y: dataclasses.replace(y, alias=rename[y.alias])
                                            if isinstance(y, ir.Col) and y.alias in rename else y))
    return dataclasses.replace(src, alias=rename[src.alias])


def rows_apart(q, schema) -> bool:
    """Can no two rows of a select of one table (no aggregate or DISTINCT) tie on its ORDER
    BY? Yes when its ORDER BY columns of binary collation, never NULL, with the columns its
    WHERE fixes to literals, hold a unique key: rows tied on every key are tied on those,
    so one row. The other keys may be anything (a NULLable column, an expression)."""
    if not (isinstance(q, ir.Select) and isinstance(q.source, ir.Scan) and schema is not None
            and not q.aggregate and not q.group_by and q.bare_from is None and not q.distinct):
        return False
    scan = q.source
    table = schema.table(scan.table)
    known = _fixed(_conjuncts(q.where), scan.alias) | {
        k.name.lower() for k, _ in q.order if _plain_key(k, scan, table) and table.never_null(k.name)}
    return any(u and set(u) <= known for u in _unique_keys(table))


def no_ties(q, schema) -> bool:
    """``groups_apart`` or ``rows_apart``: a LIMIT of ``q`` cuts between no tied rows."""
    return groups_apart(q) or rows_apart(q, schema)


def groups_apart(q) -> bool:
    """Can no two rows of a grouped select tie on its ORDER BY? Yes when the ORDER BY keys
    hold every GROUP BY key (the same expressions, so the same collation): two groups
    differ on a key as GROUP BY compares it, and ORDER BY compares it alike (NULLs are one
    group and tie with each other)."""
    return (isinstance(q, ir.Select) and bool(q.group_by) and not q.distinct and _windowless(q)
            and all(any(g == k for k, _ in q.order) for g in q.group_by))
