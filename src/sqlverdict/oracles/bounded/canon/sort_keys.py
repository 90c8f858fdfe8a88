"""Sort keys that order nothing (issue 25, i39d): ``redundant_sort_keys``.

Other dialects' NULLS FIRST/LAST reach SQLite as a key ``x IS NULL`` before ``x`` (the
translation writes one for each key whose NULL placement differs from SQLite's, and one of
its own for a hand-written ``x IS NULL`` key). A key orders only the rows the keys before it
tie; so a key that holds one value on every row (a literal, ``e IS NULL`` of a never-NULL
``e``), and a key that repeats an earlier one (its rows tie there already), order nothing;
and ``x IS NULL`` ascending just before ``x DESC`` (descending just before ``x`` ascending)
places the NULLs where SQLite's ``x`` alone does (NULL sorts first ascending), so it goes.
"""

from __future__ import annotations

from .. import ir
from ..ir.kinds import FuncName
from .boolean_sort_keys import BOOLEAN_SORT_KEY_RULES, never_null


def _flag_arg(k):
    """``e`` when ``k`` is the key ``e IS NULL`` (``bool_int`` of it), else None."""
    if (isinstance(k, ir.Func) and k.name == FuncName.BOOL_INT and len(k.args) == 1
            and isinstance(k.args[0], ir.IsNull)):
        return k.args[0].arg
    return None


def _constant(k, not_null) -> bool:
    x = _flag_arg(k)
    return isinstance(k, ir.Lit) or (x is not None and never_null(x, not_null))


def redundant_sort_keys(order: tuple, not_null) -> tuple:
    """``order`` without the keys that order nothing: constant keys, repeated keys, and
    ``x IS NULL`` just before ``x`` where it puts the NULLs where SQLite does (``x IS NULL``
    ASC before ``x DESC``, DESC before ``x`` ASC)."""
    out = list(order)
    changed = True
    while changed:
        changed = False
        for i, (k, d) in enumerate(out):
            nxt = out[i + 1] if i + 1 < len(out) else None
            flag = _flag_arg(k)
            if (_constant(k, not_null) or any(k == j for j, _ in out[:i])
                    or (flag is not None and nxt is not None and nxt[0] == flag and nxt[1] != d)):
                del out[i]
                changed = True
                break
    return order if len(out) == len(order) else tuple(out)


# ---- the registry's entry (``rules.RULES`` adds it as ``Rule(*entry)``)

SORT_KEY_RULES = (
    *BOOLEAN_SORT_KEY_RULES,  # ranking CASE keys and negative keys as positive boolean keys
    ("redundant_sort_keys", "an ORDER BY key that is constant (a literal, e IS NULL of a "
     "never-NULL e) or repeats an earlier key goes; x IS NULL just before x DESC (DESC before "
     "x ASC) goes: SQLite sorts NULL first ascending (NULLS LAST as an IS NULL key)",
     ("order",), lambda canon, order, ctx: redundant_sort_keys(order, ctx.get("not_null", set()))),
)
