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

import dataclasses
import itertools
import json
import re
import time
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any

import sqlglot
import sqlglot.errors
import z3
from sqlglot import exp

from ...engine.compare import Semantics
from ...engine.materialize import to_sql_script, write_database
from ...errors import BudgetExceeded, InputError, UnsupportedSQL
from ...types import Schema, Status, Witness
from . import decode, ir
from .canon import canonical, inline_projection
from .encode import Encoder, Row, SymDB, TextDomain, difference
from .minimize import minimize
from .replay import replay, user_tables
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
            "witness": _witness_json(self.witness),
        }


def _witness_json(w: Witness | None) -> dict | None:
    """The witness as the output contract has it: tables and both results."""
    if w is None:
        return None
    return {"tables": w.tables, "gold_result": w.gold_result, "pred_result": w.pred_result}


def _empty_tables(schema: Schema) -> dict[str, dict]:
    return {t.name: {"columns": [c.name for c in t.columns], "rows": []} for t in schema.tables}


def _top_ordered(q: ir.Query, schema: Schema) -> bool:
    """Is the order of the result rows fixed: an ORDER BY, or at most one row."""
    if isinstance(q, ir.Select):
        q = inline_projection(q)
    if q.order or (q.limit is not None and q.limit <= 1):
        return True
    if not isinstance(q, ir.Select):
        return False
    if q.aggregate and not q.group_by:
        return True
    # one table, its one-column primary key equal to one value: at most one row
    if not isinstance(q.source, ir.Scan) or q.aggregate:
        return False
    pk = [c.lower() for c in schema.table(q.source.table).primary_key]
    if len(pk) != 1:
        return False

    def is_key(e):
        return isinstance(e, ir.Col) and e.alias == q.source.alias and e.name == pk[0]

    def one_value(e):
        return (isinstance(e, ir.Lit) or isinstance(e, ir.ScalarSub)
                or (isinstance(e, ir.Col) and e.alias != q.source.alias))

    for c in ir._conjuncts(q.where):
        if isinstance(c, ir.Cmp) and c.op == "=" and not c.conv and (
                (is_key(c.left) and one_value(c.right)) or (is_key(c.right) and one_value(c.left))):
            return True
        if (isinstance(c, ir.InSub) and not c.conv and is_key(c.arg)
                and c.query.limit is not None and c.query.limit <= 1):
            return True
    return False


