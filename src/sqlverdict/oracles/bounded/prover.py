"""The prover: decide a prepared ``Pair`` without a solver where possible, else with Z3 at one
bound.

``settle(pair, ...)`` runs the checks that do not depend on the bound, cheapest first: the
same statement (``same_text``), lowering both sides (an unsupported construct or an invalid
gold ends here), SQLite on the empty database (an invalid prediction or an empty witness),
then the every-database proofs of ``proofs``: the same relational plan (``same_ir``), equal
canonical forms (``rewriting``), equal normal forms (``normal_form``, the unbounded prover
in ``unbounded``), equal normal forms of the canonical forms (``rewriting_normal_form``).
It returns a verdict, or None when only the solver can tell.

``solve(pair, bound, ...)`` encodes both queries on a symbolic database with at most
``bound`` rows per table (encode), asks Z3 for a database on which they differ, bounds 1..K
with one solver and assumptions (solver), decodes a model (decode), replays it in SQLite
and minimizes it (witness). A ``refuted`` is reported only after the replay from a fresh
SQLite file; ``verified`` states its bound and semantics.

>>> from sqlverdict.schema import from_ddl
>>> from sqlverdict.oracles.bounded.pair import Pair
>>> p = Pair("SELECT a FROM t WHERE b > 1", "SELECT a FROM t WHERE b >= 2",
...          from_ddl("CREATE TABLE t(a INT PRIMARY KEY, b INT)"), "set")
>>> settle(p, 3) is None
True
>>> r = solve(p, 3, budget=Budget.of(10))
>>> str(r.status), str(r.method), r.scope
('verified', 'solver', 'up to 3 rows per table')
"""

from __future__ import annotations

import dataclasses
import enum
import re
from fractions import Fraction

import z3
from sqlglot import exp

from ...engine.integrity import declared_foreign_keys
from ...errors import BudgetExceeded, ClockUnsupported, InputError, UnsupportedSQL
from ...types import Schema, Status, Witness, affinity
from . import decode, ir
from .canon import inline_projection
from .canon.empty import returns_nothing
from .domain import loose_numeric
from .encode import Encoder, Row, SymDB, TextDomain, difference
from .encode.checks import check_literals, forbid_broken_checks
from .int_min import real_int_min
from .interpret import Live, table_functions
from .ir.kinds import Affinity, CmpOp, SetOpKind, Ty
from .outcome import Assumption, Cause, Method, VerifyResult
from .pair import Pair
from .proofs import (  # noqa: F401 (re-exported)
    EARLY,
    LATE,
    cut_ties,
    every_database,
    has_limit,
    limits,
    permutations,
    same_canonical,
)
from .reads import computed_columns
from .realism import Realism, temporal_kind, valid_temporal
from .session import Session
from .solver import Budget, check
from .storage import storage_plan
from .typeblind import retyped_schema
from .untyped import untyped_text
from .witness import empty_tables, minimize, save_unconfirmed, user_tables

MAX_UNCONFIRMED = 3  # models that fail to replay, per stage, before the stage gives way
OUTSIDE_DETAIL = ("the solver's witnesses lie outside the typed domain (a DATE/TIME value that "
                  "is no valid one)")


def _result(pair: Pair, bound: int, status: Status, **kw) -> VerifyResult:
    return VerifyResult(status, bound, pair.semantics, **kw)


