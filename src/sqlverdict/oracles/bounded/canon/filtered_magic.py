"""A filtered, many-column magic domain read back (Seshadri, Pirahesh and Leung 1996; Neumann
and Kemper 2015's DISTINCT domain): ``filtered_magic_domain``.

Magic decorrelation computes a correlated aggregate once per distinct outer value: the
subquery joins ``d = (SELECT DISTINCT c1, .. FROM F WHERE w)`` (or ``GROUP BY c1, ..``
without aggregates) and pins each of its columns to the outer row, ``d.ci = o.xi`` (or
``IS``). In a select ``q`` keeping its row where its conjuncts hold, the subquery of an item
(``q`` not grouped) or of a WHERE conjunct (the other conjuncts as premises) drops ``d``,
reads ``o.xi`` for ``d.ci`` and adds the tests under which ``EXISTS (SELECT 1 FROM F WHERE w
AND c1 = o.x1 ..)`` holds by the outer row's own witness (``own_witness.exists_tests``;
refused when there is none).

Sound in SQLite: the pins make the rows of ``d`` that match pairwise equal under ``=``/``IS``
and DISTINCT (or GROUP BY) keeps one of equal rows, so ``d`` contributes at most one row, and
one exactly when the EXISTS holds, which (where ``q``'s premises hold) is when the tests
hold. ``d.ci`` is read only as a direct operand of comparisons without conversion, of
``o.xi``'s type and an affinity under which equal values are identical
(``magic._compared_only``), and no column of ``F`` is collated. Inner joins only (``d``
beside at least one other source): the count bug cannot arise, the multiplicity is 0 or 1.
"""

from __future__ import annotations

import dataclasses

from ....types import Schema
from .. import ir
from ..ir.kinds import CmpOp
from .magic import _compared_only, _cross
from .own_witness import exists_tests
from .terms import (
    _and,
    _conjuncts,
    _deep,
    _key,
    _leaves,
    _on_conjuncts,
    _replace_cols,
    _tree_aliases,
)
from .views import scalar_of_group

_ONE = ir.Lit(1, ir.kinds.Ty.INT)


def filtered_magic_domain(q: ir.Select, leaves: list, conds: list, schema: Schema):
    """(q, leaves, conds) with the law of the module docstring applied to the subqueries of
    ``q``'s items and of its conjuncts ``conds``; leaves None when nothing changed."""
    scans = {x.alias: x for x in leaves if isinstance(x, ir.Scan)}
    if not scans:
        return q, None, conds
    new_conds = [_deep(c, lambda e, c=c: _rewrite(e, scans, [d for d in conds if d is not c], schema))
                 for c in conds]
    items = q.items
    if all(a is b for a, b in zip(new_conds, conds, strict=True)) and not q.aggregate \
            and not q.group_by and q.having is None:  # (the items once the conjuncts are done)
        items = _deep(q.items, lambda e: _rewrite(e, scans, conds, schema))
    if items is q.items and all(a is b for a, b in zip(new_conds, conds, strict=True)):
        return q, None, conds
    return dataclasses.replace(q, items=items), leaves, new_conds


def _rewrite(e, scans: dict, premises: list, schema: Schema):
    if not (isinstance(e, (ir.ScalarSub, ir.Exists, ir.InSub)) and isinstance(e.query, ir.Select)):
        return e
    s = e.query
    if isinstance(e, ir.ScalarSub):  # (a grouped view's value first read as its aggregate)
        s = scalar_of_group(e).query
    leaves = _leaves(s.source)
    if leaves is None or len(leaves) < 2 or s.bare_from is not None:
        return e
    conds = _on_conjuncts(s.source) + _conjuncts(s.where)
    own = set(_tree_aliases(s.source))
    for d in leaves:
        found = _pins(d, conds, scans, own, s, schema)
        if found is None:
            continue
        pins, rep, exists = found
        tests = exists_tests(exists, list(scans.values()), premises)
        if tests is None:
            continue
        known = {_key(p) for p in premises}
        tests = [t for t in tests if not _never_null_test(t, scans, schema) and _key(t) not in known]
        rest = [_replace_cols(c, rep) for c in conds if all(c is not p for p in pins)]
        body = dataclasses.replace(s, source=_cross([x for x in leaves if x is not d]),
                                   where=_and(rest + tests))
        return dataclasses.replace(e, query=_replace_cols(body, rep))
    return e


