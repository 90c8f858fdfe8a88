"""Standard SQL that SQLite lacks, rewritten into SQL that SQLite runs with the same meaning.

Each rule is a function named after what it removes, tree in, tree out (a copy; the input is
never changed), applied by ``to_sqlite_constructs`` to a statement parsed in its own dialect
(``sql.dialect``) before sqlglot generates SQLite:

- ``expand_grouping_sets``: ``GROUP BY ROLLUP (...)``, ``CUBE (...)``, ``GROUPING SETS
  (...)`` and MySQL's ``WITH ROLLUP`` become a ``UNION ALL`` of one ``GROUP BY`` per grouping
  set (the standard rewrite): in the branch of a set, every grouping key outside the set
  reads NULL outside aggregates, ``GROUPING(...)`` is the bit mask of the keys outside it,
  the empty set is the whole input as one group (one row even on an empty input, as the
  standard says), and ORDER BY / LIMIT move to the compound;
- ``bag_set_operations``: ``EXCEPT ALL`` and ``INTERSECT ALL`` keep a row ``max(0, m - n)``
  and ``min(m, n)`` times where it occurs ``m`` times left and ``n`` times right. Number the
  copies of each distinct row on both sides with ``ROW_NUMBER() OVER (PARTITION BY`` every
  column ``)`` and keep the left copies whose number has no (EXCEPT ALL) or has an
  (INTERSECT ALL) equal right copy; rows are compared with ``IS`` (NULLs equal, as set
  operations compare them);
- ``date_parts``: ``EXTRACT(YEAR FROM d)``, MySQL's ``YEAR(d)`` and their kin become
  ``CAST(STRFTIME('%Y', d) AS INTEGER)`` and so on: the SQLite database holds dates as ISO
  text, which is what STRFTIME reads;
- ``case_sensitive_like``: ``LIKE`` is case-sensitive in PostgreSQL, BigQuery, Snowflake,
  DuckDB and most engines, but not in SQLite (nor MySQL, SQL Server): a pattern with ASCII
  letters becomes the equivalent ``GLOB`` pattern (case-sensitive in SQLite); ``ILIKE`` is
  SQLite's ``LIKE``, which ignores the case of ASCII letters (as SQLite's ``LOWER`` does:
  neither folds other letters, where the source engine may);
- ``functions``: functions whose SQLite spelling sqlglot gets wrong or lacks: ``COUNTIF``
  (0 on no rows, where ``SUM`` gives NULL), PostgreSQL's ``CONCAT`` (NULL arguments read as
  ''), ``LEFT``/``RIGHT`` with a literal length, and ``CAST(x AS INT)``, which rounds in most
  engines where SQLite truncates; a cast to a type SQLite has no values of (INTERVAL,
  ARRAY, JSON, ...) cannot be translated; population and sample variance and deviation
  (``VAR_POP``, ``VAR_SAMP``, ``VARIANCE``, ``STDDEV``, MySQL's ``STD``, ... as sqlglot
  reads each dialect's names) as the SQLite expressions ``AVG(x * x) - AVG(x) * AVG(x)``,
  times ``COUNT(x) / (COUNT(x) - 1)`` for the sample (NULL on one row, as the standard
  says), under ``SQRT`` for the deviation (AVG, not SUM: SQLite's SUM stops on an integer
  overflow where AVG goes on in floating point);
- ``explicit_null_order``: ``ORDER BY x NULLS LAST`` where SQLite would put NULLs first (and
  ``DESC NULLS FIRST``) becomes ``ORDER BY x IS NULL, x``: the same order, in SQL that every
  SQLite version and the bounded verifier read. Keys that cannot be NULL (``COUNT``) need
  no such key.

Written by hand because sqlglot's SQLite generator passes these constructs through (SQLite
then rejects them) or refuses them (``EXCEPT ALL is not supported``).

>>> import sqlglot
>>> def show(sql, read="postgres"):
...     return to_sqlite_constructs(sqlglot.parse_one(sql, read=read)).sql("sqlite")
>>> show("SELECT a, SUM(b) FROM t GROUP BY ROLLUP (a)")
'SELECT a, SUM(b) FROM t GROUP BY a UNION ALL SELECT NULL AS a, SUM(b) FROM t'
>>> show("SELECT EXTRACT(YEAR FROM d) FROM t")
"SELECT CAST(STRFTIME('%Y', d) AS INTEGER) FROM t"
>>> show("SELECT a FROM t ORDER BY a")
'SELECT a FROM t ORDER BY a IS NULL, a'
"""

from __future__ import annotations

import itertools

from sqlglot import exp

from ..errors import UnsupportedSQL
from .correlated import inline_quantified
from .derived_counts import counted_derived
from .qualifiers import schema_qualifiers

MAX_GROUPING_SETS = 64  # CUBE of n keys has 2**n sets; beyond this the rewrite is unreadable


def to_sqlite_constructs(tree: exp.Expr, dialect: str = "postgres",
                         schema: dict | None = None) -> exp.Expr:
    """Every rule of this module, in an order where each sees what the previous produced
    (``dialect``: the one ``tree`` was read in; ``schema``: {table: {column: type}}, for
    ``SELECT *`` where a rule needs the columns)."""
    tree = case_sensitive_like(functions(schema_qualifiers(tree, schema), dialect), dialect)
    for rule in (fetch_clauses, values_column_names, date_intervals, case_branch_types,
                 lambda t: quantified_comparisons(t, schema), lambda t: lateral_joins(t, schema),
                 count_distinct_columns, date_parts, expand_grouping_sets, plain_grouping,
                 counted_derived):
        tree = rule(tree)
    if schema:
        tree = expand_bag_operand_stars(tree, schema)
    for rule in (bag_set_operations, explicit_null_order, parenthesised_operands):
        tree = rule(tree)
    return tree


# --------------------------------------------------------------------------- grouping sets


def expand_grouping_sets(tree: exp.Expr) -> exp.Expr:
    """``GROUP BY ROLLUP / CUBE / GROUPING SETS`` as a ``UNION ALL`` of plain GROUP BYs.

    >>> import sqlglot
    >>> t = sqlglot.parse_one("SELECT a, b, GROUPING(b) AS g, COUNT(*) FROM t GROUP BY a, CUBE (b) "
    ...                       "HAVING COUNT(*) > 1 ORDER BY 4 DESC", read="postgres")
    >>> print(explicit_null_order(expand_grouping_sets(t)).sql("sqlite"))
    SELECT a, b, 0 AS g, COUNT(*) FROM t GROUP BY a, b HAVING COUNT(*) > 1 UNION ALL SELECT a, NULL AS b, 1 AS g, COUNT(*) FROM t GROUP BY a HAVING COUNT(*) > 1 ORDER BY 4 DESC
    """
    tree = tree.copy()
    for sel in reversed(list(tree.find_all(exp.Select))):  # innermost first
        group = sel.args.get("group")
        if group is None or not _has_grouping_sets(group):
            continue
        new = _expand(sel, group)
        if sel is tree:
            tree = new
        else:
            sel.replace(new)
    return tree


def _has_grouping_sets(group: exp.Group) -> bool:
    return bool(group.args.get("rollup") or group.args.get("cube") or group.args.get("grouping_sets")
                or any(isinstance(e, (exp.Rollup, exp.Cube, exp.GroupingSets))
                       for e in group.expressions))


def _sets_of(element: exp.Expr) -> list[list[exp.Expr]]:
    """The grouping sets one element of a GROUP BY stands for."""
    if isinstance(element, exp.Rollup):
        keys = list(element.expressions)
        return [keys[:i] for i in range(len(keys), -1, -1)]
    if isinstance(element, exp.Cube):
        keys = list(element.expressions)
        return [[k for k, keep in zip(keys, mask, strict=True) if keep]
                for mask in itertools.product((True, False), repeat=len(keys))]
    if isinstance(element, exp.GroupingSets):
        out = []
        for s in element.expressions:
            if isinstance(s, exp.Tuple):
                out.append(list(s.expressions))
            elif isinstance(s, exp.Paren):
                out.append([s.this])
            else:
                out.append([s])
        return out
    return [[element]]


def _grouping_sets(group: exp.Group) -> list[list[exp.Expr]]:
    elements = list(group.expressions)
    plain = [e for e in elements if not isinstance(e, (exp.Rollup, exp.Cube, exp.GroupingSets))]
    if group.args.get("rollup"):  # MySQL: GROUP BY a, b WITH ROLLUP
        elements = [exp.Rollup(expressions=plain)]
    elif group.args.get("cube"):
        elements = [exp.Cube(expressions=plain)]
    for gs in group.args.get("grouping_sets") or []:
        elements.append(gs)
    sets = [[]]
    for element in elements:
        choices = _sets_of(element)
        sets = [s + c for s in sets for c in choices]
        if len(sets) > MAX_GROUPING_SETS:
            raise UnsupportedSQL("grouping sets", f"more than {MAX_GROUPING_SETS}")
    return sets


def _text(e: exp.Expr) -> str:
    """``e`` as text for comparing keys: quoting and case of identifiers ignored."""
    e = e.copy()
    for ident in e.find_all(exp.Identifier):
        ident.set("quoted", False)
    return e.sql("sqlite", normalize=True)


