"""The domain of the outer columns and the join back to it (issue 25, i63d): Neumann and
Kemper's decorrelation of a correlated COUNT over the DISTINCT domain of the outer columns,
``WITH d AS (SELECT DISTINCT k, c FROM T), x AS (SELECT d.k, COUNT(r.f) AS n FROM d LEFT
JOIN R r ON p(d, r) GROUP BY d.k) SELECT t.k, x.n FROM T t JOIN x ON x.k = t.k``, read as the
one LEFT JOIN of ``T`` that the correlated subquery is (``count_join_as_subquery``). Two laws:

- ``distinct_view_over_key``: a derived table ``SELECT DISTINCT e.. FROM T WHERE w`` (one
  scan, no aggregate, window, ORDER BY, LIMIT or OFFSET) whose items hold, as plain columns,
  every column of a unique key of ``T`` (primary key or UNIQUE) that is never NULL, anywhere
  in a FROM clause that holds an outer join, is the same table without DISTINCT. Two rows of ``T`` differ in the key
  (never NULL, so a unique key identifies the row in SQLite too: UNIQUE lets NULLs repeat),
  so the items of two rows differ in a key column and no row is a duplicate. (The select's
  own DISTINCT is ``distinct_over_key``'s; this one reaches a view under a join, before the
  view merging laws read it, which merge no DISTINCT view. Only in a FROM with an outer join: among inner joins the
  view merging and ``distinct_product`` read a DISTINCT view as it stands, and a DISTINCT
  dropped there would part forms they equate.)
- ``self_join_on_key_in_tree``: in a FROM tree holding outer joins, ``S JOIN B ON a.k = B.k
  ..`` (inner, either order), ``B`` a scan of table ``T``, ``a`` a scan of ``T`` in ``S`` that
  no outer join inside ``S`` pads, ``k`` every column of a unique key of ``T`` that is never
  NULL, each equality of a column with itself (no conversion), is ``S``, ``B``'s columns read
  as ``a``'s. Each row of ``S`` holds a row of ``T`` in ``a`` (not padded: a real row, its
  key not NULL); the only row of ``T`` whose key equals it (the comparison of a column with
  itself, under its own collation, and the key unique under it) is that row, so ``B`` adds
  one row, ``a``'s own, whose every column holds ``a``'s value (identical values). The join's
  other conjuncts then read ``a``: they go to the WHERE, allowed only when no outer join pads
  the join (a filter of the preserved side filters the same rows before the outer join as
  after). ``joins.self_join_on_key`` is the law over inner joins only; a scan ``a`` that an
  outer join inside ``S`` pads is refused (the inner join drops the padded rows, ``S`` keeps
  them), and so is a derived or filtered ``B`` (a row of ``a`` may find none).

Both hold for every SQLite database that keeps its declared keys.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import CmpOp, JoinKind
from .terms import _and, _conjuncts, _replace_cols, _unique_keys, _windowless


def _never_null_keys(schema, table: str) -> list[set[str]]:
    t = schema.table(table)
    return [set(k) for k in _unique_keys(t) if k and all(t.never_null(c) for c in k)]


def _distinct_over_own_key(d, schema) -> bool:
    s = d.query
    if not (isinstance(s, ir.Select) and s.distinct and not s.aggregate and not s.group_by
            and s.having is None and not s.order and s.limit is None and not s.offset
            and s.bare_from is None and _windowless(s) and isinstance(s.source, ir.Scan)):
        return False
    cols = {i.name.lower() for i in s.items if isinstance(i, ir.Col) and i.alias == s.source.alias}
    return any(k <= cols for k in _never_null_keys(schema, s.source.table))


def distinct_view_over_key(q, schema):
    """``q`` with the DISTINCT of its key-holding one-table views dropped (the module's first
    law), else ``q``."""
    if not isinstance(q, ir.Select) or not _has_outer(q.source):
        return q

    def walk(src):
        if isinstance(src, ir.Join):
            return dataclasses.replace(src, left=walk(src.left), right=walk(src.right))
        if isinstance(src, ir.Derived) and _distinct_over_own_key(src, schema):
            return dataclasses.replace(src, query=dataclasses.replace(src.query, distinct=False))
        return src

    source = walk(q.source)
    return q if source == q.source else dataclasses.replace(q, source=source)


def _unpadded_scans(src, padded: bool = False) -> list:
    """The scans of the FROM tree ``src`` that no outer join of the tree pads."""
    if isinstance(src, ir.Join):
        return (_unpadded_scans(src.left, padded or src.kind in (JoinKind.RIGHT, JoinKind.FULL))
                + _unpadded_scans(src.right, padded or src.kind in (JoinKind.LEFT, JoinKind.FULL)))
    return [src] if isinstance(src, ir.Scan) and not padded else []


def _has_outer(src) -> bool:
    return isinstance(src, ir.Join) and (src.kind not in (JoinKind.INNER, JoinKind.CROSS)
                                         or _has_outer(src.left) or _has_outer(src.right))


def _own_key_match(j, schema):
    """(the kept side, ``B``'s alias -> ``a``'s alias map, residual conjuncts) when ``j`` is
    ``S JOIN B ON a.k = B.k ..`` as the module's second law reads it, else None."""
    if not isinstance(j, ir.Join) or j.kind not in (JoinKind.INNER, JoinKind.CROSS):
        return None
    for s, b in ((j.left, j.right), (j.right, j.left)):
        if not isinstance(b, ir.Scan):
            continue
        keys = _never_null_keys(schema, b.table)
        for a in _unpadded_scans(s):
            if a.table != b.table:
                continue
            equal = {c.left.name.lower(): c for c in _conjuncts(j.on) if _same_column(c, a, b)}
            for k in keys:
                if k <= set(equal):
                    dropped = {id(equal[n]) for n in k}
                    return s, a, b, [c for c in _conjuncts(j.on) if id(c) not in dropped]
    return None


