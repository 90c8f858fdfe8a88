"""The storage class of a scalar sub-query read as an uninterpreted term.

A scalar sub-query the normal form does not open (a correlation other than ``inner =
outer``: ``(SELECT MIN(k.id) FROM t AS k WHERE k.id > j.id)``) is an uninterpreted
function of the outer values it reads (``values.Scope._opaque``): the same text under the
same correlation is the same value in both queries. Its value is otherwise any value; this
module narrows it to the class its one aggregate item has, so that integer arithmetic and
comparisons over it are read exactly (``S - j > 1`` is ``S > j + 1`` and ``S >= j + 2``
when ``S`` and ``j`` are integers).

Why it holds in SQLite. A select of aggregates without GROUP BY or HAVING returns one
row, even over no rows. ``COUNT(*)`` and ``COUNT(e)`` there are a non-NULL integer, at
least 0. ``MIN(c)`` and ``MAX(c)`` of a column ``c`` return one of ``c``'s stored values,
or NULL (no row, or only NULLs): so the class ``c`` holds is theirs. A rowid alias holds
integers only (within 64 bits); in the typed domain (``Terms.typed``) a column holds its
declared class (``typed.typed_class``); on any database a TEXT column holds text or BLOBs
(numbers stored there become text). Other columns may hold any class: nothing is narrowed.

The narrowed value is built from the uninterpreted one by a map onto the values of that
class (an integer: the value clamped into 64 bits; a real that is not integral is no
database's value, and a model holding one only makes a proof harder), so every value of
the class stays possible, and the same sub-query in both queries is still one value. The
integer cut (``a < b`` is ``a + 1 <= b``) is ``terms.Terms.compare``'s.
"""

from __future__ import annotations

import z3

from .. import ir
from ..ir.kinds import Affinity, AggFn
from .terms import BIG, Terms, Val
from .typed import declared

_COUNTS = (AggFn.COUNT, AggFn.COUNT_STAR)
_EXTREMA = (AggFn.MIN, AggFn.MAX)


def scalar_class(t: Terms, q, out: Val) -> Val:
    """``out``, the value of scalar sub-query ``q``, narrowed to its item's class."""
    if not (isinstance(q, ir.Select) and q.aggregate and not q.group_by and q.having is None
            and len(q.items) == 1 and isinstance(q.items[0], ir.Agg)):
        return out
    agg = q.items[0]
    if agg.fn in _COUNTS:  # (against literals ``canon.int_compare`` reads it: no retry)
        return Val(t.F, z3.IntVal(0, t.ctx), z3.If(out.v < 0, -out.v, out.v))
    if agg.fn not in _EXTREMA or not isinstance(agg.arg, ir.Col):
        return out
    cls = column_class(t, q.source, agg.arg)
    t.int_scalars = t.int_scalars or cls in ("integer", "number")
    if cls == "integer":
        return Val(out.null, z3.IntVal(0, t.ctx), _integer(out.v))
    if cls == "real":
        return Val(out.null, z3.IntVal(1, t.ctx), out.v)
    if cls == "number":  # an integer, or a real
        whole = out.k == 0
        return Val(out.null, z3.If(whole, 0, 1), z3.If(whole, _integer(out.v), out.v))
    if cls == "text":
        return Val(out.null, z3.IntVal(2, t.ctx), out.v)
    if cls == "textual":  # text or a BLOB
        return Val(out.null, z3.If(out.k == 3, 3, 2), out.v)
    return out


def column_class(t: Terms, source, col: ir.Col) -> str:
    """The class every non-NULL value of ``col`` has, a column of a table ``source`` scans
    (through joins): ``integer``, ``real``, ``number`` (integer or real), ``text``,
    ``textual`` (text or BLOB), or '' (any)."""
    scan = _scan(source, col.alias)
    if scan is None or t.schema is None:
        return ""
    table = t.schema.table(scan.table)
    name = col.name.lower()
    if name == (table.rowid_alias or "").lower():
        return "integer"
    if t.typed:
        return declared(table).get(name, ("", False))[0]
    if dict((n.lower(), a) for n, _, a in scan.columns).get(name) == Affinity.TEXT:
        return "textual"
    return ""


def _scan(source, alias: str):
    """The table scan of ``alias`` in a FROM tree of scans and joins, or None."""
    if isinstance(source, ir.Scan):
        return source if source.alias == alias else None
    if isinstance(source, ir.Join):
        return _scan(source.left, alias) or _scan(source.right, alias)
    return None


def _integer(v):
    """A real clamped into the 64-bit range (its integral values are SQLite's integers;
    the others, no database's, are possible too: a proof then covers more, never less)."""
    return z3.If(v < -BIG, -BIG, z3.If(v >= BIG, BIG - 1, v))
