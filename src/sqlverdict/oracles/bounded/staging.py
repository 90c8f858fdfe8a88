"""``verify(gold, pred, schema)``: the bounded verifier, one entry point for every caller.

``sqlverdict.verify``, ``sqlverdict verify``, ``verify-batch`` and ``eval``'s bounded oracle
all call this function. The staging policy, in order:

1. ``prover.settle``: what needs no solver (same text, unsupported constructs, an invalid
   gold or prediction, the empty database, same plan, rewriting proofs);
2. the solver at bounds 1, 2, 3 with small shares of the work budget, then at ``bound``
   with the rest: a witness found at a small bound is a witness at ``bound`` (replayed in
   SQLite as always); ``verified`` is the answer at ``bound`` itself, or, where ``bound``
   runs out of budget and the search finds nothing, at the largest small bound that found
   no witness, its scope saying so (``smaller_bound``). When a small bound already runs out
   of its share, a short randomized search (``search``) is tried once;
3. a query that reads the clock: the clock read once (only a replayed refutation counts),
   then the clock as one symbolic timestamp shared by both queries;
4. with ``search`` (the default): a proof resting on ``exact_reals``, ``integer_sums_exact``
   or ``integer_arithmetic_in_range`` first meets the databases that break them
   (``assumption_witness``); a rewriting proof that assumes ties at a LIMIT broken
   alike yields to a short search for a database where SQLite's own tie order separates the
   queries; a pair the prover leaves undecided (unsupported, budget, prediction not
   understood, unconfirmed) goes to the randomized search.

Budgets are work, not time (``solver.Budget``: Z3's resource count, encoding steps, search
trials), so a verdict does not depend on the machine's load; the wall clock only stops a
pair that runs past ``timeout_s``. The pair is parsed and lowered once (``pair.Pair``);
every stage reads it.

>>> from sqlverdict.schema import from_ddl
>>> s = from_ddl("CREATE TABLE t(a INT PRIMARY KEY, b INT)")
>>> r = verify("SELECT a FROM t WHERE b > 1", "SELECT a FROM t WHERE b >= 2", s, search=False)
>>> str(r.status), r.bound, r.semantics, str(r.method), r.scope, [str(a) for a in r.assumptions]
('verified', 3, 'bag', 'solver', 'up to 3 rows per table', ['declared_storage_classes'])
>>> r = verify("SELECT a FROM t WHERE b > 1", "SELECT a FROM t WHERE b >= 2", s)
>>> str(r.status), str(r.realism), r.witness.tables["t"]["rows"]  # SQLite keeps 1.5 in b
('refuted', 'sqlite', [[0, 1.5]])
>>> r = verify("SELECT count(b) FROM t", "SELECT count(*) FROM t", s)
>>> str(r.status), r.witness.tables["t"]["rows"], r.witness.gold_result, r.witness.pred_result
('refuted', [[0, None]], [[0]], [[1]])
>>> r = verify("SELECT a FROM t WHERE b > 1", "SELECT a FROM t WHERE b > 2", s, bound=5)
>>> r.reason
'witness with at most 1 rows per table replayed in SQLite (pred_empty)'
>>> t = from_ddl("CREATE TABLE t(a INT PRIMARY KEY, b TEXT)")
>>> r = verify("SELECT group_concat(b) FROM t", "SELECT max(b) FROM t", t)
>>> str(r.status), str(r.method), str(r.cause), r.detail
('refuted', 'search', 'unsupported', 'function GROUP_CONCAT')
"""

from __future__ import annotations

import dataclasses
import re
import time
from dataclasses import dataclass

from ...engine.policy import policy_for
from ...errors import InputError
from ...sql.dialect import check_dialect, sides
from ...types import Schema, Status
from . import assumption_witness as arith
from . import ir
from .breaks import broken
from .canon.driver import deadline as canon_deadline
from .domain import INT_EXTREMES, choose, int_arithmetic, typed_note
from .infer import Inference, infer, rejected_sides
from .outcome import ASSUMPTION_TEXT, Assumption, Cause, Method, VerifyResult
from .pair import Pair
from .prover import constraints_note, late_proof, settle, simplify_top, solve
from .realism import EmptyRead, Realism, top_grade
from .search import DEFAULT_TRIALS, prefix_strings, query_facts, realistic_strings
from .search import search as random_search
from .session import Session
from .small_model import needed_bound
from .smaller_bound import fall_back, keeps, reported_bound
from .solver import Budget
from .sums_stage import algebra_stage
from .translate import settled, translate_pair
from .witness import replay, save_witness

