"""Compound operands read as what they are (issue 25, i38e).

``operand_projection`` (site ``compound``): the right operand ``SELECT u.c1, .., u.cn FROM
(Q) AS u`` of a compound, every column of ``Q`` once in order and nothing else, is ``Q``:
the same bag of rows (a projection of every column is the identity on rows; the compound
compares rows by position, never by name). Only a right operand: the left one names the
compound's columns and gives them their affinity. So ``A EXCEPT (SELECT x FROM (B UNION C)
AS u)`` meets the laws of ``A EXCEPT (B UNION C)`` (Trino's MergeExcept, Calcite's
MinusMergeRule write the merged operand so).

``derived_compound_first`` (site ``query``): a derived table in FROM whose query is a
compound goes through the compound laws first (``canon.walk("compound", ..)``), and when
they make it one select without DISTINCT, that select takes its place (its DISTINCT gone
where its items hold a never-NULL unique key of its one table: ``setops.items_hold_key``),
so that view merging sees a plain select: SQLite's OR-by-UNION (``WHERE p OR q`` as a UNION of two scans of
the key and the read columns) reads back as the filter. The compound laws hold for every
database on their own; this rule only applies them earlier, where the consumer does not
read row order (no LIMIT/OFFSET without ORDER BY, no window, no bare-column rule).

``intersect_commuted`` (site ``compound``): the operands of an INTERSECT chain in the order
of their canonical forms. INTERSECT is commutative and associative on sets; SQLite shows
the left operand's copy of a row, which is no matter where equal values of the items are
identical (``set_counts._one_value``: TEXT, typed numbers, INTEGER/NUMERIC columns under
``no_real_int_min``, which a proof over a set operation states). So the laws that read an
INTERSECT as a semijoin with its left operand outside (``intersect_as_in``) see one order
whatever order the query was written in. Only operands over one set of tables: over
different ones the semijoin laws choose the outer operand by its tables already; an
operand that holds another's rows is ``intersect_subsumed``'s.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import SetOpKind
from .intersect_nulls import IN_NULL_RULE, INTERSECT_NULL_RULE
from .nullsafe_setops import _holds, _tables
from .set_counts import _one_value
from .set_laws import _chain, _left_deep
from .setops import items_hold_key
from .terms import _key, _windowless


def _whole_projection(q):
    """``Q`` when ``q`` is ``SELECT u.c1.. FROM (Q) AS u`` reading every column once in
    order, nothing else; else None."""
    if not (isinstance(q, ir.Select) and isinstance(q.source, ir.Derived) and q.where is None
            and not q.aggregate and not q.group_by and q.having is None and not q.distinct
            and not q.order and q.limit is None and not q.offset and q.bare_from is None):
        return None
    d = q.source
    cols = [(i.alias, i.name) if isinstance(i, ir.Col) else None for i in q.items]
    if len(set(d.names)) != len(d.names) or cols != [(d.alias, n) for n in d.names]:
        return None
    inner = d.query
    if inner.order or inner.limit is not None or inner.offset:
        return None  # (a cut compound operand is no operand SQLite writes)
    return inner


def operand_projection(q, sensitive: bool):
    """``q`` with its right operand read through a whole projection (the module's note)."""
    if sensitive or not isinstance(q, ir.SetOp):
        return q
    inner = _whole_projection(q.right)
    if inner is None:
        return q
    return dataclasses.replace(q, right=inner)


def _first(q: ir.Query, canon):
    """A derived compound through the compound laws: the one select they make, or None."""
    if not isinstance(q, ir.SetOp):
        return None
    out, _ = canon.walk("compound", q, sensitive=False)
    if not isinstance(out, ir.Select) or type(out) is not ir.Select:
        return None
    if out.distinct and not out.aggregate and items_hold_key(out, canon.schema):
        out = dataclasses.replace(out, distinct=False)
    return None if out.distinct else out  # (a DISTINCT select merges nowhere: left alone)


def derived_compound_first(canon, q, ctx):
    """The site ``query``: ``q`` with each derived compound of its FROM made one select by
    the compound laws (the module's note), else ``q``."""
    if (ctx["sensitive"] or not isinstance(q, ir.Select) or q.limit is not None or q.offset
            or q.bare_from is not None or not _windowless(q)):
        return q
    changed = False

    def source(src):
        nonlocal changed
        if isinstance(src, ir.Join):
            return dataclasses.replace(src, left=source(src.left), right=source(src.right))
        if isinstance(src, ir.Derived):
            out = _first(src.query, canon)
            if out is not None:
                changed = True
                return dataclasses.replace(src, query=out)
        return src

    new = source(q.source)
    return dataclasses.replace(q, source=new) if changed else q


def _same_items(parts: list, typed: bool) -> bool:
    first = parts[0].items
    return all(isinstance(p, ir.Select) and len(p.items) == len(first) and all(
        isinstance(x, ir.Col) and isinstance(f, ir.Col) and _one_value(x, f, typed)
        for x, f in zip(p.items, first, strict=True)) for p in parts)


def intersect_commuted(canon, q, ctx):
    """The site ``compound``: an INTERSECT chain's operands sorted by canonical form (the
    module's note), else ``q``."""
    if (ctx.get("sensitive", True) or not isinstance(q, ir.SetOp) or q.op != SetOpKind.INTERSECT
            or q.all or q.limit is not None or q.offset or q.order):
        return q
    parts = _chain(q, SetOpKind.INTERSECT)
    if len(parts) < 2 or not _same_items(parts, canon.typed) or len({_tables(p) for p in parts}) != 1:
        return q
    if any(i != j and _holds(p, o) for i, p in enumerate(parts) for j, o in enumerate(parts)):
        return q  # one operand holds another's rows: intersect_subsumed drops it
    keys = [_key(canon.query(p, {}, 0, False)) for p in parts]
    order = sorted(range(len(parts)), key=lambda i: keys[i])
    out = _left_deep([parts[i] for i in order], SetOpKind.INTERSECT)
    return q if out == q else out


SET_OPERAND_RULES = (
    INTERSECT_NULL_RULE, IN_NULL_RULE,  # (before intersect_commuted: canon/intersect_nulls.py)
    ("operand_projection", "the right operand SELECT u.c1..u.cn FROM (Q) u of a compound, every "
     "column of Q once in order and nothing else, is Q (order not read)", ("compound",),
     lambda canon, q, ctx: operand_projection(q, ctx.get("sensitive", True))),
    ("intersect_commuted", "the operands of an INTERSECT chain (through plain projections) in "
     "the order of their canonical forms (items columns whose equal values are identical; "
     "order not read)", ("compound",), intersect_commuted),
)
QUERY_OPERAND_RULES = (
    ("derived_compound_first", "a derived compound in FROM that the compound laws make one "
     "select is that select (its DISTINCT gone over a never-NULL unique key of its one table) "
     "before view merging (order not read)", ("query",), derived_compound_first, True),
)
