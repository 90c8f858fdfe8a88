"""Small-model theorem: when a bounded proof is a proof for every database (method
``small_model``).

The solver proves "no database with at most K rows per table separates the queries". For
queries of fixed polarity in each table, compared as sets, that is a proof for every
database once K reaches the size of a separating sub-database (Chandra-Merlin, Klug:
canonical databases). ``needed_bound`` computes that size, or None outside the fragment.

**Fragment.** A query is read as a *positive region* (its FROM items, inner joins, WHERE and
ON conditions, positive EXISTS / IN sub-queries, UNION / INTERSECT operands, the left of an
EXCEPT, both sides of a LEFT JOIN's matched rows) and *negative atoms* (NOT EXISTS, NOT IN,
the right operand of EXCEPT, and per LEFT JOIN "no right row meets the ON condition", which
makes its NULL-padded row). A negative atom's sub-query is itself monotone (no negation
inside it). Sub-queries appear only as atoms under AND / OR / NOT of a WHERE condition
(never in a value: no scalar sub-query, no EXISTS read as 0/1, no CASE over one; a LEFT
JOIN's ON holds none). No aggregate, GROUP BY, HAVING, window, LIMIT or OFFSET anywhere; no
RIGHT / FULL join. The comparison reads both results as sets: set semantics, or bag
semantics where both queries return no duplicate row (``duplicate_free``). A table may be
read both positively and negatively: the construction below then has to settle (it does
not for ``NOT EXISTS (SELECT .. FROM t AS x WHERE x.v > t.v)`` over ``t``: refused).

**Monotonicity, in three-valued logic.** A condition built by AND / OR / NOT from row
predicates and atoms is monotone in the truth order FALSE < NULL < TRUE of each atom it
reads positively (Kleene's connectives are, NOT reverses) and antitone in each it reads
under NOT. ``EXISTS S`` is TRUE iff S has a row and FALSE iff it has none; ``x IN S`` is
TRUE iff S has a row equal to x, FALSE iff S is empty or (x not NULL) S has no equal and no
NULL row: both are monotone in the rows of S in the truth order, and S (monotone) has fewer
rows on a sub-database.

**Theorem.** Let t be in Q1(D) but not Q2(D) (as values: SQLite's result rows). Build
D0 <= D:

1. P: the rows of one derivation of t in Q1: one row per FROM occurrence (a LEFT JOIN's
   right side: one when matched, none when padded) and, per positive atom TRUE in it, one
   derivation of a row of its sub-query (for IN, an equal row); at most ``pos[T]`` rows of
   T (the sum over occurrences; the largest over UNION branches). On any D' with P <= D' <=
   D, t is in Q1(D'): its rows are there, a positive atom TRUE on D is TRUE on D' (its
   witness is kept), a negative atom TRUE on D is TRUE on D' (its sub-query has fewer
   rows: a padded row stays padded, a NOT IN over no NULL and no equal row stays TRUE), and
   an atom that is not TRUE on D does not matter by Kleene's regularity (a condition TRUE
   with an atom NULL is TRUE whatever its value). No polarity condition on Q1 is needed.
2. N: every negative atom of Q2 is evaluated in contexts: one per combination of the rows
   it is correlated over (the FROM rows of the selects enclosing it; for a LEFT JOIN, its
   left side's rows), at most the product of their sizes in D0 (``_contexts``). Per
   context keep, if the atom's sub-query has rows on D, one derivation of the row that
   decides it (NOT EXISTS: any row; NOT IN: the equal row, else a NULL row, else any row
   when x is NULL; LEFT JOIN: a right row meeting ON): ``need[T]`` rows of T. Then every
   negative atom of Q2 has the same value on D0 as on D in every context over D0's rows (a
   kept row keeps FALSE or NULL, a TRUE atom stays TRUE on fewer rows), positive atoms are
   no higher on D0 than on D, so every row of Q2(D0) is a row of Q2(D): t is not in Q2(D0).
   Rows kept in N add contexts when Q2 also reads their table positively: the count is the
   least fixpoint X = chase(P) + chase(N(X)), refused when it passes ``MAX_BOUND``.
3. Foreign keys (the bounded search only builds databases that satisfy them): each kept
   row brings its parent rows from D, one per foreign key, transitively (the chase; a cycle
   is refused), except where the parent row is kept already: the row's foreign-key column
   equals (``=`` without conversion, a top conjunct that holds for it) the referenced
   column of another row of the same derivation or context. D0 stays inside D, so step 1
   holds.
4. A row is no new row when a conjunct TRUE for it equates each column of a key of its
   table with the same column of a row counted already (an outer row, or one to its left):
   it is that row (``NOT EXISTS (SELECT .. FROM t AS x WHERE x.k = t.k ..)``; an IN adds
   its equality ``x = c``, TRUE for the row that decides it, a NOT IN only where neither
   side can be NULL; a derived table's ON is read on the columns it shows).

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
(1, 'negative atoms over u')
>>> needed_bound(low("SELECT a FROM t WHERE NOT EXISTS (SELECT 1 FROM t AS x WHERE x.b > t.b)"),
...              low("SELECT a FROM t WHERE b = 1"), s, "set") is None
True
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
    one derivation of its deciding row takes (keys: table, foreign-key columns whose parent
    row is kept already)."""

    ctx: tuple
    need: Counter


