"""MIN and MAX of a value the GROUP BY keys determine (issue 25, i41c):
``extremum_of_determined``.

Chaudhuri and Shim's group-by with a dependent column (RisingWave's AggGroupBySimplifyRule):
``SELECT p.k, p.c, AGG(..) .. GROUP BY p.k, p.c`` with ``k`` the never-NULL primary key of
``p`` is ``SELECT p.k, MAX(p.c), AGG(..) .. GROUP BY p.k``. The key ``p.c`` goes already
(``group_by_determined``: same groups) and its item reads it bare; this law writes
``MIN(e)`` and ``MAX(e)`` of such a value as the bare value, so both meet.

Sound in SQLite: in a group of ``GROUP BY g`` the rows agree on ``g`` (GROUP BY's own
equality, the one a UNIQUE index keeps apart), and when a primary key of a scan ``p`` is
among the keys or determined by them (``_drop_determined``: through never-NULL primary
keys and the select's equality classes), every row of the group holds the one row of ``p``
with that key, so one stored value of each of its columns: the same storage class, the
same bytes. (A group key that is no such primary key is not enough: ``GROUP BY k`` puts
``1`` and ``1.0`` of a column without affinity, or ``'a'`` and ``'A'`` under NOCASE, in one
group; ``group_key_extremum`` has the affinities where it is.) An expression ``e`` of such columns, literals and arithmetic (deterministic, no
subquery, no aggregate) is then one value on every row of the group; ``MIN`` and ``MAX``
of one value repeated are that value (NULL when it is NULL: MIN/MAX skip NULLs and give
NULL over none), which is what the bare ``e`` reads on any row of the group. A group is
never empty, so only under GROUP BY (without it, no rows give one row of NULL either way,
but the law is not needed there). Not where bare columns read the row where a MIN/MAX is
reached (``bare_from``): the rewrite would remove that MIN/MAX. Nothing about the typed
domain: the values are the stored ones.
"""

from __future__ import annotations

from .. import ir
from ..ir.kinds import AggFn, Ty
from .aggregates import _map_top

_PLAIN = (ir.Col, ir.Lit, ir.Arith, ir.Neg)


def extremum_of_determined(canon, e, group, leaves, rep, bare: bool):
    """``e`` with each ``MIN(x)``/``MAX(x)`` whose ``x`` the GROUP BY keys ``group``
    determine (module docstring) written ``x``; else ``e`` itself."""
    if not group or bare:
        return e

    def determined(x) -> bool:
        cols = []
        for y in ir.local_nodes(x):
            if not isinstance(y, _PLAIN):
                return False
            if isinstance(y, ir.Col):
                cols.append(y)
        if not cols:
            return False  # a constant: other laws' business
        return all(_row_fixed(c.alias) for c in dict.fromkeys(cols))

    keys = {(g.alias, g.name) for g in group if isinstance(g, ir.Col)}

    def _row_fixed(alias) -> bool:
        # the scan's never-NULL primary key is a key or determined by the keys: one row of
        # it per group (a key of another column alone may group 1 with 1.0, 'a' with 'A')
        scan = next((x for x in leaves if isinstance(x, ir.Scan) and x.alias == alias), None)
        if scan is None:
            return False
        t = canon.schema.table(scan.table)
        if not (t.primary_key and t.key_never_null):
            return False
        for n in t.primary_key:
            a, name = rep.get((alias, n.lower()), (alias, n.lower()))
            if (a, name) in keys:
                continue
            pk = ir.Col(a, name, Ty.INT, None)  # (``_drop_determined`` reads alias and name)
            if pk in canon._drop_determined((*group, pk), leaves, rep):
                return False
        return True

    def f(y):
        if (isinstance(y, ir.Agg) and y.fn in (AggFn.MIN, AggFn.MAX) and not y.distinct
                and y.arg is not None and determined(y.arg)):
            return y.arg
        return y

    out = _map_top(e, f)
    return e if out == e else out


DETERMINED_EXTREMUM_RULES = (
    ("extremum_of_determined", "under GROUP BY, MIN(e) and MAX(e) of an expression of columns "
     "the keys determine through never-NULL primary keys are e (one stored value per group; "
     "Chaudhuri-Shim, RisingWave AggGroupBySimplifyRule)", ("aggregate",),
     lambda canon, e, ctx: extremum_of_determined(canon, e, ctx["group"], ctx["leaves"],
                                                  ctx["rep"], ctx["bare"]), False),
)
