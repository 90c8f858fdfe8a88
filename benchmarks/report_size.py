"""Report size and render time for a Spider dev run with four systems.

Measures, on one run directory:
- ``render_report`` wall time (median of ``--repeat`` renders) and the file size, split into
  the embedded drill-down JSON and everything else;
- in headless Chromium (when installed): time to the load event, time until the first page
  of examples is on screen, and the time to apply a filter and a text search over all rows.

The run comes from ``--run DIR`` or is made here with ``sqlverdict eval`` (execution oracle,
Spider dev, DAIL-SQL, DIN-SQL, C3 and Graphix predictions) into ``runs/report_spider``.

    python -m benchmarks.report_size                      # eval (if needed) + measure
    python -m benchmarks.report_size --run runs/report_spider --repeat 5
    python -m benchmarks.report_size --suite runs/spider_suite   # + an execution,suite run

Writes ``benchmarks/results/report_size.md`` and ``.json``.
"""

from __future__ import annotations

import argparse
import json
import platform
import shutil
import statistics
import subprocess
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SPIDER = ROOT / ".." / "shared" / "data" / "spider"
SYSTEMS = {"dailsql": "dailsql_gpt4.sql", "dinsql": "dinsql_gpt4.sql",
           "c3": "c3sql_gpt35.sql", "graphix": "graphix_via_dailsql.sql"}


def make_run(out: Path, oracles: str, suite: Path | None = None) -> float:
    """Run ``sqlverdict eval`` (the CLI when it exists, else the library) into ``out``."""
    t0 = time.perf_counter()
    cli = shutil.which("sqlverdict")
    has_eval = cli and subprocess.run([cli, "eval", "--help"], capture_output=True).returncode == 0
    if has_eval:
        cmd = [cli, "eval", "--benchmark", f"spider:{SPIDER}", "--oracle", oracles,
               "--out", str(out), "--workers", "2", "--quiet"]
        if suite:
            cmd += ["--suite", str(suite)]
        for name, f in SYSTEMS.items():
            cmd += ["--predictions", f"{name}={SPIDER / 'predictions' / f}"]
        subprocess.run(cmd, check=True)
    else:
        from sqlverdict.bench import load_benchmark, load_predictions
        from sqlverdict.evaluation import evaluate

        bench = load_benchmark(f"spider:{SPIDER}")
        systems = [load_predictions(SPIDER / "predictions" / f, bench, n)
                   for n, f in SYSTEMS.items()]
        from sqlverdict.oracles.base import EvalOptions

        evaluate(bench, systems, oracles.split(","), out,
                 EvalOptions(suite_dir=str(suite) if suite else None), workers=2)
    return time.perf_counter() - t0


def browser_times(report: Path) -> dict | None:
    from tests.helpers.cdp import Browser, find_chromium

    exe = find_chromium()
    if exe is None:
        return None
    b = Browser(exe)
    try:
        t0 = time.perf_counter()
        b.goto(report.resolve().as_uri())
        wall_load = time.perf_counter() - t0
        nav = b.js("""(() => { const n = performance.getEntriesByType('navigation')[0];
                      return [n.domContentLoadedEventEnd, n.loadEventEnd]; })()""")
        rows = b.js("sqlverdictReport.data.rows.length")
        shown = b.js("document.querySelectorAll('#examples-body tr').length")
        filt = b.js("""(() => { const t = performance.now();
            const n = sqlverdictReport.setFilter({status: 'refuted'});
            return [performance.now() - t, n]; })()""")
        search = b.js("""(() => { const t = performance.now();
            const n = sqlverdictReport.setFilter({status: '', text: 'count distinct'});
            return [performance.now() - t, n]; })()""")
        open_ms = b.js("""(() => { const t = performance.now();
            sqlverdictReport.openRow(sqlverdictReport.visibleRows()[0]);
            return performance.now() - t; })()""")
        heap = b.js("performance.memory ? performance.memory.usedJSHeapSize : null")
        errors = b.errors()
    finally:
        b.close()
    return {"wall_to_load_s": round(wall_load, 3), "dom_content_loaded_ms": round(nav[0], 1),
            "load_event_ms": round(nav[1], 1), "rows": rows, "rows_on_first_page": shown,
            "filter_ms": round(filt[0], 1), "filter_matches": filt[1],
            "search_ms": round(search[0], 1), "search_matches": search[1],
            "open_details_ms": round(open_ms, 1), "js_heap_bytes": heap, "js_errors": errors}