def _expand(sel: exp.Select, group: exp.Group) -> exp.Expr:
    if any(isinstance(w, exp.Window) for w in _local(sel)):
        raise UnsupportedSQL("window function with grouping sets")
    sets = _grouping_sets(group)
    keys: dict[str, exp.Expr] = {}
    for s in sets:
        for k in s:
            keys.setdefault(_text(k), k)
    has_agg = any(isinstance(n, exp.AggFunc) for n in _local(sel))
    order, limit, offset = sel.args.get("order"), sel.args.get("limit"), sel.args.get("offset")
    with_ = sel.args.get("with_") or sel.args.get("with")
    items = list(sel.expressions)
    branches = []
    for s in sets:
        inside = {_text(k) for k in s}
        outside = {t for t in keys if t not in inside}
        b = sel.copy()
        for arg in ("order", "limit", "offset", "with_", "with", "distinct"):
            b.set(arg, None)
        b.set("group", exp.Group(expressions=[k.copy() for k in s]) if s else None)
        new_items = []
        for original, item in zip(items, b.expressions, strict=True):
            changed = _null_outside(item, outside, [_text(k) for k in keys.values()])
            if _text(changed) != _text(original) and not isinstance(changed, exp.Alias):
                name = original.alias_or_name or _text(original)
                changed = exp.alias_(changed, name, quoted=not name.isidentifier())
            new_items.append(changed)
        b.set("expressions", new_items)
        if b.args.get("having") is not None:
            b.set("having", exp.Having(this=_null_outside(b.args["having"].this, outside,
                                                         [_text(k) for k in keys.values()])))
        if not s and not has_agg:
            # the empty grouping set without aggregates: one row, whatever the input
            for arg in ("from_", "from", "joins", "where", "group"):
                b.set(arg, None)
            having = b.args.get("having")
            b.set("having", None)
            if having is not None:
                b.set("where", exp.Where(this=having.this))
        branches.append(b)
    out: exp.Expr = branches[0]
    for b in branches[1:]:
        out = exp.Union(this=out, expression=b, distinct=bool(sel.args.get("distinct")))
    if len(branches) == 1 and sel.args.get("distinct"):
        out.set("distinct", sel.args.get("distinct"))
    if order is not None:
        out.set("order", _positional_order(order, items))
    if limit is not None:
        out.set("limit", limit)
    if offset is not None:
        out.set("offset", offset)
    if with_ is not None:
        out.set("with_" if "with_" in exp.Select.arg_types else "with", with_)
    return out


def _local(sel: exp.Select):
    """Nodes of ``sel`` outside its subqueries."""
    for node in sel.walk(prune=lambda n: n is not sel and isinstance(n, (exp.Subquery, exp.Select))):
        if node is not sel and isinstance(node, (exp.Subquery, exp.Select)):
            continue
        yield node


def _null_outside(e: exp.Expr, outside: set[str], all_keys: list[str]) -> exp.Expr:
    """``e`` with each grouping key of ``outside`` read as NULL (not inside aggregates or
    subqueries), and ``GROUPING(...)`` as its bit mask."""
    def visit(node: exp.Expr) -> exp.Expr:
        if isinstance(node, exp.Grouping):
            mask = 0
            for arg in node.expressions:
                mask = mask * 2 + (1 if _text(arg) in outside else 0)
            return exp.Literal.number(mask)
        if isinstance(node, (exp.AggFunc, exp.Subquery, exp.Select)):
            return node
        t = _text(node) if not isinstance(node, (exp.Alias, exp.Identifier)) else None
        if t is not None and t in outside:
            return exp.Null()
        for k, v in list(node.args.items()):
            if isinstance(v, exp.Expr):
                node.set(k, visit(v))
            elif isinstance(v, list):
                node.set(k, [visit(x) if isinstance(x, exp.Expr) else x for x in v])
        return node

    return visit(e.copy())


def _positional_order(order: exp.Order, items: list[exp.Expr]) -> exp.Order:
    """ORDER BY keys of a select as output positions (a compound orders by its columns)."""
    names = {i.alias_or_name.lower(): n for n, i in enumerate(items, 1) if i.alias_or_name}
    texts = {_text(i.unalias()): n for n, i in enumerate(items, 1)}
    out = []
    for o in order.expressions:
        key = o.this
        pos = None
        if isinstance(key, exp.Literal) and not key.is_string:
            pos = int(key.name)
        elif isinstance(key, exp.Column) and not key.table and key.name.lower() in names:
            pos = names[key.name.lower()]
        elif _text(key) in texts:
            pos = texts[_text(key)]
        if pos is None:
            raise UnsupportedSQL("ORDER BY of grouping sets on an expression not selected",
                                 _text(key))
        new = o.copy()
        new.set("this", exp.Literal.number(pos))
        out.append(new)
    return exp.Order(expressions=out)


# --------------------------------------------------------------------------- EXCEPT/INTERSECT ALL


def bag_set_operations(tree: exp.Expr) -> exp.Expr:
    """``EXCEPT ALL`` and ``INTERSECT ALL`` through numbered copies of rows.

    >>> import sqlglot
    >>> t = sqlglot.parse_one("SELECT a FROM t EXCEPT ALL SELECT b FROM u", read="postgres")
    >>> print(bag_set_operations(t).sql("sqlite"))
    SELECT _l.c0 AS a FROM (SELECT c0, ROW_NUMBER() OVER (PARTITION BY c0) AS _n FROM (SELECT a AS c0 FROM t) AS _lq) AS _l WHERE NOT EXISTS(SELECT 1 FROM (SELECT c0, ROW_NUMBER() OVER (PARTITION BY c0) AS _n FROM (SELECT b AS c0 FROM u) AS _rq) AS _r WHERE _r.c0 IS _l.c0 AND _r._n = _l._n)
    """
    tree = tree.copy()
    nodes = [n for n in tree.find_all(exp.Except, exp.Intersect) if n.args.get("distinct") is False]
    for i, node in enumerate(reversed(nodes)):
        tree = _replaced(tree, node, _bag_op(node, "" if len(nodes) == 1 else str(i)))
    return tree


def _replaced(tree: exp.Expr, node: exp.Expr, new: exp.Expr) -> exp.Expr:
    """``tree`` with ``node`` (one of its nodes, or itself) replaced by ``new``."""
    if node is tree:
        return new
    node.replace(new)
    return tree


def _leftmost(q: exp.Expr) -> exp.Expr:
    while isinstance(q, (exp.SetOperation, exp.Subquery)):
        q = q.this
    return q


def _output_names(q: exp.Expr) -> list[str]:
    sel = _leftmost(q)
    if not isinstance(sel, exp.Select):
        raise UnsupportedSQL("EXCEPT ALL / INTERSECT ALL of a non-SELECT operand")
    names = []
    for i in sel.expressions:
        if isinstance(i, exp.Star) or (isinstance(i, exp.Column) and isinstance(i.this, exp.Star)):
            raise UnsupportedSQL("SELECT * in an EXCEPT ALL / INTERSECT ALL operand")
        names.append(i.alias_or_name or _text(i))
    return names


def _bag_op(node: exp.SetOperation, tag: str) -> exp.Expr:
    left, right = node.this, node.expression
    names = _output_names(left)
    if len(_output_names(right)) != len(names):
        raise UnsupportedSQL("EXCEPT ALL / INTERSECT ALL of operands with different column counts")
    cols = [f"c{i}" for i in range(len(names))]
    part = ", ".join(cols)
    numbered = "SELECT {c}, ROW_NUMBER() OVER (PARTITION BY {c}) AS _n FROM (SELECT 1) AS {t}"
    same = " AND ".join([f"_r.{c} IS _l.{c}" for c in cols] + ["_r._n = _l._n"])
    keep = "NOT EXISTS" if isinstance(node, exp.Except) else "EXISTS"
    outs = ", ".join(f"_l.{c} AS {exp.to_identifier(n).sql('sqlite')}"
                     for c, n in zip(cols, names, strict=True))
    sql = (f"SELECT {outs} FROM ({numbered.format(c=part, t='_lq' + tag)}) AS _l "
           f"WHERE {keep} (SELECT 1 FROM ({numbered.format(c=part, t='_rq' + tag)}) AS _r "
           f"WHERE {same})")
    import sqlglot

    out = sqlglot.parse_one(sql, read="sqlite")
    for alias, operand in (("_lq" + tag, left), ("_rq" + tag, right)):
        sub = next(s for s in out.find_all(exp.Subquery) if s.alias == alias)
        sub.set("this", _renamed(_strip_parens(operand).copy(), cols))
    for arg in ("order", "limit", "offset"):
        if node.args.get(arg) is not None:
            out.set(arg, node.args[arg].copy())
    return out


def _renamed(q: exp.Expr, cols: list[str]) -> exp.Expr:
    """``q`` with the columns of its leftmost select (so its own) named ``cols``."""
    sel = _leftmost(q)
    sel.set("expressions", [exp.alias_(i.unalias() if isinstance(i, exp.Alias) else i, c)
                            for i, c in zip(sel.expressions, cols, strict=True)])
    return q


def _strip_parens(q: exp.Expr) -> exp.Expr:
    while isinstance(q, exp.Subquery) and not q.alias:
        q = q.this
    return q


# --------------------------------------------------------------------------- dates


_STRFTIME = {  # unit -> (format, SQL type of the part)
    "YEAR": ("%Y", "INTEGER"), "MONTH": ("%m", "INTEGER"), "DAY": ("%d", "INTEGER"),
    "HOUR": ("%H", "INTEGER"), "MINUTE": ("%M", "INTEGER"), "DOW": ("%w", "INTEGER"),
    "DAYOFWEEK_ISO": None, "DOY": ("%j", "INTEGER"), "SECOND": ("%f", "REAL"),
    "QUARTER": None, "WEEK": None, "EPOCH": None,
}


