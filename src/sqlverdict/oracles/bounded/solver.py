"""The one place that makes Z3 solvers, sets budgets and interprets their answers.

Two kinds of budget, because each alone is not enough. Deterministic work budgets decide
where a hard pair gives up: Z3's ``rlimit`` (its own count of work) for the solver, and a
count of encoding steps for building the formulas, so that a pair gives up at the same point
on every machine and under any load, and its verdict is reproducible. A wall-clock deadline
(the pair's whole time budget) is only the safety net that keeps a pair from running past
its budget on a machine much slower than expected; it is the one budget that depends on the
load. Seeds are fixed for the same reason. ``unknown`` from Z3 is turned into
``BudgetExceeded`` here and nowhere else.

>>> b = Budget.of(1.0)
>>> b.rlimit, b.steps
(20000000, 400000)
>>> b.share(0.1).rlimit
2000000
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

import z3

from ...errors import BudgetExceeded

SEED = 0
RLIMIT_PER_SECOND = 20_000_000  # roughly one second of Z3 work on this class of machine
STEPS_PER_SECOND = 400_000  # roughly one second of encoding (steps of the quadratic loops)


@dataclass
class Budget:
    """Work allowed for one encoding and its solver calls, and the wall-clock safety net."""

    rlimit: int | None = None  # Z3 resource units per check
    steps: int | None = None  # encoding steps
    deadline: float | None = None  # time.monotonic() after which everything stops
    used: int = field(default=0, compare=False)

    @classmethod
    def of(cls, seconds: float, deadline: float | None = None) -> Budget:
        """The work of about ``seconds`` on this class of machine."""
        return cls(int(seconds * RLIMIT_PER_SECOND), int(seconds * STEPS_PER_SECOND), deadline)

    def share(self, fraction: float) -> Budget:
        return Budget(None if self.rlimit is None else max(1, int(self.rlimit * fraction)),
                      None if self.steps is None else max(1, int(self.steps * fraction)),
                      self.deadline)

    def tick(self, n: int = 1) -> None:
        """Count ``n`` encoding steps; raise ``BudgetExceeded`` when the budget is spent."""
        self.used += n
        if self.steps is not None and self.used > self.steps:
            raise BudgetExceeded("work", "while encoding")
        if self.deadline is not None and time.monotonic() > self.deadline:
            raise BudgetExceeded("time", "while encoding")

    def seconds_left(self) -> float | None:
        return None if self.deadline is None else self.deadline - time.monotonic()


_SPARES: list[z3.Context] = []


def new_context() -> z3.Context:
    """A Z3 context nothing has used: a spare made by ``make_spares`` while there is one,
    else a new one. Every pair's ``Session`` and every proof of ``unbounded`` takes its
    context here.

    A spare is the same as a new context (no term made in it, so its terms are numbered
    from zero alike), only made earlier: ``verify-batch`` makes a few in each worker
    before it forks a process per pair. A context holds about 18 MB; made in the forked
    process, it rewrote pages of the heap it shares with the worker (copy on write), about
    15 ms of CPU for the first context of each pair, more than many pairs' whole proof.
    ``list.pop`` is atomic, so threads verifying pairs at once never share a spare.

    >>> make_spares(1); c = new_context()
    >>> isinstance(c, z3.Context), spares()
    (True, 0)
    """
    try:
        return _SPARES.pop()
    except IndexError:
        return z3.Context()


def make_spares(n: int) -> None:
    """Have ``n`` unused contexts ready for ``new_context`` (made now, in this process)."""
    while len(_SPARES) < n:
        _SPARES.append(z3.Context())


def spares() -> int:
    """How many spare contexts are ready."""
    return len(_SPARES)


def make_solver(ctx: z3.Context, budget: Budget | None = None) -> z3.Solver:
    """A solver of the context ``ctx`` (a pair's ``session.Session``) with fixed seeds, the
    budget's deterministic resource limit and its wall-clock deadline as a timeout. The
    seed is the solver's own parameter (no global ``z3.set_param``: Z3's global seeds keep
    their default, 0)."""
    budget = budget or Budget.of(30.0)
    s = z3.Solver(ctx=ctx)
    s.set("random_seed", SEED)
    left = budget.seconds_left()
    if left is not None:
        if left <= 0:
            raise BudgetExceeded("time", "no time left for the solver")
        s.set("timeout", max(1, int(left * 1000)))
    if budget.rlimit is not None:
        s.set("rlimit", budget.rlimit)
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