def settle(pair: Pair, bound: int, *, clock: str = ir.REAL_CLOCK,
           cset=None, late: bool = False) -> VerifyResult | None:
    """A verdict reached without the solver, or None. ``cset``: mined constraints, which
    grade witnesses (``realism``); ``late``: the every-database methods of ``proofs.LATE``
    too (``staging`` runs them by ``late_proof`` once small bounds found no witness)."""
    def done(status, **kw):
        return _result(pair, bound, status, **kw)

    on_empty = pair.on_empty
    unrunnable = pair.unrunnable  # SQLite lacks a function a query calls: the provers only
    if (not on_empty.problem or unrunnable) and pair.same_text:
        return done(Status.VERIFIED, method=Method.SAME_TEXT)
    try:
        lg = pair.lowered("gold", clock)
    except UnsupportedSQL as e:
        return done(Status.UNKNOWN, cause=Cause.UNSUPPORTED, detail=e.construct,
                    reads_clock=isinstance(e, ClockUnsupported))
    except InputError as e:
        if not on_empty.gold_failed:  # SQLite runs it: our gap
            return done(Status.UNKNOWN, cause=Cause.UNSUPPORTED,
                        detail=f"name resolution SQLite accepts ({e})")
        return done(Status.UNKNOWN, cause=Cause.GOLD_INVALID, detail=str(e))
    try:
        lp = pair.lowered("pred", clock)
    except UnsupportedSQL as e:
        return done(Status.UNKNOWN, cause=Cause.UNSUPPORTED, detail=e.construct,
                    reads_clock=isinstance(e, ClockUnsupported))
    except InputError as e:
        # refuted only if SQLite itself separates them on the empty database of the schema
        tables = empty_tables(pair.schema)
        rep = pair.replay(tables)
        if rep.differs:
            return _refuted_on_empty(pair, bound, tables, rep, cset)
        return done(Status.UNKNOWN, cause=Cause.PRED_NOT_UNDERSTOOD, detail=str(e))
    if on_empty.gold_failed and not unrunnable:
        return done(Status.UNKNOWN, cause=Cause.GOLD_INVALID, detail=on_empty.problem)
    if on_empty.differs and not unrunnable:
        tables = empty_tables(pair.schema)
        rep = pair.replay(tables)  # the ground truth, from a file
        if rep.differs:
            found = _refuted_on_empty(pair, bound, tables, rep, cset)
            if found.evidence == "invalid_sql" or not pair.facts.tables:
                return found
            # a witness with empty tables is the least realistic kind: the solver looks
            # for one with rows first (staging falls back to this one)
            pair.empty_refutation = found
    if pair.semantics == "list":
        for side, q in (("gold", lg.query), ("prediction", lp.query)):
            # (a query that returns no row on any database has no order to read)
            if not _top_ordered(q, pair.schema) and not returns_nothing(q):
                return done(Status.UNKNOWN, cause=Cause.UNSUPPORTED,
                            detail=f"list semantics without ORDER BY ({side})")
    if (clock == ir.REAL_CLOCK and pair.semantics != "list" and not on_empty.problem
            and not on_empty.differs and not lg.tables and not lp.tables):
        # no table read, and lowering under the real clock refuses the clock and random():
        # what SQLite returns does not depend on the data, so one run decides
        ties = (Assumption.TIES,) if has_limit(lg.query) or has_limit(lp.query) else ()
        return done(Status.VERIFIED, method=Method.NO_TABLE, assumptions=ties)
    return _proved(pair, bound, clock, None if late else EARLY)


def late_proof(pair: Pair, bound: int) -> VerifyResult | None:
    """The every-database proof of the methods ``settle`` left (``proofs.LATE``), or None
    (``settle`` returned None for ``pair``: both sides lower). None where SQLite separates
    the pair on the empty database."""
    if pair.empty_refutation is not None:
        return None
    return _proved(pair, bound, ir.REAL_CLOCK, LATE)


def _proved(pair: Pair, bound: int, clock: str, only) -> VerifyResult | None:
    """A proof for every database by the methods ``only`` (all enabled: None), or None."""
    lg, lp = pair.lowered("gold", clock), pair.lowered("pred", clock)
    gq, pq = simplify_top(lg.query, pair.semantics), simplify_top(lp.query, pair.semantics)
    proved = every_database(pair, gq, pq, lambda: _storage(pair, rewriting=True) + _blobs(pair),
                            lambda: _parent_keys(pair), only=only)
    if proved is None:
        return None
    method, stated, notes = proved
    return _result(pair, bound, Status.VERIFIED, method=method,
                   assumptions=tuple(dict.fromkeys(stated + real_int_min(pair) + untyped_text(pair))),
                   notes=notes)


