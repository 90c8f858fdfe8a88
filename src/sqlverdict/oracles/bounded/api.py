"""``verify(gold, pred, schema)``: the bounded equivalence check as one library call.

The chain of stages: lower both queries (ir) -> encode on a bounded symbolic database
(encode) -> ask the solver for a database on which the results differ, bound 1..K with one
solver and assumptions (solver) -> decode the model (decode) -> replay in SQLite (replay)
-> minimize (minimize). A ``refuted`` is reported only after the replay; ``verified`` states
its bound and semantics; everything else is ``unknown`` with a reason.

>>> from sqlverdict.schema import from_ddl
>>> s = from_ddl("CREATE TABLE t(a INT PRIMARY KEY, b INT)")
>>> r = verify("SELECT a FROM t WHERE b > 1", "SELECT a FROM t WHERE b >= 2", s)
>>> r.status, r.bound, r.semantics
(<Status.VERIFIED: 3>, 3, 'set')
>>> r = verify("SELECT count(b) FROM t", "SELECT count(*) FROM t", s)
>>> str(r.status), r.witness.tables["t"]["rows"], r.witness.gold_result, r.witness.pred_result
('refuted', [[0, None]], [[0]], [[1]])
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ...engine.compare import Semantics
from ...engine.materialize import to_sql_script, write_database
from ...errors import BudgetExceeded, InputError, UnsupportedSQL
from ...types import Schema, Status, Witness
from . import decode, ir
from .encode import Encoder, SymDB, TextDomain, difference
from .minimize import minimize
from .replay import replay
from .solver import check, make_solver

MAX_UNCONFIRMED = 3  # models that fail to replay before we give up on a pair


@dataclass
class VerifyResult:
    status: Status
    bound: int
    semantics: str
    reason: str = ""
    elapsed_s: float = 0.0
    witness: Witness | None = None
    unconfirmed: list = field(default_factory=list)  # non-replaying models, for debugging

    def to_json(self) -> dict[str, Any]:
        return {
            "status": str(self.status),
            "bound": self.bound,
            "semantics": self.semantics,
            "reason": self.reason,
            "elapsed_s": round(self.elapsed_s, 4),
            "witness": self.witness.to_json() if self.witness else None,
        }


def _empty_tables(schema: Schema) -> dict[str, dict]:
    return {t.name: {"columns": [c.name for c in t.columns], "rows": []} for t in schema.tables}


def _top_ordered(q: ir.Query) -> bool:
    if q.order:
        return True
    return isinstance(q, ir.Select) and q.aggregate and not q.group_by


def verify(gold: str, pred: str, schema: Schema, *, bound: int = 3, semantics: str = "set",
           timeout_s: float = 30.0, constraints=None, witness_dir: str | None = None) -> VerifyResult:
    """Search for a database with at most ``bound`` rows per table on which ``gold`` and
    ``pred`` differ under ``semantics``; see the module docstring."""
    start = time.monotonic()
    if not isinstance(bound, int) or isinstance(bound, bool) or bound < 1:
        raise InputError(f"bound must be a positive integer, got {bound!r}")
    sem = str(Semantics.parse(semantics))
    if timeout_s <= 0:
        raise InputError(f"timeout must be positive, got {timeout_s!r}")
    # constraints: a ConstraintSet or a constraint file (see constraints/encode.py)
    from ...constraints.encode import as_constraint_set, constraint_formulas, domain_strings
    from ...constraints.realism import satisfies

    cset = as_constraint_set(constraints)
    skipped: list[str] = []
    deadline = start + timeout_s

    def done(status, reason="", witness=None, unconfirmed=()):
        if cset is not None and status in (Status.VERIFIED, Status.REFUTED):
            reason += f"; under {len(cset.enabled())} enabled constraints"
            if skipped:
                reason += f" ({len(skipped)} not encodable: {skipped[0]})"
        if witness is not None and witness_dir:
            _save(witness_dir, schema, witness)
        return VerifyResult(status, bound, sem, reason, time.monotonic() - start, witness,
                            list(unconfirmed))

    try:
        lg = ir.lower(gold, schema)
    except UnsupportedSQL as e:
        return done(Status.UNKNOWN, f"unsupported: {e.construct}")
    except InputError as e:
        return done(Status.UNKNOWN, f"gold query is invalid: {e}")
    try:
        lp = ir.lower(pred, schema)
    except UnsupportedSQL as e:
        return done(Status.UNKNOWN, f"unsupported: {e.construct}")
    except InputError as e:
        # An invalid prediction: refuted only if SQLite itself rejects it on a database
        # where the gold runs (the empty database of the schema).
        tables = _empty_tables(schema)
        rep = replay(gold, pred, schema, tables, sem)
        if rep.differs:
            w = Witness(tables, rep.gold_rows, rep.pred_rows, rep.signature)
            return done(Status.REFUTED, rep.problem or "prediction is invalid", w)
        return done(Status.UNKNOWN, f"prediction not understood: {e}")
    if sem == "list":
        for side, q in (("gold", lg.query), ("prediction", lp.query)):
            if not _top_ordered(q):
                return done(Status.UNKNOWN, f"unsupported: list semantics without ORDER BY ({side})")
    ng, np_ = len(lg.query.items), len(lp.query.items)
    if lg.query == lp.query:  # same relational plan after qualification: no solver needed
        return done(Status.VERIFIED, f"identical after normalization (bound {bound}, {sem} semantics)")
    try:
        domain = TextDomain(lg.texts | lp.texts, lg.patterns | lp.patterns,
                            extra=domain_strings(cset, lg.tables | lp.tables), fresh=bound)
        db = SymDB(schema, lg.tables | lp.tables, bound, domain)
        enc = Encoder(db, deadline)
        g_rows = enc.query(lg.query, {})
        p_rows = enc.query(lp.query, {})
        diff = difference(g_rows, p_rows, sem, (ng, np_))
        solver = make_solver(max(0.05, deadline - time.monotonic()))
        solver.add(*db.constraints)
        cformulas, skipped[:] = constraint_formulas(cset, db)
        solver.add(*cformulas)
        solver.add(diff)
        unconfirmed: list = []
        for k in range(1, bound + 1):
            while True:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise BudgetExceeded("time", f"after bound {k - 1}")
                solver.set("timeout", max(1, int(remaining * 1000)))
                if not check(solver, db.bound_assumptions(k)):
                    break
                model = solver.model()
                tables = decode.tables(model, db)
                rep = replay(gold, pred, schema, tables, sem)
                if rep.differs:
                    tables, rep = minimize(gold, pred, schema, tables, sem, rep,
                                           accept=(lambda t: satisfies(t, cset)) if cset else None)
                    w = Witness(tables, rep.gold_rows, rep.pred_rows, rep.signature)
                    why = f"witness with at most {k} rows per table replayed in SQLite"
                    if rep.signature:
                        why += f" ({rep.signature})"
                    return done(Status.REFUTED, why, w, unconfirmed)
                unconfirmed.append({
                    "tables": tables,
                    "expected_gold": decode.result(model, g_rows, domain),
                    "expected_pred": decode.result(model, p_rows, domain),
                    "sqlite_gold": rep.gold_rows, "sqlite_pred": rep.pred_rows,
                    "problem": rep.problem,
                })
                if witness_dir:
                    _save_unconfirmed(witness_dir, unconfirmed[-1], len(unconfirmed))
                if len(unconfirmed) >= MAX_UNCONFIRMED:
                    return done(Status.UNKNOWN, "unconfirmed witness", None, unconfirmed)
                solver.add(decode.block(model, db))
        if unconfirmed:  # the encoding was shown unfaithful on this pair: no proof
            return done(Status.UNKNOWN, "unconfirmed witness", None, unconfirmed)
        return done(Status.VERIFIED, f"no witness with at most {bound} rows per table ({sem} semantics)")
    except UnsupportedSQL as e:
        return done(Status.UNKNOWN, f"unsupported: {e.construct}")
    except BudgetExceeded as e:
        return done(Status.UNKNOWN, f"budget: {e}")


def _save(witness_dir: str, schema: Schema, w: Witness) -> None:
    d = Path(witness_dir)
    d.mkdir(parents=True, exist_ok=True)
    rows = {k: v["rows"] for k, v in w.tables.items()}
    write_database(d / "witness.sqlite", schema, rows, overwrite=True)
    (d / "witness.sql").write_text(to_sql_script(schema, rows) + "\n", encoding="utf-8")
    (d / "witness.json").write_text(json.dumps(w.to_json(), indent=2, default=str) + "\n", encoding="utf-8")


def _save_unconfirmed(witness_dir: str, case: dict, n: int) -> None:
    d = Path(witness_dir)
    d.mkdir(parents=True, exist_ok=True)
    (d / f"unconfirmed-{n}.json").write_text(json.dumps(case, indent=2, default=str) + "\n",
                                             encoding="utf-8")
