"""Lowering of set operations (UNION [ALL], INTERSECT, EXCEPT) and of non-recursive WITH
(CTEs become named queries, read like derived tables)."""

from __future__ import annotations

from sqlglot import exp

from ....errors import InputError, UnsupportedSQL
from .kinds import SetOpKind
from .nodes import SetOp
from .walk import _free_aliases


class _Compound:
    """Mixin of ``_Lowerer``: set operations and WITH."""

    def setop(self, node, outer) -> SetOp:
        op = {exp.Union: SetOpKind.UNION, exp.Intersect: SetOpKind.INTERSECT, exp.Except: SetOpKind.EXCEPT}[type(node)]
        self.with_clause(node, outer)
        all_ = not node.args.get("distinct", True)
        if all_ and op != SetOpKind.UNION:
            raise UnsupportedSQL(f"{op.upper()} ALL")
        left = self.query(node.this, outer)
        right = self.query(node.expression, outer)
        if len(left.items) != len(right.items):
            raise InputError("set operation with different column counts")
        order = self.compound_order(node, left)
        limit, offset = self.limits(node)
        return SetOp(op, all_, left, right, tuple(order), limit, offset)

    def with_clause(self, node, outer) -> None:
        """Non-recursive CTEs become named queries, read like derived tables."""
        w = node.args.get("with_")
        if not w:
            return
        if w.args.get("recursive"):
            raise UnsupportedSQL("WITH RECURSIVE")
        for cte in w.expressions:
            q = self.query(cte.this, outer)
            if _free_aliases(q):
                raise UnsupportedSQL("correlated WITH")
            self.ctes[cte.alias.lower()] = q
