"""``EXISTS`` on an outer join's padded row (round 59, i59c): ``exists_rejects_null``.

``EXISTS (SELECT .. FROM S .. WHERE .. AND c ..)`` is FALSE on a row whose ``aliases``
columns are all NULL when a conjunct ``c`` of the subquery's WHERE (or of its inner joins'
ON) is never TRUE there (``joins.rejects_null``): no row of ``S`` passes, so the subquery
has no row. Only a plain subquery: no aggregate or GROUP BY (an aggregate over no rows is
still one row), inner joins only, and no alias of its own among ``aliases`` (an inner
``m`` would hide the outer one). The LEFT JOIN of a DISTINCT view read as a marker
(``markers.marker_join``) gives these: ``COUNT(CASE WHEN EXISTS (.. k.id = m.id) THEN 1
END)`` over ``X LEFT JOIN M m``.
"""

from __future__ import annotations

from .. import ir
from ..ir.walk import defined_aliases
from .joins import rejects_null
from .terms import _conjuncts, _leaves, _on_conjuncts


def exists_rejects_null(c, aliases: set) -> bool:
    """Is ``c`` an ``EXISTS`` never TRUE on the row that pads ``aliases`` (or a conjunct
    ``joins.rejects_null`` says so of)?"""
    if rejects_null(c, aliases):
        return True
    s = c.query if isinstance(c, ir.Exists) else None
    if not (isinstance(s, ir.Select) and not s.aggregate and not s.group_by and s.having is None
            and _leaves(s.source) is not None and not aliases & set(defined_aliases(s))):
        return False
    return any(rejects_null(x, aliases) for x in _on_conjuncts(s.source) + _conjuncts(s.where))
