"""The comparison policy: how one gold/prediction pair is compared, in one place.

``policy_for(gold, semantics=..., compat=...)`` answers everything an oracle must know:

- **default**: results are multisets (``bag``), lists when the gold has a top-level ORDER BY;
  columns match up to permutation; two empty results with different column counts differ.
- ``compat="spider"``: the published Spider test-suite evaluator. DISTINCT is removed from
  both queries and only the first statement kept (with ``keep_distinct`` both run as
  written, so a second statement is an error), ``> =`` is read as ``>=`` and
  ``YEAR(CURDATE())`` as ``2020``, the comparison is order-sensitive when ``order by``
  appears anywhere in the gold text, any two empty results are equal; for execution
  accuracy two results differ where its first check (``spider_rows_agree``) rejects them.
- ``compat="bird"``: the official BIRD script (``set(pred) == set(gold)``): set semantics,
  columns in the order written (no permutation), any two empty results equal.

An explicit ``semantics`` (``--semantics``) overrides the one a mode would choose.

>>> p = policy_for("SELECT a, b FROM t", compat="bird")
>>> (str(p.semantics), p.permute_columns, p.equal([(1, 2)], [(2, 1)]))
('set', False, False)
>>> policy_for("SELECT a, b FROM t").equal([(1, 2)], [(2, 1)])
True
>>> policy_for("SELECT DISTINCT a FROM t", compat="spider").prepare("SELECT DISTINCT a FROM t")
'SELECT a FROM t'
"""

from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from ..schema import split_statements
from .compare import Rows, Semantics, signature

COMPAT_MODES = ("spider", "bird")

_SCAN = re.compile(
    r"'(?:[^']|'')*'?"  # string literal
    r'|"(?:[^"]|"")*"?|`[^`]*`?|\[[^\]]*\]?'  # quoted identifiers
    r"|--[^\n]*|/\*.*?(?:\*/|$)"  # comments
    r"|(?P<open>\()|(?P<close>\))"
    r"|(?P<order>\border\s+by\b)",
    re.I | re.S,
)


@functools.lru_cache(maxsize=65536)
def has_top_level_order_by(sql: str) -> bool:
    """Does the outermost query sort its result? A lexical scan (strings, quoted names and
    comments skipped, parentheses tracked): parsing every gold query with sqlglot cost
    more than executing it.

    >>> has_top_level_order_by("SELECT a FROM t ORDER BY a")
    True
    >>> has_top_level_order_by("SELECT a FROM (SELECT a FROM t ORDER BY a LIMIT 3)")
    False
    >>> has_top_level_order_by("SELECT 'x) order by' FROM t -- order by a")
    False
    """
    depth = 0
    for m in _SCAN.finditer(sql):
        if m.group("open"):
            depth += 1
        elif m.group("close"):
            depth = max(0, depth - 1)
        elif m.group("order") and depth == 0:
            return True
    return False


def default_semantics(gold: str) -> Semantics:
    """Bag, or list when the gold sorts its result."""
    return Semantics.LIST if has_top_level_order_by(gold) else Semantics.BAG


def strip_distinct(sql: str) -> str:
    """Remove every DISTINCT keyword and keep only the first statement, as the published
    Spider evaluator does (its ``remove_distinct`` flattens ``sqlparse.parse(s)[0]``).

    >>> strip_distinct("SELECT DISTINCT a, count(DISTINCT b) FROM t WHERE c = 'distinct'")
    "SELECT a, count(b) FROM t WHERE c = 'distinct'"
    >>> strip_distinct("SELECT a FROM t; This query selects a")
    'SELECT a FROM t;'
    """
    from sqlglot.tokens import Tokenizer, TokenType  # only compat mode pays for the import

    statements = split_statements(sql)
    sql = statements[0] if statements else sql
    try:
        tokens = Tokenizer().tokenize(sql)
    except Exception:  # noqa: BLE001 - fall back to a plain word match
        return re.sub(r"\bdistinct\b\s*", "", sql, flags=re.I)
    out, pos = [], 0
    for t in tokens:
        if t.token_type == TokenType.DISTINCT:
            out.append(sql[pos:t.start])
            pos = t.end + 1
            while pos < len(sql) and sql[pos] == " ":
                pos += 1
    out.append(sql[pos:])
    return "".join(out)


_CUR_YEAR = re.compile(r"YEAR\s*\(\s*CURDATE\s*\(\s*\)\s*\)\s*", re.I)


