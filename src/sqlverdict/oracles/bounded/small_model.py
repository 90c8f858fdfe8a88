"""Small-model theorem: when a bounded proof is a proof for every database (method
``small_model``).

The solver proves "no database with at most K rows per table separates the queries". For
queries of fixed polarity in each table, compared as sets, that is a proof for every
database once K reaches the size of a separating sub-database (Chandra-Merlin, Klug:
canonical databases). ``needed_bound`` computes that size, or None outside the fragment.

**Fragment.** A query is read as a *positive region* (its FROM items, inner joins, WHERE and
ON conditions, positive EXISTS / IN sub-queries, UNION / INTERSECT operands, the left of an
EXCEPT) and *negative atoms* (NOT EXISTS, NOT IN, the right operand of EXCEPT, the right
table of an anti-join ``LEFT JOIN r ON c WHERE r.k IS NULL`` with ``r.k`` never NULL in a
row of ``r``). A negative atom's sub-query is itself monotone (no negation inside it: a
table under two negations is out). Every table occurs either only in the positive region
or only in negative atoms of the query (its *polarity*). Sub-queries appear only as atoms
under AND / OR / NOT of a WHERE or ON condition (never in a value: no scalar sub-query, no
EXISTS read as 0/1, no CASE over one). No aggregate, GROUP BY, HAVING, window, LIMIT or
OFFSET anywhere; no LEFT JOIN but the anti-join; no RIGHT / FULL join. The comparison
reads both results as sets: set semantics, or bag semantics where both queries return no
duplicate row (``duplicate_free``: DISTINCT, UNION / INTERSECT / EXCEPT, or a key of every
joined table among the output columns or equated to one).

**Monotonicity, in three-valued logic.** A condition built by AND / OR / NOT from row
predicates and atoms is monotone in the truth order FALSE < NULL < TRUE of each atom it
reads positively (Kleene's connectives are, NOT reverses). ``EXISTS S`` is TRUE iff S has a
row and FALSE iff it has none; ``x IN S`` is TRUE iff S has a row equal to x, FALSE iff S
is empty or (x not NULL) S has no equal and no NULL row: both are monotone in the rows of S
in the truth order, so with the polarities above the set of output rows grows with the rows
of positive tables and shrinks with the rows of negative ones.

**Theorem.** Let t be in Q1(D) but not Q2(D) (as values: SQLite's result rows). Build
D0 <= D:

1. P: the rows of one derivation of t in Q1: one row per FROM occurrence of a positive table
   and, per positive atom TRUE in it, one derivation of a row of its sub-query (for IN, an
   equal row); at most ``pos[T]`` rows of T (the sum over occurrences; the largest over
   UNION branches). On any D' with P <= D' <= D, t is in Q1(D'): its positive rows are
   there, a positive atom TRUE on D is TRUE on D' (its witness is kept), a negative atom
   TRUE on D is TRUE on D' (fewer rows of negative tables; a NOT IN over no NULL row and no
   equal row stays so), and an atom that is not TRUE on D does not matter by Kleene's
   regularity (a condition TRUE with an atom NULL is TRUE whatever its value).
2. N: for Q2, every negative atom is evaluated in contexts: one per combination of rows of
   the positive FROM occurrences enclosing it (its select and the ones around it), at most
   the product of their sizes in D0 (``_outputs``). Per context keep, if the atom's
   sub-query has rows on D, one derivation of the row that decides it (NOT EXISTS: any row;
   NOT IN: the equal row, else a NULL row, else any row when x is NULL): ``need[T]`` rows
   of T. Then every negative atom of Q2 has the same value on D0 as on D in every context
   over D0's positive rows (a kept row keeps FALSE or NULL, a TRUE atom stays TRUE on fewer
   rows), so Q2(D0) = Q2(D0 positive part, D's negative tables), which is contained in
   Q2(D) by monotonicity in the positive tables: t is not in Q2(D0).
3. Foreign keys (the bounded search only builds databases that satisfy them): each kept
   row brings its parent rows from D, one per foreign key (the chase, acyclic: a cycle is
   refused). D0 stays inside D, so step 1 holds; a parent row of a table positive in Q2 adds
   contexts to step 2, so steps 2-3 repeat until nothing grows.

D0 keeps every PRIMARY KEY, UNIQUE, NOT NULL and CHECK of D (they hold row by row or pair
by pair), so D0 is a database of the schema with at most ``bound`` rows per table, on which
the queries differ: no witness up to that bound means no witness at all. The same with the
queries swapped; the bound is the larger of the two directions. The proof keeps every
assumption of the solver's proof it rests on (the values are D's own: typed databases stay
typed).

>>> from sqlverdict.schema import from_ddl
>>> from sqlverdict.oracles.bounded import ir
>>> s = from_ddl("CREATE TABLE t(a INT PRIMARY KEY, b INT); CREATE TABLE u(x INT NOT NULL)")
>>> def low(q): return ir.lower(q, s).query
>>> needed_bound(low("SELECT DISTINCT a FROM t WHERE b IN (SELECT x FROM u)"),
...              low("SELECT DISTINCT t.a FROM t JOIN u ON t.b = u.x"), s, "bag")
(1, 'monotone in every table')
>>> needed_bound(low("SELECT a FROM t WHERE NOT EXISTS (SELECT 1 FROM u WHERE u.x = t.b)"),
...              low("SELECT a FROM t WHERE b NOT IN (SELECT x FROM u)"), s, "set")
(2, 'fixed polarity: u negative')
>>> needed_bound(low("SELECT count(*) FROM t"), low("SELECT count(a) FROM t"), s, "set") is None
True
"""

