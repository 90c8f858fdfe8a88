"""The verdict at a smaller bound where the full bound runs out of budget.

``staging`` runs the solver at bounds 1, 2, 3 before the bound asked for. Where the full
bound's encoding or solver runs out of budget, and the randomized search finds no witness
either, the pair was ``unknown``, although a smaller bound had found no witness. It is
then ``verified`` at the largest such bound, the scope saying so (``up to 2 rows per
table``), the cause ``budget`` and a note naming the bound that ran out. Conditions:

- the smaller bound is at least ``MIN_BOUND`` (one row per table says too little);
- it is above every LIMIT/OFFSET's reach (``staging.limit_reach``): below it no cut acts,
  and a verdict there would say nothing about the cut;
- the full bound's answer is ``unknown`` for its budget, not for a construct;
- the search (when on) found no witness at the full bound.

Nothing is encoded differently: the smaller bound's verdict is the solver's, as it stood.
"""

from __future__ import annotations

from ...types import Status
from .outcome import Cause, Method, VerifyResult

MIN_BOUND = 2


def keeps(res: VerifyResult, k: int, reach: int) -> bool:
    """Does the solver's answer ``res`` at the small bound ``k`` count as a fallback, with
    ``reach`` the queries' LIMIT reach?"""
    return (res.status is Status.VERIFIED and res.method is Method.SOLVER
            and k >= MIN_BOUND and k > reach)


def fall_back(res: VerifyResult, held: VerifyResult | None, bound: int) -> VerifyResult:
    """``held`` (verified at a smaller bound) in place of ``res``, an unknown for budget at
    ``bound``; else ``res``. The detail and a note say which bound ran out."""
    if held is None or res.status is not Status.UNKNOWN or res.cause is not Cause.BUDGET:
        return res
    searched = (res.search or {}).get("trials")
    why = f"{bound} rows per table ran out of budget ({res.detail})"
    note = (f"the solver at {why}"
            + (f"; the randomized search found no witness in {searched} databases of up to "
               f"{bound} rows per table" if searched else ""))
    return held.but(cause=Cause.BUDGET, detail=why, notes=held.notes + (note,),
                    search=res.search)


def is_fallback(res: VerifyResult) -> bool:
    """A verdict ``fall_back`` returned: its bound is the one it holds at."""
    return res.status is Status.VERIFIED and res.cause is Cause.BUDGET


def reported_bound(res: VerifyResult, asked: int) -> int:
    """The bound a verdict reports: a fallback's own; else at least ``asked`` (a witness
    found at a small bound is one at ``asked``; a bound raised past the LIMITs is higher)."""
    return res.bound if is_fallback(res) else max(asked, res.bound)
