"""The official reading: exact-set match as the published Spider evaluator computes it,
its reading errors included (``--compat spider``).

The lenient reading (``structure.spider_structure``) reads what SQLite reads. The published
evaluator tokenizes the text (nltk's word tokenizer after string values are set aside) and
parses the tokens with a narrower grammar; these queries read differently there, each class
checked item by item against the published program (``benchmarks/official_item_compare``):

- ``<>``: its tokenizer joins ``!=``, ``>=`` and ``<=`` but not ``<>``, and the parser then
  fails on the lone ``>``: the query is unreadable (exact match 0);
- an operator joined to its operand (``a=b``, ``x='y'``, ``n >=2``, ``+a``, ``==``): the
  word is no column or value there (``<`` and ``>`` alone are cut from their neighbours);
  an odd number of quote characters (``"O'Brien"``) or a doubled ``''``: unreadable;
- ``! =``, ``< =``, ``> =`` written apart: joined into one operator (SQLite refuses them);
- a ``--`` comment or a final period: read as a word, so unreadable unless the query ends
  with GROUP BY (without HAVING), ORDER BY, LIMIT, ``;`` or a parenthesised set-operation
  operand before it, where reading stops, or with a column value, whose reader skips it;
- a leading ``NOT`` (``WHERE NOT x IN (...)``): a condition must start with a column;
  ``x NOT IN (...)`` reads;
- a quoted table name (``FROM "singer"``): its tokenizer makes it a string value;
- a table alias without ``AS`` (``FROM singer T1``), and any alias on a subquery in FROM:
  the alias is read as another table name; ``UNION ALL``: unreadable;
- in SELECT, an aggregate first in arithmetic (``max(a) - min(a)``) is unreadable and a
  parenthesised aggregate ``(max(a))`` is another item (taken here as unreadable);
- a compared value that starts with a column is that column alone: the rest up to the next
  ``AND``, comma, parenthesis or clause keyword is skipped, so ``a = b + 1`` reads as
  ``a = b`` and a condition joined by ``OR`` after it is dropped with the ``OR`` (in WHERE,
  HAVING and ``JOIN ... ON``; after ``BETWEEN x AND b`` too): ``a = b OR c = 1`` reads as
  ``a = b``; an aggregate or a column in parentheses as a compared value is unreadable.

``official_structure`` applies these on top of the lenient reading: it raises
``OutsideGrammar`` where the evaluator cannot read a query, and drops what it drops.
Written from the evaluator's observable behaviour on these classes; not its code.

>>> from sqlverdict.schema import from_ddl
>>> s = from_ddl("CREATE TABLE singer(singer_id INT PRIMARY KEY, name TEXT, age INT)", "d")
>>> official_structure("SELECT name FROM singer WHERE age <> 30", s)
Traceback (most recent call last):
...
sqlverdict.oracles.match.structure.OutsideGrammar: '<>' (the official tokenizer knows only '!=')
>>> q = official_structure("SELECT name FROM singer WHERE age = singer_id OR name = 'x'", s)
>>> len(q.where)
1
"""

from __future__ import annotations

import re
from dataclasses import replace

from sqlglot import exp

from ...schema import split_statements
from ...sql.parse import parse_statement
from ...types import Schema
from .structure import AGGS, ARITH, COMPARE, Col, Cond, OutsideGrammar, Query, spider_structure

_STRING = re.compile(r"'(?:[^']|'')*'|\"[^\"]*\"")
_TOKEN = re.compile(r"<>|!=|>=|<=|[A-Za-z_][\w.]*|\d+(?:\.\d+)?|\S")
_STARTS_CONDITION = {"where", "and", "or", "on", "having", "("}


def _tokens(sql: str) -> list[str]:
    """Lower-case tokens with string literals replaced by ``'str'``."""
    return [t.lower() for t in _TOKEN.findall(_STRING.sub(" 'str' ", sql))]


# The published tokenizer (nltk's word tokenizer after string values are set aside) cuts
# a word at these characters, at `,` and `:` unless a digit follows, at `--` and before a
# final period; `=`, `+`, `-`, `/`, `|` stay inside the word they touch (measured on nltk
# 3.10 with every character between letters and digits).
_CUT = re.compile(r"--|[*<>!%;&@#$?\[\](){}`]|[,:](?!\d)")
_GLUED = re.compile(r"[=+\-/|^~]")


