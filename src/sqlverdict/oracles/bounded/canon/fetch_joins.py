"""Joins that only fetch, under DISTINCT or on a key (issue 25, i43b): ``in_own_row_of_semijoin``,
``distinct_over_leaf_keys`` and ``left_join_matched_by_twin``.

- ``in_own_row_of_semijoin`` (site ``semijoin``): ``key_filters.in_own_row`` once more,
  after ``semijoins`` has made a filtering join an ``IN``: a self-join on a unique key to a
  filtered copy of the table (QueryBooster's ``T JOIN (SELECT DISTINCT k FROM T WHERE p) f
  ON f.k = T.k``) is ``p`` on the row itself. The law and its soundness are
  ``in_own_row``'s: the subquery can only find the row whose key equals ``x``, the joined
  scan itself; a conjunct FALSE or NULL drops the row either way.
- ``distinct_over_leaf_keys`` (site ``select``): ``SELECT DISTINCT`` over a FROM of
  inner, cross and LEFT joins of tables only, whose items show as plain columns the whole
  never-NULL primary key of every table, removes nothing (Hibernate's ``select distinct
  p.id, .., c.id from post p left join comment c`` of a join fetch). Sound in SQLite: a row
  of such a join is a tuple of one row (or the NULL padding) per table, and two rows are
  different tuples (an inner or cross join pairs distinct rows; a LEFT JOIN pads a left
  row once, and only when nothing matches it); a WHERE only drops rows. Two different
  tuples differ at some table: both real rows, whose keys differ as the key's index
  compares them, which is how DISTINCT compares the shown key columns (no collation:
  the rule wants none); or a real row and the padding, a non-NULL key against NULL. So
  the items differ. A key that may hold NULL (a TEXT primary key) identifies no row, and
  a table whose key is not shown (the join fetch of ``c.body``) may repeat a row: the
  near misses stay.
- ``left_join_matched_by_twin`` (site ``select``): ``A LEFT JOIN T b ON c(b)`` where ``A``
  scans ``T`` as ``a`` outside any outer join's padded side and every conjunct of
  ``c(a)`` (the ON read on ``a`` instead of ``b``) is a conjunct that every kept row
  satisfies (an inner join's ON inside ``A``, or, the join on the select's own spine, a
  WHERE conjunct) is ``A JOIN T b ON c(b)``: SQLAlchemy's ``joinedload`` next to an
  explicit join of the same relation (``JOIN author ON author.id = post.author_id LEFT
  OUTER JOIN author AS author_1 ON author_1.id = post.author_id``). Sound in SQLite: on a
  row of ``A`` that a kept row comes from, ``c(a)`` is TRUE (the same expression on the
  same values: ``b`` and ``a`` are scans of one table, so the comparisons convert alike),
  so ``b = a`` matches and the LEFT JOIN pads nothing there; a padded row comes from a
  row of ``A`` where some conjunct of ``c(a)`` is not TRUE, which the inner join never
  made or the WHERE drops (it reads ``A``'s columns, which the padded row keeps). The
  inner join on a key then merges with ``a`` (``self_join_on_key``). The near miss, the
  filter in the LEFT JOIN's ON (a contains_eager misuse), has a conjunct ``a`` need not
  satisfy. Where the ON equates every column of a unique key of ``T`` (no collated column)
  with values ``a`` equals too, ``b`` is ``a`` itself (the key's index compares as ``=``
  does: two rows equal to one value on a whole unique key are one row), so the join goes
  and ``b``'s columns are read as ``a``'s.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import JoinKind
from .counted_semijoins import COUNTED_SEMIJOIN_RULE
from .distinct_counts import COUNTED_GROUPS_RULE, COUNTED_VALUES_RULE, DISTINCT_COUNT_RULES
from .key_filters import in_own_row
from .pair_parents import PAIR_PARENTS_RULE
from .quantified import conditions
from .relation_atoms import EXISTS_UNDER_OR_RULE, KEY_ROW_ATOM_RULE, OR_ACROSS_RULE
from .terms import Flat, _conjuncts, _key, _replace_cols, _unique_keys, _windowless


def _unwrapped(c):
    """``x IN (SELECT d.c FROM (SELECT [DISTINCT] e FROM F WHERE p) d)`` as ``x IN (SELECT
    e FROM F WHERE p)``: an IN reads the set of values, which a projection of a derived
    table and its DISTINCT do not change (no aggregate, GROUP BY, LIMIT or window)."""
    q = c.query if isinstance(c, ir.InSub) else None
    if not (isinstance(q, ir.Select) and isinstance(q.source, ir.Derived) and q.where is None
            and not q.aggregate and not q.group_by and q.limit is None and not q.offset
            and q.bare_from is None and len(q.items) == 1):
        return c
    d, x = q.source, q.items[0]
    inner = d.query
    if not (isinstance(inner, ir.Select) and isinstance(x, ir.Col) and x.alias == d.alias
            and x.name in d.names and len(d.names) == len(inner.items) and not inner.aggregate
            and not inner.group_by and inner.limit is None and not inner.offset
            and inner.bare_from is None and _windowless(inner)):
        return c
    item = inner.items[d.names.index(x.name)]
    view = dataclasses.replace(inner, items=(item,), distinct=False, order=(), names=())
    return dataclasses.replace(c, query=view)


def in_own_row_of_semijoin(c, leaves, conds, schema):
    """``in_own_row`` of the conjunct ``c``, its subquery a projection of a derived table
    read as the derived table itself (``_unwrapped``)."""
    u = _unwrapped(c)
    if u is c:
        return c  # (a plain IN was in_own_row's, at the site sources)
    out = in_own_row(u, leaves, conds, schema)
    return c if out is u else out

OWN_ROW_SEMIJOIN_RULE = (
    "in_own_row_of_semijoin", "in_own_row after semijoins made a join an IN: T JOIN (SELECT "
    "DISTINCT k FROM T WHERE p) f ON f.k = T.k, k a unique key of T, is T WHERE p",
    ("semijoin",), lambda canon, v, ctx: conditions(
        lambda c, leaves: in_own_row_of_semijoin(c, leaves, v[2], canon.schema), *v) or v)


def _join_scans(src) -> list | None:
    """The scans of a FROM of inner, cross and LEFT joins of tables only, else None."""
    if isinstance(src, ir.Scan):
        return [src]
    if isinstance(src, Flat):
        out = [_join_scans(x) for x in src.leaves]
        return None if None in out else [s for x in out for s in x]
    if isinstance(src, ir.Join) and src.kind in (JoinKind.INNER, JoinKind.CROSS, JoinKind.LEFT):
        a, b = _join_scans(src.left), _join_scans(src.right)
        return None if a is None or b is None else a + b
    return None


def distinct_over_leaf_keys(q, schema):
    """``q`` without its DISTINCT when its items show every table's never-NULL primary key
    (module docstring)."""
    if not (isinstance(q, ir.Select) and q.distinct and not q.aggregate and not q.group_by
            and q.bare_from is None and schema is not None and _windowless(q)):
        return q
    scans = _join_scans(q.source)
    if not scans or len(scans) < 2:
        return q  # (one table: distinct_over_key's and distinct_over_key_set's)
    shown = {(i.alias, i.name.lower()) for i in q.items if isinstance(i, ir.Col)}
    for s in scans:
        t = schema.table(s.table)
        key = [c.lower() for c in t.primary_key]
        if not (t.key_never_null and not t.collated
                and all((s.alias, c) in shown for c in key)):
            return q
    return dataclasses.replace(q, distinct=False)


def _unpadded(src, out: list) -> list:
    """The scans of ``src`` that no outer join pads and the ON conjuncts that hold on each
    of its rows, appended to ``out`` as ("scan", s) and ("cond", c); None for a FROM this
    does not read (derived tables, RIGHT and FULL joins are left alone)."""
    if isinstance(src, ir.Scan):
        out.append(("scan", src))
    elif isinstance(src, ir.Join) and src.kind in (JoinKind.INNER, JoinKind.CROSS):
        _unpadded(src.left, out)
        _unpadded(src.right, out)
        out += [("cond", c) for c in _conjuncts(src.on)]
    elif isinstance(src, ir.Join) and src.kind == JoinKind.LEFT:
        _unpadded(src.left, out)
    else:
        out.append(("other", src))
    return out


def _twin_matched(join: ir.Join, held: list, schema):
    """``join`` (a LEFT JOIN of a scan) as an inner join when a twin scan of its table in
    its left input satisfies its ON wherever ``held`` (conjuncts) holds, else None."""
    b = join.right
    if not (join.kind == JoinKind.LEFT and isinstance(b, ir.Scan) and join.on is not None):
        return None
    got = _unpadded(join.left, [])
    held = {_key(c) for c in held} | {_key(c) for kind, c in got if kind == "cond"}
    for kind, a in got:
        if kind != "scan" or a.table != b.table or a.alias == b.alias:
            continue
        rep = {(b.alias, n): ir.Col(a.alias, n, ty, aff) for n, ty, aff in b.columns}
        on = [_replace_cols(c, rep) for c in _conjuncts(join.on)]
        if all(_key(c) in held or _key(_mirror(c)) in held for c in on):
            if _on_a_key(join.on, b, schema):
                return join.left, rep  # b is a: the join goes, b read as a
            return dataclasses.replace(join, kind=JoinKind.INNER), None
    return None


def _on_a_key(on, b: ir.Scan, schema) -> bool:
    """Does ``on`` hold ``b.c = e`` (``e`` not reading ``b``) for every column of a unique
    key of ``b``'s table (no collated column)?"""
    t = schema.table(b.table) if schema is not None else None
    if t is None or t.collated:
        return False
    fixed = set()
    for c in _conjuncts(on):
        if isinstance(c, ir.Cmp) and c.op.value == "=":
            for x, e in ((c.left, c.right), (c.right, c.left)):
                if (isinstance(x, ir.Col) and x.alias == b.alias
                        and b.alias not in {y.alias for y in ir.nodes(e) if isinstance(y, ir.Col)}):
                    fixed.add(x.name.lower())
    return any(k and set(k) <= fixed for k in _unique_keys(t))


