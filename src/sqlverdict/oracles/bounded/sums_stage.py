"""A stage after the bounded solver: pairs with sums it verified up to a bound, proved for
every database by the algebra of sums (``unbounded.aggalgebra``: SUM, TOTAL and AVG as
linear terms of the sums and counts of their argument's parts, decided by Z3 with the
bag terms). It runs there, not with the other proofs before the solver, because it costs
a second normal-form attempt: a refuted pair (most mutants) never reaches it.

The proof is the normal-form prover's (``Method.NORMAL_FORM``), with the assumptions it
states (``exact_reals``, ``integer_sums_exact`` where it read sums, ``int_range``), those of
keyless foreign-key parents read as keys, and the domain's (``real_int_min``,
``untyped_text``), as ``prover.settle`` states them for the prover's other proofs.
"""

from __future__ import annotations

import re
import time

from ...types import Status
from .int_min import real_int_min
from .outcome import Method, VerifyResult
from .pair import Pair
from .proofs import _found, column_orders
from .unbounded import BUDGET_S, algebra_proof
from .untyped import untyped_text

_SUMS = re.compile(r"Agg\(fn='(?:sum|total|avg)'")


def algebra_stage(pair: Pair, res: VerifyResult, deadline: float = float("inf")) -> VerifyResult:
    """``res``, or an every-database proof of the pair where ``res`` is the solver's
    verdict up to a bound and the algebra of sums proves it (its wall-clock net ending by
    the pair's ``deadline``, ``time.monotonic``)."""
    if res.status is not Status.VERIFIED or res.method is not Method.SOLVER:
        return res
    from .prover import _parent_keys, simplify_top

    gq = simplify_top(pair.lowered("gold").query, pair.semantics)
    pq = simplify_top(pair.lowered("pred").query, pair.semantics)
    if not (_sums(gq) or _sums(pq)):
        return res
    for pp, note in column_orders(gq, pq, pair.policy.permute_columns):
        left = deadline - time.monotonic()
        if left <= 0:
            break
        found = algebra_proof(gq, pp, pair.schema, pair.semantics, typed=pair.typed,
                              int_min_free=bool(real_int_min(pair)), budget_s=min(BUDGET_S, left))
        if found is not None:
            stated = _found(found, lambda: _parent_keys(pair))
            return res.but(method=Method.NORMAL_FORM, constrained=False,
                           assumptions=tuple(dict.fromkeys(stated + real_int_min(pair)
                                                           + untyped_text(pair))),
                           notes=(note,) if note else ())
    return res


def _sums(q) -> bool:
    """Does ``q`` hold a SUM, TOTAL or AVG (in any subquery)? Read off the plan's text."""
    return _SUMS.search(repr(q)) is not None
