"""GROUP BY keys the decision may read as values of the group (``Decider.groups_equal``).

SQLite returns a group's key as one of its rows holds it, and GROUP BY puts together the
rows whose keys compare equal: 1 and 1.0 fall in one group. A key is a value of the group
only where the rows of one group hold it identically (one class), as a column of INTEGER,
NUMERIC, REAL or TEXT affinity does (read directly or through an inlined view), or as Z3
proves of any other key: two rows the block keeps whose keys GROUP BY puts together have
identical keys (a text function's result, ``textual``; a column of REAL affinity read
through ``CASE``...).
"""

from __future__ import annotations

import z3

from .. import ir
from ..ir.kinds import Affinity
from .normal import Block
from .values import Scope

# affinities under which the values of a column that compare equal are of one class
CLASSED = (Affinity.INTEGER, Affinity.NUMERIC, Affinity.REAL, Affinity.TEXT)


def keys_identify(d, b: Block) -> bool:
    """Do two rows of one group of ``b`` (grouped) hold each GROUP BY key identically?
    ``d``: the ``Decider``."""
    classes = {(o.alias, c): f for o in b.occs for c, f in o.affinity}
    plain = Block(b.occs, b.conds, b.items, b.env)
    for k in b.group.keys:
        col = k
        while isinstance(col, ir.Col) and (col.alias, col.name) in b.env:
            col = b.env[(col.alias, col.name)]
        if isinstance(col, ir.Col) and classes.get((col.alias, col.name)) in CLASSED:
            continue
        rows1, f1 = d.rows(b.occs)
        rows2, f2 = d.rows(b.occs)
        s1, s2 = Scope(d.t, rows1, b.env), Scope(d.t, rows2, b.env)
        x, y = s1.val(k), s2.val(k)
        premise = z3.And(d.keep(s1, plain), d.keep(s2, plain), d.t.same_row(x, y))
        if not d.valid(z3.Implies(premise, d.t.same(x, y)), f1 + f2):
            return False
    return True