def _same_column(c, a, b) -> bool:
    """Is ``c`` ``a.x = b.x`` (either order), without conversion?"""
    return (isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and not c.conv
            and isinstance(c.left, ir.Col) and isinstance(c.right, ir.Col)
            and c.left.name.lower() == c.right.name.lower()
            and {c.left.alias, c.right.alias} == {a.alias, b.alias})


def self_join_on_key_in_tree(q, schema):
    """``q`` with one scan joined to its own row on a key dropped (the module's second law),
    else ``q``."""
    if not isinstance(q, ir.Select) or not _has_outer(q.source):
        return q
    found: list = []

    def walk(src, padded):
        if not isinstance(src, ir.Join) or found:
            return src
        m = _own_key_match(src, schema)
        if m is not None and (not m[3] or not padded):
            found.append((m, padded))
            return m[0]
        left = walk(src.left, padded or src.kind in (JoinKind.RIGHT, JoinKind.FULL))
        right = walk(src.right, padded or src.kind in (JoinKind.LEFT, JoinKind.FULL))
        return dataclasses.replace(src, left=left, right=right)

    source = walk(q.source, False)
    if not found:
        return q
    (_, a, b, rest), _ = found[0]
    rep = {(b.alias, name): ir.Col(a.alias, name, ty, aff) for name, ty, aff in b.columns}
    out = _replace_cols(dataclasses.replace(q, source=source), rep)
    return dataclasses.replace(out, where=_and(_conjuncts(out.where) + [_replace_cols(c, rep) for c in rest]))


DOMAIN_JOIN_RULES = (
    ("distinct_view_over_key", "a derived SELECT DISTINCT over one table whose items hold a "
     "never-NULL unique key of it, in a FROM with an outer join, has no duplicate to drop: no "
     "DISTINCT (canon/domain_joins.py)",
     ("unordered",), lambda canon, q, ctx: distinct_view_over_key(q, canon.schema), True),
    ("self_join_on_key_in_tree", "S JOIN B ON a.k = B.k, B a scan of a's table, a a scan of S "
     "no outer join pads, k a never-NULL unique key, is S with B read as a, under outer joins "
     "too (canon/domain_joins.py)",
     ("unordered",), lambda canon, q, ctx: self_join_on_key_in_tree(q, canon.schema), True),
)
