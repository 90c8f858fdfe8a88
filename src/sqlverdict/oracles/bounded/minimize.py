"""Shrink a replayed witness while the difference persists: drop rows, then simplify values.

Every candidate is checked by the same SQLite replay as the original witness, so a
minimized witness is as trustworthy as the first one. The number of replays is capped.
"""

from __future__ import annotations

import copy

from ...types import Schema
from .replay import Replay, replay

MAX_REPLAYS = 80


def _simpler(v):
    if isinstance(v, bool) or v is None:
        return []
    if isinstance(v, int):
        return [c for c in (0, 1) if c != v and (abs(c) < abs(v) or v < 0)]
    if isinstance(v, float):
        return [c for c in (0.0, 1.0, float(round(v))) if c != v]
    if isinstance(v, str):
        return [c for c in ("", "a") if c != v and len(c) < len(v)]
    return []


def minimize(gold: str, pred: str, schema: Schema, tables: dict[str, dict], semantics: str,
             first: Replay, accept=None) -> tuple[dict[str, dict], Replay]:
    """``accept(tables) -> bool``: an extra condition every candidate must meet (the
    active domain constraints, so that a minimized witness stays as realistic)."""
    best, best_rep = copy.deepcopy(tables), first
    budget = [MAX_REPLAYS]

    def attempt(cand):
        if budget[0] <= 0:
            return None
        if accept is not None and not accept(cand):
            return None
        budget[0] -= 1
        rep = replay(gold, pred, schema, cand, semantics, in_memory=True)
        return rep if rep.differs and rep.signature != "execution_error" or (
            rep.differs and best_rep.signature == "execution_error") else None

    for name in list(best):  # drop rows, last first (keeps the "first k rows" shape)
        i = len(best[name]["rows"]) - 1
        while i >= 0:
            cand = copy.deepcopy(best)
            del cand[name]["rows"][i]
            rep = attempt(cand)
            if rep is not None:
                best, best_rep = cand, rep
            i -= 1
    for name in list(best):  # simplify values
        for r in range(len(best[name]["rows"])):
            for c in range(len(best[name]["columns"])):
                for v in _simpler(best[name]["rows"][r][c]):
                    cand = copy.deepcopy(best)
                    cand[name]["rows"][r][c] = v
                    rep = attempt(cand)
                    if rep is not None:
                        best, best_rep = cand, rep
                        break
    return best, best_rep
