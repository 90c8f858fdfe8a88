"""The execution oracle: run gold and prediction on the shipped database and compare.

Semantics come from ``engine.compare`` (bag; list when the gold has a top-level ORDER BY),
or from ``EvalOptions.semantics``. ``compat="spider"`` reproduces the published Spider
test-suite evaluator instead: DISTINCT removed from both queries, order-sensitive when
``order by`` appears anywhere in the gold text, two empty results equal whatever their
columns, and its small text fixes (``> =`` -> ``>=``).
"""

from __future__ import annotations

import functools
import re
import time

from ..clip import clip
from ..engine.compare import Semantics, signature
from ..errors import ExecutionError
from ..schema import split_statements
from ..types import Example, Judged, Prediction, Status, Verdict
from .base import GOLD_ERROR, Context, EvalOptions

MAX_EVIDENCE_ROWS = 12


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


def spider_postprocess(sql: str) -> str:
    return sql.replace("> =", ">=").replace("< =", "<=").replace("! =", "!=")


def semantics_for(gold: str, options: EvalOptions) -> Semantics:
    if options.semantics:
        return Semantics.parse(options.semantics)
    if options.compat == "spider":
        return Semantics.LIST if "order by" in gold.lower() else Semantics.BAG
    return default_semantics(gold)


def _rows(rows) -> list[list]:
    return clip(rows[:MAX_EVIDENCE_ROWS])


class ExecutionOracle:
    """EX: agreement on the database the benchmark ships."""

    name = "execution"

    def __init__(self, options: EvalOptions):
        self.options = options

    def config(self) -> dict:
        o = self.options
        return {"semantics": o.semantics, "compat": o.compat, "timeout_s": o.timeout_s}

    def judge(self, example: Example, prediction: Prediction, ctx: Context) -> Verdict:
        t0 = time.perf_counter()

        def verdict(status: Status, reason: str = "", **kw) -> Verdict:
            return Verdict(self.name, status, reason, round(time.perf_counter() - t0, 6), **kw)

        if example.db_path is None:
            return verdict(Status.UNKNOWN, f"{GOLD_ERROR}: no database for {example.db_id}",
                           judged=Judged.GOLD_ERROR)
        gold, pred = example.gold, prediction.sql
        compat = self.options.compat == "spider"
        sem = semantics_for(gold, self.options)
        if compat:
            gold = spider_postprocess(strip_distinct(gold))
        timeout = self.options.timeout_s
        try:
            g = ctx.cache.run(example.db_path, gold, timeout_s=timeout)
        except ExecutionError as e:
            return verdict(Status.UNKNOWN, f"{GOLD_ERROR}: {e}", judged=Judged.GOLD_ERROR)
        if not prediction.ok:
            return verdict(Status.REFUTED, f"invalid prediction: {prediction.invalid}",
                           signature="execution_error")
        if compat:
            pred = spider_postprocess(strip_distinct(pred))
        try:
            p = ctx.cache.run(example.db_path, pred, timeout_s=timeout)
        except ExecutionError as e:
            return verdict(Status.REFUTED, f"prediction failed: {e}", signature="execution_error",
                           evidence={"error_kind": e.kind})
        sig = signature(g.rows, p.rows, sem, gold_ncols=len(g.columns),
                        pred_ncols=len(p.columns))
        if sig is not None and compat and not g.rows and not p.rows:
            sig = None  # the published evaluator accepts any two empty results
        if sig is None:
            return verdict(Status.CONSISTENT, f"same result on the shipped database ({sem})")
        evidence = {
            "semantics": str(sem),
            "gold_columns": list(g.columns), "pred_columns": list(p.columns),
            "gold_result": _rows(g.rows), "pred_result": _rows(p.rows),
            "n_gold": len(g.rows), "n_pred": len(p.rows),
        }
        return verdict(Status.REFUTED, f"results differ on the shipped database: {sig}",
                       evidence=evidence, signature=sig)
