"""An unbounded prover: equivalence on every database, by normal forms and Z3.

Written by hand because no library decides SQL equivalence under SQLite's semantics:
provers in the literature (SPES, UDP, SQLSolver) read SQL as Calcite or PostgreSQL do,
with typed columns. Ours follows their idea (queries as sums over tuple variables of
predicates, DISTINCT/UNION as a squash, a bijection or homomorphism between table
occurrences, Z3 on the predicates) on the verifier's IR, for SQLite: three-valued logic,
NULL in every column SQLite does not forbid it, bags, any storage class in any column,
keys only where declared and enforced (a PRIMARY KEY or UNIQUE set, all of it non-NULL),
integers of 64 bits; or, asked for the typed domain, values of each column's declared
class and primary keys without NULL (``normal``: the normal form; ``values``: SQLite values as Z3 terms,
arithmetic on literals and integers; ``decide``: the decision, with the rewrites it proves
first: semi-joins, group lookups, scalar lookups by a key, groups of one row).

``prove(gold, pred, schema, semantics)`` is True only when the two lowered queries are
equal on every database; False means no answer (the bounded solver runs as before),
never "different": refutations need a witness replayed in SQLite. The prover works in
its own ``z3.Context``.

>>> from sqlverdict.schema import from_ddl
>>> from sqlverdict.oracles.bounded import ir
>>> s = from_ddl("CREATE TABLE t(x INT)")
>>> def q(sql):
...     return ir.lower(sql, s).query
>>> prove(q("SELECT x FROM t WHERE x > 5 OR x > 10"), q("SELECT x FROM t WHERE x > 5"), s, "bag")
True
>>> prove(q("SELECT x FROM t WHERE x > 5"), q("SELECT x FROM t WHERE x >= 5"), s, "bag")
False
"""

from __future__ import annotations

import ctypes
import dataclasses
import functools

import z3

from ....types import Schema
from .. import ir
from ..solver import new_context
from .bags import Bags
from .decide import WORK, Budget, Decider, OutOfBudget
from .key_counts import key_counts
from .left_classes import lookups as class_lookups
from .left_groups import has_lookups
from .normal import Block, NoNormalForm, Squash, normalize, squash
from .sums import over_sum
from .thresholds import quantified
from .values import Terms, texts

BUDGET_S = 10.0  # the wall-clock safety net; the budget is work (``decide.WORK``)
CUT_SHARE_AFTER_BUDGET = 10  # the budget's part for the integer cut after the whole budget


def prove(gold: ir.Query, pred: ir.Query, schema: Schema, semantics: str,
          budget_s: float = BUDGET_S, typed: bool = False) -> bool:
    """Are ``gold`` and ``pred`` equal on every database under ``semantics``
    (``typed``: on every typed database, ``domain.Domain.TYPED``)?"""
    return proof(gold, pred, schema, semantics, budget_s, typed=typed) is not None


def proof(gold: ir.Query, pred: ir.Query, schema: Schema, semantics: str,
          budget_s: float = BUDGET_S, work: int = WORK,
          typed: bool = False, int_min_free: bool = False) -> tuple[str, ...] | None:
    """None (no answer), or what the proof rests on: ``"ties"`` when the rows are
    ordered (ORDER BY, LIMIT): equal rows with identical sort keys, in an order SQLite
    breaks ties in alike for both queries; ``"unique_keys"`` when it reads a UNIQUE set of
    columns as a key (``Pair`` declares a keyless foreign-key parent UNIQUE: the prover
    states ``foreign_key_parents_unique`` then). Primary keys are SQLite's own.
    ``typed``: the rows range over typed databases only (each column's values of its
    declared class, primary keys not NULL: ``typed.typed_class``); ``"int_range"`` when
    the proof read integer ``+ - * / %`` as exact (no overflow past 64 bits).
    ``int_min_free``: no INTEGER or NUMERIC column holds the REAL -2**63, which the caller
    states (``no_real_int_min``, ``int_min.real_int_min``): equal values of such a column
    are then identical (MIN, MAX and DISTINCT of them pick no row by the plan's order).

    >>> from sqlverdict.schema import from_ddl
    >>> s = from_ddl("CREATE TABLE t(x INT, y INT)")
    >>> def q(sql):
    ...     return ir.lower(sql, s).query
    >>> proof(q("SELECT y FROM t WHERE NOT x <> 1 ORDER BY y LIMIT 2"),
    ...       q("SELECT y FROM t WHERE x = 1 ORDER BY y DESC LIMIT 2"), s, "list")
    >>> proof(q("SELECT y FROM t WHERE NOT x <> 1 ORDER BY x, y LIMIT 2"),
    ...       q("SELECT y FROM t WHERE x = 1 ORDER BY y LIMIT 2"), s, "list")
    ('ties',)
    """
    found = attempt(gold, pred, schema, semantics, budget_s, work, typed, int_min_free)
    return found if isinstance(found, tuple) else None


