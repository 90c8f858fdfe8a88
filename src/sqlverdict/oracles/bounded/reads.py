"""Where the two queries compute on a column, not only read its value as it is.

A column compared, sorted, grouped, counted or returned is read as it is: a value of
another storage class there behaves as one more value. Under ``||``, a text function,
LIKE, a CAST or arithmetic, SQLite converts it (a BLOB's bytes read as text, text read as a
number), which the encoding models for declared classes only. ``prover`` states
``text_columns_hold_text`` from it; ``breaks`` reads ``finite_text_domain`` with it.

A value keeps flowing under another name: through an alias (``SELECT c AS x``), a derived
table's column list (``AS s(x)``) and the positions of a compound SELECT, so a statement
computes on ``c`` when it computes on ``x`` (``Flows`` follows the names; hand-written:
sqlglot's lineage needs a qualified tree, which SQL the verifier reads without a schema
does not give).

>>> import sqlglot
>>> sorted(computed_columns(sqlglot.parse_one("SELECT a FROM t WHERE lower(b) = c || 'x'")))
['b', 'c']
>>> sorted(computed_columns(sqlglot.parse_one("SELECT x + 0 FROM (SELECT c AS x FROM t)")))
['c', 'x']
"""

from __future__ import annotations

from fractions import Fraction

from sqlglot import exp

from ...sql.standard import row_values

AS_IS = (exp.Select, exp.EQ, exp.NEQ, exp.GT, exp.GTE, exp.LT, exp.LTE, exp.Is, exp.In,
         exp.Between, exp.Ordered, exp.Order, exp.Group, exp.Max, exp.Min, exp.Count,
         exp.Distinct, exp.Paren, exp.Alias, exp.Where, exp.Having, exp.And, exp.Or, exp.Not,
         exp.Join, exp.Tuple, exp.NullSafeEQ, exp.NullSafeNEQ, exp.Coalesce, exp.Case, exp.If,
         exp.Union, exp.Intersect, exp.Except, exp.Subquery)

# carry an operand's value as it is into their own value (``flow``)
CARRIERS = (exp.Case, exp.If, exp.Coalesce, exp.Paren, exp.Max, exp.Min, exp.Subquery)
COMPUTED = "#computed"  # the node of every computed value: a column joined to it is computed on
_SETOPS = (exp.Union, exp.Intersect, exp.Except)
_COMPARISONS = (exp.EQ, exp.NEQ, exp.GT, exp.GTE, exp.LT, exp.LTE, exp.NullSafeEQ,
                exp.NullSafeNEQ, exp.Is)

# A term of a value flow: ("col", name), ("lit", Fraction), ("text",) or ("computed",)
CMP = ("computed",)
TEXT = ("text",)  # a string literal


class GiveUp(Exception):
    """The flows of a statement cannot be followed (a ``*`` over a join USING, ...)."""


class Flows:
    """Union-find over the names a statement's values flow between (column names, output
    positions, ``COMPUTED``), with the numeric literals each group of names meets."""

    def __init__(self):
        self.parent: dict[str, str] = {}
        self.consts: dict[str, set[Fraction]] = {}
        self.texts: set[str] = set()  # roots of groups that meet a string literal

    def find(self, x: str) -> str:
        self.parent.setdefault(x, x)
        while self.parent[x] != x:
            self.parent[x] = self.parent[self.parent[x]]
            x = self.parent[x]
        return x

    def union(self, a: str, b: str) -> str:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            if rb == self.find(COMPUTED):
                ra, rb = rb, ra
            self.parent[rb] = ra
            self.consts.setdefault(ra, set()).update(self.consts.pop(rb, set()))
            if rb in self.texts:
                self.texts.discard(rb)
                self.texts.add(ra)
        return ra

    def groups(self) -> dict[str, set[str]]:
        out: dict[str, set[str]] = {}
        for x in list(self.parent):
            out.setdefault(self.find(x), set()).add(x)
        return out

    def computed(self) -> set[str]:
        """The names joined to ``COMPUTED``."""
        if COMPUTED not in self.parent:
            return set()
        root = self.find(COMPUTED)
        return {x for x in self.parent if not x.startswith("#") and self.find(x) == root}

    def join(self, node: str, terms, *, meet: bool) -> None:
        """Values of ``terms`` flow into ``node``; with ``meet``, computed values and
        literals count too (they meet the node's values in a comparison or an output)."""
        for t in terms:
            if t[0] == "col":
                self.union(node, t[1])
            elif meet and t[0] == "lit":
                self.consts.setdefault(self.find(node), set()).add(t[1])
            elif meet and t[0] == "text":
                self.texts.add(self.find(node))
            elif meet:
                self.union(node, COMPUTED)

    def meet(self, terms, key: str) -> None:
        """Values of ``terms`` are compared with each other (or returned side by side)."""
        self.find(key)
        self.join(key, terms, meet=True)


