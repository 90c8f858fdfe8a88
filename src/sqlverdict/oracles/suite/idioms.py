"""SQLite idiom mutants: edits of a query written into its own text, character for character.

``mutate.mutants`` re-renders the whole sqlglot tree, and sqlglot's SQLite renderer is not
faithful to SQLite: it prints ``CAST(x AS NUMERIC)`` as ``CAST(x AS REAL)``, ``CAST(d AS
DATE)`` as ``DATE(d)``, ``mod(a, 2)`` as ``a % 2`` and drops a unary ``+``. Those are exactly
the spellings whose meaning a verifier must not take from sqlglot, so the mutants here
never pass the query through the renderer: each edit replaces the *span* of one node of the
original text (found from sqlglot's token positions and checked by parsing it back) by new
text, and leaves every other character alone.

Operators (``Mutant.kind``), each one small edit:

- ``cast_target``: ``CAST(x AS T)`` with T among INTEGER, REAL, NUMERIC, TEXT,
  DECIMAL(10,2), BOOLEAN, DATE; ``cast_wrap``: a column compared with a literal, cast;
- ``unary_plus``: ``+col`` for ``col`` (SQLite drops the column's affinity), and back;
- ``mod``: ``a % b`` as ``mod(a, b)`` and back;
- ``order_plus_zero``: an ORDER BY key ``k`` as ``k + 0``;
  ``order_alias``: an ORDER BY alias as its expression, and back;
- ``limit``: LIMIT added, dropped or changed; ``order``: ORDER BY added or dropped,
  directions flipped;
- ``flip_cmp``: ``<`` vs ``<=``, ``=`` vs ``!=`` (and ``IS``), operands swapped;
- ``distinct``: DISTINCT added or removed; ``count_form``: COUNT(*), COUNT(col),
  COUNT(DISTINCT col), COUNT(1); ``join_kind``: INNER vs LEFT JOIN;
- ``not_in_exists``: ``x NOT IN (SELECT y ...)`` vs ``NOT EXISTS (... y = x)``, and back;
- ``substr_pos``: ``SUBSTR(s, i, n)`` with other ``i``/``n``; ``like_pattern``: other
  LIKE patterns, LIKE as GLOB, ``=``, ``INSTR`` or a prefix ``SUBSTR``; ``instr``:
  ``INSTR(s, t) > 0`` as LIKE and other positions;
- ``date_idiom``: ``STRFTIME('%Y', d) = 'yyyy'`` vs ``d LIKE 'yyyy%'`` vs
  ``SUBSTR(d, 1, 4) = 'yyyy'`` (and the month forms), a date comparison through
  ``DATE(d)``, ``CAST(d AS DATE)``, ``julianday``.

Most mutants differ from the query; some are equivalent in SQLite and some only look
equivalent. Deciding which is the verifier's job and the soundness benchmark's check.

>>> ms = idiom_mutants("SELECT CAST(count(*) AS REAL) / 3 FROM Pets")
>>> [m.sql for m in ms if m.kind == "cast_target"][:2]
['SELECT CAST(count(*) AS INTEGER) / 3 FROM Pets', 'SELECT CAST(count(*) AS NUMERIC) / 3 FROM Pets']
>>> [m.sql for m in idiom_mutants("SELECT a FROM t WHERE b % 2 = 1") if m.kind == "mod"]
['SELECT a FROM t WHERE mod(b, 2) = 1']
>>> [m.sql for m in idiom_mutants("SELECT id FROM e WHERE strftime('%Y', d) = '2012'")
...  if m.kind == "date_idiom"][:2]
["SELECT id FROM e WHERE d LIKE '2012%'", "SELECT id FROM e WHERE SUBSTR(d, 1, 4) = '2012'"]
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import sqlglot
from sqlglot import exp
from sqlglot.errors import SqlglotError
from sqlglot.tokens import TokenType

from ...sql.parse import try_parse
from ...types import Schema
from .mutate import Mutant, _literal_value, _not_in_to_not_exists, parse

CAST_TARGETS = ("INTEGER", "REAL", "NUMERIC", "TEXT", "DECIMAL(10,2)", "BOOLEAN", "DATE")
_FLIPS = {exp.EQ: ("!=", "IS"), exp.NEQ: ("=", "IS NOT"), exp.LT: ("<=", ">"),
          exp.LTE: ("<", ">="), exp.GT: (">=", "<"), exp.GTE: (">", "<=")}
_MIRROR = {exp.EQ: "=", exp.NEQ: "!=", exp.LT: ">", exp.LTE: ">=", exp.GT: "<", exp.GTE: "<="}
_CMP = tuple(_FLIPS)
# tokens that end an operand: a "+" after one of them is binary, after anything else unary
_OPERAND_END = {TokenType.VAR, TokenType.IDENTIFIER, TokenType.NUMBER, TokenType.STRING,
                TokenType.R_PAREN, TokenType.NULL, TokenType.TRUE, TokenType.FALSE,
                TokenType.STAR}
_YEAR = re.compile(r"(1[89]|20)\d\d")


class _Text:
    """The query's text with its tokens: spans of nodes and splices into the text."""

    def __init__(self, sql: str, tree: exp.Expr):
        self.sql = sql
        self.tree = tree
        self.toks = [t for t in sqlglot.tokenize(sql, read="sqlite")
                     if t.token_type is not TokenType.SEMICOLON]

    def span(self, node: exp.Expr) -> tuple[int, int] | None:
        """``(start, end)`` of ``node`` in the text (end exclusive): the smallest run of
        tokens around the node's own positions that parses back to the node."""
        pos = [(n.meta["start"], n.meta["end"]) for n in node.walk()
               if n.meta and "start" in n.meta and "end" in n.meta]
        if not pos:
            return None
        s, e = min(p[0] for p in pos), max(p[1] for p in pos)
        first = next((i for i, t in enumerate(self.toks) if t.end >= s), None)
        last = next((i for i in range(len(self.toks) - 1, -1, -1) if self.toks[i].start <= e),
                    None)
        if first is None or last is None:
            return None
        want = _norm(node)
        for grow_right in range(0, 4):
            for grow_left in range(0, 4):
                i, j = first - grow_left, last + grow_right
                if i < 0 or j >= len(self.toks):
                    continue
                i, j = self._balance(i, j)
                if i is None:
                    continue
                text = self.sql[self.toks[i].start:self.toks[j].end + 1]
                if _norm_text(text) == want:
                    return self.toks[i].start, self.toks[j].end + 1
        return None

    def _balance(self, i: int, j: int) -> tuple[int | None, int]:
        depth, low = 0, 0
        for t in self.toks[i:j + 1]:
            if t.token_type is TokenType.L_PAREN:
                depth += 1
            elif t.token_type is TokenType.R_PAREN:
                depth -= 1
                low = min(low, depth)
        while low < 0 and i > 0:  # unmatched ")": take in the "(" and the name before it
            i -= 1
            if self.toks[i].token_type is TokenType.L_PAREN:
                low += 1
        extra = depth - low
        while extra > 0 and j < len(self.toks) - 1:
            j += 1
            if self.toks[j].token_type is TokenType.R_PAREN:
                extra -= 1
            elif self.toks[j].token_type is TokenType.L_PAREN:
                extra += 1
        return (i, j) if low >= 0 and extra == 0 else (None, j)

    def text(self, node: exp.Expr) -> str | None:
        sp = self.span(node)
        return None if sp is None else self.sql[sp[0]:sp[1]]

    def splice(self, node: exp.Expr, new_text: str) -> str | None:
        sp = self.span(node)
        if sp is None:
            return None
        return self.sql[:sp[0]] + new_text + self.sql[sp[1]:]

    def at_depth0(self, *types: TokenType) -> list[int]:
        """Token indices of ``types`` outside every parenthesis."""
        out, depth = [], 0
        for i, t in enumerate(self.toks):
            if t.token_type is TokenType.L_PAREN:
                depth += 1
            elif t.token_type is TokenType.R_PAREN:
                depth -= 1
            elif depth == 0 and t.token_type in types:
                out.append(i)
        return out


