"""Which stated assumptions a database breaks, read off the database itself.

A ``verified`` that states assumptions (``outcome.Assumption``) holds on the databases that
keep them. When a database separates such a pair, the question is which assumption it
breaks; ``broken`` answers from the rows (and, for the tie assumption, from the queries
run on them), not from whether some other search fails. The verifier's attack names the
broken assumption in its note with it, and the soundness benchmark classifies every
separation with it: a separation that breaks no stated assumption is a wrong verdict.

- ``declared_storage_classes``: a value outside its column's declared class in a column of
  INTEGER, REAL or NUMERIC affinity (text, a BLOB, a real with a fraction in an INTEGER
  column), the rowid alias aside, DATE/TIME columns aside;
- ``text_columns_hold_text``: a BLOB in a column of TEXT affinity;
- ``date_columns_hold_text``: a number or a BLOB in a DATE/TIME column;
- ``exact_reals``: a real that binary floating point cannot hold exactly (0.1, not 2.5) in
  a column that is not INTEGER, or results (when given) that differ only by float rounding;
- ``finite_text_domain``: a string that is none of the queries' literals in a column a
  query computes on (``reads.computed_columns``: the verifier's text functions read its finite
  set of strings);
- ``no_real_int_min``: the REAL -9223372036854775808.0 in a column of INTEGER or NUMERIC
  affinity (``int_min``);
- ``untyped_columns_hold_text``: a number or a BLOB in a column of BLOB affinity (declared
  without a type: ``untyped``);
- ``foreign_key_parents_unique``: repeated values in a foreign key's keyless parent
  columns;
- ``ties_broken_alike``: a LIMIT of either query cuts through rows tied on its ORDER BY
  keys (the verifier's own semantics run on the rows, ``prover.evaluate_symbolic``);
- ``integer_sums_exact``: a column whose integers add up to 2**53 or more in magnitude (a
  SUM of them may round in floating point or overflow 64 bits), or results (when given)
  that differ only by float rounding (reals added in another order);
- ``integer_arithmetic_in_range``: a column whose integers add up to 2**62 or more in
  magnitude (a sum or a SUM of them may leave 64 bits), or two integers whose product does.

NULL in a primary key is no assumption: the verifier models it (``types.Table.never_null``).

>>> from sqlverdict.schema import from_ddl
>>> s = from_ddl("CREATE TABLE t(id TEXT PRIMARY KEY, name TEXT, v INTEGER)")
>>> [str(a) for a in broken({"t": [["1", b"a", 2]]}, s, literals=["1"])]
['text_columns_hold_text']
>>> [str(a) for a in broken({"t": [["1", "x", 2.5]]}, s, literals=["1", "x"])]
['declared_storage_classes']
>>> [str(a) for a in broken({"t": [["1", "Ab", 2]]}, s, literals=["1", "x"])]
['finite_text_domain']
>>> broken({"t": [[None, "x", 2]]}, s, literals=["x"])
[]
"""

from __future__ import annotations

import math

from ...engine.integrity import keyless_parents
from ...types import Schema, affinity
from .int_min import holds_int_min
from .ir.kinds import Affinity
from .outcome import Assumption
from .reads import computed_columns
from .realism import temporal_kind, value_problem
from .untyped import breaks_untyped


def _computed(queries) -> set[str] | None:
    from ...sql.parse import try_parse

    out: set[str] = set()
    for q in queries:
        tree = try_parse(q)
        if tree is None:
            return None
        out |= computed_columns(tree)
    return out


def _rows(db: dict) -> dict[str, list]:
    """``{table (lower case): rows}`` from the witness shape or plain ``{table: rows}``."""
    out = {}
    for k, v in db.items():
        out[k.lower()] = v["rows"] if isinstance(v, dict) else v
    return out


