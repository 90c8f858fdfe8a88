"""A pair of queries prepared once for every stage of the verifier.

``Pair`` holds the two texts, the schema (without SQLite's internal tables), the semantics,
and computes on first use, then keeps: whether the texts are the same statement, the
lowering of each side under each clock mode (or the error it raised), the replay on the
empty database, the canonical forms. The staging policy asks it again at every bound; the
work is done once.

>>> from sqlverdict.schema import from_ddl
>>> p = Pair("SELECT a FROM t", "select A from T", from_ddl("CREATE TABLE t(a INT)"), "bag")
>>> p.same_text, p.lowered("gold").query == p.lowered("pred").query
(True, True)
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from sqlglot import exp

from ...engine.compare import Semantics
from ...engine.scratch import ScratchDatabase
from ...errors import InputError
from ...sql.parse import try_parse
from ...types import Schema
from . import ir
from .witness import Replay, empty_tables, replay, user_tables


@dataclass
class Pair:
    gold: str
    pred: str
    schema: Schema
    semantics: str
    _lowered: dict = field(default_factory=dict, repr=False)
    _scratch: ScratchDatabase | None = field(default=None, repr=False)

    def __post_init__(self):
        self.schema = user_tables(self.schema)
        try:
            self.semantics = str(Semantics.parse(self.semantics))
        except ValueError as e:
            raise InputError(str(e)) from None

    # ---- facts computed once

    @functools.cached_property
    def same_text(self) -> bool:
        return same_text(self.gold, self.pred)

    def lowered(self, side: str, clock: str = ir.REAL_CLOCK) -> ir.Lowered:
        """The lowering of ``side`` ("gold" or "pred"); raises what ``ir.lower`` raised."""
        key = (side, clock)
        if key not in self._lowered:
            sql = self.gold if side == "gold" else self.pred
            try:
                self._lowered[key] = ir.lower(sql, self.schema, clock)
            except (ir.UnsupportedSQL, InputError) as e:
                self._lowered[key] = e
        got = self._lowered[key]
        if isinstance(got, Exception):
            raise got
        return got

    @functools.cached_property
    def on_empty(self) -> Replay:
        """Both queries on the database whose tables are all empty (in memory)."""
        return self.replay(empty_tables(self.schema), in_memory=True)

    @property
    def scratch(self) -> ScratchDatabase:
        if self._scratch is None:
            self._scratch = ScratchDatabase(self.schema)
        return self._scratch

    def replay(self, tables: dict, *, in_memory: bool = False) -> Replay:
        return replay(self.gold, self.pred, self.schema, tables, self.semantics,
                      scratch=self.scratch if in_memory else None)

    def close(self) -> None:
        if self._scratch is not None:
            self._scratch.close()
            self._scratch = None


def same_text(a: str, b: str) -> bool:
    """The same statement up to layout, keyword case and the case of unquoted identifiers
    (SQLite identifiers are case-insensitive); literals and quoted names must match.

    >>> same_text('SELECT T1.Name FROM singer AS T1 WHERE age < 3', 'select t1.name from Singer as t1 where age<3')
    True
    >>> same_text('SELECT a FROM t WHERE b = "Bob"', 'SELECT a FROM t WHERE b = "bob"')
    False
    >>> same_text("SELECT a FROM t WHERE b = 'X'", "SELECT a FROM t WHERE b = 'x'")
    False
    """
    na = _spelling(a)
    return na is not None and na == _spelling(b)


def _spelling(sql: str) -> str | None:
    tree = try_parse(sql)
    if tree is None:
        return None
    for ident in tree.find_all(exp.Identifier):
        if not ident.quoted:  # "Bob" may be a string literal in SQLite: keep its case
            ident.set("this", ident.this.lower())
    return tree.sql(dialect="sqlite")