def official_words(sql: str) -> list[str] | None:
    """The words the published tokenizer makes of ``sql`` (lower case, a string value as
    ``"str"``, ``!``/``<``/``>`` joined to a following ``=``), or None when its quote count
    is odd (its tokenizer stops there: both quote kinds count, a doubled ``''`` too).

    >>> official_words("SELECT T1.a FROM t AS T1 WHERE T1.b='x' AND c >= 2")
    ['select', 't1.a', 'from', 't', 'as', 't1', 'where', 't1.b="str"', 'and', 'c', '>=', '2']
    >>> official_words("SELECT a FROM t WHERE b>=2 AND c != 1")
    ['select', 'a', 'from', 't', 'where', 'b', '>', '=2', 'and', 'c', '!=', '1']
    """
    s = sql.replace("'", '"')
    if s.count('"') % 2:
        return None
    s = _CUT.sub(lambda m: f" {m.group(0)} ", re.sub(r'"[^"]*"', '"str"', s))
    s = re.sub(r"([^.])\.([\])}>\"']*)\s*$", r"\1 . \2", s)  # a final period
    out: list[str] = []
    for w in s.lower().split():
        if w == "=" and out and out[-1] in ("!", "<", ">"):
            out[-1] += "="
        else:
            out.append(w)
    return out


def _glued(words: list[str]) -> str | None:
    """A word the official parser must read that holds an operator joined to its operand
    (``a=b``, ``=2``, ``x+1``), or a string value joined to anything (``'it''s'`` is two
    values in one word): it is no column, value or number there; so is a word of operators
    holding ``=`` other than ``!= >= <=`` (``==``). Words it skips unread (an alias after
    AS, the LIMIT count) do not count, nor other words of operators only (``||``: where the
    parser would read one, the lenient reading refuses the query too)."""
    for prev, w in zip(["", *words], words, strict=False):
        if len(w) < 2 or w in ("!=", ">=", "<=", "--") or prev in ("as", "limit"):
            continue
        if not re.search(r'[\w"]', w):
            if "=" in w:
                return w
            continue
        if _GLUED.search(w.replace('"str"', "")) or ('"str"' in w and w != '"str"'):
            try:
                float(w)
            except ValueError:
                return w
    return None


_CLAUSES = {"select", "from", "where", "group", "having", "order", "limit", "union",
            "intersect", "except"}


# where the official value reader stops skipping, and the operators before a value
_STOP = {",", ")", "and", "select", "from", "where", "group", "order", "limit", "intersect",
         "union", "except", "join", "on", "as"}
_VALUE_OPS = {"=", "!=", "<", ">", ">=", "<=", "like", "between"}


def _skipped(words: list[str]) -> list[bool]:
    """For each word, whether the official parser skips it unread: a compared value that
    starts with a column is that column, and the words after it up to the next AND, comma,
    closing parenthesis or clause or join keyword are skipped (``OR c = 1``, ``+ 1``, a
    trailing comment).

    >>> _skipped("where a = b + 1 or c=1 and d = 2 -- x".split())
    [False, False, False, False, True, True, True, True, False, False, False, False, False, False]
    """
    out: list[bool] = []
    scanning = expect = between = False
    for w in words:
        if scanning and w not in _STOP:
            out.append(True)
            continue
        scanning = False
        out.append(False)
        if expect:
            expect = False
            if re.fullmatch(r"[a-z_][\w.]*", w) and w not in ("select", "not"):
                scanning = True
                continue
        if w in _VALUE_OPS:
            expect, between = True, w == "between"
        elif w == "and" and between:
            expect, between = True, False
    return out


def _closes_query(words: list[str]) -> bool:
    """Whether ``words`` end with a parenthesised query that is the whole query or a set
    operation's operand (``... UNION (SELECT ...)``), after which the parser stops."""
    if not words or words[-1] != ")":
        return False
    depth, j = 0, len(words) - 1
    for j in range(len(words) - 1, -1, -1):
        depth += (words[j] == ")") - (words[j] == "(")
        if depth == 0:
            break
    return depth == 0 and (j == 0 or words[j - 1] in ("union", "intersect", "except"))


def _trailing_problem(words: list[str]) -> tuple[list[str], str | None]:
    """The words the official parser may read (before a ``--`` comment or a final period)
    and, when such a tail is there, whether the parser stops on it: it stops reading after
    a complete GROUP BY (without HAVING), ORDER BY, LIMIT or a ``;``, and tries to read the
    tail as a table, column or condition anywhere else.

    >>> _trailing_problem(["select", "a", "from", "t", "order", "by", "a", "--", "x"])
    (['select', 'a', 'from', 't', 'order', 'by', 'a'], None)
    >>> _trailing_problem(["select", "a", "from", "t", "--", "x"])[1] is not None
    True
    """
    cut = next((i for i, w in enumerate(words)
                if w == "--" or (w == "." and i == len(words) - 1)), None)
    if cut is None:
        return words, None
    head, depth, last = words[:cut], 0, None
    for w in head:
        depth += (w == "(") - (w == ")")
        if depth == 0 and w in _CLAUSES:
            last = w
    if (head and head[-1] == ";") or last in ("group", "order", "limit") or _closes_query(head):
        return head, None
    what = "a '--' comment" if words[cut] == "--" else "a final period"
    return head, (f"{what} after the {last or 'first'} clause (the official tokenizer keeps "
                  "it as a word and the parser reads it as part of the query)")


