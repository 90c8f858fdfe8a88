"""Every-database proofs without the solver, cheapest first: the same relational plan
(``same_ir``), equal canonical forms (``rewriting``, the rules of ``canon``), equal normal
forms of the lowered plans (``normal_form``, ``unbounded``), equal normal forms of the
canonical forms (``rewriting_normal_form``: a pair that needs a rule and reasoning on bags
alike) and, last, one skeleton whose differing parts the others prove equal row by row
(``congruence``). Each proof states what it rests on; a normal form of canonical forms
states the union of both paths' assumptions, a congruence the union of its sub-goals'.

``SQLVERDICT_PROOF_METHODS`` (method names, comma-separated; unset: ``DEFAULT``) switches
methods on or off for measurement (``benchmarks.prover_corpus --methods``): with ``normal_form`` alone the
prover reads the lowered plans without any rule, which estimates how it generalises to
pairs no rule was written for.
"""

from __future__ import annotations

import dataclasses
import itertools
import os
import re
import time
import types
from collections.abc import Callable

from ...errors import InputError
from ...types import Schema
from . import congruence, ir, order_free
from .canon import RULES, Rule, canonical, without
from .canon.empty import may_cut_ties
from .canon.ties import tie_windows, window_ties
from .int_min import real_int_min
from .ir.kinds import AggFn, Ty, WindowFn
from .outcome import Assumption, Method
from .pair import Pair
from .unbounded import BUDGET_S, proof
from .unbounded.decide import WORK
from .unbounded.plans import as_plan

METHODS = ("same_ir", "rewriting", "normal_form", "rewriting_normal_form", "congruence")
# the composed step adds ~0.27 s (median) to a mutant's settle when tried early
# (benchmarks/results/compose_cost_i33a*.md): it runs late, where it proves decorrelated
# aggregates that meet only after a rule (a HAVING as a correlated count, i48c)
DEFAULT = METHODS
# The methods tried only once the solver's small bounds found no witness: ``congruence``
# proves sub-goals one by one, and the normal form's aggregate terms (bags, sums) cost
# 1-3 s on a BIRD ratio mutant that a witness of one row refutes in 0.05 s; ``staging``
# runs them between the small bounds and the full one.
LATE = frozenset({"normal_form", "rewriting_normal_form", "congruence"})
# The wall clock of one congruence proof, all its sub-goals (a safety net like the normal
# form's ``BUDGET_S``: every congruence proof of the prover corpora took under 0.5 s, the
# attempts that fail on large Spider/BIRD pairs 5-12 s).
CONGRUENCE_S = 3.0
EARLY = frozenset(METHODS) - LATE
COMPOSED_SCANS = 4  # table reads per query the composed method takes on (``_small``)
ENV = "SQLVERDICT_PROOF_METHODS"
MAX_PERMUTATIONS = 6


def enabled_methods() -> frozenset[str]:
    """The proof methods switched on (``ENV``; ``DEFAULT`` when unset).

    >>> os.environ[ENV] = "same_ir, normal_form"; sorted(enabled_methods())
    ['normal_form', 'same_ir']
    >>> del os.environ[ENV]; sorted(enabled_methods())
    ['congruence', 'normal_form', 'rewriting', 'rewriting_normal_form', 'same_ir']
    """
    raw = os.environ.get(ENV, "").strip()
    if not raw:
        return frozenset(DEFAULT)
    names = {m.strip() for m in raw.split(",") if m.strip()}
    if names - set(METHODS):
        raise InputError(f"{ENV}: unknown method(s) {sorted(names - set(METHODS))}; "
                         f"expected some of {', '.join(METHODS)}")
    return frozenset(names)


@dataclasses.dataclass(frozen=True)
class Forms:
    """Both canonical forms, and ``note``: None unless they agree ('' or the column order
    the prediction's columns were matched in)."""
    gold: ir.Query
    pred: ir.Query
    note: str | None


Proved = tuple[Method, tuple[Assumption, ...], tuple[str, ...]]


