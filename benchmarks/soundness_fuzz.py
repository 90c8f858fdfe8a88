"""Mutation fuzz of the every-database proofs: near misses of real queries, attacked.

The corpora's mutants are near misses their authors chose. This benchmark makes its own,
many more: each query of the frozen prover corpora (written by people who did not read the
verifier) and of the rule fixtures is mutated by one or two textual edits that usually
change its meaning (a comparison operator, MIN for MAX, AND for OR, a join kind, EXISTS for
NOT EXISTS, a set operator, DISTINCT dropped or added, a literal moved by one, a sort
direction, a ranking function, IS NULL for IS NOT NULL, a LIMIT, a column read through another
alias that has it: a correlation swapped or moved to another level). Each mutant that still
parses is paired with its query and given to the verifier's proofs without the solver
(``prover.settle``: same text, same plan, rewriting, normal forms), or with ``--full S`` to
the whole verifier (``verify`` with S seconds a pair, no random search: the solver, then
``congruence`` and the small-model theorem, which rest on the solver). Every pair proved for
every database is attacked with random databases SQLite accepts
(``soundness_attack.Attack``, independent of the verifier): a separating database is a
wrong proof, unless the proof states an assumption the database breaks (ties cut by a
LIMIT, exact reals: printed apart for a person to read).

    nice python -m benchmarks.soundness_fuzz --seed 0 --name soundness_fuzz_s0

Results: ``benchmarks/results/<name>.md`` (counts, every separated proof with its
database) and ``build/soundness_fuzz/<name>.jsonl`` (each proved mutant).
"""

from __future__ import annotations

import argparse
import glob
import json
import random
import re
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RESULTS = ROOT / "benchmarks" / "results"
BUILD = ROOT / "build" / "soundness_fuzz"

_QUALIFIED = r"\b(?P<corr>[A-Za-z_]\w*)\.(?P<col>[A-Za-z_]\w*)\b"  # a column read through an alias
# (pattern, replacements): one is applied at a random match
EDITS = (
    (r">=", ("<", ">", "<=", "=")), (r"<=", ("<", ">", ">=", "=")),
    (r"(?<![<>!=])>(?!=)", (">=", "<", "=")), (r"(?<![<>!=])<(?![=>])", ("<=", ">", "=")),
    (r"(?<![<>!=])=(?!=)", ("<>", ">=", "IS NOT")), (r"<>|!=", ("=", "<")),
    (r"\bMAX\b", ("MIN",)), (r"\bMIN\b", ("MAX",)),
    (r"\bSUM\b", ("AVG", "TOTAL", "MAX", "COUNT")), (r"\bAVG\b", ("SUM", "MAX")),
    (r"\bCOUNT\(\*\)", ("COUNT(DISTINCT 1)", "SUM(1)", "COUNT(1)")),
    (r"\bCOUNT\((?:DISTINCT )?\w+(?:\.\w+)?\)", ("COUNT(*)",)),
    (r"\bCOUNT\((?=\w)", ("COUNT(DISTINCT ",)), (r"\bCOUNT\(DISTINCT ", ("COUNT(",)),
    (r"\bAND\b", ("OR",)), (r"\bOR\b", ("AND",)),
    (r"\bLEFT (?:OUTER )?JOIN\b", ("JOIN", "RIGHT JOIN", "FULL JOIN")),
    (r"(?<!LEFT )(?<!OUTER )\bJOIN\b", ("LEFT JOIN",)),
    (r"\bNOT EXISTS\b", ("EXISTS",)), (r"(?<!NOT )\bEXISTS\b", ("NOT EXISTS",)),
    (r"\bNOT IN\b", ("IN",)), (r"(?<!NOT )\bIN \(", ("NOT IN (",)),
    (r"\bUNION ALL\b", ("UNION",)), (r"\bUNION(?! ALL)\b", ("UNION ALL", "INTERSECT", "EXCEPT")),
    (r"\bINTERSECT\b", ("UNION", "EXCEPT")), (r"\bEXCEPT\b", ("INTERSECT",)),
    (r"\bDISTINCT ", ("",)), (r"\bSELECT (?!DISTINCT)", ("SELECT DISTINCT ",)),
    (r"(?<![\w.'])\d+(?![\w.'])", ("+1", "-1", "0", "NULL")),
    (r"\bASC\b", ("DESC",)), (r"\bDESC\b", ("ASC",)),
    (r"\bORDER BY (?:COUNT\(\*\)|[\w.]+)(?! DESC| ASC)", ("+ DESC",)),
    (r"\bROW_NUMBER\(\)", ("RANK()", "DENSE_RANK()")), (r"\bRANK\(\)", ("DENSE_RANK()", "ROW_NUMBER()")),
    (r"\bDENSE_RANK\(\)", ("RANK()",)),
    (r"\bIS NULL\b", ("IS NOT NULL",)), (r"\bIS NOT NULL\b", ("IS NULL",)),
    (r"\bCOALESCE\(", ("IFNULL(",)), (r"\bHAVING\b", ("AND",)), (r"\bELSE 0\b", ("ELSE NULL",)),
    (_QUALIFIED, ("+ALIAS",)),
)
# proofs resting on these can meet a database that breaks them: separations printed apart
SOFT = {"ties_broken_alike", "exact_reals", "integer_sums_exact", "finite_text_domain",
        "clock_in_text_domain", "clock_read_now", "undefined_functions_deterministic"}
