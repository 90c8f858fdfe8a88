"""A WHERE conjunct repeated inside an ``EXISTS`` of the same WHERE (round 62, i62a):
``outer_conjunct_in_exists``.

    WHERE g AND [NOT] EXISTS (SELECT .. FROM M WHERE c AND g)  ==  WHERE g AND [NOT] EXISTS
    (SELECT .. FROM M WHERE c)

where ``g`` reads no alias ``M`` defines (so it is the same value inside and out). A WHERE
keeps a row only where every conjunct is TRUE: where ``g`` is TRUE it drops out of the
inner AND; where ``g`` is FALSE or NULL the row goes on both sides, whatever the ``EXISTS``
gives. The double ``NOT EXISTS`` that a counted division is read as copies the dividend's
filters into its inner select, where the divisor's own filter meets them again: the law
lets that form meet the one people write. The subquery is a plain select (no aggregate,
grouping, LIMIT or OFFSET: ``EXISTS`` reads its FROM and WHERE only); ``g`` has no
subquery.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.walk import defined_aliases
from .division_guards import _plain
from .terms import _aliases_in, _and, _conjuncts, _has_sub


def _pruned(c, outer: set):
    """``c`` (an ``EXISTS`` or ``NOT EXISTS``) without its subquery's conjuncts in
    ``outer`` (reprs), else ``c``."""
    neg = isinstance(c, ir.Not)
    e = c.arg if neg else c
    if not (isinstance(e, ir.Exists) and _plain(e.query)):
        return c
    m = e.query
    mine = set(defined_aliases(m))
    conds = _conjuncts(m.where)
    keep = [y for y in conds if repr(y) not in outer or _aliases_in(y) & mine]
    if len(keep) == len(conds):
        return c
    new = ir.Exists(dataclasses.replace(m, where=_and(keep)))
    return ir.Not(new) if neg else new


def outer_conjunct_in_exists(q):
    """``q`` with each WHERE conjunct repeated inside a sibling ``EXISTS`` dropped there
    (module docstring), else ``q``."""
    if not isinstance(q, ir.Select):
        return q
    conds = _conjuncts(q.where)
    outer = {repr(c) for c in conds if not _has_sub(c)}
    if not outer:
        return q
    out = [_pruned(c, outer) for c in conds]
    changed = any(a is not b for a, b in zip(out, conds, strict=True))
    return dataclasses.replace(q, where=_and(out)) if changed else q


OUTER_CONJUNCT_RULE = (
    "outer_conjunct_in_exists", "WHERE g AND [NOT] EXISTS (SELECT .. FROM M WHERE c AND g) "
    "is WHERE g AND [NOT] EXISTS (.. WHERE c), g reading no alias M defines: where g is not "
    "TRUE the row goes either way", ("select",),
    lambda canon, q, ctx: outer_conjunct_in_exists(q))
