"""The headless commands as a GM uses them: output shapes, exit codes, one-line errors."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.maps.tmxwrite import write_map
from tests.cli_capture import run

ROOT = Path(__file__).resolve().parents[1]

# Pointy-top odd-r, 7x5. (3,2) is on an even row: its neighbours are
# e (4,2), w (2,2), ne (3,1), nw (2,1), se (3,3), sw (2,3).
TERRAIN = [
    ".......",
    "...d...",
    ".......",
    ".......",
    ".......",
]
UNITS = [
    {"name": "Aldric", "at": (1, 2), "faction": "player", "move": 3, "initiative": 5},
    {"name": "Orc", "at": (4, 2), "faction": "enemy", "initiative": 9, "facing": "w"},
]


@pytest.fixture
def small_map(tmp_path: Path) -> Path:
    return write_map(tmp_path / "duel.tmx", TERRAIN, units=UNITS, title="Duel")


def test_state_json_has_every_field_of_adjudication_md(capsys, small_map: Path) -> None:
    code, out, err = run(capsys, "state", str(small_map), "--json")
    assert code == 0 and err == ""
    doc = json.loads(out)
    assert set(doc) == {"phase", "round", "turn", "order", "units"}
    assert doc["phase"] == "setup" and doc["round"] == 0 and doc["turn"] is None
    assert doc["order"] == ["Orc", "Aldric"]  # R14: higher initiative first
    orc = doc["units"]["Orc"]
    assert set(orc) == {
        "at",
        "faction",
        "facing",
        "movement",
        "movement_max",
        "zoc_exhausted",
        "hp",
        "hp_max",  # not in the spec's example: the tracker's "2/6", so a GM sees how hurt it is
        "initiative",  # not in the spec's example: added so a GM can tell a tie from a gap (R14)
        "status",
        "threatening",
    }
    assert orc["at"] == [4, 2] and orc["facing"] == "w" and orc["movement"] == 6 and orc["status"] == "active"
    assert doc["units"]["Aldric"]["movement"] == 3  # full movement before its first turn (R6)


def test_reach_json_lists_costs_and_zoc_stops(capsys, small_map: Path) -> None:
    code, out, _ = run(capsys, "reach", str(small_map), "--unit", "Aldric", "--json")
    assert code == 0
    doc = json.loads(out)
    assert doc["unit"] == "Aldric" and doc["from"] == [1, 2] and doc["movement"] == 3
    hexes = {tuple(h["at"]): (h["cost"], h["stops"]) for h in doc["hexes"]}
    assert (1, 2) not in hexes  # its own hex is excluded
    assert hexes[(2, 2)] == (1, False)
    # (3,2) is adjacent to the Orc at (4,2): threatened, so entering stops (R9)
    assert hexes[(3, 2)] == (2, True)
    # (2,1) via (1,1) or (2,2): 2, unthreatened. (3,1) is difficult (2) and
    # its only unthreatened approach is from (2,1): 4 > 3, out of reach.
    assert hexes[(2, 1)] == (2, False)
    assert (3, 1) not in hexes
    assert (4, 2) not in hexes and (5, 2) not in hexes  # hostile hex; beyond a ZoC stop
    # --budget previews a fresh turn with that much movement
    code, out, _ = run(capsys, "reach", str(small_map), "--unit", "Aldric", "--budget", "1", "--json")
    doc = json.loads(out)
    assert doc["movement"] == 1 and all(h["cost"] == 1 for h in doc["hexes"])
    assert len(doc["hexes"]) == 6


def test_threat_json(capsys, small_map: Path) -> None:
    code, out, _ = run(capsys, "threat", str(small_map), "--against", "player", "--json")
    doc = json.loads(out)
    assert code == 0 and doc["against"] == "player"
    # the Orc at (4,2), even row: e (5,2) w (3,2) ne (4,1) nw (3,1) se (4,3) sw (3,3)
    assert {tuple(h) for h in doc["hexes"]} == {(5, 2), (3, 2), (4, 1), (3, 1), (4, 3), (3, 3)}
    code, out, _ = run(capsys, "threat", str(small_map), "--against", "enemy", "--json")
    # Aldric at (1,2): e (2,2) w (0,2) ne (1,1) nw (0,1) se (1,3) sw (0,3)
    assert {tuple(h) for h in json.loads(out)["hexes"]} == {(2, 2), (0, 2), (1, 1), (0, 1), (1, 3), (0, 3)}


def test_arc_json(capsys, small_map: Path) -> None:
    # The Orc faces w, toward Aldric: Aldric is in its front arc.
    code, out, _ = run(capsys, "arc", str(small_map), "--attacker", "Aldric", "--defender", "Orc", "--json")
    doc = json.loads(out)
    assert code == 0 and (doc["arc"], doc["hostile"]) == ("front", True)


def test_log_is_replayed_before_answering(capsys, small_map: Path, tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    lines = [{"action": "begin"}, {"action": "move", "unit": "Orc", "to": [3, 2]}, {"action": "end_turn"}]
    log.write_text("\n".join(json.dumps(x) for x in lines) + "\n")
    code, out, _ = run(capsys, "state", str(small_map), "--log", str(log), "--json")
    doc = json.loads(out)
    assert code == 0 and doc["phase"] == "active" and doc["turn"] == "Aldric"
    assert doc["units"]["Orc"]["at"] == [3, 2] and doc["units"]["Orc"]["movement"] == 0


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["reach", "{map}", "--unit", "Nobody", "--json"], "Nobody"),
        (["threat", "{map}", "--against", "orcs"], "orcs"),
        (["reach", "{map}", "--unit", "Aldric", "--budget", "-1"], "budget"),
        (["state", "{dir}/missing.tmx"], "missing.tmx"),
        (["state", "{map}", "--log", "{dir}/nolog.jsonl"], "nolog.jsonl"),
        (["frobnicate"], "frobnicate"),
        (["render", "{map}", "-o", "{dir}/x.png", "--overlay", "smell:Orc"], "overlay"),
    ],
)
def test_bad_input_is_one_line_exit_2_nothing_on_stdout(capsys, small_map: Path, argv, needle) -> None:
    argv = [a.format(map=small_map, dir=small_map.parent) for a in argv]
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and needle in err and "Traceback" not in err


def test_illegal_log_line_names_its_line(capsys, small_map: Path, tmp_path: Path) -> None:
    log = tmp_path / "bad.jsonl"
    # line 2: Aldric moves, but the Orc (initiative 9) has the turn (R16)
    log.write_text('{"action": "begin"}\n{"action": "move", "unit": "Aldric", "to": [2, 2]}\n')
    code, out, err = run(capsys, "state", str(small_map), "--log", str(log), "--json")
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "bad.jsonl:2" in err


def test_validate_reports_each_bad_map(capsys, small_map: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.tmx"
    bad.write_text("<map orientation='hexagonal'")
    code, out, err = run(capsys, "validate", str(small_map), str(bad))
    assert code == 2 and "bad.tmx" in err and "duel.tmx: ok" in out
    code, out, err = run(capsys, "validate", str(small_map))
    assert code == 0 and err == ""


def test_python_dash_m_game_is_the_same_command(small_map: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run(
        [sys.executable, "-m", "game", "threat", str(small_map), "--against", "player", "--json"],
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
    )
    assert proc.returncode == 0 and proc.stderr == ""
    assert len(json.loads(proc.stdout)["hexes"]) == 6


def test_render_writes_a_png_of_the_map_size_with_the_overlay(capsys, small_map: Path, tmp_path: Path) -> None:
    import pygame

    plain, shaded = tmp_path / "plain.png", tmp_path / "threat.png"
    assert run(capsys, "render", str(small_map), "-o", str(plain), "--no-tokens")[0] == 0
    assert run(capsys, "render", str(small_map), "-o", str(shaded), "--overlay", "threat:player")[0] == 0
    a, b = pygame.image.load(str(plain)), pygame.image.load(str(shaded))
    # 7 x 5 pointy-top cells of 64 x 74, side 37: (7*64 + 32, 5*55 + 18); the overlay's key lies below the map
    assert a.get_size() == (480, 293) and b.get_width() == 480 and b.get_height() > 293
    # The Orc's threatened neighbour (3,2) is tinted; a far corner cell (0,4) is not.
    from game.maps.pixels import TiledPixels
    from game.rules.hexgrid import HexLayout

    lay = TiledPixels(HexLayout("y", "odd", 64, 74, 37, 7, 5))
    for cell, changed in [((3, 2), True), ((0, 4), False)]:
        x, y = lay.cell_center(cell)
        x, y = int(x) + 12, int(y) + 12  # off the centre, away from tokens and badges
        assert (a.get_at((x, y)) != b.get_at((x, y))) == changed


def test_a_log_saved_with_a_byte_order_mark_and_crlf_line_ends_replays(capsys, small_map: Path, tmp_path: Path) -> None:
    # Windows editors write both; a GM's hand-written log must still replay.
    log = tmp_path / "notepad.jsonl"
    log.write_bytes('\ufeff{"action": "begin"}\r\n{"action": "end_turn"}\r\n'.encode())
    code, out, err = run(capsys, "state", str(small_map), "--log", str(log), "--json")
    assert code == 0, err
    assert json.loads(out)["turn"] == "Aldric"


def test_play_refuses_an_invisible_window_when_there_is_no_screen(capsys, small_map: Path, monkeypatch) -> None:
    # With no screen SDL silently falls back to an off-screen driver; the game must say so
    # instead of running a window nobody can see or close.
    from game.render.pg import pygame

    monkeypatch.delenv("SDL_VIDEODRIVER", raising=False)
    monkeypatch.setattr(pygame.display, "init", lambda: None)
    monkeypatch.setattr(pygame.display, "get_driver", lambda: "offscreen")
    code, out, err = run(capsys, "play", str(small_map))
    assert code == 2 and out == "" and err.count("\n") == 1
    assert "no screen" in err and "offscreen" in err
