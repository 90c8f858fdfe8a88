"""Order-dependent queries as order-free ones (issue 25, i46a): ``translate``.

Windows and LIMIT/OFFSET read rows in an order; hand-written SQL says the same with counts
and aggregates of the rows "before" the current one. This module writes every
order-dependent construct it can decide as that order-free expression, so that the
every-database methods (rewriting, normal form, congruence) compare the two spellings of a
pair by what they already decide, whatever spelling either side used (``proofs`` runs them
again on the translated pair when they fail on the pair as written).

"Before" is built from the ORDER BY keys ``(k1, d1) .. (kn, dn)`` of one table's select
``FROM t WHERE w`` as SQLite sorts: for an ascending key, ``y.k < x.k OR (y.k IS NULL AND
x.k IS NOT NULL)`` (NULL first), descending ``y.k > x.k OR (y.k IS NOT NULL AND x.k IS
NULL)`` (NULL last), the NULL tests dropped where ``k`` is never NULL on a kept row; peers
are ``y.k IS x.k`` (``=`` where never NULL); several keys compare lexicographically
(``<lex``; ``<=lex`` with peers). A copy ``y`` of ``t`` filtered by the same ``w`` (no
subquery in it, no collated table) reads exactly the rows the window or the cut reads.

Why each translation is an identity of SQLite's semantics:

- ``<`` and ``IS`` of two values of one key expression (the same affinity on both sides:
  no conversion; one collation, BINARY) order values of every storage class as ORDER BY
  does (NULL < numbers < text < blob; 1 and 1.0 equal, so peers), and NULL is placed as
  ORDER BY places it; so ``<lex`` is "sorts strictly before" and ``IS`` on every key "is a
  peer".
- An aggregate window (COUNT, SUM, AVG, TOTAL, MIN, MAX) whose frame is the whole partition
  (no ORDER BY and the default frame, or UNBOUNDED PRECEDING .. UNBOUNDED FOLLOWING), or
  RANGE / GROUPS UNBOUNDED PRECEDING .. CURRENT ROW (the default frame with ORDER BY: peers
  included) is ``(SELECT AGG(x) FROM t y WHERE w(y) AND y.p IS x.p .. [AND y <=lex x])``:
  the frame is exactly those rows. A ROWS frame is that only under a total order (below),
  where peers are the row itself; ``ROWS BETWEEN n PRECEDING AND CURRENT ROW`` adds that
  fewer than ``n + 1`` rows of the partition lie in ``(y, x]``, ``ROWS BETWEEN UNBOUNDED
  PRECEDING AND n PRECEDING`` (``n >= 1``) the rows strictly before with at least ``n``
  rows of the partition in ``(y, x]`` (the row ``n`` places or more before). SUM, AVG and TOTAL add the
  same rows in another order: the proof states ``exact_reals`` and
  ``integer_sums_exact``; MIN/MAX only of a column whose equal values are one value.
- ``RANK()`` is ``1 +`` the count of partition rows ``<lex``; ``DENSE_RANK()`` of one key
  never NULL ``1 + COUNT(DISTINCT k)`` of them (COUNT(DISTINCT) takes equal values as one,
  as peers are).
- A total order: the partition and ORDER BY keys (and the columns the select's WHERE
  fixes with ``=`` to a value read outside it: one value on every row it keeps) hold every column of a declared unique key,
  each never NULL on a kept row: no two rows are peers; over an inner join of tables,
  when they fix every table's row (``lookups.determined``: keys closed under ``=``), and
  a table the partition keys fix alone is read as the current row's in the copy. Then ``ROW_NUMBER()`` is ``1 +`` the count
  of partition rows ``<lex`` (the rows ``<=lex``: those and the row itself, its only peer;
  so ``ROW_NUMBER() = 1`` is RANK's ``1 + 0``: no row before); ``LAG(x)`` (``LEAD``, offset 1, no default) is the partition
  row ``<lex`` (``>lex``) with no partition row between, read as the cut below of the
  subquery ``.. ORDER BY reversed keys LIMIT 1``; and ``ORDER BY k LIMIT n OFFSET m`` keeps
  the rows with ``m <= (SELECT COUNT(*) FROM t y WHERE w(y) AND y <lex x) < m + n`` (the
  ORDER BY stays: a consumer that reads the order still sees it). Over a non-total order
  nothing is translated (SQLite picks among ties). ``FIRST_VALUE(x)`` over a frame from
  the partition's start (``LAST_VALUE``: the whole partition, the order reversed) is the
  first row's ``x``: when ``x`` is the one key and its equal values one value (no BLOB
  affinity: 1 and 1.0 stored alike), over any order, the partition's MIN of ``x`` where
  NULL sorts last or never occurs, MAX descending unless NULLS FIRST
  (``partition_groups.extreme_first``): every row tied first holds that value; else over a
  total order the cut ``.. ORDER BY keys LIMIT 1`` of the partition. Without ORDER BY a
  RANGE or GROUPS frame to CURRENT ROW (the default) holds the whole partition (every row a
  peer). A DISTINCT select of partition keys and whole-partition windows is read as the
  grouping by the keys first (``partition_groups.grouped``).

A second reading (``lookup``, tried after the first; MIN/MAX comparisons are not
quantified there): a LAG/LEAD or cut that reads its own first sort key as MIN/MAX
(``lookups.top_key``), a first row by a unique key as the key lookup at the MIN/MAX
(``lookups.first_row``), ROW_NUMBER as the count of rows ``<=lex`` (the row itself its
only peer). (The first reading keeps the cuts: the normal form spends its budget on the
MIN/MAX forms where it fails.)

Not translated (the construct stays as it is): windows or cuts over an outer join, a GROUP BY, an
aggregate, DISTINCT, a WHERE with a subquery, a collated table, keys or arguments that read
another table or a subquery; frames with EXCLUDE, FOLLOWING ends, offsets other than
those above; NTILE, PERCENT_RANK, CUME_DIST, NTH_VALUE, FIRST_VALUE/LAST_VALUE otherwise.
"""

