"""Lowering of expressions: ``_Lowerer.expr`` walks ``_EXPR``, one step per sqlglot node
kind, in order; name resolution (``unqualified``, ``column``)."""

from __future__ import annotations

from sqlglot import exp

from ....errors import ClockUnsupported, InputError, UnsupportedSQL
from ....sql.parse import SQLITE
from .affinity import (
    _arith_ty,
    _as_value,
    _join_ty,
    _mixed,
    _need_num,
    _num,
    _real,
    _text_as_number,
    _truth,
    _ty,
    column_type,
    numeric_text,
)
from .clock import _CLOCK, CLOCK_TEMPLATES, PINNED_CLOCK, SYMBOLIC_CLOCK
from .compare import _is_row, _probe, _split_in
from .functions import _LOOKUP, _LOOKUP_NAMED, _filter_as_case, _fname, _glob_example
from .kinds import Affinity, ArithOp, CmpOp, FuncName, LogicOp, Ty
from .likes import canonical_like, like_examples
from .nodes import (
    Arith,
    Case,
    Cmp,
    Col,
    Exists,
    Expr,
    Func,
    InList,
    InSub,
    IsNull,
    Like,
    Lit,
    Logic,
    Neg,
    Not,
    ScalarSub,
)


class _Expressions:
    """Mixin of ``_Lowerer``: expressions."""

    def pred(self, node, env, agg_ok=False) -> Expr:
        return _truth(self.expr(node, env, agg_ok))

    def expr(self, node, env, agg_ok=False) -> Expr:
        e = self._expr(node, env, agg_ok)
        return e

    def _expr(self, n, env, agg_ok) -> Expr:
        """The first step of ``_EXPR`` whose classes ``n`` is an instance of and whose
        guard (if any) holds: the steps keep the order of a chain of ``isinstance`` tests,
        which matters where one sqlglot class subclasses another."""
        for classes, guard, step in _EXPR:
            if isinstance(n, classes) and (guard is None or guard(self, n)):
                return step(self, n, env, agg_ok)
        raise UnsupportedSQL(type(n).__name__.lower())

    def unqualified(self, name: str, env) -> Expr:
        """A column name that ``qualify`` left without a table, resolved as SQLite does:
        a column of the FROM clause first (the merged column of a NATURAL or USING join is
        the COALESCE of its tables' columns, as sqlglot writes it elsewhere; qualify leaves
        it bare inside HAVING), then an output alias (only a bare ORDER BY term reads the
        alias first: select()), then a column of an enclosing query."""
        scope = env[0] if env else {}
        merged = self.merged.get(id(scope), {}).get(name)
        if merged:
            cols = tuple(self.column(a, name, env) for a in merged)
            return Func(FuncName.COALESCE, cols, _join_ty(list(cols), "COALESCE"))
        for depth, sc in enumerate(env):
            owners = [a for a, (_, cols) in sc.items() if name in cols]
            if len(owners) > 1:
                raise InputError(f"ambiguous column name: {name}")
            if owners:
                return self.column(owners[0], name, env)
            if depth == 0 and name in self.output_aliases:
                return self.output_aliases[name]
        raise InputError(f"no such column: {name}")

    def column(self, alias: str, name: str, env) -> Col:
        for sc in env:
            if alias in sc:
                canon, cols = sc[alias]
                if name not in cols:
                    raise InputError(f"no such column: {alias}.{name}")
                ty, aff = cols[name]
                return Col(canon, name, ty, aff)
        raise InputError(f"no such column: {alias}.{name}")


# ---- one step per node kind: ``step(lowerer, node, env, agg_ok) -> Expr``


def _child(lw, env, agg_ok):
    """``E``: lower a child node in the same environment."""
    return lambda x: lw.expr(x, env, agg_ok)


def _paren(lw, n, env, agg_ok) -> Expr:
    E = _child(lw, env, agg_ok)
    return E(n.this)


def _window(lw, n, env, agg_ok) -> Expr:
    return lw.window(n, env, agg_ok)


def _column(lw, n, env, agg_ok) -> Expr:
    if not n.table:
        return lw.unqualified(n.name.lower(), env)
    return lw.column(n.table.lower(), n.name.lower(), env)


