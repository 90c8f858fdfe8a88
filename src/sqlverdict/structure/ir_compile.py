"""Compile-style generation: a JSON query plan (the IR) compiled deterministically to SQLite.

The IR is described by ``ir.schema.json`` next to this module and in docs/structure.md. In
short, a query is ``{"select": [...], "from": {...}, "joins"?, "where"?, "group_by"?,
"having"?, "order_by"?, "limit"?, "offset"?, "distinct"?}`` or a set operation
``{"set_op": "union|union_all|intersect|except", "left": Q, "right": Q, "order_by"?,
"limit"?}``. Expressions are ``{"col": "alias.column" | "column"}``, ``{"val": literal}``,
``{"star": true}``, ``{"agg": "count|sum|avg|min|max", "arg": E | "*", "distinct"?}``,
``{"op": "+|-|*|/|%|||", "args": [E, E]}``, ``{"func": name, "args": [...]}``,
``{"subquery": Q}``. Predicates are ``{"and": [...]}``, ``{"or": [...]}``, ``{"not": P}``,
``{"cmp": "=|!=|<|<=|>|>=", "left": E, "right": E}``, ``{"like": E, "pattern": s}``,
``{"between": E, "low": E, "high": E}``, ``{"in": E, "values": [...] | "subquery": Q}``,
``{"is_null": E}``, ``{"exists": Q}``; ``"negate": true`` negates like/between/in/is_null/
exists.

Names are checked against the database schema: every table, every column (through the
aliases in scope, outer scopes included, so correlated subqueries work), unambiguous
unqualified columns. Errors name the JSON path: ``$.where.and[1].left: unknown column
'singer.agee' (columns: singer_id, name, ...)``.

>>> from sqlverdict.types import Schema, Table, Column
>>> s = Schema("db", (Table("singer", (Column("name"), Column("age", "INT"))),))
>>> compile_ir({"select": [{"expr": {"col": "name"}}], "from": {"table": "singer"},
...             "where": {"cmp": ">", "left": {"col": "age"}, "right": {"val": 30}}}, s)
'SELECT singer.name FROM singer WHERE singer.age > 30'
>>> compile_ir({"select": [{"expr": {"col": "agee"}}], "from": {"table": "singer"}}, s)
Traceback (most recent call last):
...
sqlverdict.structure.ir_compile.CompileError: $.select[0].expr: unknown column 'agee' (tables in scope: singer)
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from ..errors import InputError
from ..types import Schema

AGGS = {"count", "sum", "avg", "min", "max"}
CMPS = {"=", "!=", "<>", "<", "<=", ">", ">="}
OPS = {"+", "-", "*", "/", "%", "||"}
SET_OPS = {"union": "UNION", "union_all": "UNION ALL", "intersect": "INTERSECT",
           "except": "EXCEPT"}
JOIN_TYPES = {"inner": "JOIN", "left": "LEFT JOIN", "cross": "CROSS JOIN"}
FUNCS = {"abs", "lower", "upper", "length", "round", "substr", "coalesce", "ifnull",
         "strftime", "date", "julianday", "cast_real", "cast_int", "instr", "replace", "trim"}
_IDENT = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


class CompileError(InputError):
    """The IR cannot be compiled; ``path`` is the JSON path of the offending node."""

    def __init__(self, path: str, message: str):
        self.path = path
        self.detail = message
        super().__init__(f"{path}: {message}")


def ir_json_schema() -> dict:
    """The JSON Schema of the IR (``ir.schema.json``)."""
    text = resources.files("sqlverdict.structure").joinpath("ir.schema.json").read_text(
        encoding="utf-8")
    return json.loads(text)


def _ident(name: str) -> str:
    return name if _IDENT.match(name) else '"' + name.replace('"', '""') + '"'


def _literal(v: Any, path: str) -> str:
    if v is None:
        return "NULL"
    if isinstance(v, bool):
        return "1" if v else "0"
    if isinstance(v, int):
        return str(v)
    if isinstance(v, float):
        return repr(v)
    if isinstance(v, str):
        return "'" + v.replace("'", "''") + "'"
    raise CompileError(path, f"a literal must be a string, number, boolean or null, not "
                             f"{type(v).__name__}")


@dataclass
class _Scope:
    sources: dict[str, list[str]]  # alias (lower) -> column names
    names: dict[str, str]  # alias (lower) -> alias as written
    parent: _Scope | None = None
    outputs: list[str] = field(default_factory=list)


class _Compiler:
    def __init__(self, schema: Schema):
        self.schema = schema

    # ------------------------------------------------------------------ queries

    def query(self, q: Any, path: str, parent: _Scope | None) -> tuple[str, list[str]]:
        if not isinstance(q, dict):
            raise CompileError(path, "a query must be a JSON object")
        if "set_op" in q:
            return self.set_op(q, path, parent)
        unknown = set(q) - {"select", "from", "joins", "where", "group_by", "having",
                            "order_by", "limit", "offset", "distinct"}
        if unknown:
            raise CompileError(path, f"unknown field(s) {sorted(unknown)}")
        if "from" not in q:
            raise CompileError(path, "missing 'from'")
        scope = _Scope({}, {}, parent)
        from_sql = self.source(q["from"], f"{path}.from", scope, parent)
        parts = [from_sql]
        for i, j in enumerate(self._list(q, "joins", path)):
            jp = f"{path}.joins[{i}]"
            if not isinstance(j, dict):
                raise CompileError(jp, "a join must be a JSON object")
            kind = str(j.get("type", "inner")).lower()
            if kind not in JOIN_TYPES:
                raise CompileError(jp, f"join type {kind!r} is not one of {sorted(JOIN_TYPES)}")
            src = self.source(j, jp, scope, parent)
            text = f"{JOIN_TYPES[kind]} {src}"
            if j.get("on") is not None:
                if kind == "cross":
                    raise CompileError(jp, "a cross join takes no 'on'")
                text += " ON " + self.pred(j["on"], f"{jp}.on", scope)
            elif kind == "left":
                raise CompileError(jp, "a left join needs 'on'")
            parts.append(text)
        select = self._list(q, "select", path)
        if not select:
            raise CompileError(f"{path}.select", "select needs at least one item")
        items = []
        for i, it in enumerate(select):
            ip = f"{path}.select[{i}]"
            if not isinstance(it, dict) or "expr" not in it:
                raise CompileError(ip, "a select item is {\"expr\": ..., \"alias\"?: ...}")
            e = self.expr(it["expr"], f"{ip}.expr", scope)
            alias = it.get("alias")
            if alias:
                items.append(f"{e} AS {_ident(str(alias))}")
                scope.outputs.append(str(alias))
            else:
                items.append(e)
                c = it["expr"].get("col") if isinstance(it["expr"], dict) else None
                scope.outputs.append(str(c).split(".")[-1] if c else e)
        sql = "SELECT " + ("DISTINCT " if q.get("distinct") else "") + ", ".join(items)
        sql += " FROM " + " ".join(parts)
        if q.get("where") is not None:
            sql += " WHERE " + self.pred(q["where"], f"{path}.where", scope)
        group = self._list(q, "group_by", path)
        if group:
            sql += " GROUP BY " + ", ".join(self.expr(e, f"{path}.group_by[{i}]", scope)
                                            for i, e in enumerate(group))
        if q.get("having") is not None:
            sql += " HAVING " + self.pred(q["having"], f"{path}.having", scope)
        sql += self.tail(q, path, scope)
        return sql, scope.outputs

    def set_op(self, q: dict, path: str, parent: _Scope | None) -> tuple[str, list[str]]:
        op = str(q.get("set_op", "")).lower()
        if op not in SET_OPS:
            raise CompileError(f"{path}.set_op", f"{op!r} is not one of {sorted(SET_OPS)}")
        for k in ("left", "right"):
            if k not in q:
                raise CompileError(path, f"a set operation needs '{k}'")
            if isinstance(q[k], dict) and any(x in q[k] for x in ("order_by", "limit")) \
                    and "set_op" not in q[k]:
                raise CompileError(f"{path}.{k}", "SQLite allows ORDER BY / LIMIT only on the "
                                   "whole set operation; put them next to 'set_op'")
        left, outputs = self.query(q["left"], f"{path}.left", parent)
        right, _ = self.query(q["right"], f"{path}.right", parent)
        sql = f"{left} {SET_OPS[op]} {right}"
        # ORDER BY of a compound select refers to output columns of the first branch
        scope = _Scope({}, {}, None, outputs)
        return sql + self.tail(q, path, scope, compound=True), outputs

    def tail(self, q: dict, path: str, scope: _Scope, compound: bool = False) -> str:
        sql = ""
        order = self._list(q, "order_by", path)
        if order:
            terms = []
            for i, o in enumerate(order):
                op = f"{path}.order_by[{i}]"
                if not isinstance(o, dict) or "expr" not in o:
                    raise CompileError(op, "an order item is {\"expr\": ..., \"dir\"?: "
                                           "\"asc\"|\"desc\"}")
                d = str(o.get("dir", "asc")).lower()
                if d not in ("asc", "desc"):
                    raise CompileError(f"{op}.dir", f"{d!r} is not asc or desc")
                if compound:
                    e = o["expr"]
                    name = e.get("col") if isinstance(e, dict) else None
                    if not name or str(name).split(".")[-1] not in scope.outputs:
                        raise CompileError(f"{op}.expr", "ORDER BY of a set operation must "
                                           f"name an output column ({scope.outputs})")
                    text = _ident(str(name).split(".")[-1])
                else:
                    text = self.expr(o["expr"], f"{op}.expr", scope)
                terms.append(text + (" DESC" if d == "desc" else " ASC"))
            sql += " ORDER BY " + ", ".join(terms)
        for k in ("limit", "offset"):
            v = q.get(k)
            if v is not None:
                if not isinstance(v, int) or isinstance(v, bool) or v < 0:
                    raise CompileError(f"{path}.{k}", f"{k} must be a non-negative integer")
                if k == "offset" and q.get("limit") is None:
                    raise CompileError(f"{path}.offset", "offset needs a limit")
                sql += f" {k.upper()} {v}"
        return sql

    def source(self, s: Any, path: str, scope: _Scope, parent: _Scope | None) -> str:
        if not isinstance(s, dict):
            raise CompileError(path, "a source is {\"table\": name, \"alias\"?} or "
                                     "{\"subquery\": Q, \"alias\": name}")
        alias = s.get("alias")
        if "subquery" in s:
            if not alias:
                raise CompileError(path, "a subquery in FROM needs an 'alias'")
            sub, outputs = self.query(s["subquery"], f"{path}.subquery", parent)
            self._bind(scope, str(alias), outputs, path)
            return f"({sub}) AS {_ident(str(alias))}"
        name = s.get("table")
        if not isinstance(name, str) or not name:
            raise CompileError(path, "missing 'table'")
        if not self.schema.has_table(name):
            tables = ", ".join(t.name for t in self.schema.tables)
            raise CompileError(f"{path}.table", f"unknown table {name!r} (tables: {tables})")
        table = self.schema.table(name)
        self._bind(scope, str(alias or table.name), list(table.column_names), path)
        text = _ident(table.name)
        if alias and str(alias).lower() != table.name.lower():
            text += f" AS {_ident(str(alias))}"
        return text

    @staticmethod
    def _bind(scope: _Scope, alias: str, columns: list[str], path: str) -> None:
        if alias.lower() in scope.sources:
            raise CompileError(path, f"alias {alias!r} is used twice in one FROM")
        scope.sources[alias.lower()] = columns
        scope.names[alias.lower()] = alias

    @staticmethod
    def _list(q: dict, key: str, path: str) -> list:
        v = q.get(key)
        if v is None:
            return []
        if not isinstance(v, list):
            raise CompileError(f"{path}.{key}", f"'{key}' must be a list")
        return v

    # ------------------------------------------------------------------ expressions

    def column(self, ref: Any, path: str, scope: _Scope) -> str:
        if not isinstance(ref, str) or not ref:
            raise CompileError(path, "'col' must be \"alias.column\" or \"column\"")
        if "." in ref:
            alias, col = ref.split(".", 1)
            s: _Scope | None = scope
            while s is not None:
                cols = s.sources.get(alias.lower())
                if cols is not None:
                    match = [c for c in cols if c.lower() == col.lower()]
                    if not match:
                        raise CompileError(path, f"unknown column {ref!r} (columns of {alias}: "
                                                 f"{', '.join(cols)})")
                    return f"{_ident(s.names[alias.lower()])}.{_ident(match[0])}"
                s = s.parent
            raise CompileError(path, f"unknown table or alias {alias!r} in {ref!r} (in scope: "
                                     f"{', '.join(self._visible(scope))})")
        s = scope
        while s is not None:
            hits = [(a, c) for a, cols in s.sources.items() for c in cols
                    if c.lower() == ref.lower()]
            if len(hits) > 1:
                raise CompileError(path, f"column {ref!r} is ambiguous (in "
                                         f"{', '.join(s.names[a] for a, _ in hits)}); qualify it")
            if hits:
                a, c = hits[0]
                return f"{_ident(s.names[a])}.{_ident(c)}"
            s = s.parent
        if ref in scope.outputs:  # an output alias (ORDER BY / HAVING may name it)
            return _ident(ref)
        raise CompileError(path, f"unknown column {ref!r} (tables in scope: "
                                 f"{', '.join(self._visible(scope))})")

    @staticmethod
    def _visible(scope: _Scope) -> list[str]:
        out: list[str] = []
        s: _Scope | None = scope
        while s is not None:
            out.extend(s.names.values())
            s = s.parent
        return out

    def expr(self, e: Any, path: str, scope: _Scope) -> str:
        if not isinstance(e, dict):
            raise CompileError(path, "an expression must be a JSON object")
        if "col" in e:
            return self.column(e["col"], f"{path}", scope)
        if "val" in e:
            return _literal(e["val"], f"{path}.val")
        if e.get("star") is True:
            return "*"
        if "agg" in e:
            agg = str(e["agg"]).lower()
            if agg not in AGGS:
                raise CompileError(f"{path}.agg", f"{agg!r} is not one of {sorted(AGGS)}")
            arg = e.get("arg", "*")
            if arg == "*" or (isinstance(arg, dict) and arg.get("star") is True):
                if agg != "count":
                    raise CompileError(f"{path}.arg", f"{agg.upper()}(*) is not SQL")
                inner = "*"
            else:
                inner = self.expr(arg, f"{path}.arg", scope)
            return f"{agg.upper()}({'DISTINCT ' if e.get('distinct') else ''}{inner})"
        if "op" in e:
            op = str(e["op"])
            args = e.get("args")
            if op not in OPS:
                raise CompileError(f"{path}.op", f"{op!r} is not one of {sorted(OPS)}")
            if not isinstance(args, list) or len(args) != 2:
                raise CompileError(f"{path}.args", "an operator takes exactly two args")
            a, b = (self.expr(x, f"{path}.args[{i}]", scope) for i, x in enumerate(args))
            return f"({a} {op} {b})"
        if "func" in e:
            fn = str(e["func"]).lower()
            if fn not in FUNCS:
                raise CompileError(f"{path}.func", f"function {fn!r} is not supported "
                                                   f"({', '.join(sorted(FUNCS))})")
            args = e.get("args") or []
            if not isinstance(args, list):
                raise CompileError(f"{path}.args", "'args' must be a list")
            parts = [self.expr(x, f"{path}.args[{i}]", scope) for i, x in enumerate(args)]
            if fn in ("cast_real", "cast_int"):
                if len(parts) != 1:
                    raise CompileError(f"{path}.args", f"{fn} takes one argument")
                return f"CAST({parts[0]} AS {'REAL' if fn == 'cast_real' else 'INTEGER'})"
            return f"{fn.upper()}({', '.join(parts)})"
        if "subquery" in e:
            sub, _ = self.query(e["subquery"], f"{path}.subquery", scope)
            return f"({sub})"
        raise CompileError(path, f"unknown expression {sorted(e)} (expected col, val, star, "
                                 "agg, op, func or subquery)")

    def pred(self, p: Any, path: str, scope: _Scope) -> str:
        if not isinstance(p, dict):
            raise CompileError(path, "a predicate must be a JSON object")
        neg = bool(p.get("negate"))
        for conn in ("and", "or"):
            if conn in p:
                items = p[conn]
                if not isinstance(items, list) or not items:
                    raise CompileError(f"{path}.{conn}", f"'{conn}' needs a non-empty list")
                parts = [self.pred(x, f"{path}.{conn}[{i}]", scope) for i, x in enumerate(items)]
                return parts[0] if len(parts) == 1 else "(" + f" {conn.upper()} ".join(parts) + ")"
        if "not" in p:
            return f"NOT ({self.pred(p['not'], f'{path}.not', scope)})"
        if "cmp" in p:
            op = str(p["cmp"])
            if op not in CMPS:
                raise CompileError(f"{path}.cmp", f"{op!r} is not one of {sorted(CMPS)}")
            for k in ("left", "right"):
                if k not in p:
                    raise CompileError(path, f"a comparison needs '{k}'")
            return (f"{self.expr(p['left'], f'{path}.left', scope)} {op} "
                    f"{self.expr(p['right'], f'{path}.right', scope)}")
        if "like" in p:
            pat = p.get("pattern")
            if not isinstance(pat, str):
                raise CompileError(f"{path}.pattern", "'pattern' must be a string")
            return (f"{self.expr(p['like'], f'{path}.like', scope)} "
                    f"{'NOT ' if neg else ''}LIKE {_literal(pat, path)}")
        if "between" in p:
            return (f"{self.expr(p['between'], f'{path}.between', scope)} "
                    f"{'NOT ' if neg else ''}BETWEEN {self.expr(p.get('low'), f'{path}.low', scope)}"
                    f" AND {self.expr(p.get('high'), f'{path}.high', scope)}")
        if "in" in p:
            target = self.expr(p["in"], f"{path}.in", scope)
            if "subquery" in p:
                rhs, _ = self.query(p["subquery"], f"{path}.subquery", scope)
            elif isinstance(p.get("values"), list) and p["values"]:
                rhs = ", ".join(self.expr(v, f"{path}.values[{i}]", scope)
                                for i, v in enumerate(p["values"]))
            else:
                raise CompileError(path, "'in' needs 'values' (non-empty list) or 'subquery'")
            return f"{target} {'NOT ' if neg else ''}IN ({rhs})"
        if "is_null" in p:
            return f"{self.expr(p['is_null'], f'{path}.is_null', scope)} IS " \
                   f"{'NOT ' if neg else ''}NULL"
        if "exists" in p:
            sub, _ = self.query(p["exists"], f"{path}.exists", scope)
            return f"{'NOT ' if neg else ''}EXISTS ({sub})"
        raise CompileError(path, f"unknown predicate {sorted(p)} (expected and, or, not, cmp, "
                                 "like, between, in, is_null or exists)")


def compile_ir(ir: Any, schema: Schema) -> str:
    """Compile a parsed IR (a dict; ``{"query": Q}`` is unwrapped) to SQLite SQL."""
    if isinstance(ir, dict) and set(ir) == {"query"}:
        ir = ir["query"]
    sql, _ = _Compiler(schema).query(ir, "$", None)
    return sql


@dataclass(frozen=True)
class CompileOutcome:
    """One compile-style candidate through the pipeline stages (for JV/CR/PR/ES)."""

    valid_json: bool
    compiled: bool
    parsed: bool
    executed: bool
    sql: str | None = None
    error: str | None = None


def run_pipeline(text: str | None, schema: Schema, db_path: str | None = None,
                 timeout_s: float = 10.0) -> CompileOutcome:
    """JSON text -> IR -> SQL -> parse -> execute, stopping at the first failing stage."""
    from ..llm.jsonmode import parse_json_answer

    try:
        ir = parse_json_answer(text)
        if not isinstance(ir, dict):
            raise ValueError("the answer is not a JSON object")
    except ValueError as e:
        return CompileOutcome(False, False, False, False, None, f"json: {e}")
    try:
        sql = compile_ir(ir, schema)
    except CompileError as e:
        return CompileOutcome(True, False, False, False, None, f"compile: {e}")
    from ..errors import InputError
    from ..sql.parse import parse_statement

    try:
        parse_statement(sql)
    except InputError as e:
        return CompileOutcome(True, True, False, False, sql, f"parse: {e}")
    if db_path is None:
        return CompileOutcome(True, True, True, False, sql, "no database")
    from ..engine.execute import run_query
    from ..errors import ExecutionError

    try:
        run_query(db_path, sql, timeout_s=timeout_s)
    except ExecutionError as e:
        return CompileOutcome(True, True, True, False, sql, f"execute: {e}")
    return CompileOutcome(True, True, True, True, sql, None)


def pipeline_rates(outcomes: list[CompileOutcome]) -> dict[str, float]:
    """JV, CR, PR, ES: shares of all candidates that reach each stage (0 when none).

    >>> pipeline_rates([CompileOutcome(True, True, True, False), CompileOutcome(False, False,
    ...                 False, False)])
    {'JV': 0.5, 'CR': 0.5, 'PR': 0.5, 'ES': 0.0, 'n': 2}
    """
    n = len(outcomes)

    def rate(attr: str) -> float:
        return sum(getattr(o, attr) for o in outcomes) / n if n else 0.0

    return {"JV": rate("valid_json"), "CR": rate("compiled"), "PR": rate("parsed"),
            "ES": rate("executed"), "n": n}
