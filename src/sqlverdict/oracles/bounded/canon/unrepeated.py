"""DISTINCT over values no two joined rows share (issue 25, i44d): ``distinct_of_unrepeated_key``.

The law (site ``select``): in an aggregate select over a tree of joins (one table alone is
``count_distinct_of_key``'s), ``AGG(DISTINCT e)``
(COUNT, SUM, AVG, TOTAL) is ``AGG(e)`` when every non-NULL value of ``e`` is a one-column
unique key ``b.u`` of a scanned table ``b`` whose rows the join repeats at most once:
``b.u`` itself, or ``CASE WHEN .. THEN b.u .. [ELSE NULL] END`` with ``b.u`` or NULL in
every arm. Then no two rows of a group hold equal non-NULL values of ``e``, and DISTINCT
drops nothing: the aggregates skip NULL alike. This is how BI tools count over a fan-out
(Tableau's COUNTD over a relationship, Looker's symmetric counts and filtered count
measures): ``COUNT(DISTINCT u.user_id)`` over ``app_user LEFT JOIN account`` is
``COUNT(u.user_id)``, and the rules that read ``COUNT`` of a never-NULL column take it on.

Which rows the join repeats (``_once``; aliases whose one source row, when not NULL-padded,
is in at most one joined row):

- a scan is its own rows once;
- ``L JOIN R ON c`` (any kind: padding adds a row once for a source row that matched
  nothing) keeps L's once-aliases when each L row matches at most one R row, and R's when
  each R row matches at most one L row. An L row matches at most one R row when ``c``
  equates every column of a unique key of some once-alias ``b`` of R with a column of L or
  a literal: the key's values pin one ``b`` row (``=`` is false on a NULL key column, so
  the unique constraint, which holds among non-NULL keys, applies), and a once-alias's
  row is in at most one R row;
- a tree of inner and cross joins pools its ON conditions, with the WHERE clause at the
  top (inner-join conditions filter the product alike): an alias of a unit (a scan, or an
  outer join read as above) is once when, from its unit, every other unit is pinned in
  turn by equalities on a once-alias's unique key.

Sound in SQLite: a unique key (primary key, UNIQUE) holds among non-NULL values, compared
as ``=`` compares them when neither side is converted (``conv``: a TEXT key compared with
a number gets NUMERIC affinity, so ``'1'`` and ``'01'`` both match 1) and no side is
declared with a collation (NOCASE matches ``'a'`` and ``'A'``, which BINARY keeps apart),
and as DISTINCT compares them (1 and 1.0 are one value to both, a BLOB is not a text).
The equated value is a column or a literal, never a function that may differ per call
(``random()``). Two joined rows with the same non-NULL ``b.u`` hold the same ``b`` row
(the key is unique) and so are one row (``b`` is once). The near misses: the key of the
side a one-to-many join repeats (``account`` joined to its users), a non-key column, a
value computed from the key (``u + 0`` makes ``'a'`` and ``'b'`` one 0), an equality under
conversion.
"""

from __future__ import annotations

from .. import ir
from ..ir.kinds import AggFn, CmpOp, JoinKind
from .aggregates import _map_sites
from .terms import _conjuncts, _tree_aliases, _unique_keys, _windowless

_INNER = (JoinKind.INNER, JoinKind.CROSS)
_DISTINCT_BLIND = (AggFn.COUNT, AggFn.SUM, AggFn.AVG, AggFn.TOTAL)


def _scans(src) -> dict:
    """alias -> scan of every scan in the join tree ``src``."""
    if isinstance(src, ir.Join):
        return {**_scans(src.left), **_scans(src.right)}
    return {src.alias: src} if isinstance(src, ir.Scan) else {}


