"""Why the unbounded prover (``normal_form``) leaves an equivalent pair of the prover corpus
to the bounded solver, by class, and what a later run proves of each class.

The classes are the constructs or steps the prover lacked on the 126 equivalent pairs the
baseline run (``base25e``, main at 3ba52cd) did not verify for every database (108 bounded,
11 unknown, 7 refuted on untyped values); the classification was done by hand, reading
each pair and where its normal form stopped (``CLASSES`` below). Two runs of
``benchmarks.prover_corpus`` side by side:

    nice -n 10 python -m benchmarks.prover_corpus --label base25e --bound 3 --timeout 20 --workers 2
    nice -n 10 python -m benchmarks.prover_corpus --label after25e --bound 3 --timeout 20 --workers 2
    python -m benchmarks.prover_corpus_classes --before base25e --after after25e \\
        --name prover_corpus_normal_form_keys_groups_arith

Writes ``benchmarks/results/<name>.md``.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from collections import Counter

from benchmarks.prover_corpus import BUILD, RESULTS, load_corpus
from benchmarks.verify_scale import read_jsonl

EVERY = {"same_text", "same_ir", "rewriting", "normal_form"}

# (class, the pairs of it): every pair the baseline left to the solver, once
CLASSES = [
    ("arithmetic on literals and integers (folding, 1 + 1, 10 / 4, (CASE ...) * 2)",
     ["calcite/ReduceExpressionsRule/1", "calcite/ReduceExpressionsRule/4",
      "calcite/ReduceExpressionsRule/12", "spark/ConstantFolding/1", "spark/ConstantFolding/2",
      "spark/ConstantFolding/3", "spark/ConstantFolding/5", "spark/ConstantFolding/6",
      "spark/ConstantFolding/8", "spark/ConstantPropagation/1", "spark/PushFoldableIntoBranches/2",
      "tpch/q06/ReduceExpressionsRule/1", "tpch/q06/BooleanSimplification/1",
      "tpch/q19/BooleanSimplification/1", "tpch/q19/ReduceExpressionsRule/1"]),
    ("arithmetic true only for declared storage classes or without overflow (x * 0, "
     "associativity, CAST(ROUND(...)), SUM(x) = x)",
     ["spark/ConstantFolding/4", "spark/ReorderAssociativeOperator/1",
      "spark/ReorderAssociativeOperator/2", "spark/ReorderAssociativeOperator/3",
      "spark/SimplifyCasts/1", "spark/SimplifyCasts/2", "spark/SimplifyCasts/4",
      "calcite/AggregateRemoveRule/5"]),
    ("ORDER BY keys that never break a tie (constants, columns after a key)",
     ["calcite/SortRemoveConstantKeysRule/1", "calcite/SortRemoveConstantKeysRule/2",
      "calcite/SortRemoveConstantKeysRule/3", "spark/EliminateSorts/3", "spark/EliminateSorts/4",
      "spark/ConstantPropagation/4"]),
    ("join to a DISTINCT derived table as a semi-join (IN, EXISTS, LEFT JOIN removal, anti-join)",
     ["calcite/SemiJoinRule/1", "calcite/SemiJoinRule/2", "calcite/SemiJoinRule/3",
      "calcite/SemiJoinRule/4", "tpch/q04/SemiJoinRule/1", "calcite/ProjectJoinRemoveRule/3",
      "spark/RewritePredicateSubquery/3"]),
    ("join on a disjunction as a UNION ALL of disjoint joins",
     ["calcite/JoinExpandOrToUnionRule/1", "calcite/JoinExpandOrToUnionRule/2"]),
    ("scalar subquery reading one row by a key, as a LEFT JOIN",
     ["calcite/SubQueryRemoveRule/5", "spark/RewriteCorrelatedScalarSubquery/5"]),
    ("correlated aggregate subquery as a join to a grouped derived table (decorrelation)",
     ["calcite/SubQueryRemoveRule/6", "calcite/SubQueryRemoveRule/7",
      "spark/RewriteCorrelatedScalarSubquery/1", "spark/RewriteCorrelatedScalarSubquery/2",
      "spark/RewriteCorrelatedScalarSubquery/3", "spark/RewriteCorrelatedScalarSubquery/4",
      "tpch/q17/SubQueryRemoveRule/1", "tpch/q20/RewriteCorrelatedScalarSubquery/1",
      "tpch/q13/SubQueryRemoveRule/1", "tpch/q22/SubQueryRemoveRule/1",
      "tpch/q15/SubQueryRemoveRule/1"]),
    ("aggregates that are constants (no row, COUNT(NULL)); constant GROUP BY keys",
     ["spark/NullPropagation/2", "spark/PruneFilters/5",
      "spark/RemoveRepetitionFromGroupExpressions/2"]),
    ("GROUP BY a key: groups of one row", ["calcite/AggregateRemoveRule/6"]),
    ("relations between aggregates (COUNT = 0 where SUM is NULL), CASE filters in aggregates",
     ["calcite/AggregateReduceFunctionsRule/2", "calcite/AggregateCaseToFilterRule/2",
      "calcite/AggregateCaseToFilterRule/3"]),
    ("INTERSECT as a semi-join (EXISTS ... IS)",
     ["spark/ReplaceIntersectWithSemiJoin/1", "spark/ReplaceIntersectWithSemiJoin/2",
      "spark/ReplaceIntersectWithSemiJoin/3", "spark/ReplaceIntersectWithSemiJoin/4"]),
    ("row value IN (SELECT a, b ...)", ["spark/RewritePredicateSubquery/8"]),
    ("aggregate algebra not covered (AVG as SUM/COUNT, COUNT(DISTINCT) as DISTINCT then COUNT, "
     "aggregates pushed through joins and unions, COUNT - SUM, nested GROUP BY)",
     ["calcite/AggregateReduceFunctionsRule/1", "calcite/AggregateReduceFunctionsRule/3",
      "calcite/AggregateReduceFunctionsRule/4", "tpch/q01/AggregateReduceFunctionsRule/1",
      "tpch/q13/AggregateReduceFunctionsRule/1", "tpch/q12/AggregateCaseToFilterRule/1",
      "calcite/AggregateCaseToFilterRule/1", "calcite/AggregateProjectPullUpConstantsRule/2",
      "spark/RemoveRedundantAggregates/3", "spark/RemoveRedundantAggregates/4",
      "spark/RemoveRedundantAggregates/5", "calcite/AggregateExpandDistinctAggregatesRule/1",
      "calcite/AggregateExpandDistinctAggregatesRule/2",
      "calcite/AggregateExpandDistinctAggregatesRule/3",
      "calcite/AggregateExpandDistinctAggregatesRule/4",
      "calcite/AggregateExpandDistinctAggregatesRule/5",
      "tpch/q16/AggregateExpandDistinctAggregatesRule/1", "calcite/AggregateJoinTransposeRule/1",
      "calcite/AggregateJoinTransposeRule/2", "calcite/AggregateJoinTransposeRule/3",
      "calcite/AggregateJoinTransposeRule/4", "calcite/AggregateUnionTransposeRule/1",
      "calcite/AggregateUnionTransposeRule/2", "calcite/AggregateUnionTransposeRule/3",
      "tpch/q08/ReduceExpressionsRule/1", "tpch/q11/ReduceExpressionsRule/1",
      "tpch/q11/FilterProjectTransposeRule/1", "tpch/q16/SubQueryRemoveRule/1"]),
    ("grouped select over an outer join (aggregate over a sum of blocks)",
     ["tpch/q13/JoinConditionPushRule/1", "tpch/q13/JoinCommuteRule/1"]),
    ("INTERSECT/EXCEPT written as GROUP BY over UNION ALL with MIN/MAX of a source tag",
     ["calcite/IntersectToDistinctRule/1", "calcite/IntersectToDistinctRule/2",
      "calcite/IntersectToDistinctRule/3", "calcite/IntersectToDistinctRule/4",
      "calcite/MinusToDistinctRule/1", "calcite/MinusToDistinctRule/2",
      "calcite/MinusToDistinctRule/3", "calcite/MinusToDistinctRule/4"]),
    ("LIMIT/OFFSET nested, or reaching past the solver's bound",
     ["calcite/SortUnionTransposeRule/1", "calcite/SortUnionTransposeRule/2",
      "spark/CombineLimits/1", "spark/CombineLimits/2", "spark/CombineLimits/3",
      "spark/CombineLimits/4", "tpch/q02/SubQueryRemoveRule/1",
      "tpch/q10/AggregateJoinTransposeRule/1", "tpch/q18/SemiJoinRule/1",
      "tpch/q18/FilterAggregateTransposeRule/1"]),
    ("text functions (LIKE as substr/lower/instr, UPPER(LOWER(x)))",
     ["spark/LikeSimplification/1", "spark/LikeSimplification/2", "spark/LikeSimplification/3",
      "spark/LikeSimplification/4", "spark/LikeSimplification/5",
      "spark/SimplifyCaseConversionExpressions/1", "spark/SimplifyCaseConversionExpressions/2",
      "spark/SimplifyCaseConversionExpressions/3", "tpch/q14/LikeSimplification/1"]),
    ("filter or constant pushed through DISTINCT/UNION of a derived table",
     ["spark/PushDownPredicates/3", "calcite/UnionPullUpConstantsRule/2"]),
    ("an outer join made inner by a foreign key (SQLite does not enforce it by default)",
     ["spark/EliminateOuterJoin/7"]),
    ("TPC-H join of 6 tables with a derived table (q07)", ["tpch/q07/PushExtraPredicateThroughJoin/1"]),
    ("parenthesised join as a FROM item (lowering: unsupported)",
     ["calcite/JoinAssociateRule/4", "spark/ReorderJoin/4"]),
]


def verdict(r: dict) -> str:
    if r["status"] == "verified":
        return "every database" if r.get("method") in EVERY else "bounded"
    return r["status"]


def summary(pairs: dict, results: dict) -> dict:
    eq = [i for i, p in pairs.items() if p["expect"] == "equivalent" and i in results]
    mu = [i for i, p in pairs.items() if p["expect"] != "equivalent" and i in results]
    v = Counter(verdict(results[i]) for i in eq)
    return {"pairs": len(eq), "every": v["every database"], "bounded": v["bounded"],
            "unknown": v["unknown"], "refuted": v["refuted"],
            "normal_form": sum(results[i].get("method") == "normal_form" and
                               results[i]["status"] == "verified" for i in eq),
            "mutants": len(mu), "mutants_verified": sum(results[i]["status"] == "verified" for i in mu),
            "median_s": statistics.median(r["elapsed_s"] for r in results.values()),
            "p95_s": sorted(r["elapsed_s"] for r in results.values())[int(0.95 * len(results))]}


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--before", required=True)
    ap.add_argument("--after", required=True)
    ap.add_argument("--bound", type=int, default=3)
    ap.add_argument("--name", required=True)
    a = ap.parse_args(argv)
    pairs = {p["id"]: p for p in load_corpus()}
    runs = {}
    for label in (a.before, a.after):
        runs[label] = {r["id"]: r for r in read_jsonl(BUILD / f"{label}_b{a.bound}.jsonl")}
    before, after = runs[a.before], runs[a.after]
    listed = [i for _, ids in CLASSES for i in ids]
    todo = {i for i, p in pairs.items() if p["expect"] == "equivalent" and i in before
            and verdict(before[i]) != "every database"}
    if len(listed) != len(set(listed)) or set(listed) != todo:
        print(f"classes out of date: listed {len(listed)} ({len(set(listed))} distinct), "
              f"to classify {len(todo)}; missing {sorted(todo - set(listed))[:5]}, "
              f"extra {sorted(set(listed) - todo)[:5]}", file=sys.stderr)
        return 2
    sb, sa = summary(pairs, before), summary(pairs, after)
    cmd = " ".join(["python -m benchmarks.prover_corpus_classes", *(argv if argv is not None else sys.argv[1:])])
    lines = [f"# The unbounded prover on the prover corpus: `{a.before}` against `{a.after}`", "",
             "Commands (bound 3, timeout 20 s, 2 workers, on a shared 2-core machine):", "",
             f"    nice -n 10 python -m benchmarks.prover_corpus --label {a.before} --bound 3 "
             "--timeout 20 --workers 2",
             f"    nice -n 10 python -m benchmarks.prover_corpus --label {a.after} --bound 3 "
             "--timeout 20 --workers 2",
             f"    {cmd}", "",
             f"`{a.before}`: main at 3ba52cd; `{a.after}`: branch i25e (keys, groups, arithmetic "
             "in the unbounded prover). Times are the verifier's `elapsed_s` per pair, all "
             "828 pairs (undecided included); the machine was shared (load 4-6 on 2 cores during "
             "the second run), so they overstate the change: the prover's own time, both "
             "versions side by side, is in `prover_speed_normal_form_keys_groups_arith.md` "
             "(`benchmarks.prover_speed_side_by_side`).", "",
             "| run | equivalent pairs | every database | of which normal_form | bounded (up to 3+ rows) | "
             "unknown | refuted | mutants verified (must be 0) | median s/pair | p95 s/pair |",
             "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for label, s in ((a.before, sb), (a.after, sa)):
        lines.append(f"| {label} | {s['pairs']} | {s['every']} ({100 * s['every'] / s['pairs']:.1f}%) | "
                     f"{s['normal_form']} | {s['bounded']} | {s['unknown']} | {s['refuted']} | "
                     f"{s['mutants_verified']} of {s['mutants']} | {s['median_s']:.3f} | {s['p95_s']:.3f} |")
    lines += ["", "`refuted` equivalent pairs are refutations on untyped values (a text in an "
              "INTEGER column, realism `sqlite`) and the corpus error "
              "`tpch/q16/AggregateExpandDistinctAggregatesRule/1`; see the corpus README.", "",
              f"## The {len(todo)} equivalent pairs `{a.before}` left to the solver, by class", "",
              f"What `{a.before}` gave them (bounded / unknown / refuted) and what `{a.after}` gives: "
              "every database (by `normal_form`, or by another method), still bounded, unknown, "
              "refuted.", "",
              "| class | pairs | before: bounded / unknown / refuted | after: every database "
              "(normal_form) | after: bounded / unknown / refuted |",
              "|---|---:|---|---:|---|"]
    for name, ids in CLASSES:
        vb = Counter(verdict(before[i]) for i in ids)
        va = Counter(verdict(after[i]) for i in ids if i in after)
        nf = sum(after[i].get("method") == "normal_form" and after[i]["status"] == "verified"
                 for i in ids if i in after)
        lines.append(f"| {name} | {len(ids)} | {vb['bounded']} / {vb['unknown']} / {vb['refuted']} | "
                     f"{va['every database']} ({nf}) | {va['bounded']} / {va['unknown']} / {va['refuted']} |")
    moved = [i for i in sorted(todo) if i in after and verdict(after[i]) == "every database"]
    lines += ["", f"## Pairs now verified for every database ({len(moved)})", ""]
    lines += [f"- `{i}` ({after[i].get('method')}; assumptions: "
              f"{', '.join(after[i].get('assumptions') or []) or 'none'})" for i in moved]
    lost = [i for i in pairs if pairs[i]["expect"] == "equivalent" and i in before and i in after
            and verdict(before[i]) == "every database" and verdict(after[i]) != "every database"]
    lines += ["", f"## Every-database proofs of `{a.before}` lost in `{a.after}`: {len(lost)}", ""]
    lines += [f"- `{i}`: {verdict(after[i])}" for i in lost] or ["none"]
    RESULTS.mkdir(parents=True, exist_ok=True)
    (RESULTS / f"{a.name}.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines[:30]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