def _part(unit: str, value: exp.Expr) -> exp.Expr:
    unit = unit.upper()
    if unit == "QUARTER":  # (month + 2) / 3, integer division
        month = _part("MONTH", value)
        return exp.Div(this=exp.Paren(this=exp.Add(this=month, expression=exp.Literal.number(2))),
                       expression=exp.Literal.number(3), typed=True)
    spec = _STRFTIME.get(unit)
    if spec is None:
        raise UnsupportedSQL(f"EXTRACT({unit} FROM ...)")
    fmt, ty = spec
    call = exp.Anonymous(this="STRFTIME", expressions=[exp.Literal.string(fmt), value.copy()])
    return exp.Cast(this=call, to=exp.DataType.build(ty))


_UNIT_NODES = {exp.Year: "YEAR", exp.Month: "MONTH", exp.Day: "DAY", exp.Quarter: "QUARTER",
               exp.DayOfWeek: "DOW", exp.DayOfYear: "DOY"}


def date_parts(tree: exp.Expr) -> exp.Expr:
    """``EXTRACT(unit FROM d)``, ``YEAR(d)``, ``MONTH(d)``, ... read from ISO text with
    STRFTIME.

    >>> import sqlglot
    >>> date_parts(sqlglot.parse_one("SELECT YEAR(d), QUARTER(d) FROM t", read="mysql")).sql("sqlite")
    "SELECT CAST(STRFTIME('%Y', DATE(d)) AS INTEGER), (CAST(STRFTIME('%m', d) AS INTEGER) + 2) / 3 FROM t"
    """
    def visit(node):
        if isinstance(node, exp.Extract):
            return _part(node.this.name, node.expression)
        for cls, unit in _UNIT_NODES.items():
            if type(node) is cls:
                return _part(unit, node.this)
        return node

    return tree.copy().transform(visit)


# --------------------------------------------------------------------------- NULL order


def explicit_null_order(tree: exp.Expr) -> exp.Expr:
    """ORDER BY keys whose NULLs go where SQLite does not put them, as an extra ``IS NULL`` key
    (in SELECT and window ORDER BYs). A compound query ordered so becomes a select from it
    (a compound's ORDER BY names output columns, not expressions).

    >>> import sqlglot
    >>> t = sqlglot.parse_one("SELECT a FROM t ORDER BY a DESC NULLS FIRST, COUNT(*), b NULLS FIRST",
    ...                       read="postgres")
    >>> explicit_null_order(t).sql("sqlite")
    'SELECT a FROM t ORDER BY a IS NULL DESC, a DESC, COUNT(*), b'
    >>> t = sqlglot.parse_one("SELECT a FROM t UNION SELECT b FROM u ORDER BY 1 LIMIT 2", read="postgres")
    >>> explicit_null_order(t).sql("sqlite")
    'SELECT _c.a AS a FROM (SELECT a FROM t UNION SELECT b FROM u) AS _c ORDER BY _c.a IS NULL, _c.a LIMIT 2'
    """
    tree = tree.copy()
    for order in reversed(list(tree.find_all(exp.Order))):
        parent = order.parent
        if isinstance(parent, exp.SetOperation):
            if any(_misplaced_nulls(o, _output_of(parent, o.this)) for o in order.expressions):
                wrapped = _select_from_compound(parent)
                if wrapped is not None:
                    if parent is tree:
                        tree = wrapped
                    else:
                        parent.replace(wrapped)
                    order = wrapped.args["order"]
                else:
                    continue  # SQLite runs NULLS FIRST/LAST there
            else:
                for o in order.expressions:
                    o.set("nulls_first", not o.args.get("desc"))
                continue
        if _range_offset_window(parent) and len(order.expressions) == 1:
            continue  # one key, SQLite's own NULLS FIRST/LAST (see ``_range_offset_window``)
        keys = []
        for o in order.expressions:
            nulls_first = o.args.get("nulls_first")
            sqlite_first = not o.args.get("desc")  # NULLs are the smallest values in SQLite
            key = o.copy()
            key.set("nulls_first", sqlite_first)
            target = o.this
            if isinstance(parent, exp.Select) and _is_position(target):
                items = parent.expressions  # ORDER BY 2: the second item, as an expression
                n = int(target.name)
                if not 0 < n <= len(items) or any(i.is_star for i in items):
                    keys.append(o.copy())  # SQLite runs NULLS FIRST/LAST
                    continue
                target = items[n - 1].unalias()
            if _misplaced_nulls(o, target):
                if target is not o.this:
                    key.set("this", target.copy())
                isnull = exp.Is(this=target.copy(), expression=exp.Null())
                keys.append(exp.Ordered(this=isnull, desc=True if nulls_first else None,
                                        nulls_first=not nulls_first))
            keys.append(key)  # (the IS NULL key leaves no NULL among rows it ties)
        order.set("expressions", keys)
    return tree


def _range_offset_window(w: exp.Expr) -> bool:
    """Is ``w`` a window whose frame is RANGE with an offset (``RANGE 6 PRECEDING``)? SQLite
    requires exactly one ORDER BY key there, so an ``IS NULL`` key cannot be added; its own
    ``NULLS FIRST``/``NULLS LAST`` (SQLite 3.30+) keeps PostgreSQL's meaning, a NULL key's
    frame being its peer group of NULLs in both (``tests/sql/test_range_frames_pg.py``
    compares them on PostgreSQL 15)."""
    spec = w.args.get("spec") if isinstance(w, exp.Window) else None
    if spec is None or str(spec.args.get("kind") or "").upper() != "RANGE":
        return False
    return any(isinstance(spec.args.get(b), exp.Expr) and str(spec.args.get(f"{b}_side") or "")
               .upper() in ("PRECEDING", "FOLLOWING") and not str(spec.args.get(b)).upper()
               .startswith("UNBOUNDED") for b in ("start", "end"))


def _is_position(k: exp.Expr) -> bool:
    return isinstance(k, exp.Literal) and not k.is_string and k.name.isdigit()


def _misplaced_nulls(o: exp.Ordered, key: exp.Expr | None) -> bool:
    """Does ``o`` put NULLs where SQLite would not, on a key that may be NULL?"""
    nulls_first = o.args.get("nulls_first")
    return (nulls_first is not None and bool(nulls_first) == bool(o.args.get("desc"))
            and not _never_null(key))


def _select_from_compound(q: exp.SetOperation) -> exp.Select | None:
    """``SELECT _c.x, ... FROM (compound) AS _c ORDER BY ...`` with the compound's ORDER BY
    keys as its columns; None when a key names no output column."""
    inner = q.copy()
    sel = _leftmost(inner)
    if not isinstance(sel, exp.Select):
        return None
    names = []
    for n, item in enumerate(sel.expressions):
        name = item.alias_or_name if isinstance(item, (exp.Alias, exp.Column)) else ""
        if not name or name == "*" or name.lower() in (x.lower() for x in names):
            name = f"_c{n}"
            item.replace(exp.alias_(item.copy(), name))
        names.append(name)
    keys = []
    for o in q.args["order"].expressions:
        k = o.this
        if _is_position(k) and 0 < int(k.name) <= len(names):
            name = names[int(k.name) - 1]
        elif isinstance(k, exp.Column) and not k.table and k.name.lower() in (x.lower() for x in names):
            name = next(x for x in names if x.lower() == k.name.lower())
        else:
            return None
        new = o.copy()
        new.set("this", exp.column(name, "_c"))
        keys.append(new)
    for arg in ("order", "limit", "offset"):
        inner.set(arg, None)
    out = exp.select(*[exp.alias_(exp.column(n, "_c"), n) for n in names]).from_(
        exp.Subquery(this=inner, alias=exp.TableAlias(this=exp.to_identifier("_c"))))
    out.set("order", exp.Order(expressions=keys))
    for arg in ("limit", "offset"):
        if q.args.get(arg) is not None:
            out.set(arg, q.args[arg].copy())
    return out


def _never_null(e: exp.Expr | None) -> bool:
    return isinstance(e, exp.Count) or (isinstance(e, exp.Literal) and not _is_position(e))


def _output_of(compound: exp.Expr, key: exp.Expr) -> exp.Expr | None:
    """The select item of a compound's leftmost select that an ORDER BY key names."""
    sel = _leftmost(compound)
    if not isinstance(sel, exp.Select):
        return None
    items = sel.expressions
    if _is_position(key):
        n = int(key.name)
        return items[n - 1].unalias() if 0 < n <= len(items) else None
    if isinstance(key, exp.Column) and not key.table:
        for i in items:
            if i.alias_or_name.lower() == key.name.lower():
                return i.unalias()
    return None


# --------------------------------------------------------------------------- LIKE

# Dialects whose LIKE ignores case by default (their default collations do), as SQLite's does.
CASE_INSENSITIVE_LIKE = {"mysql", "singlestore", "doris", "starrocks", "tsql", "fabric", "sqlite"}


