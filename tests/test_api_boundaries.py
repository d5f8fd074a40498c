"""The engine's public API is the only door (issue: one public engine API).

Everything outside the engine (the map loader, the window, the AI, the batch tools, the
renderer, the CLI, the match and the developers' tools/) imports from ``game.rules`` only
names it exports, never a submodule or a private name; and the modules inside
``game.rules`` import one another without a cycle.
"""

from __future__ import annotations

import ast
from pathlib import Path

import game.rules

ROOT = Path(__file__).resolve().parents[1]
ENGINE = ROOT / "game" / "rules"


def _client_files() -> list[Path]:
    """Every Python file of the game outside the engine, and every tool."""
    files = sorted((ROOT / "game").rglob("*.py")) + sorted((ROOT / "tools").rglob("*.py"))
    return [p for p in files if ENGINE not in p.parents]


def test_the_clients_are_everything_but_the_engine() -> None:
    files = {p.relative_to(ROOT).as_posix() for p in _client_files()}
    assert {"game/maps/loader.py", "game/match.py", "tools/bench_reach.py", "game/cli/main.py"} <= files
    assert not any(f.startswith("game/rules/") for f in files)


def _engine_private_names() -> set[str]:
    """Single-underscore members the engine's classes define (``def _x`` or ``self._x = ...``)."""
    names: set[str] = set()
    for path in (ROOT / "game" / "rules").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("_") and not node.name.startswith("__"):
                names.add(node.name)
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "self" \
                    and node.attr.startswith("_") and not node.attr.startswith("__"):
                names.add(node.attr)
    return names


def test_clients_import_only_the_public_engine_api() -> None:
    public = set(game.rules.__all__)
    offenders = []
    for path in _client_files():
        rel = path.relative_to(ROOT)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                if node.module.startswith("game.rules."):
                    offenders.append(f"{rel}: imports {node.module}")
                elif node.module == "game.rules":
                    offenders += [f"{rel}: imports {a.name}" for a in node.names if a.name not in public]
            if isinstance(node, ast.Import):
                offenders += [f"{rel}: imports {a.name}" for a in node.names if a.name.startswith("game.rules.")]
    assert offenders == []


def test_clients_touch_no_private_member_of_the_engine() -> None:
    private = _engine_private_names()
    offenders = []
    for path in _client_files():
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Attribute) and node.attr in private and not (
                isinstance(node.value, ast.Name) and node.value.id in ("self", "cls")
            ):
                offenders.append(f"{path.relative_to(ROOT)}:{node.lineno}: .{node.attr}")
    assert offenders == []


def test_no_import_cycle_inside_the_engine() -> None:
    graph: dict[str, set[str]] = {}
    for path in (ROOT / "game" / "rules").glob("*.py"):
        mod = path.stem
        deps = graph.setdefault(mod, set())
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):  # TYPE_CHECKING imports count too
            if isinstance(node, ast.ImportFrom):
                if node.level == 1 and node.module:
                    deps.add(node.module.split(".")[0])
                elif node.level == 0 and node.module and node.module.startswith("game.rules."):
                    deps.add(node.module.split(".")[2])
    graph.pop("__init__", None)
    state: dict[str, int] = {}

    def visit(m: str, trail: list[str]) -> None:
        state[m] = 1
        for d in sorted(graph.get(m, ())):
            if state.get(d) == 1:
                raise AssertionError("import cycle: " + " -> ".join([*trail, m, d]))
            if d in graph and not state.get(d):
                visit(d, [*trail, m])
        state[m] = 2

    for m in sorted(graph):
        if not state.get(m):
            visit(m, [])


def test_the_public_api_exports_what_it_lists() -> None:
    missing = [n for n in game.rules.__all__ if not hasattr(game.rules, n)]
    assert missing == []
