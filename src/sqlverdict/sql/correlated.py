"""``x op ANY|ALL (SELECT b FROM F WHERE w)`` of a plain select as ``EXISTS`` over ``F``
itself (issue 25, round 3): ``EXISTS (SELECT 1 FROM F WHERE (w) AND (x op b))``; of a
grouped one ``EXISTS (SELECT 1 FROM F WHERE w GROUP BY g HAVING (h) AND (x op b))``: the
sub-query's WHERE and HAVING may read the outer row (a correlated derived table, the general form of
``standard.quantified_comparisons``, is one SQLite runs but the verifier does not read).

The rows of the derived table ``(SELECT b AS _c FROM F WHERE w)`` are the rows of ``F``
passing ``w``, each with its ``b``: a condition on ``_c`` over them holds for some row
exactly when ``w`` and the condition on ``b`` hold for some row of ``F``. Moving ``x`` into
the sub-query's scope must not change what its columns name: an unqualified column of
``x`` is qualified with the one outer source that has it (else the derived form stays),
and no qualifier of ``x`` may name an inner source.
"""

from __future__ import annotations

from sqlglot import exp


def _sources(sel: exp.Select) -> list[exp.Expr]:
    out = []
    frm = sel.args.get("from_") or sel.args.get("from")
    if frm is not None:
        out.append(frm.this)
    out += [j.this for j in sel.args.get("joins") or []]
    return out


def _columns_of(src: exp.Expr, schema: dict | None) -> set[str] | None:
    """The column names a FROM source offers, None when unknown."""
    if isinstance(src, exp.Table) and schema:
        cols = next((c for t, c in schema.items() if t.lower() == src.name.lower()), None)
        return None if cols is None else {c.lower() for c in cols}
    if isinstance(src, exp.Subquery) and isinstance(src.this, exp.Select):
        if src.args.get("alias") is not None and src.args["alias"].columns:
            return {c.name.lower() for c in src.args["alias"].columns}
        names = [i.alias_or_name for i in src.this.expressions]
        return None if any(n == "*" or not n for n in names) else {n.lower() for n in names}
    return None


def shape(q: exp.Expr) -> str | None:
    """``"plain"``: a select of one column whose rows are its FROM's rows passing WHERE (no
    aggregate, GROUP BY, HAVING); ``"grouped"``: one with GROUP BY, one row per group
    passing HAVING; None otherwise (LIMIT, OFFSET, window, set operation, an aggregate
    without GROUP BY). DISTINCT is read by no EXISTS."""
    if not (isinstance(q, exp.Select) and len(q.expressions) == 1 and not q.is_star):
        return None
    if any(q.args.get(k) for k in ("limit", "offset", "qualify", "with", "windows")):
        return None
    item = q.expressions[0]
    if any(isinstance(n, (exp.Window, exp.Star)) for n in item.walk()):
        return None
    if q.args.get("group"):
        return "grouped"
    if q.args.get("having") or any(isinstance(n, exp.AggFunc) for n in item.walk()):
        return None
    return "plain"


def outer_value(node: exp.Expr, x: exp.Expr, q: exp.Select, schema: dict | None):
    """``x`` with its columns qualified so that inside ``q``'s scope they name what they
    name at ``node``; None when that cannot be made sure."""
    if any(isinstance(n, (exp.Select, exp.Star)) for n in x.walk()):
        return None
    inner = {s.alias_or_name.lower(): s for s in _sources(q)}
    inner_cols = [_columns_of(s, schema) for s in inner.values()]
    outer_sel = node.find_ancestor(exp.Select)
    out = x.copy()
    for col in out.find_all(exp.Column):
        if col.table:
            if col.table.lower() in inner:
                return None  # an inner source of that name would capture it
            continue
        name = col.name.lower()
        if not any(c is None or name in c for c in inner_cols):
            continue  # no inner source has it: it names the same column inside
        if outer_sel is None:
            return None
        having = [s for s in _sources(outer_sel) if name in (_columns_of(s, schema) or set())]
        if len(having) != 1 or any(_columns_of(s, schema) is None for s in _sources(outer_sel)):
            return None
        alias = having[0].alias_or_name
        if alias.lower() in inner:
            return None
        col.set("table", exp.to_identifier(alias))
    return out


def inline_quantified(node: exp.Expr, q: exp.Expr, is_all: bool, schema: dict | None):
    """The CASE of ``standard.quantified_comparisons`` with EXISTS over ``q``'s FROM, or
    None when ``q`` is no plain select or ``x`` cannot be moved into its scope."""
    kind = shape(q)
    if kind is None:
        return None
    x = outer_value(node, node.this, q, schema)
    if x is None:
        return None
    item = q.expressions[0]
    b = item.unalias() if isinstance(item, exp.Alias) else item

    def cmp():
        return type(node)(this=x.copy(), expression=b.copy())

    def exists(cond):
        sub = q.copy()
        sub.set("expressions", [exp.Literal.number(1)])
        sub.set("distinct", None)
        clause, key = (exp.Where, "where") if kind == "plain" else (exp.Having, "having")
        old = sub.args.get(key)
        both = cond if old is None else exp.And(this=exp.Paren(this=old.this.copy()),
                                                 expression=exp.Paren(this=cond))
        sub.set(key, clause(this=both))
        return exp.Exists(this=sub)

    unknown = exp.Is(this=exp.Paren(this=cmp()), expression=exp.Null())
    decides = exp.Not(this=exp.Paren(this=cmp())) if is_all else exp.Paren(this=cmp())
    first, last = (exp.Literal.number(0), exp.Literal.number(1)) if is_all else (
        exp.Literal.number(1), exp.Literal.number(0))
    return exp.Case(ifs=[exp.If(this=exists(decides), true=first),
                         exp.If(this=exists(unknown), true=exp.Null())], default=last)
