"""A foreign key's parent, read only through the key, as a test that the key is not NULL
(the chase, in the normal form's sums of parts: ``chase``).

In a block (or the rows of a ``NoRows`` / ``SomeRows`` condition, or a block of an
``InRows``), an occurrence ``P`` of a table read nowhere but in conjuncts ``P.k1 = C.f1 AND
.. AND P.kn = C.fn``, where ``(f1, .., fn) -> P(k1, .., kn)`` is a declared foreign key of
the table of the occurrence ``C`` whose two sides hold one storage class
(``ir.exact_foreign_keys``, no collated column), and ``(k1, .., kn)`` holds a declared
unique key of ``P``, joins each row of the rest with exactly one row of ``P`` when every
``C.fi`` is non-NULL and with none otherwise:

- at least one: the foreign key holds on every database the verifier speaks of (docs/verify:
  "Declared foreign keys hold"), and SQLite's check, the parent's affinity applied to a
  child value of the same class, finds the parent whose key is equal (``=``, binary
  collation, no conversion between columns of one affinity); a child with a NULL column
  needs no parent, and ``=`` with NULL is never TRUE;
- at most one: two parents equal on a unique key, all of it non-NULL, are one row.

So the block is the block without ``P`` and with ``C.fi IS NOT NULL`` for each ``i``: the
same rows, as many times (a bag identity, so also under a grouping or DISTINCT). A
``NoRows`` of ``P`` alone is then ``C.f IS NULL`` (the unmatched rows of a LEFT JOIN on a
foreign key: none where the key is set), a ``SomeRows`` ``C.f IS NOT NULL``. Outer joins,
anti-joins (NOT EXISTS, NOT IN as lowered, EXCEPT as ``InRows``) and semi-joins to a
parent on its key thus meet the plain child rows the other query reads.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import Affinity, CmpOp, Conv
from .key_rows import as_rows, reads, same_row_by_key, substitute
from .normal import Block, InRows, NoNormalForm, NoRows, SomeRows, Squash, normalize
from .outer import merge_padded


def either_reading(d, xs: list, ys: list) -> bool:
    """Are the sums ``xs`` and ``ys`` (unnested terms) equal as they are (LEFT JOINs read
    nowhere merged: ``outer.merge_padded``), else with their parents chased (where that
    changes either)? Both readings are the same bags; the second only where the first
    fails, since a side chased alone may no longer meet the other's spelling."""
    if d.terms_equal(d.prune(merge_padded(d, xs)), d.prune(merge_padded(d, ys))):
        return True
    cx, cy = [chase(d, x) for x in xs], [chase(d, y) for y in ys]
    if cx == xs and cy == ys:
        return False
    return d.terms_equal(d.prune(merge_padded(d, cx)), d.prune(merge_padded(d, cy)))


def chase(d, x):
    """``x`` (a term of a sum: ``Block`` or ``Squash``) with every such parent dropped.
    ``d``: the ``Decider`` (its ``t``: the schema, the domain)."""
    if getattr(d.t, "schema", None) is None:
        return x
    if isinstance(x, Squash):
        return Squash(tuple(_block(d.t, b, ()) for b in x.blocks))
    if isinstance(x, Block):
        return _block(d.t, x, ())
    return x


def _block(t, b: Block, outer: tuple) -> Block:
    scope = b.occs + outer
    conds = tuple(_cond(t, c, scope) for c in b.conds)
    group = b.group
    rest = (b.items, b.env, group.keys if group else (), group.having if group else None)
    occs, conds, (items, env, keys, having) = _drop(t, b.occs, conds, scope, rest)
    if group is not None:
        group = dataclasses.replace(group, keys=keys, having=having)
    return Block(occs, conds, items, env, group)


def _cond(t, c, scope: tuple):
    if isinstance(c, (NoRows, SomeRows)):
        c = same_row_by_key(c, scope, t.schema)
        inner = tuple(_cond(t, x, c.occs + scope) for x in c.conds)
        occs, conds, (env,) = _drop(t, c.occs, inner, c.occs + scope, (c.env,))
        return type(c)(occs, conds, env)
    if isinstance(c, InRows):
        rows = as_rows(c)  # (``key_rows``) chased as a semi- or anti-join where that drops a table
        if rows is not None and len((chased := _cond(t, rows, scope)).occs) < len(rows.occs):
            return chased
        return InRows(tuple(_block(t, b, scope) for b in c.blocks), c.items, c.negated)
    rows = _as_rows(t, c)
    if rows is not None:
        chased = _cond(t, rows, scope)
        if len(chased.occs) < len(rows.occs):
            return chased
    return c


