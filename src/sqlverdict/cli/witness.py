"""How a witness database is printed: one table per non-empty table when it fits the
width, else a vertical list (``column = value``, one row after another), because a table
squeezed below its columns' width shows empty-looking columns.

>>> from rich.console import Console
>>> c = Console(width=40, record=True)
>>> tables = {"t": {"columns": ["id", "a_rather_long_name", "another_long_column"],
...                 "rows": [[1, "x", None]]}, "u": {"columns": ["k"], "rows": []}}
>>> for r in witness_renderables(tables, c.width):
...     c.print(r)
table t, row 1:
  id = 1
  a_rather_long_name = 'x'
  another_long_column = NULL
empty tables: u
"""

from __future__ import annotations

from rich.table import Table
from rich.text import Text

MIN_CELL = 6  # below this a column's values cannot be read


def _value(v) -> str:
    return "NULL" if v is None else repr(v)


def _fits(columns: list[str], rows: list[list], width: int) -> bool:
    need = 1  # the left border
    for i, c in enumerate(columns):
        longest = max([len(c)] + [len(_value(r[i])) for r in rows if i < len(r)])
        need += min(longest, MIN_CELL * 3) + 3  # padding and border
    return need <= width


def witness_renderables(tables: dict[str, dict], width: int) -> list:
    """Renderables for the witness tables (``{name: {"columns", "rows"}}``) at ``width``."""
    out: list = []
    for name, t in tables.items():
        cols, rows = list(t["columns"]), t["rows"]
        if not rows:
            continue
        if _fits(cols, rows, width):
            tab = Table(title=Text(f"table {name}"), title_justify="left")
            for c in cols:
                tab.add_column(Text(c), overflow="fold")
            for r in rows:
                tab.add_row(*[Text(_value(v)) for v in r])
            out.append(tab)
            continue
        for n, r in enumerate(rows, 1):
            lines = [f"table {name}, row {n}:"]
            lines += [f"  {c} = {_value(v)}" for c, v in zip(cols, r, strict=False)]
            out.append(Text("\n".join(lines)))
    empty = [n for n, t in tables.items() if not t["rows"]]
    if empty:
        out.append(Text(f"empty tables: {', '.join(empty)}"))
    return out
