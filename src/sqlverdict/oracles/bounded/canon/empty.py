"""Queries that return nothing, and queries read only for whether a row exists:
``max_rows``, ``returns_nothing``, the rules ``empty_result``, ``pad_empty_outer``,
``exists_first_row``, ``exists_items``.

None of these laws needs the ``ties_broken_alike`` assumption: a LIMIT 0 or an OFFSET past
the last row cuts no tie, and EXISTS reads no row order.
"""

from __future__ import annotations

import dataclasses

from .. import ir
from ..ir.kinds import JoinKind, SetOpKind, Ty
from .facts import fold
from .terms import FALSE, _replace_cols
from .tie_breaks import no_ties
from .top_keys import joined_rows_apart, view_groups_apart
from .top_one import tie_free

NULL = ir.Lit(None, Ty.NULL)


def _one_row(q: ir.Select) -> bool:
    """An aggregate without GROUP BY: one row on every input (HAVING may drop it)."""
    return q.aggregate and not q.group_by


def uncut_rows(q) -> int | None:
    """At most how many rows ``q`` holds before its own LIMIT/OFFSET, on every database
    (None: no bound). An aggregate without GROUP BY, a select without FROM: 1; a select over
    one derived table (WHERE, GROUP BY, DISTINCT, windows keep or drop rows): that table's
    bound; VALUES: its rows; UNION [ALL]: the sum, INTERSECT: the smaller, EXCEPT: the left.

    >>> from sqlverdict.schema import from_ddl
    >>> s = from_ddl("CREATE TABLE t(a INT)")
    >>> uncut_rows(ir.lower("SELECT COUNT(*) FROM t", s).query)
    1
    >>> uncut_rows(ir.lower("SELECT a FROM (SELECT a FROM t LIMIT 2) AS d WHERE a > 0", s).query)
    2
    """
    if isinstance(q, ir.SetOp):
        left, right = max_rows(q.left), max_rows(q.right)
        if q.op == SetOpKind.EXCEPT:
            return left
        if q.op == SetOpKind.INTERSECT:
            known = [n for n in (left, right) if n is not None]
            return min(known) if known else None
        return None if left is None or right is None else left + right
    if not isinstance(q, ir.Select):
        return None
    if _one_row(q) or q.source is None:
        return 1
    if isinstance(q.source, ir.Derived):
        return max_rows(q.source.query)
    if isinstance(q.source, ir.Values):
        return len(q.source.rows)
    return None


def max_rows(q) -> int | None:
    """At most how many rows ``q`` returns on every database, its LIMIT/OFFSET applied
    (a negative LIMIT is none in SQLite)."""
    n = uncut_rows(q)
    if n is not None:
        n = max(n - (q.offset or 0), 0)
    if q.limit is not None and q.limit >= 0:
        n = q.limit if n is None else min(n, q.limit)
    return n


def _cut_out(q) -> bool:
    """LIMIT 0, or an OFFSET at or past the most rows ``q`` holds."""
    return q.limit == 0 or bool(q.offset and (n := uncut_rows(q)) is not None and q.offset >= n)


def returns_nothing(q) -> bool:
    """Does ``q`` return no row on every database? LIMIT 0, an OFFSET at or past the most rows
    it holds, WHERE FALSE or an empty inner-joined source (not an aggregate without GROUP BY,
    which returns a row on no input), a compound of empty operands."""
    if _cut_out(q):
        return True
    if isinstance(q, ir.SetOp):
        left, right = returns_nothing(q.left), returns_nothing(q.right)
        return {SetOpKind.UNION: left and right, SetOpKind.INTERSECT: left or right,
                SetOpKind.EXCEPT: left}[q.op]
    if not isinstance(q, ir.Select) or _one_row(q):
        return False
    return (q.where is not None and fold(q.where) == FALSE) or _empty_source(q.source)


