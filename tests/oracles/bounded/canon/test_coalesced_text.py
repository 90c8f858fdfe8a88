"""``canon/coalesced_text.py``: its laws against SQLite on random tables holding every
storage class (the laws claim the sqlite domain)."""

from __future__ import annotations

import random

import pytest
from tests.oracles.bounded.canon.test_concat_chains import _same, _table


@pytest.mark.parametrize("seed", range(12))
def test_text_tests_over_a_coalesce_hold_for_every_storage_class(seed):
    db = _table(random.Random(seed), 6, typed=False)
    for f in ("LOWER", "UPPER", "TRIM", "LTRIM", "RTRIM", "LENGTH"):
        _same(db, f"SELECT rowid, {f}(b) IS NULL FROM t ORDER BY rowid",
              "SELECT rowid, b IS NULL FROM t ORDER BY rowid")
    _same(db, "SELECT rowid FROM t WHERE COALESCE(b, '') NOT LIKE '%a%' ORDER BY rowid",
          "SELECT rowid FROM t WHERE NOT ((b IS NULL AND '' LIKE '%a%') OR (b IS NOT NULL AND "
          "b LIKE '%a%')) ORDER BY rowid")
    _same(db, "SELECT rowid, COALESCE(c, 'a-') LIKE 'A%' FROM t ORDER BY rowid",
          "SELECT rowid, (c IS NULL AND 1) OR (c IS NOT NULL AND c LIKE 'A%') FROM t "
          "ORDER BY rowid")
    _same(db, "SELECT rowid FROM t WHERE NOT COALESCE(LOWER(b), '') GLOB '*a*' ORDER BY rowid",
          "SELECT rowid FROM t WHERE NOT ((b IS NULL AND 0) OR (b IS NOT NULL AND LOWER(b) "
          "GLOB '*a*')) ORDER BY rowid")
