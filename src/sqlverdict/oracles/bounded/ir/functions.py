"""Lowering of functions: aggregates (``agg``), scalar functions of one text value
tabulated by SQLite over the text domain (``lookup``, ``lookup_of_column``), functions of
constants computed once by SQLite (``constant``, in the ``scratch`` database), ROUND, the
symbolic clock; and the sqlglot helpers they share."""

from __future__ import annotations

from sqlglot import exp

from ....engine.execute import run_query, scratch_database
from ....errors import ClockUnsupported, ExecutionError, UnsupportedSQL
from ....sql.parse import SQLITE
from ....sql.standard import row_values
from .affinity import _as_value, numeric_text
from .clock import _CLOCK, CLOCK, CLOCK_VALUES, PINNED_CLOCK, SYMBOLIC_CLOCK, _is_now
from .kinds import AggFn, FuncName, Ty
from .nodes import Agg, Expr, Func, Lit, Lookup, RowVal

_LOOKUP = {exp.Upper: Ty.TEXT, exp.Lower: Ty.TEXT, exp.Trim: Ty.TEXT, exp.Substring: Ty.TEXT,
           exp.Replace: Ty.TEXT, exp.DPipe: Ty.TEXT, exp.TimeToStr: Ty.TEXT, exp.Length: Ty.INT,
           exp.StrPosition: Ty.INT}
_LOOKUP_NAMED = {"JULIANDAY": Ty.REAL, "DATETIME": Ty.TEXT, "TIME": Ty.TEXT, "DATE": Ty.TEXT,
                 "STRFTIME": Ty.TEXT, "LTRIM": Ty.TEXT, "RTRIM": Ty.TEXT}
DATE_FUNCTIONS = ("strftime", "julianday", "date(", "datetime", "time(")


CONSTANT_TIMEOUT_S = 2.0
_SCRATCH: list = []


def scratch():
    """The empty in-memory database (guarded) where SQLite computes functions of constants
    for the lowering and the encoder: one per process."""
    if not _SCRATCH:
        _SCRATCH.append(scratch_database(check_same_thread=False))
    return _SCRATCH[0]


def _is_const(e, pinned_clock: bool) -> bool:
    """A constant argument: a literal, or the clock when it is read once (pinned)."""
    while isinstance(e, (exp.Paren, exp.Neg)) or type(e).__name__ in (
            "TsOrDsToTimestamp", "TsOrDsToDate", "TimeStrToTime"):
        e = e.this
    return isinstance(e, (exp.Literal, exp.Null)) or (pinned_clock and isinstance(e, _CLOCK))


def _fname(n) -> str:
    if isinstance(n, exp.Anonymous):
        return n.name.upper()
    if isinstance(n, exp.DPipe):
        return "||"
    return n.sql_name().upper() if hasattr(n, "sql_name") else type(n).__name__.upper()


def _filter_as_case(n: exp.Filter) -> exp.Expression:
    """``agg(x) FILTER (WHERE c)`` is ``agg(CASE WHEN c THEN x END)``; ``count(*)`` counts
    ``CASE WHEN c THEN 1 END`` (aggregates skip NULLs, so the rows where c fails vanish)."""
    agg = n.this.copy()
    cond = n.expression.this.copy() if isinstance(n.expression, exp.Where) else n.expression.copy()
    if isinstance(agg, exp.Anonymous):  # TOTAL(x)
        if len(agg.expressions) != 1:
            raise UnsupportedSQL("TOTAL with several arguments")
        x = agg.expressions[0]
        if isinstance(x, exp.Distinct) and len(x.expressions) == 1:  # TOTAL(DISTINCT x)
            x.set("expressions", [exp.Case(ifs=[exp.If(this=cond, true=x.expressions[0].copy())])])
            return agg
        agg.set("expressions", [exp.Case(ifs=[exp.If(this=cond, true=x.copy())])])
        return agg
    arg = agg.this
    inner = arg.expressions[0] if isinstance(arg, exp.Distinct) and len(arg.expressions) == 1 else arg
    if inner is None or isinstance(inner, exp.Star):
        if isinstance(arg, exp.Distinct):
            raise UnsupportedSQL("COUNT(DISTINCT *)")
        agg.set("this", exp.Case(ifs=[exp.If(this=cond, true=exp.Literal.number(1))]))
        return agg
    case = exp.Case(ifs=[exp.If(this=cond, true=inner.copy())])
    if isinstance(arg, exp.Distinct):
        arg.set("expressions", [case])
    else:
        agg.set("this", case)
    return agg


