"""Compounds under a sort (issue 25, i43a): ``compound_view``, ``sorted_compound``.

- ``compound_view``: ``SELECT .. FROM (A UNION [ALL] B) AS d .. ORDER BY ..`` whose compound
  has a canonical form that is one select of one source (``split_union_all``: ``A`` and
  ``B`` the rows of one filter split by ``c`` and ``NOT c``; ``union_as_filter``) reads that
  select as ``d``: the canonical form returns the compound's rows on every database (the
  rewriting proof's own premise), in an order nobody reads (the outer select sorts them;
  rows tied there are the ties the proof states from the queries as written). Then the
  view merges as a plain one does. (Spanner's local LIMIT under a Distributed Union, once
  ``union_top_n`` drops the operands' cuts.)
- ``sorted_compound``: ``A UNION [ALL] B ORDER BY i.. [LIMIT n OFFSET m]`` whose rows'
  canonical form is one select of one source without aggregate, ORDER BY or cut is that
  select ``ORDER BY`` its items at positions ``i..`` ``LIMIT n OFFSET m``: the same rows,
  sorted by the same values and cut alike.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import SetOpKind
from .terms import Flat, _windowless


def compound_view(canon, q):
    if not (isinstance(q, ir.Select) and isinstance(d := q.source, ir.Derived) and q.order
            and isinstance(d.query, ir.SetOp) and d.query.op == SetOpKind.UNION):
        return q
    form = _one_select(canon, d.query)
    if form is None:
        return q
    return dataclasses.replace(q, source=dataclasses.replace(d, query=dataclasses.replace(
        form, names=d.names)))


def _one_select(canon, q):
    """The canonical form of ``q`` (its row order not read) when it is one select of one
    source (no equality classes) as a select over that source, else None."""
    form = canon.query(q, {}, _DEPTH, False)
    if not (isinstance(form, ir.Select) and isinstance(form.source, Flat)
            and len(form.source.leaves) == 1 and not form.source.classes):
        return None
    return dataclasses.replace(form, source=form.source.leaves[0])


def sorted_compound(canon, q):
    if not (isinstance(q, ir.SetOp) and q.order and q.op == SetOpKind.UNION):
        return q
    form = _one_select(canon, dataclasses.replace(q, order=(), limit=None, offset=0))
    if not (form is not None and not form.aggregate and not form.group_by and not form.order
            and form.limit is None and not form.offset and _windowless(form)):
        return q
    return dataclasses.replace(form, order=tuple((form.items[i], d) for i, d in q.order),
                               limit=q.limit, offset=q.offset)


_DEPTH = 99  # (the aliases of a view's canonical form, t99_0 .., apart from the outer query's)


COMPOUND_RULES = (
    ("compound_view", "a derived compound under a sorted select whose canonical form is one "
     "select of one source is that select (its rows, in an order nobody reads)", ("query",),
     lambda canon, q, ctx: compound_view(canon, q)),
    ("sorted_compound", "a compound with ORDER BY [LIMIT/OFFSET] whose rows' canonical form "
     "is one select of one source (no aggregate) is that select sorted and cut alike",
     ("compound",), lambda canon, q, ctx: sorted_compound(canon, q)),
)
