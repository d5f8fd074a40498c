"""A map with nobody hostile to anybody (R3) is not a "Victory!" after one round.

Found: a copy of a shipped map with every combatant in one faction opened, began itself, and R13 ended it at
once: the summary said "Victory! The player side won after 1 round." Now the window stays in setup under a
banner saying why, in the words ``validate --lint`` and ``playtest`` use ("no two factions on the map are
hostile to each other (it has: player)"), Begin battle is greyed with that reason, and the map and the GM's
tools stay open: once the GM makes two factions hostile, the banner goes and the battle can begin. A log that
did end that way is summed up as "Nothing to fight", not as anyone's win.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pytest  # noqa: E402

from game.maps.tmxwrite import write_map  # noqa: E402
from game.render.pg import pygame  # noqa: E402
from game.rules import ACTIVE, SETUP, Begin, Edit  # noqa: E402
from game.ui.panels import NoFightBanner  # noqa: E402
from game.ui.summary import summary_lines  # noqa: E402
from tests.scene_harness import frame, key, open_battle  # noqa: E402

ROWS = ["#######", "#.....#", "#.....#", "#.....#", "#######"]
ONE_SIDE = [
    {"name": "Lysa", "at": (1, 1), "faction": "player", "initiative": 9},
    {"name": "Corin", "at": (2, 2), "faction": "player", "initiative": 5},
    {"name": "Bandit", "at": (4, 2), "faction": "player", "initiative": 4},
]
# Two factions on the board, at peace: the player and a neutral miller (the map names no hostile pair with them).
AT_PEACE = [
    {"name": "Lysa", "at": (1, 1), "faction": "player", "initiative": 9},
    {"name": "Miller", "at": (4, 2), "faction": "neutral", "initiative": 4},
]
WHY = {"one side": "no two factions on the map are hostile to each other (it has: player)",
       "at peace": "no two factions on the map are hostile to each other (it has: player, neutral)"}


def _map(tmp_path: Path, which: str) -> Path:
    units = ONE_SIDE if which == "one side" else AT_PEACE
    props = {"hostile": "enemy/player"} if which == "at peace" else None
    return write_map(tmp_path / "quiet.tmx", ROWS, units=units, title="Quiet", map_properties=props)


def _banner(scene) -> NoFightBanner:
    return next(w for w in scene.widgets if isinstance(w, NoFightBanner))


def _log(tmp_path: Path) -> list[dict]:
    path = tmp_path / "battle.jsonl"
    return [json.loads(ln) for ln in path.read_text().splitlines()] if path.exists() else []


@pytest.mark.parametrize("which", ["one side", "at peace"])
def test_the_window_says_there_is_nothing_to_fight_and_stays_in_setup(tmp_path: Path, which: str,
                                                                      monkeypatch) -> None:
    from game.ui import theme

    scene, screen = open_battle(tmp_path, _map(tmp_path, which), humans=("player",), setup=False)
    drawn: list[str] = []
    real = theme.text
    monkeypatch.setattr(theme, "text", lambda surf, s, *a, **kw: (drawn.append(s), real(surf, s, *a, **kw))[1])
    for _ in range(60):  # a second of frames: the window used to begin, end, and push the summary
        assert scene.update(1 / 60) is None
        scene.draw(screen, 1.0)
    enc = scene.match.encounter
    assert enc.phase == SETUP and not [a for a in _log(tmp_path) if a["action"] == "begin"]
    banner = _banner(scene)
    assert banner.cover is not None and screen.get_rect().contains(banner.cover)
    assert "Nothing to fight" in drawn
    assert " ".join(drawn).count(WHY[which][1:]) >= 1, drawn
    assert "Victory!" not in drawn
    begin = next(b for b, cmd in scene.view.buttons if cmd == "begin")
    assert not begin.enabled
    # The status line gives the next step only: it repeated the banner's sentence word for word.
    assert scene.ctx.status == "G for GM mode to add or change a combatant"
    key(scene, pygame.K_RETURN)  # Begin battle by key: refused, the banner still saying why
    frame(scene, screen)
    assert enc.phase == SETUP
    assert scene.ctx.status == "No fight to begin yet. G for GM mode to add or change a combatant"
    key(scene, pygame.K_g)  # in GM mode too the banner alone says why
    key(scene, pygame.K_RETURN)
    frame(scene, screen)
    assert scene.ctx.gm and scene.ctx.status == ("No fight to begin yet. Add a combatant or change one's "
                                                 "faction to make a fight")


def test_once_the_gm_makes_a_foe_the_banner_goes_and_the_battle_begins(tmp_path: Path) -> None:
    scene, screen = open_battle(tmp_path, _map(tmp_path, "one side"), humans=("player",), setup=False)
    frame(scene, screen, 10)
    assert _banner(scene).cover is not None
    assert scene.submit(Edit.of("Bandit", {"faction": "enemy"}))  # the GM form's edit, in setup
    frame(scene, screen, 30)  # the window begins by itself, as for any map with a fight
    assert _banner(scene).cover is None
    assert scene.match.encounter.phase == ACTIVE


def test_a_fight_that_ended_as_it_began_is_summed_up_as_nothing_to_fight(tmp_path: Path) -> None:
    """The engine still ends it at once (R13), e.g. begun from the command line: its summary is no victory."""
    from game.maps import load_scenario
    from game.match import Match

    m = Match(load_scenario(_map(tmp_path, "one side")))
    m.submit(Begin())
    assert m.encounter.is_over()
    headline, lines = summary_lines(m.encounter, None, {"player"})
    assert headline == "Nothing to fight"
    assert lines[0] == "No two factions on the map are hostile to each other: combat ended as it began, and nobody won."


def test_the_gm_card_s_begin_is_greyed_with_the_reason(tmp_path: Path) -> None:
    from game.ui.gm import GMTools

    scene, screen = open_battle(tmp_path, _map(tmp_path, "one side"), humans=("player",), setup=False)
    frame(scene, screen, 10)
    key(scene, pygame.K_g)
    frame(scene, screen, 5)
    tools = next(w for w in scene.widgets if isinstance(w, GMTools))
    begin = next(b for b in tools.buttons if b.key == "begin")
    assert not begin.enabled and WHY["one side"] in begin.why