# Small bounds tried first, each with this share of the pair's work budget: the encoding of
# a multi-join at bound 5 is large (K^n join rows) while most witnesses have 1-3 rows per
# table.
STAGES = ((1, 0.02), (2, 0.05), (3, 0.1))
SEARCH_SHARE = 0.1  # of the pair's time, kept for the randomized search
FALLBACK_SHARE = 0.02  # of the rest, to improve on a small bound's less realistic witness
CLOCK_SHARE = 0.45  # of the prover's work, for each of the two clock modes
# The largest bound the solver takes to reach past a LIMIT (``_above_limits``).
MAX_LIMIT_BOUND = 8
PAST_LIMIT_TRIALS = 200  # random databases just past a LIMIT the solver cannot reach
PAST_LIMIT_MAX_ROWS = 1000  # rows per table the past-limit search goes to at most
# The randomized searches, in trials (deterministic, whatever the load): the quick one for a
# pair whose small bounds run out of budget, the one for a proof that assumes ties broken
# alike, and the one for what the prover leaves undecided.
PROBE_TRIALS = 300
LATE_PROBE_TRIALS = 50  # before the late proofs (``_solve_staged``)
SMALL_MODEL_SHARE = 0.5  # of the prover's work, for the solver at a small-model bound above K
ATTACK_TRIALS = 300
ONE_MORE_SHARE = 0.3  # of the prover's work, for the solver at one row more than a bounded verdict's
ONE_MORE_MIN_S = 2.0  # of the pair's time left, at least, to try it
# Assumptions of a proof that the attack search tries to break in SQLite.
ATTACKED = {Assumption.TIES, Assumption.TEXT_DOMAIN, Assumption.EXACT_REALS, Assumption.DATE_TEXT,
            Assumption.STORAGE, Assumption.TEXT_BLOB, Assumption.INT_RANGE, Assumption.UNTYPED_TEXT}
OFF_CLASS = (Assumption.STORAGE, Assumption.TEXT_BLOB)  # attacked with values of other classes
_TO_SEARCH = (Cause.UNSUPPORTED, Cause.BUDGET, Cause.PRED_NOT_UNDERSTOOD, Cause.UNCONFIRMED)


def verify(gold: str, pred: str, schema: Schema, *, bound: int = 3, semantics: str | None = None,
           compat: str | None = None, timeout_s: float = 30.0, constraints=None, search: bool = True,
           search_trials: int = DEFAULT_TRIALS, seed: int = 0,
           witness_dir: str | None = None, dialect: str | None = None,
           domain: str | None = None, interpret_lacking: bool = True) -> VerifyResult:
    """Search for a database with at most ``bound`` rows per table on which ``gold`` and
    ``pred`` differ; see the module docstring. The comparison is ``eval``'s
    (``engine.policy``): ``semantics`` (``set``, ``bag`` or ``list``; default: bag, list
    when the gold has a top-level ORDER BY) and ``compat`` (``spider``: DISTINCT removed and
    ORDER BY anywhere, as the published evaluator; ``bird``: set semantics, columns in
    order). ``timeout_s`` sets the work budgets (solver and encoding work of about that
    many seconds on this class of machine) and is the wall-clock limit. ``constraints``: a
    ``ConstraintSet`` or a constraint file; only databases that satisfy its enabled
    constraints count. ``search=False``: the prover alone. ``witness_dir``: write
    witness.sqlite, witness.sql and witness.json there. ``dialect``: the queries' dialect
    (sqlglot's names), translated to SQLite first (``translate``); None: SQLite, and where
    SQLite rejects a query as written, the reading ``infer`` finds (``"sqlite"``: never).
    ``domain``: the databases the verdict speaks of, ``sqlite`` or ``typed``
    (``domain.choose``; default: ``typed`` for another engine's dialect on DDL).
    ``interpret_lacking``: a query that calls a function SQLite lacks, paired with one that
    does not, is judged for every interpretation of the function (refuted with the
    interpretation stated, verified only where its value does not matter); False (``eval``):
    SQLite's verdict, the prediction invalid."""
    if not isinstance(bound, int) or isinstance(bound, bool) or bound < 1:
        raise InputError(f"bound must be a positive integer, got {bound!r}")
    if not timeout_s > 0:
        raise InputError(f"timeout must be positive, got {timeout_s!r}")
    from ...constraints.encode import as_constraint_set
    from ...sql.views import inline_views

    t0 = time.monotonic()
    cset = as_constraint_set(constraints)
    guess = dialect is None  # no dialect given: another reading where SQLite rejects (``infer``)
    dialect = check_dialect(dialect)
    choose(domain, dialect, schema)  # a bad name fails before any work
    if schema.views and dialect in (None, "sqlite"):  # the user's views as derived tables
        gold, pred = (inline_views(q, dict(schema.views)) for q in (gold, pred))
    if dialect is not None:
        got = translate_pair(gold, pred, schema, dialect, bound, semantics)
        if isinstance(got, VerifyResult):
            return got.but(elapsed_s=time.monotonic() - t0,
                           domain=choose(domain, dialect, schema))
        gold, pred = got
    policy = _policy(gold, semantics, compat)
    statement = _not_a_query(pred)
    if statement:  # DELETE, VACUUM, PRAGMA, ...: no result to compare, whatever the data
        return VerifyResult(Status.REFUTED, bound, str(policy.semantics), evidence="invalid_sql",
                            detail=f"invalid: not a query ({statement} statement)",
                            domain=choose(domain, dialect, schema),
                            elapsed_s=time.monotonic() - t0)
    pair = Pair(gold, pred, schema, policy, interpret_lacking=interpret_lacking)
    inferred = _inferred(pair, gold, pred, schema) if guess else None
    if inferred is not None and inferred.dialect is not None:  # read in another dialect
        pair.close()
        if inferred.translation is None:  # recognized, with a construct SQLite lacks
            return VerifyResult(Status.UNKNOWN, bound, semantics or "auto",
                                cause=Cause.UNSUPPORTED, detail=inferred.unsupported,
                                dialect=inferred.dialect, inferred=inferred,
                                domain=choose(domain, inferred.dialect, schema),
                                elapsed_s=time.monotonic() - t0)
        dialect, (gold, pred) = inferred.dialect, inferred.translation
        policy = _policy(gold, semantics, compat)
        pair = Pair(gold, pred, schema, policy, interpret_lacking=interpret_lacking)
    pair.domain = choose(domain, dialect, schema)
    pair.translated = sides(dialect)[1] is not None
    prover_s = timeout_s * (1 - SEARCH_SHARE if search else 1.0)
    plan = _Plan(bound, cset, search, search_trials, seed, witness_dir,
                 Budget.of(prover_s, deadline=t0 + prover_s), t0 + timeout_s)
    try:
        collation = _collation(pair, gold, pred)
        with canon_deadline(plan.deadline):  # (a canonical form past it: no rewriting proof)
            res = _opaque_statement(pair, _staged(pair, plan))
    finally:
        pair.close()
    res = _stated(pair, res, (gold, pred, bound), collation=collation, cset=cset, dialect=dialect,
                  inferred=inferred)
    if res.witness is not None and witness_dir:
        save_witness(witness_dir, pair.user_schema, res.witness)
    # a bound raised above the queries' LIMITs (``_above_limits``) is the one reported
    return res.but(bound=reported_bound(res, bound), elapsed_s=time.monotonic() - t0)


