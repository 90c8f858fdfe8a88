"""A key spelled as text counts the rows it spells: ``text_key_distinct_count``.

BI tools and migrations count a composite key as one text (dbt's generate_surrogate_key,
Looker's sql_distinct_key, SQL Server's ``COUNT(DISTINCT a + '-' + b)``):
``COUNT(DISTINCT CAST(a AS TEXT) || '-' || b)``. In the typed domain (an INTEGER column holds
integers, a TEXT column text) that is ``SELECT COUNT(*) FROM (SELECT DISTINCT a, b FROM ..
WHERE .. AND a IS NOT NULL AND b IS NOT NULL)`` when the text is one-to-one in the columns:

- a field is an INTEGER column or its CAST AS TEXT, whose text is ``-?(0|[1-9][0-9]*)``
  (SQLite's decimal digits), a TEXT column (or its CAST AS TEXT: itself), or
  ``COALESCE(f, 'p')`` of an integer field ``f`` and a literal ``p`` that starts with
  neither ``-`` nor a digit (its first character tells it from every integer; the NULL of
  the column becomes the value ``p``, one value, as DISTINCT keeps one NULL);
- the chain reads: literals, then fields, every field but the last followed by a literal
  whose first character is not a digit (an integer's text ends at it, and ``p`` has a
  fixed length), a TEXT field only last (followed by literals at most: the text is what
  is left once the known tail is cut off).

So a text the chain gives decodes to one tuple of values: two rows give one text exactly
when their fields are the same values (integers compare by value, text by bytes: no
column with a collation other than BINARY, where DISTINCT would meet ``'a'`` and ``'A'``).
The chain is NULL exactly when a field without COALESCE is NULL (``||`` is NULL on a NULL
operand): those rows COUNT skips and the WHERE drops. An aggregate without GROUP BY gives
one row either way (0 on no row). Not in the sqlite domain: text in an INTEGER column
(``'1-2' || '-' || 'x'`` is ``1 || '-' || '2-x'``) or a REAL (``1.0`` is ``'1.0'``) breaks
the decoding; not a REAL column (its 15-digit text ties two doubles).
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import Affinity, AggFn, FuncName, JoinKind, Ty
from .coalesced_text import COALESCED_TEXT_RULES
from .concat_chains import CONCAT_RULES, _merged, operands
from .terms import Flat, _and, _conjuncts, _deep

_NUMERIC_START = frozenset("-0123456789")


def _scans(src, padded: bool = False) -> dict:
    """alias -> (table name, padded: an outer join may give it a NULL row) of the scans in
    a source tree."""
    if isinstance(src, ir.Scan):
        return {src.alias: (src.table, padded)}
    if isinstance(src, ir.Join):
        kind = src.kind
        return {**_scans(src.left, padded or kind in (JoinKind.RIGHT, JoinKind.FULL)),
                **_scans(src.right, padded or kind in (JoinKind.LEFT, JoinKind.FULL))}
    if isinstance(src, Flat):
        out: dict = {}
        for leaf in src.leaves:
            out |= _scans(leaf, padded)
        return out
    return {}


def _column(x, scans: dict, schema):
    """(column, kind 'int'/'text', never NULL) of a field's column, else None."""
    if isinstance(x, ir.Opaque) and x.name == "CAST AS TEXT" and x.builtin and len(x.args) == 1:
        x = x.args[0]
    if not isinstance(x, ir.Col) or x.alias not in scans:
        return None
    name, padded = scans[x.alias]
    table = schema.table(name)
    if x.name.lower() in {c.lower() for c in table.collated}:
        return None
    col = table.column(x.name)
    never_null = not padded and (col.not_null
                                 or x.name.lower() == (table.rowid_alias or "").lower())
    if x.ty == Ty.INT and x.affinity == Affinity.INTEGER:
        return x, "int", never_null
    if x.ty == Ty.TEXT and x.affinity == Affinity.TEXT:
        return x, "text", never_null
    return None


def _field(y, scans: dict, schema):
    """(column, kind, unguarded: never NULL or its NULL is a value) of a field, else None."""
    if isinstance(y, ir.Func) and y.name == FuncName.COALESCE and len(y.args) == 2:
        got = _column(y.args[0], scans, schema)
        p = y.args[1]
        if got is None or not (isinstance(p, ir.Lit) and p.ty == Ty.TEXT and isinstance(p.value, str)):
            return None
        col, kind, never_null = got
        if never_null:
            return col, kind, True
        if kind != "int" or not p.value or p.value[0] in _NUMERIC_START:
            return None
        return col, "placeholder", True
    got = _column(y, scans, schema)
    return None if got is None else (got[0], got[1], got[2])