def _never_null_test(t, scans: dict, schema: Schema) -> bool:
    """Is ``t`` the test ``o.x IS NOT NULL`` of a column declared never NULL?"""
    y = t.arg.arg if isinstance(t, ir.Not) and isinstance(t.arg, ir.IsNull) else None
    return (isinstance(y, ir.Col) and y.alias in scans
            and schema.table(scans[y.alias].table).never_null(y.name))


def _domain(d):
    """(the select, its scans) of a DISTINCT (or aggregate-free GROUP BY: items its keys) derived
    table over inner-joined scans, else None."""
    v = d.query if isinstance(d, ir.Derived) else None
    if not (isinstance(v, ir.Select) and v.having is None and v.limit is None
            and not v.offset and v.bare_from is None and not v.order and len(v.items) == len(d.names)
            and all(isinstance(i, ir.Col) for i in v.items)):
        return None
    src = _leaves(v.source)
    if not src or not all(isinstance(x, ir.Scan) for x in src):
        return None
    if v.distinct and not v.group_by and not v.aggregate:
        return v, src
    if not v.distinct and v.group_by and {_k(g) for g in v.group_by} == {_k(i) for i in v.items}:
        return v, src
    return None


def _k(c):
    return (c.alias, c.name) if isinstance(c, ir.Col) else None


def _pins(d, conds: list, scans: dict, own: set, s: ir.Select, schema: Schema):
    """(the pin conjuncts, {d's column: outer column}, the EXISTS of ``d``'s pinned row)
    when every column of ``d`` is pinned to a column of an outer scan, else None."""
    dom = _domain(d)
    if dom is None:
        return None
    v, src = dom
    if any(schema.table(x.table).collated for x in src):
        return None
    pins, rep, tests = [], {}, []
    for name, item in zip(d.names, v.items, strict=True):
        mine = (d.alias, name)
        for c in conds:
            o = _pinned(c, mine, scans, own)
            if (o is not None and (o.ty, o.affinity) == (item.ty, item.affinity)
                    and o.name not in {n.lower() for n in schema.table(scans[o.alias].table).collated}):
                pins.append(c)
                rep[mine] = o
                tests.append(ir.Cmp(c.op, item, o))
                break
        else:
            return None
    rest = dataclasses.replace(s, source=_cross(_leaves(s.source)),
                               where=_and([c for c in conds if all(c is not p for p in pins)]))
    if not all(_compared_only(rest, mine, o) for mine, o in rep.items()):
        return None
    body = dataclasses.replace(v, distinct=False, group_by=(), aggregate=False, items=(_ONE,), names=(),
                               where=_and(_conjuncts(v.where) + tests))
    return pins, rep, ir.Exists(body)


def _pinned(c, mine: tuple, scans: dict, own: set):
    """The outer column ``o.x`` when ``c`` is ``d.c = o.x`` or ``d.c IS o.x`` (either way
    round, no conversion), ``d.c`` being ``mine``, else None."""
    if not (isinstance(c, ir.Cmp) and c.op in (CmpOp.EQ, CmpOp.IS) and not c.conv):
        return None
    for a, o in ((c.left, c.right), (c.right, c.left)):
        if (isinstance(a, ir.Col) and (a.alias, a.name) == mine and isinstance(o, ir.Col)
                and o.alias in scans and o.alias not in own):
            return o
    return None


FILTERED_MAGIC_RULES = (
    ("filtered_magic_domain", "in a subquery of q's items or conjuncts, a joined (SELECT "
     "DISTINCT c.. FROM F WHERE w) d, each d.c pinned by d.c = o.x (or IS) to an outer scan, "
     "goes when q's own row witnesses EXISTS (F WHERE w AND c = o.x ..): d.c reads o.x",
     ("sources",), lambda canon, v, ctx: (lambda r: v if r[1] is None else r)(
         filtered_magic_domain(*v, canon.schema)), True),
)
