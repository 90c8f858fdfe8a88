"""A randomized search for a separating small database: evidence where no proof is possible.

Draws small databases (at most ``bound`` rows per table, each table independently, empty
tables included; past half the trials up to ``2 * bound + 2``) with the one
schema-respecting generator (``engine.generate``), values taken from the two queries'
literals and their neighbours (every ``FOCUS_EVERY``-th trial each compared column from its
own literals only: ``focus``), and runs both queries in SQLite.
A separating database is minimized and replayed from a fresh file like any witness
(``witness``). The outcome is never ``verified``: ``refuted`` with method ``search``, or
``unknown``. Everything is a function of the pair and the seed, so a search is
reproducible.

>>> from sqlverdict.schema import from_ddl
>>> from sqlverdict.oracles.bounded.pair import Pair
>>> s = from_ddl("CREATE TABLE t(id INT PRIMARY KEY, a INT)")
>>> r = search(Pair("SELECT id FROM t WHERE a > 3", "SELECT id FROM t WHERE a >= 3", s, "bag"),
...            bound=3)
>>> str(r.status), str(r.method), r.witness.tables["t"]["rows"]
('refuted', 'search', [[..., 3]])
>>> r = search(Pair("SELECT id FROM t WHERE a > 3", "SELECT id FROM t WHERE 3 < a", s, "bag"),
...            bound=2, max_trials=50)
>>> str(r.status), r.reason, r.search["trials"]
('unknown', 'search found no witness', 50)
"""

from __future__ import annotations

import hashlib
import random
import re
import time

from sqlglot import exp

from ...engine.generate import generate_database, value_pool
from ...errors import InputError
from ...sql.canon import quoted_strings
from ...types import Schema, Status, Witness, affinity
from .domain import outside, typed_pool
from .focus import focused_pool
from .ir import numeric_text
from .ir.kinds import Affinity
from .outcome import Method, VerifyResult
from .pair import Pair
from .realism import temporal_kind, top_grade
from .witness import minimize, shaped

DEFAULT_TRIALS = 2000
PATIENCE = 300  # trials spent looking for a more realistic witness after one is found
FOCUS_EVERY = 4  # every 4th trial draws the compared columns from their own literals only
GROW_STEPS = 10  # past half the trials, the row cap grows by one every 1/10 of them ...
GROW_TO = 2  # ... up to 2 * bound + 2 rows per table
TRIAL_TIMEOUT_S = 2.0


def pair_facts(pair) -> tuple[set, list]:
    """The tables both queries need (foreign-key parents too, ``_closure``) and their literals
    (the gold's, then the prediction's not among them: a value and its class)."""
    tg, lg = query_facts(_tree(pair, "gold"), pair.schema)
    tp, lp = query_facts(_tree(pair, "pred"), pair.schema)
    seen = {(type(x), x) for x in lg}
    return _closure(pair.schema, tg | tp), lg + [v for v in lp if (type(v), v) not in seen]


def query_facts(sql: str | exp.Expr | None, schema: Schema) -> tuple[set[str], list]:
    """Tables of ``schema`` that ``sql`` (a text, a parsed tree, or None when it does not
    parse) mentions, and its literal values.

    >>> from sqlverdict.schema import from_ddl
    >>> s = from_ddl("CREATE TABLE t(a INT); CREATE TABLE u(b TEXT)")
    >>> query_facts("SELECT a FROM t WHERE a = 3 AND a < 2.5 OR 'x' = 'x'", s)
    ({'t'}, [3, 2.5, 'x'])
    >>> query_facts('SELECT b FROM u WHERE b = "Asia" AND "b" > 1', s)
    ({'u'}, [1, 'Asia'])
    """
    from ...sql.parse import try_parse

    tree = try_parse(sql) if isinstance(sql, str) else sql
    names = {t.name.lower() for t in schema.tables}
    if tree is None:  # be generous: every table, literals from nothing
        return names, []
    tables = {t.name.lower() for t in tree.find_all(exp.Table)} & names
    lits: list = []
    for lit in tree.find_all(exp.Literal, bfs=False):
        v = lit.this
        if lit.is_string:
            val = v
        else:
            try:
                val = int(v)
            except ValueError:
                try:
                    val = float(v)
                except ValueError:
                    continue
        if isinstance(lit.parent, exp.Neg) and not isinstance(val, str):
            val = -val
        if (type(val), val) not in {(type(x), x) for x in lits}:
            lits.append(val)
    # "Asia" names no column: SQLite reads it as the string (Spider's golds do this)
    for col in quoted_strings(tree, schema):
        if col.name not in lits:
            lits.append(col.name)
    return tables, lits