from __future__ import annotations

import dataclasses
import functools

from ...types import Schema
from . import extremes, ir, lookups
from .canon.partitions import _AGG_OF, _order_blind, _whole_partition
from .canon.running import _never_null, _total
from .canon.terms import _and, _conjuncts, _deep, _has_sub, _key, _replace_cols
from .canon.windows import _collated
from .ir.kinds import (
    AggFn,
    ArithOp,
    CmpOp,
    FrameBound,
    FrameExclude,
    FrameUnit,
    FuncName,
    JoinKind,
    LogicOp,
    Ty,
    WindowFn,
)
from .ir.walk import field_names
from .outcome import Assumption
from .partition_groups import extreme_first, grouped

_ONE = ir.Lit(1, Ty.INT)
_SUMS = (AggFn.SUM, AggFn.AVG)


_Run = extremes.Run  # one translation: the schema, fresh aliases, what the result rests on


def translate(q: ir.Query, schema: Schema, typed: bool = False, lookup: bool = False
              ) -> tuple[ir.Query, tuple[Assumption, ...]] | None:
    """``q`` with every window and LIMIT/OFFSET this module decides written order-free, and
    what the translation rests on; None when nothing was translated. ``lookup``: the other
    reading: a top-1 read of its own sort key as MIN/MAX (``lookups.top_key``), a first row
    as the key lookup at the MIN or MAX (``lookups.first_row``), kept as that comparison (no
    ``extremes``), ROW_NUMBER as the count of the rows up to the row; None unless one was
    read so.

    >>> from sqlverdict.schema import from_ddl
    >>> s = from_ddl("CREATE TABLE t(id INTEGER NOT NULL PRIMARY KEY, v INTEGER)")
    >>> q = ir.lower("SELECT id FROM t ORDER BY id LIMIT 2", s).query
    >>> out, rests = translate(q, s)
    >>> out.limit is None and 'count_star' in repr(out.where), rests
    (True, ())
    >>> translate(ir.lower("SELECT id FROM t ORDER BY v LIMIT 2", s).query, s) is None
    True
    """
    run = _Run(schema, typed, lookup=lookup)
    # (second reading) a top-1 read of its own sort key as MIN / MAX before the cut reads it
    out = _deep(q, lambda e: _top_key(e, run), ir.ScalarSub) if lookup else q
    if lookup:
        out = _deep(out, lambda s: _first_row(s, run) or s, ir.Select)
    out = _deep(out, lambda s: _select(s, run), ir.Select)  # inner selects first
    if lookup and not run.read:
        return None
    extreme = None if lookup else extremes.quantified(out, schema, typed)  # = MAX(..) as cuts read
    if extreme is not None:
        out = extreme[0]
        run.assumptions += extreme[1]
    if out is q:
        return None
    return out, tuple(dict.fromkeys(run.assumptions))


def _first_row(sub: ir.Select, run: _Run) -> ir.Select | None:
    """In the second reading, ``sub`` (a first row) as the key lookup at the MIN/MAX."""
    found = lookups.first_row(sub, run.schema, f"lookup{next(run.names)}") if run.lookup else None
    if found is not None:
        run.read.append(found)
    return found


def _top_key(e: ir.ScalarSub, run: _Run):
    found = lookups.top_key(e.query, run.schema)
    if found is None:
        return e
    run.read.append(found)
    return dataclasses.replace(e, query=found)