# attacked with values of every storage class only when the proof states none of these
CLASSES = {"declared_storage_classes", "text_columns_hold_text", "date_columns_hold_text",
           "untyped_columns_hold_text", "no_real_int_min"}


def mutate(q: str, rng: random.Random, edits: int, only: str = "") -> str:
    for _ in range(edits):
        # an edit first (each alike), then one of its places
        edits_here = [(reps, hits) for pat, reps in EDITS if not only or re.search(only, pat)
                      if (hits := list(re.finditer(pat, q, re.I)))]
        if not edits_here:
            break
        reps, hits = rng.choice(edits_here)
        m = rng.choice(hits)
        rep = rng.choice(reps)
        if rep == "+ALIAS":
            rep = _moved_alias(q, m, rng)
        elif rep in ("+1", "-1"):
            rep = str(int(m.group()) + int(rep))
        elif rep.startswith("+ "):
            rep = m.group() + rep[1:]
        q = q[:m.start()] + rep + q[m.end():]
    return q


def _moved_alias(q: str, m: re.Match, rng: random.Random) -> str:
    """``a.c`` read through another alias that has a column ``c`` in ``q`` (i55c): an outer
    row's column for the inner one's, the reverse, or another enclosing level's
    (``e.name <= d.name`` as ``e.name <= e.name``); itself when no other alias reads ``c``.

    >>> _moved_alias("SELECT d.k FROM t AS d WHERE d.k > (SELECT MIN(e.k) FROM t AS e)",
    ...              re.search(_QUALIFIED, "d.k"), random.Random(0))
    'e.k'
    """
    col = m.group("col").lower()
    others = sorted({a.group("corr") for a in re.finditer(_QUALIFIED, q)
                     if a.group("col").lower() == col
                     and a.group("corr").lower() != m.group("corr").lower()})
    return f"{rng.choice(others)}.{m.group('col')}" if others else m.group()