@dataclass
class Shape:
    """A query's profile: the rows of one derivation of an output row (``pos``; keys as
    ``NegAtom.need``) and its negative atoms."""

    pos: Counter = field(default_factory=Counter)
    atoms: list = field(default_factory=list)


def shape(q: ir.Query, schema: Schema, typed: bool = False) -> Shape:
    """The profile of ``q``; ``Outside`` when ``q`` is not in the fragment."""
    w = _Walk(schema, typed, {s.alias: s.table for s in ir.nodes(q) if isinstance(s, ir.Scan)})
    w.joins = [j for j in ir.nodes(q) if isinstance(j, ir.Join)]
    pos = w.query(q, 1, ())
    return Shape(pos, w.atoms)


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
    negative = sorted({t for s in (a, b) for atom in s.atoms for t, _ in atom.need})
    what = ("monotone in every table" if not (a.atoms or b.atoms)
            else "negative atoms over " + ", ".join(negative) if negative
            else "negative atoms decided by rows kept already")
    return max(*needs, 1), what


def _direction(a: Shape, b: Shape, schema: Schema) -> int | None:
    """Rows per table of D0 for a witness row in ``a``'s result and not ``b``'s: the least
    X with X = chase(P) + chase(N(X)), N(X) the blockers of ``b``'s negative atoms over the
    contexts X gives (None: a cycle of foreign keys, or past ``MAX_BOUND``)."""
    kept = _chase(a.pos, schema)
    rows = kept
    while rows is not None and max(rows.values(), default=0) <= MAX_BOUND:
        blockers: Counter = Counter()
        for atom in b.atoms:
            n = _contexts(atom.ctx, rows)
            for key, k in atom.need.items():
                blockers[key] += n * k
        chased = _chase(blockers, schema)
        if chased is None:
            return None
        grown = kept + chased
        if grown == rows:
            return max(rows.values(), default=0)
        rows = grown
    return None


def _chase(rows: Counter, schema: Schema) -> Counter | None:
    """Rows per table: ``rows`` (keys: table, foreign keys whose parent is kept already)
    with one parent row per kept row and other foreign key, transitively (None on a cycle
    of foreign keys among the tables reached)."""
    out: Counter = Counter()
    frontier: Counter = Counter()
    for (name, kept_parents), k in rows.items():
        out[name] += k
        for fk, parent in declared_foreign_keys(schema, schema.table(name)):
            if k > 0 and tuple(c.lower() for c in fk.columns) not in kept_parents:
                frontier[parent.name.lower()] += k
    for _ in range(len(schema.tables) + 1):
        if not frontier:
            return out
        out += frontier
        added: Counter = Counter()
        for name, k in frontier.items():
            for _fk, parent in declared_foreign_keys(schema, schema.table(name)):
                added[parent.name.lower()] += k
        frontier = added
    return None


def _contexts(ctx: tuple, kept: Counter) -> int:
    """How many contexts a negative atom is evaluated in: the product of the rows of the
    FROM sources it is correlated over."""
    return math.prod(_source_rows(s, kept) for s in ctx)


def _source_rows(src, kept: Counter) -> int:
    if isinstance(src, ir.Scan):
        return kept[src.table]
    if isinstance(src, ir.Join):
        right = _source_rows(src.right, kept)
        return _source_rows(src.left, kept) * (right + 1 if src.kind == JoinKind.LEFT else right)
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