def _literal(lw, n, env, agg_ok) -> Expr:
    if n.is_string:
        lw.out.texts.add(n.this)
        return Lit(n.this, Ty.TEXT)
    v = numeric_text(n.this)
    if v is None:
        raise UnsupportedSQL("numeric literal", n.this)
    lw.out.numbers.add(v)
    if "." in n.this or "e" in n.this.lower():
        return Lit(float(n.this), Ty.REAL)
    return Lit(int(v), Ty.INT)


def _null(lw, n, env, agg_ok) -> Expr:
    return Lit(None, Ty.NULL)


def _boolean(lw, n, env, agg_ok) -> Expr:
    return Lit(1 if n.this else 0, Ty.INT)


def _neg(lw, n, env, agg_ok) -> Expr:
    E = _child(lw, env, agg_ok)
    a = E(n.this)
    if isinstance(a, Lit) and _num(a.ty):
        return Lit(-a.value, a.ty)
    return Neg(_need_num(a, "unary minus"), _arith_ty(a.ty, Ty.INT))


def _arith(lw, n, env, agg_ok) -> Expr:
    E = _child(lw, env, agg_ok)
    op = {exp.Add: ArithOp.ADD, exp.Sub: ArithOp.SUB, exp.Mul: ArithOp.MUL, exp.Div: ArithOp.DIV, exp.Mod: ArithOp.MOD}[type(n)]
    a, b = E(n.this), E(n.expression)
    if op in (ArithOp.ADD, ArithOp.SUB, ArithOp.MUL):
        # SQLite reads text operands as numbers (integer or real; the class only
        # matters for / and %, where such values are refused below)
        a, b = _text_as_number(a), _text_as_number(b)
    _need_num(a, f"arithmetic {op}")
    _need_num(b, f"arithmetic {op}")
    if op == ArithOp.MOD and Ty.REAL in (a.ty, b.ty):
        raise UnsupportedSQL("% on real values")
    if op in (ArithOp.DIV, ArithOp.MOD) and (_mixed(a, lw.mixed) or _mixed(b, lw.mixed)) and not (
            _real(a, lw.mixed) or _real(b, lw.mixed)):  # a real operand: real division
        raise UnsupportedSQL("division of a value that may be integer or real")
    return Arith(op, _as_value(a), _as_value(b), _arith_ty(a.ty, b.ty))


def _compare(lw, n, env, agg_ok) -> Expr:
    E = _child(lw, env, agg_ok)
    op = {exp.EQ: CmpOp.EQ, exp.NEQ: CmpOp.NE, exp.LT: CmpOp.LT, exp.LTE: CmpOp.LE, exp.GT: CmpOp.GT, exp.GTE: CmpOp.GE}[type(n)]
    if _is_row(n.this) or _is_row(n.expression):
        return lw.row_compare(op, n.this, n.expression, env, agg_ok)
    return lw.compare(op, E(n.this), E(n.expression))


def _null_safe(lw, n, env, agg_ok) -> Expr:
    E = _child(lw, env, agg_ok)
    op = CmpOp.IS if isinstance(n, exp.NullSafeEQ) else CmpOp.IS_NOT
    if _is_row(n.this) or _is_row(n.expression):
        return lw.row_compare(op, n.this, n.expression, env, agg_ok)
    return lw.is_compare(op, E(n.this), E(n.expression))


def _and(lw, n, env, agg_ok) -> Expr:
    E = _child(lw, env, agg_ok)
    return Logic(LogicOp.AND, (_truth(E(n.this)), _truth(E(n.expression))))


def _or(lw, n, env, agg_ok) -> Expr:
    E = _child(lw, env, agg_ok)
    return Logic(LogicOp.OR, (_truth(E(n.this)), _truth(E(n.expression))))


def _not(lw, n, env, agg_ok) -> Expr:
    E = _child(lw, env, agg_ok)
    return Not(_truth(E(n.this)))


def _is_not(lw, n, env, agg_ok) -> Expr:
    E = _child(lw, env, agg_ok)
    return Not(_truth(E(exp.Is(this=n.this, expression=n.expression))))