def case_sensitive_like(tree: exp.Expr, dialect: str) -> exp.Expr:
    """``x LIKE 'pattern'`` of a case-sensitive dialect as ``x GLOB 'glob'`` where the
    pattern has ASCII letters; ``ILIKE`` as SQLite's ``LIKE``.

    >>> import sqlglot
    >>> t = sqlglot.parse_one("SELECT a FROM t WHERE a LIKE 'Ab_%' AND b LIKE '%1%' AND c ILIKE 'x%'",
    ...                       read="postgres")
    >>> case_sensitive_like(t, "postgres").sql("sqlite")
    "SELECT a FROM t WHERE a GLOB 'Ab?*' AND b LIKE '%1%' AND c LIKE 'x%'"
    >>> t = sqlglot.parse_one("SELECT a FROM t WHERE a NOT LIKE 'A%' AND c NOT ILIKE 'x%'",
    ...                       read="postgres")
    >>> case_sensitive_like(t, "postgres").sql("sqlite")
    "SELECT a FROM t WHERE NOT a GLOB 'A*' AND NOT c LIKE 'x%'"
    """
    def visit(node):
        # sqlglot reads ``x NOT LIKE p`` as ``Like(negate=True)``: a rewrite keeps the NOT,
        # and ``x LIKE p ESCAPE e`` as ``Escape(Like, e)``
        if isinstance(node, exp.ILike) and not isinstance(node.parent, exp.Escape):
            return _negated(node, exp.Like(this=node.this, expression=node.expression))
        escaped = isinstance(node, exp.Escape) and type(node.this) is exp.Like
        like = node.this if escaped else node
        if (type(like) is not exp.Like or dialect in CASE_INSENSITIVE_LIKE
                or (not escaped and isinstance(node.parent, exp.Escape))):
            return node
        pat, esc = like.expression, node.expression if escaped else None
        if not (isinstance(pat, exp.Literal) and pat.is_string) or (
                esc is not None and not (isinstance(esc, exp.Literal) and esc.is_string
                                         and len(esc.this) == 1)):
            raise UnsupportedSQL("LIKE with a pattern or ESCAPE that is not a literal",
                                 "SQLite's LIKE ignores case; the source's does not")
        text = pat.this
        if esc is None and "\\" in text:
            raise UnsupportedSQL("LIKE pattern with a backslash", "escape rules differ")
        if not any(c.isascii() and c.isalpha() for c in text):
            return node  # no letter whose case could matter: SQLite's LIKE (and ESCAPE)
        glob = _glob(text, esc.this if esc is not None else None)
        return _negated(like, exp.Glob(this=like.this, expression=exp.Literal.string(glob)))

    return tree.copy().transform(visit)


def _glob(pattern: str, escape: str | None) -> str:
    """The GLOB pattern of a LIKE ``pattern`` (``escape``: its ESCAPE character or None):
    ``%`` is ``*``, ``_`` is ``?``, GLOB's own ``* ? [`` and every escaped character match
    themselves.

    >>> _glob("a!%b_[c*", "!")
    'a%b?[[]c[*]'
    """
    own = {"*": "[*]", "?": "[?]", "[": "[[]"}
    out, i = [], 0
    while i < len(pattern):
        c = pattern[i]
        if c == escape:
            if i + 1 == len(pattern):
                raise UnsupportedSQL("LIKE pattern ending in its ESCAPE character",
                                     "an error in PostgreSQL and Calcite")
            out.append(own.get(pattern[i + 1], pattern[i + 1]))
            i += 2
            continue
        out.append({"%": "*", "_": "?"}.get(c) or own.get(c, c))
        i += 1
    return "".join(out)


def _negated(source: exp.Expr, new: exp.Expr) -> exp.Expr:
    """``new`` under a NOT where ``source`` carries sqlglot's ``negate`` flag (``x NOT LIKE
    p`` is ``Like(negate=True)``), else ``new``."""
    return exp.Not(this=new) if source.args.get("negate") else new


# --------------------------------------------------------------------------- functions

# Engines whose CAST of a fractional number to an integer type truncates, as SQLite's does
# (the others round half away from zero).
TRUNCATING_INT_CAST = {"tsql", "fabric", "spark", "spark2", "databricks", "hive", "sqlite",
                       "clickhouse"}


# Types whose values SQLite has no counterpart for (a cast to one cannot be translated).
_NO_SQLITE_TYPE = (exp.DataType.Type.INTERVAL, exp.DataType.Type.ARRAY, exp.DataType.Type.STRUCT,
                   exp.DataType.Type.MAP, exp.DataType.Type.JSON, exp.DataType.Type.JSONB)


# sqlglot's node -> (sample, square root); it maps each dialect's names onto these nodes
# (PostgreSQL's VARIANCE and STDDEV are the sample ones, MySQL's VARIANCE and STD the population ones).
_VARIANCE = {exp.VariancePop: (False, False), exp.Variance: (True, False),
             exp.StddevPop: (False, True), exp.StddevSamp: (True, True), exp.Stddev: (True, True)}


def _variance(node: exp.Expr, sample: bool, root: bool) -> exp.Expr:
    x = node.this
    if isinstance(x, exp.Distinct) or node.expressions:
        raise UnsupportedSQL(f"{node.sql()} (variance of DISTINCT values or of several arguments)")
    avg = lambda e: exp.Avg(this=e.copy())  # noqa: E731
    square = exp.Mul(this=exp.Paren(this=x.copy()), expression=exp.Paren(this=x.copy()))
    out: exp.Expr = exp.Paren(this=exp.Sub(this=avg(square),
                                           expression=exp.Mul(this=avg(x), expression=avg(x))))
    if sample:
        n = exp.Count(this=x.copy())
        out = exp.Paren(this=exp.Div(
            this=exp.Mul(this=out, expression=n),
            expression=exp.Paren(this=exp.Sub(this=n.copy(), expression=exp.Literal.number(1)))))
    return exp.Sqrt(this=out) if root else out


def functions(tree: exp.Expr, dialect: str) -> exp.Expr:
    """Functions with the source's meaning in SQLite's spelling (see the module docstring).

    >>> import sqlglot
    >>> functions(sqlglot.parse_one("SELECT COUNTIF(a > 1), CAST(AVG(a) AS INT64) FROM t",
    ...                             read="bigquery"), "bigquery").sql("sqlite")
    'SELECT COUNT(CASE WHEN a > 1 THEN 1 END), CAST(ROUND(AVG(a)) AS INTEGER) FROM t'
    >>> functions(sqlglot.parse_one("SELECT CONCAT(a, 1), LEFT(a, 2), RIGHT(a, 3) FROM t",
    ...                             read="postgres"), "postgres").sql("sqlite")
    "SELECT COALESCE(CAST(a AS TEXT), '') || COALESCE(CAST(1 AS TEXT), ''), SUBSTR(a, 1, 2), SUBSTR(a, -3) FROM t"
    """
    def visit(node):
        if isinstance(node, exp.Cast) and node.to.is_type(*_NO_SQLITE_TYPE):
            raise UnsupportedSQL(f"CAST to {node.to.sql(dialect)}")
        if type(node) in _VARIANCE:
            return _variance(node, *_VARIANCE[type(node)])
        if isinstance(node, exp.Cast):
            cast = _exact_cast(node, dialect)
            if cast is not None:
                return cast
        if isinstance(node, exp.Anonymous):
            named = _named_function(node)
            if named is not None:
                return named
        if isinstance(node, exp.CountIf):
            case = exp.Case(ifs=[exp.If(this=node.this, true=exp.Literal.number(1))])
            return exp.Count(this=case)
        if isinstance(node, exp.Concat) and node.args.get("coalesce"):
            parts = [exp.Coalesce(this=exp.Cast(this=a, to=exp.DataType.build("TEXT")),
                                  expressions=[exp.Literal.string("")]) for a in node.expressions]
            out = parts[0]
            for part in parts[1:]:
                out = exp.DPipe(this=out, expression=part)
            return out
        if isinstance(node, (exp.Left, exp.Right)):
            n = node.expression
            if not (isinstance(n, exp.Literal) and not n.is_string and n.name.isdigit()
                    and int(n.name) > 0):
                raise UnsupportedSQL(f"{type(node).__name__.upper()} with a length that is not "
                                     "a positive literal")
            if isinstance(node, exp.Left):
                args = [node.this, exp.Literal.number(1), n]
            else:
                args = [node.this, exp.Literal.number(-int(n.name))]
            return exp.Anonymous(this="SUBSTR", expressions=args)
        if (isinstance(node, exp.Cast) and dialect not in TRUNCATING_INT_CAST
                and node.to.is_type(*exp.DataType.INTEGER_TYPES)
                and not isinstance(node.this, exp.Count)
                and not (isinstance(node.this, exp.Literal) and not node.this.is_string
                         and node.this.name.lstrip("-").isdigit())):
            rounded = exp.Anonymous(this="ROUND", expressions=[node.this])
            return exp.Cast(this=rounded, to=node.to)
        return node

    return bottom_up(tree.copy(), visit)


def bottom_up(tree: exp.Expr, visit) -> exp.Expr:
    """``tree`` with ``visit`` applied to every node, each node after its descendants, so a
    node ``visit`` builds from its children sees them already rewritten (sqlglot's
    ``transform`` does not descend into a node it replaced: ``CAST(CAST(a AS INT) AS INT)``
    kept its inner cast unrounded). Changes ``tree`` in place.

    >>> import sqlglot
    >>> t = sqlglot.parse_one("SELECT CAST(CAST(a AS INT) AS INT), CAST(LEFT(a, 2) AS INT) FROM t",
    ...                       read="postgres")
    >>> functions(t, "postgres").sql("sqlite")
    'SELECT CAST(ROUND(CAST(ROUND(a) AS INTEGER)) AS INTEGER), CAST(ROUND(SUBSTR(a, 1, 2)) AS INTEGER) FROM t'
    """
    for node in reversed(list(tree.dfs())):
        new = visit(node)
        if new is not node:
            tree = _replaced(tree, node, new)
    return tree


# --------------------------------------------------------------------------- PostgreSQL / Calcite
# Constructs PostgreSQL and Calcite share that SQLite spells otherwise or lacks
# (``to_sqlite_constructs`` applies them to every dialect: the syntax is the standard's).


