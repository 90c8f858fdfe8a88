"""Sort keys as positive boolean keys (issue 25, i44b): ``boolean_sort_keys``.

An ORDER BY key list is a lexicographic preorder of the rows; two lists that induce the same
preorder sort alike (and tie the same rows, so what breaks their ties breaks them alike).
People, ORMs and dialect translations spell one preorder several ways: NULLS FIRST as
``x IS NOT NULL`` or ``CASE WHEN x IS NULL THEN 0 ELSE 1 END``, a DECODE/CASE rank of a few
values as ``x <> 'a', x <> 'b'``. This rule brings each to one normal form, in SQLite:

- A key ``b`` (a condition read as 0/1) that is never NULL and negative (``NOT c``, or
  ``l != r``) is ``c`` (``l = r``) in the other direction: on {0, 1} ``NOT`` reverses the
  order, and ``l != r`` is ``NOT (l = r)`` in SQLite (the same conversions, the same
  collation). A NULL would sort first either way, so a key that may be NULL is left alone.
- A key ``CASE WHEN c1 THEN v1 .. WHEN cn THEN vn ELSE v END`` whose results are integer
  literals strictly increasing (or decreasing) in branch order, ELSE the last, and whose
  conditions are never NULL and pairwise exclusive (one condition, or ``e = lit_i`` of one
  never-NULL ``e`` and distinct literals), is the keys ``c1 DESC, .., cn DESC`` (ASC when the
  order puts the first branch last): a row of branch i has ci true and every other cj false,
  so the keys compare two rows by their branches exactly as the CASE value does, and tie
  the rows of one branch, as the CASE does. A condition that may be NULL would put its NULL
  rows at a place of their own (the CASE sends them to ELSE), and overlapping conditions
  would let a later key reorder the rows of one branch: both refused. Literals are distinct
  in every collation (texts compared lower-cased and right-trimmed; integers as integers;
  no text literal under a numeric conversion, where '1' and '01' meet).

A key that is never NULL is decided here once, for the NULL flags of ``sort_keys`` too: a
non-NULL literal, a NOT NULL column, IS NULL, a COUNT, a scalar subquery ``SELECT COUNT(..)
FROM ..`` without GROUP BY, HAVING, LIMIT or OFFSET (one row always), and NOT, a
comparison, AND/OR, a 0/1 reading or a CASE (with ELSE) of never-NULL parts.
"""

from __future__ import annotations

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Conv, FuncName, Ty


def never_null(e, not_null) -> bool:
    """Is ``e`` non-NULL on every row (``not_null``: the (alias, column) pairs known so)?"""
    if isinstance(e, ir.Lit):
        return e.value is not None
    if isinstance(e, ir.Col):
        return (e.alias, e.name) in not_null or (e.alias, e.name.lower()) in not_null
    if isinstance(e, ir.IsNull):
        return True
    if isinstance(e, ir.Not):
        return never_null(e.arg, not_null)
    if isinstance(e, ir.Cmp):
        return e.op in (CmpOp.IS, CmpOp.IS_NOT) or (never_null(e.left, not_null) and never_null(e.right, not_null))
    if isinstance(e, ir.Logic):
        return all(never_null(a, not_null) for a in e.args)
    if isinstance(e, ir.Func) and e.name == FuncName.BOOL_INT:
        return len(e.args) == 1 and never_null(e.args[0], not_null)
    if isinstance(e, ir.Case):
        return all(never_null(v, not_null) for _, v in e.whens) and never_null(e.default, not_null)
    if isinstance(e, ir.Agg):
        return e.fn in (AggFn.COUNT, AggFn.COUNT_STAR)
    return isinstance(e, ir.ScalarSub) and _one_count(e.query)


