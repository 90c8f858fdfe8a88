"""Enabled constraints as Z3 formulas over the bounded verifier's symbolic database.

The verifier (``oracles/bounded/encode/``) represents table ``t`` as ``db.rows[t]``: a
list of K candidate rows ``(exists, {column: V})`` with ``V(ty, null, val)``; text values
are integer codes into ``db.domain``. The formulas are terms of the Z3 context of those
values (the pair's session: ``db.session``). Each enabled constraint becomes, for every candidate
row (pair, for fd) of a table the query touches:

- range     ``exists and not null  ->  lo <= val <= hi`` (integer columns: ceil/floor)
- in        ``exists and not null  ->  val in {codes or numbers of the values}``
- not_null  ``exists -> not null``
- fd a->b   ``exists_i and exists_j and a_i = a_j (not NULL)  ->  b_i is b_j``
- order     ``exists and a, b not null  ->  a <= b`` (or ``>=``)

Text values of ``in`` constraints must be codes of the domain, so the verifier builds its
``TextDomain`` with ``domain_strings(...)`` as extra strings. A constraint that cannot be
stated on the symbolic types (a range on a text-typed column, an ``in`` whose values do not
match the column's storage class, an unknown column) is skipped and listed, never
approximated.

>>> from sqlverdict.schema import from_ddl
>>> from sqlverdict.oracles.bounded.encode import SymDB, TextDomain
>>> from sqlverdict.oracles.bounded.session import Session
>>> from sqlverdict.constraints.model import Constraint, ConstraintSet
>>> s = from_ddl("CREATE TABLE t(id INT PRIMARY KEY, age INT, tag TEXT)")
>>> cs = ConstraintSet("db", [Constraint("range", "t", ["age"], {"strict": [0, 9], "bound": "strict"}),
...                           Constraint("in", "t", ["tag"], {"values": ["x", "y"]}),
...                           Constraint("range", "t", ["tag"], {"strict": [0, 1], "bound": "strict"})])
>>> db = SymDB(Session(), s, {"t"}, 2, TextDomain(domain_strings(cs, {"t"}), set()))
>>> formulas, skipped = constraint_formulas(cs, db)
>>> len(formulas), skipped
(4, ['range:t.tag: range on a text column'])
"""

from __future__ import annotations

import math
from fractions import Fraction
from pathlib import Path
from typing import Any

import z3

from .model import Constraint, ConstraintSet


def as_constraint_set(constraints: Any) -> ConstraintSet | None:
    """Accept a ``ConstraintSet``, a path to a constraint file, or None."""
    if constraints is None or isinstance(constraints, ConstraintSet):
        return constraints
    if isinstance(constraints, (str, Path)):
        return ConstraintSet.load(constraints)
    raise TypeError(f"constraints must be a ConstraintSet or a file path, not "
                    f"{type(constraints).__name__}")


def domain_strings(cs: ConstraintSet | None, tables: set[str], schema=None) -> set[str]:
    """Strings the text domain must contain: values of enabled ``in`` constraints on the
    given tables and, with ``schema``, on the tables they reach through foreign keys (the
    verifier's symbolic database holds those too)."""
    out: set[str] = set()
    if cs is None:
        return out
    low = {t.lower() for t in tables}
    if schema is not None:
        frontier = list(low)
        while frontier:
            name = frontier.pop()
            if not schema.has_table(name):
                continue
            for fk in schema.table(name).foreign_keys:
                ref = fk.ref_table.lower()
                if schema.has_table(ref) and ref not in low:
                    low.add(ref)
                    frontier.append(ref)
    for c in cs.enabled():
        if c.kind == "in" and c.table.lower() in low:
            out |= {v for v in c.params.get("values", []) if isinstance(v, str)}
    return out


def _real(x: float | int, ctx: z3.Context) -> z3.ArithRef:
    f = Fraction(x)
    return z3.RealVal(f"{f.numerator}/{f.denominator}", ctx)