def _leaves(src, top: bool = True) -> list | None:
    """The scans of an inner-join tree of scans (ON conditions without subqueries), or the
    FROM's one derived table that every copy reads alike (``_stable``), else None."""
    if isinstance(src, ir.Scan) or top and isinstance(src, ir.Derived) and _stable(src.query):
        return [src]
    if isinstance(src, ir.Join) and src.kind in (JoinKind.INNER, JoinKind.CROSS) and not _has_sub(src.on):
        left, right = _leaves(src.left, False), _leaves(src.right, False)
        return None if left is None or right is None else left + right
    return None


def _stable(q) -> bool:
    """A select whose rows are the same bag on every reading: no LIMIT/OFFSET (ties) or
    window (ROW_NUMBER over ties) anywhere in it."""
    found = []
    _deep(q, lambda y: found.append(y) or y, (ir.Select, ir.Window))
    return isinstance(q, ir.Select) and all(
        not isinstance(y, ir.Window) and y.limit is None and not y.offset and not _bare_in(y)
        for y in found)


def _bare_in(q: ir.Select) -> bool:
    """Does grouped ``q`` show a bare column (one of no group key, outside an aggregate:
    SQLite takes it from a row of its choice, which two readings need not share)?"""
    return bool(q.group_by or q.aggregate) and any(
        _bare(e, q.group_by) for e in (*q.items, *(k for k, _ in q.order), q.having))


def _bare(e, keys) -> bool:
    if e is None or e in keys or isinstance(e, (ir.Agg, ir.ScalarSub, ir.Exists, ir.InSub)):
        return False
    if isinstance(e, ir.Col):
        return True
    names = field_names(e)
    return names is not None and any(
        any(_bare(y, keys) for y in v) if isinstance(v, tuple) else _bare(v, keys)
        for v in (getattr(e, n) for n in names))


def _plain(q: ir.Select, schema: Schema) -> bool:
    """The rows of inner-joined tables, one output row each: what a copy of the FROM re-reads."""
    return (_leaves(q.source) is not None and not q.aggregate and not q.group_by
            and q.having is None and q.bare_from is None and not _has_sub(q.where)
            and not _collated(q.source, schema))


def _select(q: ir.Select, run: _Run) -> ir.Select:
    if q.distinct and (found := grouped(q, run.schema, run.typed)) is not None:
        run.assumptions += found[1]  # DISTINCT over whole-partition windows: the grouping
        return found[0]
    if not _plain(q, run.schema):
        lifted = _groups(q, run)
        if lifted is None:
            return q
        out = _select(lifted, run)
        return q if out is lifted else out
    if any(isinstance(y, ir.Window) for i in q.items for y in ir.local_nodes(i)):
        items = tuple(_offsets(_map_windows(i, lambda w: _window(w, q, run))) for i in q.items)
        if items != q.items:
            q = dataclasses.replace(q, items=items)
    if q.limit is not None and q.limit >= 1 and not q.offset and lookups.at_most_one(q, run.schema):
        return dataclasses.replace(q, limit=None, order=())  # a cut of one row at most keeps it
    if (q.limit is not None or q.offset) and not q.distinct and not any(
            isinstance(y, ir.Window) for e in (*q.items, *(k for k, _ in q.order))
            for y in ir.local_nodes(e)):
        q = _cut(q, run)
    return q


def _groups(q: ir.Select, run: _Run) -> ir.Select | None:
    """A grouped select with windows or a cut as the same select over the derived table of
    its groups (the group keys, then each expression it shows, sorts or partitions by), so
    that the windows and the cut read rows of one FROM; None when it has neither, or
    something the lift does not carry (DISTINCT, a subquery, a window inside an expression)."""
    if (not q.group_by or q.distinct or q.bare_from is not None or _has_sub(q.where)
            or _has_sub(q.having) or _collated(q.source, run.schema) or _bare_in(q)):
        return None
    windowed = any(isinstance(y, ir.Window) for i in q.items for y in ir.local_nodes(i))
    if not windowed and (q.limit is None and not q.offset or not q.order):
        return None
    exprs = list(q.group_by)
    alias, n, own = "groups", next(run.names), _aliases(q.source)

    def lift(e):
        if any(isinstance(y, (ir.ScalarSub, ir.Exists, ir.InSub, ir.Window))
               or isinstance(y, ir.Col) and y.alias not in own for y in ir.local_nodes(e)):
            raise _NotLifted
        if e not in exprs:
            exprs.append(e)
        return exprs.index(e)
    try:
        items = [(i, lift(i)) if not any(isinstance(y, ir.Window) for y in ir.local_nodes(i))
                 else (i, _lift_window(i, lift)) for i in q.items]
        order = [(lift(k), d) for k, d in q.order]
    except _NotLifted:
        return None
    names = tuple(f"g{i}" for i in range(len(exprs)))
    alias = f"{alias}{n}"
    cols = [ir.Col(alias, names[i], e.ty, e.affinity if isinstance(e, ir.Col) else None)
            for i, e in enumerate(exprs)]
    inner = ir.Select(source=q.source, where=q.where, group_by=q.group_by, having=q.having,
                      items=tuple(exprs), distinct=False, order=(), limit=None, offset=0,
                      aggregate=True, names=names)
    at = lambda v: cols[v] if isinstance(v, int) else v  # noqa: E731
    out_items = tuple(at(v) if isinstance(v, int) else dataclasses.replace(
        v, partition=tuple(at(p) for p in v.partition), order=tuple((at(k), d) for k, d in v.order),
        args=tuple(at(a) for a in v.args)) for _, v in items)
    return dataclasses.replace(q, source=ir.Derived(inner, alias, names), where=None, group_by=(),
                               having=None, items=out_items, order=tuple((cols[k], d) for k, d in order),
                               aggregate=False)


