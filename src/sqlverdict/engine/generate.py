"""Random database instances that respect a schema: the one generator of sqlverdict.

Used by the test-suite builder (``oracles.suite.build``) and by the bounded verifier's
randomized witness search (``oracles.bounded.search``). Foreign keys follow the one rule of
``engine.integrity``.

``generate_database`` draws rows for every table of a ``Schema`` so that declared types,
primary keys (composite included), foreign keys (composite included, cycles and self
references too), UNIQUE and NOT NULL hold. Values come from a *value pool* per column when
one is given (values of the shipped database, literals of the gold queries and their
neighbours), otherwise from small type-directed domains that make collisions, duplicates
and ties likely: the point is to exercise the queries, not to look realistic.

Everything is a function of the ``random.Random`` passed in, so a seed fixes the output.

>>> import random
>>> from sqlverdict.schema import from_ddl
>>> s = from_ddl("CREATE TABLE p(id INTEGER PRIMARY KEY, name TEXT NOT NULL UNIQUE);"
...              "CREATE TABLE c(pid INT REFERENCES p(id), k INT, PRIMARY KEY (pid, k))")
>>> db = generate_database(s, random.Random(1), sizes={"p": 3, "c": 4})
>>> len(db["p"]), len({r[0] for r in db["p"]}), len({(r[0], r[1]) for r in db["c"]}) == len(db["c"])
(3, 3, True)
>>> {r[0] for r in db["c"]} <= {r[0] for r in db["p"]}
True
>>> generate_database(s, random.Random(1), sizes={"p": 3, "c": 4}) == db
True
"""

from __future__ import annotations

import functools
import random
import sqlite3
import string
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

from ..types import Column, ForeignKey, Schema, Table, affinity
from .declared import within_declared
from .integrity import child_key, declared_foreign_keys, parent_keys, per_object

Rows = list[tuple]
Pool = dict[tuple[str, str], list]

DEFAULT_MAX_ROWS = 8
NULL_RATE = 0.12
POOL_RATE = 0.8
_ATTEMPTS = 12


# --------------------------------------------------------------------------- fresh values


def _is_rowid_alias(t: Table, c: Column) -> bool:
    return (t.rowid_alias or "").lower() == c.name.lower()  # the schema decides (Table.rowid_alias)


def _kind(c: Column) -> str:
    """``int``, ``real``, ``date``, ``text`` or ``any``: what fresh values look like."""
    return _kind_of(c.type)


@functools.lru_cache(maxsize=1024)
def _kind_of(declared: str) -> str:
    t = declared.upper()
    if "DATE" in t or "TIME" in t or "YEAR" in t and "INT" not in t:
        return "date"
    aff = affinity(declared)
    if aff == "INTEGER":
        return "int"
    if aff == "REAL":
        return "real"
    if aff == "NUMERIC":
        return "int" if ("BOOL" in t or "BIT" in t) else "real"
    if aff == "TEXT":
        return "text"
    return "any"


@functools.lru_cache(maxsize=1024)
def _flag_type(declared: str) -> bool:
    """A BOOL or BIT column: fresh values 0 and 1."""
    return "BOOL" in declared.upper() or "BIT" in declared.upper()


_WORDS = ["a", "b", "A", "ab", "x", "y", "Z", "abc", "", " a"]


def fresh_value(c: Column, rng: random.Random, *, key: bool = False, span: int = 12,
                key_span: int = 0):
    """A small random value for column ``c``; ``key`` widens the domain for key columns (to
    ``key_span`` values where that is more: a table of many rows needs as many keys)."""
    k = _kind(c)
    if key:
        span = max(span * 4, key_span)
    if k == "int":
        if _flag_type(c.type):
            return rng.choice((0, 1))
        return rng.randint(-1, span)
    if k == "real":
        return rng.choice((rng.randint(-1, span), rng.randint(0, span) + 0.5))
    if k == "date":
        return f"20{rng.randint(0, 2):02d}-0{rng.randint(1, 3)}-{rng.randint(1, 3):02d}"
    if k == "text":
        if key or rng.random() < 0.4:
            n = rng.randint(1, 3 if span <= 48 else 3 + len(str(span)))
            return "".join(rng.choice(string.ascii_lowercase[:4]) for _ in range(n))
        return rng.choice(_WORDS)
    return rng.choice((rng.randint(0, span), "".join(rng.choice("ab") for _ in range(2))))


