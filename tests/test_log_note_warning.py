"""A log that replays cleanly on a map other than the one its save note names is warned of, not refused.

A log of only ``begin`` and ``end_turn`` lines names nobody, so it replays on any map, and opening a save on
the wrong map went without a word. Its note (``NAME.meta.json``, which the window writes beside each save)
names the map it was played on: when that is another map, the command line prints one warning line on
stderr and goes on (exit 0), and the window says it on its status line (a battle) or over the map (a replay).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.cli.main import main
from game.maps.tmxwrite import write_map
from game.render.pg import pygame
from game.ui import theme
from game.ui.app import PlayConfig, battle_scene, replay_scene

DECK_UNITS = [{"name": "Kestrel", "at": (1, 1), "faction": "player", "initiative": 9},
              {"name": "Selkie", "at": (3, 2), "faction": "enemy", "initiative": 5}]
FIELD_UNITS = [{"name": "Orc", "at": (1, 1), "faction": "enemy", "initiative": 9},
               {"name": "Goblin", "at": (4, 2), "faction": "player", "initiative": 5}]
NOBODY = ['{"action": "begin"}', '{"action": "end_turn"}', '{"action": "end_turn"}']
SAID = "a.jsonl was made on The Deck (deck.tmx), not on field.tmx; it replays on field.tmx all the same"


@pytest.fixture
def maps(tmp_path: Path) -> tuple[Path, Path]:
    deck = write_map(tmp_path / "deck.tmx", ["......"] * 4, units=DECK_UNITS, title="The Deck", stagger_axis="x")
    field = write_map(tmp_path / "field.tmx", ["......"] * 4, units=FIELD_UNITS, title="The Field")
    return deck, field


def _log(tmp_path: Path, note: Path | None) -> Path:
    log = tmp_path / "a.jsonl"
    log.write_text("".join(line + "\n" for line in NOBODY), encoding="utf-8")
    if note is not None:
        (tmp_path / "a.meta.json").write_text(json.dumps({"map": str(note), "seed": None, "controllers": {}}))
    return log


def _state(capsys: pytest.CaptureFixture[str], map_path: Path, log: Path, *more: str) -> tuple[int, str, str]:
    code = main(["state", str(map_path), "--log", str(log), *more])
    out, err = capsys.readouterr()
    return code, out, err


def test_the_command_line_warns_and_goes_on(capsys: pytest.CaptureFixture[str], maps: tuple[Path, Path],
                                           tmp_path: Path) -> None:
    deck, field = maps
    code, out, err = _state(capsys, field, _log(tmp_path, deck))
    assert (code, err) == (0, f"playmat: warning: {SAID}\n")
    assert "Orc" in out  # the field's state, after round 1's two turns: the battle goes on there


def test_a_json_document_stays_whole(capsys: pytest.CaptureFixture[str], maps: tuple[Path, Path],
                                     tmp_path: Path) -> None:
    deck, field = maps
    code, out, err = _state(capsys, field, _log(tmp_path, deck), "--json")
    assert (code, err) == (0, f"playmat: warning: {SAID}\n")
    assert json.loads(out)["round"] == 2  # two end_turns with two combatants: round 2 (R14)


def test_no_warning_on_its_own_map_or_without_a_note(capsys: pytest.CaptureFixture[str], maps: tuple[Path, Path],
                                                      tmp_path: Path) -> None:
    deck, field = maps
    assert _state(capsys, deck, _log(tmp_path, deck))[::2] == (0, "")
    (tmp_path / "a.meta.json").unlink()
    assert _state(capsys, field, _log(tmp_path, None))[::2] == (0, "")


def test_the_battle_window_says_it_on_its_status_line(capsys: pytest.CaptureFixture[str], maps: tuple[Path, Path],
                                                       tmp_path: Path) -> None:
    deck, field = maps
    log = _log(tmp_path, deck)
    pygame.display.init()
    pygame.display.set_mode((640, 400))
    scene = battle_scene(PlayConfig(map_path=field, log_path=log, humans=("player", "enemy"), headless=True),
                         field, (640, 400))
    for _ in range(5):  # the first turn's how-to hint does not replace it; only something happening would
        scene.update(0.1)
    assert scene.ctx.status == f"Warning: {SAID}"  # type: ignore[attr-defined]
    assert capsys.readouterr().err == f"playmat: warning: {SAID}\n"


def test_the_replay_window_says_it_over_the_map_until_the_first_step(
        capsys: pytest.CaptureFixture[str], maps: tuple[Path, Path], tmp_path: Path) -> None:
    deck, field = maps
    log = _log(tmp_path, deck)
    pygame.display.init()
    screen = pygame.display.set_mode((640, 400))
    scene = replay_scene(field, log)
    assert scene.notice == f"Warning: {SAID}"  # type: ignore[attr-defined]
    assert capsys.readouterr().err == f"playmat: warning: {SAID}\n"
    scene.draw(screen, 0.0)
    warn = theme.WARN  # the theme's warning colour: the note's letters, just under the top bar
    band = pygame.surfarray.pixels3d(screen)[:, 40:90]
    assert ((band[..., 0] == warn[0]) & (band[..., 1] == warn[1]) & (band[..., 2] == warn[2])).any()