def _stated(pair: Pair, res: VerifyResult, asked: tuple[str, str, int], *, collation, cset,
            dialect: str | None, inferred: Inference | None) -> VerifyResult:
    """What the verdict says besides its status: a proof under a collation the model lacks
    is unknown; the constraints, the dialect's translation, the inferred reading and the
    domain it speaks of. ``asked``: the gold, the prediction and the bound as verified."""
    gold, pred, bound = asked
    if collation and res.status is Status.VERIFIED:  # a refutation is replayed: it stands
        res = VerifyResult(Status.UNKNOWN, bound, res.semantics, cause=Cause.UNSUPPORTED,
                           detail=collation, elapsed_s=res.elapsed_s)
    generated = _generated(pair)
    if generated and res.status in (Status.VERIFIED, Status.REFUTED):
        res = VerifyResult(Status.UNKNOWN, bound, res.semantics, cause=Cause.UNSUPPORTED,
                           detail=generated, elapsed_s=res.elapsed_s)
    if cset is not None and res.status in (Status.VERIFIED, Status.REFUTED) and not res.constrained:
        res = res.but(notes=res.notes + (constraints_note(cset),), constrained=True)
    if dialect is not None:
        res = settled(res, dialect, gold, pred, pair.user_schema)
    if inferred is not None:
        note = inferred.note if inferred.dialect is None else ""
        res = res.but(inferred=inferred, notes=res.notes + ((note,) if note else ()))
    return _domain_said(pair, res, dialect)


def _domain_said(pair: Pair, res: VerifyResult, dialect: str | None) -> VerifyResult:
    """The verdict's domain, and on a proof in the typed domain the note that says so."""
    res = res.but(domain=str(pair.domain))
    if pair.typed and res.status is Status.VERIFIED:
        res = res.but(notes=res.notes + (typed_note(dialect),))
    return res