# --------------------------------------------------------------------------- helpers


# The helpers below read only the schema; ``per_object`` keeps their answers for the schema
# objects at hand, since one search draws hundreds of databases of one schema (they must
# not be changed by callers: tuples and frozensets).


@per_object
def _index(t: Table) -> dict[str, int]:
    return {c.name.lower(): i for i, c in enumerate(t.columns)}


@per_object
def _valid_fks(schema: Schema, t: Table) -> tuple[ForeignKey, ...]:
    """The foreign keys ``t`` must respect (``engine.integrity``)."""
    return tuple(fk for fk, _ in declared_foreign_keys(schema, t))


@per_object
def _order(schema: Schema) -> tuple[tuple[Table, ...], frozenset[tuple[str, int]]]:
    """Tables parents-first, and the foreign keys (table, index) that close a cycle; those
    are filled after every table has rows."""
    tables = list(schema.tables)
    deps = {t.name.lower(): {fk.ref_table.lower() for fk in _valid_fks(schema, t)}
            - {t.name.lower()} for t in tables}
    done: list[Table] = []
    placed: set[str] = set()
    deferred: set[tuple[str, int]] = set()
    while len(done) < len(tables):
        ready = [t for t in tables if t.name.lower() not in placed
                 and deps[t.name.lower()] <= placed]
        if not ready:  # a cycle: place the first remaining table, defer its open edges
            ready = [next(t for t in tables if t.name.lower() not in placed)]
        for t in ready:
            placed.add(t.name.lower())
            done.append(t)
    seen: set[str] = set()
    for t in done:
        seen.add(t.name.lower())
        for i, fk in enumerate(t.foreign_keys):
            if fk.ref_table.lower() not in seen or fk.ref_table.lower() == t.name.lower():
                deferred.add((t.name.lower(), i))
    return tuple(done), frozenset(deferred)


@per_object
def _keys(t: Table) -> tuple[tuple[int, ...], ...]:
    idx = _index(t)
    out = []
    for key in ((t.primary_key,) if t.primary_key else ()) + tuple(t.uniques):
        if key and all(c.lower() in idx for c in key):
            out.append(tuple(idx[c.lower()] for c in key))
    return tuple(out)


def _pick_size(rng: random.Random, max_rows: int) -> int:
    r = rng.random()
    if r < 0.08:
        return 0
    if r < 0.22:
        return 1
    return rng.randint(2, max(2, max_rows))


def _lookup(values: Mapping | None, t: Table, c: Column) -> list:
    if not values:
        return []
    got = values.get((t.name, c.name))
    if got is None:
        got = values.get((t.name.lower(), c.name.lower()), [])
    return got


# --------------------------------------------------------------------------- generation


