"""The split laws in the order ``rules.py`` runs them: a UNION ALL of disjoint parts read
as the one select it splits (``splits``, ``padded_splits``), the NULL group as its own
branch (``null_branches``), buckets of one value (``buckets``). One name keeps the
registry in ``rules.py`` short."""

from .buckets import BUCKET_RULES
from .null_branches import NULL_BRANCH_RULE
from .splits import PADDED_SPLIT_RULES, SPLIT_RULES

SPLIT_FAMILY = SPLIT_RULES + PADDED_SPLIT_RULES + (NULL_BRANCH_RULE,) + BUCKET_RULES
