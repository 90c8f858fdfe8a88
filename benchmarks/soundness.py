"""The soundness benchmark of the bounded verifier (issue 13): every ``verified`` it prints,
attacked in SQLite.

A ``verified`` verdict says: no database with at most ``bound`` rows per table separates
the two queries. This benchmark tries to contradict that, with code that shares nothing
with the verifier's encoder, prover or randomized search (``soundness_attack.py``), and
checks the verifier's ``refuted`` witnesses independently too (``soundness_witness.py``).

Steps (each resumable; outputs under ``build/soundness/``, not committed):

1. ``verify``: ``verify-batch`` at bound 3 (``--timeout 30``) on the Spider and BIRD pair
   sets of ``benchmarks/pairs.py`` (``build/verify_scale/{spider,bird}_pairs.jsonl``), then
   on the mutant pairs of step 2.
2. ``mutants``: for every distinct gold of those pair sets, its idiom mutants
   (``sqlverdict.oracles.suite.idioms``: comparison flips, DISTINCT, COUNT forms, join
   kinds, NOT IN / NOT EXISTS, LIMIT / ORDER BY, CAST targets, SUBSTR / LIKE / INSTR at
   other positions, date idioms, unary ``+``, ``mod`` vs ``%``, ORDER BY ``k + 0``) and
   the gold as sqlglot renders it (``render``); a fixed sample per gold and kind, in a
   fixed shuffled order. Each is a pair (gold, mutant) with the gold's semantics.
3. ``attack``: for every ``verified`` pair, ``--trials`` random databases within its
   bound (deterministic seeds), both queries run in SQLite, compared with the pair's
   semantics. A separating database is a wrong ``verified``: its reproduction goes to
   ``build/soundness/repro/<id>/`` (``repro.json``, ``witness.sql``, ``README.md``).
4. ``witnesses``: every ``refuted`` witness of step 1 loaded with ``PRAGMA
   foreign_keys=ON`` under the original DDL, and counted for malformed date/time text,
   NULL inner-join keys and empty read tables (per ``realism`` level when results carry
   one).
5. ``report --tag TAG``: ``benchmarks/results/soundness_TAG.{md,json}``; name a result by
   what it holds: the default tag is the verifier's commit (``git describe``).

A separation counts as covered by a stated assumption only when its database breaks that
assumption (``covered_by``, with ``sqlverdict.oracles.bounded.breaks``; issue 26). The
``examples`` step verifies the pairs of ``tests/fixtures/verdicts/issue26.sql`` (unless
``BUILD/examples_b3.jsonl`` exists) and attacks each ``verified`` the same way.
``--limit N`` verifies only the first N Spider and BIRD pairs.

    python -m benchmarks.pairs
    nice python -m benchmarks.soundness all      # or the steps one by one

``--code-note`` records which verifier produced the verdicts (default: ``git describe``).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import subprocess
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path

from benchmarks.pairs import ex_semantics
from benchmarks.soundness_witness import KEYED_LOAD
from sqlverdict.oracles.bounded.realism import EMPTY_NOTE  # (reads old runs)
from sqlverdict.types import tables_from_json

_OLD_EMPTY_NOTE = "only a database with an empty table the queries read separates them"


def _empty_only(r: dict) -> bool:
    """The verdict says it found no witness with every read table filled (older runs: in
    the reason only)."""
    reason = r.get("reason") or ""
    return bool(r.get("empty_table_only") or EMPTY_NOTE in reason or _OLD_EMPTY_NOTE in reason)

BUILD = Path("build/soundness")
PAIRS = Path("build/verify_scale")
RESULTS = Path("benchmarks/results")
SETS = ("spider", "bird")
BOUND = 3
TIMEOUT = 30.0
# mutants kept per gold and kind (a deterministic sample): the kinds that probe SQLite
# semantics the verifier may normalise away get more
PER_KIND = {"cast_target": 3, "date_idiom": 3, "flip_cmp": 2, "count_form": 2,
            "substr_pos": 2, "like_pattern": 2, "limit": 2, "order": 2}
PER_KIND_DEFAULT = 1
FIRST_KINDS = {"render", "cast_target", "cast_wrap", "unary_plus", "mod", "order_plus_zero",
               "order_alias", "date_idiom", "substr_pos", "like_pattern", "instr",
               "not_in_exists"}
# a separated pair is attacked again with typed values only (``Attack.run(typed=True)``)
TYPED_TRIALS = 500


def read_jsonl(path: Path) -> list[dict]:
    out = []
    if path.is_file():
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                try:
                    out.append(json.loads(line))
                except json.JSONDecodeError:
                    pass  # a line cut by an interrupted run; the step redoes it
    return out


def _blob(v):
    """JSON for a BLOB value of an attack database (read back by ``_unblob``)."""
    if isinstance(v, bytes):
        return {"blob": v.hex()}
    raise TypeError(f"not JSON: {type(v).__name__}")


def _unblob(db: dict) -> dict:
    return {t: [[bytes.fromhex(v["blob"]) if isinstance(v, dict) and "blob" in v else v
                 for v in r] for r in rows] for t, rows in db.items()}


def write_jsonl(path: Path, rows) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False, default=_blob) + "\n")


def _h(*parts: str) -> int:
    return int.from_bytes(hashlib.sha256("\x00".join(parts).encode()).digest()[:8], "big")


# --------------------------------------------------------------------------- 2. mutants


def build_mutants(out: Path = BUILD / "mutant_pairs.jsonl") -> dict:
    """The mutant pair set (see the module docstring); returns counts by kind."""
    from sqlverdict.oracles.bounded.batch import SchemaCache
    from sqlverdict.oracles.suite.idioms import idiom_mutants
    from sqlverdict.oracles.suite.mutate import parse

    schemas = SchemaCache()
    golds: dict[tuple[str, str], dict] = {}
    for s in SETS:
        for p in read_jsonl(PAIRS / f"{s}_pairs.jsonl"):
            golds.setdefault((p["gold"], p["schema"]), {**p, "set": s})
    rows = []
    for (gold, spec), p in golds.items():
        schema = schemas.get(spec, p.get("db_id"))
        base = {"gold": gold, "schema": spec, "db_id": p.get("db_id"),
                "semantics": ex_semantics(gold), "gold_id": p["id"], "set": p["set"]}
        tree = parse(gold, schema)
        if tree is not None:
            rendered = tree.sql(dialect="sqlite")
            if " ".join(rendered.split()) != " ".join(gold.strip().rstrip(";").split()):
                rows.append({**base, "pred": rendered, "kind": "render"})
        by_kind: dict[str, list] = defaultdict(list)
        for m in idiom_mutants(gold, schema):
            by_kind[m.kind].append(m)
        for kind, ms in sorted(by_kind.items()):
            rng = random.Random(_h(gold, kind))
            for m in rng.sample(ms, min(len(ms), PER_KIND.get(kind, PER_KIND_DEFAULT))):
                rows.append({**base, "pred": m.sql, "kind": kind})
    # the kinds that probe SQLite semantics first, then the classic near misses; within a
    # group in a fixed pseudo-random order, so that any prefix is a uniform sample of it
    rows.sort(key=lambda r: (r["kind"] not in FIRST_KINDS, _h(r["gold"], r["pred"])))
    for r in rows:  # an id that does not depend on the order (results are kept by id)
        r["id"] = f"mut:{r['kind']}:{_h(r['kind'], r['schema'], r['gold'], r['pred']) % 10**10:010d}"
    tmp = out.with_suffix(".tmp")
    write_jsonl(tmp, rows)
    tmp.replace(out)  # whole or not at all: verify-batch may be waiting for it
    return dict(Counter(r["kind"] for r in rows))


# --------------------------------------------------------------------------- 1. verify


def _git_describe() -> str:
    try:
        return subprocess.run(["git", "describe", "--always", "--dirty"], capture_output=True,
                              text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def run_verify(pairs: Path, out: Path, *, workers: int, limit: int | None = None) -> None:
    """``sqlverdict verify-batch --bound 3 --timeout 30`` (resumable)."""
    if limit is not None:
        rows = read_jsonl(pairs)[:limit]
        pairs = pairs.with_name(pairs.stem + f"_first{limit}.jsonl")
        write_jsonl(pairs, rows)
    cmd = ["sqlverdict", "verify-batch", "--pairs", str(pairs), "--out", str(out),
           "--bound", str(BOUND), "--timeout", f"{TIMEOUT:g}", "--workers", str(workers)]
    print("+", " ".join(cmd), file=sys.stderr)
    subprocess.run(cmd, check=True)


def sources() -> list[tuple[str, Path, Path]]:
    """``(origin, pairs file, verify-batch results)`` of the pair sets."""
    out = [(s, PAIRS / f"{s}_pairs.jsonl", BUILD / f"{s}_b{BOUND}.jsonl") for s in SETS]
    out.append(("mutant", BUILD / "mutant_pairs.jsonl", BUILD / f"mutants_b{BOUND}.jsonl"))
    return out


def verified_pairs(mutant_limit: int | None = None) -> list[dict]:
    """Every ``verified`` pair of step 1, with its verdict: ``{pair fields, "result"}``."""
    out = []
    for origin, pf, rf in sources():
        results = {r["id"]: r for r in read_jsonl(rf)}
        for p in read_jsonl(pf):
            r = results.get(p["id"])
            if r is not None and r["status"] == "verified":
                out.append({**p, "origin": origin, "result": r})
    return out


# --------------------------------------------------------------------------- 3. attack

_attacks: dict = {}  # per worker process: one Attack per schema


def _attack_one(job: tuple[dict, int]) -> dict:
    from benchmarks.soundness_attack import Attack

    p, trials = job
    r = p["result"]
    t0 = time.perf_counter()
    out = {"id": p["id"], "origin": p["origin"], "kind": p.get("kind"), "db_id": p.get("db_id"),
           "method": r.get("method"), "bound": r["bound"], "semantics": r["semantics"]}
    try:
        a = _attacks.get(p["schema"])
        if a is None:
            a = _attacks[p["schema"]] = Attack.for_schema(p["schema"])
        o = a.run(p["gold"], p["pred"], r["semantics"], bound=r["bound"], trials=trials,
                  seed=p["id"])
    except Exception as e:  # a harness failure is reported, never taken for a pass
        return {**out, "error": f"{type(e).__name__}: {e}",
                "elapsed_s": round(time.perf_counter() - t0, 3)}
    out.update({"separated": o.separated, "trials": o.trials,
                "elapsed_s": round(time.perf_counter() - t0, 3)})
    if o.separated:
        from benchmarks.soundness_attack import script, traits

        out.update({"traits": traits(a, o, r["semantics"]), "signature": o.signature,
                    "db": o.db, "gold_rows": o.gold_rows, "pred_rows": o.pred_rows,
                    "script": script(a, o.db), "schema_notes": a.notes,
                    "typed": _typed_attack(a, p)})
        out["elapsed_s"] = round(time.perf_counter() - t0, 3)
    return out


def _typed_attack(a, p: dict) -> dict:
    """The pair attacked again with typed values only: is it wrong inside the value space
    that ``docs/verify.md`` documents too?"""
    r = p["result"]
    t = a.run(p["gold"], p["pred"], r["semantics"], bound=r["bound"], trials=TYPED_TRIALS,
              seed=p["id"], typed=True)
    if not t.separated:
        return {"separated": False, "trials": t.trials}
    return {"separated": True, "trials": t.trials, "db": t.db, "gold_rows": t.gold_rows,
            "pred_rows": t.pred_rows}


def complete_typed(out: Path, pairs: dict[str, dict]) -> int:
    """Add the typed re-attack to separated results that lack it (results of a run that
    predates it); return how many were added."""
    from benchmarks.soundness_attack import Attack

    rows = read_jsonl(out)
    attacks: dict = {}
    n = 0
    for res in rows:
        if res.get("separated") and "typed" not in res and res["id"] in pairs:
            p = pairs[res["id"]]
            if p["schema"] not in attacks:
                attacks[p["schema"]] = Attack.for_schema(p["schema"])
            res["typed"] = _typed_attack(attacks[p["schema"]], p)
            n += 1
    if n:
        write_jsonl(out, rows)
    return n


def run_attack(pairs: list[dict], out: Path, *, trials: int, workers: int) -> None:
    """Attack every pair not yet in ``out`` (resumable), in worker processes."""
    import multiprocessing as mp

    done = {r["id"] for r in read_jsonl(out) if "error" not in r}
    todo = [p for p in pairs if p["id"] not in done]
    todo.sort(key=lambda p: p["schema"])  # each worker reuses its schema databases
    print(f"attack: {len(todo)} pairs to go ({len(done)} done), {trials} trials each",
          file=sys.stderr)
    out.parent.mkdir(parents=True, exist_ok=True)
    t0, n = time.perf_counter(), 0
    ctx = mp.get_context("fork")
    with ctx.Pool(workers, maxtasksperchild=400) as pool, open(out, "a", encoding="utf-8") as f:
        for res in pool.imap_unordered(_attack_one, [(p, trials) for p in todo], chunksize=4):
            f.write(json.dumps(res, ensure_ascii=False, default=_blob) + "\n")
            f.flush()
            n += 1
            if res.get("separated"):
                write_repro(next(p for p in todo if p["id"] == res["id"]), res)
            if n % 200 == 0:
                print(f"  {n}/{len(todo)} in {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    added = complete_typed(out, {p["id"]: p for p in pairs})
    if added:
        print(f"attack: typed re-attack added to {added} separated pairs", file=sys.stderr)


_FEATURES = {
    "mod()": r"\bmod\s*\(", "%": r"%", "substr": r"\bsubstr(ing)?\s*\(",
    "instr": r"\binstr\s*\(", "like": r"\blike\b", "glob": r"\bglob\b",
    "strftime": r"\bstrftime\s*\(", "date()": r"\b(date|datetime|time)\s*\(",
    "julianday": r"\bjulianday\s*\(", "lower/upper": r"\b(lower|upper)\s*\(",
    "trim": r"\b[lr]?trim\s*\(", "length": r"\blength\s*\(", "replace": r"\breplace\s*\(",
    "iif/case": r"\b(iif|case)\b", "ifnull/coalesce": r"\b(ifnull|coalesce|nullif)\s*\(",
    "limit": r"\blimit\b", "order by": r"\border\s+by\b", "distinct": r"\bdistinct\b",
    "group by": r"\bgroup\s+by\b", "having": r"\bhaving\b", "count(*)": r"\bcount\s*\(\s*\*",
    "count(distinct)": r"\bcount\s*\(\s*distinct\b", "avg": r"\bavg\s*\(",
    "sum/total": r"\b(sum|total)\s*\(", "min/max": r"\b(min|max)\s*\(",
    "left join": r"\bleft\s+(outer\s+)?join\b", "join": r"\bjoin\b", "not in": r"\bnot\s+in\b",
    "in (select": r"\bin\s*\(\s*select\b", "exists": r"\bexists\b",
    "set operation": r"\b(union|intersect|except)\b", "division": r"/", "||": r"\|\|",
    "is": r"\bis\b", "between": r"\bbetween\b", "cast": r"\bcast\s*\(",
}


def features(sql: str) -> set[str]:
    """Constructs a query uses (regular expressions over the text, string literals removed;
    CAST targets by name, unary ``+`` from the tokens)."""
    import re

    bare = re.sub(r"'(?:[^']|'')*'", "''", sql)
    low = bare.lower()
    out = {name for name, rx in _FEATURES.items() if re.search(rx, low)}
    out |= {f"cast:{t.upper()}" for t in re.findall(r"\bas\s+([a-z]+)\s*(?:\(|\))", low)
            if t not in ("select",)}
    try:
        import sqlglot
        from sqlglot.tokens import TokenType

        from sqlverdict.oracles.suite.idioms import _OPERAND_END

        toks = sqlglot.tokenize(sql, read="sqlite")
        if any(t.token_type is TokenType.PLUS and i > 0 and toks[i - 1].token_type
               not in _OPERAND_END for i, t in enumerate(toks)):
            out.add("unary +")
    except Exception:  # noqa: BLE001 - a query sqlglot cannot tokenize has no such facts
        pass
    return out


def classify(p: dict, res: dict) -> list[str]:
    """Labels of a wrong ``verified``: how the verifier decided, the construct (the
    mutation kind, else the constructs only one query uses, else the risky constructs both
    use), and traits of the separating database."""
    r = p["result"]
    labels = [f"method:{r.get('method')}"]
    g, q = features(p["gold"]), features(p["pred"])
    if p.get("kind"):
        labels.append(f"mutant:{p['kind']}")
    diff = sorted(g ^ q)
    if diff:
        labels.append("differs:" + ",".join(diff))
    else:
        labels.append("both:" + ",".join(sorted(g & q)))
    labels += [f"db:{t}" for t in res.get("traits", [])]
    labels.append(f"signature:{res.get('signature')}")
    return labels


def covered_by(p: dict, res: dict, attacks: dict) -> str | None:
    """The assumption the verdict states that the separating database itself breaks, or
    None (a wrong ``verified`` outside every stated assumption). Checked here on the
    database, not by whether another search fails (issue 26): ``breaks.broken`` reads the
    rows (a value outside its column's declared class, a BLOB in a TEXT column, a number in
    a DATE column, a real with a fraction, a string that is none of the queries' literals,
    a repeated keyless parent value, a LIMIT cutting through tied rows in the verifier's
    semantics); under ``ties_broken_alike`` also a query whose result changes when the same
    rows are inserted in reverse order (SQLite's scan order breaks the tie), or whose
    top-level LIMIT cuts through rows tied on its ORDER BY keys in SQLite. NULL in a key
    is no assumption: the verifier models it."""
    stated = set(p["result"].get("assumptions") or [])
    db = res.get("db")
    if not db or not stated:
        return None
    db = _unblob(db)
    from sqlverdict.oracles.bounded.breaks import broken
    from sqlverdict.oracles.bounded.search import query_facts

    schema = _schema(p["schema"])
    lits = query_facts(p["gold"], schema)[1] + query_facts(p["pred"], schema)[1]
    hit = [str(a) for a in broken(db, schema, literals=lits, queries=(p["gold"], p["pred"]),
                                  results=(res.get("gold_rows"), res.get("pred_rows")))]
    hit = [a for a in hit if a in stated]
    if hit:
        return hit[0]
    if "ties_broken_alike" in stated:
        from benchmarks.soundness_attack import Attack

        a = attacks.get(p["schema"]) or attacks.setdefault(p["schema"], Attack.for_schema(p["schema"]))
        sem = p["result"]["semantics"]
        fwd = a.on(db, p["gold"], p["pred"], sem)
        rev = a.on({t: list(reversed(rows)) for t, rows in db.items()}, p["gold"], p["pred"], sem)
        if fwd is not None and rev is not None and (fwd[1] != rev[1] or fwd[2] != rev[2]):
            return "ties_broken_alike"
        if any(_cuts_tie(a, db, q) for q in (p["gold"], p["pred"])):
            return "ties_broken_alike"
    return None


_SCHEMAS: dict = {}


def _schema(spec: str):
    """The ``Schema`` of a pair's ``schema`` (a SQLite file or a DDL file), once."""
    if spec not in _SCHEMAS:
        from sqlverdict.schema import load_schema

        _SCHEMAS[spec] = load_schema(spec)
    return _SCHEMAS[spec]


def _cuts_tie(a, db: dict, sql: str) -> bool:
    """Does the top-level LIMIT of ``sql`` cut through rows tied on its ORDER BY keys on
    ``db``? (The query without its LIMIT, the keys appended to its columns: the last row
    kept and the first row cut have equal keys.)"""
    import sqlite3

    import sqlglot
    from sqlglot import exp

    from sqlverdict.engine.execute import owner_writes

    try:
        tree = sqlglot.parse_one(sql, read="sqlite")
        lim, order = tree.args.get("limit"), tree.args.get("order")
        n = int(lim.expression.name) if lim is not None else 0
    except (sqlglot.errors.SqlglotError, AttributeError, ValueError):
        return False
    if not isinstance(tree, exp.Select) or order is None or n < 1:
        return False
    probe = tree.copy()
    probe.set("limit", None)
    keys = [o.this.copy() for o in order.expressions]
    probe.set("expressions", probe.expressions + keys)
    with owner_writes(a.conn):
        a.conn.execute("BEGIN")
        ok = a.load(db)
    try:
        rows = a.conn.execute(probe.sql("sqlite")).fetchall() if ok else []
    except sqlite3.Error:
        rows = []
    finally:
        with owner_writes(a.conn):
            a.conn.execute("ROLLBACK")
    k = len(keys)
    return len(rows) > n and rows[n - 1][-k:] == rows[n][-k:]


def primary_class(p: dict, res: dict) -> str:
    """One class per wrong ``verified``, after the classes of issue 13 (first rule that
    applies): the construct the two queries differ in, then what the database shows."""
    g, q = features(p["gold"]), features(p["pred"])
    diff, both = g ^ q, g & q
    kind = p.get("kind") or ""
    traits = set(res.get("traits") or [])
    if "float rounding only" in traits:
        return "exact reals: results differ by float rounding only"
    if kind == "render":
        return "normalisation: sqlglot's rendering of the gold"
    if kind in ("cast_target", "cast_wrap") or any(f.startswith("cast:") for f in diff):
        return "normalisation: CAST target"
    if kind == "mod" or "mod()" in diff:
        return "normalisation: mod() vs %"
    if kind == "unary_plus" or "unary +" in diff:
        return "normalisation: unary +"
    if kind in ("order_plus_zero", "order_alias"):
        return "normalisation: ORDER BY alias / k + 0"
    text_fns = {"substr", "instr", "like", "glob", "strftime", "date()", "julianday"}
    if kind in ("date_idiom", "substr_pos", "like_pattern", "instr") or diff & text_fns:
        return "text functions / date idioms (finite text domain)"
    if ("limit" in both and not diff - {"join", "left join", "distinct"}
            and res.get("signature") in ("disjoint", "partial_overlap", "row_order")):
        return "ties at ORDER BY ... LIMIT"
    if kind in ("limit", "order"):
        return "LIMIT / ORDER BY"
    if traits & {"non-ISO date/time", "text in numeric column", "real in integer column"}:
        return "column affinity / storage class"
    if both & text_fns:
        return "text functions / date idioms (finite text domain)"
    return "other"


def _repro_name(pair_id: str) -> str:
    return pair_id.replace(":", "_").replace("/", "_")


def write_repro(p: dict, res: dict) -> Path:
    """``build/soundness/repro/<id>/``: repro.json, witness.sql (loads with foreign keys on
    in the sqlite3 shell) and README.md with both queries, both results and the verdict."""
    d = BUILD / "repro" / _repro_name(p["id"])
    d.mkdir(parents=True, exist_ok=True)
    r = p["result"]
    (d / "witness.sql").write_text(res["script"], encoding="utf-8")
    doc = {"id": p["id"], "origin": p["origin"], "kind": p.get("kind"), "schema": p["schema"],
           "db_id": p.get("db_id"), "gold": p["gold"], "pred": p["pred"],
           "semantics": r["semantics"], "bound": r["bound"], "verifier": r,
           "db": res["db"], "gold_rows": res["gold_rows"], "pred_rows": res["pred_rows"],
           "signature": res["signature"], "class": primary_class(p, res),
           "classes": classify(p, res)}
    (d / "repro.json").write_text(json.dumps(doc, indent=1, ensure_ascii=False, default=repr),
                                  encoding="utf-8")
    rows = "\n".join(f"  {t}: {v}" for t, v in res["db"].items() if v)
    (d / "README.md").write_text(
        f"# {p['id']}: verified, but SQLite separates the queries\n\n"
        f"- schema: `{p['schema']}` (bound {r['bound']}, {r['semantics']} semantics)\n"
        f"- verifier: {r['status']} by `{r.get('method')}`: {r.get('reason')}\n"
        f"- class: {doc['class']} ({', '.join(doc['classes'])})\n\n"
        f"gold:\n\n    {p['gold']}\n\nprediction:\n\n    {p['pred']}\n\n"
        f"rows (every other table empty):\n\n{rows}\n\n"
        f"gold result: `{res['gold_rows']}`\n\nprediction result: `{res['pred_rows']}`\n\n"
        f"Reproduce: `sqlite3 :memory: < witness.sql`, then run both queries.\n",
        encoding="utf-8")
    return d


# --------------------------------------------------------------------------- 4. witnesses


def check_witnesses(out: Path) -> list[dict]:
    """Every ``refuted`` witness of step 1 through ``soundness_witness.check``."""
    from benchmarks.soundness_attack import original_ddl
    from benchmarks.soundness_witness import check

    ddls: dict[str, list[str]] = {}
    rows = []
    for origin, pf, rf in sources():
        pairs = {p["id"]: p for p in read_jsonl(pf)}
        for r in read_jsonl(rf):
            w = r.get("witness")
            if r["status"] != "refuted" or not w or not w.get("tables"):
                continue
            p = pairs[r["id"]]
            if p["schema"] not in ddls:
                ddls[p["schema"]] = original_ddl(p["schema"])
            c = check(ddls[p["schema"]], tables_from_json(w["tables"]), [p["gold"], p["pred"]])
            only = _empty_only(r)
            rows.append({"id": r["id"], "origin": origin, "db_id": p.get("db_id"),
                         "method": r.get("method"), "realism": r.get("realism"),
                         "evidence": r.get("evidence"), "empty_table_only": only, **c})
            if only:
                rows[-1]["empty_note_contradicted"] = _nonempty_attack(p, r)
    write_jsonl(out, rows)
    return rows


EMPTY_TRIALS = 300


def _nonempty_attack(p: dict, r: dict) -> bool:
    """The verdict says it found no witness with every read table filled: does
    the attack find a typed database in which every read table has a row and the queries
    differ (which would contradict it)?"""
    from benchmarks.soundness_attack import Attack

    a = _attacks.get(p["schema"])
    if a is None:
        a = _attacks[p["schema"]] = Attack.for_schema(p["schema"])
    from benchmarks.soundness_witness import check

    cols = {t.name: [c.name for c in t.cols] for t in a.tables}
    queries = [p["gold"], p["pred"]]

    def typed_db(db: dict) -> bool:  # the checker's reading: no NULL join key, ISO dates
        w = {t: {"columns": cols[t], "rows": [list(r) for r in rows]} for t, rows in db.items()}
        c = check(a.ddl, w, queries)
        return not (c["null_join_key"] or c["malformed_date"])

    o = a.run(p["gold"], p["pred"], r["semantics"], bound=r["bound"], trials=EMPTY_TRIALS,
              seed=p["id"], typed=True, nonempty=True, accept=typed_db)
    return o.separated


# --------------------------------------------------------------------------- fixtures


def check_fixtures(area: str = "verdicts_pending", trials: int = 2000) -> list[dict]:
    """Each case of ``tests/fixtures/<area>``: the verifier's verdict today (prover alone
    and with its search), the expected one, and whether the attack separates the pair
    within the case's bound (a ``verified`` expectation must not be separated, a
    ``refuted`` one should be)."""
    from tests.helpers.pairs import load

    import sqlverdict
    from benchmarks.soundness_attack import Attack

    out = []
    for c in load(area):
        row = {"case": c.id, "expect": c.expect}
        for search in (False, True):
            r = sqlverdict.verify(c.gold, c.pred, c.schema(), bound=c.bound,
                                  semantics=c.semantics, timeout_s=c.timeout, search=search)
            row["search" if search else "prover"] = f"{r.status} ({r.method or r.cause})"
        o = Attack.for_schema(str(c.schema_file)).run(c.gold, c.pred, c.semantics, bound=c.bound,
                                                     trials=trials, seed=c.id)
        row["attack"] = (f"separated at trial {o.trials}: {o.db}, gold {o.gold_rows}, "
                         f"pred {o.pred_rows}" if o.separated else f"not separated in {o.trials}")
        out.append(row)
        print(json.dumps(row, default=repr), file=sys.stderr)
    return out


def example_pairs(fixture: str = "issue26.sql") -> list[dict]:
    """The pairs of one verdict fixture file (default: issue 26's examples) as verify-batch
    lines."""
    from tests.helpers.pairs import load

    return [{"id": c.id, "gold": c.gold, "pred": c.pred, "schema": str(c.schema_file),
             "bound": c.bound, "semantics": c.semantics}
            for c in load("verdicts") if c.path.name == fixture]


def check_examples(verdicts: Path, trials: int = 2000) -> list[dict]:
    """Each ``verified`` of ``verdicts`` (verify-batch on ``example_pairs``) attacked
    independently within its bound; a separation is classified by its database
    (``covered_by``). A wrong ``verified`` outside its stated assumptions is ``outside``."""
    from benchmarks.soundness_attack import Attack

    pairs = {p["id"]: p for p in example_pairs()}
    out = []
    for r in read_jsonl(verdicts):
        c = pairs[r["id"]]
        row = {"case": r["id"], "status": r["status"], "method": r.get("method") or r.get("cause"),
               "bound": r["bound"], "assumptions": r.get("assumptions") or []}
        if r["status"] == "verified":
            o = Attack.for_schema(c["schema"]).run(c["gold"], c["pred"], r["semantics"],
                                                   bound=r["bound"], trials=trials, seed=r["id"])
            row["separated"] = o.separated
            if o.separated:
                p = {"schema": c["schema"], "gold": c["gold"], "pred": c["pred"],
                     "result": {"assumptions": row["assumptions"], "semantics": r["semantics"]}}
                row["db"] = o.db
                row["covered_by"] = covered_by(p, {"db": o.db, "gold_rows": o.gold_rows,
                                                   "pred_rows": o.pred_rows}, {})
                row["outside"] = row["covered_by"] is None
        out.append(row)
        print(json.dumps(row, default=repr), file=sys.stderr)
    return out


# --------------------------------------------------------------------------- 5. report


def _status_counts(rows: list[dict]) -> dict:
    c = Counter(r["status"] for r in rows)
    ref = [r for r in rows if r["status"] == "refuted"]
    lv = Counter(r.get("realism") for r in ref if r.get("evidence") != "invalid_sql")
    return {"pairs": len(rows), **{k: c.get(k, 0) for k in ("verified", "refuted", "unknown")},
            # refuted by level: the most realistic level of the witness ("invalid SQL": a
            # query fails on every database, evidence at every level)
            "refuted_invalid_sql": sum(r.get("evidence") == "invalid_sql" for r in ref),
            "refuted_typed": lv.get("typed", 0) + lv.get("mined", 0),
            "refuted_sqlite_only": lv.get("sqlite", 0),
            "refuted_typed_empty_table_only": sum(
                _empty_only(r) for r in ref if r.get("realism") in ("typed", "mined"))}


def summarize(tag: str, trials: int, attack_file: Path | None = None) -> dict:
    verify = {}
    for s in SETS:
        verify[s] = _status_counts(read_jsonl(BUILD / f"{s}_b{BOUND}.jsonl"))
    mpairs = {p["id"]: p for p in read_jsonl(BUILD / "mutant_pairs.jsonl")}
    mres = read_jsonl(BUILD / f"mutants_b{BOUND}.jsonl")
    verify["mutant"] = _status_counts(mres)
    by_kind: dict[str, list] = defaultdict(list)
    for r in mres:
        by_kind[mpairs[r["id"]]["kind"]].append(r)
    mutants = {k: _status_counts(v) for k, v in sorted(by_kind.items())}
    pairs = {p["id"]: p for p in verified_pairs()}
    attack = [r for r in read_jsonl(attack_file or BUILD / f"attack_{tag}.jsonl")
              if r["id"] in pairs]
    errors = [r for r in attack if "error" in r]
    wrong = [r for r in attack if r.get("separated")]
    listed = []
    attacks: dict = {}
    for r in sorted(wrong, key=lambda r: r["id"]):
        p = pairs[r["id"]]
        cls = primary_class(p, r)
        if not (BUILD / "repro" / _repro_name(p["id"]) / "repro.json").is_file():
            write_repro(p, r)  # a run stopped between its result line and its files
        listed.append({"id": r["id"], "origin": r["origin"], "kind": r.get("kind"),
                       "db_id": r.get("db_id"), "method": p["result"].get("method"), "class": cls,
                       "labels": classify(p, r), "signature": r.get("signature"),
                       "gold": p["gold"], "pred": p["pred"], "db": r.get("db"),
                       "gold_rows": r.get("gold_rows"), "pred_rows": r.get("pred_rows"),
                       "typed": (r.get("typed") or {}).get("separated"),
                       "typed_db": (r.get("typed") or {}).get("db"),
                       "reason": p["result"].get("reason"),
                       "assumptions": p["result"].get("assumptions") or [],
                       "covered_by": covered_by(p, r, attacks)})
    by_class: dict[str, list] = defaultdict(list)
    for x in listed:
        by_class[x["class"]].append(x)
    wit = read_jsonl(BUILD / f"witnesses_{tag}.jsonl")
    return {
        "verify": verify, "mutants": mutants,
        "verified_pairs": dict(Counter(p["origin"] for p in pairs.values())),
        "attacked": len(attack) - len(errors), "harness_errors": len(errors),
        "trials_per_pair": trials,
        "wrong_verified": len(wrong),
        "covered_by_stated_assumption": dict(Counter(x["covered_by"] for x in listed
                                                     if x["covered_by"])),
        "wrong_outside_stated_assumptions": sum(1 for x in listed if not x["covered_by"]),
        "wrong_by_origin": dict(Counter(x["origin"] for x in listed)),
        "wrong_by_method": dict(Counter(x["method"] for x in listed)),
        "wrong_typed": sum(bool(x["typed"]) for x in listed),
        "wrong_by_class": {k: {"count": len(v), "typed": sum(bool(x["typed"]) for x in v),
                               "by_method": dict(Counter(x["method"] for x in v)),
                               "by_origin": dict(Counter(x["origin"] for x in v)),
                               "examples": [x["id"] for x in v[:6]]}
                           for k, v in sorted(by_class.items(), key=lambda kv: -len(kv[1]))},
        "wrong": listed,
        "witnesses": witness_counts(wit),
    }


def witness_counts(rows: list[dict]) -> dict:
    def keyed(r):  # loads once a foreign key's keyless parent columns are declared UNIQUE
        return r["loads"] or r["load_problem"] == KEYED_LOAD

    def unexplained_empty(r):  # the verdict says neither "only emptiness separates" nor
        return (r["empty_read_table"] and not r.get("empty_table_only")  # "invalid SQL"
                and r.get("evidence") != "invalid_sql")

    def count(rs):
        return {"witnesses": len(rs), "load": sum(r["loads"] for r in rs),
                "load_keyed": sum(keyed(r) for r in rs),
                "do_not_load": dict(Counter(r["load_problem"] for r in rs if not keyed(r))),
                "malformed_date": sum(r["malformed_date"] for r in rs),
                "null_join_key": sum(r["null_join_key"] for r in rs),
                "empty_read_table": sum(r["empty_read_table"] for r in rs),
                "empty_noted": sum(r["empty_read_table"] and bool(r.get("empty_table_only"))
                                   for r in rs),
                "empty_invalid_sql": sum(r["empty_read_table"] and r.get("evidence") == "invalid_sql"
                                         for r in rs),
                "empty_unexplained": sum(unexplained_empty(r) for r in rs),
                "empty_note_contradicted": sum(bool(r.get("empty_note_contradicted"))
                                               for r in rs),
                "any_of_the_three": sum(r["malformed_date"] or r["null_join_key"]
                                        or r["empty_read_table"] for r in rs),
                "any_unexplained": sum(r["malformed_date"] or r["null_join_key"]
                                       or unexplained_empty(r) for r in rs)}
    out = {"overall": count(rows)}
    for key in ("realism", "origin"):
        groups: dict[str, list] = defaultdict(list)
        for r in rows:
            groups[str(r.get(key) or "(no realism field)")].append(r)
        out[f"by_{key}"] = {k: count(v) for k, v in sorted(groups.items())}
    return out


def to_markdown(s: dict, meta: dict) -> str:
    L = [f"# Soundness of `verified`: {meta['tag']}", "",
         f"Generated by `{meta['command']}` on {meta['date']}; verdicts by the verifier at "
         f"commit {meta['verifier_code']} (bound {BOUND}, `--timeout {TIMEOUT:g}`); attack: "
         f"{s['trials_per_pair']} random databases per pair (deterministic seeds), at most "
         f"{BOUND} rows per table, built and checked by SQLite with foreign keys on "
         "(`benchmarks/soundness_attack.py`).", "",
         "## Pairs", "",
         "| set | pairs | verified | refuted | unknown | refuted: invalid SQL | witness `typed` "
         "(of which only an empty read table separates) | witness `sqlite` only |",
         "|---|---:|---:|---:|---:|---:|---:|---:|"]
    for k, v in s["verify"].items():
        def pct(n, v=v):
            return f"{n} ({100 * n / max(1, v['pairs']):.1f}%)"
        L.append(f"| {k} | {v['pairs']} | {v['verified']} | {v['refuted']} | {v['unknown']} "
                 f"| {v.get('refuted_invalid_sql', 0)} | {pct(v.get('refuted_typed', 0))} "
                 f"({v.get('refuted_typed_empty_table_only', 0)}) "
                 f"| {pct(v.get('refuted_sqlite_only', 0))} |")
    L += ["", "Spider pairs are the predictions execution accepts on the shipped databases; "
          "BIRD pairs are every prediction whose two queries parse (`../shared/data` ships "
          "schema-only BIRD databases, on which execution cannot judge them). A pair refuted "
          "at `typed` differs on a database of well-typed values, non-NULL join keys and "
          "non-empty read tables (unless only an empty read table separates the queries, "
          "counted in brackets); one refuted at `sqlite` only needs values SQLite accepts "
          "but a reader may dismiss."]
    vp = s["verified_pairs"]
    L += ["", f"**Verified pairs attacked: {s['attacked']}** ({', '.join(f'{k} {v}' for k, v in vp.items())}); "
          f"harness errors: {s['harness_errors']}.", "",
          "Mutants by kind (`sqlverdict.oracles.suite.idioms`; `render` is the gold as "
          "sqlglot prints it):", "",
          "| kind | pairs | verified | refuted | unknown | wrong verified |",
          "|---|---:|---:|---:|---:|---:|"]
    wk = Counter(x["kind"] for x in s["wrong"] if x["kind"])
    for k, v in s["mutants"].items():
        L.append(f"| {k} | {v['pairs']} | {v['verified']} | {v['refuted']} | {v['unknown']} "
                 f"| {wk.get(k, 0)} |")
    L += ["", f"## Wrong `verified`: {s['wrong_verified']} of {s['attacked']}", "",
          f"By origin: {s['wrong_by_origin']}; by method: {s['wrong_by_method']}. "
          f"**{s['wrong_typed']}** of them are separated by a database with typed values "
          "too (whole numbers in INTEGER columns, numbers in REAL/NUMERIC ones, valid ISO "
          "dates in DATE/TIME ones: the value space `docs/verify.md` documents); the others "
          "need a value of another storage class, which SQLite accepts.", "",
          f"Separated only where the verdict states an assumption that the separating "
          f"database breaks (checked by this benchmark, `covered_by`): "
          f"{s['covered_by_stated_assumption'] or 0}. **Wrong `verified` outside every stated "
          f"assumption: {s['wrong_outside_stated_assumptions']}.**", "",
          "| class | wrong verified | with typed values | by method | by origin | examples |",
          "|---|---:|---:|---|---|---|"]
    for k, v in s["wrong_by_class"].items():
        L.append(f"| {k} | {v['count']} | {v['typed']} | {_dict(v['by_method'])} | "
                 f"{_dict(v['by_origin'])} | {', '.join(f'`{e}`' for e in v['examples'])} |")
    L += ["", "### Every wrong `verified`", "",
          "Reproductions: `build/soundness/repro/<id>/` (`README.md`, `repro.json`, "
          "`witness.sql`).", ""]
    for x in s["wrong"]:
        rows = "; ".join(f"{t}: {v}" for t, v in (x["db"] or {}).items() if v)
        typed = "typed too" if x["typed"] else "untyped values only"
        cov = f"breaks the stated {x['covered_by']}" if x["covered_by"] else "OUTSIDE the stated assumptions"
        L += [f"- `{x['id']}` ({x['db_id']}, {x['method']}, {x['class']}, {typed}, {cov}): "
              f"`{_clip(x['gold'])}` vs `{_clip(x['pred'])}`; database {_clip(rows, 300)}; "
              f"gold {_clip(str(x['gold_rows']), 80)}, pred {_clip(str(x['pred_rows']), 80)}"]
    w = s["witnesses"]
    L += ["", "## Refuted witnesses, checked independently (`benchmarks/soundness_witness.py`)", "",
          "A witness loads when SQLite accepts its rows under the original DDL with "
          "`PRAGMA foreign_keys=ON`. A schema with a foreign key whose parent columns are no "
          "key (BIRD declares many) accepts no child row at all with the pragma on "
          "(\"foreign key mismatch\"); *load, keyed* counts the witnesses SQLite accepts once "
          "those parent columns are declared UNIQUE, the only way such a key can be enforced. "
          "The other columns count witnesses with a malformed "
          "date/time value in a DATE/DATETIME/TIME column, a NULL in a foreign-key column "
          "that an inner join equates (under OR too), or an empty table that a query reads; "
          "an empty table is *explained* when the verdict says that only a database with "
          "an empty read table separates the queries (`empty_table_only`) or that a query "
          "is invalid SQL (it fails on every database). Each `empty_table_only` verdict is "
          f"checked by the attack too: {EMPTY_TRIALS} typed databases in which every table "
          "the queries read has a row; one that separates the queries contradicts the "
          "verdict (column *note contradicted*).", "",
          "| group | witnesses | load | load, keyed | do not load (keyed) | malformed date/time "
          "| NULL join key | empty read table (explained: only emptiness / invalid SQL) "
          "| note contradicted | any of the three | any, unexplained |",
          "|---|---:|---:|---:|---|---:|---:|---:|---:|---:|---:|"]
    for name, c in [("all", w["overall"])] + [(f"realism {k}", v) for k, v in
                                               w["by_realism"].items()] + [
            (f"origin {k}", v) for k, v in w["by_origin"].items()]:
        dnl = "; ".join(f"{k}: {v}" for k, v in c["do_not_load"].items()) or "0"
        L.append(f"| {name} | {c['witnesses']} | {c['load']} | {c['load_keyed']} | {dnl} "
                 f"| {c['malformed_date']} | {c['null_join_key']} | {c['empty_read_table']} "
                 f"({c['empty_noted']} / {c['empty_invalid_sql']}) "
                 f"| {c['empty_note_contradicted']} | {c['any_of_the_three']} "
                 f"| **{c['any_unexplained']}** |")
    return "\n".join(L) + "\n"


def _dict(d: dict) -> str:
    return ", ".join(f"{k} {v}" for k, v in sorted(d.items(), key=lambda kv: -kv[1]))


def _clip(text: str, n: int = 160) -> str:
    text = " ".join(str(text).split()).replace("`", "'").replace("|", "/")
    return text if len(text) <= n else text[:n - 3] + "..."


def write_report(tag: str, trials: int, argv: list[str], attack_file: Path | None = None) -> dict:
    s = summarize(tag, trials, attack_file)
    code = BUILD / "verifier_code.txt"
    meta = {"tag": tag, "command": "python -m benchmarks.soundness " + " ".join(argv),
            "date": time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime()),
            "verifier_code": code.read_text().strip() if code.is_file() else "unknown",
            "bound": BOUND, "timeout": TIMEOUT}
    RESULTS.mkdir(parents=True, exist_ok=True)
    stem = RESULTS / f"soundness_{tag}"
    stem.with_suffix(".json").write_text(json.dumps({"meta": meta, **s}, indent=1,
                                                    ensure_ascii=False, default=repr) + "\n")
    md = to_markdown(s, meta)
    stem.with_suffix(".md").write_text(md)
    return s


