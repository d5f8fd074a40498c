"""RULES.md's picture of sight is regenerable and its captions hold: the tool stops when the engine disagrees."""

from __future__ import annotations

import importlib.util
import sys
from dataclasses import replace
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _tool():
    spec = importlib.util.spec_from_file_location("make_sight_pictures", ROOT / "tools" / "make_sight_pictures.py")
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    sys.modules.setdefault("make_sight_pictures", module)
    spec.loader.exec_module(module)
    return module


def test_the_sight_picture_is_drawn_from_the_engine_and_matches_the_committed_one(tmp_path: Path) -> None:
    tool = _tool()
    out = tmp_path / "sight.png"
    assert tool.main(["--out", str(out)]) == 0
    assert out.read_bytes() == (ROOT / "docs" / "images" / "sight.png").read_bytes(), (
        "docs/images/sight.png is stale: run python tools/make_sight_pictures.py")


def test_a_caption_the_engine_contradicts_stops_the_tool(tmp_path: Path, monkeypatch) -> None:
    tool = _tool()
    wrong = replace(tool.PANELS[2], sees=False)  # a corner touch does see (R30)
    monkeypatch.setattr(tool, "PANELS", (wrong,))
    with pytest.raises(SystemExit, match="At a corner: sees: the engine says sight=True"):
        tool.main(["--out", str(tmp_path / "x.png")])
