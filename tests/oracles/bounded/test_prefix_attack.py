"""The attack on ``finite_text_domain`` draws strings that one cut takes for one
(``search.prefix_strings``): a proof that groups by ``SUBSTR(d, 1, k)`` instead of ``d``
holds only where no two strings share their first k characters, which the verifier's
finite set of strings arranges and real text does not."""

from __future__ import annotations

import pytest

from sqlverdict import verify
from sqlverdict.oracles.bounded.search import prefix_strings
from sqlverdict.schema import from_ddl

SCHEMA = from_ddl("CREATE TABLE p(pid INTEGER PRIMARY KEY, name TEXT NOT NULL);"
                  "CREATE TABLE e(id INTEGER PRIMARY KEY, pid INTEGER NOT NULL REFERENCES p(pid),"
                  " d TEXT NOT NULL, n INTEGER);")
BY_DAY = "SELECT d, SUBSTR(d, 1, 7), COUNT(*) FROM e GROUP BY d, SUBSTR(d, 1, 7)"
BY_MONTH = "SELECT MIN(d), SUBSTR(d, 1, 7), COUNT(*) FROM e GROUP BY SUBSTR(d, 1, 7)"


@pytest.mark.parametrize("domain", ["sqlite", "typed"])
def test_a_cut_that_merges_two_strings_is_refuted(domain):
    r = verify(BY_DAY, BY_MONTH, SCHEMA, domain=domain, timeout_s=30)
    assert str(r.status) == "refuted", r.reason
    days = [row[2] for row in r.witness.tables["e"]["rows"]]
    assert len({d[:7] for d in days}) < len(set(days))  # two days, one cut


def test_the_strings_share_exactly_the_cut():
    cut = prefix_strings([7])
    assert {len(x) for x in cut} == {7, 8}
    heads = {}
    for x in cut:
        heads.setdefault(x[:7], set()).add(x)
    assert all(len(v) == 3 for v in heads.values())
    assert prefix_strings(["abc", 0, 40, True]) == []  # no cut of 1 to 16 characters
