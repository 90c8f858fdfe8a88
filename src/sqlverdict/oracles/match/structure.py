"""A query as the official Spider evaluator sees it: its clause structure.

The published evaluator (Yu et al. 2018, ``evaluation.py`` with ``process_sql.py``) reads a
query into clauses over *column units*: ``agg(table.column)`` with a DISTINCT flag; *value
units*: one column unit or two joined by ``- + * /``; *conditions*: a value unit, an
operator (``between = > < >= <= != in like``), a NOT flag and one or two values (a literal,
a column or a subquery) joined by ``and``/``or``; and one query for each of INTERSECT, UNION
and EXCEPT. Columns are named ``__table.column__`` (lower case, aliases resolved), ``*`` is
``__all__``. ``spider_structure`` builds that reading from sqlglot's parse tree; the two
modules beside it define exact-set match and hardness over it.

Written from the published description and grammar, not from the evaluator's code. Its
grammar is narrow, and what it cannot read scores zero exact match (a gold it cannot read
makes the official script stop); here that is ``OutsideGrammar`` naming the construct:
column aliases in SELECT, functions other than ``max min count sum avg``, CASE, CAST,
``IS [NOT] NULL``, EXISTS, ``IN (list)``, parenthesised conditions, joins other than
``JOIN ... ON`` (``INNER``, ``LEFT``, comma and ``USING``), quoted identifiers, more than
one arithmetic operator, literals where a column is expected. Known differences, all
lenient: a table alias without AS, an alias on a subquery in FROM and a leading NOT are
read here and rejected by the official tokenizer; the direction of a multi-key ORDER BY is
the last one written, as there.

>>> from sqlverdict.schema import from_ddl
>>> s = from_ddl("CREATE TABLE singer(singer_id INT PRIMARY KEY, name TEXT, age INT)", "d")
>>> q = spider_structure("SELECT T1.name FROM singer AS T1 WHERE age > 30 ORDER BY age DESC", s)
>>> q.select, q.where[0].op, q.order
((('', Val('', Col('', '__singer.name__', False), None)),), '>', ('desc', (Val('', Col('', '__singer.age__', False), None),)))
>>> spider_structure("SELECT name AS n FROM singer", s)
Traceback (most recent call last):
...
sqlverdict.oracles.match.structure.OutsideGrammar: column alias in SELECT (n)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlglot import exp

from ...errors import InputError, SqlverdictError
from ...schema import split_statements
from ...sql.parse import parse_statement
from ...types import Schema

AGGS = {exp.Max: "max", exp.Min: "min", exp.Count: "count", exp.Sum: "sum", exp.Avg: "avg"}
ARITH = {exp.Sub: "-", exp.Add: "+", exp.Mul: "*", exp.Div: "/"}
COMPARE = {exp.EQ: "=", exp.GT: ">", exp.LT: "<", exp.GTE: ">=", exp.LTE: "<=", exp.NEQ: "!="}
SET_OPS = {exp.Intersect: "intersect", exp.Union: "union", exp.Except: "except"}


class OutsideGrammar(SqlverdictError):
    """The official evaluator's grammar cannot read this query."""


@dataclass(frozen=True)
class Col:
    """A column unit: ``agg(DISTINCT column)``; ``agg`` is ``''`` for none."""

    agg: str
    col: str
    distinct: bool

    def __repr__(self) -> str:
        return f"Col({self.agg!r}, {self.col!r}, {self.distinct})"


@dataclass(frozen=True)
class Val:
    """A value unit: one column unit, or two joined by an arithmetic operator."""

    op: str
    left: Col
    right: Col | None

    def __repr__(self) -> str:
        return f"Val({self.op!r}, {self.left!r}, {self.right!r})"


@dataclass(frozen=True)
class Cond:
    """``[NOT] val op v1 [AND v2]``; a value is a literal, a ``Col`` or a ``Query``."""

    negated: bool
    op: str
    val: Val
    v1: Any
    v2: Any = None


