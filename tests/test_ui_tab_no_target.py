"""Tab with nobody to choose, in every targeting mode: the status line says why and nothing else changes (the
panels stay, the mode stays, nothing is done). It used to hide every panel in attack mode, which mid-turn read as
the window going wrong; P hides them. Worked out by hand on the open field of test_ui_target_keys.py
(pointy-top, odd rows shifted right), the player's combatant on 1,2:

    row 2  . Y . . . # . H .      H(idden) on 7,2: 6 away, straight behind the wall on 5,2 (no sight, R30)

Lysa's reach of 1 (R21) and a shove (R22) need a foe beside her; the Archer's bow (2-6, R29) needs sight of it;
the Mage's area range of 4 (R32) does not reach 6. So no mode has anybody to Tab to.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from game.maps.tmxwrite import write_map
from game.render.pg import pygame
from game.rules import Attack
from tests.scene_harness import frame, hover, key, open_playing

ROWS = [".........", ".........", ".....#...", ".........", "........."]
HIDDEN = {"name": "Hidden", "at": (7, 2), "faction": "enemy", "initiative": 5}
RAT = {"name": "Rat", "at": (0, 2), "faction": "enemy", "initiative": 2, "hp": 30}
LYSA = {"name": "Lysa", "at": (1, 2), "faction": "player", "initiative": 9, "attack": 3, "move": 0}
ARCHER = {**LYSA, "name": "Archer", "ranged": "2-6", "ranged_attack": 3, "ranged_damage": "1d6"}
MAGE = {**LYSA, "name": "Mage", "area_range": 4, "area_radius": 1, "area_attack": 2, "area_damage": "4",
        "area_uses": 2}

CASES = [
    (LYSA, None, "attack",
     "No enemy is in reach of Lysa's attack from where it stands (R21): move closer first, or point at one to "
     "step in and strike"),
    (LYSA, pygame.K_s, "shove",
     "No enemy beside Lysa can be shoved from where it stands: move beside one, then Tab chooses it "
     "(Esc: back to attack mode)"),
    (ARCHER, pygame.K_r, "shoot",
     "No enemy is in range and sight of Archer from where it stands (R29-R31): point at one to step into range, "
     "or move, then Tab (Esc: back to attack mode)"),
    (MAGE, pygame.K_b, "cast",
     "No enemy's hex is in Mage's area range and sight from where it stands, or no use is left (R32): point at a "
     "hex to centre it there (Esc: back to attack mode)"),
]


def _field(tmp_path: Path, me: dict, foes: list[dict]):
    tmx = write_map(tmp_path / "field.tmx", ROWS, units=[me, *foes], title="Field")
    scene, screen = open_playing(tmp_path, tmx, me["name"])
    hover(scene, (8, 4))  # the pointer rests on an empty hex far from everyone
    frame(scene, screen)
    return scene, screen


@pytest.mark.parametrize(("me", "mode_key", "mode", "why"), CASES, ids=[c[2] for c in CASES])
def test_tab_with_nobody_to_choose_says_why_and_changes_nothing(tmp_path: Path, me: dict, mode_key: int | None,
                                                                mode: str, why: str) -> None:
    scene, screen = _field(tmp_path, me, [HIDDEN])
    if mode_key is not None:
        key(scene, mode_key)
        frame(scene, screen)
    assert scene.ctx.action_mode == mode
    before = list(scene.match.encounter.history)
    for mod in (0, pygame.KMOD_SHIFT, 0):  # Tab, Shift+Tab, Tab again: the same answer, never a toggle
        key(scene, pygame.K_TAB, mod)
        frame(scene, screen)
        assert scene.ctx.status == why
        assert scene.show_panels  # the tracker, card and log stay where they were
        assert scene.ctx.focus is None and scene.ctx.action_mode == mode
        assert scene.ctx.hovered_unit is None  # the hover stays the pointer's, on an empty hex
    assert scene.match.encounter.history == before


def test_tab_after_the_action_is_used_says_so(tmp_path: Path) -> None:
    """The Rat (30 hp) outlives one blow of Lysa's: with her action spent (R16) she has nobody to Tab to, whoever
    stands beside her, and Tab says so instead of hiding the panels."""
    scene, screen = _field(tmp_path, LYSA, [RAT, HIDDEN])
    key(scene, pygame.K_TAB)
    assert scene.ctx.focus == "Rat"
    key(scene, pygame.K_RETURN)
    frame(scene, screen, 60)
    enc = scene.match.encounter
    assert isinstance(enc.history[-1], Attack) and enc.turn == "Lysa" and enc.view("Rat").active
    key(scene, pygame.K_TAB)
    assert scene.ctx.status == "Lysa has already used their action this turn (R16): Enter ends the turn"
    assert scene.show_panels and scene.ctx.focus is None


def test_tab_in_disengage_mode_names_the_modes_it_works_in(tmp_path: Path) -> None:
    scene, screen = _field(tmp_path, {**LYSA, "move": 3}, [RAT, HIDDEN])  # beside the Rat: D is allowed (R23)
    key(scene, pygame.K_d)
    frame(scene, screen)
    assert scene.ctx.action_mode == "disengage"
    key(scene, pygame.K_TAB)
    assert scene.ctx.status == ("Disengage has no foe to choose: Tab chooses one in attack, shove (S), shoot (R) "
                                "or cast (B) mode")
    assert scene.show_panels and scene.ctx.action_mode == "disengage"


def test_p_still_hides_and_shows_the_panels(tmp_path: Path) -> None:
    scene, screen = _field(tmp_path, LYSA, [HIDDEN])
    key(scene, pygame.K_p)
    assert not scene.show_panels and scene.ctx.status == "Panels hidden (P shows them)"
    key(scene, pygame.K_p)
    assert scene.show_panels


def test_tab_before_combat_begins_says_so(tmp_path: Path) -> None:
    """In setup nobody may act yet: Tab says so, and the panels (the GM's among them) stay."""
    from tests.scene_harness import open_battle

    tmx = write_map(tmp_path / "field.tmx", ROWS, units=[LYSA, RAT], title="Field")
    scene, screen = open_battle(tmp_path, tmx, humans=("player",), setup=True)
    frame(scene, screen, 5)
    assert scene.match.encounter.phase == "setup"
    key(scene, pygame.K_TAB)
    assert scene.ctx.status == "Combat has not begun" and scene.show_panels


def test_the_nobody_line_gives_way_when_the_pointer_shows_a_legal_blow(tmp_path: Path) -> None:
    """Found on the Black Gull: after Tab's "No enemy is in reach of Tobin's attack", the pointer on the Harpy showed
    Tobin stepping up to strike it, and the status line still said nobody was in reach. Here the Rat on 3,2 is two
    hexes from Lysa (reach 1, R21: nobody for Tab) but one step brings her beside it, so its preview offers the blow;
    Hidden on 7,2 is beyond her 3 hexes of movement and reach whatever she does, so pointing at it keeps the line."""
    rat = {**RAT, "at": (3, 2)}
    scene, screen = _field(tmp_path, {**LYSA, "move": 3}, [rat, HIDDEN])
    hint = scene.ctx.status  # the turn's how-to hint, as the turn began
    key(scene, pygame.K_TAB)
    frame(scene, screen)
    nobody = scene.ctx.status
    assert nobody.startswith("No enemy is in reach of Lysa's attack") and scene.ctx.focus is None
    hover(scene, (7, 2))  # a foe the preview cannot offer a blow on: the line stays true, and stays
    frame(scene, screen, 3)
    assert scene.ctx.status == nobody
    hover(scene, (3, 2))  # the Rat: the preview offers the step and the blow, so the line gives way
    frame(scene, screen, 3)
    assert scene.ctx.status == hint
    hover(scene, (8, 4))  # and does not come back when the pointer moves off again
    frame(scene, screen, 3)
    assert scene.ctx.status == hint


def test_the_nobody_line_gives_way_when_the_mode_changes(tmp_path: Path) -> None:
    """Tab's line is about the mode it was pressed in: S (shove mode) says its own words, and Esc back to attack
    mode does not bring the attack's "nobody" back."""
    scene, screen = _field(tmp_path, LYSA, [HIDDEN])
    key(scene, pygame.K_TAB)
    frame(scene, screen)
    assert scene.ctx.status.startswith("No enemy is in reach")
    key(scene, pygame.K_s)
    frame(scene, screen, 2)
    assert scene.ctx.action_mode == "shove" and not scene.ctx.status.startswith("No enemy is in reach")


def test_in_shoot_mode_the_nobody_line_gives_way_to_the_shoot_mode_words(tmp_path: Path) -> None:
    """Found playing the ambush at 960x600: in shoot mode Tab said nobody was in range and sight; pointing at Bandit
    Archer 1, whom a step brought into range, replaced that with the attack mode's hint ("click ... an enemy to
    attack") while the Shoot button stayed lit and a click there shot. The line now gives way to the mode's own
    words. The Rat on 7,4 is 7 hexes from the Archer (bow 2-6, R29): one step of its 3 brings it into range."""
    from game.ui.commands import MODE_WORDS

    far = {**RAT, "at": (7, 4)}
    scene, screen = _field(tmp_path, {**ARCHER, "move": 3}, [far, HIDDEN])
    key(scene, pygame.K_r)
    frame(scene, screen)
    key(scene, pygame.K_TAB)
    frame(scene, screen)
    assert scene.ctx.status.startswith("No enemy is in range and sight of Archer")
    hover(scene, (7, 4))
    frame(scene, screen, 3)
    assert scene.ctx.action_mode == "shoot"
    assert scene.ctx.status == MODE_WORDS["shoot"]
    assert "to attack" not in scene.ctx.status
