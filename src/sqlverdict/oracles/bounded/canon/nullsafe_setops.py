"""INTERSECT and EXCEPT as semi- and anti-joins on null-safe equality (issue 25, i35b):
Spark's ReplaceIntersectWithSemiJoin / ReplaceExceptWithAntiJoin and Calcite's
IntersectToSemiJoinRule / MinusToAntiJoinRule with IntersectMergeRule / MinusMergeRule for
chains of operands. ``intersect_chain_subsumed`` (an operand of an INTERSECT chain whose
rows hold another's goes), ``intersect_as_null_safe_semijoin`` and
``except_as_null_safe_anti_join`` (the compound as a DISTINCT filter with [NOT] EXISTS and
``IS`` per column). All rewrite a compound before its operands are canonicalized (the
driver's site ``compound``).

Why ``IS`` is INTERSECT's comparison here: SQLite's compound operators compare rows with
NULLs alike, numbers by value across INTEGER and REAL, and values of different classes
(1 and '1') as different, with no affinity conversion. ``x IS y`` compares the same way
when no affinity conversion applies, which holds when ``x`` and ``y`` are columns of one
affinity; the laws take columns of one exact affinity (INTEGER, REAL, NUMERIC, TEXT: no
1 beside 1.0 in one column), so that the row DISTINCT keeps is the row the compound
keeps."""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import CmpOp, SetOpKind, Ty
from .setfilters import _bare, _either, _never_null
from .setops import _EXACT, _plain_filter, _renamed
from .terms import Flat, _aliases_in, _and, _conjuncts, _key, _tree_aliases


def _chain(q, op: SetOpKind) -> list:
    """The operands of a chain of ``op`` without ALL, ORDER BY or LIMIT, left to right, each
    read as ``_operand`` reads it."""
    q = _unwrapped(q)
    if isinstance(q, ir.SetOp) and q.op == op and _bare(q):
        return _chain(q.left, op) + _chain(q.right, op)
    return [_operand(q)]


def _unwrapped(q):
    """``SELECT u.c1, .. FROM (Q) AS u``, every column of ``u`` in order and nothing else, is
    ``Q`` (as ``except_merge``'s results and hand-written operands wrap a compound)."""
    if not (_plain_filter(q) and isinstance(q.source, ir.Derived) and q.where is None
            and not q.distinct):
        return q
    d = q.source
    cols = [(i.alias, i.name) if isinstance(i, ir.Col) else None for i in q.items]
    return d.query if cols == [(d.alias, n) for n in d.names] else q


def _operand(q):
    """An operand of a compound that removes duplicates: its DISTINCT, or GROUP BY of
    exactly its item columns without aggregate or HAVING, changes nothing there."""
    if not isinstance(q, ir.Select):
        return q
    keys = {_key(g) for g in q.group_by}
    if (q.group_by and q.aggregate and q.having is None and all(isinstance(i, ir.Col) for i in q.items)
            and keys == {_key(i) for i in q.items} and len(keys) == len(q.group_by)):
        q = dataclasses.replace(q, group_by=(), aggregate=False)
    return dataclasses.replace(q, distinct=False) if q.distinct else q


def _tables(x: ir.Select) -> tuple:
    """The tables ``x``'s FROM scans, sorted: two operands of one tuple are left to the laws
    of filters of one relation (``self_compound``, ``intersect_subsumed``,
    ``except_as_filter``, ``union_as_filter``), which read them without a self-join."""
    return tuple(sorted(_scan_tables(x.source)))


def _scan_tables(src) -> list:
    if isinstance(src, ir.Join):
        return _scan_tables(src.left) + _scan_tables(src.right)
    if isinstance(src, Flat):
        return [t for leaf in src.leaves for t in _scan_tables(leaf)]
    return [src.table] if isinstance(src, ir.Scan) else ["(other)"]


def _scans(src) -> set:
    """Aliases of the tables ``src`` scans (a derived table's column has the affinity SQLite
    gives it, which its version decides for a compound: only declared columns count)."""
    if isinstance(src, ir.Join):
        return _scans(src.left) | _scans(src.right)
    if isinstance(src, Flat):
        return set().union(*(_scans(x) for x in src.leaves))
    return {src.alias} if isinstance(src, ir.Scan) else set()


