"""An EXCEPT of a key set read from one table, whatever the right operand's filter (round 61,
S2): ``except_of_keyed_rows``.

``SELECT e FROM T WHERE p EXCEPT SELECT e FROM T WHERE c`` is ``SELECT DISTINCT e FROM T WHERE
p AND NOT COALESCE(c, FALSE)`` (``c`` not TRUE, spelled by ``keyed_anti_joins._not_true``
where it can) when ``e`` holds a unique key of ``T`` whose columns are
declared never NULL (``setops.items_hold_key``): two rows giving equal items (EXCEPT's
comparison, NULLs alike) hold one key value, so they are one row; a row of the left is removed
exactly when its own row makes ``c`` TRUE (UNKNOWN removes nothing). ``setops.except_as_filter``
is the case where ``c`` repeats ``p`` (``p AND c'``); here ``c`` is any filter ("meters
installed by day 100 except those removed by day 100"). Both operands plain filters of one
FROM (``setops._renamed``: the same tables and joins, the right renamed to the left's aliases),
the same items, no ORDER BY, LIMIT or OFFSET on the compound.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import FuncName, SetOpKind, Ty
from .keyed_anti_joins import _not_true
from .setops import _plain_filter, _renamed, items_hold_key
from .split_family import SPLIT_FAMILY
from .terms import FALSE, _and, _conjuncts, _deep, extra_conjuncts


def except_of_keyed_rows(q, schema):
    """``A EXCEPT B`` as the module says, else ``q``."""
    if not (isinstance(q, ir.SetOp) and q.op == SetOpKind.EXCEPT and not q.all
            and _plain_filter(q.left) and _plain_filter(q.right) and q.limit is None
            and not q.offset and not q.order):
        return q
    a, b = q.left, _renamed(q.right, q.left)
    if b is None or b.items != a.items or b.where is None or not items_hold_key(a, schema):
        return q
    if extra_conjuncts(a.where, b.where) is not None:
        return q  # (``except_as_filter``'s)
    kept = _not_true(b.where)  # (the laws of three-valued logic; else NOT COALESCE(c, FALSE))
    if kept is not None:  # (a declared NOT NULL column of T is never NULL: no such disjunct)
        t, alias = schema.table(a.source.table), a.source.alias
        kept = _deep(kept, lambda e: FALSE if isinstance(e, ir.IsNull) and isinstance(e.arg, ir.Col)
                     and e.arg.alias == alias and t.never_null(e.arg.name) else e)
    else:
        flag = ir.Func(FuncName.BOOL_INT, (b.where,), Ty.INT)
        unknown_false = ir.Func(FuncName.COALESCE, (flag, ir.Lit(0, Ty.INT)), Ty.INT)
        kept = ir.Not(ir.Func(FuncName.TRUTH, (unknown_false,), Ty.BOOL))
    return dataclasses.replace(a, where=_and([*_conjuncts(a.where), kept]), distinct=True)


EXCEPT_KEY_RULE = (
    "except_of_keyed_rows", "SELECT e FROM T WHERE p EXCEPT SELECT e FROM T WHERE c, e holding a "
    "never-NULL unique key of T, is SELECT DISTINCT e FROM T WHERE p AND NOT COALESCE(c, FALSE)",
    ("compound",), lambda canon, q, ctx: except_of_keyed_rows(q, canon.schema))

# the registry's entries, in this order (``rules.RULES`` adds each as ``Rule(*entry)``): the
# splits and the EXCEPT of a set (split_family.py), then this law, before ``except_as_filter``
EXCEPT_KEY_FAMILY = (*SPLIT_FAMILY, EXCEPT_KEY_RULE)
