"""``playmat play --headless`` without ``--frames``: it ends on its own, whoever plays whom.

Headless, nobody can click. A battle that comes to a human's turn (or a setup kept for the GM) can go no
further, so the run stops there and saves that frame, as it stops at the end-of-battle summary when the AI
plays every side. It used to spin at full CPU until killed.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from game.maps import load_scenario
from game.maps.tmxwrite import write_map
from game.rules import read_log, replay

ROOT = Path(__file__).resolve().parents[1]
UNITS = [
    {"name": "Aldric", "at": (1, 1), "faction": "player", "initiative": 5},
    {"name": "Orc", "at": (6, 4), "faction": "enemy", "initiative": 9},
]


def play_headless(*argv: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    return subprocess.run([sys.executable, "-m", "game", "play", *argv, "--headless"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=40)


def test_headless_stops_at_the_first_human_turn_and_saves_that_frame(tmp_path: Path) -> None:
    tmx = write_map(tmp_path / "field.tmx", ["." * 8] * 6, units=UNITS, title="Field")
    shot, log = tmp_path / "shot.png", tmp_path / "fight.jsonl"
    done = play_headless(str(tmx), "--screenshot", str(shot), "--log", str(log))
    assert done.returncode == 0, done.stderr
    assert shot.is_file()
    scenario = load_scenario(tmx)
    enc = replay(scenario, read_log(log, scenario.board.layout))
    assert (enc.phase, enc.turn) == ("active", "Aldric")  # the Orc (AI) played its turn; Aldric is yours


def test_headless_setup_stops_at_once(tmp_path: Path) -> None:
    tmx = write_map(tmp_path / "field.tmx", ["." * 8] * 6, units=UNITS, title="Field")
    shot = tmp_path / "shot.png"
    done = play_headless(str(tmx), "--setup", "--screenshot", str(shot), "--log", str(tmp_path / "s.jsonl"))
    assert done.returncode == 0, done.stderr
    assert shot.is_file()
