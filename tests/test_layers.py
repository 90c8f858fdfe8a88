"""The layers of docs/architecture.md hold: imports go down (or stay in a layer), and no
module imports itself back through others. Read from the source with ``ast``."""

from __future__ import annotations

import ast
from collections import defaultdict
from pathlib import Path

SRC = Path(__file__).resolve().parents[1] / "src"
ROOT = SRC / "sqlverdict"

# lowest first; a module may import from its own layer and the layers before it
LAYERS = [
    {"sqlverdict", "errors", "types", "clip", "jsonl"},
    {"sql", "llm"},
    {"engine", "schema"},
    {"bench", "runner", "constraints"},
    {"oracles", "oracles.suite", "oracles.bounded", "oracles.match"},
    {"evaluation", "official", "structure", "certify", "report", "demo"},
    {"cli", "__main__"},
]


def _module(p: Path) -> str:
    parts = list(p.relative_to(SRC).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


MODULES = {_module(p): p for p in ROOT.rglob("*.py")}


def _imports(name: str, p: Path) -> set[str]:
    pkg = name if p.name == "__init__.py" else name.rsplit(".", 1)[0]
    out = set()
    for node in ast.walk(ast.parse(p.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = pkg.split(".")[: len(pkg.split(".")) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            subs = [f"{target}.{a.name}" for a in node.names]
            out |= set(subs) if all(s in MODULES for s in subs) else {target}
        elif isinstance(node, ast.Import):
            out |= {a.name for a in node.names}
    resolved = set()
    for t in out:
        while t and t not in MODULES:
            t = t.rsplit(".", 1)[0] if "." in t else ""
        if t and t != name:
            resolved.add(t)
    return resolved


GRAPH = {m: _imports(m, p) for m, p in MODULES.items()}


def _area(m: str) -> str:
    parts = m.split(".")[1:] or ["sqlverdict"]
    if parts[0] == "oracles" and len(parts) > 1 and f"oracles.{parts[1]}" in LAYERS[4]:
        return f"oracles.{parts[1]}"
    return parts[0]


def _layer(area: str) -> int:
    return next(i for i, layer in enumerate(LAYERS) if area in layer)


def test_every_area_has_a_layer():
    assert {_area(m) for m in MODULES} <= set().union(*LAYERS)


def test_imports_go_down():
    upward = sorted((m, t) for m, ts in GRAPH.items() for t in ts
                    if _layer(_area(t)) > _layer(_area(m)))
    assert upward == [], upward


def test_no_import_cycles():
    index, low, stack, on, cycles = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in GRAPH.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                cycles.append(sorted(comp))

    for v in sorted(GRAPH):
        if v not in index:
            visit(v)
    assert cycles == [], cycles


def test_the_graph_is_read():
    assert len(MODULES) > 80 and "sqlverdict.oracles.bounded.staging" in GRAPH
    deps = defaultdict(set)
    for m, ts in GRAPH.items():
        deps[_area(m)] |= {_area(t) for t in ts}
    assert "engine" in deps["oracles.bounded"] and "cli" not in deps["engine"]
