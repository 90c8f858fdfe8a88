"""sqlverdict: is this generated SQL query actually right?

Judge text-to-SQL predictions under several oracles (execution, test suite, bounded
verification, structure) and show the evidence.

>>> import sqlverdict
>>> sqlverdict.Status.VERIFIED.is_correct
True
>>> callable(sqlverdict.evaluate) and callable(sqlverdict.load_benchmark)
True
"""

from .errors import BudgetExceeded, ExecutionError, InputError, SqlverdictError, UnsupportedSQL
from .types import Column, Example, ForeignKey, Prediction, Schema, Status, Table, Verdict, Witness

__version__ = "0.1.0"

# Heavy entry points load on first use, so `import sqlverdict` stays cheap (no Z3, no sqlglot).
_LAZY = {
    "evaluate": ("sqlverdict.evaluation", "evaluate"),
    "EvalOptions": ("sqlverdict.oracles.base", "EvalOptions"),
    "load_benchmark": ("sqlverdict.bench.loader", "load_benchmark"),
    "load_predictions": ("sqlverdict.bench.predictions", "load_predictions"),
    "load_schema": ("sqlverdict.schema", "load_schema"),
    "run_query": ("sqlverdict.engine.execute", "run_query"),
    "results_equal": ("sqlverdict.engine.compare", "results_equal"),
    "verify": ("sqlverdict.oracles.bounded.staging", "verify"),
}


def __getattr__(name: str):
    if name in _LAZY:
        import importlib

        mod, attr = _LAZY[name]
        return getattr(importlib.import_module(mod), attr)
    raise AttributeError(f"module 'sqlverdict' has no attribute {name!r}")


__all__ = [
    "BudgetExceeded",
    "Column",
    "EvalOptions",
    "Example",
    "ExecutionError",
    "ForeignKey",
    "InputError",
    "Prediction",
    "Schema",
    "SqlverdictError",
    "Status",
    "Table",
    "UnsupportedSQL",
    "Verdict",
    "Witness",
    "evaluate",
    "load_benchmark",
    "load_predictions",
    "load_schema",
    "results_equal",
    "run_query",
    "verify",
]
