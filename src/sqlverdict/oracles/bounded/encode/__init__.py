"""Symbolic SQLite semantics over a bounded symbolic database, in Z3.

A table has K candidate rows; row i carries a Boolean ``exists`` and one symbolic value
per column. "The first k rows exist" (``exists[i+1] -> exists[i]``) makes every table
size 0..K reachable independently, and assuming ``not exists[k]`` bounds a table to k rows
without a new solver. Rows of a table with a primary key are ordered by that key (symmetry
breaking that also enforces uniqueness).

A value is ``V(ty, null, val)``: a static storage class (``int``, ``real``, ``text``,
``null``, ``bool``), a Z3 Boolean "is NULL" and a Z3 term (Int, Real, Int code of a text,
Bool). Text values are codes into a finite ``TextDomain`` of concrete strings sorted in
SQLite's BINARY collation order, so ``=``/``<`` are integer comparisons and LIKE is a
precomputed match set; codes decode back to the same strings in every process.

Relations are lists of symbolic rows ``Row(exists, vals, pos)``. Each operator maps lists
to lists: a filter strengthens ``exists``; a join is the product; GROUP BY keeps a row as
the representative of its group when no earlier existing row has the same key; aggregates
are sums of ``If``s over the group's members; DISTINCT keeps a row when no earlier equal
row exists; ORDER BY ranks rows by pairwise comparison, breaking ties by the row's position
in its input (see docs/verify.md for what that assumes about SQLite).

Every term of one pair is made in the Z3 context of the pair's ``Session``
(``oracles/bounded/session.py``), passed explicitly: ``SymDB(session, ...)``, the
``Encoder`` over that database, the functions of ``values`` (``veq(s, a, b)``).

The package, one job per module: ``values`` (``V``, ``Row``, equality and order of values),
``text`` (``TextDomain``), ``symdb`` (``SymDB``), ``encoder`` (``Encoder``:
the relational operators), ``expressions`` (one function per IR node kind, dispatched by
``Encoder.expr``), ``windows``, ``relations`` (DISTINCT, ORDER BY/LIMIT, ``difference``).
"""

from __future__ import annotations

from .encoder import Encoder
from .relations import difference
from .symdb import SymDB
from .text import (
    APPLY_TIMEOUT_S,
    MAX_DOMAIN,
    MAX_PREIMAGES,
    TextDomain,
    like_match,
    like_regex,
    numeric_codes,
    numeric_renderings,
    preimages,
    sqlite_apply,
)
from .values import (
    MAX_CASES,
    MAX_ROWS,
    Row,
    V,
    rows_eq,
    veq,
    vless,
)

__all__ = [
    "APPLY_TIMEOUT_S", "MAX_CASES", "MAX_DOMAIN", "MAX_PREIMAGES", "MAX_ROWS",
    "Encoder", "Row", "SymDB", "TextDomain", "V", "difference",
    "like_match", "like_regex", "numeric_codes", "numeric_renderings", "preimages", "rows_eq",
    "sqlite_apply", "veq", "vless",
]
