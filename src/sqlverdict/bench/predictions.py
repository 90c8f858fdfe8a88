"""Prediction files, in the formats the field uses.

- ``.sql`` / ``.txt``: one SQL per line, aligned with the benchmark's examples (a trailing
  ``<TAB>db_id``, as in gold files, is removed);
- ``.json``: ``{index: sql}`` (index = position in the benchmark), the official BIRD dict
  ``{index: "SQL\\t----- bird -----\\tdb_id"}``, or a list of SQL strings;
- ``.jsonl``: ``{"id" | "example_id" | "index": ..., "sql" | "pred": ..., "logprob"?}``.

Nothing odd in one prediction stops a run: a non-string value, an empty or over-long line,
or a missing line makes that one prediction invalid with a reason; bytes that are not UTF-8
are reported as warnings. A file that may be misaligned is reported (a warning), or refused
with ``allow_misaligned=False``, as the CLI and ``evaluate_official`` do unless the user
passes ``--allow-misaligned``: a
``.sql`` file whose line count differs from the number of questions (a blank line inserted
in the middle shifts every later prediction onto the wrong question), or a ``.jsonl`` file
that names one example on two lines (with consent the first line is kept). A blank line in a
file of the right length is a failed generation: an empty prediction for its question. A file with
nothing usable in it (empty, binary, UTF-16, another benchmark's predictions) is an error
that names the file (``check_usable``): it would otherwise score 0% and look like a result.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import InputError
from ..jsonl import objects
from ..types import Prediction
from .loader import Benchmark

MAX_SQL_CHARS = 16_384
BIRD_SEP = "\t----- bird -----\t"


@dataclass
class PredictionSet:
    name: str
    path: Path
    predictions: dict[str, Prediction]
    warnings: list[str] = field(default_factory=list)

    def get(self, example_id: str) -> Prediction:
        return self.predictions.get(example_id) or Prediction(
            example_id, None, invalid="missing prediction: the file has no entry for this example")


def _clean(example_id: str, value, max_chars: int, db_ids: set[str]) -> Prediction:
    if value is None:
        return Prediction(example_id, None, invalid="prediction is null")
    if not isinstance(value, str):
        return Prediction(example_id, None,
                          invalid=f"prediction is a {type(value).__name__}, not a SQL string")
    sql = value
    if BIRD_SEP in sql:
        sql = sql.split(BIRD_SEP)[0]
    elif "\t" in sql:
        head, _, tail = sql.rpartition("\t")
        if tail.strip() in db_ids:
            sql = head
    sql = sql.strip()
    if not sql:
        return Prediction(example_id, None, invalid="empty SQL")
    if len(sql) > max_chars:
        return Prediction(example_id, None,
                          invalid=f"SQL is {len(sql)} characters, over the {max_chars} limit "
                                  "(garbage output?)")
    if "\x00" in sql:
        return Prediction(example_id, None, invalid="SQL contains a NUL byte")
    return Prediction(example_id, sql)


def load_predictions(path: str | Path, benchmark: Benchmark, name: str | None = None, *,
                     max_chars: int = MAX_SQL_CHARS, allow_misaligned: bool = True,
                     limit: int | None = None, compat: str | None = None) -> PredictionSet:
    """The predictions of one system; ``limit``: only the first N questions are judged, and
    a ``.sql`` file of N lines is aligned with them (see the module docstring).
    ``compat="spider"`` reads a ``.sql`` line as the published Spider evaluator does: the
    text before its first TAB, with `` value `` read as `` 1 `` (a warning names the lines
    this changes)."""
    p = Path(path)
    if not p.is_file():
        raise InputError(f"predictions file {str(p)!r} does not exist (check the path)")
    name = name or p.stem
    examples = benchmark.examples
    warnings: list[str] = []
    raw = p.read_bytes()
    text = raw.decode("utf-8-sig", errors="replace")
    bad = text.count("\ufffd") - raw.decode("utf-8-sig", errors="ignore").count("\ufffd")
    if bad:
        warnings.append(f"{bad} byte sequence(s) are not UTF-8 and were replaced"
                        + ("; the file looks like UTF-16: convert it to UTF-8 (e.g. iconv -f "
                           "UTF-16 -t UTF-8)" if _utf16(raw) else ""))
    read = {".json": _read_json, ".jsonl": _read_jsonl}.get(p.suffix.lower(), _read_sql)
    preds, misaligned = read(p, text, benchmark, warnings, max_chars=max_chars, limit=limit,
                             compat=compat)
    if limit is not None:
        examples = examples[:limit]
    missing = sum(1 for e in examples if e.id not in preds)
    if missing:
        warnings.append(f"{missing} example(s) have no prediction; counted as invalid")
    ps = PredictionSet(name, p, preds, warnings)
    check_usable(ps, benchmark.limit(limit), utf16=_utf16(raw), bad_bytes=bad)
    if misaligned and not allow_misaligned:
        raise InputError(misaligned)
    return ps


def _read_json(p: Path, text: str, benchmark: Benchmark, warnings: list[str], *, max_chars: int,
               limit: int | None, compat: str | None) -> tuple[dict[str, Prediction], str]:
    """A ``.json`` file: ``{index or id: sql}`` or a list of SQL strings. Returns the
    predictions by example id and why the file may be misaligned ("" when it is not): an
    error unless the user allows it."""
    examples = benchmark.examples
    db_ids = {e.db_id for e in examples}
    preds: dict[str, Prediction] = {}
    misaligned = ""
    repeated: list[str] = []

    def pairs(items: list) -> dict:
        seen: dict = {}
        for k, v in items:
            if k in seen:
                repeated.append(repr(k))
                continue  # the first value of a key is kept, as in a JSONL file
            seen[k] = v
        return seen

    try:
        data = json.loads(text, object_pairs_hook=pairs)
    except RecursionError:
        raise InputError(f"predictions file {str(p)!r} is JSON nested too deeply to read; "
                         "expected {index: sql} or a list of SQL strings") from None
    except json.JSONDecodeError as e:
        raise InputError(f"predictions file {str(p)!r} is not valid JSON ({e}); use one "
                         "SQL per line in a .sql file, or {index: sql}") from None
    if isinstance(data, list):
        data = {str(i): v for i, v in enumerate(data)}
    if not isinstance(data, dict):
        raise InputError(f"predictions file {str(p)!r}: expected an object {{index: sql}} "
                         "or a list of SQL strings")
    by_pos = {str(e.index): e for e in examples}
    by_id = {e.id: e for e in examples}
    unmatched = []
    for k, v in data.items():
        ex = by_pos.get(str(k)) or by_id.get(str(k))
        if ex is None:
            unmatched.append(repr(k))
            continue
        preds[ex.id] = _clean(ex.id, v, max_chars, db_ids)
    _summarize(warnings, unmatched, "key(s) match no example; ignored")
    if repeated:
        misaligned = (f"predictions file {str(p)!r}: {len(repeated)} key(s) appear twice "
                      f"({', '.join(repeated[:3])}{', ...' if len(repeated) > 3 else ''});"
                      " keep one value per key, or pass --allow-misaligned to keep the "
                      "first value of each key")
        _summarize(warnings, repeated, "key(s) appear twice; the first value is kept")
    return preds, misaligned


def _read_jsonl(p: Path, text: str, benchmark: Benchmark, warnings: list[str], *, max_chars: int,
                limit: int | None, compat: str | None) -> tuple[dict[str, Prediction], str]:
    """A ``.jsonl`` file: one object per line with an id and the SQL. Returns what ``_read_json`` returns."""
    examples = benchmark.examples
    db_ids = {e.db_id for e in examples}
    preds: dict[str, Prediction] = {}
    misaligned = ""
    by_id = {e.id: e for e in examples}
    by_pos = {str(e.index): e for e in examples}
    not_objects, unmatched = [], []
    first_line: dict[str, int] = {}
    repeats: list[str] = []
    for lineno, d in objects(text.splitlines(), repr(str(p)),
                             on_error=lambda n, _why: not_objects.append(f"line {n}")):
        key = d.get("id", d.get("example_id", d.get("index")))
        ex = by_id.get(str(key)) or by_pos.get(str(key))
        if ex is None:
            unmatched.append(f"line {lineno} (id {key!r})")
            continue
        if ex.id in first_line:
            repeats.append(f"line {lineno} repeats id {key!r} of line {first_line[ex.id]}")
            continue
        first_line[ex.id] = lineno
        value = d.get("sql", d.get("pred", d.get("prediction")))
        pr = _clean(ex.id, value, max_chars, db_ids)
        lp = d.get("logprob", d.get("cum_logprob"))
        if isinstance(lp, (int, float)):
            pr = Prediction(pr.example_id, pr.sql, pr.invalid, float(lp))
        preds[ex.id] = pr
    _summarize(warnings, not_objects, "line(s) are not JSON objects; ignored")
    _summarize(warnings, unmatched, "line(s) name no example; ignored")
    if repeats:
        more = ", ..." if len(repeats) > 3 else ""
        misaligned = (f"predictions file {str(p)!r}: {len(repeats)} line(s) name an "
                      f"example already predicted ({'; '.join(repeats[:3])}{more}); keep "
                      "one line per id, or pass --allow-misaligned to keep the first line "
                      "of each id")
        _summarize(warnings, repeats, "line(s) repeat an id; the first line of each id "
                   "is kept")
    return preds, misaligned


def _read_sql(p: Path, text: str, benchmark: Benchmark, warnings: list[str], *, max_chars: int,
              limit: int | None, compat: str | None) -> tuple[dict[str, Prediction], str]:
    """A ``.sql`` file: one prediction per line, by position. Returns what ``_read_json`` returns."""
    examples = benchmark.examples
    db_ids = {e.db_id for e in examples}
    preds: dict[str, Prediction] = {}
    misaligned = ""
    lines = text.split("\n")
    while lines and not lines[-1].strip():  # trailing blank lines are no predictions
        lines.pop()
    blank = [i for i, line in enumerate(lines, 1) if not line.strip()]
    expected = {benchmark.n_total} | ({min(limit, benchmark.n_total)} if limit else set())
    if len(lines) not in expected:
        where = (f"line{'' if len(blank) == 1 else 's'} {', '.join(map(str, blank[:5]))}"
                 f"{', ...' if len(blank) > 5 else ''} {'is' if len(blank) == 1 else 'are'} "
                 "blank, which shifts every later prediction onto the wrong question; "
                 if blank else "")
        counts = (f"the file has {len(lines)} line(s), the benchmark {benchmark.n_total} "
                  "question(s)" + (f" ({limit} with --limit {limit})" if limit
                                   and limit < benchmark.n_total else ""))
        misaligned = (f"predictions file {str(p)!r}: {counts}: {where}lines are matched "
                      "to questions by position, so the file must have one line per "
                      "question (an empty line for a failed generation); fix the file, or "
                      "pass --allow-misaligned to match lines to questions in order anyway")
        warnings.append(f"{counts}; {where}lines are matched to questions in order "
                        "(is it for another split or benchmark?)")
    elif blank:
        _summarize(warnings, [f"line {i}" for i in blank],
                   "blank line(s): failed generations, judged as empty predictions")
    cut = []
    for n, (ex, line) in enumerate(zip(examples, lines, strict=False), 1):
        line = line.rstrip("\r")
        if compat == "spider":  # the official reading of a prediction line
            head, tab, tail = line.strip().partition("\t")
            official = head.replace(" value ", " 1 ")
            if (tab and tail.strip() not in db_ids) or official != head:
                cut.append(f"line {n}")
            line = official
        preds[ex.id] = _clean(ex.id, line, max_chars, db_ids)
    _summarize(warnings, cut, "line(s) read as the official Spider evaluator reads them "
               "(--compat spider): the text before the first TAB, ' value ' as ' 1 '")
    return preds, misaligned


def _utf16(raw: bytes) -> bool:
    return raw[:2] in (b"\xff\xfe", b"\xfe\xff") or (len(raw) > 8 and raw[1:8:2] == b"\0\0\0\0")


_WORD = re.compile(r"\w+")
MIN_PLAUSIBLE = 0.05  # share of predictions that name a table of their database


def check_usable(ps: PredictionSet, benchmark: Benchmark, *, utf16: bool = False,
                 bad_bytes: int = 0) -> None:
    """Fail when nothing in a prediction file can be judged: no valid prediction at all, or
    (of 20 predictions or more) fewer than one in 20 that is SQL naming a table of its own
    database (random bytes, another benchmark's file)."""
    preds = [ps.get(e.id) for e in benchmark.examples]
    if not preds:
        return
    where = f"predictions file {str(ps.path)!r}"
    hint = ("it looks like UTF-16: convert it to UTF-8 (e.g. iconv -f UTF-16 -t UTF-8)" if utf16
            else f"{bad_bytes} byte sequence(s) are not UTF-8: is it a text file?" if bad_bytes
            else "expected one SQL query per line (.sql), {index: sql} (.json) or "
                 "{\"id\", \"sql\"} lines (.jsonl)")
    ok = [pr for pr in preds if pr.ok]
    if not ok:
        reasons = sorted({pr.invalid for pr in preds})
        raise InputError(f"{where} has no usable prediction for any of the "
                         f"{len(preds)} question(s) ({'; '.join(reasons[:2])}); {hint}")
    by_id = {e.id: e for e in benchmark.examples}
    plausible = 0
    for pr in ok:
        schema = benchmark.schemas.get(by_id[pr.example_id].db_id)
        words = set(_WORD.findall(pr.sql.lower()))
        if schema is None or any(set(_WORD.findall(t.name.lower())) <= words
                                 for t in schema.tables):
            plausible += 1
    if len(preds) >= 20 and plausible < MIN_PLAUSIBLE * len(preds):
        raise InputError(f"{where} does not look like predictions for this benchmark: only "
                         f"{plausible} of {len(preds)} are SQL naming a table of their "
                         f"database ({benchmark.kind}:{benchmark.path}); is it for another "
                         f"benchmark or split? ({hint})")


def _summarize(warnings: list[str], items: list[str], what: str, shown: int = 3) -> None:
    """One warning for a kind of problem, however many items have it.

    >>> w = []
    >>> _summarize(w, ["'7'", "'8'", "'9'", "'10'"], "key(s) match no example; ignored")
    >>> w
    ["4 key(s) match no example; ignored: '7', '8', '9', ..."]
    """
    if items:
        more = ", ..." if len(items) > shown else ""
        warnings.append(f"{len(items)} {what}: {', '.join(items[:shown])}{more}")
