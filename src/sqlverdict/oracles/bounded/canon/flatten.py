"""A select whose sources are inner joins, flattened: sources as a set, aliases by canonical
position, equality classes, GROUP BY keys reduced through primary keys, keys of the joined row."""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import CmpOp, Conv, Ty
from .terms import (
    FALSE,
    TRUE,
    Flat,
    Nothing,
    _and,
    _class_eq,
    _conjuncts,
    _key,
    _replace_cols,
    _subst,
)


class _FlatSelect:
    def _flat_select(self, q, leaves, canon_leaves, seq, conds, mapping, depth):
        m = dict(mapping)
        new_leaves = []
        for pos, i in enumerate(seq):
            name = f"t{depth}_{pos}"
            m[leaves[i].alias] = name
            new_leaves.append(dataclasses.replace(canon_leaves[i], alias=name))
        new_leaves = [self._values_rows(x, m, depth) for x in new_leaves]
        local = {x.alias for x in new_leaves}
        renamed = [self.expr(c, m, depth) for c in conds]  # (others: the filter's other conjuncts)
        conds = [c for c in (self.walk("cond", c, leaves=new_leaves, others=renamed[:i] + renamed[i + 1:])[0]
                             for i, c in enumerate(renamed)) if c != TRUE]
        rest, members, rep, classes = self._equality_classes(conds, local)

        def sub(e):
            return _subst(e, rep)

        not_null = {x for ms in members.values() for x in ms}
        rest, _ = self.walk("facts", [sub(c) for c in rest], leaves=new_leaves)
        if FALSE in rest and (not q.aggregate or q.group_by):
            return Nothing(len(q.items))
        self._add_not_null(not_null, rest, local, new_leaves)
        # "x IS NOT NULL" is implied when another conjunct or the schema rejects NULL x
        nn = [c for c in rest if isinstance(c, ir.Not) and isinstance(c.arg, ir.IsNull)
              and isinstance(c.arg.arg, ir.Col)]
        rest = [c for c in rest if c not in nn or (c.arg.arg.alias, c.arg.arg.name) not in not_null]
        not_null |= {(c.arg.arg.alias, c.arg.arg.name) for c in nn}
        consts, _ = self.walk("constants", {}, q=q, rest=rest)

        def val(e):  # a column every surviving row holds one value of, as that value
            return self.walk("value", _replace_cols(sub(e), consts), not_null=not_null)[0]

        group = [sub(self.expr(g, m, depth)) for g in q.group_by]
        varying = [g for g in group if not (isinstance(g, ir.Col) and (g.alias, g.name) in consts)]
        if varying:  # (a GROUP BY of constants only still returns no row on no input)
            group = varying
        elif group:  # one group of every row, none of no rows: as constant_group_keys writes it
            group = [ir.Lit(1, Ty.INT)]
        group = self._reduce_group(group, new_leaves, rep)
        key_sets = self._row_key_sets(new_leaves, rest, members)
        row_keys = {next(iter(k)) for k in key_sets if len(k) == 1}
        agg = ((lambda e: self.walk("aggregate", e, not_null=not_null, row_keys=row_keys,
                                    grouped=bool(group), group=tuple(group), leaves=new_leaves,
                                    rep=rep, bare=q.bare_from is not None)[0])
               if q.aggregate else (lambda e: e))
        items = tuple(agg(val(self.expr(i, m, depth))) for i in q.items)
        having, _ = self.walk("having", [agg(val(c)) for c in _conjuncts(self.expr(q.having, m, depth))],
                              group=group)
        order = tuple((agg(val(self.expr(k, m, depth))), d) for k, d in q.order
                      if not (isinstance(sub(self.expr(k, m, depth)), ir.Col)
                              and (lambda c: (c.alias, c.name) in consts)(sub(self.expr(k, m, depth)))))
        order, _ = self.walk("order", order, not_null=not_null)
        aggregate, distinct = q.aggregate, q.distinct
        if aggregate and group:
            one, _ = self.walk("groups", None, items=items, having=_and(having), order=order,
                               group=group, key_sets=key_sets)
            if one is not None:  # each group is one joined row
                items, one_having, order = one
                rest = rest + _conjuncts(one_having)
                having, group, aggregate = [], [], False
        distinct, _ = self.walk("distinct", distinct, aggregate=aggregate, items=items, row_keys=row_keys,
                                key_sets=key_sets)
        source = Flat(tuple(sorted(new_leaves, key=_key)), classes)
        return dataclasses.replace(q, source=source, where=_and(rest), group_by=tuple(group),
                                   having=_and(having), items=items, order=order, names=(),
                                   aggregate=aggregate, distinct=distinct)

    def _equality_classes(self, conds, local):
        """Equality classes from column = column conjuncts: the other conjuncts, the classes'
        members by representative, each member's representative, the sorted classes."""
        parent: dict = {}

        def find(x):
            while parent.get(x, x) != x:
                x = parent[x]
            return x

        rest = []
        for c in conds:
            if _class_eq(c, local) and c.left != c.right:  # (x = x means x IS NOT NULL)
                a, b = find((c.left.alias, c.left.name)), find((c.right.alias, c.right.name))
                if a != b:
                    parent[max(a, b)] = min(a, b)
            else:
                rest.append(c)
        members: dict = {}
        for x in list(parent):
            members.setdefault(find(x), set()).add(x)
        for r, ms in members.items():
            ms.add(r)
        rep = {x: find(x) for x in parent}
        classes = tuple(sorted(tuple(sorted(ms)) for ms in members.values()))
        return rest, members, rep, classes

    def _add_not_null(self, not_null: set, rest, local, new_leaves) -> None:
        """Add the columns that cannot be NULL on a surviving row to ``not_null``."""
        for c in rest:  # a comparison or IN that is true on a surviving row: non-NULL columns
            if (isinstance(c, ir.Cmp) and c.op not in (CmpOp.IS, CmpOp.IS_NOT)) or isinstance(c, ir.InSub):
                for side in ((c.left, c.right) if isinstance(c, ir.Cmp) else (c.arg,)):
                    if isinstance(side, ir.Col) and side.alias in local:
                        not_null.add((side.alias, side.name))
        for leaf in new_leaves:
            if isinstance(leaf, ir.Scan):
                t = self.schema.table(leaf.table)
                for c in t.columns:
                    if t.never_null(c.name):  # a key of a rowid table may hold NULL
                        not_null.add((leaf.alias, c.name.lower()))

    def _row_keys(self, leaves, rest, members) -> set:
        """Columns whose value identifies the joined row: the one-column primary key of a
        source that determines every other source (each other source is joined on its own
        one-column primary key to a determined one, so it matches at most once)."""
        return {next(iter(k)) for k in self._row_key_sets(leaves, rest, members) if len(k) == 1}

    def _row_key_sets(self, leaves, rest, members) -> list[frozenset]:
        """Sets of columns whose values identify the joined row: the primary key (of one or
        more columns) of a source that determines every other source, as ``_row_keys``."""
        pk, whole = {}, {}
        for leaf in leaves:
            if not isinstance(leaf, ir.Scan):
                return []
            t = self.schema.table(leaf.table)
            # a key that may hold NULL identifies no row: two rows may share its NULL
            k = [c.lower() for c in t.primary_key] if t.key_never_null else []
            pk[leaf.alias] = k[0] if len(k) == 1 else None
            whole[leaf.alias] = frozenset((leaf.alias, c) for c in k)
        links = []  # (a, b): a's primary key equals a column of b
        eqs = [(x, y) for ms in members.values() for x in ms for y in ms if x != y]
        for c in rest:  # a key that gets NUMERIC affinity may match several ways ('1', '01')
            if (isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and isinstance(c.left, ir.Col)
                    and isinstance(c.right, ir.Col)):
                left, right = (c.left.alias, c.left.name), (c.right.alias, c.right.name)
                if c.conv != Conv.LEFT:
                    eqs.append((left, right))
                if c.conv != Conv.RIGHT:
                    eqs.append((right, left))
        for (a, ca), (b, _) in eqs:
            if a in pk and b in pk and a != b and pk[a] == ca:
                links.append((a, b))
        out = []
        for root in pk:
            if not whole[root]:
                continue
            known = {root}
            changed = True
            while changed:
                changed = False
                for a, b in links:
                    if b in known and a not in known:
                        known.add(a)
                        changed = True
            if known == set(pk):
                out.append(whole[root])
        return out

    def _reduce_group(self, group, leaves, rep) -> tuple:
        """GROUP BY as a set, without keys determined by the others through primary keys
        (rule ``group_by_determined``)."""
        keys = sorted({_key(g): g for g in group}.values(), key=_key)
        return self.walk("group", keys, leaves=leaves, rep=rep)[0]

    def _drop_determined(self, keys, leaves, rep) -> tuple:
        """``keys`` without those the others determine through primary keys."""
        pks = {}
        cols = {}
        for leaf in leaves:
            if isinstance(leaf, ir.Scan):
                t = self.schema.table(leaf.table)
                pks[leaf.alias] = [(leaf.alias, rep.get((leaf.alias, c.lower()), (leaf.alias, c.lower())))
                                   for c in (t.primary_key if t.key_never_null else ())]
                cols[leaf.alias] = [c[0] for c in leaf.columns]

        def closure(known: set) -> set:
            known = set(known)
            changed = True
            while changed:
                changed = False
                for alias, pk in pks.items():
                    if pk and all(r in known for _, r in pk):
                        for c in cols[alias]:
                            r = rep.get((alias, c), (alias, c))
                            if r not in known:
                                known.add(r)
                                changed = True
            return known

        def col_of(g):
            return (g.alias, g.name) if isinstance(g, ir.Col) else None

        out = list(keys)
        for g in reversed(keys):
            c = col_of(g)
            if c is None:
                continue
            others = {col_of(h) for h in out if h is not g and col_of(h) is not None}
            if c in closure(others):
                out.remove(g)
        return tuple(out)

