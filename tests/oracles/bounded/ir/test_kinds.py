"""The IR's vocabularies are enums (``ir/kinds.py``): each member is its string, the nodes'
constructors turn strings into members and refuse unknown ones, and the printed IR is the
one of the string-typed IR (``tests/fixtures/ir/printed.json``, printed by the tree before
the enums, 2aa5842): the rewriting orders terms by their printed form."""

from __future__ import annotations

import dataclasses
import json
import pickle
from pathlib import Path

import pytest

from sqlverdict.oracles.bounded import ir
from sqlverdict.oracles.bounded.ir import kinds
from sqlverdict.oracles.bounded.ir.kinds import (
    Affinity,
    AggFn,
    ArithOp,
    CmpOp,
    Conv,
    FrameBound,
    FrameExclude,
    FrameUnit,
    FuncName,
    JoinKind,
    LogicOp,
    SetOpKind,
    Ty,
    WindowFn,
)
from sqlverdict.schema import from_ddl

PRINTED = Path(__file__).resolve().parents[3] / "fixtures" / "ir" / "printed.json"
ENUMS = (Ty, Affinity, ArithOp, CmpOp, LogicOp, Conv, JoinKind, SetOpKind, FuncName, AggFn,
         WindowFn, FrameUnit, FrameBound, FrameExclude)


@pytest.mark.parametrize("kind", ENUMS, ids=lambda k: k.__name__)
def test_members_round_trip(kind):
    for m in kind:
        assert kind(m.value) is m
        assert kinds.member(kind, m.value, "x") is m and kinds.member(kind, m, "x") is m
        assert m == m.value and hash(m) == hash(m.value)
        assert str(m) == f"{m}" == m.value and repr(m) == repr(m.value)
        assert pickle.loads(pickle.dumps(m)) is m
        assert json.loads(json.dumps([m])) == [m.value]
        assert {m.value: 1}[m] == 1  # tables keyed by the old strings still answer


def test_conv_none_is_false():
    assert not Conv.NONE and Conv.LEFT and Conv.RIGHT


C = ir.Col("t#0", "a", "int", "INTEGER")
ONE = ir.Lit(1, "int")


@pytest.mark.parametrize("make, field", [
    (lambda: ir.Lit(1, "integer"), "Lit.ty"),
    (lambda: ir.Col("t#0", "a", "int", "INT"), "Col.affinity"),
    (lambda: ir.Col("t#0", "a", "num", "INTEGER"), "Col.ty"),
    (lambda: ir.Arith("^", C, ONE, "int"), "Arith.op"),
    (lambda: ir.Cmp("==", C, ONE), "Cmp.op"),
    (lambda: ir.Cmp("=", C, ONE, conv="both"), "Cmp.conv"),
    (lambda: ir.Logic("xor", (C, ONE)), "Logic.op"),
    (lambda: ir.Func("sqrt", (C,), "real"), "Func.name"),
    (lambda: ir.Agg("median", C, False, "real"), "Agg.fn"),
    (lambda: ir.Agg("COUNT", C, False, "int"), "Agg.fn"),  # case matters
    (lambda: ir.Window("median", (), ()), "Window.fn"),
    (lambda: ir.Window("sum", (), (), "int", (C,), ("rowz",) + ir.DEFAULT_FRAME[1:]),
     "Window.frame unit"),
    (lambda: ir.Window("sum", (), (), "int", (C,), ir.DEFAULT_FRAME[:3] + ("others",)),
     "Window.frame exclude"),
    (lambda: ir.Join("outer", None, None, None), "Join.kind"),
    (lambda: ir.Scan("t", "t#0", (("a", "int", "INT"),)), "Scan.columns"),
    (lambda: ir.Values("v#0", ("column1",), ((ONE,),), ("integer",)), "Values.types"),
    (lambda: ir.InSub(C, None, convs=("up",)), "InSub.convs"),
])
def test_nodes_refuse_unknown_strings(make, field):
    with pytest.raises(ValueError) as err:
        make()
    assert str(err.value).startswith(field + ":")


def test_set_op_refuses_unknown_kind():
    sel = ir.lower("SELECT 1", from_ddl("CREATE TABLE t(a INT)")).query
    with pytest.raises(ValueError, match=r"SetOp.op: 'minus' is not a SetOpKind \('union'"):
        ir.SetOp("minus", False, sel, sel)


def test_the_error_names_the_allowed_values():
    with pytest.raises(ValueError) as err:
        ir.Join("outer", None, None, None)
    assert "'inner', 'cross', 'left', 'right', 'full'" in str(err.value)


def _fields(node):
    """Every (class.field, value) of the IR under ``node``, enum-typed fields first."""
    if isinstance(node, tuple):
        for x in node:
            yield from _fields(x)
        return
    if not dataclasses.is_dataclass(node):
        return
    for f in dataclasses.fields(node):
        v = getattr(node, f.name)
        yield f"{type(node).__name__}.{f.name}", v
        yield from _fields(v)


TYPED = {"ty": Ty, "op": (ArithOp, CmpOp, LogicOp, SetOpKind), "conv": Conv, "kind": JoinKind,
         "fn": (AggFn, WindowFn), "affinity": (Affinity, type(None))}


def _printed():
    return json.loads(PRINTED.read_text(encoding="utf-8"))


def test_printed_ir_is_unchanged():
    data = _printed()
    s = from_ddl(data["ddl"])
    assert len(data["printed"]) >= 6
    for case in data["printed"]:
        assert repr(ir.lower(case["sql"], s).query) == case["ir"], case["sql"]


def test_lowering_stores_members():
    data = _printed()
    s = from_ddl(data["ddl"])
    seen = set()
    for case in data["printed"]:
        for name, v in _fields(ir.lower(case["sql"], s).query):
            field = name.split(".")[1]
            if name == "Func.name":
                assert isinstance(v, FuncName), v
                seen.add(name)
            if field in TYPED and not (name.startswith("Func.") or name.startswith("Scan.")):
                assert isinstance(v, TYPED[field]), (name, v)
                seen.add(field)
    assert seen == set(TYPED) | {"Func.name"}


def test_window_frame_holds_members():
    q = ir.lower("SELECT sum(a) OVER (ORDER BY a ROWS BETWEEN 1 PRECEDING AND CURRENT ROW) FROM t",
                 from_ddl("CREATE TABLE t(a INT)")).query
    w = q.items[0]
    unit, start, end, excl = w.frame
    assert (type(unit), type(start[0]), type(end[0]), type(excl)) == (
        FrameUnit, FrameBound, FrameBound, FrameExclude)
    assert w.frame == ("rows", ("preceding", 1), ("current", 0), "no others")
    assert ir.order_dependent(w)
