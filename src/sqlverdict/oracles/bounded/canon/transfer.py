"""Selections carried across the equality of a semi-join or a set operation (issue 25, set
operations): the textbook laws sigma_p(R - S) = sigma_p(R) - S = sigma_p(R) - sigma_p(S),
sigma_p(R INTERSECT S) = sigma_p(R) INTERSECT S, bag forms included, read where they
show in the canonical form.

``correlated_filter_transfer`` (site ``facts``): a conjunct of a semi-join subquery
(``EXISTS``, ``IN``) that reads only inner columns the subquery equates with outer columns
is the same conjunct of the outer columns, so it moves out (positive) or goes when the
outer WHERE already holds it (``NOT EXISTS``, ``NOT IN`` of a never-NULL column).
``setop_filter_transfer`` (site ``setop``): in ``A EXCEPT [ALL] B`` a conjunct of ``B``
on its output columns goes when ``A`` holds it on its own; in ``A INTERSECT [ALL] B`` it
moves to ``A``.

Both rest on one fact: two values the equality calls equal are identical, so any
condition of one holds of the other. That is so for columns of one affinity with no
conversion between them, TEXT in every database (text and BLOBs compare byte-wise;
numbers become text), and INTEGER, REAL, NUMERIC in the typed domain only (the sqlite
domain keeps the REAL ``-2**63`` beside the INTEGER one, equal but shown apart).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import Affinity, CmpOp, Conv, SetOpKind
from .setfilters import _never_null
from .setops import _EXACT
from .terms import (
    Flat,
    _and,
    _conjuncts,
    _has_sub,
    _key,
    _leaves,
    _local_cols,
    _normalize,
    _replace_cols,
    _windowless,
)


def _exact(a: ir.Col, b: ir.Col, typed: bool) -> bool:
    """Are equal values of columns ``a`` and ``b`` identical (see the module's note)?"""
    if a.affinity != b.affinity or a.ty != b.ty:
        return False
    return a.affinity == Affinity.TEXT or (typed and a.affinity in _EXACT)


def _plain_sub(q) -> bool:
    """A subquery whose WHERE filters rows of inner-joined sources, nothing after it."""
    return (isinstance(q, ir.Select) and not q.aggregate and not q.group_by and q.having is None
            and q.limit is None and not q.offset and _sources(q.source) is not None
            and q.bare_from is None and _windowless(q))


def _sources(src) -> list | None:
    """The inner-joined sources of a FROM, canonical (``Flat``) or not."""
    return list(src.leaves) if isinstance(src, Flat) else _leaves(src)


def _inner_aliases(q: ir.Select) -> set:
    return {x.alias for x in _sources(q.source)}


def _correlation(q: ir.Select, typed: bool) -> dict:
    """Inner column -> the outer column a WHERE conjunct ``inner = outer`` or ``inner IS
    outer`` equates it with (one affinity, no conversion, identical when equal)."""
    inner, out = _inner_aliases(q), {}
    for c in _conjuncts(q.where):
        if not (isinstance(c, ir.Cmp) and c.op in (CmpOp.EQ, CmpOp.IS) and c.conv == Conv.NONE
                and isinstance(c.left, ir.Col) and isinstance(c.right, ir.Col)):
            continue
        for a, b in ((c.left, c.right), (c.right, c.left)):
            if a.alias in inner and b.alias not in inner and _exact(a, b, typed):
                out.setdefault((a.alias, a.name), b)
    return out


def _movable(c, rep: dict):
    """``c`` with the equated inner columns as the outer ones, when it reads nothing else."""
    if _has_sub(c) or not isinstance(c, ir.Expr):
        return None
    cols = _local_cols(c)
    if not cols or not cols <= set(rep):
        return None
    return _normalize(_replace_cols(c, rep))


def _split(q: ir.Select, rep: dict) -> tuple[list, list]:
    """(conjuncts kept in ``q``'s WHERE, (conjunct, its outer form) of those that move)."""
    keep, moved = [], []
    for c in _conjuncts(q.where):
        m = _movable(c, rep)
        if m is None:
            keep.append(c)
        else:
            moved.append((c, m))
    return keep, moved


def _item_never_null(q: ir.Select, schema) -> bool:
    """Is the one item of ``q``, a column of one of its sources, never NULL on a kept row?"""
    y = q.items[0]
    scan = next((x for x in _sources(q.source) if x.alias == y.alias), None)
    return scan is not None and _never_null(y, dataclasses.replace(q, source=scan), schema)


def _rejects_null(x: ir.Col, conds: list) -> bool:
    """Does a WHERE conjunct hold only where ``x`` is not NULL (``x IS NOT NULL``, a
    comparison other than IS that reads ``x`` itself, ``x LIKE ..``, ``x IN (..)``)?"""
    return any((isinstance(c, ir.Not) and isinstance(c.arg, ir.IsNull) and c.arg.arg == x)
               or (isinstance(c, ir.Cmp) and c.op not in (CmpOp.IS, CmpOp.IS_NOT)
                   and x in (c.left, c.right))
               or (isinstance(c, (ir.Like, ir.InList)) and c.arg == x) for c in conds)


def _semijoin(c, typed: bool):
    """(negated, subquery, inner column -> outer column) of a semi-join conjunct, or None."""
    neg = isinstance(c, ir.Not)
    e = c.arg if neg else c
    if isinstance(e, ir.Exists) and _plain_sub(e.query):
        return neg, e, _correlation(e.query, typed)
    if (isinstance(e, ir.InSub) and len(e.query.items) == 1
            and isinstance(e.arg, ir.Col) and isinstance(e.query.items[0], ir.Col)
            and e.conv == Conv.NONE and (_plain_sub(e.query) or (not neg and _key_grouped(e.query)))
            and e.arg.alias not in _inner_aliases(e.query)):
        y = e.query.items[0]
        if y.alias in _inner_aliases(e.query) and _exact(y, e.arg, typed):
            if e.query.aggregate:  # a conjunct on the key alone: whole groups (_key_grouped)
                return neg, e, {(y.alias, y.name): e.arg}
            return neg, e, {**_correlation(e.query, typed), (y.alias, y.name): e.arg}
    return None


def _key_grouped(q) -> bool:
    """A grouped subquery whose one item is a GROUP BY key column (HAVING allowed; no
    LIMIT, OFFSET, window): ``x IN (SELECT y .. WHERE p(y) GROUP BY y, .. HAVING h)``, a
    conjunct ``p`` of the key alone, drops whole groups (their rows' ``y`` are equal, so
    identical: ``_exact``), the other groups and their aggregates unchanged; positive, it is
    ``p(x) AND x IN (SELECT y .. GROUP BY y, .. HAVING h)`` (MariaDB's
    condition_pushdown_for_subquery read back)."""
    return (isinstance(q, ir.Select) and q.aggregate and bool(q.group_by) and q.limit is None
            and not q.offset and _sources(q.source) is not None and q.bare_from is None
            and _windowless(q) and q.items[0] in q.group_by)


def correlated_filter_transfer(conds: list, canon) -> list:
    """WHERE conjuncts with each semi-join's conjuncts on equated columns read outside.

    ``EXISTS (SELECT .. WHERE y = x AND p(y))`` (``y IS x`` too) and ``x IN (SELECT y ..
    WHERE p(y))`` are TRUE exactly when ``p(x)`` is TRUE and the subquery without ``p``
    finds a row (the row's ``y`` is identical to ``x``): as WHERE conjuncts they are ``p(x)
    AND ..`` (NULL and FALSE both reject). Negated, the rows equal to ``x`` satisfy ``p``
    when the outer WHERE holds ``p(x)``, so ``p(y)`` goes; for ``NOT IN`` only when ``y``
    is never NULL (a NULL ``y`` that ``p`` drops would make ``NOT IN`` NULL) and the WHERE
    rejects a NULL ``x`` (``x IS NULL`` would keep ``p(y) = y IS NULL``, whose subquery is
    empty, and ``NULL NOT IN (empty)`` is TRUE)."""
    keys = {_key(c) for c in conds}
    out, extra, changed = [], [], False
    for c in conds:
        found = _semijoin(c, canon.typed)
        if found is None or not found[2]:
            out.append(c)
            continue
        neg, e, rep = found
        keep, moved = _split(e.query, rep)
        if neg:  # only what the outer WHERE holds goes
            keep += [x for x, m in moved if _key(m) not in keys]
            moved = [(x, m) for x, m in moved if _key(m) in keys]
            kept = dataclasses.replace(e.query, where=_and(keep))  # NULL-free without them
            if isinstance(e, ir.InSub) and not (_item_never_null(kept, canon.schema)
                                                and _rejects_null(e.arg, conds)):
                moved = []
        if not moved:
            out.append(c)
            continue
        changed = True
        q = dataclasses.replace(e.query, where=_and(keep))
        new = dataclasses.replace(e, query=q)
        out.append(ir.Not(new) if neg else new)
        if not neg:
            extra += [m for _, m in moved]
    if not changed:
        return conds
    return out + [m for m in extra if _key(m) not in keys]


def _output_map(x: ir.Select, typed: bool, like: ir.Select | None = None) -> dict | None:
    """Column of ``x`` -> its output position, when every item is a column of an affinity
    whose equal values are identical (``like``: the other operand, whose items match)."""
    if not _plain_sub(x):
        return None
    out = {}
    for i, item in enumerate(x.items):
        if not isinstance(item, ir.Col):
            return None
        other = like.items[i] if like is not None else item
        if not isinstance(other, ir.Col) or not _exact(item, other, typed):
            return None
        out.setdefault((item.alias, item.name), i)
    return out


def _transferred(q, typed: bool):
    """``A EXCEPT [ALL] B``: a conjunct of ``B`` reading only ``B``'s output columns goes
    when ``A``'s WHERE holds the same conjunct of its own output columns (every row of
    ``A`` satisfies it, and the rows of ``B`` equal to one are identical to it, so they
    satisfy it too: the counts the difference subtracts do not change). ``A INTERSECT
    [ALL] B``: such a conjunct of ``B`` moves to ``A`` (a row counted on both sides is
    identical on both). No ORDER BY, LIMIT or OFFSET on the compound."""
    if (not isinstance(q, ir.SetOp) or q.op not in (SetOpKind.EXCEPT, SetOpKind.INTERSECT)
            or q.order or q.limit is not None or q.offset
            or not isinstance(q.left, ir.Select) or not isinstance(q.right, ir.Select)
            or len(q.left.items) != len(q.right.items)):
        return q
    a, b = q.left, q.right
    pb = _output_map(b, typed, like=a)
    if _output_map(a, typed) is None or pb is None:
        return q
    to_a = {col: a.items[i] for col, i in pb.items()}
    mine = {_key(_normalize(c)) for c in _conjuncts(a.where)}
    keep, moved = [], []
    for c in _conjuncts(b.where):
        m = _movable(c, to_a)
        if m is None or (q.op == SetOpKind.EXCEPT and _key(m) not in mine):
            keep.append(c)
        else:
            moved.append(m)
    if not moved:
        return q
    add = [m for m in moved if _key(m) not in mine]
    left = dataclasses.replace(a, where=_and(_conjuncts(a.where) + add)) if add else a
    right = dataclasses.replace(b, where=_and(keep))
    return dataclasses.replace(q, left=left, right=right)


def setop_filter_transfer(canon, value, ctx):
    """The site ``setop``: ``value`` with ``_transferred``'s law applied, its operands
    walked again through the site's rules (which read them from ``ctx``)."""
    if ctx["positional"]:
        return value
    out = _transferred(value, canon.typed)
    if out is value:
        return value
    form, _ = canon.walk("setop", out, **{**ctx, "left": out.left, "right": out.right})
    return form


# ---- the registry's entries (``rules.RULES`` adds them as ``Rule(*entry)``)

SETOP_RULE = (
    "setop_filter_transfer", "A EXCEPT [ALL] B: a conjunct of B on its output columns goes when A "
    "holds it; A INTERSECT [ALL] B: it moves to A (equal items identical; order not read)",
    ("setop",), setop_filter_transfer, True)
FACTS_RULE = (
    "correlated_filter_transfer", "p(y) in EXISTS/IN equating y with outer x (= or IS, equal "
    "values identical) is p(x) outside; negated it goes when the WHERE holds p(x) (NOT IN: y "
    "never NULL)", ("facts",), lambda canon, conds, ctx: correlated_filter_transfer(conds, canon))