def _norm(node: exp.Expr) -> str:
    try:
        return node.sql(dialect="sqlite", normalize=True)
    except (SqlglotError, ValueError):
        return ""


def _norm_text(text: str) -> str | None:
    try:
        t = sqlglot.parse_one(text, read="sqlite")
    except (SqlglotError, ValueError, RecursionError):
        return None
    return _norm(t) if t is not None else None


def _lit(v) -> str:
    if isinstance(v, str):
        return "'" + v.replace("'", "''") + "'"
    return str(v)


# --------------------------------------------------------------------------- operators

Edit = tuple[str, exp.Expr, str]  # (kind, node of the original tree, new text for its span)


def _node_edits(t: _Text, schema: Schema | None) -> Iterator[Edit]:
    for node in t.tree.walk():
        yield from _cast_edits(t, node)
        yield from _compare_edits(t, node)
        if isinstance(node, exp.Mod):
            a, b = t.text(node.this), t.text(node.expression)
            whole = t.text(node)
            if a and b and whole:
                if whole.lower().lstrip("(").startswith("mod"):
                    yield "mod", node, f"{a} % {b}"
                else:
                    yield "mod", node, f"mod({a}, {b})"
        if isinstance(node, exp.Substring):
            yield from _substr_edits(t, node)
        if isinstance(node, exp.Like) and isinstance(node.expression, exp.Literal):
            yield from _like_edits(t, node)
        if isinstance(node, exp.Count):
            yield from _count_edits(t, node, schema)
        if (isinstance(node, exp.Not) and isinstance(node.this, exp.In)
                and isinstance(node.this.args.get("query"), exp.Expr)):
            new = _not_in_to_not_exists(node)  # reads the outer query, changes nothing
            if new is not None:
                yield "not_in_exists", node, new.sql(dialect="sqlite")
        if isinstance(node, exp.Not) and isinstance(node.this, exp.Exists):
            new = _not_exists_to_not_in(node)
            if new is not None:
                yield "not_in_exists", node, new.sql(dialect="sqlite")
        if isinstance(node, exp.Ordered):
            key = t.text(node.this)
            if key and not isinstance(node.this, exp.Literal):
                yield "order_plus_zero", node.this, f"{key} + 0"
            yield from _order_alias_edits(t, node)


