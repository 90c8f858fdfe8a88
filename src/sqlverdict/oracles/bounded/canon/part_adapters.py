"""Adapters of the registry (``rules.RULES``) for the sites that pass a select's parts:
its constants, GROUP BY keys, groups, DISTINCT flag, HAVING and IN/EXISTS subqueries
(moved out of ``rules`` to keep each verifier file under 800 lines)."""

from __future__ import annotations

from .. import ir
from ..ir.kinds import Ty
from .aggregates import single_row_groups
from .facts import _constants
from .terms import FALSE, TRUE, Nothing, _nonempty_group, constant


def _constant_columns(canon, consts, ctx):
    q, rest = ctx["q"], ctx["rest"]
    return consts if q.aggregate and not q.group_by else _constants(rest)


def _empty_subquery(canon, e, ctx):
    return FALSE if isinstance(e.query, Nothing) else e  # x IN (no rows), EXISTS (no rows)


def _exists_of_aggregate(canon, e, ctx):
    q = e.query
    if isinstance(e, ir.Exists) and isinstance(q, ir.Select) and q.aggregate \
            and not q.group_by and q.having is None and not q.offset \
            and (q.limit is None or q.limit > 0):
        return TRUE  # an aggregate without GROUP BY returns one row
    return e


def _group_by_determined(canon, keys, ctx):
    leaves, rep = ctx["leaves"], ctx["rep"]
    return canon._drop_determined(keys, leaves, rep)


def _constant_group_keys(canon, keys, ctx):
    """GROUP BY keys that read no column, aggregate or subquery (``4``, ``2 + 3``,
    ``CAST(4 AS INTEGER)``, a column a WHERE conjunct fixed to a literal) are one value for
    every row: they split no group. They go while another key stays; keys that are all
    constants are one group of every row (none on an empty input), written ``GROUP BY 1``."""
    kept = tuple(k for k in keys if not constant(k))
    if len(kept) == len(keys):
        return keys
    if kept:
        return kept
    one = (ir.Lit(1, Ty.INT),)
    return keys if tuple(keys) == one else one


def _single_row_groups(canon, none, ctx):
    return single_row_groups(ctx["items"], ctx["having"], ctx["order"], ctx["group"], ctx["key_sets"])


def _distinct_over_key(canon, distinct, ctx):
    aggregate, items, row_keys = ctx["aggregate"], ctx["items"], ctx["row_keys"]
    if distinct and not aggregate and any(isinstance(i, ir.Col) and (i.alias, i.name) in row_keys
                                          for i in items):
        return False  # the rows are distinct already: each has its own key
    return distinct


def _having_count_positive(canon, having, ctx):
    group = ctx["group"]
    kept = [h for h in having if not (group and _nonempty_group(h))]
    return having if len(kept) == len(having) else kept