def _offsets(e):
    """``e`` with ``(a + n) + b`` and ``(a + n) - b`` folded to ``n + (a + b)`` (``n`` alone
    when that is 0) where ``n`` is a count this module wrote (``1 + COUNT(*)`` for a rank or
    a row number, so ``ROW_NUMBER() - 1`` is the count before) and ``a``, ``b`` integer
    literals: a count is an integer from 0 to the number of rows, far from 64 bits' end, so
    the sums are exact in either grouping."""
    if not isinstance(e, ir.Arith):
        return e
    e = dataclasses.replace(e, left=_offsets(e.left), right=_offsets(e.right))
    inner, b = e.left, e.right
    if not (e.op in (ArithOp.ADD, ArithOp.SUB) and isinstance(inner, ir.Arith) and inner.op == ArithOp.ADD
            and _int(b) and _int(inner.left) and _count(inner.right)):
        return e
    n = inner.left.value + (b.value if e.op == ArithOp.ADD else -b.value)
    return inner.right if n == 0 else ir.Arith(ArithOp.ADD, ir.Lit(n, Ty.INT), inner.right, Ty.INT)


def _int(e) -> bool:
    return isinstance(e, ir.Lit) and type(e.value) is int and abs(e.value) < 2 ** 32


def _count(e) -> bool:
    """A scalar subquery of one COUNT (``COUNT(*)``, ``COUNT(DISTINCT k)``), no GROUP BY."""
    return (isinstance(e, ir.ScalarSub) and isinstance(s := e.query, ir.Select) and s.aggregate
            and not s.group_by and s.having is None and len(s.items) == 1
            and isinstance(s.items[0], ir.Agg) and s.items[0].fn in (AggFn.COUNT_STAR, AggFn.COUNT))


class _NotLifted(Exception):
    pass


def _aliases(src) -> set:
    out = set()
    _deep(src, lambda y: out.add(y.alias) or y, (ir.Scan, ir.Derived, ir.Values))
    return out


def _lift_window(w, lift):
    """A window whose partition, order and arguments are lifted (indices), else raise."""
    if not isinstance(w, ir.Window) or any(isinstance(y, ir.Window) for a in (*w.partition, *(k for k, _ in w.order), *w.args) for y in ir.local_nodes(a)):
        raise _NotLifted
    return dataclasses.replace(w, partition=tuple(lift(p) for p in w.partition),
                               order=tuple((lift(k), d) for k, d in w.order),
                               args=tuple(lift(a) for a in w.args))


def _map_windows(e, f):
    """``e`` with each window ``w`` (outside subqueries) replaced by ``f(w)``."""
    if isinstance(e, ir.Window):
        return f(e)
    names = field_names(e)
    if names is None or isinstance(e, (ir.ScalarSub, ir.Exists, ir.InSub)) or not isinstance(e, ir.Expr):
        return e
    changes = {}
    for name in names:
        v = getattr(e, name)
        nv = tuple(_map_windows(y, f) for y in v) if isinstance(v, tuple) else _map_windows(v, f)
        if nv != v:
            changes[name] = nv
    return dataclasses.replace(e, **changes) if changes else e


# ---- "before" from ORDER BY keys


def _own(e, aliases) -> bool:
    """Does ``e`` read only columns of ``aliases``, no subquery, aggregate or window?"""
    return not any(isinstance(y, (ir.ScalarSub, ir.Exists, ir.InSub, ir.Agg, ir.Window))
                   or (isinstance(y, ir.Col) and y.alias not in aliases) for y in ir.local_nodes(e))


