"""Which rewrite rules explain a verdict that changed between two trees: for each pair that
a verdict-identity table (``split_verifier_identity``) lists as still different, the rules
of this tree's registry that a base tree's registry lacks and without which the pair's
canonical forms are no longer equal (``prover.same_canonical`` with ``canon.without``).

A pair this tree proves by ``rewriting`` where the base bounded it (or proved it another
way) is explained when at least one such rule is named; when none is, the rules of both
registries it needs are named ("in the base too": a rule extended since the base, which
the commit log says). A pair the base proved by rewriting and this tree does not names the
new rules without which its forms are equal again (a new rule that pre-empts another:
a loss of coverage, explained, not of soundness). Anything else is listed as unexplained.

    nice python -m benchmarks.rule_differences \\
        --table benchmarks/results/verdict_identity_timing_3fd189b_vs_2aa5842.md \\
        --base-src /tmp/base29/src --every 10
"""

from __future__ import annotations

import argparse
import ast
import os
import re
import subprocess
import sys
from pathlib import Path

from benchmarks.split_verifier_identity import fixture_lines, scale_lines
from sqlverdict.engine.policy import policy_for
from sqlverdict.oracles.bounded.canon import RULES, without
from sqlverdict.oracles.bounded.pair import Pair
from sqlverdict.oracles.bounded.prover import same_canonical, simplify_top
from sqlverdict.oracles.bounded.translate import translate_pair
from sqlverdict.schema import from_ddl_file, load_schema
from sqlverdict.sql.dialect import check_dialect

LINE = re.compile(r"^- (\w+) `([^`]+)`: base (\{.*\}), split (\{.*\})$")


def base_rules(src: Path) -> set[str]:
    code = ("from sqlverdict.oracles.bounded.canon.rules import RULES; "
            "print(' '.join(r.name for r in RULES))")
    p = subprocess.run([sys.executable, "-c", code], env={**os.environ, "PYTHONPATH": str(src)},
                       capture_output=True, text=True, check=True)
    return set(p.stdout.split())


def needed_rules(line: dict, new: list[str]) -> list[str] | str:
    """The new rules the pair's equal canonical forms need, or why none can be named."""
    p = line["schema"]
    schema = from_ddl_file(p, "s") if p.endswith(".ddl") else load_schema(p)
    gold, pred = line["gold"], line["pred"]
    if line.get("dialect"):
        got = translate_pair(gold, pred, schema, check_dialect(line["dialect"]), 3,
                             line["semantics"])
        if not isinstance(got, tuple):
            return "not translated"
        gold, pred = got
    pair = Pair(gold, pred, schema, policy_for(gold, semantics=line["semantics"]))
    try:
        sem = pair.semantics
        gq = simplify_top(pair.lowered("gold").query, sem)
        pq = simplify_top(pair.lowered("pred").query, sem)
        permute = pair.policy.permute_columns
        if same_canonical(gq, pq, pair.schema, sem, permute) is None:
            undo = [r for r in new if same_canonical(gq, pq, pair.schema, sem, permute,
                                                     without(r)) is not None]
            if undo:  # a new rule pre-empts the rewriting the base proved this with
                return "forms equal again without " + ", ".join(f"`{r}`" for r in undo)
            return "canonical forms differ with every rule"
        need = [r for r in new if same_canonical(gq, pq, pair.schema, sem, permute,
                                                 without(r)) is None]
        if need:
            return need
        return [f"{r.name} (in the base too)" for r in RULES
                if same_canonical(gq, pq, pair.schema, sem, permute, without(r.name)) is None]
    except Exception as e:  # noqa: BLE001 - reported, not hidden
        return f"{type(e).__name__}: {e}"
    finally:
        pair.close()


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--table", type=Path, required=True)
    ap.add_argument("--base-src", type=Path, required=True)
    ap.add_argument("--every", type=int, default=10)
    args = ap.parse_args(argv)
    new = [r.name for r in RULES if r.name not in base_rules(args.base_src)]
    text = args.table.read_text(encoding="utf-8")
    rows = [LINE.match(x) for x in text.split("Still different after the re-run")[-1].splitlines()]
    rows = [m for m in rows if m]
    lines: dict[str, dict] = {}
    for name in sorted({m.group(1) for m in rows}):
        got = (fixture_lines(name) if name in ("verdicts", "equivalence")
               else scale_lines(name, args.every))
        lines.update({f"{name}|{x['id']}": x for x in got})
    md = ["", "## The differences explained", "",
          f"`python -m benchmarks.rule_differences --table {args.table} --base-src <base>/src "
          f"--every {args.every}`: rules of this registry that the base's lacks ({len(new)}: "
          + ", ".join(f"`{r}`" for r in new) + "); for each pair still different, the new "
          "rules without which its canonical forms are no longer equal.", "",
          "| set | pair | base | now | new rules it needs |", "|---|---|---|---|---|"]
    unexplained = extended = preempted = 0
    for m in rows:
        a, b = ast.literal_eval(m.group(3)), ast.literal_eval(m.group(4))
        why = needed_rules(lines[f"{m.group(1)}|{m.group(2)}"], new)
        if isinstance(why, str) and why.startswith("forms equal again"):
            preempted += 1
        elif isinstance(why, str) or not why or b.get("method") != "rewriting":
            unexplained += 1
        elif all("in the base too" in r for r in why):
            extended += 1
        shown = ", ".join(f"`{r}`" for r in why) if isinstance(why, list) else why
        md.append(f"| {m.group(1)} | `{m.group(2)}` | {a.get('method')} ({a.get('scope')}) | "
                  f"{b.get('method')} ({b.get('scope')}) | {shown or '(none named)'} |")
    md += ["", f"Explained by a new rule: {len(rows) - unexplained - extended - preempted} of "
           f"{len(rows)}; by a rule of the base extended since: {extended}; lost to a new rule "
           f"that pre-empts the base's rewriting: {preempted}; not explained: {unexplained}.", ""]
    print("\n".join(md))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
