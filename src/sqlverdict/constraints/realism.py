"""Realism of a witness: how much of a concrete database satisfies the mined constraints.

Computed on concrete tables (the witness JSON shape ``{table: {"columns": [...],
"rows": [[...], ...]}}``), with SQL CHECK semantics for NULL (a comparison with NULL is
satisfied; only ``not_null`` rejects NULL). Reported:

- ``rows``: rows of constrained tables, ``rows_ok``: those that satisfy every row-level
  constraint of their table (range, in, not_null, order) and take part in no fd violation;
- ``values``: cells of columns that carry a column constraint (range, in, not_null),
  ``values_ok``: those that satisfy all of them;
- ``row_share`` / ``value_share`` (1.0 when there is nothing to check) and the ids of the
  violated constraints.

>>> from sqlverdict.constraints.model import Constraint, ConstraintSet
>>> cs = ConstraintSet("db", [
...     Constraint("range", "t", ["age"], {"strict": [0, 120], "bound": "strict"}),
...     Constraint("fd", "t", ["city", "country"])])
>>> w = {"t": {"columns": ["age", "city", "country"],
...            "rows": [[30, "Lyon", "FR"], [-4, "Lyon", "DE"], [None, "Oslo", "NO"]]}}
>>> r = realism(w, cs)
>>> r["rows_ok"], r["rows"], r["values_ok"], r["values"], r["violated"]
(1, 3, 2, 3, ['fd:t.city,country', 'range:t.age'])
>>> satisfies(w, cs)
False
"""

from __future__ import annotations

from typing import Any

from .model import Constraint, ConstraintSet


def _num(v: Any) -> bool:
    return isinstance(v, (int, float)) and not isinstance(v, bool)


def _row_ok(c: Constraint, get) -> bool:
    """Does one row (``get(column) -> value``) satisfy a row-level constraint?"""
    if c.kind == "not_null":
        return get(c.columns[0]) is not None
    if c.kind == "range":
        v = get(c.columns[0])
        r = c.active_range()
        if v is None or r is None:
            return True
        return _num(v) and r[0] <= v <= r[1]  # text sorts above every number in SQLite
    if c.kind == "in":
        v = get(c.columns[0])
        if v is None:
            return True
        return any(v == x and (_num(v) == _num(x)) for x in c.params.get("values", []))
    if c.kind == "order":
        a, b = get(c.columns[0]), get(c.columns[1])
        if a is None or b is None:
            return True
        if not (_num(a) and _num(b)):
            return True  # not a numeric pair: outside what the constraint speaks about
        return a <= b if c.params.get("op", "<=") == "<=" else a >= b
    return True


def _fd_bad_rows(c: Constraint, rows: list[list], idx: dict[str, int]) -> set[int]:
    ia, ib = idx.get(c.columns[0].lower()), idx.get(c.columns[1].lower())
    if ia is None or ib is None:
        return set()
    groups: dict[Any, list[int]] = {}
    for i, r in enumerate(rows):
        if r[ia] is not None:
            groups.setdefault(r[ia], []).append(i)
    bad: set[int] = set()
    for members in groups.values():
        if len({(rows[i][ib] is None, rows[i][ib]) for i in members}) > 1:
            bad.update(members)
    return bad


def realism(tables: dict[str, dict], cs: ConstraintSet, *, only_enabled: bool = True
            ) -> dict[str, Any]:
    """Counts and shares of witness rows and values that satisfy the constraints."""
    rows_total = rows_ok = values_total = values_ok = 0
    violated: set[str] = set()
    for tname, t in tables.items():
        cons = cs.by_table(tname, only_enabled=only_enabled)
        if not cons:
            continue
        idx = {c.lower(): i for i, c in enumerate(t.get("columns", []))}
        cons = [c for c in cons if all(col.lower() in idx for col in c.columns)]
        rows = t.get("rows", [])
        fd_bad: set[int] = set()
        for c in cons:
            if c.kind == "fd":
                bad = _fd_bad_rows(c, rows, idx)
                if bad:
                    violated.add(c.id)
                fd_bad |= bad
        col_cons: dict[str, list[Constraint]] = {}
        for c in cons:
            if c.kind in ("range", "in", "not_null"):
                col_cons.setdefault(c.columns[0].lower(), []).append(c)
        for i, r in enumerate(rows):
            def get(col: str, r=r, idx=idx) -> Any:
                return r[idx[col.lower()]]
            ok = i not in fd_bad
            for c in cons:
                if c.kind != "fd" and not _row_ok(c, get):
                    ok = False
                    violated.add(c.id)
            rows_total += 1
            rows_ok += ok
            for _col, cc in col_cons.items():
                values_total += 1
                values_ok += all(_row_ok(c, get) for c in cc)
    return {
        "rows": rows_total, "rows_ok": rows_ok,
        "row_share": rows_ok / rows_total if rows_total else 1.0,
        "values": values_total, "values_ok": values_ok,
        "value_share": values_ok / values_total if values_total else 1.0,
        "violated": sorted(violated),
    }


def satisfies(tables: dict[str, dict], cs: ConstraintSet) -> bool:
    """True when the concrete tables violate no enabled constraint."""
    return not realism(tables, cs)["violated"]


def summarize(reports: list[dict[str, Any]]) -> dict[str, Any]:
    """Pool per-witness reports into a per-run summary (shares over all rows and values,
    and the mean of the per-witness row shares)."""
    rows = sum(r["rows"] for r in reports)
    rows_ok = sum(r["rows_ok"] for r in reports)
    values = sum(r["values"] for r in reports)
    values_ok = sum(r["values_ok"] for r in reports)
    return {
        "witnesses": len(reports),
        "row_share": rows_ok / rows if rows else 1.0,
        "value_share": values_ok / values if values else 1.0,
        "mean_witness_row_share": (sum(r["row_share"] for r in reports) / len(reports)
                                   if reports else 1.0),
        "fully_realistic": sum(1 for r in reports if not r["violated"]),
    }