def generate_database(schema: Schema, rng: random.Random, *,
                      values: dict[tuple[str, str], list] | None = None,
                      max_rows: int = DEFAULT_MAX_ROWS, sizes: dict[str, int] | None = None,
                      null_rate: float = NULL_RATE, pool_rate: float = POOL_RATE,
                      nullable: Collection[tuple[str, str]] | None = None,
                      fk_null_rate: float | None = None, alt_repr: float = 0.0,
                      ) -> dict[str, list[tuple]]:
    """Rows per table (keyed by the schema's table names) satisfying the schema.

    ``values`` maps ``(table, column)`` to candidate values (duplicates allowed; drawn with
    probability ``pool_rate``); ``sizes`` fixes the number of rows a table *aims* for (it can
    end smaller when keys or foreign keys leave no room, e.g. a child of an empty parent
    whose foreign key is NOT NULL). Tables not in ``sizes`` get 0, 1 or 2..``max_rows`` rows.
    ``nullable`` restricts NULLs to these ``(table, column)`` pairs (default: wherever the
    schema allows them, i.e. not NOT NULL and not in the primary key; UNIQUE columns too,
    since SQLite lets them hold several NULLs). ``fk_null_rate`` is the NULL rate of
    nullable foreign keys (default ``null_rate``): NULL references are what tells a join
    from ``NOT IN`` over the referencing column. ``alt_repr`` is the probability that a
    text foreign key referencing a number holds another spelling of it (``'01'``,
    ``'1.0'``): equal in the join, different in GROUP BY, DISTINCT and the output.
    """
    allowed = None if nullable is None else {(t.lower(), c.lower()) for t, c in nullable}
    sizes_l = {k.lower(): v for k, v in (sizes or {}).items()}
    order, deferred = _order(schema)
    out: dict[str, Rows] = {}
    lows = {t.name.lower(): t.name for t in schema.tables}
    valid = {t.name.lower(): _valid_fks(schema, t) for t in schema.tables}
    fk_null = null_rate if fk_null_rate is None else fk_null_rate

    for t in order:
        n = sizes_l.get(t.name.lower())
        if n is None:
            n = _pick_size(rng, max_rows)
        plan = _TablePlan.of(schema, t, out, values, allowed, alt_repr)
        out[t.name] = plan.rows(n, rng, null_rate=null_rate, pool_rate=pool_rate,
                                fk_null=fk_null, alt_repr=alt_repr)

    _fill_deferred(schema, out, deferred, valid, rng, null_rate, allowed)
    _repair(schema, out, valid, allowed)
    return within_declared(schema, {lows[t.name.lower()]: out[t.name] for t in schema.tables})


@dataclass
class _TablePlan:
    """What the rows of one table are drawn from: its keys, its foreign-key groups
    ``(column indices, parent rows, parent column indices, deferred?, respell?)``, the
    value pool and whether NULL is allowed, per column."""

    table: Table
    keys: list[tuple[int, ...]]
    key_cols: set[int]
    fk_groups: list[tuple]
    fk_cols: set[int]
    pools: list[list]
    nullable: list[bool]
    rowid: int | None  # the index of the rowid alias column, if any
    fresh_fks: frozenset[int]  # NOT NULL foreign-key columns only deferred keys fill

    @classmethod
    def of(cls, schema: Schema, t: Table, out: dict[str, Rows], values, allowed,
           alt_repr: float) -> _TablePlan:
        tl = t.name.lower()
        keys, pk_cols, fks, ri = _shape(schema, t)
        fk_groups = [(cols, [] if is_def else out[parent], pcols, is_def,
                      tuple(alt_repr > 0 and a for a in alts))
                     for cols, parent, pcols, is_def, alts in fks]
        pools = [_lookup(values, t, c) for c in t.columns]
        if ri is not None:
            pools[ri] = [v for v in pools[ri] if isinstance(v, int) and not isinstance(v, bool)]
        nullable = [not c.not_null and i not in pk_cols
                    and (allowed is None or (tl, c.name.lower()) in allowed)
                    for i, c in enumerate(t.columns)]
        fk_cols = {i for g in fk_groups for i in g[0]}
        fresh_fks = frozenset(i for i in fk_cols if not nullable[i] and not any(
            i in g[0] and not g[3] for g in fk_groups))
        return cls(t, list(keys), {i for k in keys for i in k}, fk_groups, fk_cols, pools,
                   nullable, ri, fresh_fks)

    def rows(self, n: int, rng: random.Random, *, null_rate: float, pool_rate: float,
             fk_null: float, alt_repr: float) -> Rows:
        """Up to ``n`` rows whose keys are distinct; a row that fails (a missing value, a
        duplicate key, disagreeing foreign keys) is drawn again, ``_ATTEMPTS`` times."""
        seen_keys: list[set] = [set() for _ in self.keys]
        rows: Rows = []
        for _ in range(n):
            for attempt in range(_ATTEMPTS):
                row = self._references(rng, fk_null, alt_repr)
                if row is None:
                    continue
                self._values(row, attempt, rng, null_rate, pool_rate, key_span=2 * n)
                if None in row and any(row[i] is None and not self.nullable[i]
                                       for i in range(len(row))):
                    continue
                cand = [tuple(row[i] for i in k) for k in self.keys]
                if any(None not in kv and _norm(kv) in s
                       for kv, s in zip(cand, seen_keys, strict=True)):
                    continue
                for kv, s in zip(cand, seen_keys, strict=True):
                    if None not in kv:
                        s.add(_norm(kv))
                rows.append(tuple(row))
                break
        return rows

    def _references(self, rng: random.Random, fk_null: float, alt_repr: float) -> list | None:
        """A new row holding only its foreign keys, each from a parent row (or NULL); None
        when a required parent is empty or two foreign keys sharing a column disagree."""
        row: list = [None] * len(self.table.columns)
        ok = True
        for cols, parents, pcols, is_def, alts in self.fk_groups:
            if is_def:
                continue
            all_null = all(self.nullable[i] for i in cols)
            if all_null and (not parents or rng.random() < fk_null):
                continue
            if not parents:  # a required parent is empty: no row can exist
                return None
            p = rng.choice(parents)
            for ci, pi, alt in zip(cols, pcols, alts, strict=True):
                if row[ci] is not None and row[ci] != p[pi]:
                    ok = False  # two foreign keys share a column and disagree
                row[ci] = p[pi]
                if alt and rng.random() < alt_repr:
                    row[ci] = _respell(p[pi], rng)
        return row if ok else None

    def _values(self, row: list, attempt: int, rng: random.Random, null_rate: float,
                pool_rate: float, key_span: int = 0) -> None:
        """The other columns of ``row``: NULL at ``null_rate`` where allowed, else from the
        pool at ``pool_rate`` (less for key columns after four attempts), else fresh."""
        t = self.table
        for i, c in enumerate(t.columns):
            if i in self.fk_cols:
                if row[i] is None and i in self.fresh_fks:
                    row[i] = fresh_value(c, rng, key=True, key_span=key_span)  # deferred, filled later
                continue
            if self.nullable[i] and rng.random() < null_rate:
                continue
            pool = self.pools[i]
            use_pool = pool and rng.random() < (
                pool_rate if attempt < 4 or i not in self.key_cols else 0.2)
            if use_pool:
                row[i] = rng.choice(pool)
            else:
                row[i] = fresh_value(c, rng, key=i in self.key_cols and attempt >= 2,
                                     key_span=key_span)
                if i == self.rowid and not isinstance(row[i], int):
                    row[i] = rng.randint(1, max(40, key_span))


