"""Lowering of GROUP BY and HAVING, and the check that bare columns of an aggregate query
are determined by its group keys (or read from the row of its one MIN/MAX)."""

from __future__ import annotations

from ....errors import UnsupportedSQL
from .affinity import _as_value
from .kinds import AggFn, CmpOp, Ty
from .nodes import Cmp, Col, Lit
from .walk import _aggs, _bare_cols, _conjuncts, _join_conds, _primary_keys


class _Grouping:
    """Mixin of ``_Lowerer``: GROUP BY, HAVING, bare columns."""

    def group_by(self, node, env) -> tuple:
        return tuple(_as_value(self.expr(g, env)) for g in (node.args["group"].expressions if node.args.get("group") else []))

    def having(self, node, env, names, items):
        """HAVING, where the select list's output aliases can be read."""
        saved = self.output_aliases
        self.output_aliases = dict(zip(names, items, strict=True))
        try:
            having = self.pred(node.args["having"].this, env, agg_ok=True) if node.args.get("having") else None
        finally:
            self.output_aliases = saved
        return having

    def check_bare(self, exprs, group, where, source, local: set):
        """Bare columns in an aggregate query must be determined by the group keys (SQLite
        would otherwise pick a row of its choosing). A column of an outer query (not of
        ``local``, this select's FROM aliases) is one value for the whole sub-query: a
        constant, never bare."""
        keys = {(g.alias, g.name) for g in group if isinstance(g, Col)}
        # determined columns: group keys, columns equal to a constant or to a determined
        # column (inner join and WHERE conjuncts), and every column of a table whose
        # primary key is determined; to a fixed point
        eqs = []
        for c in _conjuncts(where) + _join_conds(source):
            if not (isinstance(c, Cmp) and c.op == CmpOp.EQ):
                continue
            if isinstance(c.left, Col) and isinstance(c.right, Col):
                eqs.append(((c.left.alias, c.left.name), (c.right.alias, c.right.name)))
            elif isinstance(c.left, Col) and isinstance(c.right, Lit) and c.right.ty != Ty.NULL:
                keys.add((c.left.alias, c.left.name))
            elif isinstance(c.right, Col) and isinstance(c.left, Lit) and c.left.ty != Ty.NULL:
                keys.add((c.right.alias, c.right.name))
        pks = _primary_keys(source, self.schema)
        changed = True
        while changed:
            before = len(keys)
            for a, b in eqs:
                if (a in keys) != (b in keys):
                    keys |= {a, b}
            for alias, pk in pks.items():
                if pk and all((alias, c) in keys for c in pk):
                    keys |= {(alias, c) for c in pks.get(("cols", alias), ())}
            changed = len(keys) != before
        bare = [c for e in exprs for c in _bare_cols(e, set(group))
                if (c.alias, c.name) not in keys and c.alias in local]
        if not bare:
            return None
        # SQLite: with exactly one min() or max(), bare columns come from the row where it
        # is reached (the first such row; the last row when all its values are NULL)
        extremes = {a for e in exprs for a in _aggs(e) if a.fn in (AggFn.MIN, AggFn.MAX)}
        if len(extremes) == 1:
            return extremes.pop()
        raise UnsupportedSQL("bare column in aggregate query", f"{bare[0].alias}.{bare[0].name}")
