"""Fresh aliases for the copies a rule makes (i55c): ``fresh_copies``.

Lowering names every FROM item once in the whole query (``table#n``, a CTE's later
references renamed too), and the rules rely on it: merging a view substitutes its columns
for the outer references wherever they are, correlated subqueries included. A rule that
copies a view, a subquery or a table into another place (a window as a correlated subquery
over a copy of its view, an aggregate row as scalar subqueries, a FULL JOIN as a UNION of
its two halves, a view column's subquery substituted at two references ..) defines the
copy's aliases a second time. Harmless where the copy is read, as SQL binds a column to the
innermost FROM that defines its alias; but a later rule that moves the original's body
next to the copy's, or the copy's next to the original's (round 54: the copy rolled up,
then the outer view merged), substitutes ``d.name`` by ``t.name`` inside the copy, where
``t`` is the copy's own row: the correlation is captured (``e.name <= d.name`` became
``name <= name``, a running sum proved equal to the total).

``fresh_copies(before, after)`` keeps the invariant: where ``after`` (a rule's result)
defines an alias more often than ``before`` did (and more than once), every occurrence but
the first (FROM items before the derived tables' bodies before the expressions, left to
right) gets a fresh alias, and the columns bound to it (by SQL's rule: the innermost
enclosing select whose FROM defines it, a derived table's body not seeing its siblings)
follow. The query is the same query (a bound variable renamed), whatever rule runs next.
The fresh name extends the old one (``emp#0~1a2b3c4d``: it sorts right after it, as the
rules' own copies named ``<alias>_<role>`` do) with a digest of ``after``: the same result
gets the same names (the driver's cycle test compares forms), and no name the query
defines or reads is taken.

>>> from sqlverdict.schema import from_ddl
>>> from sqlverdict.oracles.bounded.ir.walk import defined_aliases
>>> s = from_ddl("CREATE TABLE t (k INT, n INT)")
>>> q = ir.lower("SELECT (SELECT COUNT(*) FROM (SELECT k FROM t) AS e WHERE e.k <= d.k) "
...              "FROM (SELECT k FROM t) AS d", s).query
>>> copied = realias(q, {"t#1": "t#0"})  # (a rule's copy of d's body as e's)
>>> sorted(defined_aliases(copied))
['(derived)#0', '(derived)#1', 't#0']
>>> sorted(a[:4] for a in defined_aliases(fresh_copies(q, copied)))
['(der', '(der', 't#0', 't#0~']
"""

from __future__ import annotations

import dataclasses
import hashlib
from collections import Counter

from .. import ir
from ..ir.walk import field_names, nodes, realias  # noqa: F401 (realias: the doctest's)
from .terms import _key

_DEFINES = (ir.Scan, ir.Derived, ir.Values)


def _definitions(x) -> Counter:
    """How often each alias is defined (a FROM item) anywhere in ``x``."""
    return Counter(n.alias for n in nodes(x) if isinstance(n, _DEFINES))


def fresh_copies(before, after):
    """``after`` with the aliases it defines more often than ``before`` (and more than once)
    defined once each: see the module. ``after`` itself when there are none."""
    if after is before:
        return after
    got = _definitions(after)
    split = {a for a, n in got.items() if n > 1 and n > _definitions(before).get(a, 0)}
    if not split:
        return after
    return _Renamer(split, after).value(after, {})


class _Renamer:
    """One pass over a value: each alias of ``split`` keeps its first definition's name."""

    def __init__(self, split: set, whole):
        self.split, self.seen = split, set()
        self.taken = {n.alias for n in nodes(whole) if isinstance(n, (*_DEFINES, ir.Col))}
        self.digest = hashlib.blake2b(_key(whole).encode(), digest_size=4).hexdigest()

    def fresh(self, alias: str) -> str:
        n = 0
        while (name := f"{alias}~{self.digest}{n or ''}") in self.taken:
            n += 1
        self.taken.add(name)
        return name

    def value(self, x, env: dict):
        """``x`` (a query, an expression, or tuples of them) with its columns renamed by
        ``env`` and the selects in it renaming their own copies."""
        if isinstance(x, tuple):
            out = tuple(self.value(y, env) for y in x)
            return x if all(a is b for a, b in zip(out, x, strict=True)) else out
        if isinstance(x, ir.Select):
            return self.select(x, env)
        if isinstance(x, ir.Col):
            new = env.get(x.alias, x.alias)
            return x if new == x.alias else dataclasses.replace(x, alias=new)
        names = field_names(x)
        if names is None:
            return x
        changes = {f: self.value(getattr(x, f), env) for f in names}
        return dataclasses.replace(x, **changes) if any(
            v is not getattr(x, f) for f, v in changes.items()) else x

    def select(self, q: ir.Select, env: dict):
        own = _from_items(q.source)
        names = [s.alias for s in own]
        inner = dict(env)
        for a in names:
            if a in self.split and names.count(a) == 1 and a in self.seen:
                inner[a] = self.fresh(a)
            else:
                self.seen.add(a)
                inner[a] = a  # (shadows an outer renaming)
        source = self.source(q.source, env, inner)
        rest = {f: self.value(getattr(q, f), inner)
                for f in ("where", "group_by", "having", "items", "order", "bare_from")}
        return dataclasses.replace(q, source=source, **rest)

    def source(self, s, outer: dict, inner: dict):
        if isinstance(s, ir.Join):
            return dataclasses.replace(s, left=self.source(s.left, outer, inner),
                                       right=self.source(s.right, outer, inner),
                                       on=self.value(s.on, inner))
        if isinstance(s, ir.Derived):  # (its body does not see its siblings)
            return dataclasses.replace(s, alias=inner[s.alias], query=self.value(s.query, outer))
        if isinstance(s, ir.Values):
            return dataclasses.replace(s, alias=inner[s.alias], rows=self.value(s.rows, inner))
        if isinstance(s, ir.Scan):
            return dataclasses.replace(s, alias=inner[s.alias])
        return s


def _from_items(s) -> list:
    """The FROM items of a source, left to right."""
    if isinstance(s, ir.Join):
        return _from_items(s.left) + _from_items(s.right)
    return [s] if isinstance(s, _DEFINES) else []
