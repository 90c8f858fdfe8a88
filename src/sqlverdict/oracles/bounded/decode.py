"""Z3 model -> concrete rows (Python values SQLite stores unchanged).

Integers decode to ``int``, reals to ``float`` (exact rationals rounded; the replay in
SQLite decides whether the rounded witness still separates the queries), text codes to the
domain's strings, NULL flags to ``None``. Rows that do not exist are dropped.
"""

from __future__ import annotations

from fractions import Fraction

import z3

from .encode import SymDB, V
from .ir.kinds import Ty


def value(model: z3.ModelRef, v: V, domain) -> object:
    if v.ty == Ty.NULL or z3.is_true(model.eval(v.null, model_completion=True)):
        return None
    x = model.eval(v.val, model_completion=True)
    if v.ty == Ty.BOOL:
        return 1 if z3.is_true(x) else 0
    if v.ty == Ty.REAL:
        if z3.is_algebraic_value(x):
            x = x.approx(20)
        f = Fraction(x.numerator_as_long(), x.denominator_as_long())
        return float(f)
    n = x.as_long()
    return domain.decode(n) if v.ty == Ty.TEXT else n


def tables(model: z3.ModelRef, db: SymDB) -> dict[str, dict[str, list]]:
    """The witness tables in the witness JSON shape (schema column names and order)."""
    out: dict[str, dict[str, list]] = {}
    for t in db.schema.tables:
        name = t.name.lower()
        cols = [c.name for c in t.columns]
        rows = []
        for ex, vals in db.rows.get(name, []):
            if z3.is_true(model.eval(ex, model_completion=True)):
                rows.append([value(model, vals[c.lower()], db.domain) for c in cols])
        out[t.name] = {"columns": cols, "rows": rows}
    return out


def result(model: z3.ModelRef, rows, domain) -> list[list]:
    """Decode a symbolic query result, in position order when the rows carry positions."""
    out = []
    for i, r in enumerate(rows):
        if z3.is_true(model.eval(r.exists, model_completion=True)):
            pos = model.eval(r.pos, model_completion=True).as_long() if r.pos is not None else i
            out.append((pos, [value(model, v, domain) for v in r.vals]))
    out.sort(key=lambda p: p[0])
    return [v for _, v in out]


def block(model: z3.ModelRef, db: SymDB):
    """A clause excluding this database (existence and every value of existing rows)."""
    lits = []
    for _, _, ex, vals in db.variables():
        e = model.eval(ex, model_completion=True)
        lits.append(ex == e)
        if z3.is_true(e):
            for v in vals.values():
                lits.append(v.null == model.eval(v.null, model_completion=True))
                lits.append(v.val == model.eval(v.val, model_completion=True))
    if not lits:  # no table is read: the only database to exclude is every database
        return db.session.false
    return z3.Not(z3.And(lits))
