"""The rules engine draws nothing and the headless commands never load pygame."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DRAWING = ("pygame", "game.render", "game.ui")


def imported_names(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:  # relative imports stay inside game.rules
                continue
            names.add(node.module or "")
    return names


def test_rules_package_imports_nothing_that_draws() -> None:
    offenders = []
    for path in sorted((ROOT / "game" / "rules").rglob("*.py")):
        for name in imported_names(path):
            if name.startswith(DRAWING) or name.startswith(("scipy", "tcod")):
                offenders.append(f"{path.relative_to(ROOT)} imports {name}")
    assert offenders == []


def test_importing_the_engine_and_headless_commands_loads_no_pygame_scipy_or_tcod() -> None:
    modules = sorted(
        ".".join(p.relative_to(ROOT).with_suffix("").parts)
        for pkg in ("game/rules", "game/maps")
        for p in (ROOT / pkg).rglob("*.py")
        if p.name != "__init__.py"
    ) + ["game.cli.main", "game.cli.commands", "game.cli.session"]
    code = (
        "import importlib, sys\n"
        f"for m in {modules!r}: importlib.import_module(m)\n"
        "bad = [m for m in ('pygame', 'scipy', 'tcod') if m in sys.modules]\n"
        "print(','.join(bad))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_every_module_is_on_the_newcomers_map() -> None:
    """docs/architecture.md walks a newcomer through the code module by module; a module added
    without a line there is one they would have to find by reading the tree."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    named = {cell.strip() for cell in text.split("`")}  # every `code span` in the page
    missing = [
        rel.as_posix()
        for rel in sorted(p.relative_to(ROOT / "game") for p in (ROOT / "game").rglob("*.py"))
        if rel.name != "__init__.py" and rel.as_posix() not in named  # a package's door: its part's row
    ]
    assert missing == [], f"modules docs/architecture.md does not name: {missing}"
