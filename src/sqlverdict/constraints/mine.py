"""Mine domain constraints from an example database with SQL aggregation.

Five kinds (see ``model.py`` for their meaning), next to the schema's own keys:

- **range**: numeric columns (every non-NULL value stored as an integer or real) with at
  least two distinct values. ``strict`` = observed [min, max]; ``loose`` = Tukey fences
  [Q1 - 3 IQR, Q3 + 3 IQR] widened to contain the observed range (a "loose" bound never
  excludes observed data) and with the lower bound clamped to 0 when the observed minimum
  is >= 0; integer columns get integer bounds. ``semantic`` is left for the validator.
- **in**: non-primary-key columns with 1..``max_categories`` (30) distinct non-NULL values.
- **not_null**: columns without NULLs in a non-empty table, except primary-key columns
  and columns already declared NOT NULL (the schema says it already).
- **fd** ``a -> b``: columns outside the primary key and UNIQUE constraints.
- **order** ``a <= b`` / ``a >= b``: numeric columns outside primary, foreign and unique keys.

Cost: per table, one aggregate query for all column statistics, two ORDER BY/OFFSET
lookups per numeric column for the quartiles, one GROUP BY query per FD left-hand side
that checks all right-hand sides at once (a group violates ``a -> b`` when ``MIN(b) <>
MAX(b)`` or it mixes NULL and non-NULL ``b``), and one query per 100 order pairs. So
mining costs O(columns) scans per table, not O(columns^2), and never loops over rows in
Python. On tables larger than ``fd_sample_rows`` (5,000) the pairwise checks run twice:
first on a prefix sample, which refutes most candidates cheaply, then on the whole table
for the survivors only (the result is the same as a single full check). Tables larger
than ``sample_rows`` are mined on their first ``sample_rows`` rows
(``evidence.sampled = true``).

Pruning of the pairwise kinds (each rule removes pairs whose constraint would say nothing
beyond other constraints or the data's own keys):

- fd ``a -> b`` is skipped when ``a`` is unique in the data (then it holds trivially), when
  ``b`` is constant (the ``in`` constraint says more), when ``distinct(a) < distinct(b)``
  (it cannot hold), and when fewer than ``min_support`` rows share an ``a`` value with
  another row (no evidence); free-text ``a`` (text whose values are >90% distinct)
  is not tried as a left-hand side.
- order ``a <op> b`` is skipped when the observed ranges already imply it
  (``max(a) <= min(b)``: "age <= population" is true but says nothing), and when fewer than
  ``min_support`` rows have both values.
- Wide tables: at most ``max_pair_columns`` columns per table take part in pairs
  (the lowest-cardinality ones for fd, the first ones for order).

>>> import sqlite3, tempfile, os
>>> p = os.path.join(tempfile.mkdtemp(), "m.sqlite")
>>> c = sqlite3.connect(p)
>>> _ = c.execute("CREATE TABLE emp(id INTEGER PRIMARY KEY, dept TEXT, city TEXT, lo INT, hi INT)")
>>> _ = c.executemany("INSERT INTO emp VALUES (?,?,?,?,?)",
...     [(i, "d%d" % (i % 3), "c%d" % (i % 3), i, i + 5) for i in range(1, 13)])
>>> c.commit(); c.close()
>>> cs = mine(p)
>>> sorted(x.id for x in cs.constraints if x.kind in ("fd", "order"))
['fd:emp.city,dept', 'fd:emp.dept,city', 'order:emp.lo,hi<=']
>>> cs.get("range:emp.lo").params["strict"], cs.get("range:emp.lo").params["loose"]
([1, 12], [0, 26])
"""

from __future__ import annotations

import math
import sqlite3
import time
from dataclasses import asdict, dataclass
from pathlib import Path
from typing import Any

from ..engine.execute import open_readonly, run_query
from ..errors import ExecutionError, InputError
from ..schema import from_sqlite
from ..types import Table
from .descriptions import descriptions_for_tables, load_descriptions
from .model import Constraint, ConstraintSet