def _refuted_on_empty(pair, bound, tables, rep, cset) -> VerifyResult:
    w = Witness(tables, rep.gold_rows, rep.pred_rows, rep.signature)
    if rep.signature == "execution_error":
        # SQLite rejects the prediction whatever the data: evidence at every level
        return _result(pair, bound, Status.REFUTED, method=Method.REPLAY, witness=w,
                       evidence="invalid_sql", detail=rep.problem,
                       realism=Realism.MINED if cset is not None else Realism.TYPED)
    g = pair.grade(tables, cset)
    return _result(pair, bound, Status.REFUTED, method=Method.REPLAY, witness=w,
                   evidence="witness", witness_rows=0, realism=g.realism,
                   empty=g.empty, notes=g.empty.notes())


def _symbolic_db(session: Session, schema: Schema, lg, lp, bound: int, cset, budget: Budget):
    """The bounded symbolic database of the tables the queries read (and their foreign
    keys' parents) over a text domain seeded by both queries, the mined constraints' values,
    the keys and the CHECKs; the modelled CHECKs forbidden (``encode.checks``). Returns it
    with the note a proof over it states (empty when the schema has no modelled CHECK)."""
    from ...constraints.encode import domain_strings

    read = lg.tables | lp.tables
    check_texts, check_numbers = check_literals(schema)
    domain = TextDomain(lg.texts | lp.texts, lg.patterns | lp.patterns,
                        extra=domain_strings(cset, read, schema) | ir.key_strings(schema, read)
                        | temporal_strings(schema, read, lg.texts | lp.texts) | check_texts,
                        fresh=bound, templates=lg.templates | lp.templates,
                        numbers=lg.numbers | lp.numbers | check_numbers)
    db = SymDB(session, schema, read, bound, domain)
    checked = forbid_broken_checks(db, budget)
    note = (f"over databases that satisfy the schema's CHECK constraints ({checked} modelled)",)
    return db, note if checked else ()


def solve(pair: Pair, bound: int, *, budget: Budget, clock: str = ir.REAL_CLOCK,
          cset=None, witness_dir: str | None = None, session: Session | None = None,
          retyped: tuple[int, ...] | None = None) -> VerifyResult:
    """The solver at ``bound`` (after ``settle`` found nothing), within ``budget``, with
    the terms made in ``session`` (the pair's: ``staging`` passes one to all its stages; a
    new one when None). ``retyped``: the second proof of ``typeblind`` (pred's columns
    matched as given), in a session of its own."""
    session = session or Session()
    from ...constraints.encode import constraint_formulas

    lg, lp = pair.lowered("gold", clock), pair.lowered("pred", clock)
    sem, schema = pair.semantics, pair.schema
    ng, np_ = len(lg.query.items), len(lp.query.items)
    gq, pq = simplify_top(lg.query, sem), simplify_top(lp.query, sem)
    unconfirmed: list = []
    notes: tuple[str, ...] = ()
    checks_note: tuple[str, ...] = ()  # not mined constraints: the schema's own

    def done(status, **kw):
        return _result(pair, bound, status, unconfirmed=unconfirmed,
                       notes=kw.pop("notes", ()) + notes + (checks_note if status is Status.VERIFIED else ()),
                       constrained=bool(notes), **kw)

    try:
        db, checks_note = _symbolic_db(session, schema, lg, lp, bound, cset, budget)
        # mined constraints grade witnesses (the most realistic level first), as do the
        # declared types: both are assumptions of the solver, not hard constraints
        levels = _levels(db, pair, cset)
        if cset is not None:
            cformulas, skipped = constraint_formulas(cset, db)
            db.constraints += [z3.Implies(levels[0][1][0], f) for f in cformulas]
            notes = (constraints_note(cset, skipped),)
        enc = Encoder(db, budget)
        g_rows = enc.query(gq, {}, unordered=sem != "list")
        no_ties = z3.Bool("!no_ties_at_limits", session.ctx)
        no_gold_ties = z3.Bool("!no_gold_ties_at_limits", session.ctx)
        gold_ties = list(enc.ambiguous)
        perms = permutations(gq, pq) if pair.policy.permute_columns else [tuple(range(np_))]
        if retyped is not None:
            perms = [p for p in perms if p == retyped]
        found = None
        for perm in perms:
            enc.ambiguous = list(gold_ties)
            p_rows = enc.query(pq, {}, tie_perm=perm, unordered=sem != "list")
            ties = z3.Or(enc.ambiguous) if enc.ambiguous else z3.BoolVal(False, session.ctx)
            permuted = [Row(r.exists, tuple(r.vals[j] for j in perm), r.pos) for r in p_rows]
            solver = session.solver(budget)
            solver.add(*db.constraints)
            solver.add(z3.Implies(no_ties, z3.Not(ties)))
            if gold_ties:
                solver.add(z3.Implies(no_gold_ties, z3.Not(z3.Or(gold_ties))))
            solver.add(difference(session, g_rows, permuted, sem, (ng, np_), budget,
                                  empty_equal=pair.policy.empty_equal_any_columns))
            found = _bounds(pair, solver, db, bound, budget, (no_ties, no_gold_ties), g_rows,
                            permuted, unconfirmed, witness_dir, levels, cset, enc._opaque)
            if isinstance(found, tuple):
                w, k, g = found
                return done(Status.REFUTED, method=Method.SOLVER, witness=w, witness_rows=k,
                            evidence="witness", realism=g.realism,
                            empty=g.empty, notes=g.empty.notes())
            if found is NoWitness.UNSAT:
                assumed = assumptions(lg, lp, cut_ties(pair, gq, pq, enc.ambiguous), db, typed=pair.typed)
                if retyped is not None:
                    return done(Status.VERIFIED, method=Method.SOLVER, assumptions=assumed)
                cols = () if perm == tuple(range(np_)) else (f", pred columns matched as {list(perm)}",)
                storage, more = _solver_storage(pair, bound, perm, cset, budget, clock)
                return done(Status.VERIFIED, method=Method.SOLVER, notes=cols + more,
                            assumptions=tuple(dict.fromkeys(
                                assumed + storage + _of_data(pair))))
        return done(Status.UNKNOWN, cause=Cause.UNCONFIRMED,
                    detail=_unconfirmed_detail(found, pair, (lg, lp), unconfirmed))
    except UnsupportedSQL as e:
        return done(Status.UNKNOWN, cause=Cause.UNSUPPORTED, detail=e.construct,
                    reads_clock=isinstance(e, ClockUnsupported))
    except BudgetExceeded as e:
        return done(Status.UNKNOWN, cause=Cause.BUDGET, detail=str(e))


