"""Lowered queries (``ir``) as normal forms: sums of blocks over table occurrences.

A ``Block`` is one select-project-join: a tuple of table occurrences (``Occ``), the
conjuncts a joined row must make TRUE, the output expressions, and for a grouped select
its GROUP BY keys and HAVING. A query is a sum (UNION ALL) of terms, each a ``Block`` or a
``Squash`` of blocks (DISTINCT, UNION: set semantics over its blocks).

- inner and cross joins: the occurrences of both sides, ON conjuncts join the WHERE;
- a derived table without aggregate, DISTINCT, LIMIT or window function is inlined (its
  occurrences join the block, its WHERE too; its columns read their expressions through
  ``env``); a derived UNION ALL of such selects distributes (one block per operand);
- a select without aggregates over one grouped derived table is that grouped select
  (``_grouped_view``); a derived table of aggregates without GROUP BY or HAVING joins as
  its one row, scalar subqueries (``_one_row``);
- any other derived table is an opaque occurrence, equal only to one of the same
  (alpha-renamed) plan.

What has no normal form here (outer joins, LIMIT, window functions, INTERSECT, EXCEPT,
VALUES, ...) raises ``NoNormalForm``: the prover gives no answer.

>>> from sqlverdict.schema import from_ddl
>>> from sqlverdict.oracles.bounded import ir
>>> s = from_ddl("CREATE TABLE r(a INT, b INT)")
>>> nf = normalize(ir.lower("SELECT a FROM r WHERE b = 1 UNION ALL SELECT b FROM r", s).query, s)
>>> [len(t.occs) for t in nf], [len(t.conds) for t in nf]
([1, 1], [1, 0])
"""

from __future__ import annotations

import ast
import dataclasses
import re
from dataclasses import dataclass, field

from ....types import Schema
from .. import ir
from ..ir.kinds import Affinity, JoinKind, LogicOp, SetOpKind, Ty
from ..ir.walk import field_names


class NoNormalForm(Exception):
    """The query has a construct the normal form does not cover."""


@dataclass(frozen=True)
class Occ:
    alias: str
    key: tuple  # ("table", name) or ("derived", alpha-renamed plan)
    columns: tuple[str, ...]
    not_null: frozenset[str] = frozenset()  # SQLite rejects NULL here (NOT NULL, rowid alias)
    integer: frozenset[str] = frozenset()  # a rowid alias: an integer
    affinity: tuple[tuple[str, str], ...] = ()  # (column, affinity) of a table's columns
    # the declared keys (PRIMARY KEY, UNIQUE) as column sets, each with True for the primary
    # key: two rows whose key columns are all non-NULL and equal are one row (``keys``)
    keys: tuple[tuple[tuple[str, ...], bool], ...] = ()
    query: object = field(default=None, compare=False)  # an opaque derived table's plan


@dataclass(frozen=True)
class Group:
    keys: tuple[ir.Expr, ...]
    having: ir.Expr | None


@dataclass
class Block:
    occs: tuple[Occ, ...]
    conds: tuple[ir.Expr, ...]
    items: tuple[ir.Expr, ...]
    env: dict = field(default_factory=dict)  # (alias, column) -> expression (inlined views)
    group: Group | None = None


@dataclass
class Squash:
    blocks: tuple[Block, ...]


@dataclass
class SomeRows:
    """A condition: some row of ``occs`` makes ``conds`` TRUE (a join with a DISTINCT
    derived table that matches each row at most once, as a semi-join: ``Decider.unnest``)."""

    occs: tuple[Occ, ...]
    conds: tuple
    env: dict


@dataclass(eq=False)
class GroupValue:
    """An expression ``item`` of the aggregates of one group of ``block`` (a grouped select):
    the group whose GROUP BY values equal (``=``) the outer expressions ``at``, or the
    aggregates over no row where none does (a correlated scalar subquery of aggregates, or
    a column of a grouped derived table joined on its keys: ``values.Scope``)."""

    block: Block
    item: object
    at: tuple
    query: object = None  # the grouped select (``ir.Select``) ``block`` normalizes
    nullsafe: tuple = ()  # per key: the NULL group matches a NULL ``at`` (``keyed``)