def broken(db: dict, schema: Schema, *, literals=(), queries: tuple[str, ...] = (),
           results=None, stated=None) -> list[Assumption]:
    """The assumptions ``db`` breaks, in ``Assumption`` order (only those in ``stated``
    when given). ``literals``: the queries' literals (for ``finite_text_domain``);
    ``queries``: the two queries (for ``ties_broken_alike``); ``results``: their results on
    ``db`` (for ``exact_reals``)."""
    rows = _rows(db)
    found: set[Assumption] = set()
    if results is not None and rounding_only(*results):
        found |= {Assumption.EXACT_REALS, Assumption.SUMS_EXACT}
    lits = {v for v in literals if isinstance(v, str)}
    computed = _computed(queries) if queries else None  # None: every column
    for t in schema.tables:
        data = rows.get(t.name.lower()) or []
        alias = (t.rowid_alias or "").lower()
        for r in data:
            for c, v in zip(t.columns, r, strict=False):
                if v is None:
                    continue
                aff, kind = affinity(c.type), temporal_kind(c.type)
                if breaks_untyped(c.type, v):
                    found.add(Assumption.UNTYPED_TEXT)
                if aff in (Affinity.INTEGER, Affinity.NUMERIC) and holds_int_min(v):
                    found.add(Assumption.INT_MIN)
                if (isinstance(v, float) and math.isfinite(v) and not _dyadic(v)
                        and aff != Affinity.INTEGER):  # in an INTEGER column: the storage class
                    found.add(Assumption.EXACT_REALS)
                if kind is not None:  # the encoding holds text there: no number, no BLOB
                    if isinstance(v, int | float | bytes) and not isinstance(v, bool):
                        found.add(Assumption.DATE_TEXT)
                elif aff in (Affinity.INTEGER, Affinity.REAL, Affinity.NUMERIC) and c.name.lower() != alias:
                    if value_problem(c.type, v):
                        found.add(Assumption.STORAGE)
                elif aff == Affinity.TEXT and isinstance(v, bytes):
                    found.add(Assumption.TEXT_BLOB)
                if (isinstance(v, str) and v not in lits
                        and (computed is None or c.name.lower() in computed)):
                    found.add(Assumption.TEXT_DOMAIN)
    if _big_sums(rows):
        found.add(Assumption.SUMS_EXACT)
    if _big_sums(rows, 2 ** 62) or _big_product(rows):
        found.add(Assumption.INT_RANGE)
    for parent, cols in keyless_parents(schema):
        data = rows.get(parent.lower()) or []
        t = schema.table(parent)
        idx = [[c.name.lower() for c in t.columns].index(x.lower()) for x in cols]
        keys = [tuple(r[i] for i in idx) for r in data if all(r[i] is not None for i in idx)]
        if len(keys) != len(set(keys)):
            found.add(Assumption.PARENT_KEYS)
    if (stated is None or Assumption.TIES in stated) and queries and _ties(db, schema, queries):
        found.add(Assumption.TIES)
    order = list(Assumption)
    out = sorted(found, key=order.index)
    return [a for a in out if stated is None or a in stated]


def _big_sums(rows: dict, limit: int = 2 ** 53) -> bool:
    """Could a SUM of a column's integers leave the doubles' exact range (2**53, or
    ``limit``), so that AVG's floating-point sum or 64-bit overflow tell it apart from the
    exact SUM?"""
    for data in rows.values():
        width = max((len(r) for r in data), default=0)
        for i in range(width):
            total = sum(abs(r[i]) for r in data if i < len(r) and isinstance(r[i], int)
                        and not isinstance(r[i], bool))
            if total >= limit:
                return True
    return False


def _big_product(rows: dict) -> bool:
    """Do the two integers of largest magnitude multiply past 64 bits?"""
    ints = sorted((abs(v) for data in rows.values() for r in data for v in r
                   if isinstance(v, int) and not isinstance(v, bool)), reverse=True)
    return len(ints) >= 2 and ints[0] * ints[1] >= 2 ** 63


def _dyadic(v: float) -> bool:
    """Is the decimal ``repr`` of ``v`` exactly the binary value (2.5 yes, 0.1 no)?"""
    from decimal import Decimal

    return Decimal(repr(v)) == Decimal(v)


def rounding_only(gold, pred) -> bool:
    """Do two results differ, and only by float rounding (same shape, numbers within a
    relative 1e-9)?

    >>> rounding_only([[33.333333333333336]], [[33.33333333333333]]), rounding_only([[1]], [[2]])
    (True, False)
    """
    if gold is None or pred is None or gold == pred or len(gold) != len(pred):
        return False
    def key(r):
        return repr(tuple(round(x, 6) if isinstance(x, float) else x for x in r))

    for a, b in zip(sorted(gold, key=key), sorted(pred, key=key), strict=True):
        if len(a) != len(b):
            return False
        for x, y in zip(a, b, strict=True):
            if x == y:
                continue
            if not (isinstance(x, int | float) and isinstance(y, int | float)
                    and math.isclose(x, y, rel_tol=1e-9, abs_tol=1e-12)):
                return False
    return True


def _ties(db: dict, schema: Schema, queries) -> bool:
    """Does a LIMIT of either query cut through tied rows on ``db`` (the verifier's own
    semantics)? False where the semantics cannot run the query."""
    from .prover import evaluate_symbolic

    rows = {k: [tuple(r) for r in v] for k, v in _rows(db).items()}
    for sql in queries:
        try:
            _, tie = evaluate_symbolic(sql, schema, rows, with_ties=True)
        except Exception:  # noqa: BLE001 -- unsupported, or values the encoding cannot hold
            continue
        if tie:
            return True
    return False
