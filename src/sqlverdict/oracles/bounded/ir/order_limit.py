"""Lowering of ORDER BY (of a select: output aliases and positions first; of a compound:
output positions) and LIMIT/OFFSET (constants, as SQLite reads them)."""

from __future__ import annotations

import re

from sqlglot import exp

from ....errors import InputError, UnsupportedSQL
from .affinity import _as_value, numeric_text
from .nodes import IsNull
from .walk import _names


def misplaced_nulls(o: exp.Ordered) -> bool:
    """Does ``o`` say NULLS FIRST/LAST where SQLite by default puts NULLs the other way?
    (sqlglot marks SQLite's default: NULLs first ascending, last descending.)"""
    return bool(o.args.get("nulls_first")) == bool(o.args.get("desc"))


def null_placed(key, o: exp.Ordered) -> list:
    """The sort keys ``(value, desc)`` of ``key`` ordered as ``o`` says: SQLite's
    ``ORDER BY x NULLS LAST`` sorts as ``ORDER BY x IS NULL, x`` (``x DESC NULLS FIRST`` as
    ``x IS NULL DESC, x DESC``), which SQLite's own NULL placement then leaves alone."""
    desc = bool(o.args.get("desc"))
    if misplaced_nulls(o):
        return [(_as_value(IsNull(key)), desc), (key, desc)]
    return [(key, desc)]


class _OrderLimit:
    """Mixin of ``_Lowerer``: ORDER BY, LIMIT, OFFSET."""

    def order_by(self, node, env, names, items) -> list:
        """ORDER BY of a select: a position or a bare output alias names a select-list
        value; any other key is an expression that may read the output aliases."""
        order = []
        for o in (node.args["order"].expressions if node.args.get("order") else []):
            k = o.this
            while isinstance(k, exp.Paren):  # SQLite reads ORDER BY (x) as ORDER BY x
                k = k.this
            if isinstance(k, exp.Literal) and not k.is_string:
                key = items[int(k.this) - 1]
            elif isinstance(k, exp.Column) and not k.table and k.name.lower() in names:
                key = items[names.index(k.name.lower())]
            else:
                saved = self.output_aliases
                self.output_aliases = dict(zip(names, items, strict=True))
                try:
                    # (agg_ok: window functions; an aggregate here makes a non-aggregate
                    # query unsupported below)
                    key = _as_value(self.expr(k, env, agg_ok=True))
                finally:
                    self.output_aliases = saved
            # (a key that DISTINCT removes is rejected by the encoder, unless the ORDER BY
            # is dropped first because the comparison cannot see it)
            order.extend(null_placed(key, o))
        return order

    def compound_order(self, node, left) -> list:
        """ORDER BY of a compound: output positions, or names of the left arm's columns."""
        order = []
        names = _names(left)
        for o in (node.args.get("order").expressions if node.args.get("order") else []):
            k = o.this
            pos = None
            if isinstance(k, exp.Literal) and not k.is_string:
                pos = int(k.this) - 1
            elif isinstance(k, exp.Column) and k.name.lower() in names:
                pos = names.index(k.name.lower())
            if pos is None or not 0 <= pos < len(left.items):
                raise UnsupportedSQL("ORDER BY expression on a compound query")
            if misplaced_nulls(o):  # (a position has no IS NULL key to sort by first)
                raise UnsupportedSQL("NULLS FIRST/LAST on a compound query")
            order.append((pos, bool(o.args.get("desc"))))
        return order

    def limits(self, node) -> tuple[int | None, int]:
        limit = offset = None
        if isinstance(node.args.get("limit"), exp.Fetch):  # SQLite's grammar has no FETCH
            raise InputError("SQLite has no FETCH clause: write LIMIT n, or read the query "
                             "in its dialect (--dialect postgres or calcite)")
        if node.args.get("limit"):
            limit = self.const_int(node.args["limit"].expression, "LIMIT")
        if node.args.get("offset"):
            offset = self.const_int(node.args["offset"].expression, "OFFSET")
        if limit is not None and limit < 0:
            limit = None
        return limit, max(offset or 0, 0)

    def const_int(self, e, what) -> int:
        """A LIMIT/OFFSET of constants (``1 + 1``, ``2.0``, ``'3'``), as SQLite reads it:
        computed by SQLite itself, and an integer, a real with an integral value or an
        integer string (anything else is SQLite's "datatype mismatch")."""
        if isinstance(e, exp.Literal) and not e.is_string:
            try:
                return int(e.this)
            except ValueError:
                pass
        if e.find(exp.Table, exp.Column) is not None:
            raise UnsupportedSQL(f"{what} that reads the database")
        v = self.constant(e, what).value
        if isinstance(v, str):
            v = numeric_text(v) if re.fullmatch(r"\s*[+-]?\d+\s*", v) else None
        if isinstance(v, float) and v.is_integer():
            v = int(v)
        if not isinstance(v, int) or isinstance(v, bool):
            raise UnsupportedSQL(f"{what} that SQLite rejects (datatype mismatch)")
        return v