def _is(lw, n, env, agg_ok) -> Expr:
    E = _child(lw, env, agg_ok)
    if _is_row(n.this) or _is_row(n.expression):
        return lw.row_compare(CmpOp.IS, n.this, n.expression, env, agg_ok)
    if isinstance(n.expression, exp.Null):
        return IsNull(E(n.this))
    return lw.is_compare(CmpOp.IS, E(n.this), E(n.expression))


def _between(lw, n, env, agg_ok) -> Expr:
    E = _child(lw, env, agg_ok)
    x = E(n.this)
    return Logic(LogicOp.AND, (lw.compare(CmpOp.GE, x, E(n.args["low"])), lw.compare(CmpOp.LE, x, E(n.args["high"]))))


def _row_in(lw, n, env, agg_ok) -> Expr:
    return lw.row_in(n, env, agg_ok)


def _in(lw, n, env, agg_ok) -> Expr:
    E = _child(lw, env, agg_ok)
    x = E(n.this)
    if n.args.get("query"):
        q = lw.query(n.args["query"].this if isinstance(n.args["query"], exp.Subquery) else n.args["query"], env)
        if len(q.items) != 1:
            raise InputError("IN subquery must return one column")
        if _split_in(x, q, 0):
            raise UnsupportedSQL("IN of a compound whose arms differ in affinity, text against numbers")
        c = lw.compare(CmpOp.EQ, x, _probe(q.items[0]))  # affinity rules, as for =
        if not isinstance(c, Cmp):
            return InSub(x, q)
        # a literal gets the column's affinity as in =: '5' IN (SELECT <INTEGER column>)
        # reads 5, 5 IN (SELECT <TEXT column>) reads '5' (SQLite's IN compares under
        # the affinity of the subquery's column when the value has none)
        return InSub(c.left if isinstance(x, Lit) else x, q, conv=c.conv)
    if n.args.get("unnest") or n.args.get("field"):
        raise UnsupportedSQL("IN with UNNEST")
    items = tuple(E(i) for i in n.expressions)
    # apply the comparison rules per item (literals get converted)
    conv = []
    for it in items:
        c = lw.compare(CmpOp.EQ, x, it)
        if isinstance(c, Cmp) and c.conv:
            raise UnsupportedSQL("IN list comparing text with numbers")
        conv.append(c.right if isinstance(c, Cmp) else it)
    return InList(x, tuple(conv))


def _exists(lw, n, env, agg_ok) -> Expr:
    return Exists(lw.query(n.this, env))


def _subquery(lw, n, env, agg_ok) -> Expr:
    q = lw.query(n.this, env)
    if len(q.items) != 1:
        raise InputError("scalar subquery must return one column")
    return ScalarSub(q, _ty(q.items[0]))


def _query(lw, n, env, agg_ok) -> Expr:
    q = lw.query(n, env)
    return ScalarSub(q, _ty(q.items[0]))


def _like(lw, n, env, agg_ok, escape: str | None = None) -> Expr:
    E = _child(lw, env, agg_ok)
    x = E(n.this)
    pat = n.expression
    if n.args.get("escape") or not (isinstance(pat, exp.Literal) and pat.is_string):
        raise UnsupportedSQL("LIKE with a non-literal pattern")
    if x.ty != Ty.TEXT:
        raise UnsupportedSQL("LIKE on a number")
    pattern, esc = canonical_like(pat.this, escape)
    if esc:  # texts it matches (the domain's seeds read patterns without ESCAPE)
        lw.out.texts.update(like_examples(pattern, esc))
    else:
        lw.out.patterns.add(pattern)
    lk = Like(x, pattern, escape=esc)
    return Not(lk) if n.args.get("negate") else lk


def _like_escape(lw, n, env, agg_ok) -> Expr:
    """``x [NOT] LIKE p ESCAPE e`` (sqlglot: ``Escape(Like, e)``), ``e`` one character."""
    e = n.expression
    if not (isinstance(e, exp.Literal) and e.is_string):
        raise UnsupportedSQL("LIKE with an ESCAPE that is not a literal")
    if len(e.this) != 1:
        raise UnsupportedSQL("LIKE ESCAPE of other than one character", "SQLite rejects it")
    return _like(lw, n.this, env, agg_ok, e.this)