def date_values(literals: list) -> list:
    """Dates and datetimes around year / year-month literals, for ``strftime`` filters; a
    year may be an integer too (``CAST(strftime('%Y', d) AS INTEGER) = 2020``, the form
    ``EXTRACT(YEAR FROM d)`` translates to).

    >>> date_values(["1995", "2011-07", "x"])
    ['1995-01-01', '1995-06-15 12:00:00', '1995-12-31', '1994-12-31', '1996-01-01', '2011-07-01', '2011-07-15 12:00:00', '2011-07-31']
    >>> date_values([2020, 7, True])[:2]
    ['2020-01-01', '2020-06-15 12:00:00']
    """
    out: list = []
    for v in literals:
        if isinstance(v, int) and not isinstance(v, bool):
            v = str(v)
        if not isinstance(v, str):
            continue
        if re.fullmatch(r"(1[89]|20)\d\d", v):
            y = int(v)
            out += [f"{y}-01-01", f"{y}-06-15 12:00:00", f"{y}-12-31", f"{y - 1}-12-31",
                    f"{y + 1}-01-01"]
        elif re.fullmatch(r"(1[89]|20)\d\d-(0[1-9]|1[0-2])", v):
            out += [f"{v}-01", f"{v}-15 12:00:00", f"{v}-31" if v[-2:] in
                    ("01", "03", "05", "07", "08", "10", "12") else f"{v}-28"]
    return out


def realistic_strings(literals) -> list[str]:
    """Strings real text columns hold, around the queries' string literals: the attack on
    ``finite_text_domain`` draws them (mixed case, leading and trailing spaces, digits and
    numeric strings, non-ASCII letters, the empty string, a long string).

    >>> realistic_strings(["ab"])[:6]
    ['Ab', 'aB', 'AB', ' ab', 'ab ', 'ab1']
    """
    out: list[str] = []
    for v in [x for x in literals if isinstance(x, str)][:8] + ["ab"]:
        out += [v[:1].upper() + v[1:], v[:1] + v[1:].upper(), v.upper(), f" {v}", f"{v} ",
                f"{v}1", v.lower(), v.swapcase(), v[:1], v[1:], v * 3]
    out += ["", " ", "Ab", "aB", "0", "1", "01", "1.0", "-1", "1e3", "12abc", "2020", "É", "é",
            "straße", "Ünïcödé", "日本", "a" * 300, "A b", "a%b", "a_b"]
    seen: set[str] = set()
    return [x for x in out if not (x in seen or seen.add(x))]


