"""Result comparison, in one place.

Default semantics follow the official test-suite evaluator: results are multisets of rows
(``bag``), compared as lists when the gold query has a top-level ORDER BY; columns match up
to permutation; values compare as Python does, so ``1 == 1.0``. ``set``, ``bag`` and ``list``
can be chosen explicitly.

Column permutation is found without trying all permutations: a predicted column can only
stand for a gold column with the same multiset (or set) of values, and identical predicted
columns are interchangeable, so the backtracking search is tiny in practice.

>>> results_equal([(1, 'a')], [('a', 1.0)], "bag")
True
>>> results_equal([(1,), (1,)], [(1,)], "set"), results_equal([(1,), (1,)], [(1,)], "bag")
(True, False)
>>> signature([(1,), (2,)], [(2,), (1,)], "list")
'row_order'
>>> signature([(1,), (2,)], [(1,)], "bag")
'pred_subset'
"""

from __future__ import annotations

import enum
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

Rows = Sequence[Sequence]


class Semantics(enum.StrEnum):
    SET = "set"
    BAG = "bag"
    LIST = "list"

    def __str__(self) -> str:
        return self.value

    @classmethod
    def parse(cls, text: str | Semantics) -> Semantics:
        if isinstance(text, Semantics):
            return text
        try:
            return cls(str(text).lower())
        except ValueError:
            raise ValueError(f"unknown semantics {text!r}; expected set, bag or list") from None


SIGNATURES = (
    "execution_error",
    "row_order",
    "duplicates",
    "column_count",
    "gold_empty",
    "pred_empty",
    "gold_subset",
    "pred_subset",
    "disjoint",
    "partial_overlap",
    "value_types",  # --compat spider: equal, but an integer against a float fails its check
)


def _ncols(rows: Rows, ncols: int | None) -> int | None:
    """Column count: given, or read from the first row; None when unknowable (no rows)."""
    if ncols is not None:
        return ncols
    return len(rows[0]) if rows else None


def _column_key(rows: Rows, i: int, sem: Semantics):
    vals = (r[i] for r in rows)
    return frozenset(vals) if sem is Semantics.SET else Counter(vals)


def _rows_equal(a: Rows, b: Rows, sem: Semantics) -> bool:
    if sem is Semantics.LIST:
        return len(a) == len(b) and all(tuple(x) == tuple(y) for x, y in zip(a, b, strict=True))
    if sem is Semantics.BAG:
        return len(a) == len(b) and Counter(map(tuple, a)) == Counter(map(tuple, b))
    return set(map(tuple, a)) == set(map(tuple, b))


def _permutations(gold: Rows, pred: Rows, n: int, sem: Semantics, limit: int = 2000):
    """Yield column orders ``perm`` (pred column for each gold column) worth checking."""
    gkeys = [_column_key(gold, i, sem) for i in range(n)]
    pkeys = [_column_key(pred, j, sem) for j in range(n)]
    # identical predicted columns are interchangeable: keep one representative per class
    seen_cols: dict[tuple, int] = {}
    rep = []
    for j in range(n):
        col = tuple(r[j] for r in pred)
        rep.append(seen_cols.setdefault(col, j) == j)
    cands = []
    for i in range(n):
        c = [j for j in range(n) if pkeys[j] == gkeys[i]]
        if not c:
            return
        c.sort(key=lambda j: (j != i, j))
        cands.append(c)
    used = [False] * n
    perm = [0] * n
    budget = [limit]

    def rec(i: int):
        if budget[0] <= 0:
            return
        if i == n:
            budget[0] -= 1
            yield list(perm)
            return
        tried_cols = set()
        for j in cands[i]:
            if used[j]:
                continue
            col = tuple(r[j] for r in pred) if not rep[j] else j
            if col in tried_cols:
                continue
            tried_cols.add(col)
            used[j] = True
            perm[i] = j
            yield from rec(i + 1)
            used[j] = False

    yield from rec(0)


def results_equal(gold: Rows, pred: Rows, semantics: Semantics | str = "bag", *,
                  gold_ncols: int | None = None, pred_ncols: int | None = None,
                  permute_columns: bool = True, empty_equal_any_columns: bool = False) -> bool:
    """Are two results equal under ``semantics``? Column counts come from the rows unless
    given (an empty result still has columns)."""
    sem = Semantics.parse(semantics)
    ng, np_ = _ncols(gold, gold_ncols), _ncols(pred, pred_ncols)
    if not gold and not pred:
        return empty_equal_any_columns or ng is None or np_ is None or ng == np_
    if ng is not None and np_ is not None and ng != np_:
        return False
    n = ng if ng is not None else np_
    if sem is not Semantics.SET and len(gold) != len(pred):
        return False
    if not gold or not pred:
        return False
    if _rows_equal(gold, pred, sem):
        return True
    if not permute_columns or n == 1:
        return False
    for perm in _permutations(gold, pred, n, sem):
        permuted = [tuple(r[j] for j in perm) for r in pred]
        if _rows_equal(gold, permuted, sem):
            return True
    return False


def _aligned(gold: Rows, pred: Rows, n: int) -> Rows:
    """Pred rows with columns reordered to best match gold at the set level."""
    for perm in _permutations(gold, pred, n, Semantics.SET, limit=50):
        return [tuple(r[j] for j in perm) for r in pred]
    return pred


def signature(gold: Rows, pred: Rows, semantics: Semantics | str = "bag", *,
              gold_ncols: int | None = None, pred_ncols: int | None = None,
              permute_columns: bool = True) -> str | None:
    """The difference signature of two results, or None when they are equal.

    >>> signature([(1, 2)], [(2, 1)], "set", permute_columns=False)
    'disjoint'
    """
    sem = Semantics.parse(semantics)
    perm = permute_columns
    if results_equal(gold, pred, sem, gold_ncols=gold_ncols, pred_ncols=pred_ncols,
                     permute_columns=perm):
        return None
    ng, np_ = _ncols(gold, gold_ncols), _ncols(pred, pred_ncols)
    if ng is None or np_ is None:
        ng = np_ = ng if ng is not None else np_
    if ng == np_ and gold and pred:
        if sem is Semantics.LIST and results_equal(gold, pred, "bag", permute_columns=perm):
            return "row_order"
        if sem is not Semantics.SET and results_equal(gold, pred, "set", permute_columns=perm):
            return "duplicates"
    if ng != np_:
        return "column_count"
    if not gold:
        return "gold_empty"
    if not pred:
        return "pred_empty"
    p = _aligned(gold, pred, ng) if perm else pred
    gs, ps = set(map(tuple, gold)), set(map(tuple, p))
    if gs < ps or (gs == ps):
        return "gold_subset"
    if ps < gs:
        return "pred_subset"
    if not gs & ps:
        return "disjoint"
    return "partial_overlap"


@dataclass(frozen=True)
class Comparison:
    equal: bool
    signature: str | None


def compare(gold: Rows, pred: Rows, semantics: Semantics | str = "bag", **kw) -> Comparison:
    sig = signature(gold, pred, semantics, **kw)
    return Comparison(sig is None, sig)
