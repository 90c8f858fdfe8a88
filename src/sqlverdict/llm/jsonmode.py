"""Parse and check JSON answers of language models.

Models wrap JSON in prose or Markdown fences more often than not; ``parse_json_answer``
accepts the first complete JSON value in the text and nothing else.

>>> parse_json_answer('Sure! ```json\\n{"keep": true}\\n```')
{'keep': True}
>>> parse_json_answer('[1, 2] trailing words')
[1, 2]
>>> parse_json_answer("no json here")
Traceback (most recent call last):
...
ValueError: answer contains no JSON object or array: 'no json here'
>>> check_shape({"keep": True, "why": "x"}, {"keep": bool, "why": str})
>>> check_shape({"keep": "yes"}, {"keep": bool})
Traceback (most recent call last):
...
ValueError: key 'keep' should be bool, got str ('yes')
"""

from __future__ import annotations

import json
import re
from typing import Any

_FENCE = re.compile(r"```(?:json|JSON)?\s*(.*?)```", re.S)


def _short(text: str, n: int = 120) -> str:
    return repr(text if len(text) <= n else text[:n] + "...")


def parse_json_answer(text: str | None) -> Any:
    """The JSON value in a model answer: the whole text, a fenced block, or the first
    ``{...}`` / ``[...]`` that decodes. Raises ``ValueError`` naming the answer."""
    if text is None:
        raise ValueError("answer is empty (no content)")
    s = text.strip()
    try:
        return json.loads(s)
    except json.JSONDecodeError:
        pass
    for m in _FENCE.finditer(s):
        try:
            return json.loads(m.group(1).strip())
        except json.JSONDecodeError:
            continue
    dec = json.JSONDecoder()
    for i, ch in enumerate(s):
        if ch in "{[":
            try:
                value, _ = dec.raw_decode(s, i)
                return value
            except json.JSONDecodeError:
                continue
    raise ValueError(f"answer contains no JSON object or array: {_short(s)}")


def check_shape(obj: Any, shape: dict[str, type | tuple[type, ...]]) -> None:
    """Raise ``ValueError`` unless ``obj`` is a dict whose keys in ``shape`` have the given
    types (extra keys are allowed; ``bool`` is not accepted for ``int``/``float``)."""
    if not isinstance(obj, dict):
        raise ValueError(f"expected a JSON object, got {type(obj).__name__}")
    for key, typ in shape.items():
        if key not in obj:
            raise ValueError(f"missing key {key!r}")
        v = obj[key]
        types = typ if isinstance(typ, tuple) else (typ,)
        ok = isinstance(v, types) and not (isinstance(v, bool) and bool not in types)
        if not ok:
            names = "/".join(t.__name__ for t in types)
            raise ValueError(f"key {key!r} should be {names}, got {type(v).__name__} ({v!r})")