def fetch_clauses(tree: exp.Expr) -> exp.Expr:
    """``FETCH FIRST|NEXT n ROW|ROWS ONLY`` is ``LIMIT n`` (``n`` omitted: 1), which sqlglot
    writes; ``WITH TIES`` and ``PERCENT`` keep rows that ``LIMIT`` does not: unsupported.

    >>> import sqlglot
    >>> t = sqlglot.parse_one("SELECT a FROM t ORDER BY a FETCH FIRST 2 ROWS WITH TIES", read="postgres")
    >>> fetch_clauses(t)
    Traceback (most recent call last):
    ...
    sqlverdict.errors.UnsupportedSQL: unsupported: FETCH ... WITH TIES (keeps the rows tied with the last one; LIMIT does not)
    """
    for f in tree.find_all(exp.Fetch):
        opts = f.args.get("limit_options")
        if opts is not None and opts.args.get("with_ties"):
            raise UnsupportedSQL("FETCH ... WITH TIES",
                                 "keeps the rows tied with the last one; LIMIT does not")
        if opts is not None and opts.args.get("percent"):
            raise UnsupportedSQL("FETCH ... PERCENT", "a share of the rows, not a count")
    return tree


def values_column_names(tree: exp.Expr) -> exp.Expr:
    """``(VALUES (10, 1), (30, 3)) AS t(x, y)``: SQLite names VALUES columns ``column1``,
    ``column2``, ... and takes no column names in a table alias, so a derived table that
    renames them.

    >>> import sqlglot
    >>> t = sqlglot.parse_one("SELECT x FROM (VALUES (10, 1), (30, 3)) AS t(x, y)", read="postgres")
    >>> values_column_names(t).sql("sqlite")
    'SELECT x FROM (SELECT column1 AS x, column2 AS y FROM (VALUES (10, 1), (30, 3))) AS t'
    """
    tree = tree.copy()
    for v in list(tree.find_all(exp.Values)):
        alias = v.args.get("alias")
        if alias is None or not alias.columns:
            continue
        first = v.expressions[0] if v.expressions else None
        n = len(first.expressions) if isinstance(first, exp.Tuple) else 1
        if len(alias.columns) != n:
            raise UnsupportedSQL("VALUES with a column list of another length",
                                 f"{len(alias.columns)} names for {n} columns")
        inner = v.copy()
        inner.set("alias", None)
        sel = exp.select(*[exp.alias_(exp.column(f"column{i + 1}"), c.copy())
                           for i, c in enumerate(alias.columns)]).from_(
            exp.Subquery(this=inner))
        v.replace(exp.Subquery(this=sel, alias=exp.TableAlias(this=alias.this.copy())))
    return tree


def parenthesised_operands(tree: exp.Expr) -> exp.Expr:
    """A set operation's operands in parentheses (with their own ORDER BY, LIMIT or a
    nested set operation), which SQLite's grammar has no room for, as ``SELECT * FROM
    (operand)``; a parenthesised plain SELECT loses the parentheses.

    >>> import sqlglot
    >>> t = sqlglot.parse_one("(SELECT a FROM t LIMIT 2) UNION ALL (SELECT b FROM u)", read="postgres")
    >>> parenthesised_operands(t).sql("sqlite")
    'SELECT * FROM (SELECT a FROM t LIMIT 2) UNION ALL SELECT b FROM u'
    """
    tree = tree.copy()
    for node in list(tree.find_all(exp.SetOperation)):
        for key in ("this", "expression"):
            op = node.args.get(key)
            if not isinstance(op, exp.Subquery) or op.alias:
                continue
            inner = op.this
            while isinstance(inner, exp.Subquery) and not inner.alias:
                inner = inner.this
            plain = isinstance(inner, exp.Select) and not any(
                inner.args.get(a) for a in ("order", "limit", "offset", "with_", "with"))
            if plain or (key == "this" and isinstance(inner, exp.SetOperation) and not any(
                    inner.args.get(a) for a in ("order", "limit", "offset"))):
                node.set(key, inner.copy())  # SQLite's compounds associate to the left
            else:
                node.set(key, exp.select("*").from_(exp.Subquery(this=inner.copy())))
    return tree


def lateral_joins(tree: exp.Expr, schema: dict | None = None) -> exp.Expr:
    """``JOIN LATERAL (subquery) AS s`` decorrelated where that is exact (anything else is
    unsupported, naming LATERAL):

    - the subquery is an aggregate without GROUP BY, HAVING, LIMIT or OFFSET, so it gives
      exactly one row per outer row: each ``s.col`` is the correlated scalar subquery of its
      item; the join is inner, cross or left with ``ON TRUE`` (one row always matches), an
      inner join's ``ON`` condition moves to WHERE;
    - the subquery selects, projects and filters tables joined by inner joins (no DISTINCT,
      aggregate, window, LIMIT): for an inner, cross or comma join its tables join the
      outer query (under fresh aliases) and its conditions move to WHERE, each ``s.col``
      being its item; a left join ``ON TRUE`` of one table whose items are its columns is
      that table left-joined on the subquery's WHERE. ``schema`` ({table: {column: type}})
      tells a subquery's own columns from outer ones where they are unqualified.

    >>> import sqlglot
    >>> t = sqlglot.parse_one("SELECT e.a, s.m FROM t AS e LEFT JOIN LATERAL (SELECT MAX(u.b) AS m "
    ...                       "FROM u WHERE u.a = e.a) AS s ON TRUE", read="postgres")
    >>> lateral_joins(t).sql("sqlite")
    'SELECT e.a, (SELECT MAX(u.b) AS m FROM u WHERE u.a = e.a) FROM t AS e'
    >>> t = sqlglot.parse_one("SELECT e.a, s.x FROM t AS e, LATERAL (SELECT u.b + 1 AS x "
    ...                       "FROM u WHERE u.a = e.a) AS s", read="postgres")
    >>> lateral_joins(t).sql("sqlite")
    'SELECT e.a, _l0_u.b + 1 FROM t AS e CROSS JOIN u AS _l0_u WHERE _l0_u.a = e.a'
    """
    tree = tree.copy()
    for n, lat in enumerate(reversed(list(tree.find_all(exp.Lateral)))):
        join = lat.parent
        if not isinstance(join, exp.Join) or lat.args.get("view"):
            raise UnsupportedSQL("LATERAL", "only a LATERAL subquery in a join is translated")
        sel = join.parent
        sub = lat.this
        inner = sub.this if isinstance(sub, exp.Subquery) else sub
        alias = lat.args.get("alias") or (sub.args.get("alias") if isinstance(sub, exp.Subquery)
                                          else None)
        why = _lateral_obstacle(join, inner, alias, sel)
        if why and why.startswith(_NOT_AGGREGATE):
            spj = _spj_lateral_obstacle(join, inner, sel, schema)
            if not spj:
                _inline_lateral(join, inner, alias, sel, n, schema)
                continue
            why = f"{why}, and {spj}"
        if why:
            raise UnsupportedSQL("LATERAL join", why)
        name = alias.name.lower()
        items = {i.alias_or_name.lower(): i for i in inner.expressions}
        cond = join.args.get("on")
        join.pop()
        if cond is not None and not (isinstance(cond, exp.Boolean) and cond.this):
            sel.where(cond, copy=False)
        for col in _references(sel, name, items):
            one = inner.copy()
            one.set("expressions", [items[col.name.lower()].copy()])
            col.replace(exp.Subquery(this=one))
    return tree


_NOT_AGGREGATE = "a LATERAL subquery that is not an aggregate"


def _references(sel: exp.Expr, name: str, items: dict) -> list[exp.Column]:
    """Columns of ``sel`` that name the LATERAL subquery ``name``'s items."""
    out = []
    for col in list(sel.find_all(exp.Column)):
        if col.table.lower() == name or (not col.table and col.name.lower() in items
                                         and _outside_subqueries(col, sel)):
            if col.name.lower() not in items:
                raise UnsupportedSQL("LATERAL join", f"no column {col.name} in {name}")
            out.append(col)
    return out


def _spj_lateral_obstacle(join: exp.Join, inner: exp.Expr, sel: exp.Expr,
                          schema: dict | None) -> str:
    """Why a LATERAL subquery that is not an aggregate cannot be inlined ('' when it can)."""
    if not isinstance(inner, exp.Select) or not isinstance(sel, exp.Select):
        return "it is not a SELECT in a SELECT"
    if any(isinstance(i, exp.Star) or i.is_star for i in sel.expressions):
        return "SELECT * over it"
    side = (join.args.get("side") or "").upper()
    joins = sel.args.get("joins") or []
    later = joins[joins.index(join) + 1:] if join in joins else []
    if side in ("RIGHT", "FULL") or join.args.get("using") or any(
            (j.args.get("side") or "").upper() in ("RIGHT", "FULL") for j in later):
        return "a RIGHT, FULL or USING join with it or after it"
    if any(inner.args.get(a) for a in ("distinct", "group", "having", "limit", "offset", "with_",
                                       "with", "qualify", "windows")):
        return "it has DISTINCT, GROUP BY, HAVING, LIMIT or OFFSET"
    local = [x for i in inner.expressions for x in _local_nodes(i)]
    if any(isinstance(x, (exp.AggFunc, exp.Window, exp.Star)) for x in local) or any(
            i.is_star for i in inner.expressions):
        return "its items hold an aggregate, a window function or *"
    frm = inner.args.get("from_") or inner.args.get("from")
    joins = inner.args.get("joins") or []
    tables = [frm.this if frm else None] + [j.this for j in joins]
    if not all(isinstance(t, exp.Table) and not t.args.get("joins") for t in tables) or any(
            (j.args.get("side") or j.args.get("method") or j.args.get("using")) for j in joins):
        return "it reads other than tables joined by inner joins"
    if (join.args.get("side") or "").upper() == "LEFT":
        cond = join.args.get("on")
        if joins or not (cond is None or (isinstance(cond, exp.Boolean) and cond.this)):
            return "a LEFT JOIN LATERAL of more than one table or with a condition"
        if not all(isinstance(i.unalias(), exp.Column) for i in inner.expressions):
            return "a LEFT JOIN LATERAL whose items are not columns"
    names = {t.alias_or_name.lower() for t in tables}
    for q in inner.find_all(exp.Select):
        if q is not inner and any(t.alias_or_name.lower() in names for t in q.find_all(exp.Table)):
            return "a nested subquery reuses one of its table names"
    if not schema:
        for col in inner.find_all(exp.Column):
            if not col.table and _outside_subqueries(col, inner):
                return "it has unqualified columns (and no schema to resolve them)"
    return ""