def _glob(lw, n, env, agg_ok) -> Expr:
    pat = n.expression
    if not (isinstance(pat, exp.Literal) and pat.is_string):
        raise UnsupportedSQL("GLOB with a pattern that is not a literal")
    # a function of one text column: tabulated by SQLite, as substr(x, ...) is, on
    # texts that include one the pattern matches and the same with its case swapped
    example = _glob_example(pat.this)
    lw.out.texts.update({example, example.swapcase()})
    if len({(c.table.lower(), c.name.lower()) for c in n.this.find_all(exp.Column)}) > 1:
        return lw.lookup_of_value(n, env, agg_ok, Ty.INT, "GLOB")  # ``a || '-' || b GLOB 'x*'``
    return lw.lookup_of_column(n, env, agg_ok, Ty.INT, "GLOB", 1)


def _unsupported_match(lw, n, env, agg_ok) -> Expr:
    raise UnsupportedSQL(type(n).__name__.upper())


def _case(lw, n, env, agg_ok) -> Expr:
    E = _child(lw, env, agg_ok)
    base = E(n.this) if n.this else None
    whens = []
    for w in n.args.get("ifs") or []:
        cond = lw.compare(CmpOp.EQ, base, E(w.this)) if base is not None else _truth(E(w.this))
        whens.append((cond, _as_value(E(w.args["true"]))))
    default = _as_value(E(n.args["default"])) if n.args.get("default") else Lit(None, Ty.NULL)
    return Case(tuple(whens), default, _join_ty([v for _, v in whens] + [default], "CASE"))


def _iif(lw, n, env, agg_ok) -> Expr:
    E = _child(lw, env, agg_ok)
    cond = _truth(E(n.this))
    t = _as_value(E(n.args["true"]))
    f = _as_value(E(n.args["false"])) if n.args.get("false") else Lit(None, Ty.NULL)
    return Case(((cond, t),), f, _join_ty([t, f], "IIF"))


def _coalesce(lw, n, env, agg_ok) -> Expr:
    E = _child(lw, env, agg_ok)
    args = tuple(_as_value(E(a)) for a in [n.this, *n.expressions])
    return Func(FuncName.COALESCE, args, _join_ty(list(args), "COALESCE"))


def _nullif(lw, n, env, agg_ok) -> Expr:
    E = _child(lw, env, agg_ok)
    a, b = _as_value(E(n.this)), _as_value(E(n.expression))
    lw.compare(CmpOp.EQ, a, b)
    return Func(FuncName.NULLIF, (a, b), a.ty)


def _filter(lw, n, env, agg_ok) -> Expr:
    E = _child(lw, env, agg_ok)
    return E(_filter_as_case(n))


def _clock_symbolic(lw, n, env, agg_ok) -> Expr:
    return lw.clock(CLOCK_TEMPLATES[type(n)])


def _clock_pinned(lw, n, env, agg_ok) -> Expr:
    return lw.constant(n, type(n).__name__.upper())


def _round(lw, n, env, agg_ok) -> Expr:
    return lw.round(n, env, agg_ok)


def _abs(lw, n, env, agg_ok) -> Expr:
    E = _child(lw, env, agg_ok)
    a = _need_num(E(n.this), "ABS")
    return Func(FuncName.ABS, (_as_value(a),), _arith_ty(a.ty, Ty.INT))


def _cast(lw, n, env, agg_ok) -> Expr:
    E = _child(lw, env, agg_ok)
    a = E(n.this)
    to = n.to.sql(SQLITE).upper()
    ty, aff = column_type(to)
    if a.ty == Ty.NULL:
        return Lit(None, Ty.NULL)
    if ty == Ty.TEXT:
        if a.ty == Ty.TEXT:
            return a
        return lw.opaque(n, env, agg_ok, "CAST AS TEXT")
    if a.ty == Ty.TEXT:
        if aff == Affinity.NUMERIC:
            raise UnsupportedSQL("CAST text AS NUMERIC")
        return lw.lookup(n, env, agg_ok, ty)
    if aff == Affinity.NUMERIC and a.ty == Ty.INT:  # an integer stays that integer, as
        return Func(FuncName.CAST_INT, (_as_value(a),), Ty.INT)  # CAST(x AS INTEGER) keeps it
    if aff == Affinity.NUMERIC:
        raise UnsupportedSQL("CAST AS NUMERIC")
    return Func(FuncName.CAST_INT if ty == Ty.INT else FuncName.CAST_REAL, (_as_value(a),), ty)


