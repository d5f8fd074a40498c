"""RULES.md's picture of sight is regenerable and its captions hold: the tool stops when the engine disagrees."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from tests.tool_scripts import load_tool

ROOT = Path(__file__).resolve().parents[1]


def test_the_sight_picture_is_drawn_from_the_engine_and_matches_the_committed_one(tmp_path: Path) -> None:
    tool = load_tool("make_sight_pictures")
    out = tmp_path / "sight.png"
    assert tool.main(["--out", str(out)]) == 0
    # Compared as one flag: pytest's diff of two PNGs' bytes takes minutes when they differ.
    same = out.read_bytes() == (ROOT / "docs" / "images" / "sight.png").read_bytes()
    assert same, "docs/images/sight.png is stale: run python tools/make_sight_pictures.py"


def test_a_caption_the_engine_contradicts_stops_the_tool(tmp_path: Path, monkeypatch) -> None:
    tool = load_tool("make_sight_pictures")
    wrong = replace(tool.PANELS[2], sees=False)  # a corner touch does see (R30)
    monkeypatch.setattr(tool, "PANELS", (wrong,))
    with pytest.raises(SystemExit, match="At a corner: sees: the engine says sight=True"):
        tool.main(["--out", str(tmp_path / "x.png")])
