"""Per-parent quantifiers over a LEFT JOIN from the parent (round 60, i60g):
``left_quantifiers_as_exists``.

``SELECT e(X).. FROM X LEFT JOIN S ON on [WHERE w(X)] GROUP BY X.k.. HAVING h`` ("pairings
without a captain or without a first officer", "crews with no duty after their last rest")
is ``SELECT e(X).. FROM X WHERE w AND h'``, ``h'`` being ``h`` with each test read as a
quantifier over ``X``'s row's partners (``group_quantifiers._some_or_none``): a "no row q"
test becomes ``NOT EXISTS (SELECT 1 FROM S WHERE on AND q)``, a "some row p" test ``EXISTS
(.. on AND p)``, an "every row p" test (``COUNT(*) = IND(p)``, ``COUNT(S.x) = COUNT(*)``,
``SUM(CASE WHEN p THEN 0 ELSE n END) = 0``: ``group_quantifiers._every``) ``EXISTS (.. on)
AND NOT EXISTS (.. on AND p not TRUE)``, ``COUNT(S.k) = COUNT(S.x)`` (``k`` declared never
NULL) ``NOT EXISTS (.. on AND S.x IS NULL)``; ``h`` is an AND/OR of such tests (no NOT).

Conditions, and why it holds in SQLite:

- each row of ``X`` is a group of its own: the keys hold a unique key of a table whose
  columns are all never NULL, or every grouped column of a grouped (or DISTINCT) derived
  ``X`` with no collated column (``_one_row``), or an inner join of such leaves
  (``joins._product_one_row_groups``); so the group is that row with its partners (the rows
  of ``S`` where ``on`` is TRUE), or with one padded row of NULLs when it has none;
- every ``p``/``q`` is never TRUE on the padded row (``joins.rejects_null`` on ``S``'s
  columns, whatever ``X``'s hold), so the counts, sums and flags see the partners only: a
  "no row" test is TRUE exactly when no partner has ``q`` and is never NULL (a COUNT, a SUM
  with ELSE 0 over a never-empty group); a "some" test is TRUE exactly when a partner has
  ``p`` (else FALSE or NULL: under AND/OR without NOT, a NULL leaf keeps the row exactly where
  a FALSE one does); an "every" test is FALSE on a childless row (its padded row fails
  ``p``, and COUNT(*) counts it), else TRUE exactly when no partner fails ``p``;
- ``w``, the items, ``on`` and the tests read no subquery; ``w`` and the items read ``X``
  only (never the padded ``S``), no aggregate, window, ORDER BY or LIMIT; the items are
  columns of ``X``, one value per group (its one row of ``X``), so the bag has one row per
  kept row of ``X`` on both sides.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Conv, JoinKind, LogicOp, Ty
from .group_quantifiers import (
    _STAR,
    GROUP_QUANTIFIER_FAMILY,
    _against_int,
    _every,
    _indicator,
    _some_or_none,
)
from .joins import _product_one_row_groups, rejects_null
from .parent_quantifiers import PARENT_QUANTIFIER_RULE  # (i63f: after the group laws)
from .terms import _aliases_in, _and, _conjuncts, _has_sub, _unique_keys, _windowless
from .universal import _one_when
from .windows import _collated


def _one_row(x, group_by, schema) -> bool:
    """Does GROUP BY ``group_by`` make each row of the leaf ``x`` a group of its own?"""
    names = {g.name for g in group_by if isinstance(g, ir.Col) and g.alias == getattr(x, "alias", None)}
    if isinstance(x, ir.Scan):
        t = schema.table(x.table)
        return any(k and set(k) <= names and all(t.never_null(c) for c in k) for k in _unique_keys(t))
    if not isinstance(x, ir.Derived) or _collated(x.query, schema):
        return False
    d = x.query
    if not (isinstance(d, ir.Select) and (d.group_by or d.distinct) and not d.offset):
        return False
    shown = {i: n for i, n in zip(d.items, x.names, strict=False)}
    keys = d.group_by if d.group_by and not d.distinct else d.items
    return all(isinstance(k, ir.Col) and shown.get(k) in names for k in keys)


def _every_of(h):
    """``p`` of an "every row p" test ``group_quantifiers._every`` reads (``COUNT(*) =
    IND(p)``, ``COUNT(x) = COUNT(*)``: ``x IS NOT NULL``, ``SUM(CASE WHEN p THEN 0 ELSE n
    END) = 0``), else None."""
    found = _against_int(h)
    if found is not None:
        case = _one_when(found[1])
        return None if case is None else case[0]
    if not isinstance(h, ir.Cmp):
        return None
    other = h.right if h.left == _STAR else h.left
    if isinstance(other, ir.Agg) and other.fn == AggFn.COUNT and isinstance(other.arg, ir.Col):
        return ir.Not(ir.IsNull(other.arg))
    return _indicator(other)


def _partners(s, on, p):
    return ir.Exists(ir.Select(s, _and([*_conjuncts(on), *_conjuncts(p)]), (), None,
                               (ir.Lit(1, Ty.INT),), False, (), None, 0, False))


def _padded_false(p, s) -> bool:
    """Is ``p`` never TRUE on the padded row, and read on ``s``'s columns?"""
    return p is not None and not _has_sub(p) and s.alias in _aliases_in(p) and rejects_null(p, {s.alias})


