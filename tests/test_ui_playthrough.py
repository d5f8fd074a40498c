"""Rough edges a play-through found (ambush-like hot-seat, two humans in a row), each as the player met it.

The battle scene is built as ``playmat play`` builds it, driven with real pygame events, and drawn headless.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.maps.tmxwrite import write_map
from game.match import Match
from game.render.pg import pygame
from game.rules import Begin, Move, Place, SetHp, scenario_from_rows
from game.ui import topbar
from game.ui.battle import BattleScene
from game.ui.confirm import ConfirmScene
from game.ui.panels.initiative import heading
from game.ui.summary import summary_lines
from tests.scene_harness import frame, key, open_battle, open_playing
from tests.test_ui_compact import FORTRESS
from tests.ui_harness import drawn_by

PARTY = [{"name": "Lysa", "at": (1, 2), "faction": "player", "move": 4, "initiative": 9},
         {"name": "Corin", "at": (1, 3), "faction": "player", "move": 4, "initiative": 8},
         {"name": "Orc 1", "at": (6, 2), "faction": "enemy", "initiative": 5}]


def two_humans(tmp_path: Path) -> tuple[BattleScene, pygame.Surface]:
    return open_playing(tmp_path, write_map(tmp_path / "duo.tmx", ["........"] * 5, units=PARTY, title="Duo"), "Lysa")


def test_a_quick_second_enter_does_not_end_the_next_humans_turn(tmp_path: Path) -> None:
    scene, screen = two_humans(tmp_path)
    scene.submit(Move("Lysa", (2, 2)))  # moved, nobody in reach: Enter ends the turn without a question
    frame(scene, screen, 30)
    assert key(scene, pygame.K_RETURN) is None
    assert scene.match.encounter.turn == "Corin"
    # The second Enter of a quick double press: Corin's turn is not on screen yet, so it is ignored (no
    # question opens either, one more Enter would have said yes to it).
    assert key(scene, pygame.K_RETURN) is None
    frame(scene, screen, 5)
    assert key(scene, pygame.K_RETURN) is None
    assert scene.match.encounter.turn == "Corin"
    # Once the turn has been shown (the camera there, a moment gone), Enter is Corin's own again.
    frame(scene, screen, 60)
    tr = key(scene, pygame.K_RETURN)
    assert tr is not None and isinstance(tr.scene, ConfirmScene)
    assert tr.scene.lines == ["Corin has not moved or acted yet (4 movement left)"]


def test_every_human_turn_starts_with_the_how_to_hint(tmp_path: Path) -> None:
    scene, screen = two_humans(tmp_path)
    assert "Lysa: click a shaded hex to move" in scene.ctx.status
    scene.submit(Move("Lysa", (2, 2)))
    frame(scene, screen, 30)
    key(scene, pygame.K_RETURN)
    frame(scene, screen, 30)
    status = scene.ctx.status
    assert status.startswith("Corin: click a shaded hex to move, an enemy to attack")
    assert "Enter ends the turn" in status


def test_the_summary_names_the_winning_sides_and_says_why_the_neutrals_share_the_win() -> None:
    """It read "The player and neutral won": the neutral hermit fought nobody. RULES.md: a faction wins with
    combatants standing and no hostile left, so the neutrals do win; the summary says how."""
    units = [{"name": "Lysa", "at": (1, 2), "faction": "player", "initiative": 9},
             {"name": "Orc 1", "at": (6, 2), "faction": "enemy", "initiative": 5},
             {"name": "Hermit", "at": (7, 4), "faction": "neutral", "initiative": 1}]
    m = Match(scenario_from_rows(["........"] * 5, units))
    m.submit(Begin())
    m.submit(SetHp("Orc 1", 0))
    assert m.encounter.is_over() and set(m.encounter.outcome().winners) == {"player", "neutral"}  # the rules
    headline, lines = summary_lines(m.encounter, None, {"player"})
    assert headline == "Victory!"
    assert lines[0] == ("The player side won after 1 round. The neutral side, at war with nobody, was still "
                        "standing and shares the win.")
    headline, lines = summary_lines(m.encounter, None, set())  # an AI-only battle: the fighting winner first
    assert headline == "The player side wins"


def test_the_replays_setup_says_what_happened_in_setup(tmp_path: Path) -> None:
    """The replay's first step said "the GM places, then begins" though nobody had placed anything."""
    m = Match(scenario_from_rows(["........"] * 5, PARTY))
    assert heading(m.encounter) == ("Setup", "as the map places everyone")
    m.submit(Place("Corin", (2, 3)))
    assert heading(m.encounter) == ("Setup", "the GM moved Corin")


@pytest.mark.parametrize("gm, reach", [(True, False), (True, True), (False, True)])
def test_the_top_bar_parts_never_overlap_at_800(tmp_path: Path, gm: bool, reach: bool,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    """At 800x560 "GM MODE" ran into "(player, you)" (fortress, Captain Vessa's turn)."""
    scene, _ = open_battle(tmp_path, FORTRESS, humans=("player", "ally"), setup=False)
    screen = pygame.Surface((800, 560))
    scene.resize((800, 560))
    frame(scene, screen, 2)  # combat begins (GM mode on from the start would keep the setup)
    scene.ctx.gm, scene.ctx.show_enemy_reach = gm, reach
    # The GM card opens in the next frame, which is drawn twice (the second is the one shown: the name tag placed
    # clear of the card, BattleScene.draw): record a frame drawn once, as every frame but such one is.
    frame(scene, screen)
    parts = drawn_by(topbar, monkeypatch)
    frame(scene, screen)  # one frame's top bar: title, round, whose turn, (the note), the flags
    assert any(s == "Captain Vessa's turn" for s, _ in parts), parts
    rects = [r for _, r in parts]
    assert all(r.right <= 800 - 12 and r.left >= 0 for r in rects)
    assert not any(a.colliderect(b.inflate(8, 0)) for i, a in enumerate(rects) for b in rects[i + 1:])
    assert ("GM MODE" in parts[-1][0]) == gm
