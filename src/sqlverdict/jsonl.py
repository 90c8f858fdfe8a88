"""Reading JSONL files, one way: one JSON object per line, blank lines skipped.

``read_jsonl(path, what)`` yields ``(line number, object)``. A line that is not a JSON
object, or bytes that are not UTF-8, raise ``InputError`` naming the file, the line and
what was expected (``hint``). Readers that go on past a bad line (prediction files, the
report) pass ``on_error(line number, problem)`` instead: the line is skipped.

>>> import tempfile, pathlib
>>> p = pathlib.Path(tempfile.mkdtemp()) / "x.jsonl"
>>> _ = p.write_text('{"id": 1}\\n\\n[2]\\n')
>>> list(read_jsonl(p, "pool file", on_error=lambda n, why: print(n, why)))
3 not a JSON object
[(1, {'id': 1})]
>>> list(read_jsonl(p, "pool file", hint="one {id, candidates} per line"))
Traceback (most recent call last):
...
sqlverdict.errors.InputError: pool file '...x.jsonl' line 3: not a JSON object (one {id, candidates} per line)
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path

from .errors import InputError

OnError = Callable[[int, str], None]


def objects(lines: Iterable[str], where: str, *, hint: str = "",
            on_error: OnError | None = None) -> Iterator[tuple[int, dict]]:
    """``(line number, object)`` for each non-blank line of ``lines``."""
    for lineno, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            d = json.loads(line)
        except json.JSONDecodeError as e:
            problem = f"not JSON ({e})"
        except RecursionError:
            problem = "JSON nested too deeply to read"
        else:
            if isinstance(d, dict):
                yield lineno, d
                continue
            problem = "not a JSON object"
        if on_error is None:
            raise InputError(f"{where} line {lineno}: {problem}" + (f" ({hint})" if hint else ""))
        on_error(lineno, problem)


def read_jsonl(path: str | Path, what: str = "file", *, hint: str = "",
               on_error: OnError | None = None) -> Iterator[tuple[int, dict]]:
    """``objects`` of the file at ``path``; ``what`` names it in messages ("pool file").
    Bytes that are not UTF-8 are an error, or replaced when ``on_error`` is given."""
    p = Path(path)
    where = f"{what} {str(p)!r}"
    try:
        with open(p, encoding="utf-8", errors="replace" if on_error else "strict") as f:
            yield from objects(f, where, hint=hint, on_error=on_error)
    except UnicodeDecodeError as e:
        raise InputError(f"{where} is not UTF-8 text ({e.reason} at byte {e.start}); "
                         "save it as UTF-8") from None