ARG = "sqlverdict_arg"  # named parameter of whole-expression lookups (used several times)


def _glob_example(pattern: str) -> str:
    """A text that the GLOB ``pattern`` matches: ``*`` as nothing, ``?`` as ``a``, a
    bracketed class as its first character.

    >>> _glob_example("Sm[*]th?*"), _glob_example("[[]x[^a]")
    ('Sm*tha', '[xb')
    """
    out, i = [], 0
    while i < len(pattern):
        c = pattern[i]
        if c == "*":
            i += 1
        elif c == "?":
            out.append("a")
            i += 1
        elif c == "[" and "]" in pattern[i + 2:]:
            end = pattern.index("]", i + 2)
            body = pattern[i + 1:end]
            if body.startswith("^"):  # any character but these
                out.append(next(ch for ch in "abcdefghijklmnopqrstuvwxyz0123456789" if ch not in body))
            else:
                out.append(body[0])
            i = end + 1
        else:
            out.append(c)
            i += 1
    return "".join(out)


def _space_trim(n):
    """``TRIM(x, ' ')`` (``LTRIM``, ``RTRIM``; ``TRIM(BOTH ' ' FROM x)`` translated) as
    ``TRIM(x)``: SQLite's TRIM of one argument removes spaces, and only spaces, so both
    read one table of the text domain.

    >>> from sqlglot import parse_one
    >>> _space_trim(parse_one("LTRIM(x, ' ')")).sql("sqlite")
    'LTRIM(x)'
    """
    e = n.args.get("expression") if isinstance(n, exp.Trim) else None
    if not (isinstance(e, exp.Literal) and e.is_string and e.this == " "):
        return n
    n = n.copy()
    n.set("expression", None)
    return n


def round_digits(d) -> int | None:
    """The digits SQLite's ROUND uses for an integer literal ``d``: its low 32 bits as a
    signed C ``int`` (``sqlite3_value_int``; a real literal truncated first), then clamped
    to 0..30; None for anything else (a column, a string: read as an opaque function).

    >>> from sqlglot import parse_one
    >>> [round_digits(parse_one(x)) for x in ("2", "-1", "(40)", "4294967297", "1.5", "'2'")]
    [2, 0, 30, 1, 1, None]
    """
    d = d.this if isinstance(d, exp.Paren) else d
    neg = isinstance(d, exp.Neg)
    d = d.this if neg else d
    if not (isinstance(d, exp.Literal) and not d.is_string):
        return None
    v = numeric_text(d.this)
    if isinstance(v, float) and abs(v) < 2**63:  # a real: truncated toward zero
        v = int(v)
    if not isinstance(v, int) or abs(v) >= 2**63:
        return None
    v = (-v if neg else v) & 0xFFFFFFFF
    v = v - 2**32 if v >= 2**31 else v
    return min(max(v, 0), 30)