def _mirror(c):
    """``x = y`` as ``y = x`` (no conversion), else ``c``."""
    if isinstance(c, ir.Cmp) and c.op.value == "=" and not c.conv:
        return dataclasses.replace(c, left=c.right, right=c.left)
    return c


def left_join_matched_by_twin(q, schema=None):
    """``q`` with a LEFT JOIN on its spine that a twin scan always matches as an inner join,
    or gone with its scan read as the twin where it matches on a unique key (module
    docstring)."""
    if not (isinstance(q, ir.Select) and isinstance(q.source, ir.Join) and q.limit is None
            and not q.offset):
        return q  # (a cut without an order may pick rows as the plan meets them)
    where = _conjuncts(q.where)
    found = []

    def walk(src, spine: bool):
        if not isinstance(src, ir.Join) or found:
            return src
        new = _twin_matched(src, where if spine else [], schema)
        if new is not None:
            found.append(new[1])
            return new[0]
        left = walk(src.left, spine and src.kind in (JoinKind.INNER, JoinKind.CROSS, JoinKind.LEFT))
        right = walk(src.right, spine and src.kind in (JoinKind.INNER, JoinKind.CROSS))
        if left is src.left and right is src.right:
            return src
        return dataclasses.replace(src, left=left, right=right)
    src = walk(q.source, True)
    if src is q.source:
        return q
    rep = found[0]
    if rep is None:
        return dataclasses.replace(q, source=src)
    return dataclasses.replace(
        q, source=_renamed_ons(src, rep), where=_replace_cols(q.where, rep),
        items=_replace_cols(q.items, rep), group_by=_replace_cols(q.group_by, rep),
        having=_replace_cols(q.having, rep), order=_replace_cols(q.order, rep))