class _Copy:
    """A copy ``y`` of the select's FROM, with ``w(y)``, and the comparisons of ``y`` with
    the current row ``x``; ``t``: the table when the FROM is one table."""

    def __init__(self, q: ir.Select, run: _Run, pinned: frozenset = frozenset()):
        self.q, self.run, self.where = q, run, q.where
        self.leaves = _leaves(q.source)
        self.aliases = frozenset(s.alias for s in self.leaves)
        self.t = run.schema.table(q.source.table) if isinstance(q.source, ir.Scan) else None
        self.derived = q.source if isinstance(q.source, ir.Derived) else None
        n = next(run.names)
        self.rep = {(s.alias, c): ir.Col(f"{s.alias}_of{n}", c, ty, aff) for s in self.leaves
                    if isinstance(s, ir.Scan) and s.alias not in pinned for c, ty, aff in s.columns}
        if pinned:  # leaves the partition fixes: read as the current row's (``lookups``)
            self.where = _and(lookups.ons(q.source) + _conjuncts(q.where))
            rest = [dataclasses.replace(s, alias=f"{s.alias}_of{n}") for s in self.leaves
                    if s.alias not in pinned]
            self.source = functools.reduce(lambda a, b: ir.Join(JoinKind.CROSS, a, b, None), rest)
            return
        if self.derived is not None:  # its columns as the select reads them
            _deep(q, lambda y: self.rep.setdefault(
                (y.alias, y.name), dataclasses.replace(y, alias=f"{y.alias}_of{n}"))
                  if y.alias == self.derived.alias else y, ir.Col)
        self.source = self._copy(q.source, n)

    def _copy(self, src, n: int):
        if isinstance(src, ir.Scan):
            return dataclasses.replace(src, alias=f"{src.alias}_of{n}")
        if isinstance(src, ir.Derived):  # its own tables under fresh aliases too
            fresh = {}
            _deep(src.query, lambda y: fresh.setdefault(y.alias, f"{y.alias}_of{n}") and y,
                  (ir.Scan, ir.Derived, ir.Values))
            query = _deep(src.query, lambda y: dataclasses.replace(y, alias=fresh[y.alias])
                          if y.alias in fresh else y, (ir.Scan, ir.Derived, ir.Values, ir.Col))
            return dataclasses.replace(src, query=query, alias=f"{src.alias}_of{n}")
        return dataclasses.replace(src, left=self._copy(src.left, n), right=self._copy(src.right, n),
                                   on=self.of(src.on))

    def _declared(self, e) -> bool:
        if self.derived is not None:  # a column of a derived table: its expression inside
            inner = self.derived.query
            item = _item(self.derived, e)
            return item is not None and _valued(item, lambda c: isinstance(inner.source, ir.Scan) and _never_null(
                c, inner.source, self.run.schema.table(inner.source.table), inner.where))
        return any(_never_null(e, s, self.run.schema.table(s.table), self.where) for s in self.leaves)

    def total(self, keys, columns) -> bool:
        """Do the keys (and ``columns``, one value on the rows compared) order the rows
        totally: no two rows peers? Over a table, a declared unique key never NULL; over a
        derived table of groups, its group keys (distinct groups differ on one, NULL
        included: peers compare with IS); of a DISTINCT select, all its columns."""
        if self.t is not None:
            return _total(keys, self.t, self.where, columns)
        if self.derived is None:  # an inner join: every table's row fixed by the keys
            return lookups.determined(self.q, self.run.schema, [k for k, _ in keys] + list(columns)) == self.aliases
        have = {(k.alias, k.name) for k in [*(k for k, _ in keys), *columns] if isinstance(k, ir.Col)}
        need = _derived_key(self.derived)
        return need is not None and all((self.derived.alias, n) in have for n in need)

    def of(self, e):
        return _replace_cols(e, self.rep)

    def never_null(self, e) -> bool:
        if isinstance(e, ir.Func) and e.name == FuncName.BOOL_INT and len(e.args) == 1:
            e = e.args[0]
        return isinstance(e, (ir.IsNull, ir.Not)) and isinstance(e.arg, ir.IsNull) or isinstance(
            e, ir.IsNull) or self._declared(e)

    def keys(self, order) -> list:
        """The ORDER BY keys without NULL tests of a column never NULL (the same on every
        row: NULLS FIRST/LAST as a translation spells it)."""
        out = []
        for k, desc in order:
            if (isinstance(k, ir.Func) and k.name == FuncName.BOOL_INT and len(k.args) == 1
                    and isinstance(k.args[0], ir.IsNull)
                    and self._declared(k.args[0].arg)):
                continue
            out.append((k, desc))
        return out

    def peer(self, e):
        op = CmpOp.EQ if self.never_null(e) else CmpOp.IS
        return ir.Cmp(op, *sorted((e, self.of(e)), key=_key))

    def before(self, e, desc: bool, mine, theirs):
        """``mine`` sorts strictly before ``theirs`` on key ``e`` (``mine``/``theirs``:
        functions giving the key of either row)."""
        a, b = mine(e), theirs(e)
        lt = ir.Cmp(CmpOp.GT if desc else CmpOp.LT, a, b)
        if self.never_null(e):
            return lt
        first, last = (b, a) if desc else (a, b)  # NULL sorts first ascending, last descending
        return ir.Logic(LogicOp.OR, (lt, ir.Logic(LogicOp.AND, (ir.IsNull(first), ir.Not(ir.IsNull(last))))))

    def lex(self, keys, mine, theirs, peers: bool):
        """Lexicographic "before" (``peers``: or a peer on every key)."""
        if not keys:
            return ir.Lit(1, Ty.INT) if peers else ir.Lit(0, Ty.INT)
        (k, desc), rest = keys[0], keys[1:]
        strict = self.before(k, desc, mine, theirs)
        if not rest and not peers:
            return strict
        tie = self._tie(k, mine, theirs)
        if not rest:
            return ir.Logic(LogicOp.OR, (strict, tie))
        return ir.Logic(LogicOp.OR, (strict, ir.Logic(LogicOp.AND, (tie, self.lex(rest, mine, theirs, peers)))))

    def _tie(self, e, mine, theirs):
        op = CmpOp.EQ if self.never_null(e) else CmpOp.IS
        return ir.Cmp(op, *sorted((mine(e), theirs(e)), key=_key))

    def select(self, item, conds, aggregate=True, order=(), limit=None) -> ir.Select:
        return ir.Select(source=self.source,
                         where=_and(_conjuncts(self.of(self.where)) + list(conds)), group_by=(),
                         having=None, items=(item,), distinct=False, order=order, limit=limit,
                         offset=0, aggregate=aggregate)


