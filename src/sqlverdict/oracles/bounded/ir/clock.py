"""How lowering reads the clock: the modes (``REAL_CLOCK``, ``PINNED_CLOCK``,
``SYMBOLIC_CLOCK``), the symbolic clock column ``CLOCK`` and the values it ranges over."""

from __future__ import annotations

from sqlglot import exp

from .kinds import Affinity, Ty
from .nodes import Col

# How lowering reads the clock (``lower(..., clock=...)``). REAL_CLOCK: a query that reads
# it is unsupported. PINNED_CLOCK: the clock (CURRENT_TIMESTAMP, 'now') is read once, at
# lowering, as a constant; only for searching witnesses: a verdict of equivalence would hold
# for that instant only, so the caller (``staging``) keeps nothing but replayed refutations.
# SYMBOLIC_CLOCK: the clock is a symbolic value, the column CLOCK (alias CLOCK_ALIAS) that
# the encoder ranges over the timestamps of the text domain, the same in both queries.
REAL_CLOCK, PINNED_CLOCK, SYMBOLIC_CLOCK = "real", "pinned", "symbolic"
CLOCK_MODES = (REAL_CLOCK, PINNED_CLOCK, SYMBOLIC_CLOCK)


_CLOCK = (exp.CurrentTimestamp, exp.CurrentDate, exp.CurrentTime)
CLOCK_ALIAS = "!clock"
CLOCK = Col(CLOCK_ALIAS, "now", Ty.TEXT, Affinity.TEXT)
CLOCK_TEMPLATES = {exp.CurrentTimestamp: None, exp.CurrentDate: "DATE(?)", exp.CurrentTime: "TIME(?)"}
# timestamps the symbolic clock ranges over (besides the present one and the domain's own)
CLOCK_VALUES = ("1999-12-31 23:59:59", "2000-01-01 00:00:00", "2012-06-15 12:30:00",
                "2024-02-29 08:00:00", "2030-07-01 18:45:30")


def _is_now(e) -> bool:
    while type(e).__name__ in ("TsOrDsToTimestamp", "TsOrDsToDate", "TimeStrToTime"):
        e = e.this
    return isinstance(e, exp.Literal) and e.is_string and e.this.strip().lower() == "now"