def _unconfirmed_detail(found, pair: Pair, lowered, unconfirmed: list) -> str:
    """Why the solver's models are no refutation: they lie outside the typed domain, read
    opaque functions as SQLite may not, or break what the solver does not model."""
    if found is NoWitness.OUTSIDE:
        return OUTSIDE_DETAIL
    return opaque_detail(pair, *lowered) or unmodelled_detail(unconfirmed)


def unmodelled_detail(unconfirmed: list) -> str:
    """Why the solver's models did not replay when the user's table rejected them: a CHECK
    constraint or a unique index on expressions, which the solver does not model ('' when
    no model broke one)."""
    for u in unconfirmed:
        m = re.search(r"(CHECK|UNIQUE) constraint failed: ?(.*)", u.get("problem") or "")
        if m:
            what = "a CHECK constraint" if m.group(1) == "CHECK" else "a unique index"
            return (f"the solver's witnesses break {what} of the schema ({m.group(2)[:60]}), "
                    "which it does not model")
    return ""


def opaque_detail(pair: Pair, lg, lp) -> str:
    """Why the solver's models of a pair with opaque functions (``ir.Opaque``) are no
    refutation: they interpret the functions as SQLite may not ('' when there are none)."""
    names = sorted({name for name, _, _ in lg.opaque | lp.opaque})
    if pair.unrunnable:
        lacking = ", ".join(sorted(pair.lacking[0] | pair.lacking[1]))
        who = f"the {pair.lacking_one_side} calls" if pair.lacking_one_side else "both queries call"
        return (f"{who} {lacking}, which SQLite lacks: the queries differ under some "
                "interpretation of it, and no candidate replayed in SQLite with one")
    if names:
        return (f"the queries differ only under some interpretation of {', '.join(names)} "
                "(no candidate replayed in SQLite)")
    return ""


