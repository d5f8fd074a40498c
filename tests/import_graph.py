"""The project's import graph, read from the source (no module is imported to build it).

Every ``import`` and ``from ... import`` counts wherever it stands: at the top, inside a
function, under ``if TYPE_CHECKING:``. An import of ``a.b.c`` is an edge to ``a.b.c`` and to
each package above it that the importer is not inside (Python runs ``a/b/__init__.py`` first).
``from a.b import c`` is an edge to the submodule ``a.b.c`` when there is one.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
SCANNED = ("game", "tools")

Graph = dict[str, dict[str, int]]  # module -> {imported module: first line}


def module_name(path: Path, root: Path) -> str:
    parts = list(path.relative_to(root).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _is_package(path: Path) -> bool:
    return path.name == "__init__.py"


def _targets(node: ast.Import | ast.ImportFrom, mod: str, is_pkg: bool, known: set[str]) -> list[str]:
    """The modules one import statement runs (in the scanned tree only)."""
    if isinstance(node, ast.Import):
        out = [a.name for a in node.names]
    else:
        if node.level:
            base = mod.split(".") if is_pkg else mod.split(".")[:-1]
            base = base[: len(base) - (node.level - 1)]
            pkg = ".".join(base + ([node.module] if node.module else []))
        else:
            pkg = node.module or ""
        out = [pkg] + [f"{pkg}.{a.name}" for a in node.names if f"{pkg}.{a.name}" in known]
    if mod.startswith("tools."):  # the tools put tools/ on sys.path and import one another by bare name
        out = [f"tools.{t}" if f"tools.{t.split('.')[0]}" in known else t for t in out]
    return [t for t in out if t in known or any(k.startswith(t + ".") for k in known)]


def import_graph(root: Path = ROOT, scanned: tuple[str, ...] = SCANNED) -> Graph:
    files = {module_name(p, root): p for top in scanned for p in sorted((root / top).rglob("*.py"))}
    known = set(files)
    graph: Graph = {}
    for mod, path in files.items():
        deps = graph.setdefault(mod, {})
        own = mod.split(".")
        ancestors_of_me = {".".join(own[:i]) for i in range(1, len(own) + (1 if _is_package(path) else 0))}
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Import | ast.ImportFrom):
                continue
            for target in _targets(node, mod, _is_package(path), known):
                parts = target.split(".")
                chain = [".".join(parts[:i]) for i in range(1, len(parts) + 1)]
                for t in chain:  # the packages above it run first, unless the importer is inside them
                    if t in known and t != mod and t not in ancestors_of_me:
                        deps.setdefault(t, node.lineno)
    return graph


def part_of(module: str) -> str:
    """The layer part a module belongs to: ``game.rules``, ``game.match``, ``tools``, or ``game`` itself."""
    parts = module.split(".")
    if parts[0] == "tools":
        return "tools"
    if len(parts) == 1 or parts[1] in ("__main__",):
        return "game"
    return ".".join(parts[:2])