def verify(gold: str, pred: str, schema: Schema, *, bound: int = 3, semantics: str = "set",
           timeout_s: float = 30.0, constraints=None, witness_dir: str | None = None) -> VerifyResult:
    """Search for a database with at most ``bound`` rows per table on which ``gold`` and
    ``pred`` differ under ``semantics``; see the module docstring."""
    start = time.monotonic()
    if not isinstance(bound, int) or isinstance(bound, bool) or bound < 1:
        raise InputError(f"bound must be a positive integer, got {bound!r}")
    try:
        sem = str(Semantics.parse(semantics))
    except ValueError as e:
        raise InputError(str(e)) from None
    if timeout_s <= 0:
        raise InputError(f"timeout must be positive, got {timeout_s!r}")
    # constraints: a ConstraintSet or a constraint file (see constraints/encode.py)
    from ...constraints.encode import as_constraint_set, constraint_formulas, domain_strings
    from ...constraints.realism import satisfies

    cset = as_constraint_set(constraints)
    skipped: list[str] = []
    deadline = start + timeout_s
    schema = user_tables(schema)

    def done(status, reason="", witness=None, unconfirmed=()):
        if cset is not None and status in (Status.VERIFIED, Status.REFUTED):
            reason += f"; under {len(cset.enabled())} enabled constraints"
            if skipped:
                reason += f" ({len(skipped)} not encodable: {skipped[0]})"
        if witness is not None and witness_dir:
            save_witness(witness_dir, schema, witness)
        return VerifyResult(status, bound, sem, reason, time.monotonic() - start, witness,
                            list(unconfirmed))

    # Both queries must run in SQLite (sqlglot accepts some SQL that SQLite rejects); the
    # empty database is also the cheapest candidate witness.
    empty = _empty_tables(schema)
    on_empty = replay(gold, pred, schema, empty, sem, in_memory=True)
    if cset is None and not on_empty.problem and same_text(gold, pred):
        # the same query up to spelling: equivalent on every database, nothing to encode
        return done(Status.VERIFIED, f"the same query up to case, quoting and layout (every "
                    f"database, so also at bound {bound}; {sem} semantics)")
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
    rep = on_empty
    if rep.problem.startswith("gold fails"):
        return done(Status.UNKNOWN, f"gold query is invalid: {rep.problem}")
    if rep.differs:
        rep = replay(gold, pred, schema, empty, sem)
        if rep.differs:
            w = Witness(empty, rep.gold_rows, rep.pred_rows, rep.signature)
            why = rep.problem or f"witness with empty tables replayed in SQLite ({rep.signature})"
            return done(Status.REFUTED, why, w)
    if sem == "list":
        for side, q in (("gold", lg.query), ("prediction", lp.query)):
            if not _top_ordered(q, schema):
                return done(Status.UNKNOWN, f"unsupported: list semantics without ORDER BY ({side})")
    ng, np_ = len(lg.query.items), len(lp.query.items)
    lg.query, lp.query = _simplify_top(lg.query, sem), _simplify_top(lp.query, sem)
    if lg.query == lp.query:  # same relational plan after qualification: no solver needed
        return done(Status.VERIFIED, f"identical after normalization (every database, so also "
                    f"at bound {bound}; {sem} semantics)")
    rewrite = _same_canonical(lg.query, lp.query, schema, sem)
    if rewrite is not None:  # equal canonical forms: equivalent on every database
        ties = "; ties cut by a LIMIT broken alike" if _has_limit(lg.query) or _has_limit(lp.query) else ""
        return done(Status.VERIFIED, f"equivalent by rewriting{rewrite} (every database that "
                    f"satisfies the keys and foreign keys, so also at bound {bound}; {sem} semantics{ties})")
    try:
        domain = TextDomain(lg.texts | lp.texts, lg.patterns | lp.patterns,
                            extra=domain_strings(cset, lg.tables | lp.tables, schema),
                            fresh=bound, templates=lg.templates | lp.templates,
                            numbers=lg.numbers | lp.numbers)
        db = SymDB(schema, lg.tables | lp.tables, bound, domain)
        # active domain constraints join the schema's; minimization must keep them true
        cformulas, skipped[:] = constraint_formulas(cset, db)
        db.constraints += cformulas
        db.accept = (lambda t: satisfies(t, cset)) if cset is not None else None
        enc = Encoder(db, deadline)
        g_rows = enc.query(lg.query, {})
        no_ties = z3.Bool("!no_ties_at_limits")
        no_gold_ties = z3.Bool("!no_gold_ties_at_limits")
        gold_ties = list(enc.ambiguous)
        unconfirmed: list = []
        for perm in _permutations(lg.query, lp.query):
            enc.ambiguous = list(gold_ties)
            p_rows = enc.query(lp.query, {}, tie_perm=perm)
            ties = z3.Or(enc.ambiguous) if enc.ambiguous else z3.BoolVal(False)
            permuted = [Row(r.exists, tuple(r.vals[j] for j in perm), r.pos) for r in p_rows]
            solver = make_solver(max(0.05, deadline - time.monotonic()))
            solver.add(*db.constraints)
            solver.add(z3.Implies(no_ties, z3.Not(ties)))
            if gold_ties:
                solver.add(z3.Implies(no_gold_ties, z3.Not(z3.Or(gold_ties))))
            solver.add(difference(g_rows, permuted, sem, (ng, np_)))
            outcome = _search(solver, db, bound, deadline, (no_ties, no_gold_ties), gold, pred, schema, sem,
                              g_rows, permuted, unconfirmed, witness_dir)
            if isinstance(outcome, _Found):
                why = f"witness with at most {outcome.signature_bound} rows per table replayed in SQLite"
                w = Witness(outcome.tables, outcome.gold_result, outcome.pred_result, outcome.signature)
                if w.signature:
                    why += f" ({w.signature})"
                return done(Status.REFUTED, why, w, unconfirmed)
            if outcome == "unsat":
                note = "" if perm == tuple(range(np_)) else f", pred columns matched as {list(perm)}"
                return done(Status.VERIFIED, f"no witness with at most {bound} rows per table "
                            f"({sem} semantics{note})", None, unconfirmed)
        return done(Status.UNKNOWN, "unconfirmed witness", None, unconfirmed)
    except UnsupportedSQL as e:
        return done(Status.UNKNOWN, f"unsupported: {e.construct}")
    except BudgetExceeded as e:
        return done(Status.UNKNOWN, f"budget: {e}")


