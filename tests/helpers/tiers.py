"""The suite's two tiers, as Hypothesis's CI and development profiles are: the default run
(the README's command) takes a fixed sample of each long parametrized list of heavy cases;
``python -m pytest -m slow`` takes the rest (``benchmarks/deep_suite.py`` runs it and keeps
its result). Both together are the full strength; a case is in exactly one tier.
``tiered_examples`` does the same for a Hypothesis property: a smaller sample of examples by
default, the property's full count in the deep tier.

>>> [getattr(p, "marks", ()) and "deep" or "default" for p in tiered(["a", "b", "c"], 2)]
['default', 'deep', 'default']
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings


def tiered(cases, every: int, unpack: bool = False) -> list:
    """``cases`` with all but every ``every``-th (the first included) marked ``slow``;
    ``unpack``: each case is a tuple of the test's arguments (``"gold,pred"``)."""
    out = []
    for i, c in enumerate(cases):
        if i % every == 0:
            out.append(c)
        else:
            out.append(pytest.param(*(c if unpack else (c,)), marks=pytest.mark.slow))
    return out


def tiered_examples(prop, strategies: dict, full: int, default: int, **kw) -> tuple:
    """Two Hypothesis tests of the plain function ``prop`` (keyword ``strategies`` for
    ``given``, ``kw`` for ``settings``): ``default`` examples in the default tier, ``full``
    in the deep tier. Assign both to module names ``test_...`` so that pytest collects them."""
    fast = settings(max_examples=default, **kw)(given(**strategies)(prop))
    deep = settings(max_examples=full, **kw)(given(**strategies)(prop))
    return fast, pytest.mark.slow(deep)