def _counted_against_key(h, s, schema):
    """``x`` of ``COUNT(S.k) = COUNT(S.x)`` (either way round), ``k`` declared never NULL in
    the scan ``S``: every partner has ``x`` (a childless row: 0 = 0, as NOT EXISTS), else None."""
    if not (isinstance(s, ir.Scan) and isinstance(h, ir.Cmp) and h.op == CmpOp.EQ and h.conv == Conv.NONE):
        return None
    args = [h.left, h.right]
    if not all(isinstance(a, ir.Agg) and a.fn == AggFn.COUNT and not a.distinct
               and isinstance(a.arg, ir.Col) and a.arg.alias == s.alias for a in args):
        return None
    t = schema.table(s.table)
    for k, x in (args, args[::-1]):
        if t.never_null(k.arg.name):
            return x.arg
    return None


def _quantifier(h, s, on, schema):
    """``h`` with each test an EXISTS / NOT EXISTS over ``s``'s partners, else None."""
    if isinstance(h, ir.Logic) and h.op in (LogicOp.AND, LogicOp.OR):
        parts = [_quantifier(a, s, on, schema) for a in h.args]
        return None if any(p is None for p in parts) else ir.Logic(h.op, tuple(parts))
    found = _some_or_none(h)
    if found is not None:
        kind, p = found
        if not _padded_false(p, s):
            return None
        return _partners(s, on, p) if kind == "some" else ir.Not(_partners(s, on, p))
    x = _counted_against_key(h, s, schema)
    if x is not None:
        return ir.Not(_partners(s, on, ir.IsNull(x)))
    b = _every(h, {s.alias: s}, schema) if isinstance(s, ir.Scan) else None
    if b is None or _has_sub(b) or not _padded_false(_every_of(h), s):
        return None  # (every row p: a childless parent's padded row fails p, as EXISTS does)
    return _and([_partners(s, on, None), ir.Not(_partners(s, on, b))])


def left_quantifiers_as_exists(q, schema):
    """The module's law, else ``q``."""
    j = getattr(q, "source", None)
    if not (isinstance(q, ir.Select) and q.aggregate and q.group_by and q.having is not None
            and isinstance(j, ir.Join) and j.kind == JoinKind.LEFT and j.on is not None
            and isinstance(j.right, (ir.Scan, ir.Derived)) and q.limit is None and not q.offset
            and not q.order and not q.distinct and q.bare_from is None and _windowless(q)
            and not _has_sub((q.items, q.where, q.having, j.on))):
        return q
    x, s = j.left, j.right
    if not (_one_row(x, q.group_by, schema) or _product_one_row_groups(x, q.group_by, schema, True)):
        return q
    if s.alias in _aliases_in((q.items, q.where, q.group_by)) or any(
            any(isinstance(y, ir.Agg) for y in ir.local_nodes(i)) for i in q.items):
        return q
    found = _quantifier(q.having, s, j.on, schema)
    if found is None:
        return q
    return dataclasses.replace(q, source=x, where=_and([*_conjuncts(q.where), found]), group_by=(),
                               having=None, aggregate=False)


LEFT_QUANTIFIER_RULE = (
    "left_quantifiers_as_exists", "SELECT X.k FROM X LEFT JOIN S ON on GROUP BY X's key HAVING "
    "an AND/OR of no/some-row tests on S (SUM(CASE q 1 ELSE 0) = 0, COUNT(S.c) = 0, ..) is "
    "SELECT X.k FROM X WHERE NOT EXISTS (S WHERE on AND q) .. (q never TRUE on the padded row)",
    ("select",), lambda canon, q, ctx: left_quantifiers_as_exists(q, canon.schema), True)
# (rules.py's registry: the group quantifier family, then this law)
LEFT_QUANTIFIER_FAMILY = (*GROUP_QUANTIFIER_FAMILY, LEFT_QUANTIFIER_RULE, PARENT_QUANTIFIER_RULE)
