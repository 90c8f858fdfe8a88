"""A targeted search for a proof's arithmetic assumptions: ``aimed_search``.

A proof that states ``exact_reals``, ``integer_sums_exact`` or ``integer_arithmetic_in_range``
holds on the databases that keep it; SQLite does not always keep it (AVG adds integers as
doubles, reals round in the order they are added, a SUM past 64 bits raises an error and
``+ - *`` turn REAL). Before such a proof is reported, a small fixed number of databases
(``TRIALS``, seeded by the pair: deterministic) whose values break exactly the stated
assumptions (``SCENARIOS``: one set of values a column takes row by row) are run in SQLite:

- ``integer_sums_exact``: integers around 2**53 and 10**16 beside small ones (a double sum
  drops the small ones) in INTEGER (and NUMERIC) columns;
- ``integer_arithmetic_in_range``: integers at 2**62 and the ends of 64 bits beside small
  ones there (sums and differences overflow, in one order only); not for a translation from
  another dialect, whose engine raises past 64 bits where SQLite turns REAL (``staging``
  counts such a database as no evidence either);
- ``exact_reals``: 0.1, 0.2, 0.3, 1e16, 1.0, -0.0 and their like in REAL and NUMERIC
  columns (DATE/TIME columns aside).

Only the columns the queries compute on (``+ - * /``, SUM, AVG, TOTAL) take them, keys and
foreign keys aside (they keep the usual pool, and the other integer columns a few more
keys, so joins and groups still match; every other trial a parent table holds one row, so
its children fall in one group). In the typed domain a database outside the declared
classes is skipped, and with constraints (``cset``) one that breaks them. A separating
database is minimized and replayed from a file like any witness; the verdict is then
``refuted`` (method ``search``) with a note that names the assumption the proof rested on
and those the database breaks (``breaks.broken``). None found: the proof stands.
"""

from __future__ import annotations

import random
import time

from sqlglot import exp

from ...engine.generate import generate_database, value_pool
from ...types import Status, Witness, affinity
from .breaks import broken
from .domain import outside, typed_pool
from .ir.kinds import Affinity
from .outcome import ASSUMPTION_TEXT, Assumption, Method, VerifyResult
from .pair import Pair
from .realism import temporal_kind, top_grade
from .search import _seed, _tree, pair_facts
from .witness import minimize, shaped

_ARITH = (exp.Add, exp.Sub, exp.Mul, exp.Div, exp.Neg, exp.Sum, exp.Avg)
SPREAD = (1, 2, 3, 5)  # more keys for the other integer columns: groups and orders
TRIALS = 40  # databases per proof: the budget, in trials (no clock)
AIMED = (Assumption.SUMS_EXACT, Assumption.INT_RANGE, Assumption.EXACT_REALS)
# The values one column takes, row by row (shuffled per trial): each set breaks its assumption
# in SQLite (a double sum drops the small integer beside 10**16; a partial sum leaves 64 bits
# in one order; 0.1 + 0.2 + 0.3 rounds by order, 1e16 + 1.0 drops the 1.0).
SCENARIOS = {
    Assumption.SUMS_EXACT: [(10**16, 1, 3), (2**53 + 1, 1), (-(10**16), 1, 3), (2**53, 1, 1),
                            (10**16 + 1, 1), (1, 3, 10**16, 5)],
    Assumption.INT_RANGE: [(2**62, 2**62), (2**63 - 1, 1), (-(2**63), 5, 0), (2**62, 2**62, -(2**62)),
                           (2**63 - 1, -(2**63)), (2**62 + 1, 2**62, 3), (2**63 - 1, -5, 0)],
    Assumption.EXACT_REALS: [(0.1, 0.2, 0.3), (1e16, 1.0, 1.0), (0.1, 0.7, 0.2), (1e-9, 1.0, 1e-9),
                             (-0.0, 0.0), (2.5, 0.1, 1e16), (0.3, 0.6, 0.1, 0.2)],
}


def aimed(res: VerifyResult) -> tuple[Assumption, ...]:
    """The stated assumptions this search aims at (empty unless ``res`` is a proof)."""
    if res.status is not Status.VERIFIED:
        return ()
    return tuple(a for a in AIMED if a in res.assumptions)


