"""Bounded evidence: every value the tool stores or shows is cut to a few KB.

A prediction can return one huge value (``group_concat`` over a cross join, a 16 MB
blob); written verbatim into ``verdicts.jsonl``, the journal and the report, one such
value made files of hundreds of MB. ``clip`` walks JSON-ready data and cuts each long
string or blob, keeping its start and saying how long it was.

>>> clip_text("x" * 10, 4)
'xxxx… [truncated, 10 bytes]'
>>> clip({"rows": [["short", "y" * 9000]], "n": 3})["rows"][0][1][-25:]
'… [truncated, 9000 bytes]'
>>> clip(b"\\x00" * 5000, 8)
"b'\\\\x00\\\\x00'… [truncated, 5000 bytes]"
"""

from __future__ import annotations

from typing import Any

MAX_STORED_CHARS = 4096  # per value in evidence and reasons
MAX_QUERY_CHARS = 16_384  # per question or SQL text (valid predictions are never longer)


def clip_text(s: str, limit: int = MAX_STORED_CHARS) -> str:
    if len(s) <= limit:
        return s
    return s[:limit] + f"… [truncated, {len(s.encode('utf-8', 'replace'))} bytes]"


def clip(obj: Any, limit: int = MAX_STORED_CHARS) -> Any:
    """``obj`` with every string and blob longer than ``limit`` cut (lists and dicts are
    walked; tuples become lists, as in JSON)."""
    if isinstance(obj, str):
        return clip_text(obj, limit)
    if isinstance(obj, bytes):
        if len(obj) <= limit // 4:
            return obj
        return repr(obj[:limit // 4]) + f"… [truncated, {len(obj)} bytes]"
    if isinstance(obj, dict):
        return {k: clip(v, limit) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [clip(v, limit) for v in obj]
    return obj
