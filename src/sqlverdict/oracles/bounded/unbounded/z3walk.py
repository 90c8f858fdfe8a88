"""Walks of Z3 terms through Z3's C API, without a Python object per subterm.

``ExprRef.children()`` wraps every child in a new Python object (a reference count up and
down, a sort check): the prover's walks of its facts spent more time there than Z3 spent
deciding. These read the same DAG by raw AST handles, each shared subterm once; a handle
is alive as long as the term it was read from (the caller holds it). No library offers a
walk of Z3 terms that skips the wrappers, hence this module.

>>> import z3
>>> x, y = z3.Ints("x y")
>>> f = z3.And(x > y, z3.Exists([y], y > x))
>>> has_quantifier(f), has_quantifier(x > y)
(True, False)
>>> seen = set(); subterm_ids([x > y], seen); len(seen)
3
"""

from __future__ import annotations

import z3

_APP, _QUANTIFIER = z3.Z3_APP_AST, z3.Z3_QUANTIFIER_AST


def _walk(exprs, seen: set[int], stop_at_quantifier: bool) -> bool:
    """Add the ids of every subterm of ``exprs`` to ``seen``; True at the first quantifier
    when ``stop_at_quantifier``."""
    if not exprs:
        return False
    ctx = exprs[0].ctx_ref()
    kind, ident, to_app = z3.Z3_get_ast_kind, z3.Z3_get_ast_id, z3.Z3_to_app
    nargs, arg, body = z3.Z3_get_app_num_args, z3.Z3_get_app_arg, z3.Z3_get_quantifier_body
    stack = [e.as_ast() for e in exprs]
    while stack:
        a = stack.pop()
        i = ident(ctx, a)
        if i in seen:
            continue
        seen.add(i)
        k = kind(ctx, a)
        if k == _APP:
            app = to_app(ctx, a)
            stack += [arg(ctx, app, j) for j in range(nargs(ctx, app))]
        elif k == _QUANTIFIER:
            if stop_at_quantifier:
                return True
            stack.append(body(ctx, a))
    return False


def subterm_ids(exprs, seen: set[int]) -> None:
    """The ids (``ExprRef.get_id``) of every subterm of the Z3 terms ``exprs`` into ``seen``."""
    _walk(list(exprs), seen, False)


def has_quantifier(f) -> bool:
    """Does the Z3 term ``f`` hold a quantifier?"""
    return _walk([f], set(), True)
