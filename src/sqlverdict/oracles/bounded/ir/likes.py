"""LIKE patterns as SQLite reads them, ESCAPE included: one canonical spelling per pattern.

``x LIKE p ESCAPE e``: ``e`` followed by any character matches that character (still with
ASCII case folded, as every LIKE character: ``'aB' LIKE 'a!b' ESCAPE '!'``); the escape
character itself is compared exactly; a pattern ending in ``e`` matches no text. The IR
keeps a pattern without ESCAPE where it needs none, else with ``\\`` as its escape and only
``%``, ``_`` and ``\\`` escaped, so two spellings of one pattern lower to one node.
"""

from __future__ import annotations

CANONICAL_ESCAPE = "\\"


def like_tokens(pattern: str, escape: str | None) -> tuple[list[tuple[str, str]], bool]:
    """(tokens ``("%", "")``, ``("_", "")`` or ``("c", char)``, whether the pattern ends in
    a dangling ESCAPE character: then it matches nothing).

    >>> like_tokens("a!%_", "!")
    ([('c', 'a'), ('c', '%'), ('_', '')], False)
    >>> like_tokens("a!", "!")[1]
    True
    """
    out, i = [], 0
    while i < len(pattern):
        ch = pattern[i]
        if escape is not None and ch == escape:
            if i + 1 == len(pattern):
                return out, True
            out.append(("c", pattern[i + 1]))
            i += 2
            continue
        out.append((ch, "") if ch in "%_" else ("c", ch))
        i += 1
    return out, False


def canonical_like(pattern: str, escape: str | None) -> tuple[str, str]:
    """(pattern, escape) of the IR: escape ``""`` when no literal ``%``/``_`` and no
    dangling escape, else ``\\``.

    >>> canonical_like("a!%b", "!"), canonical_like("a!b%", "!"), canonical_like("50%", None)
    (('a\\\\%b', '\\\\'), ('ab%', ''), ('50%', ''))
    """
    tokens, dangling = like_tokens(pattern, escape)
    if not dangling and not any(k == "c" and ch in "%_" for k, ch in tokens):
        return "".join(ch if k == "c" else k for k, ch in tokens), ""
    e = CANONICAL_ESCAPE
    text = "".join((e + ch if ch in "%_" + e else ch) if k == "c" else k for k, ch in tokens)
    return text + (e if dangling else ""), e


def like_examples(pattern: str, escape: str) -> set[str]:
    """Texts the pattern matches (wildcards filled two ways) and their upper case."""
    tokens, dangling = like_tokens(pattern, escape or None)
    if dangling:
        return set()
    out = set()
    for fill in ("", "x"):
        ex = "".join(fill if k == "%" else "a" if k == "_" else ch for k, ch in tokens)
        out |= {ex, ex.upper()}
    return out