class _Once:
    """The once-aliases of a select's join tree (module docstring)."""

    def __init__(self, schema, scans: dict):
        self.schema, self.scans = schema, scans

    def collated(self, col) -> bool:
        scan = self.scans.get(col.alias)
        return scan is None or col.name.lower() in {
            c.lower() for c in self.schema.table(scan.table).collated}

    def pinned(self, alias: str, conds, allowed: set) -> bool:
        """Does a conjunct set equate every column of a unique key of ``alias``'s table
        with a column of ``allowed`` aliases or a non-NULL literal, unconverted, uncollated?"""
        if alias not in self.scans:
            return False
        equated = set()
        for c in conds:
            if not (isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and not c.conv):
                continue
            for mine, other in ((c.left, c.right), (c.right, c.left)):
                if not (isinstance(mine, ir.Col) and mine.alias == alias and not self.collated(mine)
                        and ir._ty(other) == mine.ty):
                    continue
                if isinstance(other, ir.Lit) and other.value is not None:
                    equated.add(mine.name.lower())
                elif (isinstance(other, ir.Col) and other.alias in allowed and other.alias != alias
                      and not self.collated(other)):
                    equated.add(mine.name.lower())
        keys = _unique_keys(self.schema.table(self.scans[alias].table))
        return any(k and set(k) <= equated for k in keys)

    def once(self, src, where=()) -> set:
        if isinstance(src, ir.Scan):
            return {src.alias}
        if not isinstance(src, ir.Join):
            return set()
        if src.kind in _INNER:
            return self.flat(src, list(where))
        left, right = self.once(src.left), self.once(src.right)
        conds = _conjuncts(src.on)
        la, ra = set(_tree_aliases(src.left)), set(_tree_aliases(src.right))
        out = set()
        if any(self.pinned(b, conds, la) for b in right):
            out |= left
        if any(self.pinned(a, conds, ra) for a in left):
            out |= right
        return out

    def flat(self, src, conds: list) -> set:
        units = []

        def collect(s):
            if isinstance(s, ir.Join) and s.kind in _INNER:
                conds.extend(_conjuncts(s.on))
                collect(s.left)
                collect(s.right)
            else:
                units.append(s)

        collect(src)
        onces = [self.once(u) for u in units]
        aliases = [set(_tree_aliases(u)) for u in units]
        out = set()
        for i, own in enumerate(onces):
            if not own:
                continue
            known, seen = {i}, set(aliases[i])
            changed = True
            while changed:
                changed = False
                for j in range(len(units)):
                    if j not in known and any(self.pinned(b, conds, seen) for b in onces[j]):
                        known.add(j)
                        seen |= aliases[j]
                        changed = True
            if len(known) == len(units):
                out |= own
        return out


def _key_values(e, once: set, o: _Once):
    """The column ``b.u`` when every non-NULL value of ``e`` is it, ``b`` once and ``u``
    alone a unique key of ``b``'s table; else None."""
    if isinstance(e, ir.Case):
        arms = [v for _, v in e.whens] + [e.default]
        cols = {(v.alias, v.name) for v in arms if isinstance(v, ir.Col)}
        if len(cols) != 1 or not all(isinstance(v, ir.Col) or (isinstance(v, ir.Lit) and v.value is None)
                                     for v in arms):
            return None
        e = next(v for v in arms if isinstance(v, ir.Col))
    if not (isinstance(e, ir.Col) and e.alias in once) or o.collated(e):
        return None
    keys = _unique_keys(o.schema.table(o.scans[e.alias].table))
    return e if [e.name.lower()] in keys else None


def distinct_of_unrepeated_key(q, schema):
    """``q`` with each ``AGG(DISTINCT e)`` of an unrepeated key's values as ``AGG(e)``
    (module docstring); ``q`` itself when none is."""
    if not (isinstance(q, ir.Select) and q.aggregate and isinstance(q.source, ir.Join)
            and _windowless(q) and schema is not None):
        return q
    reads = (*q.items, q.having, *(k for k, _ in q.order))
    if not any(isinstance(y, ir.Agg) and y.distinct for i in reads if i is not None for y in ir.local_nodes(i)):
        return q
    o = _Once(schema, _scans(q.source))
    once = o.once(q.source, _conjuncts(q.where))
    if not once:
        return q

    def f(y):
        if (isinstance(y, ir.Agg) and y.distinct and y.fn in _DISTINCT_BLIND and y.arg is not None
                and _key_values(y.arg, once, o) is not None):
            return ir.Agg(y.fn, y.arg, False, y.ty)
        return y

    return _map_sites(q, f)


UNREPEATED_KEY_RULE = (
    "distinct_of_unrepeated_key", "COUNT/SUM/AVG/TOTAL(DISTINCT e) over joins, e's non-NULL "
    "values a one-column unique key of a table whose rows the joins repeat at most once "
    "(each join pinning a unique key), is without DISTINCT", ("select",),
    lambda canon, q, ctx: distinct_of_unrepeated_key(q, canon.schema))