def same_text(a: str, b: str) -> bool:
    """The same statement up to layout, keyword case and the case of unquoted identifiers
    (SQLite identifiers are case-insensitive); literals and quoted names must match.

    >>> same_text('SELECT T1.Name FROM singer AS T1 WHERE age < 3', 'select t1.name from Singer as t1 where age<3')
    True
    >>> same_text('SELECT a FROM t WHERE b = "Bob"', 'SELECT a FROM t WHERE b = "bob"')
    False
    >>> same_text("SELECT a FROM t WHERE b = 'X'", "SELECT a FROM t WHERE b = 'x'")
    False
    """
    def norm(sql: str) -> str | None:
        try:
            trees = [t for t in sqlglot.parse(sql.strip().rstrip(";"), read="sqlite") if t is not None]
        except (sqlglot.errors.SqlglotError, RecursionError):
            return None
        if len(trees) != 1:
            return None
        tree = trees[0]
        for ident in tree.find_all(exp.Identifier):
            if not ident.quoted:  # "Bob" may be a string literal in SQLite: keep its case
                ident.set("this", ident.this.lower())
        return tree.sql(dialect="sqlite")

    na = norm(a)
    return na is not None and na == norm(b)


def _has_limit(q: ir.Query) -> bool:
    return re.search(r"limit=\d|offset=[1-9]", repr(q)) is not None


def _same_canonical(gq: ir.Query, pq: ir.Query, schema: Schema, sem: str) -> str | None:
    """None, or a note when the canonical forms (``canon``) agree, also when the
    prediction's columns are a permutation of the gold's."""
    try:
        g = canonical(gq, schema, sem)
        if canonical(pq, schema, sem) == g:
            return ""
        # (under list semantics ties are broken in the gold's column order for both
        # queries, so a permutation of the columns keeps the order of the rows)
        if isinstance(pq, ir.Select) and isinstance(gq, ir.Select):
            for perm in _permutations(gq, pq):
                if perm == tuple(range(len(pq.items))):
                    continue
                pp = dataclasses.replace(pq, items=tuple(pq.items[j] for j in perm), names=())
                if canonical(pp, schema, sem) == g:
                    return f", pred columns matched as {list(perm)}"
    except RecursionError:
        return None
    return None


def _simplify_top(q: ir.Query, sem: str) -> ir.Query:
    """Drop what the comparison cannot see: a top-level ORDER BY without LIMIT under set
    or bag semantics, a top-level DISTINCT (UNION's dedup) under set semantics."""
    if q.limit is not None or q.offset:
        return q
    if sem != "list" and q.order:
        q = dataclasses.replace(q, order=())
    if sem == "set":
        if isinstance(q, ir.Select) and q.distinct:
            q = dataclasses.replace(q, distinct=False)
        elif isinstance(q, ir.SetOp) and q.op == "union" and not q.all:
            q = dataclasses.replace(q, all=True)
    return q


@dataclass(frozen=True)
class _Found:
    tables: dict
    gold_result: list
    pred_result: list
    signature: str | None
    signature_bound: int


def _search(solver, db, bound, deadline, no_ties, gold, pred, schema, sem, g_rows, p_rows,
            unconfirmed, witness_dir):
    """Bounds 1..K; at each bound, first databases where no LIMIT cuts through tied rows
    (their replay is faithful), then databases where only the prediction has such ties
    (the gold's answer is definite: SQLite's tie order decides whether the prediction's
    differs), then all databases. A stage whose models fail to replay
    ``MAX_UNCONFIRMED`` times is dropped. Returns a replayed witness, "unsat", or
    "unconfirmed" when some model failed to replay (never "unsat" then)."""
    failures = [0, 0, 0]  # per stage: a stage whose models keep failing gives way to the next
    none_tied, gold_untied = no_ties
    extras = ([none_tied], [gold_untied], [])
    order = [(k, st) for k in range(1, bound + 1) for st in (0, 1, 2)]
    for k, stage in order:
        extra = extras[stage]
        while failures[stage] < MAX_UNCONFIRMED:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise BudgetExceeded("time", f"after bound {k - 1}")
            solver.set("timeout", max(1, int(remaining * 1000)))
            if not check(solver, db.bound_assumptions(k) + extra):
                break
            model = solver.model()
            tables = decode.tables(model, db)
            rep = replay(gold, pred, schema, tables, sem, in_memory=True)
            if rep.differs:
                small, _ = minimize(gold, pred, schema, tables, sem, rep,
                                    accept=getattr(db, "accept", None))
                # what is reported is replayed once more, from a real SQLite file
                for cand in (small, tables):
                    final = replay(gold, pred, schema, cand, sem)
                    if final.differs:
                        return _Found(cand, final.gold_rows, final.pred_rows, final.signature, k)
                rep = final
            unconfirmed.append({
                "tables": tables,
                "expected_gold": decode.result(model, g_rows, db.domain),
                "expected_pred": decode.result(model, p_rows, db.domain),
                "sqlite_gold": rep.gold_rows, "sqlite_pred": rep.pred_rows,
                "problem": rep.problem,
            })
            if witness_dir:
                _save_unconfirmed(witness_dir, unconfirmed[-1], len(unconfirmed))
            failures[stage] += 1
            solver.add(decode.block(model, db))
    return "unconfirmed" if any(failures) else "unsat"


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


