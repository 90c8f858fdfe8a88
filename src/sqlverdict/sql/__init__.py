"""The SQL layer below the oracles: parsing with one error policy (``parse``), scopes of
names (``scope``), canonical forms of query trees (``canon``). Nothing here knows about
oracles, verdicts or benchmarks."""
