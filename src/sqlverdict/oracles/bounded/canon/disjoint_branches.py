"""A UNION ALL of one select's branches under pairwise disjoint filters, as that select
with the filters OR-ed (round 62, i62j, class U): ``disjoint_branches``.

The algebra: ``σ_{w∧c1} R ⊎ σ_{w∧c2} R = σ_{w∧(c1∨c2)} R`` when no row makes ``c1`` and
``c2`` both TRUE: a row passing ``w`` and exactly one ``ci`` is in one branch once, and
in the OR once; a row passing neither (FALSE or NULL) is in neither; no row passes both.
So, unlike ``split_union_all`` (whose two filters must also cover every row), ``p`` beside
``NOT p`` needs no NULL condition here: a NULL ``p`` drops the row on both sides. The law
(site ``compound``; order not read): ``SELECT e FROM F WHERE w AND c1 UNION ALL SELECT e
FROM F WHERE w AND c2`` is ``SELECT e FROM F WHERE w AND (c1 OR c2)``, the operands plain
selects (no aggregate, DISTINCT, LIMIT, OFFSET, ORDER BY or window: ``splits._operand``) of
one FROM tree (aliases renamed by position) and the same items, differing in one conjunct
each. Disjoint (``_disjoint``), each a proof in three-valued logic:

- ``c`` and ``NOT c`` (either side): never both TRUE;
- ``x = v`` / ``x IN (v..)`` of one column ``x`` against pairwise different literals, each
  holding its very value in ``x`` (``constant_branches._exact``: integers against INTEGER
  affinity, text against TEXT, no collated table: under NOCASE ``x = 'a'`` and ``x = 'A'``
  keep one row; on an INTEGER column ``x = '1'`` and ``x = 1`` do);
- an OR each of whose disjuncts is disjoint from the other side (a chain of three branches
  merges two at a time).

(``x IS NULL`` beside ``x = v`` is ``null_or_splits``' split read back, left to it: this law
would undo that split.) Near misses (``tests/fixtures/rules/disjoint_branches.sql``):
overlapping values, ``x = '1'`` beside ``x = 1`` on an INTEGER column, ``x IS NULL`` beside
``x IS NOT 1``, ``p`` beside ``NOT p`` against no filter (the NULL rows), UNION (not ALL),
two differing conjuncts.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import LogicOp, Ty
from .buckets import union_all_chain
from .constant_branches import _exact, _values
from .setops import _renamed
from .splits import _one_apart, _operand, _unordered
from .terms import _and


def _disjuncts(c) -> list:
    return list(c.args) if isinstance(c, ir.Logic) and c.op == LogicOp.OR else [c]


def _disjoint(c1, c2, q, schema, same) -> bool:
    """Is no row of ``q``'s FROM one that makes both ``c1`` and ``c2`` TRUE?"""
    if len(_disjuncts(c1)) > 1:
        return all(_disjoint(d, c2, q, schema, same) for d in _disjuncts(c1))
    if len(_disjuncts(c2)) > 1:
        return all(_disjoint(c1, d, q, schema, same) for d in _disjuncts(c2))
    for a, b in ((c1, c2), (c2, c1)):
        if isinstance(b, ir.Not) and same(b.arg, a):
            return True
    f1, f2 = _values(c1), _values(c2)
    if not (f1 and f2 and f1[0] == f2[0] and _exact(f1[0], f1[1] + f2[1], q, schema)):
        return False
    v1 = {(type(v.value), v.value) for v in f1[1]}
    return not v1 & {(type(v.value), v.value) for v in f2[1]}


def _merged(a, b, same, schema):
    """``a UNION ALL b`` as one select (module docstring), or None."""
    b = _renamed(b, a)
    if b is None or dataclasses.replace(a, where=None, names=()) != dataclasses.replace(
            b, where=None, names=()):
        return None
    apart = _one_apart(a, b)
    if apart is None or not _disjoint(apart[0][0], apart[1][0], a, schema, same):
        return None
    (ca,), (cb,), common = apart
    either = ir.Logic(LogicOp.OR, (*_disjuncts(ca), *_disjuncts(cb)), Ty.BOOL)
    return dataclasses.replace(a, where=_and([*common, either]))


def disjoint_branches(q, same, schema=None):
    """A chain ``A UNION ALL B ..`` of disjoint filters (module docstring) as one select,
    merged from the left; else ``q``."""
    parts = union_all_chain(q, lambda x: x if _operand(x) and not x.aggregate else None)
    if not parts or len(parts) < 2 or schema is None:
        return q
    out = parts[0]
    for b in parts[1:]:
        out = _merged(out, b, same, schema)
        if out is None:
            return q
    return out


DISJOINT_BRANCH_RULE = (
    "disjoint_branches", "SELECT e FROM F WHERE w AND c1 UNION ALL SELECT e FROM F WHERE w AND "
    "c2 is SELECT e FROM F WHERE w AND (c1 OR c2) when no row makes c1 and c2 both TRUE (c and "
    "NOT c; x = v1 beside x = v2, distinct literals of x's class); plain selects, order not read (canon/disjoint_branches.py)", ("compound",),
    _unordered(disjoint_branches), False)
