"""``x IN (SELECT k ..)`` read back from the CASE that spells out its three values:
``in_as_case``.

Calcite's SubQueryRemoveRule (``rewriteIn``) and hand-decorrelated SQL write an IN in the
select list, over a column ``k`` that is never NULL, as ``CASE WHEN <a row matches> THEN
TRUE WHEN x IS NULL AND <the subquery has a row> THEN NULL ELSE FALSE END``.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import CmpOp, FuncName, Ty
from .terms import _aliases_in, _and, _conjuncts, _deep, _has_sub, _key


def _exists_rows(e):
    """(scan, WHERE conjuncts) of ``EXISTS (SELECT <literal> FROM T WHERE w)``; else None."""
    s = e.query if isinstance(e, ir.Exists) else None
    if not (isinstance(s, ir.Select) and isinstance(s.source, ir.Scan) and not s.aggregate
            and not s.group_by and s.having is None and s.limit is None and not s.offset
            and len(s.items) == 1 and isinstance(s.items[0], ir.Lit) and not _has_sub(s.where)):
        return None
    return s.source, _conjuncts(s.where)


def _renamed(conds: list, old: str, new: str) -> list:
    def f(e):
        return dataclasses.replace(e, alias=new) if isinstance(e, ir.Col) and e.alias == old else e
    return [_deep(c, f) for c in conds]


def _match(exists, scan, rest, schema):
    """(x, k) of the conjunct ``k = x`` of ``exists`` (``k`` a never-NULL column of its
    table, ``x`` an outer value of its class and affinity, no conversion) whose other
    conjuncts are ``rest`` read on ``scan``; else None."""
    found = _exists_rows(exists)
    if found is None or found[0].table != scan.table:
        return None
    t, conds = found
    want = sorted(_key(c) for c in _renamed(rest, scan.alias, t.alias))
    for c in conds:
        if not (isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and not c.conv):
            continue
        for k, x in ((c.left, c.right), (c.right, c.left)):
            if (isinstance(k, ir.Col) and k.alias == t.alias and t.alias not in _aliases_in(x)
                    and schema.table(t.table).never_null(k.name) and x.ty == k.ty
                    and getattr(x, "affinity", None) == k.affinity
                    and sorted(_key(o) for o in conds if o is not c) == want):
                return x, k, t, [o for o in conds if o is not c]
    return None


def in_as_case(q, schema):
    """``CASE WHEN EXISTS (SELECT 1 FROM T WHERE w AND k = x) THEN 1 WHEN EXISTS (SELECT 1
    FROM T WHERE w) AND x IS NULL THEN NULL ELSE 0 END`` (TRUE/FALSE for 1/0), ``k`` a
    column of ``T`` never NULL, ``k = x`` without conversion (one class and affinity), is
    ``x IN (SELECT k FROM T WHERE w)`` as a value: 1 when a row of ``T`` where ``w`` has
    ``k = x``; else NULL when ``x`` is NULL and such a row exists (no ``k`` is NULL, so
    only a NULL ``x`` makes the answer unknown); else 0."""
    return _deep(q, lambda e: _case_in(e, schema) if isinstance(e, ir.Case) else e)


def _case_in(e: ir.Case, schema):
    if not (len(e.whens) == 2 and _is_int(e.default, 0) and _is_int(e.whens[0][1], 1)
            and isinstance(e.whens[1][1], ir.Lit) and e.whens[1][1].value is None):
        return e
    second = _conjuncts(e.whens[1][0])
    if len(second) != 2:
        return e
    for nonempty, null in (second, second[::-1]):
        rows = _exists_rows(nonempty)
        if rows is None or not isinstance(null, ir.IsNull):
            continue
        found = _match(e.whens[0][0], rows[0], rows[1], schema)
        if found is None or found[0] != null.arg:
            continue
        x, k, t, rest = found
        sub = ir.Select(t, _and(rest), (), None, (k,), False, (), None, 0, False, (k.name,))
        return ir.Func(FuncName.BOOL_INT, (ir.InSub(x, sub),), Ty.INT)
    return e


def _is_int(e, n: int) -> bool:
    return isinstance(e, ir.Lit) and e.ty in (Ty.INT, Ty.BOOL) and e.value == n
