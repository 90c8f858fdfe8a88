"""The rule registry as a table for people: each rule with its site, law and fixture
counts (``python -m sqlverdict.oracles.bounded.canon``)."""

from __future__ import annotations

from pathlib import Path

from .rules import RULES

FIXTURES = Path(__file__).resolve().parents[5] / "tests" / "fixtures" / "rules"


def listing(fixtures: Path = FIXTURES) -> list[dict]:
    """Each rule with its site, law and fixture counts (pairs where it fires, where it must
    not fire), read from ``tests/fixtures/rules/<name>.sql`` (a ``# fires: yes|no`` header
    per pair). A rule without a fixture file has zero counts."""
    out = []
    for r in RULES:
        path = fixtures / f"{r.name}.sql"
        text = path.read_text(encoding="utf-8") if path.exists() else ""
        fires = sum(1 for line in text.splitlines() if line.replace(" ", "") == "#fires:yes")
        not_fires = sum(1 for line in text.splitlines() if line.replace(" ", "") == "#fires:no")
        out.append({"rule": r.name, "sites": r.sites, "law": r.law, "fires": fires,
                    "does_not_fire": not_fires, "fixture": path.name if path.exists() else None})
    return out


def main() -> None:
    """Print each rule: its fixture, pairs where it fires and where it must not, the tests
    ``test_rules.py`` runs on them (two per fires-pair, one per near miss), its law."""
    rows = listing()
    print(f"{'rule':<24} {'fixture':<28} fires  not  tests  law")
    for row in rows:
        tests = 2 * row["fires"] + row["does_not_fire"]
        print(f"{row['rule']:<24} {row['fixture'] or '-':<28} {row['fires']:>5} {row['does_not_fire']:>4} "
              f"{tests:>6}  {row['law']}")
    fixtures = sum(1 for row in rows if row["fixture"])
    tested = sum(1 for row in rows if row["fires"] and row["does_not_fire"])
    print(f"{len(rows)} rules, {fixtures} with a fixture, {tested} with a differential test "
          "(fires and does-not-fire pairs run in SQLite by tests/oracles/bounded/canon/test_rules.py)")
