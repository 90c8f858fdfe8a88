"""A subquery under OR as a UNION of a filter and a join (Elhemali et al. 2007), read back
(issue 25, i63d): ``key_filter_union_children``.

``SELECT p.k FROM P p WHERE a UNION SELECT p.k FROM P p JOIN C c ON c.f = p.k WHERE w`` is
``SELECT p.k FROM P p WHERE a OR p.k IN (SELECT p.k FROM P p JOIN C c ON c.f = p.k WHERE
w)`` (then, as every spelling of the second operand, ``a OR EXISTS (SELECT 1 FROM C c WHERE
c.f = p.k AND w)``). The law, at the compound site on a ``UNION`` (not ALL; no ORDER BY,
LIMIT or OFFSET; order not read) with operands ``A`` and ``B`` among its UNION operands:

- ``A`` is ``SELECT p.k FROM P p WHERE a``: one scan of ``P``, the one item its column ``k``,
  ``k`` alone a unique key of ``P`` never NULL and of binary collation, a WHERE, no DISTINCT,
  aggregate, window, ORDER BY, LIMIT or OFFSET;
- ``B`` is any query whose canonical form as an operand whose duplicates nobody reads is
  ``SELECT c.f FROM C c WHERE w'``, one scan, the one item ``c.f``, NULL nowhere (declared NOT
  NULL, or ``c.f IS NOT NULL`` a conjunct of ``w'``), ``c.f -> P.k`` a declared foreign key
  whose two sides hold one storage class (``ir.exact_foreign_keys``); ``B`` reads no column
  of an outer query (it moves under ``A``'s FROM);

then ``A UNION B`` is ``SELECT p.k FROM P p WHERE a OR p.k IN (B)``, beside the other
operands. Why it holds in SQLite, on every database that keeps its declared keys: ``B``'s
values are non-NULL ``f`` values, each the key of a row of ``P`` (the foreign key, one
storage class: the identical value), so as a set ``B`` is ``{p.k : p.k IN B}`` and ``A UNION
B`` the set ``{p.k : a OR p.k IN B}`` (``IN`` of a query without NULL is true or false; a NULL
``a`` drops the row from ``A`` as from the WHERE). ``SELECT p.k FROM P p WHERE ..`` lists
each row's key once and keys differ: a set too, so the bags agree. The values agree as
values: one storage class, binary collation. Not for ``UNION ALL`` (a key in both operands,
or repeated in ``B``, is listed more than once: the classic mistake), not for an ``A`` whose
item is no key (two rows of one value are one row of the UNION), not for a ``B`` that may
yield NULL (a NULL row of the UNION that no row of ``P`` gives), nor a ``B`` whose values
need not be keys of ``P`` (no foreign key).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import LogicOp, SetOpKind, Ty
from .terms import Flat, _conjuncts, _unique_keys, _windowless
from .unions import _operands


def _one_scan(q) -> ir.Scan | None:
    src = q.source
    if isinstance(src, Flat) and len(src.leaves) == 1:
        src = src.leaves[0]
    return src if isinstance(src, ir.Scan) else None


def _plain_select(q) -> bool:
    return (isinstance(q, ir.Select) and not q.distinct and not q.aggregate and not q.group_by
            and q.having is None and not q.order and q.limit is None and not q.offset
            and q.bare_from is None and _windowless(q) and len(q.items) == 1)


def _key_filter(q, schema):
    """(``P``'s table, ``k``) when ``q`` is ``A`` of the module's law, else None."""
    if not _plain_select(q) or q.where is None:
        return None
    scan, item = _one_scan(q), q.items[0]
    if scan is None or not isinstance(item, ir.Col) or item.alias != scan.alias:
        return None
    t, k = schema.table(scan.table), item.name.lower()
    if ([k] not in _unique_keys(t) or not t.never_null(k)
            or k in {c.lower() for c in t.collated}):
        return None
    return scan.table.lower(), k


def _children_of(form, parent: str, key: str, schema) -> bool:
    """Is the canonical operand ``form`` ``B`` of the module's law for ``P.k``?"""
    if not _plain_select(form):
        return False
    scan, item = _one_scan(form), form.items[0]
    if scan is None or not isinstance(item, ir.Col) or item.alias != scan.alias:
        return False
    t, f = schema.table(scan.table), item.name.lower()
    tested = any(isinstance(c, ir.Not) and isinstance(c.arg, ir.IsNull) and c.arg.arg == item
                 for c in _conjuncts(form.where))
    if not (t.never_null(f) or tested):
        return False
    return any([c.lower() for c in fk.columns] == [f] and ref.name.lower() == parent
               and [c.lower() for c in fk.ref_columns] == [key]
               for fk, ref in ir.exact_foreign_keys(schema, t))


def key_filter_union_children(canon, q):
    """``q`` with a key filter and its children's keys merged into one filter (the module's
    law), else ``q``."""
    if not (isinstance(q, ir.SetOp) and q.op == SetOpKind.UNION and not q.all
            and q.limit is None and not q.offset and not q.order):
        return q
    parts = _operands(q.left, q) + _operands(q.right, q)
    for i, a in enumerate(parts):
        found = _key_filter(a, canon.schema)
        if found is None:
            continue
        for j, b in enumerate(parts):
            if j == i or ir.free_aliases(b):
                continue
            form = canon.query(b, {}, 0, False, dup_free=True)
            if (not _children_of(form, *found, canon.schema)
                    or (form.items[0].ty, form.items[0].affinity) != (a.items[0].ty, a.items[0].affinity)):
                continue
            member = ir.InSub(a.items[0], b, Ty.BOOL)
            merged = dataclasses.replace(a, where=ir.Logic(LogicOp.OR, (a.where, member), Ty.BOOL))
            rest = [p for n, p in enumerate(parts) if n not in (i, j)]
            out = merged
            for p in rest:
                out = dataclasses.replace(q, left=out, right=p)
            return out
    return q


OR_UNION_RULE = (
    "key_filter_union_children", "SELECT p.k FROM P p WHERE a UNION B, k a never-NULL unique "
    "key, B's values non-NULL c.f of an exact foreign key c.f -> P.k, is SELECT p.k FROM P p "
    "WHERE a OR p.k IN (B) (Elhemali et al.'s OR as a UNION, read back; canon/or_unions.py)",
    ("compound",), lambda canon, q, ctx: q if ctx.get("sensitive", True)
    else key_filter_union_children(canon, q), True)
