"""``(SELECT COUNT(*) FROM (SELECT DISTINCT x FROM F WHERE w) AS s)`` as
``(SELECT COUNT(DISTINCT x) + COALESCE(MAX(CASE WHEN x IS NULL THEN 1 ELSE 0 END), 0) FROM F
WHERE w)`` (issue 25: the correlated derived table the verifier does not read, flattened into
its scalar sub-query; ``GROUP BY x`` with ``x`` its only output is the same DISTINCT).

The derived table has one row per class of ``x`` under ``=`` (its collation), NULL one class
of its own; ``COUNT(DISTINCT x)`` counts the same classes of the non-NULL ``x`` (SQLite
compares both with ``x``'s collating sequence), and the MAX adds 1 where some row's ``x`` is
NULL (0 over no row: COALESCE). Where ``w`` has the conjunct ``x IS NOT NULL`` the term is
left out. Only a derived table that reads the outer row (``w`` correlated, which the IR
does not read; an uncorrelated one it reads as it is): the flattened form reads the outer
row in the same place. Only when the outer select is ``COUNT(*)`` of that one derived
table alone (no WHERE, GROUP BY, HAVING, DISTINCT, ORDER BY, LIMIT) and the inner one is a
plain select of one expression (DISTINCT, or grouped by it with no HAVING; no ORDER BY,
LIMIT, window or aggregate in it).

>>> import sqlglot
>>> sql = ("SELECT (SELECT COUNT(*) FROM (SELECT DISTINCT b FROM u WHERE u.a = t.a) AS s) "
...        "FROM t")
>>> counted_derived(sqlglot.parse_one(sql)).sql()
'SELECT (SELECT COUNT(DISTINCT b) + COALESCE(MAX(CASE WHEN b IS NULL THEN 1 ELSE 0 END), 0) FROM u WHERE u.a = t.a) FROM t'
"""

from __future__ import annotations

from sqlglot import exp

_OUTER_EMPTY = ("where", "group", "having", "order", "limit", "offset", "joins", "distinct",
                "with", "with_")
_INNER_EMPTY = ("having", "order", "limit", "offset", "with", "with_")


def counted_derived(tree: exp.Expr) -> exp.Expr:
    """``tree`` with every such scalar count of a derived table flattened."""
    for sub in list(tree.find_all(exp.Subquery)):
        sel = sub.this
        if isinstance(sub.parent, exp.From | exp.Join) or not isinstance(sel, exp.Select):
            continue
        flat = _flattened(sel)
        if flat is not None:
            sel.replace(flat)
    return tree


def _flattened(sel: exp.Select) -> exp.Select | None:
    if any(sel.args.get(k) for k in _OUTER_EMPTY) or len(sel.expressions) != 1:
        return None
    item = sel.expressions[0]
    item = item.this if isinstance(item, exp.Alias) else item
    frm = sel.args.get("from_") or sel.args.get("from")
    if not (isinstance(item, exp.Count) and isinstance(item.this, exp.Star)
            and frm is not None and isinstance(frm.this, exp.Subquery)):
        return None
    inner = frm.this.this
    if not isinstance(inner, exp.Select) or any(inner.args.get(k) for k in _INNER_EMPTY):
        return None
    if len(inner.expressions) != 1 or isinstance(inner.expressions[0], exp.Star):
        return None
    x = inner.expressions[0]
    x = x.this if isinstance(x, exp.Alias) else x
    group = inner.args.get("group")
    distinct = inner.args.get("distinct")
    if distinct is not None and (group is not None or distinct.args.get("on") is not None):
        return None
    if distinct is None and not (group is not None and len(group.expressions) == 1
                                 and group.expressions[0] == x and not group.args.get("rollup")
                                 and not group.args.get("cube")
                                 and not group.args.get("grouping_sets")):
        return None
    if any(x.find(k) for k in (exp.AggFunc, exp.Window, exp.Subquery, exp.Star)):
        return None
    if not _correlated(inner):
        return None  # (the IR reads an uncorrelated derived table as it is)
    out = inner.copy()
    out.set("distinct", None)
    out.set("group", None)
    count = exp.Count(this=exp.Distinct(expressions=[x.copy()]))
    if _not_null_conjunct(inner, x):
        value = count
    else:
        flag = exp.Case(ifs=[exp.If(this=exp.Is(this=x.copy(), expression=exp.Null()),
                                    true=exp.Literal.number(1))],
                        default=exp.Literal.number(0))
        value = exp.Add(this=count, expression=exp.Coalesce(
            this=exp.Max(this=flag), expressions=[exp.Literal.number(0)]))
    out.set("expressions", [value])
    return out


def _correlated(inner: exp.Select) -> bool:
    """Does ``inner`` name a source it does not define (a qualified outer column)?"""
    own = {t.alias_or_name.lower() for t in inner.find_all(exp.Table)}
    own |= {s.alias.lower() for s in inner.find_all(exp.Subquery) if s.alias}
    return any(c.table and c.table.lower() not in own for c in inner.find_all(exp.Column))


def _not_null_conjunct(inner: exp.Select, x) -> bool:
    """Is ``x IS NOT NULL`` a conjunct of the inner WHERE (an unqualified ``x`` the same
    column as one qualified with an inner source: the inner scope resolves it first)?"""
    where = inner.args.get("where")
    if where is None:
        return False
    own = {s.alias_or_name.lower() for s in _sources(inner)}
    for c in where.this.flatten() if isinstance(where.this, exp.And) else [where.this]:
        if isinstance(c, exp.Not) and isinstance(c.this, exp.Is) and (
                isinstance(c.this.expression, exp.Null)) and _same(c.this.this, x, own):
            return True
    return False


def _same(a, x, own: set) -> bool:
    if a == x:
        return True
    if not (isinstance(a, exp.Column) and isinstance(x, exp.Column)):
        return False
    if a.name.lower() != x.name.lower():
        return False
    qa, qx = a.table.lower(), x.table.lower()
    return qa == qx or (not qx and qa in own) or (not qa and qx in own)


def _sources(sel: exp.Select) -> list:
    frm = sel.args.get("from_") or sel.args.get("from")
    out = [frm.this] if frm is not None else []
    return out + [j.this for j in sel.args.get("joins") or []]