def aimed_search(pair: Pair, res: VerifyResult, *, seed: int = 0, cset=None,
                 deadline: float = float("inf"), trials: int = TRIALS) -> VerifyResult | None:
    """A ``refuted`` verdict with a replayed witness that breaks the arithmetic assumptions
    ``res`` states, or None (none stated, or no database of the ``trials`` separates)."""
    targets = tuple(a for a in aimed(res) if not (pair.translated and a is Assumption.INT_RANGE))
    if not targets or pair.unrunnable:  # (past 64 bits, the translation's own dialect raises)
        return None
    schema = pair.schema
    relevant, literals = pair_facts(pair)
    base = value_pool(schema, None, literals)
    computed = _arith_columns([_tree(pair, "gold"), _tree(pair, "pred")])
    rng = random.Random(_seed(pair.gold, pair.pred, seed + 59))
    for trial in range(trials):
        if time.monotonic() >= deadline:
            return None
        target = targets[trial % len(targets)]
        scenarios = SCENARIOS[target]
        values = list(scenarios[(trial // len(targets)) % len(scenarios)])
        rng.shuffle(values)
        pool, cols = _pool(pair, base, target, values, wide=trial % 4 == 3, only=computed)
        hit = {t for t, _ in cols}
        n = len(values) + trial % 2  # rows enough for each value in one group
        sizes = {t.name: (0 if t.name.lower() not in relevant else n if t.name in hit
                          else 1 + (trial // 2) % 2)  # one parent row: every child in one group
                 for t in schema.tables}
        tables = shaped(schema, generate_database(schema, rng, values=pool, max_rows=n,
                                                  sizes=sizes, null_rate=(0.0, 0.1)[trial % 2]))
        _place(tables, cols, values)
        if pair.typed and outside(tables, pair.user_schema):
            continue
        rep = pair.replay(tables, in_memory=True)
        if not rep.differs or (pair.translated and rep.signature == "execution_error"):
            continue  # (an error of a translation past 64 bits: no evidence, ``staging``)
        if cset is not None and pair.grade(tables, cset).rank < top_grade(cset):
            continue  # the constraints in force are kept
        found = _witness(pair, tables, rep, cset)
        if found is not None:
            return _refuted(pair, res, found, trial + 1, cset)
    return None


def _place(tables: dict, cols: set, values: list) -> None:
    """Row ``i`` of the ``k``-th column of ``cols`` in its table takes ``values[i + k]``
    (cyclically; two columns of a row differ, for a difference or a product), NULL kept."""
    seen: dict = {}
    for table, col in sorted(cols):
        k = seen[table] = seen.get(table, -1) + 1
        shape = tables[table]
        j = shape["columns"].index(col)
        for i, row in enumerate(shape["rows"]):
            if row[j] is not None:
                row[j] = values[(i + k) % len(values)]


def _arith_columns(trees) -> set[str] | None:
    """Names (lower case) of the columns the queries add, subtract, multiply, divide or
    aggregate with SUM, AVG or TOTAL (None: a query did not parse, or none: every column)."""
    out: set[str] = set()
    for tree in trees:
        if tree is None:
            return None
        for col in tree.find_all(exp.Column):
            node = col.parent
            while node is not None and not isinstance(node, exp.Select):
                if isinstance(node, _ARITH) or (isinstance(node, exp.Anonymous)
                                                and node.name.lower() == "total"):
                    out.add(col.name.lower())
                    break
                node = node.parent
    return out or None


def _pool(pair: Pair, base: dict, target: Assumption, values: list, *, wide: bool,
          only: set[str] | None) -> tuple[dict, set[tuple[str, str]]]:
    """The value pool: each non-key column of the class ``target`` speaks of (of the names
    ``only``, when given; ``wide``: key columns too, foreign keys aside) draws ``values``,
    other integer columns a few more keys; and those (table, column) pairs."""
    out, cols = dict(base), set()
    for t in pair.schema.tables:
        keys = {c.lower() for c in t.primary_key}
        fks = {c.lower() for fk in t.foreign_keys for c in fk.columns}
        for c in t.columns:
            name = c.name.lower()
            if name in fks or (name in keys and not wide) or name in {x.lower() for x in t.generated}:
                continue
            aff, own = affinity(c.type), base.get((t.name, c.name), [])
            number = aff in (Affinity.REAL, Affinity.NUMERIC) and temporal_kind(c.type) is None
            if (only is not None and name not in only) or not (
                    number if target is Assumption.EXACT_REALS
                    else aff == Affinity.INTEGER or (number and aff == Affinity.NUMERIC)):
                if aff == Affinity.INTEGER:
                    out[(t.name, c.name)] = own + [v for v in SPREAD if v not in own]
                continue
            out[(t.name, c.name)] = list(values)
            if name not in keys:  # (a key keeps the generator's distinct values)
                cols.add((t.name, c.name))
    return (typed_pool(out, pair.schema) if pair.typed else out), cols


def _witness(pair: Pair, tables: dict, rep, cset) -> Witness | None:
    """The database minimized (keeping its realism) and replayed from a file, or None."""
    g = pair.grade(tables, cset)
    small, _ = minimize(pair.gold, pair.pred, pair.schema, tables, pair.policy, rep,
                        scratch=pair.scratch, accept=lambda t: pair.grade(t, cset) >= g)
    for cand in (small, tables):
        final = pair.replay(cand)
        if final.differs and not (pair.translated and final.signature == "execution_error"):
            return Witness(cand, final.gold_rows, final.pred_rows, final.signature)
    return None


def _refuted(pair: Pair, res: VerifyResult, w: Witness, trial: int, cset) -> VerifyResult:
    g = pair.grade(w.tables, cset)
    hit = broken(w.tables, pair.user_schema, queries=(pair.gold, pair.pred),
                 results=(w.gold_result, w.pred_result), stated=res.assumptions)
    why = ", ".join(ASSUMPTION_TEXT[a] for a in hit) if hit else "none of its stated assumptions"
    note = (f"the proof ({res.method}) rested on {', '.join(str(a) for a in aimed(res))}; "
            f"the queries agree only where the verifier assumes {why}; SQLite separates them")
    return VerifyResult(Status.REFUTED, res.bound, pair.semantics, method=Method.SEARCH, witness=w,
                        evidence="witness", realism=g.realism, empty=g.empty,
                        notes=g.empty.notes() + (note,), constrained=res.constrained,
                        search={"trials": trial, "found_at_trial": trial, "aimed_at":
                                [str(a) for a in aimed(res)]})
