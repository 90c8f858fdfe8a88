"""The attack of the soundness benchmark: random small databases that SQLite itself accepts,
chosen to separate two queries, and both queries run on them.

Independent of the verifier by construction: nothing here imports the bounded verifier
(its encoder, prover, witness code or randomized search) or the shared database generator
(``engine.generate``); the schema is the *original* DDL of the pair's database (read from
``sqlite_master``, or the DDL file), and SQLite is the judge of every row: tables are
filled by INSERTs under ``PRAGMA foreign_keys=ON`` and a row SQLite rejects (primary key,
NOT NULL, UNIQUE, foreign key, datatype of an INTEGER PRIMARY KEY) is redrawn. Primary-key
columns get NULL too where SQLite accepts it (a rowid table's key that is not the rowid
alias nor NOT NULL: issue 26), and TEXT columns BLOBs (the bytes of their strings), except
with ``typed`` (keys non-NULL, values of the declared classes). A foreign key whose parent columns have
no PRIMARY KEY or UNIQUE index makes SQLite refuse every write to the child ("foreign key
mismatch"); there the parent columns get a UNIQUE index, so that SQLite can enforce the
reference (this only narrows the databases tried).

Values come from the queries, through the functions that read the columns: each literal a
column is compared with (directly, or through SUBSTR, INSTR, LIKE, GLOB, STRFTIME, DATE,
CAST, LOWER/UPPER, TRIM, LENGTH, arithmetic with a literal, IN lists, BETWEEN) is turned
into values of the column that meet the comparison, just miss it, or sit on its edge:
the literal and its neighbours, strings holding it at the position SUBSTR/INSTR read and
at the positions beside it, its superstrings and substrings, LIKE pattern instances and
near misses, ISO dates and datetimes around date literals and the years and months
STRFTIME reads (and a few malformed ones: SQLite accepts them), numbers as text and text
as numbers (column affinity decides what is stored). Columns compared with each other
(joins) share their values. Each trial draws a small palette per column, so duplicates,
ties and NULLs are common.

>>> import tempfile, os
>>> ddl = "CREATE TABLE e(id INTEGER PRIMARY KEY, d DATE NOT NULL)"
>>> a = Attack.for_schema(ddl)
>>> r = a.run("SELECT id FROM e WHERE d >= ''", "SELECT id FROM e", "bag", bound=3, trials=200,
...           seed="doc")
>>> r.separated, r.db["e"]
(True, [(5, 1.5)])

With typed values only (ISO text in the DATE column) no database separates them:

>>> a.run("SELECT id FROM e WHERE d >= ''", "SELECT id FROM e", "bag", bound=3, trials=200,
...       seed="doc", typed=True).separated
False
"""

from __future__ import annotations

import functools
import hashlib
import random
import re
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path

import sqlglot
from sqlglot import exp
from sqlglot.errors import SqlglotError

from sqlverdict.engine.compare import results_equal, signature
from sqlverdict.engine.execute import owner_writes, run_query, scratch_database
from sqlverdict.errors import ExecutionError
from sqlverdict.oracles.suite.mutate import parse as parse_sqlite
from sqlverdict.types import affinity

QUERY_TIMEOUT_S = 5.0
ROW_ATTEMPTS = 8
_BUDGET = ("timeout", "memory", "too_many_rows")