def prefix_strings(literals) -> list[str]:
    """Strings that agree on their first k characters and differ after, for each small
    integer literal k (a ``SUBSTR(x, 1, k)``, ``LEFT(x, k)`` or ``SUBSTR(x, k)`` cut): two
    of them fall in one group of the cut while the whole strings differ. Cut from the
    queries' string literals, a date and a word (the attack on ``finite_text_domain``).

    >>> prefix_strings([7, "x"])[:4]
    ['2024-01', '2024-01a', '2024-01b', 'abcdefg']
    """
    cuts = sorted({v for v in literals if isinstance(v, int) and not isinstance(v, bool)
                   and 1 <= v <= 16})
    bases = [x for x in literals if isinstance(x, str) and len(x) > 1][:4]
    out: list[str] = []
    for k in cuts:
        for b in ["2024-01-15 10:30:00", "abcdefghijklmnopqrs", *bases]:
            head = (b * (k // max(len(b), 1) + 1))[:k]
            out += [head, head + "a", head + "b"]
    seen: set[str] = set()
    return [x for x in out if not (x in seen or seen.add(x))]


def _palette(pool: dict, rng: random.Random, trial: int) -> dict:
    """Every other trial, one to three values per column instead of its whole pool: rows
    then repeat values often, which ties, duplicates and groups of equal keys need (a
    LIMIT cutting through tied rows, two of three rows meeting a condition)."""
    if trial % 2:
        return pool
    return {k: rng.sample(v, min(len(v), rng.randint(1, 3))) if v else v
            for k, v in pool.items()}


def _cap(bound: int, trial: int, max_trials: int) -> int:
    """The most rows per table of a trial: small databases first (1..2 rows in the first
    trials, then ``bound``); past half the trials, more than ``bound`` (a refutation holds
    at any size and the minimizer shrinks it; a group of two rows in each of two groups of a
    six-table join rarely fits in three rows a table).

    >>> [_cap(3, t, 2000) for t in (1, 20, 40, 999, 1000, 1200, 1999)]
    [1, 2, 3, 3, 4, 5, 8]
    """
    if trial < max_trials // 2:
        return min(bound, 1 + trial // 20)
    step = max(1, max_trials // GROW_STEPS)
    return min(bound + 1 + (trial - max_trials // 2) // step, GROW_TO * bound + 2)


def _closure(schema: Schema, tables: set[str]) -> set[str]:
    """The tables plus every table they reference by foreign key, transitively."""
    out, todo = set(tables), list(tables)
    while todo:
        t = schema.table(todo.pop())
        for fk in t.foreign_keys:
            r = fk.ref_table.lower()
            if schema.has_table(r) and r not in out:
                out.add(r)
                todo.append(r)
    return out


def _tree(pair: Pair, side: str):
    try:
        return pair.tree(side)
    except InputError:
        return None


def _seed(gold: str, pred: str, seed: int) -> int:
    h = hashlib.sha256(f"{seed}\x00{gold}\x00{pred}".encode()).digest()
    return int.from_bytes(h[:8], "big")


def _twins(values: list) -> list:
    """The other class of each integral number: 1.0 for 1, 2 for 2.0 (a column without
    affinity keeps both; DISTINCT, GROUP BY and UNION keep one of them)."""
    out = []
    for v in values:
        if isinstance(v, bool):
            continue
        if isinstance(v, int) and abs(v) < 2 ** 53:
            out.append(float(v))
        elif isinstance(v, float) and v.is_integer() and abs(v) < 2 ** 53:
            out.append(int(v))
    return out


def _pool(pair: Pair, literals: list, off_class: bool) -> dict:
    """The values each column draws: the literals and their neighbours; ``off_class``: text
    in numeric columns and BLOBs in TEXT and DATE/TIME ones (never in the typed domain,
    whose pool keeps only values of each column's declared type). A column without affinity
    also draws the REAL twin of each integer (and back) in both domains."""
    schema = pair.schema
    pool = value_pool(schema, None, literals)
    off_class = off_class and not pair.typed
    for t in schema.tables:  # no affinity: 1 beside 1.0, equal, shown apart (in both domains)
        for c in t.columns:
            if affinity(c.type) == Affinity.BLOB:
                vals = pool.get((t.name, c.name), [])
                twins = _twins(vals) or [1.0]
                pairs = twins + _twins(twins)  # about one value in three of them
                pool[(t.name, c.name)] = vals + pairs * max(1, len(vals) // (2 * len(pairs)))
    if off_class:
        texts = [v for v in literals if isinstance(v, str) and numeric_text(v) is None] + ["a", ""]
        for t in schema.tables:
            for c in t.columns:
                if affinity(c.type) in (Affinity.INTEGER, Affinity.REAL, Affinity.NUMERIC):
                    nums = pool.get((t.name, c.name), [])
                    # about one value in three text, so rows mix the two classes
                    pool[(t.name, c.name)] = nums + texts * max(1, len(nums) // (2 * len(texts)))
                if affinity(c.type) == Affinity.TEXT or temporal_kind(c.type) is not None:
                    strs = pool.get((t.name, c.name), [])
                    blobs = [x.encode() for x in texts]
                    pool[(t.name, c.name)] = strs + blobs * max(1, len(strs) // (2 * len(blobs)))
    return typed_pool(pool, schema) if pair.typed else pool


def search(pair: Pair, *, bound: int = 5, max_trials: int = DEFAULT_TRIALS, seed: int = 0,
           cset=None, deadline: float | None = None, extra_values=(),
           off_class: bool = False, min_rows: int = 0, patience: int = PATIENCE) -> VerifyResult:
    """Search random databases with at most ``bound`` rows per table for one on which the
    pair differs, ``max_trials`` of them (the budget: the outcome does not depend on the
    machine's speed) or until ``deadline`` (``time.monotonic()``, a safety net). Witnesses
    are graded (``realism``): a witness below the best level reachable (``mined`` with
    ``cset``, else ``typed``) is kept while the search goes on for a better one.
    ``extra_values``: more values to draw (the verifier's assumption attacks); ``off_class``:
    numeric columns also draw text (the queries' strings, 'a', ''), which SQLite stores
    as text there (the attack on ``declared_storage_classes``), and TEXT and DATE/TIME columns
    BLOBs (the bytes of those strings: ``text_columns_hold_text``, ``date_columns_hold_text``).
    In the typed domain (``pair.typed``) the pool keeps only values of each column's
    declared type, ``off_class`` is ignored and a database outside the domain is skipped.
    ``min_rows``: every table the queries read aims for ``min_rows`` to ``min_rows + 2`` rows
    (``past_limit``: a LIMIT of n cuts only a result of more than n rows). ``patience``: the
    trials spent after a witness looking for a more realistic one (0: the first witness)."""
    t0 = time.monotonic()
    deadline = float("inf") if deadline is None else deadline
    focus = focused_pool([pair.gold, pair.pred], pair.schema, typed=pair.typed)
    schema = pair.schema
    relevant, literals = pair_facts(pair)
    literals += [d for d in date_values(literals) if d not in literals]
    literals += [v for v in extra_values if v not in literals]
    pool = _pool(pair, literals, off_class)
    rng = random.Random(_seed(pair.gold, pair.pred, seed))
    top = top_grade(cset)
    best = None  # (grade, witness, trial)
    trials = 0
    while trials < max_trials and time.monotonic() < deadline:
        if best is not None and trials - best[2] >= patience:
            break  # checked on every trial: most trials after a witness differ less well or not at all
        trials += 1
        focused = bool(focus) and trials % FOCUS_EVERY == FOCUS_EVERY - 1
        cap = min_rows + 2 if min_rows else _cap(bound, trials, max_trials)
        # every other focused trial fills every read table (joins need rows in each)
        low = min(max(min_rows, int(focused and trials % (2 * FOCUS_EVERY) < FOCUS_EVERY)), cap)
        sizes = {t.name: (rng.randint(low, cap) if t.name.lower() in relevant else 0)
                 for t in schema.tables}
        null_rate = (0.0, 0.12, 0.3)[trials % 3]
        values = {**_palette(pool, rng, 0), **focus} if focused else _palette(pool, rng, trials)
        tables = shaped(schema, generate_database(schema, rng, values=values,
                                                  max_rows=cap, sizes=sizes, null_rate=null_rate))
        if pair.typed and outside(tables, pair.user_schema):
            continue  # a database the verdict does not speak of
        rep = pair.replay(tables, in_memory=True)
        if not rep.differs:
            continue
        g = pair.grade(tables, cset)
        if best is not None and g <= best[0]:
            continue
        small, _ = minimize(pair.gold, pair.pred, schema, tables, pair.policy, rep,
                            scratch=pair.scratch,
                            accept=lambda t, g=g: pair.grade(t, cset) >= g)
        for cand in (small, tables):  # reported only once replayed from a file
            final = pair.replay(cand)
            if final.differs:
                w = Witness(cand, final.gold_rows, final.pred_rows, final.signature)
                best = (pair.grade(cand, cset), w, trials)
                break
        if best is not None and best[0].rank >= top:
            break
    search_info = {"trials": trials}
    if best is None:
        return VerifyResult(Status.UNKNOWN, bound, pair.semantics,
                            elapsed_s=time.monotonic() - t0, search=search_info)
    g, w, at = best
    return VerifyResult(Status.REFUTED, bound, pair.semantics, method=Method.SEARCH, witness=w,
                        evidence="witness", realism=g.realism, empty=g.empty,
                        notes=g.empty.notes(),
                        elapsed_s=time.monotonic() - t0,
                        search={**search_info, "found_at_trial": at})