from __future__ import annotations

import math
from collections import Counter
from dataclasses import dataclass, field

from ...engine.integrity import declared_foreign_keys
from ...types import Schema
from . import ir
from .ir.kinds import CmpOp, JoinKind, LogicOp, SetOpKind

MAX_BOUND = 6  # the largest bound the solver is asked to reach for such a proof


class Outside(Exception):
    """The query lies outside the fragment (the message says why)."""


@dataclass(frozen=True)
class NegAtom:
    """A negative atom: the FROM sources it is evaluated over (its contexts), and the rows
    of each table one derivation of its deciding row takes."""

    ctx: tuple
    need: Counter


@dataclass
class Shape:
    """A query's polarity profile: rows per table of one derivation of an output row
    (``pos``), its negative atoms, and the sign of each table it reads."""

    pos: Counter = field(default_factory=Counter)
    atoms: list = field(default_factory=list)
    signs: dict = field(default_factory=dict)


def shape(q: ir.Query, schema: Schema, typed: bool = False) -> Shape:
    """The polarity profile of ``q``; ``Outside`` when ``q`` is not in the fragment."""
    w = _Walk(schema, typed)
    pos = w.query(q, 1, ())
    for table, signs in w.signs.items():
        if len(signs) > 1:
            raise Outside(f"table {table} read both positively and negatively")
    return Shape(pos, w.atoms, {t: next(iter(s)) for t, s in w.signs.items()})


def needed_bound(gq: ir.Query, pq: ir.Query, schema: Schema, sem: str,
                 typed: bool = False) -> tuple[int, str] | None:
    """The rows per table a separating sub-database needs at most (module docstring) and
    the fragment's name, or None when a query is outside the fragment or the bound passes
    ``MAX_BOUND``."""
    try:
        if sem == "list":
            raise Outside("list semantics")
        if sem != "set" and not (duplicate_free(gq, schema, typed) and duplicate_free(pq, schema, typed)):
            raise Outside("bag semantics with possible duplicate rows")
        a, b = shape(gq, schema, typed), shape(pq, schema, typed)
    except Outside:
        return None
    needs = (_direction(a, b, schema), _direction(b, a, schema))
    if None in needs or max(needs) > MAX_BOUND:
        return None
    negative = sorted({t for s in (a, b) for t, sign in s.signs.items() if sign < 0})
    what = ("monotone in every table" if not negative
            else "fixed polarity: " + ", ".join(negative) + " negative")
    return max(*needs, 1), what


