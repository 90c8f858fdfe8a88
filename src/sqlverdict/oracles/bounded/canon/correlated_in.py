"""A correlated ``IN`` conjunct read as the ``EXISTS`` it equals: ``correlated_in_as_exists``.

A WHERE (or inner ON) conjunct ``x IN (SELECT s.k FROM S WHERE w)`` keeps a row exactly when
some row of ``S`` makes ``w`` TRUE and ``s.k = x`` TRUE: NULL (``x`` or ``s.k`` NULL) and
FALSE both drop the row, so the conjunct is ``EXISTS (SELECT 1 FROM S WHERE w AND s.k =
x)``. SQLite compares ``x IN (SELECT s.k ..)`` as ``x = s.k`` (its affinity rules): ``x`` and
``s.k`` are taken of one class and affinity, compared without conversion, and no table of
either side declares a collation (IN and ``=`` may pick their collating sequence from
different sides). ``x NOT IN (..)`` is TRUE exactly when every row of ``S`` where ``w`` is
TRUE makes ``x = s.k`` FALSE; with ``x`` and ``s.k`` never NULL (declared NOT NULL or
primary-key columns of inner-joined tables) that is ``NOT EXISTS (SELECT 1 FROM S WHERE w
AND s.k = x)``; with either NULL-able it is not (a NULL ``s.k`` makes NOT IN NULL).

The uncorrelated IN and the EXISTS with one correlated equality are the other way round
already (``exists_to_in``: the canonical form is the IN). This rule turns only the
correlated IN (``w`` reads the outer row) into EXISTS, and only when the EXISTS stays one:
it becomes the join on a unique key of ``S`` (``exists_on_key_as_join``, Calcite's
SemiJoinRule on a unique right side) or ``exists_to_in`` leaves it (a second correlated
equality in ``w``): so the IN, the EXISTS and the join of one question meet in one form.
Only in an inner-joined select's conjuncts (the driver's ``sources`` site), never under NOT,
OR, CASE or a select item, where IN and EXISTS differ on NULL.
"""

from __future__ import annotations

from ....types import Schema
from .. import ir
from ..ir.kinds import CmpOp, Conv, Ty
from .joins import _not_null, exists_to_in
from .key_joins import exists_on_key_as_join
from .terms import _aliases_in, _and, _conjuncts, _has_sub, _leaves, _tree_aliases, _windowless


def correlated_in_as_exists(q: ir.Select, leaves: list, conds: list, schema: Schema):
    """(q, leaves, conds) with the first correlated IN / NOT IN conjunct read as EXISTS / NOT
    EXISTS (the module's law), joined when on a unique key; leaves None when nothing
    changed."""
    if _collated(leaves, schema):
        return q, None, conds
    for i, c in enumerate(conds):
        ex = _as_exists(c, leaves, schema)
        if ex is None:
            continue
        rest = conds[:i] + conds[i + 1:]
        if isinstance(ex, ir.Exists):
            joined = exists_on_key_as_join(q, leaves, rest + [ex], schema)
            if joined[1] is not None:
                return joined
        if exists_to_in(ex, schema, leaves) is ex:
            return q, leaves, rest + [ex]
    return q, None, conds


def _collated(leaves, schema: Schema) -> bool:
    return any(isinstance(x, ir.Scan) and schema.table(x.table).collated for x in leaves)


def _as_exists(c, leaves: list, schema: Schema):
    """``EXISTS (SELECT 1 FROM S WHERE w AND s.k = x)`` for a correlated ``x IN (SELECT s.k
    FROM S WHERE w)`` (NOT EXISTS for NOT IN, both sides never NULL); else None."""
    neg = isinstance(c, ir.Not)
    e = c.arg if neg else c
    if not (isinstance(e, ir.InSub) and e.conv == Conv.NONE and isinstance(e.arg, ir.Col)
            and isinstance(e.query, ir.Select)):
        return None
    x, s = e.arg, e.query
    if not (not s.aggregate and not s.group_by and s.having is None and s.limit is None
            and not s.offset and s.bare_from is None and _windowless(s) and len(s.items) == 1):
        return None
    inner = _leaves(s.source)
    k = s.items[0]
    local = set(_tree_aliases(s.source))
    if (inner is None or not all(isinstance(y, ir.Scan) for y in inner) or _collated(inner, schema)
            or not isinstance(k, ir.Col) or k.alias not in local or x.alias in local
            or x.ty != k.ty or x.affinity != k.affinity or k.ty not in (Ty.INT, Ty.REAL, Ty.TEXT)):
        return None
    w = _conjuncts(s.where)
    outer = {a for y in leaves for a in _tree_aliases(y)} if not neg else None
    if _has_sub(s.where) or not any(_aliases_in(d) & outer if outer else _aliases_in(d) - local
                                    for d in w):
        return None  # uncorrelated here: the IN is the form (exists_to_in, semijoins)
    if neg and not (_not_null(k, inner, schema) and _not_null(x, leaves, schema)):
        return None
    ex = exists_of(s.source, [*w, ir.Cmp(CmpOp.EQ, x, k)])
    return ir.Not(ex) if neg else ex


def exists_of(source, conds: list) -> ir.Exists:
    """``EXISTS (SELECT 1 FROM source WHERE conds)``."""
    return ir.Exists(ir.Select(source, _and(conds), (), None, (ir.Lit(1, Ty.INT),), False, (), None,
                               0, False, ("1",)))
