"""Lowering of window functions: the function, PARTITION BY, ORDER BY, a named window of
the WINDOW clause, the frame (SQLite's rules checked)."""

from __future__ import annotations

from sqlglot import exp

from ....errors import InputError, UnsupportedSQL
from ....sql.parse import SQLITE
from .affinity import _as_value, numeric_text
from .functions import _filter_as_case
from .kinds import FrameBound, FrameExclude, FrameUnit, Ty, WindowFn
from .nodes import DEFAULT_FRAME, FRAMED, Lit, Window
from .order_limit import null_placed

_WINDOW_FNS = {exp.RowNumber: WindowFn.ROW_NUMBER, exp.Rank: WindowFn.RANK,
               exp.DenseRank: WindowFn.DENSE_RANK, exp.PercentRank: WindowFn.PERCENT_RANK,
               exp.CumeDist: WindowFn.CUME_DIST, exp.Ntile: WindowFn.NTILE, exp.Lag: WindowFn.LAG,
               exp.Lead: WindowFn.LEAD, exp.FirstValue: WindowFn.FIRST_VALUE,
               exp.LastValue: WindowFn.LAST_VALUE, exp.NthValue: WindowFn.NTH_VALUE}
_RANKING = frozenset({WindowFn.ROW_NUMBER, WindowFn.RANK, WindowFn.DENSE_RANK,
                      WindowFn.PERCENT_RANK, WindowFn.CUME_DIST})
_BOUND_RANK = {FrameBound.UNBOUNDED_PRECEDING: 0, FrameBound.PRECEDING: 1, FrameBound.CURRENT: 2,
               FrameBound.FOLLOWING: 3, FrameBound.UNBOUNDED_FOLLOWING: 4}


