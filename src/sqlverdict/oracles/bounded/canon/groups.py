"""Groups: ``nonempty_having_as_group``."""

from __future__ import annotations

import dataclasses

from .. import ir
from .terms import _and, _conjuncts, _nonempty_group, _normalize


def nonempty_having_as_group(q):
    """An aggregate without GROUP BY returns one row, also on no input; ``HAVING COUNT(*) >
    0`` drops that row exactly when there is no input. That is ``GROUP BY 1``: one group of
    every row, none on no input (Calcite's AggregateProjectPullUpConstantsRule writes a
    constant key so). The form: ``GROUP BY 1``, the conjunct gone."""
    if not isinstance(q, ir.Select) or not q.aggregate or q.group_by or q.having is None:
        return q
    having = _conjuncts(q.having)
    kept = [h for h in having if not _nonempty_group(_normalize(h))]
    if len(kept) == len(having):
        return q
    return dataclasses.replace(q, group_by=(ir.Lit(1, "int"),), having=_and(kept))
