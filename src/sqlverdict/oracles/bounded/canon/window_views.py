"""Ranks and running frames of a view as correlated counts before the view merges (issue 25,
round 6): ``windows_below_view``.

Cookbooks filter a numbered view: ``SELECT .. FROM (SELECT .., ROW_NUMBER() OVER (PARTITION
BY p ORDER BY k) AS rn FROM t) AS d WHERE rn <= 2``. The window laws of ``running.py``
(``running_window_as_subquery``, ``neighbour_as_subquery``: LAG/LEAD as the top-1 neighbour)
and ``windows.py`` (``row_number_as_count``) hold inside the view, and once the window is a correlated
subquery the view is plain and merges into the outer select (view merging: a subquery in an
item is a value of its row like any other), so the filter reads the count the other
formulation compares (``(SELECT COUNT(*) .. ) < 2``). The outer select's own rules see the
view first: this one runs last among the select's rules, and leaves a first-row filter
(``rn = 1``) to the first-row rules (``first_rows.py``, ``running.first_row_in_order``,
``top_keys.rank_first_as_no_earlier``), whose ``NOT EXISTS`` form is the canonical one."""

from __future__ import annotations

import dataclasses

from ....types import Schema
from .. import ir
from .first_rows import _is_first
from .running import neighbour_as_subquery, running_window_as_subquery
from .terms import _conjuncts
from .view_top_rows import LAG_VIEW_RULE
from .windows import row_number_as_count


def windows_below_view(q, schema: Schema):
    """``q`` with the windows of its derived table (the whole FROM) as correlated subqueries
    where ``row_number_as_count``, ``running_window_as_subquery`` or
    ``neighbour_as_subquery`` rewrites them, else
    ``q``. (Not a whole partition's aggregate: ``merge_windowed_derived`` merges such views.)"""
    if not (isinstance(q, ir.Select) and isinstance(d := q.source, ir.Derived)
            and isinstance(d.query, ir.Select)):
        return q
    if any(_is_first(c, d.alias, n) for c in _conjuncts(q.where) for n in d.names):
        return q  # the first row of a partition: the first-row rules' NOT EXISTS form
    inner = d.query
    for law in (row_number_as_count, running_window_as_subquery, neighbour_as_subquery):
        inner = law(inner, schema)
    if inner is d.query:
        return q
    return dataclasses.replace(q, source=dataclasses.replace(d, query=inner))


WINDOW_VIEW_RULES = (
    ("windows_below_view", "a window of a derived table that row_number_as_count, "
     "running_window_as_subquery or neighbour_as_subquery rewrites is its correlated subquery there, so the view "
     "merges (last among the select's rules; not under a first-row filter rn = 1)", ("select",),
     lambda canon, q, ctx: windows_below_view(q, canon.schema), True),
    LAG_VIEW_RULE,  # LAG/LEAD over a grouped view alike (canon/view_top_rows.py)
)
