"""The bounded symbolic database: K candidate rows per table, keys, foreign keys, as terms
of one pair's ``Session``."""

from __future__ import annotations

import z3

from ....types import Schema
from .. import ir
from ..ir.kinds import Affinity, Ty
from .text import TextDomain, numeric_codes, numeric_renderings
from .values import V, _lex_less, _num, _or, _to_real


class SymDB:
    """K symbolic rows for each table that a query can touch, made in ``session``'s
    context (``session.Session``; the encoder and the constraints work in it too)."""

    def __init__(self, session, schema: Schema, tables: set[str], k: int, domain: TextDomain):
        self.session = session
        self.schema, self.k, self.domain = schema, k, domain
        self.rows: dict[str, list[tuple[z3.BoolRef, dict[str, V]]]] = {}
        self.constraints: list = []
        self.affinity_text_columns: set[tuple[str, str]] = set()  # see _table
        need = set(tables)
        frontier = list(need)
        while frontier:  # tables referenced through foreign keys join the formula
            t = self.schema.table(frontier.pop())
            for fk in t.foreign_keys:
                if self.schema.has_table(fk.ref_table):
                    rn = self.schema.table(fk.ref_table).name.lower()
                    if rn not in need:
                        need.add(rn)
                        frontier.append(rn)
        for name in sorted(need):
            self._table(name)
        for name in sorted(need):
            self._foreign_keys(name)

    def _table(self, name: str):
        t = self.schema.table(name)
        pk = {c.lower() for c in t.primary_key}
        s = self.session
        rows = []
        for i in range(self.k):
            ex = z3.Bool(f"{name}!{i}!exists", s.ctx)
            vals = {}
            for c in t.columns:
                ty, aff = ir.column_type(c.type)
                cn = c.name.lower()
                base = f"{name}!{i}!{cn}"
                val = z3.Real(base, s.ctx) if ty == Ty.REAL else z3.Int(base, s.ctx)
                if ty == Ty.TEXT:
                    self.constraints.append(z3.And(val >= 0, val < len(self.domain)))
                if ty == Ty.INT:  # what a SQLite INTEGER holds: a model past it replays nothing
                    self.constraints.append(z3.And(val >= -(2**63), val <= 2**63 - 1))
                if ty == Ty.TEXT and aff == Affinity.NUMERIC:
                    # a DATE/TIME column: SQLite stores a numeric string as a number there,
                    # which the model does not represent; such columns hold other strings
                    self.constraints.append(z3.Not(numeric_codes(s, self.domain, val)[0]))
                    self.affinity_text_columns.add((name, cn))
                nullable = not t.never_null(c.name)  # SQLite's NULL in a key (types.Table)
                null = z3.Bool(base + "!null", s.ctx) if nullable else s.false
                vals[cn] = V(ty, null, val)
            rows.append((ex, vals))
        for i in range(self.k - 1):
            self.constraints.append(z3.Implies(rows[i + 1][0], rows[i][0]))
        if pk and not t.key_never_null:  # unique among rows whose key holds no NULL
            key = [c.lower() for c in t.primary_key]
            for i in range(self.k):
                for j in range(i + 1, self.k):
                    a, b = rows[i][1], rows[j][1]
                    clash = z3.And([z3.And(z3.Not(a[c].null), z3.Not(b[c].null), a[c].val == b[c].val)
                                    for c in key])
                    self.constraints.append(z3.Not(z3.And(rows[i][0], rows[j][0], clash)))
        elif pk:
            key = [c.lower() for c in t.primary_key]
            for i in range(self.k - 1):
                a, b = rows[i][1], rows[i + 1][1]
                self.constraints.append(z3.Implies(rows[i + 1][0], _lex_less(s, [a[c] for c in key], [b[c] for c in key])))
        for u in t.uniques:
            cols = [c.lower() for c in u]
            for i in range(self.k):
                for j in range(i + 1, self.k):
                    a, b = rows[i][1], rows[j][1]
                    clash = z3.And([z3.And(z3.Not(a[c].null), z3.Not(b[c].null), a[c].val == b[c].val) for c in cols])
                    self.constraints.append(z3.Not(z3.And(rows[i][0], rows[j][0], clash)))
        self.rows[name] = rows

    def _foreign_keys(self, name: str):
        """Every declared foreign key (``engine.integrity``), matched as SQLite's check looks
        it up: the parent column's affinity applied to the child's value."""
        from ....engine.integrity import declared_foreign_keys

        t = self.schema.table(name)
        for fk, ref in declared_foreign_keys(self.schema, t):
            cols = [c.lower() for c in fk.columns]
            rcols = [c.lower() for c in fk.ref_columns]
            raff = [ir.column_type(ref.column(r).type)[1] for r in fk.ref_columns]
            for ex, vals in self.rows[name]:
                refs = []
                for rex, rvals in self.rows[ref.name.lower()]:
                    refs.append(z3.And(rex, *[z3.And(z3.Not(rvals[r].null),
                                                     self._key_match(vals[c], rvals[r], aff))
                                              for c, r, aff in zip(cols, rcols, raff, strict=True)]))
                some_null = z3.Or([vals[c].null for c in cols])
                self.constraints.append(z3.Implies(z3.And(ex, z3.Not(some_null)), z3.Or(refs)))

    def _key_match(self, child: V, parent: V, parent_affinity: str):
        """Does the (non-NULL) child value find the parent value in SQLite's lookup?"""
        s = self.session
        if child.ty == parent.ty:
            return child.val == parent.val
        if _num(child.ty) and _num(parent.ty):  # 2 finds 2.0 and 2.0 finds 2
            return _to_real(s, child.val) == _to_real(s, parent.val)
        if child.ty == Ty.TEXT and _num(parent.ty):  # '02' finds 2: numeric text converts
            isnum, num = numeric_codes(s, self.domain, child.val)
            return z3.And(isnum, num == _to_real(s, parent.val))
        if _num(child.ty) and parent.ty == Ty.TEXT and parent_affinity == Affinity.TEXT:
            # 2 finds '2' (TEXT affinity renders the number), over the numeric strings of
            # the text domain: other numbers find no parent
            return _or(s, *[z3.And(child.val == v, parent.val == i)
                            for i, v in numeric_renderings(s, self.domain, child.ty)])
        return s.false  # a number never equals a text the model stores without affinity

    def bound_assumptions(self, k: int) -> list:
        """Assume every table holds at most ``k`` rows."""
        return [z3.Not(rows[k][0]) for rows in self.rows.values() if k < len(rows)]

    def variables(self):
        for name, rows in self.rows.items():
            for i, (ex, vals) in enumerate(rows):
                yield name, i, ex, vals