@per_object
def _shape(schema: Schema, t: Table) -> tuple:
    """What ``_TablePlan`` reads of the schema alone: ``t``'s keys, its primary key's column
    indices, its foreign keys ``(columns, parent table, parent columns, deferred?, may a
    value be respelled?)`` and the index of its rowid alias (or None)."""
    tl = t.name.lower()
    idx = _index(t)
    valid, deferred = _valid_fks(schema, t), _order(schema)[1]
    fks = []
    for i, fk in enumerate(t.foreign_keys):
        if fk not in valid:
            continue
        prt = schema.table(fk.ref_table)
        pidx = _index(prt)
        cols = tuple(idx[c.lower()] for c in fk.columns)
        pcols = tuple(pidx[c.lower()] for c in fk.ref_columns)
        alts = tuple(_kind(t.columns[ci]) in ("text", "any") and _kind(prt.columns[pi]) in ("int", "real")
                     for ci, pi in zip(cols, pcols, strict=True))
        fks.append((cols, prt.name, pcols, (tl, i) in deferred, alts))
    pk_cols = frozenset(idx[c.lower()] for c in t.primary_key if c.lower() in idx)
    ri = next((i for i, c in enumerate(t.columns) if _is_rowid_alias(t, c)), None)
    return _keys(t), pk_cols, tuple(fks), ri


def _respell(v, rng: random.Random):
    """Another text spelling of a number that SQLite's numeric affinity maps back to it.

    >>> _respell(7, random.Random(0)) in ('07', '7.0')
    True
    """
    if isinstance(v, bool) or not isinstance(v, int | float):
        return v
    if isinstance(v, float) and v != int(v):
        return f"{v}0"
    n = int(v)
    return rng.choice((f"0{n}" if n >= 0 else f"-0{-n}", f"{n}.0"))


def _norm(kv: tuple) -> tuple:
    """Key values as SQLite's uniqueness sees them closely enough: 1 and 1.0 collide."""
    return tuple(float(v) if isinstance(v, int | float) and not isinstance(v, bool) else v
                 for v in kv)