@dataclass
class NoRows:
    """A condition: no rows of ``occs`` make ``conds`` TRUE (the rows of a LEFT JOIN's
    left side that its right side does not match)."""

    occs: tuple[Occ, ...]
    conds: tuple
    env: dict


# a Python string literal as ``repr`` writes one (either quote, backslash escapes)
_STR = r"""'(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*\""""
# an alias field, or any other string literal, consumed whole: a text value that spells
# ``alias='x'`` is a value, not an alias
_ALIAS = re.compile(rf"\balias=({_STR})|{_STR}")
_COL = re.compile(rf"\bCol\(alias=({_STR}), name=({_STR})|{_STR}")


def alpha(text: str, outer: dict[str, str] | None = None) -> str:
    """``text`` (an IR repr) with aliases renamed by order of first appearance; ``outer``
    aliases get the names it gives. Only ``alias`` fields are renamed, never a string
    value that spells one (round 58: two subqueries that differed only by the literals
    ``'alias=''p'''`` and ``'alias=''q'''`` were one key, so proved equal).

    >>> v = "Lit(value=" + repr("alias='p'") + ")"
    >>> alpha("Col(alias='t#0', name='a') = " + v) == "Col(alias='#0', name='a') = " + v
    True
    """
    names: dict[str, str] = dict(outer or {})

    def sub(m):
        if m.group(1) is None:
            return m.group(0)
        a = ast.literal_eval(m.group(1))
        if a not in names:
            names[a] = f"#{len(names)}"
        return f"alias={names[a]!r}"

    return _ALIAS.sub(sub, text)


def column_reads(text: str) -> list[tuple[str, str]]:
    """(alias, name) of each column an IR repr reads, in order; none from a string value.

    >>> column_reads("Col(alias='t#0', name='a') = Lit(value=" + repr("Col(alias='x', name='b'") + ")")
    [('t#0', 'a')]
    """
    return [(ast.literal_eval(m.group(1)), ast.literal_eval(m.group(2)))
            for m in _COL.finditer(text) if m.group(1) is not None]


def conjuncts(e) -> tuple:
    if e is None:
        return ()
    if isinstance(e, ir.Logic) and e.op == LogicOp.AND:
        return tuple(c for a in e.args for c in conjuncts(a))
    return (e,)


@dataclass
class InRows:
    """A condition: some row of ``blocks`` has outputs not distinct from ``items`` (NULL
    matches NULL), as INTERSECT and EXCEPT compare rows; ``negated`` for EXCEPT."""

    blocks: tuple[Block, ...]
    items: tuple
    negated: bool = False


def _no_limits(q) -> None:
    text = repr(q)
    if re.search(r"limit=\d|offset=[1-9]", text):
        raise NoNormalForm("LIMIT/OFFSET")
    if "Window(" in text or "bare_from=Agg" in text:
        raise NoNormalForm("window function or bare column")