def constraints_note(cset, skipped=()) -> str:
    note = f"under {len(cset.enabled())} enabled constraints"
    if skipped:
        note += f" ({len(skipped)} not encodable: {skipped[0]})"
    return note




def _storage(pair: Pair, rewriting: bool = False) -> tuple[Assumption, ...]:
    """``declared_storage_classes`` when the queries read a column of numeric affinity
    (other than a rowid alias): the encoding gives such columns values of their declared
    class only, but SQLite keeps 30.5 in an INTEGER column and text that does not look like
    a number as text, which compare, sort, cast and add differently. Proofs by rewriting rest on it too (``x + 0`` is ``x`` for
    numbers only, and ``SUM(x)`` over a one-row group is ``x`` for numbers only; the rules
    that compare, join and group read every class alike, so a rewriting proof states it
    only when a query computes on values: ``reads.computed_columns``). Identical plans do
    not: they read every value alike. In the typed domain only a NUMERIC column that is no
    DATE/TIME column counts (it may hold a real, the encoding holds integers there)."""
    names: set[str] = set()
    for side in ("gold", "pred"):
        try:
            tree = pair.tree(side)
        except InputError:
            return (Assumption.STORAGE,)
        if rewriting:  # SUM and AVG compute too: SUM('') is 0.0 where the row holds ''
            names |= computed_columns(tree)
        else:
            names |= {c.name.lower() for c in tree.find_all(exp.Column)}
    if pair.typed:
        return (Assumption.STORAGE,) if loose_numeric(pair.schema, pair.facts.tables, names) else ()
    for t in pair.schema.tables:
        if t.name.lower() not in pair.facts.tables or t.strict:  # STRICT: SQLite checks
            continue
        rowid = (t.rowid_alias or "").lower()
        for c in t.columns:
            if c.name.lower() not in names or affinity(c.type) not in (Affinity.INTEGER, Affinity.REAL, Affinity.NUMERIC):
                continue
            if c.name.lower() == rowid:
                continue  # a rowid alias holds integers only
            return (Assumption.STORAGE,)
    return ()


def _solver_storage(pair: Pair, bound: int, perm, cset, budget: Budget,
                    clock: str) -> tuple[tuple[Assumption, ...], tuple[str, ...]]:
    """``declared_storage_classes`` for a solver proof (and notes), unless the queries read
    the columns of numeric affinity only as they are (``storage.storage_plan``) or compute
    on them blind to their class and a second proof holds with them REAL (``typeblind``).
    Mined constraints in force: stated, as before (a value of another class may break them)."""
    if cset is not None or pair.typed:  # typed: the columns hold their declared classes
        return _storage(pair), ()
    plan = storage_plan(pair, bound, tuple(perm))
    if not plan.state and not plan.retype:
        return (), ()
    if plan.state:
        return _storage(pair), ()
    again = Pair(pair.gold, pair.pred, retyped_schema(pair.user_schema, plan.retype),
                 pair.policy)
    again.gold, again.pred = pair.gold, pair.pred  # prepared once (compat rewrites)
    try:
        res = solve(again, bound, budget=budget, clock=clock, retyped=tuple(perm))
    except (UnsupportedSQL, BudgetExceeded):
        return _storage(pair), ()
    if res.status is not Status.VERIFIED:
        return _storage(pair), ()
    names = ", ".join(f"{t}.{c}" for t, c in sorted(plan.retype))
    return tuple(a for a in res.assumptions if a is not Assumption.STORAGE), (
        f"{names} read as numbers only: proved again with {'it' if len(plan.retype) == 1 else 'them'} REAL",)


def _blobs(pair: Pair) -> tuple[Assumption, ...]:
    """``text_columns_hold_text`` when a query computes on a column of TEXT affinity of a
    table it reads (``||``, a text function, LIKE, a CAST: ``reads.computed_columns``): SQLite keeps a BLOB
    in such a column and reads its bytes as text there, which the encoding does not
    represent (it holds strings only). Never in the typed domain: TEXT columns hold text."""
    if pair.typed:
        return ()
    names: set[str] = set()
    for side in ("gold", "pred"):
        try:
            tree = pair.tree(side)
        except InputError:
            return (Assumption.TEXT_BLOB,)
        names |= computed_columns(tree)
    for t in pair.schema.tables:
        if t.name.lower() in pair.facts.tables and any(
                c.name.lower() in names and affinity(c.type) == Affinity.TEXT for c in t.columns):
            return (Assumption.TEXT_BLOB,)
    return ()