def main(argv: list[str] | None = None) -> int:
    global BUILD
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("step", choices=["mutants", "verify", "attack", "witnesses", "report", "fixtures",
                                       "examples", "all"])
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--trials", type=int, default=500)
    ap.add_argument("--tag", default=None,
                    help="names attack_TAG.jsonl and soundness_TAG.{md,json} (default: the "
                         "commit, git describe)")
    ap.add_argument("--mutant-limit", type=int, default=None,
                    help="verify only the first N mutant pairs (a uniform sample)")
    ap.add_argument("--limit", type=int, default=None,
                    help="verify only the first N Spider and BIRD pairs (a sample)")
    ap.add_argument("--code-note", default=None)
    ap.add_argument("--build", type=Path, default=BUILD,
                    help="folder of this code version's verdicts (default build/soundness)")
    ap.add_argument("--attack-file", type=Path, default=None,
                    help="attack results to write or read (default BUILD/attack_TAG.jsonl): "
                         "an attack depends only on the pair, so one file serves two versions")
    ap.add_argument("--also-build", type=Path, action="append", default=[],
                    help="attack the pairs verified in this other build too (a before/after "
                         "comparison attacks the union once)")
    args = ap.parse_args(argv)
    args.tag = args.tag or _git_describe()
    BUILD = args.build
    t0 = time.perf_counter()
    if args.step in ("mutants", "all"):
        counts = build_mutants()
        print(json.dumps(counts, indent=1), file=sys.stderr)
    if args.step in ("verify", "all"):
        (BUILD / "verifier_code.txt").write_text(args.code_note or _git_describe())
        for s in SETS:
            run_verify(PAIRS / f"{s}_pairs.jsonl", BUILD / f"{s}_b{BOUND}.jsonl",
                       workers=args.workers, limit=args.limit)
        run_verify(BUILD / "mutant_pairs.jsonl", BUILD / f"mutants_b{BOUND}.jsonl",
                   workers=args.workers, limit=args.mutant_limit)
    if args.step in ("attack", "all"):
        pairs = verified_pairs()
        for other in args.also_build:
            here, BUILD = BUILD, other
            seen = {p["id"] for p in pairs}
            pairs += [p for p in verified_pairs() if p["id"] not in seen]
            BUILD = here
        run_attack(pairs, args.attack_file or BUILD / f"attack_{args.tag}.jsonl",
                   trials=args.trials, workers=args.workers)
    if args.step == "fixtures":
        rows = check_fixtures()
        write_jsonl(BUILD / "fixtures_pending.jsonl", rows)
    if args.step == "examples":  # issue 26's examples: --trials per verified pair
        pf, vf = BUILD / "example_pairs.jsonl", BUILD / "examples_b3.jsonl"
        if not vf.is_file():
            write_jsonl(pf, example_pairs())
            run_verify(pf, vf, workers=args.workers)
        rows = check_examples(vf, trials=args.trials)
        write_jsonl(BUILD / "examples_issue26.jsonl", rows)
        print(f"examples: {len(rows)} pairs, {sum(r['status'] == 'verified' for r in rows)} "
              f"verified, {sum(bool(r.get('separated')) for r in rows)} separated, "
              f"{sum(bool(r.get('outside')) for r in rows)} outside the stated assumptions",
              file=sys.stderr)
    if args.step in ("witnesses", "all"):
        rows = check_witnesses(BUILD / f"witnesses_{args.tag}.jsonl")
        print(f"witnesses: {len(rows)} checked", file=sys.stderr)
    if args.step in ("report", "all"):
        s = write_report(args.tag, args.trials, argv if argv is not None else sys.argv[1:],
                         args.attack_file)
        print(f"wrong verified: {s['wrong_verified']} of {s['attacked']}", file=sys.stderr)
    print(f"done in {time.perf_counter() - t0:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