def normalize(q: ir.Query, schema: Schema, keyer=None) -> list:
    """The terms of ``q``'s sum (``Block`` or ``Squash``). ``keyer(query)`` names opaque
    derived tables (default: their alpha-renamed plan, ``plan_key``)."""
    if isinstance(q, ir.SetOp):
        if q.limit is not None or q.offset:
            raise NoNormalForm("LIMIT/OFFSET")
        left, right = normalize(q.left, schema, keyer), normalize(q.right, schema, keyer)
        if q.op == SetOpKind.UNION:
            return left + right if q.all else [squash(left + right)]
        if q.all or q.op not in (SetOpKind.INTERSECT, SetOpKind.EXCEPT):
            raise NoNormalForm(f"{q.op} all")
        # the left rows (as a set) that some right row matches, or that none does
        others = squash(right).blocks
        if any(b.group is not None for b in others):
            raise NoNormalForm(f"{q.op} of a grouped select")
        out = [Block(b.occs, b.conds + (InRows(others, b.items, q.op == SetOpKind.EXCEPT),), b.items,
                     b.env, b.group) for b in squash(left).blocks]
        if any(b.group is not None for b in out):
            raise NoNormalForm(f"{q.op} of a grouped select")
        return [Squash(tuple(out))]
    if not isinstance(q, ir.Select):
        raise NoNormalForm(type(q).__name__)
    if q.limit is not None or q.offset or q.bare_from is not None:
        raise NoNormalForm("LIMIT/OFFSET")
    for e in q.items + q.group_by + ((q.having,) if q.having is not None else ()):
        if "Window(" in repr(e):
            raise NoNormalForm("window function")
    merged = _grouped_view(q, schema, keyer)
    if merged is not None:
        return [squash([merged])] if q.distinct and isinstance(merged, Block) else [merged]
    # a LEFT JOIN grouped by its left key as lookups, where the prover asks (``left_groups``)
    lookups = getattr(getattr(keyer, "__self__", None), "left_lookups", None)
    if q.aggregate and lookups is not None and (rewritten := lookups(q, schema)) is not None:
        return normalize(rewritten, schema, keyer)
    alts = _source(q.source, schema, keyer)
    where = conjuncts(q.where)
    if q.aggregate:
        # a constant GROUP BY key puts every row in one group: beside other keys, it
        # changes no group
        keys = tuple(k for k in q.group_by if not isinstance(k, ir.Lit)) or q.group_by
        if len(alts) != 1:  # an outer join or a UNION ALL under the aggregate
            # read by ``sums.over_sum``, which the prover's terms (``keyer``'s owner) carry:
            # ``sums`` reads this module, not the other way round
            over_sum = getattr(getattr(keyer, "__self__", None), "over_sum", None)
            if over_sum is None:
                raise NoNormalForm("aggregate over a union")
            out = over_sum(q, alts, where, keys, schema)
            return [squash([out])] if q.distinct and isinstance(out, Block) else [out]
        occs, conds, env = alts[0]
        blk = Block(occs, conds + where, q.items, env, Group(keys, q.having))
        # COUNT(DISTINCT a.k) over a join as a semi-join (``key_counts``, carried by the
        # prover's terms as ``over_sum`` is: that module reads this one)
        reread = getattr(getattr(keyer, "__self__", None), "key_counts", None)
        blocks = [reread(blk) if reread is not None else blk]
    else:
        if q.having is not None or q.group_by:
            raise NoNormalForm("GROUP BY without aggregate")
        blocks = [Block(o, c + where, q.items, env) for o, c, env in alts]
    return [squash(blocks)] if q.distinct else blocks


def _grouped_view(q: ir.Select, schema: Schema, keyer=None) -> Block | None:
    """A select without aggregates over one grouped derived table (view merging): the
    grouped select itself, its outputs read through the outer items, the outer WHERE a
    conjunct of its HAVING (both keep a group's row where TRUE). None if not so, or if a
    subquery of the outer select reads the derived table."""
    src = q.source
    if (q.aggregate or q.group_by or q.having is not None or not isinstance(src, ir.Derived)
            or not isinstance(src.query, ir.Select) or not src.query.aggregate
            or src.query.distinct or src.query.limit is not None or src.query.offset
            or src.query.bare_from is not None):
        return None
    for y in _subqueries((q.items, q.where)):
        if src.alias in free_aliases(y):
            return None
    terms = normalize(src.query, schema, keyer)
    if len(terms) == 1 and type(terms[0]).__name__ == "SummedGroups":  # ``sums``
        return terms[0].view(src, q.items, conjuncts(q.where), q.distinct, _substitute)
    if len(terms) != 1 or not isinstance(terms[0], Block) or terms[0].group is None:
        return None
    b = terms[0]
    cols = {(src.alias, n): e for n, e in zip(src.names, b.items, strict=True)}
    items = tuple(_substitute(e, cols) for e in q.items)
    having = conjuncts(b.group.having) + tuple(_substitute(c, cols) for c in conjuncts(q.where))
    both = None if not having else having[0] if len(having) == 1 else ir.Logic(LogicOp.AND, having)
    return Block(b.occs, b.conds, items, b.env, Group(b.group.keys, both))