def _of_data(pair: Pair) -> tuple[Assumption, ...]:
    """What a solver proof assumes of the values stored: no BLOB in TEXT columns, unique
    foreign-key parents, no REAL -2**63 beside the INTEGER one in a grouped column."""
    return _blobs(pair) + _parent_keys(pair) + real_int_min(pair) + untyped_text(pair)


def _parent_keys(pair: Pair) -> tuple[Assumption, ...]:
    """``foreign_key_parents_unique`` when the queries read a table that a foreign key
    references through columns that are no key: the verifier gives those columns unique
    values (``Pair``), which a database with the foreign-key pragma off need not hold."""
    if any(t.lower() in pair.facts.tables for t, _ in pair.keyless_parents):
        return (Assumption.PARENT_KEYS,)
    return ()


def assumptions(lg, lp, ties: bool, db, *, typed: bool = False) -> tuple[Assumption, ...]:
    """What a bounded proof of the solver rests on besides the schema and the bound
    (``typed``: in the typed domain, where DATE columns hold valid dates, text)."""
    out = []
    if ties:
        out.append(Assumption.TIES)
    if (lg.templates or lp.templates or lg.patterns or lp.patterns
            or any(ty == Ty.TEXT for _, _, ty in lg.opaque | lp.opaque)):
        out.append(Assumption.TEXT_DOMAIN)  # (text results of opaque functions: codes too)
    if ir.real_arithmetic(lg.query) or ir.real_arithmetic(lp.query):
        out.append(Assumption.EXACT_REALS)
    if db.affinity_text_columns and not typed:
        out.append(Assumption.DATE_TEXT)
    return tuple(out)


def temporal_strings(schema: Schema, tables: set[str], literals: set[str]) -> set[str]:
    """Valid ISO values for the date and time columns of ``tables`` (typed witnesses need
    some), around the queries' year and month literals."""
    from .search import date_values

    kinds = {temporal_kind(c.type) for t in schema.tables if t.name.lower() in tables
             for c in t.columns} - {None}
    out: set[str] = set()
    if "date" in kinds or "datetime" in kinds:
        out |= {"2000-01-01", "2012-06-15"} | {d[:10] for d in date_values(sorted(literals))}
    if "datetime" in kinds:
        out |= {"2012-06-15 12:30:00"} | set(date_values(sorted(literals)))
    if "time" in kinds:
        out |= {"12:30:00", "00:00:00"}
    return out