def corpus_queries() -> list[dict]:
    """Each query of the frozen corpora as SQLite text, with its schema and semantics."""
    from benchmarks.prover_corpus import load_corpus
    from sqlverdict.oracles.bounded.translate import translate_pair
    from sqlverdict.schema import load_schema
    from sqlverdict.sql.dialect import check_dialect

    out, seen = [], set()
    for corpus in sorted(glob.glob(str(ROOT / "benchmarks/corpus/*/MANIFEST.sha256"))):
        for p in load_corpus(Path(corpus).parent):
            schema_path = str((ROOT / p["schema"]).resolve())
            try:
                schema = load_schema(schema_path, p.get("db_id"))
                got = (p["gold"], p["pred"])
                if p.get("dialect") and p["dialect"] != "sqlite":
                    got = translate_pair(*got, schema, check_dialect(p["dialect"]), 3,
                                         p.get("semantics"))
            except Exception:  # noqa: BLE001 - a query we cannot read is not fuzzed
                continue
            if not isinstance(got, tuple):
                continue
            for q in got:
                if (q, schema_path) not in seen:
                    seen.add((q, schema_path))
                    out.append({"source": p["id"], "sql": q, "schema": schema_path,
                                "semantics": p.get("semantics") or "bag"})
    return out


def fixture_queries() -> list[dict]:
    """Each query of the rule fixtures (``tests/fixtures/rules``), bag semantics."""
    out = []
    for f in sorted((ROOT / "tests/fixtures/rules").glob("*.sql")):
        text = f.read_text(encoding="utf-8")
        sm = re.search(r"^# schema: (\S+)", text, re.M)
        schema = str(f.parent / (sm.group(1) if sm else "schema.ddl"))
        for line in text.splitlines():
            s = line.strip().rstrip(";")
            if s.upper().startswith(("SELECT", "WITH")):
                out.append({"source": f.name, "sql": s, "schema": schema, "semantics": "bag"})
    return out


def proved(q: dict, m: str, domain: str, schemas: dict, full: float = 0):
    """The every-database proof ``settle`` (``full`` > 0: ``verify`` with ``full`` seconds)
    gives for (query, mutant), or None."""
    from sqlverdict.errors import SqlverdictError
    from sqlverdict.oracles.bounded.outcome import EVERY_DATABASE, Status
    from sqlverdict.oracles.bounded.pair import Pair
    from sqlverdict.oracles.bounded.prover import settle
    from sqlverdict.oracles.bounded.staging import verify
    from sqlverdict.schema import load_schema

    schema = schemas.get(q["schema"]) or schemas.setdefault(q["schema"], load_schema(q["schema"]))
    try:
        if full:
            r = verify(q["sql"], m, schema, bound=3, semantics=q["semantics"], timeout_s=full,
                       search=False, domain=domain)
        else:
            pair = Pair(q["sql"], m, schema, q["semantics"], domain=domain)
            try:
                r = settle(pair, 3)
            finally:
                pair.close()
    except (SqlverdictError, ValueError, RecursionError):
        return None
    if r is None or r.status != Status.VERIFIED or r.method not in EVERY_DATABASE:
        return None
    return r