def _opaque_statement(pair: Pair, res: VerifyResult) -> VerifyResult:
    """What a proof over opaque functions (``ir.Opaque``) holds for: every deterministic
    interpretation of SQLite's built-ins read as uninterpreted (a note), and, for functions
    SQLite lacks, the assumption that they are deterministic and return the class the
    lowering gave them (``undefined_functions_deterministic``, named in a note)."""
    if res.status is not Status.VERIFIED:
        return res
    found: set = set()
    for side in ("gold", "pred"):
        try:
            found |= pair.lowered(side).opaque
        except Exception:  # noqa: BLE001 -- a side the prover did not lower (same text)
            continue
    builtin = sorted({n for n, b, _ in found if b})
    undefined = sorted({(n, ty) for n, b, ty in found if not b})
    lacking = sorted(pair.lacking[0] | pair.lacking[1])
    if not builtin and not lacking:
        return res
    notes, assumed = [], ()
    if "CAST AS TEXT" in builtin and _reads_rules(pair, res, "integer_text_cast",
                                                     "text_key_distinct_count", "text_key_rows"):
        builtin.remove("CAST AS TEXT")
        notes.append("CAST AS TEXT of an integer read as SQLite writes it (its decimal digits)")
    from .canon.concat_chains import CONCAT_LAWS
    if "||" in builtin and _reads_rules(pair, res, *CONCAT_LAWS):
        builtin.remove("||")
        notes.append("|| read as SQLite's concatenation (NULL on a NULL operand, '' adds nothing)")
    if builtin:
        notes.append(f"{', '.join(builtin)} read as uninterpreted functions: proved for every "
                     "deterministic interpretation, SQLite's included")
    if lacking:
        typed = {n: ty for n, ty in undefined}
        notes.append("assuming " + ", ".join(
            f"{n} is a deterministic function" + (f" returning {typed[n]} or NULL" if n in typed else "")
            for n in lacking) + " (SQLite lacks it)")
        if pair.lacking_one_side:
            notes.append(f"only the {pair.lacking_one_side} calls {', '.join(lacking)}: "
                         "proved for every interpretation, its value does not change the result")
        assumed = (Assumption.DETERMINISTIC,)
    return res.but(assumptions=tuple(dict.fromkeys(res.assumptions + assumed)),
                   notes=res.notes + tuple(notes))


def _reads_rules(pair: Pair, res: VerifyResult, *names: str) -> bool:
    """Does a proof by rewriting rest on the rules ``names`` (``integer_text_cast`` reads
    SQLite's CAST AS TEXT of an integer, ``CONCAT_LAWS`` its ``||``, not any
    interpretation)? Yes unless the canonical forms agree without them."""
    if res.method not in (Method.REWRITING, Method.REWRITING_NORMAL_FORM, Method.CONGRUENCE):
        return False
    from .canon import without
    from .proofs import same_canonical
    try:
        gq, pq = pair.lowered("gold").query, pair.lowered("pred").query
        return same_canonical(gq, pq, pair.schema, pair.semantics,
                              pair.policy.permute_columns, without(*names), pair.typed) is None
    except Exception:  # noqa: BLE001 -- a side not lowered: say the narrower reading
        return True


def _policy(gold: str, semantics: str | None, compat: str | None):
    try:
        return policy_for(gold, semantics=semantics, compat=compat)
    except ValueError as e:
        raise InputError(str(e)) from None


def _inferred(pair: Pair, gold: str, pred: str, schema: Schema) -> Inference | None:
    """The reading of a pair given without a dialect whose query SQLite rejects as written
    (``infer``); None when SQLite runs both on the empty database."""
    on_empty = pair.on_empty  # settle's first step: computed once either way
    if not on_empty.gold_failed and on_empty.signature != "execution_error":
        return None
    rejected = rejected_sides(pair.gold, pair.pred, pair.scratch)
    if not rejected:
        return None
    return infer(gold, pred, schema, rejected, db=pair.scratch)


def _collation(pair: Pair, gold: str, pred: str) -> str | None:
    """Why no proof holds where text compares under a collation other than BINARY (a
    column of a table the queries read declared ``COLLATE NOCASE``, or ``COLLATE`` in a
    query): every method compares text byte by byte, so ``a = 'x' AND a <> 'X'`` would be
    proved equal to ``a = 'x'``. None where there is none."""
    cols = _read_columns(pair, "collated")
    if cols:
        return (f"a column declared with a collation other than BINARY ({cols}): the verifier "
                "compares text in binary order")
    if any(re.search(r"\bCOLLATE\s+[\"'`\[]?(?!BINARY\b)\w", q, re.I) for q in (gold, pred)):
        return "COLLATE other than BINARY in a query: the verifier compares text in binary order"
    return None


def _generated(pair: Pair) -> str | None:
    """Why no verdict holds where a table the queries read has generated columns: the
    verifier's copies of the table lack them, so ``SELECT *`` reads fewer columns there."""
    cols = _read_columns(pair, "generated")
    return f"a generated column ({cols}): the verifier's copies of the table lack it" if cols else None


def _read_columns(pair: Pair, kind: str) -> str:
    """``t.c`` of the columns of tables the queries read that ``Table.<kind>`` lists (the
    first three, then ``...``); '' when there are none."""
    cols = [f"{t.name}.{c}" for t in pair.schema.tables
            if t.name.lower() in pair.facts.tables for c in getattr(t, kind)]
    return ", ".join(cols[:3]) + (", ..." if len(cols) > 3 else "")


def _not_a_query(sql: str) -> str | None:
    """The kind of statement ``sql`` is when it is not a query (``DELETE``), else None (a
    query, or text that does not parse: SQLite's error says why).

    >>> _not_a_query("DELETE FROM t"), _not_a_query("VACUUM"), _not_a_query("SELECT 1")
    ('DELETE', 'VACUUM', None)
    """
    from sqlglot import exp

    from ...sql.parse import parse_statement

    try:
        tree = parse_statement(sql)
    except InputError:
        return None
    if isinstance(tree, (exp.Query, exp.Values)):
        return None
    if isinstance(tree, exp.Command):
        return str(tree.this).upper()
    return type(tree).__name__.upper()