def _direction(a: Shape, b: Shape, schema: Schema) -> int | None:
    """Rows per table of D0 for a witness row in ``a``'s result and not ``b``'s: the least
    X with X = chase(P) + chase(N(X)), N(X) the blockers of ``b``'s negative atoms over the
    contexts X gives (None: a cycle of foreign keys, or past ``MAX_BOUND``)."""
    kept = _chase(Counter(a.pos), schema)
    rows = kept
    while rows is not None and max(rows.values(), default=0) <= MAX_BOUND:
        blockers: Counter = Counter()
        for atom in b.atoms:
            n = _contexts(atom.ctx, rows)
            for t, k in atom.need.items():
                blockers[t] += n * k
        chased = _chase(blockers, schema)
        if chased is None:
            return None
        grown = kept + chased
        if grown == rows:
            return max(rows.values(), default=0)
        rows = grown
    return None


def _chase(rows: Counter, schema: Schema) -> Counter | None:
    """``rows`` with one parent row per kept row and foreign key, transitively (None on a
    cycle of foreign keys among the tables reached)."""
    out = Counter(rows)
    frontier = Counter(rows)
    for _ in range(len(schema.tables) + 1):
        added: Counter = Counter()
        for name, k in frontier.items():
            if k <= 0:
                continue
            t = schema.table(name)
            for _fk, parent in declared_foreign_keys(schema, t):
                added[parent.name.lower()] += k
        if not added:
            return out
        out += added
        frontier = added
    return None


def _contexts(ctx: tuple, kept: Counter) -> int:
    """How many contexts a negative atom is evaluated in: the product of the rows of the
    FROM sources enclosing it."""
    return math.prod(_source_rows(s, kept) for s in ctx)


def _source_rows(src, kept: Counter) -> int:
    if isinstance(src, ir.Scan):
        return kept[src.table]
    if isinstance(src, ir.Join):
        return _source_rows(src.left, kept) * _source_rows(src.right, kept)
    if isinstance(src, ir.Derived):
        return _outputs(src.query, kept)
    if isinstance(src, ir.Values):
        return len(src.rows)
    if isinstance(src, ir.Query):
        return _outputs(src, kept)
    return 1


def _outputs(q: ir.Query, kept: Counter) -> int:
    """At most how many rows ``q`` returns on a database of ``kept`` rows."""
    if isinstance(q, ir.SetOp):
        left, right = _outputs(q.left, kept), _outputs(q.right, kept)
        return left + right if q.op == SetOpKind.UNION else left
    return _source_rows(q.source, kept) if q.source is not None else 1


_SUBQUERY = (ir.Exists, ir.InSub, ir.ScalarSub)


def _plain(e) -> bool:
    """No sub-query, aggregate or window in ``e``."""
    return not any(isinstance(y, (*_SUBQUERY, ir.Agg, ir.Window, ir.Query)) for y in ir.nodes(e))


