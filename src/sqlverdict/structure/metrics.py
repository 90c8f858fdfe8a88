"""SQLStructEval measures: per question, then averaged over questions with equal weight.

Per question, over its N samples (``canon[i]`` is the canonical structure of sample i or
None when it failed to parse, ``executed[i]`` whether it ran without error, ``correct[i]``
whether the correctness oracle accepted it):

- ``PR`` parse rate = parsed / N (0 when N = 0).
- ``D`` distinct structures among the parsed samples (0 when none parsed).
- ``MR`` majority ratio = (count of the most frequent structure) / parsed (0 when none parsed).
- ``H`` entropy = -sum_s p_s log2 p_s with p_s = count_s / parsed (0 when none parsed).
- ``NE`` normalized entropy = H / log2 D, and 0 when D <= 1.
- ``EA`` execution accuracy = correct / N (unparsable and failing samples count as wrong).
- ``CEA`` conditional execution accuracy = correct / executed (0 when nothing executed).
- ``D_c``, ``H_c``: D and H over the parsed correct samples; ``CA`` correct-subset agreement
  = MR over the parsed correct samples. All three are 0 on an empty subset (the paper's
  convention; dataset averages therefore also reflect accuracy).
- ``RA`` reference alignment = share of the parsed samples whose structure equals the gold's
  structure, whether or not they are correct (the seed's formula; 0 when none parsed or the
  gold does not parse).
- ``LAR`` low-agreement indicator: at least ``lar_min_correct`` (2) correct samples and
  CA < ``lar_ca`` (0.7). ``HDR`` high-accuracy diversity indicator: EA >= ``hdr_ea`` (0.8)
  and D_c > ``hdr_dc`` (1). Averaged over questions they are rates.

Across input variants of one question (original, paraphrases, reordered schemas), each
input's majority structure m_v is its most frequent parsed structure (ties: the one seen
first), or none when no sample parsed:

- ``VA`` variant agreement = share of equal pairs among the inputs' majority structures,
  over inputs that have one; 1 when fewer than two inputs have one.
- ``D_p`` pooled distinct structures over the samples of every input.
- ``Sens`` sensitivity = (variants whose majority exists and differs from the original's
  majority) / max(1, number of variants); 0 when the original has no majority.
- ``SF`` sensitivity frequency: the dataset share of questions with Sens > 0.

>>> m = question_measures(["a", "a", "b", None], [True, True, False, False],
...                       [True, True, True, False], gold="a")
>>> (m["D"], m["MR"], round(m["H"], 3), m["EA"], m["CEA"], m["CA"], m["RA"], m["PR"])
(2, 0.6666666666666666, 0.918, 0.5, 0.6666666666666666, 1.0, 0.6666666666666666, 0.75)
>>> variant_measures({"original": ["a", "a"], "p1": ["b"], "p2": ["a", "b", "a"]})
{'VA': 0.3333333333333333, 'D_p': 2, 'Sens': 0.5, 'n_inputs': 3}
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import asdict, dataclass

QUESTION_MEASURES = ("PR", "D", "MR", "H", "NE", "EA", "CEA", "D_c", "H_c", "CA", "RA",
                     "LAR", "HDR")
VARIANT_MEASURES = ("VA", "D_p", "Sens", "SF")


@dataclass(frozen=True)
class Thresholds:
    lar_min_correct: int = 2
    lar_ca: float = 0.7
    hdr_ea: float = 0.8
    hdr_dc: int = 1

    def to_json(self) -> dict:
        return asdict(self)


def entropy(counts: Sequence[int]) -> float:
    """Shannon entropy in bits of a distribution given by counts (0 for an empty one).

    >>> entropy([1, 1]), entropy([3]), entropy([])
    (1.0, 0.0, 0.0)
    """
    total = sum(counts)
    if total <= 0:
        return 0.0
    h = -sum((c / total) * math.log2(c / total) for c in counts if c > 0)
    return h if h > 0 else 0.0


def distribution(structures: Sequence[str | None]) -> dict:
    """D, MR, H, NE over the parsed entries of ``structures``."""
    freq = Counter(s for s in structures if s is not None)
    parsed = sum(freq.values())
    if not parsed:
        return {"D": 0, "MR": 0.0, "H": 0.0, "NE": 0.0, "parsed": 0}
    d = len(freq)
    h = entropy(list(freq.values()))
    return {"D": d, "MR": max(freq.values()) / parsed, "H": h,
            "NE": h / math.log2(d) if d > 1 else 0.0, "parsed": parsed}


def majority(structures: Sequence[str | None]) -> str | None:
    """Most frequent parsed structure; ties go to the one seen first."""
    freq = Counter(s for s in structures if s is not None)
    if not freq:
        return None
    best = max(freq.values())
    return next(s for s in structures if s is not None and freq[s] == best)


def question_measures(canon: Sequence[str | None], correct: Sequence[bool],
                      executed: Sequence[bool], gold: str | None = None,
                      thresholds: Thresholds = Thresholds()) -> dict:
    """All per-question measures (see the module docstring for formulas)."""
    n = len(canon)
    if not (len(correct) == len(executed) == n):
        raise ValueError("canon, correct and executed must have one entry per sample")
    allq = distribution(canon)
    n_correct = sum(bool(c) for c in correct)
    n_exec = sum(bool(e) for e in executed)
    corr = [c for c, ok in zip(canon, correct, strict=True) if ok]
    sub = distribution(corr)
    parsed = [c for c in canon if c is not None]
    ra = sum(c == gold for c in parsed) / len(parsed) if gold is not None and parsed else 0.0
    ea = n_correct / n if n else 0.0
    return {
        "N": n,
        "parsed": allq["parsed"],
        "executed": n_exec,
        "correct": n_correct,
        "PR": allq["parsed"] / n if n else 0.0,
        "D": allq["D"],
        "MR": allq["MR"],
        "H": allq["H"],
        "NE": allq["NE"],
        "EA": ea,
        "CEA": n_correct / n_exec if n_exec else 0.0,
        "D_c": sub["D"],
        "H_c": sub["H"],
        "CA": sub["MR"],
        "RA": ra,
        "LAR": int(n_correct >= thresholds.lar_min_correct and sub["MR"] < thresholds.lar_ca),
        "HDR": int(ea >= thresholds.hdr_ea and sub["D"] > thresholds.hdr_dc),
    }


def variant_measures(inputs: dict[str, Sequence[str | None]],
                     original: str = "original") -> dict:
    """VA, D_p and Sens for one question whose inputs map an input id to its structures."""
    majorities = {k: majority(v) for k, v in inputs.items()}
    present = [m for k, m in sorted(majorities.items()) if m is not None]
    if len(present) >= 2:
        pairs = [(a, b) for i, a in enumerate(present) for b in present[i + 1:]]
        va = sum(a == b for a, b in pairs) / len(pairs)
    else:
        va = 1.0
    pooled = {s for v in inputs.values() for s in v if s is not None}
    orig = majorities.get(original)
    variants = [k for k in inputs if k != original]
    differ = 0
    if orig is not None:
        differ = sum(1 for k in variants if majorities[k] is not None and majorities[k] != orig)
    return {"VA": va, "D_p": len(pooled), "Sens": differ / max(1, len(variants)),
            "n_inputs": len(inputs)}


def average(per_question: Sequence[dict], names: Sequence[str]) -> dict:
    """Equal-weight mean of each measure over questions (0 for an empty dataset)."""
    n = len(per_question)
    out = {}
    for name in names:
        vals = [float(q[name]) for q in per_question if q.get(name) is not None]
        out[name] = sum(vals) / len(vals) if vals else 0.0
    out["n_questions"] = n
    return out


def dataset_measures(per_question: Sequence[dict]) -> dict:
    """Dataset values of the per-question measures (LAR and HDR become rates)."""
    return average(per_question, QUESTION_MEASURES)


def dataset_variant_measures(per_question: Sequence[dict]) -> dict:
    """Dataset values of the variant measures over the questions that have variants;
    ``n_variant_questions`` counts them (``n_questions`` stays the whole dataset's).

    >>> dataset_variant_measures([{"VA": 1.0, "D_p": 1, "Sens": 0.0}])
    {'VA': 1.0, 'D_p': 1.0, 'Sens': 0.0, 'SF': 0.0, 'n_variant_questions': 1}
    """
    out = average(per_question, ("VA", "D_p", "Sens"))
    n = out.pop("n_questions")
    out["SF"] = sum(1 for q in per_question if q["Sens"] > 0) / n if n else 0.0
    out["n_variant_questions"] = n
    return out
