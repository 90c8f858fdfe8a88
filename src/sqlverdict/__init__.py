"""sqlverdict: is this generated SQL query actually right?

Judge text-to-SQL predictions under several oracles (execution, test suite, bounded
verification, structure) and show the evidence.
"""

from .errors import BudgetExceeded, ExecutionError, InputError, SqlverdictError, UnsupportedSQL
from .types import Column, Example, ForeignKey, Prediction, Schema, Status, Table, Verdict, Witness

__version__ = "0.1.0"

__all__ = [
    "BudgetExceeded",
    "Column",
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
]