def attempt(gold: ir.Query, pred: ir.Query, schema: Schema, semantics: str,
            budget_s: float = BUDGET_S, work: int = WORK,
            typed: bool = False, int_min_free: bool = False) -> tuple[str, ...] | str:
    """``proof``'s answer, or why there is none (the construct without a normal form, or
    the step of the decision that failed): ``benchmarks.normal_form_gaps`` counts these."""
    return _attempt(gold, pred, schema, semantics, budget_s, work, typed, False, int_min_free)


def algebra_proof(gold: ir.Query, pred: ir.Query, schema: Schema, semantics: str,
                  typed: bool = False, budget_s: float = BUDGET_S,
                  work: int = WORK, int_min_free: bool = False) -> tuple[str, ...] | None:
    """``proof`` with the algebra of sums (``aggalgebra``: SUM, TOTAL and AVG as linear
    terms of the sums and counts of their argument's parts, real arithmetic exact): its
    proofs state ``exact_reals``. Tried after the bounded solver (``sums_stage``)."""
    found = _attempt(gold, pred, schema, semantics, budget_s, work, typed, True, int_min_free)
    return found if isinstance(found, tuple) else None


def _attempt(gold: ir.Query, pred: ir.Query, schema: Schema, semantics: str, budget_s: float,
             work: int, typed: bool, algebra: bool, int_min_free: bool = False,
             int_cut: bool = False) -> tuple[str, ...] | str:
    """(``int_cut``: comparisons of integers with the cut, ``terms.Terms.cut_order``: a
    second attempt where a scalar sub-query read as an integer failed without it.)"""
    if len(gold.items) != len(pred.items):
        return "column counts differ"
    try:
        ctx = new_context()
        terms = Terms(ctx, texts(gold) | texts(pred), schema, typed)
        terms.algebra, terms.int_min_free, terms.int_cut = algebra, int_min_free, int_cut
        budget = Budget(budget_s, work)
        decider = Decider(terms, budget)
        terms.bags = Bags(terms, lambda: Decider(terms, budget))

        def prove_equal(a, b) -> bool:  # subqueries: equal bags on every database
            try:
                xs, ys = normalize(a, schema, terms.keyer), normalize(b, schema, terms.keyer)
                if any(isinstance(x, Squash) for x in xs + ys):
                    # DISTINCT keeps one of 1 and 1.0, either: not the same values
                    return False
                return Decider(terms, budget).equal(xs, ys)
            except OutOfBudget:
                raise
            except NoNormalForm:
                return False

        terms.prove_equal = prove_equal
        terms.over_sum = over_sum  # aggregates over outer joins and UNION ALL (``normal``)
        terms.key_counts = key_counts  # COUNT(DISTINCT a.k) over a join (``normal``)
        if _ordered(gold) or _ordered(pred):
            if not _same_order(gold, pred, schema, decider, terms.keyer):
                return "ordered rows: not one block each under the same ORDER BY and LIMIT"
            return ("ties",) + _rests(decider, terms)
        if semantics not in ("bag", "set"):
            return f"{semantics} semantics without ORDER BY"
        if not _equal(decider, gold, pred, schema, semantics, terms, False) and not _equal(
                Decider(terms, budget), gold, pred, schema, semantics, terms, True):
            decider = _thresholds(gold, pred, schema, semantics, terms, budget, typed)
            if decider is None and terms.int_scalars and not int_cut:
                return _cut_attempt(gold, pred, schema, semantics, budget_s, work, typed,
                                    algebra, int_min_free, "decision: no matching of the normal forms proved")
            if decider is None:
                return "decision: no matching of the normal forms proved"
        return _rests(decider, terms)
    except OutOfBudget:
        if terms.int_scalars and not int_cut:  # (a shorter one: mostly a pair that is no proof)
            return _cut_attempt(gold, pred, schema, semantics, budget_s, work, typed, algebra,
                                int_min_free, "budget", share=CUT_SHARE_AFTER_BUDGET)
        return "budget"
    except NoNormalForm as e:
        return f"no normal form: {e}"
    except (RecursionError, z3.Z3Exception, ctypes.ArgumentError) as e:
        # (a RecursionError raised where z3 converts an argument reaches here wrapped in
        # ctypes' ArgumentError: a term too deep to build, no proof)
        return f"error: {type(e).__name__}"


