"""The parent of the top child row (or group) as the top row of the child joined to its
parent (issue 25, i41d): "the name of the branch with the most copies" written as a lookup
``WHERE branch_id = (SELECT branch_id FROM copy GROUP BY branch_id ORDER BY COUNT(*) DESC,
branch_id LIMIT 1)`` or as the join ``branch JOIN copy .. GROUP BY branch_id ORDER BY
COUNT(*) DESC, branch_id LIMIT 1``.

``parent_of_top_child``: ``SELECT e(p) FROM P p WHERE p.k = (SELECT c.f FROM C c WHERE w
[GROUP BY c.f [HAVING h]] ORDER BY o LIMIT 1 [OFFSET m])`` is ``SELECT e(p) FROM C c JOIN P
p ON p.k = c.f WHERE w [GROUP BY p.k [HAVING h]] ORDER BY o LIMIT 1 [OFFSET m]`` (a bare
``c.f`` of HAVING and ORDER BY read as ``p.k``), when ``c.f -> p.k`` is a declared foreign
key of one storage class on both sides (``ir.exact_foreign_keys``: a key matches exactly
the equal value), ``k`` alone a unique key of ``P``, never NULL, and ``c.f`` never NULL on
a row ``w`` keeps (NOT NULL, or a conjunct of ``w`` rejects NULL). On every database that
satisfies the key, each kept row of ``C`` joins exactly one row of ``P``, its parent: the
join's rows are the kept rows of ``C``, each beside its parent, and its groups by ``p.k``
are the groups of ``C`` by ``f`` (the same rows, so the same aggregates; ``c.f = p.k`` on
each, so a bare ``c.f`` and ``p.k`` order and compare alike). ``ORDER BY o LIMIT 1 OFFSET
m`` then cuts the same row (group) in both, whose parent the lookup finds (``k`` unique)
and the join shows (every row of a group holds that parent); no row (a NULL lookup, which
``=`` rejects) gives no row either way. Rows tied on ``o`` may be cut otherwise by the two
plans: the proof states ``ties_broken_alike`` where a LIMIT may cut ties
(``proofs._either_cuts_ties``). Not a lookup with other conjuncts (they would filter the
parents before the top is taken), not ``IN`` of several rows, not a NULL-able ``c.f``
(the NULL group may be the top one: the lookup finds nothing, the join another group).
"""

from __future__ import annotations

from .. import ir
from ..ir.kinds import CmpOp, JoinKind
from .facts import _rejects_col
from .terms import _conjuncts, _map_children, _replace_cols, _unique_keys


def _lookup(q):
    """(p.k, the subquery) of ``SELECT e(p) FROM P p WHERE p.k = (subquery)``, nothing else
    in the outer select (items columns of ``p``); else None."""
    if not (isinstance(q, ir.Select) and isinstance(q.source, ir.Scan) and not q.aggregate
            and not q.group_by and q.having is None and not q.distinct and not q.order
            and q.limit is None and not q.offset and q.bare_from is None):
        return None
    c = q.where
    if not (isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and not c.conv):
        return None
    k, sub = (c.left, c.right) if isinstance(c.right, ir.ScalarSub) else (c.right, c.left)
    if not (isinstance(k, ir.Col) and k.alias == q.source.alias and isinstance(sub, ir.ScalarSub)):
        return None
    if any(isinstance(y, (ir.Agg, ir.Window, ir.ScalarSub, ir.Exists, ir.InSub))
           or (isinstance(y, ir.Col) and y.alias != q.source.alias)
           for i in q.items for y in ir.local_nodes(i)):
        return None
    return k, sub.query


def _top_child(s, p_alias: str):
    """The child scan and ``f`` of ``SELECT c.f FROM C c WHERE w [GROUP BY c.f] ORDER BY o
    LIMIT 1``, reading nothing of the outer ``p``; else None."""
    if not (isinstance(s, ir.Select) and isinstance(s.source, ir.Scan) and s.limit == 1
            and s.order and not s.distinct and s.bare_from is None and len(s.items) == 1):
        return None
    c, f = s.source, s.items[0]
    if not (isinstance(f, ir.Col) and f.alias == c.alias):
        return None
    if s.group_by != ((f,) if s.aggregate else ()) or (not s.group_by and s.having is not None):
        return None
    if any(isinstance(y, ir.Window) or (isinstance(y, ir.Col) and y.alias == p_alias)
           for y in ir.nodes(s)):
        return None
    return c, f


def parent_of_top_child(q, schema):
    """The module's law."""
    found = _lookup(q)
    if found is None:
        return q
    k, s = found
    p = q.source
    child = _top_child(s, p.alias)
    if child is None:
        return q
    c, f = child
    pt, ct = schema.table(p.table), schema.table(c.table)
    if [k.name.lower()] not in _unique_keys(pt) or not pt.never_null(k.name):
        return q
    if k.name.lower() in {n.lower() for n in pt.collated} or f.name.lower() in {
            n.lower() for n in ct.collated}:
        return q
    if not (ct.never_null(f.name) or any(_rejects_col(w, (f.alias, f.name)) for w in _conjuncts(s.where))):
        return q
    if not any(ref.name.lower() == p.table.lower() and [n.lower() for n in fk.columns] == [f.name.lower()]
               and [n.lower() for n in fk.ref_columns] == [k.name.lower()]
               for fk, ref in ir.exact_foreign_keys(schema, ct)):
        return q
    rep = {(f.alias, f.name): k}

    def bare(e):
        """``e`` with ``c.f`` outside aggregates read as ``p.k``."""
        if isinstance(e, ir.Agg):
            return e
        if isinstance(e, ir.Col):
            return _replace_cols(e, rep)
        return _map_children(e, bare)

    grouped = bool(s.group_by)
    join = ir.Join(JoinKind.INNER, c, p, ir.Cmp(CmpOp.EQ, k, f))
    order = tuple((bare(o) if grouped else o, d) for o, d in s.order)
    having = bare(s.having) if grouped and s.having is not None else None
    return ir.Select(join, s.where, (k,) if grouped else (), having, q.items, False, order, 1,
                     s.offset, grouped, q.names)


# ---- the registry's entry (``rules.RULES`` adds it as ``Rule(*entry)``)

TOP_PARENT_RULE = (
    "parent_of_top_child", "SELECT e(p) FROM P p WHERE p.k = (SELECT c.f FROM C c WHERE w [GROUP "
    "BY c.f [HAVING h]] ORDER BY o LIMIT 1 [OFFSET m]), c.f -> p.k an exact foreign key, k alone "
    "a never-NULL unique key, c.f never NULL on a kept row, is SELECT e(p) FROM C c JOIN P p ON "
    "p.k = c.f WHERE w [GROUP BY p.k [HAVING h]] ORDER BY o LIMIT 1 [OFFSET m]: each kept child "
    "row joins its one parent", ("select",),
    lambda canon, q, ctx: parent_of_top_child(q, canon.schema), True)