def _as_rows(t, c):
    """``[NOT] EXISTS (q)``, ``q`` one block without grouping, as the ``SomeRows`` (the
    ``NoRows``) of its rows: what ``values.Scope.cond`` reads it as; else None."""
    negated = isinstance(c, ir.Not)
    e = c.arg if negated else c
    if not isinstance(e, ir.Exists):
        return None
    try:
        terms = normalize(e.query, t.schema, t.keyer)
    except NoNormalForm:
        return None
    blocks = [b for x in terms for b in (x.blocks if isinstance(x, Squash) else [x])]
    if len(blocks) != 1 or blocks[0].group is not None:
        return None
    b = blocks[0]
    return (NoRows if negated else SomeRows)(b.occs, b.conds, b.env)


def _drop(t, occs: tuple, conds: tuple, scope: tuple, rest: tuple):
    """``(occs, conds, rest)`` without the parents the module describes (``scope``: the
    occurrences a child may be; ``rest``: expressions, tuples of them, an env dict, that
    also read the occurrences)."""
    changed = True
    while changed:
        changed = False
        for p in occs:
            found = _parent(t, p, conds, scope)
            if found is None:
                continue
            eqs, pairs = found
            others = tuple(c for c in conds if not any(c is e for e in eqs))
            if reads(p.alias, (others, rest)):
                if not _one_class(t, p, pairs):
                    continue
                # the parent's key columns read elsewhere hold the child's values: equal
                # (``=``) and of one storage class, so identical
                others, rest = substitute((others, rest), p.alias, lambda col, pairs=pairs: pairs.get(col.name))
                if reads(p.alias, (others, rest)):
                    continue
            occs = tuple(o for o in occs if o is not p)
            conds = others + tuple(ir.Not(ir.IsNull(f)) for f in pairs.values())
            scope = tuple(o for o in scope if o is not p)
            changed = True
            break
    return occs, conds, rest


def _one_class(t, p, pairs: dict) -> bool:
    """Do equal values of the key and its child columns have one storage class: typed
    databases, REAL or TEXT affinity, INTEGER or NUMERIC where no such column holds the
    REAL -2**63 (``int_min_free``)?"""
    if getattr(t, "typed", False):
        return True
    aff = dict(p.affinity)
    ok = {Affinity.REAL, Affinity.TEXT} | (
        {Affinity.INTEGER, Affinity.NUMERIC} if getattr(t, "int_min_free", False) else set())
    return all(aff.get(k) in ok and f.affinity in ok for k, f in pairs.items())


def _parent(t, p, conds: tuple, scope: tuple):
    """(the key conjuncts, parent column -> child column) when ``p`` is a parent joined to a
    child of ``scope`` on a foreign key, else None."""
    if p.key[0] != "table" or not p.keys:
        return None
    pairs, eqs = {}, []  # parent column -> child column (an ``ir.Col``)
    for c in conds:
        found = _key_equality(c, p.alias)
        if found is None:
            continue
        key, other = found
        if key in pairs:  # two values equated through one parent column: read elsewhere
            return None
        pairs[key] = other
        eqs.append(c)
    if not pairs or len({f.alias for f in pairs.values()}) != 1:
        return None
    child_alias = next(iter(pairs.values())).alias
    child = next((o for o in scope if o.alias == child_alias and o is not p), None)
    if child is None or child.key[0] != "table":
        return None
    if not _declared(t.schema, child.key[1], p, {k: f.name for k, f in pairs.items()}):
        return None
    return tuple(eqs), pairs


def _key_equality(c, alias: str):
    """(the parent column, the other column) when ``c`` is ``alias.k = X.f`` (columns, no
    conversion, ``X`` another occurrence), else None."""
    if not (isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and c.conv == Conv.NONE
            and isinstance(c.left, ir.Col) and isinstance(c.right, ir.Col)):
        return None
    if c.left.alias == alias and c.right.alias != alias:
        return c.left.name, c.right
    if c.right.alias == alias and c.left.alias != alias:
        return c.right.name, c.left
    return None


def _declared(schema, child_name: str, p, pairs: dict[str, str]) -> bool:
    """Is ``child(pairs' values) -> parent(pairs' keys)`` a declared foreign key of one
    storage class, no collated column, over a unique key of the parent?"""
    try:
        child, parent = schema.table(child_name), schema.table(p.key[1])
    except (KeyError, ValueError):
        return False
    if child.collated or parent.collated:
        return False
    if not any(set(cols) <= set(pairs) for cols, _ in p.keys):
        return False
    for fk, ref in ir.exact_foreign_keys(schema, child):
        cols = [c.lower() for c in fk.columns]
        refs = [c.lower() for c in fk.ref_columns]
        if (ref.name.lower() == p.key[1] and len(refs) == len(pairs)
                and all(pairs.get(k) == f for f, k in zip(cols, refs, strict=True))):
            return True
    return False