def _valued(e, col) -> bool:
    """Is ``e`` never NULL (``col``: of a column)? COUNT, a literal, ``+ - *`` of such (of
    any storage class: SQLite reads text and blobs as numbers there), ``/ %`` by a non-zero
    literal."""
    if isinstance(e, ir.Col):
        return col(e)
    if isinstance(e, ir.Lit):
        return e.value is not None
    if isinstance(e, ir.Agg):
        return e.fn in (AggFn.COUNT, AggFn.COUNT_STAR)
    if isinstance(e, ir.Arith) and e.op in (ArithOp.ADD, ArithOp.SUB, ArithOp.MUL):
        return _valued(e.left, col) and _valued(e.right, col)
    if isinstance(e, ir.Arith):
        return (_valued(e.left, col) and isinstance(e.right, ir.Lit)
                and type(e.right.value) in (int, float) and e.right.value != 0)
    return False


def _item(d: ir.Derived, col):
    """The expression of derived table ``d`` behind its column ``col``, else None."""
    if isinstance(col, ir.Col) and col.alias == d.alias and col.name in d.names:
        return d.query.items[d.names.index(col.name)]
    return None


def _derived_key(d: ir.Derived) -> tuple | None:
    """Names of columns of ``d`` no two of its rows agree on (IS on each): the group keys
    of a grouped select that shows them all, or every column of a DISTINCT select."""
    q = d.query
    if q.distinct:
        return d.names
    if not q.group_by or q.bare_from is not None:
        return None
    names = [d.names[q.items.index(g)] for g in q.group_by if g in q.items]
    return tuple(names) if len(names) == len(q.group_by) else None


def _keys_ok(w: ir.Window, aliases) -> bool:
    return all(_own(e, aliases) for e in (*w.partition, *(k for k, _ in w.order), *w.args))


def _frame(w: ir.Window):
    """('whole' | 'running' | 'rows_running' | ('rows', n) | ('before', n)) for the frames
    translated (without ORDER BY every row is a peer of every other: a RANGE or GROUPS frame
    to CURRENT ROW holds the whole partition, ``partitions._whole_partition``)."""
    if _whole_partition(w):
        return "whole"
    if not w.frame:
        return "running"
    unit, (start, n0), (end, n1), exclude = w.frame
    if exclude != FrameExclude.NO_OTHERS:
        return None
    if start == FrameBound.UNBOUNDED_PRECEDING and end == FrameBound.UNBOUNDED_FOLLOWING:
        return "whole"
    if (unit == FrameUnit.ROWS and start == FrameBound.UNBOUNDED_PRECEDING and end == FrameBound.PRECEDING
            and isinstance(n1, int) and not isinstance(n1, bool) and n1 >= 1):
        return ("before", n1)
    if end != FrameBound.CURRENT:
        return None
    if start == FrameBound.UNBOUNDED_PRECEDING:
        return "rows_running" if unit == FrameUnit.ROWS else "running"
    if (unit == FrameUnit.ROWS and start == FrameBound.PRECEDING and isinstance(n0, int)
            and not isinstance(n0, bool) and n0 >= 0):
        return ("rows", n0)
    return None