def _range(c: Constraint, v) -> Any:
    r = c.active_range()
    if r is None:
        return None, "range without an active bound"
    lo, hi = r
    if v.ty == "int":
        lo_i, hi_i = math.ceil(lo), math.floor(hi)
        return z3.And(v.val >= lo_i, v.val <= hi_i), None
    if v.ty == "real":
        return z3.And(v.val >= _real(lo, v.val.ctx), v.val <= _real(hi, v.val.ctx)), None
    return None, f"range on a {v.ty} column"


def _in(c: Constraint, v, domain) -> Any:
    vals = c.params.get("values", [])
    if v.ty == "text":
        if not all(isinstance(x, str) for x in vals):
            return None, "in: non-text values on a text column"
        known = set(domain.strings)
        missing = [x for x in vals if x not in known]
        if missing:  # the verifier built its domain without them: do not guess
            return None, f"in: {len(missing)} values outside the verifier's text domain"
        return z3.Or([v.val == domain.code(x) for x in vals]), None
    if v.ty in ("int", "real"):
        if not all(isinstance(x, (int, float)) and not isinstance(x, bool) for x in vals):
            return None, f"in: non-numeric values on a {v.ty} column"
        if v.ty == "int":
            ints = [int(x) for x in vals if float(x).is_integer()]
            return (z3.Or([v.val == x for x in ints]) if ints else z3.BoolVal(False, v.val.ctx)), None
        return z3.Or([v.val == _real(x, v.val.ctx) for x in vals]), None
    return None, f"in on a {v.ty} column"


def _as_real(v):
    return z3.ToReal(v.val) if v.ty == "int" else v.val


def constraint_formulas(cs: ConstraintSet | None, db) -> tuple[list, list[str]]:
    """(Z3 formulas, skipped ``"id: why"``) for the enabled constraints on ``db``'s tables."""
    if cs is None:
        return [], []
    formulas: list = []
    skipped: list[str] = []
    for c in cs.enabled():
        rows = db.rows.get(c.table.lower())
        if rows is None:
            continue  # the query does not touch this table
        cols = [x.lower() for x in c.columns]
        if not rows or any(col not in rows[0][1] for col in cols):
            skipped.append(f"{c.id}: unknown column")
            continue
        why = None
        if c.kind == "fd":
            for i in range(len(rows)):
                for j in range(i + 1, len(rows)):
                    (ei, vi), (ej, vj) = rows[i], rows[j]
                    a_i, a_j, b_i, b_j = vi[cols[0]], vj[cols[0]], vi[cols[1]], vj[cols[1]]
                    same_a = z3.And(z3.Not(a_i.null), z3.Not(a_j.null), a_i.val == a_j.val)
                    same_b = z3.Or(z3.And(b_i.null, b_j.null),
                                   z3.And(z3.Not(b_i.null), z3.Not(b_j.null), b_i.val == b_j.val))
                    formulas.append(z3.Implies(z3.And(ei, ej, same_a), same_b))
            continue
        if c.kind == "order":
            tys = {rows[0][1][cols[0]].ty, rows[0][1][cols[1]].ty}
            if not tys <= {"int", "real"}:
                skipped.append(f"{c.id}: order on a non-numeric column")
                continue
            for ex, vals in rows:
                a, b = vals[cols[0]], vals[cols[1]]
                ar, br = (_as_real(a), _as_real(b)) if "real" in tys else (a.val, b.val)
                rel = ar <= br if c.params.get("op", "<=") == "<=" else ar >= br
                formulas.append(z3.Implies(z3.And(ex, z3.Not(a.null), z3.Not(b.null)), rel))
            continue
        for ex, vals in rows:
            v = vals[cols[0]]
            if c.kind == "not_null":
                formulas.append(z3.Implies(ex, z3.Not(v.null)))
                continue
            f, why = _range(c, v) if c.kind == "range" else _in(c, v, db.domain)
            if f is None:
                break
            formulas.append(z3.Implies(z3.And(ex, z3.Not(v.null)), f))
        if why:
            skipped.append(f"{c.id}: {why}")
    return formulas, skipped
