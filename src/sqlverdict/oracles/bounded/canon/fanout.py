"""Aggregates over joins that fan out or pad rows (issue 25, i44d), in registry order:
``distinct_of_unrepeated_key`` (``canon/unrepeated.py``: DISTINCT over values no two joined
rows share goes), then ``count_of_unpadded_column`` and
``outer_join_under_skipping_aggregates`` (``canon/padded_rows.py``: what an outer join's
padded rows are to COUNT and the aggregates that skip NULL)."""

from .padded_rows import PADDED_ROW_RULES
from .unrepeated import UNREPEATED_KEY_RULE

FANOUT_RULES = (UNREPEATED_KEY_RULE, *PADDED_ROW_RULES)