def _cut_attempt(gold, pred, schema: Schema, semantics: str, budget_s: float, work: int,
                 typed: bool, algebra: bool, int_min_free: bool, why: str,
                 share: int = 3) -> tuple[str, ...] | str:
    """A second attempt with the integer cut (``terms.Terms.cut_order``), on a ``share``-th
    of the budget, where a scalar sub-query read as an integer (``scalar_class``) left none
    (a third; ``CUT_SHARE_AFTER_BUDGET`` after a first attempt that used the whole budget:
    on pairs that are no proof, mutants, the late proofs ran a third longer with a third,
    and a LAG mutant's witness came after its time)."""
    found = _attempt(gold, pred, schema, semantics, budget_s / share, work // share, typed,
                     algebra, int_min_free, True)
    return found if isinstance(found, tuple) else why


def _equal(decider: Decider, gold, pred, schema: Schema, semantics: str, terms: Terms,
           lookups: bool) -> bool:
    """Are the normal forms equal? ``lookups``: again, with each LEFT JOIN grouped by its
    left table's key read as the left rows with correlated aggregates (``left_groups``), or
    grouped by other left columns as their distinct values with them (``left_classes``),
    tried only where one applies (and without it, a construct without a normal form there
    is no answer yet)."""
    some = has_lookups(gold, schema, class_lookups) or has_lookups(pred, schema, class_lookups)
    if lookups and not some:
        return False
    terms.left_lookups = functools.partial(class_lookups, terms=terms) if lookups else None
    try:
        xs, ys = normalize(gold, schema, terms.keyer), normalize(pred, schema, terms.keyer)
    except NoNormalForm:
        if some and not lookups:
            return False
        raise
    if semantics == "set":
        xs, ys = [squash(xs)], [squash(ys)]
    return decider.equal(xs, ys)


def _thresholds(gold, pred, schema: Schema, semantics: str, terms: Terms, budget: Budget,
                typed: bool) -> Decider | None:
    """Are the queries equal with their counting thresholds read as quantifiers over
    distinct rows (``thresholds``), a group's rows counted from fresh rows or from its
    current row? The decider that proved it (what it read: ``_rests``), or None."""
    tried = set()
    for anchored in (False, True):
        qg, qp = (quantified(q, schema, typed, anchored, terms.int_min_free)
                  for q in (gold, pred))
        if (qg is gold and qp is pred) or (qg, qp) in tried:
            continue
        tried.add((qg, qp))
        decider = Decider(terms, budget)
        if qg == qp or _equal(decider, qg, qp, schema, semantics, terms, False):
            return decider
    return None


def _rests(decider: Decider, terms: Terms) -> tuple[str, ...]:
    return ((("unique_keys",) if decider.uniques_used else ())
            + (("int_range",) if terms.int_range else ())
            + (("exact_reals",) if getattr(terms, "real_sums", False) else ())
            + (("integer_sums_exact",) if getattr(terms, "int_sums", False) else ()))


def _ordered(q: ir.Query) -> bool:
    return bool(q.order) or q.limit is not None or bool(q.offset)


def _same_order(gold: ir.Query, pred: ir.Query, schema: Schema, decider: Decider,
                keyer) -> bool:
    """One block each, under the same ORDER BY directions, LIMIT and OFFSET: equal when
    the blocks are equal with the sort keys as extra outputs (identical keys, row for row)."""
    if not (isinstance(gold, ir.Select) and isinstance(pred, ir.Select)):
        return False
    if (gold.limit, gold.offset) != (pred.limit, pred.offset):
        return False
    blocks, orders = [], []
    same_keys = gold.order == pred.order  # nothing to drop: the keys are compared as outputs
    for q in (gold, pred):
        plain = dataclasses.replace(q, order=(), limit=None, offset=0)
        terms = normalize(plain, schema, keyer)
        if len(terms) != 1 or not isinstance(terms[0], Block):
            return False
        simpler = decider.unnest_all([terms[0]])
        if len(simpler) != 1 or not isinstance(simpler[0], Block):
            return False
        b = simpler[0]
        # a sort key that never breaks a tie (a constant on the rows kept, a column after
        # a key of its table) orders nothing: dropped
        order: list = []
        for k, d in q.order:
            if same_keys or not decider.determined(b, [x for x, _ in order], k):
                order.append((k, d))
        orders.append([d for _, d in order])
        blocks.append(dataclasses.replace(b, items=b.items + tuple(k for k, _ in order)))
    return orders[0] == orders[1] and decider.block_equal(*blocks)
