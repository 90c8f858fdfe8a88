"""An unbounded prover: equivalence on every database, by normal forms and Z3.

Written by hand because no library decides SQL equivalence under SQLite's semantics:
provers in the literature (SPES, UDP, SQLSolver) read SQL as Calcite or PostgreSQL do,
with typed columns. Ours follows their idea (queries as sums over tuple variables of
predicates, DISTINCT/UNION as a squash, a bijection or homomorphism between table
occurrences, Z3 on the predicates) on the verifier's IR, for SQLite: three-valued logic,
NULL in every column SQLite does not forbid it, bags, any storage class in any column,
no key assumed (``normal``: the normal form; ``values``: SQLite values as Z3 terms;
``decide``: the decision).

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

import z3

from ....types import Schema
from .. import ir
from .decide import Budget, Decider
from .normal import NoNormalForm, normalize, squash
from .values import Terms, texts

BUDGET_S = 2.0


def prove(gold: ir.Query, pred: ir.Query, schema: Schema, semantics: str,
          budget_s: float = BUDGET_S) -> bool:
    """Are ``gold`` and ``pred`` equal on every database under ``semantics`` (bag/set)?"""
    if semantics not in ("bag", "set") or len(gold.items) != len(pred.items):
        return False
    try:
        xs, ys = normalize(gold, schema), normalize(pred, schema)
        if semantics == "set":
            xs, ys = [squash(xs)], [squash(ys)]
        ctx = z3.Context()
        terms = Terms(ctx, texts(gold) | texts(pred), schema)
        return Decider(terms, Budget(budget_s)).equal(xs, ys)
    except (NoNormalForm, RecursionError, z3.Z3Exception):
        return False