def _agg(lw, n, env, agg_ok) -> Expr:
    return lw.agg(n, env, agg_ok)


def _lookup_type(n) -> str | None:
    """The result class of a function SQLite computes for each text of the domain."""
    return _LOOKUP.get(type(n)) or (_LOOKUP_NAMED.get(_fname(n)) if isinstance(n, exp.Func) else None)


def _lookup(lw, n, env, agg_ok) -> Expr:
    ty = _lookup_type(n)
    return lw.lookup(n, env, agg_ok, ty)


_INTEGRAL = {exp.Floor: FuncName.FLOOR, exp.Ceil: FuncName.CEIL, exp.Trunc: FuncName.TRUNC}


def _integral(lw, n, env, agg_ok) -> Expr:
    """SQLite's ``floor``, ``ceil`` and ``trunc`` of one number: an integer as it is, a real
    rounded to an integral real. Text (NULL unless it reads as a number, then an integer or
    a real) is refused, as is a second argument (digits: SQLite has none)."""
    name = _INTEGRAL[type(n)]
    if any(v is not None for k, v in n.args.items() if k != "this"):
        raise UnsupportedSQL(f"function {name.upper()} with several arguments")
    if lw.is_const(n.this):
        return lw.constant(n, name.upper())
    a = _as_value(_child(lw, env, agg_ok)(n.this))
    if a.ty == Ty.NULL:
        return Lit(None, Ty.NULL)
    if a.ty == Ty.TEXT:
        raise UnsupportedSQL(f"function {name.upper()} of text")
    return Func(name, (a,), a.ty)


def _scalar_min_max(lw, n, env, agg_ok) -> Expr:
    """SQLite's ``MIN(a, b, ...)``/``MAX(a, b, ...)`` (sqlglot's ``LEAST``/``GREATEST``
    keeping NULLs, or a ``MIN``/``MAX`` of several arguments): NULL when any argument is
    NULL, else the least (greatest) argument in SQLite's sort order; text against numbers
    is refused (``_join_ty``), as for COALESCE."""
    E = _child(lw, env, agg_ok)
    args = tuple(_as_value(E(a)) for a in [n.this, *n.expressions])
    name = FuncName.SCALAR_MAX if isinstance(n, (exp.Max, exp.Greatest)) else FuncName.SCALAR_MIN
    ty = _join_ty(list(args), "MAX" if name == FuncName.SCALAR_MAX else "MIN")
    if any(a.ty == Ty.NULL for a in args):
        return Lit(None, Ty.NULL)
    return Func(name, args, ty)


def _greatest_least(lw, n, env, agg_ok) -> Expr:
    # NULL arguments skipped (PostgreSQL's GREATEST/LEAST): never SQLite's reading, whose
    # MAX(a, b) sqlglot parses as GREATEST keeping NULLs; the translation from postgres or
    # calcite writes them as scalar MAX/MIN of COALESCEs (``sql.dialect``)
    raise UnsupportedSQL(f"function {type(n).__name__.upper()} skipping NULLs")


def _unary_plus(lw, n, env, agg_ok) -> Expr:
    raise UnsupportedSQL("unary +")  # drops the operand's affinity


def _anonymous(lw, n, env, agg_ok) -> Expr:
    # a function SQLite lacks, or one it does not tabulate
    return lw.opaque(n, env, agg_ok, refuse=f"function {n.name.upper()}")


def _function(lw, n, env, agg_ok) -> Expr:
    name = n.sql_name() if hasattr(n, "sql_name") else type(n).__name__
    if name.upper().startswith("CURRENT_"):  # CURRENT_TIMESTAMP, CURRENT_DATE, ...
        raise ClockUnsupported(f"function {name.upper()}")
    return lw.opaque(n, env, agg_ok, refuse=f"function {name.upper()}")