def every_database(pair: Pair, gq: ir.Query, pq: ir.Query, rests: Callable[[], tuple],
                   parent_keys: Callable[[], tuple], nested: bool = False,
                   only: frozenset[str] | None = None, ordered: bool = True) -> Proved | None:
    """(method, assumptions, notes) of an every-database proof of ``gq`` and ``pq``, or
    None. ``rests()``: what a proof from rules rests on (storage classes, no BLOB in TEXT
    columns); ``parent_keys()``: keyless foreign-key parents read as unique; ``nested``: a
    sub-goal of ``congruence`` (no congruence again, a quarter of the normal form's budget);
    ``only``: the methods to try, of those enabled (``LATE`` after the solver's small bounds
    found no witness, the rest before); ``ordered``: the pair may still hold
    order-dependent constructs (``order_free``, tried with congruence)."""
    on = enabled_methods() - ({"congruence"} if nested else set())
    if only is not None:
        on &= only
    if "same_ir" in on and gq == pq:  # the same relational plan after qualification
        # lowering drops a CAST to a column's own class, which reads a BLOB or a value of
        # another class differently: the plans are the same only for declared classes
        return Method.SAME_IR, ((Assumption.TIES,) if has_limit(gq) else ()) + rests(), ()
    forms = None
    if on & {"rewriting", "rewriting_normal_form", "congruence"}:
        forms = _forms(pair, gq, pq)
    if "rewriting" in on and forms is not None and forms.note is not None:
        # (a LIMIT that keeps all its rows or none decides no tie: canon.empty; a window
        # that reads the order of tied rows does: canon.ties)
        ties = (Assumption.TIES,) if (_either_cuts_ties(pair, gq, pq)
                                      or window_ties(gq, pq, pair.schema, pair.semantics)) else ()
        return (Method.REWRITING, _union(ties + rests() + parent_keys() + _sums(gq, pq, pair)
                                         + _real_sums(gq, pq, pair) + _int_min(gq, pq, pair)),
                (forms.note,) if forms.note else ())
    if "normal_form" in on:
        # the unbounded prover, over typed rows in the typed domain (and the prediction's
        # columns in another order, where the comparison permutes columns)
        budget = dict(budget_s=min(BUDGET_S / 4, max(0.01, pair.deadline - time.monotonic())),
                      work=WORK // 4) if nested else {}
        for pp, note in column_orders(gq, pq, pair.policy.permute_columns):
            found = proof(gq, pp, pair.schema, pair.semantics, typed=pair.typed,
                          int_min_free=int_min_free(pair), **budget)
            if found is not None:
                return Method.NORMAL_FORM, _found(found, parent_keys), (note,) if note else ()
    plans = _plans(forms, gq, pq) if "rewriting_normal_form" in on and _small(gq, pq) else None
    if plans is not None:
        # (a quarter of the budget: it runs on every pair the other proofs leave, mutants too)
        found = proof(*plans, pair.schema, pair.semantics, budget_s=BUDGET_S / 4, work=WORK // 4,
                      typed=pair.typed, int_min_free=int_min_free(pair))
        if found is not None:
            ties = _either_cuts_ties(pair, gq, pq) or any(
                window_ties(a, b, pair.schema, pair.semantics) for a, b in ((gq, pq), (pq, gq)))
            return (Method.REWRITING_NORMAL_FORM,
                    _union(((Assumption.TIES,) if ties else ()) + rests() + parent_keys()
                           + _sums(gq, pq, pair, forms) + _real_sums(gq, pq, pair, forms)
                           + _int_min(gq, pq, pair, forms),
                           _found(found, parent_keys)), ())
    # (with congruence, in the stage that runs it: a mutant's refutation need not wait for it)
    if ordered and "congruence" in on and (
            found := _order_free(pair, gq, pq, forms, rests, parent_keys, nested)) is not None:
        return found
    if "congruence" in on:
        return _congruent(pair, gq, pq, forms, rests, parent_keys)
    return None


def _forms(pair: Pair, gq, pq) -> Forms | None:
    """``canonical_forms`` of the pair's plans, computed once per pair (``Pair.forms_cache``;
    a sub-goal computes its own)."""
    cache = getattr(pair, "forms_cache", None)
    if cache is not None and (gq, pq) in cache:
        return cache[gq, pq]
    forms = canonical_forms(gq, pq, pair.schema, pair.semantics, pair.policy.permute_columns,
                            typed=pair.typed)
    if cache is not None:
        cache[gq, pq] = forms
    return forms


def _small(*queries) -> bool:
    """At most ``COMPOSED_SCANS`` table reads in each query: the composed method's
    occurrence bijections grow with the factorial of the reads (on a 6-way self-join it
    took the seconds the witness search needs)."""
    return all(sum(isinstance(x, ir.Scan) for x in ir.nodes(q)) <= COMPOSED_SCANS for q in queries)


def _order_free(pair: Pair, gq, pq, forms: Forms | None, rests, parent_keys, nested: bool) -> Proved | None:
    """A proof of the pair with its windows and cuts written order-free (``order_free``), as
    lowered, else of the canonical forms read as plans (views merged: then the proof also
    states what the rewriting rests on, as ``rewriting_normal_form`` does), stating what the
    translation rests on."""
    candidates = [(gq, pq, ())]
    plans = _plans(forms, gq, pq)
    if plans is not None:
        candidates.append((*plans, None))
    tried = []  # (the translations of the lowered plans and of the canonical forms often agree)
    for g0, p0, rewritten, lookup in [(*c, False) for c in candidates] + [(*c, True) for c in candidates]:
        g, p = (order_free.translate(q, pair.schema, pair.typed, lookup) for q in (g0, p0))
        if g is None and p is None:
            continue
        (g, ga), (p, pa) = g or (g0, ()), p or (p0, ())
        if (g, p) in tried:
            continue
        tried.append((g, p))
        try:
            found = every_database(pair, _unordered(g, pair.semantics), _unordered(p, pair.semantics),
                                   rests, parent_keys, nested=nested, ordered=False)
        except (AttributeError, TypeError, ValueError, KeyError):
            # an extra attempt: a translated form a rule does not expect (the mutation fuzz met
            # one in canon.magic) ends the attempt, not the verification
            found = None
        if found is None:
            continue
        if rewritten is None:  # what the canonical forms rest on
            ties = (Assumption.TIES,) if _either_cuts_ties(pair, gq, pq) else ()
            rewritten = (ties + rests() + parent_keys() + _sums(gq, pq, pair, forms)
                         + _real_sums(gq, pq, pair, forms) + _int_min(gq, pq, pair, forms))
        method, stated, notes = found
        return method, _union(stated, ga, pa, rewritten), notes + ("windows and cuts read order-free",)
    return None


def _unordered(q, sem: str):
    """``q`` without a top-level ORDER BY that no LIMIT reads, unless rows are compared
    in order."""
    if sem == "list" or q.limit is not None or q.offset or not q.order:
        return q
    return dataclasses.replace(q, order=())


def _congruent(pair: Pair, gq, pq, forms: Forms | None, rests, parent_keys) -> Proved | None:
    """A proof by ``congruence`` of the canonical forms read as plans, else of the lowered
    plans: each sub-goal proved by the methods above, under bag semantics, the columns in
    their order (a sub-goal's rows pair a row with its value)."""
    sub = _SubGoals(pair.schema, pair.typed, time.monotonic() + CONGRUENCE_S, int_min_free(pair))
    used: list[str] = []

    def prove(g, p):
        if time.monotonic() > sub.deadline:
            return None
        got = every_database(sub, g, p, rests, parent_keys, nested=True)
        if got is None:
            return None
        used.append(str(got[0]))
        return got[1]
    candidates = [] if forms is None else [(as_plan(forms.gold), as_plan(forms.pred))]
    for g, p in candidates + [(gq, pq)]:
        if g is None or p is None:
            continue
        used.clear()
        found = congruence.decide(g, p, prove)
        if found is not None:
            ties = (has_limit(gq) or has_limit(pq) or pair.semantics == "list"
                    or window_ties(gq, pq, pair.schema, pair.semantics)
                    or window_ties(pq, gq, pair.schema, pair.semantics))
            return (Method.CONGRUENCE, _union(((Assumption.TIES,) if ties else ()), found,
                                              _added(gq, pq)),
                    (f"sub-goals proved by {', '.join(sorted(set(used)))}",))
    return None


@dataclasses.dataclass(frozen=True)
class _SubGoals:
    """What ``every_database`` reads of a pair, for a sub-goal: bag semantics, columns in
    their order."""
    schema: Schema
    typed: bool
    deadline: float = float("inf")  # (``time.monotonic``) a congruence proof's: no sub-goal begins after it
    int_min_free: bool = False  # the pair's (``int_min_free``)
    semantics: str = "bag"
    policy: object = dataclasses.field(default_factory=lambda: types.SimpleNamespace(permute_columns=False))


def int_min_free(pair) -> bool:
    """Does a proof of ``pair`` state ``no_real_int_min`` (``int_min.real_int_min``: its
    queries group, deduplicate or take MIN/MAX over an INTEGER or NUMERIC column), so that
    the normal form may read no such column as holding the REAL -2**63? A sub-goal: its
    pair's answer."""
    if isinstance(pair, _SubGoals):
        return pair.int_min_free
    return bool(real_int_min(pair))


def _added(gq, pq) -> tuple[Assumption, ...]:
    """What a congruence proof assumes of sums: the rows a SUM, AVG or TOTAL adds are the
    same, maybe read in another order (another plan): reals round by order
    (``exact_reals``), a partial sum of integers may overflow in one order only
    (``integer_sums_exact``)."""
    out = []
    for y in ir.nodes((gq, pq)):
        if isinstance(y, ir.Agg | ir.Window) and str(y.fn) in ("sum", "avg", "total"):
            arg = y.arg if isinstance(y, ir.Agg) else (y.args[0] if y.args else None)
            exact = str(y.fn) == "sum" and arg is not None and arg.ty == Ty.INT
            out.append(Assumption.SUMS_EXACT if exact else Assumption.EXACT_REALS)
    return tuple(dict.fromkeys(out))


def _plans(forms: Forms | None, gq, pq) -> tuple[ir.Query, ir.Query] | None:
    """The canonical forms as plans (``unbounded.plans``), when both read as plans and a
    rule changed one of them (else the normal form has seen them already)."""
    if forms is None:
        return None
    g, p = as_plan(forms.gold), as_plan(forms.pred)
    if g is None or p is None or (g, p) == (gq, pq):
        return None
    return g, p


def _found(found: tuple[str, ...], parent_keys) -> tuple[Assumption, ...]:
    """The assumptions a normal-form proof states (``unbounded.proof``'s answer). A typed
    proof states none of the storage classes the typed domain guarantees
    (``domain.GUARANTEED``), and ``integer_arithmetic_in_range`` where it read integer
    arithmetic as exact."""
    return (((Assumption.TIES,) if "ties" in found else ())
            + (parent_keys() if "unique_keys" in found else ())
            + ((Assumption.INT_RANGE,) if "int_range" in found else ())
            + ((Assumption.EXACT_REALS,) if "exact_reals" in found else ())
            + ((Assumption.SUMS_EXACT,) if "integer_sums_exact" in found else ()))


def _union(*groups: tuple[Assumption, ...]) -> tuple[Assumption, ...]:
    return tuple(dict.fromkeys(a for g in groups for a in g))


def _needs(gq, pq, pair: Pair, laws: tuple[str, ...], forms: Forms | None) -> bool:
    """Does the proof rest on ``laws``: for rewriting (``forms`` None), the canonical forms
    no longer agree without them; for a normal form of canonical forms, a law changed
    either form (the proof read what the law wrote)."""
    rules = without(*laws)
    if forms is None:
        return same_canonical(gq, pq, pair.schema, pair.semantics,
                              pair.policy.permute_columns, rules, pair.typed) is None
    try:
        return (canonical(gq, pair.schema, pair.semantics, rules, pair.typed) != forms.gold
                or canonical(pq, pair.schema, pair.semantics, rules, pair.typed) != forms.pred)
    except RecursionError:
        return True


def canonical_forms(gq: ir.Query, pq: ir.Query, schema: Schema, sem: str, permute: bool = True,
                    rules: tuple[Rule, ...] = RULES, typed: bool = False) -> Forms | None:
    """Both canonical forms (``canon``, rewritten by ``rules``), whether they agree, also
    when the prediction's columns are a permutation of the gold's (when the comparison
    ``permute``s columns; ``typed``: in the typed domain); None when canonicalising recursed
    too deep."""
    try:
        g, p = canonical(gq, schema, sem, rules, typed), canonical(pq, schema, sem, rules, typed)
        if p == g:
            return Forms(g, p, "")
        # (under list semantics ties are broken in the gold's column order for both
        # queries, so a permutation of the columns keeps the order of the rows)
        if permute and isinstance(pq, ir.Select) and isinstance(gq, ir.Select):
            for perm in permutations(gq, pq):
                if perm == tuple(range(len(pq.items))):
                    continue
                pp = dataclasses.replace(pq, items=tuple(pq.items[j] for j in perm), names=())
                if canonical(pp, schema, sem, rules, typed) == g:
                    return Forms(g, p, f", pred columns matched as {list(perm)}")
    except RecursionError:
        return None
    return Forms(g, p, None)


def same_canonical(gq: ir.Query, pq: ir.Query, schema: Schema, sem: str, permute: bool = True,
                   rules: tuple[Rule, ...] = RULES, typed: bool = False) -> str | None:
    """None, or a note when the canonical forms (``canonical_forms``) agree."""
    forms = canonical_forms(gq, pq, schema, sem, permute, rules, typed)
    return None if forms is None else forms.note


def _sums(gq: ir.Query, pq: ir.Query, pair: Pair, forms: Forms | None = None) -> tuple[Assumption, ...]:
    """``integer_sums_exact`` when the rewriting proof needs the law that reads ``SUM(x) /
    COUNT(x)`` as ``AVG(x)`` (``canon.aggregates.avg_of_sum_count``; or a sum of ``k`` whole
    numbers ``v`` as ``k * v``: ``canon.conditional_counts``): AVG adds in floating
    point where SUM of integers is exact (and raises an overflow error), and SUMs of reals
    added in another row order may round differently; or a law of ``OTHER_GROUPS`` and a
    SUM of a value not REAL: one query adds groups the other never reads, or in another
    order, and SQLite's SUM of integers raises an error when a partial sum overflows."""
    nodes = list(ir.nodes((gq, pq)))
    laws = ()
    if any(isinstance(y, ir.Agg) and y.fn == AggFn.AVG for y in nodes):
        laws += ("avg_of_sum_count", "avg_of_sum_count_star", "avg_of_scaled_test", "avg_of_real_cast",
                 "avg_of_consecutive_gaps")
    if any(isinstance(y, ir.Agg) and y.fn == AggFn.SUM for y in nodes):
        laws += ("sum_of_scaled_test",)  # (k * v exact below 2**53: canon.conditional_counts)
    if any(isinstance(y, ir.Agg) and y.fn in (AggFn.SUM, AggFn.AVG) and y.arg is not None
           and y.arg.ty != Ty.REAL for y in nodes):
        laws += REGROUPING  # (a group's integer SUM/AVG computed anew: no overflow)
    if any(isinstance(y, ir.Agg) and y.fn == AggFn.SUM and y.arg is not None
           and y.arg.ty != Ty.REAL for y in nodes):
        laws += OTHER_GROUPS
    if not laws:
        return ()
    return (Assumption.SUMS_EXACT,) if _needs(gq, pq, pair, laws, forms) else ()


# Laws that read the same rows through another plan (an inner join for an outer one, an
# outer join for an inner one UNION ALL its padded rows, a filter dropped, DISTINCT dropped, a literal for a VALUES column, a grouping for correlated
# aggregates, a join or a grouping per UNION ALL branch): SQLite may visit them in another
# order, so a SUM of reals may round and a partial SUM of integers overflow apart.
OTHER_PLAN = ("distinct_of_unrepeated_key", "outer_join_under_skipping_aggregates",
              "non_null_filter_without_groups", "values_rows_as_union",
              "scalar_aggregates_of_distinct_keys", "case_filter_as_where",
              "correlated_aggregates_of_own_groups", "grouped_case_filter_as_where",
              "filtered_grouping_as_conditional",
              "per_key_aggregate_as_grouping", "distinct_through_key_join",
              "left_join_null_branch", "constant_branches", "null_group_partner",
              "padded_split_partner", "grouping_below_key_join", "union_join",
              "tagged_groupings", "tagged_union_as_joined_groupings",
              "filters_as_joined_groupings", "fixed_group_keys",
              "distinct_pairs_as_semijoin", "left_join_by_parent_column_as_scalar",
              "pivot_as_key_scalars")
# Laws that move a SUM, AVG or TOTAL into another query shape (a correlated subquery, one
# grouping for two, an aggregate of a CASE): the same rows, possibly added in another order.
REORDERING = ("scalar_of_group", "join_as_scalar_subquery", "join_of_groupings", "padded_grouping",
              "aggregate_union", "rolled_up_aggregates",
              "in_group_as_having", "constant_window_keys", "filter_window_transpose",
              "merge_windowed_derived", "lazy_join_aggregation", "lazy_union_aggregation",
              "top_group_by_extremum", "equal_keys_of_groupings", "correlated_aggregate_as_group",
              "no_greater_row_as_max", "no_greater_in_partition_as_max", "top_rank_of_groups",
              "no_greater_joined_row_as_max", "own_grouping_bound_as_extremum", "whole_partition_join_window",
              "rank_as_count", "rank_over_view_as_count",
              "grouped_view_window_as_subquery", "whole_partition_view_window", "grouped_running_window",
              "non_null_filter_of_groups", "non_null_filter_under_aggregate", "parent_of_top_child",
              "window_aggregate_as_subquery", "window_aggregates_below_view",
              "group_window_as_subquery", "filtered_group_window_view", "having_as_subquery",
              "chained_join_as_subquery", "intersect_of_groupings", "self_join_view_group",
              "in_grouped_key_as_join", *OTHER_PLAN)
# Laws that compute a group's SUM or AVG of integers in another query (a copy of the
# grouping, a join for a lookup, a filter that may change SQLite's plan): a partial sum
# may overflow in one row order only.
REGROUPING = ("top_rank_of_groups", "rank_as_count", "grouped_view_window_as_subquery",
              "whole_partition_view_window", "whole_partition_join_window",
              "grouped_running_window", "no_greater_in_partition_as_max", "rank_over_view_as_count",
              "no_greater_joined_row_as_max", "own_grouping_bound_as_extremum",
              "non_null_filter_of_groups", "non_null_filter_under_aggregate",
              "parent_of_top_child", "group_window_as_subquery", "filtered_group_window_view",
              "having_as_subquery", "summed_join_as_subquery", "summed_subquery_as_inner_group",
              "summed_group_having_as_where",
              "grouped_sum_join", "sum_of_present_difference", "chained_join_as_subquery",
              "partition_total_as_subquery", "self_join_view_group", *OTHER_PLAN)
# Laws that move a HAVING from a subquery's groups to the outer query's: the subquery adds
# up groups the outer query never reads (and the same rows in another order); laws that add
# a join's integers per row in a correlated subquery (another order: a partial sum may
# overflow in one order only).
OTHER_GROUPS = ("in_group_as_having", "lazy_join_aggregation", "lazy_union_aggregation", "merge_aggregates",
                "rolled_up_aggregates",
                "summed_join_as_subquery", "summed_subquery_as_inner_group",
                "correlated_aggregate_as_group", "grouped_sum_join", "chained_join_as_subquery",
                "summed_group_having_as_where", "grouping_below_key_join", "merge_grouped_join",
                "in_grouped_key_as_join")
# Laws that read arithmetic of non-NULL values as non-NULL: for reals, Inf * 0 is NULL.
FINITE = ("sum_else_zero", "rank_as_count", "no_greater_in_partition_as_max", "rank_over_view_as_count",
          "pivot_as_key_scalars")  # (the last reads SUM(.. ELSE 0) as sum_else_zero does)


_REAL_SUMS = frozenset({WindowFn.SUM, WindowFn.AVG, WindowFn.TOTAL})  # windows that add rows


def _real_sums(gq: ir.Query, pq: ir.Query, pair: Pair, forms: Forms | None = None) -> tuple[Assumption, ...]:
    """``exact_reals`` when the rewriting proof needs a law of ``REORDERING`` and a query
    adds reals (SUM, AVG or TOTAL of a REAL value): SQLite adds them in its row order, which
    the rewritten query may visit otherwise, and floating-point addition rounds by order;
    or a law of ``FINITE`` and a query computes with reals."""
    laws = ()
    if any((isinstance(y, ir.Agg) and y.fn in (AggFn.SUM, AggFn.AVG, AggFn.TOTAL)
            and y.arg is not None and y.arg.ty == Ty.REAL)
           or (isinstance(y, ir.Window) and y.fn in _REAL_SUMS and y.args and y.args[0].ty == Ty.REAL)
           for y in ir.nodes((gq, pq))):
        laws += REORDERING
    if ir.real_arithmetic(gq) or ir.real_arithmetic(pq):
        laws += FINITE
    if not laws:
        return ()
    return (Assumption.EXACT_REALS,) if _needs(gq, pq, pair, laws, forms) else ()


# Laws that read an INTEGER column of the sqlite domain as holding one value per equal class.
INTEGER_IDENTITY = ("integer_top_one_as_min",)


def _int_min(gq: ir.Query, pq: ir.Query, pair: Pair, forms: Forms | None = None) -> tuple[Assumption, ...]:
    """``no_real_int_min`` when the proof needs a law of ``INTEGER_IDENTITY`` (sqlite domain,
    a LIMIT in either query): MIN and a first row by ORDER BY may pick the REAL ``-2**63``
    or the INTEGER one of an INTEGER column."""
    if pair.typed or not (limits(gq) or limits(pq)):
        return ()
    return (Assumption.INT_MIN,) if _needs(gq, pq, pair, INTEGER_IDENTITY, forms) else ()


def _either_cuts_ties(pair: Pair, gq: ir.Query, pq: ir.Query) -> bool:
    """May a LIMIT of either query cut between tied rows that differ (``may_cut_ties``)?"""
    return may_cut_ties(gq, pair.schema, pair.typed) or may_cut_ties(pq, pair.schema, pair.typed)


def cut_ties(pair: Pair, gq: ir.Query, pq: ir.Query, ambiguous: list) -> bool:
    """Does the solver's answer rest on ``ties_broken_alike``: did the encoding meet a tie
    (``ambiguous``), and may a LIMIT cut between tied rows that differ (``may_cut_ties``),
    a window read the order of tied rows (not one in a total order: ``tie_windows``), or a
    bare column read one of rows tied at a MIN/MAX?"""
    return bool(ambiguous) and (
        _either_cuts_ties(pair, gq, pq)
        or tie_windows(gq, pair.schema) or tie_windows(pq, pair.schema)
        or any(isinstance(x, ir.Select) and x.bare_from is not None
               for q in (gq, pq) for x in ir.nodes(q)))


def has_limit(q: ir.Query) -> bool:
    """Does a LIMIT or an OFFSET cut some query of ``q`` (its subqueries included)? Read
    from the plan's nodes, not its text: a string ``'limit=3'`` is no LIMIT.

    >>> from sqlverdict.schema import from_ddl
    >>> s = from_ddl("CREATE TABLE t(a TEXT)")
    >>> has_limit(ir.lower("SELECT a FROM t WHERE a = 'limit=3'", s).query)
    False
    >>> has_limit(ir.lower("SELECT a FROM t WHERE a IN (SELECT a FROM t LIMIT 2)", s).query)
    True
    """
    return bool(limits(q))


def limits(node) -> list[tuple[int, int]]:
    """``(limit, offset)`` of every query in ``node`` that a LIMIT or an OFFSET cuts (a
    missing LIMIT as -1)."""
    out: list[tuple[int, int]] = []
    for x in ir.nodes(node):
        if isinstance(x, ir.Query):
            lim, off = getattr(x, "limit", None), getattr(x, "offset", 0) or 0
            if lim is not None or off:
                out.append((-1 if lim is None else lim, off))
    return out


def _alias_tables(q) -> dict[str, str]:
    out = {}
    stack = [q]
    while stack:
        x = stack.pop()
        if isinstance(x, ir.SetOp):
            stack += [x.left, x.right]
        elif isinstance(x, ir.Select):
            stack.append(x.source)
        elif isinstance(x, ir.Join):
            stack += [x.left, x.right]
        elif isinstance(x, ir.Scan):
            out[x.alias] = x.table
        elif isinstance(x, ir.Derived):
            stack.append(x.query)
    return out


def _shape(e, aliases: dict[str, str]) -> str:
    return re.sub(r"alias='([^']*)'", lambda m: f"alias='{aliases.get(m.group(1), m.group(1))}'", repr(e))


def permutations(gq, pq) -> list[tuple[int, ...]]:
    """Column orders of the prediction worth trying (the comparator matches columns up to
    permutation): identity first, then type-compatible orders that match more columns
    by shape."""
    n = len(pq.items)
    ident = tuple(range(n))
    if n != len(gq.items) or n == 1 or n > 6:
        return [ident]
    ga, pa = _alias_tables(gq), _alias_tables(pq)
    gs = [_shape(e, ga) for e in gq.items]
    ps = [_shape(e, pa) for e in pq.items]

    def kind(t):
        return Ty.TEXT if t == Ty.TEXT else (Ty.NULL if t == Ty.NULL else "num")

    def ok(i, j):
        a, b = kind(ir._ty(gq.items[i])), kind(ir._ty(pq.items[j]))
        return a == b or Ty.NULL in (a, b)

    cands = [p for p in itertools.permutations(range(n)) if all(ok(i, p[i]) for i in range(n))]
    cands.sort(key=lambda p: (-sum(gs[i] == ps[p[i]] for i in range(n)), p != ident, p))
    return cands[:MAX_PERMUTATIONS] or [ident]


def column_orders(gq, pq, permute: bool) -> list[tuple[ir.Query, str]]:
    """The prediction as written, then (when the comparison ``permute``s columns) with its
    columns in the orders of ``permutations`` that match more of the gold's columns by
    shape than its own order does (at most two), each with the note a proof states."""
    out = [(pq, "")]
    if not (permute and isinstance(gq, ir.Select) and isinstance(pq, ir.Select)
            and len(gq.items) == len(pq.items)):
        return out
    n = len(pq.items)
    ga, pa = _alias_tables(gq), _alias_tables(pq)
    gs, ps = [_shape(e, ga) for e in gq.items], [_shape(e, pa) for e in pq.items]
    own = sum(gs[i] == ps[i] for i in range(n))
    for perm in permutations(gq, pq):
        if perm != tuple(range(n)) and sum(gs[i] == ps[perm[i]] for i in range(n)) > own:
            pp = dataclasses.replace(pq, items=tuple(pq.items[j] for j in perm), names=())
            out.append((pp, f", pred columns matched as {list(perm)}"))
    return out[:3]
