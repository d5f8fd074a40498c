"""Targets by keyboard alone in attack, shoot and cast mode (the shove's own keys: test_ui_shove_keys.py): Tab /
Shift+Tab choose the foe, Enter acts, Esc cancels, the pointer takes the choice back. Worked out by hand on an open
field (pointy-top, odd rows shifted right), the player's combatant on 1,2 (an even row):

    row 0  . . . . O . . . .      Orc on 4,0: 3 cols right, 2 rows up: distance 4
    row 1  . . . . . . . . .
    row 2  R Y G . . # . H .      Rat 0,2 (distance 1), G(oblin) 3,2 (distance 2), a wall on 5,2, H(idden) on 7,2
    row 3  . . . . . . . . .      (distance 6, straight behind the wall: no sight, R30)
    row 4  . . . . . . . . .

Attack (Lysa, reach 1): only the Rat is beside her. Shoot (a bow of range 2-6, R29): the Rat is too close, the
Hidden goblin unseen, so the Goblin (2) then the Orc (4), nearest first. Cast (area range 4, radius 1, R32): every
foe's own hex in range and sight: the Rat (1), the Goblin (2), the Orc (4); the Hidden one is too far (6).
"""

from __future__ import annotations

from pathlib import Path

from game.maps.tmxwrite import write_map
from game.render.pg import pygame
from game.rules import Attack, Cast, Shoot
from game.ui.help import BATTLE_HELP
from game.ui.overlays import ActionPreview, RangedPreview
from tests.scene_harness import frame, hover, key, open_playing

ROWS = [".........", ".........", ".....#...", ".........", "........."]
FOES = [
    {"name": "Rat", "at": (0, 2), "faction": "enemy", "initiative": 2},
    {"name": "Goblin", "at": (3, 2), "faction": "enemy", "initiative": 3, "facing": "w"},
    {"name": "Orc", "at": (4, 0), "faction": "enemy", "initiative": 4},
    {"name": "Hidden", "at": (7, 2), "faction": "enemy", "initiative": 5},
]
LYSA = {"name": "Lysa", "at": (1, 2), "faction": "player", "initiative": 9, "attack": 3, "move": 0}
ARCHER = {**LYSA, "name": "Archer", "ranged": "2-6", "ranged_attack": 3, "ranged_damage": "1d6"}
MAGE = {**LYSA, "name": "Mage", "area_range": 4, "area_radius": 1, "area_attack": 2, "area_damage": "4",
        "area_uses": 2}


def _field(tmp_path: Path, me: dict, foes: list[dict] = FOES, mode: int | None = None):
    tmx = write_map(tmp_path / "field.tmx", ROWS, units=[me, *foes], title="Field")
    scene, screen = open_playing(tmp_path, tmx, me["name"])
    hover(scene, (8, 4))  # the pointer rests on an empty hex far from everyone: the keys alone choose
    if mode is not None:
        key(scene, mode)
    frame(scene, screen)
    return scene, screen


def _tab(scene, screen, shift: bool = False) -> None:
    key(scene, pygame.K_TAB, pygame.KMOD_SHIFT if shift else 0)
    frame(scene, screen)


def _texts(widget) -> list[str]:
    return [ln.text for ln in widget.lines or []]


def test_in_attack_mode_tab_marks_the_foe_in_reach_and_enter_strikes_it(tmp_path: Path) -> None:
    scene, screen = _field(tmp_path, LYSA)
    _tab(scene, screen)
    assert scene.ctx.focus == "Rat"  # the only foe within her reach of 1 (R21): the others are 2 and more away
    assert scene.ctx.status == "Attack Rat (1 of 1): Enter strikes, Esc cancels"
    assert scene.show_panels  # Tab chose a foe: it did not hide the panels
    preview = next(w for w in scene.widgets if isinstance(w, ActionPreview))
    assert _texts(preview)[0].startswith("Attack Rat: ")  # the hover's preview, with the pointer far off
    assert _texts(preview)[-1] == "Enter strikes   Tab: the next foe   Esc: cancel"  # not a shove's "Enter shoves"
    key(scene, pygame.K_RETURN)
    enc = scene.match.encounter
    assert isinstance(enc.history[-1], Attack) and enc.history[-1].target == "Rat"
    frame(scene, screen)
    assert scene.ctx.focus is None  # the action is spent: the mark goes


def test_a_blow_tab_chose_is_struck_from_where_the_actor_stands_wherever_the_pointer_rests(tmp_path: Path) -> None:
    """The pointer resting, by chance, on a hex behind the foe that the actor could walk to: a hover there proposes
    the blow from that hex (its rear, R17); Tab's blow is from where she stands, its front, as Tab's list says.
    By hand: the Rat on 3,2 faces w, at Lysa on 2,2; 4,2 behind it she reaches round by the top in 6 steps."""
    units = [{**LYSA, "at": (2, 2), "move": 6}, {**FOES[0], "at": (3, 2), "facing": "w"}]
    tmx = write_map(tmp_path / "round.tmx", ["." * 7] * 5, units=units, title="Round")
    scene, screen = open_playing(tmp_path, tmx, "Lysa")
    hover(scene, (4, 2))
    frame(scene, screen)
    _tab(scene, screen)
    preview = next(w for w in scene.widgets if isinstance(w, ActionPreview))
    assert scene.ctx.focus == "Rat" and preview.plan is not None and preview.plan[0] is None
    assert "front · needs 7+" in _texts(preview)
    key(scene, pygame.K_RETURN)
    enc = scene.match.encounter
    assert isinstance(enc.history[-1], Attack) and enc.view("Lysa").cell == (2, 2)