def _cast_edits(t: _Text, node: exp.Expr) -> Iterator[Edit]:
    if isinstance(node, exp.Cast) or (isinstance(node, exp.TsOrDsToDate)
                                      and (t.text(node) or "").upper().startswith("CAST")):
        inner = t.text(node.this)
        whole = t.text(node) or ""
        m = re.search(r"\bAS\s+(.+?)\s*\)\s*$", whole, re.I | re.S)
        if inner and m:
            old = re.sub(r"\s+", "", m.group(1)).upper()
            for target in CAST_TARGETS:
                if target.replace(" ", "") != old:
                    yield "cast_target", node, f"CAST({inner} AS {target})"
    if (isinstance(node, _CMP) and isinstance(node.this, exp.Column)
            and _literal_value(node.expression) is not None):
        col = t.text(node.this)
        if col:
            for target in ("NUMERIC", "REAL", "INTEGER", "TEXT", "DATE"):
                yield "cast_wrap", node.this, f"CAST({col} AS {target})"
            yield "unary_plus", node.this, f"+{col}"


def _compare_edits(t: _Text, node: exp.Expr) -> Iterator[Edit]:
    if type(node) not in _FLIPS:
        return
    a, b = t.text(node.this), t.text(node.expression)
    if not a or not b:
        return
    for op in _FLIPS[type(node)]:
        yield "flip_cmp", node, f"{a} {op} {b}"
    yield "flip_cmp", node, f"{b} {_MIRROR[type(node)]} {a}"
    yield from _date_edits(t, node, a, b)
    if isinstance(node.this, exp.StrPosition) and _literal_value(node.expression) is not None:
        yield from _instr_edits(t, node)


def _substr_edits(t: _Text, node: exp.Substring) -> Iterator[Edit]:
    s = t.text(node.this)
    i = _literal_value(node.args.get("start")) if node.args.get("start") else None
    n = _literal_value(node.args.get("length")) if node.args.get("length") else None
    if not s or not isinstance(i, int):
        return
    alts = [(i + 1, n), (i - 1 if i > 1 else i + 2, n)]
    if isinstance(n, int):
        alts += [(i, n + 1), (i, n - 1 if n > 1 else n + 2), (i, None)]
    for i2, n2 in alts:
        yield "substr_pos", node, (f"SUBSTR({s}, {i2})" if n2 is None
                                   else f"SUBSTR({s}, {i2}, {n2})")


