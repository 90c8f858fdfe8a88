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
import re
from dataclasses import dataclass, field

from sqlglot import exp

from ...engine.integrity import keyless_parents, with_parent_keys
from ...engine.scratch import ScratchDatabase
from ...errors import InputError, UnsupportedSQL
from ...sql.parse import SQLITE, read_sqlite
from ...sql.scope import scope_tables
from ...types import Schema
from . import ir
from .domain import Domain, outside
from .realism import Grade, ReadFacts, Realism, grade
from .witness import Replay, as_policy, empty_tables, replay, user_tables


@dataclass
class Pair:
    gold: str
    pred: str
    schema: Schema
    semantics: str  # a name, or a comparison Policy (engine.policy); read back as the name
    _lowered: dict = field(default_factory=dict, repr=False)
    _scratch: ScratchDatabase | None = field(default=None, repr=False)
    empty_refutation: object = field(default=None, repr=False)  # prover.settle sets it
    # the databases the verdict speaks of (``domain.Domain``): in ``typed``, a witness
    # outside it refutes nothing (``grade`` ranks it -1)
    domain: str = "sqlite"
    # a query SQLite rejects only for a function it lacks, the other runs: read the function
    # as uninterpreted (``verify``), or leave the prediction invalid (``eval``)
    interpret_lacking: bool = True
    # the prediction is a translation from another dialect (``translate``): an error SQLite
    # raises running it on some rows (a SUM past 64 bits) is SQLite's, not the prediction's
    translated: bool = False
    # both canonical forms of a pair of plans (``proofs.canonical_forms``): the early and the
    # late proofs read the same ones
    forms_cache: dict = field(default_factory=dict, repr=False)

    def __post_init__(self):
        # a foreign key whose parent columns are no key is one SQLite cannot enforce: the
        # verifier considers the databases where it can (parent columns UNIQUE), and its
        # proofs over a parent it reads state so (``keyless_parents``)
        schema = user_tables(self.schema)
        self.keyless_parents = keyless_parents(schema)
        self.schema = with_parent_keys(schema)
        # SQLite runs the queries on the schema as the user declared it: an extra UNIQUE
        # index can change its plan, and so the order of tied rows a LIMIT cuts (witnesses
        # replay and are written on this one)
        self.user_schema = schema
        try:
            self.policy = as_policy(self.semantics)
        except ValueError as e:
            raise InputError(str(e)) from None
        self.semantics = str(self.policy.semantics)
        # compat modes compare rewritten queries (the Spider evaluator removes DISTINCT)
        self.gold, self.pred = self.policy.prepare(self.gold), self.policy.prepare(self.pred)

    # ---- facts computed once

    def tree(self, side: str) -> exp.Expr:
        """The parsed statement of ``side`` ("gold" or "pred"), parsed once; ``InputError``
        when it does not parse. Callers must not change it (copy first)."""
        return self._once((side, "tree"), lambda: read_sqlite(
            self.gold if side == "gold" else self.pred))

    @functools.cached_property
    def same_text(self) -> bool:
        try:
            return _spelling(self.tree("gold")) == _spelling(self.tree("pred"))
        except InputError:
            return False

    def lowered(self, side: str, clock: str = ir.REAL_CLOCK) -> ir.Lowered:
        """The lowering of ``side`` ("gold" or "pred"); raises what ``ir.lower`` raised."""
        return self._once((side, clock), lambda: ir.lower(self.tree(side), self.schema, clock))

    def _once(self, key, compute):
        """``compute()`` once per key; what it raised (a user's SQL error) is raised again."""
        if key not in self._lowered:
            try:
                self._lowered[key] = compute()
            except (UnsupportedSQL, InputError) as e:
                self._lowered[key] = e
        got = self._lowered[key]
        if isinstance(got, Exception):
            raise got
        return got

    @functools.cached_property
    def facts(self) -> ReadFacts:
        """Tables the two queries read, and the columns their inner joins equate (for the
        realism of witnesses: ``realism.ReadFacts``)."""
        tables: set[str] = set()
        keys: set[tuple[str, str]] = set()
        names = {t.name.lower(): t for t in self.schema.tables}
        for side in ("gold", "pred"):
            try:
                tree = self.tree(side)
            except InputError:
                continue
            tables |= {t.name.lower() for t in tree.find_all(exp.Table)} & set(names)
            for sel in tree.find_all(exp.Select):
                keys |= _join_keys(sel, names)
        return ReadFacts(tables, keys)

    @functools.cached_property
    def lacking(self) -> tuple[frozenset[str], frozenset[str]]:
        """The functions SQLite lacks that the gold and the prediction call (upper case)."""
        return tuple(_lacking(self, side) for side in ("gold", "pred"))

    @functools.cached_property
    def unrunnable(self) -> bool:
        """SQLite rejects a query for a function it lacks that the query calls, and either
        both queries call such functions or ``interpret_lacking`` (``verify``; in ``eval``
        a prediction SQLite cannot run stays invalid): the provers read those functions as
        uninterpreted (assumed deterministic); a refutation is replayed with the solver's
        interpretation of them registered in SQLite (``interpret``), and the randomized
        search, which runs SQLite alone, does not run."""
        gold, pred = self.lacking
        both = (bool(gold and pred) and self.on_empty.gold_failed  # eval reads only these
                and "no such function" in self.on_empty.problem)
        if both or not self.interpret_lacking:
            return both
        m = re.search(r"no such function: (\w+)", self.on_empty.problem)
        side = gold if self.on_empty.gold_failed else pred
        return m is not None and m.group(1).upper() in side

    @property
    def lacking_one_side(self) -> str | None:
        """"gold" or "prediction" when only that query calls functions SQLite lacks."""
        gold, pred = self.lacking
        if bool(gold) == bool(pred):
            return None
        return "gold" if gold else "prediction"

    def grade(self, tables: dict, cset=None) -> Grade:
        """The witness's realism (``realism.grade``); rank -1 for a database outside the
        typed domain when the pair is judged there."""
        if self.typed and outside(tables, self.user_schema):
            return Grade(-1, Realism.SQLITE)
        return grade(tables, self.schema, self.facts, cset)

    @property
    def typed(self) -> bool:
        return self.domain == Domain.TYPED

    @functools.cached_property
    def on_empty(self) -> Replay:
        """Both queries on the database whose tables are all empty (in memory)."""
        return self.replay(empty_tables(self.schema), in_memory=True)

    @property
    def scratch(self) -> ScratchDatabase:
        if self._scratch is None:
            self._scratch = ScratchDatabase(self.user_schema)
        return self._scratch

    def replay(self, tables: dict, *, in_memory: bool = False,
               functions: dict | None = None) -> Replay:
        """Both queries on ``tables``, in SQLite on the schema as declared; a database with
        a repeated value in a keyless foreign-key parent is none the verifier considers."""
        bad = self._repeated_parent(tables)
        if bad:
            return Replay(False, None, None, problem=bad)
        return replay(self.gold, self.pred, self.user_schema, tables, self.policy,
                      scratch=self.scratch if in_memory else None, functions=functions)

    def _repeated_parent(self, tables: dict) -> str:
        rows = {k.lower(): v["rows"] for k, v in tables.items()}
        for parent, cols in self.keyless_parents:
            t = self.user_schema.table(parent)
            names = [c.name.lower() for c in t.columns]
            idx = [names.index(c.lower()) for c in cols]
            keys = [tuple(r[i] for i in idx) for r in rows.get(parent.lower(), [])
                    if all(r[i] is not None for i in idx)]
            if len(keys) != len(set(keys)):
                return f"repeated values in {parent}{list(cols)}, a foreign key's keyless parent"
        return ""

    def close(self) -> None:
        if self._scratch is not None:
            self._scratch.close()
            self._scratch = None


