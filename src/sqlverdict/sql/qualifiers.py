"""Tables named with a schema or catalog the database does not have: ``public.emp``,
``"CATALOG"."SALES"."EMP"`` (Calcite prints its test schemas so), ``shop.orders``.

SQLite knows only ``main``, ``temp`` and attached databases; a query written against a
server names its tables with their schema. Where the table exists in the schema the pair is
judged on, the qualifier names that table and goes; a table the schema lacks keeps it (and
SQLite's error says so).

>>> import sqlglot
>>> t = sqlglot.parse_one('SELECT "EMP"."ENAME", s.emp.sal FROM "SALES"."EMP" JOIN s.dept AS d ON 1 = 1',
...                       read="postgres")
>>> schema_qualifiers(t, {"emp": {}, "dept": {}}).sql("sqlite")
'SELECT "EMP"."ENAME", emp.sal FROM "EMP" JOIN dept AS d ON 1 = 1'
>>> schema_qualifiers(sqlglot.parse_one("SELECT a FROM x.t"), {"emp": {}}).sql()
'SELECT a FROM x.t'
"""

from __future__ import annotations

from sqlglot import exp

_SQLITE_SCHEMAS = frozenset({"main", "temp"})


def schema_qualifiers(tree: exp.Expr, schema: dict | None) -> exp.Expr:
    """``tree`` without the schema and catalog qualifiers of tables (and of the columns
    that name them) ``schema`` ({table: {column: type}}) holds."""
    if not schema:
        return tree
    names = {t.lower() for t in schema}
    for node in tree.find_all(exp.Table, exp.Column):
        if isinstance(node, exp.Table):
            db, table = node.args.get("db"), node.name
        else:
            db, table = node.args.get("db"), node.table
        if db is None or table.lower() not in names:
            continue
        if isinstance(db, exp.Identifier) and db.name.lower() in _SQLITE_SCHEMAS:
            continue
        node.set("db", None)
        node.set("catalog", None)
    return tree