def join_split_operators(sql: str) -> str:
    """``! =``, ``< =`` and ``> =`` outside string values written as one operator, as the
    official tokenizer joins them (SQLite would not read them).

    >>> join_split_operators("SELECT a FROM t WHERE b > = 2 AND c = '! ='")
    "SELECT a FROM t WHERE b >= 2 AND c = '! ='"
    """
    parts = re.split(r"('(?:[^']|'')*'|\"[^\"]*\")", sql)
    return "".join(p if i % 2 else re.sub(r"([!<>])\s+=(?=\s)", r"\1=", p)
                   for i, p in enumerate(parts))


def text_problem(sql: str) -> str | None:
    """Why the official tokenizer and parser cannot read ``sql`` whatever the schema, from
    its tokens alone, or None.

    >>> text_problem("SELECT a FROM t WHERE NOT a IN (SELECT b FROM u)")
    "leading NOT in a condition (the official parser reads 'x NOT IN', not 'NOT x IN')"
    >>> text_problem("SELECT a FROM t WHERE a NOT IN (SELECT b FROM u) AND c != 'a<>b'") is None
    True
    """
    toks = _tokens(sql)
    if "<>" in toks:
        return "'<>' (the official tokenizer knows only '!=')"
    words = official_words(sql)
    if words is None:
        return "an odd number of quote characters (the official tokenizer stops on it)"
    if any(a == "union" and b == "all" for a, b in zip(words, words[1:], strict=False)):
        return "UNION ALL (the official parser expects SELECT after UNION)"
    words = [w for w, skip in zip(words, _skipped(words), strict=True) if not skip]
    words, trailing = _trailing_problem(words)
    if trailing is not None:
        return trailing
    glued = _glued(words)
    if glued is not None:
        return (f"operator joined to its operand ({glued!r}: the official tokenizer splits "
                "words at spaces, not at '=', '+', '-' or '/')")
    for prev, tok in zip(toks, toks[1:], strict=False):
        if tok == "not" and prev in _STARTS_CONDITION:
            return ("leading NOT in a condition (the official parser reads 'x NOT IN', "
                    "not 'NOT x IN')")
    return None


def _select_item_problem(items: list) -> str | None:
    """A SELECT item the official parser reads otherwise: it reads an aggregate's name and
    then one value unit, so ``max(a) - min(a)`` (or ``(a) - b``) leaves ``- min(a)`` unread
    and the query is unreadable, and ``(max(a))`` is a value unit holding an aggregate, never
    equal to ``max(a)`` (treated here as unreadable: no gold is written that way)."""
    for item in items:
        if isinstance(item, tuple(ARITH)) and isinstance(item.this, (exp.Paren, *AGGS)):
            return ("an aggregate or parenthesis first in an arithmetic SELECT item (the "
                    "official parser reads it alone and stops on the operator)")
        if isinstance(item, exp.Paren) and isinstance(item.unnest(), tuple(AGGS)):
            return ("a parenthesised aggregate in SELECT (the official parser reads it as "
                    "another item)")
    return None


def _tree_problem(sql: str, tree: exp.Expression, schema: Schema) -> str | None:
    """Quoted table names and aliases the official parser reads as table names."""
    flat = " ".join(_tokens(sql))
    names = {t.name.lower() for t in schema.tables}
    for t in tree.find_all(exp.Table):
        ident = t.args.get("this")
        if isinstance(ident, exp.Identifier) and ident.quoted:
            return f"quoted table name {t.name!r} (the official tokenizer reads it as a string)"
        alias = t.alias
        if alias and not re.search(rf"(?<![\w.]){re.escape(t.name.lower())} as "
                                   rf"{re.escape(alias.lower())}(?![\w.])", flat):
            return (f"table alias without AS ({t.name} {alias}; the official parser reads "
                    f"{alias!r} as a table)")
        if alias and alias.lower() in names:
            return f"alias {alias!r} is a table's name (the official parser stops on it)"
    problem = _value_problem(tree)
    if problem:
        return problem
    for select in tree.find_all(exp.Select):
        problem = _select_item_problem(select.expressions)
        if problem:
            return problem
    for sub in tree.find_all(exp.Subquery):
        if sub.alias and isinstance(sub.parent, (exp.From, exp.Join)):
            return (f"alias on a subquery in FROM ({sub.alias}; the official parser reads it "
                    "as a table)")
    return None