def _may_be_null(t: Table, cols, pk_cols, allowed) -> bool:
    return all(not t.columns[c].not_null and c not in pk_cols and (
        allowed is None or (t.name.lower(), t.columns[c].name.lower()) in allowed) for c in cols)


def _fill_deferred(schema, out, deferred, valid, rng, null_rate, allowed=None) -> None:
    for t in schema.tables:
        tl = t.name.lower()
        idx = _index(t)
        pk_cols = {idx[c.lower()] for c in t.primary_key if c.lower() in idx}
        for i, fk in enumerate(t.foreign_keys):
            if (tl, i) not in deferred or fk not in valid[tl]:
                continue
            prt = schema.table(fk.ref_table)
            pidx = _index(prt)
            cols = [idx[c.lower()] for c in fk.columns]
            pcols = [pidx[c.lower()] for c in fk.ref_columns]
            nullable = _may_be_null(t, cols, pk_cols, allowed)
            keys = _keys(t)
            rows = out[t.name]
            for r, row in enumerate(rows):
                parents = out[prt.name]
                new = list(row)
                if nullable and (not parents or rng.random() < null_rate * 2):
                    choice = None
                elif parents:
                    choice = rng.choice(parents)
                else:
                    continue  # repaired (dropped) below
                for ci, pi in zip(cols, pcols, strict=True):
                    new[ci] = None if choice is None else choice[pi]
                others = {_norm(tuple(rows[j][k] for k in key)) for j in range(len(rows)) if j != r
                          for key in keys}
                mine = [_norm(tuple(new[k] for k in key)) for key in keys]
                if any(None not in m and m in others for m in mine):
                    if nullable:
                        for ci in cols:
                            new[ci] = None
                    else:
                        continue
                rows[r] = tuple(new)
                if prt.name == t.name:
                    out[t.name] = rows


def _repair(schema: Schema, out: dict[str, Rows], valid, allowed=None) -> None:
    """Enforce every foreign key: null out (when allowed) or drop rows with dangling
    references, until nothing changes (dropping a parent row can orphan children)."""
    changed = True
    while changed:
        changed = False
        for t in schema.tables:
            idx = _index(t)
            pk_cols = {idx[c.lower()] for c in t.primary_key if c.lower() in idx}
            for fk in valid[t.name.lower()]:
                prt = schema.table(fk.ref_table)
                cols = [idx[c.lower()] for c in fk.columns]
                have = parent_keys(schema, fk, prt, out[prt.name])
                nullable = _may_be_null(t, cols, pk_cols, allowed)
                kept = []
                for row in out[t.name]:
                    k = child_key(t, fk, prt, row)
                    if k is None or k in have:
                        kept.append(row)
                    elif nullable:
                        new = list(row)
                        for c in cols:
                            new[c] = None
                        kept.append(tuple(new))
                        changed = True
                    else:
                        changed = True
                if len(kept) != len(out[t.name]) or changed:
                    out[t.name] = kept


# --------------------------------------------------------------------------- value pools


def neighbours(v) -> list:
    """A literal and the values around it that tell near-miss queries apart.

    >>> neighbours(3)
    [3, 2, 4, 3.5]
    >>> neighbours("France")
    ['France', 'france', 'FRANCE', '', 'Francf', 'France ', 'xFrancex']
    >>> neighbours("%ab%")
    ['%ab%', 'ab', 'xaby', 'AB', '']
    """
    if v is None or isinstance(v, bool):
        return [v]
    if isinstance(v, int):
        return [v, v - 1, v + 1, v + 0.5]
    if isinstance(v, float):
        return [v, v - 1, v + 1, int(v) if v == int(v) else round(v, 1) + 0.1]
    if isinstance(v, bytes):
        return [v]
    s = str(v)
    if "%" in s or "_" in s:
        core = s.replace("%", "").replace("_", "")
        return _dedup([s, core, s.replace("%", "x", 1).replace("%", "y") if "%" in s else core,
                       core.swapcase(), ""])
    out = [s, s.lower(), s.upper(), s.swapcase() if s.lower() == s else s.upper(), ""]
    if s:
        out += [s[:-1] + chr(ord(s[-1]) + 1), s + " ", "x" + s + "x"]
    return _dedup(out)


