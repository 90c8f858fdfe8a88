"""Where the two queries compute on a column, not only read its value as it is.

A column compared, sorted, grouped, counted or returned is read as it is: a value of
another storage class there behaves as one more value. Under ``||``, a text function,
LIKE, a CAST or arithmetic, SQLite converts it (a BLOB's bytes read as text, text read as a
number), which the encoding models for declared classes only. ``prover`` states
``text_columns_hold_text`` from it; ``breaks`` reads ``finite_text_domain`` with it.

>>> import sqlglot
>>> sorted(computed_columns(sqlglot.parse_one("SELECT a FROM t WHERE lower(b) = c || 'x'")))
['b', 'c']
"""

from __future__ import annotations

from sqlglot import exp

AS_IS = (exp.Select, exp.EQ, exp.NEQ, exp.GT, exp.GTE, exp.LT, exp.LTE, exp.Is, exp.In,
         exp.Between, exp.Ordered, exp.Order, exp.Group, exp.Max, exp.Min, exp.Count,
         exp.Distinct, exp.Paren, exp.Alias, exp.Where, exp.Having, exp.And, exp.Or, exp.Not,
         exp.Join, exp.Tuple, exp.NullSafeEQ, exp.NullSafeNEQ, exp.Coalesce, exp.Case, exp.If,
         exp.Union, exp.Intersect, exp.Except, exp.Subquery)


def computed_columns(tree: exp.Expr) -> set[str]:
    """Names (lower case) of the columns a statement computes on."""
    return {c.name.lower() for c in tree.find_all(exp.Column) if not isinstance(c.parent, AS_IS)}