class _Functions:
    """Mixin of ``_Lowerer``: functions and aggregates."""

    def lookup(self, n, env, agg_ok, ty: str) -> Expr:
        n = _space_trim(n)
        name = _fname(n)
        kids = [c for c in n.iter_expressions() if not isinstance(c, exp.DataType)]
        varying = [i for i, c in enumerate(kids) if not self.is_const(c)]
        clock_arg = False
        if not varying and self.clock_mode == SYMBOLIC_CLOCK:  # date('now'): a function of the clock
            nows = [i for i, c in enumerate(kids) if _is_now(c)]
            varying, clock_arg = nows[:1], bool(nows)
        if len(varying) > 1:
            try:
                return self.lookup_of_column(n, env, agg_ok, ty, name, len(varying))
            except UnsupportedSQL:  # not one text column: an uninterpreted function
                return self.opaque(n, env, agg_ok)
        if not varying:
            return self.constant(n, name)
        inner = kids[varying[0]]
        while type(inner).__name__ in ("TsOrDsToTimestamp", "TsOrDsToDate", "TimeStrToTime"):
            inner = inner.this  # sqlglot's wrappers around date arguments
        arg = self.clock(None) if clock_arg else self.expr(inner, env, agg_ok)
        if arg.ty == Ty.NULL:
            return Lit(None, Ty.NULL)
        if arg.ty != Ty.TEXT:  # of a number: an uninterpreted function
            return self.opaque(n, env, agg_ok)
        for i, c in enumerate(kids):  # constant strings seed the text domain
            if i != varying[0] and isinstance(c, exp.Literal) and c.is_string:
                self.out.texts.add(c.this)
        node = n.copy()
        ckids = [c for c in node.iter_expressions() if not isinstance(c, exp.DataType)]
        ckids[varying[0]].replace(exp.Placeholder())
        template = node.sql(SQLITE)
        if template.count("?") != 1:
            return self.opaque(n, env, agg_ok)
        self.out.templates.add((template, ty))
        return Lookup(template, arg, ty)

    def round(self, n, env, agg_ok) -> Expr:
        """``ROUND(x[, digits])``: with integer literal digits, a real, halves away from
        zero (``round_digits``); with other digits (a column, an expression), an opaque
        built-in (``ir/opaque.py``: NULL in, NULL out; numbers read as reals)."""
        dig = n.args.get("decimals")
        digits = 0 if dig is None else round_digits(dig)
        if self.is_const(n.this) and (dig is None or self.is_const(dig)):
            return self.constant(n, "ROUND")
        if digits is None:
            return self.opaque(n, env, agg_ok, "ROUND")
        a = self.expr(n.this, env, agg_ok)
        if a.ty == Ty.NULL:
            return Lit(None, Ty.NULL)
        if a.ty == Ty.TEXT:
            return self.lookup(n, env, agg_ok, Ty.REAL)
        return Func(FuncName.ROUND, (_as_value(a), Lit(digits, Ty.INT)), Ty.REAL)

    def clock(self, template: str | None) -> Expr:
        """The symbolic clock (``clock=SYMBOLIC_CLOCK``): the timestamp CURRENT_TIMESTAMP reads, or a
        function of it; its values seed the text domain."""
        now = run_query(scratch(), "SELECT CURRENT_TIMESTAMP").rows[0][0]
        self.out.texts.update((now, *CLOCK_VALUES))
        if template is None:
            return CLOCK
        self.out.templates.add((template, Ty.TEXT))
        return Lookup(template, CLOCK, Ty.TEXT)

    def constant(self, n, name: str) -> Lit:
        """A function of constants, computed once by SQLite (unless it reads the clock)."""
        text = n.sql(SQLITE)
        low = text.lower()
        if "random" in low or (self.clock_mode != PINNED_CLOCK and any(w in low for w in ("now", "current_"))):
            raise ClockUnsupported(f"function {name} of the clock")
        try:  # the user's SQL: under the read-only guard and its budgets
            rows = run_query(scratch(), f"SELECT {text}", timeout_s=CONSTANT_TIMEOUT_S).rows
        except ExecutionError:
            raise UnsupportedSQL(f"function {name}") from None
        v = rows[0][0] if rows else None
        if any(f in low for f in DATE_FUNCTIONS):  # julianday('2020-01-01'): the date seeds
            self.out.texts |= {c.this for c in n.find_all(exp.Literal) if c.is_string}
        if isinstance(v, str):
            self.out.texts.add(v)
            return Lit(v, Ty.TEXT)
        if v is None:
            return Lit(None, Ty.NULL)
        return Lit(v, Ty.INT if isinstance(v, int) else Ty.REAL)

    def lookup_of_column(self, n, env, agg_ok, ty: str, name: str, nvarying: int) -> Expr:
        """A function whose arguments all depend on one text column (``substr(x, 1,
        instr(x, ' ') - 1)``, ``x || x``): tabulated as a whole by SQLite."""
        cols = list(n.find_all(exp.Column))
        keys = {(c.table.lower(), c.name.lower()) for c in cols}
        if (len(keys) != 1 or n.find(exp.Select) or n.find(exp.AggFunc)
                or any(not c.table for c in cols)):
            raise UnsupportedSQL(f"function {name} of {nvarying} non-constant arguments")
        arg = self.expr(cols[0], env, agg_ok)
        if arg.ty != Ty.TEXT:
            raise UnsupportedSQL(f"function {name} of a number")
        for lit in n.find_all(exp.Literal):
            if lit.is_string:
                self.out.texts.add(lit.this)
        node = n.copy()
        for c in list(node.find_all(exp.Column)):
            c.replace(exp.Placeholder(this=ARG))
        template = node.sql(SQLITE)
        self.out.templates.add((template, ty))
        return Lookup(template, arg, ty)

    def lookup_of_value(self, n, env, agg_ok, ty: str, name: str) -> Expr:
        """A function of one text value (its first argument, any expression: ``a || '-' ||
        b GLOB 'x*'``) and constants: tabulated by SQLite over the text domain, as
        ``lookup_of_column`` is, its argument the value as lowered (read as it is, wherever
        it comes from, so a view's column and its definition give one ``Lookup``)."""
        rest = [c for c in n.iter_expressions() if c is not n.this]
        if any(not isinstance(c, exp.Literal) for c in rest):
            raise UnsupportedSQL(f"function {name} of several non-constant arguments")
        arg = _as_value(self.expr(n.this, env, agg_ok))
        if arg.ty != Ty.TEXT:
            raise UnsupportedSQL(f"function {name} of a number")
        self.out.texts.update(c.this for c in rest if c.is_string)
        node = n.copy()
        node.this.replace(exp.Placeholder(this=ARG))
        template = node.sql(SQLITE)
        self.out.templates.add((template, ty))
        return Lookup(template, arg, ty)

    def agg(self, n, env, agg_ok, arg_agg_ok: bool = False) -> Agg:
        """An aggregate; ``arg_agg_ok``: its argument may hold aggregates (the aggregate
        of a window function in an aggregate query, ``SUM(COUNT(*)) OVER ()``)."""
        if not agg_ok:
            raise UnsupportedSQL("aggregate outside SELECT/HAVING/ORDER BY")
        if isinstance(n, exp.Anonymous):
            fn, args, distinct = AggFn.TOTAL, list(n.expressions), False
            if len(args) == 1 and isinstance(args[0], exp.Distinct):
                if len(args[0].expressions) != 1:
                    raise UnsupportedSQL("aggregate over several DISTINCT arguments")
                args, distinct = [args[0].expressions[0]], True
        else:
            fn = AggFn._value2member_map_[type(n).__name__.lower()]
            arg = n.this
            distinct = isinstance(arg, exp.Distinct)
            if distinct:
                if len(arg.expressions) != 1:
                    raise UnsupportedSQL("aggregate over several DISTINCT arguments")
                arg = arg.expressions[0]
            args = [arg] if arg is not None else []
            if isinstance(n, (exp.Min, exp.Max)) and n.expressions:
                raise UnsupportedSQL("multi-argument MIN/MAX")
        if fn == AggFn.COUNT and (not args or isinstance(args[0], exp.Star)):
            if distinct:
                raise UnsupportedSQL("COUNT(DISTINCT *)")
            return Agg(AggFn.COUNT_STAR, None, False, Ty.INT)
        if len(args) != 1:
            raise UnsupportedSQL(f"{fn.upper()} with {len(args)} arguments")
        row = row_values(args[0]) if fn == AggFn.COUNT and distinct else None
        if row is not None:  # COUNT(DISTINCT a, b) as translated: the distinct rows (a, b)
            items = tuple(_as_value(self.expr(x, env, agg_ok=arg_agg_ok)) for x in row)
            return Agg(AggFn.COUNT, RowVal(items), True, Ty.INT)
        a = self.expr(args[0], env, agg_ok=arg_agg_ok)
        a = _as_value(a)
        if fn == AggFn.COUNT:
            return Agg(AggFn.COUNT, a, distinct, Ty.INT)
        if fn in (AggFn.SUM, AggFn.AVG, AggFn.TOTAL):
            if a.ty == Ty.TEXT and fn in (AggFn.AVG, AggFn.TOTAL):
                if distinct:  # DISTINCT keeps '3' and '3.0' (and 'a' and 'b') apart, the
                    # reals of CAST(x AS REAL) not: the texts are read after DISTINCT
                    raise UnsupportedSQL(f"{fn.upper()}(DISTINCT) over text")
                # SQLite reads each text as a real, as CAST(x AS REAL) does ('1a' -> 1.0)
                tpl = "CAST(? AS REAL)"
                self.out.templates.add((tpl, Ty.REAL))
                a = Lookup(tpl, a, Ty.REAL)
            if a.ty == Ty.TEXT:
                raise UnsupportedSQL(f"{fn.upper()} over text")
            if a.ty == Ty.NULL:
                return Agg(fn, a, distinct, Ty.REAL if fn != AggFn.SUM else Ty.NULL)
            ty = Ty.REAL if fn in (AggFn.AVG, AggFn.TOTAL) else a.ty
            return Agg(fn, a, distinct, ty)
        return Agg(fn, a, False, a.ty)  # min/max: DISTINCT changes nothing
