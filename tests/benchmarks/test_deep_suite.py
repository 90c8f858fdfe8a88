"""``benchmarks/deep_suite.py``: the deep tier's result table from a JUnit file, and the two
tiers partitioning the suite (each case in exactly one)."""

from __future__ import annotations

import pytest
from benchmarks.deep_suite import summary
from tests.helpers.tiers import tiered

JUNIT = """<?xml version="1.0" encoding="utf-8"?><testsuites><testsuite name="pytest">
<testcase classname="tests.a" name="test_x[1]" time="2.5"/>
<testcase classname="tests.a" name="test_x[2]" time="1.0"><failure message="boom"/></testcase>
<testcase classname="tests.b" name="test_y" time="0.5"><skipped message="no data"/></testcase>
</testsuite></testsuites>"""


def test_summary_counts_times_and_names_failures(tmp_path):
    xml = tmp_path / "deep.xml"
    xml.write_text(JUNIT, encoding="utf-8")
    md = summary(xml, 12.0, "abc1234", ["-k", "x"])
    assert "python -m benchmarks.deep_suite -k x" in md
    assert "Code: abc1234. Wall time 12 s; test-seconds 4." in md
    assert "| 1 | 1 | 0 | 1 |" in md
    assert "| tests.a | 3.5 |" in md
    assert "- `tests.a::test_x[2]`" in md


@pytest.mark.parametrize("every", [1, 2, 3, 7])
def test_tiers_partition_the_cases(every):
    cases = [(i, -i) for i in range(20)]
    out = tiered(cases, every, unpack=True)
    default = [c for c in out if not hasattr(c, "marks")]
    deep = [tuple(c.values) for c in out if hasattr(c, "marks")]
    assert all(m.name == "slow" for c in out if hasattr(c, "marks") for m in c.marks)
    assert sorted(default + deep) == cases and len(default) == len(range(0, 20, every))