def _lacking(pair: Pair, side: str) -> frozenset[str]:
    try:
        tree = pair.tree(side)
    except InputError:
        return frozenset()
    names = {ir.call_name(f) for f in tree.find_all(exp.Func)}
    return frozenset(n for n in names if n is not None and ir.lacks(n))


def _join_keys(sel: exp.Select, names: dict) -> set[tuple[str, str]]:
    """(table, column) of both sides of every ``a = b`` between columns of ``sel``'s own
    tables in the condition of an inner join (ON, USING, or the WHERE clause)."""
    scope = {a: t.lower() for a, t in scope_tables(sel).items()}
    conds, out = [], set()
    for j in sel.args.get("joins") or []:
        if (j.side or "").upper() in ("LEFT", "RIGHT", "FULL"):
            continue
        if j.args.get("on") is not None:
            conds.append(j.args["on"])
        for u in j.args.get("using") or []:
            out |= {(t, u.name.lower()) for t in set(scope.values())
                    if t in names and _has_column(names[t], u.name)}
    if sel.args.get("where") is not None:
        conds.append(sel.args["where"].this)
    for cond in conds:
        # every equality of the condition, under OR too (``ON a.x = b.x OR a.y = b.y`` joins
        # on both keys), but not those of a subquery
        for eq in _own_equalities(cond):
            if all(isinstance(x, exp.Column)
                                              for x in (eq.this, eq.expression)):
                # both sides in this SELECT's own FROM: a join (a correlated condition of a
                # subquery is not one: NOT IN/NOT EXISTS over a NULL key is realistic)
                sides = (eq.this, eq.expression)
                owners = [_owner(c, scope, names) for c in sides]
                if all(o is not None or _derived(c, sel) for o, c in zip(owners, sides, strict=True)):
                    # a derived table's column on the other side joins too (JOIN (SELECT ...) p)
                    out |= {(t, c.name.lower()) for t, c in zip(owners, sides, strict=True)
                            if t is not None}
    return out


def _derived(c: exp.Column, sel: exp.Select) -> bool:
    """Is ``c`` qualified by the alias of a subquery in ``sel``'s own FROM or JOINs?"""
    if not c.table:
        return False
    sources = [sel.args.get("from") and sel.args["from"].this] + [
        j.this for j in sel.args.get("joins") or []]
    return any(isinstance(x, exp.Subquery) and x.alias.lower() == c.table.lower()
               for x in sources if x is not None)


def _own_equalities(cond):
    for node in cond.walk(prune=lambda n: isinstance(n, exp.Select | exp.Subquery)):
        if isinstance(node, exp.EQ):
            yield node


def _has_column(t, name: str) -> bool:
    return any(c.name.lower() == name.lower() for c in t.columns)


def _owner(c: exp.Column, scope: dict, names: dict) -> str | None:
    if c.table:
        t = scope.get(c.table.lower())
        return t if t in names else None
    owners = {t for t in scope.values() if t in names and _has_column(names[t], c.name)}
    return owners.pop() if len(owners) == 1 else None


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
    try:
        return _spelling(read_sqlite(a)) == _spelling(read_sqlite(b))
    except InputError:
        return False


def _spelling(tree: exp.Expr) -> str:
    tree = tree.copy()
    for ident in tree.find_all(exp.Identifier):
        if not ident.quoted:  # "Bob" may be a string literal in SQLite: keep its case
            ident.set("this", ident.this.lower())
    return tree.sql(dialect=SQLITE)