def _exact_columns(a: ir.Select, b: ir.Select) -> bool:
    """Are the items of ``a`` and ``b`` pairwise declared columns of one exact affinity?"""
    mine, theirs = _scans(a.source), _scans(b.source)
    return len(a.items) == len(b.items) and all(
        isinstance(x, ir.Col) and isinstance(y, ir.Col) and x.affinity in _EXACT
        and x.affinity == y.affinity and x.alias in mine and y.alias in theirs
        for x, y in zip(a.items, b.items, strict=True))


def _holds(p: ir.Select, o: ir.Select) -> bool:
    """Does plain filter ``p`` return every row of plain filter ``o``: one FROM (aliases
    renamed), the same items, every WHERE conjunct of ``p`` one of ``o``'s?"""
    if not (_plain_filter(p) and _plain_filter(o)):
        return False
    r = _renamed(p, o)
    return (r is not None and r.items == o.items
            and {_key(c) for c in _conjuncts(r.where)} <= {_key(c) for c in _conjuncts(o.where)})


def _rebuild(parts: list, op: SetOpKind) -> ir.Query:
    out = parts[0]
    for p in parts[1:]:
        out = ir.SetOp(op, False, out, p)
    return out


def intersect_chain_subsumed(q):
    """``A INTERSECT B INTERSECT C``, C's rows among A's, is ``B INTERSECT C`` (Calcite's
    IntersectMergeRule reads the chain as one n-ary INTERSECT; a set meets a subset of
    itself in the subset). A holds C's rows when both are plain filters (no aggregate,
    window, LIMIT) of one FROM with the same items and every WHERE conjunct of A is one of
    C's. The items must be columns of one exact affinity (equal values identical, so which
    operand's copy the compound keeps does not show). Read before the operands are
    canonicalized, so that a semijoin rule of an inner pair does not hide the chain."""
    parts = _chain(q, SetOpKind.INTERSECT)
    if len(parts) < 3 or not all(_plain_filter(p) for p in parts):
        return q
    if not all(_exact_columns(parts[0], p) for p in parts):
        return q
    for i, p in enumerate(parts):
        for j, o in enumerate(parts):
            if i != j and _holds(p, o) and not _holds(o, p):
                return _rebuild([x for k, x in enumerate(parts) if k != i], SetOpKind.INTERSECT)
    return q


def _matches(a: ir.Select, b: ir.Select, schema) -> list:
    """``b.item IS a.item`` per column: the compound's comparison of two columns of one
    affinity (no conversion; NULLs alike); ``=`` where ``a.item`` is never NULL on a kept
    row (a WHERE conjunct then rejects the rows ``IS`` rejects: FALSE or NULL alike)."""
    return [ir.Cmp(CmpOp.EQ if _never_null(x, a, schema) else CmpOp.IS, y, x)
            for x, y in zip(a.items, b.items, strict=True)]


def _exists(a: ir.Select, b: ir.Select, schema) -> ir.Exists:
    body = dataclasses.replace(b, where=_and([*_conjuncts(b.where), *_matches(a, b, schema)]),
                               distinct=False, items=(ir.Lit(1, Ty.INT),), names=())
    return ir.Exists(body)


def _apart(a: ir.Select, others: list) -> bool:
    """Does no other operand name one of ``a``'s FROM aliases (lowering keeps them unique;
    a rewritten compound need not), so that ``a``'s columns stay ``a``'s inside EXISTS?"""
    mine = set(_tree_aliases(a.source))
    return all(mine.isdisjoint(set(_tree_aliases(b.source)) | _aliases_in(b)) for b in others)


def _theirs(a: ir.Select, schema) -> bool:
    """One column never NULL on a kept row: ``intersect_as_in`` / ``except_as_anti_join``
    state that case (``=`` and IN), these laws the rest."""
    return len(a.items) == 1 and _never_null(a.items[0], a, schema)


