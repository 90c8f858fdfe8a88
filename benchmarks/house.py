"""The house as drawn from the code: files and lines per layer, the longest functions, the
verifier's file sizes, and the house rules (no upward import, no import cycle, no function
over 80 lines, no verifier file over 800 lines) with today's offenders.

Everything is read from ``src/sqlverdict`` with ``ast`` by the same code as the house test
(``tests/test_layers.py``), so the drawing and the test cannot disagree.

Run from the repository root::

    python -m benchmarks.house                 # markdown on stdout
    python -m benchmarks.house --top 15 --out benchmarks/results/house.md
"""

from __future__ import annotations

import argparse
import subprocess
import sys
from collections import defaultdict
from pathlib import Path

from tests import test_layers as house


def _cycles() -> list[list[str]]:
    try:
        house.test_no_import_cycles()
    except AssertionError as e:
        return [[str(e)]]
    return []


def draw(top: int = 10) -> str:
    """The house as markdown."""
    files: dict[str, list[Path]] = defaultdict(list)
    for m, p in house.MODULES.items():
        files[house._area(m)].append(p)
    fns = house.functions()
    area_of_file = {p.relative_to(house.ROOT).as_posix(): house._area(m)
                    for m, p in house.MODULES.items()}
    longest: dict[str, tuple[str, int]] = {}
    for q, n in fns.items():
        a = area_of_file[q.split(":")[0]]
        if a not in longest or n > longest[a][1]:
            longest[a] = (q, n)
    try:
        head = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True,
                              text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        head = "unknown"
    total_lines = sum(house.file_lines(p) for p in house.MODULES.values())
    L = [f"# The house as drawn from the code ({head})", "",
         f"`python -m benchmarks.house --top {top}`: {len(house.MODULES)} modules, "
         f"{total_lines} lines, {len(fns)} functions; layers lowest first (a module imports "
         "from its own layer and the layers before it).", "",
         "| floor | area | files | lines | longest function (lines) |", "|---:|---|---:|---:|---|"]
    for i, layer in enumerate(house.LAYERS):
        for a in sorted(layer):
            ps = files.get(a, [])
            if not ps:
                continue
            q, n = longest.get(a, ("", 0))
            fn = f"`{q}` ({n})" if q else "-"
            L.append(f"| {i} | `{a}` | {len(ps)} | {sum(house.file_lines(p) for p in ps)} | {fn} |")
    upward = sorted((m, t) for m, ts in house.GRAPH.items() for t in ts
                    if house._layer(house._area(t)) > house._layer(house._area(m)))
    cycles = _cycles()
    long = sorted(((n, q) for q, n in fns.items() if n > house.MAX_FUNCTION_LINES), reverse=True)
    big = sorted(((house.file_lines(p), p.relative_to(house.ROOT).as_posix())
                  for p in house.VERIFIER.rglob("*.py")), reverse=True)
    L += ["", "## Rules", "",
          f"- upward imports: {len(upward)}" + "".join(f"\n  - `{m}` -> `{t}`" for m, t in upward),
          f"- import cycles: {len(cycles)}" + "".join(f"\n  - {c}" for c in cycles),
          f"- functions over {house.MAX_FUNCTION_LINES} lines: {len(long)} "
          f"(allowlisted, may only shrink: {len(house.LONG_FUNCTIONS_ALLOWED)})"]
    L += [f"  - `{q}`: {n}" for n, q in long]
    over = [(n, f) for n, f in big if n > house.MAX_VERIFIER_FILE_LINES]
    L += [f"- verifier files over {house.MAX_VERIFIER_FILE_LINES} lines: {len(over)} "
          f"(allowlisted, may only shrink: {len(house.BIG_VERIFIER_FILES_ALLOWED)})"]
    L += [f"  - `{f}`: {n}" for n, f in over]
    L += ["", f"## The {top} longest functions", "", "| lines | function |", "|---:|---|"]
    L += [f"| {n} | `{q}` |" for q, n in sorted(fns.items(), key=lambda kv: -kv[1])[:top]]
    L += ["", "## The verifier's files (`oracles/bounded/`)", "", "| lines | file |", "|---:|---|"]
    L += [f"| {n} | `{f}` |" for n, f in big]
    return "\n".join(L) + "\n"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--top", type=int, default=10, help="how many of the longest functions")
    ap.add_argument("--out", type=Path, default=None, help="write the markdown here too")
    args = ap.parse_args(argv)
    md = draw(args.top)
    sys.stdout.write(md)
    if args.out:
        args.out.write_text(md, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