@dataclass(frozen=True)
class Query:
    """One SELECT with the set operation that follows it (the evaluator nests them to the
    right: ``a UNION b EXCEPT c`` is ``a`` with ``union = b`` and ``b.except_ = c``)."""

    distinct: bool
    select: tuple  # ((agg, Val), ...): the aggregate of a select item stays outside its Val
    tables: tuple  # (("table", "__name__") | ("sql", Query), ...)
    join_conds: tuple  # (Cond, "and" | "or", Cond, ...)
    where: tuple
    group_by: tuple  # (Col, ...)
    having: tuple
    order: tuple  # () or (direction, (Val, ...))
    limit: int | None
    intersect: Query | None = None
    union: Query | None = None
    except_: Query | None = None

    def conditions(self) -> tuple:
        """The condition units of ON, WHERE and HAVING (connectives dropped)."""
        return self.join_conds[::2] + self.where[::2] + self.having[::2]

    def connectives(self) -> tuple:
        return self.join_conds[1::2] + self.where[1::2] + self.having[1::2]

    def set_ops(self) -> dict[str, Query]:
        return {k: v for k, v in (("intersect", self.intersect), ("union", self.union),
                                  ("except", self.except_)) if v is not None}


class _Reader:
    """Reads one statement against one schema; ``aliases`` spans the whole statement, as
    the evaluator scans every ``AS`` before parsing."""

    def __init__(self, schema: Schema, tree: exp.Expression):
        self.columns = {t.name.lower(): {c.name.lower() for c in t.columns}
                        for t in schema.tables}
        self.aliases = {t: t for t in self.columns}
        for t in tree.find_all(exp.Table):
            alias = t.alias
            if alias and t.name.lower() in self.columns:
                self.aliases[alias.lower()] = t.name.lower()

    # -- column and value units
    def column_id(self, e: exp.Expression, scope: list[str]) -> str:
        if isinstance(e, exp.Star):
            return "__all__"
        if not isinstance(e, exp.Column) or isinstance(e.this, exp.Star):
            raise OutsideGrammar(f"expected a column, found {e.sql(dialect='sqlite')[:60]}")
        if e.this.quoted or (isinstance(e.args.get("table"), exp.Identifier)
                             and e.args["table"].quoted):
            raise OutsideGrammar(f"quoted identifier {e.sql(dialect='sqlite')[:60]}")
        name, qual = e.name.lower(), e.table.lower()
        if qual:
            table = self.aliases.get(qual)
            if table is None or name not in self.columns[table]:
                raise OutsideGrammar(f"unknown column {qual}.{name}")
            return f"__{table}.{name}__"
        for alias in scope:
            table = self.aliases[alias]
            if name in self.columns[table]:
                return f"__{table}.{name}__"
        raise OutsideGrammar(f"unknown column {name}")

    def col_unit(self, e: exp.Expression, scope: list[str]) -> Col:
        e = _unparen(e)
        agg = AGGS.get(type(e))
        if agg is not None:
            inner, distinct = e.this, False
            if isinstance(inner, exp.Distinct):
                inner, distinct = inner.expressions[0], True
            return Col(agg, self.column_id(_unparen(inner), scope), distinct)
        if isinstance(e, exp.Distinct) and len(e.expressions) == 1:
            return Col("", self.column_id(_unparen(e.expressions[0]), scope), True)
        if isinstance(e, (exp.Func, exp.Case, exp.Cast)):
            raise OutsideGrammar(f"function {e.sql(dialect='sqlite')[:40]}")
        return Col("", self.column_id(e, scope), False)

    def val_unit(self, e: exp.Expression, scope: list[str]) -> Val:
        e = _unparen(e)
        op = ARITH.get(type(e))
        if op is not None:
            return Val(op, self.col_unit(e.this, scope), self.col_unit(e.expression, scope))
        return Val("", self.col_unit(e, scope), None)

    def value(self, e: exp.Expression, scope: list[str]) -> Any:
        e = _unparen(e)
        if isinstance(e, (exp.Subquery, exp.Select, exp.SetOperation)):
            return self.query(e.this if isinstance(e, exp.Subquery) else e)
        if isinstance(e, exp.Literal):
            return e.this if e.is_string else float(e.this)
        if isinstance(e, exp.Neg) and isinstance(e.this, exp.Literal):
            return -float(e.this.this)
        if isinstance(e, exp.Column) and e.this.quoted and not e.table:
            return e.name  # "text": the evaluator reads double quotes as a string
        return self.col_unit(e, scope)

    # -- conditions
    def condition(self, e: exp.Expression, scope: list[str]) -> tuple:
        out: list = []
        self._flatten(e, scope, out)
        return tuple(out)

    def _flatten(self, e: exp.Expression, scope: list[str], out: list) -> None:
        if isinstance(e, (exp.And, exp.Or)):
            self._flatten(e.this, scope, out)
            out.append("and" if isinstance(e, exp.And) else "or")
            self._flatten(e.expression, scope, out)
            return
        out.append(self.cond(e, scope))

    def cond(self, e: exp.Expression, scope: list[str]) -> Cond:
        if isinstance(e, exp.Paren):
            raise OutsideGrammar("parenthesised condition")
        negated = isinstance(e, exp.Not)
        if negated:
            e = e.this
        if e.args.get("negate"):  # sqlglot reads ``x NOT LIKE p`` as ``Like(negate=True)``
            negated = not negated
        if isinstance(e, exp.Between):
            return Cond(negated, "between", self.val_unit(e.this, scope),
                        self.value(e.args["low"], scope), self.value(e.args["high"], scope))
        if isinstance(e, exp.In):
            if e.args.get("query") is None:
                raise OutsideGrammar("IN with a list of values")
            return Cond(negated, "in", self.val_unit(e.this, scope),
                        self.value(e.args["query"], scope))
        if isinstance(e, exp.Like):
            return Cond(negated, "like", self.val_unit(e.this, scope),
                        self.value(e.expression, scope))
        op = COMPARE.get(type(e))
        if op is None:
            raise OutsideGrammar(f"condition {type(e).__name__.upper()}: "
                                 f"{e.sql(dialect='sqlite')[:60]}")
        return Cond(negated, op, self.val_unit(e.this, scope), self.value(e.expression, scope))

    # -- queries
    def query(self, e: exp.Expression) -> Query:
        if isinstance(e, exp.Subquery):
            return self.query(e.this)
        if isinstance(e, exp.SetOperation):
            return self._set_operation(e)
        if not isinstance(e, exp.Select):
            raise OutsideGrammar(f"statement {type(e).__name__.upper()}")
        return self._select(e)

    def _set_operation(self, e: exp.SetOperation) -> Query:
        # flatten the left-nested chain, then nest to the right as the evaluator does; an
        # ORDER BY or LIMIT after the last operand belongs to that operand there
        chain: list = []
        node: exp.Expression = e
        while isinstance(node, exp.SetOperation) and not isinstance(node, exp.Subquery):
            chain[:0] = [SET_OPS[type(node)], node.expression]
            node = node.this
        chain.insert(0, node)
        tail = {k: e.args.get(k) for k in ("order", "limit")}
        last: Query | None = None
        for i in range(len(chain) - 1, -1, -2):
            part = _unparen(chain[i])
            if isinstance(part, exp.Subquery):
                part = part.this
            if i == len(chain) - 1 and isinstance(part, exp.Select) and any(tail.values()):
                part = part.copy()
                for k, v in tail.items():
                    if v is not None:
                        part.set(k, v)
            q = self.query(part)
            if last is not None:
                q = _with_op(q, chain[i + 1], last)
            last = q
        assert last is not None
        return last

    def _select(self, e: exp.Select) -> Query:
        if e.args.get("with_"):
            raise OutsideGrammar("WITH")
        tables, scope, join_conds = self._from(e)
        select = []
        for item in e.expressions:
            if isinstance(item, exp.Alias):
                raise OutsideGrammar(f"column alias in SELECT ({item.alias})")
            item = _unparen(item)
            agg = AGGS.get(type(item))
            if agg is not None:
                inner, distinct = item.this, False
                if isinstance(inner, exp.Distinct):
                    inner, distinct = inner.expressions[0], True
                val = self.val_unit(inner, scope)
                if distinct:
                    val = Val(val.op, Col(val.left.agg, val.left.col, True), val.right)
                select.append((agg, val))
            else:
                select.append(("", self.val_unit(item, scope)))
        where = e.args.get("where")
        having = e.args.get("having")
        group = e.args.get("group")
        order = e.args.get("order")
        limit = e.args.get("limit")
        return Query(
            distinct=bool(e.args.get("distinct")),
            select=tuple(select),
            tables=tuple(tables),
            join_conds=join_conds,
            where=self.condition(where.this, scope) if where else (),
            group_by=tuple(self.col_unit(g, scope) for g in group.expressions) if group else (),
            having=self.condition(having.this, scope) if having else (),
            order=self._order(order, scope) if order else (),
            limit=_limit(limit) if limit else None,
        )

    def _from(self, e: exp.Select) -> tuple[list, list[str], tuple]:
        from_ = e.args.get("from_") or e.args.get("from")
        if from_ is None:
            raise OutsideGrammar("SELECT without FROM")
        tables: list = []
        scope: list[str] = []
        conds: list = []
        for i, part in enumerate([from_.this, *(j for j in e.args.get("joins") or [])]):
            target = part
            if i > 0:
                if part.args.get("kind") or part.args.get("side") or part.args.get("using"):
                    kind = " ".join(str(part.args.get(k) or "") for k in ("side", "kind"))
                    raise OutsideGrammar(f"{kind.strip() or 'USING'} JOIN")
                target = part.this
            if isinstance(target, exp.Subquery):
                tables.append(("sql", self.query(target.this)))
            elif isinstance(target, exp.Table) and target.name.lower() in self.columns:
                tables.append(("table", f"__{target.name.lower()}__"))
                scope.append(target.name.lower())
            else:
                raise OutsideGrammar(f"unknown table {target.sql(dialect='sqlite')[:40]}")
            on = part.args.get("on") if i > 0 else None
            if on is not None and not isinstance(on, exp.Boolean):  # JOIN without ON: TRUE
                if conds:
                    conds.append("and")
                conds.extend(self.condition(on, list(scope)))
        return tables, scope, tuple(conds)

    def _order(self, order: exp.Order, scope: list[str]) -> tuple:
        direction, vals = "asc", []
        for o in order.expressions:
            vals.append(self.val_unit(o.this, scope))
            if o.args.get("desc"):
                direction = "desc"
            elif o.args.get("desc") is False:  # ASC written out
                direction = "asc"
        return (direction, tuple(vals))


def _with_op(q: Query, op: str, other: Query) -> Query:
    from dataclasses import replace

    return replace(q, **{"except_" if op == "except" else op: other})


def _unparen(e: exp.Expression) -> exp.Expression:
    while isinstance(e, exp.Paren):
        e = e.this
    return e


def _limit(limit: exp.Limit) -> int:
    v = limit.expression
    if not isinstance(v, exp.Literal) or v.is_string:
        raise OutsideGrammar("LIMIT without a number")
    try:
        return int(float(v.this))
    except ValueError:
        raise OutsideGrammar("LIMIT without a number") from None


def spider_structure(sql: str, schema: Schema) -> Query:
    """The clause structure of the first statement of ``sql`` over ``schema``; raises
    ``OutsideGrammar`` when the official evaluator's grammar cannot read it."""
    statements = split_statements(sql) if isinstance(sql, str) else []
    if not statements:
        raise OutsideGrammar("empty SQL")
    try:  # the evaluator reads the first statement and ignores what follows
        tree = parse_statement(statements[0])
        return _Reader(schema, tree).query(tree)
    except InputError as e:
        raise OutsideGrammar(f"does not parse ({e})") from None
    except RecursionError:
        raise OutsideGrammar("nested too deeply to read") from None
