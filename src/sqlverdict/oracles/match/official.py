"""The official reading: exact-set match as the published Spider evaluator computes it,
its reading errors included (``--compat spider``).

The lenient reading (``structure.spider_structure``) reads what SQLite reads. The published
evaluator tokenizes the text and parses the tokens with a narrower grammar; five classes of
queries read differently there, measured item by item on published systems' predictions:

- ``<>``: its tokenizer joins ``!=``, ``>=`` and ``<=`` but not ``<>``, and the parser then
  fails on the lone ``>``: the query is unreadable (exact match 0);
- a leading ``NOT`` (``WHERE NOT x IN (...)``): a condition must start with a column;
  ``x NOT IN (...)`` reads;
- a quoted table name (``FROM "singer"``): its tokenizer makes it a string value;
- a table alias without ``AS`` (``FROM singer T1``), and any alias on a subquery in FROM:
  the alias is read as another table name;
- a column on the right of a comparison (``T1.a = T2.b``) ends at the next ``AND``, comma,
  parenthesis or clause keyword, so a condition joined by ``OR`` after it is dropped, with
  the ``OR`` (in WHERE, HAVING and ``JOIN ... ON``): ``a = b OR c = 1`` reads as ``a = b``.

``official_structure`` applies these on top of the lenient reading: it raises
``OutsideGrammar`` where the evaluator cannot read a query, and drops the conditions it
drops. Written from the evaluator's observable behaviour on these classes; not its code.

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
from .structure import Col, Cond, OutsideGrammar, Query, spider_structure

_STRING = re.compile(r"'(?:[^']|'')*'|\"[^\"]*\"")
_TOKEN = re.compile(r"<>|!=|>=|<=|[A-Za-z_][\w.]*|\d+(?:\.\d+)?|\S")
_STARTS_CONDITION = {"where", "and", "or", "on", "having", "("}


def _tokens(sql: str) -> list[str]:
    """Lower-case tokens with string literals replaced by ``'str'``."""
    return [t.lower() for t in _TOKEN.findall(_STRING.sub(" 'str' ", sql))]


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
    for prev, tok in zip(toks, toks[1:], strict=False):
        if tok == "not" and prev in _STARTS_CONDITION:
            return ("leading NOT in a condition (the official parser reads 'x NOT IN', "
                    "not 'NOT x IN')")
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
        dropping = isinstance(c, Cond) and c.op != "between" and isinstance(c.v1, Col)
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


def official_structure(sql: str, schema: Schema) -> Query:
    """``spider_structure`` as the published evaluator reads it; see the module docstring."""
    q = spider_structure(sql, schema)  # raises for what neither reading reads
    first = split_statements(sql)[0]
    problem = text_problem(first)
    if problem is None:
        problem = _tree_problem(first, parse_statement(first), schema)
    if problem is not None:
        raise OutsideGrammar(problem)
    return _drop_all(q)
