"""Lowering of the FROM clause: tables, CTE references, derived tables, VALUES, joins
(USING and NATURAL through the ON condition ``qualify`` writes), canonical aliases."""

from __future__ import annotations

from sqlglot import exp

from ....errors import InputError, UnsupportedSQL
from .affinity import _aff, _as_value, _join_ty, _mixed, _nonzero_int, _ty, column_type
from .kinds import JoinKind, Ty
from .nodes import Derived, Join, Query, Scan, SetOp, Values
from .walk import _arm, _arms, _free_aliases, _names, defined_aliases, realias

USING_MARK = "sqlverdict_using"  # meta flag on joins written with USING or NATURAL


def _merge_using(join: exp.Join, merged: dict[str, list[str]]) -> None:
    """Record the tables of each merged column of a USING/NATURAL join, from the ON
    condition ``qualify`` wrote for it (``l.c = r.c``, ``COALESCE(a.c, b.c) = r.c``)."""
    for eq in join.args["on"].find_all(exp.EQ):
        right = eq.expression
        if not (isinstance(right, exp.Column) and right.table):
            continue
        name = right.name.lower()
        tables = merged.setdefault(name, [])
        for c in [*eq.this.find_all(exp.Column), right]:
            if c.name.lower() == name and c.table and c.table.lower() not in tables:
                tables.append(c.table.lower())