def _empty_source(src) -> bool:
    """Does the FROM clause ``src`` produce no row on every database?"""
    if isinstance(src, ir.Derived):
        return returns_nothing(src.query)
    if not isinstance(src, ir.Join):
        return False
    left, right = _empty_source(src.left), _empty_source(src.right)
    return {JoinKind.INNER: left or right, JoinKind.CROSS: left or right, JoinKind.LEFT: left,
            JoinKind.RIGHT: right, JoinKind.FULL: left and right}[src.kind]


def _a_scan(x):
    """The first table scan in ``x`` (an IR node), or None."""
    if isinstance(x, ir.Scan):
        return x
    if isinstance(x, tuple | list):
        children = x
    elif dataclasses.is_dataclass(x) and not isinstance(x, type):
        children = [getattr(x, f.name) for f in dataclasses.fields(x)]
    else:
        return None
    for c in children:
        found = _a_scan(c)
        if found is not None:
            return found
    return None


def empty_result(q):
    """A query that returns nothing on every database (``returns_nothing``) is ``SELECT
    NULL, .. FROM t WHERE FALSE`` (the canonical form ``Nothing`` of its width). Calcite's
    PruneEmptyRules: "Sort with fetch 0 -> empty", "Join with an empty input (inner) ->
    empty", "Aggregate with group keys over empty -> empty", "Project over empty -> empty";
    Spark's OptimizeLimitZero ("LIMIT 0 ... replaced with an empty LocalRelation") and
    EliminateOffsets. Not an aggregate without GROUP BY over an empty input: one row. (A
    compound only by its own cut here; ``empty_operand`` reads its operands' forms.)"""
    scan = _a_scan(q.source if isinstance(q, ir.Select) else q)
    if scan is None or not returns_nothing(q) or (isinstance(q, ir.SetOp) and not _cut_out(q)):
        return q
    if isinstance(q, ir.Select) and q.where == FALSE and q.source == scan and q.limit is None:
        return q  # the form itself
    return ir.Select(source=scan, where=FALSE, group_by=(), having=None,
                     items=(NULL,) * len(q.items), distinct=False, order=(), limit=None,
                     offset=0, aggregate=False)


def _without_empty_right(src, dropped: list):
    """``src`` with each ``X LEFT JOIN E`` (E a derived table returning nothing) as ``X``;
    the aliases of the Es dropped go to ``dropped``."""
    if not isinstance(src, ir.Join):
        return src
    left = _without_empty_right(src.left, dropped)
    if src.kind == JoinKind.LEFT and isinstance(src.right, ir.Derived) \
            and returns_nothing(src.right.query):
        dropped.append(src.right)
        return left
    right = _without_empty_right(src.right, dropped)
    if left is src.left and right is src.right:
        return src
    return dataclasses.replace(src, left=left, right=right)


def pad_empty_outer(q):
    """``X LEFT JOIN E ON c`` where E returns nothing is X with every column of E NULL
    (Calcite's PruneEmptyRules: "Left join with empty right input -> project of the left
    input padded with NULLs"; Spark's PropagateEmptyRelation). Every X row finds no partner
    and is kept once, padded."""
    if not isinstance(q, ir.Select):
        return q
    dropped: list = []
    source = _without_empty_right(q.source, dropped)
    if not dropped:
        return q
    rep = {(d.alias, n): NULL for d in dropped for n in d.names}
    return _replace_cols(dataclasses.replace(q, source=source), rep)


def _drop_cut(s: ir.Select) -> ir.Select:
    """EXISTS (S ORDER BY o LIMIT n), n >= 1, no OFFSET, is EXISTS (S): a first row exists
    or not either way."""
    if s.limit is not None and s.limit >= 1 and not s.offset:
        return dataclasses.replace(s, order=(), limit=None)
    return s