@dataclass(frozen=True)
class MineOptions:
    max_categories: int = 30
    tukey_k: float = 3.0
    min_support: int = 3
    sample_rows: int = 200_000
    fd_sample_rows: int = 5_000  # pairwise kinds: refute on this prefix before a full check
    max_pair_columns: int = 40
    free_text_ratio: float = 0.9
    timeout_s: float = 120.0  # per query
    kinds: tuple[str, ...] = ("range", "in", "not_null", "fd", "order")


@dataclass
class ColumnStats:
    name: str
    nonnull: int
    distinct: int
    numeric: bool  # every non-NULL value is an integer or a real
    integer: bool  # every non-NULL value is an integer
    lo: Any
    hi: Any
    text_avg_len: float


def _q(name: str) -> str:
    return '"' + name.replace('"', '""') + '"'


def mine(db_path: str | Path, *, options: MineOptions | None = None,
         name: str | None = None, descriptions: str | Path | None = None) -> ConstraintSet:
    """Mine constraints from the SQLite database at ``db_path`` (opened read-only).
    ``descriptions``: a folder of BIRD-style column description CSVs, kept in the file as
    context for validation."""
    opts = options or MineOptions()
    p = Path(db_path)
    if not p.is_file():
        raise InputError(f"database {str(p)!r} does not exist (give a .sqlite file)")
    schema = from_sqlite(p, name)
    t0 = time.perf_counter()
    conn = open_readonly(p)
    out: list[Constraint] = []
    pruning = {"fd_pairs": 0, "fd_pairs_checked": 0, "fd_queries": 0, "order_pairs": 0,
               "order_pairs_checked": 0}
    try:
        for table in schema.tables:
            out.extend(_mine_table(conn, table, opts, pruning))
    finally:
        conn.close()
    elapsed = time.perf_counter() - t0
    miner = {"options": asdict(opts), "elapsed_s": round(elapsed, 3), "tables": len(schema.tables),
             "pruning": pruning}
    miner["options"]["kinds"] = list(opts.kinds)
    desc = {}
    if descriptions is not None:
        desc = descriptions_for_tables(load_descriptions(descriptions),
                                       [(t.name, list(t.column_names)) for t in schema.tables])
    return ConstraintSet(schema.name, out, str(p.resolve()), miner, {}, desc)


def _run(conn: sqlite3.Connection, sql: str, opts: MineOptions) -> list[tuple]:
    return run_query(conn, sql, timeout_s=opts.timeout_s).rows


def _mine_table(conn: sqlite3.Connection, table: Table, opts: MineOptions,
                pruning: dict[str, int]) -> list[Constraint]:
    tq = _q(table.name)
    try:
        n_total = _run(conn, f"SELECT COUNT(*) FROM {tq}", opts)[0][0]
    except ExecutionError:
        return []
    if n_total == 0:
        return []
    sampled = n_total > opts.sample_rows
    src = f"(SELECT * FROM {tq} LIMIT {opts.sample_rows})" if sampled else tq
    n = min(n_total, opts.sample_rows)
    stats = _column_stats(conn, table, src, opts)
    pk = {c.lower() for c in table.primary_key}
    unique_cols = {u[0].lower() for u in table.uniques if len(u) == 1}
    fk_cols = {c.lower() for fk in table.foreign_keys for c in fk.columns}
    base_ev = {"rows": n, "sampled": sampled}
    out: list[Constraint] = []

    for col in table.columns:
        s = stats[col.name]
        key = col.name.lower() in pk
        if "range" in opts.kinds and s.numeric and s.distinct >= 2:
            strict = [s.lo, s.hi]
            loose = _tukey(conn, src, col.name, s, opts)
            out.append(Constraint("range", table.name, [col.name],
                                  {"strict": strict, "loose": loose, "semantic": None,
                                   "bound": "strict"},
                                  {**base_ev, "support": s.nonnull, "violations": 0,
                                   "distinct": s.distinct}))
        if ("in" in opts.kinds and not key and 1 <= s.distinct <= opts.max_categories):
            vals = [r[0] for r in _run(
                conn, f"SELECT DISTINCT {_q(col.name)} FROM {src} WHERE {_q(col.name)} IS NOT NULL "
                f"ORDER BY 1", opts)]
            if all(isinstance(v, (int, float, str)) for v in vals):
                out.append(Constraint("in", table.name, [col.name], {"values": vals},
                                      {**base_ev, "support": s.nonnull, "violations": 0,
                                       "distinct": s.distinct}))
        if ("not_null" in opts.kinds and not key and not col.not_null and s.nonnull == n):
            out.append(Constraint("not_null", table.name, [col.name], {},
                                  {**base_ev, "support": n, "violations": 0}))

    if "fd" in opts.kinds:
        nonkey = [c for c in table.columns if c.name.lower() not in pk | unique_cols]
        pruning["fd_pairs"] += len(nonkey) * (len(nonkey) - 1)
        out.extend(_mine_fds(conn, table, src, n, stats, pk | unique_cols, base_ev, opts, pruning))
    if "order" in opts.kinds:
        keys = pk | unique_cols | fk_cols
        num = [c for c in table.columns if c.name.lower() not in keys and stats[c.name].numeric]
        pruning["order_pairs"] += len(num) * (len(num) - 1) // 2
        out.extend(_mine_orders(conn, table, src, stats, keys, base_ev, opts, pruning))
    return out