def rows_as_read(tree: exp.Expr) -> exp.Expr:
    """``tree`` with the translation of ``COUNT(DISTINCT a, b)`` (the count of one text
    per row, ``sql.standard.row_key``) as ``COUNT(DISTINCT a, b)`` again: the count reads
    which rows are equal, as DISTINCT compares them (a BLOB unequal to its text, 1 equal to
    1.0), not the text it is written with.

    >>> import sqlglot
    >>> from sqlverdict.sql.dialect import to_sqlite
    >>> q = sqlglot.parse_one(to_sqlite("SELECT COUNT(DISTINCT a, b) FROM t", "postgres"))
    >>> rows_as_read(q).sql(), sorted(computed_columns(q))
    ('SELECT COUNT(DISTINCT a, b) FROM t', [])
    """
    keys = [d for d in tree.find_all(exp.Distinct)
            if len(d.expressions) == 1 and row_values(d.expressions[0]) is not None]
    if not keys:
        return tree
    tree = tree.copy()
    for d in tree.find_all(exp.Distinct):
        values = row_values(d.expressions[0]) if len(d.expressions) == 1 else None
        if values is not None:
            d.set("expressions", [v.copy() for v in values])
    return tree


def computed_columns(tree: exp.Expr) -> set[str]:
    """Names (lower case) of the columns a statement computes on, followed through
    aliases, derived tables' column lists and compound SELECT positions."""
    tree = rows_as_read(tree)
    flows = Flows()
    try:
        add_flows(tree, flows, schema=None, meet=False)
    except GiveUp:  # names only, as written
        pass
    return {c.name.lower() for c in tree.find_all(exp.Column)
            if not isinstance(c.parent, AS_IS) or _truth_value(c)} | flows.computed()


def add_flows(tree: exp.Expr, flows: Flows, *, schema, meet: bool) -> None:
    """Add the value flows of one statement: computed positions, aliases, derived column
    lists, compound SELECT positions, and with ``meet`` the values that comparisons,
    IN, BETWEEN and CASE/COALESCE bring together. ``GiveUp`` when they cannot be followed."""
    for node in tree.walk():
        if isinstance(node, exp.Column) and (not isinstance(node.parent, AS_IS)
                                             or _truth_value(node)):
            flows.union(COMPUTED, node.name.lower())
        elif isinstance(node, exp.Column) and meet and isinstance(node.parent, exp.Tuple):
            flows.union(COMPUTED, node.name.lower())  # a row value: not followed
        elif isinstance(node, CARRIERS) and not _derived(node) and (
                not isinstance(node.parent, AS_IS) or _truth_value(node)):
            # a value carried into a computation: SUM(CASE WHEN .. THEN c END), MAX(c) + 0
            flows.join(COMPUTED, flow(node, schema), meet=False)
        elif isinstance(node, exp.Alias) and isinstance(node.parent, exp.Select):
            flows.join(node.alias.lower(), flow(node.this, schema), meet=meet)
        elif isinstance(node, exp.TableAlias) and node.columns:
            _derived_columns(node, flows, schema, meet)
        elif isinstance(node, _SETOPS) and not isinstance(node.parent, _SETOPS):
            _compound(node, flows, schema, meet)
        if meet:
            _meetings(node, flows, schema)


def _derived(node: exp.Expr) -> bool:
    """A subquery read as a table (FROM, a join, EXISTS), not as a value."""
    return isinstance(node, exp.Subquery) and isinstance(
        node.parent, (exp.From, exp.Join, exp.Exists, exp.Lateral, *_SETOPS))


def _truth_value(node: exp.Expr) -> bool:
    """Is a value read as a condition (``WHERE c``, ``NOT c``, ``CASE WHEN c``)? SQLite
    converts it to a number then (``'a'`` is false, ``'1'`` true): a computation."""
    parent = node.parent
    if isinstance(parent, (exp.Where, exp.Having, exp.And, exp.Or, exp.Not)):
        return True
    if isinstance(parent, exp.If) and parent.this is node:
        return True
    return isinstance(parent, exp.Join) and parent.args.get("on") is node


def _derived_columns(alias: exp.TableAlias, flows: Flows, schema, meet: bool) -> None:
    source = alias.parent
    inner = source.this if isinstance(source, (exp.Subquery, exp.CTE)) else source
    pos = positions(inner, schema)
    if pos is None or len(pos) != len(alias.columns):
        raise GiveUp(f"the columns of {alias.sql()}")
    for ident, terms in zip(alias.columns, pos, strict=True):
        flows.join(ident.name.lower(), terms, meet=meet)


def _compound(node: exp.Expr, flows: Flows, schema, meet: bool) -> None:
    pos = positions(node, schema)
    if pos is None:
        raise GiveUp(f"the columns of {node.sql()[:60]}")
    names = _output_names(node)
    for i, terms in enumerate(pos):
        key = f"#pos{id(node)}:{i}"
        flows.find(key)
        flows.join(key, terms, meet=meet)
        if i < len(names) and names[i]:
            flows.union(key, names[i])