def _like_edits(t: _Text, node: exp.Like) -> Iterator[Edit]:
    s = t.text(node.this)
    pat = node.expression.this
    if not s or not isinstance(pat, str):
        return
    core = pat.strip("%")
    alts = {pat.rstrip("%") + "%" if not pat.endswith("%") else pat.rstrip("%"),
            "%" + pat.lstrip("%") if not pat.startswith("%") else pat.lstrip("%"),
            pat.swapcase(), pat.replace("%", "_", 1) if "%" in pat else pat + "_"}
    for p in sorted(alts - {pat}):
        yield "like_pattern", node, f"{s} LIKE {_lit(p)}"
    if "_" not in core and "%" not in core and core:
        glob = pat.replace("%", "*")
        yield "like_pattern", node, f"{s} GLOB {_lit(glob)}"
        yield "like_pattern", node, f"{s} = {_lit(core)}"
        if pat.startswith("%") and pat.endswith("%"):
            yield "like_pattern", node, f"INSTR({s}, {_lit(core)}) > 0"
        elif pat.endswith("%"):
            yield "like_pattern", node, f"SUBSTR({s}, 1, {len(core)}) = {_lit(core)}"
            yield "like_pattern", node, f"INSTR({s}, {_lit(core)}) = 1"
        if re.fullmatch(r"(1[89]|20)\d\d%", pat):
            yield "date_idiom", node, f"STRFTIME('%Y', {s}) = {_lit(core)}"
            yield "date_idiom", node, f"SUBSTR({s}, 1, 4) = {_lit(core)}"
        if re.fullmatch(r"(1[89]|20)\d\d-\d\d%", pat):
            yield "date_idiom", node, f"STRFTIME('%Y-%m', {s}) = {_lit(core)}"


def _instr_edits(t: _Text, node: exp.Expr) -> Iterator[Edit]:
    ins = node.this
    s, sub = t.text(ins.this), _literal_value(ins.args.get("substr"))
    v = _literal_value(node.expression)
    if not s or not isinstance(sub, str) or not isinstance(v, int):
        return
    if (isinstance(node, exp.GT) and v == 0) or (isinstance(node, exp.GTE) and v == 1):
        yield "instr", node, f"{s} LIKE {_lit('%' + sub + '%')}"
        yield "instr", node, f"INSTR({s}, {_lit(sub)}) >= 0"
    if isinstance(node, exp.EQ) and v >= 1:
        yield "instr", node, f"SUBSTR({s}, {v}, {len(sub)}) = {_lit(sub)}"
        yield "instr", node, f"INSTR({s}, {_lit(sub)}) = {v + 1}"


def _date_edits(t: _Text, node: exp.Expr, a: str, b: str) -> Iterator[Edit]:
    """Year and month idioms, and dates compared through DATE, CAST and julianday."""
    lhs, v = node.this, _literal_value(node.expression)
    if isinstance(lhs, exp.TimeToStr) and isinstance(v, str | int) and isinstance(node, exp.EQ):
        d, fmt = t.text(lhs.this), _literal_value(lhs.args.get("format"))
        if d and fmt == "%Y" and _YEAR.fullmatch(str(v)):
            y = str(v)
            yield "date_idiom", node, f"{d} LIKE '{y}%'"
            yield "date_idiom", node, f"SUBSTR({d}, 1, 4) = '{y}'"
            yield "date_idiom", node, f"CAST(STRFTIME('%Y', {d}) AS INTEGER) = {y}"
            yield "date_idiom", node, f"{d} BETWEEN '{y}-01-01' AND '{y}-12-31'"
            yield "date_idiom", node, f"STRFTIME('%Y', {d}) = {y}"
        if d and fmt == "%m" and isinstance(v, str) and re.fullmatch(r"\d\d", v):
            yield "date_idiom", node, f"SUBSTR({d}, 6, 2) = '{v}'"
            yield "date_idiom", node, f"{d} LIKE '%-{v}-%'"
        if d and fmt == "%Y-%m" and isinstance(v, str) and re.fullmatch(r"\d{4}-\d\d", v):
            yield "date_idiom", node, f"{d} LIKE '{v}%'"
            yield "date_idiom", node, f"SUBSTR({d}, 1, 7) = '{v}'"
    if (isinstance(lhs, exp.Substring) and isinstance(node, exp.EQ) and isinstance(v, str)):
        d = t.text(lhs.this)
        i = _literal_value(lhs.args.get("start")) if lhs.args.get("start") else None
        n = _literal_value(lhs.args.get("length")) if lhs.args.get("length") else None
        if d and (i, n) == (1, 4) and _YEAR.fullmatch(v):
            yield "date_idiom", node, f"STRFTIME('%Y', {d}) = '{v}'"
        if d and (i, n) == (6, 2) and re.fullmatch(r"\d\d", v):
            yield "date_idiom", node, f"STRFTIME('%m', {d}) = '{v}'"
    if (isinstance(lhs, exp.Column) and isinstance(v, str)
            and re.fullmatch(r"\d{4}-\d\d-\d\d( \d\d:\d\d:\d\d)?", v)):
        op = b and node.sql(dialect="sqlite")[len(lhs.sql(dialect="sqlite")):].split("'")[0]
        op = op.strip()
        yield "date_idiom", node, f"DATE({a}) {op} {b}"
        yield "date_idiom", node, f"CAST({a} AS DATE) {op} {b}"
        yield "date_idiom", node, f"julianday({a}) {op} julianday({b})"


