"""Lowering of comparisons: SQLite's affinity conversions on the operands (``compare``),
IS, and row values compared component by component or with IN."""

from __future__ import annotations

from sqlglot import exp

from ....errors import InputError, UnsupportedSQL
from .affinity import _aff, _as_value, _num, _ty, numeric_text, text_of_number
from .kinds import Affinity, CmpOp, Conv, LogicOp, Ty
from .nodes import Cmp, Col, Expr, InSub, Lit, Logic, RowVal
from .walk import _arms


def _row(e):
    while isinstance(e, exp.Paren):
        e = e.this
    return e


def _is_row(e) -> bool:
    return isinstance(_row(e), exp.Tuple)


def _split_in(x: Expr, q, k: int) -> bool:
    """Is ``x IN (q)`` (column ``k`` of ``q``) a test of text against numbers through a compound
    whose arms show the column with different affinities? SQLite 3.40 compares IN under the
    affinity of the compound's last arm (``'5' IN (SELECT d .. UNION ALL SELECT d + 0 ..)`` is
    false for an INTEGER d), the lowering under the first: refused."""
    arms = _arms(q)
    if len({_aff(a.items[k]) for a in arms}) < 2:
        return False
    tys = {_ty(x)} | {_ty(a.items[k]) for a in arms}
    return Ty.TEXT in tys and bool(tys & {Ty.INT, Ty.REAL})


def _probe(e: Expr) -> Expr:
    """A stand-in value of the same type for type-checking IN (subquery)."""
    return Col("?", "?", e.ty, _aff(e)) if not isinstance(e, Col) else e


class _Comparisons:
    """Mixin of ``_Lowerer``: comparisons."""

    def compare(self, op: str, a: Expr, b: Expr) -> Expr:
        """A comparison with SQLite's affinity conversions applied to literal operands."""
        a, b = _as_value(a), _as_value(b)
        ta, tb = a.ty, b.ty
        if Ty.NULL in (ta, tb) or ta == tb or (_num(ta) and _num(tb)):
            return Cmp(op, a, b)
        # one side text, the other numeric
        flip = ta != Ty.TEXT
        t, x = (b, a) if flip else (a, b)  # t: text side, x: numeric side
        if any(isinstance(y, Col) and (y.alias, y.name) in self.split_affinity for y in (t, x)):
            raise UnsupportedSQL("text compared with a number through a compound subquery "
                                 "column whose arms differ in affinity")
        x_aff, t_aff = _aff(x), _aff(t)
        if x_aff in (Affinity.INTEGER, Affinity.REAL, Affinity.NUMERIC) and t_aff in (Affinity.TEXT, Affinity.BLOB, None):
            if isinstance(t, Lit):
                v = numeric_text(t.value)
                if v is not None:
                    t = Lit(v, Ty.INT if isinstance(v, int) else Ty.REAL)
            else:
                # the text value is converted when it looks like a number (looked up
                # on the finite text domain, which gets a few numeric strings)
                self.out.texts.update({"0", "1", "2"})
                return Cmp(op, x, t, conv=Conv.RIGHT) if flip else Cmp(op, t, x, conv=Conv.LEFT)
        elif t_aff == Affinity.TEXT and x_aff is None:
            if isinstance(x, Lit):
                s = text_of_number(x.value)
                self.out.texts.add(s)
                x = Lit(s, Ty.TEXT)
            else:
                raise UnsupportedSQL("comparison of a text column with a numeric expression")
        return Cmp(op, x, t) if flip else Cmp(op, t, x)

    def is_compare(self, op: str, a: Expr, b: Expr) -> Expr:
        c = self.compare(CmpOp.EQ, a, b)
        if not isinstance(c, Cmp) or c.conv:
            raise UnsupportedSQL("IS between text and numbers")
        return Cmp(op, c.left, c.right)

    def row_items(self, node, env, agg_ok) -> list[Expr]:
        if not _is_row(node):
            if isinstance(node, (exp.Subquery, exp.Select)):
                raise UnsupportedSQL("row value compared with a subquery")
            raise InputError("row value misused")
        return [_as_value(self.expr(x, env, agg_ok)) for x in _row(node).expressions]

    def row_compare(self, op: str, left, right, env, agg_ok) -> Expr:
        """A comparison of row values as SQLite defines it: ``=`` and IS are the AND of
        the components' (three-valued), ``<>`` and IS NOT the OR; ``<``, ``<=``, ``>``,
        ``>=`` compare lexicographically (the first unequal component decides; a NULL
        on the way makes it NULL), i.e. ``a1 < b1 OR (a1 = b1 AND (a2, ...) < (b2, ...))``.
        Each component gets the affinity rules of a scalar comparison."""
        a, b = self.row_items(left, env, agg_ok), self.row_items(right, env, agg_ok)
        if len(a) != len(b):
            raise InputError("row value misused")
        if op in (CmpOp.EQ, CmpOp.NE):
            return Logic(LogicOp.AND if op == CmpOp.EQ else LogicOp.OR, tuple(self.compare(op, x, y) for x, y in zip(a, b, strict=True)))
        if op in (CmpOp.IS, CmpOp.IS_NOT):
            return Logic(LogicOp.AND if op == CmpOp.IS else LogicOp.OR,
                         tuple(self.is_compare(op, x, y) for x, y in zip(a, b, strict=True)))
        strict = op[0]  # "<" or ">"
        out = self.compare(op, a[-1], b[-1])
        for x, y in reversed(list(zip(a[:-1], b[:-1], strict=True))):
            out = Logic(LogicOp.OR, (self.compare(strict, x, y), Logic(LogicOp.AND, (self.compare(CmpOp.EQ, x, y), out))))
        return out

    def row_in(self, n: exp.In, env, agg_ok) -> Expr:
        """``(a, b) IN (SELECT x, y ...)``: true when a row equals on every component,
        NULL when none does but a row's comparison is NULL; ``(a, b) IN ((1, 2), ...)``:
        the OR of the row equalities (three-valued, as for a list of values)."""
        if n.args.get("query"):
            xs = self.row_items(n.this, env, agg_ok)
            qn = n.args["query"]
            q = self.query(qn.this if isinstance(qn, exp.Subquery) else qn, env)
            if len(q.items) != len(xs):
                raise InputError("sub-select returns a different number of columns than the row value")
            convs, args = [], []
            for k, (x, it) in enumerate(zip(xs, q.items, strict=True)):
                if _split_in(x, q, k):
                    raise UnsupportedSQL("IN of a compound whose arms differ in affinity, text against numbers")
                c = self.compare(CmpOp.EQ, x, _probe(it))
                convs.append(c.conv if isinstance(c, Cmp) else Conv.NONE)
                # a literal component gets its column's affinity, as in IN of one value
                args.append(c.left if isinstance(c, Cmp) and isinstance(x, Lit) else x)
            return InSub(RowVal(tuple(args)), q, convs=tuple(convs))
        if n.args.get("unnest") or n.args.get("field") or not n.expressions:
            raise UnsupportedSQL("IN with UNNEST")
        return Logic(LogicOp.OR, tuple(self.row_compare(CmpOp.EQ, n.this, it, env, agg_ok) for it in n.expressions))
