"""Group-wise quantifiers written as HAVING aggregates (round 60, i60d):
``group_quantifiers_as_semijoins``.

``SELECT g.. FROM J WHERE w GROUP BY g.. HAVING h1 AND .. AND hn`` (``J`` a table or an inner
join of tables, the items exactly the keys) is ``SELECT DISTINCT g.. FROM J t WHERE w AND
own(t) AND NOT EXISTS (SELECT 1 FROM J' h WHERE w(h) AND h.g IS t.g .. AND (b1(h, t) OR ..))``
(``J'`` the join renamed), each ``hi`` read as one quantifier over the rows of the group:

- some row has ``p`` (the row ``t`` itself: ``own = p``): ``COUNT(CASE WHEN p THEN v END) > 0``
  (``>= 1``, ``<> 0``; ``v`` a non-NULL literal), ``SUM(CASE WHEN p THEN n [ELSE 0] END) > 0``
  (``n`` a positive integer), ``COUNT(x) > 0`` and ``MAX|MIN(x) IS NOT NULL`` (``p``: ``x IS
  NOT NULL``), ``MAX(CASE WHEN p THEN v END) IS NOT NULL``, ``MAX(CASE WHEN p THEN 1 [ELSE 0]
  END) = 1``;
- no row has ``q`` (``b = q``): ``COUNT(CASE WHEN q THEN v END) = 0``, ``SUM(CASE WHEN q THEN n
  ELSE 0 END) = 0`` (``<= 0``, ``< 1``), ``COUNT(x) = 0``, ``MAX(CASE WHEN q THEN v END) IS
  NULL``, ``MAX(CASE WHEN q THEN 1 ELSE 0 END) = 0``; every row has ``p`` (``b``: ``p`` not TRUE, ``universal.not_true``): ``COUNT(*) =
  COUNT(CASE WHEN p THEN v END)`` (or the SUM of ``THEN 1``), ``SUM(CASE WHEN p THEN 0 ELSE n END) = 0``;
  ``COUNT(x) = COUNT(*)`` (``b``: ``x IS NULL``);
- one value of ``x``: ``COUNT(DISTINCT x) = 1`` and ``MIN(x) = MAX(x)`` (``b``: ``h.x <> t.x``;
  a NULL-able ``x`` adds ``own = x IS NOT NULL``);
- the last ``p`` after every ``q`` (by a column ``d``): ``MAX(CASE WHEN p THEN d END) >=
  COALESCE(MAX(CASE WHEN q THEN d END), MAX(CASE WHEN p THEN d END))`` (``own``: ``p AND d IS
  NOT NULL``, ``b``: ``q(h) AND h.d > t.d``; MIN with ``<=`` and ``<``).

Why it holds in SQLite: a group is the rows of ``J`` passing ``w`` whose keys are equal (NULL
keys one group, as ``IS`` matches them; ``=`` where a key is never NULL: declared, or a ``w``
conjunct ``g IS NOT NULL``); it is kept when some of its rows ``t`` passes ``own`` and no row
``h`` of it breaks a test. CASE reads a NULL ``p`` as not TRUE, as WHERE does; COUNT, MAX and
MIN skip NULLs; a sum of the positive ``n`` is above 0 exactly when one row adds ``n`` (at most
``2**16``: no overflow, ``universal``); a group is never empty (``COUNT(*) = ..`` and the MAX
of an ELSE 0). One value: ``<>`` and DISTINCT, MIN and MAX compare two values of one column
alike (no conversion, no collated table), NULLs apart. The last ``p``: the row reaching the
MAX of the ``p`` rows has no ``q`` row after it exactly when that MAX is at least the MAX of
the ``q`` rows (or there is none: the COALESCE); a ``p`` row with no ``q`` row after it has
every ``q`` value at most its own, so at most that MAX. At most one test sets ``own`` (two "some" tests need two rows), and one
test at least sets it or reads ``t`` (only "no row" tests: ``twins.bounds_as_no_counterexample``
and ``joined_bounds``, which run first and also read "some" with SUM or COUNT over a join). The
DISTINCT keeps one row per key tuple as GROUP BY keeps one group; the keys' equal values must
be identical (``twins._identical``). ``w``, the ON conditions and the tests are deterministic
and read the join only (no subquery); no ORDER BY, LIMIT, window or bare column.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, CmpOp, Conv, FuncName, Ty
from .joined_bounds import _join_scans, _renaming
from .joined_partners import JOINED_BOUNDS_FAMILY
from .joins import _not_null
from .terms import (
    _aliases_in,
    _and,
    _conjuncts,
    _has_sub,
)
from .twins import TWIN_SELECT_RULES, _grouped_scan
from .universal import _int, _null, _one_when, any_of, not_true
from .universal import against_int as _against_int

_FLIPPED = {CmpOp.GT: CmpOp.LT, CmpOp.LT: CmpOp.GT, CmpOp.GE: CmpOp.LE, CmpOp.LE: CmpOp.GE,
            CmpOp.EQ: CmpOp.EQ, CmpOp.NE: CmpOp.NE}
_ABOVE_ZERO = ((CmpOp.GT, 0), (CmpOp.GE, 1), (CmpOp.NE, 0))
_AT_ZERO = ((CmpOp.EQ, 0), (CmpOp.LE, 0), (CmpOp.LT, 1))
_STAR = ir.Agg(AggFn.COUNT_STAR, None, False, Ty.INT)


@dataclasses.dataclass(frozen=True)
class _Test:
    own: object = None  # a condition on the row t that witnesses the group
    breaks: object = None  # a condition on a row h (and t) that drops the group


def _indicator(a) -> object:
    """``p`` when ``a`` is positive exactly on the rows where ``p`` is TRUE and 0 or NULL on
    the others: ``COUNT(CASE WHEN p THEN v END)``, ``SUM(CASE WHEN p THEN n [ELSE 0] END)``,
    ``COUNT(x)`` (``p``: ``x IS NOT NULL``); else None."""
    if isinstance(a, ir.Agg) and a.fn == AggFn.COUNT and not a.distinct and isinstance(a.arg, ir.Col):
        return ir.Not(ir.IsNull(a.arg))
    case = _one_when(a)
    if case is None:
        return None
    p, then, other = case
    if a.fn == AggFn.COUNT and isinstance(then, ir.Lit) and then.value is not None and _null(other):
        return p
    if a.fn == AggFn.SUM and _int(then, True) and (_null(other) or _int(other, False)):
        return p
    return None


def _flag(a) -> object:
    """``p`` of ``MAX|MIN(CASE WHEN p THEN v END)`` (``v`` a non-NULL literal) and of
    ``MAX|MIN(x)`` (``x IS NOT NULL``): NULL exactly when no row has ``p``; else None."""
    if not (isinstance(a, ir.Agg) and a.fn in (AggFn.MAX, AggFn.MIN) and not a.distinct):
        return None
    if isinstance(a.arg, ir.Col):
        return ir.Not(ir.IsNull(a.arg))
    case = _one_when(a)
    if case is None:
        return None
    p, then, other = case
    return p if isinstance(then, ir.Lit) and then.value is not None and _null(other) else None


def _some_or_none(h):
    """("some", p) or ("none", q) of a count, sum or flag of a test against 0 (module's forms)."""
    if isinstance(h, ir.Not) and isinstance(h.arg, ir.IsNull):
        p = _flag(h.arg.arg)
        return None if p is None else ("some", p)
    if isinstance(h, ir.IsNull):
        q = _flag(h.arg)
        return None if q is None else ("none", q)
    found = _against_int(h)
    if found is None:
        return None
    op, a, n = found
    if a.fn == AggFn.MAX:  # MAX(CASE WHEN p THEN 1 [ELSE 0] END) = 1 (= 0: no p, with ELSE 0)
        case = _one_when(a)
        if not (case and _int(case[1], True) and case[1].value == 1):
            return None
        if (op, n) == (CmpOp.EQ, 1) and (_null(case[2]) or _int(case[2], False)):
            return "some", case[0]
        return ("none", case[0]) if (op, n) == (CmpOp.EQ, 0) and _int(case[2], False) else None
    p = _indicator(a)
    if p is None:
        return None
    if (op, n) in _ABOVE_ZERO:
        return "some", p
    if (op, n) in _AT_ZERO and not (a.fn == AggFn.SUM and _null(_one_when(a)[2])):
        return "none", p  # (a SUM without ELSE 0 is NULL, not 0, over a group without p)
    return None


def _every(h, scans: dict, schema):
    """The breaking test of ``COUNT(*) = IND(p)`` (``p`` not TRUE), ``COUNT(x) = COUNT(*)``
    (``x IS NULL``) and ``SUM(CASE WHEN p THEN 0 ELSE n END) = 0``, else None."""
    found = _against_int(h)
    if found is not None:
        op, a, n = found
        case = _one_when(a)
        if ((op, n) in _AT_ZERO and a.fn == AggFn.SUM and case is not None
                and _int(case[1], False) and _int(case[2], True)):
            return _not_true(case[0], scans, schema)
        return None
    if not (isinstance(h, ir.Cmp) and h.op == CmpOp.EQ and h.conv == Conv.NONE):
        return None
    other = h.right if h.left == _STAR else h.left if h.right == _STAR else None
    if other is None:
        return None
    if isinstance(other, ir.Agg) and other.fn == AggFn.COUNT and isinstance(other.arg, ir.Col) \
            and not other.distinct:
        return ir.IsNull(other.arg)
    p, case = _indicator(other), _one_when(other)
    if p is None or (other.fn == AggFn.SUM and case[1].value != 1):
        return None  # (a SUM of 2 per row is no count)
    return _not_true(p, scans, schema)


def _not_true(p, scans: dict, schema):
    """``universal.not_true`` of ``p`` over the one scan it reads, else None."""
    aliases = _aliases_in(p)
    return not_true(p, scans[next(iter(aliases))], schema) if len(aliases) == 1 else None


def _one_value(h, kept) -> ir.Col | None:
    """``x`` of ``COUNT(DISTINCT x) = 1`` or ``MIN(x) = MAX(x)`` (a column), else None."""
    found = _against_int(h)
    if found is not None:
        op, a, n = found
        ok = (op, n) == (CmpOp.EQ, 1) and a.fn == AggFn.COUNT and a.distinct and isinstance(a.arg, ir.Col)
        return a.arg if ok else None
    if not (isinstance(h, ir.Cmp) and h.op == CmpOp.EQ and h.conv == Conv.NONE):
        return None
    fns = {getattr(h.left, "fn", None), getattr(h.right, "fn", None)}
    if (fns == {AggFn.MIN, AggFn.MAX} and not h.left.distinct and not h.right.distinct
            and h.left.arg == h.right.arg and isinstance(h.left.arg, ir.Col)):
        return h.left.arg
    return None


def _last(h):
    """(p, q, d, op) of ``MAX(CASE WHEN p THEN d END) >= COALESCE(MAX(CASE WHEN q THEN d
    END), MAX(CASE WHEN p THEN d END))`` (``op`` ``>``; MIN with ``<=``: ``<``), else None."""
    if not (isinstance(h, ir.Cmp) and h.conv == Conv.NONE and h.op in (CmpOp.GE, CmpOp.LE)):
        return None
    op, a, c = h.op, h.left, h.right
    if isinstance(a, ir.Func):
        op, a, c = _FLIPPED[op], c, a
    if not (isinstance(c, ir.Func) and c.name == FuncName.COALESCE and len(c.args) == 2
            and c.args[1] == a and isinstance(a, ir.Agg)):
        return None
    b = c.args[0]
    fn = {CmpOp.GE: AggFn.MAX, CmpOp.LE: AggFn.MIN}[op]
    mine, theirs = _one_when(a), _one_when(b)
    if not (a.fn == fn and isinstance(b, ir.Agg) and b.fn == fn and mine and theirs
            and isinstance(mine[1], ir.Col) and mine[1] == theirs[1]
            and _null(mine[2]) and _null(theirs[2])):
        return None
    return mine[0], theirs[0], mine[1], CmpOp.GT if fn == AggFn.MAX else CmpOp.LT


def _tests(having, scans: dict, kept, schema) -> list | None:
    """One ``_Test`` per HAVING conjunct, else None."""
    out = []
    for h in _conjuncts(having):
        found = _some_or_none(h)
        if found is not None:
            kind, p = found
            out.append(_Test(own=p) if kind == "some" else _Test(breaks=p))
            continue
        b = _every(h, scans, schema)
        if b is not None:
            out.append(_Test(breaks=b))
            continue
        x = _one_value(h, kept)
        if x is not None:
            own = None if kept(x) else ir.Not(ir.IsNull(x))
            out.append(_Test(own=own, breaks=("differs", x)))
            continue
        last = _last(h)
        if last is None:
            return None
        p, q, d, op = last
        own = p if kept(d) else _and([p, ir.Not(ir.IsNull(d))])
        out.append(_Test(own=own, breaks=("after", q, d, op)))
    return out


def _source_scans(q, schema, typed):
    """{alias: scan} of ``q``'s table (``twins._grouped_scan``) or inner join of tables
    (``joined_bounds._join_scans``) when ``q`` is a grouping this law reads, else None."""
    if not (isinstance(q, ir.Select) and q.having is not None and not _has_sub(q.having)
            and set(q.items) == set(q.group_by) and len(q.items) == len(set(q.items))):
        return None
    scan = _grouped_scan(q, schema, typed)
    leaves = [scan] if scan is not None else _join_scans(q, schema, typed)
    return None if leaves is None else {x.alias: x for x in leaves}


def group_quantifiers_as_semijoins(q, schema, typed: bool):
    """The module's law, else ``q``."""
    scans = _source_scans(q, schema, typed)
    if scans is None:
        return q
    leaves = list(scans.values())
    where = _conjuncts(q.where)
    filtered = {c.arg.arg for c in where if isinstance(c, ir.Not) and isinstance(c.arg, ir.IsNull)
                and isinstance(c.arg.arg, ir.Col)}

    def kept(x) -> bool:
        return x in filtered or _not_null(x, leaves, schema)

    tests = _tests(q.having, scans, kept, schema)
    if tests is None or not all(_reads_only(t, scans) for t in tests):
        return q
    owns = [t.own for t in tests if t.own is not None]
    if len(owns) > 1 or not (owns or any(isinstance(t.breaks, tuple) for t in tests)):
        return q  # (every test a plain "no row": bounds_as_no_counterexample, joined_bounds)
    renamed, twin_source = _renaming(q, leaves)
    links = [ir.Cmp(CmpOp.EQ if kept(g) else CmpOp.IS, renamed(g), g, Ty.BOOL, Conv.NONE)
             for g in q.group_by]
    eq_keys = {renamed(g) for g in q.group_by if kept(g)}
    inner = [renamed(c) for c in where]
    inner = [c for c in inner if not (isinstance(c, ir.Not) and isinstance(c.arg, ir.IsNull)
                                      and c.arg.arg in eq_keys)]  # (h.g = t.g rejects a NULL h.g)
    breaks = [_breaking(t.breaks, renamed) for t in tests if t.breaks is not None]
    found = list(owns)
    if breaks:
        twin = ir.Select(twin_source, _and([*inner, *links, any_of(breaks)]), (), None,
                         (ir.Lit(1, Ty.INT),), False, (), None, 0, False)
        found.append(ir.Not(ir.Exists(twin)))
    return dataclasses.replace(q, where=_and([*where, *found]), group_by=(), having=None,
                               aggregate=False, distinct=True)


def _reads_only(t: _Test, scans: dict) -> bool:
    """Do the test's conditions read the join's columns only, without subqueries?"""
    parts = [t.own] + ([t.breaks] if not isinstance(t.breaks, tuple) else list(t.breaks[1:]))
    return all(p is None or (not _has_sub(p) and _aliases_in(p) <= set(scans)) for p in parts)


def _breaking(b, renamed):
    """The condition on the renamed row ``h`` (and the outer row ``t``) that breaks a test."""
    if not isinstance(b, tuple):
        return renamed(b)
    if b[0] == "differs":
        x = b[1]
        return ir.Cmp(CmpOp.NE, renamed(x), x, Ty.BOOL, Conv.NONE)
    _, q, d, op = b
    return _and([renamed(q), ir.Cmp(op, renamed(d), d, Ty.BOOL, Conv.NONE)])


GROUP_QUANTIFIER_RULE = (
    "group_quantifiers_as_semijoins", "SELECT g FROM J WHERE w GROUP BY g HAVING some p AND no "
    "q (COUNT/SUM/MAX of CASE, COUNT(x) = COUNT(*), COUNT(DISTINCT x) = 1, MIN(x) = MAX(x), MAX "
    "of p >= COALESCE(MAX of q, MAX of p)) is SELECT DISTINCT g FROM J t WHERE w AND p(t) AND "
    "NOT EXISTS (a row h of J with w, h.g IS t.g and q(h)) (J a table or an inner join)",
    ("select",), lambda canon, q, ctx: group_quantifiers_as_semijoins(q, canon.schema, canon.typed),
    True)
# (rules.py's registry: the twins of a group, the joined bounds, then this law)
GROUP_QUANTIFIER_FAMILY = (*TWIN_SELECT_RULES, *JOINED_BOUNDS_FAMILY, GROUP_QUANTIFIER_RULE)