def _levels(db: SymDB, pair: Pair, cset) -> list[tuple[int, list]]:
    """The realism levels to search, most realistic first: (grade rank, literals to assume).
    A literal switches on the formulas of its level: ``typed`` (values of their declared
    formats, primary keys and inner-join keys not NULL), ``nonempty`` (every table the queries read holds a
    row), ``mined`` (the enabled constraints, added by the caller); in the typed domain every
    level also asks for valid DATE values (``!domain``)."""
    ctx = db.session.ctx
    typed, nonempty = z3.Bool("!typed", ctx), z3.Bool("!nonempty", ctx)
    # the typed domain: DATE values valid at every level (a proof still covers any text
    # there: the dates between the domain's strings), primary keys never NULL
    dom = z3.Bool("!domain", ctx) if pair.typed else None
    facts = pair.facts
    join_fks = {(t.name.lower(), c.lower()) for t in pair.schema.tables
                for fk, _ in declared_foreign_keys(pair.schema, t) for c in fk.columns}
    join_fks &= facts.join_keys
    valid: dict[str, list[int]] = {}
    for name, rows in db.rows.items():
        t = pair.schema.table(name)
        key = {k.lower() for k in t.primary_key}
        for c in t.columns:
            kind, cn = temporal_kind(c.type), c.name.lower()
            for ex, vals in rows:
                v = vals[cn]
                if kind is not None and v.ty == Ty.TEXT:
                    if kind not in valid:
                        valid[kind] = [i for i, s in enumerate(db.domain.strings)
                                       if valid_temporal(kind, s)]
                    ok = (z3.Or([v.val == i for i in valid[kind]]) if valid[kind]
                          else z3.BoolVal(False, ctx))
                    db.constraints.append(z3.Implies(z3.And(typed, ex), z3.Or(v.null, ok)))
                    if dom is not None:
                        db.constraints.append(z3.Implies(z3.And(dom, ex), z3.Or(v.null, ok)))
                if dom is not None and cn in key:  # the typed domain: no NULL key at all
                    db.constraints.append(z3.Implies(ex, z3.Not(v.null)))
                elif (name, cn) in join_fks or cn in key:  # typed: keys hold no NULL
                    db.constraints.append(z3.Implies(z3.And(typed, ex), z3.Not(v.null)))
        if name in facts.tables and rows:
            db.constraints.append(z3.Implies(nonempty, rows[0][0]))
    levels = [(2, [typed, nonempty]), (1, [typed]), (0, [])]
    if cset is not None:
        levels.insert(0, (3, [z3.Bool("!mined", ctx), typed, nonempty]))
    if dom is not None:
        levels = [(rank, lits + [dom]) for rank, lits in levels]
    return levels


def _bounds(pair, solver, db, bound, budget, no_ties, g_rows, p_rows, unconfirmed,
            witness_dir, levels, cset, opaque):
    """Is there a witness at all at ``bound``? If not: ``NoWitness.UNSAT``. Else the most realistic one:
    for each realism level (``_levels``), bounds 1..K; at each bound, first databases where
    no LIMIT cuts through tied rows (their replay is faithful), then databases where only
    the prediction has such ties (the gold's answer is definite: SQLite's tie order
    decides whether the prediction's differs), then all databases. A stage whose models
    fail to replay ``MAX_UNCONFIRMED`` times gives way to the next. Returns ``(witness, k,
    grade)``, ``NoWitness.UNSAT``, or ``NoWitness.UNCONFIRMED`` when models failed to
    replay. When both queries call functions SQLite lacks, each model's interpretation of
    them is registered in SQLite for its replay (``interpret``)."""
    none_tied, gold_untied = no_ties
    extras = ([none_tied], [gold_untied], [])
    if not _check(solver, db.bound_assumptions(bound), budget, bound):
        return NoWitness.UNSAT
    lacking = sorted(pair.lacking[0] | pair.lacking[1]) if pair.unrunnable else ()
    failures: dict = {}
    seen = False  # a model at some level (none: every witness lies outside the typed domain)
    for rank, lits in levels:
        for k, stage in [(k, st) for k in range(1, bound + 1) for st in (0, 1, 2)]:
            key = (rank, stage)
            while failures.get(key, 0) < MAX_UNCONFIRMED:
                if not _check(solver, db.bound_assumptions(k) + lits + extras[stage], budget, k):
                    break
                seen = True
                model = solver.model()
                tables = decode.tables(model, db)
                fns = Live(model, opaque, db.domain, lacking) if lacking else None
                rep = pair.replay(tables, in_memory=True, functions=fns)
                if rep.differs:
                    def keeps(t, rank=rank):
                        return pair.grade(t, cset).rank >= rank

                    small, _ = minimize(pair.gold, pair.pred, pair.schema, tables, pair.policy,
                                        rep, scratch=pair.scratch, accept=keeps, functions=fns)
                    for cand in (small, tables):  # reported only once replayed from a file
                        final = _final(pair, cand, fns)
                        if final[0].differs:
                            final, spec = final
                            w = Witness(cand, final.gold_rows, final.pred_rows, final.signature,
                                        interpretations=spec)
                            return w, k, pair.grade(cand, cset)
                    rep = final[0]
                unconfirmed.append({
                    "tables": tables,
                    "expected_gold": decode.result(model, g_rows, db.domain),
                    "expected_pred": decode.result(model, p_rows, db.domain),
                    "sqlite_gold": rep.gold_rows, "sqlite_pred": rep.pred_rows,
                    "problem": rep.problem,
                })
                if witness_dir:
                    save_unconfirmed(witness_dir, unconfirmed[-1], len(unconfirmed))
                failures[key] = failures.get(key, 0) + 1
                solver.add(decode.block(model, db))
    return NoWitness.UNCONFIRMED if seen else NoWitness.OUTSIDE