def _column_stats(conn, table: Table, src: str, opts: MineOptions) -> dict[str, ColumnStats]:
    exprs = []
    for c in table.columns:
        cq = _q(c.name)
        exprs += [
            f"COUNT({cq})",
            f"COUNT(DISTINCT {cq})",
            f"SUM(typeof({cq}) IN ('integer', 'real'))",
            f"SUM(typeof({cq}) = 'integer')",
            f"MIN(CASE WHEN typeof({cq}) IN ('integer', 'real') THEN {cq} END)",
            f"MAX(CASE WHEN typeof({cq}) IN ('integer', 'real') THEN {cq} END)",
            f"AVG(CASE WHEN typeof({cq}) = 'text' THEN length({cq}) END)",
        ]
    out: dict[str, ColumnStats] = {}
    per = 7
    chunk = 280 // per * per  # stay far below SQLite's column limit
    values: list[Any] = []
    for i in range(0, len(exprs), chunk):
        values += list(_run(conn, f"SELECT {', '.join(exprs[i:i + chunk])} FROM {src}", opts)[0])
    for j, c in enumerate(table.columns):
        nonnull, distinct, nnum, nint, lo, hi, avglen = values[j * per:(j + 1) * per]
        numeric = nonnull > 0 and (nnum or 0) == nonnull
        out[c.name] = ColumnStats(c.name, nonnull, distinct, numeric,
                                  numeric and (nint or 0) == nonnull, lo, hi, avglen or 0.0)
    return out


def _quartiles(conn, src: str, col: str, count: int, opts: MineOptions) -> tuple[float, float]:
    """Q1 and Q3 by linear interpolation between order statistics (numpy's default), from
    one sort of the column (ROW_NUMBER over the sorted non-NULL values)."""
    want = {}
    for q in (0.25, 0.75):
        pos = q * (count - 1)
        want[q] = (pos, math.floor(pos), math.ceil(pos))
    ranks = sorted({r + 1 for _, lo, hi in want.values() for r in (lo, hi)})
    cq = _q(col)
    rows = _run(conn, f"SELECT rn, v FROM (SELECT {cq} AS v, ROW_NUMBER() OVER (ORDER BY {cq}) "
                f"AS rn FROM {src} WHERE {cq} IS NOT NULL) WHERE rn IN "
                f"({', '.join(str(r) for r in ranks)})", opts)
    at = {rn: v for rn, v in rows}
    out = []
    for q in (0.25, 0.75):
        pos, lo, hi = want[q]
        a, b = at[lo + 1], at[hi + 1]
        out.append(a + (b - a) * (pos - lo))
    return out[0], out[1]


