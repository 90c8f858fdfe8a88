"""The inputs of issue 15, items 14-17, and what each now gets: the message and exit code.

Every input is run for real (``python -m sqlverdict ...`` in a temporary folder, on the
Spider and BIRD data in ../shared/data); the table is written from what the command
printed on stderr (or stdout) and its exit code.

    python -m benchmarks.error_table [--out benchmarks/results/error_table.md]
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
SPIDER, BIRD = DATA / "spider", DATA / "bird"
PRED = SPIDER / "predictions" / "c3sql_gpt35.sql"
DB = SPIDER / "database" / "concert_singer" / "concert_singer.sqlite"


def run(args: list[str], cwd: Path, env=None) -> tuple[int, str]:
    res = subprocess.run([sys.executable, "-m", "sqlverdict", *args], cwd=cwd,
                         capture_output=True, text=True, env=env)
    text = res.stderr.strip() or res.stdout.strip()
    if "Traceback" in text:
        return res.returncode, "TRACEBACK: " + text.splitlines()[-1]
    lines = [" ".join(x.split()) for x in text.splitlines() if x.strip()]
    errors = [x for x in lines if x.startswith(("error:", "warning"))]
    return res.returncode, " / ".join(errors[:2]) if errors else (lines[-1] if lines else "")


def spider_copy(root: Path, name: str, edit) -> Path:
    d = root / name
    d.mkdir()
    (d / "database").symlink_to(SPIDER / "database")
    shutil.copy(SPIDER / "tables.json", d / "tables.json")
    dev = json.loads((SPIDER / "dev.json").read_text())
    dev = edit(d, dev)
    (d / "dev.json").write_text(json.dumps(dev))
    return d


def cases(t: Path) -> list[tuple[str, str, list[str]]]:
    (t / "afile").write_text("x")
    (t / "empty").mkdir()
    (t / "empty.sql").write_bytes(b"")
    (t / "random.sql").write_bytes(os.urandom(20000))
    (t / "utf16.sql").write_bytes(PRED.read_text().encode("utf-16"))
    (t / "bad_bytes.sql").write_bytes(PRED.read_bytes().replace(b"singer", b"s\xffinger", 3))
    (t / "short.sql").write_text("\n".join(PRED.read_text().splitlines()[:500]) + "\n")
    (t / "binary.bin").write_bytes(bytes(range(256)) * 16)
    ev = ["eval", "--quiet", "--benchmark", f"spider:{SPIDER}", "--limit", "40"]

    def no_query(d, dev):
        del dev[1]["query"]
        return dev

    def dev_object(d, dev):
        return {"questions": dev}

    def tables_object(d, dev):
        (d / "tables.json").write_text(json.dumps({"db_id": "x"}))
        return dev

    s_noq = spider_copy(t, "no_query", no_query)
    s_obj = spider_copy(t, "dev_object", dev_object)
    s_tab = spider_copy(t, "tables_object", tables_object)
    # a finished run, then its journal damaged in two ways, and a report row of odd type
    for name in ("garbage", "truncated", "odd"):
        subprocess.run([sys.executable, "-m", "sqlverdict", *ev, "--predictions", f"c3={PRED}",
                        "--out", str(t / name)], cwd=t, capture_output=True)
    j = t / "garbage" / "journal.sqlite"
    j.write_bytes(b"not a database" * 100)
    j2 = t / "truncated" / "journal.sqlite"
    j2.write_bytes(j2.read_bytes()[: j2.stat().st_size // 2])
    for p in (j, j2):
        for extra in ("-wal", "-shm"):
            Path(f"{p}{extra}").unlink(missing_ok=True)
    rows = [json.loads(x) for x in (t / "odd" / "verdicts.jsonl").read_text().splitlines()]
    rows[0]["status"], rows[1]["example_id"], rows[2]["system"] = ["x"], {"a": 1}, 5
    (t / "odd" / "verdicts.jsonl").write_text("".join(json.dumps(r) + "\n" for r in rows))
    pool = t / "pool.jsonl"
    pool.write_text(json.dumps({"id": "0", "candidates": ["SELECT count(*) FROM singer"]}) + "\n")
    bad = str(t / "afile" / "out")
    bird = ["eval", "--quiet", "--benchmark", f"bird:{BIRD}", "--limit", "40",
            "--predictions", f"gsr={BIRD / 'predictions' / 'gsr.sql'}"]
    return [
        ("14", "`--oracle suite` without `--suite`",
         [*ev, "--predictions", f"c3={PRED}", "--oracle", "suite", "--out", "r14a"]),
        ("14", "`--suite` a missing folder",
         [*ev, "--predictions", f"c3={PRED}", "--oracle", "suite", "--suite", "nope", "--out", "r14b"]),
        ("14", "`--suite` a file",
         [*ev, "--predictions", f"c3={PRED}", "--oracle", "suite", "--suite", "afile", "--out", "r14c"]),
        ("14", "`--suite` a folder that is not a suite",
         [*ev, "--predictions", f"c3={PRED}", "--oracle", "suite", "--suite", "empty", "--out", "r14d"]),
        ("15", "execution on BIRD's schema-only databases", [*bird, "--out", "r15a"]),
        ("15", "the same with `--allow-empty-databases`",
         [*bird, "--allow-empty-databases", "--out", "r15b"]),
        ("16", "an empty prediction file", [*ev, "--predictions", "a=empty.sql", "--out", "r16a"]),
        ("16", "random bytes", [*ev, "--predictions", "a=random.sql", "--out", "r16b"]),
        ("16", "UTF-16", [*ev, "--predictions", "a=utf16.sql", "--out", "r16c"]),
        ("16", "another benchmark's file (BIRD's gsr.sql on Spider)",
         [*ev, "--predictions", f"a={BIRD / 'predictions' / 'gsr.sql'}", "--out", "r16d"]),
        ("16", "some bytes that are not UTF-8", [*ev, "--predictions", "a=bad_bytes.sql", "--out", "r16e"]),
        ("16", "500 lines for 1034 questions", [*ev, "--predictions", "a=short.sql", "--out", "r16f"]),
        ("17", "a `dev.json` entry without `query`",
         ["eval", "--quiet", "--benchmark", f"spider:{s_noq}", "--predictions", f"c3={PRED}", "--out", "r17a"]),
        ("17", "a `dev.json` whose root is an object",
         ["eval", "--quiet", "--benchmark", f"spider:{s_obj}", "--predictions", f"c3={PRED}", "--out", "r17b"]),
        ("17", "a `tables.json` whose root is an object",
         ["eval", "--quiet", "--benchmark", f"spider:{s_tab}", "--predictions", f"c3={PRED}", "--out", "r17c"]),
        ("17", "a journal that is not a database",
         [*ev, "--predictions", f"c3={PRED}", "--out", "garbage", "--resume"]),
        ("17", "a truncated journal",
         [*ev, "--predictions", f"c3={PRED}", "--out", "truncated", "--resume"]),
        ("17", "an unwritable output folder: `eval`", [*ev, "--predictions", f"c3={PRED}", "--out", bad]),
        ("17", "an unwritable output folder: `demo`", ["demo", "--out", bad]),
        ("17", "an unwritable output folder: `report --html`",
         ["report", "truncated", "--html", f"{bad}/r.html"]),
        ("17", "an unwritable output folder: `classes`",
         ["classes", "--quiet", "--benchmark", f"spider:{SPIDER}", "--pool", str(pool), "--out", f"{bad}/c.jsonl"]),
        ("17", "an unwritable output folder: `suite build`",
         ["suite", "build", "--benchmark", f"spider:{SPIDER}", "--db-id", "concert_singer", "--out", bad]),
        ("17", "an unwritable output folder: `constraints mine`",
         ["constraints", "mine", str(DB), "--out", f"{bad}/c.json"]),
        ("17", "an unwritable output folder: `verify --witness`",
         ["verify", "--schema", str(DB), "--witness", bad, "SELECT 1", "SELECT 2"]),
        ("17", "an unwritable output folder: `verify-batch`",
         ["verify-batch", "--pairs", str(pool), "--out", f"{bad}/r.jsonl"]),
        ("17", "a report row with an odd type", ["report", "odd"]),
        ("17", "`verify --schema` on a binary file",
         ["verify", "--schema", "binary.bin", "SELECT 1", "SELECT 2"]),
    ]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", default="benchmarks/results/error_table.md")
    args = ap.parse_args()
    lines = ["# Inputs that deserve an error (issue 15, items 14-17)", "",
             "Each input run for real by `python -m benchmarks.error_table` (Spider and BIRD "
             "dev from ../shared/data); the message is the command's first error or warning "
             "line, whitespace collapsed. A full disk is tested in "
             "`tests/cli/test_hostile_inputs.py` (a 2 MB tmpfs in a private mount namespace, "
             "filled after a first run), exit 2 and one line: `error: disk full while writing "
             "the journal '.../journal.sqlite' (disk I/O error); free space or choose a "
             "writable --out, then rerun with --resume` when the journal cannot grow, and "
             "`error: disk full while writing '.../verdicts.jsonl' (No space left on device); "
             "free some space and rerun; rerun with --resume to write it again from the "
             "journal` when it can (the previous verdicts.jsonl stays whole).", "",
             "| item | input | exit | message |", "|---|---|---|---|"]
    with tempfile.TemporaryDirectory(prefix="sqlverdict-errors-") as d:
        t = Path(d)
        for item, what, argv in cases(t):
            code, msg = run(argv, t)
            msg = msg.replace(d, "TMP").replace(str(DATA), "DATA").replace("|", "\\|")
            lines.append(f"| {item} | {what} | {code} | {msg} |")
            print(f"{item} {code} {what}: {msg[:100]}", flush=True)
    Path(args.out).write_text("\n".join(lines) + "\n", encoding="utf-8")
    print(f"wrote {args.out}")


if __name__ == "__main__":
    main()
