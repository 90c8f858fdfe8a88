"""One pair's solver session: its own Z3 context, the constants and term caches of that
context, and its solvers.

Z3 numbers terms in the order a context creates them, and the solver's search (so the
model, so the witness) depends on that numbering: in a context that already holds other
pairs' terms, the same pair got another witness (31 of 80 refuted fixtures, run after the
others in one process versus each in a new process). So each pair gets a ``Session``: a new
``z3.Context`` in which every term of its encoding is made (z3py takes the context
explicitly: ``z3.Int(name, s.ctx)``, ``z3.IntVal(v, s.ctx)``, ``z3.Solver(ctx=s.ctx)``;
``z3.And``, ``z3.If`` and the operators take the context of their arguments). The
encoding (``SymDB(session, ...)``, ``Encoder`` over that database, the functions of
``encode.values``) receives the session explicitly; nothing is global, so two pairs may be
encoded and solved in two threads at once. The session is garbage once its pair is done.

>>> s = Session()
>>> x = z3.Int("x", s.ctx)
>>> solver = s.solver()
>>> solver.add(x > 2, x < 4)
>>> solver.check() == z3.sat, solver.model()[x].as_long()
(True, 3)
>>> s.null.ty, s.true.ctx is s.ctx
('null', True)
"""

from __future__ import annotations

import z3

from .encode.values import V
from .ir.kinds import Ty
from .solver import Budget, make_solver, new_context


class Session:
    """A Z3 context of its own, with ``true``, ``false``, ``null`` (the NULL value) made in
    it, the caches of terms of that context (``reals``: ``encode.values._to_real``,
    ``equal``: ``encode.values.veq``) and ``solver(budget)``."""

    def __init__(self):
        self.ctx = new_context()  # (a spare made before the fork, in verify-batch)
        # (made first, in this order: a new context numbers them alike for every pair)
        self.true = z3.BoolVal(True, self.ctx)
        self.false = z3.BoolVal(False, self.ctx)
        self.null = V(Ty.NULL, self.true, z3.IntVal(0, self.ctx))
        self.reals: dict = {}
        self.equal: dict = {}

    def solver(self, budget: Budget | None = None) -> z3.Solver:
        """A solver of this context (``solver.make_solver``: fixed seeds, the budget)."""
        return make_solver(self.ctx, budget)
