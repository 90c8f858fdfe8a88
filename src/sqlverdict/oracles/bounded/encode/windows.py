"""Window functions: the rows as one window sees them (``_WindowRows``), frames, values."""

from __future__ import annotations

from fractions import Fraction

import z3

from ....errors import UnsupportedSQL
from .. import ir
from ..ir.kinds import FrameBound, FrameExclude, FrameUnit, FuncName, Ty, WindowFn
from .values import (
    V,
    _and,
    _as,
    _count,
    _ite,
    _lex_less_desc,
    _not,
    _or,
    _spend,
    _to_real,
    _zero,
    rows_eq,
)

# the members used here, bound once: on Python 3.11 an enum class's attribute lookup
# goes through EnumType.__getattr__, several times slower than a global name
CURRENT, PRECEDING = FrameBound.CURRENT, FrameBound.PRECEDING
CURRENT_ROW, GROUP, TIES = FrameExclude.CURRENT_ROW, FrameExclude.GROUP, FrameExclude.TIES
GROUPS, RANGE, ROWS = FrameUnit.GROUPS, FrameUnit.RANGE, FrameUnit.ROWS
INT, NULL, REAL = Ty.INT, Ty.NULL, Ty.REAL
(COUNT_STAR, CUME_DIST, DENSE_RANK, FIRST_VALUE, LAG, LAST_VALUE, LEAD, NTH_VALUE, NTILE, PERCENT_RANK, RANK, ROW_NUMBER) = (
    WindowFn.COUNT_STAR, WindowFn.CUME_DIST, WindowFn.DENSE_RANK, WindowFn.FIRST_VALUE,
    WindowFn.LAG, WindowFn.LAST_VALUE, WindowFn.LEAD, WindowFn.NTH_VALUE, WindowFn.NTILE,
    WindowFn.PERCENT_RANK, WindowFn.RANK, WindowFn.ROW_NUMBER)


class _Windows:
    def _window_table(self, windows, groups) -> dict:
        """The value of every window function on every row: ``{(id(w), i): V}``, over the
        rows ``groups`` (exists, scope, members) of a select (``_WindowRows``). A tie that
        an order-dependent function reads (``ir.order_dependent``) is recorded as
        ambiguous, like a tie cut by a LIMIT: rows are ordered by input position there,
        SQLite's order is unspecified."""
        out = {}
        n = len(groups)
        self._tick(n * n)
        spans: dict = {}
        for w in windows:
            key = repr((w.partition, w.order))
            if key not in spans:
                spans[key] = _WindowRows(self, w, groups)
            wr = spans[key]
            if ir.order_dependent(w):
                self.ambiguous.append(wr.tied())
            args = [[self.expr(a, scope, members) for a in w.args] for _, scope, members in groups]
            for i in range(n):
                _spend(self.budget, n)
                out[(id(w), i)] = self._window_value(w, wr, args, i)
        return out

    def _window_value(self, w: ir.Window, wr: _WindowRows, args, i: int) -> V:
        n, fn = wr.n, w.fn
        if fn == ROW_NUMBER:
            return V(INT, self.s.false, wr.pos[i] + 1)
        if fn == RANK:
            return V(INT, self.s.false, wr.rank(i))
        if fn == DENSE_RANK:
            return V(INT, self.s.false, wr.dense_rank(i))
        if fn in (PERCENT_RANK, CUME_DIST):
            num = wr.rank(i) - 1 if fn == PERCENT_RANK else _count(self.s, [
                _and(self.s, wr.live[j], _or(self.s, wr.less[j][i], wr.peer[j][i]))
                for j in range(n) if j != i]) + 1
            out = z3.RealVal(0, self.s.ctx)
            for size in range(n, 1 if fn == PERCENT_RANK else 0, -1):
                den = size - 1 if fn == PERCENT_RANK else size
                out = z3.If(wr.size[i] == size, _to_real(self.s, num) / den, out)
            return V(REAL, self.s.false, out)
        if fn == NTILE:
            buckets = w.args[0].value
            out = z3.IntVal(1, self.s.ctx)
            pos = wr.pos[i]
            for size in range(n, 0, -1):
                q, r = divmod(size, buckets)
                if q == 0:
                    b = pos + 1
                else:
                    cut = r * (q + 1)
                    b = z3.If(pos < cut, pos / (q + 1) + 1, r + (pos - cut) / q + 1)
                out = z3.If(wr.size[i] == size, b, out)
            return V(INT, self.s.false, out)
        if fn in (LAG, LEAD):
            x, off, dflt = args[i]
            target = wr.pos[i] - w.args[1].value if fn == LAG else wr.pos[i] + w.args[1].value
            out = dflt
            for j in reversed(range(n)):
                hit = _and(self.s, wr.live[j], wr.part[j][i], wr.pos[j] == target)
                out = _ite(self.s, hit, args[j][0], out, w.ty) if w.ty != NULL else self.s.null
            return out
        frame = [_and(self.s, wr.live[j], wr.part[j][i], wr.in_frame(w.frame, j, i)) for j in range(n)]
        if fn in (FIRST_VALUE, LAST_VALUE, NTH_VALUE):
            out = V(w.ty, self.s.true, _zero(self.s, w.ty)) if w.ty != NULL else self.s.null
            for j in reversed(range(n)):
                if fn == FIRST_VALUE:
                    hit = _and(self.s, frame[j], _not(self.s, _or(self.s, *[_and(self.s, frame[k], wr.before[k][j]) for k in range(n) if k != j])))
                elif fn == LAST_VALUE:
                    hit = _and(self.s, frame[j], _not(self.s, _or(self.s, *[_and(self.s, frame[k], wr.before[j][k]) for k in range(n) if k != j])))
                else:
                    earlier = _count(self.s, [_and(self.s, frame[k], wr.before[k][j]) for k in range(n) if k != j])
                    hit = _and(self.s, frame[j], earlier == w.args[1].value - 1)
                out = _ite(self.s, hit, args[j][0], out, w.ty) if w.ty != NULL else self.s.null
            return out
        if fn == COUNT_STAR:
            return V(INT, self.s.false, _count(self.s, frame))
        return self._aggregate(fn, False, w.ty, w.args[0].ty,
                               [(frame[j], args[j][0]) for j in range(n)])

