"""FULL JOIN implemented as a LEFT JOIN and an anti join (issue 25, i38e):
``full_join_as_union``, ``anti_join_of_parent``.

``full_join_as_union`` (site ``query``): the textbook (and every engine without a native
FULL JOIN, SQLite before 3.39 among them) implementation

    SELECT e FROM A FULL JOIN B ON c WHERE w
    = SELECT e FROM A LEFT JOIN B ON c WHERE w
      UNION ALL SELECT e[A := NULL] FROM B WHERE NOT EXISTS (SELECT 1 FROM A WHERE c) AND w[A := NULL]

A FULL JOIN's rows are the pairs ``c`` holds, each ``A`` row without such a partner padded
once (the LEFT JOIN's rows), and each ``B`` row without a partner padded once: exactly the
``B`` rows for which no ``A`` row makes ``c`` TRUE, with every column of ``A`` NULL. A
column that is NULL and the literal NULL give every expression one value; arithmetic and
strict functions of it are NULL (written so, as one writes the padded side). Row order is not
kept (the consumer must not read it); the compound's columns take the left operand's
affinity, the LEFT JOIN's items unchanged. Plain selects only (no aggregate, DISTINCT,
window, LIMIT), both sides inner joins of sources; where a declared foreign key pads
nothing on one side, ``full_join_on_foreign_key`` reads the FULL JOIN as a LEFT JOIN
instead and this rule leaves it alone.

``anti_join_of_parent`` (site ``conjunct``): ``NOT EXISTS (SELECT .. FROM P WHERE P.k = x)``,
``x`` a column of an outer scan with a declared foreign key ``x -> P.k`` whose sides hold
one storage class, ``P`` read whole, is ``x IS NULL``: on every database that satisfies the
key a non-NULL ``x`` has its parent row; a NULL ``x`` equals nothing.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import CmpOp, Conv, JoinKind, SetOpKind, Ty
from .outer_laws import _every_row_found
from .subset_full_joins import SUBSET_FULL_JOIN_RULE
from .terms import _and, _conjuncts, _deep, _leaves, _tree_aliases, _windowless


def _plain(q) -> bool:
    return (isinstance(q, ir.Select) and not q.aggregate and not q.group_by and q.having is None
            and not q.distinct and not q.order and q.limit is None and not q.offset
            and q.bare_from is None and _windowless(q))


def _strict_of_null(e, null):
    """``e`` NULL where it is arithmetic, a negation or a strict function (NULL on a NULL
    argument: ``||``, ``abs``, ..) of the literal NULL, as one writes the padded side."""
    args = ((e.left, e.right) if isinstance(e, ir.Arith) else (e.arg,) if isinstance(e, ir.Neg)
            else e.args if isinstance(e, ir.Opaque) and e.strict else ())
    return null if any(isinstance(a, ir.Lit) and a.value is None for a in args) else e


def full_join_as_union(q, schema, sensitive: bool):
    """``q`` as the UNION ALL of its LEFT JOIN and the anti join of its right side (the
    module's note), else ``q``."""
    if sensitive or not _plain(q):
        return q
    j = q.source
    if not (isinstance(j, ir.Join) and j.kind == JoinKind.FULL and j.on is not None
            and _leaves(j.left) and _leaves(j.right)):
        return q
    if _every_row_found(j.left, j.right, j.on, schema) or _every_row_found(j.right, j.left, j.on, schema):
        return q
    left_aliases = set(_tree_aliases(j.left))
    null = ir.Lit(None, Ty.NULL)

    def padded(x):
        return _deep(x, lambda e: null if isinstance(e, ir.Col) and e.alias in left_aliases
                     else _strict_of_null(e, null))

    matched = dataclasses.replace(q, source=dataclasses.replace(j, kind=JoinKind.LEFT), names=())
    probe = ir.Select(j.left, j.on, (), None, (ir.Lit(1, Ty.INT),), False, (), None, 0, False)
    anti = ir.Not(ir.Exists(probe))
    rest = ir.Select(j.right, _and([anti, *(padded(c) for c in _conjuncts(q.where))]), (), None,
                     tuple(padded(i) for i in q.items), False, (), None, 0, False)
    return ir.SetOp(SetOpKind.UNION, True, matched, rest)


def anti_join_of_parent(c, schema, outer: list):
    """A WHERE conjunct ``NOT EXISTS (SELECT .. FROM P WHERE P.k = x)`` over a foreign key
    ``x -> P.k`` as ``x IS NULL`` (the module's note), else ``c``."""
    if not (isinstance(c, ir.Not) and isinstance(c.arg, ir.Exists)
            and isinstance(c.arg.query, ir.Select)):
        return c
    q = c.arg.query
    w = q.where
    if not (isinstance(q.source, ir.Scan) and not q.group_by and q.having is None
            and not q.aggregate and q.limit is None and not q.offset and q.bare_from is None
            and isinstance(w, ir.Cmp) and w.op == CmpOp.EQ and w.conv == Conv.NONE
            and isinstance(w.left, ir.Col) and isinstance(w.right, ir.Col)):
        return c
    p = q.source
    k, x = (w.left, w.right) if w.left.alias == p.alias else (w.right, w.left)
    if k.alias != p.alias or x.alias == p.alias:
        return c
    child = next((s for s in outer if isinstance(s, ir.Scan) and s.alias == x.alias), None)
    if child is None:
        return c
    for fk, ref in ir.exact_foreign_keys(schema, schema.table(child.table)):
        if (ref.name.lower() == p.table and [n.lower() for n in fk.columns] == [x.name]
                and [n.lower() for n in fk.ref_columns] == [k.name]):
            return ir.IsNull(x)
    return c


FULL_JOIN_QUERY_RULES = (
    SUBSET_FULL_JOIN_RULE,  # first: a FULL JOIN that pads nothing on one side is a LEFT JOIN
    ("full_join_as_union", "SELECT e FROM A FULL JOIN B ON c WHERE w is SELECT e FROM A LEFT "
     "JOIN B ON c WHERE w UNION ALL SELECT e[A:=NULL] FROM B WHERE NOT EXISTS (SELECT 1 FROM A "
     "WHERE c) AND w[A:=NULL] (plain select; no foreign key pads one side; order not read)",
     ("query",), lambda canon, q, ctx: full_join_as_union(q, canon.schema, ctx["sensitive"]),
     True),
)
FULL_JOIN_CONJUNCT_RULES = (
    ("anti_join_of_parent", "a conjunct NOT EXISTS (SELECT .. FROM P WHERE P.k = x) over a "
     "foreign key x -> P.k (one storage class) is x IS NULL", ("conjunct",),
     lambda canon, c, ctx: anti_join_of_parent(c, canon.schema, ctx["leaves"])),
)