MAX_PERMUTATIONS = 6


def _permutations(gq, pq) -> list[tuple[int, ...]]:
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
        return "text" if t == "text" else ("null" if t == "null" else "num")

    def ok(i, j):
        a, b = kind(ir._ty(gq.items[i])), kind(ir._ty(pq.items[j]))
        return a == b or "null" in (a, b)

    cands = [p for p in itertools.permutations(range(n)) if all(ok(i, p[i]) for i in range(n))]
    cands.sort(key=lambda p: (-sum(gs[i] == ps[p[i]] for i in range(n)), p != ident, p))
    return cands[:MAX_PERMUTATIONS] or [ident]


def save_witness(witness_dir: str, schema: Schema, w: Witness) -> None:
    """witness.sqlite, witness.sql and witness.json in ``witness_dir``."""
    schema = user_tables(schema)
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


def evaluate_symbolic(sql: str, schema: Schema, tables: dict[str, list], *,
                      with_ties: bool = False):
    """Run the symbolic semantics on a concrete database (rows fixed by constraints) and
    decode the result: the differential tests compare this with SQLite. With
    ``with_ties``, also say whether a LIMIT cuts through tied rows on this database (then
    SQLite's answer depends on its tie order).

    >>> from sqlverdict.schema import from_ddl
    >>> s = from_ddl("CREATE TABLE t(a INT, b TEXT)")
    >>> evaluate_symbolic("SELECT b, count(*) FROM t GROUP BY b ORDER BY b", s,
    ...                   {"t": [(1, "x"), (2, None), (3, "x")]})
    [[None, 1], ['x', 2]]
    """
    schema = user_tables(schema)
    lw = ir.lower(sql, schema)
    strings = {v for rows in tables.values() for r in rows for v in r if isinstance(v, str)}
    k = max([1] + [len(r) for r in tables.values()])
    domain = TextDomain(lw.texts, lw.patterns, extra=strings, fresh=1, templates=lw.templates,
                        numbers=lw.numbers)
    db = SymDB(schema, lw.tables | {t.lower() for t in tables}, k, domain)
    enc = Encoder(db)
    rows = enc.query(lw.query, {})
    solver = make_solver(30.0)
    solver.add(*db.constraints)
    given = {name.lower(): data for name, data in tables.items()}
    for name, sym in db.rows.items():
        data = given.get(name, [])
        cols = [c.name.lower() for c in schema.table(name).columns]
        for i, (ex, vals) in enumerate(sym):
            if i >= len(data):
                solver.add(z3.Not(ex))
                continue
            solver.add(ex)
            for c, v in zip(cols, data[i], strict=True):
                sv = vals[c]
                if v is None:
                    solver.add(sv.null)
                    continue
                solver.add(z3.Not(sv.null))
                if sv.ty == "text":
                    solver.add(sv.val == domain.code(v))
                elif sv.ty == "real":
                    solver.add(sv.val == z3.RealVal(str(Fraction(v))))
                else:
                    solver.add(sv.val == int(v))
    if not check(solver):
        raise InputError("the rows violate the schema as the verifier encodes it (keys, order)")
    m = solver.model()
    out = decode.result(m, rows, domain)
    if with_ties:
        tie = any(z3.is_true(m.eval(a, model_completion=True)) for a in enc.ambiguous)
        return out, tie
    return out
