"""The lowering of expressions (``ir/expressions.py``) tries the steps of ``_EXPR`` in
order, as the chain of ``isinstance`` tests it replaced did: a step placed after an
unguarded step for one of its superclasses would never run."""

from __future__ import annotations

from sqlglot import exp  # noqa: F401  (used by the doctest)

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.ir.expressions import _EXPR
from sqlverdict.schema import from_ddl


def _classes(c) -> tuple:
    return c if isinstance(c, tuple) else (c,)


def unreachable(table) -> list[str]:
    """Steps whose every class is caught by an earlier step that has no guard.

    >>> unreachable(((exp.Func, None, len), (exp.Abs, None, abs)))
    ['abs']
    >>> unreachable(((exp.Func, lambda lw, n: False, len), (exp.Abs, None, abs)))
    []
    """
    out = []
    for i, (classes, _, step) in enumerate(table):
        caught = [c for earlier, guard, _ in table[:i] if guard is None for c in _classes(earlier)]
        if all(any(issubclass(k, c) for c in caught) for k in _classes(classes)):
            out.append(step.__name__)
    return out


def test_every_step_is_reachable():
    assert unreachable(_EXPR) == []


def test_guarded_steps_come_before_their_fallbacks():
    s = from_ddl("CREATE TABLE t(a INT, b TEXT)")
    low = lambda sql: ir.lower(sql, s).query  # noqa: E731
    # IN with a row value (guarded) before IN; IS NOT before IS; TOTAL before other functions
    assert isinstance(low("SELECT 1 FROM t WHERE (a, b) IN ((1, 'x'))").where, ir.Logic)
    assert isinstance(low("SELECT 1 FROM t WHERE a IN (1, 2)").where, ir.InList)
    assert isinstance(low("SELECT total(a) FROM t").items[0], ir.Agg)
    assert low("SELECT 1 FROM t WHERE a IS NOT 1").where.op == "is not"
