"""A grouping of one table kept by a count of a test, as an anti or semi join of its own
rows, read where a parent join went (issue 25, i44a): ``group_test_after_semijoins``.

``SELECT k.. FROM F f WHERE w GROUP BY k.. HAVING IND(p) = 0`` (``IND(p)`` one of
``SUM(CASE WHEN p THEN 1 ELSE 0 END)``, ``COUNT(CASE WHEN p THEN c END)``; ``< 1``, ``<= 0``
too; ``> 0``, ``>= 1``, ``<> 0`` for the positive test) is ``SELECT DISTINCT k.. FROM F f
WHERE w AND NOT EXISTS (SELECT 1 FROM F g WHERE w(g) AND g.k IS f.k .. AND p(g))`` (EXISTS
for the positive test; one key declared NOT NULL: ``NOT f.k IN (SELECT g.k FROM F g WHERE
w(g) AND p(g))``, the same test as both keys are never NULL, one column compared with
itself). This is ``twins.bounds_as_no_counterexample``'s "no row of the group has p" law,
which the site ``select`` reads; this rule reads it at the site ``semijoin``, where a
grouping of a parent joined to ``F`` on a foreign key (Kim's type JA that
``correlated_aggregate_as_group`` writes for Bellamkonda et al.'s ``EXISTS (SELECT COUNT(*)
.. HAVING SUM(CASE ..) = 0)``) has just become a grouping of ``F`` alone (``semijoins``), and
gives the form the conjunct rules give the NOT EXISTS there (``exists_to_in``).

Why it holds in SQLite: a group is the rows of ``F`` passing ``w`` whose keys are equal; it
exists exactly when one such row ``f`` does, and the count of its rows where ``p`` is TRUE is
0 exactly when no row ``g`` passing ``w`` with keys equal to ``f``'s satisfies ``p`` (CASE
reads NULL as not TRUE, as a WHERE does; with ELSE 0 the SUM over a group is never NULL).
GROUP BY puts NULL keys in one group, as ``IS`` matches them; the DISTINCT keeps one row per
key tuple as GROUP BY keeps one group. The keys must be columns whose equal values are one
value (an affinity under which 1 and 1.0 cannot both be stored, no collation: GROUP BY and
DISTINCT may show different members of a class otherwise), the items exactly the key
columns, ``w`` and ``p`` deterministic (no subquery) and reading ``f`` only; no ORDER BY,
LIMIT, OFFSET or window. Items other than the keys (an aggregate, an expression of keys that
may merge two groups under DISTINCT) are not this law.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import CmpOp, Ty
from ..ir.walk import defined_aliases
from .anti_groups import _POSITIVE, _test
from .joins import _EXACT_AFFINITY
from .terms import _aliases_in, _and, _conjuncts, _deep, _has_sub, _windowless


def _renamed(x, old: str, new: str):
    return _deep(x, lambda e: dataclasses.replace(e, alias=new)
                 if isinstance(e, ir.Col) and e.alias == old else e)


def group_test_as_exists(q, schema):
    """The module's law on a select; ``q`` itself when it does not apply."""
    if not (isinstance(q, ir.Select) and isinstance(f := q.source, ir.Scan) and q.aggregate
            and q.group_by and q.having is not None and q.limit is None and not q.offset
            and not q.order and q.bare_from is None and _windowless(q)):
        return q
    keys = q.group_by
    if not all(isinstance(k, ir.Col) and k.alias == f.alias and k.affinity in _EXACT_AFFINITY
               for k in keys):
        return q
    names = {k.name for k in keys}
    table = schema.table(f.table)
    if names & {c.lower() for c in table.collated}:
        return q
    if not (all(isinstance(i, ir.Col) and i.alias == f.alias for i in q.items)
            and {i.name for i in q.items} == names):
        return q
    where = _conjuncts(q.where)
    tests = [_test(h) for h in _conjuncts(q.having)]
    if any(t is None for t in tests) or any(
            _has_sub(c) or _aliases_in(c) - {f.alias} for c in where + [t[0] for t in tests]):
        return q
    taken = set(defined_aliases(q))
    g = f"{f.alias}_g"
    while g in taken:
        g += "_"
    inner = ir.Scan(f.table, g, f.columns)
    links = [ir.Cmp(CmpOp.EQ if table.never_null(k.name) else CmpOp.IS,
                    dataclasses.replace(k, alias=g), k) for k in keys]
    conds = list(where)
    # one key declared NOT NULL: the IN form the conjunct rules give the EXISTS (exists_to_in)
    as_in = len(keys) == 1 and links[0].op == CmpOp.EQ
    for p, kind in tests:
        inner_where = [*(_renamed(c, f.alias, g) for c in where), *_conjuncts(_renamed(p, f.alias, g))]
        if as_in:
            body = ir.Select(inner, _and(inner_where), (), None, (links[0].left,), False, (), None,
                             0, False)
            test = ir.InSub(keys[0], body)
        else:
            body = ir.Select(inner, _and([*inner_where, *links]), (), None, (ir.Lit(1, Ty.INT),),
                             False, (), None, 0, False)
            test = ir.Exists(body)
        conds.append(test if kind == _POSITIVE else ir.Not(test))
    return dataclasses.replace(q, where=_and(conds), group_by=(), having=None, aggregate=False,
                               distinct=True)


def _apply(canon, value, ctx):
    """On ``(select, leaves, conjuncts)`` of one scan (site ``semijoin``) where the select
    read more (a parent ``semijoins`` dropped)."""
    q, leaves, conds = value
    if not (len(leaves) == 1 and isinstance(leaves[0], ir.Scan)) or isinstance(q.source, ir.Scan):
        return value  # (a grouping of one table from the start: the site select's law)
    one = dataclasses.replace(q, source=leaves[0], where=_and(conds))
    out = group_test_as_exists(one, canon.schema)
    return value if out is one else (out, leaves, _conjuncts(out.where))


GROUP_TEST_RULE = (
    "group_test_after_semijoins", "once semijoins left one table, SELECT k.. FROM F f WHERE w "
    "GROUP BY k.. HAVING SUM(CASE WHEN p THEN 1 ELSE 0 END) = 0 (COUNT(CASE WHEN p THEN c END); "
    "> 0 for EXISTS), items the keys (equal values identical, no collation), is SELECT DISTINCT "
    "k.. FROM F f WHERE w AND NOT EXISTS (F g WHERE w(g) AND g.k IS f.k .. AND p(g)) (one NOT "
    "NULL key: NOT k IN (SELECT g.k ..))", ("semijoin",), _apply)