def _count_edits(t: _Text, node: exp.Count, schema: Schema | None) -> Iterator[Edit]:
    arg = node.this
    forms = ["COUNT(*)", "COUNT(1)"]
    cols: list[str] = []
    inner = arg.expressions[0] if isinstance(arg, exp.Distinct) and arg.expressions else arg
    if isinstance(inner, exp.Column):
        c = t.text(inner)
        if c:
            cols.append(c)
    sel = node.find_ancestor(exp.Select)
    if sel is not None:
        for c in sel.find_all(exp.Column):
            if c.find_ancestor(exp.Select) is sel and not isinstance(c.parent, exp.Count):
                txt = t.text(c)
                if txt and txt not in cols:
                    cols.append(txt)
            if len(cols) >= 3:
                break
        if schema is not None:
            cols += _key_columns(sel, schema, cols)
    for c in cols[:4]:
        forms += [f"COUNT({c})", f"COUNT(DISTINCT {c})"]
    whole = re.sub(r"\s+", "", t.text(node) or "").upper()
    for f in forms:
        if re.sub(r"\s+", "", f).upper() != whole:
            yield "count_form", node, f


def _key_columns(sel: exp.Select, schema: Schema, have: list[str]) -> list[str]:
    frm = sel.args.get("from_") or sel.args.get("from")
    src = frm.this if frm is not None else None
    if not isinstance(src, exp.Table) or not schema.has_table(src.name):
        return []
    tab = schema.table(src.name)
    q = (src.alias or src.name) + "." if sel.args.get("joins") else ""
    out = [f"{q}{c}" for c in tab.primary_key[:1]]
    out += [f"{q}{c.name}" for c in tab.columns if not c.not_null][:1]
    return [c for c in out if re.fullmatch(r"[\w.]+", c) and c not in have]


def _order_alias_edits(t: _Text, node: exp.Ordered) -> Iterator[Edit]:
    sel = node.find_ancestor(exp.Select)
    if sel is None:
        return
    key = node.this
    for e in sel.expressions:
        if not isinstance(e, exp.Alias):
            continue
        body = t.text(e.this)
        if (isinstance(key, exp.Column) and not key.table
                and key.name.lower() == e.alias.lower() and body):
            yield "order_alias", key, f"({body})"
        elif body and _norm(key) == _norm(e.this) and re.fullmatch(r"\w+", e.alias):
            yield "order_alias", key, e.alias


def _not_exists_to_not_in(node: exp.Not) -> exp.Expr | None:
    """``NOT EXISTS (SELECT .. FROM u WHERE u.y = t.x)`` as ``t.x NOT IN (SELECT u.y FROM u)``
    when that equality is the subquery's whole WHERE."""
    sub = node.this.this
    sub = sub.this if isinstance(sub, exp.Subquery) else sub
    if not isinstance(sub, exp.Select) or sub.args.get("group"):
        return None
    where = sub.args.get("where")
    if where is None or not isinstance(where.this, exp.EQ):
        return None
    eq = where.this
    inner = {(s.alias or s.name).lower() for s in sub.find_all(exp.Table)}
    sides = [eq.this, eq.expression]
    if not all(isinstance(s, exp.Column) and s.table for s in sides):
        return None
    mine = [s for s in sides if s.table.lower() in inner]
    outer = [s for s in sides if s.table.lower() not in inner]
    if len(mine) != 1 or len(outer) != 1:
        return None
    new_sub = sub.copy()
    new_sub.set("where", None)
    new_sub.set("expressions", [mine[0].copy()])
    return exp.Not(this=exp.In(this=outer[0].copy(), query=exp.Subquery(this=new_sub)))


# --------------------------------------------------------------------------- token edits


