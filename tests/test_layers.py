"""One layer table for the whole code base, with no exemptions (docs/architecture.md).

    rules  <-  maps  <-  (ai, match, saves)  <-  (render, words)  <-  (ui, playtest)  <-  cli  <-  tools

A module imports only from a lower layer or from its own part; parts on the same
layer (ai and match, ui and playtest) know nothing of each other. Every import
counts: at the top of a module, inside a function, under ``TYPE_CHECKING``.
And no module imports itself back, through any chain (a package counts as its
``__init__``, which Python runs before any module under it).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from tests.import_graph import Graph, import_graph, part_of

# Lowest first. tools/ (the developers' scripts) sit on top and may use any part.
LAYERS: list[tuple[str, ...]] = [
    ("game.rules", "game.data"),
    ("game.maps",),
    ("game.ai", "game.match", "game.saves"),
    ("game.render", "game.words"),
    ("game.ui", "game.playtest"),
    ("game.cli",),
    ("game",),  # the package itself: its __init__ and ``python -m game`` (the CLI)
    ("tools",),
]
LEVEL = {part: i for i, parts in enumerate(LAYERS) for part in parts}


@cache
def _graph() -> Graph:
    return import_graph()


def test_every_module_belongs_to_a_layer() -> None:
    unplaced = sorted(m for m in _graph() if part_of(m) not in LEVEL)
    assert unplaced == [], "add these parts to LAYERS (and to docs/architecture.md)"


def test_imports_point_down_the_layer_table() -> None:
    graph = _graph()
    wrong = []
    for mod, deps in sorted(graph.items()):
        here = part_of(mod)
        for dep, line in sorted(deps.items()):
            there = part_of(dep)
            if there == here:
                continue
            if LEVEL[there] >= LEVEL[here]:
                side = "sideways" if LEVEL[there] == LEVEL[here] else "upward"
                wrong.append(f"{mod} (line {line}) imports {dep}: {side}, {here} -> {there}")
    assert wrong == []


def test_no_import_cycle_anywhere() -> None:
    graph = _graph()
    state: dict[str, int] = {}
    cycles: list[str] = []

    def visit(m: str, trail: list[str]) -> None:
        state[m] = 1
        for d in sorted(graph.get(m, {})):
            if state.get(d) == 1:
                loop = [*trail, m][[*trail, m].index(d):] + [d]
                cycles.append(" -> ".join(loop))
            elif not state.get(d):
                visit(d, [*trail, m])
        state[m] = 2

    for m in sorted(graph):
        if not state.get(m):
            visit(m, [])
    assert cycles == []


def test_the_graph_sees_imports_inside_functions_and_type_checking_blocks(tmp_path: Path) -> None:
    """The checks above would pass vacuously if the scan missed the imports that hid the old loops."""
    pkg = tmp_path / "pkg"
    (pkg / "sub").mkdir(parents=True)
    (pkg / "__init__.py").write_text("")
    (pkg / "sub" / "__init__.py").write_text("from .. import b\n")  # a package's __init__ runs first
    (pkg / "a.py").write_text("def late():\n    from pkg import b  # only when called\n")
    (pkg / "b.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from .a import late\n")
    (pkg / "c.py").write_text("from pkg.sub import thing\n")
    graph = import_graph(tmp_path, ("pkg",))
    assert graph["pkg.a"] == {"pkg.b": 2}
    assert graph["pkg.b"] == {"pkg.a": 3}
    assert graph["pkg.c"] == {"pkg.sub": 1}  # the package, though the name imported is not a module
    assert graph["pkg.sub"] == {"pkg.b": 1}
    assert graph["pkg"] == {}


def test_the_real_graph_holds_the_function_level_imports() -> None:
    graph = _graph()
    assert "game.cli.main" in graph["game.__main__"]
    assert "game.playtest" in graph["game.cli.commands"]  # `validate --playtest` imports it in a function
    assert any(m.startswith("tools.") for m in graph) and "tools.gen_skirmish" in graph["tools.ai_arena"]


def test_a_command_that_plays_no_ai_does_not_load_it() -> None:
    # Every command's arguments name the AI levels (game.ai.names); only suggest, play and playtest
    # need the policies, so reach, state or validate start without their ~20 ms of imports.
    import subprocess
    import sys

    code = ("import sys; from game.cli.args import build_parser; "
            "build_parser().parse_args(['reach', 'm.tmx', '--unit', 'Hero']); "
            "print(sorted(m for m in sys.modules if m.startswith('game.ai.') and m != 'game.ai.names'))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                         cwd=Path(__file__).resolve().parents[1]).stdout.strip()
    assert out == "[]", out
