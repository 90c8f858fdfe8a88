"""The split laws in the order ``rules.py`` runs them: a UNION ALL of disjoint parts read
as the one select it splits (``splits``, ``padded_splits``), the NULL group as its own
branch (``null_branches``), a LEFT JOIN's padded children as their own branch
(``parent_null_branches``), ``p OR x IS NULL`` split in two (``null_or_splits``), branches
of disjoint values of one column (``constant_branches``), branches of the same items under
pairwise disjoint filters (``disjoint_branches``), buckets of one value
(``buckets``); an EXCEPT of a set as its anti-join (``except_sets``, before the other
EXCEPT laws); and the spellings those laws read, matched by canonical form: the NULL
group's branch beside any spelling of the others (``null_partners``), the childless
parents' branch in any spelling (``padded_partners``). One name keeps the registry in
``rules.py`` short."""

from .buckets import BUCKET_RULES
from .constant_branches import CONSTANT_BRANCH_RULE
from .disjoint_branches import DISJOINT_BRANCH_RULE
from .except_sets import EXCEPT_SET_RULE
from .null_branches import NULL_BRANCH_RULE
from .null_or_splits import NULL_OR_SPLIT_RULE
from .null_partners import NULL_PARTNER_RULE
from .padded_partners import PADDED_PARTNER_RULE
from .parent_null_branches import PARENT_NULL_BRANCH_RULE
from .splits import PADDED_SPLIT_RULES, SPLIT_RULES

SPLIT_FAMILY = SPLIT_RULES + PADDED_SPLIT_RULES + (
    NULL_BRANCH_RULE, PARENT_NULL_BRANCH_RULE, NULL_OR_SPLIT_RULE, CONSTANT_BRANCH_RULE,
    DISJOINT_BRANCH_RULE,
) + BUCKET_RULES + (EXCEPT_SET_RULE, NULL_PARTNER_RULE, PADDED_PARTNER_RULE)