def _token_edits(t: _Text) -> Iterator[tuple[str, str]]:
    """Edits found on the token stream: DISTINCT, JOIN kinds, unary plus, the top-level
    ORDER BY and LIMIT."""
    sql, toks = t.sql, t.toks
    for i, tok in enumerate(toks):
        if tok.token_type is TokenType.SELECT:
            nxt = toks[i + 1] if i + 1 < len(toks) else None
            if nxt is not None and nxt.token_type is TokenType.DISTINCT:
                yield "distinct", sql[:tok.end + 1] + sql[nxt.end + 1:]
            else:
                yield "distinct", sql[:tok.end + 1] + " DISTINCT" + sql[tok.end + 1:]
        if tok.token_type is TokenType.JOIN:
            prev = toks[i - 1] if i > 0 else None
            if prev is not None and prev.token_type is TokenType.LEFT:
                yield "join_kind", sql[:prev.start] + sql[tok.start:]
            elif prev is not None and prev.token_type is TokenType.OUTER and i > 1:
                yield "join_kind", sql[:toks[i - 2].start] + sql[tok.start:]
            elif prev is not None and prev.token_type is TokenType.INNER:
                yield "join_kind", sql[:prev.start] + "LEFT " + sql[tok.start:]
            elif prev is None or prev.token_type not in (TokenType.CROSS, TokenType.NATURAL,
                                                         TokenType.RIGHT, TokenType.FULL):
                yield "join_kind", sql[:tok.start] + "LEFT " + sql[tok.start:]
        if (tok.token_type is TokenType.PLUS and i > 0
                and toks[i - 1].token_type not in _OPERAND_END):
            yield "unary_plus", sql[:tok.start] + sql[tok.end + 1:]
    end = len(sql.rstrip().rstrip(";").rstrip())
    limits = t.at_depth0(TokenType.LIMIT)
    orders = t.at_depth0(TokenType.ORDER_BY)
    if limits:
        li = limits[-1]
        yield "limit", sql[:toks[li].start].rstrip() + sql[end:]
        v = toks[li + 1] if li + 1 < len(toks) else None
        if v is not None and v.token_type is TokenType.NUMBER and v.text.isdigit():
            n = int(v.text)
            for m in (n + 1, n - 1 if n > 1 else 2):
                yield "limit", sql[:v.start] + str(m) + sql[v.end + 1:]
        if not orders:
            yield "order", (sql[:toks[li].start] + "ORDER BY 1 " + sql[toks[li].start:])
    else:
        yield "limit", sql[:end] + " LIMIT 1" + sql[end:]
    if orders:
        oi = orders[-1]
        stop = toks[limits[-1]].start if limits and limits[-1] > oi else end
        yield "order", sql[:toks[oi].start].rstrip() + " " + sql[stop:].lstrip()
        for k in range(oi + 1, len(toks)):
            if toks[k].start >= stop:
                break
            if toks[k].token_type is TokenType.DESC:
                yield "order", sql[:toks[k].start] + "ASC" + sql[toks[k].end + 1:]
            elif toks[k].token_type is TokenType.ASC:
                yield "order", sql[:toks[k].start] + "DESC" + sql[toks[k].end + 1:]
    elif not t.at_depth0(TokenType.UNION, TokenType.EXCEPT, TokenType.INTERSECT):
        yield "order", sql[:end] + " ORDER BY 1" + sql[end:]


# --------------------------------------------------------------------------- generation


def idiom_mutants(sql: str, schema: Schema | None = None, *, limit: int = 400
                  ) -> list[Mutant]:
    """Idiom mutants of ``sql`` (see the module docstring), each a valid statement that
    differs from ``sql`` in one place; deduplicated by text, in a fixed order."""
    tree = parse(sql, schema)
    if tree is None:
        return []
    try:
        t = _Text(sql, tree)
    except (SqlglotError, ValueError):
        return []
    seen = {_squash(sql)}
    out: list[Mutant] = []

    def keep(kind: str, text: str | None) -> bool:
        if text is None or _squash(text) in seen or try_parse(text) is None:
            return False
        seen.add(_squash(text))
        out.append(Mutant(text, kind))
        return len(out) >= limit

    for kind, text in _token_edits(t):
        if keep(kind, text):
            return out
    for kind, node, new in _node_edits(t, schema):
        if keep(kind, t.splice(node, new)):
            return out
    return out


def _squash(sql: str) -> str:
    return " ".join(sql.strip().rstrip(";").split()).lower()