def _subqueries(x) -> list:
    out, stack = [], [x]
    while stack:
        y = stack.pop()
        if isinstance(y, (ir.Exists, ir.InSub, ir.ScalarSub)):
            out.append(y)
        elif isinstance(y, (tuple, list)):
            stack += list(y)
        elif (names := field_names(y)) is not None:
            stack += [getattr(y, f) for f in names]
    return out


def _substitute(e, cols: dict):
    """``e`` with the columns ``cols`` maps (alias, name) replaced (outside subqueries)."""
    if isinstance(e, ir.Col):
        return cols.get((e.alias, e.name), e)
    if isinstance(e, tuple):
        return tuple(_substitute(y, cols) for y in e)
    if (isinstance(e, (ir.Exists, ir.InSub, ir.ScalarSub, ir.Select, ir.SetOp))
            or not dataclasses.is_dataclass(e) or isinstance(e, type)):
        return e
    return dataclasses.replace(e, **{f.name: _substitute(getattr(e, f.name), cols)
                                     for f in dataclasses.fields(e) if f.init})


def squash(terms) -> Squash:
    out = []
    for t in terms:
        if type(t).__name__ == "SummedGroups":  # its rows hold keys as one group shows them
            raise NoNormalForm("a set of groups over a sum under DISTINCT, UNION, EXCEPT or INTERSECT")
        out += list(t.blocks) if isinstance(t, Squash) else [t]
    return Squash(tuple(out))


def _scan(s: ir.Scan, schema: Schema) -> Occ:
    t = schema.table(s.table)
    cols = tuple(c[0] for c in s.columns)
    # the schema's reading of SQLite's keys (``Table.rowid_alias``, ``Table.never_null``):
    # NULL fits a PRIMARY KEY column of a rowid table unless it is the rowid alias, and
    # only a rowid alias (never a WITHOUT ROWID table's key) holds integers alone
    rowid = {t.rowid_alias.lower()} if t.rowid_alias else set()
    nn = frozenset(c.name.lower() for c in t.columns if t.never_null(c.name))
    aff = tuple((c[0], c[2] or Affinity.BLOB) for c in s.columns)
    return Occ(s.alias, ("table", s.table.lower()), cols, nn, frozenset(rowid), aff,
               keys(t, cols))


def keys(t, cols) -> tuple[tuple[tuple[str, ...], bool], ...]:
    """The keys of table ``t`` that SQLite enforces, as column sets within ``cols``: the
    primary key (``True``) and the UNIQUE sets of plain columns. SQLite compares key values
    as ``=`` does (1 and 1.0 collide) and lets rows that hold a NULL in a key repeat.

    >>> from sqlverdict.schema import from_ddl
    >>> t = from_ddl("CREATE TABLE t(a INT PRIMARY KEY, b TEXT UNIQUE, c INT)").table("t")
    >>> keys(t, ("a", "b", "c"))
    ((('a',), True), (('b',), False))
    """
    out = []
    low = {c.lower(): c for c in cols}
    for key, primary in [(t.primary_key, True)] + [(u, False) for u in t.uniques]:
        names = tuple(low[c.lower()] for c in key if isinstance(c, str) and c.lower() in low)
        if key and len(names) == len(key):  # an expression index has no column name
            out.append((names, primary))
    return tuple(out)


def _source(src, schema: Schema, keyer=None) -> list[tuple[tuple, tuple, dict]]:
    """Alternatives (summed) of a FROM item: (occurrences, conjuncts, env)."""
    if src is None:
        return [((), (), {})]
    if isinstance(src, ir.Scan):
        return [((_scan(src, schema),), (), {})]
    if isinstance(src, ir.Join):
        if src.kind not in (JoinKind.INNER, JoinKind.CROSS, JoinKind.LEFT, JoinKind.RIGHT, JoinKind.FULL):
            raise NoNormalForm(f"{src.kind} join")
        lefts, rights = _source(src.left, schema, keyer), _source(src.right, schema, keyer)
        on = conjuncts(src.on)
        out = []
        for lo, lc, le in lefts:
            for ro, rc, re_ in rights:
                out.append((lo + ro, lc + rc + on, {**le, **re_}))
        # outer joins: the inner join plus the unmatched rows of the preserved side, padded
        if src.kind in (JoinKind.LEFT, JoinKind.FULL):
            out += _padded(lefts, rights, on, src.kind)
        if src.kind in (JoinKind.RIGHT, JoinKind.FULL):
            out += _padded(rights, lefts, on, src.kind)
        return out
    if isinstance(src, ir.Derived):
        return _derived(src.query, src.alias, src.names, schema, keyer)
    raise NoNormalForm(type(src).__name__)