class _Windows:
    """Mixin of ``_Lowerer``: window functions."""

    def window(self, n: exp.Window, env, agg_ok) -> Window:
        """A window function of the select list or ORDER BY (``agg_ok``): SQLite's ranking,
        value and aggregate window functions over PARTITION BY / ORDER BY and a frame
        (normalized: ``DEFAULT_FRAME`` when none is written)."""
        if not agg_ok:
            raise UnsupportedSQL("window function outside the select list")
        n = self.named_window(n)
        f = n.this
        if isinstance(f, exp.Filter):
            f = _filter_as_case(f)
        part = tuple(_as_value(self.expr(p, env, agg_ok)) for p in (n.args.get("partition_by") or []))
        order = []
        for o in (n.args["order"].expressions if n.args.get("order") else []):
            order.extend(null_placed(_as_value(self.expr(o.this, env, agg_ok)), o))
        order = tuple(order)

        def value(x):
            return _as_value(self.expr(x, env, agg_ok))

        fn = _WINDOW_FNS.get(type(f))
        args: tuple = ()
        if fn in _RANKING:
            if f.this is not None or f.expressions:
                raise UnsupportedSQL(f"{fn.upper()} with arguments")
            ty = Ty.REAL if fn in (WindowFn.PERCENT_RANK, WindowFn.CUME_DIST) else Ty.INT
        elif fn == WindowFn.NTILE:
            args = (Lit(self.window_int(f.this, "NTILE", 1), Ty.INT),)
            ty = Ty.INT
        elif fn in (WindowFn.LAG, WindowFn.LEAD):
            x = value(f.this)
            off = self.window_int(f.args.get("offset"), fn.upper(), None) if f.args.get("offset") else 1
            dflt = value(f.args["default"]) if f.args.get("default") else Lit(None, Ty.NULL)
            if Ty.NULL not in (x.ty, dflt.ty) and x.ty != dflt.ty:
                raise UnsupportedSQL(f"{fn.upper()} with a default of another type")
            args, ty = (x, Lit(off, Ty.INT), dflt), (x.ty if x.ty != Ty.NULL else dflt.ty)
        elif fn in (WindowFn.FIRST_VALUE, WindowFn.LAST_VALUE):
            x = value(f.this)
            args, ty = (x,), x.ty
        elif fn == WindowFn.NTH_VALUE:
            x = value(f.this)
            args, ty = (x, Lit(self.window_int(f.args.get("offset"), "NTH_VALUE", 1), Ty.INT)), x.ty
        elif isinstance(f, (exp.Count, exp.Sum, exp.Avg, exp.Min, exp.Max)) or (
                isinstance(f, exp.Anonymous) and f.name.upper() == "TOTAL"):
            if isinstance(f.this, exp.Distinct):  # SQLite: "DISTINCT is not supported ..."
                raise UnsupportedSQL("DISTINCT in a window function")
            a = self.agg(f, env, True, arg_agg_ok=agg_ok)
            fn, ty = a.fn, a.ty
            args = (a.arg,) if a.arg is not None else ()
        else:
            raise UnsupportedSQL("window function", f.sql(dialect=SQLITE)[:40])
        terms = len(n.args["order"].expressions) if n.args.get("order") else 0
        frame = self.frame(n.args.get("spec"), order, terms) if fn in FRAMED else ()
        return Window(fn, part, order, ty, args, frame)

    def named_window(self, n: exp.Window) -> exp.Window:
        """``OVER w`` / ``OVER (w ORDER BY ...)``: the window of the WINDOW clause, extended."""
        name = n.args.get("alias")
        if name is None:
            return n
        base = self.windows.get(name.name.lower())
        if base is None:
            raise InputError(f"no such window: {name.name}")
        if n.args.get("partition_by") or (n.args.get("order") and base.args.get("order")):
            raise UnsupportedSQL("window that overrides its base window")
        out = n.copy()
        out.set("alias", None)
        out.set("partition_by", [p.copy() for p in base.args.get("partition_by") or []])
        if not n.args.get("order") and base.args.get("order"):
            out.set("order", base.args["order"].copy())
        if not n.args.get("spec") and base.args.get("spec"):
            out.set("spec", base.args["spec"].copy())
        return out

    def window_int(self, e, what: str, least: int | None) -> int:
        """A constant integer argument of a window function (at least ``least``)."""
        v = self.window_number(e, what)
        if not isinstance(v, int) or (least is not None and v < least):
            raise UnsupportedSQL(f"{what} with an argument SQLite rejects")
        return v

    def window_number(self, e, what: str):
        if e is None or e.find(exp.Column, exp.Table) is not None:
            raise UnsupportedSQL(f"{what} with a non-constant argument")
        v = self.constant(e, what).value
        if isinstance(v, str):  # SQLite reads '2' as 2 here
            v = numeric_text(v)
        if isinstance(v, float) and v.is_integer():
            v = int(v)
        if not isinstance(v, (int, float)) or isinstance(v, bool):
            raise UnsupportedSQL(f"{what} with an argument SQLite rejects")
        return v

    def frame(self, spec, order, terms: int) -> tuple:
        """(unit, start, end, exclude) with start/end ``(kind, offset)``, SQLite's rules
        checked (what SQLite rejects stays unsupported); ``terms``: the ORDER BY terms written
        (one ``x NULLS LAST`` term is two sort keys, ``x IS NULL`` and ``x``)."""
        if spec is None:
            return DEFAULT_FRAME
        unit = str(spec.args.get("kind") or "").lower()
        if unit not in FrameUnit._value2member_map_:
            raise UnsupportedSQL("window frame", unit)
        unit = FrameUnit(unit)
        start = self.frame_bound(spec.args.get("start"), spec.args.get("start_side"), unit)
        end = (self.frame_bound(spec.args.get("end"), spec.args.get("end_side"), unit)
               if spec.args.get("end") is not None else (FrameBound.CURRENT, 0))
        excl = spec.args.get("exclude")
        excl = " ".join(excl.name.lower().split()) if excl is not None else FrameExclude.NO_OTHERS
        if excl not in FrameExclude._value2member_map_:
            raise UnsupportedSQL("window frame EXCLUDE", excl)
        excl = FrameExclude(excl)
        if (start[0] == FrameBound.UNBOUNDED_FOLLOWING or end[0] == FrameBound.UNBOUNDED_PRECEDING
                or _BOUND_RANK[start[0]] > _BOUND_RANK[end[0]]):
            raise UnsupportedSQL("window frame SQLite rejects")
        offsets = {start[0], end[0]} & {FrameBound.PRECEDING, FrameBound.FOLLOWING}
        if unit == FrameUnit.RANGE and offsets:
            if terms != 1:
                raise UnsupportedSQL("RANGE offset without exactly one ORDER BY term")
            if order[-1][0].ty not in (Ty.INT, Ty.REAL):
                raise UnsupportedSQL("RANGE offset over a non-numeric ORDER BY term")
        return (unit, start, end, excl)

    def frame_bound(self, b, side, unit: FrameUnit) -> tuple:
        side = str(side or "").lower()
        current = isinstance(b, str) and "CURRENT" in b.upper()
        if side not in (FrameBound.PRECEDING, FrameBound.FOLLOWING) and not current:
            raise UnsupportedSQL("window frame bound", side)
        if isinstance(b, str):
            b = " ".join(b.upper().split())
            if b == "UNBOUNDED":
                return (FrameBound(f"unbounded_{side}"), 0)
            if b == "CURRENT ROW":
                return (FrameBound.CURRENT, 0)
            raise UnsupportedSQL("window frame bound", b)
        v = self.window_number(b, "window frame offset")
        if v < 0 or (unit != FrameUnit.RANGE and not isinstance(v, int)):
            raise UnsupportedSQL("window frame offset SQLite rejects")
        return (FrameBound(side), v)