class _WindowRows:
    """The rows of a select as one window (PARTITION BY, ORDER BY) sees them: for rows j
    and i, ``part`` (same partition), ``less`` (j sorts strictly before i's peers), ``peer``
    (same ORDER BY values; every row of the partition without ORDER BY), ``before`` (j
    comes before i: ``less``, or a peer at an earlier input position), and per row ``pos``
    (0-based position in its partition), ``size`` (rows of its partition)."""

    def __init__(self, enc, w: ir.Window, groups):
        self.s = enc.s
        self.n = n = len(groups)
        self.live = [g[0] for g in groups]
        parts = [[enc.expr(p, scope, members) for p in w.partition] for _, scope, members in groups]
        self.keys = [[enc.expr(k, scope, members) for k, _ in w.order] for _, scope, members in groups]
        self.desc = [d for _, d in w.order]
        if len(w.order) > 1 and w.frame and w.frame[0] == RANGE and _OFFSET_KINDS & {w.frame[1][0], w.frame[2][0]}:
            _null_placement(w.order)
        self.part = [[self.s.true if i == j else rows_eq(self.s, parts[j], parts[i]) for i in range(n)] for j in range(n)]
        self.less = [[_and(self.s, self.part[j][i], _lex_less_desc(self.s, self.keys[j], self.keys[i], self.desc))
                      if w.order and i != j else self.s.false for i in range(n)] for j in range(n)]
        self.peer = [[self.s.true if i == j else _and(self.s, self.part[j][i], rows_eq(self.s, self.keys[j], self.keys[i]))
                      for i in range(n)] for j in range(n)]
        self.before = [[_or(self.s, self.less[j][i], self.peer[j][i]) if j < i else self.less[j][i]
                        for i in range(n)] for j in range(n)]
        for j in range(n):
            self.before[j][j] = self.s.false
        self.pos = [_count(self.s, [_and(self.s, self.live[j], self.before[j][i]) for j in range(n) if j != i])
                    for i in range(n)]
        self.size = [_count(self.s, [_and(self.s, self.live[j], self.part[j][i]) for j in range(n)]) for i in range(n)]
        self._group: list | None = None

    def tied(self):
        """Two present rows of one partition with the same ORDER BY values."""
        return _or(self.s, *[_and(self.s, self.live[i], self.live[j], self.peer[j][i])
                     for i in range(self.n) for j in range(i)])

    def rank(self, i):
        return _count(self.s, [_and(self.s, self.live[j], self.less[j][i]) for j in range(self.n) if j != i]) + 1

    def dense_rank(self, i):
        return self.group(i) + 1

    def group(self, i):
        """The 0-based index of i's peer group in its partition (GROUPS frames)."""
        if self._group is None:
            first = [_and(self.s, self.live[j], _not(self.s, _or(self.s, *[_and(self.s, self.live[k], self.peer[k][j]) for k in range(j)])))
                     for j in range(self.n)]
            self._group = [_count(self.s, [_and(self.s, first[j], self.less[j][i]) for j in range(self.n) if j != i])
                           for i in range(self.n)]
        return self._group[i]

    def in_frame(self, frame, j: int, i: int):
        """Is row j (of i's partition) in the frame of row i?"""
        unit, start, end, exclude = frame
        cond = _and(self.s, self._bound(unit, start, j, i, True), self._bound(unit, end, j, i, False))
        if exclude == CURRENT_ROW:
            cond = _and(self.s, cond, self.s.true if j != i else self.s.false)
        elif exclude == GROUP:
            cond = _and(self.s, cond, _not(self.s, self.peer[j][i]))
        elif exclude == TIES:
            cond = _and(self.s, cond, self.s.true if j == i else _not(self.s, self.peer[j][i]))
        return cond

    def _bound(self, unit, bound, j, i, is_start: bool):
        kind, off = bound
        if kind.startswith("unbounded"):
            return self.s.true
        if unit in (RANGE, GROUPS) and kind == CURRENT:
            # the frame starts at i's first peer and ends at its last
            return _not(self.s, self.less[j][i]) if is_start else _not(self.s, self.less[i][j])
        if unit == ROWS:
            a, b = self.pos[j], self.pos[i]
        elif unit == GROUPS:
            a, b = self.group(j), self.group(i)
        else:
            return self._range_offset(kind, off, j, i, is_start)
        delta = 0 if kind == CURRENT else (-off if kind == PRECEDING else off)
        return a >= b + delta if is_start else a <= b + delta

    def _range_offset(self, kind, off, j, i, is_start: bool):
        """RANGE ``off`` PRECEDING/FOLLOWING over one numeric key, as SQLite reads it: the
        bound compares the key in sort order (negated when descending), where a NULL key
        sorts first ascending and last descending, or where ``NULLS FIRST/LAST`` puts it (the
        lowering's two sort keys ``x IS NULL``, ``x``); on a row whose key is NULL the bound
        is the edge of its peer group of NULLs."""
        x, y = self.keys[j][-1], self.keys[i][-1]
        desc = self.desc[-1]
        nulls_first = self.desc[0] if len(self.desc) == 2 else not desc
        peers_edge = _not(self.s, self.less[j][i]) if is_start else _not(self.s, self.less[i][j])
        if y.ty == NULL:
            return peers_edge
        # j NULL, i not: j is before every bound where NULLs sort first, after every bound else
        x_null = _bool(self.s, not nulls_first) if is_start else _bool(self.s, nulls_first)
        if x.ty == NULL:
            return z3.If(y.null, peers_edge, x_null)
        delta = Fraction(-off if kind == PRECEDING else off)
        ty = REAL if REAL in (x.ty, y.ty) or delta.denominator != 1 else INT
        xv, yv = _as(self.s, x, ty), _as(self.s, y, ty)
        d = z3.RealVal(f"{delta.numerator}/{delta.denominator}", self.s.ctx) if ty == REAL else z3.IntVal(int(delta), self.s.ctx)
        if not desc:  # x >= y + delta at the start, x <= y + delta at the end
            num = xv >= yv + d if is_start else xv <= yv + d
        else:  # the sort key is -x: -x >= -y + delta, i.e. x <= y - delta
            num = xv <= yv - d if is_start else xv >= yv - d
        return z3.If(y.null, peers_edge, z3.If(x.null, x_null, num))


_OFFSET_KINDS = {FrameBound.PRECEDING, FrameBound.FOLLOWING}


def _null_placement(order) -> None:
    """A RANGE offset frame's two sort keys must be ``x IS NULL`` (as 0/1) and ``x``: one
    ``x NULLS FIRST/LAST`` key as the lowering writes it; anything else is refused."""
    k = order[0][0]
    if not (len(order) == 2 and isinstance(k, ir.Func) and k.name == FuncName.BOOL_INT
            and isinstance(k.args[0], ir.IsNull) and k.args[0].arg == order[1][0]):
        raise UnsupportedSQL("RANGE offset without exactly one ORDER BY term")


def _bool(s, v: bool):
    return s.true if v else s.false


def _windows_of(exprs) -> list:
    """The window functions of a select's items and ORDER BY keys (not in subqueries)."""
    out = []
    for y in ir.local_nodes(tuple(exprs)):
        if isinstance(y, ir.Window) and all(y is not w for w in out):
            out.append(y)
    return out