def _padded(kept, other, on, kind) -> list:
    """Rows of ``kept`` that no row of ``other`` (one alternative) matches on ``on``,
    with ``other``'s columns NULL."""
    if len(other) != 1:
        raise NoNormalForm(f"{kind} join of a union")
    oo, oc, oe = other[0]
    null = ir.Lit(None, Ty.NULL)
    pad = {k: null for k in oe}
    pad.update({(o.alias, c): null for o in oo for c in o.columns})
    out = []
    for ko, kc, ke in kept:
        miss = NoRows(oo, oc + on, {**ke, **oe})
        out.append((ko, kc + (miss,), {**ke, **pad}))
    return out


def _inlinable(q) -> bool:
    return (isinstance(q, ir.Select) and not q.aggregate and not q.distinct and not q.group_by
            and q.limit is None and not q.offset and q.bare_from is None
            and "Window(" not in repr(q.items))


def _derived(q, alias: str, names: tuple[str, ...], schema: Schema, keyer=None) -> list:
    if isinstance(q, ir.SetOp) and q.op == SetOpKind.UNION and q.all and q.limit is None and not q.offset:
        return (_derived(q.left, alias, names, schema, keyer)
                + _derived(q.right, alias, names, schema, keyer))
    if _inlinable(q):
        out = []
        for occs, conds, env in _source(q.source, schema, keyer):
            env = dict(env)
            for n, e in zip(names, q.items, strict=True):
                env[(alias, n)] = e
            out.append((occs, conds + conjuncts(q.where), env))
        return out
    one = _one_row(q, alias, names)
    if one is not None:
        return [((), (), one)]
    _no_limits(q)
    if free_aliases(q):
        raise NoNormalForm("a correlated derived table")
    key = keyer(q) if keyer is not None else plan_key(q)
    return [((Occ(alias, ("derived", key), tuple(names), query=q),), (), {})]


def _one_row(q, alias: str, names: tuple[str, ...]) -> dict | None:
    """An uncorrelated select of aggregates without GROUP BY or HAVING has exactly one row:
    as a derived table it joins no table, its columns the values of scalar subqueries (one
    per output), or None."""
    if not (isinstance(q, ir.Select) and q.aggregate and not q.group_by and q.having is None
            and not q.distinct and q.limit is None and not q.offset and q.bare_from is None
            and not free_aliases(q)):
        return None
    if "Window(" in repr(q.items):
        return None
    return {(alias, n): ir.ScalarSub(dataclasses.replace(q, items=(e,), names=(n,)),
                                     getattr(e, "ty", Ty.NULL))
            for n, e in zip(names, q.items, strict=True)}


def free_aliases(x) -> set[str]:
    """Aliases that columns in ``x`` read but ``x`` does not define (outer references)."""
    used, defined = reads_and_defines(x)
    return used - defined


def reads_and_defines(x) -> tuple[set[str], set[str]]:
    """The aliases columns in ``x`` read, and those ``x`` defines (its FROM items)."""
    used, defined = set(), set()
    stack = [x]
    while stack:
        y = stack.pop()
        if isinstance(y, ir.Col):
            used.add(y.alias)
        elif isinstance(y, (ir.Scan, ir.Derived, ir.Values)):
            defined.add(y.alias)
        if isinstance(y, (tuple, list)):
            stack += list(y)
        elif (names := field_names(y)) is not None:
            stack += [getattr(y, f) for f in names]
    return used, defined


def plan_key(q) -> str:
    """A subquery's plan with aliases renamed and its own output names dropped (columns
    are read by position)."""
    if isinstance(q, ir.Select):
        q = dataclasses.replace(q, names=())
    return alpha(repr(q))