def _conjuncts(e) -> list:
    return list(ir._conjuncts(e)) if e is not None else []


def _aliases(src) -> set[str]:
    return {x.alias for x in ir.nodes(src) if isinstance(x, ir.Scan | ir.Derived)}


def _into(held: list, d: ir.Derived) -> tuple:
    """The held equalities on ``d``'s columns, read on the columns its select shows there
    (a derived row equals the columns it shows of the row it comes from)."""
    q = d.query
    if not isinstance(q, ir.Select) or len(q.items) != len(d.names):
        return ()
    shown = {n: i for n, i in zip(d.names, q.items, strict=True) if isinstance(i, ir.Col)}

    def inner(x):
        if isinstance(x, ir.Col) and x.alias == d.alias:
            return shown.get(x.name)
        return x

    out = []
    for c in held:
        if isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and not c.conv:
            a, b = inner(c.left), inner(c.right)
            if a is not None and b is not None and (a, b) != (c.left, c.right):
                out.append(ir.Cmp(CmpOp.EQ, a, b))
    return tuple(out)


class _Walk:
    """Reads a query's regions (module docstring), recording negative atoms; ``sign`` is
    the region's: 1 positive, -1 inside a negative atom (where no negation may occur)."""

    def __init__(self, schema: Schema, typed: bool, tables: dict[str, str], counted=()):
        self.schema, self.typed, self.tables = schema, typed, tables
        self.atoms: list[NegAtom] = []
        self.counted: set[str] = set(counted)  # aliases whose row is counted already
        self.joins: list = [j for j in ()]

    def query(self, q: ir.Query, sign: int, ctx: tuple, extra: tuple = ()) -> Counter:
        """The rows one derivation of a row of ``q`` takes; ``extra``: conjuncts TRUE for
        it (an IN's equality, a derived table's ON)."""
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
        held = list(extra) + _conjuncts(q.where) + [
            c for j in ir.nodes(q.source) if isinstance(j, ir.Join) and j.kind != JoinKind.LEFT
            for c in _conjuncts(j.on)]
        rows = self.source(q.source, sign, ctx, held) if q.source is not None else Counter()
        inner = ctx + ((q.source,) if q.source is not None else ())
        if q.where is not None:
            rows += self.cond(q.where, sign, 1, inner)
        return rows

    def source(self, src, sign: int, ctx: tuple, held: list) -> Counter:
        """The rows one combination of ``src`` takes; ``held``: the conjuncts TRUE on it."""
        if isinstance(src, ir.Scan):
            if self._same_row(src, held):
                return Counter()
            self.counted.add(src.alias)
            return Counter({(src.table, self._kept_parents(src, held)): 1})
        if isinstance(src, ir.Derived):
            return self.query(src.query, sign, ctx, _into(held, src))
        if isinstance(src, ir.Values):
            if not all(isinstance(v, ir.Lit) for row in src.rows for v in row):
                raise Outside("VALUES of expressions")
            return Counter()
        if not isinstance(src, ir.Join):
            raise Outside(type(src).__name__)
        if src.on is not None and not _plain(src.on):
            raise Outside("a sub-query in ON")
        if src.kind in (JoinKind.INNER, JoinKind.CROSS):
            return self.source(src.left, sign, ctx, held) + self.source(src.right, sign, ctx, held)
        if src.kind != JoinKind.LEFT:
            raise Outside(f"{src.kind} join")
        if sign < 0:
            raise Outside("a LEFT JOIN inside a negative atom")
        left = self.source(src.left, sign, ctx, held)
        matched = held + _conjuncts(src.on)
        right = self.source(src.right, sign, ctx, matched)
        # the padded row: no right row meets ON, per left row (monotone right side)
        padded = _Walk(self.schema, self.typed, self.tables, self.counted - _aliases(src.right))
        padded.joins = self.joins
        need = padded.source(src.right, -1, (), matched)
        self.atoms.append(NegAtom(ctx + (src.left,), need))
        return left + right

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
            if pol > 0:  # a TRUE IN has an equal row
                return self.query(e.query, sign, ctx, self._match(e, never_null_only=False))
            # a NOT IN decided by an equal row unless a NULL is possible on either side
            self.negative(e.query, sign, ctx, self._match(e, never_null_only=True))
            return Counter()
        if not _plain(e):
            raise Outside("a sub-query read as a value")
        return Counter()

    def negative(self, q: ir.Query, sign: int, ctx: tuple, extra: tuple = ()) -> None:
        if sign < 0:
            raise Outside("a negation inside a negative atom")
        self.atoms.append(NegAtom(ctx, self.query(q, -1, (), extra)))

    def _match(self, e, never_null_only: bool) -> tuple:
        """``x = c`` for ``x IN (SELECT c ..)`` (no conversion, one column): TRUE for the
        row that decides the IN (with ``never_null_only``: only when neither side can be
        NULL, so that no NULL row decides it)."""
        q = e.query if isinstance(e, ir.InSub) else None
        if (q is None or not isinstance(q, ir.Select) or len(q.items) != 1 or e.conv
                or not isinstance(e.arg, ir.Col) or not isinstance(q.items[0], ir.Col)):
            return ()
        x, c = e.arg, q.items[0]
        if never_null_only and not (self._col_never_null(x) and self._col_never_null(c)):
            return ()
        return (ir.Cmp(CmpOp.EQ, x, c),)

    def _col_never_null(self, c: ir.Col) -> bool:
        table = self.tables.get(c.alias)
        return table is not None and never_null(self.schema, table, c.name, self.typed) and not any(
            isinstance(j, ir.Join) and j.kind == JoinKind.LEFT and c.alias in _aliases(j.right)
            for j in self.joins)

    def _same_row(self, scan: ir.Scan, held: list) -> bool:
        """Is ``scan``'s row a row counted already: a held conjunct equates each column of
        a key of its table with the same column of one other alias of the table."""
        for key in _keys(self.schema, scan.table):
            others = None
            for k in key:
                hit = {y.alias for c in held if isinstance(c, ir.Cmp) and c.op == CmpOp.EQ
                       and not c.conv for x, y in ((c.left, c.right), (c.right, c.left))
                       if isinstance(x, ir.Col) and isinstance(y, ir.Col) and x.alias == scan.alias
                       and x.name == k.lower() and y.name == k.lower() and y.alias in self.counted
                       and self.tables.get(y.alias) == scan.table}
                others = hit if others is None else others & hit
            if key and others:
                return True
        return False

    def _kept_parents(self, scan: ir.Scan, held: list) -> frozenset:
        """The foreign keys of ``scan``'s row whose parent row is another row of the same
        derivation: a held conjunct ``scan.f = x.r`` (no conversion), ``x`` a scan of the
        parent table, ``r`` the referenced column."""
        out = set()
        for fk, parent in declared_foreign_keys(self.schema, self.schema.table(scan.table)):
            if len(fk.columns) != 1:
                continue
            ref = (fk.ref_columns or parent.primary_key or ("",))[0].lower()
            col = fk.columns[0].lower()
            for c in held:
                if not (isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and not c.conv):
                    continue
                for x, y in ((c.left, c.right), (c.right, c.left)):
                    if (isinstance(x, ir.Col) and isinstance(y, ir.Col) and x.alias == scan.alias
                            and x.name == col and y.alias != scan.alias and y.name == ref
                            and self.tables.get(y.alias) == parent.name.lower()):
                        out.add((col,))
        return frozenset(out)


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
    inner and left joins of sources each of whose rows (or NULL padding) the output row
    tells apart: a table by a UNIQUE or PRIMARY KEY whose columns are fixed, a
    duplicate-free derived table by all its columns fixed. A column is fixed when it is an
    output column never NULL, or equated (``=`` without conversion, a top conjunct of WHERE
    or of an inner join's ON; of a LEFT JOIN's ON only for its right side) to a literal or
    to a fixed column; every column of a source told apart is fixed. (A UNIQUE column holds
    no two equal non-NULL values; ``=`` is TRUE only between equal non-NULL values; a left
    row is padded only when nothing matches it, and a right side told apart by its ON
    matches at most once.)"""
    if isinstance(q, ir.SetOp):
        return not q.all or q.op != SetOpKind.UNION and duplicate_free(q.left, schema, typed)
    if not isinstance(q, ir.Select):
        return False
    if q.distinct or (q.source is None and not q.aggregate):
        return True
    if q.aggregate or q.source is None:
        return False
    leaves: list = []
    eqs: list = []  # (a = b without conversion, the aliases it may fix: None for any)
    stack = [q.source]
    while stack:
        s = stack.pop()
        if isinstance(s, ir.Join) and s.kind in (JoinKind.INNER, JoinKind.CROSS, JoinKind.LEFT):
            stack += [s.left, s.right]
            # a LEFT JOIN's ON holds for matched rows only: it tells its right side apart
            # from the left (at most one match), never the left side
            right = ({x.alias for x in ir.nodes(s.right) if isinstance(x, ir.Scan | ir.Derived)}
                     if s.kind == JoinKind.LEFT else None)
            eqs += [(c, right) for c in _conjuncts(s.on)]
        elif isinstance(s, ir.Scan) or (isinstance(s, ir.Derived)
                                         and duplicate_free(s.query, schema, typed)):
            leaves.append(s)
        else:
            return False
    eqs = [(c, r) for c, r in eqs + [(c, None) for c in _conjuncts(q.where)]
           if isinstance(c, ir.Cmp) and c.op == CmpOp.EQ and not c.conv]
    # fixed: equal output rows hold equal values there (NULL included); weak: may be NULL
    # (no key of a table then: UNIQUE keeps many NULLs; ``=`` TRUE makes a value non-NULL)
    fixed = {(i.alias, i.name) for i in q.items if isinstance(i, ir.Col)}
    weak = {(i.alias, i.name) for i in q.items if isinstance(i, ir.Col)
            and not _never_null_col(i, leaves, schema, typed)}
    told: set = set()
    changed = True
    while changed:
        changed = False
        for c, only in eqs:
            for x, y in ((c.left, c.right), (c.right, c.left)):
                if (isinstance(y, ir.Col) and ((y.alias, y.name) not in fixed or (y.alias, y.name) in weak)
                        and (only is None or y.alias in only)
                        and (isinstance(x, ir.Lit) and x.value is not None
                             or isinstance(x, ir.Col) and (x.alias, x.name) in fixed)):
                    fixed.add((y.alias, y.name))
                    weak.discard((y.alias, y.name))
                    changed = True
        for s in leaves:
            if s.alias not in told and _told(s, fixed - weak, fixed, schema, typed):
                told.add(s.alias)
                new = {(s.alias, c) for c in _names(s)} - fixed
                fixed |= new
                weak |= new
                changed = True
    return len(told) == len(leaves)


def _names(s) -> tuple[str, ...]:
    if isinstance(s, ir.Scan):
        return tuple(c for c, _, _ in s.columns)
    return tuple(s.names)


def _told(s, keyed: set, fixed: set, schema: Schema, typed: bool) -> bool:
    """Is ``s`` told apart: a derived table by all its columns ``fixed`` (it holds no row
    twice) or a shown key of it; a table by a key of columns ``keyed`` (never NULL)."""
    if isinstance(s, ir.Derived):
        return all((s.alias, c) in fixed for c in s.names) or any(
            all((s.alias, c) in fixed for c in key) for key in _derived_keys(s, schema, typed))
    return any(key and all((s.alias, k.lower()) in keyed for k in key)
               for key in _keys(schema, s.table))


def _derived_keys(d: ir.Derived, schema: Schema, typed: bool) -> list[tuple[str, ...]]:
    """Output names of a derived table over one table that show a key of it never NULL
    (no two rows of the derived table share them)."""
    q = d.query
    if not (isinstance(q, ir.Select) and isinstance(q.source, ir.Scan) and not q.aggregate
            and len(q.items) == len(d.names)):
        return []
    shown = {(i.alias, i.name): n for i, n in zip(q.items, d.names, strict=True)
             if isinstance(i, ir.Col)}
    scan = q.source
    return [tuple(shown[(scan.alias, k.lower())] for k in key) for key in _keys(schema, scan.table)
            if key and all((scan.alias, k.lower()) in shown
                           and never_null(schema, scan.table, k, typed) for k in key)]


def _never_null_col(c: ir.Col, leaves, schema: Schema, typed: bool) -> bool:
    scan = next((s for s in leaves if isinstance(s, ir.Scan) and s.alias == c.alias), None)
    return scan is not None and never_null(schema, scan.table, c.name, typed)


def _keys(schema: Schema, table: str) -> list[tuple[str, ...]]:
    t = schema.table(table)
    return [tuple(t.primary_key)] * bool(t.primary_key) + [tuple(u) for u in t.uniques]