class _Walk:
    """Reads a query's regions (module docstring), recording table signs and negative
    atoms; ``sign`` is the region's: 1 positive, -1 inside a negative atom."""

    def __init__(self, schema: Schema, typed: bool):
        self.schema, self.typed = schema, typed
        self.signs: dict[str, set[int]] = {}
        self.atoms: list[NegAtom] = []

    def query(self, q: ir.Query, sign: int, ctx: tuple) -> Counter:
        if isinstance(q, ir.SetOp):
            if q.limit is not None or q.offset:
                raise Outside("LIMIT")
            left = self.query(q.left, sign, ctx)
            if q.op == SetOpKind.EXCEPT:
                self.negative(q.right, sign, ctx + (q.left,))
                return left
            right = self.query(q.right, sign, ctx)
            return left + right if q.op == SetOpKind.INTERSECT else left | right
        if not isinstance(q, ir.Select):
            raise Outside(type(q).__name__)
        if q.aggregate or q.group_by or q.having is not None or q.bare_from is not None:
            raise Outside("aggregate")
        if q.limit is not None or q.offset:
            raise Outside("LIMIT")
        for e in q.items + tuple(k for k, _ in q.order):
            if not _plain(e):
                raise Outside("a sub-query, aggregate or window in a value")
        where, anti = self._anti_joins(q)
        ctx = ctx + ((q.source,) if q.source is not None else ())
        rows = self.source(q.source, sign, ctx, anti) if q.source is not None else Counter()
        if where is not None:
            rows += self.cond(where, sign, 1, ctx)
        return rows

    def source(self, src, sign: int, ctx: tuple, anti: set) -> Counter:
        if isinstance(src, ir.Scan):
            self.signs.setdefault(src.table, set()).add(sign)
            return Counter({src.table: 1})
        if isinstance(src, ir.Derived):
            return self.query(src.query, sign, ctx)
        if isinstance(src, ir.Values):
            if not all(isinstance(v, ir.Lit) for row in src.rows for v in row):
                raise Outside("VALUES of expressions")
            return Counter()
        if not isinstance(src, ir.Join):
            raise Outside(type(src).__name__)
        if src.kind in (JoinKind.INNER, JoinKind.CROSS):
            rows = self.source(src.left, sign, ctx, anti) + self.source(src.right, sign, ctx, anti)
            return rows + (self.cond(src.on, sign, 1, ctx) if src.on is not None else Counter())
        if src.kind == JoinKind.LEFT and isinstance(src.right, ir.Scan) and src.right.alias in anti:
            if sign < 0:
                raise Outside("a negation inside a negative atom")
            if src.on is not None and not _plain(src.on):
                raise Outside("a sub-query in an anti-join's ON")
            rows = self.source(src.left, sign, ctx, anti)
            self.signs.setdefault(src.right.table, set()).add(-1)
            self.atoms.append(NegAtom(ctx, Counter({src.right.table: 1})))
            return rows
        raise Outside(f"{src.kind} join")

    def cond(self, e, sign: int, pol: int, ctx: tuple) -> Counter:
        """The rows a TRUE ``e`` needs (positive atoms), recording negative atoms; ``pol``:
        -1 under an odd number of NOTs."""
        if isinstance(e, ir.Logic) and e.op in (LogicOp.AND, LogicOp.OR):
            out: Counter = Counter()
            for a in e.args:
                out += self.cond(a, sign, pol, ctx)
            return out
        if isinstance(e, ir.Not):
            return self.cond(e.arg, sign, -pol, ctx)
        if isinstance(e, ir.Exists | ir.InSub):
            if isinstance(e, ir.InSub) and not _plain(e.arg):
                raise Outside("a sub-query in IN's value")
            if pol > 0:
                return self.query(e.query, sign, ctx)
            self.negative(e.query, sign, ctx)
            return Counter()
        if not _plain(e):
            raise Outside("a sub-query read as a value")
        return Counter()

    def negative(self, q: ir.Query, sign: int, ctx: tuple) -> None:
        if sign < 0:
            raise Outside("a negation inside a negative atom")
        self.atoms.append(NegAtom(ctx, self.query(q, -1, ())))

    def _anti_joins(self, q: ir.Select) -> tuple:
        """The WHERE without its anti-join tests, and the anti-joined aliases: a LEFT
        JOIN's right table ``r`` tested ``r.k IS NULL`` (a top conjunct) for a column ``k``
        no row of ``r`` holds NULL in, ``r`` read nowhere else but its ON."""
        lefts = {j.right.alias: j for j in ir.nodes(q.source) if isinstance(j, ir.Join)
                 and j.kind == JoinKind.LEFT and isinstance(j.right, ir.Scan)} if q.source else {}
        if not lefts:
            return q.where, set()
        conjuncts = list(ir._conjuncts(q.where)) if q.where is not None else []
        anti, rest = set(), []
        for c in conjuncts:
            if (isinstance(c, ir.IsNull) and isinstance(c.arg, ir.Col) and c.arg.alias in lefts
                    and self._never_null(lefts[c.arg.alias].right.table, c.arg.name)
                    and c.arg.alias not in anti):
                anti.add(c.arg.alias)
            else:
                rest.append(c)
        elsewhere = [e for e in rest] + list(q.items) + [k for k, _ in q.order]
        elsewhere += [j.on for j in ir.nodes(q.source) if isinstance(j, ir.Join)
                      and j.on is not None and not (isinstance(j.right, ir.Scan) and j.right.alias in anti)]
        used = {y.alias for y in ir.nodes(elsewhere) if isinstance(y, ir.Col)}
        anti -= used
        kept = [c for c in conjuncts if not (isinstance(c, ir.IsNull) and isinstance(c.arg, ir.Col)
                                             and c.arg.alias in anti)]
        where = (None if not kept else kept[0] if len(kept) == 1
                 else ir.Logic(LogicOp.AND, tuple(kept)))
        return where, anti

    def _never_null(self, table: str, column: str) -> bool:
        return never_null(self.schema, table, column, self.typed)