def _tukey(conn, src: str, col: str, s: ColumnStats, opts: MineOptions) -> list:
    q1, q3 = _quartiles(conn, src, col, s.nonnull, opts)
    iqr = q3 - q1
    lo = min(s.lo, q1 - opts.tukey_k * iqr)
    hi = max(s.hi, q3 + opts.tukey_k * iqr)
    if s.lo >= 0:
        lo = max(lo, 0)
    if s.integer:
        lo, hi = math.floor(lo), math.ceil(hi)
    else:  # round outward to 6 decimals so the file stays readable
        lo, hi = math.floor(lo * 1e6) / 1e6, math.ceil(hi * 1e6) / 1e6
    return [lo, hi]


def _fd_violations(conn, src: str, a: str, rhs: list[str], opts: MineOptions) -> list[int]:
    """[support, violating groups per rhs...] of ``a -> b`` for every ``b`` in one GROUP BY.
    A group violates when it holds two different non-NULL values of ``b`` (MIN <> MAX, far
    cheaper than COUNT(DISTINCT)) or mixes NULL and non-NULL."""
    aq = _q(a)
    inner = ["COUNT(*) AS n"]
    outer = ["SUM(CASE WHEN n >= 2 THEN n ELSE 0 END)"]
    for i, b in enumerate(rhs):
        bq = _q(b)
        inner.append(f"MIN({bq}) <> MAX({bq}) AS d{i}, COUNT({bq}) AS c{i}")
        outer.append(f"SUM(d{i} OR (c{i} > 0 AND c{i} < n))")
    sql = (f"SELECT {', '.join(outer)} FROM (SELECT {', '.join(inner)} FROM {src} "
           f"WHERE {aq} IS NOT NULL GROUP BY {aq})")
    return [x or 0 for x in _run(conn, sql, opts)[0]]


def _mine_fds(conn, table: Table, src: str, n: int, stats: dict[str, ColumnStats],
              keys: set[str], base_ev: dict, opts: MineOptions,
              pruning: dict[str, int]) -> list[Constraint]:
    cols = [c.name for c in table.columns if c.name.lower() not in keys and stats[c.name].nonnull]
    # lowest cardinality first: these are the likely left-hand sides with evidence
    cols.sort(key=lambda c: stats[c].distinct)
    cols = cols[:opts.max_pair_columns]
    # two stages on big tables: refute on a prefix sample, confirm survivors on everything
    sample = f"(SELECT * FROM {src} LIMIT {opts.fd_sample_rows})" if n > opts.fd_sample_rows else None
    out = []
    for a in cols:
        sa = stats[a]
        if sa.distinct >= sa.nonnull:  # unique in the data: a -> anything is trivial
            continue
        if sa.text_avg_len and sa.distinct > opts.free_text_ratio * sa.nonnull:
            continue
        rhs = [b for b in cols if b != a and stats[b].distinct >= 2
               and sa.distinct + 1 >= stats[b].distinct]  # +1: NULL counts as a value of b
        if not rhs:
            continue
        pruning["fd_pairs_checked"] += len(rhs)
        if sample is not None:
            pruning["fd_queries"] += 1
            row = _fd_violations(conn, sample, a, rhs, opts)
            rhs = [b for i, b in enumerate(rhs) if row[i + 1] == 0]
            if not rhs:
                continue
        pruning["fd_queries"] += 1
        row = _fd_violations(conn, src, a, rhs, opts)
        support = row[0]
        if support < opts.min_support:
            continue
        for i, b in enumerate(rhs):
            if row[i + 1] == 0:
                out.append(Constraint("fd", table.name, [a, b], {},
                                      {**base_ev, "support": support, "violations": 0,
                                       "lhs_distinct": sa.distinct,
                                       "rhs_distinct": stats[b].distinct,
                                       "lhs_avg_len": round(sa.text_avg_len, 1),
                                       "rhs_avg_len": round(stats[b].text_avg_len, 1)}))
    return out


