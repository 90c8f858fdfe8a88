"""Small helpers over sqlglot trees shared by several areas.

>>> import sqlglot
>>> tree = sqlglot.parse_one("SELECT s.name FROM singer AS s JOIN concert c ON s.id = c.sid")
>>> scope_tables(tree.find(sqlglot.exp.Column))
{'singer': 'singer', 's': 'singer', 'concert': 'concert', 'c': 'concert'}
"""

from __future__ import annotations

from sqlglot import exp


def scope_tables(node: exp.Expr) -> dict[str, str]:
    """Alias (and name), lower case -> table name, for the SELECT that holds ``node`` (or
    ``node`` itself when it is a SELECT). Tables of nested SELECTs are not included."""
    sel = node if isinstance(node, exp.Select) else node.find_ancestor(exp.Select)
    out: dict[str, str] = {}
    if sel is None:
        return out
    for src in [sel.args.get("from_") or sel.args.get("from")] + list(sel.args.get("joins") or []):
        if src is None:
            continue
        for t in src.find_all(exp.Table):
            if t.find_ancestor(exp.Select) is not sel:
                continue
            out[t.name.lower()] = t.name
            if t.alias:
                out[t.alias.lower()] = t.name
    return out