def _q(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


# --------------------------------------------------------------------------- the schema


@dataclass
class Col:
    name: str
    type: str
    not_null: bool
    pk: bool
    affinity: str
    kind: str = field(init=False)  # int, real, num, date, text or any: what values to try

    def __post_init__(self):
        t = self.type.upper()
        self.kind = "date" if "DATE" in t or "TIME" in t else {
            "INTEGER": "int", "REAL": "real", "NUMERIC": "num", "TEXT": "text"}.get(
            self.affinity, "any")


@dataclass
class Tab:
    name: str
    cols: list[Col]
    fks: list[tuple[list[str], str, list[str]]]  # (columns, parent table, parent columns)
    keys: list[list[str]] = field(default_factory=list)  # primary key and UNIQUE sets
    rowid_alias: str | None = None

    def col(self, name: str) -> Col | None:
        return next((c for c in self.cols if c.name.lower() == name.lower()), None)

    def index(self, name: str) -> int:
        pos = self.__dict__.get("_pos")
        if pos is None:
            pos = self._pos = {c.name.lower(): i for i, c in enumerate(self.cols)}
        return pos[name.lower()]

    def nullable(self, c: Col) -> bool:
        """Does SQLite store NULL in ``c``: not NOT NULL (``PRAGMA table_info`` reports the key
        of a WITHOUT ROWID or STRICT table so) and not the rowid alias."""
        return not c.not_null and c.name != self.rowid_alias

    def prepare(self) -> None:
        """What every row needs, computed once: foreign keys by column index, key and
        nullable columns."""
        keyed = {k.lower() for key in self.keys for k in key}
        self.fk_specs = []  # (child indices, parent table, parent column names, nullable)
        for cols, parent, pcols in self.fks:
            idx = [self.index(c) for c in cols]
            nullable = all(self.nullable(self.cols[i]) for i in idx)
            self.fk_specs.append((idx, parent.lower(), list(pcols), nullable))
        fk_idx = {i for spec in self.fk_specs for i in spec[0]}
        self.plain = [(i, c, c.name.lower() in keyed, self.nullable(c))
                      for i, c in enumerate(self.cols) if i not in fk_idx]
        self.insert_sql = (f"INSERT INTO {_q(self.name)} VALUES "
                           f"({', '.join('?' * len(self.cols))})")


def original_ddl(spec: str) -> list[str]:
    """The CREATE statements of a pair's ``schema``: a SQLite file's ``sqlite_master``, a
    DDL file, or DDL text."""
    p = Path(spec)
    if p.is_file() and p.read_bytes()[:16] == b"SQLite format 3\x00":
        con = sqlite3.connect(f"file:{p.resolve()}?mode=ro", uri=True)
        try:
            return [r[0] for r in con.execute(
                "SELECT sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE "
                "'sqlite_%' AND type IN ('table', 'index') ORDER BY type DESC, rowid")]
        finally:
            con.close()
    text = p.read_text(encoding="utf-8") if p.is_file() else spec
    stmts, buf = [], ""
    for piece in text.split(";"):
        buf += piece + ";"
        if sqlite3.complete_statement(buf):
            if re.sub(r"--[^\n]*", "", buf).strip().strip(";").strip():
                stmts.append(buf.strip())
            buf = ""
    return stmts


class Attack:
    """One schema, ready for trials: the original DDL in a private in-memory database with
    foreign keys on; every trial runs in a transaction that is rolled back."""

    def __init__(self, ddl: list[str]):
        self.ddl = ddl
        self.conn = scratch_database()
        self.notes: list[str] = []
        self.extra_ddl: list[str] = []  # parent keys added so that SQLite can enforce them
        with owner_writes(self.conn):
            self.conn.execute("PRAGMA foreign_keys = ON")
            for s in ddl:
                self.conn.execute(s)
            self.tables = self._read()
            self._enforceable()
        self.by_name = {t.name.lower(): t for t in self.tables}
        for t in self.tables:
            t.prepare()

    @classmethod
    def for_schema(cls, spec: str) -> Attack:
        return cls(original_ddl(spec))

    def _read(self) -> list[Tab]:
        c = self.conn
        out = []
        for (name,) in c.execute("SELECT name FROM sqlite_master WHERE type = 'table' AND "
                                 "name NOT LIKE 'sqlite_%' ORDER BY rowid").fetchall():
            info = c.execute(f"PRAGMA table_info({_q(name)})").fetchall()
            cols = [Col(r[1], r[2] or "", bool(r[3]), r[5] > 0, affinity(r[2] or ""))
                    for r in info]
            pk = [r[1] for r in sorted(info, key=lambda r: r[5]) if r[5] > 0]
            fks: dict[int, tuple[list, str, list]] = {}
            for r in c.execute(f"PRAGMA foreign_key_list({_q(name)})").fetchall():
                fid, _, parent, frm, to = r[0], r[1], r[2], r[3], r[4]
                fks.setdefault(fid, ([], parent, []))
                fks[fid][0].append(frm)
                fks[fid][2].append(to)
            keys = [pk] if pk else []
            for r in c.execute(f"PRAGMA index_list({_q(name)})").fetchall():
                if r[2]:  # unique
                    keys.append([x[2] for x in c.execute(f"PRAGMA index_info({_q(r[1])})")])
            alias = pk[0] if len(pk) == 1 and any(
                x.name == pk[0] and x.type.upper() == "INTEGER" for x in cols) else None
            out.append(Tab(name, cols, list(fks.values()), keys, alias))
        return out

    def _enforceable(self) -> None:
        """Give foreign keys without a parent key one (see the module docstring); resolve
        an omitted parent column list to the parent's primary key."""
        names = {t.name.lower(): t for t in self.tables}
        for t in self.tables:
            keep = []
            for cols, parent, pcols in t.fks:
                pt = names.get(parent.lower())
                if pt is None:
                    self.notes.append(f"{t.name}: foreign key to missing table {parent}: "
                                      "the table stays empty")
                    t.keys.append(["__unwritable__"])
                    continue
                if any(p is None for p in pcols):
                    pcols = pt.keys[0] if pt.keys else []
                if len(pcols) != len(cols) or not all(pt.col(p) for p in pcols):
                    self.notes.append(f"{t.name}: foreign key to {parent}{pcols} has no such "
                                      "columns: the table stays empty")
                    t.keys.append(["__unwritable__"])
                    continue
                if not any({k.lower() for k in key} == {p.lower() for p in pcols}
                           for key in pt.keys):
                    idx = f"sv_parent_key_{len(self.extra_ddl)}"
                    stmt = (f"CREATE UNIQUE INDEX {_q(idx)} ON {_q(pt.name)} "
                            f"({', '.join(_q(p) for p in pcols)})")
                    self.conn.execute(stmt)
                    self.extra_ddl.append(stmt)
                    pt.keys.append(list(pcols))
                    self.notes.append(f"{t.name} -> {pt.name}{pcols}: parent key made UNIQUE")
                keep.append((cols, pt.name, pcols))
            t.fks = keep

    def unwritable(self, t: Tab) -> bool:
        return ["__unwritable__"] in t.keys

    # ------------------------------------------------------------------- one trial

    def closure(self, names: set[str]) -> list[Tab]:
        """The tables named, and every table they reference, parents first."""
        want, todo = set(), [n.lower() for n in names if n.lower() in self.by_name]
        while todo:
            n = todo.pop()
            if n in want:
                continue
            want.add(n)
            todo += [p.lower() for _, p, _ in self.by_name[n].fks]
        order, placed = [], set()
        while len(order) < len(want):
            ready = [t for t in self.tables if t.name.lower() in want - placed
                     and all(p.lower() in placed or p.lower() == t.name.lower()
                             or p.lower() not in want for _, p, _ in t.fks)]
            if not ready:  # a cycle: place one, its open references get NULL or fail
                ready = [next(t for t in self.tables if t.name.lower() in want - placed)]
            for t in ready:
                placed.add(t.name.lower())
                order.append(t)
        return order

    def fill(self, order: list[Tab], plan: ValuePlan, rng: random.Random, bound: int,
             null_rate: float) -> dict[str, int]:
        """Insert rows for one trial (inside the caller's transaction); return sizes."""
        sizes: dict[str, int] = {}
        stored: dict[str, list[list]] = {}
        for t in order:
            n = 0 if self.unwritable(t) or rng.random() < 0.12 else rng.randint(1, bound)
            got = 0
            for _ in range(n):
                for attempt in range(ROW_ATTEMPTS):
                    row = self._row(t, plan, rng, stored, null_rate, fresh=attempt >= 3)
                    if row is None:
                        break
                    try:
                        self.conn.execute(t.insert_sql, row)
                    except (sqlite3.Error, OverflowError):  # SQLite refuses it: draw again
                        continue
                    stored.setdefault(t.name.lower(), []).append(row)
                    got += 1
                    break
            sizes[t.name] = got
        return sizes

    def _row(self, t: Tab, plan: ValuePlan, rng: random.Random, stored, null_rate: float,
             fresh: bool) -> list | None:
        row: list = [None] * len(t.cols)
        for idx, parent, pcols, nullable in t.fk_specs:
            parents = stored.get(parent, [])
            if plan.typed and any(t.cols[i].pk for i in idx):
                nullable = False  # typed: keys hold no NULL
            if nullable and (not parents or rng.random() < null_rate * 1.5):
                continue
            if not parents:
                return None  # a required parent row does not exist
            p = rng.choice(parents)
            pt = self.by_name[parent]
            for i, pc in zip(idx, pcols, strict=True):
                v = p[pt.index(pc)]
                if v is not None and rng.random() < 0.12:
                    alt = _respell(v, rng)
                    if not plan.typed or typed_value(t.cols[i], alt):
                        v = alt
                row[i] = v
        template, active = plan.layout(t)
        for i, v in template:
            row[i] = v
        for i, c, key, nullable in active:
            if nullable and not (plan.typed and c.pk) and rng.random() < null_rate:
                continue
            if fresh and key:
                v = plan.fresh(t.name, c, rng)
            else:
                v = plan.pick(t.name, c, rng, key=key)
            if plan.typed and not typed_value(c, v):
                v = plan.fresh(t.name, c, rng)
            if c.name == t.rowid_alias and not (isinstance(v, int) and not isinstance(v, bool)):
                v = rng.randint(1, 9)
            row[i] = v
        return row

    def snapshot(self, tables: list[Tab]) -> dict[str, list[tuple]]:
        with owner_writes(self.conn):
            return {t.name: [tuple(r) for r in self.conn.execute(
                f"SELECT * FROM {_q(t.name)} ORDER BY rowid" if not _without_rowid(self, t)
                else f"SELECT * FROM {_q(t.name)}")] for t in tables}

    def load(self, db: dict[str, list[tuple]]) -> bool:
        """Insert ``db`` (inside the caller's transaction); False when SQLite refuses."""
        try:
            for t in self.closure(set(db)):
                for r in db.get(t.name, []):
                    self.conn.execute(f"INSERT INTO {_q(t.name)} VALUES "
                                      f"({', '.join('?' * len(r))})", r)
        except sqlite3.Error:
            return False
        return True

    # ------------------------------------------------------------------- the attack

    def run(self, gold: str, pred: str, semantics: str, *, bound: int, trials: int,
            seed: str, typed: bool = False, nonempty: bool = False,
            accept=None) -> Outcome:
        """Up to ``trials`` databases; the first that separates the queries, minimized.
        ``typed``: only values of the columns' declared classes (``typed_value``);
        ``nonempty``: only databases in which every table the queries read has a row;
        ``accept``: a test of a separating database (``{table: rows}``) besides."""
        plan = ValuePlan(self, [gold, pred], typed=typed)
        order = self.closure(plan.tables)
        read = {t.lower() for t in plan.tables}
        for i in range(trials):
            rng = random.Random(_seed(seed, i))
            null_rate = (0.0, 0.15, 0.35)[i % 3]
            plan.new_trial(rng)
            with owner_writes(self.conn):
                self.conn.execute("BEGIN")
                sizes = self.fill(order, plan, rng, bound, null_rate)
            try:
                empty = nonempty and any(not sizes.get(t.name) for t in order
                                         if t.name.lower() in read)
                cmp = None if empty else self.compare(gold, pred, semantics)
                if cmp is not None and cmp[0]:
                    db = self.snapshot(order)
            finally:
                with owner_writes(self.conn):
                    self.conn.execute("ROLLBACK")
            if cmp is not None and cmp[0]:
                # Evidence is a database that separates the queries when loaded again (a
                # snapshot SQLite refuses on reload, or whose queries run out of their
                # budget there, is no evidence: the attack goes on).
                if not (self.on(db, gold, pred, semantics) or (False,))[0]:
                    continue
                if accept is not None and not accept(db):
                    continue
                small = self.minimize(gold, pred, semantics, db, keep=read if nonempty else set())
                db = small if accept is None or accept(small) else db
                res = self.on(db, gold, pred, semantics)
                return Outcome(True, i + 1, db, *res[1:], read=sorted(plan.tables),
                               columns=plan.referenced)
        return Outcome(False, trials)

    def compare(self, gold: str, pred: str, semantics: str):
        """(differ, gold rows, pred rows, signature) on the current contents; None when the
        gold fails or a query runs out of its budget (no evidence either way)."""
        try:
            g = run_query(self.conn, gold, timeout_s=QUERY_TIMEOUT_S)
        except ExecutionError:
            return None
        try:
            p = run_query(self.conn, pred, timeout_s=QUERY_TIMEOUT_S)
        except ExecutionError as e:
            if e.kind in _BUDGET:
                return None
            return True, g.rows, f"error: {e}", "execution_error"
        kw = {"gold_ncols": len(g.columns), "pred_ncols": len(p.columns)}
        if results_equal(g.rows, p.rows, semantics, **kw):
            return False, g.rows, p.rows, None
        return True, g.rows, p.rows, signature(g.rows, p.rows, semantics, **kw)

    def on(self, db: dict, gold: str, pred: str, semantics: str):
        with owner_writes(self.conn):
            self.conn.execute("BEGIN")
            ok = self.load(db)
        try:
            return self.compare(gold, pred, semantics) if ok else None
        finally:
            with owner_writes(self.conn):
                self.conn.execute("ROLLBACK")

    def minimize(self, gold: str, pred: str, semantics: str, db: dict,
                 keep: set[str] = frozenset()) -> dict:
        """Drop rows while the queries still differ (SQLite rechecks every key); the tables
        named in ``keep`` (lower case) keep a row."""
        changed = True
        while changed:
            changed = False
            for t in list(db):
                if t.lower() in keep and len(db[t]) <= 1:
                    continue
                for i in range(len(db[t])):
                    cand = {**db, t: db[t][:i] + db[t][i + 1:]}
                    got = self.on(cand, gold, pred, semantics)
                    if got is not None and got[0]:
                        db, changed = cand, True
                        break
        return db


def _without_rowid(a: Attack, t: Tab) -> bool:
    sql = next((s for s in a.ddl if re.search(rf"CREATE\s+TABLE\s+[\"'`\[]?{re.escape(t.name)}\b",
                                                s, re.I)), "")
    return bool(re.search(r"WITHOUT\s+ROWID", sql, re.I))


@dataclass
class Outcome:
    separated: bool
    trials: int
    db: dict | None = None
    gold_rows: list | None = None
    pred_rows: list | str | None = None
    signature: str | None = None
    read: list[str] = field(default_factory=list)  # the tables the queries read
    columns: set[str] | None = None  # the column names they read (None: every column)


def _seed(seed: str, i: int) -> int:
    return int.from_bytes(hashlib.sha256(f"{seed}\x00{i}".encode()).digest()[:8], "big")


def _respell(v, rng: random.Random):
    """Another spelling of a key value that SQLite's foreign-key lookup (the parent's
    affinity applied to the child's value) may map back to it."""
    if isinstance(v, bool) or not isinstance(v, int | float):
        return v
    n = v
    return rng.choice((str(n), f"0{n}" if n >= 0 else str(n), f"{float(n)}", f" {n}"))


# --------------------------------------------------------------------------- values


_BASE = {
    # text a numeric column keeps: arithmetic reads its longest numeric prefix ('1e2x' is
    # 100.0), CAST AS INTEGER only its integer prefix ('1e2x' is 1)
    "int": [0, 1, 2, -1, 3, 10, 1.5, "1", "a", "", "12abc", "1e2x"],
    "real": [0.0, 1.0, 1.5, 2, -1.5, 0.5, 10, "2.5", "a", "1e2x"],
    "num": [0, 1, 2, 1.5, "1", "a", "", "2020", "2020-01-01", "1e2x"],
    "date": ["2020-01-01", "2019-12-31", "2020-01-01 10:00:00", "2020-06-15", "2021-03-01",
             "2020", 2020, "2020-1-1", "", "a", 0, 1.5],
    "text": ["a", "b", "A", "", " a", "a ", "ab", "abc", "1", "10", "2", "1.0", "x y"],
    "any": [0, 1, 2, "a", "1", "", 1.5, "b"],
}


class ValuePlan:
    """Values per column from the two queries; a palette per column class per trial."""

    def __init__(self, attack: Attack, queries: list[str], *, typed: bool = False):
        self.a = attack
        self.typed = typed
        self.tables: set[str] = set()
        self.pool: dict[tuple[str, str], list] = {}
        self.loose: list = []
        self._parent: dict[tuple[str, str], tuple[str, str]] = {}
        self.palette: dict[tuple[str, str], list] = {}
        self.referenced: set[str] | None = set()  # column names the queries name (None: all)
        self._cands: dict = {}
        self._layouts: dict = {}
        self._fresh = 0
        for q in queries:
            self._read(q)
        for t in self.a.tables:  # foreign keys join their two sides
            for cols, parent, pcols in t.fks:
                for c, p in zip(cols, pcols, strict=True):
                    self._union((t.name.lower(), c.lower()), (parent.lower(), p.lower()))

    # ---- classes of columns compared with each other

    def _find(self, k):
        while self._parent.get(k, k) != k:
            k = self._parent[k]
        return k

    def _union(self, a, b):
        ra, rb = self._find(a), self._find(b)
        if ra != rb:
            self._parent[ra] = rb
            self.pool.setdefault(rb, []).extend(self.pool.pop(ra, []))

    def _add(self, key, values):
        self.pool.setdefault(self._find(key), []).extend(values)

    # ---- reading the queries

    def _read(self, sql: str) -> None:
        tree = parse_sqlite(sql)
        if tree is None:
            self.tables |= {t.name.lower() for t in self.a.tables}
            self.referenced = None
            return
        scopes = _Scopes(tree, self.a)
        if self.referenced is not None:
            if any(isinstance(st.parent, (exp.Select, exp.Column)) or isinstance(
                    st.parent, exp.Alias) for st in tree.find_all(exp.Star)):
                self.referenced = None  # SELECT * or T.*: every column is read
            else:
                self.referenced |= {c.name.lower() for c in tree.find_all(exp.Column)}
        self.tables |= {t.name.lower() for t in tree.find_all(exp.Table)
                        if t.name.lower() in self.a.by_name}
        for lit in tree.find_all(exp.Literal):
            v = _value(lit)
            if v is not None:
                self.loose += _neighbours(v)
        for node in tree.walk():
            if isinstance(node, (exp.EQ, exp.NEQ, exp.GT, exp.GTE, exp.LT, exp.LTE, exp.Is,
                                 exp.NullSafeEQ, exp.NullSafeNEQ)):
                self._compare(node.this, node.expression, scopes)
                self._compare(node.expression, node.this, scopes)
            elif isinstance(node, (exp.Like, exp.ILike, exp.Glob)):
                pat = _const(node.expression)
                if isinstance(pat, str):
                    for s in _pattern_instances(pat, glob=isinstance(node, exp.Glob)):
                        self._invert(node.this, s, scopes)
            elif isinstance(node, exp.In):
                for e in node.expressions or []:
                    self._compare(node.this, e, scopes)
                q = node.args.get("query")
                if q is not None:
                    sub = q.this if isinstance(q, exp.Subquery) else q
                    if isinstance(sub, exp.Select) and len(sub.expressions) == 1:
                        self._link(node.this, sub.expressions[0], scopes)
            elif isinstance(node, exp.Between):
                for e in (node.args.get("low"), node.args.get("high")):
                    if e is not None:
                        self._compare(node.this, e, scopes)
            if isinstance(node, (exp.Substring, exp.StrPosition, exp.Left, exp.Right)):
                for c in _columns(node.this):
                    for key in scopes.resolve(c):
                        self._add(key, _position_strings(node))

    def _compare(self, side, other, scopes) -> None:
        v = _const(other)
        if v is not None:
            self._invert(side, v, scopes)
        else:
            self._link(side, other, scopes)

    def _link(self, a, b, scopes) -> None:
        ca, cb = _bare_column(a), _bare_column(b)
        if ca is not None and cb is not None:
            for x in scopes.resolve(ca):
                for y in scopes.resolve(cb):
                    self._union(x, y)

    def _invert(self, side, v, scopes) -> None:
        for col, vals in _invert(side, v):
            for key in scopes.resolve(col):
                self._add(key, vals)

    # ---- trials

    def new_trial(self, rng: random.Random) -> None:
        self.palette = {}
        self.rng = rng

    def _candidates(self, table: str, c: Col) -> tuple[object, list, list, list]:
        """The column's class, its values from the queries, generic values, all literals
        (typed ones only in typed mode); computed once per column."""
        got = self._cands.get((table, c.name))
        if got is None:
            k = self._find((table.lower(), c.name.lower()))
            mine, base, loose = self.pool.get(k, []), _BASE[c.kind], self.loose
            if self.typed:
                mine, base, loose = ([v for v in vs if typed_value(c, v)]
                                     for vs in (mine, base, loose))
            elif c.affinity == "TEXT" and c.kind != "date":  # SQLite keeps BLOBs there
                loose = loose + [v.encode() for v in mine if isinstance(v, str)][:4] + [b"a"]
            got = self._cands[(table, c.name)] = (k, mine, base or [self.fresh(table, c, None)],
                                                  loose)
        return got

    def pick(self, table: str, c: Col, rng: random.Random, *, key: bool):
        k, mine, base, loose = self._candidates(table, c)
        if key:
            src = mine if mine and rng.random() < 0.6 else base + loose[:20]
            return rng.choice(src) if src else self.fresh(table, c, rng)
        pal = self.palette.get(k)
        if pal is None:
            n = rng.choice((1, 2, 2, 3, 4))
            pal = []
            for _ in range(n):
                r = rng.random()
                if mine and r < 0.7:
                    pal.append(rng.choice(mine))
                elif loose and r < 0.8:
                    pal.append(rng.choice(loose))
                else:
                    pal.append(rng.choice(base))
            self.palette[k] = pal
        return rng.choice(pal)

    def reads(self, c: Col) -> bool:
        return self.referenced is None or c.name.lower() in self.referenced

    def layout(self, t: Tab) -> tuple[list, list]:
        """Columns of ``t`` that no query reads and no key holds (their fixed value: NULL,
        or a plain value when NOT NULL), and the others, which get drawn values."""
        got = self._layouts.get(t.name)
        if got is None:
            fixed = [(i, None if nullable else _BASE[c.kind][0])
                     for i, c, key, nullable in t.plain if not key and not self.reads(c)]
            active = [x for x in t.plain if x[2] or self.reads(x[1])]
            got = self._layouts[t.name] = (fixed, active)
        return got

    def fresh(self, table: str, c: Col, rng: random.Random):
        self._fresh += 1
        if c.kind in ("int", "real", "num", "any"):
            return 100 + self._fresh
        if c.kind == "date":
            return f"2001-01-{1 + self._fresh % 28:02d}"
        return f"k{self._fresh}"


_STORE = sqlite3.connect(":memory:")  # SQLite itself says how a column stores a value
for _aff in ("INTEGER", "REAL", "NUMERIC", "TEXT", "BLOB"):
    _STORE.execute(f"CREATE TABLE a_{_aff.lower()} (v {_aff if _aff != 'BLOB' else ''})")


@functools.lru_cache(maxsize=65536)
def _stored(aff: str, kind: type, v) -> str:
    """``typeof`` of ``v`` once stored in a column of affinity ``aff``."""
    t = f"a_{aff.lower()}"
    _STORE.execute(f"INSERT INTO {t} VALUES (?)", (v,))
    got = _STORE.execute(f"SELECT typeof(v), v FROM {t}").fetchone()
    _STORE.execute(f"DELETE FROM {t}")
    return got[0] if got[0] != "real" or not float(got[1]).is_integer() else "integral real"


def typed_value(c: Col, v) -> bool:
    """Is ``v``, as column ``c`` stores it, of the column's declared class: a whole number
    in an INTEGER column, a number in REAL and NUMERIC columns, a valid ISO date or time in
    a DATE/TIME column, anything in TEXT (stored as text) and untyped columns?"""
    if v is None:
        return True
    if isinstance(v, bytes):
        return c.affinity == "BLOB"
    if c.kind == "date":
        return isinstance(v, str) and _valid_iso(v)
    stored = _stored(c.affinity, type(v), v)
    if c.kind == "int":
        return stored in ("integer", "integral real")
    if c.kind in ("real", "num"):
        return stored in ("integer", "real", "integral real")
    return True


def _valid_iso(v: str) -> bool:
    import datetime as dt

    m = re.fullmatch(r"(\d{4}-\d\d-\d\d)(?:[ T](\d\d:\d\d(?::\d\d(?:\.\d{1,3})?)?))?|"
                     r"(\d\d:\d\d(?::\d\d(?:\.\d{1,3})?)?)", v)
    if m is None:
        return False
    try:
        if m.group(1):
            dt.date.fromisoformat(m.group(1))
        for t in (m.group(2), m.group(3)):
            if t:
                dt.time.fromisoformat(t)
    except ValueError:
        return False
    return True


class _Scopes:
    """Which table a column reference reads: its qualifier's table, or the only table in
    its SELECT (or any enclosing one) that has such a column."""

    def __init__(self, tree: exp.Expr, a: Attack):
        self.a = a

    def resolve(self, col: exp.Column) -> list[tuple[str, str]]:
        name = col.name.lower()
        sel = col.find_ancestor(exp.Select)
        while sel is not None:
            srcs = {}
            for t in sel.find_all(exp.Table):
                if t.find_ancestor(exp.Select) is sel:
                    srcs[(t.alias or t.name).lower()] = t.name.lower()
            if col.table:
                t = srcs.get(col.table.lower())
                if t is not None and t in self.a.by_name and self.a.by_name[t].col(name):
                    return [(t, name)]
            else:
                hits = [(t, name) for t in set(srcs.values())
                        if t in self.a.by_name and self.a.by_name[t].col(name)]
                if hits:
                    return hits
            sel = sel.find_ancestor(exp.Select)
        return []


def _columns(node) -> list[exp.Column]:
    return list(node.find_all(exp.Column)) if isinstance(node, exp.Expr) else []


def _bare_column(node) -> exp.Column | None:
    while isinstance(node, (exp.Paren, exp.Cast, exp.Lower, exp.Upper, exp.Trim)):
        node = node.this
    return node if isinstance(node, exp.Column) else None


def _value(lit: exp.Literal):
    if lit.is_string:
        return lit.this
    try:
        return int(lit.this)
    except ValueError:
        try:
            return float(lit.this)
        except ValueError:
            return None


def _const(node):
    """The value of a constant expression (literal, negated literal, parenthesised,
    CAST of a literal), else None."""
    if isinstance(node, exp.Paren):
        return _const(node.this)
    if isinstance(node, exp.Literal):
        return _value(node)
    if isinstance(node, exp.Neg):
        v = _const(node.this)
        return -v if isinstance(v, int | float) else None
    if isinstance(node, exp.Cast):
        return _const(node.this)
    return None


_DATE = re.compile(r"(\d{4})-(\d\d)-(\d\d)")


def _neighbours(v) -> list:
    """A literal and the values that tell near-miss queries apart."""
    if isinstance(v, bool) or v is None:
        return [v]
    if isinstance(v, int | float):
        out = [v, v - 1, v + 1, v + 0.5, v - 0.5, str(v), float(v), 0]
        if isinstance(v, float) and v == int(v):
            out.append(int(v))
        if isinstance(v, int) and 1800 <= v <= 2100:
            out += [f"{v}-01-01", f"{v}-12-31", f"{v}"]
        return out
    s = str(v)
    out = [s, "", s + " ", " " + s, s.upper(), s.lower(), s.swapcase(), s + "x", "x" + s,
           s[1:], s[:-1]]
    if re.fullmatch(r"\s*[+-]?\d+(\.\d+)?\s*", s):
        n = float(s)
        out += [int(n) if n == int(n) else n, n + 1, n - 1, s + ".0", "0" + s.strip()]
    m = _DATE.match(s)
    if m:
        out += _dates_around(s)
    elif re.fullmatch(r"(1[89]|20)\d\d", s):
        y = int(s)
        out += [f"{y}-01-01", f"{y}-12-31 23:59:59", f"{y - 1}-12-31", f"{y + 1}-01-01", y,
                f"{y}-06-15", f"{y} ", f"{y}-1-1"]
    elif re.fullmatch(r"(1[89]|20)\d\d-\d\d", s):
        out += [f"{s}-01", f"{s}-28 12:00:00", f"{s}-31", f"{s}-1"]
    return out


def _dates_around(s: str) -> list:
    import datetime as dt

    m = _DATE.match(s)
    try:
        d = dt.date(int(m.group(1)), int(m.group(2)), int(m.group(3)))
    except ValueError:
        return [s]
    rest = s[m.end():]
    days = [x.isoformat() for k in (-1, 1)  # not past year 1 or 9999
            if dt.date.min <= (x := dt.date.fromordinal(min(max(d.toordinal() + k, 1), dt.date.max.toordinal())))
            and x != d]
    out = [s, d.isoformat(), *days, f"{d.isoformat()} 00:00:00",
           f"{d.isoformat()} 12:30:00", f"{d.isoformat()}T00:00:00", d.isoformat()[:7],
           str(d.year), d.year, f"{d.year}-{d.month}-{d.day}", d.isoformat() + " "]
    if rest:
        out.append(s[:m.end()])
    return out


def _pattern_instances(pat: str, *, glob: bool) -> list[str]:
    """Strings that match a LIKE (or GLOB) pattern and strings that almost do."""
    many, one = ("*", "?") if glob else ("%", "_")
    out = []
    for fill_many, fill_one in (("", "a"), ("x", "b"), ("xy", "Z"), ("1", "1")):
        out.append(pat.replace(many, fill_many).replace(one, fill_one))
    core = pat.replace(many, "").replace(one, "")
    out += [core, core.swapcase(), core.upper(), core.lower(), core[:-1], core[1:],
            "x" + core, core + "x", " " + core, core + " ", pat]
    return out


def _position_strings(node) -> list[str]:
    """Strings that SUBSTR/INSTR/LEFT/RIGHT read at varied positions: distinct characters
    everywhere, of every length up to past the position read."""
    n = 10
    for a in ("start", "length", "expression"):
        v = _const(node.args.get(a)) if isinstance(node.args.get(a), exp.Expr) else None
        if isinstance(v, int):
            n = max(n, abs(v) + 3)
    base = "abcdefghijklmnopqrstuvwxyz0123456789"[:n]
    return [base[:k] for k in range(0, n + 1, 2)] + ["2020-09-15", "2020-09-15 10:30:00"]


def _invert(side, v) -> list[tuple[exp.Column, list]]:
    """Values of the columns in ``side`` that make ``side`` equal ``v`` or come close: a
    list of ``(column, values)``."""
    out: list[tuple[exp.Column, list]] = []

    def go(node, targets: list):
        if isinstance(node, exp.Paren):
            return go(node.this, targets)
        if isinstance(node, exp.Column):
            vals = []
            for t in targets:
                vals += _neighbours(t)
            out.append((node, vals))
            return
        if isinstance(node, exp.Substring):
            i = _const(node.args.get("start")) if node.args.get("start") else 1
            n = _const(node.args.get("length")) if node.args.get("length") else None
            if not isinstance(i, int):
                return go(node.this, targets)
            strs = []
            for t in targets:
                t = str(t)
                for shift in (0, -1, 1):
                    strs += _placed(t, i + shift, n)
            return go(node.this, strs)
        if isinstance(node, exp.StrPosition):
            sub = _const(node.args.get("substr"))
            if isinstance(sub, str):
                strs = [sub, "", "x" + sub, "xy" + sub + sub, sub.upper(), sub[:-1], "zzz"]
                for t in targets:
                    if isinstance(t, int | float) and 0 <= t < 40:
                        k = int(t)
                        strs += ["y" * max(k - 1, 0) + sub, "y" * k + sub, "y" * (k + 1) + sub]
                return go(node.this, strs)
            return None
        if isinstance(node, (exp.TimeToStr, exp.Date, exp.TsOrDsToDate, exp.TsOrDsToTimestamp,
                             exp.StrToTime, exp.Anonymous)) and node.this is not None:
            fmt = _const(node.args.get("format")) if node.args.get("format") else None
            return go(node.this if not isinstance(node, exp.Anonymous) else
                      (node.expressions[0] if node.expressions else None),
                      [d for t in targets for d in _dates_for(fmt, t)])
        if isinstance(node, (exp.Lower, exp.Upper, exp.Trim, exp.Initcap)):
            strs = []
            for t in targets:
                t = str(t)
                strs += [t, t.upper(), t.lower(), t.capitalize(), " " + t, t + " "]
            return go(node.this, strs)
        if isinstance(node, exp.Cast):
            vals = []
            for t in targets:
                vals += [t, str(t), f" {t}", f"{t}x"]
                if isinstance(t, str) and re.fullmatch(r"\s*-?\d+(\.\d+)?\s*", t):
                    vals.append(float(t))
                if isinstance(t, int | float):
                    vals += [t + 0.5, t - 0.5, f"{t}.9", f"{t}e0"]
            return go(node.this, vals)
        if isinstance(node, exp.Length):
            strs = []
            for t in targets:
                if isinstance(t, int | float) and 0 <= t < 40:
                    k = int(t)
                    strs += ["a" * k, "a" * (k + 1), "a" * max(k - 1, 0), " " * k]
            return go(node.this, strs)
        if isinstance(node, (exp.Add, exp.Sub, exp.Mul, exp.Div, exp.Mod)):
            a, b = node.this, node.expression
            ca, cb = _const(a), _const(b)
            nums = [t for t in targets if isinstance(t, int | float)]
            if cb is not None and isinstance(cb, int | float) and nums:
                vals = []
                for t in nums:
                    vals += _arith_inverse(node, t, cb, right=True)
                return go(a, vals)
            if ca is not None and isinstance(ca, int | float) and nums:
                vals = []
                for t in nums:
                    vals += _arith_inverse(node, t, ca, right=False)
                return go(b, vals)
            go(a, targets)
            go(b, targets)
            return None
        if isinstance(node, exp.Expr):  # anything else: the targets, for every argument
            for child in node.iter_expressions():
                go(child, targets)
        return None

    go(side, [v])
    return out


def _arith_inverse(node, t, c, *, right: bool) -> list:
    if isinstance(node, exp.Add):
        return [t - c]
    if isinstance(node, exp.Sub):
        return [t + c] if right else [c - t]
    if isinstance(node, exp.Mul) and c:
        return [t / c, t // c if isinstance(c, int) else t / c]
    if isinstance(node, exp.Div):
        return [t * c, t * c + 1] if right else ([c / t] if t else [])
    if isinstance(node, exp.Mod):
        return [t, t + c, c + 0.5] if right else []
    return []


def _placed(t: str, i: int, n) -> list[str]:
    """Strings holding ``t`` at SUBSTR position ``i`` (1-based; negative counts from the
    end), shorter and longer ones, padded as dates and as plain text."""
    out = []
    if i >= 1:
        for pad in ("2020-01-01 10:00:00", "abcdefghijklmnopqrstuvwxyz"):
            head = (pad * 3)[:i - 1]
            tail = (pad * 3)[i - 1 + len(t):i + len(t) + 3]
            out += [head + t, head + t + tail, head + t[:-1], head[:-1] + t]
        out.append(t)
    elif i < 0:
        out += [t, "xx" + t, "xx" + t + "y", t[1:]]
    else:  # SUBSTR(s, 0, n) reads n - 1 characters
        out += [t, t[1:], "x" + t]
    return out


def _dates_for(fmt, t) -> list:
    """Values whose STRFTIME(fmt, .) or DATE(.) is ``t`` or near it."""
    s = str(t)
    out = [s]
    if fmt in ("%Y",) and re.fullmatch(r"\d{4}", s):
        y = int(s)
        out += [f"{y}-01-01", f"{y}-12-31 23:59:59", f"{y}-06-15", f"{y - 1}-12-31",
                f"{y + 1}-01-01", f"{y}", f"{y}-1-1", f"{y}-06-15 ", f"{y}/06/15"]
    elif fmt == "%m" and re.fullmatch(r"\d\d", s):
        m = int(s)
        out += [f"2020-{s}-15", f"2020-{s}-01 00:00:00", f"2021-{s}-28",
                f"2020-{min(m + 1, 12):02d}-01", f"2020-{max(m - 1, 1):02d}-28", f"2020-{m}-5"]
    elif fmt in ("%Y-%m",) and re.fullmatch(r"\d{4}-\d\d", s):
        out += [f"{s}-01", f"{s}-28 10:00:00", f"{s}-1", f"{s}"]
    elif fmt == "%d" and re.fullmatch(r"\d\d", s):
        out += [f"2020-01-{s}", f"2020-02-{s} 10:00:00"]
    elif _DATE.match(s):
        out += _dates_around(s)
    elif re.fullmatch(r"\d{4}", s):
        out += _neighbours(s)
    else:
        out += ["2020-01-01", "2020-01-01 10:00:00"]
    if isinstance(t, int | float):
        out.append(t)
    return out


# --------------------------------------------------------------------------- traits

_ISO = re.compile(r"\d{4}-\d\d-\d\d( \d\d:\d\d(:\d\d(\.\d+)?)?)?|\d\d:\d\d(:\d\d)?")


def traits(a: Attack, o: Outcome, semantics: str) -> list[str]:
    """What kind of data a separating database holds (for classifying wrong verdicts)."""
    out = set()
    for t in a.tables:
        rows = (o.db or {}).get(t.name, [])
        if t.name.lower() in o.read and not rows:
            out.add("empty read table")
        for r in rows:
            for c, v in zip(t.cols, r, strict=False):
                if not (o.columns is None or c.name.lower() in o.columns):
                    continue
                if v is None:
                    out.add("NULL")
                elif c.kind == "date" and not (isinstance(v, str) and _ISO.fullmatch(v)):
                    out.add("non-ISO date/time")
                elif c.affinity in ("INTEGER", "REAL", "NUMERIC") and isinstance(v, str):
                    out.add("text in numeric column")
                elif c.affinity == "INTEGER" and isinstance(v, float):
                    out.add("real in integer column")
    if isinstance(o.pred_rows, list) and results_equal(_rounded(o.gold_rows),
                                                       _rounded(o.pred_rows), semantics):
        out.add("float rounding only")
    return sorted(out)


def _rounded(rows) -> list[tuple]:
    return [tuple(float(f"{v:.9g}") if isinstance(v, float) else v for v in row)
            for row in rows or []]


# --------------------------------------------------------------------------- repro text


def literal(v) -> str:
    if v is None:
        return "NULL"
    if isinstance(v, bool):
        return str(int(v))
    if isinstance(v, int | float):
        return repr(v)
    if isinstance(v, bytes):
        return "X'" + v.hex() + "'"
    return "'" + str(v).replace("'", "''") + "'"


def script(a: Attack, db: dict[str, list[tuple]]) -> str:
    """A script that loads with ``PRAGMA foreign_keys=ON`` in the ``sqlite3`` shell."""
    lines = ["PRAGMA foreign_keys = ON;"] + [s.rstrip().rstrip(";") + ";" for s in a.ddl]
    lines += [s + ";" for s in a.extra_ddl]
    for t in a.closure(set(db)):
        for r in db.get(t.name, []):
            lines.append(f"INSERT INTO {_q(t.name)} VALUES ({', '.join(literal(v) for v in r)});")
    return "\n".join(lines) + "\n"


def parses(sql: str) -> bool:
    try:
        return sqlglot.parse_one(sql, read="sqlite") is not None
    except (SqlglotError, ValueError, RecursionError):
        return False