def _concat(lw, n, env, agg_ok) -> Expr:
    raise UnsupportedSQL("|| concatenation of two values")


def _tuple(lw, n, env, agg_ok) -> Expr:
    raise UnsupportedSQL("row value outside a comparison or IN")


def _total(lw, n) -> bool:
    return n.name.upper() == "TOTAL"


def _aggregate_filter(lw, n) -> bool:
    return isinstance(n.this, exp.AggFunc) or (
        isinstance(n.this, exp.Anonymous) and n.this.name.upper() == "TOTAL")


# (classes, guard or None, step), tried in this order (``_Lowerer._expr``)
def _collate(lw, n, env, agg_ok) -> Expr:
    """``x COLLATE c``: the model compares text under BINARY only (NOCASE, RTRIM: unknown)."""
    raise UnsupportedSQL(f"COLLATE {n.expression.name.upper()}")


_EXPR = (
    (exp.Collate, None, _collate),
    (exp.Paren, None, _paren),
    (exp.Window, None, _window),
    (exp.Column, None, _column),
    (exp.Literal, None, _literal),
    (exp.Null, None, _null),
    (exp.Boolean, None, _boolean),
    (exp.Neg, None, _neg),
    ((exp.Add, exp.Sub, exp.Mul, exp.Div, exp.Mod), None, _arith),
    ((exp.EQ, exp.NEQ, exp.LT, exp.LTE, exp.GT, exp.GTE), None, _compare),
    ((exp.NullSafeEQ, exp.NullSafeNEQ), None, _null_safe),
    (exp.And, None, _and),
    (exp.Or, None, _or),
    (exp.Not, None, _not),
    (exp.Is, lambda lw, n: n.args.get("negate"), _is_not),  # sqlglot's IS NOT of some dialects
    (exp.Is, None, _is),
    (exp.Between, None, _between),
    (exp.In, lambda lw, n: _is_row(n.this), _row_in),
    (exp.In, None, _in),
    (exp.Exists, None, _exists),
    (exp.Subquery, None, _subquery),
    ((exp.Select, exp.Union, exp.Intersect, exp.Except), None, _query),
    (exp.Like, None, _like),
    (exp.Escape, lambda lw, n: type(n.this) is exp.Like, _like_escape),
    (exp.Glob, None, _glob),  # (a case-sensitive LIKE translated to SQLite is one)
    ((exp.ILike, exp.RegexpLike, exp.SimilarTo), None, _unsupported_match),
    (exp.Case, None, _case),
    (exp.If, None, _iif),
    (exp.Coalesce, None, _coalesce),
    (exp.Nullif, None, _nullif),
    (exp.Filter, _aggregate_filter, _filter),
    (_CLOCK, lambda lw, n: lw.clock_mode == SYMBOLIC_CLOCK, _clock_symbolic),
    (_CLOCK, lambda lw, n: lw.clock_mode == PINNED_CLOCK, _clock_pinned),
    (exp.Round, None, _round),
    (exp.Abs, None, _abs),
    ((exp.Floor, exp.Ceil, exp.Trunc), None, _integral),
    (exp.Cast, None, _cast),
    ((exp.Min, exp.Max), lambda lw, n: bool(n.expressions), _scalar_min_max),
    ((exp.Greatest, exp.Least), lambda lw, n: not n.args.get("ignore_nulls"), _scalar_min_max),
    ((exp.Greatest, exp.Least), None, _greatest_least),
    ((exp.Count, exp.Sum, exp.Avg, exp.Min, exp.Max), None, _agg),
    (exp.Anonymous, _total, _agg),
    (object, lambda lw, n: _lookup_type(n) is not None, _lookup),

    (exp.Anonymous, lambda lw, n: n.name.upper() == "UNARY_PLUS", _unary_plus),
    (exp.Anonymous, None, _anonymous),
    (exp.Func, None, _function),
    (exp.DPipe, None, _concat),
    (exp.Tuple, None, _tuple),
)