def decode(e, scans: dict, schema):
    """The columns of a one-to-one text key ``e`` (module docstring) with, for each, whether
    it needs no guard (never NULL, or its NULL a value of the key); None when ``e`` is no
    such key."""
    ops = operands(e)
    if ops is None:
        return None
    ops = _merged(ops)
    fields, pending = [], None  # pending: the kind of the last field, awaiting its literal
    for y in ops:
        if isinstance(y, ir.Lit):
            if not (y.ty == Ty.TEXT and isinstance(y.value, str)):
                return None
            if pending in ("int", "placeholder") and (not y.value or y.value[0].isdigit()):
                return None
            if y.value:
                pending = None if pending != "text" else "text"
            continue
        if pending is not None:
            return None  # two fields with no separator, or a field after a text field
        got = _field(y, scans, schema)
        if got is None:
            return None
        fields.append((got[0], got[2], got[1] == "placeholder"))
        pending = got[1]
    return fields or None


def text_key_distinct_count(q, schema, typed: bool):
    """``SELECT COUNT(DISTINCT key) FROM .. WHERE w`` as ``SELECT COUNT(*) FROM (SELECT
    DISTINCT a, b .. FROM .. WHERE w AND a IS NOT NULL ..)`` (module docstring)."""
    if not (typed and isinstance(q, ir.Select) and q.aggregate and not q.group_by
            and q.having is None and q.limit is None and not q.offset and not q.distinct
            and not q.order and len(q.items) == 1):
        return q
    agg = q.items[0]
    if not (isinstance(agg, ir.Agg) and agg.fn == AggFn.COUNT and agg.distinct):
        return q
    fields = decode(agg.arg, _scans(q.source), schema)
    if fields is None:
        return q
    guards = [ir.Not(ir.IsNull(c)) for c, unguarded, _ in fields if not unguarded]
    view = dataclasses.replace(q, where=_and(_conjuncts(q.where) + guards),
                               items=tuple(c for c, _, _ in fields), distinct=True,
                               aggregate=False, names=())
    d = ir.Derived(view, "(text key)#0", tuple(f"#{i}" for i in range(len(fields))))
    return dataclasses.replace(q, source=d, where=None,
                               items=(ir.Agg(AggFn.COUNT_STAR, None, False, Ty.INT),))


def text_key_rows(q, schema, typed: bool):
    """``COUNT(DISTINCT key)`` in the items, HAVING or ORDER BY of an aggregate select as
    ``COUNT(DISTINCT (a, b ..))`` (the canonical count of distinct tuples, which skips a row
    where a value is NULL), the key one-to-one (module docstring) with no COALESCE field: it
    is NULL exactly where a column is, and equal exactly where the tuples are."""
    if not (typed and isinstance(q, ir.Select) and q.aggregate):
        return q
    scans = _scans(q.source)

    def f(e):
        if not (isinstance(e, ir.Agg) and e.fn == AggFn.COUNT and e.distinct):
            return e
        fields = decode(e.arg, scans, schema)
        if fields is None or any(p for _, _, p in fields):
            return e
        cols = tuple(c for c, _, _ in fields)
        return dataclasses.replace(e, arg=cols[0] if len(cols) == 1 else ir.RowVal(cols))
    out = dataclasses.replace(q, items=_deep(q.items, f), having=_deep(q.having, f),
                              order=tuple((_deep(k, f), d) for k, d in q.order))
    return q if out == q else out


TEXT_KEY_RULE = (
    "text_key_distinct_count", "COUNT(DISTINCT CAST(a AS TEXT) || '-' || b) (no GROUP BY) is "
    "COUNT(*) of SELECT DISTINCT a, b .. WHERE a, b IS NOT NULL when the text decodes to one "
    "tuple (typed domain: integer fields end at a non-digit separator, COALESCE(a, 'p') of "
    "a non-numeric p, a TEXT field last; no collation)", ("select",),
    lambda canon, q, ctx: text_key_distinct_count(q, canon.schema, canon.typed), True)

TEXT_ROW_RULE = (
    "text_key_rows", "COUNT(DISTINCT CAST(a AS TEXT) || '-' || b) is COUNT(DISTINCT (a, b)) "
    "when the text decodes to one tuple and no field is a COALESCE (typed domain, as "
    "text_key_distinct_count)", ("select",),
    lambda canon, q, ctx: text_key_rows(q, canon.schema, canon.typed), True)

TEXT_RULES = (TEXT_KEY_RULE, TEXT_ROW_RULE, *CONCAT_RULES, *COALESCED_TEXT_RULES)  # (before the chains' COALESCE is lifted)
