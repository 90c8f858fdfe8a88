"""Distillation: keep few instances that separate every separable (gold, mutant) pair.

Pure set-cover helpers; the caller computes which pairs each candidate instance separates.

>>> greedy_cover({"a": {1, 2}, "b": {2, 3, 4}, "c": {4}, "d": {1}})
['b', 'a']
>>> greedy_cover({"a": {1, 2}, "b": {3}}, budget=1)
['a']
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping


def greedy_cover(separates: Mapping[Hashable, set], *, budget: int | None = None) -> list:
    """Candidates in pick order: each time the one separating most not-yet-separated pairs
    (ties broken by the caller's order), until all are covered or ``budget`` is reached."""
    left = set().union(*separates.values()) if separates else set()
    order = list(separates)
    picked: list = []
    while left and (budget is None or len(picked) < budget):
        best = max(order, key=lambda k: (len(separates[k] & left), -order.index(k)))
        gain = separates[best] & left
        if not gain:
            break
        picked.append(best)
        left -= gain
    return picked
