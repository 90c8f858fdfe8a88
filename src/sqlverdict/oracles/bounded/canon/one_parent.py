"""``NOT EXISTS`` of the parent of a NOT NULL foreign key as the join with that parent where
the test fails: ``one_parent_not_exists``.

A WHERE (or inner ON) conjunct ``NOT EXISTS (SELECT .. FROM P WHERE P.k = c.f AND q)``, where
``c`` is an inner-joined scan whose columns ``f`` are declared NOT NULL and carry a declared
foreign key ``c.f -> P.k`` onto a unique key ``k`` of ``P`` (both sides of one storage class:
``ir.exact_foreign_keys``), is ``EXISTS (SELECT 1 FROM P WHERE P.k = c.f AND q')``, ``q'``
TRUE exactly where ``q`` is FALSE or NULL (``keyed_anti_joins._not_true``: the laws of
three-valued logic; other forms of ``q``: no rewrite), and so (``exists_on_key_as_join``) the
inner join with ``P`` on ``P.k = c.f`` filtered by ``q'``. On every database that satisfies
the foreign key, each row of ``c`` has exactly one parent: at least one (``c.f`` is never
NULL and the key is kept), at most one (``k`` is unique and ``=`` never matches NULL). "No
parent makes ``q`` TRUE" is then "the one parent makes ``q`` not TRUE", which the join
keeps once. ``x NOT IN (SELECT P.k FROM P WHERE q)``, ``x`` such a foreign key column and
``P.k`` never NULL, is ``NOT EXISTS (SELECT 1 FROM P WHERE P.k = x AND q)`` first (with no
NULL on either side NOT IN is TRUE exactly where no row matches; a NULL-able ``P.k`` would
make it NULL). The rule fires only when the EXISTS becomes that join; not on a table with a
declared collation (``=`` and the key may disagree on equal text), not when ``q`` holds a
subquery or is missing (``in_parent_key``'s case).
"""

from __future__ import annotations

from ....types import Schema
from .. import ir
from ..ir.kinds import CmpOp, Conv
from .correlated_in import correlated_in_as_exists, exists_of
from .key_joins import exists_on_key_as_join
from .keyed_anti_joins import _not_true
from .terms import _and, _conjuncts, _has_sub, _unique_keys, _windowless


def one_parent_not_exists(q: ir.Select, leaves: list, conds: list, schema: Schema):
    """(q, leaves, conds) with the first NOT EXISTS of a foreign key's one parent read as the
    join with it (the module's law); leaves None when nothing changed."""
    if any(isinstance(x, ir.Scan) and schema.table(x.table).collated for x in leaves):
        return q, None, conds
    for i, c in enumerate(conds):
        ex = _parent_exists(c, leaves, schema)
        if ex is None:
            continue
        joined = exists_on_key_as_join(q, leaves, conds[:i] + conds[i + 1:] + [ex], schema)
        if joined[1] is not None:
            return joined
    return q, None, conds


def _parent_exists(c, leaves: list, schema: Schema):
    """``EXISTS (SELECT 1 FROM P WHERE link AND q')`` for ``c`` = ``NOT EXISTS (SELECT ..
    FROM P WHERE link AND q)``, ``link`` the foreign key's equalities; else None."""
    if not (isinstance(c, ir.Not) and isinstance(c.arg, (ir.Exists, ir.InSub))
            and isinstance(c.arg.query, ir.Select)):
        return None
    s = c.arg.query
    p = s.source
    if not (isinstance(p, ir.Scan) and not s.aggregate and not s.group_by and s.having is None
            and s.limit is None and not s.offset and s.bare_from is None and _windowless(s)
            and not _has_sub(s.where) and not schema.table(p.table).collated):
        return None
    conds = _conjuncts(s.where)
    if isinstance(c.arg, ir.InSub):
        eq = _in_link(c.arg, p, schema)
        if eq is None:
            return None
        conds = [*conds, eq]
    link = _link(conds, p, leaves, schema)
    rest = [d for d in conds if d not in link] if link else []
    if not rest:
        return None
    fails = _not_true(_and(rest))
    if fails is None:
        return None
    return exists_of(p, [*link, fails])


def _in_link(e: ir.InSub, p: ir.Scan, schema: Schema):
    """``P.k = x`` for ``x NOT IN (SELECT P.k FROM P ..)``, ``x`` a column and ``P.k`` never
    NULL (then NOT IN is TRUE exactly where no row of the subquery has ``P.k = x``: NOT
    EXISTS), one class and affinity, no conversion; else None."""
    k, x = e.query.items[0] if len(e.query.items) == 1 else None, e.arg
    if not (isinstance(k, ir.Col) and k.alias == p.alias and isinstance(x, ir.Col)
            and e.conv == Conv.NONE and x.ty == k.ty and x.affinity == k.affinity
            and schema.table(p.table).never_null(k.name)):
        return None
    return ir.Cmp(CmpOp.EQ, x, k)


def _link(conds: list, p: ir.Scan, leaves: list, schema: Schema) -> list:
    """The conjuncts ``P.k_i = c.f_i`` (no conversion) of a declared foreign key ``c.f ->
    P.k``, ``c`` an inner-joined scan, every ``f_i`` never NULL, ``k`` covering a unique key
    of ``P``; else []."""
    pairs = {}
    for d in conds:
        if isinstance(d, ir.Cmp) and d.op == CmpOp.EQ and not d.conv:
            for mine, other in ((d.left, d.right), (d.right, d.left)):
                if (isinstance(mine, ir.Col) and mine.alias == p.alias and isinstance(other, ir.Col)
                        and other.alias != p.alias and other.ty == mine.ty):
                    pairs.setdefault((other.alias, other.name, mine.name), d)
    parent = schema.table(p.table)
    for child in leaves:
        if not isinstance(child, ir.Scan):
            continue
        t = schema.table(child.table)
        for fk, ref in ir.exact_foreign_keys(schema, t):
            cols = [n.lower() for n in fk.columns]
            refs = [n.lower() for n in fk.ref_columns]
            found = [pairs.get((child.alias, f, k)) for f, k in zip(cols, refs, strict=True)]
            if (ref.name.lower() == p.table and all(found) and all(t.never_null(f) for f in cols)
                    and any(key and set(key) <= set(refs) for key in _unique_keys(parent))):
                return found
    return []


def _entry(name: str, law: str, rewrite) -> tuple:
    """A rule of the ``sources`` site that stops the walk when ``rewrite`` changed the select."""
    return (name, law, ("sources",), lambda canon, value, ctx: (lambda r: value if r[1] is None else r)(
        rewrite(*value, canon.schema)), True)


# the registry's entries (``rules.RULES`` adds them as ``Rule(*entry)``, in this order, before
# ``exists_on_key_as_join``, which joins the EXISTS they make)
IN_EXISTS_JOIN_RULES = (
    _entry("correlated_in_as_exists", "a conjunct x IN (SELECT s.k FROM S WHERE w), w reading the "
           "outer row, is EXISTS (SELECT 1 FROM S WHERE w AND s.k = x), joined on a unique key of "
           "S; NOT IN is NOT EXISTS when x and s.k are never NULL", correlated_in_as_exists),
    _entry("one_parent_not_exists", "a conjunct NOT EXISTS (SELECT .. FROM P WHERE P.k = c.f AND "
           "q), c.f NOT NULL with a foreign key onto the unique key P.k, is the join with P on P.k "
           "= c.f where q is not TRUE (exactly one parent)", one_parent_not_exists),
)