def exists_first_row(c):
    """``(S) IS NOT NULL`` where S's one column is a non-NULL literal is ``EXISTS (S)``, and
    ``(S) IS NULL`` is ``NOT EXISTS (S)``: a scalar subquery is NULL exactly when S returns no
    row (its first row holds the literal), LIMIT and OFFSET included (Spark's
    RewriteNonCorrelatedExists: "EXISTS (SELECT * FROM b WHERE b.id > 10) -> (SELECT 1 FROM b
    WHERE b.id > 10 LIMIT 1) IS NOT NULL"). A LIMIT n >= 1 without OFFSET of S goes. Not
    with an OFFSET or DISTINCT in S: SQLite 3.40 reads DISTINCT with an OFFSET its own way
    under EXISTS (``exists_items``)."""
    negated = isinstance(c, ir.IsNull)
    arg = c.arg if negated else (c.arg.arg if isinstance(c, ir.Not) and isinstance(c.arg, ir.IsNull)
                                 else None)
    if not isinstance(arg, ir.ScalarSub):
        return c
    s = arg.query
    if not (isinstance(s, ir.Select) and len(s.items) == 1 and isinstance(s.items[0], ir.Lit)
            and s.items[0].value is not None and not s.offset and not s.distinct):
        return c
    e = ir.Exists(_drop_cut(s))
    return ir.Not(e) if negated else e


def exists_items(e):
    """EXISTS (S) reads no column of S: S's items are ``1`` (a select without OFFSET, LIMIT
    or aggregate, whose items only count through OFFSET, LIMIT and grouping). (SQLite 3.40
    even drops DISTINCT under EXISTS with an OFFSET: ``EXISTS (SELECT DISTINCT a .. LIMIT 1
    OFFSET 1)`` is true over two rows of one ``a``; the rule stays away from OFFSET.)"""
    s = e.query
    if not (isinstance(e, ir.Exists) and isinstance(s, ir.Select) and not s.offset
            and s.limit is None and not s.aggregate and s.bare_from is None):
        return e
    one = (ir.Lit(1, Ty.INT),)
    if s.items == one and not s.distinct:
        return e
    return dataclasses.replace(e, query=dataclasses.replace(s, items=one, distinct=False, names=()))


def _cuts_nothing(q) -> bool:
    """Does the LIMIT/OFFSET of ``q`` keep all its rows or none (LIMIT 0, an OFFSET past its
    most rows, a LIMIT at or above them without OFFSET)? Then no tie decides which rows."""
    n = uncut_rows(q)
    return q.limit == 0 or (n is not None and (q.offset >= n or (
        not q.offset and q.limit is not None and 0 <= n <= q.limit)))


def may_cut_ties(node, schema=None, typed: bool = False) -> bool:
    """Does a LIMIT or an OFFSET of some query in ``node`` (subqueries included) keep some
    rows and drop others, so that a tie under its ORDER BY could decide which? With the
    ``schema``, not a cut whose ORDER BY holds a unique key or whose tied rows are equal
    rows (``top_one.tie_free``; ``typed``: in the typed domain), nor one whose ORDER BY
    holds every GROUP BY key, or a never-NULL unique key beside other keys
    (``tie_breaks.no_ties``), or every GROUP BY key of the grouped view it reads
    (``top_keys.view_groups_apart``), or a key of every table of an inner join, directly or
    through a join on a unique key (``top_keys.joined_rows_apart``).

    >>> from sqlverdict.schema import from_ddl
    >>> s = from_ddl("CREATE TABLE t(a INT)")
    >>> may_cut_ties(ir.lower("SELECT COUNT(*) FROM t LIMIT 3", s).query)
    False
    >>> may_cut_ties(ir.lower("SELECT a FROM t WHERE a IN (SELECT a FROM t LIMIT 2)", s).query)
    True
    """
    return any(isinstance(x, ir.Query) and (x.limit is not None or x.offset)
               and not _cuts_nothing(x) and not tie_free(x, schema, typed) and not no_ties(x, schema)
               and not view_groups_apart(x) and not joined_rows_apart(x, schema)
               for x in ir.nodes(node))