def _inline_lateral(join: exp.Join, inner: exp.Select, alias, sel: exp.Select, n: int,
                    schema: dict | None) -> None:
    inner = inner.copy()
    frm = inner.args.get("from_") or inner.args.get("from")
    inner_joins = inner.args.get("joins") or []
    tables = [frm.this] + [j.this for j in inner_joins]
    renames = {}
    columns = {}
    for t in tables:
        old = t.alias_or_name.lower()
        renames[old] = f"_l{n}_{old}"
        columns[old] = {c.lower() for c in (schema or {}).get(t.name.lower(), {})}
    for col in list(inner.find_all(exp.Column)):
        if col.table.lower() in renames:
            col.set("table", exp.to_identifier(renames[col.table.lower()]))
        elif not col.table and _outside_subqueries(col, inner):
            owners = [old for old, cols in columns.items() if col.name.lower() in cols]
            if len(owners) == 1:
                col.set("table", exp.to_identifier(renames[owners[0]]))
            elif len(owners) > 1:
                raise UnsupportedSQL("LATERAL join", f"ambiguous column {col.name}")
    for t in tables:
        t.set("alias", exp.TableAlias(this=exp.to_identifier(renames[t.alias_or_name.lower()])))
    conds = [j.args["on"] for j in inner_joins if j.args.get("on") is not None]
    if inner.args.get("where") is not None:
        conds.append(inner.args["where"].this)
    name = alias.name.lower()
    items = {i.alias_or_name.lower(): i.unalias() for i in inner.expressions}
    for col in _references(sel, name, items):
        col.replace(items[col.name.lower()].copy())
    outer_cond = join.args.get("on")
    if outer_cond is not None and not (isinstance(outer_cond, exp.Boolean) and outer_cond.this):
        conds.append(outer_cond)
    joins = sel.args["joins"]
    at = joins.index(join)
    if (join.args.get("side") or "").upper() == "LEFT":
        on = exp.and_(*conds) if conds else exp.Boolean(this=True)
        new = [exp.Join(this=tables[0], side="LEFT", on=on)]
    else:
        new = [exp.Join(this=t, kind="CROSS") for t in tables]
        for c in conds:
            sel.where(exp.Paren(this=c.copy()) if isinstance(c, exp.Or) else c.copy(), copy=False)
    sel.set("joins", joins[:at] + new + joins[at + 1:])


def _outside_subqueries(col: exp.Expr, sel: exp.Expr) -> bool:
    node = col.parent
    while node is not None and node is not sel:
        if isinstance(node, (exp.Select, exp.Subquery)):
            return False
        node = node.parent
    return True


def _lateral_obstacle(join: exp.Join, inner: exp.Expr, alias, sel) -> str:
    """Why the LATERAL join cannot be decorrelated exactly ('' when it can)."""
    if alias is None or not alias.name or (alias.columns if alias else None):
        return "a LATERAL subquery needs an alias without a column list"
    if not isinstance(sel, exp.Select):
        return "LATERAL outside a SELECT"
    if not isinstance(inner, exp.Select):
        return "a LATERAL set operation"
    if any(inner.args.get(a) for a in ("group", "having", "limit", "offset", "with_", "with")):
        return "a LATERAL subquery with GROUP BY, HAVING, LIMIT or OFFSET may give other than one row"
    if not inner.expressions or not all(
            any(isinstance(n, exp.AggFunc) for n in _local_nodes(i)) for i in inner.expressions):
        return _NOT_AGGREGATE + " gives any number of rows"
    if any(isinstance(n, exp.Window) for n in _local_nodes(inner)):
        return "a LATERAL subquery with a window function"
    if any(isinstance(i, exp.Star) or i.is_star for i in sel.expressions):
        return "SELECT * over a LATERAL join"
    side = (join.args.get("side") or "").upper()
    cond = join.args.get("on")
    true = cond is None or (isinstance(cond, exp.Boolean) and cond.this)
    if side in ("RIGHT", "FULL") or (side == "LEFT" and not true):
        return f"a {side} JOIN LATERAL with a condition"
    if join.args.get("using"):
        return "JOIN LATERAL ... USING"
    joins = sel.args.get("joins") or []
    later = joins[joins.index(join) + 1:] if join in joins else []
    if not true and any((j.args.get("side") or "").upper() in ("RIGHT", "FULL") for j in later):
        return "an inner JOIN LATERAL before a RIGHT or FULL join"
    return ""


def _local_nodes(e: exp.Expr):
    """Nodes of ``e`` outside its subqueries."""
    for node in e.walk(prune=lambda n: n is not e and isinstance(n, (exp.Subquery, exp.Select))):
        if node is not e and isinstance(node, (exp.Subquery, exp.Select)):
            continue
        yield node


def count_distinct_columns(tree: exp.Expr) -> exp.Expr:
    """``COUNT(DISTINCT a, b)``: the distinct rows of non-NULL ``(a, b)``, which SQLite's
    one-argument ``COUNT(DISTINCT ...)`` counts as one text per row (``row_key``) that is
    equal exactly when the rows are. NULL when any value is NULL, so not counted.

    >>> import sqlglot
    >>> t = sqlglot.parse_one("SELECT COUNT(DISTINCT a, b + 1) FROM t", read="postgres")
    >>> print(count_distinct_columns(t).sql("sqlite")[:66])
    SELECT COUNT(DISTINCT CASE WHEN NOT (a IS NULL OR (b + 1) IS NULL)
    """
    tree = tree.copy()
    for c in list(tree.find_all(exp.Count)):
        d = c.this
        if not isinstance(d, exp.Distinct) or len(d.expressions) < 2:
            continue
        c.set("this", exp.Distinct(expressions=[row_key(d.expressions)]))
    return tree


def _operand(a: exp.Expr) -> str:
    return a.sql("sqlite") if isinstance(a, exp.Column) else f"({a.sql('sqlite')})"


def _value_key(x: str) -> str:
    return (f"CASE WHEN TYPEOF({x}) = 'real' AND {x} = CAST({x} AS INTEGER) "
            f"THEN QUOTE(CAST({x} AS INTEGER)) WHEN TYPEOF({x}) = 'text' THEN 'T' || HEX({x}) "
            f"ELSE QUOTE({x}) END")


def row_key(args: list[exp.Expr]) -> exp.Expr:
    """The text that ``COUNT(DISTINCT a, b)`` counts for the row ``(a, b)``: NULL when any
    value is NULL; else each value's text joined by commas, where two values have the same
    text exactly when SQLite's DISTINCT takes them as one (``1`` and ``1.0``, not ``'1'``):
    an integer, or a real with an integral value, as the integer's digits (``QUOTE``); any
    other real as ``QUOTE`` writes it (a decimal point or an exponent; SQLite writes as many
    digits as read the same real back); a text as ``T`` and the hex of its bytes (``QUOTE``
    stops at a NUL byte, DISTINCT does not); a BLOB as ``X'..'``. No text holds a comma, so
    the row's text is read back one value at a time. ``row_values`` recognises it.

    >>> print(row_key([exp.column("a"), exp.column("b")]).sql("sqlite")[:40])
    CASE WHEN NOT (a IS NULL OR b IS NULL) T
    """
    import sqlglot

    xs = [_operand(a) for a in args]
    nulls = " OR ".join(f"{x} IS NULL" for x in xs)
    key = " || ',' || ".join(_value_key(x) for x in xs)
    return sqlglot.parse_one(f"CASE WHEN NOT ({nulls}) THEN {key} END", read="sqlite")


def row_values(key: exp.Expr) -> list[exp.Expr] | None:
    """The values ``(a, b, ...)`` when ``key`` is exactly ``row_key``'s text for them (as
    SQLite prints both), else None: the verifier reads ``COUNT(DISTINCT key)`` as the count
    of distinct rows, which is what that text means whoever wrote it.

    >>> import sqlglot
    >>> [a.sql() for a in row_values(row_key([exp.column("a"), sqlglot.parse_one("b + 1")]))]
    ['a', 'b + 1']
    >>> row_values(sqlglot.parse_one("CASE WHEN NOT (a IS NULL OR b IS NULL) THEN a || b END"))
    """
    ifs = key.args.get("ifs") if isinstance(key, exp.Case) else None
    if not ifs or len(ifs) != 1 or key.args.get("default") is not None:
        return None
    cond = ifs[0].this
    if not (isinstance(cond, exp.Not) and isinstance(cond.this, exp.Paren)):
        return None
    tests, stack = [], [cond.this.this]
    while stack:  # the OR chain, left to right
        t = stack.pop()
        if isinstance(t, exp.Or):
            stack += [t.expression, t.this]
        else:
            tests.append(t)
    if len(tests) < 2 or not all(isinstance(t, exp.Is) and isinstance(t.expression, exp.Null)
                                 for t in tests):
        return None
    args = [t.this.this if isinstance(t.this, exp.Paren) else t.this for t in tests]
    if row_key(args).sql("sqlite") != key.sql("sqlite"):
        return None
    return args