def never_null(schema: Schema, table: str, column: str, typed: bool) -> bool:
    """Does no row of ``table`` hold NULL in ``column``: NOT NULL, the rowid alias, or (in the
    typed domain, or WITHOUT ROWID) a primary-key column."""
    t = schema.table(table)
    c = column.lower()
    col = next((x for x in t.columns if x.name.lower() == c), None)
    if col is None:
        return False
    if col.not_null or (t.rowid_alias or "").lower() == c:
        return True
    return (typed or t.without_rowid) and c in {k.lower() for k in t.primary_key}


def duplicate_free(q: ir.Query, schema: Schema, typed: bool = False) -> bool:
    """Does ``q`` return no row twice on any database: at most one row (no FROM), DISTINCT,
    a compound without ALL (SQLite's UNION, INTERSECT and EXCEPT return distinct rows), or
    inner joins of sources each of whose rows the output row tells apart: a table by a
    UNIQUE or PRIMARY KEY whose columns are fixed, a duplicate-free derived table by all its
    columns fixed. A column is fixed when it is an output column never NULL, or equated
    (``=`` without conversion, a top conjunct of WHERE or ON) to a literal or to a fixed
    column; every column of a source told apart is fixed. (A UNIQUE column holds no two
    equal non-NULL values; ``=`` is TRUE only between equal non-NULL values.)"""
    if isinstance(q, ir.SetOp):
        return not q.all or q.op != SetOpKind.UNION and duplicate_free(q.left, schema, typed)
    if not isinstance(q, ir.Select):
        return False
    if q.distinct or (q.source is None and not q.aggregate):
        return True
    if q.aggregate or q.source is None:
        return False
    leaves = []
    stack = [q.source]
    while stack:
        s = stack.pop()
        if isinstance(s, ir.Join) and s.kind in (JoinKind.INNER, JoinKind.CROSS):
            stack += [s.left, s.right]
        elif isinstance(s, ir.Scan) or (isinstance(s, ir.Derived)
                                         and duplicate_free(s.query, schema, typed)):
            leaves.append(s)
        else:
            return False
    conds = list(ir._conjuncts(q.where)) if q.where is not None else []
    conds += [c for j in ir.nodes(q.source) if isinstance(j, ir.Join) and j.on is not None
              for c in ir._conjuncts(j.on)]
    eqs = [c for c in conds if isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and not c.conv]
    fixed = {(i.alias, i.name) for i in q.items if isinstance(i, ir.Col)
             and _never_null_col(i, leaves, schema, typed)}
    told: set = set()
    changed = True
    while changed:
        changed = False
        for c in eqs:
            for x, y in ((c.left, c.right), (c.right, c.left)):
                if (isinstance(y, ir.Col) and (y.alias, y.name) not in fixed
                        and (isinstance(x, ir.Lit) and x.value is not None
                             or isinstance(x, ir.Col) and (x.alias, x.name) in fixed)):
                    fixed.add((y.alias, y.name))
                    changed = True
        for s in leaves:
            if s.alias not in told and _told(s, fixed, schema):
                told.add(s.alias)
                fixed |= {(s.alias, c) for c in _names(s)}
                changed = True
    return len(told) == len(leaves)


def _names(s) -> tuple[str, ...]:
    if isinstance(s, ir.Scan):
        return tuple(c for c, _, _ in s.columns)
    return tuple(s.names)


def _told(s, fixed: set, schema: Schema) -> bool:
    if isinstance(s, ir.Derived):
        return all((s.alias, c) in fixed for c in s.names)
    return any(key and all((s.alias, k.lower()) in fixed for k in key)
               for key in _keys(schema, s.table))


def _never_null_col(c: ir.Col, leaves, schema: Schema, typed: bool) -> bool:
    scan = next((s for s in leaves if isinstance(s, ir.Scan) and s.alias == c.alias), None)
    return scan is not None and never_null(schema, scan.table, c.name, typed)


def _keys(schema: Schema, table: str) -> list[tuple[str, ...]]:
    t = schema.table(table)
    return [tuple(t.primary_key)] * bool(t.primary_key) + [tuple(u) for u in t.uniques]