def attack(q: dict, m: str, r, domain: str, attacks: dict, trials: int) -> dict:
    from benchmarks.soundness_attack import Attack

    a = attacks.get(q["schema"]) or attacks.setdefault(q["schema"], Attack.for_schema(q["schema"]))
    stated = {str(x) for x in r.assumptions}
    modes = (True,) if domain == "typed" or stated & CLASSES else (True, False)
    out = {"source": q["source"], "gold": q["sql"], "pred": m, "semantics": q["semantics"],
           "domain": domain, "method": str(r.method), "assumptions": sorted(stated),
           "separated": False, "trials": 0}
    for bound in (2, 4):
        for typed in modes:
            o = a.run(q["sql"], m, q["semantics"], bound=bound, trials=trials,
                      seed=f"{q['sql']}|{m}|{bound}|{typed}", typed=typed)
            out["trials"] += o.trials
            if o.separated:
                out.update(separated=True, soft=bool(stated & SOFT), bound=bound, typed=typed,
                           db={k: [list(x) for x in v] for k, v in o.db.items()},
                           gold_rows=repr(o.gold_rows)[:300], pred_rows=repr(o.pred_rows)[:300])
                return out
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--mutants", type=int, default=2, help="mutants per query")
    ap.add_argument("--trials", type=int, default=60, help="databases per bound and value mode")
    ap.add_argument("--limit", type=int, default=0, help="queries (0: all)")
    ap.add_argument("--name", default="soundness_fuzz")
    ap.add_argument("--match", default="", help="only queries this regular expression finds")
    ap.add_argument("--edits", default="", help="only edits whose pattern this one finds")
    ap.add_argument("--full", type=float, default=0, metavar="S",
                    help="the whole verifier, S seconds a pair (0: settle, no solver)")
    a = ap.parse_args(argv)
    rng = random.Random(a.seed)
    queries = corpus_queries() + fixture_queries()
    queries = [q for q in queries if re.search(a.match, q["sql"], re.I)]
    rng.shuffle(queries)
    if a.limit:
        queries = queries[:a.limit]
    BUILD.mkdir(parents=True, exist_ok=True)
    out_f = BUILD / f"{a.name}.jsonl"
    schemas, attacks, n = {}, {}, Counter()
    t0 = time.perf_counter()
    with out_f.open("w", encoding="utf-8") as out:
        for i, q in enumerate(queries):
            for _ in range(a.mutants):
                m = mutate(q["sql"], rng, rng.choice((1, 1, 2)), a.edits)
                if m == q["sql"]:
                    continue
                n["mutants"] += 1
                for domain in ("sqlite", "typed"):
                    r = proved(q, m, domain, schemas, a.full)
                    if r is None:
                        continue
                    n[f"proved {domain}"] += 1
                    got = attack(q, m, r, domain, attacks, a.trials)
                    n["databases"] += got["trials"]
                    if got["separated"]:
                        n["separated (soft)" if got["soft"] else "SEPARATED"] += 1
                        print("SEPARATED", json.dumps(got)[:600], flush=True)
                    out.write(json.dumps(got) + "\n")
                    out.flush()
            if i % 100 == 0:
                print(f"{i}/{len(queries)} {dict(n)} {time.perf_counter() - t0:.0f}s",
                      file=sys.stderr, flush=True)
    n["queries"] = len(queries)
    n["seconds"] = round(time.perf_counter() - t0)
    print(json.dumps(dict(n)))
    write_table(a, n, out_f)
    return 0


def write_table(a, n: Counter, out_f: Path) -> None:
    from benchmarks.verify_scale import code_version

    rows = [json.loads(x) for x in out_f.read_text(encoding="utf-8").splitlines()]
    lines = [f"# Mutation fuzz of every-database proofs: `{a.name}`", "",
             f"    python -m benchmarks.soundness_fuzz --seed {a.seed} --mutants {a.mutants} "
             f"--trials {a.trials}" + (f" --limit {a.limit}" if a.limit else "")
             + (f" --match '{a.match}'" if a.match else "")
             + (f" --edits '{a.edits}'" if a.edits else "")
             + (f" --full {a.full:g}" if a.full else "") + f" --name {a.name}", "",
             f"Code: {code_version()}.", "",
             "| queries | mutants | proved (sqlite domain) | proved (typed domain) | databases tried "
             "| separated | separated, resting on a stated assumption | seconds |",
             "|---:|---:|---:|---:|---:|---:|---:|---:|",
             f"| {n['queries']} | {n['mutants']} | {n['proved sqlite']} | {n['proved typed']} "
             f"| {n['databases']} | {n['SEPARATED']} | {n['separated (soft)']} | {n['seconds']} |",
             "", "Proved mutants by method: " + ", ".join(
                 f"{k} {v}" for k, v in Counter(r["method"] for r in rows).most_common()), ""]
    for r in rows:
        if r["separated"]:
            lines += [f"- {'(assumption) ' if r['soft'] else '**WRONG** '}`{r['source']}` "
                      f"({r['domain']}, {r['method']}, {', '.join(r['assumptions']) or 'no assumption'})",
                      f"  - `{r['gold']}`", f"  - `{r['pred']}`", f"  - database: `{r['db']}`"]
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / f"{a.name}.md").write_text("\n".join(lines) + "\n", encoding="utf-8")


if __name__ == "__main__":
    sys.exit(main())
