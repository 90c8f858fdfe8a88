"""A user's views read as the derived tables they stand for.

A query over a view (``CREATE VIEW v AS SELECT ...`` in the user's database) is the same
query with ``v`` replaced by ``(SELECT ...) AS v``: SQLite computes a view so. The
verifier's copies of the tables hold no views, so ``verify`` inlines them first; sqlglot
parses and prints, the replacement (views within views, names a WITH clause takes first)
is written here because sqlglot's optimizer expands views only given their columns' types
as a schema, which the verifier reads otherwise.

>>> views = {"v": "SELECT id, w FROM t WHERE w > 0"}
>>> inline_views("SELECT id FROM v AS x WHERE x.w < 5", views)
'SELECT id FROM (SELECT id, w FROM t WHERE w > 0) AS x WHERE x.w < 5'
>>> inline_views("WITH v AS (SELECT 1 AS id) SELECT id FROM v", views)
'WITH v AS (SELECT 1 AS id) SELECT id FROM v'
"""

from __future__ import annotations

import sqlglot
from sqlglot import exp

MAX_DEPTH = 8  # views of views of ...: deeper is left as written (SQLite's own limit is far)


def view_definitions(create_sqls: dict[str, str]) -> dict[str, str]:
    """``{name: SELECT text}`` of ``CREATE VIEW`` statements that name no columns (a view
    with a column list is left out: ``unknown`` as before)."""
    out = {}
    for name, sql in create_sqls.items():
        try:
            tree = sqlglot.parse_one(sql, read="sqlite")
        except sqlglot.errors.SqlglotError:
            continue
        if (isinstance(tree, exp.Create) and isinstance(tree.this, exp.Table)
                and isinstance(tree.expression, exp.Query)):
            out[name.lower()] = tree.expression.sql("sqlite")
    return out


def inline_views(sql: str, views: dict[str, str]) -> str:
    """``sql`` with each table reference to a view of ``views`` (``{lower name: SELECT}``)
    as that SELECT aliased to the reference's alias or the view's name; ``sql`` itself when
    it reads none (or does not parse: SQLite's error stays the verdict's)."""
    if not views:
        return sql
    try:
        tree = sqlglot.parse_one(sql, read="sqlite")
    except sqlglot.errors.SqlglotError:
        return sql
    changed = False
    for _ in range(MAX_DEPTH):
        refs = [t for t in tree.find_all(exp.Table) if _is_view(t, views)]
        if not refs:
            break
        for t in refs:
            body = sqlglot.parse_one(views[t.name.lower()], read="sqlite")
            alias = t.alias or t.name
            t.replace(exp.Subquery(this=body, alias=exp.TableAlias(this=exp.to_identifier(alias))))
        changed = True
    return tree.sql("sqlite") if changed else sql


def _is_view(t: exp.Table, views: dict[str, str]) -> bool:
    """Is ``t`` a reference to one of ``views``: not schema-qualified, and not a name a
    WITH clause in scope defines?"""
    if t.name.lower() not in views or t.args.get("db") or t.args.get("catalog"):
        return False
    node = t.parent
    while node is not None:
        w = node.args.get("with_") or node.args.get("with") if isinstance(node, exp.Expression) else None
        if isinstance(w, exp.With) and any(c.alias_or_name.lower() == t.name.lower()
                                           for c in w.expressions):
            return False
        node = node.parent
    return True