def _one_count(s) -> bool:
    """Is ``s`` ``SELECT COUNT(..) FROM .. [WHERE ..]``: one row, never NULL (no GROUP BY,
    HAVING, LIMIT or OFFSET that could leave no row)?"""
    return (isinstance(s, ir.Select) and s.aggregate and not s.group_by and s.having is None
            and s.limit is None and not s.offset and len(s.items) == 1
            and isinstance(a := s.items[0], ir.Agg) and a.fn in (AggFn.COUNT, AggFn.COUNT_STAR))


def _flag(c):
    return ir.Func(FuncName.BOOL_INT, (c,), Ty.INT)


def _positive(k, d, not_null):
    """``(k, d)`` with a never-NULL negative condition key turned positive, else None."""
    if not (isinstance(k, ir.Func) and k.name == FuncName.BOOL_INT and len(k.args) == 1):
        return None
    b = k.args[0]
    if not never_null(b, not_null):
        return None
    if isinstance(b, ir.Not):
        return (_flag(b.arg), not d)
    if isinstance(b, ir.Cmp) and b.op == CmpOp.NE:
        return (_flag(ir.Cmp(CmpOp.EQ, b.left, b.right, b.ty, b.conv)), not d)
    return None


def _int(v) -> bool:
    return isinstance(v, ir.Lit) and isinstance(v.value, int) and not isinstance(v.value, bool)


def _tested(c):
    """``(e, literal value, conversion)`` of ``e = literal`` (either side), else None."""
    if not isinstance(c, ir.Cmp) or c.op != CmpOp.EQ:
        return None
    for e, lit in ((c.left, c.right), (c.right, c.left)):
        if isinstance(lit, ir.Lit) and lit.value is not None and not isinstance(e, ir.Lit):
            return (e, lit.value, c.conv)
    return None


def _apart(lits, convs) -> bool:
    """Are the literals pairwise distinct in every collation and conversion?"""
    if all(isinstance(v, int) and not isinstance(v, bool) for v in lits):
        return len(set(lits)) == len(lits)
    if all(isinstance(v, str) for v in lits) and all(c == Conv.NONE for c in convs):
        folded = {v.lower().rstrip(" ") for v in lits}
        return len(folded) == len(lits)
    return False


def _exclusive(conds) -> bool:
    if len(conds) == 1:
        return True
    tests = [_tested(c) for c in conds]
    if any(t is None for t in tests) or len({t[0] for t in tests}) != 1:
        return False
    return _apart([t[1] for t in tests], [t[2] for t in tests])


def _case_keys(k, d, not_null):
    """The boolean keys of a ranking CASE key (the module docstring), else None."""
    if not isinstance(k, ir.Case) or not k.whens:
        return None
    values = [v for _, v in k.whens] + [k.default]
    if not all(_int(v) for v in values):
        return None
    nums = [v.value for v in values]
    rising = all(a < b for a, b in zip(nums, nums[1:], strict=False))
    falling = all(a > b for a, b in zip(nums, nums[1:], strict=False))
    conds = [c for c, _ in k.whens]
    if not (rising or falling) or not all(never_null(c, not_null) for c in conds) or not _exclusive(conds):
        return None
    return [(_flag(c), rising != d) for c in conds]


def boolean_sort_keys(order: tuple, not_null) -> tuple:
    """``order`` with ranking CASE keys as boolean keys and negative boolean keys positive."""
    out = []
    for k, d in order:
        keys = _case_keys(k, d, not_null) or [(k, d)]
        out.extend(_positive(kk, dd, not_null) or (kk, dd) for kk, dd in keys)
    out = tuple(out)
    return order if out == order else out


# ---- the registry's entry (``rules.RULES`` adds it as ``Rule(*entry)``)

BOOLEAN_SORT_KEY_RULES = (
    ("boolean_sort_keys", "a never-NULL key NOT c (l != r) is c (l = r) in the other direction; "
     "a CASE key ranking exclusive never-NULL conditions by integer literals in monotone order is "
     "one boolean key per condition (SQLite: 0/1 order, the CASE's ties kept)",
     ("order",), lambda canon, order, ctx: boolean_sort_keys(order, ctx.get("not_null", set()))),
)