def spider_postprocess(sql: str) -> str:
    """The Spider evaluator's repairs: ``> =`` written with a space, and ``YEAR(CURDATE())``
    (MySQL, no such function in SQLite) read as the year 2020, with the spaces after it.

    >>> spider_postprocess("SELECT a FROM t WHERE y > = YEAR( CURDATE() ) - 5")
    'SELECT a FROM t WHERE y >= 2020- 5'
    """
    sql = sql.replace("> =", ">=").replace("< =", "<=").replace("! =", "!=")
    return _CUR_YEAR.sub("2020", sql)


def _official_key(v) -> str:
    return str(v) + str(type(v))


def spider_rows_agree(gold: Rows, pred: Rows, ordered: bool) -> bool:
    """The test-suite evaluator's first check of two results, which it applies before its
    exact comparison: each row's values sorted by their text and type name (``1`` and
    ``1.0`` sort apart: ``(41, 4)`` but ``(4.0, 41)``), then the rows compared as a list
    (``ordered``) or as a set. Two results that are equal up to column order can fail it when
    one gives an integer where the other gives a float.

    >>> spider_rows_agree([(4, 41)], [(4.0, 41)], False), spider_rows_agree([(1, 52)],
    ...                                                                     [(1.0, 52)], False)
    (False, True)
    """
    g = [tuple(sorted(r, key=_official_key)) for r in gold]
    p = [tuple(sorted(r, key=_official_key)) for r in pred]
    return g == p if ordered else set(g) == set(p)


def check_compat(compat: str | None) -> None:
    """Raise ``InputError`` for an unknown compatibility mode."""
    if compat not in (None, *COMPAT_MODES):
        from ..errors import InputError

        raise InputError(f"--compat {compat!r}: choose {' or '.join(COMPAT_MODES)} "
                         "(the published Spider or BIRD evaluator)")


@dataclass(frozen=True)
class Policy:
    """How one gold/prediction pair is compared."""

    semantics: Semantics
    compat: str | None = None
    permute_columns: bool = True
    empty_equal_any_columns: bool = False
    keep_distinct: bool = False  # compat spider: the test-suite evaluator's --keep_distinct

    def prepare(self, sql: str) -> str:
        """The text that runs: compat modes rewrite both queries the same way."""
        if self.compat == "spider":
            if self.keep_distinct:  # the text runs as written: a second statement fails
                return spider_postprocess(sql)
            return spider_postprocess(strip_distinct(sql))
        return sql

    def signature(self, gold: Rows, pred: Rows, *, gold_ncols: int | None = None,
                  pred_ncols: int | None = None) -> str | None:
        """The difference signature, or None when the results count as equal."""
        if self.empty_equal_any_columns and not gold and not pred:
            return None
        return signature(gold, pred, self.semantics, gold_ncols=gold_ncols,
                         pred_ncols=pred_ncols, permute_columns=self.permute_columns)

    def execution_signature(self, gold: Rows, pred: Rows, **kw) -> str | None:
        """``signature`` as execution accuracy reads it: under ``compat="spider"`` two equal
        results that the published evaluator's first check rejects (``spider_rows_agree``)
        differ, as ``value_types``. (Only execution on a shipped database: the verifier's
        equivalence stays the comparison above.)

        >>> p = policy_for("SELECT a, b FROM t", compat="spider")
        >>> p.signature([(4, 41)], [(4.0, 41)]), p.execution_signature([(4, 41)], [(4.0, 41)])
        (None, 'value_types')
        """
        sig = self.signature(gold, pred, **kw)
        if sig is None and self.compat == "spider" and gold and not spider_rows_agree(
                gold, pred, self.semantics is Semantics.LIST):
            return "value_types"
        return sig

    def equal(self, gold: Rows, pred: Rows, **kw) -> bool:
        return self.signature(gold, pred, **kw) is None


def policy_for(gold: str, *, semantics: str | Semantics | None = None,
               compat: str | None = None, keep_distinct: bool = False) -> Policy:
    """The policy for a pair whose gold query is ``gold``. ``keep_distinct``: under
    ``compat="spider"``, DISTINCT stays (the test-suite evaluator's ``--keep_distinct``).

    >>> policy_for("SELECT DISTINCT a FROM t", compat="spider", keep_distinct=True).prepare(
    ...     "SELECT DISTINCT a FROM t")
    'SELECT DISTINCT a FROM t'
    """
    check_compat(compat)
    if compat == "spider":
        sem = Semantics.LIST if "order by" in gold.lower() else Semantics.BAG
        base = Policy(sem, "spider", empty_equal_any_columns=True, keep_distinct=keep_distinct)
    elif compat == "bird":
        base = Policy(Semantics.SET, "bird", permute_columns=False, empty_equal_any_columns=True)
    else:
        base = Policy(default_semantics(gold))
    if semantics:
        return Policy(Semantics.parse(semantics), base.compat, base.permute_columns,
                      base.empty_equal_any_columns, base.keep_distinct)
    return base