def _meetings(node: exp.Expr, flows: Flows, schema) -> None:
    key = f"#meet{id(node)}"
    if isinstance(node, _COMPARISONS):
        flows.meet(flow(node.this, schema) + flow(node.expression, schema), key)
    elif isinstance(node, exp.In):
        terms = flow(node.this, schema)
        for e in node.expressions:
            terms += flow(e, schema)
        if node.args.get("query") is not None:
            terms += flow(node.args["query"], schema)
        flows.meet(terms, key)
    elif isinstance(node, exp.Between):
        flows.meet(flow(node.this, schema) + flow(node.args["low"], schema)
                   + flow(node.args["high"], schema), key)
    elif isinstance(node, (exp.Coalesce, exp.Case, exp.If, exp.Max, exp.Min)):
        flows.meet(flow(node, schema), key)
        if isinstance(node, exp.Case) and node.this is not None:  # CASE x WHEN v
            flows.meet(flow(node.this, schema)
                       + [t for i in node.args.get("ifs") or [] for t in flow(i.this, schema)],
                       key + "w")


def flow(e: exp.Expr | None, schema=None) -> list[tuple]:
    """The terms whose values an expression's value can be."""
    if e is None or isinstance(e, exp.Null):
        return []
    if isinstance(e, (exp.Paren, exp.Alias)):
        return flow(e.this, schema)
    if isinstance(e, exp.Column):
        return [CMP] if isinstance(e.this, exp.Star) else [("col", e.name.lower())]
    if isinstance(e, exp.Literal) or (isinstance(e, exp.Neg) and isinstance(e.this, exp.Literal)):
        return [_literal(e)]
    if isinstance(e, exp.Boolean):
        return [("lit", Fraction(int(e.this)))]
    if isinstance(e, (exp.Max, exp.Min, exp.Coalesce)):
        return [t for a in [e.this, *e.expressions] for t in flow(a, schema)]
    if isinstance(e, exp.Case):
        return [t for i in e.args.get("ifs") or [] for t in flow(i.args.get("true"), schema)] \
            + flow(e.args.get("default"), schema)
    if isinstance(e, exp.If):
        return flow(e.args.get("true"), schema) + flow(e.args.get("false"), schema)
    if isinstance(e, exp.Subquery):
        pos = positions(e, schema)
        return pos[0] if pos is not None and len(pos) == 1 else [CMP]
    return [CMP]


def _literal(e: exp.Expr) -> tuple:
    lit, sign = (e.this, -1) if isinstance(e, exp.Neg) else (e, 1)
    if lit.is_string:
        return TEXT  # text meeting a number is converted (affinity), not read as it is
    try:
        return ("lit", sign * Fraction(lit.this))
    except (ValueError, ZeroDivisionError):
        return CMP


def positions(q: exp.Expr, schema) -> list[list[tuple]] | None:
    """Per output column of a query, the terms its values can be; None when unknown."""
    if isinstance(q, (exp.Subquery, exp.Paren)):
        return positions(q.this, schema)
    if isinstance(q, _SETOPS):
        a, b = positions(q.this, schema), positions(q.expression, schema)
        if a is None or b is None or len(a) != len(b):
            return None
        return [x + y for x, y in zip(a, b, strict=True)]
    if isinstance(q, exp.Values):
        rows = [r.expressions if isinstance(r, exp.Tuple) else [r] for r in q.expressions]
        if not rows or any(len(r) != len(rows[0]) for r in rows):
            return None
        return [[t for r in rows for t in flow(r[i], schema)] for i in range(len(rows[0]))]
    if not isinstance(q, exp.Select):
        return None
    out: list[list[tuple]] = []
    for e in q.expressions:
        if isinstance(e, exp.Star) or (isinstance(e, exp.Column) and isinstance(e.this, exp.Star)):
            stars = _star(q, e.table if isinstance(e, exp.Column) else "", schema)
            if stars is None:
                return None
            out += stars
        else:
            out.append(flow(e, schema))
    return out


def _star(q: exp.Select, table: str, schema) -> list[list[tuple]] | None:
    """The columns ``*`` (or ``table.*``) stands for: tables of the schema and derived
    tables, in order; None over a join USING or NATURAL (SQLite drops repeated columns)."""
    frm = q.args.get("from_") or q.args.get("from")
    joins = list(q.args.get("joins") or [])
    if frm is None or any(j.args.get("using") or j.args.get("kind") == "NATURAL"
                          or j.args.get("method") for j in joins):
        return None
    out: list[list[tuple]] = []
    for src in [frm.this] + [j.this for j in joins]:
        if table and src.alias_or_name.lower() != table.lower():
            continue
        if isinstance(src, exp.Table) and schema is not None and schema.has_table(src.name):
            out += [[("col", c.name.lower())] for c in schema.table(src.name).columns]
        elif isinstance(src, exp.Subquery):
            pos = positions(src, schema)
            if pos is None:
                return None
            out += pos
        else:
            return None
    return out or None


def _output_names(q: exp.Expr) -> list[str]:
    while isinstance(q, (exp.Subquery, exp.Paren) + _SETOPS):
        q = q.this
    if not isinstance(q, exp.Select):
        return []
    return [e.alias_or_name.lower() if isinstance(e, (exp.Alias, exp.Column)) else ""
            for e in q.expressions]