def plain_grouping(tree: exp.Expr) -> exp.Expr:
    """``GROUPING(k)`` in a GROUP BY without grouping sets (after ``expand_grouping_sets``)
    is 0: every key is grouped by. A ``GROUPING`` of something not grouped by is an error
    in the source, unsupported here.

    >>> import sqlglot
    >>> t = sqlglot.parse_one("SELECT a, GROUPING(a), COUNT(*) FROM t GROUP BY a", read="postgres")
    >>> plain_grouping(t).sql("sqlite")
    'SELECT a, 0, COUNT(*) FROM t GROUP BY a'
    """
    tree = tree.copy()
    for g in list(tree.find_all(exp.Grouping)):
        sel = g.find_ancestor(exp.Select)
        group = sel.args.get("group") if sel is not None else None
        keys = {_text(k) for k in group.expressions} if group is not None else set()
        if not g.expressions or any(_text(a) not in keys for a in g.expressions):
            raise UnsupportedSQL("GROUPING of an expression not grouped by", _text(g))
        g.replace(exp.Literal.number(0))
    return tree


_DAYS = {"DAY": 1, "DAYS": 1, "WEEK": 7, "WEEKS": 7}
_MONTHS = {"MONTH": 1, "MONTHS": 1, "YEAR": 12, "YEARS": 12}
_CLOCK_UNITS = {"HOUR": "hours", "HOURS": "hours", "MINUTE": "minutes", "MINUTES": "minutes",
                "SECOND": "seconds", "SECONDS": "seconds"}


def date_intervals(tree: exp.Expr) -> exp.Expr:
    """``date ± INTERVAL 'n' unit`` (DAY, WEEK, MONTH, YEAR, HOUR, MINUTE, SECOND; either
    operand order for ``+``) on ISO text. A constant date (``DATE '1993-01-01'``, PostgreSQL's
    ``date('1994-01-01 +08')``, whose zone a date ignores) gives the date itself; otherwise
    SQLite's ``DATE(d, '+n days')`` for ISO dates (10 characters) and ``DATETIME(d, ...)``
    for timestamps, which keeps the time of day (to the second). Months and years end on
    the month's last day where the day does not exist (``DATE '1993-01-31' + INTERVAL '1'
    MONTH`` is 1993-02-28, where SQLite's ``+1 month`` gives March 3rd). Hours, minutes and
    seconds give ``DATETIME(d, ...)``. The result is a date, compared as ISO text with dates (PostgreSQL
    makes it a timestamp at midnight, equal to that date).

    >>> import sqlglot
    >>> t = sqlglot.parse_one("SELECT DATE '1993-01-31' + INTERVAL '1' MONTH, d - INTERVAL '90' DAY FROM t",
    ...                       read="postgres")
    >>> date_intervals(t).sql("sqlite")
    "SELECT '1993-02-28', CASE WHEN LENGTH(d) = 10 THEN DATE(d, '-90 days') ELSE DATETIME(d, '-90 days') END FROM t"
    >>> date_intervals(sqlglot.parse_one("SELECT date('1994-01-01 +08')", read="postgres")).sql("sqlite")
    "SELECT DATE('1994-01-01')"
    """
    def visit(node):
        day = _constant_date(node)
        if day is not None and node.this.name.strip() != day.isoformat():
            out = node.copy()  # date('1994-01-01 +08'): SQLite's DATE reads no zone
            out.set("this", exp.Literal.string(day.isoformat()))
            return out
        if not isinstance(node, (exp.Add, exp.Sub)):
            return node
        left, right = node.this, node.expression
        if isinstance(left, exp.Interval) and isinstance(node, exp.Add):
            left, right = right, left
        if not isinstance(right, exp.Interval):
            if isinstance(left, exp.Interval):
                raise UnsupportedSQL("INTERVAL minus a date")
            return node
        n, unit = _interval(right)
        if isinstance(node, exp.Sub):
            n = -n
        return _shift(left, n, unit)

    return tree.copy().transform(visit)


def _interval(iv: exp.Interval) -> tuple[int, str]:
    q, unit = iv.this, iv.args.get("unit")
    text = q.name.strip() if isinstance(q, exp.Literal) else None
    u = unit.name.upper() if unit is not None else ""
    if text is not None and not u and len(text.split()) == 2:  # INTERVAL '3 months'
        text, u = text.split()[0], text.split()[1].upper()
    if text is None or not text.lstrip("+-").isdigit() or isinstance(unit, exp.IntervalSpan):
        raise UnsupportedSQL(f"INTERVAL {iv.sql('postgres')}",
                             "only a whole number of one unit is translated")
    if u not in _DAYS and u not in _MONTHS and u not in _CLOCK_UNITS:
        raise UnsupportedSQL(f"INTERVAL of {u or 'no unit'}")
    return int(text), u


def _constant_date(e: exp.Expr):
    import datetime
    import re

    if isinstance(e, (exp.Cast, exp.TsOrDsToDate, exp.Date, exp.StrToDate)) and (
            not isinstance(e, exp.Cast) or e.to.is_type(exp.DataType.Type.DATE)):
        arg = e.this
        if isinstance(arg, exp.Literal) and arg.is_string:
            m = re.fullmatch(r"\s*(\d{4})-(\d{2})-(\d{2})(\s+[+-]\d{1,2}(:?\d{2})?)?\s*", arg.this)
            if m:
                try:
                    return datetime.date(int(m[1]), int(m[2]), int(m[3]))
                except ValueError:
                    return None
    return None


def _shift(d: exp.Expr, n: int, unit: str) -> exp.Expr:
    import calendar
    import datetime

    day = _constant_date(d)
    lit = exp.Literal.string
    if unit in _CLOCK_UNITS:
        return exp.Anonymous(this="DATETIME", expressions=[
            d.copy(), lit(f"{n:+d} {_CLOCK_UNITS[unit]}")])
    if day is not None:
        if unit in _DAYS:
            return lit((day + datetime.timedelta(days=n * _DAYS[unit])).isoformat())
        months = day.year * 12 + day.month - 1 + n * _MONTHS[unit]
        y, m = divmod(months, 12)
        if not 1 <= y <= 9999:
            raise UnsupportedSQL("a date out of range")
        return lit(datetime.date(y, m + 1, min(day.day, calendar.monthrange(y, m + 1)[1]))
                   .isoformat())
    # a date (10 characters) stays a date, a timestamp keeps its time of day
    is_date = exp.EQ(this=exp.Length(this=d.copy()), expression=exp.Literal.number(10))

    def call(fn, *mods):
        return exp.Anonymous(this=fn, expressions=[d.copy(), *[lit(m) for m in mods]])

    def either(*mods):
        return exp.Case(ifs=[exp.If(this=is_date.copy(), true=call("DATE", *mods))],
                        default=call("DATETIME", *mods))

    if unit in _DAYS:
        return either(f"{n * _DAYS[unit]:+d} days")
    step = f"{n * _MONTHS[unit]:+d} months"
    same_day = exp.EQ(this=exp.Anonymous(this="STRFTIME", expressions=[lit("%d"), call("DATE", step)]),
                      expression=exp.Anonymous(this="STRFTIME", expressions=[lit("%d"), d.copy()]))
    # the day overflowed into the next month: that month's start, less a day (and the time)
    last = call("DATE", step, "start of month", "-1 day")
    time = exp.Case(ifs=[exp.If(this=is_date.copy(), true=lit(""))],
                    default=exp.DPipe(this=lit(" "), expression=exp.Anonymous(
                        this="TIME", expressions=[d.copy()])))
    return exp.Case(ifs=[exp.If(this=same_day, true=either(step))],
                    default=exp.DPipe(this=last, expression=time))


def expand_bag_operand_stars(tree: exp.Expr, schema: dict) -> exp.Expr:
    """``SELECT *`` in an ``EXCEPT ALL`` / ``INTERSECT ALL`` operand as its columns, read
    from ``schema`` ({table: {column: type}}), so that ``bag_set_operations`` can number them.

    >>> import sqlglot
    >>> t = sqlglot.parse_one("SELECT * FROM t EXCEPT ALL SELECT * FROM t WHERE a > 1", read="postgres")
    >>> expand_bag_operand_stars(t, {"t": {"a": "INT", "b": "TEXT"}}).sql("sqlite")
    'SELECT t.a AS a, t.b AS b FROM t AS t EXCEPT ALL SELECT t.a AS a, t.b AS b FROM t AS t WHERE t.a > 1'
    """
    from sqlglot.errors import SqlglotError
    from sqlglot.optimizer.qualify import qualify

    tree = tree.copy()
    for node in list(tree.find_all(exp.Except, exp.Intersect)):
        if node.args.get("distinct") is not False:
            continue
        for key in ("this", "expression"):
            sel = _strip_parens(node.args[key])
            if not isinstance(sel, exp.Select) or not any(
                    isinstance(i, exp.Star) or (isinstance(i, exp.Column) and isinstance(i.this, exp.Star))
                    for i in sel.expressions):
                continue
            try:
                done = qualify(sel.copy(), schema=schema, dialect="postgres",
                               quote_identifiers=False, validate_qualify_columns=False)
            except (SqlglotError, KeyError, ValueError):
                continue  # bag_set_operations names the construct
            sel.replace(done)
    return tree


