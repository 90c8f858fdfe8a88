"""Pairs written in another dialect: translated to SQLite once, before the verifier reads them.

``staging.verify(..., dialect="postgres")`` calls ``translate_pair`` before it builds the
``Pair``: both queries become SQLite text (``engine.translation``); with
``dialect="sqlite:postgres"`` only the prediction is translated (a SQLite gold). When one of them cannot
(it does not parse in its dialect, or uses a construct SQLite cannot express), the pair is
``unknown`` with the construct named and the side it is on: SQLite rejecting a translation
says nothing about the query in its own dialect. ``settled`` applies the same rule to what
the verifier answers: a refutation whose only evidence is an error SQLite raised running a
translation becomes ``unknown``. Every result says the dialect (``VerifyResult.dialect``)
and carries both translations.

>>> from sqlverdict.schema import from_ddl
>>> s = from_ddl("CREATE TABLE t(a INT, b TEXT)")
>>> translate_pair("SELECT a FROM t WHERE b ILIKE 'x'", "SELECT a FROM t", s, "postgres", 3, "bag")
("SELECT a FROM t WHERE b LIKE 'x'", 'SELECT a FROM t')
>>> r = translate_pair("SELECT a FROM t", "SELECT SPLIT_PART(b, ',', 1) FROM t", s, "postgres", 3, "bag")
>>> str(r.status), r.reason
('unknown', 'unsupported: prediction: function SPLIT_PART (postgres has no SQLite counterpart)')
"""

from __future__ import annotations

from ...engine.translation import translate
from ...errors import InputError
from ...sql.dialect import Untranslatable, sides
from ...types import Schema, Status
from .outcome import Cause, VerifyResult
from .witness import replay


def translate_pair(gold: str, pred: str, schema: Schema, dialect: str, bound: int,
                   semantics: str | None) -> tuple[str, str] | VerifyResult:
    """Both queries as SQLite text, or the ``unknown`` result that says why not.
    ``dialect``: a checked spec (``sql.dialect.check_dialect``: ``NAME`` or ``GOLD:PRED``)."""
    out = []
    for side, sql, name in zip(("gold", "prediction"), (gold, pred), sides(dialect), strict=True):
        if name is None:  # already SQLite
            out.append(sql)
            continue
        try:
            out.append(translate(sql, name, schema))
        except Untranslatable as e:
            detail = f"{side}: {e.construct}" + (f" ({e.detail})" if e.detail else "")
            return VerifyResult(Status.UNKNOWN, bound, semantics or "auto", cause=Cause.UNSUPPORTED,
                                detail=detail, dialect=dialect)
        except InputError as e:
            cause = Cause.GOLD_INVALID if side == "gold" else Cause.PRED_NOT_UNDERSTOOD
            return VerifyResult(Status.UNKNOWN, bound, semantics or "auto", cause=cause,
                                detail=f"as {name}: {e}", dialect=dialect)
    return out[0], out[1]


def settled(res: VerifyResult, dialect: str, gold: str, pred: str,
            schema: Schema | None = None) -> VerifyResult:
    """``res`` for the translated pair, said to be so: a refutation that rests on SQLite
    rejecting a translation is ``unknown``. Where SQLite runs the translation and raises on
    the witness's rows only (``integer overflow`` of a SUM past 64 bits: PostgreSQL's SUM
    widens), the reason says so, with SQLite's message (replayed on ``schema``)."""
    res = res.but(dialect=dialect, translation=(gold, pred))
    if sides(dialect)[1] is None:  # the prediction is SQLite's own text: SQLite judges it
        return res
    w = res.witness
    rejected = res.evidence == "invalid_sql" or (w is not None and w.signature == "execution_error")
    if res.status is Status.REFUTED and rejected:
        why = res.detail or (w.signature if w is not None else "")
        detail = f"a translation SQLite rejects ({why})"
        if res.evidence != "invalid_sql" and schema is not None and w is not None:
            rep = replay(gold, pred, schema, w.tables, res.semantics)
            if rep.problem.startswith(_FAILS):
                detail = ("an error SQLite raises running a translation on a database of the "
                          f"search ({rep.problem.removeprefix(_FAILS)})")
        return res.but(status=Status.UNKNOWN, cause=Cause.UNSUPPORTED, witness=None,
                       evidence=None, realism=None, method=None, detail=detail)
    return res


_FAILS = "prediction fails: "  # (``witness._compare``'s problem)