def test_in_shoot_mode_tab_goes_nearest_first_through_the_foes_in_range_and_sight(tmp_path: Path) -> None:
    scene, screen = _field(tmp_path, ARCHER, mode=pygame.K_r)
    _tab(scene, screen)
    ranged = next(w for w in scene.widgets if isinstance(w, RangedPreview))
    assert scene.ctx.focus == "Goblin"
    assert scene.ctx.status == "Shoot Goblin (1 of 2): Enter shoots, Tab the next foe, Esc cancels"
    assert _texts(ranged)[0] == "Archer shoots Goblin" and ranged.sight == "clear"
    assert ranged.line == ((1, 2), (3, 2))  # the sight line drawn, as a hover draws it
    assert _texts(ranged)[-1] == "Enter shoots   Tab: the next foe   Esc: cancel"
    _tab(scene, screen)
    assert scene.ctx.focus == "Orc" and _texts(ranged)[0] == "Archer shoots Orc"
    _tab(scene, screen)
    assert scene.ctx.focus == "Goblin"  # round again: never the Rat (too close, R29) nor the Hidden one (R30)
    _tab(scene, screen, shift=True)
    assert scene.ctx.focus == "Orc"
    key(scene, pygame.K_RETURN)
    enc = scene.match.encounter
    assert isinstance(enc.history[-1], Shoot) and enc.history[-1].target == "Orc"
    frame(scene, screen)
    assert scene.ctx.focus is None and scene.ctx.action_mode == "attack"


def test_esc_cancels_the_shot_and_changes_nothing(tmp_path: Path) -> None:
    scene, screen = _field(tmp_path, ARCHER, mode=pygame.K_r)
    _tab(scene, screen)
    before = list(scene.match.encounter.history)
    key(scene, pygame.K_ESCAPE)
    frame(scene, screen)
    assert scene.ctx.focus is None and scene.ctx.action_mode == "attack"
    assert scene.ctx.status == "Shot cancelled: back to attack mode"
    assert scene.match.encounter.history == before and scene.ctx.hovered_unit is None


def test_in_cast_mode_tab_centres_the_burst_on_each_foe_in_area_range_and_enter_casts(tmp_path: Path) -> None:
    scene, screen = _field(tmp_path, MAGE, mode=pygame.K_b)
    _tab(scene, screen)
    ranged = next(w for w in scene.widgets if isinstance(w, RangedPreview))
    assert scene.ctx.focus == "Rat" and scene.ctx.hovered_cell == (0, 2)
    assert scene.ctx.status == "Burst on Rat (1 of 3): Enter casts, Tab the next foe, Esc cancels"
    assert "Mage" in ranged.caught  # a burst on the Rat beside her catches her too (R32: every side)
    _tab(scene, screen)
    assert scene.ctx.focus == "Goblin" and ranged.caught == ["Goblin"]  # 2 away: she is out of its radius of 1
    assert _texts(ranged)[0].startswith("Mage casts at 3,2")
    _tab(scene, screen)
    assert scene.ctx.focus == "Orc"
    _tab(scene, screen)
    assert scene.ctx.focus == "Rat"  # never the Hidden one: 6 away, beyond the area range of 4
    _tab(scene, screen)
    key(scene, pygame.K_RETURN)
    enc = scene.match.encounter
    assert isinstance(enc.history[-1], Cast) and tuple(enc.history[-1].at) == (3, 2)


def test_moving_the_pointer_takes_the_burst_back(tmp_path: Path) -> None:
    scene, screen = _field(tmp_path, MAGE, mode=pygame.K_b)
    _tab(scene, screen)
    assert scene.ctx.focus == "Rat" and scene.ctx.hovered_cell == (0, 2)
    hover(scene, (8, 3))
    frame(scene, screen)
    assert scene.ctx.focus is None and scene.ctx.hovered_cell == (8, 3)
    assert scene.ctx.action_mode == "cast"  # only the choice went back to the pointer, not the mode


def test_in_shoot_mode_with_nobody_in_range_and_sight_tab_says_why(tmp_path: Path) -> None:
    scene, screen = _field(tmp_path, ARCHER, [FOES[0], FOES[3]], mode=pygame.K_r)
    _tab(scene, screen)
    assert scene.ctx.focus is None and scene.show_panels
    assert scene.ctx.status.startswith("No enemy is in range and sight of Archer from where it stands (R29-R31)")


def test_the_key_help_names_the_keyboard_targets() -> None:
    rows = dict(BATTLE_HELP[0][1])
    assert "Tab / Shift+Tab, Enter" in rows