class _FromClause:
    """Mixin of ``_Lowerer``: the FROM clause."""

    def from_joins(self, node: exp.Select, scope, outer):
        """The FROM clause of ``node``: its first item joined with the others, in order
        (``scope`` receives each item's alias and columns)."""
        if not node.args.get("from_"):
            return None
        return self.joined(node.args["from_"].this, node.args.get("joins") or [], scope, outer)

    def joined(self, first, joins, scope, outer):
        """``first`` joined with each of ``joins`` in order (a FROM clause, or the inside of a
        parenthesised join: its aliases are visible outside, so it shares ``scope``)."""
        source = self.from_item(first, scope, outer)
        for j in joins:
            right = self.from_item(j.this, scope, outer)
            side = (j.side or "").upper()
            kind = (j.kind or "").upper()
            if j.args.get("using"):
                raise UnsupportedSQL("JOIN USING")
            if side in ("LEFT", "RIGHT", "FULL"):
                jk = JoinKind(side.lower())
            elif kind in ("", "INNER", "CROSS"):
                jk = JoinKind.INNER
            else:
                raise UnsupportedSQL(f"{kind} JOIN")
            env = [scope] + outer
            if j.meta.get(USING_MARK):
                _merge_using(j, self.merged.setdefault(id(scope), {}))
            on = self.pred(j.args["on"], env) if j.args.get("on") else None
            source = Join(jk if on is not None or jk != JoinKind.INNER else JoinKind.CROSS, source, right, on)
        return source

    def from_item(self, node, scope, outer):
        if isinstance(node, exp.Table) and node.name.lower() in self.ctes and not node.args.get("db"):
            q = self.cte_reference(node.name.lower())
            alias = (node.alias or node.name).lower()
            names = _names(q)
            canon = self.canonical(node.name.lower())
            scope[alias] = (canon, self.derived_columns(q, canon, names))
            return Derived(q, canon, tuple(names))
        if isinstance(node, exp.Table):
            if node.args.get("db") or not isinstance(node.this, exp.Identifier):
                raise UnsupportedSQL("table expression")
            name = node.name
            if not self.schema.has_table(name):
                raise InputError(f"no such table: {name}")
            t = self.schema.table(name)
            alias = (node.alias or name).lower()
            cols = tuple((c.name.lower(),) + column_type(c.type) for c in t.columns)
            canon = self.canonical(t.name.lower())
            scope[alias] = (canon, {c[0]: (c[1], c[2]) for c in cols})
            self.out.tables.add(t.name.lower())
            return Scan(t.name.lower(), canon, cols)
        if isinstance(node, exp.Values):
            return self.values(node, scope, outer)
        if isinstance(node, exp.Subquery) and node.this.args.get("joins") and not isinstance(
                node.this, exp.Query):
            # a parenthesised join, ``a JOIN (b JOIN c ON ...) ON ...``: sqlglot reads it as a
            # subquery of a table that carries the joins
            if node.alias:
                raise UnsupportedSQL("a parenthesised join with an alias")
            first = node.this.copy()
            joins = first.args.pop("joins")
            return self.joined(first, joins, scope, outer)
        if isinstance(node, exp.Subquery):
            q = self.query(node.this, outer)
            if _free_aliases(q):
                raise UnsupportedSQL("correlated derived table")
            alias = (node.alias or "").lower()
            names = _names(q)
            canon = self.canonical("(derived)")
            scope[alias] = (canon, self.derived_columns(q, canon, names))
            return Derived(q, canon, tuple(names))
        raise UnsupportedSQL(f"FROM {type(node).__name__.lower()}")

    def derived_columns(self, q: Query, canon: str, names) -> dict[str, tuple[str, str | None]]:
        """(type, affinity) of each output column of a derived table or CTE: the class
        its rows hold (of every arm of a compound; NULL arms aside). A column that holds
        integers on some rows and reals on others is typed ``real`` and recorded in
        ``self.mixed`` (see ``_mixed``). A column of a compound whose arms show it with
        different affinities is recorded in ``self.split_affinity``: SQLite 3.40 compares it
        under the left-most arm's affinity in a select list but, the WHERE pushed down into
        the arms, under neither one rule nor the other in a WHERE (``(SELECT d .. UNION ALL
        SELECT d + 0 ..) AS t WHERE t.k = '5'`` keeps the row of the first arm only), so a
        comparison that converts text and numbers is refused there (``compare``)."""
        out = {}
        for k, name in enumerate(names):
            ty, mixed = self.column_class(q, k)
            if mixed:
                self.mixed.add((canon, name))
            if len({_aff(a.items[k]) for a in _arms(q)}) > 1:
                self.split_affinity.add((canon, name))
            out[name] = (ty, _aff(_arm(q).items[k]))
        return out

    def column_class(self, q: Query, k: int) -> tuple[str, bool]:
        if isinstance(q, SetOp):
            (a, ma), (b, mb) = self.column_class(q.left, k), self.column_class(q.right, k)
            if a == b or b == Ty.NULL:
                return a, ma or mb
            if a == Ty.NULL:
                return b, ma or mb
            if {a, b} == {Ty.INT, Ty.REAL}:
                return Ty.REAL, True
            return a, ma or mb  # text and numbers: the encoder refuses such set operations
        e = q.items[k]
        return _ty(e), _mixed(e, self.mixed)

    def values(self, node: exp.Values, scope, outer) -> Values:
        """A VALUES table. Every column holds one storage class (NULLs aside): a column
        mixing integers and reals keeps each value's class in SQLite, which matters for
        ``/`` and ``%``, so it is refused, as are columns mixing text and numbers."""
        rows = []
        for t in node.expressions:
            items = t.expressions if isinstance(t, exp.Tuple) else [t]
            rows.append(tuple(_as_value(self.expr(x, outer)) for x in items))
        if not rows or len({len(r) for r in rows}) != 1:
            raise InputError("all VALUES must have the same number of terms")
        alias_node = node.args.get("alias")
        n = len(rows[0])
        names = [c.name.lower() for c in alias_node.columns] if alias_node and alias_node.columns else []
        names = names[:n] + [f"column{k + 1}" for k in range(len(names), n)]
        types = []
        canon = self.canonical("(values)")
        for k in range(n):
            ty = _join_ty([r[k] for r in rows], "VALUES column")
            if ty == Ty.REAL and any(_nonzero_int(r[k]) or _mixed(r[k], self.mixed) for r in rows):
                self.mixed.add((canon, names[k]))  # integers and reals: see _mixed
            types.append(ty)
        scope[(alias_node.name if alias_node else "").lower()] = (
            canon, {nm: (ty, None) for nm, ty in zip(names, types, strict=True)})
        return Values(canon, tuple(names), tuple(rows), tuple(types))

    def cte_reference(self, name: str):
        """The CTE ``name``'s query for one reference to it: the first reads it as lowered,
        every later one with fresh aliases, so that each reference is its own occurrence
        (a query that reads ``c AS c1 JOIN c AS c2`` flattened would otherwise read one
        row of the CTE's table where it reads two)."""
        q = self.ctes[name]
        seen = self.cte_uses.get(name, 0)
        self.cte_uses[name] = seen + 1
        if not seen:
            return q
        return realias(q, {a: self.canonical(a.rsplit("#", 1)[0]) for a in defined_aliases(q)})

    def canonical(self, table: str) -> str:
        """Aliases are renamed by table and order of appearance, so that queries that
        differ only in alias names lower to the same IR."""
        n = self.alias_counts.get(table, 0)
        self.alias_counts[table] = n + 1
        return f"{table}#{n}"
