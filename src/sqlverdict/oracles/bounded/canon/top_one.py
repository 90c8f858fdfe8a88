"""A first row by a unique key as the row holding the key's extremum: ``top_one_as_extremum``.

Calcite's SubQueryRemoveRule with SortRemoveRule, and hand-written TPC-C (ORDER-STATUS's
latest order of a customer), write ``k = (SELECT MAX(k) FROM T WHERE p)`` as ``ORDER BY k
DESC LIMIT 1``. The two agree when no two kept rows tie on ``k``: ``k`` never NULL and,
with the columns ``p`` fixes to literals, a unique key of ``T``.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import Affinity, AggFn, CmpOp, FuncName, Ty
from .terms import _and, _conjuncts, _deep, _unique_keys, _windowless

# the nodes a copied filter may hold: deterministic, no subquery, no aggregate
_PURE = (ir.Col, ir.Lit, ir.Cmp, ir.Logic, ir.Not, ir.IsNull, ir.InList, ir.Arith, ir.Neg,
         ir.Like, ir.Case)


def _null_flag(k, scan, table) -> bool:
    """Is ``k`` the NULLS FIRST/LAST flag ``bool_int(c IS NULL)`` of a never-NULL column
    (constant 0 on every row)?"""
    return (isinstance(k, ir.Func) and k.name == FuncName.BOOL_INT and len(k.args) == 1
            and isinstance(k.args[0], ir.IsNull) and isinstance(k.args[0].arg, ir.Col)
            and k.args[0].arg.alias == scan.alias and table.never_null(k.args[0].arg.name))


def _null_flag_of(k, x) -> bool:
    """Is ``k`` the NULLS FIRST/LAST flag ``bool_int(x IS NULL)`` of ``x``?"""
    return (isinstance(k, ir.Func) and k.name == FuncName.BOOL_INT and len(k.args) == 1
            and isinstance(k.args[0], ir.IsNull) and k.args[0].arg == x)


def _fixed(conds: list, alias: str) -> set:
    """Columns of ``alias`` that a conjunct ``c = literal`` (no conversion) fixes."""
    out = set()
    for c in conds:
        if isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and not c.conv:
            for x, y in ((c.left, c.right), (c.right, c.left)):
                if (isinstance(x, ir.Col) and x.alias == alias and isinstance(y, ir.Lit)
                        and y.value is not None):
                    out.add(x.name.lower())
    return out


def _keyed_order(q, schema):
    """(scan, table, order keys without the NULLS flags) of a select of one table without
    aggregate or DISTINCT whose order keys are never-NULL columns of binary collation
    that, with the columns its WHERE fixes to literals, hold a unique key of the table (no
    two kept rows tie); else None."""
    if not (isinstance(q, ir.Select) and isinstance(q.source, ir.Scan) and not q.aggregate
            and not q.group_by and not q.distinct and q.bare_from is None and q.order):
        return None
    scan = q.source
    table = schema.table(scan.table)
    keys = [(k, d) for k, d in q.order if not _null_flag(k, scan, table)]
    collated = {c.lower() for c in table.collated}
    if not all(isinstance(k, ir.Col) and k.alias == scan.alias and table.never_null(k.name)
               and k.name.lower() not in collated for k, _ in keys):
        return None
    known = _fixed(_conjuncts(q.where), scan.alias) | {k.name.lower() for k, _ in keys}
    if not any(u and set(u) <= known for u in _unique_keys(table)):
        return None
    return scan, table, keys


def _scans(src) -> dict | None:
    """alias -> Scan of a join tree of table scans (any join kind), else None."""
    if isinstance(src, ir.Scan):
        return {src.alias: src}
    if isinstance(src, ir.Join):
        left, right = _scans(src.left), _scans(src.right)
        return None if left is None or right is None else {**left, **right}
    return None


def _identity_key(k, scans, schema, typed: bool) -> bool:
    """Do two rows whose column ``k`` compares equal under ORDER BY hold the same value?
    Binary collation, and: TEXT affinity (SQLite stores numbers there as text; text and
    blobs are equal only byte for byte), REAL affinity (integers become reals there, an
    integral real is stored as an integer and read back as ``0.0`` for ``-0.0``: no two
    equal numbers differ; text and blobs as above), or a rowid alias or STRICT INTEGER
    column, or, in the typed domain, an INTEGER column of integers. Not a NUMERIC or untyped
    column (``1`` and ``1.0`` tie), nor an INTEGER one in the sqlite domain (it keeps the
    REAL ``-2**63`` beside the INTEGER one)."""
    if not (isinstance(k, ir.Col) and k.alias in scans):
        return False
    table = schema.table(scans[k.alias].table)
    name = k.name.lower()
    if name in {c.lower() for c in table.collated}:
        return False
    if (k.affinity, k.ty) in ((Affinity.TEXT, Ty.TEXT), (Affinity.REAL, Ty.REAL)):
        return True
    return k.affinity == Affinity.INTEGER and k.ty == Ty.INT and (
        typed or table.strict or (table.rowid_alias or "").lower() == name)


def equal_when_tied(q, schema, typed: bool = False) -> bool:
    """Are rows of ``q`` that tie on its ORDER BY (all rows, without one) equal rows, so
    that whichever a LIMIT keeps the result is the same? A select without aggregate or
    window whose items are deterministic expressions of ORDER BY keys that are columns
    whose equal values are the same value (``_identity_key``); constant items too."""
    if not (isinstance(q, ir.Select) and not q.aggregate and not q.group_by
            and q.bare_from is None and _windowless(q)):
        return False
    scans = {} if q.source is None else _scans(q.source)
    if scans is None:
        return False
    keys = {(k.alias, k.name.lower()) for k, _ in q.order if _identity_key(k, scans, schema, typed)}
    return all((isinstance(y, _PURE) or isinstance(y, ir.Func) and y.name == FuncName.BOOL_INT)
               and (not isinstance(y, ir.Col) or (y.alias, y.name.lower()) in keys)
               for item in q.items for y in ir.local_nodes(item))


def tie_free(q, schema, typed: bool = False) -> bool:
    """Can no two rows of ``q`` tie on its ORDER BY (``_keyed_order``), or are tied rows
    equal (``equal_when_tied``), so that a LIMIT decides no tie that matters? ``typed``:
    in the typed domain."""
    return schema is not None and (_keyed_order(q, schema) is not None
                                   or equal_when_tied(q, schema, typed))


def top_one_as_extremum(q, schema):
    """``SELECT e FROM T t WHERE p ORDER BY t.k DESC LIMIT 1`` (ASC: MIN), one table, no
    aggregate, DISTINCT or OFFSET, ``k`` a never-NULL column (its NULLS FIRST/LAST flag
    aside) of binary collation, ``p`` deterministic and without subqueries, and ``k``
    with the columns ``p`` fixes to literals a unique key of ``T``: the kept rows have
    distinct ``k``, so the first is the one row whose ``k`` is the kept rows' greatest
    (MAX orders values as ORDER BY does), and none when no row is kept. It is ``SELECT e
    FROM T t WHERE p AND t.k = (SELECT MAX(t2.k) FROM T t2 WHERE p(t2))``."""
    if not (isinstance(q, ir.Select) and q.limit == 1 and not q.offset and q.having is None
            and _windowless(q)):
        return q
    found = _keyed_order(q, schema)
    if found is None or len(found[2]) != 1:
        return q
    scan, _, ((k, desc),) = found
    conds = _conjuncts(q.where)
    if not (k.ty in (Ty.INT, Ty.REAL, Ty.TEXT)
            and all(isinstance(y, _PURE) for c in conds for y in ir.local_nodes(c))):
        return q
    other = scan.alias + "_top"

    def rename(e):
        return dataclasses.replace(e, alias=other) if isinstance(e, ir.Col) and e.alias == scan.alias else e

    sub = ir.Select(dataclasses.replace(scan, alias=other), _deep(q.where, rename), (), None,
                    (ir.Agg(AggFn.MAX if desc else AggFn.MIN, rename(k), False, k.ty),), False,
                    (), None, 0, True, ())
    where = _and([*conds, ir.Cmp(CmpOp.EQ, k, ir.ScalarSub(sub, k.ty))])
    return dataclasses.replace(q, where=where, order=(), limit=None)