@dataclass(frozen=True)
class _Plan:
    bound: int
    cset: object
    search: bool
    search_trials: int
    seed: int
    witness_dir: str | None
    budget: Budget  # the prover's work, and its share of the wall clock
    deadline: float  # the pair's: the searches may run until then

def _staged(pair: Pair, plan: _Plan) -> VerifyResult:
    res = settle(pair, plan.bound, cset=plan.cset)  # no Z3 term: most pairs end here
    solved = held = None  # the full bound's solver result, when it stands; a smaller one's
    if res is None:
        plan, res = _above_limits(pair, plan)
        if res is not None:  # a LIMIT past the solver's reach: the proofs without it
            res = late_proof(pair, plan.bound) or res
    if res is None or _reads_clock(res):
        session = Session()  # a new Z3 context for the pair, only when the solver runs
        if res is None:
            res, solved, held = _solve_staged(pair, plan, session)
            res = algebra_stage(pair, _small_model(pair, plan, res, session), plan.deadline)
            res = _one_more_row(pair, plan, res, session)
        if _reads_clock(res):
            res = _clock(pair, plan, res, session)
    res = _int_range(pair, res)
    if plan.search:
        res = _search_stages(pair, plan, res)
    if (fallen := fall_back(res, held, plan.bound)) is not res:  # (its assumptions attacked)
        res = _int_range(pair, fallen)
        res = _search_stages(pair, plan, res) if plan.search else res
    res = _prefer_rows(res, pair.empty_refutation)
    # the full bound's solver refuted with a witness that needs an empty read table: it
    # found no typed witness with every read table filled at any bound (the empty database
    # may be reported instead, by _prefer_rows: the finding holds for it too)
    shown = (solved is not None and solved.status is Status.REFUTED
             and solved.empty is EmptyRead.ONLY)
    return _notes_fit(pair, _empty_claim(res, shown=shown))


def _small_model(pair: Pair, plan: _Plan, res: VerifyResult, session: Session) -> VerifyResult:
    """A solver proof for every database where the small-model theorem allows it
    (``small_model``): at the bound it needs, the solver run there first when that is above
    the proof's (with ``SMALL_MODEL_SHARE`` of the work; a witness found there refutes)."""
    if res.status is not Status.VERIFIED or res.method is not Method.SOLVER:
        return res
    sem = pair.semantics
    gq = simplify_top(pair.lowered("gold").query, sem)
    pq = simplify_top(pair.lowered("pred").query, sem)
    need = needed_bound(gq, pq, pair.schema, sem, pair.typed)
    if need is None:
        return res
    k, what = need
    if k > res.bound:
        more = solve(pair, k, budget=plan.budget.share(SMALL_MODEL_SHARE), cset=plan.cset,
                     session=session)
        if more.status is Status.REFUTED:
            return more
        if more.status is not Status.VERIFIED or more.method is not Method.SOLVER:
            return res
        res = more
    return res.but(method=Method.SMALL_MODEL, notes=res.notes + (
        f"small-model theorem: {what}; a separating database keeps a separating "
        f"sub-database of at most {k} rows per table",))


def _one_more_row(pair: Pair, plan: _Plan, res: VerifyResult, session: Session) -> VerifyResult:
    """A verdict of the solver for databases of at most K rows per table, with at least
    ``ONE_MORE_MIN_S`` of the pair's time left: the solver once more at K + 1 rows, with
    ``ONE_MORE_SHARE`` of the work (a witness may need one row more than the bound: four
    rows for ``COUNT(*) > 3``). Only a refutation is taken, its witness replayed in SQLite
    like any other; otherwise the verdict at K stands as it was."""
    if (res.status is not Status.VERIFIED or res.method is not Method.SOLVER
            or res.bound != plan.bound):
        return res
    if plan.deadline - time.monotonic() < ONE_MORE_MIN_S:
        return res
    more = solve(pair, plan.bound + 1, budget=plan.budget.share(ONE_MORE_SHARE), cset=plan.cset,
                 session=session)
    return more if more.status is Status.REFUTED else res


def _int_range(pair: Pair, res: VerifyResult) -> VerifyResult:
    """A proof over ``+ - *`` or SUM on integer columns states
    ``integer_arithmetic_in_range`` (``domain.int_arithmetic``), in either domain: values
    of the declared class overflow too. Identical plans compute alike."""
    if (res.status is not Status.VERIFIED
            or res.method in (Method.SAME_TEXT, Method.SAME_IR, Method.NO_TABLE)):
        return res
    trees = []
    for side in ("gold", "pred"):
        try:
            trees.append(pair.tree(side))
        except InputError:
            return res
    if not int_arithmetic(trees, pair.schema, pair.facts.tables):
        return res
    return res.but(assumptions=tuple(dict.fromkeys(res.assumptions + (Assumption.INT_RANGE,))))