def _exact_cast(node: exp.Cast, dialect: str) -> exp.Expr | None:
    """Casts whose meaning sqlglot's SQLite spelling changes. ``NUMERIC``/``DECIMAL`` are
    SQLite's 8-byte reals (as sqlglot writes them: division is not integer division),
    exact for integers up to 2**53 and for the decimals a real holds; a scale rounds, as
    ``ROUND(x, s)`` does (half away from zero), and scale 0 (``DECIMAL(p)``, Calcite's
    ``DECIMAL``) is ``ROUND(x)``. ``VARCHAR(n)`` cuts the text to ``n`` characters;
    ``CHAR(n)`` pads with blanks that comparisons ignore (unsupported). None for the others.

    >>> import sqlglot
    >>> t = sqlglot.parse_one("SELECT CAST(a AS DECIMAL(10, 2)), CAST(b AS VARCHAR(3)) FROM t", read="postgres")
    >>> functions(t, "postgres").sql("sqlite")
    'SELECT ROUND(a, 2), SUBSTR(CAST(b AS TEXT), 1, 3) FROM t'
    """
    to = node.to
    if dialect in ("sqlite", "sqliteasrun"):
        return None
    params = [p.this for p in to.expressions if isinstance(p, exp.DataTypeParam)]
    if to.is_type(exp.DataType.Type.DECIMAL, exp.DataType.Type.BIGDECIMAL):
        if not params and dialect != "calcite":  # PostgreSQL's NUMERIC: no rounding
            return exp.Cast(this=node.this.copy(), to=exp.DataType.build("REAL"))
        scale = params[1] if len(params) > 1 else exp.Literal.number(0)
        if not (isinstance(scale, exp.Literal) and scale.name.isdigit()):
            raise UnsupportedSQL(f"CAST to {to.sql(dialect)}")
        args = [node.this.copy()] + ([scale.copy()] if int(scale.name) else [])
        return exp.Anonymous(this="ROUND", expressions=args)
    if to.is_type(exp.DataType.Type.VARCHAR, exp.DataType.Type.NVARCHAR) and params:
        text = exp.Cast(this=node.this.copy(), to=exp.DataType.build("TEXT"))
        return exp.Anonymous(this="SUBSTR", expressions=[text, exp.Literal.number(1),
                                                         params[0].copy()])
    if to.is_type(exp.DataType.Type.CHAR, exp.DataType.Type.NCHAR):
        x = node.this
        if (isinstance(x, exp.Literal) and x.is_string and len(params) == 1
                and params[0].name.isdigit() and len(x.this) == int(params[0].name)
                and not x.this.endswith(" ")):
            return x.copy()  # CAST('abc' AS CHAR(3)): nothing to pad or cut
        raise UnsupportedSQL(f"CAST to {to.sql(dialect)}",
                             "pads with blanks that comparisons ignore; SQLite's text does not")
    return None


def _named_function(node: exp.Anonymous) -> exp.Expr | None:
    """Functions sqlglot does not know, by name: ``ROW(a, b)`` (a row value),
    ``POSITIVE(x)`` (Spark's unary plus: ``x``), ``UNIX_TIMESTAMP(ts)`` (seconds since
    1970-01-01 00:00:00 of an ISO text read as UTC), ``EVERY(b)`` (the standard's name of
    PostgreSQL's ``BOOL_AND``); ``SINGLE_VALUE`` is named as unsupported. None for the others."""
    name, args = node.name.upper(), node.expressions
    if name == "ROW" and args:
        return exp.Tuple(expressions=[a.copy() for a in args])
    if name == "POSITIVE" and len(args) == 1:
        return exp.Paren(this=args[0].copy())
    if name == "UNIX_TIMESTAMP" and len(args) == 1:
        secs = exp.Anonymous(this="STRFTIME", expressions=[exp.Literal.string("%s"), args[0].copy()])
        return exp.Cast(this=secs, to=exp.DataType.build("INTEGER"))
    if name == "EVERY" and len(args) == 1:
        return exp.LogicalAnd(this=args[0].copy())
    if name == "SINGLE_VALUE":
        raise UnsupportedSQL("SINGLE_VALUE", "an error on more than one row; SQLite has no error "
                             "to raise (a scalar subquery there takes the first row)")
    return None


def case_branch_types(tree: exp.Expr) -> exp.Expr:
    """A ``CASE`` whose results mix number literals and string literals: the string
    literals take the numbers' type, as PostgreSQL and Calcite give an untyped literal the
    type of the other branches (``ELSE '2'`` is the integer 2, where SQLite would keep the
    text '2'); a string that is not such a number is an error there, unsupported here.

    >>> import sqlglot
    >>> t = sqlglot.parse_one("SELECT CASE WHEN a > 1 THEN 1 ELSE '2' END FROM t", read="postgres")
    >>> case_branch_types(t).sql("sqlite")
    'SELECT CASE WHEN a > 1 THEN 1 ELSE 2 END FROM t'
    """
    import re

    def number(e):
        e = e.this if isinstance(e, exp.Neg) else e
        return isinstance(e, exp.Literal) and not e.is_string

    def visit(node):
        if not isinstance(node, exp.Case):
            return node
        results = [i.args.get("true") for i in node.args.get("ifs") or []]
        results.append(node.args.get("default"))
        results = [r for r in results if r is not None]
        nums = [r for r in results if number(r)]
        texts = [r for r in results if isinstance(r, exp.Literal) and r.is_string]
        if not nums or not texts:
            return node
        integral = all("." not in r.sql() and "e" not in r.sql().lower() for r in nums)
        form = r"\s*[+-]?\d+\s*" if integral else r"\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*"
        for t in texts:
            if not re.fullmatch(form, t.this):
                raise UnsupportedSQL("CASE mixing numbers and text",
                                     f"{t.sql()} is not a number of the other branches' type")
            t.replace(exp.Literal.number(t.this.strip()))
        return node

    return tree.copy().transform(visit)


_QUANTIFIED = (exp.EQ, exp.NEQ, exp.GT, exp.GTE, exp.LT, exp.LTE)


def quantified_comparisons(tree: exp.Expr, schema: dict | None = None) -> exp.Expr:
    """``x op ANY|SOME (subquery)`` and ``x op ALL (subquery)``, which SQLite lacks, with
    the standard's three-valued meaning: ``= ANY`` is ``IN``, ``<> ALL`` is ``NOT IN``; the
    others are TRUE (ANY: some row compares true; ALL: no row compares false and none
    unknown), FALSE, or NULL when no row decides, as a ``CASE`` over ``EXISTS``: over the
    sub-query's own FROM where it is a plain select (``correlated.inline_quantified``: its
    WHERE may read the outer row), else over it as a derived table.

    >>> import sqlglot
    >>> t = sqlglot.parse_one("SELECT a FROM t WHERE a > ALL (SELECT b FROM u)", read="postgres")
    >>> print(quantified_comparisons(t).sql("sqlite"))
    SELECT a FROM t WHERE CASE WHEN EXISTS(SELECT 1 FROM (SELECT b AS _c FROM u) AS _q WHERE NOT a > _q._c) THEN 0 WHEN EXISTS(SELECT 1 FROM (SELECT b AS _c FROM u) AS _q WHERE (a > _q._c) IS NULL) THEN NULL ELSE 1 END
    """
    def visit(node):
        if not isinstance(node, _QUANTIFIED) or not isinstance(node.expression, (exp.All, exp.Any)):
            return node
        quant, x = node.expression, node.this
        q = quant.this
        while isinstance(q, exp.Subquery) and not q.alias:
            q = q.this
        if not isinstance(q, (exp.Select, exp.SetOperation)):
            raise UnsupportedSQL(f"{type(quant).__name__.upper()} of a list, not a subquery")
        first = _leftmost(q)
        if not isinstance(first, exp.Select) or len(first.expressions) != 1 or first.is_star:
            raise UnsupportedSQL(f"{type(quant).__name__.upper()} of a subquery without one column")
        is_all = isinstance(quant, exp.All)
        if isinstance(node, exp.EQ) and not is_all:
            return exp.In(this=x.copy(), query=exp.Subquery(this=q.copy()))
        if isinstance(node, exp.NEQ) and is_all:
            return exp.Not(this=exp.In(this=x.copy(), query=exp.Subquery(this=q.copy())))

        inlined = inline_quantified(node, q, is_all, schema)
        if inlined is not None:
            return inlined

        def exists(where):
            inner = _renamed(q.copy(), ["_c"])
            sel = exp.select("1").from_(exp.Subquery(this=inner, alias=exp.TableAlias(
                this=exp.to_identifier("_q")))).where(where)
            return exp.Exists(this=sel)

        def cmp():
            return type(node)(this=x.copy(), expression=exp.column("_c", "_q"))

        unknown = exp.Is(this=exp.Paren(this=cmp()), expression=exp.Null())
        decides = exp.Not(this=cmp()) if is_all else cmp()
        first_result, last = (exp.Literal.number(0), exp.Literal.number(1)) if is_all else (
            exp.Literal.number(1), exp.Literal.number(0))
        return exp.Case(ifs=[exp.If(this=exists(decides), true=first_result),
                             exp.If(this=exists(unknown), true=exp.Null())], default=last)

    return tree.copy().transform(visit)
