"""The one place that makes Z3 solvers and interprets their answers.

Two budgets, because each alone is not enough: the wall-clock ``timeout`` keeps a pair
from running past its budget on a loaded machine, but makes results depend on the load;
the ``rlimit`` (Z3's deterministic count of work) makes a hard pair give up at the same
point on every machine, so verdicts are reproducible. Seeds are fixed for the same reason.
``unknown`` from Z3 is turned into ``BudgetExceeded`` here and nowhere else.
"""

from __future__ import annotations

import z3

from ...errors import BudgetExceeded

SEED = 0
RLIMIT_PER_SECOND = 20_000_000  # roughly one second of Z3 work on this class of machine


def make_solver(timeout_s: float, rlimit: int | None = None) -> z3.Solver:
    """A solver with fixed seeds, a wall-clock timeout and a deterministic resource limit."""
    z3.set_param("smt.random_seed", SEED)
    z3.set_param("sat.random_seed", SEED)
    s = z3.Solver()
    s.set("random_seed", SEED)
    s.set("timeout", max(1, int(timeout_s * 1000)))
    s.set("rlimit", int(rlimit if rlimit is not None else max(1.0, timeout_s) * RLIMIT_PER_SECOND))
    return s


def check(s: z3.Solver, assumptions=()) -> bool:
    """True for sat, False for unsat; ``BudgetExceeded`` when Z3 cannot decide."""
    r = s.check(*assumptions)
    if r == z3.sat:
        return True
    if r == z3.unsat:
        return False
    why = s.reason_unknown()
    kind = "time" if ("timeout" in why or "canceled" in why) else (
        "rlimit" if ("resource" in why or "rlimit" in why) else "solver")
    raise BudgetExceeded(kind, f"solver gave up: {why}")