def _notes_fit(pair: Pair, res: VerifyResult) -> VerifyResult:
    """A note that says a table the queries read is empty stays only beside a witness
    where one is (the notes describe the database they sit beside)."""
    if res.witness is None or res.empty is EmptyRead.NONE:
        return res
    rows = {k.lower(): v["rows"] for k, v in res.witness.tables.items()}
    if any(not rows.get(t) for t in pair.facts.tables):
        return res
    return res.but(notes=tuple(n for n in res.notes if n != res.empty), empty=EmptyRead.NONE)


def limit_reach(pair: Pair) -> int:
    """The most rows a LIMIT and OFFSET of either query keep or skip (``LIMIT l OFFSET
    o``: l + o; an OFFSET alone: o), 0 when neither has one or a side is not lowered. A cut
    of groups reaches one row more: groups ranked by a count differ in size, so l + o + 1
    groups to cut take l + o + 2 rows (``GROUP BY n ORDER BY COUNT(*) DESC LIMIT 2`` and the
    bottom two agree on every database of at most 3 rows per table)."""
    reach = 0
    for side in ("gold", "pred"):
        try:
            q = pair.lowered(side).query
        except Exception:  # noqa: BLE001 -- settle reported it
            continue
        for x in ir.nodes(q):
            if not isinstance(x, ir.Query):
                continue
            lim, off = getattr(x, "limit", None), getattr(x, "offset", 0) or 0
            if lim is None and not off:
                continue
            cut = off if lim is None else lim + off
            reach = max(reach, cut + (1 if getattr(x, "group_by", None) else 0))
    return reach


def _above_limits(pair: Pair, plan: _Plan) -> tuple[_Plan, VerifyResult | None]:
    """A bound the LIMITs cannot act below: where a LIMIT or OFFSET reaches the bound
    (``limit_reach`` >= bound), a database of at most ``bound`` rows per table never meets
    the cut, so the solver works at ``limit_reach + 1`` rows per table instead, up to
    ``MAX_LIMIT_BOUND``; beyond, the pair is ``unknown`` with that reason (the randomized
    search still tries it)."""
    reach = limit_reach(pair)
    if reach < plan.bound:
        return plan, None
    if reach + 1 > MAX_LIMIT_BOUND:
        return plan, VerifyResult(
            Status.UNKNOWN, plan.bound, pair.semantics, cause=Cause.UNSUPPORTED,
            detail=(f"a LIMIT/OFFSET reaching {reach} rows: below {reach + 1} rows per table it "
                    f"never cuts, and the solver goes to {MAX_LIMIT_BOUND}"))
    return dataclasses.replace(plan, bound=reach + 1), None


def _empty_claim(res: VerifyResult, *, shown: bool) -> VerifyResult:
    """A witness with an empty read table is ``typed`` only where the solver has shown, at
    every bound up to K, that no typed witness has every read table filled (``shown``);
    one from a smaller bound, the search or the empty database is graded ``sqlite``."""
    if (shown or res.status is not Status.REFUTED or res.evidence != "witness"
            or res.empty is not EmptyRead.ONLY):
        return res
    notes = tuple(n for n in res.notes if n != EmptyRead.ONLY) + EmptyRead.SEEN.notes()
    return res.but(realism=Realism.SQLITE, notes=notes, empty=EmptyRead.SEEN)


def _search_stages(pair: Pair, plan: _Plan, res: VerifyResult) -> VerifyResult:
    if pair.unrunnable:  # SQLite rejects a query: nothing to search
        return res
    if arith.aimed(res):  # a proof resting on arithmetic SQLite may not keep: databases breaking it
        found = arith.aimed_search(pair, res, seed=plan.seed, cset=plan.cset, deadline=plan.deadline)
        if found is not None:
            return found
    if res.status is Status.VERIFIED and ATTACKED & set(res.assumptions):
        return _attack(pair, plan, res)
    if res.status is Status.UNKNOWN and res.cause in _TO_SEARCH:
        found = random_search(pair, bound=plan.bound, max_trials=plan.search_trials,
                              seed=plan.seed, cset=plan.cset, deadline=plan.deadline)
        if found.status is Status.UNKNOWN:
            found = _past_limit(pair, plan, found)
        return res.but(status=found.status, method=found.method, witness=found.witness,
                       evidence=found.evidence, search=found.search, realism=found.realism,
                       notes=res.notes + found.notes, empty=found.empty or res.empty,
                       constrained=res.constrained or found.constrained)
    return res


