"""The real window (SDL's X11 driver, not the dummy one) under Xvfb: opens, plays, saves a screenshot, quits.

Skipped only where xvfb-run is missing. The screenshot it leaves in the test's temporary folder was
looked at by hand when this test was written (an AI-vs-AI battle in progress on the default map).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from game.render.pg import pygame

ROOT = Path(__file__).resolve().parents[1]


@pytest.mark.skipif(shutil.which("xvfb-run") is None, reason="xvfb-run is not installed")
def test_the_real_window_plays_under_xvfb(tmp_path: Path) -> None:
    shot, log = tmp_path / "xvfb.png", tmp_path / "xvfb.jsonl"
    env = {k: v for k, v in os.environ.items() if k != "SDL_VIDEODRIVER"}  # the real X11 driver, not dummy
    env["PYTHONPATH"] = str(ROOT)
    cmd = ["xvfb-run", "-a", "-s", "-screen 0 1280x800x24", sys.executable, "-m", "game", "play",
           str(ROOT / "maps" / "default.tmx"), "--autoplay", "--speed", "2", "--seed", "2", "--frames", "240",
           "--screenshot", str(shot), "--log", str(log)]
    out = subprocess.run(cmd, cwd=ROOT, env=env, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr[-2000:]
    img = pygame.image.load(str(shot))
    assert img.get_size() == (1280, 720)
    # Not a blank window: the top bar is dark, the map is green and the tokens red and blue.
    colours = {img.get_at((x, y))[:3] for x in range(0, 1280, 40) for y in range(0, 720, 40)}
    assert len(colours) > 50
    lines = [json.loads(s) for s in log.read_text().splitlines()]
    assert lines[0] == {"action": "begin"} and len(lines) > 1  # the AI played in the real window
