"""COUNT(DISTINCT a.k) over a join, ``k`` the primary key of table occurrence ``a``, as
COUNT(*) over the rows of ``a`` that some row of the rest of the join extends.

A block ``SELECT .., COUNT(DISTINCT a.k) FROM a, b1, .. WHERE c [GROUP BY g(a)]`` whose only
aggregate is that count (once or more), whose GROUP BY keys and values outside it read
``a`` alone, and where ``k`` (one column) is ``a``'s primary key and never NULL (a rowid
alias, or NOT NULL), is ``SELECT .., COUNT(*) FROM a WHERE c_a AND EXISTS (rows of b1, ..
making the other conjuncts TRUE) [GROUP BY g(a)]``.

Why, in SQLite: the joined rows a count reads each extend one row of ``a``; rows of ``a``
hold distinct keys (declared unique, compared as DISTINCT compares them, and never NULL,
so none is skipped), so the distinct keys among the joined rows are as many as the rows of
``a`` some joined row extends: each counted once, however many rows extend it (the rows
of a key collapse to one). A group's keys read ``a`` alone, so each row of ``a`` falls in
one group either way. Without GROUP BY both return their one row, 0 over no row.
"""

from __future__ import annotations

from .. import ir
from ..ir.kinds import AggFn, Ty
from .normal import Block, SomeRows, free_aliases
from .walk import _aggs, _replace


def key_counts(b: Block) -> Block:
    """``b`` with COUNT(DISTINCT a.k) read as above, else ``b``."""
    if b.group is None or len(b.occs) < 2:
        return b
    aggs = _aggs(b)
    if not aggs or any(g != aggs[0] for g in aggs):
        return b
    g = aggs[0]
    if not (g.fn == AggFn.COUNT and g.distinct and isinstance(g.arg, ir.Col)
            and (g.arg.alias, g.arg.name) not in b.env):
        return b
    a = next((o for o in b.occs if o.alias == g.arg.alias), None)
    if (a is None or a.key[0] != "table" or ((g.arg.name,), True) not in a.keys
            or g.arg.name not in a.not_null):
        return b
    star = ir.Agg(AggFn.COUNT_STAR, None, False, Ty.INT)
    items = _replace(b.items, g, star)
    having = None if b.group.having is None else _replace(b.group.having, g, star)
    if any(free_aliases(x) - {a.alias} for x in (b.group.keys, _strip(items), _strip(having))):
        return b
    if any(c not in b.group.keys for c in _cols((_strip(items), _strip(having)))):
        return b  # a bare column: SQLite reads it on some row of the group, which may change
    rest = tuple(o for o in b.occs if o is not a)
    mine = tuple(c for c in b.conds if _reads(c) <= {a.alias})
    others = tuple(c for c in b.conds if not _reads(c) <= {a.alias})
    semi = SomeRows(rest, others, b.env)
    return Block((a,), mine + (semi,), items, b.env, type(b.group)(b.group.keys, having))


def _reads(c) -> set[str]:
    """The aliases a condition reads (a ``SomeRows``/``NoRows`` its own occurrences' and
    the columns it reads; conservative)."""
    return {y.alias for y in _cols(c)} | {o.alias for o in getattr(c, "occs", ())}


def _cols(x):
    from ..ir.walk import field_names

    stack = [x]
    while stack:
        y = stack.pop()
        if isinstance(y, ir.Col):
            yield y
        if isinstance(y, (tuple, list)):
            stack += list(y)
        elif isinstance(y, dict):
            stack += list(y.values())
        elif (names := field_names(y)) is not None:
            stack += [getattr(y, f) for f in names]
        elif hasattr(y, "conds"):  # SomeRows, NoRows, InRows
            stack += [getattr(y, f) for f in ("occs", "conds", "env", "blocks", "items")
                      if hasattr(y, f)]


def _strip(x):
    """``x`` without its aggregates (what it reads outside them)."""
    if x is None:
        return ()
    return _replace(x, ir.Agg(AggFn.COUNT_STAR, None, False, Ty.INT), ir.Lit(None, Ty.NULL))
