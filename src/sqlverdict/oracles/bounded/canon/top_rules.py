"""The registry's entries for top-1 rows, first values and ties (``rules.RULES`` adds them
as ``Rule(*entry)`` before ``count_of_group``): ``first_values.py`` and ``tie_breaks.py``."""

from __future__ import annotations

from .consecutive_rows import CORRELATION_RULE
from .first_values import first_value_as_exists, key_of_extremum, top_one_join_as_scalar
from .read_key_orders import READ_KEY_ORDER_RULE
from .scalar_top_rows import SCALAR_TOP_ROW_RULE
from .tie_breaks import top_group_as_having, top_one_tie_break
from .view_top_rows import LEFT_EXTREMUM_RULE, LEFT_TOP_ROW_RULE

TOP_RULES = (
    READ_KEY_ORDER_RULE,  # tie-breaks after the one key read (canon/read_key_orders.py)
    ("top_one_join_as_scalar", "SELECT f(t.c) FROM X LEFT JOIN (S LIMIT 1) t ON TRUE, S "
     "without OFFSET, DISTINCT or aggregate, c the one column of t read, is SELECT f((SELECT "
     "c FROM S LIMIT 1)) FROM X: at most one row pads each row of X once",
     ("unordered",), lambda canon, q, ctx: top_one_join_as_scalar(q), True),
    ("first_value_as_exists", "(SELECT e FROM F WHERE w [ORDER BY ..] [LIMIT n]) IS NULL, e "
     "never NULL (a non-NULL literal, a NOT NULL column), n >= 1, no aggregate, GROUP BY, "
     "DISTINCT or OFFSET, is NOT EXISTS (SELECT e FROM F WHERE w); IS NOT NULL is EXISTS, "
     "anywhere (RewriteNonCorrelatedExists)", ("select",),
     lambda canon, q, ctx: first_value_as_exists(q, canon.schema), True),
    SCALAR_TOP_ROW_RULE,  # a scalar first row beside its EXISTS as a join (canon/scalar_top_rows.py)
    LEFT_TOP_ROW_RULE,  # any other such scalar as a LEFT JOIN (canon/view_top_rows.py)
    LEFT_EXTREMUM_RULE,  # a LEFT JOIN to the row of a range's MAX (canon/view_top_rows.py)
    CORRELATION_RULE,  # one outer column of an equated class in (NOT) EXISTS (canon/consecutive_rows.py)
    ("top_one_tie_break", "SELECT e FROM T t WHERE p ORDER BY t.x DESC, t.k LIMIT 1 (up to "
     "three leading keys; ASC: MIN), each x of binary collation never NULL on a kept row, k "
     "alone a unique key, never NULL, p deterministic, is SELECT e FROM T t WHERE t.k = "
     "(SELECT MIN(k) FROM T WHERE p AND x = (SELECT MAX(x) FROM T WHERE p))",
     ("select",), lambda canon, q, ctx: top_one_tie_break(q, canon.schema), True),
    ("top_group_as_having", "SELECT .. FROM F WHERE w GROUP BY g HAVING h ORDER BY c DESC, "
     "rest LIMIT 1, c a COUNT, F a join of tables, no subquery, is .. HAVING h AND c = "
     "(SELECT MAX(n) FROM (SELECT c AS n FROM F WHERE w GROUP BY g HAVING h)) ORDER BY rest "
     "LIMIT 1 (ASC: MIN)", ("select",), lambda canon, q, ctx: top_group_as_having(q), True),
    ("key_of_extremum", "(SELECT t.k FROM T t WHERE t.k = (SELECT MIN(s.k) FROM T s WHERE w)) "
     "(MAX too), k a never-NULL column of binary collation, alone a unique key, is (SELECT "
     "MIN(s.k) FROM T s WHERE w): the one row holding the extremum, none on NULL",
     ("select",), lambda canon, q, ctx: key_of_extremum(q, canon.schema), True),
)