def _past_limit(pair: Pair, plan: _Plan, found: VerifyResult) -> VerifyResult:
    """Where a LIMIT or OFFSET reaches past the bound (``limit_reach``), databases of at most
    ``bound`` rows never meet the cut: ``PAST_LIMIT_TRIALS`` more random databases whose read
    tables hold just past the reach (a LIMIT 100 over 101 to 103 rows). A witness found is
    replayed like any other; none leaves ``found`` as it was."""
    reach = limit_reach(pair)
    if reach < plan.bound or reach > PAST_LIMIT_MAX_ROWS:
        return found
    more = random_search(pair, bound=reach + 3, min_rows=reach + 1, max_trials=PAST_LIMIT_TRIALS,
                         seed=plan.seed, cset=plan.cset, deadline=plan.deadline)
    if more.status is not Status.REFUTED:
        return found.but(search={**(found.search or {}),
                                 "past_limit_trials": (more.search or {}).get("trials", 0)})
    return more.but(search={**(more.search or {}), "past_limit_rows": reach + 1})


def _prefer_rows(res: VerifyResult, empty: VerifyResult | None) -> VerifyResult:
    """The witness with empty tables (``prover.settle``) counts when nothing at least as
    realistic was found (it always refutes: it replayed in SQLite)."""
    if empty is None:
        return res
    if res.status is Status.REFUTED and res.realism is not None and (
            res.realism > empty.realism or res.empty is not EmptyRead.ONLY):
        return res
    return empty


def _solve_staged(pair: Pair, plan: _Plan, session: Session
                  ) -> tuple[VerifyResult, VerifyResult | None, VerifyResult | None]:
    """The result, the full bound's solver result when that is the one returned, and the
    largest small bound's verdict that ``smaller_bound`` may fall back on (every stage makes
    its terms in the pair's ``session``)."""
    spent = 0.0
    held = None
    reach = limit_reach(pair)
    probe = plan.search
    fallback = None  # a refutation at a small bound whose witness is not the most realistic
    for k, share in STAGES:
        if k >= plan.bound:
            break
        spent += share
        res = solve(pair, k, budget=plan.budget.share(share), cset=plan.cset, session=session)
        held = res if keeps(res, k, reach) else held
        if res.status is Status.REFUTED:
            if _rank(res) >= top_grade(plan.cset):
                return res, None, None
            # a more realistic witness may need more rows (a second parent row, say): the
            # full bound decides, this one stays the answer if it finds nothing better
            fallback = res
            break
        if res.status is Status.UNKNOWN and res.cause is Cause.UNSUPPORTED:
            return late_proof(pair, plan.bound) or res, None, None  # the same at every bound
        if res.status is Status.UNKNOWN and res.cause is Cause.BUDGET and probe:
            probe = False
            found = random_search(pair, bound=plan.bound, seed=plan.seed, cset=plan.cset,
                                  max_trials=PROBE_TRIALS, deadline=plan.budget.deadline)
            if found.status is Status.REFUTED:
                return found.but(cause=Cause.BUDGET,
                                 detail="the encoding at small bounds ran out of budget"), None, None
    if fallback is None and plan.search:
        # a short search at the full bound first: most pairs whose witness needs that many
        # rows show one in a few random databases (the late proofs cost them seconds)
        found = random_search(pair, bound=plan.bound, seed=plan.seed, cset=plan.cset,
                              max_trials=LATE_PROBE_TRIALS, deadline=plan.budget.deadline)
        if (found.status is Status.REFUTED and _rank(found) >= top_grade(plan.cset)
                and max(len(t["rows"]) for t in found.witness.tables.values()) <= plan.bound):
            return found, None, None  # (the search draws larger databases too: the bound holds)
    if fallback is None and (late := late_proof(pair, plan.bound)) is not None:
        return late, None, None  # (no witness at the small bounds: the costlier proofs' turn)
    # with a refutation in hand, the full bound only looks for a better witness, with the
    # work of the first small stage per solver call (then the refutation stands)
    share = (1 - spent) * (FALLBACK_SHARE if fallback is not None else 1.0)
    res = solve(pair, plan.bound, budget=plan.budget.share(share), cset=plan.cset,
                witness_dir=plan.witness_dir, session=session)
    if fallback is not None and (res.status is not Status.REFUTED or _rank(res) < _rank(fallback)):
        return fallback, None, None
    return res, res, held


def _rank(res: VerifyResult) -> int:
    """The grade rank of a refutation's witness (``realism.Grade``): mined 3, typed 2,
    typed with an empty read table 1, sqlite 0."""
    if res.realism is None:
        return 0
    if res.realism is Realism.MINED:
        return 3
    if res.realism is Realism.TYPED:
        return 1 if res.empty is EmptyRead.ONLY else 2
    return 0


def _reads_clock(res: VerifyResult) -> bool:
    return res.status is Status.UNKNOWN and res.reads_clock


