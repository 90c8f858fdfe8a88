"""Lowering of a SELECT: its WINDOW clause, then clause by clause (FROM, WHERE, GROUP BY,
the select list, HAVING, DISTINCT, ORDER BY, LIMIT) into ``Select``."""

from __future__ import annotations

from sqlglot import exp

from ....errors import UnsupportedSQL
from .affinity import _as_value
from .nodes import Select
from .walk import _has_agg, _has_window


class _SelectClauses:
    """Mixin of ``_Lowerer``: the SELECT and its WHERE and select list."""

    def select(self, node: exp.Select, outer: list[dict]) -> Select:
        for key in ("qualify", "laterals", "pivots"):
            if node.args.get(key):
                raise UnsupportedSQL(key.upper())
        self.with_clause(node, outer)
        saved_windows = self.windows
        self.windows = {w.name.lower(): w for w in node.args.get("windows") or []}
        try:
            return self._select(node, outer)
        finally:
            self.windows = saved_windows

    def _select(self, node: exp.Select, outer: list[dict]) -> Select:
        scope: dict[str, tuple[str, dict[str, tuple[str, str]]]] = {}
        source = self.from_joins(node, scope, outer)
        env = [scope] + outer
        where = self.where(node, env)
        group = self.group_by(node, env)
        items, names = self.select_list(node, env)
        having = self.having(node, env, names, items)
        aggregate = bool(group) or having is not None or any(_has_agg(i) for i in items)
        if having is not None and _has_window(having):
            raise UnsupportedSQL("window function in HAVING")
        distinct = bool(node.args.get("distinct"))
        if node.args.get("distinct") and node.args["distinct"].args.get("on"):
            raise UnsupportedSQL("DISTINCT ON")
        order = self.order_by(node, env, names, items)
        limit, offset = self.limits(node)
        bare_from = None
        if aggregate:
            bare_from = self.check_bare(items + [k for k, _ in order] + ([having] if having else []),
                                        group, where, source, {a for a, _ in scope.values()})
        if not aggregate and any(_has_agg(k) for k, _ in order):
            raise UnsupportedSQL("aggregate in ORDER BY of a non-aggregate query")
        return Select(source, where, group, having, tuple(items), distinct, tuple(order), limit,
                      offset, aggregate, tuple(names), bare_from)

    def where(self, node: exp.Select, env):
        return self.pred(node.args["where"].this, env) if node.args.get("where") else None

    def select_list(self, node: exp.Select, env) -> tuple[list, list[str]]:
        """The select list: its values and their output names."""
        items, names = [], []
        for it in node.expressions:
            if isinstance(it, exp.Star):
                raise UnsupportedSQL("unexpanded *")
            names.append(it.alias_or_name.lower())
            items.append(_as_value(self.expr(it.unalias() if isinstance(it, exp.Alias) else it, env, agg_ok=True)))
        return items, names
