"""An average of values cast to REAL is the average of the values (issue 25, i43d):
``avg_of_real_cast``.

``AVG(CAST(x AS REAL))`` (``FLOAT``, ``DOUBLE``: Hibernate's ``avg(cast(p.views as
float))``) is ``AVG(x)`` in SQLite for any ``x``: AVG reads each non-NULL value as a double
the way CAST does (``sqlite3VdbeRealValue``: an integer converted, TEXT and BLOB read by
the same ``sqlite3AtoF`` prefix parse, a REAL unchanged) and NULL stays NULL, which both
skip; it counts the same rows and divides the sum by the count as a double, NULL over no
row. The one difference is how the sum adds: the integers of ``AVG(x)`` add exactly as
integers and convert once, the doubles of ``AVG(CAST(x AS REAL))`` add in floating point
(compensated); equal while the integers and their partial sums stay below ``2**53``, the
assumption ``integer_sums_exact`` that ``proofs._sums`` states for a proof needing this law.

Only in the typed domain: in the sqlite domain a rewriting proof that reads a numeric
column states ``declared_storage_classes``, and the solver proves this pair up to the bound
without it, reading the column as REAL too (``typeblind``): the stronger claim there.

Not ``AVG(DISTINCT ..)`` (the cast makes different values equal: TEXT ``'abc'`` and
``'xyz'`` both 0.0), nor SUM (an INTEGER sum against a REAL one), MIN or MAX (TEXT orders
above numbers, its cast does not).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import AggFn, FuncName
from .aggregates import _map_top


def _uncast(e):
    if (isinstance(e, ir.Agg) and e.fn == AggFn.AVG and not e.distinct
            and isinstance(a := e.arg, ir.Func) and a.name == FuncName.CAST_REAL
            and len(a.args) == 1):
        return dataclasses.replace(e, arg=a.args[0])
    return e


def avg_of_real_cast(e):
    """``e`` with each ``AVG(CAST(x AS REAL))`` as ``AVG(x)`` (see the module)."""
    return _map_top(e, _uncast)


AVG_CAST_RULE = (
    "avg_of_real_cast", "AVG(CAST(x AS REAL)) is AVG(x): AVG reads values as doubles as the "
    "cast does (not DISTINCT; the proof states integer_sums_exact; typed domain)",
    ("aggregate",), lambda canon, e, ctx: avg_of_real_cast(e) if canon.typed else e)