def intersect_as_null_safe_semijoin(q, schema):
    """``A INTERSECT B [INTERSECT C ..]``, every operand a plain filter, is ``SELECT DISTINCT
    a.. FROM F WHERE p AND EXISTS (SELECT 1 FROM G WHERE r AND b1 IS a1 AND ..) [AND
    EXISTS (.. C ..)]`` (Spark's ReplaceIntersectWithSemiJoin, Calcite's
    IntersectToSemiJoinRule): a distinct row of A is in the result when each other operand
    holds a row equal to it, NULLs alike (``IS``). Items pairwise columns of one exact
    affinity. INTERSECT commutes (equal rows are identical), so the outer filter is one
    chosen whatever the operands' order: of the operands whose items are never NULL on a
    kept row (then ``IS`` is ``=``), else of all, the first by the names of the tables it
    scans (no two operands scan the same ones). The one-column case whose left operand is
    never NULL is ``intersect_as_in``'s."""
    parts = _chain(q, SetOpKind.INTERSECT)
    if len(parts) < 2 or not all(_plain_filter(p) for p in parts):
        return q
    if not all(_exact_columns(parts[0], p) for p in parts):
        return q
    if len({_tables(p) for p in parts}) < len(parts):
        return q
    sure = [p for p in parts if all(_never_null(x, p, schema) for x in p.items)]
    a = min(sure or parts, key=_tables)
    if (len(parts) == 2 and isinstance(q, ir.SetOp) and _plain_filter(q.left)
            and isinstance(q.right, ir.Select) and _theirs(q.left, schema)):
        return q
    others = [b for b in parts if b is not a]
    if not _apart(a, others):
        return q
    semis = [_exists(a, b, schema) for b in others]
    return dataclasses.replace(a, where=_and([*_conjuncts(a.where), *semis]), distinct=True)


def _merged_filters(parts: list) -> list:
    """UNION operands (plain filters) of one FROM and items merged into one filter of the
    disjunction of their WHEREs: read under NOT EXISTS, only which values they hold counts."""
    out: list = []
    for p in parts:
        for k, o in enumerate(out):
            r = _renamed(p, o)
            if r is not None and r.items == o.items:
                out[k] = dataclasses.replace(o, where=_either(o.where, r.where))
                break
        else:
            out.append(p)
    return out


def except_as_null_safe_anti_join(q, schema):
    """``A EXCEPT B`` is ``SELECT DISTINCT a.. FROM F WHERE p AND NOT EXISTS (SELECT 1 FROM G
    WHERE r AND b1 IS a1 AND ..)`` (Spark's ReplaceExceptWithAntiJoin, Calcite's
    MinusToAntiJoinRule): a distinct row of A stays when B holds no row equal to it, NULLs
    alike (``IS``). A is a plain filter; B a plain filter or a UNION of them (what
    ``except_merge`` makes of ``A EXCEPT B EXCEPT C``, Calcite's MinusMergeRule): one NOT
    EXISTS per operand, operands of one FROM and items as one with the OR of their WHEREs
    (a row of F is in either operand's input when either WHERE is TRUE). Items pairwise
    columns of one exact affinity. One column never NULL against one plain filter is
    ``except_as_anti_join``'s."""
    if not (isinstance(q, ir.SetOp) and q.op == SetOpKind.EXCEPT and _bare(q)):
        return q
    a, rights = _operand(_unwrapped(q.left)), _chain(q.right, SetOpKind.UNION)
    if not (_plain_filter(a) and all(_plain_filter(b) for b in rights)):
        return q
    if not all(_exact_columns(a, b) for b in rights) or _tables(a) in {_tables(b) for b in rights}:
        return q
    if (len(rights) == 1 and _plain_filter(q.left) and _plain_filter(q.right)
            and _theirs(q.left, schema)):
        return q
    rights = _merged_filters(rights)
    if not _apart(a, rights):
        return q
    antis = [ir.Not(_exists(a, b, schema)) for b in rights]
    return dataclasses.replace(a, where=_and([*_conjuncts(a.where), *antis]), distinct=True)