def _clock(pair: Pair, plan: _Plan, res: VerifyResult, session: Session) -> VerifyResult:
    """A query that reads the clock: search again with the clock read once, as a constant;
    only a refutation is kept (its witness replays in SQLite, which reads the real clock):
    equivalence at one instant proves nothing. Then, with the clock as one symbolic
    timestamp for both queries, ``verified`` holds for every clock value of the domain (as
    for any text column). Otherwise ``res`` unchanged."""
    for mode in (ir.PINNED_CLOCK, ir.SYMBOLIC_CLOCK):
        got = settle(pair, plan.bound, clock=mode, cset=plan.cset, late=True)
        if got is None:
            got = solve(pair, plan.bound, budget=plan.budget.share(CLOCK_SHARE), clock=mode,
                        cset=plan.cset, witness_dir=plan.witness_dir, session=session)
        if got.status is Status.REFUTED:
            return got.but(assumptions=got.assumptions + (Assumption.CLOCK_NOW,))
        if got.status is Status.VERIFIED and mode == ir.SYMBOLIC_CLOCK:
            return got.but(assumptions=got.assumptions + (Assumption.CLOCK,))
    return res


def _attack(pair: Pair, plan: _Plan, res: VerifyResult) -> VerifyResult:
    """A proof that rests on assumptions (``ATTACKED``: ties broken alike, the finite text
    domain, exact reals, DATE columns holding text, numeric columns holding numbers) meets a
    short randomized search aimed at them, run in SQLite: ties, strings around the literals,
    real values that floating point rounds, numbers in DATE columns; then one with text in
    numeric columns; last, integers at both ends of 64 bits. A replayed witness refutes the pair (its note names the assumptions
    that search aimed at); else the proof stands, with its assumptions stated."""
    extra: list = []
    if Assumption.DATE_TEXT in res.assumptions:
        extra += ["2020", "1", "0", "1.5", "20200101"]
    if Assumption.EXACT_REALS in res.assumptions:
        extra += [0.1, 0.2, 0.3, 1e-9, 1e16, 2.5]
    if Assumption.TEXT_DOMAIN in res.assumptions:
        extra += realistic_strings(_literals(pair))
    # values of the declared classes first (their witnesses are more realistic), then text
    # in numeric columns and BLOBs in TEXT columns
    phases = [(False, [a for a in res.assumptions if a in ATTACKED and a not in OFF_CLASS]),
              (True, [a for a in res.assumptions if a in OFF_CLASS + (Assumption.DATE_TEXT,)])]
    if pair.typed:  # no value of another class: one phase (``declared_storage_classes``
        # stays only for NUMERIC columns, where a typed database holds reals)
        phases = [(False, [a for a in res.assumptions if a in ATTACKED])]
    phases = [(off_class, [a for a in aimed if a is not Assumption.INT_RANGE], extra)
              for off_class, aimed in phases]
    if Assumption.INT_RANGE in res.assumptions:  # last, on its own: integers at 64 bits' ends
        phases.append((False, [Assumption.INT_RANGE], list(INT_EXTREMES)))
    cuts = prefix_strings(_literals(pair)) if Assumption.TEXT_DOMAIN in res.assumptions else []
    if cuts:  # first strings that one cut (SUBSTR(x, 1, k)) takes for one, nothing else
        phases.insert(0, (False, [Assumption.TEXT_DOMAIN], cuts))
    for off_class, aimed, values in phases:
        if not aimed:
            continue
        found = random_search(pair, bound=plan.bound, max_trials=ATTACK_TRIALS, seed=plan.seed,
                              cset=plan.cset, deadline=plan.deadline, extra_values=values,
                              off_class=off_class)
        if found.status is Status.REFUTED and _translation_raises(pair, found):
            return res.but(notes=res.notes + (_raises_note(pair, found),))
        if found.status is Status.REFUTED:
            # the assumptions the separating database itself breaks (``breaks``), else the
            # ones the search aimed at
            w = found.witness
            hit = broken(w.tables, pair.user_schema, literals=_literals(pair),
                         queries=(pair.gold, pair.pred), results=(w.gold_result, w.pred_result),
                         stated=res.assumptions) or aimed
            why = ", ".join(ASSUMPTION_TEXT[a] for a in hit)
            return found.but(notes=found.notes + (
                f"the queries agree only where the verifier assumes {why}; SQLite separates them",))
    return res


def _translation_raises(pair: Pair, found: VerifyResult) -> bool:
    """Whether the search's database only makes SQLite raise an error running the
    prediction's translation from another dialect (``integer overflow`` of a SUM past 64
    bits, which PostgreSQL's SUM widens past): a database outside the assumption the proof
    states, and no evidence that the queries differ in the dialect they are written in."""
    return pair.translated and found.witness is not None \
        and found.witness.signature == "execution_error"


def _raises_note(pair: Pair, found: VerifyResult) -> str:
    rep = replay(pair.gold, pair.pred, pair.user_schema, found.witness.tables, pair.semantics)
    why = rep.problem.removeprefix("prediction fails: ") or "an error"
    return ("outside the assumptions stated, SQLite raises an error running the translation "
            f"of the prediction on a database of the search ({why})")


def _literals(pair: Pair) -> list:
    """The string and number literals of both queries."""
    out: list = []
    for side in ("gold", "pred"):
        try:
            out += query_facts(pair.tree(side), pair.schema)[1]
        except InputError:
            continue
    return out