def _mine_orders(conn, table: Table, src: str, stats: dict[str, ColumnStats], keys: set[str],
                 base_ev: dict, opts: MineOptions, pruning: dict[str, int]) -> list[Constraint]:
    cols = [c.name for c in table.columns
            if c.name.lower() not in keys and stats[c.name].numeric and stats[c.name].distinct >= 2]
    cols = cols[:opts.max_pair_columns]
    pairs = []
    for i, a in enumerate(cols):
        for b in cols[i + 1:]:
            sa, sb = stats[a], stats[b]
            if sa.hi <= sb.lo or sb.hi <= sa.lo:  # implied by the ranges
                continue
            pairs.append((a, b))
    pruning["order_pairs_checked"] += len(pairs)
    if pairs and base_ev["rows"] > opts.fd_sample_rows:  # refute on a prefix sample first
        sample = f"(SELECT * FROM {src} LIMIT {opts.fd_sample_rows})"
        counts = _order_counts(conn, sample, pairs, opts)
        pairs = [p for p, (_, gt, lt) in zip(pairs, counts, strict=True) if gt == 0 or lt == 0]
    out = []
    for (a, b), (support, gt, lt) in zip(pairs, _order_counts(conn, src, pairs, opts), strict=True):
        if support < opts.min_support:
            continue
        for op, bad in (("<=", gt), (">=", lt)):
            if bad == 0:
                out.append(Constraint("order", table.name, [a, b], {"op": op},
                                      {**base_ev, "support": support, "violations": 0}))
    return out


def _order_counts(conn, src: str, pairs: list[tuple[str, str]], opts: MineOptions
                  ) -> list[tuple[int, int, int]]:
    """(rows with both values, rows with a > b, rows with a < b) per pair, 100 pairs a query."""
    out = []
    for k in range(0, len(pairs), 100):
        chunk = pairs[k:k + 100]
        exprs = []
        for a, b in chunk:
            aq, bq = _q(a), _q(b)
            both = f"{aq} IS NOT NULL AND {bq} IS NOT NULL"
            exprs += [f"SUM({both})", f"SUM({both} AND {aq} > {bq})",
                      f"SUM({both} AND {aq} < {bq})"]
        row = [x or 0 for x in _run(conn, f"SELECT {', '.join(exprs)} FROM {src}", opts)[0]]
        out += [tuple(row[3 * j:3 * j + 3]) for j in range(len(chunk))]
    return out


def find_databases(folder: str | Path) -> list[Path]:
    """The SQLite databases of a benchmark folder (Spider's ``database/<db>/<db>.sqlite``,
    BIRD's ``dev_databases/...``, or loose ``*.sqlite`` files), sorted, by content: a file
    counts when it starts with SQLite's header.

    >>> find_databases("/nonexistent")
    []
    """
    out = []
    for p in sorted(Path(folder).rglob("*")):
        if p.suffix.lower() in (".sqlite", ".db", ".sqlite3") and p.is_file():
            with open(p, "rb") as f:
                if f.read(16).startswith(b"SQLite format 3"):
                    out.append(p)
    return out


def mine_folder(folder: str | Path, out_dir: str | Path, *, options: MineOptions | None = None,
                descriptions: str | Path | None = None) -> list[tuple[Path, ConstraintSet]]:
    """Mine every database of a benchmark folder into ``out_dir/<db_id>.json`` (the layout
    ``--constraints DIR`` reads). ``descriptions``: a folder with one subfolder of column
    descriptions per database (BIRD's ``database_descriptions``)."""
    dbs = find_databases(folder)
    if not dbs:
        raise InputError(f"no SQLite database under {str(folder)!r} (give a benchmark folder "
                         "or a .sqlite file)")
    out = Path(out_dir)
    out.mkdir(parents=True, exist_ok=True)
    written = []
    for db in dbs:
        desc = Path(descriptions) / db.stem if descriptions else None
        cs = mine(db, options=options,
                  descriptions=desc if desc is not None and desc.is_dir() else None)
        path = out / f"{db.stem}.json"
        cs.save(path)
        written.append((path, cs))
    return written

