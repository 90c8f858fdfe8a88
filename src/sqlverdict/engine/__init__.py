"""Execution against SQLite, result comparison, and difference signatures."""

from .compare import Semantics, compare, results_equal, signature
from .execute import Result, ResultCache, run_query

__all__ = ["Result", "ResultCache", "Semantics", "compare", "results_equal", "run_query", "signature"]