def measure(run: Path, oracles: str, repeat: int, suite: Path | None) -> dict:
    from sqlverdict.report.html import render_report

    eval_s = None
    if not (run / "verdicts.jsonl").is_file():
        eval_s = make_run(run, oracles, suite)
    out = run / "report.html"
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        render_report(run, out)
        times.append(time.perf_counter() - t0)
    html = out.read_text(encoding="utf-8")
    start = html.index('id="report-data">') + len('id="report-data">')
    data_bytes = len(html[start:html.index("</script>", start)].encode())
    summary = json.loads((run / "summary.json").read_text())
    return {
        "run": str(run.relative_to(ROOT) if run.is_relative_to(ROOT) else run),
        "systems": list(summary["systems"]), "oracles": oracles.split(","),
        "verdicts": sum(1 for _ in open(run / "verdicts.jsonl", encoding="utf-8")),
        "verdicts_jsonl_bytes": (run / "verdicts.jsonl").stat().st_size,
        "report_bytes": out.stat().st_size, "embedded_json_bytes": data_bytes,
        "render_s_median": round(statistics.median(times), 3),
        "render_s_all": [round(t, 3) for t in times], "eval_s": eval_s and round(eval_s, 1),
        "browser": browser_times(out),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--run", type=Path, default=ROOT / "runs" / "report_spider")
    ap.add_argument("--oracle", default="execution")
    ap.add_argument("--suite", type=Path, default=None,
                    help="also measure an execution,suite run with this suite directory "
                         "(from `sqlverdict suite build`), in RUN_suite")
    ap.add_argument("--repeat", type=int, default=3)
    ap.add_argument("--results", type=Path, default=ROOT / "benchmarks" / "results")
    args = ap.parse_args()

    runs = [measure(args.run, args.oracle, args.repeat, None)]
    if args.suite:
        runs.append(measure(args.run.with_name(args.run.name + "_suite"), "execution,suite",
                            args.repeat, args.suite))
    res = {"runs": runs, "python": platform.python_version(),
           "machine": f"{platform.machine()}, 2 cores shared with other jobs (noisy)"}
    args.results.mkdir(parents=True, exist_ok=True)
    (args.results / "report_size.json").write_text(json.dumps(res, indent=2) + "\n")

    def row(label, f):
        return f"| {label} | " + " | ".join(f(r) for r in runs) + " |"

    def br(key, fmt):
        return lambda r: fmt(r["browser"][key]) if r["browser"] else "(no Chromium)"

    lines = [
        "# HTML report: size and render time (Spider dev, four systems)",
        "",
        "Spider dev (1,034 questions; 62 `wta_1` questions skipped, no database) with four "
        f"systems ({', '.join(runs[0]['systems'])}).",
        "Reproduce: `python -m benchmarks.report_size"
        + (f" --suite {args.suite}`" if args.suite else "`")
        + " (runs `sqlverdict eval` first when a run directory is missing).",
        "",
        "| measure | " + " | ".join(f"oracles: {', '.join(r['oracles'])}" for r in runs) + " |",
        "|---|" + "---|" * len(runs),
        row("verdicts (verdicts.jsonl size)",
            lambda r: f"{r['verdicts']:,} ({r['verdicts_jsonl_bytes'] / 2**20:.2f} MiB)"),
        row("report file size", lambda r: f"{r['report_bytes'] / 2**20:.2f} MiB"),
        row("of which embedded drill-down JSON",
            lambda r: f"{r['embedded_json_bytes'] / 2**20:.2f} MiB"),
        row(f"`render_report` wall time, median of {args.repeat}",
            lambda r: f"{r['render_s_median']:.2f} s (all: "
                      + ", ".join(f"{t:.2f}" for t in r["render_s_all"]) + ")"),
        row("Chromium: DOMContentLoaded / load event",
            lambda r: (f"{r['browser']['dom_content_loaded_ms']:.0f} ms / "
                       f"{r['browser']['load_event_ms']:.0f} ms") if r["browser"] else "-"),
        row("Chromium: rows in the page data / rendered on page 1",
            lambda r: (f"{r['browser']['rows']} / {r['browser']['rows_on_first_page']}")
            if r["browser"] else "-"),
        row("Chromium: filter status=refuted over all rows",
            lambda r: (f"{r['browser']['filter_ms']:.1f} ms ({r['browser']['filter_matches']} "
                       "matches)") if r["browser"] else "-"),
        row("Chromium: text search 'count distinct'",
            lambda r: (f"{r['browser']['search_ms']:.1f} ms ({r['browser']['search_matches']} "
                       "matches)") if r["browser"] else "-"),
        row("Chromium: open one example's details", br("open_details_ms", "{:.1f} ms".format)),
        row("Chromium: JavaScript errors", br("js_errors", lambda e: str(len(e)))),
        row("(`sqlverdict eval` to make the run, not part of the report)",
            lambda r: f"{r['eval_s']:.0f} s" if r["eval_s"] else "(existing run)"),
        "",
        f"Python {res['python']}; {res['machine']}.",
    ]
    (args.results / "report_size.md").write_text("\n".join(lines) + "\n")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