def _window(w: ir.Window, q: ir.Select, run: _Run):
    c = _Copy(q, run)
    if not _keys_ok(w, c.aliases):
        return w
    fixed = tuple(p for p in w.partition if isinstance(p, ir.Col)) + _fixed(q)
    if isinstance(q.source, ir.Join) and len(pinned := lookups.determined(q, run.schema, fixed)) < len(c.aliases):
        c = _Copy(q, run, pinned) if pinned else c
    x = lambda e: e  # noqa: E731 (the current row's key)
    part = [c.peer(p) for p in w.partition if c.of(p) != p]
    keys = c.keys(w.order)
    total = bool(keys) and c.total(keys, fixed)
    count = ir.Agg(AggFn.COUNT_STAR, None, False, Ty.INT)
    if w.fn == WindowFn.RANK and not w.args and keys:
        before = c.lex(keys, c.of, x, peers=False)
        return ir.Arith(ArithOp.ADD, _ONE, ir.ScalarSub(c.select(count, part + [before]), Ty.INT), Ty.INT)
    if (w.fn == WindowFn.DENSE_RANK and not w.args and len(keys) == 1
            and c.never_null(keys[0][0])):
        before = c.lex(keys, c.of, x, peers=False)
        distinct = ir.Agg(AggFn.COUNT, c.of(keys[0][0]), True, Ty.INT)
        return ir.Arith(ArithOp.ADD, _ONE, ir.ScalarSub(c.select(distinct, part + [before]), Ty.INT), Ty.INT)
    if w.fn == WindowFn.ROW_NUMBER and not w.args and total and run.lookup:
        run.read.append(w)  # the count of the rows up to the row, itself its only peer
        return ir.ScalarSub(c.select(count, part + [c.lex(keys, c.of, x, peers=True)]), Ty.INT)
    if w.fn == WindowFn.ROW_NUMBER and not w.args and total:  # (the row's only peer is itself)
        before = c.lex(keys, c.of, x, peers=False)
        return ir.Arith(ArithOp.ADD, _ONE, ir.ScalarSub(c.select(count, part + [before]), Ty.INT), Ty.INT)
    if w.fn in (WindowFn.LAG, WindowFn.LEAD) and total:
        return _neighbour(w, q, c, part, keys, run)
    if w.fn in (WindowFn.FIRST_VALUE, WindowFn.LAST_VALUE) and len(w.args) == 1 and keys:
        return _first(w, c, part, keys, total, run)
    fn = _AGG_OF.get(w.fn)
    frame = _frame(w)
    if fn is None or frame is None or not _order_blind(fn, w.args, reals=True):
        return w
    if frame != "whole" and not keys:
        return w
    if frame not in ("whole", "running") and not total:
        return w
    agg = ir.Agg(fn, c.of(w.args[0]) if w.args else None, False, w.ty)
    conds = list(part)
    if frame != "whole":
        conds.append(c.lex(keys, c.of, x, peers=not (isinstance(frame, tuple) and frame[0] == "before")))
    if isinstance(frame, tuple) and (frame[0] == "rows" or frame[1] > 1):
        # ROWS n PRECEDING .. CURRENT ROW: fewer than n + 1 partition rows in (y, x];
        # UNBOUNDED PRECEDING .. n PRECEDING: y before x and at least n rows in (y, x]
        z = _Copy(q, run)  # (a total order)
        between = [z.peer(p) for p in w.partition]
        between += [c.lex(keys, c.of, z.of, peers=False), z.lex(keys, z.of, x, peers=True)]
        inner = ir.ScalarSub(z.select(ir.Agg(AggFn.COUNT_STAR, None, False, Ty.INT), between), Ty.INT)
        conds.append(ir.Cmp(CmpOp.LT, inner, ir.Lit(frame[1] + 1, Ty.INT)) if frame[0] == "rows"
                     else ir.Cmp(CmpOp.GE, inner, ir.Lit(frame[1], Ty.INT)))
    if fn in _SUMS or w.fn == WindowFn.TOTAL:
        run.assumptions.append(Assumption.SUMS_EXACT)
        if not (run.typed and w.args and w.args[0].ty == Ty.INT):
            run.assumptions.append(Assumption.EXACT_REALS)
    return ir.ScalarSub(c.select(agg, conds), w.ty)


