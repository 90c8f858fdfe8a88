"""Bounded evidence: every value the tool stores or shows is cut to a few KB.

A prediction can return one huge value (``group_concat`` over a cross join, a 16 MB
blob); written verbatim into ``verdicts.jsonl``, the journal and the report, one such
value made files of hundreds of MB. ``clip`` walks JSON-ready data and cuts each long
string or blob, keeping its start and saying how long it was.

>>> clip_text("x" * 40, 30)
'xxxxxxx… [truncated, 40 bytes]'
>>> clip_text(clip_text("y" * 9000)) == clip_text("y" * 9000)
True
>>> clip({"rows": [["short", "y" * 9000]], "n": 3})["rows"][0][1][-25:]
'… [truncated, 9000 bytes]'
>>> clip(b"\\x00" * 5000, 32)
"b'\\\\x00'… [truncated, 5000 bytes]"
"""

from __future__ import annotations

import json
from typing import Any

MAX_STORED_CHARS = 4096  # per value in evidence and reasons
MAX_QUERY_CHARS = 16_384  # per question or SQL text (valid predictions are never longer)


def clip_text(s: str, limit: int = MAX_STORED_CHARS) -> str:
    """``s``, or its start and a marker, in at most ``limit`` characters (so clipping twice
    changes nothing)."""
    if len(s) <= limit:
        return s
    marker = f"… [truncated, {len(s.encode('utf-8', 'replace'))} bytes]"
    return s[:max(0, limit - len(marker))] + marker


_SCALARS = (int, float, bool, type(None))


def clip(obj: Any, limit: int = MAX_STORED_CHARS) -> Any:
    """``obj`` with every string and blob longer than ``limit`` cut (lists and dicts are
    walked; tuples become lists, as in JSON)."""
    if isinstance(obj, (dict, list, tuple)):
        try:  # no string in it can be longer than all of it: most evidence is small
            if len(json.dumps(obj, default=str)) <= limit:
                return obj
        except (TypeError, ValueError):
            pass
    return _clip(obj, limit)


def _clip(obj: Any, limit: int) -> Any:
    t = type(obj)
    if t in _SCALARS or (t is str and len(obj) <= limit):  # the common case, first
        return obj
    if isinstance(obj, str):
        return clip_text(obj, limit)
    if isinstance(obj, bytes):
        if len(obj) <= limit // 4:
            return obj
        marker = f"… [truncated, {len(obj)} bytes]"
        return repr(obj[:max(0, limit - len(marker)) // 4]) + marker
    if isinstance(obj, dict):
        return {k: _clip(v, limit) for k, v in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [v if type(v) in _SCALARS or (type(v) is str and len(v) <= limit)
                else _clip(v, limit) for v in obj]
    return obj
