"""The wheel carries every shipped map and tile image (setup.py's package data covers them).

.ci/run builds and installs the real wheel; this catches, in the ordinary suite, a new kind
of asset file (say a ``.tx`` template or a ``.json`` tileset) that the wheel would silently drop.
"""

from __future__ import annotations

import ast
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def setup_literals() -> dict[str, object]:
    """The literal assignments and setup() keywords of setup.py, read without running it."""
    tree = ast.parse((ROOT / "setup.py").read_text(encoding="utf-8"))
    found: dict[str, object] = {}
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            found[node.targets[0].id] = ast.literal_eval(node.value)
        elif isinstance(node, ast.Call) and getattr(node.func, "id", "") == "setup":
            for kw in node.keywords:
                if kw.arg == "package_data":
                    found["package_data"] = ast.literal_eval(kw.value)
    return found


def shipped_files(folder: Path) -> set[Path]:
    """Files git tracks under ``folder`` (all files when this is not a git checkout)."""
    try:
        out = subprocess.run(["git", "ls-files", "-z", "--", str(folder)], cwd=ROOT, capture_output=True,
                             check=True).stdout.decode()
    except (OSError, subprocess.CalledProcessError):
        return {p for p in folder.rglob("*") if p.is_file()}
    return {ROOT / name for name in out.split("\0") if name}


def test_every_file_in_maps_and_assets_is_package_data() -> None:
    lits = setup_literals()
    data_packages = lits["DATA_PACKAGES"]
    package_data = lits["package_data"]
    assert set(data_packages) == {"game.data.maps", "game.data.assets"}
    missing = []
    for package, folder_name in data_packages.items():
        folder = ROOT / folder_name
        covered = {p for pattern in package_data[package] for p in folder.glob(pattern)}
        missing += sorted(str(p.relative_to(ROOT)) for p in shipped_files(folder) - covered)
    assert missing == [], "add these to setup.py's package_data or the wheel drops them"


def test_the_wheel_marks_the_package_as_typed() -> None:
    # PEP 561: without py.typed in the wheel a user's type checker ignores the package's hints.
    assert "py.typed" in setup_literals()["package_data"]["game"]
    assert (ROOT / "game" / "py.typed") in shipped_files(ROOT / "game")


def test_the_default_map_is_among_the_shipped_files() -> None:
    assert (ROOT / "maps" / "default.tmx") in shipped_files(ROOT / "maps")


def test_the_shipped_folders_hold_the_maps_and_their_art() -> None:
    from game.maps import assets_folder, default_map

    # Run from the checkout (PYTHONPATH=.), both are the top-level folders; .ci/run checks the wheel.
    assert default_map().parent == ROOT / "maps" and assets_folder() == ROOT / "assets"
    # The relative tileset path the maps use resolves against the shipped folders.
    assert (default_map().parent / "../assets/terrain.tsx").resolve() == (assets_folder() / "terrain.tsx").resolve()