def _final(pair, cand, fns):
    """The replay of ``cand`` from a file, and the interpretations it registered: with
    ``fns`` (``interpret.Live``), the calls of a first replay frozen into tables, and the
    replay again with those tables registered (the one reported)."""
    if fns is None:
        return pair.replay(cand), None
    for calls in fns.calls.values():
        calls.clear()
    first = pair.replay(cand, functions=fns)
    if not first.differs:
        return first, None
    spec = fns.frozen()
    return pair.replay(cand, functions=table_functions(spec)), spec


class NoWitness(enum.Enum):
    """Why ``_bounds`` returns no witness."""

    UNSAT = "unsat"  # no database within the bound separates the queries: a proof
    UNCONFIRMED = "unconfirmed"  # models were found, but none replayed in SQLite
    OUTSIDE = "outside"  # typed domain: every model has a DATE value that is no valid date


def _check(solver, assumptions, budget, k) -> bool:
    remaining = budget.seconds_left()
    if remaining is not None:
        if remaining <= 0:
            raise BudgetExceeded("time", f"at bound {k}")
        solver.set("timeout", max(1, int(remaining * 1000)))
    return check(solver, assumptions)


# --------------------------------------------------------------------------- plans


def simplify_top(q: ir.Query, sem: str) -> ir.Query:
    """Drop what the comparison cannot see: a top-level ORDER BY without LIMIT under set
    or bag semantics, a top-level DISTINCT (UNION's dedup) under set semantics."""
    if q.limit is not None or q.offset:
        return q
    if sem != "list" and q.order:
        q = dataclasses.replace(q, order=())
    if sem == "set":
        if isinstance(q, ir.Select) and q.distinct:
            q = dataclasses.replace(q, distinct=False)
        elif isinstance(q, ir.SetOp) and q.op == SetOpKind.UNION and not q.all:
            q = dataclasses.replace(q, all=True)
    return q


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
        if isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and not c.conv and (
                (is_key(c.left) and one_value(c.right)) or (is_key(c.right) and one_value(c.left))):
            return True
        if (isinstance(c, ir.InSub) and not c.conv and is_key(c.arg)
                and c.query.limit is not None and c.query.limit <= 1):
            return True
    return False


# --------------------------------------------------------------------------- concrete runs


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
    return _evaluate_symbolic(Session(), sql, user_tables(schema), tables, with_ties)


def _evaluate_symbolic(session, sql, schema, tables, with_ties):
    lw = ir.lower(sql, schema)
    strings = {v for rows in tables.values() for r in rows for v in r if isinstance(v, str)}
    k = max([1] + [len(r) for r in tables.values()])
    check_texts, check_numbers = check_literals(schema)
    domain = TextDomain(lw.texts, lw.patterns, extra=strings | check_texts, fresh=1,
                        templates=lw.templates, numbers=lw.numbers | check_numbers)
    db = SymDB(session, schema, lw.tables | {t.lower() for t in tables}, k, domain)
    forbid_broken_checks(db)
    enc = Encoder(db)
    rows = enc.query(lw.query, {})
    solver = session.solver()
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
                if sv.ty == Ty.TEXT:
                    solver.add(sv.val == domain.code(v))
                elif sv.ty == Ty.REAL:
                    solver.add(sv.val == z3.RealVal(str(Fraction(v)), session.ctx))
                else:
                    solver.add(sv.val == int(v))
    if not check(solver):
        raise InputError("the rows violate the schema as the verifier encodes it (keys, order, CHECKs)")
    m = solver.model()
    out = decode.result(m, rows, domain)
    if with_ties:
        tie = any(z3.is_true(m.eval(a, model_completion=True)) for a in enc.ambiguous)
        return out, tie
    return out