def _renamed_ons(src, rep: dict):
    if isinstance(src, ir.Join):
        return dataclasses.replace(src, left=_renamed_ons(src.left, rep),
                                   right=_renamed_ons(src.right, rep),
                                   on=_replace_cols(src.on, rep))
    return src


TWIN_JOIN_RULE = (
    "left_join_matched_by_twin", "A LEFT JOIN T b ON c(b), A scanning T as a unpadded and "
    "c(a) holding on every kept row (inner ON in A, or WHERE), is A JOIN T b ON c(b): a "
    "matches, nothing is padded", ("select",),
    lambda canon, q, ctx: left_join_matched_by_twin(q, canon.schema), True)


LEAF_KEY_RULE = (
    "distinct_over_leaf_keys", "SELECT DISTINCT over inner, cross and LEFT joins of tables, "
    "the items holding every table's never-NULL primary key, is SELECT: no two joined rows "
    "agree on every key (padding: once per row)", ("select",),
    lambda canon, q, ctx: distinct_over_leaf_keys(q, canon.schema), True)

# i43b's entries (i57b's pair_parents.py first), in one place of the registry (after
# ``semijoins``, which the first needs; the others' sites have no order they depend on: the
# select rules restart it)
FETCH_RULES = (PAIR_PARENTS_RULE, OWN_ROW_SEMIJOIN_RULE, LEAF_KEY_RULE, TWIN_JOIN_RULE,
               (*COUNTED_GROUPS_RULE, True), *DISTINCT_COUNT_RULES, COUNTED_SEMIJOIN_RULE, KEY_ROW_ATOM_RULE,
               OR_ACROSS_RULE, COUNTED_VALUES_RULE, EXISTS_UNDER_OR_RULE)
