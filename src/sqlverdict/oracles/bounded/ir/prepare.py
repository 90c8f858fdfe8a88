"""The sqlglot tree made ready for lowering, before ``qualify``: SQLite's names for VALUES
columns and repeated output columns, a parenthesised leading join ungrouped, and
double-quoted names that are no column read as strings."""

from __future__ import annotations

from sqlglot import exp

from ....errors import UnsupportedSQL
from ....sql.canon import literalize_double_quotes
from ....sql.parse import read_sqlite
from ....types import Schema


def parse(sql: str) -> exp.Expression:
    """The statement as SQLite runs it (``sql.parse.read_sqlite``)."""
    return read_sqlite(sql)


def _quoted_strings(tree: exp.Expression, schema: Schema) -> None:
    """SQLite reads ``"Asia"`` as a string when no column has that name: do the same."""
    literalize_double_quotes(tree, schema)


def _name_values(tree: exp.Expr) -> exp.Expr:
    """SQLite's names for VALUES columns (column1, column2, ...), given to sqlglot so that
    it resolves them (it would name them _col_0, ...); a VALUES statement is the select of
    all its columns."""
    if isinstance(tree, exp.Values):
        tree = exp.Select(expressions=[exp.Star()], from_=exp.From(this=tree))
    for v in list(tree.find_all(exp.Values)):
        if isinstance(v.parent, (exp.From, exp.Join)):
            continue
        sel = exp.Select(expressions=[exp.Star()], from_=exp.From(this=v.copy()))
        if isinstance(v.parent, exp.In) and v.arg_key == "expressions":
            # x IN (VALUES ...) reads every row, as IN (SELECT ...) does
            if len(v.parent.expressions) != 1:
                raise UnsupportedSQL("VALUES in an IN list")
            v.parent.set("query", exp.Subquery(this=sel))
            v.parent.set("expressions", [])
        else:  # (VALUES ...) as a scalar subquery, EXISTS (VALUES ...)
            v.replace(sel)
    for i, v in enumerate(list(tree.find_all(exp.Values))):
        first = v.expressions[0] if v.expressions else None
        n = len(first.expressions) if isinstance(first, exp.Tuple) else 1
        alias = v.args.get("alias")
        if alias is None or not alias.columns:
            name = alias.name if alias is not None and alias.name else f"_values{i}"
            v.set("alias", exp.TableAlias(this=exp.to_identifier(name), columns=[
                exp.to_identifier(f"column{k + 1}") for k in range(n)]))
    return tree


def _name_duplicates(tree: exp.Expr) -> None:
    """SQLite names the repeated output columns of a derived table or CTE ``g``, ``g:1``,
    ``g:2``, ... (a name refers to the first): the same names for sqlglot, which cannot
    expand ``*`` over repeated names."""
    for sel in list(tree.find_all(exp.Select)):
        parent = sel.parent
        if isinstance(parent, exp.CTE):
            if parent.args.get("alias") is not None and parent.args["alias"].columns:
                continue
        elif not (isinstance(parent, exp.Subquery) and isinstance(parent.parent, (exp.From, exp.Join))):
            continue
        seen: dict[str, int] = {}
        for e in list(sel.expressions):
            name = e.alias_or_name
            if not name or isinstance(e, exp.Star) or name == "*":
                continue
            k = seen.get(name.lower(), 0)
            seen[name.lower()] = k + 1
            if k:
                inner = e.this if isinstance(e, exp.Alias) else e
                e.replace(exp.alias_(inner.copy(), f"{name}:{k}", quoted=True))


def _ungroup_leading_joins(tree: exp.Expr) -> None:
    """``FROM (a JOIN b ON c) JOIN d ...``: a parenthesised join as the first FROM item, with
    no alias, is the same join without the parentheses (joins associate to the left)."""
    for frm in list(tree.find_all(exp.From)):
        group = frm.this
        sel = frm.parent
        if not (isinstance(group, exp.Subquery) and not group.alias and isinstance(sel, exp.Select)
                and isinstance(group.this, exp.Table) and group.this.args.get("joins")):
            continue
        first = group.this.copy()
        joins = first.args.get("joins")
        first.set("joins", None)
        frm.set("this", first)
        sel.set("joins", [*joins, *(sel.args.get("joins") or [])])