def _neighbour(w: ir.Window, q: ir.Select, c: _Copy, part, keys, run: _Run):
    """LAG(x) / LEAD(x) of offset 1 without a default: the first row of the partition rows
    before (after) the current one in the reversed (same) order, cut by ``_cut``."""
    x, rest = w.args[0], w.args[1:]
    if rest and (rest[0] != _ONE or len(rest) > 2 or len(rest) == 2 and not (
            isinstance(rest[1], ir.Lit) and rest[1].value is None)):
        return w
    lag = w.fn == WindowFn.LAG
    side = keys if lag else [(k, not d) for k, d in keys]  # y sorts before x in ``side``
    cond = c.lex(side, c.of, lambda e: e, peers=False)
    order = tuple((c.of(k), not d) for k, d in side)  # nearest first
    sub = c.select(c.of(x), part + [cond], aggregate=False, order=order, limit=1)
    if run.lookup and (top := lookups.top_key(sub, run.schema)) is not None:  # LAG of the key: MAX before
        run.read.append(top)
        return ir.ScalarSub(top, w.ty)
    if (found := _first_row(sub, run)) is not None:
        return ir.ScalarSub(found, w.ty)
    cut = _cut(sub, run)
    return w if cut is sub else ir.ScalarSub(cut, w.ty)


def _first(w: ir.Window, c: _Copy, part, keys, total: bool, run: _Run):
    """FIRST_VALUE(x) over a frame from the partition's start (LAST_VALUE: to its end,
    the order reversed): over a total order the first row's ``x``, read as the cut of the
    subquery ``.. ORDER BY keys LIMIT 1``; ``x`` the only key, never NULL, of a class whose
    equal values are one value: the partition's MIN (descending: MAX) of ``x``."""
    frame = _frame(w)
    if frame not in (("whole", "running", "rows_running") if w.fn == WindowFn.FIRST_VALUE else ("whole",)):
        return w
    side = keys if w.fn == WindowFn.FIRST_VALUE else [(k, not d) for k, d in keys]
    x = w.args[0]
    fn = extreme_first(side, x, c.never_null(x))  # (over any order, a total one too)
    if fn is not None and _order_blind(AggFn.MIN, (x,)):
        return ir.ScalarSub(c.select(ir.Agg(fn, c.of(x), False, w.ty), part), w.ty)
    if total:
        sub = c.select(c.of(x), part, aggregate=False, order=tuple((c.of(k), d) for k, d in side), limit=1)
        if (found := _first_row(sub, run)) is not None:
            return ir.ScalarSub(found, w.ty)
        cut = _cut(sub, run)
        return w if cut is sub else ir.ScalarSub(cut, w.ty)
    return w


# ---- LIMIT / OFFSET over a total order


def _fixed(q: ir.Select) -> tuple:
    """Columns of ``q``'s table that its WHERE equates (``=``) with a value read outside
    it: one value on every kept row."""
    leaves = _leaves(q.source)
    if leaves is None:
        return ()
    aliases = {s.alias for s in leaves}
    out = []
    for c in _conjuncts(q.where):
        if isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and not c.conv:
            for a, b in ((c.left, c.right), (c.right, c.left)):
                if (isinstance(a, ir.Col) and a.alias in aliases and not _has_sub(b)
                        and not any(isinstance(y, ir.Col) and y.alias in aliases for y in ir.local_nodes(b))):
                    out.append(a)
    return tuple(out)


def _cut(q: ir.Select, run: _Run) -> ir.Select:
    """``ORDER BY k LIMIT n OFFSET m`` over a total order as ``m <= count before < m + n``."""
    if not _plain(q, run.schema) or q.distinct or not q.order:
        return q
    c = _Copy(q, run)
    keys = c.keys(q.order)
    if not all(_own(k, c.aliases) for k, _ in keys):
        return q
    if not c.total(keys, _fixed(q)):
        return q
    lim = q.limit if q.limit is not None and q.limit >= 0 else None
    off = max(q.offset or 0, 0)
    count = ir.ScalarSub(c.select(ir.Agg(AggFn.COUNT_STAR, None, False, Ty.INT),
                                  [c.lex(keys, c.of, lambda e: e, peers=False)]), Ty.INT)
    conds = []
    if off:
        conds.append(ir.Cmp(CmpOp.GE, count, ir.Lit(off, Ty.INT)))
    if lim is not None:
        conds.append(ir.Cmp(CmpOp.LT, count, ir.Lit(off + lim, Ty.INT)))
    # (the ORDER BY stays for a consumer that reads the order, unless one row at most is left)
    return dataclasses.replace(q, where=_and(_conjuncts(q.where) + conds), limit=None, offset=0,
                               order=() if lim is not None and lim <= 1 else q.order)