def _dedup(xs: Iterable) -> list:
    seen, out = set(), []
    for x in xs:
        k = (type(x).__name__, x)
        if k not in seen:
            seen.add(k)
            out.append(x)
    return out


def _coerce(v, c: Column) -> list:
    """``v`` as column ``c`` can hold it (numbers compared with a text column become text,
    numeric text compared with a number column becomes a number); [] when it cannot."""
    if v is None:
        return [v]
    k = _kind(c)
    if k in ("int", "real"):
        if isinstance(v, int | float):
            return [v]
        try:
            f = float(str(v))
        except ValueError:
            return []
        return [int(f) if f == int(f) else f]
    if k in ("text", "date"):
        if isinstance(v, float) and v == int(v):
            v = int(v)
        return [v if isinstance(v, str) else str(v)]
    return [v]


def _through_foreign_keys(schema: Schema, literals: Mapping) -> dict:
    """Literals of a foreign-key column also go to the column it references, and back: a
    query filtering ``flights.src = 'AHD'`` needs an airport coded 'AHD' to join with."""
    out: dict[tuple[str, str], list] = {(t.lower(), c.lower()): list(v)
                                        for (t, c), v in literals.items()}
    for t in schema.tables:
        for fk in _valid_fks(schema, t):
            for c, rc in zip(fk.columns, fk.ref_columns, strict=True):
                a, b = (t.name.lower(), c.lower()), (fk.ref_table.lower(), rc.lower())
                va, vb = list(out.get(a, [])), list(out.get(b, []))
                if va:
                    out.setdefault(b, []).extend(va)
                if vb:
                    out.setdefault(a, []).extend(vb)
    return out


def value_pool(schema: Schema, db_path: str | Path | None,
               literals: Mapping[tuple[str, str], Iterable] | Iterable | None = None, *,
               per_column: int = 24, neighbours_too: bool = True) -> Pool:
    """Candidate values per ``(table, column)``: up to ``per_column`` distinct values of the
    shipped database (spread over the sorted values, min and max included), plus the given
    literals with their neighbours. ``literals`` maps columns to values (from comparisons in
    the gold queries), or is a plain iterable of values that is offered to every column whose
    type can hold them. ``neighbours_too=False``: the literals alone, without neighbours.
    """
    near = neighbours if neighbours_too else (lambda v: [v])
    pool: Pool = {}
    conn = None
    if db_path is not None and Path(db_path).is_file():
        conn = sqlite3.connect(f"file:{Path(db_path).resolve()}?mode=ro", uri=True)
        conn.text_factory = lambda b: b.decode("utf-8", errors="replace")
    try:
        for t in schema.tables:
            for c in t.columns:
                vals: list = []
                if conn is not None:
                    try:
                        got = [r[0] for r in conn.execute(
                            f'SELECT DISTINCT "{c.name}" FROM "{t.name}" LIMIT 5000')]
                    except sqlite3.Error:
                        got = []
                    got = [v for v in got if v is not None]
                    got.sort(key=lambda v: (type(v).__name__, str(v)))
                    if len(got) > per_column:
                        step = (len(got) - 1) / (per_column - 1)
                        got = [got[round(i * step)] for i in range(per_column)]
                    vals.extend(got)
                pool[(t.name, c.name)] = vals
    finally:
        if conn is not None:
            conn.close()
    if literals is None:
        return pool
    if isinstance(literals, Mapping):
        literals = _through_foreign_keys(schema, literals)
        canon = {(t.name.lower(), c.name.lower()): (t.name, c.name)
                 for t in schema.tables for c in t.columns}
        for (tn, cn), vs in literals.items():
            key = canon.get((tn.lower(), cn.lower()))
            if key is None:
                continue
            col = schema.table(key[0]).column(key[1])
            for v in vs:
                pool[key].extend(y for x in near(v) for y in _coerce(x, col))
    else:
        lits = list(literals)
        for t in schema.tables:
            for c in t.columns:
                for v in lits:
                    pool[(t.name, c.name)].extend(y for x in near(v) for y in _coerce(x, c))
    for k in pool:
        pool[k] = _dedup(pool[k])
    return pool