def _drop_after_column(conds: tuple) -> tuple:
    """Conditions joined by OR after one whose value is a column are dropped, with their OR,
    up to the next AND (where the official value reader stops).

    >>> from sqlverdict.oracles.match.structure import Val
    >>> a = Cond(False, "=", Val("", Col("", "x", False), None), Col("", "y", False))
    >>> b = Cond(False, "=", Val("", Col("", "z", False), None), 1.0)
    >>> _drop_after_column((a, "or", b, "and", b)) == (a, "and", b)
    True
    """
    out: list = []
    dropping = False
    for i in range(0, len(conds), 2):
        c = conds[i]
        link = conds[i - 1] if i else None
        if dropping and link == "or":
            if isinstance(c, Cond) and any(isinstance(v, Query) for v in (c.v1, c.v2)):
                raise OutsideGrammar("a subquery in a condition the official parser drops")
            continue
        if out:
            out.append(link)
        out.append(c)
        dropping = isinstance(c, Cond) and isinstance(c.v2 if c.op == "between" else c.v1, Col)
    return tuple(out)


def _drop_all(q: Query | None) -> Query | None:
    if q is None:
        return None

    def conds(cs: tuple) -> tuple:
        cs = _drop_after_column(cs)
        return tuple(replace(c, v1=_drop_all(c.v1) if isinstance(c.v1, Query) else c.v1,
                             v2=_drop_all(c.v2) if isinstance(c.v2, Query) else c.v2)
                     if isinstance(c, Cond) else c for c in cs)

    tables = tuple((k, _drop_all(v) if k == "sql" else v) for k, v in q.tables)
    return replace(q, tables=tables, join_conds=conds(q.join_conds), where=conds(q.where),
                   having=conds(q.having), intersect=_drop_all(q.intersect),
                   union=_drop_all(q.union), except_=_drop_all(q.except_))


def _compared_values(tree: exp.Expression):
    """(node, key, value) for each value a condition compares with."""
    for node in list(tree.find_all(*COMPARE, exp.Like, exp.Between)):
        for key in ("low", "high") if isinstance(node, exp.Between) else ("expression",):
            if node.args.get(key) is not None:
                yield node, key, node.args[key]


def _first_unit(value: exp.Expression) -> exp.Expression:
    while isinstance(value, exp.Binary):
        value = value.this
    return value


def first_column_values(sql: str) -> str:
    """``sql`` with each compared value that starts with a column and goes on (``a = b + 1``,
    ``a LIKE b || 'x'``) cut to that column, as the official value reader takes the first
    column and skips the rest up to the next AND, comma, parenthesis or clause keyword;
    ``sql`` unchanged when there is none.

    >>> first_column_values("SELECT a FROM t WHERE a > b * 2 AND c BETWEEN d - 1 AND 3")
    'SELECT a FROM t WHERE a > b AND c BETWEEN d AND 3'
    >>> first_column_values("SELECT a FROM t WHERE a > (b * 2)")
    'SELECT a FROM t WHERE a > (b * 2)'
    """
    try:
        tree = parse_statement(split_statements(sql)[0])
    except Exception:  # noqa: BLE001  unreadable either way: spider_structure says why
        return sql
    changed = False
    for _, _, value in _compared_values(tree):
        first = _first_unit(value)
        if first is not value and isinstance(first, exp.Column):
            value.replace(first.copy())
            changed = True
    return tree.sql(dialect="sqlite") if changed else sql


def _value_problem(tree: exp.Expression) -> str | None:
    """A compared value the official value reader cannot read: an aggregate (it reads up
    to the aggregate's closing parenthesis, then misses it) or a column in parentheses."""
    for _, _, value in _compared_values(tree):
        if isinstance(_first_unit(value), tuple(AGGS)):
            return "an aggregate as a compared value (the official value reader stops on it)"
        if isinstance(value, exp.Paren) and not isinstance(
                value.unnest(), (exp.Literal, exp.Subquery, exp.Select, exp.SetOperation)):
            return ("a column in parentheses as a compared value (the official value reader "
                    "stops on it)")
    return None


def official_structure(sql: str, schema: Schema) -> Query:
    """``spider_structure`` as the published evaluator reads it; see the module docstring."""
    sql = join_split_operators(sql)
    q = spider_structure(first_column_values(sql), schema)  # raises: unreadable either way
    first = split_statements(sql)[0]
    problem = text_problem(first)
    if problem is None:
        problem = _tree_problem(first, parse_statement(first), schema)
    if problem is not None:
        raise OutsideGrammar(problem)
    return _drop_all(q)
