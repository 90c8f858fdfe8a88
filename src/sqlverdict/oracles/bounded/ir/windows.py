"""Lowering of window functions: the function, PARTITION BY, ORDER BY, a named window of
the WINDOW clause, the frame (SQLite's rules checked)."""

from __future__ import annotations

from sqlglot import exp

from ....errors import InputError, UnsupportedSQL
from ....sql.parse import SQLITE
from .affinity import _as_value, numeric_text
from .functions import _filter_as_case
from .nodes import DEFAULT_FRAME, FRAMED, Lit, Window

_WINDOW_FNS = {exp.RowNumber: "row_number", exp.Rank: "rank", exp.DenseRank: "dense_rank",
               exp.PercentRank: "percent_rank", exp.CumeDist: "cume_dist", exp.Ntile: "ntile",
               exp.Lag: "lag", exp.Lead: "lead", exp.FirstValue: "first_value",
               exp.LastValue: "last_value", exp.NthValue: "nth_value"}


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
            if bool(o.args.get("nulls_first")) == bool(o.args.get("desc")):
                raise UnsupportedSQL("NULLS FIRST/LAST")
            order.append((_as_value(self.expr(o.this, env, agg_ok)), bool(o.args.get("desc"))))
        order = tuple(order)

        def value(x):
            return _as_value(self.expr(x, env, agg_ok))

        fn = _WINDOW_FNS.get(type(f))
        args: tuple = ()
        if fn in ("row_number", "rank", "dense_rank", "percent_rank", "cume_dist"):
            if f.this is not None or f.expressions:
                raise UnsupportedSQL(f"{fn.upper()} with arguments")
            ty = "real" if fn in ("percent_rank", "cume_dist") else "int"
        elif fn == "ntile":
            args = (Lit(self.window_int(f.this, "NTILE", 1), "int"),)
            ty = "int"
        elif fn in ("lag", "lead"):
            x = value(f.this)
            off = self.window_int(f.args.get("offset"), fn.upper(), None) if f.args.get("offset") else 1
            dflt = value(f.args["default"]) if f.args.get("default") else Lit(None, "null")
            if "null" not in (x.ty, dflt.ty) and x.ty != dflt.ty:
                raise UnsupportedSQL(f"{fn.upper()} with a default of another type")
            args, ty = (x, Lit(off, "int"), dflt), (x.ty if x.ty != "null" else dflt.ty)
        elif fn in ("first_value", "last_value"):
            x = value(f.this)
            args, ty = (x,), x.ty
        elif fn == "nth_value":
            x = value(f.this)
            args, ty = (x, Lit(self.window_int(f.args.get("offset"), "NTH_VALUE", 1), "int")), x.ty
        elif isinstance(f, (exp.Count, exp.Sum, exp.Avg, exp.Min, exp.Max)) or (
                isinstance(f, exp.Anonymous) and f.name.upper() == "TOTAL"):
            if isinstance(f.this, exp.Distinct):  # SQLite: "DISTINCT is not supported ..."
                raise UnsupportedSQL("DISTINCT in a window function")
            a = self.agg(f, env, True, arg_agg_ok=agg_ok)
            fn, ty = a.fn, a.ty
            args = (a.arg,) if a.arg is not None else ()
        else:
            raise UnsupportedSQL("window function", f.sql(dialect=SQLITE)[:40])
        frame = self.frame(n.args.get("spec"), order) if fn in FRAMED else ()
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

    def frame(self, spec, order) -> tuple:
        """(unit, start, end, exclude) with start/end ``(kind, offset)``, SQLite's rules
        checked (what SQLite rejects stays unsupported)."""
        if spec is None:
            return DEFAULT_FRAME
        unit = str(spec.args.get("kind") or "").lower()
        if unit not in ("rows", "range", "groups"):
            raise UnsupportedSQL("window frame", unit)
        start = self.frame_bound(spec.args.get("start"), spec.args.get("start_side"), unit)
        end = (self.frame_bound(spec.args.get("end"), spec.args.get("end_side"), unit)
               if spec.args.get("end") is not None else ("current", 0))
        excl = spec.args.get("exclude")
        excl = " ".join(excl.name.lower().split()) if excl is not None else "no others"
        if excl not in ("no others", "current row", "group", "ties"):
            raise UnsupportedSQL("window frame EXCLUDE", excl)
        rank = {"unbounded_preceding": 0, "preceding": 1, "current": 2, "following": 3,
                "unbounded_following": 4}
        if (start[0] == "unbounded_following" or end[0] == "unbounded_preceding"
                or rank[start[0]] > rank[end[0]]):
            raise UnsupportedSQL("window frame SQLite rejects")
        offsets = {start[0], end[0]} & {"preceding", "following"}
        if unit == "range" and offsets:
            if len(order) != 1:
                raise UnsupportedSQL("RANGE offset without exactly one ORDER BY term")
            if order[0][0].ty not in ("int", "real"):
                raise UnsupportedSQL("RANGE offset over a non-numeric ORDER BY term")
        return (unit, start, end, excl)

    def frame_bound(self, b, side, unit: str) -> tuple:
        side = str(side or "").lower()
        if isinstance(b, str):
            b = " ".join(b.upper().split())
            if b == "UNBOUNDED":
                return (f"unbounded_{side}", 0)
            if b == "CURRENT ROW":
                return ("current", 0)
            raise UnsupportedSQL("window frame bound", b)
        v = self.window_number(b, "window frame offset")
        if v < 0 or (unit != "range" and not isinstance(v, int)):
            raise UnsupportedSQL("window frame offset SQLite rejects")
        return (side, v)
