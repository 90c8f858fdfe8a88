"""The typed domain's rows (``domain.Domain.TYPED``): the storage class SQLite keeps a
typed value of each column in, and which columns hold no NULL (primary keys).

>>> from sqlverdict.schema import from_ddl
>>> declared(from_ddl("CREATE TABLE t(id TEXT PRIMARY KEY, d DATE, x REAL, y)").table("t"))
{'id': ('text', True), 'd': ('text', False), 'x': ('real', False), 'y': ('', False)}
"""

from __future__ import annotations

from ....types import affinity
from ..ir.kinds import Affinity
from ..realism import temporal_kind

# the storage classes (``values.Val.k``: 0 integer, 1 real, 2 text) of each ``typed_class``
_FACTS = {"integer": lambda k: k == 0, "real": lambda k: k == 1,
          "number": lambda k: k <= 1, "text": lambda k: k == 2}


def typed_class(declared_type: str) -> str:
    """The class SQLite stores a typed value of a column declared ``declared_type`` in
    (``realism.value_problem``): ``integer`` (INTEGER affinity), ``real`` (REAL: an
    integer becomes a real), ``number`` (NUMERIC: an integral real becomes an integer),
    ``text`` (TEXT, and DATE/TIME columns: valid ISO text, which no affinity converts), or
    '' (no declared type: any value).

    >>> [typed_class(t) for t in ["INT", "DOUBLE", "DECIMAL(10,2)", "VARCHAR(9)", "DATE", ""]]
    ['integer', 'real', 'number', 'text', 'text', '']
    """
    if temporal_kind(declared_type) is not None:
        return "text"
    return {Affinity.INTEGER: "integer", Affinity.REAL: "real", Affinity.NUMERIC: "number",
            Affinity.TEXT: "text"}.get(affinity(declared_type), "")


def class_fact(cls: str, k):
    """The Z3 condition on a storage class ``k`` that ``typed_class`` ``cls`` gives."""
    return _FACTS[cls](k)


def declared(table) -> dict[str, tuple[str, bool]]:
    """Column (lower case) -> (``typed_class``, is a primary-key column: never NULL)."""
    keys = {k.lower() for k in table.primary_key if isinstance(k, str)}
    return {c.name.lower(): (typed_class(c.type), c.name.lower() in keys) for c in table.columns}
